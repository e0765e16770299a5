/// A model the import writes: a struct of fields, a string enum, or a union (`oneOf`).
struct ImportedModel {
    enum Kind {
        case fields([ImportedField])
        case enumeration([(name: String?, value: String)])
        /// Each case's name (nil for the one the spec makes from its type), type and tag (nil for the type's name);
        /// the discriminator's property.
        case union([(name: String?, type: String, tag: String?)], discriminator: String?)
    }

    var name: String
    var description: String?
    var kind: Kind
    /// The models its fields use (for which spec it goes into).
    var uses: Set<String> = []
    /// The type of the values of keys besides its fields (`additionalProperties` beside `properties`).
    var additionalProperties: String? = nil
    /// An enum of integers (`type: integer`): its values are written as numbers, each case with a name.
    var isIntegerEnum = false
}

struct ImportedField {
    var name: String
    var type: String
    /// The key on the wire, when the Swift name differs.
    var json: String?
    var description: String?
    /// Where the property is written, for warnings about the field.
    var location: SourceLocation
    /// The header field of a part of a multipart response the field holds (`partHeader`), not a property.
    var partHeader: (part: String, header: String)? = nil
}

/// A Swift type for a schema: its text without the optional mark, whether null is allowed, and the models it uses.
struct ImportedType {
    var text: String
    var nullable = false
    var models: Set<String> = []

    static let any = ImportedType(text: "JSONValue")

    var optionalText: String { nullable ? Self.optional(text) : text }

    /// `T?`, with parentheses around a type that needs them.
    static func optional(_ text: String) -> String { text.hasSuffix("?") ? text : text + "?" }
}

/// The shape of an object schema, with `allOf` merged: properties in order, which are required, extra keys.
struct ObjectShape {
    var properties: [(name: String, schema: SpecNode, keyOffset: Int)] = []
    var required: Set<String> = []
    var additional: SpecNode?
    var description: String?

    mutating func add(_ name: String, _ schema: SpecNode, keyOffset: Int) {
        if let index = properties.firstIndex(where: { $0.name == name }) {
            properties[index] = (name, schema, keyOffset)
        } else {
            properties.append((name, schema, keyOffset))
        }
    }
}

extension OpenAPIImporter {
    // MARK: Component schemas

    /// Gives every component schema that becomes a model its Swift name, before anything uses one (so that
    /// recursive and forward references resolve).
    mutating func nameComponentModels() {
        for member in document.root["components"]?["schemas"]?.members ?? [] {
            guard becomesModel(member.value, depth: 0) else { continue }
            let wanted = ImportNames.typeName(member.key)
            var name = wanted
            if isReservedTypeName(name) { name += "Model" }
            name = ImportNames.unique(name, in: &typeNames)
            componentModels[member.key] = name
            if name != wanted {
                let why = isReservedTypeName(wanted)
                    ? "'\(wanted)' is a name the generated code of some style uses or declares"
                    : "another schema is '\(wanted)'"
                warn("schema '\(member.key)' is the model '\(name)': \(why)", at: document.location(offset: member.keyOffset))
            }
        }
    }

    /// Whether a model may not be named `name`: a name repogen keeps, or a type (or endpoint) the generated code of
    /// some style declares for the document's domains and endpoints. Such a model is named `<name>Model`.
    func isReservedTypeName(_ name: String) -> Bool {
        ImportNames.reservedTypeNames.contains(name) || reservedNames.contains(name)
    }

    /// The name of an inline model made for `hint` (`ListPetsResponse`): as a schema's (`ImportNames.startingAsAType`,
    /// `Model` after a name the generated code takes), then numbered apart from every other type.
    mutating func inlineModelName(_ hint: String) -> String {
        let name = ImportNames.startingAsAType(hint)
        return ImportNames.unique(isReservedTypeName(name) ? name + "Model" : name, in: &typeNames)
    }

    /// Builds the models of every component schema, in document order (those no operation uses too: they are the
    /// document's types, and a silent drop would hide them).
    mutating func importComponentModels() {
        for member in document.root["components"]?["schemas"]?.members ?? [] {
            guard let model = componentModels[member.key], models[model] == nil else { continue }
            models[model] = ImportedModel(name: model, kind: .fields([]))
            modelOrder.append(model)
            buildModel(model, from: member.value)
        }
    }

