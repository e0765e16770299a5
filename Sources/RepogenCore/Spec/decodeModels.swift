/// Decoding of the models of a spec: fields, union cases, enum cases, and the domain types they map to.
extension NodeReader {
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
            let cases = list.compactMap { decodeEnumCase($0, model: member.key) }
            // Every case written was wrong (and reported): not also "has no cases".
            if cases.isEmpty, !list.isEmpty { return nil }
            kind = .enumeration(cases)
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
                "\(what) must have exactly one of the keys 'fields' (a struct), 'enum' (a string or Int enum) or 'oneOf' "
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
            unknown: string(members, "unknown", what: what),
            additionalProperties: type(members, "additionalProperties", what: what))
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
        var partHeader: PartHeaderSpec?
        if let written = members["partHeader"] {
            // A field whose partHeader is wrong is left out, so it is not taken for a part.
            guard let decoded = decodePartHeader(written.value, what: "'partHeader' of \(what)") else { return nil }
            partHeader = decoded
        }
        return FieldSpec(
            name: name, type: type, jsonKey: string(members, "json", what: what),
            description: string(members, "description", what: what),
            defaultValue: members["default"].map { Located($0.value, at: location($0.value.offset)) },
            encode: members["encode"].flatMap { bool($0.value, what: "'encode' of \(what)") },
            partHeader: partHeader)
    }

    /// `partHeader: { part: log, header: x-log-type }`.
    mutating func decodePartHeader(_ node: SpecNode, what: String) -> PartHeaderSpec? {
        guard let members = members(of: node, what: what, allowed: SpecKeys.partHeader, required: ["part", "header"]),
            let part = string(members, "part", what: what), let header = string(members, "header", what: what)
        else { return nil }
        return PartHeaderSpec(part: part, header: header, location: location(node.offset))
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

    /// A case is its raw value, or `{ name?, value, description? }`; a number as `value` makes an `Int` enum's case
    /// (its name is then required: `0` is not a Swift name).
    mutating func decodeEnumCase(_ node: SpecNode, model: String) -> EnumCaseSpec? {
        let what = "a case of enum '\(model)'"
        switch node.kind {
        case .string:
            return string(node, what: what).map { EnumCaseSpec(rawValue: $0) }
        case .number(let text):
            error(
                "\(what) is the number \(text), which is not a Swift name; an Int enum's case is "
                    + "{ name: …, value: \(text) }", at: node.offset)
            return nil
        default:
            break
        }
        guard let members = members(of: node, what: what, allowed: SpecKeys.enumCase, required: ["value"]) else {
            return nil
        }
        let value: Located<String>
        var isInteger = false
        if let written = members["value"]?.value, case .number(let text) = written.kind {
            value = Located(text, at: location(written.offset))
            isInteger = true
        } else if let written = members["value"]?.value, case .string(let text) = written.kind {
            value = Located(text, at: location(written.offset))
        } else {
            if let written = members["value"]?.value {
                error(
                    "'value' of \(what) must be a string, or an integer for an Int enum, not \(written.kindDescription)",
                    at: written.offset)
            }
            return nil
        }
        let name = string(members, "name", what: what)
        if isInteger, name == nil, let written = members["value"] {
            error(
                "\(what) has the integer value \(value.value) but no 'name'; an Int enum's case needs one "
                    + "(\(value.value) is not a Swift name)", at: written.value.offset)
            return nil
        }
        return EnumCaseSpec(
            name: name, rawValue: value, description: string(members, "description", what: what),
            isInteger: isInteger)
    }
}
