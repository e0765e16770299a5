/// Turns the tree read from a spec file into a `Spec`, reporting every unknown key, missing key and wrong kind.
///
/// Returns what could be decoded, even when there were errors (an endpoint with an unknown key is still
/// decoded), so that validation can report its problems in the same run; nil when nothing usable was found.
package func decodeSpec(_ root: SpecNode, file: SpecFile) -> (spec: Spec?, diagnostics: [Diagnostic]) {
    var reader = NodeReader(file: file)
    let spec = reader.decodeSpec(root)
    return (spec, reader.diagnostics.diagnostics)
}

/// The keys each part of a spec may have; the single source for validation and "did you mean" hints.
enum SpecKeys {
    static let root = [
        "style", "modelFiles", "imports", "externalTypes", "servers", "models", "collections", "defaults", "endpoints",
    ]
    static let server = ["url", "name", "description", "variables"]
    static let serverVariable = ["default", "enum", "description"]
    static let defaults = ["usingQuery", "header", "errors"]
    static let endpoint = [
        "name", "description", "repositoryMethod", "method", "path", "inputs", "param", "usingQuery", "queryArrays",
        "query", "body", "header", "upload", "response", "responseMetadata", "errors", "example", "cache", "invalidates", "updates", "mock",
    ]
    static let collection = ["type", "id", "example"]
    static let mock = MockActionSpec.Verb.allCases.map(\.rawValue) + ["id", "value", "field", "to", "page"]
    static let mockPage = ["items", "cursor", "size", "next", "total"]
    static let upload = ["files", "fields", "json", "headers"]
    static let cache = ["ttl"]
    static let invalidation = ["endpoint", "inputs"]
    static let update = ["endpoint", "inputs", "with"]
    static let model = [
        "description", "typeParameters", "fields", "enum", "oneOf", "discriminator", "models", "domain", "hashable",
        "identifiable", "unknown", "additionalProperties",
    ]
    static let unionCase = ["case", "type", "tag", "description"]
    static let domain = ["name", "description", "fields", "hashable", "identifiable"]
    static let domainField = ["from", "type", "value", "description"]
    static let field = ["type", "json", "description", "default", "encode", "partHeader"]
    static let partHeader = ["part", "header"]
    static let enumCase = ["name", "value", "description"]
    static let input = ["name", "type", "argument", "unlabeled", "default"]
    static let conditionalMethod = ["if", "then", "else"]
    static let pathSwitch = ["switch", "cases", "default"]
    static let omittedParam = ["value", "omitWhen"]
    static let header = ["multipart", "custom"]
}

extension NodeReader {
    /// Whether the value of a field or collection, which may be a type (`tags: String`) or an object of keys, is a
    /// type written without quotes: a list (`[String]`), or a mapping of one key that is none of the object's keys
    /// (`{String: Int}`, a dictionary).
    func isUnquotedType(_ node: SpecNode, allowed: [String]) -> Bool {
        switch node.kind {
        case .array: return Self.typeText(node, top: true) != nil
        case .object(let members):
            return members.count == 1 && !allowed.contains(members[0].key)
                && members[0].key.first.map { $0.isUppercase } == true && Self.typeText(node, top: true) != nil
        default: return false
        }
    }

    /// `modelFiles: 4`: how many files the spec's models are spread over, a whole number from 1 to
    /// `RepogenFacts.maximumModelFiles`.
    mutating func decodeModelFiles(_ node: SpecNode) -> Located<Int>? {
        let range = 1...RepogenFacts.maximumModelFiles
        if case .number(let text) = node.kind, let count = Int(text), range.contains(count) {
            return Located(count, at: location(node.offset))
        }
        let written = if case .number(let text) = node.kind { text } else { node.kindDescription }
        error(
            "'modelFiles' must be a whole number from 1 to \(range.upperBound) (how many files the models are spread over), not \(written)",
            at: node.offset)
        return nil
    }