    /// Whether a schema is written as a model of its own: an object with properties, `allOf`, a string enum, or a
    /// `oneOf`/`anyOf` of objects. Anything else (a string, an array, a map) is used where it is referenced.
    func becomesModel(_ schema: SpecNode, depth: Int) -> Bool {
        guard depth < 32 else { return false }
        if schema["$ref"] != nil { return false }
        if schema["enum"]?.items != nil { return stringEnumValues(schema) != nil || integerEnumValues(schema) != nil }
        if schema["allOf"] != nil { return !(schema["allOf"]?.items ?? []).isEmpty && primitiveAllOfPart(schema, depth: depth) == nil }
        if let properties = schema["properties"]?.members, !properties.isEmpty { return true }
        for key in ["oneOf", "anyOf"] {
            if let variants = schema[key]?.items {
                let real = variants.filter { !isNullSchema($0) }
                return real.count > 1 && (real.allSatisfy { isObjectLike($0, depth: depth + 1) } || !sameScalar(real))
            }
        }
        return false
    }

    /// The part an `allOf` of scalars of one kind stands for (`allOf: [{type: string, format: date-time}, {type:
    /// string}]` is a Date): a value is all of them at once, so the most specific one says what it is (a part with
    /// `enum`, else one whose format makes a type of its own, else the first). Nil when the schema has properties of
    /// its own, a part is no scalar (following references), the kinds differ, or two parts have different formats.
    func primitiveAllOfPart(_ schema: SpecNode, depth: Int) -> SpecNode? {
        guard depth < 32, let parts = schema["allOf"]?.items, !parts.isEmpty, schema["properties"] == nil,
            schema["oneOf"] == nil, schema["anyOf"] == nil
        else { return nil }
        func resolved(_ part: SpecNode, _ level: Int) -> SpecNode? {
            guard level < 32 else { return nil }
            if let reference = part["$ref"]?.string {
                return document.target(of: reference).flatMap { resolved($0, level + 1) }
            }
            return part
        }
        let typed = ["date-time", "uuid", "uri", "url", "byte", "binary", "int32", "int64", "int8", "int16", "uint8",
                     "uint16", "uint32", "uint64", "float", "decimal"]
        var kind: String?
        var format: String?
        var best: (part: SpecNode, rank: Int)?
        for part in parts {
            guard let target = resolved(part, depth), target["allOf"] == nil, target["oneOf"] == nil,
                target["anyOf"] == nil, target["properties"] == nil
            else { return nil }
            let kinds = types(of: target).filter { $0 != "null" }
            guard kinds.count == 1, ["string", "integer", "number", "boolean"].contains(kinds[0]),
                kind == nil || kind == kinds[0]
            else { return nil }
            kind = kinds[0]
            var rank = 0
            if let partFormat = target["format"]?.string, typed.contains(partFormat) {
                guard format == nil || format == partFormat else { return nil }
                format = partFormat
                rank = 1
            }
            if target["enum"] != nil { rank = 2 }
            if rank > (best?.rank ?? -1) { best = (part, rank) }
        }
        return best?.part
    }

    /// Whether variants are one scalar schema written several times (`oneOf: [{type: string}, {type: string,
    /// format: email}]` is a String): their type and format, or their reference, are the same.
    func sameScalar(_ variants: [SpecNode]) -> Bool {
        func signature(_ schema: SpecNode) -> String? {
            if let reference = schema["$ref"]?.string { return "ref " + reference }
            let kinds = types(of: schema).filter { $0 != "null" }
            guard kinds.count == 1, ["string", "integer", "number", "boolean"].contains(kinds[0]),
                schema["enum"] == nil
            else { return nil }
            let format = schema["format"]?.string
            // The formats that make another Swift type than the kind's own.
            let typed = ["date-time", "uuid", "uri", "url", "byte", "binary", "int32", "int64", "int8", "int16", "uint8",
                         "uint16", "uint32", "uint64", "float", "decimal"]
            return kinds[0] + (format.map { typed.contains($0) ? " " + $0 : "" } ?? "")
        }
        guard let first = signature(variants[0]) else { return false }
        return variants.dropFirst().allSatisfy { signature($0) == first }
    }

    /// Whether a schema (following references) describes an object with properties.
    func isObjectLike(_ schema: SpecNode, depth: Int) -> Bool {
        guard depth < 32 else { return false }
        if let reference = schema["$ref"]?.string {
            guard let target = document.target(of: reference) else { return false }
            return isObjectLike(target, depth: depth + 1)
        }
        if schema["properties"]?.members?.isEmpty == false { return true }
        if let parts = schema["allOf"]?.items { return parts.contains { isObjectLike($0, depth: depth + 1) } }
        for key in ["oneOf", "anyOf"] {
            if let variants = schema[key]?.items {
                let real = variants.filter { !isNullSchema($0) }
                return !real.isEmpty && real.allSatisfy { isObjectLike($0, depth: depth + 1) }
            }
        }
        return false
    }

