/// Builds the view model the built-in templates render: every string they print, precomputed.
///
/// The keys are the properties of `DomainViewModel` and the structs it holds (documented in
/// Documentation/Templates.md, "The view model"); templates only interpolate them.
package func projectDefault(
    _ model: APIModel, runtimeModule: String = "RepogenRuntime", accessLevel: AccessLevel = .public,
    style: OutputStyle = .result
) -> DomainViewModel {
    let names = DomainNames(domain: model.domain)
    let hasUsingQuery = model.endpoints.contains { $0.usingQuery != nil }
    let hasQueryArrays = model.endpoints.contains { $0.queryArrays.contains { $0.style.runtimeCase != nil } }
    let hasQuery = model.endpoints.contains { $0.query != .none }
    let hasForms = model.endpoints.contains { $0.bodyEncoding != .json }
    let hasUploads = model.endpoints.contains { $0.upload != nil }
    let hasErrors = model.endpoints.contains { !$0.errors.isEmpty }
    let groupNames = groupNames(model)
    let hasCache = model.endpoints.contains { $0.cache != nil || !$0.cacheEffects.isEmpty }
    // What the style adds (the completion handler, clean's use cases, tca's client), if anything.
    let additions = style.behaviour.projection(model, names: names, accessLevel: accessLevel)
    let shortcuts = shortcutEndpoints(model.endpoints, keepingAnArgument: additions?.keepsAnArgumentInShortcuts ?? false)
    let firstShortcut = shortcuts.min()
    // Each endpoint is projected once (a large domain's in two halves at once: endpoints are independent); a grouped
    // domain's groups reuse the same values.
    let endpoints = arrayInHalves(model.endpoints.count) { range, store in
        for index in range {
            store(projectEndpoint(
                model.endpoints[index], index: index, names: names,
                group: groupNames.isEmpty ? nil : groupNames[index / maximumSwitchCases].caseName,
                hasCache: hasCache, shortcutIsFirst: shortcuts.contains(index) ? index == firstShortcut : nil,
                additions: additions))
        }
        return true
    }!
    let grouping = projectGroups(
        endpoints[...], groupNames: groupNames, hasUsingQuery: hasUsingQuery, hasQueryArrays: hasQueryArrays, hasQuery: hasQuery, hasForms: hasForms, hasErrors: hasErrors, hasUploads: hasUploads)
    let modules = ["Foundation", runtimeModule] + model.imports.filter { $0 != "Foundation" && $0 != runtimeModule }
    let models = projectModels(model.models, access: accessLevel.modifier)
    let domainModels = projectDomainModels(model.domainModels, access: accessLevel.modifier)
    var viewModel = DomainViewModel(
        // The path is the user's (a folder may hold a newline): escaped so that it cannot end the comment's line.
        fileHeader: GeneratedFileHeader.line(specPath: model.specPath),
        specPath: SwiftCode.commentText(model.specPath),
        domain: model.domain,
        apiName: names.api,
        repositoryName: names.repository,
        implName: names.impl,
        mockName: names.mock,
        imports: modules.map(ImportViewModel.init(module:)),
        endpoints: endpoints,
        models: models,
        domainModels: domainModels,
        modelsFiles: modelsFiles(models, domainModels: domainModels, count: model.modelFiles),
        access: accessLevel.modifier,
        hasUsingQueryOverrides: hasUsingQuery,
        hasUploads: hasUploads,
        isGrouped: grouping != nil,
        groups: grouping?.groups ?? [],
        // The `RequestType` members of the API enum: each endpoint's case, or in a grouped domain one per group.
        requestMembers: grouping?.dispatch
            ?? requestMembers(hasUsingQuery: hasUsingQuery, hasQueryArrays: hasQueryArrays, hasQuery: hasQuery, hasForms: hasForms, hasErrors: hasErrors, hasUploads: hasUploads) {
            memberCases(endpoints[...], $0)
        },
        hasCache: hasCache,
        remoteName: names.remote,
        localName: names.local,
        hasShortcuts: !shortcuts.isEmpty,
        hasShortcutDefaults: shortcuts.contains { model.endpoints[$0].inputs.contains { $0.defaultValue != nil } },
        servers: ServerProjection.lines(model.servers, enumName: names.servers, access: accessLevel.modifier))
    additions?.extend(&viewModel)
    return viewModel
}