    mutating func decodeSpec(_ root: SpecNode) -> Spec? {
        guard let members = members(of: root, what: "the spec", allowed: SpecKeys.root, required: ["endpoints"])
        else { return nil }
        let style = string(members, "style", what: "the spec")
        let modelFiles = members["modelFiles"].flatMap { decodeModelFiles($0.value) }
        var imports: [Located<String>] = []
        if let node = members["imports"]?.value, let list = array(node, what: "'imports'") {
            imports = list.compactMap { string($0, what: "an import") }
        }
        var externalTypes: [Located<String>] = []
        if let node = members["externalTypes"]?.value, let list = array(node, what: "'externalTypes'") {
            externalTypes = list.compactMap { string($0, what: "an external type") }
        }
        var models: [ModelSpec] = []
        if let node = members["models"]?.value, let list = object(node, what: "'models'") {
            models = decodeModelsInHalves(list) ?? list.compactMap { decodeModel($0) }
        }
        var collections: [CollectionSpec] = []
        if let node = members["collections"]?.value, let list = object(node, what: "'collections'") {
            collections = list.compactMap { decodeCollection($0) }
        }
        var defaults: EndpointDefaultsSpec?
        if let node = members["defaults"]?.value,
            let list = self.members(of: node, what: "'defaults'", allowed: SpecKeys.defaults)
        {
            defaults = EndpointDefaultsSpec(
                usingQuery: list["usingQuery"].flatMap { bool($0.value, what: "'usingQuery' of 'defaults'") },
                header: list["header"].flatMap { decodeHeader($0.value, what: "'defaults'") },
                errors: list["errors"].map { decodeErrors($0.value, what: "'defaults'") } ?? [])
        }
        var servers: [ServerSpec] = []
        if let node = members["servers"]?.value, let list = array(node, what: "'servers'") {
            servers = list.compactMap { decodeServer($0) }
        }
        var endpoints: [EndpointSpec] = []
        var declared: Int?
        if let node = members["endpoints"]?.value, let list = array(node, what: "'endpoints'") {
            endpoints = decodeEndpointsInHalves(list) ?? list.compactMap { decodeEndpoint($0) }
            declared = list.count
        }
        return Spec(
            path: file.path, style: style, modelFiles: modelFiles, imports: imports, externalTypes: externalTypes,
            models: models, defaults: defaults,
            endpoints: endpoints, collections: collections, servers: servers, declaredEndpointCount: declared,
            brokenModels: brokenModels, brokenEndpoints: brokenEndpoints)
    }

    /// One of `servers`: `{ url, name?, description?, variables? }`.
    mutating func decodeServer(_ node: SpecNode) -> ServerSpec? {
        let what = "a server"
        guard let members = members(of: node, what: what, allowed: SpecKeys.server, required: ["url"]),
            let url = string(members, "url", what: what)
        else { return nil }
        var variables: [ServerVariableSpec] = []
        if let list = members["variables"].flatMap({ object($0.value, what: "'variables' of server '\(url.value)'") }) {
            for member in list {
                let place = "variable '\(member.key)' of server '\(url.value)'"
                guard let fields = self.members(of: member.value, what: place, allowed: SpecKeys.serverVariable, required: ["default"])
                else { continue }
                var values: [Located<String>] = []
                if let list = fields["enum"].flatMap({ array($0.value, what: "'enum' of \(place)") }) {
                    values = list.compactMap { scalarText($0, what: "a value of 'enum' of \(place)") }
                }
                variables.append(
                    ServerVariableSpec(
                        name: Located(member.key, at: location(member.keyOffset)),
                        defaultValue: fields["default"].flatMap { scalarText($0.value, what: "'default' of \(place)") },
                        values: values, description: string(fields, "description", what: place),
                        location: location(member.keyOffset)))
            }
        }
        return ServerSpec(
            url: url, name: string(members, "name", what: "server '\(url.value)'"),
            description: string(members, "description", what: "server '\(url.value)'"),
            variables: variables, location: location(node.offset))
    }

    /// A string, or a number written without quotes (`8443`), as text.
    mutating func scalarText(_ node: SpecNode, what: @autoclosure () -> String) -> Located<String>? {
        if case .number(let text) = node.kind { return Located(text, at: location(node.offset)) }
        return string(node, what: what())
    }

    /// `name: { type: Model, id?: field, example?: [ ... ] }`, or just `name: Model`.
    mutating func decodeCollection(_ member: SpecMember) -> CollectionSpec? {
        let name = Located(member.key, at: location(member.keyOffset))
        let what = "collection '\(member.key)'"
        if case .string = member.value.kind {
            return string(member.value, what: what).map {
                CollectionSpec(name: name, type: $0, id: nil, example: nil, location: name.location)
            }
        }
        if isUnquotedType(member.value, allowed: SpecKeys.collection) {
            _ = type(member.value, key: member.key, what: what)
            return nil
        }
        guard let members = members(of: member.value, what: what, allowed: SpecKeys.collection, required: ["type"]),
            let type = self.type(members, "type", what: what)
        else { return nil }
        let id = string(members, "id", what: what)
        var example: Located<String>?
        var exampleValue: LocatedValue?
        if let node = members["example"]?.value {
            if case .array = node.kind {
                example = Located(node.jsonText, at: location(node.offset))
                exampleValue = locatedValue(node)
            } else {
                error("'example' of \(what) must be a list of its elements, not \(node.kindDescription)", at: node.offset)
            }
        }
        return CollectionSpec(
            name: name, type: type, id: id, example: example, exampleValue: exampleValue, location: name.location)
    }

    /// `node` with the line and column of each of its parts.
    func locatedValue(_ node: SpecNode) -> LocatedValue {
        let kind: LocatedValue.Kind
        switch node.kind {
        case .object(let members):
            kind = .object(members.map {
                LocatedValue.Member(key: $0.key, keyLocation: location($0.keyOffset), value: locatedValue($0.value))
            })
        case .array(let items): kind = .array(items.map { locatedValue($0) })
        case .string(let text): kind = .string(text)
        case .number(let text): kind = .number(text)
        case .bool(let flag): kind = .bool(flag)
        case .null: kind = .null
        }
        return LocatedValue(kind: kind, location: location(node.offset))
    }

