/// Schema → Swift type: the type a schema imports as, creating models for inline objects, enums and compositions.
extension OpenAPIImporter {
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
            if let part = primitiveAllOfPart(schema, depth: depth) {
                // Scalars of one kind: the value is the most specific of them.
                var type = swiftType(part, hint: hint, depth: depth + 1)
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

    /// A string or integer enum becomes a model; other enums keep their type, with a warning that the values are not
    /// checked.
    private mutating func enumeration(_ schema: SpecNode, values: [SpecNode], kind: String?, hint: String) -> ImportedType {
        let strings = values.filter { !$0.isNull }
        if stringEnumValues(schema) != nil || integerEnumValues(schema) != nil {
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
            warn("the values of an enum of neither strings nor integers are not checked: a Swift enum is made of strings or Ints; typed as \(type.text)", at: schema["enum"] ?? schema)
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
}