/// The endpoints (by index) whose repository method gets an overload without its optional inputs and those with a
/// `default`, in an extension of the protocol (protocol requirements cannot have default arguments): those with one. The
/// overload cannot have another method's name: validation gives every endpoint of a domain its own repository
/// method name (a second `fetch`, whatever its labels, is a located error), and the overload's labels always differ
/// from its own method's. With `keepingAnArgument` (`StyleProjection.keepsAnArgumentInShortcuts`: a style whose
/// other members take the methods' names, as tca's client's closures do), not those whose inputs can all be left out:
/// the client's `func list()` would redeclare its closure `var list`.
package func shortcutEndpoints(_ endpoints: [Endpoint], keepingAnArgument: Bool = false) -> Set<Int> {
    Set(endpoints.indices.filter { index in
        let inputs = endpoints[index].inputs
        return inputs.contains(where: \.isOmittable) && (!keepingAnArgument || inputs.contains { !$0.isOmittable })
    })
}

/// What the cached `Impl` of a domain with a cache does for `endpoint`, whose repository method is called `call`
/// and whose `Impl` locals are `requestName` and `responseName`.
private func projectCache(
    _ endpoint: Endpoint, names: DomainNames, call: String, requestName: String, responseName: String
) -> CacheViewModel {
    // The Impl's parameters are named by their argument labels.
    let arguments = endpoint.inputs.map { input in
        var argument = input
        argument.name = input.argumentLabel
        return argument
    }
    func key(of read: Endpoint, _ construction: String) -> String {
        .concatenating("CacheKey(endpoint: ", SwiftCode.stringLiteral(read.caseName), ", requestType: ", construction, ")")
    }
    func timeToLive(_ read: Endpoint) -> String {
        read.cache?.timeToLive.map { .concatenating(".seconds(", $0, ")") } ?? "nil"
    }
    var effects: [String] = []
    var storesResponse = false
    for effect in endpoint.cacheEffects {
        let read = effect.endpoint
        var readKey = ""
        if let values = effect.arguments {
            let caseName = SwiftIdentifier.escaped(read.caseName)
            let construction: String
            if read.inputs.isEmpty {
                construction = .concatenating(names.api, ".", caseName)
            } else {
                let parts = read.inputs.indices.map { index in
                    let value = SwiftCode.expression(values[index], inputs: arguments)
                    return read.inputs[index].unlabeled
                        ? value : String.concatenating(SwiftCode.callLabel(read.inputs[index].name), ": ", value)
                }
                construction = .concatenating(names.api, ".", caseName, "(", .concatenating(parts, separator: ", "), ")")
            }
            readKey = key(of: read, construction)
        }
        switch effect.action {
        case .invalidate:
            effects.append(
                readKey.isEmpty
                    ? .concatenating("await self.cache.invalidateAll(endpoint: ", SwiftCode.stringLiteral(read.caseName), ")")
                    : .concatenating("await self.cache.invalidate(", readKey, ")"))
        case .update(let value):
            // The write's response, without its status and headers when it returns them.
            let stored =
                value.map { SwiftCode.expression($0, inputs: arguments) }
                ?? (endpoint.responseMetadata ? .concatenating(responseName, ".value") : responseName)
            if value == nil { storesResponse = true }
            effects.append(.concatenating(
                "await self.cache.update(", readKey, ", with: ", stored, ", timeToLive: ", timeToLive(read), ")"))
        }
    }
    return CacheViewModel(
        call: call,
        isRead: endpoint.cache != nil,
        key: endpoint.cache != nil ? key(of: endpoint, requestName) : "",
        timeToLive: endpoint.cache != nil ? timeToLive(endpoint) : "",
        hasEffects: !effects.isEmpty,
        successPattern: storesResponse ? .concatenating(".success(let ", responseName, ")") : ".success",
        effects: effects)
}

