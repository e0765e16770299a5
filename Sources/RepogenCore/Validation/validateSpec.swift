/// Checks a spec and resolves it into an `APIModel`, reporting every problem that would otherwise surface as a
/// Swift compile error in the generated code.
/// - Parameters:
///   - spec: the decoded spec.
///   - domain: the domain name derived from the spec's file name.
/// - Throws: `DiagnosticsError` with every problem found.
package func validateSpec(_ spec: Spec, domain: String) throws(DiagnosticsError) -> APIModel {
    var validator = SpecValidator()
    let model = validator.validate(spec, domain: domain)
    if validator.diagnostics.hasErrors {
        throw DiagnosticsError(validator.diagnostics.diagnostics)
    }
    return model
}

/// The state of one validation run: the diagnostics found so far.
struct SpecValidator {
    var diagnostics = DiagnosticCollector()

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.error(message, at: location)
    }

    mutating func validate(_ spec: Spec, domain: String) -> APIModel {
        let fileLocation = SourceLocation(path: spec.path, line: 1, column: 1)
        if !SwiftIdentifier.isValid(domain) || SwiftIdentifier.keywords.contains(domain) {
            error(
                "the file name gives the domain name '\(domain)', which is not a valid Swift type name; "
                    + "rename the spec (for example 'store.json' gives 'Store')", at: fileLocation)
        }
        var imports: [String] = []
        for module in spec.imports {
            if SwiftIdentifier.isValid(module.value) && !SwiftIdentifier.keywords.contains(module.value) {
                imports.append(module.value)
            } else {
                error("'\(module.value)' is not a valid module name", at: module.location)
            }
        }
        if spec.endpoints.isEmpty {
            error("the spec has no endpoints", at: fileLocation)
        }
        var endpoints: [Endpoint] = []
        var caseNames: [String: SourceLocation] = [:]
        for endpointSpec in spec.endpoints {
            if let first = caseNames[endpointSpec.name.value] {
                error(
                    "duplicate endpoint '\(endpointSpec.name.value)' (first defined at line \(first.line))",
                    at: endpointSpec.name.location)
            } else {
                caseNames[endpointSpec.name.value] = endpointSpec.name.location
            }
            if let endpoint = validateEndpoint(endpointSpec) {
                endpoints.append(endpoint)
            }
        }
        checkMockMembers(spec.endpoints, domain: domain)
        return APIModel(domain: domain, specPath: spec.path, imports: imports, endpoints: endpoints)
    }

    mutating func checkIdentifier(_ name: Located<String>, what: String) -> Bool {
        if SwiftIdentifier.isValid(name.value) { return true }
        error("\(what) '\(name.value)' is not a valid Swift identifier", at: name.location)
        return false
    }

    mutating func validateEndpoint(_ spec: EndpointSpec) -> Endpoint? {
        let name = spec.name.value
        var ok = checkIdentifier(spec.name, what: "endpoint name")
        if let method = spec.repositoryMethod {
            ok = checkIdentifier(method, what: "repository method name") && ok
        }
        let inputs = validateInputs(spec.inputs, endpoint: name)
        ok = ok && inputs != nil
        let scope = InputScope(endpoint: name, inputs: inputs ?? [])
        let method = validateMethod(spec.method, scope: scope)
        let path = validatePath(spec.path, scope: scope)
        let param = validateParam(spec.param, scope: scope)
        let header = validateHeader(spec.header, scope: scope)
        var response: String?
        if let responseSpec = spec.response {
            switch SwiftType.parse(responseSpec.value) {
            case .success(let type):
                response = type.description == "Void" || type.description == "()" ? nil : type.description
            case .failure(let failure):
                error("invalid response type: \(failure.message)", at: responseSpec.location)
                ok = false
            }
        }
        if let usingQuery = spec.usingQuery, case .fixed(.get) = method, !usingQuery.value {
            error(
                "'usingQuery' cannot be false for GET endpoint '\(name)': a GET request has no body",
                at: usingQuery.location)
            ok = false
        }
        guard ok, let inputs, let method, let path, let param, let header else { return nil }
        return Endpoint(
            caseName: name, methodName: spec.repositoryMethod?.value ?? name, inputs: inputs, method: method,
            path: path, param: param, header: header, usingQuery: spec.usingQuery?.value, response: response)
    }

    mutating func validateInputs(_ specs: [InputSpec], endpoint: String) -> [Input]? {
        var inputs: [Input] = []
        var names: Set<String> = []
        var labels: Set<String> = []
        var ok = true
        for spec in specs {
            var inputOK = checkIdentifier(spec.name, what: "input name")
            if !names.insert(spec.name.value).inserted {
                error("duplicate input '\(spec.name.value)' in endpoint '\(endpoint)'", at: spec.name.location)
                inputOK = false
            }
            let label = spec.argument ?? spec.name
            if spec.argument != nil {
                inputOK = checkIdentifier(label, what: "argument label") && inputOK
            }
            if !labels.insert(label.value).inserted {
                error(
                    "duplicate argument label '\(label.value)' in the repository method of '\(endpoint)'",
                    at: label.location)
                inputOK = false
            }
            switch SwiftType.parse(spec.type.value) {
            case .success(let type):
                if inputOK {
                    inputs.append(
                        Input(name: spec.name.value, type: type, argumentLabel: label.value, unlabeled: spec.unlabeled))
                }
            case .failure(let failure):
                error("invalid type for input '\(spec.name.value)': \(failure.message)", at: spec.type.location)
                inputOK = false
            }
            ok = ok && inputOK
        }
        return ok ? inputs : nil
    }
}

/// The inputs a reference can name, for one endpoint.
struct InputScope {
    var endpoint: String
    var inputs: [Input]

    func index(of name: String) -> Int? {
        inputs.firstIndex { $0.name == name }
    }
}
