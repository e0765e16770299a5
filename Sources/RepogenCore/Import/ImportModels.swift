/// The imported models: a struct from an object schema (with `allOf`, `oneOf`, `anyOf` merged) or a string enum,
/// and unions.
extension OpenAPIImporter {
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
        if let values = integerEnumValues(schema) {
            var model = ImportedModel(name: name, description: description, kind: .enumeration(values.map { ($0.name, $0.value) }))
            model.isIntegerEnum = true
            models[name] = model
            return
        }
        if buildUnion(name, from: schema) { return }
        var visited: Set<String> = []
        let shape = objectShape(schema, visited: &visited, depth: 0)
        var fields: [ImportedField] = []
        var fieldNames: Set<String> = []
        var uses: Set<String> = []
        // Keys besides the properties: a stored `additionalProperties` of their values' type.
        var additionalType: ImportedType?
        if let additional = shape.additional, additional.bool != false, !shape.properties.isEmpty {
            additionalType = additional.bool == true ? .any : swiftType(additional, hint: name + "AdditionalProperties")
        }
        for property in shape.properties {
            var fieldName = ImportNames.memberName(property.name)
            if fieldName == "codingKeys" || fieldName == "CodingKeys" { fieldName += "Value" }
            if additionalType != nil, fieldName == SpecValidator.additionalPropertiesName { fieldName += "Value" }
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
        if let additionalType { uses.formUnion(additionalType.models) }
        if fields.isEmpty {
            warn("'\(name)' has no properties; it is a struct without fields", at: schema)
        }
        models[name] = ImportedModel(
            name: name, description: description, kind: .fields(fields), uses: uses, additionalProperties: additionalType?.optionalText)
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
            // The union itself is a case without a discriminator (an indirect case, whose value is one of the
            // others); with one, its tag would pick the union again without end.
            if type.text == name, tags != nil {
                warn(
                    "variant \(index + 1) of '\(name)' is '\(name)' itself, which its discriminator value would pick "
                        + "again without end; left out (the value is one of the other variants)", at: variant)
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