/// The most cases one `switch` of the API enum's members has.
///
/// Swift proves a `switch` over an enum with associated values exhaustive in time that grows quadratically, and
/// gives up ("unable to check that this switch is exhaustive in reasonable time") at about 600 cases. A domain with
/// more endpoints than this keeps its cases in nested enums of at most this many (`StoreApi.Cases0`, …), each with
/// its own `RequestType` members; `StoreApi` holds one case per nested enum and forwards to it, and a static
/// factory per endpoint keeps `StoreApi.fetchStore(storeId:)` working as before.
package let maximumSwitchCases = 256

/// The member declarations of `RequestType`, with the cases that compute each, for the members a domain uses.
private func requestMembers(
    hasUsingQuery: Bool, hasQueryArrays: Bool, hasQuery: Bool, hasForms: Bool, hasErrors: Bool, hasUploads: Bool, cases: (RequestMember) -> [SwitchCaseViewModel]
) -> [RequestMemberViewModel] {
    var members: [RequestMember] = [.param, .method, .header, .path]
    if hasUsingQuery { members.append(.usingQuery) }
    if hasQueryArrays { members.append(.queryArrayStyles) }
    if hasQuery { members.append(.queryParam) }
    if hasForms { members.append(.bodyEncoding) }
    if hasErrors { members.append(.errorBodies) }
    if hasUploads { members.append(.upload) }
    return members.enumerated().map { index, member in
        RequestMemberViewModel(name: member.rawValue, type: member.type, isFirst: index == 0, cases: cases(member))
    }
}

/// The nested enums of a domain of more than `maximumSwitchCases` endpoints (type and case names no endpoint or model
/// uses: a nested type hides a model of its name inside the enum); none for a smaller domain.
private func groupNames(_ model: APIModel) -> [(typeName: String, caseName: String)] {
    guard model.endpoints.count > maximumSwitchCases else { return [] }
    var taken = Set(model.endpoints.map(\.caseName) + model.models.map(\.name))
    return stride(from: 0, to: model.endpoints.count, by: maximumSwitchCases).enumerated().map { index, _ in
        let typeName = SwiftCode.freshName("Cases\(index)", avoiding: taken)
        let caseName = SwiftCode.freshName("cases\(index)", avoiding: taken)
        taken.formUnion([typeName, caseName])
        return (typeName, caseName)
    }
}

/// For a grouped domain: its nested enums (with the endpoints' projections), and the top-level members that
/// forward to them. Nil for a smaller domain.
private func projectGroups(
    _ endpoints: ArraySlice<EndpointViewModel>, groupNames: [(typeName: String, caseName: String)], hasUsingQuery: Bool,
    hasQueryArrays: Bool, hasQuery: Bool, hasForms: Bool, hasErrors: Bool, hasUploads: Bool
) -> (groups: [GroupViewModel], dispatch: [RequestMemberViewModel])? {
    guard !groupNames.isEmpty else { return nil }
    // Each group copies its endpoints' member cases: in two halves at once, like the endpoints.
    let groups = arrayInHalves(groupNames.count, minimumCount: 8) { range, store in
        for index in range {
            let chunk = endpoints[(index * maximumSwitchCases)..<min((index + 1) * maximumSwitchCases, endpoints.count)]
            store(GroupViewModel(
                typeName: groupNames[index].typeName, caseName: groupNames[index].caseName, endpoints: chunk,
                requestMembers: requestMembers(
                    hasUsingQuery: hasUsingQuery, hasQueryArrays: hasQueryArrays, hasQuery: hasQuery, hasForms: hasForms, hasErrors: hasErrors, hasUploads: hasUploads
                ) { memberCases(chunk, $0) }))
        }
        return true
    }!
    let dispatch = requestMembers(hasUsingQuery: hasUsingQuery, hasQueryArrays: hasQueryArrays, hasQuery: hasQuery, hasForms: hasForms, hasErrors: hasErrors, hasUploads: hasUploads) { member in
        groupNames.map { group in
            SwitchCaseViewModel(pattern: ".\(group.caseName)(let cases)", lines: ["return cases.\(member.rawValue)"])
        }
    }
    return (groups, dispatch)
}

