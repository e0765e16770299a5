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
}

struct ImportedField {
    var name: String
    var type: String
    /// The key on the wire, when the Swift name differs.
    var json: String?
    var description: String?
    /// Where the property is written, for warnings about the field.
    var location: SourceLocation
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
        if schema["enum"]?.items != nil { return stringEnumValues(schema) != nil }
        if schema["allOf"] != nil { return !(schema["allOf"]?.items ?? []).isEmpty }
        if let properties = schema["properties"]?.members, !properties.isEmpty { return true }
        for key in ["oneOf", "anyOf"] {
            if let variants = schema[key]?.items {
                let real = variants.filter { !isNullSchema($0) }
                return real.count > 1 && (real.allSatisfy { isObjectLike($0, depth: depth + 1) } || !sameScalar(real))
            }
        }
        return false
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

    // MARK: Schema → Swift type

    /// The Swift type of a schema, creating models for inline objects and enums (named after `hint`).
    mutating func swiftType(_ schema: SpecNode, hint: String, depth: Int = 0) -> ImportedType {
        guard depth < 64 else {
            warn("schema nested deeper than 64 levels; typed as JSONValue", at: schema)
            return .any
        }
        if let bool = schema.bool {
            if !bool { warn("schema 'false' allows no value; typed as JSONValue", at: schema) }
            return .any
        }
        guard schema.members != nil else {
            warn("a schema must be an object, not \(schema.kindDescription); typed as JSONValue", at: schema)
            return .any
        }
        if let referenceNode = schema["$ref"] {
            guard let reference = referenceNode.string else {
                warn("'$ref' is not a string; typed as JSONValue", at: referenceNode)
                return .any
            }
            var type: ImportedType
            if let name = OpenAPIDocument.schemaName(ofReference: reference), let target = document.target(of: reference) {
                type = componentType(name, at: target)
            } else if let target = document.target(of: reference) {
                let last = reference.split(separator: "/").last.map { OpenAPIDocument.unescapePointer(String($0)) } ?? hint
                guard referencesInProgress.insert(reference).inserted else {
                    warn("'\(reference)' contains itself outside components/schemas; typed as JSONValue", at: referenceNode)
                    return .any
                }
                type = swiftType(target, hint: ImportNames.typeName(last), depth: depth + 1)
                referencesInProgress.remove(reference)
            } else {
                let why = reference.hasPrefix("#") ? "points at nothing in the document" : "is in another file, which import does not read"
                warn("'\(reference)' \(why); typed as JSONValue", at: referenceNode)
                return .any
            }
            // 3.1: siblings of `$ref` may add `nullable`-like information through `type: [..., null]`; 3.0 ignores them.
            if isNullable(schema) { type.nullable = true }
            return type
        }
        let nullable = isNullable(schema)
        var result = nonNullType(schema, hint: hint, depth: depth)
        if nullable { result.nullable = true }
        return result
    }

    /// `nullable: true` (3.0), `type: [T, "null"]` (3.1), or `null` among the `enum` values.
    func isNullable(_ schema: SpecNode) -> Bool {
        if schema["nullable"]?.bool == true { return true }
        if types(of: schema).contains("null") { return true }
        if schema["enum"]?.items?.contains(where: \.isNull) == true { return true }
        return false
    }

