/// Decoding of the endpoints of a spec: method, inputs, param, upload, headers, and their cache.
extension NodeReader {
    mutating func decodeEndpoint(_ node: SpecNode) -> EndpointSpec? {
        let what = "an endpoint"
        let problemsBefore = diagnostics.diagnostics.count
        guard
            let members = members(
                of: node, what: what, allowed: SpecKeys.endpoint, required: ["name", "method", "path"])
        else { return nil }
        let name = string(members, "name", what: what)
        let endpointWhat = name.map { "endpoint '\($0.value)'" } ?? what
        var path: Located<String>?
        var pathChoice: PathChoiceSpec?
        if let node = members["path"]?.value {
            if case .object = node.kind {
                // The whole choice is where the path is written (what `repogen diff` points at).
                if let (first, choice) = decodePathChoice(node, what: endpointWhat) {
                    (path, pathChoice) = (Located(first.value, at: location(node.offset)), choice)
                }
            } else {
                path = string(node, what: "'path' of \(endpointWhat)")
            }
        }
        let method = members["method"].flatMap { decodeMethod($0.value, what: endpointWhat) }
        var inputs: [InputSpec] = []
        var brokenInputs: [String] = []
        if let node = members["inputs"]?.value, let list = array(node, what: "'inputs' of \(endpointWhat)") {
            for element in list {
                if let input = decodeInput(element, what: endpointWhat) {
                    inputs.append(input)
                } else if case .object(let fields) = element.kind,
                    case .string(let name)? = fields.first(where: { $0.key == "name" })?.value.kind
                {
                    brokenInputs.append(name)
                }
            }
        }
        let param = members["param"].flatMap { decodeParam($0.value, what: endpointWhat) }
        let header = members["header"].flatMap { decodeHeader($0.value, what: endpointWhat) }
        let usingQuery = members["usingQuery"].flatMap { bool($0.value, what: "'usingQuery' of \(endpointWhat)") }
        var queryArrays: [QueryArraySpec] = []
        if let node = members["queryArrays"]?.value, let list = object(node, what: "'queryArrays' of \(endpointWhat)") {
            for member in list {
                if let style = string(member.value, what: "the style of '\(member.key)' in 'queryArrays' of \(endpointWhat)") {
                    queryArrays.append(QueryArraySpec(key: Located(member.key, at: location(member.keyOffset)), style: style))
                }
            }
        }
        let query = members["query"].flatMap { decodeParam($0.value, what: endpointWhat, key: "query") }
        let queryLocation = members["query"].map { location($0.value.offset) }
        let body = string(members, "body", what: endpointWhat)
        var response: Located<String>?
        var brokenResponse = false
        if let member = members["response"], member.value.kind != .null {
            response = type(member.value, key: "response", what: "'response' of \(endpointWhat)")
            brokenResponse = response == nil
        }
        let responseMetadata = members["responseMetadata"].flatMap {
            bool($0.value, what: "'responseMetadata' of \(endpointWhat)")
        }
        let errors = members["errors"].map { decodeErrors($0.value, what: endpointWhat) } ?? []
        let repositoryMethod = string(members, "repositoryMethod", what: endpointWhat)
        let description = string(members, "description", what: endpointWhat)
        let upload = members["upload"].flatMap { decodeUpload($0.value, what: endpointWhat) }
        let example = members["example"].map { Located($0.value.jsonText, at: location($0.value.offset)) }
        let exampleValue = members["example"].map { locatedValue($0.value) }
        let problemsBeforeCache = diagnostics.diagnostics.count
        let cache = members["cache"].flatMap { decodeCache($0.value, what: endpointWhat) }
        let brokenCache = cache == nil && diagnostics.diagnostics.count > problemsBeforeCache
        let invalidates = members["invalidates"].map {
            decodeCacheTargets($0.value, key: "invalidates", allowed: SpecKeys.invalidation, what: endpointWhat)
        }
        let updates = members["updates"].map {
            decodeCacheTargets($0.value, key: "updates", allowed: SpecKeys.update, what: endpointWhat)
        }
        let mock = members["mock"].flatMap { decodeMock($0.value, what: endpointWhat) }
        guard let name, let path, let method else {
            if let name { brokenEndpoints.insert(name.value) }
            return nil
        }
        return EndpointSpec(
            name: name, description: description, isComplete: diagnostics.diagnostics.count == problemsBefore,
            brokenInputs: brokenInputs, repositoryMethod: repositoryMethod, method: method, path: path,
            pathChoice: pathChoice, inputs: inputs,
            param: param, usingQuery: usingQuery, queryArrays: queryArrays, query: query,
            queryLocation: queryLocation, body: body, header: header, response: response,
            brokenResponse: brokenResponse,
            responseMetadata: responseMetadata, errors: errors, upload: upload,
            example: example, exampleValue: exampleValue, cache: cache, brokenCache: brokenCache, invalidates: invalidates ?? [],
            updates: updates ?? [],
            mock: mock, location: location(node.offset))
    }