/// The endpoints' own cases for one `RequestType` member (`param`, `method`, …).
private func memberCases(_ endpoints: ArraySlice<EndpointViewModel>, _ member: RequestMember) -> [SwitchCaseViewModel] {
    endpoints.map { $0.requestCase(member) }
}

private func switchCase(_ value: SwitchCase) -> SwitchCaseViewModel {
    SwitchCaseViewModel(pattern: value.pattern, lines: value.lines)
}

/// The strings of one endpoint that several parts of its view model use, and a style's additions to it: joined with
/// `String.concatenating`, in one allocation each (this runs for every endpoint).
struct EndpointPieces {
    let endpoint: Endpoint
    let names: DomainNames
    let caseName: String
    let methodName: String
    /// The inputs' types, argument labels and labels as identifiers (escaped).
    let types: [String]
    let labels: [String]
    let escapedLabels: [String]
    /// `storeId: Int` for each input, and the method's `fetchItems(storeId: Int)`.
    let parameters: [String]
    let signature: String
    /// `responseMetadata`: the response comes in the runtime's `APIResponse<…>`, with its status and headers.
    let metadata: Bool
    /// What the repository method answers: the domain type (of a response holding a DTO) or the response, in an
    /// `APIResponse` with `metadata`.
    let success: String
    /// The last parameter every repository method of the style takes (`StyleProjection.trailingParameter`).
    let trailing: (name: String, declaration: String)?

    /// `fetchItems(storeId:)`, with the trailing parameter's label.
    let selector: String

    init(_ endpoint: Endpoint, names: DomainNames, additions: (any StyleProjection)?) {
        self.endpoint = endpoint
        self.names = names
        let inputs = endpoint.inputs
        let methodName = SwiftIdentifier.escaped(endpoint.methodName)
        let types = inputs.map(\.type.description)
        let labels = inputs.map(\.argumentLabel)
        let escapedLabels = labels.map(SwiftIdentifier.escaped)
        let parameters = inputs.indices.map { String.concatenating(escapedLabels[$0], ": ", types[$0]) }
        caseName = SwiftIdentifier.escaped(endpoint.caseName)
        self.methodName = methodName
        self.types = types
        self.labels = labels
        self.escapedLabels = escapedLabels
        self.parameters = parameters
        signature = String.concatenating(methodName, "(", .concatenating(parameters, separator: ", "), ")")
        metadata = endpoint.responseMetadata
        let bareSuccess = endpoint.domainResponse?.type ?? endpoint.response ?? "Void"
        let success = metadata ? String.concatenating("APIResponse<", bareSuccess, ">") : bareSuccess
        self.success = success
        let trailing = additions?.trailingParameter(avoiding: labels, success: success)
        self.trailing = trailing
        var selectorParts = [endpoint.methodName, "("]
        for label in labels { selectorParts += [label, ":"] }
        if let trailing { selectorParts += [trailing.name, ":"] }
        selectorParts.append(")")
        selector = String.concatenating(selectorParts)
    }

    /// `label: label` for each input: a call of the repository method with the endpoint's arguments.
    var callArguments: [String] {
        labels.indices.map { String.concatenating(SwiftCode.callLabel(labels[$0]), ": ", escapedLabels[$0]) }
    }

    /// Whether the method answers a value (an `APIResponse<Void>` is a value too).
    var returnsValue: Bool { endpoint.response != nil || metadata }
}