    private mutating func nonNullType(_ schema: SpecNode, hint: String, depth: Int) -> ImportedType {
        // Compositions first: they decide the type whatever `type` says.
        if let parts = schema["allOf"]?.items {
            if parts.count == 1, schema["properties"] == nil, parts[0]["$ref"] != nil {
                // `allOf: [$ref]` is how 3.0 documents add a description or nullable to a reference.
                var type = swiftType(parts[0], hint: hint, depth: depth + 1)
                type.nullable = false
                return type
            }
            return inlineModel(schema, hint: hint)
        }
        for key in ["oneOf", "anyOf"] {
            if let variants = schema[key]?.items {
                return composition(schema, key: key, variants: variants, hint: hint, depth: depth)
            }
        }
        let kinds = types(of: schema).filter { $0 != "null" }
        if kinds.count > 1 {
            warn("a schema of several types (\(kinds.joined(separator: ", "))) has no one Swift type; typed as JSONValue", at: schema["type"] ?? schema)
            return .any
        }
        if let values = schema["enum"]?.items {
            return enumeration(schema, values: values, kind: kinds.first, hint: hint)
        }
        if let constant = schema["const"], kinds.isEmpty {
            switch constant.kind {
            case .string: return ImportedType(text: "String")
            case .number(let text): return ImportedType(text: text.contains(".") || text.contains("e") || text.contains("E") ? "Double" : "Int")
            case .bool: return ImportedType(text: "Bool")
            default: return .any
            }
        }
        let kind = kinds.first ?? (schema["properties"] != nil || schema["additionalProperties"] != nil ? "object" : schema["items"] != nil ? "array" : nil)
        switch kind {
        case "string":
            return ImportedType(text: stringType(schema))
        case "integer":
            switch schema["format"]?.string {
            case "int32": return ImportedType(text: "Int32")
            case "int64": return ImportedType(text: "Int64")
            case "int8": return ImportedType(text: "Int8")
            case "int16": return ImportedType(text: "Int16")
            case "uint8": return ImportedType(text: "UInt8")
            case "uint16": return ImportedType(text: "UInt16")
            case "uint32": return ImportedType(text: "UInt32")
            case "uint64": return ImportedType(text: "UInt64")
            default: return ImportedType(text: "Int")
            }
        case "number":
            switch schema["format"]?.string {
            case "float": return ImportedType(text: "Float")
            case "decimal": return ImportedType(text: "Decimal")
            case "int32": return ImportedType(text: "Int32")
            case "int64": return ImportedType(text: "Int64")
            default: return ImportedType(text: "Double")
            }
        case "boolean":
            return ImportedType(text: "Bool")
        case "array":
            guard let items = schema["items"] else {
                warn("an array without 'items'; its elements are typed as JSONValue", at: schema)
                return ImportedType(text: "[JSONValue]")
            }
            let element = swiftType(items, hint: hint + (isObjectLike(items, depth: 0) && items["$ref"] == nil ? "Item" : ""), depth: depth + 1)
            return ImportedType(text: "[" + element.optionalText + "]", models: element.models)
        case "object":
            if let properties = schema["properties"]?.members, !properties.isEmpty {
                return inlineModel(schema, hint: hint)
            }
            return mapType(schema, hint: hint, depth: depth)
        case nil:
            // No type: anything (`{}`, or only a description).
            return .any
        default:
            warn("unknown schema type '\(kind ?? "")'; typed as JSONValue", at: schema["type"] ?? schema)
            return .any
        }
    }

    func stringType(_ schema: SpecNode) -> String {
        switch schema["format"]?.string {
        case "date-time": return "Date"
        case "uuid": return "UUID"
        case "uri", "url": return "URL"
        case "byte": return "Data"
        case "binary": return "Data"
        default:
            // 3.1 writes a file as `contentMediaType` (or `contentEncoding: base64`).
            if schema["contentEncoding"]?.string == "base64" { return "Data" }
            return "String"
        }
    }

    /// `additionalProperties`: a `[String: T]` dictionary.
    private mutating func mapType(_ schema: SpecNode, hint: String, depth: Int) -> ImportedType {
        guard let additional = schema["additionalProperties"] else { return ImportedType(text: "[String: JSONValue]") }
        if additional.bool != nil { return ImportedType(text: "[String: JSONValue]") }
        let value = swiftType(additional, hint: hint + "Value", depth: depth + 1)
        return ImportedType(text: "[String: " + value.optionalText + "]", models: value.models)
    }

    /// A model for an inline object schema (or `allOf`), named after where it is.
    private mutating func inlineModel(_ schema: SpecNode, hint: String) -> ImportedType {
        // One model per schema in the document, however often a reference reaches it (and reaching it again
        // while it is built is recursion, which the model's name ends).
        if let known = inlineModels[schema.offset] { return ImportedType(text: known, models: [known]) }
        let name = inlineModelName(hint)
        inlineModels[schema.offset] = name
        models[name] = ImportedModel(name: name, kind: .fields([]))
        modelOrder.append(name)
        buildModel(name, from: schema)
        return ImportedType(text: name, models: [name])
    }

    /// A string enum becomes a model; other enums keep their type, with a warning that the values are not checked.
    private mutating func enumeration(_ schema: SpecNode, values: [SpecNode], kind: String?, hint: String) -> ImportedType {
        let strings = values.filter { !$0.isNull }
        if stringEnumValues(schema) != nil {
            if let known = inlineModels[schema.offset] { return ImportedType(text: known, models: [known]) }
            let name = inlineModelName(hint)
            inlineModels[schema.offset] = name
            models[name] = ImportedModel(name: name, kind: .fields([]))
            modelOrder.append(name)
            buildModel(name, from: schema)
            return ImportedType(text: name, models: [name])
        }
        var plain = schema
        if case .object(let members) = schema.kind { plain.kind = .object(members.filter { $0.key != "enum" }) }
        let type = nonNullType(plain, hint: hint, depth: 1)
        if !strings.isEmpty {
            warn("the values of a non-string enum are not checked: a Swift enum is made of strings only; typed as \(type.text)", at: schema["enum"] ?? schema)
        }
        return type
    }

