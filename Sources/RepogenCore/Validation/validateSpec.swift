/// Checks a spec and resolves it into an `APIModel`, reporting every problem that would otherwise surface as a
/// Swift compile error in the generated code.
/// - Parameters:
///   - spec: the decoded spec.
///   - domain: the domain name derived from the spec's file name.
///   - warnings: receives the warnings when there are no errors.
/// - Throws: `DiagnosticsError` with every problem found, warnings included, when there are errors.
package func validateSpec(
    _ spec: Spec, domain: String, warnings: inout [Diagnostic], modules: [String] = [], style: OutputStyle = .result
) throws(DiagnosticsError) -> APIModel {
    var validator = SpecValidator()
    validator.modules = Set(modules)
    validator.style = style
    let model = validator.validate(spec, domain: domain)
    if validator.diagnostics.hasErrors {
        throw DiagnosticsError(validator.diagnostics.diagnostics)
    }
    warnings += validator.diagnostics.diagnostics
    return model
}

/// The state of one validation run: the diagnostics found so far.
struct SpecValidator {
    var diagnostics = DiagnosticCollector()
    /// The output style, which decides the mock's member names.
    var style = OutputStyle.defaultStyle
    var types = TypeScope()
    /// The placeholders that read types of `externalTypes`, for the cross-check stage.
    var externalReads: [ExternalRead] = []
    /// Modules the generated files import besides the spec's own (the runtime module, the config's imports).
    var modules: Set<String> = []
    /// The types generated for the domain (`StoreApi`, `StoreRepository`, `StoreRepositoryImpl`,
    /// `MockStoreRepository`, …) and the module-level names the style's code uses (`ReservedNames.moduleNames`).
    var generatedNames: Set<String> = []
    /// Whether the spec declares `collections` (the tca client then nests a `MockStorage`).
    var hasCollections = false
    /// The repository methods, in a style whose code keeps a storage per method (`ShadowedNames.methodStorage`:
    /// swift-dependencies' macro keeps each closure `fetch` in `_fetch`).
    var clientMethods: Set<String> = []
    /// Models that were written but could not be decoded (reported then): a type naming one is not reported again.
    var brokenModels: Set<String> = []
    /// Where each field of a struct model is named, in the order of its fields (`types.fields`), by the model's
    /// qualified name: `fieldLocation(_:of:)`.
    var fieldLocations: [String: [SourceLocation]] = [:]
    /// The qualified name of each declared nested model, by `SpecValidator.key` (a top-level one's is its name).
    var nestedPaths: [String: String] = [:]
    /// Unions with a discriminator, checked once every model's fields are known: the union's name, the
    /// discriminator, each case as written and validated, and the scope the cases are written in.
    /// Where each union names a model as a case's type, by "<union> <model>" (qualified names).
    var unionCaseLocations: [String: SourceLocation] = [:]
    var pendingDiscriminators: [(
        union: String, discriminator: Located<String>, cases: [(UnionCaseSpec, UnionCase)], scope: [String]
    )] = []
    /// Input and response types parsed so far, by their text: endpoints repeat them (`Int`, `String?`).
    private var parsedTypes: [String: Result<SwiftType, SwiftType.TypeSyntaxError>] = [:]