private func projectEndpoint(
    _ endpoint: Endpoint, index: Int, names: DomainNames, group: String? = nil, hasCache: Bool = false,
    shortcutIsFirst: Bool? = nil, additions: (any StyleProjection)?
) -> EndpointViewModel {
    let pieces = EndpointPieces(endpoint, names: names, additions: additions)
    let inputs = endpoint.inputs
    // An input's `default` is the associated value's: `.fetchNotifications(accountId: "1")`.
    let caseValues = inputs.indices.map { index in
        let value = inputs[index].unlabeled
            ? pieces.types[index] : String.concatenating(SwiftIdentifier.escaped(inputs[index].name), ": ", pieces.types[index])
        return inputs[index].defaultValue.map { String.concatenating(value, " = ", $0) } ?? value
    }
    let caseDeclaration =
        inputs.isEmpty
        ? pieces.caseName : String.concatenating(pieces.caseName, "(", .concatenating(caseValues, separator: ", "), ")")
    let arguments = inputs.indices.map { index in
        inputs[index].unlabeled
            ? pieces.escapedLabels[index]
            : String.concatenating(SwiftCode.callLabel(inputs[index].name), ": ", pieces.escapedLabels[index])
    }
    let construction =
        inputs.isEmpty
        ? String.concatenating(names.api, ".", pieces.caseName)
        : String.concatenating(names.api, ".", pieces.caseName, "(", .concatenating(arguments, separator: ", "), ")")
    // Names an argument already has: the locals the Impl declares avoid them.
    let responseName = SwiftCode.freshName("response", avoiding: pieces.labels)
    let requestName = SwiftCode.freshName("request", avoiding: pieces.labels)
    let response = ResponsePieces(endpoint, responseName: responseName)
    let recorded = argumentsTypeAndValue(pieces)
    var cache: [CacheViewModel] = []
    if hasCache {
        let call = String.concatenating(pieces.methodName, "(", .concatenating(pieces.callArguments, separator: ", "), ")")
        cache = [projectCache(endpoint, names: names, call: call, requestName: requestName, responseName: responseName)]
    }
    let patterns = CasePatterns(endpoint)
    var viewModel = EndpointViewModel(
        caseName: pieces.caseName,
        doc: docLines(endpoint.documentation),
        caseDeclaration: caseDeclaration,
        factory: group.map { [projectFactory(pieces, group: $0, isFirst: index == 0)] } ?? [],
        param: switchCase(RequestProjection.param(endpoint, patterns)),
        method: switchCase(RequestProjection.method(endpoint, patterns)),
        header: switchCase(RequestProjection.header(endpoint, patterns)),
        path: switchCase(RequestProjection.path(endpoint, patterns)),
        usingQuery: switchCase(RequestProjection.usingQuery(endpoint, patterns)),
        queryArrayStyles: switchCase(RequestProjection.queryArrayStyles(endpoint, patterns)),
        queryParam: switchCase(RequestProjection.queryParam(endpoint, patterns)),
        bodyEncoding: switchCase(RequestProjection.bodyEncoding(endpoint, patterns)),
        errorBodies: switchCase(RequestProjection.errorBodies(endpoint, patterns)),
        upload: switchCase(RequestProjection.upload(endpoint, patterns)),
        methodName: pieces.methodName,
        memberPrefix: endpoint.methodName,
        signature: pieces.signature,
        selector: pieces.selector,
        successType: pieces.success,
        wireType: response.wire,
        mapsResponse: endpoint.domainResponse != nil,
        responseName: responseName,
        toDomain: response.toDomain,
        domainValue: response.domainValue,
        resultType: .concatenating("Result<", pieces.success, ", Error>"),
        construction: construction,
        // The Impl's local for the request: `request`, unless an argument has that name.
        requestName: requestName,
        hasArguments: !inputs.isEmpty,
        returnsValue: pieces.returnsValue,
        argumentsType: recorded.type,
        argumentsValue: recorded.value,
        // The mock answers with the spec's example response when nothing is stubbed.
        mockArguments: .concatenating(
            SwiftCode.stringLiteral(.concatenating(names.mock, ".", pieces.selector)),
            endpoint.example.map { .concatenating(", exampleJSON: ", SwiftCode.rawStringLiteral($0)) } ?? "",
            response.exampleConversion),
        cache: cache,
        shortcut: shortcutIsFirst.map { [projectShortcut(pieces, isFirst: $0)] } ?? [])
    additions?.extend(&viewModel, pieces: pieces, index: index)
    return viewModel
}