    func isNullSchema(_ schema: SpecNode) -> Bool {
        if schema["type"]?.string == "null" { return true }
        if let values = schema["enum"]?.items, values.count == 1, values[0].isNull { return true }
        return false
    }

    /// The values of a string enum, each with the text it has on the wire (nil for a value that has none, an object
    /// or an array, which `buildModel` warns about), or nil when the schema is not a string enum. It is one when its
    /// `type` is `string`: a number or a boolean among its values is that text as written (YAML reads `720` in
    /// `[1080p, 720]` as a number, but the server sends the string "720"); or when it has no type and every value
    /// is a string. `null` is not a value: it makes the type optional.
    func stringEnumValues(_ schema: SpecNode) -> [(text: String?, node: SpecNode)]? {
        guard let values = schema["enum"]?.items?.filter({ !$0.isNull }), !values.isEmpty else { return nil }
        let kinds = types(of: schema).filter { $0 != "null" }
        if kinds == ["string"] {
            let entries = values.map { (text: document.text(ofScalar: $0), node: $0) }
            return entries.contains { $0.text != nil } ? entries : nil
        }
        guard kinds.isEmpty, values.allSatisfy({ $0.string != nil }) else { return nil }
        return values.map { (text: $0.string, node: $0) }
    }

    /// The values of an integer enum (`type: integer`, every value an integer in `Int`'s range), each with its case
    /// name: from `x-enum-varnames` (or `x-enumNames`) when it names every value with a Swift name, else derived
    /// from the value as swift-openapi-generator does (`0` is `_0`, `-1` is `_n1`). Nil when the schema is not one.
    func integerEnumValues(_ schema: SpecNode) -> [(name: String, value: String)]? {
        guard let values = schema["enum"]?.items?.filter({ !$0.isNull }), !values.isEmpty,
            types(of: schema).filter({ $0 != "null" }) == ["integer"]
        else { return nil }
        var entries: [(name: String, value: String)] = []
        var seen: Set<String> = []
        for node in values {
            guard case .number(let text) = node.kind, let value = SpecValidator.integerRawValue(text) else { return nil }
            guard seen.insert(value).inserted else { continue }
            entries.append((value.hasPrefix("-") ? "_n" + value.dropFirst() : "_" + value, value))
        }
        let given = (schema["x-enum-varnames"] ?? schema["x-enumNames"])?.items?.compactMap(\.string) ?? []
        let allValues = values.compactMap { node -> String? in
            if case .number(let text) = node.kind { return SpecValidator.integerRawValue(text) }
            return nil
        }
        if given.count == allValues.count {
            var names: [String: String] = [:]
            var used: Set<String> = []
            for (name, value) in zip(given, allValues) where names[value] == nil {
                let swiftName = SpecValidator.caseName(fromRawValue: name) ?? ImportNames.memberName(name)
                guard SwiftIdentifier.isValid(swiftName), used.insert(swiftName).inserted else { return entries }
                names[value] = swiftName
            }
            return entries.map { (names[$0.value] ?? $0.name, $0.value) }
        }
        return entries
    }

    /// The `type` of a schema as a list (3.1 allows `[string, "null"]`).
    func types(of schema: SpecNode) -> [String] {
        if let single = schema["type"]?.string { return [single] }
        return schema["type"]?.items?.compactMap(\.string) ?? []
    }

    /// The type of a component schema by its name: its model, or the type it stands for.
    mutating func componentType(_ name: String, at node: SpecNode) -> ImportedType {
        if let model = componentModels[name] {
            // Named already; `importComponentModels` builds it (one at a time: a chain of references a thousand
            // schemas long must not become a thousand nested calls).
            var type = ImportedType(text: model, models: [model])
            // A component that is a nullable object (`nullable: true`) makes every use optional.
            type.nullable = isNullable(node)
            return type
        }
        if let known = aliasTypes[name] { return known }
        guard aliasesInProgress.count < 64 else {
            warn("schema '\(name)' is reached through more than 64 schemas that only stand for others; typed as JSONValue", at: node)
            return .any
        }
        guard aliasesInProgress.insert(name).inserted else {
            warn("schema '\(name)' is defined by itself, which no Swift type can be; typed as JSONValue", at: node)
            return .any
        }
        let type = swiftType(node, hint: ImportNames.typeName(name))
        aliasesInProgress.remove(name)
        aliasTypes[name] = type
        return type
    }
}
