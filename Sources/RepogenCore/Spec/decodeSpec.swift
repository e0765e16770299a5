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
    static let root = ["style", "imports", "externalTypes", "models", "collections", "defaults", "endpoints"]
    static let defaults = ["usingQuery", "header"]
    static let endpoint = [
        "name", "description", "repositoryMethod", "method", "path", "inputs", "param", "usingQuery", "queryArrays",
        "query", "body", "header", "upload", "response", "responseMetadata", "example", "cache", "invalidates", "updates", "mock",
    ]
    static let collection = ["type", "id", "example"]
    static let mock = MockActionSpec.Verb.allCases.map(\.rawValue) + ["id", "value", "field", "to", "page"]
    static let mockPage = ["items", "cursor", "size", "next", "total"]
    static let upload = ["files", "fields"]
    static let cache = ["ttl"]
    static let invalidation = ["endpoint", "inputs"]
    static let update = ["endpoint", "inputs", "with"]
    static let model = [
        "description", "typeParameters", "fields", "enum", "oneOf", "discriminator", "models", "domain", "hashable",
        "identifiable", "unknown",
    ]
    static let unionCase = ["case", "type", "tag", "description"]
    static let domain = ["name", "description", "fields", "hashable", "identifiable"]
    static let domainField = ["from", "type", "value", "description"]
    static let field = ["type", "json", "description", "default", "encode"]
    static let enumCase = ["name", "value", "description"]
    static let input = ["name", "type", "argument", "unlabeled"]
    static let conditionalMethod = ["if", "then", "else"]
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

    mutating func decodeSpec(_ root: SpecNode) -> Spec? {
        guard let members = members(of: root, what: "the spec", allowed: SpecKeys.root, required: ["endpoints"])
        else { return nil }
        let style = string(members, "style", what: "the spec")
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
            models = list.compactMap { decodeModel($0) }
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
                header: list["header"].flatMap { decodeHeader($0.value, what: "'defaults'") })
        }
        var endpoints: [EndpointSpec] = []
        var declared: Int?
        if let node = members["endpoints"]?.value, let list = array(node, what: "'endpoints'") {
            endpoints = decodeEndpointsInHalves(list) ?? list.compactMap { decodeEndpoint($0) }
            declared = list.count
        }
        return Spec(
            path: file.path, style: style, imports: imports, externalTypes: externalTypes, models: models, defaults: defaults,
            endpoints: endpoints, collections: collections, declaredEndpointCount: declared,
            brokenModels: brokenModels, brokenEndpoints: brokenEndpoints)
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

    mutating func decodeModel(_ member: SpecMember) -> ModelSpec? {
        guard let model = decodeModelMembers(member) else {
            brokenModels.insert(member.key)
            return nil
        }
        return model
    }

    private mutating func decodeModelMembers(_ member: SpecMember) -> ModelSpec? {
        let name = Located(member.key, at: location(member.keyOffset))
        let what = "model '\(member.key)'"
        guard let members = members(of: member.value, what: what, allowed: SpecKeys.model) else { return nil }
        let misspelt = misspeltKeys
        let description = string(members, "description", what: what)
        var typeParameters: [Located<String>] = []
        if let node = members["typeParameters"]?.value, let list = array(node, what: "'typeParameters' of \(what)") {
            typeParameters = list.compactMap { string($0, what: "a type parameter of \(what)") }
        }
        let kind: ModelSpec.Kind
        let kinds = ["fields", "enum", "oneOf"].filter { members[$0] != nil }
        if let discriminator = members["discriminator"], kinds != ["oneOf"], kinds.count == 1 {
            error(
                "'discriminator' of \(what) names the property that picks a case of a union; '\(member.key)' has "
                    + "'\(kinds[0])', not 'oneOf'", at: discriminator.keyOffset)
            return nil
        }
        switch (members["fields"], members["enum"], members["oneOf"]) {
        case (let fields?, nil, nil):
            guard let list = object(fields.value, what: "'fields' of \(what)") else { return nil }
            kind = .fields(list.compactMap { decodeField($0, model: member.key) })
        case (nil, let cases?, nil):
            guard let list = array(cases.value, what: "'enum' of \(what)") else { return nil }
            kind = .enumeration(list.compactMap { decodeEnumCase($0, model: member.key) })
        case (nil, nil, let variants?):
            guard let list = array(variants.value, what: "'oneOf' of \(what)") else { return nil }
            let problems = diagnostics.diagnostics.count
            let cases = list.compactMap { decodeUnionCase($0, model: member.key) }
            let discriminator = string(members, "discriminator", what: what)
            guard diagnostics.diagnostics.count == problems else { return nil }
            kind = .union(UnionSpec(cases: cases, discriminator: discriminator, location: location(variants.value.offset)))
        case (nil, nil, nil) where misspelt.contains("fields") || misspelt.contains("enum") || misspelt.contains("oneOf"):
            return nil  // `fieldz`, reported as an unknown key with "did you mean 'fields'?"
        default:
            error(
                "\(what) must have exactly one of the keys 'fields' (a struct), 'enum' (a string enum) or 'oneOf' "
                    + "(a union)", at: member.value.offset)
            return nil
        }
        var nested: [ModelSpec] = []
        if let node = members["models"]?.value, let list = object(node, what: "'models' of \(what)") {
            nested = list.compactMap { decodeModel($0) }
        }
        var domain: DomainSpec?
        if let node = members["domain"]?.value {
            domain = decodeDomain(node, model: member.key)
        }
        return ModelSpec(
            name: name, description: description, typeParameters: typeParameters, kind: kind, nested: nested,
            location: location(member.keyOffset), domain: domain,
            hashable: members["hashable"].flatMap { bool($0.value, what: "'hashable' of \(what)") },
            identifiable: members["identifiable"].flatMap { decodeIdentifiable($0.value, what: what) },
            unknown: string(members, "unknown", what: what))
    }

    /// `identifiable: true` (the field `id`), `false` (none), or the name of the field that identifies the type.
    mutating func decodeIdentifiable(_ node: SpecNode, what: String) -> Located<String>? {
        switch node.kind {
        case .bool(let flag): return flag ? Located("id", at: location(node.offset)) : nil
        case .string(let name): return Located(name, at: location(node.offset))
        default:
            error(
                "'identifiable' of \(what) must be true (its field 'id') or the name of the field that identifies it, "
                    + "not \(node.kindDescription)", at: node.offset)
            return nil
        }
    }

    /// `domain: { name, description?, fields: { name: "dtoField" | { from?, type?, value?, description? } } }`.
    mutating func decodeDomain(_ node: SpecNode, model: String) -> DomainSpec? {
        let what = "'domain' of model '\(model)'"
        guard let members = members(of: node, what: what, allowed: SpecKeys.domain, required: ["name", "fields"]),
            let name = string(members, "name", what: what),
            let fieldsNode = members["fields"]?.value, let list = object(fieldsNode, what: "'fields' of \(what)")
        else { return nil }
        var fields: [DomainFieldSpec] = []
        for member in list {
            let fieldName = Located(member.key, at: location(member.keyOffset))
            let fieldWhat = "field '\(member.key)' of domain type '\(name.value)'"
            if case .string = member.value.kind {
                if let from = string(member.value, what: fieldWhat) {
                    fields.append(DomainFieldSpec(name: fieldName, from: from, type: nil, value: nil, description: nil))
                }
                continue
            }
            guard let keys = self.members(of: member.value, what: fieldWhat, allowed: SpecKeys.domainField) else { continue }
            fields.append(DomainFieldSpec(
                name: fieldName, from: string(keys, "from", what: fieldWhat), type: self.type(keys, "type", what: fieldWhat),
                value: keys["value"].flatMap { domainValue($0.value, what: fieldWhat) },
                description: string(keys, "description", what: fieldWhat)))
        }
        return DomainSpec(
            name: name, description: string(members, "description", what: what), fields: fields,
            location: location(node.offset),
            hashable: members["hashable"].flatMap { bool($0.value, what: "'hashable' of \(what)") },
            identifiable: members["identifiable"].flatMap { decodeIdentifiable($0.value, what: what) })
    }

    /// A computed domain value: its text (`"UUID()"`, `"\"text\""`), or a number or boolean as written (`300`, `0.5`,
    /// `false`), which means the same as its text.
    mutating func domainValue(_ node: SpecNode, what: String) -> Located<String>? {
        switch node.kind {
        case .number(let text): return Located(text, at: location(node.offset))
        case .bool(let flag): return Located(flag ? "true" : "false", at: location(node.offset))
        default: return string(node, what: "'value' of \(what)")
        }
    }

    /// A field is `name: Type` or `name: { type, json?, description? }`.
    mutating func decodeField(_ member: SpecMember, model: String) -> FieldSpec? {
        let name = Located(member.key, at: location(member.keyOffset))
        let what = "field '\(member.key)' of model '\(model)'"
        if case .string = member.value.kind {
            return string(member.value, what: what).map { FieldSpec(name: name, type: $0) }
        }
        if isUnquotedType(member.value, allowed: SpecKeys.field) {
            _ = type(member.value, key: member.key, what: what)
            return nil
        }
        guard let members = members(of: member.value, what: what, allowed: SpecKeys.field, required: ["type"]),
            let type = self.type(members, "type", what: what)
        else { return nil }
        return FieldSpec(
            name: name, type: type, jsonKey: string(members, "json", what: what),
            description: string(members, "description", what: what),
            defaultValue: members["default"].map { Located($0.value, at: location($0.value.offset)) },
            encode: members["encode"].flatMap { bool($0.value, what: "'encode' of \(what)") })
    }

    /// A variant of a union is its type (`- PhoneContact`), or `{ case?, type, tag?, description? }`.
    mutating func decodeUnionCase(_ node: SpecNode, model: String) -> UnionCaseSpec? {
        let what = "a case of union '\(model)'"
        if case .string = node.kind {
            return string(node, what: what).map { UnionCaseSpec(name: nil, type: $0, tag: nil, location: $0.location) }
        }
        // `- [Int]` or `- {String: Int}`: a type YAML read as a list or a mapping.
        if isUnquotedType(node, allowed: SpecKeys.unionCase) {
            _ = type(node, key: "type", what: what)
            return nil
        }
        guard let members = members(of: node, what: what, allowed: SpecKeys.unionCase, required: ["type"]),
            let type = self.type(members, "type", what: what)
        else { return nil }
        return UnionCaseSpec(
            name: string(members, "case", what: what), type: type, tag: string(members, "tag", what: what),
            description: string(members, "description", what: what), location: location(node.offset))
    }

    /// A case is its raw value, or `{ name?, value, description? }`.
    mutating func decodeEnumCase(_ node: SpecNode, model: String) -> EnumCaseSpec? {
        let what = "a case of enum '\(model)'"
        if case .string = node.kind {
            return string(node, what: what).map { EnumCaseSpec(rawValue: $0) }
        }
        guard let members = members(of: node, what: what, allowed: SpecKeys.enumCase, required: ["value"]),
            let value = string(members, "value", what: what)
        else { return nil }
        return EnumCaseSpec(
            name: string(members, "name", what: what), rawValue: value,
            description: string(members, "description", what: what))
    }

    mutating func decodeEndpoint(_ node: SpecNode) -> EndpointSpec? {
        let what = "an endpoint"
        let problemsBefore = diagnostics.diagnostics.count
        guard
            let members = members(
                of: node, what: what, allowed: SpecKeys.endpoint, required: ["name", "method", "path"])
        else { return nil }
        let name = string(members, "name", what: what)
        let endpointWhat = name.map { "endpoint '\($0.value)'" } ?? what
        let path = string(members, "path", what: endpointWhat)
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
            brokenInputs: brokenInputs, repositoryMethod: repositoryMethod, method: method, path: path, inputs: inputs,
            param: param, usingQuery: usingQuery, queryArrays: queryArrays, query: query,
            queryLocation: queryLocation, body: body, header: header, response: response,
            brokenResponse: brokenResponse,
            responseMetadata: responseMetadata, upload: upload,
            example: example, exampleValue: exampleValue, cache: cache, brokenCache: brokenCache, invalidates: invalidates ?? [],
            updates: updates ?? [],
            mock: mock, location: location(node.offset))
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
            default:
                error(
                    "param '\(member.key)' of \(what) must be a string, a number or a boolean, "
                        + "not \(member.value.kindDescription)", at: member.value.offset)
            }
        }
        return fields
    }

    mutating func decodeUpload(_ node: SpecNode, what: String) -> UploadSpec? {
        let uploadWhat = "'upload' of \(what)"
        guard let members = members(of: node, what: uploadWhat, allowed: SpecKeys.upload, required: ["files"]) else {
            return nil
        }
        func pairs(_ key: String) -> [(name: Located<String>, value: Located<String>)] {
            guard let node = members[key]?.value, let list = object(node, what: "'\(key)' of \(uploadWhat)") else { return [] }
            return list.compactMap { member in
                string(member.value, what: "'\(member.key)' of \(uploadWhat)").map {
                    (Located(member.key, at: location(member.keyOffset)), $0)
                }
            }
        }
        return UploadSpec(files: pairs("files"), fields: pairs("fields"), location: location(node.offset))
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
        var headers: [(name: Located<String>, value: Located<String>)] = []
        for member in list {
            guard let value = string(member.value, what: "header '\(member.key)' of \(what)") else { continue }
            headers.append((Located(member.key, at: location(member.keyOffset)), value))
        }
        return .custom(headers)
    }
}
