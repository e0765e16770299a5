/// Builds the view model the built-in templates render: every string they print, precomputed.
///
/// The keys are the properties of `DomainViewModel` and the structs it holds (documented in the README, "The view
/// model"); templates only interpolate them.
package func projectDefault(
    _ model: APIModel, runtimeModule: String = "RepogenRuntime", accessLevel: AccessLevel = .public,
    completionHandlers: Bool = false, useCases: Bool = false, client: Bool = false
) -> DomainViewModel {
    let names = DomainNames(domain: model.domain)
    let hasUsingQuery = model.endpoints.contains { $0.usingQuery != nil }
    let hasQueryArrays = model.endpoints.contains { !$0.queryArrays.isEmpty }
    let hasQuery = model.endpoints.contains { $0.query != .none }
    let hasForms = model.endpoints.contains { $0.bodyEncoding != .json }
    let hasUploads = model.endpoints.contains { $0.upload != nil }
    let groupNames = groupNames(model)
    let hasCache = model.endpoints.contains { $0.cache != nil || !$0.cacheEffects.isEmpty }
    let storageName = client ? clientStorageName(model) : ""
    let defaults = DefaultValues(client ? model.models : [])
    let lastIndex = model.endpoints.count - 1
    let shortcuts = shortcutEndpoints(model.endpoints, keepingAnArgument: client)
    let firstShortcut = shortcuts.min()
    // Each endpoint is projected once (a large domain's in two halves at once: endpoints are independent); a grouped
    // domain's groups reuse the same values.
    let endpoints = arrayInHalves(model.endpoints.count) { range, store in
        for index in range {
            store(projectEndpoint(
                model.endpoints[index], names: names,
                group: groupNames.isEmpty ? nil : groupNames[index / maximumSwitchCases].caseName, isFirst: index == 0,
                // (The clean style's data repository has its own body, `useCase.repositoryBody`.)
                completionHandlers: completionHandlers, hasCache: hasCache,
                shortcutIsFirst: shortcuts.contains(index) ? index == firstShortcut : nil,
                access: useCases ? accessLevel.modifier : nil,
                client: client
                    ? projectClientMember(
                        model.endpoints[index], client: names.client, storageName: storageName, isLast: index == lastIndex,
                        defaults: defaults)
                    : nil))
        }
        return true
    }!
    let grouping = projectGroups(
        endpoints[...], groupNames: groupNames, hasUsingQuery: hasUsingQuery, hasQueryArrays: hasQueryArrays, hasQuery: hasQuery, hasForms: hasForms, hasUploads: hasUploads)
    let modules = ["Foundation", runtimeModule] + model.imports.filter { $0 != "Foundation" && $0 != runtimeModule }
    return DomainViewModel(
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
        models: projectModels(model.models, access: accessLevel.modifier),
        domainModels: projectDomainModels(model.domainModels, access: accessLevel.modifier),
        access: accessLevel.modifier,
        hasUsingQueryOverrides: hasUsingQuery,
        hasUploads: hasUploads,
        isGrouped: grouping != nil,
        groups: grouping?.groups ?? [],
        // The `RequestType` members of the API enum: each endpoint's case, or in a grouped domain one per group.
        requestMembers: grouping?.dispatch
            ?? requestMembers(hasUsingQuery: hasUsingQuery, hasQueryArrays: hasQueryArrays, hasQuery: hasQuery, hasForms: hasForms, hasUploads: hasUploads) {
            memberCases(endpoints[...], $0)
        },
        hasCache: hasCache,
        remoteName: names.remote,
        localName: names.local,
        client: client ? [projectClient(model, names: names, storageName: storageName)] : [],
        hasShortcuts: !shortcuts.isEmpty)
}