    /// `oneOf`/`anyOf`: `[T, null]` is `T?`; objects merge into one struct whose fields are optional unless every
    /// variant requires them; the same scalar type is that type; anything else is JSONValue, with a warning.
    private mutating func composition(_ schema: SpecNode, key: String, variants: [SpecNode], hint: String, depth: Int) -> ImportedType {
        let real = variants.filter { !isNullSchema($0) }
        let nullable = real.count < variants.count
        if real.isEmpty {
            return .any
        }
        if real.count == 1, schema["properties"] == nil {
            var type = swiftType(real[0], hint: hint, depth: depth + 1)
            if nullable { type.nullable = true }
            return type
        }
        if sameScalar(real) {
            var type = swiftType(real[0], hint: hint, depth: depth + 1)
            if nullable { type.nullable = true }
            return type
        }
        // A struct of the variants' properties, or a union of them (`buildModel` decides).
        var type = inlineModel(schema, hint: hint)
        if nullable { type.nullable = true }
        return type
    }

    // MARK: Models

    /// Fills in the model `name` from an object schema (with `allOf`, `oneOf`, `anyOf` merged) or a string enum.
    mutating func buildModel(_ name: String, from schema: SpecNode) {
        let description = schema["description"]?.string
        if let values = stringEnumValues(schema) {
            var cases: [(name: String?, value: String)] = []
            var caseNames: Set<String> = []
            var rawValues: Set<String> = []
            for (text, value) in values {
                guard let raw = text else {
                    warn("an enum value of '\(name)' is \(value.kindDescription), which a string enum cannot hold; left out", at: value)
                    continue
                }
                guard rawValues.insert(raw).inserted else {
                    warn("duplicate enum value '\(raw)' is written once", at: value)
                    continue
                }
                if let derived = SpecValidator.caseName(fromRawValue: raw), !caseNames.contains(derived) {
                    caseNames.insert(derived)
                    cases.append((nil, raw))
                } else {
                    let base = SpecValidator.caseName(fromRawValue: raw) ?? "value"
                    let explicit = ImportNames.unique(base == "value" ? "value\(cases.count + 1)" : base, in: &caseNames)
                    cases.append((explicit, raw))
                }
            }
            models[name] = ImportedModel(name: name, description: description, kind: .enumeration(cases))
            return
        }
        if buildUnion(name, from: schema) { return }
        var visited: Set<String> = []
        let shape = objectShape(schema, visited: &visited, depth: 0)
        var fields: [ImportedField] = []
        var fieldNames: Set<String> = []
        var uses: Set<String> = []
        for property in shape.properties {
            var fieldName = ImportNames.memberName(property.name)
            if fieldName == "codingKeys" || fieldName == "CodingKeys" { fieldName += "Value" }
            let unique = ImportNames.unique(fieldName, in: &fieldNames)
            if unique != fieldName {
                warn("property '\(property.name)' of '\(name)' is the field '\(unique)': '\(fieldName)' is taken", at: document.location(offset: property.keyOffset))
            }
            let hint = name + ImportNames.typeName(property.name)
            var type = swiftType(property.schema, hint: hint)
            if !shape.required.contains(property.name) { type.nullable = true }
            uses.formUnion(type.models)
            let fieldDescription = property.schema["description"]?.string
            fields.append(ImportedField(
                name: unique, type: type.optionalText, json: unique == property.name ? nil : property.name,
                description: fieldDescription, location: document.location(offset: property.keyOffset)))
        }
        if let additional = shape.additional, additional.bool != false, !shape.properties.isEmpty {
            warn("'\(name)' allows keys besides its properties ('additionalProperties'); a struct keeps only its properties", at: additional)
        }
        if fields.isEmpty {
            warn("'\(name)' has no properties; it is a struct without fields", at: schema)
        }
        models[name] = ImportedModel(name: name, description: description, kind: .fields(fields), uses: uses)
    }

