/// Turns the tree read from a spec file into a `Spec`, reporting every unknown key, missing key and wrong kind.
/// - Throws: `DiagnosticsError` with all the problems found.
package func decodeSpec(_ root: SpecNode, file: SpecFile) throws(DiagnosticsError) -> Spec {
    var reader = NodeReader(file: file)
    let spec = reader.decodeSpec(root)
    if reader.diagnostics.hasErrors || spec == nil {
        throw DiagnosticsError(reader.diagnostics.diagnostics)
    }
    guard let spec else { throw DiagnosticsError(reader.diagnostics.diagnostics) }
    return spec
}

/// The keys each part of a spec may have; the single source for validation and "did you mean" hints.
enum SpecKeys {
    static let root = ["imports", "endpoints"]
    static let endpoint = [
        "name", "repositoryMethod", "method", "path", "inputs", "param", "usingQuery", "header", "response",
    ]
    static let input = ["name", "type", "argument", "unlabeled"]
    static let conditionalMethod = ["if", "then", "else"]
    static let header = ["multipart", "custom"]
}

extension NodeReader {
    mutating func decodeSpec(_ root: SpecNode) -> Spec? {
        guard let members = members(of: root, what: "the spec", allowed: SpecKeys.root, required: ["endpoints"])
        else { return nil }
        var imports: [Located<String>] = []
        if let node = members["imports"]?.value, let list = array(node, what: "'imports'") {
            imports = list.compactMap { string($0, what: "an import") }
        }
        var endpoints: [EndpointSpec] = []
        if let node = members["endpoints"]?.value, let list = array(node, what: "'endpoints'") {
            endpoints = list.compactMap { decodeEndpoint($0) }
        }
        return Spec(path: file.path, imports: imports, endpoints: endpoints)
    }

    mutating func decodeEndpoint(_ node: SpecNode) -> EndpointSpec? {
        let what = "an endpoint"
        guard
            let members = members(
                of: node, what: what, allowed: SpecKeys.endpoint, required: ["name", "method", "path"])
        else { return nil }
        let name = string(members, "name", what: what)
        let endpointWhat = name.map { "endpoint '\($0.value)'" } ?? what
        let path = string(members, "path", what: endpointWhat)
        let method = members["method"].flatMap { decodeMethod($0.value, what: endpointWhat) }
        var inputs: [InputSpec] = []
        if let node = members["inputs"]?.value, let list = array(node, what: "'inputs' of \(endpointWhat)") {
            inputs = list.compactMap { decodeInput($0, what: endpointWhat) }
        }
        let param = members["param"].flatMap { decodeParam($0.value, what: endpointWhat) }
        let header = members["header"].flatMap { decodeHeader($0.value, what: endpointWhat) }
        let usingQuery = members["usingQuery"].flatMap { bool($0.value, what: "'usingQuery' of \(endpointWhat)") }
        var response: Located<String>?
        if let member = members["response"], member.value.kind != .null {
            response = string(member.value, what: "'response' of \(endpointWhat)")
        }
        let repositoryMethod = string(members, "repositoryMethod", what: endpointWhat)
        guard let name, let path, let method else { return nil }
        return EndpointSpec(
            name: name, repositoryMethod: repositoryMethod, method: method, path: path, inputs: inputs,
            param: param, usingQuery: usingQuery, header: header, response: response,
            location: location(node.offset))
    }

    mutating func decodeInput(_ node: SpecNode, what: String) -> InputSpec? {
        guard
            let members = members(
                of: node, what: "an input of \(what)", allowed: SpecKeys.input, required: ["name", "type"])
        else { return nil }
        let name = string(members, "name", what: "an input of \(what)")
        let inputWhat = name.map { "input '\($0.value)'" } ?? "an input of \(what)"
        let type = string(members, "type", what: inputWhat)
        let argument = string(members, "argument", what: inputWhat)
        let unlabeled = members["unlabeled"].flatMap { bool($0.value, what: "'unlabeled' of \(inputWhat)") }
        guard let name, let type else { return nil }
        return InputSpec(
            name: name, type: type, argument: argument, unlabeled: unlabeled?.value ?? false,
            location: location(node.offset))
    }

    mutating func decodeMethod(_ node: SpecNode, what: String) -> MethodSpec? {
        if case .string = node.kind {
            return string(node, what: "'method' of \(what)").map(MethodSpec.fixed)
        }
        guard
            let members = members(
                of: node, what: "'method' of \(what)", allowed: SpecKeys.conditionalMethod,
                required: SpecKeys.conditionalMethod)
        else { return nil }
        let condition = string(members, "if", what: "'method' of \(what)")
        let whenTrue = string(members, "then", what: "'method' of \(what)")
        let whenFalse = string(members, "else", what: "'method' of \(what)")
        guard let condition, let whenTrue, let whenFalse else { return nil }
        return .conditional(input: condition, whenTrue: whenTrue, whenFalse: whenFalse)
    }

    mutating func decodeParam(_ node: SpecNode, what: String) -> ParamSpec? {
        switch node.kind {
        case .null:
            return nil
        case .string(let text):
            return .value(Located(text, at: location(node.offset)))
        case .object(let list):
            var fields: [ParamField] = []
            for member in list {
                let key = Located(member.key, at: location(member.keyOffset))
                switch member.value.kind {
                case .string(let text):
                    fields.append(ParamField(key: key, value: .template(Located(text, at: location(member.value.offset)))))
                case .number(let text):
                    fields.append(ParamField(key: key, value: .number(Located(text, at: location(member.value.offset)))))
                case .bool(let flag):
                    fields.append(ParamField(key: key, value: .bool(Located(flag, at: location(member.value.offset)))))
                default:
                    error(
                        "param '\(member.key)' of \(what) must be a string, a number or a boolean, "
                            + "not \(member.value.kindDescription)", at: member.value.offset)
                }
            }
            return .fields(fields)
        default:
            error(
                "'param' of \(what) must be a string like \"{input}\" or an object of keys, "
                    + "not \(node.kindDescription)", at: node.offset)
            return nil
        }
    }

    mutating func decodeHeader(_ node: SpecNode, what: String) -> HeaderSpec? {
        if case .string = node.kind {
            return string(node, what: "'header' of \(what)").map(HeaderSpec.named)
        }
        guard let members = members(of: node, what: "'header' of \(what)", allowed: SpecKeys.header) else {
            return nil
        }
        if members.count != 1 {
            error("'header' of \(what) must have exactly one of the keys 'multipart' or 'custom'", at: node.offset)
            return nil
        }
        if let boundary = string(members, "multipart", what: "'header' of \(what)") {
            return .multipart(boundary: boundary)
        }
        guard let custom = members["custom"]?.value else { return nil }
        guard case .object(let list) = custom.kind else {
            error("'custom' of \(what) must be an object of header names and values, not \(custom.kindDescription)", at: custom.offset)
            return nil
        }
        var headers: [(name: Located<String>, value: Located<String>)] = []
        for member in list {
            guard let value = string(member.value, what: "header '\(member.key)' of \(what)") else { continue }
            headers.append((Located(member.key, at: location(member.keyOffset)), value))
        }
        return .custom(headers)
    }
}