    /// `errors: { "400": CodeError, 4XX: ErrorModel, default: ErrorModel }`: each status with the type its body
    /// decodes as (the statuses are checked by validation).
    mutating func decodeErrors(_ node: SpecNode, what: String) -> [ErrorBodySpec] {
        let errorsWhat = "'errors' of \(what)"
        guard let list = object(node, what: errorsWhat) else { return [] }
        return list.compactMap { member in
            type(member.value, key: member.key, what: "the type of '\(member.key)' in \(errorsWhat)").map {
                ErrorBodySpec(status: Located(member.key, at: location(member.keyOffset)), type: $0)
            }
        }
    }

    /// `cache: true`, `cache: false` (none), or `cache: { ttl: seconds }`.
    mutating func decodeCache(_ node: SpecNode, what: String) -> CacheSpec? {
        let cacheWhat = "'cache' of \(what)"
        switch node.kind {
        case .bool(let flag):
            return flag ? CacheSpec(timeToLive: nil, location: location(node.offset)) : nil
        case .object:
            guard let members = members(of: node, what: cacheWhat, allowed: SpecKeys.cache) else { return nil }
            var timeToLive: Located<String>?
            if let ttl = members["ttl"]?.value {
                if case .number(let text) = ttl.kind {
                    timeToLive = Located(text, at: location(ttl.offset))
                } else {
                    error("'ttl' of \(cacheWhat) must be a number of seconds, not \(ttl.kindDescription)", at: ttl.offset)
                }
            }
            return CacheSpec(timeToLive: timeToLive, location: location(node.offset))
        default:
            error("\(cacheWhat) must be true, false or an object like { ttl: 300 }, not \(node.kindDescription)", at: node.offset)
            return nil
        }
    }

    /// A list of cached reads: each an endpoint name, or an object naming the endpoint (and its inputs, and for
    /// `updates` the value).
    mutating func decodeCacheTargets(_ node: SpecNode, key: String, allowed: [String], what: String) -> [CacheTargetSpec] {
        let listWhat = "'\(key)' of \(what)"
        guard let list = array(node, what: listWhat) else { return [] }
        return list.compactMap { element -> CacheTargetSpec? in
            if case .string = element.kind {
                return string(element, what: "an entry of \(listWhat)").map {
                    CacheTargetSpec(endpoint: $0, inputs: nil, with: nil, location: $0.location)
                }
            }
            guard case .object = element.kind else {
                error(
                    "an entry of \(listWhat) must be an endpoint's name or an object like "
                        + "{ endpoint: fetchItem, inputs: { id: \"{id}\" } }, not \(element.kindDescription)",
                    at: element.offset)
                return nil
            }
            guard
                let members = members(
                    of: element, what: "an entry of \(listWhat)", allowed: allowed, required: ["endpoint"]),
                let endpoint = string(members, "endpoint", what: "an entry of \(listWhat)")
            else { return nil }
            var inputs: [CacheTargetSpec.Pair]?
            if let inputsNode = members["inputs"]?.value,
                let pairs = object(inputsNode, what: "'inputs' of an entry of \(listWhat)")
            {
                inputs = pairs.compactMap { member in
                    string(member.value, what: "'\(member.key)' of an entry of \(listWhat)").map {
                        (Located(member.key, at: location(member.keyOffset)), $0)
                    }
                }
            }
            let with = string(members, "with", what: "an entry of \(listWhat)")
            return CacheTargetSpec(endpoint: endpoint, inputs: inputs, with: with, location: location(element.offset))
        }
    }

    mutating func decodeInput(_ node: SpecNode, what: String) -> InputSpec? {
        guard
            let members = members(
                of: node, what: "an input of \(what)", allowed: SpecKeys.input, required: ["name", "type"])
        else { return nil }
        let name = string(members, "name", what: "an input of \(what)")
        let inputWhat = name.map { "input '\($0.value)'" } ?? "an input of \(what)"
        let type = self.type(members, "type", what: inputWhat)
        let argument = string(members, "argument", what: inputWhat)
        let unlabeled = members["unlabeled"].flatMap { bool($0.value, what: "'unlabeled' of \(inputWhat)") }
        guard let name, let type else { return nil }
        return InputSpec(
            name: name, type: type, argument: argument, unlabeled: unlabeled?.value ?? false,
            defaultValue: members["default"].map { Located($0.value, at: location($0.value.offset)) },
            location: location(node.offset))
    }