    /// `SwiftType.parse(text)`, once per text.
    mutating func parseType(_ text: String) -> Result<SwiftType, SwiftType.TypeSyntaxError> {
        if let parsed = parsedTypes[text] { return parsed }
        let parsed = SwiftType.parse(text)
        parsedTypes[text] = parsed
        return parsed
    }

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.error(message, at: location)
    }

    mutating func validate(_ spec: Spec, domain: String) -> APIModel {
        brokenModels = spec.brokenModels
        let fileLocation = SourceLocation(path: spec.path, line: 1, column: 1)
        checkDomainName(domain, at: fileLocation)
        let imports = validateImports(spec.imports)
        let names = DomainNames(domain: domain)
        let usesCaching = Self.usesCaching(spec)
        let generated = names.reservedTypes(style: style, usesCaching: usesCaching)
        // No value may take the names the style's code uses at the module level either (tca's `APIError` and the
        // modules it names): a closure `IssueReporting` would hide the module in the client's macro expansion.
        generatedNames = generated.union(ReservedNames.moduleNames(of: style).keys)
        hasCollections = !spec.collections.isEmpty
        if style.behaviour.shadowing.methodStorage != nil {
            clientMethods = Set(spec.endpoints.map { ($0.repositoryMethod ?? $0.name).value })
        }
        declareTypes(spec, imports: imports, generated: generated, modules: modules.union(imports))
        // The names a field's name may not take are all known now (the domain types are none of them yet).
        typeNames = TypeScope.builtins.union(TypeScope.reserved).union(generatedNames).union(types.external)
            .union(types.modules).union(modules).union(types.models).union(types.nestedNames)
        let models = validateModels(spec.models)
        let domainModels = validateDomains(spec.models)
        typeNames?.formUnion(domainTypeNames)
        if spec.endpoints.isEmpty && spec.declaredEndpointCount == 0 {
            error("the spec has no endpoints", at: fileLocation)
        }
        var endpoints = validateEndpoints(spec, domain: domain)
        if usesCaching { validateCaching(spec, endpoints: &endpoints) }
        let collections = Self.usesMockStore(spec) ? validateMockStore(spec, endpoints: &endpoints, models: models) : []
        for rule in style.behaviour.rules { rule.check(&self, spec.endpoints) }
        let declarations = typeDeclarations(spec, names: names, usesCaching: usesCaching, at: fileLocation)
        return APIModel(
            domain: domain, specPath: spec.path, imports: imports, models: models, domainModels: domainModels,
            endpoints: endpoints, collections: collections, modelDeclarations: declarations,
            modelFiles: spec.modelFiles?.value ?? 1, servers: validateServers(spec.servers),
            types: types.models.isEmpty && externalReads.isEmpty ? nil : SpecTypes(scope: types, reads: externalReads))
    }

    /// The domain name the file name gives: a Swift type name, short enough for the file names generated for it.
    private mutating func checkDomainName(_ domain: String, at fileLocation: SourceLocation) {
        if !SwiftIdentifier.isValid(domain) || SwiftIdentifier.isKeyword(domain) {
            error(
                "the file name gives the domain name '\(domain)', which is not a valid Swift type name; "
                    + "rename the spec (for example 'store.json' gives 'Store')", at: fileLocation)
        } else if domain.utf8.count > DomainNames.maximumLength {
            error(
                "the file name gives a domain name of \(domain.utf8.count) bytes, too long for the names of the files "
                    + "generated for it ('Mock\(domain.prefix(8))…Repository.swift'); rename the spec (a domain name of "
                    + "at most \(DomainNames.maximumLength) bytes)", at: fileLocation)
        }
    }

    /// The spec's `imports`: valid module names.
    private mutating func validateImports(_ written: [Located<String>]) -> [String] {
        var imports: [String] = []
        for module in written {
            if SwiftIdentifier.isValid(module.value) && !SwiftIdentifier.isKeyword(module.value) {
                imports.append(module.value)
            } else {
                error("'\(module.value)' is not a valid module name", at: module.location)
            }
        }
        return imports
    }

    /// The spec's endpoints (a large spec's in two halves at once), each name once, and their mock members apart.
    private mutating func validateEndpoints(_ spec: Spec, domain: String) -> [Endpoint] {
        let validatedInHalves = validateEndpointsInHalves(spec)
        var endpoints = validatedInHalves ?? []
        var caseNames: [String: SourceLocation] = [:]
        for endpointSpec in spec.endpoints where validatedInHalves == nil {
            if let first = caseNames[endpointSpec.name.value] {
                error(
                    "duplicate endpoint '\(endpointSpec.name.value)' (first defined at line \(first.line))",
                    at: endpointSpec.name.location)
            } else {
                caseNames[endpointSpec.name.value] = endpointSpec.name.location
            }
            if let endpoint = validateEndpoint(endpointSpec, defaults: spec.defaults) {
                endpoints.append(endpoint)
            }
        }
        if validatedInHalves != nil {
            // Their names were found distinct: no copy of the list without repeats.
            checkMockMembers(spec.endpoints, domain: domain)
        } else {
            var seen: Set<String> = []
            checkMockMembers(spec.endpoints.filter { seen.insert($0.name.value).inserted }, domain: domain)
        }
        return endpoints
    }

    /// The types the spec declares (its models and domain types) and the style's code declares for the domain and
    /// its endpoints, where and what each is: the cross-spec check finds a name declared twice in the module.
    private func typeDeclarations(
        _ spec: Spec, names: DomainNames, usesCaching: Bool, at fileLocation: SourceLocation
    ) -> [TypeDeclaration] {
        var declarations = spec.models.map {
            TypeDeclaration(name: $0.name.value, location: $0.name.location, what: "model '\($0.name.value)'")
        }
        func domainDeclarations(_ models: [ModelSpec]) {
            for model in models {
                if let domain = model.domain, domainTypeNames.contains(domain.name.value) {
                    declarations.append(TypeDeclaration(
                        name: domain.name.value, location: domain.name.location,
                        what: "domain type '\(domain.name.value)'"))
                }
                domainDeclarations(model.nested)
            }
        }
        domainDeclarations(spec.models)
        // The types the style's code declares for the domain and its endpoints, in the module too (another spec of
        // the module may declare the same).
        let generatedWhat = "generated for '\(spec.path)'"
        for endpoint in spec.endpoints {
            let method = endpoint.repositoryMethod ?? endpoint.name
            for (name, what) in DomainNames.endpointTypes(forMethod: method.value, style: style, hasArguments: !endpoint.inputs.isEmpty) {
                declarations.append(TypeDeclaration(name: name, location: method.location, what: "\(what) of '\(method.value)'"))
            }
        }
        for (name, what) in names.declaredTypes(style: style, usesCaching: usesCaching) {
            declarations.append(TypeDeclaration(name: name, location: fileLocation, what: "\(what) \(generatedWhat)"))
        }
        if let first = spec.servers.first {
            declarations.append(
                TypeDeclaration(
                    name: names.servers, location: first.location, what: "the servers enum \(generatedWhat)"))
        }
        return declarations
    }

    /// Why a type of the spec named `name` (at the top level) would be taken for a member or a local of the
    /// generated code that writes the spec's types as values (`ReservedNames.shadowingMember`), or nil.
    func shadowedMember(_ name: String) -> String? {
        ReservedNames.shadowingMember(name, style: style, hasCollections: hasCollections, methods: clientMethods)
    }

    /// The endpoints of a large spec, validated in two halves at once, each by its own copy of the validator (an
    /// endpoint's checks read the models and types, and add only diagnostics and parsed types). Nil when anything
    /// was reported (a duplicate name, an error, a warning) or the spec is small: the caller then validates the
    /// endpoints one by one, and the diagnostics come in the order that gives.
    private func validateEndpointsInHalves(_ spec: Spec) -> [Endpoint]? {
        let count = spec.endpoints.count
        guard count >= 1_000 else { return nil }
        var names = Set<String>(minimumCapacity: count)
        guard spec.endpoints.allSatisfy({ names.insert($0.name.value).inserted }) else { return nil }
        let start = self
        let reported = diagnostics.diagnostics.count
        return arrayInHalves(count) { range, store in
            var validator = start
            for index in range {
                guard let endpoint = validator.validateEndpoint(spec.endpoints[index], defaults: spec.defaults) else {
                    return false
                }
                store(endpoint)
            }
            return validator.diagnostics.diagnostics.count == reported
        }
    }

    /// A name of a value (a case, a method, an input, a label, a field): a valid identifier, and not the name of
    /// a type the generated code uses, which it would hide (`func StoreApi()` makes `StoreApi.x` mean the method).
    mutating func checkIdentifier(_ name: Located<String>, what: String) -> Bool {
        guard SwiftIdentifier.isValid(name.value) else {
            error("\(what) '\(name.value)' is not a valid Swift identifier", at: name.location)
            return false
        }
        if isTypeName(name.value) {
            error(
                "\(what) '\(name.value)' is the name of a type the generated code uses, which it would hide; "
                    + "use another name (values are usually lowerCamelCase)", at: name.location)
            return false
        }
        return true
    }

    /// Every name `isTypeName` accepts, in one set, once the models are known (the endpoints' names are checked
    /// against it: one hash a name instead of eight).
    var typeNames: Set<String>?
    /// The domain types the models map to (`domain`): module-level types too.
    var domainTypeNames: Set<String> = []
    /// The domain type of each DTO (qualified name) that has one.
    var domainOfDTO: [String: String] = [:]

    /// Whether `name` names a type or module the generated files can refer to.
    func isTypeName(_ name: String) -> Bool {
        if let typeNames { return typeNames.contains(name) }
        return TypeScope.builtins.contains(name) || TypeScope.reserved.contains(name) || generatedNames.contains(name)
            || domainTypeNames.contains(name)
            || types.external.contains(name) || types.modules.contains(name) || modules.contains(name)
            || types.models.contains(name) || types.nestedNames.contains(name)
    }

    mutating func validateEndpoint(_ spec: EndpointSpec, defaults: EndpointDefaultsSpec? = nil) -> Endpoint? {
        let name = spec.name.value
        var ok = checkIdentifier(spec.name, what: "endpoint name")
        if let method = spec.repositoryMethod {
            ok = checkIdentifier(method, what: "repository method name") && ok
        }
        let (resolvedInputs, inputsOK) = validateInputs(spec.inputs, endpoint: name)
        ok = ok && inputsOK
        // Later checks see every input whose name and type parse, so one bad type does not cascade.
        // (Usually none: every input resolved.)
        let brokenInputs: Set<String> =
            spec.brokenInputs.isEmpty && resolvedInputs.count == spec.inputs.count
            ? [] : Set(spec.inputs.map(\.name.value) + spec.brokenInputs).subtracting(resolvedInputs.map(\.name))
        let scope = InputScope(endpoint: name, inputs: resolvedInputs, broken: brokenInputs)
        let inputs: [Input]? = inputsOK ? resolvedInputs : nil
        let method = validateMethod(spec.method, scope: scope)
        var path: [TemplatePart]?
        var pathChoice: PathChoice?
        if let choiceSpec = spec.pathChoice {
            pathChoice = validatePathChoice(choiceSpec, scope: scope)
            path = pathChoice?.branches.first?.path
        } else {
            path = validatePath(spec.path, scope: scope)
        }
        // An input any branch of the path reads cannot have a default.
        if let parts = pathChoice.map({ $0.paths.flatMap { $0 } }) ?? path {
            ok = checkNoDefaultInPath(parts, specs: spec.inputs, inputs: resolvedInputs, endpoint: name) && ok
        }
        let usingQuery = spec.usingQuery ?? defaults?.usingQuery
        let inQuery = Self.paramGoesToQuery(method: method, usingQuery: usingQuery?.value, upload: spec.upload != nil)
        var bodyEncoding = BodyEncoding.json
        if let body = spec.body {
            if let encoding = validateBody(
                body, endpoint: name, method: method, usingQuery: usingQuery?.value, upload: spec.upload != nil,
                inQuery: inQuery, hasParam: spec.param != nil)
            {
                bodyEncoding = encoding
            } else {
                ok = false
            }
        }
        // A form's keys are checked as the query string's: they are the same pairs.
        let isForm = bodyEncoding == .form
        // Keys sent whole in a style of their own (JSON text, deepObject) are checked with `queryArrays`.
        let valueKeys = Set(
            spec.queryArrays.filter { QueryArray.Style(rawValue: $0.style.value)?.sendsWholeValue == true }.map(\.key.value))
        let param = validateParam(spec.param, scope: scope, inQuery: inQuery || isForm, form: isForm, valueKeys: valueKeys)
        var query = Param.none
        if let querySpec = spec.query {
            if let checked = validateQuery(
                querySpec, at: spec.queryLocation ?? spec.location, inQuery: inQuery, scope: scope, valueKeys: valueKeys)
            {
                query = checked
            } else {
                ok = false
            }
        }
        var queryArrays: [QueryArray] = []
        if let param, !spec.queryArrays.isEmpty {
            if let checked = validateEndpointQueryArrays(spec, param: param, query: query, inQuery: inQuery, isForm: isForm) {
                queryArrays = checked
            } else {
                ok = false
            }
        }
        let header = validateHeader(spec.header ?? defaults?.header, scope: scope)
        var upload: Upload?
        if let uploadSpec = spec.upload {
            upload = validateUpload(uploadSpec, scope: scope, method: method)
            ok = ok && upload != nil
        }
        // A response that could not be read (reported): the endpoint is not "without a response" for later checks.
        if spec.brokenResponse { ok = false }
        let checkedResponse = validateResponse(spec)
        ok = checkedResponse.ok && ok
        let response = checkedResponse.response
        let domainResponse = checkedResponse.domainResponse
        ok = checkExampleAndMetadata(spec, response: checkedResponse) && ok
        let errors = validateErrors(spec.errors, defaults: defaults?.errors ?? [], endpoint: name)
        ok = errors != nil && ok
        guard ok, let inputs, let method, let path, let param, let header else { return nil }
        if spec.isComplete {
            warnAboutUnusedInputs(
                spec.inputs, method: method, path: pathChoice?.paths.flatMap { $0 } ?? path, param: param, query: query,
                header: header, upload: upload, choiceInput: pathChoice?.input)
        }
        return Endpoint(
            caseName: name, documentation: spec.description?.value, methodName: spec.repositoryMethod?.value ?? name,
            inputs: inputs, method: method,
            path: path, param: param, header: header, pathChoice: pathChoice, usingQuery: usingQuery?.value,
            queryArrays: queryArrays,
            query: query, bodyEncoding: bodyEncoding, response: response,
            responseMetadata: spec.responseMetadata?.value ?? false, errors: errors ?? [], upload: upload,
            example: spec.example?.value, domainResponse: domainResponse)
    }

    /// An endpoint's `errors` (after those of `defaults` whose statuses it does not name itself): each status a
    /// failure status (400–599, `4XX`, `5XX`, `default`) named once, each type one that parses, exists, is
    /// `Codable` and is not a domain type. Nil when one is wrong (reported).
    private mutating func validateErrors(
        _ own: [ErrorBodySpec], defaults: [ErrorBodySpec], endpoint: String
    ) -> [ErrorBody]? {
        guard !own.isEmpty || !defaults.isEmpty else { return [] }
        var ok = true
        func check(_ entries: [ErrorBodySpec], what: String) -> [ErrorBody] {
            var seen: [ErrorBody.Status: String] = [:]
            var checked: [ErrorBody] = []
            for entry in entries {
                guard let status = ErrorBody.Status(entry.status.value) else {
                    error(
                        "'\(entry.status.value)' in 'errors' of \(what) is not a failure status: write one from 400 to 599, "
                            + "4XX, 5XX or default", at: entry.status.location)
                    ok = false
                    continue
                }
                if let first = seen[status] {
                    error(
                        "'\(entry.status.value)' in 'errors' of \(what) names the same statuses as '\(first)'; keep one",
                        at: entry.status.location)
                    ok = false
                    continue
                }
                seen[status] = entry.status.value
                let typeWhat = "the error body '\(entry.status.value)' of \(what)"
                switch parseType(entry.type.value) {
                case .success(let type):
                    var typeOK = true
                    if let message = domainTypeAsResponse(type, written: entry.type.value) {
                        error(message, at: entry.type.location)
                        typeOK = false
                    } else {
                        typeOK = checkReferences(type, at: entry.type.location, what: typeWhat)
                    }
                    typeOK = checkNoVoid(type, at: entry.type.location, what: typeWhat) && typeOK
                    typeOK = checkCodable(type, at: entry.type.location, what: typeWhat) && typeOK
                    if typeOK {
                        checked.append(ErrorBody(status: status, type: type.description))
                    } else {
                        ok = false
                    }
                case .failure(let failure):
                    error("invalid error body type: \(failure.message)", at: entry.type.location)
                    ok = false
                }
            }
            return checked
        }
        let ownChecked = check(own, what: "'\(endpoint)'")
        let defaultsChecked = check(defaults, what: "'defaults'")
        guard ok else { return nil }
        // The endpoint's own come first; a status it names replaces that of `defaults`.
        let named = Set(ownChecked.map(\.status))
        return ownChecked + defaultsChecked.filter { !named.contains($0.status) }
    }

    /// The `queryArrays` of an endpoint whose param is `param`: the arrays of `query` when the param is the body
    /// (with a query param, `query` is refused before). A form's arrays are spelled like the query's, and with `query`
    /// beside it the keys of both can be named. Nil when they are wrong (reported).
    private mutating func validateEndpointQueryArrays(
        _ spec: EndpointSpec, param: Param, query: Param, inQuery: Bool, isForm: Bool
    ) -> [QueryArray]? {
        let queryBound = inQuery || query == .none
        let target: (param: Param, inQuery: Bool, source: String)
        if isForm {
            target =
                query == .none
                ? (param, true, "its param") : (Self.merging(param, query), true, "its param or its 'query'")
        } else {
            target = queryBound ? (param, inQuery, "its param") : (query, true, "its 'query'")
        }
        return validateQueryArrays(
            spec.queryArrays, param: target.param, inQuery: target.inQuery, endpoint: spec.name.value, source: target.source)
    }

    /// What `validateResponse` found of an endpoint's response.
    private struct CheckedResponse {
        var ok = true
        /// The response's type as written in the code; nil for none (or `Void`).
        var response: String?
        var responseType: SwiftType?
        var domainResponse: DomainResponse?
    }

    /// An endpoint's `response`: a type that parses, names no domain type where its DTO goes, and is `Codable`.
    private mutating func validateResponse(_ spec: EndpointSpec) -> CheckedResponse {
        let name = spec.name.value
        var checked = CheckedResponse()
        // A response that could not be read (reported): the endpoint is not "without a response" for later checks.
        if spec.brokenResponse { checked.ok = false }
        guard let responseSpec = spec.response else { return checked }
        switch parseType(responseSpec.value) {
        case .success(let type):
            checked.responseType = type
            if let message = domainTypeAsResponse(type, written: responseSpec.value) {
                error(message, at: responseSpec.location)
                checked.ok = false
            } else {
                checked.ok = checkReferences(type, at: responseSpec.location, what: "the response of '\(name)'") && checked.ok
            }
            let isVoid = type.description == "Void" || type.description == "Swift.Void"
            if !isVoid {
                checked.ok = checkNoVoid(type, at: responseSpec.location, what: "the response of '\(name)'") && checked.ok
                checked.ok = checkCodable(type, at: responseSpec.location, what: "the response of '\(name)'") && checked.ok
            }
            checked.response = isVoid ? nil : type.description
            if !isVoid { checked.domainResponse = self.domainResponse(type, endpoint: name, at: responseSpec.location) }
        case .failure(let failure):
            error("invalid response type: \(failure.message)", at: responseSpec.location)
            checked.ok = false
        }
        return checked
    }

    /// An endpoint's `example` (which needs a response to decode it as, and must decode as it) and its
    /// `responseMetadata` (whose `APIResponse<…>` no type of the spec may hide); whether they are right.
    private mutating func checkExampleAndMetadata(_ spec: EndpointSpec, response checked: CheckedResponse) -> Bool {
        let name = spec.name.value
        var ok = true
        if let example = spec.example, spec.response == nil, !spec.brokenResponse {
            error("an example response needs a 'response' type for '\(name)' to decode it as", at: example.location)
            ok = false
        } else if let example = spec.example, checked.ok, checked.response == nil {
            // A `Void` response: the mock has nothing to decode an example as (and `MockMethod<…, Void>` cannot).
            error("'\(name)' returns Void, so an example response has nothing to decode; remove 'example'", at: example.location)
            ok = false
        } else if let example = spec.exampleValue, checked.response != nil, let responseType = checked.responseType {
            // The mock decodes it as the response (a DTO's domain type is converted after): check it now.
            let before = diagnostics.diagnostics.count
            checkExample(example, as: responseType, what: "the example of '\(name)'")
            ok = !diagnostics.diagnostics[before...].contains { $0.severity == .error }
        }
        // `responseMetadata: true` returns the runtime's `APIResponse<…>`, which a type of that name would hide.
        if let metadata = spec.responseMetadata, metadata.value,
            types.models.contains("APIResponse") || types.external.contains("APIResponse")
                || domainTypeNames.contains("APIResponse")
        {
            error(
                "'\(name)' returns the runtime's 'APIResponse<…>' ('responseMetadata'), which the type 'APIResponse' "
                    + "of this spec hides; rename that type", at: metadata.location)
            ok = false
        }
        return ok
    }

    /// A response that names a domain type (`Photo`, `[Photo]`) where the wire type goes: which DTO to write instead,
    /// or nil when the response names none (a model of that name wins: it is no mistake then).
    func domainTypeAsResponse(_ type: SwiftType, written: String) -> String? {
        var dtoOf: [String: String] = [:]
        for (dto, domain) in domainOfDTO where dtoOf[domain] == nil || dto < dtoOf[domain]! { dtoOf[domain] = dto }
        let named = type.referencedNames.filter { dtoOf[$0] != nil && !types.knows($0) }
        guard let domain = named.first, let dto = dtoOf[domain] else { return nil }
        // Each domain name in the text replaced by its DTO's, name by name (`[Photo]` → `[PhotoResponseDTO]`).
        var corrected = ""
        var word = ""
        func flush() {
            corrected += named.contains(word) ? dtoOf[word] ?? word : word
            word = ""
        }
        for character in written {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                word.append(character)
            } else {
                flush()
                corrected.append(character)
            }
        }
        flush()
        let plain = corrected.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "?" }
        let line = plain ? "response: \(corrected)" : "response: \"\(corrected)\""
        // The repository converts T, T?, [T] and [T]? (`domainResponse`); a DTO deeper inside stays one.
        var shape = type
        if case .optional(let wrapped) = shape.shape { shape = wrapped }
        if case .array(let element) = shape.shape { shape = element }
        if case .optional(let wrapped) = shape.shape { shape = wrapped }
        let returns: String
        if case .named(domain, let arguments) = shape.shape, arguments.isEmpty {
            returns = " (the repository returns '\(written)')"
        } else {
            returns = ""
        }
        return "'\(domain)' is the domain type of '\(dto)'; a response is the wire type: write '\(line)'\(returns)"
    }

    /// `body`: a known encoding, and `form` only where the param is the body and there is one.
    mutating func validateBody(
        _ body: Located<String>, endpoint: String, method: MethodChoice?, usingQuery: Bool?, upload: Bool, inQuery: Bool,
        hasParam: Bool
    ) -> BodyEncoding? {
        guard let encoding = BodyEncoding(rawValue: body.value) else {
            let valid = BodyEncoding.allCases.map(\.rawValue)
            let suggestion = NameSuggester.suggestion(for: body.value, among: valid)
            error(
                "unknown body encoding '\(body.value)' for endpoint '\(endpoint)'"
                    + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                    + " (valid encodings: \(valid.joined(separator: ", ")))", at: body.location)
            return nil
        }
        guard encoding == .form else { return encoding }
        let place = "'body: form' of endpoint '\(endpoint)' sends its param as a form body"
        if inQuery {
            let methods: [HTTPMethod]
            switch method {
            case .fixed(let fixed)?: methods = [fixed]
            case .conditional(_, let whenTrue, let whenFalse)?: methods = [whenTrue, whenFalse]
            case nil: methods = []
            }
            let why: String
            if upload {
                why = "an upload's body is its multipart form (and its param goes to the query string); send the "
                    + "fields in 'upload' or drop the upload"
            } else if methods.contains(.get) {
                why = "a GET sends no body (its param goes to the query string); use another method or drop 'body'"
            } else if usingQuery == true {
                why = "'usingQuery: true' (its own or the spec's 'defaults') sends the param in the query string; drop "
                    + "one of them"
            } else {
                why = "a DELETE sends its param in the query string unless it says 'usingQuery: false'"
            }
            error("\(place), but \(why)", at: body.location)
            return nil
        }
        if !hasParam {
            error("\(place), but it has no 'param'; give it one or drop 'body'", at: body.location)
            return nil
        }
        return encoding
    }

    /// One param of the keys of both: a form's `param` and the `query` beside it, for `queryArrays`.
    static func merging(_ first: Param, _ second: Param) -> Param {
        func parts(_ param: Param) -> [ParamPart] {
            switch param {
            case .none: return []
            case .value(let reference): return [.spread(reference)]
            case .fields(let entries): return [.fields(entries)]
            case .merged(let parts): return parts
            }
        }
        return .merged(parts(first) + parts(second))
    }

    /// Whether the runtime may put the param in the query string: GET always; DELETE unless `usingQuery: false`;
    /// the others when `usingQuery: true`; uploads (whose body is the form). Either method of a conditional one.
    static func paramGoesToQuery(method: MethodChoice?, usingQuery: Bool?, upload: Bool) -> Bool {
        let methods: [HTTPMethod]
        switch method {
        case .fixed(let fixed)?: methods = [fixed]
        case .conditional(_, let whenTrue, let whenFalse)?: methods = [whenTrue, whenFalse]
        case nil: return false
        }
        return upload || methods.contains { $0 == .get || (usingQuery ?? ($0 == .delete)) }
    }

    mutating func validateInputs(_ specs: [InputSpec], endpoint: String) -> (inputs: [Input], ok: Bool) {
        var inputs: [Input] = []
        inputs.reserveCapacity(specs.count)
        var names = SmallNameSet(capacity: specs.count)
        var labels = SmallNameSet(capacity: specs.count)
        var ok = true
        for (index, spec) in specs.enumerated() {
            var inputOK = checkIdentifier(spec.name, what: "input name")
            if !names.insert(spec.name.value) {
                error("duplicate input '\(spec.name.value)' in endpoint '\(endpoint)'", at: spec.name.location)
                inputOK = false
            }
            let label = spec.argument ?? spec.name
            if spec.argument != nil {
                inputOK = checkIdentifier(label, what: "argument label") && inputOK
            }
            if !labels.insert(label.value) {
                error(
                    "duplicate argument label '\(label.value)' in the repository method of '\(endpoint)'",
                    at: label.location)
                inputOK = false
            }
            switch parseType(spec.type.value) {
            case .success(let type):
                let referencesOK = checkReferences(type, at: spec.type.location, what: "input '\(spec.name.value)'")
                let typeOK = checkNoVoid(type, at: spec.type.location, what: "input '\(spec.name.value)'") && referencesOK
                var defaultValue: String?
                // The same values as a model field's `default`, for a type that resolves (one that does not is
                // reported, once).
                if let node = spec.defaultValue, typeOK {
                    switch DefaultValue.literal(for: node.value, type: type, scope: [], types: types) {
                    case .success(let literal): defaultValue = literal
                    case .failure(let failure):
                        error(
                            "the default of input '\(spec.name.value)' of '\(endpoint)' \(failure.message)",
                            at: node.location)
                        inputOK = false
                    }
                    // `case f(Int = 1, String)`: Swift would take `.f("a")`'s value for the first, so an unlabeled
                    // value with a default is only followed by labelled ones.
                    if spec.unlabeled, let later = specs[(index + 1)...].first(where: \.unlabeled) {
                        error(
                            "input '\(spec.name.value)' of '\(endpoint)' is unlabeled and has a default, but the unlabeled "
                                + "input '\(later.name.value)' follows it: a call could not leave it out; label it or move "
                                + "it after '\(later.name.value)'", at: node.location)
                        inputOK = false
                    }
                }
                if inputOK {
                    inputs.append(
                        Input(
                            name: spec.name.value, type: type, argumentLabel: label.value, unlabeled: spec.unlabeled,
                            defaultValue: defaultValue))
                }
                inputOK = typeOK && inputOK
            case .failure(let failure):
                error("invalid type for input '\(spec.name.value)': \(failure.message)", at: spec.type.location)
                inputOK = false
            }
            ok = ok && inputOK
        }
        return (inputs, ok)
    }
}