/// The endpoints (by index) whose repository method gets an overload without its optional inputs, in an extension
/// of the protocol (protocol requirements cannot have default arguments): those with an optional input. The
/// overload cannot have another method's name: validation gives every endpoint of a domain its own repository
/// method name (a second `fetch`, whatever its labels, is a located error), and the overload's labels always differ
/// from its own method's. With `keepingAnArgument` (the `tca` style, whose client gets the same overloads), not
/// those whose inputs are all optional: the client's `func list()` would redeclare its closure `var list`.
package func shortcutEndpoints(_ endpoints: [Endpoint], keepingAnArgument: Bool = false) -> Set<Int> {
    Set(endpoints.indices.filter { index in
        let inputs = endpoints[index].inputs
        return inputs.contains { $0.type.isOptional } && (!keepingAnArgument || inputs.contains { !$0.type.isOptional })
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
    hasUsingQuery: Bool, hasQueryArrays: Bool, hasQuery: Bool, hasForms: Bool, hasUploads: Bool, cases: (RequestMember) -> [SwitchCaseViewModel]
) -> [RequestMemberViewModel] {
    var members: [RequestMember] = [.param, .method, .header, .path]
    if hasUsingQuery { members.append(.usingQuery) }
    if hasQueryArrays { members.append(.queryArrayStyles) }
    if hasQuery { members.append(.queryParam) }
    if hasForms { members.append(.bodyEncoding) }
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
    hasQueryArrays: Bool, hasQuery: Bool, hasForms: Bool, hasUploads: Bool
) -> (groups: [GroupViewModel], dispatch: [RequestMemberViewModel])? {
    guard !groupNames.isEmpty else { return nil }
    // Each group copies its endpoints' member cases: in two halves at once, like the endpoints.
    let groups = arrayInHalves(groupNames.count, minimumCount: 8) { range, store in
        for index in range {
            let chunk = endpoints[(index * maximumSwitchCases)..<min((index + 1) * maximumSwitchCases, endpoints.count)]
            store(GroupViewModel(
                typeName: groupNames[index].typeName, caseName: groupNames[index].caseName, endpoints: chunk,
                requestMembers: requestMembers(
                    hasUsingQuery: hasUsingQuery, hasQueryArrays: hasQueryArrays, hasQuery: hasQuery, hasForms: hasForms, hasUploads: hasUploads
                ) { memberCases(chunk, $0) }))
        }
        return true
    }!
    let dispatch = requestMembers(hasUsingQuery: hasUsingQuery, hasQueryArrays: hasQueryArrays, hasQuery: hasQuery, hasForms: hasForms, hasUploads: hasUploads) { member in
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

private func projectEndpoint(
    _ endpoint: Endpoint, names: DomainNames, group: String? = nil, isFirst: Bool = false, completionHandlers: Bool = false,
    hasCache: Bool = false, shortcutIsFirst: Bool? = nil, access: String? = nil,
    client: ClientMemberViewModel? = nil
) -> EndpointViewModel {
    let inputs = endpoint.inputs
    let caseName = SwiftIdentifier.escaped(endpoint.caseName)
    let methodName = SwiftIdentifier.escaped(endpoint.methodName)

    // Pieces are joined with `String.concatenating`, in one allocation each: this runs for every endpoint.
    let types = inputs.map(\.type.description)
    let labels = inputs.map(\.argumentLabel)
    let escapedLabels = labels.map(SwiftIdentifier.escaped)
    let caseValues = inputs.indices.map { index in
        inputs[index].unlabeled
            ? types[index] : String.concatenating(SwiftIdentifier.escaped(inputs[index].name), ": ", types[index])
    }
    let caseDeclaration =
        inputs.isEmpty ? caseName : String.concatenating(caseName, "(", .concatenating(caseValues, separator: ", "), ")")

    let parameters = inputs.indices.map { String.concatenating(escapedLabels[$0], ": ", types[$0]) }
    let parameterList = String.concatenating(parameters, separator: ", ")
    let signature = String.concatenating(methodName, "(", parameterList, ")")
    // Names an argument already has: the locals the Impl declares avoid them.
    let taken = labels
    // The completion style's last parameter: `completion`, unless an argument has that name.
    let completionName = completionHandlers ? SwiftCode.freshName("completion", avoiding: taken) : ""
    var selectorParts = [endpoint.methodName, "("]
    for label in labels { selectorParts += [label, ":"] }
    if completionHandlers { selectorParts += [completionName, ":"] }
    selectorParts.append(")")
    let selector = String.concatenating(selectorParts)

    let arguments = inputs.indices.map { index in
        inputs[index].unlabeled
            ? escapedLabels[index] : String.concatenating(SwiftCode.callLabel(inputs[index].name), ": ", escapedLabels[index])
    }
    let apiName = names.api
    let construction =
        inputs.isEmpty
        ? String.concatenating(names.api, ".", caseName)
        : String.concatenating(names.api, ".", caseName, "(", .concatenating(arguments, separator: ", "), ")")

    // In a grouped domain, a static factory in the API enum builds each case: `StoreApi.fetchStore(storeId:)`.
    var factory: [FactoryViewModel] = []
    if let group {
        let names = inputs.map { SwiftIdentifier.escaped($0.name) }
        let parameters = inputs.indices.map { index in
            String.concatenating(inputs[index].unlabeled ? "_ " : "", names[index], ": ", types[index])
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
        factory = [FactoryViewModel(declaration: declaration, body: body, isFirst: isFirst)]
    }

    let patterns = CasePatterns(endpoint)
    let bareWire = endpoint.response ?? "Void"
    // A response holding a DTO with a domain type: the repository returns the domain type.
    let bareSuccess = endpoint.domainResponse?.type ?? bareWire
    // `responseMetadata`: both come in the runtime's `APIResponse<…>`, with the response's status and headers, and
    // a conversion maps its value.
    let metadata = endpoint.responseMetadata
    let wire = metadata ? String.concatenating("APIResponse<", bareWire, ">") : bareWire
    let success = metadata ? String.concatenating("APIResponse<", bareSuccess, ">") : bareSuccess
    let responseName = SwiftCode.freshName("response", avoiding: taken)
    var toDomain = ""
    var domainValue = ""
    if let domainResponse = endpoint.domainResponse {
        toDomain = metadata ? .concatenating("{ $0.map ", domainResponse.closure, " }") : domainResponse.closure
        domainValue =
            metadata
            ? .concatenating(responseName, ".map ", domainResponse.closure)
            : domainResponse.conversion.apply(to: responseName)
    }
    // The mock's example is the wire's JSON: decoded as the spec's response, then converted or wrapped.
    var exampleConversion = ""
    if endpoint.example != nil && (endpoint.domainResponse != nil || metadata) {
        let value = endpoint.domainResponse?.conversion.apply(to: "$0") ?? "$0"
        exampleConversion = .concatenating(
            ", decoding: ", bareWire, ".self, toDomain: { ", metadata ? "APIResponse(value: \(value))" : value, " }")
    }
    let argumentsType: String
    let argumentsValue: String
    switch inputs.count {
    case 0:
        argumentsType = "Void"
        argumentsValue = "()"
    case 1:
        argumentsType = types[0]
        argumentsValue = escapedLabels[0]
    default:
        argumentsType = String.concatenating("(", parameterList, ")")
        let values = inputs.indices.map { String.concatenating(SwiftCode.callLabel(labels[$0]), ": ", escapedLabels[$0]) }
        argumentsValue = String.concatenating("(", .concatenating(values, separator: ", "), ")")
    }

    let requestName = SwiftCode.freshName("request", avoiding: taken)
    var cache: [CacheViewModel] = []
    if hasCache {
        let callArguments = inputs.indices.map {
            String.concatenating(SwiftCode.callLabel(labels[$0]), ": ", escapedLabels[$0])
        }
        let call = String.concatenating(methodName, "(", .concatenating(callArguments, separator: ", "), ")")
        cache = [projectCache(endpoint, names: names, call: call, requestName: requestName, responseName: responseName)]
    }

    // The clean style's use case (its access modifier is given only in that style).
    var useCase: [UseCaseViewModel] = []
    if let access {
        let values = "requestValues"  // execute(_:)'s only parameter: no argument can clash with it
        let calls = inputs.indices.map {
            String.concatenating(SwiftCode.callLabel(labels[$0]), ": ", values, ".", escapedLabels[$0])
        }
        let requestValuesName = DomainNames.requestValues(forMethod: endpoint.methodName)
        useCase = [UseCaseViewModel(
            typeName: DomainNames.useCase(forMethod: endpoint.methodName),
            defaultTypeName: DomainNames.defaultUseCase(forMethod: endpoint.methodName),
            hasRequestValues: !inputs.isEmpty,
            requestValuesName: inputs.isEmpty ? "" : requestValuesName,
            fields: inputs.indices.map { .concatenating(access, "let ", escapedLabels[$0], ": ", types[$0]) },
            // A struct's initializer can default its optional values: `FetchItemsRequestValues(storeId: 1)`.
            initParameters: .concatenating(
                inputs.indices.map { inputs[$0].type.isOptional ? .concatenating(parameters[$0], " = nil") : parameters[$0] },
                separator: ", "),
            assignments: inputs.indices.map { .concatenating("self.", escapedLabels[$0], " = ", escapedLabels[$0]) },
            executeSignature: inputs.isEmpty
                ? "execute()" : .concatenating("execute(_ ", values, ": ", requestValuesName, ")"),
            call: .concatenating(methodName, "(", .concatenating(calls, separator: ", "), ")"),
            repositoryBody: cleanRepositoryBody(endpoint, labels: labels, returnsValue: endpoint.response != nil || metadata),
            localRead: endpoint.cache == nil
                ? [] : [projectLocalRead(endpoint, names: names, parameters: parameters, labels: labels)])]
    }

    var completionSignature: String?
    var completion = ""
    if completionHandlers {
        completion = String.concatenating(completionName, ": @escaping @MainActor @Sendable (Result<", success, ", NetworkError>) -> Void")
        completionSignature = .concatenating(methodName, "(", .concatenating(parameters + [completion], separator: ", "), ")")
    }

    // The overload without the optional inputs: it passes `nil` for them.
    var shortcutViewModel: [ShortcutViewModel] = []
    if let shortcutIsFirst {
        let kept = inputs.indices.filter { !inputs[$0].type.isOptional }
        var shortParameters = kept.map { parameters[$0] }
        var callArguments = inputs.indices.map { index in
            String.concatenating(
                SwiftCode.callLabel(labels[index]), ": ", inputs[index].type.isOptional ? "nil" : escapedLabels[index])
        }
        if completionHandlers {
            shortParameters.append(completion)
            callArguments.append(.concatenating(SwiftCode.callLabel(completionName), ": ", SwiftIdentifier.escaped(completionName)))
        }
        let omitted = inputs.indices.filter { inputs[$0].type.isOptional }.map { String.concatenating("`", labels[$0], "`") }
        shortcutViewModel = [ShortcutViewModel(
            doc: .concatenating("/// `", selector, "` with ", .concatenating(omitted, separator: ", "), " nil."),
            signature: .concatenating(methodName, "(", .concatenating(shortParameters, separator: ", "), ")"),
            call: .concatenating(methodName, "(", .concatenating(callArguments, separator: ", "), ")"),
            isFirst: shortcutIsFirst)]
    }
    return EndpointViewModel(
        caseName: caseName,
        doc: docLines(endpoint.documentation),
        caseDeclaration: caseDeclaration,
        factory: factory,
        param: switchCase(RequestProjection.param(endpoint, patterns)),
        method: switchCase(RequestProjection.method(endpoint, patterns)),
        header: switchCase(RequestProjection.header(endpoint, patterns)),
        path: switchCase(RequestProjection.path(endpoint, patterns)),
        usingQuery: switchCase(RequestProjection.usingQuery(endpoint, patterns)),
        queryArrayStyles: switchCase(RequestProjection.queryArrayStyles(endpoint, patterns)),
        queryParam: switchCase(RequestProjection.queryParam(endpoint, patterns)),
        bodyEncoding: switchCase(RequestProjection.bodyEncoding(endpoint, patterns)),
        upload: switchCase(RequestProjection.upload(endpoint, patterns)),
        methodName: methodName,
        memberPrefix: endpoint.methodName,
        signature: signature,
        selector: selector,
        successType: success,
        wireType: wire,
        mapsResponse: endpoint.domainResponse != nil,
        responseName: responseName,
        toDomain: toDomain,
        domainValue: domainValue,
        resultType: .concatenating("Result<", success, ", Error>"),
        construction: construction,
        // The Impl's local for the request: `request`, unless an argument has that name.
        requestName: requestName,
        hasArguments: !inputs.isEmpty,
        // An `APIResponse<Void>` is a value too.
        returnsValue: endpoint.response != nil || metadata,
        argumentsType: argumentsType,
        argumentsValue: argumentsValue,
        // The mock answers with the spec's example response when nothing is stubbed.
        mockArguments: .concatenating(
            SwiftCode.stringLiteral(.concatenating(names.mock, ".", selector)),
            endpoint.example.map { .concatenating(", exampleJSON: ", SwiftCode.rawStringLiteral($0)) } ?? "",
            exampleConversion),
        completionSignature: completionSignature,
        completionName: completionHandlers ? completionName : nil,
        cache: cache,
        useCase: useCase,
        clientMember: client.map { [$0] } ?? [],
        shortcut: shortcutViewModel)
}

// MARK: - The clean style's data layer

/// `fetchMovie` -> `FetchMovie`: the part of the local data source's method names that names the cached read.
private func localMethodSuffix(_ method: String) -> String {
    .concatenating(method.prefix(1).uppercased(), String(method.dropFirst()))
}

/// The call arguments of a method whose parameters are the endpoint's inputs, by their argument labels:
/// `id: id`, or the given values.
private func localCallArguments(_ labels: [String], values: [String]? = nil) -> [String] {
    labels.indices.map {
        .concatenating(SwiftCode.callLabel(labels[$0]), ": ", values?[$0] ?? SwiftIdentifier.escaped(labels[$0]))
    }
}

/// The `clean` style's local data source operations of a cached read (`getFetchMovie(id:)`, `saveFetchMovie(_:id:timeToLive:)`,
/// `removeFetchMovie(id:)`, `clearFetchMovie()`), and what the generated in-memory one keys them by.
private func projectLocalRead(
    _ endpoint: Endpoint, names: DomainNames, parameters: [String], labels: [String]
) -> LocalReadViewModel {
    let suffix = localMethodSuffix(endpoint.methodName)
    let valueName = SwiftCode.freshName("value", avoiding: labels)
    let timeToLiveName = SwiftCode.freshName("timeToLive", avoiding: labels)
    let keyName = SwiftCode.freshName("key", avoiding: labels)
    let success = endpoint.domainResponse?.type ?? endpoint.response ?? "Void"
    let parameterList = String.concatenating(parameters, separator: ", ")
    let timeToLive = timeToLiveName == "timeToLive"
        ? "timeToLive: Swift.Duration?" : String.concatenating("timeToLive ", timeToLiveName, ": Swift.Duration?")
    // The key the in-memory local data source keeps the value under: the request's, as the other styles' cache.
    let caseName = SwiftIdentifier.escaped(endpoint.caseName)
    let values = endpoint.inputs.indices.map { index in
        endpoint.inputs[index].unlabeled
            ? SwiftIdentifier.escaped(labels[index])
            : String.concatenating(SwiftCode.callLabel(endpoint.inputs[index].name), ": ", SwiftIdentifier.escaped(labels[index]))
    }
    let construction =
        endpoint.inputs.isEmpty
        ? String.concatenating(names.api, ".", caseName)
        : String.concatenating(names.api, ".", caseName, "(", .concatenating(values, separator: ", "), ")")
    return LocalReadViewModel(
        getSignature: .concatenating("get", suffix, "(", parameterList, ")"),
        saveSignature: .concatenating(
            "save", suffix, "(", .concatenating(["_ " + valueName + ": " + success] + parameters + [timeToLive], separator: ", "),
            ")"),
        removeSignature: .concatenating("remove", suffix, "(", parameterList, ")"),
        clearSignature: endpoint.inputs.isEmpty ? "" : .concatenating("clear", suffix, "()"),
        key: .concatenating(
            "CacheKey(endpoint: ", SwiftCode.stringLiteral(endpoint.caseName), ", requestType: ", construction, ")"),
        keyName: keyName,
        valueName: valueName,
        timeToLiveName: timeToLiveName,
        endpointName: SwiftCode.stringLiteral(endpoint.caseName))
}

/// The body of the `clean` style's data repository method for `endpoint`: a cached read answers from the local data
/// source, or from the remote one and stores what it fetched; a write calls the remote data source and, once it
/// succeeds, removes or replaces the cached reads it names; anything else calls the remote data source.
private func cleanRepositoryBody(_ endpoint: Endpoint, labels: [String], returnsValue: Bool) -> [String] {
    let methodName = SwiftIdentifier.escaped(endpoint.methodName)
    let remoteCall = String.concatenating(
        "self.remote.", methodName, "(", .concatenating(localCallArguments(labels), separator: ", "), ")")
    func timeToLive(_ read: Endpoint) -> String {
        read.cache?.timeToLive.map { .concatenating(".seconds(", $0, ")") } ?? "nil"
    }
    if let cache = endpoint.cache {
        let suffix = localMethodSuffix(endpoint.methodName)
        let stored = SwiftCode.freshName("stored", avoiding: labels)
        let value = SwiftCode.freshName("value", avoiding: labels)
        let arguments = localCallArguments(labels)
        let ttl = cache.timeToLive.map { String.concatenating(".seconds(", $0, ")") } ?? "nil"
        return [
            // A local data source that fails to read or store is a miss, not a failure: the remote one answers.
            .concatenating(
                "if let ", stored, " = try? await self.local.get", suffix, "(",
                .concatenating(arguments, separator: ", "), ") {"),
            .concatenating("    return ", stored),
            "}",
            .concatenating("let ", value, " = try await ", remoteCall),
            .concatenating(
                "try? await self.local.save", suffix, "(",
                .concatenating([value] + arguments + ["timeToLive: " + ttl], separator: ", "), ")"),
            .concatenating("return ", value),
        ]
    }
    guard !endpoint.cacheEffects.isEmpty else {
        return [.concatenating("return try await ", remoteCall)]
    }
    // The write's inputs, by their argument labels (what the method's parameters are named).
    let inputs = endpoint.inputs.map { input in
        var argument = input
        argument.name = input.argumentLabel
        return argument
    }
    let responseName = SwiftCode.freshName("response", avoiding: labels)
    var lines: [String] = [
        returnsValue
            ? .concatenating("let ", responseName, " = try await ", remoteCall)
            : .concatenating("try await ", remoteCall)
    ]
    for effect in endpoint.cacheEffects {
        let read = effect.endpoint
        let suffix = localMethodSuffix(read.methodName)
        let readLabels = read.inputs.map(\.argumentLabel)
        guard let values = effect.arguments else {
            // Every key of the read.
            lines.append(.concatenating("try await self.local.clear", suffix, "()"))
            continue
        }
        let arguments = localCallArguments(
            readLabels, values: read.inputs.indices.map { SwiftCode.expression(values[$0], inputs: inputs) })
        switch effect.action {
        case .invalidate:
            lines.append(.concatenating(
                "try await self.local.remove", suffix, "(", .concatenating(arguments, separator: ", "), ")"))
        case .update(let value):
            let stored =
                value.map { SwiftCode.expression($0, inputs: inputs) }
                ?? (endpoint.responseMetadata ? .concatenating(responseName, ".value") : responseName)
            lines.append(.concatenating(
                "try await self.local.save", suffix, "(",
                .concatenating([stored] + arguments + ["timeToLive: " + timeToLive(read)], separator: ", "), ")"))
        }
    }
    if returnsValue { lines.append(.concatenating("return ", responseName)) }
    return lines
}