    mutating func decodeMethod(_ node: SpecNode, what: String) -> MethodSpec? {
        if case .string = node.kind {
            return string(node, what: "'method' of \(what)").map(MethodSpec.fixed)
        }
        guard case .object = node.kind else {
            error(
                "'method' of \(what) must be a string like \"GET\" or an object {\"if\", \"then\", \"else\"}, "
                    + "not \(node.kindDescription)", at: node.offset)
            return nil
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

    /// A path chosen by an input: `{ if, then, else }` (a `Bool` input) or `{ switch, cases, default? }` (an enum
    /// input); with its first branch, which stands for the path where one is needed (locations, summaries).
    mutating func decodePathChoice(_ node: SpecNode, what: String) -> (Located<String>, PathChoiceSpec)? {
        let pathWhat = "'path' of \(what)"
        guard case .object(let list) = node.kind else { return nil }
        if list.contains(where: { $0.key == "switch" || $0.key == "cases" }) {
            guard
                let members = members(
                    of: node, what: pathWhat, allowed: SpecKeys.pathSwitch, required: ["switch", "cases"])
            else { return nil }
            // A misspelt `default` is reported once, not again as values without a path.
            if !misspeltKeys.isEmpty { return nil }
            let input = string(members, "switch", what: pathWhat)
            let otherwise = string(members, "default", what: pathWhat)
            var cases: [PathCaseSpec] = []
            if let casesNode = members["cases"]?.value, let entries = object(casesNode, what: "'cases' of \(pathWhat)") {
                if entries.isEmpty {
                    error("'cases' of \(pathWhat) is empty; give a path for at least one value", at: casesNode.offset)
                    return nil
                }
                for entry in entries {
                    guard let path = string(entry.value, what: "the path of case '\(entry.key)' in \(pathWhat)") else {
                        return nil
                    }
                    cases.append(PathCaseSpec(key: Located(entry.key, at: location(entry.keyOffset)), path: path))
                }
            }
            guard let input, let first = cases.first?.path else { return nil }
            return (first, .switching(input: input, cases: cases, otherwise: otherwise))
        }
        guard
            let members = members(
                of: node, what: pathWhat + " (a path chosen by a Bool input: { if, then, else }; by an enum input: "
                    + "{ switch, cases, default })",
                allowed: SpecKeys.conditionalMethod, required: SpecKeys.conditionalMethod)
        else { return nil }
        let condition = string(members, "if", what: pathWhat)
        let whenTrue = string(members, "then", what: pathWhat)
        let whenFalse = string(members, "else", what: pathWhat)
        guard let condition, let whenTrue, let whenFalse else { return nil }
        return (whenTrue, .conditional(input: condition, whenTrue: whenTrue, whenFalse: whenFalse))
    }

    mutating func decodeParam(_ node: SpecNode, what: String, key: String = "param") -> ParamSpec? {
        switch node.kind {
        case .null:
            return nil
        case .string(let text):
            return .value(Located(text, at: location(node.offset)))
        case .object(let list):
            return .fields(decodeParamFields(list, what: what))
        case .array(let items):
            var parts: [ParamPartSpec] = []
            for item in items {
                switch item.kind {
                case .string(let text): parts.append(.spread(Located(text, at: location(item.offset))))
                case .object(let list): parts.append(.fields(decodeParamFields(list, what: what)))
                default:
                    error(
                        "a part of the \(key) list of \(what) must be a string like \"{input}\" or an object of keys, "
                            + "not \(item.kindDescription)", at: item.offset)
                }
            }
            return .merged(parts)
        default:
            error(
                "'\(key)' of \(what) must be a string like \"{input}\", an object of keys or a list of those, "
                    + "not \(node.kindDescription)", at: node.offset)
            return nil
        }
    }

    mutating func decodeParamFields(_ list: [SpecMember], what: String) -> [ParamField] {
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
            case .array(let items) where member.key == "firstOf":
                var alternatives: [ParamField] = []
                var complete = true
                for item in items {
                    guard case .object(let pair) = item.kind, pair.count == 1 else {
                        var kind = item.kindDescription
                        if case .object(let list) = item.kind { kind = "an object of \(list.count) keys" }
                        error(
                            "an alternative of 'firstOf' of \(what) must be an object of one key like "
                                + "{ max_id: \"{maxId}\" }, not \(kind)", at: item.offset)
                        complete = false
                        continue
                    }
                    let decoded = decodeParamFields(pair, what: what)
                    complete = complete && decoded.count == 1
                    alternatives += decoded
                }
                // A bad alternative is reported once, not again as a list too short.
                guard complete else { continue }
                fields.append(ParamField(key: key, value: .firstOf(alternatives, at: location(member.value.offset))))
            case .array(let items):
                // A constant list: strings (each a template), numbers or booleans; nothing nested.
                var elements: [ParamValueSpec] = []
                for item in items {
                    let at = location(item.offset)
                    switch item.kind {
                    case .string(let text): elements.append(.template(Located(text, at: at)))
                    case .number(let text): elements.append(.number(Located(text, at: at)))
                    case .bool(let flag): elements.append(.bool(Located(flag, at: at)))
                    default:
                        error(
                            "an element of the list of param '\(member.key)' of \(what) must be a string, a number or "
                                + "a boolean, not \(item.kindDescription)", at: item.offset)
                    }
                }
                fields.append(ParamField(key: key, value: .list(elements, at: location(member.value.offset))))
            case .object:
                let fieldWhat = "param '\(member.key)' of \(what)"
                guard
                    let members = members(
                        of: member.value, what: fieldWhat, allowed: SpecKeys.omittedParam, required: SpecKeys.omittedParam),
                    let value = string(members, "value", what: fieldWhat),
                    let listNode = members["omitWhen"]?.value,
                    let list = array(listNode, what: "'omitWhen' of \(fieldWhat)")
                else { continue }
                var omitted: [Located<String>] = []
                for item in list {
                    switch item.kind {
                    case .string(let text), .number(let text): omitted.append(Located(text, at: location(item.offset)))
                    case .bool(let flag): omitted.append(Located(flag ? "true" : "false", at: location(item.offset)))
                    default:
                        error(
                            "a value of 'omitWhen' of \(fieldWhat) must be an enum's raw value or a boolean, "
                                + "not \(item.kindDescription)", at: item.offset)
                    }
                }
                if list.isEmpty {
                    error("'omitWhen' of \(fieldWhat) is empty; list the values that leave the key out", at: listNode.offset)
                    continue
                }
                fields.append(ParamField(key: key, value: .template(value), omitWhen: omitted))
            default:
                error(
                    "param '\(member.key)' of \(what) must be a string, a number, a boolean, a list of those or "
                        + "{ value, omitWhen } (or, under the key 'firstOf', a list of alternatives), not \(member.value.kindDescription)", at: member.value.offset)
            }
        }
        return fields
    }