extension SpecValidator {
    /// An input the path reads has no `default`: the path names the resource, and a call that leaves its argument
    /// out would address one the caller never named (an empty default, an empty segment).
    mutating func checkNoDefaultInPath(
        _ path: [TemplatePart], specs: [InputSpec], inputs: [Input], endpoint: String
    ) -> Bool {
        var ok = true
        var reported: Set<Int> = []
        for case .reference(let reference) in path where inputs[reference.input].defaultValue != nil {
            guard reported.insert(reference.input).inserted,
                let spec = specs.first(where: { $0.name.value == inputs[reference.input].name }),
                let node = spec.defaultValue
            else { continue }
            error(
                "input '\(spec.name.value)' of '\(endpoint)' is read by the path and has a default; the path names the "
                    + "resource, so a call must always give it (remove 'default')", at: node.location)
            ok = false
        }
        return ok
    }
}

/// The inputs a reference can name, for one endpoint.
struct InputScope {
    var endpoint: String
    var inputs: [Input]
    /// Inputs already reported as broken (bad name or type): references to them are not reported again.
    var broken: Set<String> = []

    func index(of name: String) -> Int? {
        inputs.firstIndex { $0.name == name }
    }
}

extension SpecValidator {
    /// An input that no part of the request reads is almost always a mistake in the spec: warn.
    mutating func warnAboutUnusedInputs(
        _ inputs: [InputSpec], method: MethodChoice, path: [TemplatePart], param: Param, query: Param = .none,
        header: Header, upload: Upload?, choiceInput: Int? = nil
    ) {
        var used: Set<Int> = []
        if let choiceInput { used.insert(choiceInput) }
        if case .conditional(let input, _, _) = method { used.insert(input) }
        func collect(_ parts: [TemplatePart]) {
            for case .reference(let reference) in parts { used.insert(reference.input) }
        }
        func collect(_ entries: [ParamEntry]) {
            for entry in entries {
                switch entry.value {
                case .reference(let reference): used.insert(reference.input)
                case .text(let parts): collect(parts)
                case .number, .bool: break
                case .firstOf(let alternatives): collect(alternatives)
                case .list(let elements):
                    for case .text(let parts) in elements { collect(parts) }
                }
            }
        }
        collect(path)
        for param in [param, query] {
            switch param {
            case .none: break
            case .value(let reference): used.insert(reference.input)
            case .fields(let entries):
                collect(entries)
            case .merged(let parts):
                for part in parts {
                    switch part {
                    case .spread(let reference): used.insert(reference.input)
                    case .fields(let entries): collect(entries)
                    }
                }
            }
        }
        switch header {
        case .default, .json, .location: break
        case .multipart(let boundary): collect(boundary)
        case .custom(let headers): headers.forEach { collect($0.value) }
        }
        upload?.files.forEach { used.insert($0.value.input) }
        upload?.fields.forEach { collect($0.value) }
        upload?.json.forEach { used.insert($0.value.input) }
        upload?.headers.forEach { $0.headers.forEach { collect($0.value) } }
        for (index, input) in inputs.enumerated() where !used.contains(index) {
            diagnostics.emit(Diagnostic(
                .warning, "input '\(input.name.value)' is not used by the path, param, header, upload or method",
                at: input.name.location))
        }
    }
}

/// A set of names that is usually small (an endpoint's inputs): a list searched in order up to a few dozen names,
/// a hash set beyond (hashing costs more than comparing a handful of names of different lengths).
struct SmallNameSet {
    private static let listLimit = 16
    private var list: [String] = []
    private var set: Set<String>?

    init(capacity: Int) {
        if capacity > Self.listLimit {
            set = Set(minimumCapacity: capacity)
        } else {
            list.reserveCapacity(capacity)
        }
    }

    /// Adds `name`; whether it was not there yet.
    mutating func insert(_ name: String) -> Bool {
        if let hashed = set?.insert(name) { return hashed.inserted }
        if list.contains(name) { return false }
        list.append(name)
        return true
    }
}