    /// Properties and required names of an object schema, `allOf` parts merged in order; `oneOf`/`anyOf` variants
    /// merged with only the properties every variant requires required.
    func objectShape(_ schema: SpecNode, visited: inout Set<String>, depth: Int) -> ObjectShape {
        var shape = ObjectShape()
        guard depth < 32 else { return shape }
        if let reference = schema["$ref"]?.string {
            guard visited.insert(reference).inserted, let target = document.target(of: reference) else { return shape }
            return objectShape(target, visited: &visited, depth: depth + 1)
        }
        for part in schema["allOf"]?.items ?? [] {
            let partShape = objectShape(part, visited: &visited, depth: depth + 1)
            for property in partShape.properties { shape.add(property.name, property.schema, keyOffset: property.keyOffset) }
            shape.required.formUnion(partShape.required)
            if shape.additional == nil { shape.additional = partShape.additional }
        }
        for key in ["oneOf", "anyOf"] {
            guard let variants = schema[key]?.items?.filter({ !isNullSchema($0) }), !variants.isEmpty else { continue }
            var required: Set<String>?
            for variant in variants {
                var branch = visited
                let variantShape = objectShape(variant, visited: &branch, depth: depth + 1)
                for property in variantShape.properties where !shape.properties.contains(where: { $0.name == property.name }) {
                    shape.add(property.name, property.schema, keyOffset: property.keyOffset)
                }
                required = required.map { $0.intersection(variantShape.required) } ?? variantShape.required
            }
            shape.required.formUnion(required ?? [])
        }
        for member in schema["properties"]?.members ?? [] {
            shape.add(member.key, member.value, keyOffset: member.keyOffset)
        }
        for name in schema["required"]?.items ?? [] {
            if let text = name.string { shape.required.insert(text) }
        }
        if let additional = schema["additionalProperties"] { shape.additional = additional }
        return shape
    }
}

extension OpenAPIImporter {
    // MARK: Unions

    /// `oneOf`/`anyOf` of a model: a union, an enum with a case per variant, unless the variants are untitled inline
    /// objects that agree (every property two of them share has one schema) and no discriminator says which is which, or the
    /// schema has properties of its own beside them: then one struct (false, and `buildModel` merges them).
    /// `anyOf` is read as `oneOf`: the value is decoded as the first variant that fits.
    mutating func buildUnion(_ name: String, from schema: SpecNode) -> Bool {
        guard let key = ["oneOf", "anyOf"].first(where: { schema[$0]?.items != nil }), let variants = schema[key]?.items
        else { return false }
        let real = variants.filter { !isNullSchema($0) }
        guard real.count > 1 else { return false }
        let discriminator = schema["discriminator"]?["propertyName"]?.string
        if schema["properties"]?.members?.isEmpty == false || schema["allOf"] != nil {
            warn(
                "'\(key)' beside properties of its own: '\(name)' is one struct with its properties and those of every "
                    + "variant, each optional unless every variant requires it (a union's cases cannot share properties)",
                at: schema[key] ?? schema)
            return false
        }
        // Variants that are schemas of their own (a reference, or a `title` that names one) are types of their own: a
        // case each. Untitled inline objects that agree are one struct, the form such a schema (often a partial
        // update) is used in.
        if discriminator == nil, real.allSatisfy({ $0["$ref"] == nil && $0["title"] == nil && isObjectLike($0, depth: 0) }),
            variantsAgree(real)
        {
            warn(
                "the variants of '\(key)' agree on every property they share: '\(name)' is one struct with the "
                    + "properties of every variant, each optional unless every variant requires it", at: schema[key] ?? schema)
            return false
        }
        let tags = discriminator.flatMap { unionTags(name, schema: schema, variants: real, property: $0) }
        var cases: [(name: String?, type: String, tag: String?)] = []
        var uses: Set<String> = []
        var seenTypes: Set<String> = []
        var caseNames: Set<String> = []
        for (index, variant) in real.enumerated() {
            let hint = name + (variant["title"]?.string.map { ImportNames.typeName($0) } ?? "\(index + 1)")
            let type = swiftType(variant, hint: hint)
            guard type.text != name else {
                warn("variant \(index + 1) of '\(name)' is '\(name)' itself, which adds no value; left out", at: variant)
                continue
            }
            uses.formUnion(type.models)
            guard seenTypes.insert(type.text).inserted else {
                warn("variant \(index + 1) of '\(name)' is '\(type.text)' again; the union has one case for it", at: variant)
                continue
            }
            let parsed = try? SwiftType.parse(type.text).get()
            let derived = parsed.flatMap { SpecValidator.caseName(fromType: $0) }
            var base = derived ?? "variant\(index + 1)"
            if derived == nil, case .array(let element)? = parsed?.shape, let inner = SpecValidator.caseName(fromType: element) {
                base = inner + "List"
            }
            // An inline object's model is named after the union: its case by its title (`.ball`), or its place.
            if variant["$ref"] == nil, type.models.contains(type.text) {
                base = variant["title"]?.string.flatMap { SpecValidator.caseName(fromRawValue: $0) } ?? "variant\(index + 1)"
            }
            // With a discriminator, the case is named as the server names the variant (`.phone`).
            if let tag = tags?[index], let fromTag = SpecValidator.caseName(fromRawValue: tag) { base = fromTag }
            let caseName = ImportNames.unique(base, in: &caseNames)
            var tag = tags?[index]
            if let given = tag, parsed.map({ SpecValidator.defaultTag(of: $0) }) == given { tag = nil }
            cases.append((caseName == derived ? nil : caseName, type.text, tag))
        }
        models[name] = ImportedModel(
            name: name, description: schema["description"]?.string,
            kind: .union(cases, discriminator: tags == nil ? nil : discriminator), uses: uses)
        return true
    }