    mutating func decodeUpload(_ node: SpecNode, what: String) -> UploadSpec? {
        let uploadWhat = "'upload' of \(what)"
        guard let members = members(of: node, what: uploadWhat, allowed: SpecKeys.upload, required: []) else {
            return nil
        }
        func pairs(_ node: SpecNode?, what: String) -> [(name: Located<String>, value: Located<String>)] {
            guard let node, let list = object(node, what: what) else { return [] }
            return list.compactMap { member in
                string(member.value, what: "'\(member.key)' of \(what)").map {
                    (Located(member.key, at: location(member.keyOffset)), $0)
                }
            }
        }
        func pairs(_ key: String) -> [(name: Located<String>, value: Located<String>)] {
            pairs(members[key]?.value, what: "'\(key)' of \(uploadWhat)")
        }
        var headers: [(part: Located<String>, headers: [UploadSpec.Pair])] = []
        if let node = members["headers"]?.value, let list = object(node, what: "'headers' of \(uploadWhat)") {
            for member in list {
                headers.append((
                    Located(member.key, at: location(member.keyOffset)),
                    pairs(member.value, what: "the headers of part '\(member.key)' of \(uploadWhat)")))
            }
        }
        return UploadSpec(
            files: pairs("files"), fields: pairs("fields"), json: pairs("json"), headers: headers, location: location(node.offset))
    }

    mutating func decodeHeader(_ node: SpecNode, what: String) -> HeaderSpec? {
        if case .string = node.kind {
            return string(node, what: "'header' of \(what)").map(HeaderSpec.named)
        }
        guard let members = members(of: node, what: "'header' of \(what)", allowed: SpecKeys.header) else {
            return nil
        }
        if members.count != 1 {
            // `custm: …`, reported as an unknown key with "did you mean 'custom'?"
            if members.count == 0, !misspeltKeys.isEmpty { return nil }
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
        var headers: [(name: Located<String>, value: Located<String>, json: Bool)] = []
        for member in list {
            let name = Located(member.key, at: location(member.keyOffset))
            // `{ json: "{input}" }`: the input's JSON text (OpenAPI's header parameter with `content`).
            if case .object(let members) = member.value.kind {
                guard members.count == 1, members[0].key == "json" else {
                    error(
                        "header '\(member.key)' of \(what) is a string or `{ json: \"{input}\" }` (the input's JSON "
                            + "text), not an object with the keys \(members.map { "'\($0.key)'" }.joined(separator: ", "))",
                        at: member.value.offset)
                    continue
                }
                guard let value = string(members[0].value, what: "'json' of header '\(member.key)' of \(what)") else {
                    continue
                }
                headers.append((name, value, true))
                continue
            }
            guard let value = string(member.value, what: "header '\(member.key)' of \(what)") else { continue }
            headers.append((name, value, false))
        }
        return .custom(headers)
    }
}