/// In a grouped domain, the static factory in the API enum that builds the endpoint's case in its group:
/// `StoreApi.fetchStore(storeId:)`.
private func projectFactory(_ pieces: EndpointPieces, group: String, isFirst: Bool) -> FactoryViewModel {
    let inputs = pieces.endpoint.inputs
    let caseName = pieces.caseName
    let apiName = pieces.names.api
    let names = inputs.map { SwiftIdentifier.escaped($0.name) }
    let parameters = inputs.indices.map { index in
        String.concatenating(
            inputs[index].unlabeled ? "_ " : "", names[index], ": ", pieces.types[index],
            inputs[index].defaultValue.map { " = " + $0 } ?? "")
    }
    let values = inputs.indices.map { index in
        inputs[index].unlabeled
            ? names[index] : String.concatenating(SwiftCode.callLabel(inputs[index].name), ": ", names[index])
    }
    let declaration = inputs.isEmpty
        ? String.concatenating("static var ", caseName, ": ", apiName)
        : String.concatenating(
            "static func ", caseName, "(", .concatenating(parameters, separator: ", "), ") -> ", apiName)
    let body = inputs.isEmpty
        ? String.concatenating(".", group, "(.", caseName, ")")
        : String.concatenating(".", group, "(.", caseName, "(", .concatenating(values, separator: ", "), "))")
    return FactoryViewModel(declaration: declaration, body: body, isFirst: isFirst)
}

/// What the repository and its mock make of an endpoint's response.
private struct ResponsePieces {
    /// What the server sends: the response, in an `APIResponse` with `responseMetadata`.
    var wire: String
    /// The closure that maps the wire's value to the domain type, and the mapped value of the response local;
    /// empty without a domain type.
    var toDomain = ""
    var domainValue = ""
    /// How the mock decodes and converts its example (empty when it decodes the success type itself).
    var exampleConversion = ""

    init(_ endpoint: Endpoint, responseName: String) {
        let bareWire = endpoint.response ?? "Void"
        let metadata = endpoint.responseMetadata
        wire = metadata ? String.concatenating("APIResponse<", bareWire, ">") : bareWire
        if let domainResponse = endpoint.domainResponse {
            toDomain = metadata ? .concatenating("{ $0.map ", domainResponse.closure, " }") : domainResponse.closure
            domainValue =
                metadata
                ? .concatenating(responseName, ".map ", domainResponse.closure)
                : domainResponse.conversion.apply(to: responseName)
        }
        // The mock's example is the wire's JSON: decoded as the spec's response, then converted or wrapped.
        if endpoint.example != nil && (endpoint.domainResponse != nil || metadata) {
            let value = endpoint.domainResponse?.conversion.apply(to: "$0") ?? "$0"
            exampleConversion = .concatenating(
                ", decoding: ", bareWire, ".self, toDomain: { ", metadata ? "APIResponse(value: \(value))" : value, " }")
        }
    }
}

/// The mock's record of a call's arguments: their type (`Void`, the one input's, or a tuple) and the value.
private func argumentsTypeAndValue(_ pieces: EndpointPieces) -> (type: String, value: String) {
    switch pieces.labels.count {
    case 0:
        return ("Void", "()")
    case 1:
        return (pieces.types[0], pieces.escapedLabels[0])
    default:
        return (
            String.concatenating("(", .concatenating(pieces.parameters, separator: ", "), ")"),
            String.concatenating("(", .concatenating(pieces.callArguments, separator: ", "), ")"))
    }
}