    /// Whether object variants give every property they share one schema (so one struct holds any of them).
    private func variantsAgree(_ variants: [SpecNode]) -> Bool {
        var seen: [String: String] = [:]
        for variant in variants {
            var visited: Set<String> = []
            for property in objectShape(variant, visited: &visited, depth: 0).properties {
                let text = property.schema.jsonText
                if let other = seen[property.name], other != text { return false }
                seen[property.name] = text
            }
        }
        return true
    }

    /// The discriminator's value for each variant: the `mapping` key that names it, else the schema's name (for a
    /// reference) or the one value its property allows (`enum: [phone]`, `const`). Nil, with a warning, when a
    /// variant is not an object with the property as a string, or its tag cannot be told or is another's: the
    /// union then decodes the first variant that fits.
    private mutating func unionTags(_ name: String, schema: SpecNode, variants: [SpecNode], property: String) -> [String]? {
        var mapped: [String: String] = [:]
        for member in schema["discriminator"]?["mapping"]?.members ?? [] {
            guard let value = member.value.string else { continue }
            let reference = value.hasPrefix("#") ? value : "#/components/schemas/" + value
            if let first = mapped[reference] {
                warn(
                    "the discriminator mapping of '\(name)' gives '\(member.key)' and '\(first)' to one schema; a value "
                        + "'\(member.key)' does not decode (a union case has one tag)", at: member.value)
            } else {
                mapped[reference] = member.key
            }
        }
        var tags: [String] = []
        let node = schema["discriminator"] ?? schema
        for (index, variant) in variants.enumerated() {
            func giveUp(_ why: String) -> [String]? {
                warn(
                    "the discriminator '\(property)' of '\(name)' is not used: variant \(index + 1) \(why); '\(name)' "
                        + "decodes the first variant that fits, in the order written", at: node)
                return nil
            }
            var target = variant
            var reference: String?
            if let ref = variant["$ref"]?.string {
                reference = ref
                guard let resolved = document.target(of: ref) else { return giveUp("points at nothing") }
                target = resolved
            }
            guard target["oneOf"] == nil, target["anyOf"] == nil, isObjectLike(target, depth: 0) else {
                return giveUp("is not an object with properties")
            }
            var visited: Set<String> = []
            guard let found = objectShape(target, visited: &visited, depth: 0).properties.first(where: { $0.name == property })
            else { return giveUp("has no property '\(property)'") }
            var propertySchema = found.schema
            if let ref = propertySchema["$ref"]?.string, let resolved = document.target(of: ref) { propertySchema = resolved }
            let single = propertySchema["const"]?.string
                ?? propertySchema["enum"]?.items.flatMap { $0.count == 1 ? $0[0].string : nil }
            let isText = stringEnumValues(propertySchema) != nil
                || (types(of: propertySchema).filter { $0 != "null" } == ["string"] && stringType(propertySchema) == "String")
                || single != nil
            guard isText else { return giveUp("has '\(property)' as another type than a string") }
            let tag = reference.flatMap { mapped[$0] } ?? reference.flatMap { OpenAPIDocument.schemaName(ofReference: $0) } ?? single
            guard let tag else { return giveUp("is written inline, and no single value of '\(property)' names it") }
            guard !tags.contains(tag) else { return giveUp("has the tag '\(tag)' of another") }
            tags.append(tag)
        }
        return tags
    }
}