    /// `mock: { list: persons }`, `{ get: persons, id: "{id}" }`, `{ create: persons, value: "{person}" }`, …
    mutating func decodeMock(_ node: SpecNode, what: String) -> MockActionSpec? {
        let mockWhat = "'mock' of \(what)"
        guard let members = members(of: node, what: mockWhat, allowed: SpecKeys.mock) else { return nil }
        let verbs = MockActionSpec.Verb.allCases.filter { members[$0.rawValue] != nil }
        guard verbs.count == 1, let verb = verbs.first else {
            // `lst: persons`, reported as an unknown key with "did you mean 'list'?"
            if verbs.isEmpty, MockActionSpec.Verb.allCases.contains(where: { misspeltKeys.contains($0.rawValue) }) {
                return nil
            }
            error(
                "\(mockWhat) must have exactly one of the keys "
                    + MockActionSpec.Verb.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    + ", naming a collection", at: node.offset)
            return nil
        }
        guard let collection = string(members, verb.rawValue, what: mockWhat) else { return nil }
        // The keys each verb takes, besides its own; all but `page` are required.
        let takes: [String] = switch verb {
        case .list: ["page"]
        case .get, .delete: ["id"]
        case .create, .update: ["value"]
        case .set: ["id", "field", "to"]
        }
        for other in ["id", "value", "field", "to", "page"] where !takes.contains(other) {
            if let member = members[other] {
                error(
                    "'\(other)' of \(mockWhat) means nothing to '\(verb.rawValue)'"
                        + (takes.isEmpty ? "" : "; it takes " + takes.map { "'\($0)'" }.joined(separator: ", ")),
                    at: member.keyOffset)
                return nil
            }
        }
        for key in takes where key != "page" && members[key] == nil {
            let like = switch key {
            case "id": "one placeholder naming an input, like id: \"{id}\""
            case "value": "one placeholder naming an input, like value: \"{person}\""
            case "field": "the element's Bool field to set, like field: isFavorite"
            default: "true or false, the value the field gets"
            }
            error("\(mockWhat) needs '\(key)': \(like)", at: node.offset)
            return nil
        }
        var argument: Located<String>?
        if let key = takes.first(where: { $0 == "id" || $0 == "value" }) {
            guard let value = string(members, key, what: mockWhat) else { return nil }
            argument = value
        }
        var field: Located<String>?
        var to: Located<Bool>?
        if verb == .set {
            guard let name = string(members, "field", what: mockWhat), let member = members["to"],
                let flag = bool(member.value, what: "'to' of \(mockWhat)")
            else { return nil }
            field = name
            to = flag
        }
        var page: MockPageSpec?
        if let member = members["page"] {
            let pageWhat = "'page' of \(mockWhat)"
            guard let list = self.members(of: member.value, what: pageWhat, allowed: SpecKeys.mockPage, required: ["items"]),
                let items = string(list, "items", what: pageWhat)
            else { return nil }
            let cursor = list["cursor"] == nil ? nil : string(list, "cursor", what: pageWhat)
            let size = list["size"] == nil ? nil : string(list, "size", what: pageWhat)
            let next = list["next"] == nil ? nil : string(list, "next", what: pageWhat)
            let total = list["total"] == nil ? nil : string(list, "total", what: pageWhat)
            if (list["cursor"] != nil && cursor == nil) || (list["size"] != nil && size == nil)
                || (list["next"] != nil && next == nil) || (list["total"] != nil && total == nil)
            {
                return nil
            }
            page = MockPageSpec(
                items: items, cursor: cursor, size: size, next: next, total: total, location: location(member.value.offset))
        }
        return MockActionSpec(
            verb: verb, collection: collection, argument: argument, field: field, to: to, page: page,
            location: location(node.offset))
    }

    /// The models of a large spec (an imported API has one or two a resource), decoded in two halves at once like
    /// the endpoints below.
    private func decodeModelsInHalves(_ list: [SpecMember]) -> [ModelSpec]? {
        guard list.count >= 1_000 else { return nil }
        let start = self
        let reported = diagnostics.diagnostics.count
        return arrayInHalves(list.count) { range, store in
            var reader = start
            for index in range {
                guard let model = reader.decodeModel(list[index]) else { return false }
                store(model)
            }
            return reader.diagnostics.diagnostics.count == reported
        }
    }

    /// The endpoints of a large spec, decoded in two halves at once, each by its own copy of the reader. Nil when
    /// anything was reported or the spec is small: the caller then decodes the endpoints one by one, and the
    /// diagnostics come in the order that gives.
    private func decodeEndpointsInHalves(_ list: [SpecNode]) -> [EndpointSpec]? {
        guard list.count >= 1_000 else { return nil }
        let start = self
        let reported = diagnostics.diagnostics.count
        return arrayInHalves(list.count) { range, store in
            var reader = start
            for index in range {
                guard let endpoint = reader.decodeEndpoint(list[index]) else { return false }
                store(endpoint)
            }
            return reader.diagnostics.diagnostics.count == reported
        }
    }
}