/// The overload without the optional inputs: it passes `nil` for them (and the trailing parameter on). With an
/// input that has a `default`, the overload that can leave out any of them (`projectFlexibleShortcut`).
private func projectShortcut(_ pieces: EndpointPieces, isFirst: Bool) -> ShortcutViewModel {
    let inputs = pieces.endpoint.inputs
    if inputs.contains(where: { $0.defaultValue != nil }) { return projectFlexibleShortcut(pieces, isFirst: isFirst) }
    let kept = inputs.indices.filter { !inputs[$0].type.isOptional }
    var shortParameters = kept.map { pieces.parameters[$0] }
    var callArguments = inputs.indices.map { index in
        String.concatenating(
            SwiftCode.callLabel(pieces.labels[index]), ": ", inputs[index].type.isOptional ? "nil" : pieces.escapedLabels[index])
    }
    if let trailing = pieces.trailing {
        shortParameters.append(trailing.declaration)
        callArguments.append(.concatenating(SwiftCode.callLabel(trailing.name), ": ", SwiftIdentifier.escaped(trailing.name)))
    }
    let omitted = inputs.indices.filter { inputs[$0].isOmittable }.map { String.concatenating("`", pieces.labels[$0], "`") }
    return ShortcutViewModel(
        doc: .concatenating("/// `", pieces.selector, "` with ", .concatenating(omitted, separator: ", "), " nil."),
        signature: .concatenating(pieces.methodName, "(", .concatenating(shortParameters, separator: ", "), ")"),
        call: .concatenating(pieces.methodName, "(", .concatenating(callArguments, separator: ", "), ")"),
        isFirst: isFirst)
}

/// The overload of a method with an input that has a `default`: every input, those that can be left out with their
/// default (`nil` for an optional one without), and a last unnamed `Void` parameter with a default, which tells it
/// from the requirement: a call that gives every argument is the requirement's (Swift prefers the candidate that
/// fills no default), so the overload's own call of it is no recursion, and a call that leaves any of them out,
/// whichever, is the overload's.
private func projectFlexibleShortcut(_ pieces: EndpointPieces, isFirst: Bool) -> ShortcutViewModel {
    let inputs = pieces.endpoint.inputs
    var parameters = inputs.indices.map { index in
        inputs[index].isOmittable
            ? String.concatenating(pieces.parameters[index], " = ", inputs[index].omittedValue) : pieces.parameters[index]
    }
    parameters.append("_: Void = ()")
    var callArguments = pieces.callArguments
    if let trailing = pieces.trailing {
        parameters.append(trailing.declaration)
        callArguments.append(.concatenating(SwiftCode.callLabel(trailing.name), ": ", SwiftIdentifier.escaped(trailing.name)))
    }
    let omitted = inputs.indices.filter { inputs[$0].isOmittable }.map {
        String.concatenating("`", pieces.labels[$0], ": ", SwiftCode.commentText(inputs[$0].omittedValue), "`")
    }
    return ShortcutViewModel(
        doc: .concatenating(
            "/// `", pieces.selector, "` leaving out any of ", .concatenating(omitted, separator: ", "),
            " (the unnamed `Void` tells it from the requirement)."),
        signature: .concatenating(pieces.methodName, "(", .concatenating(parameters, separator: ", "), ")"),
        call: .concatenating(pieces.methodName, "(", .concatenating(callArguments, separator: ", "), ")"),
        isFirst: isFirst)
}

/// The models spread over `count` files, each top-level model in the one its name picks
/// (`RepogenFacts.modelsFileIndex`), in the spec's order; the domain types in the first.
func modelsFiles(
    _ models: [ModelViewModel], domainModels: [DomainModelViewModel], count: Int
) -> [ModelsFileViewModel] {
    guard count > 1 else {
        return [ModelsFileViewModel(
            models: models, domainModels: domainModels, fileNumber: "1", fileCount: "1", isOneOfSeveralFiles: false)]
    }
    var files = (1...count).map {
        ModelsFileViewModel(
            models: [], domainModels: $0 == 1 ? domainModels : [], fileNumber: "\($0)", fileCount: "\(count)",
            isOneOfSeveralFiles: true)
    }
    for model in models {
        let index = RepogenFacts.modelsFileIndex(ofModel: model.name, among: count)
        var copy = model
        copy.isFirst = files[index].models.isEmpty
        files[index].models.append(copy)
    }
    return files
}
