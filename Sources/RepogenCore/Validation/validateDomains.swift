/// Checks the `domain` of models: the domain type's name, and for each of its fields the DTO field it
/// copies (converting nested DTOs with their own `toDomain()`) or the value it computes.
extension SpecValidator {
    mutating func validateDomains(_ specs: [ModelSpec]) -> [DomainModel] {
        // First every DTO's domain type, so that a field can hold another DTO, declared before or after it.
        var withDomains: [(model: ModelSpec, domain: DomainSpec)] = []
        func collect(_ models: [ModelSpec]) {
            for model in models {
                if let domain = model.domain { withDomains.append((model, domain)) }
                collect(model.nested)
            }
        }
        collect(specs)
        let names = nameDomainTypes(withDomains)
        var result: [DomainModel] = []
        for (model, domain) in withDomains {
            let dto = qualifiedName(of: model)
            guard names.domainOf[dto] == domain.name.value, let dtoFields = types.fields[dto] else { continue }
            if let checked = validateDomainModel(domain, dto: dto, dtoFields: dtoFields, names: names) {
                result.append(checked)
            }
        }
        domainTypeNames = Set(names.named.keys)
        domainOfDTO = names.domainOf
        return result
    }

    /// The domain types' names, checked: each DTO's domain type (by the DTO's qualified name), where each is named,
    /// and whether each is hashable (for the fields of hashable ones that hold another).
    private struct DomainTypeNames {
        var domainOf: [String: String] = [:]
        var named: [String: SourceLocation] = [:]
        var hashableDomains: [String: Bool] = [:]
    }

    /// Checks the name of each domain type and that its model can map to one (a struct, not generic).
    private mutating func nameDomainTypes(_ withDomains: [(model: ModelSpec, domain: DomainSpec)]) -> DomainTypeNames {
        var names = DomainTypeNames()
        for (model, domain) in withDomains {
            let name = domain.name
            if !SwiftIdentifier.isValid(name.value) || SwiftIdentifier.isKeyword(name.value) || name.value == "Any" {
                error("domain type name '\(name.value)' is not a valid Swift type name", at: name.location)
            } else if isTypeName(name.value) {
                error("domain type '\(name.value)' has the name of another type of the spec or of the generated code; "
                      + "domain types need names of their own", at: name.location)
            } else if let member = shadowedMember(name.value) {
                error("domain type '\(name.value)' would be taken for \(member) where the generated code writes the "
                      + "type as a value ('\(name.value).self'); rename the domain type", at: name.location)
            } else if let first = names.named[name.value] {
                error("domain type '\(name.value)' is declared twice (first at line \(first.line))", at: name.location)
            } else if !model.typeParameters.isEmpty {
                error("generic model '\(model.name.value)' cannot map to a domain type; map its concrete uses", at: domain.location)
            } else if case .union = model.kind {
                error("union '\(model.name.value)' cannot map to a domain type; map the models of its cases",
                      at: domain.location)
            } else if case .enumeration = model.kind {
                error("enum '\(model.name.value)' cannot map to a domain type; a domain type maps a struct's fields",
                      at: domain.location)
            } else {
                names.named[name.value] = name.location
                names.domainOf[qualifiedName(of: model)] = name.value
                names.hashableDomains[name.value] = domain.hashable?.value == true
            }
        }
        return names
    }

    /// The domain type of the DTO `dto`: its fields, each copied from a DTO field or computed, and its identity;
    /// nil after reporting a problem.
    private mutating func validateDomainModel(
        _ domain: DomainSpec, dto: String, dtoFields: [Field], names: DomainTypeNames
    ) -> DomainModel? {
        var fields: [DomainField] = []
        // Where each field's type is written: a copied one in its DTO, a computed one at the top level.
        var scopes: [[String]] = []
        var ok = true
        for field in domain.fields {
            guard checkDomainFieldName(field, domain: domain) else {
                ok = false
                continue
            }
            if domain.hashable?.value == true, field.name.value == Self.hashValueName {
                error(
                    Self.hashValueMessage(
                        of: "hashable domain type '\(domain.name.value)'", fix: "copying the DTO field with from:"),
                    at: field.name.location)
                ok = false
            }
            if let mapped = validateDomainField(field, domain: domain.name.value, dto: dto, dtoFields: dtoFields, domainOf: names.domainOf) {
                fields.append(mapped)
                scopes.append(field.value == nil ? dto.componentsAtDots() : [])
                if domain.hashable?.value == true,
                    let problem = hashableProblem(mapped.type, scope: scopes[scopes.count - 1], domainTypes: names.hashableDomains)
                {
                    error(
                        "field '\(mapped.name)' of hashable domain type '\(domain.name.value)' holds \(problem)",
                        at: field.name.location)
                    ok = false
                }
            } else {
                ok = false
            }
        }
        var identity: Identity?
        if ok, let identifiable = domain.identifiable {
            identity = self.identity(
                identifiable, fields: zip(fields, scopes).map { (name: $0.name, type: $0.type, scope: $1) },
                what: "domain type '\(domain.name.value)'", domainTypes: names.hashableDomains)
            ok = identity != nil
        }
        guard ok else { return nil }
        return DomainModel(
            name: domain.name.value, documentation: domain.description?.value, dto: dto, fields: fields,
            isHashable: domain.hashable?.value == true, identity: identity)
    }

    /// Whether a domain field's name is a Swift identifier, and not `RawValue`.
    private mutating func checkDomainFieldName(_ field: DomainFieldSpec, domain: DomainSpec) -> Bool {
        guard checkIdentifier(field.name, what: "field of domain type '\(domain.name.value)'") else { return false }
        if field.name.value == Self.rawValueTypeName {
            // Each field is a case of the synthesized `CodingKeys: String` enum, as in a model.
            error(
                "field 'RawValue' of domain type '\(domain.name.value)' would be a case of its CodingKeys, a "
                    + "String enum, where it is taken for RawRepresentable's RawValue; rename the field",
                at: field.name.location)
            return false
        }
        return true
    }

    private mutating func validateDomainField(
        _ field: DomainFieldSpec, domain: String, dto: String, dtoFields: [Field], domainOf: [String: String]
    ) -> DomainField? {
        let what = "field '\(field.name.value)' of domain type '\(domain)'"
        if let value = field.value {
            if let from = field.from {
                error("\(what) has both 'from' and 'value'; give one", at: from.location)
                return nil
            }
            guard let typeText = field.type else {
                error("\(what) computes its value: give its 'type' too", at: value.location)
                return nil
            }
            guard case .success(let type) = parseType(typeText.value) else {
                error("invalid type '\(typeText.value)' for \(what)", at: typeText.location)
                return nil
            }
            guard checkReferences(type, at: typeText.location, what: what) else { return nil }
            // A domain type is Codable (a cached read stores it, and a disk cache encodes it).
            guard checkCodable(type, at: typeText.location, what: what),
                checkNoVoid(type, at: typeText.location, what: what)
            else { return nil }
            let expression: String
            switch Self.domainValue(value.value, type: type) {
            case .success(let written):
                expression = written
            case .failure(let failure):
                error("\(what): \(value.value.trimmingSpaces()) \(failure.reason)", at: value.location)
                return nil
            case nil:
                error(
                    "\(what): '\(value.value)' is not a value of type '\(type)' repogen can write; use UUID(), Date(), "
                        + "nil, [], [:], a number, true, false or a quoted string", at: value.location)
                return nil
            }
            return DomainField(
                name: field.name.value, type: type, documentation: field.description?.value, value: expression)
        }
        // Copied from a DTO field: `from`, or the field of the same name.
        let source = field.from ?? field.name
        guard let dtoField = dtoFields.first(where: { $0.name == source.value }) else {
            let hint = NameSuggester.hint(for: source.value, among: dtoFields.map(\.name))
            error("\(what) takes '\(source.value)', which '\(dto)' does not have\(hint)", at: source.location)
            return nil
        }
        let scope = dto.componentsAtDots()
        guard let (type, conversion) = domainType(of: dtoField.type, scope: scope, domainOf: domainOf) else {
            error(
                "\(what): '\(dtoField.name)' of '\(dto)' holds a DTO with a domain type inside a '\(dtoField.type)', "
                    + "which repogen cannot convert; it converts T, T?, [T] and [T]?", at: source.location)
            return nil
        }
        if let typeText = field.type {
            guard case .success(let declared) = parseType(typeText.value), declared.description == type.description else {
                error(
                    "\(what) is declared '\(typeText.value)', but '\(dtoField.name)' of '\(dto)' gives '\(type)'",
                    at: typeText.location)
                return nil
            }
        }
        return DomainField(
            name: field.name.value, type: type, documentation: field.description?.value ?? dtoField.documentation,
            value: conversion.map { $0.apply(to: "self." + SwiftIdentifier.escaped(dtoField.name)) }
                ?? "self." + SwiftIdentifier.escaped(dtoField.name))
    }

    /// What a repository returns for an endpoint's response: its domain type when it holds a DTO that has one
    /// (`T`, `T?`, `[T]`, `[T]?`), nil otherwise (with a warning when a DTO with a domain type is inside another
    /// shape, which stays as it is).
    mutating func domainResponse(_ type: SwiftType, endpoint: String, at location: SourceLocation) -> DomainResponse? {
        guard !domainOfDTO.isEmpty else { return nil }
        guard let (domain, conversion) = domainType(of: type, scope: [], domainOf: domainOfDTO) else {
            diagnostics.emit(Diagnostic(
                .warning,
                "the response '\(type)' of '\(endpoint)' stays a DTO in the repository: it converts a DTO with a domain "
                    + "type as T, T?, [T] and [T]?", at: location))
            return nil
        }
        guard let conversion else { return nil }
        return DomainResponse(type: domain.description, conversion: conversion)
    }

    /// The domain type of a DTO field's type, and how to convert a value of it (nil: the same type, no conversion);
    /// nil when a DTO with a domain type is inside a shape that is not converted.
    private func domainType(
        of type: SwiftType, scope: [String], domainOf: [String: String]
    ) -> (SwiftType, DomainConversion?)? {
        func mapped(_ type: SwiftType) -> String? {
            guard case .named(let name, let arguments) = type.shape, arguments.isEmpty,
                let model = types.model(named: name, in: scope)
            else { return nil }
            return domainOf[model]
        }
        func parsed(_ text: String) -> SwiftType { (try? SwiftType.parse(text).get()) ?? .named(text) }
        if let domain = mapped(type) {
            return (.named(domain), .value)
        }
        switch type.shape {
        case .optional(let wrapped):
            if let domain = mapped(wrapped) { return (parsed(domain + "?"), .optional) }
            if case .array(let element) = wrapped.shape, let domain = mapped(element) {
                return (parsed("[" + domain + "]?"), .optionalArray)
            }
        case .array(let element):
            if let domain = mapped(element) { return (.array(of: .named(domain)), .array) }
        default:
            break
        }
        // Anywhere else, a DTO with a domain type would stay a DTO inside the domain type: not converted.
        let inside = type.referencedNames.contains { name in
            types.model(named: name, in: scope).map { domainOf[$0] != nil } ?? false
        }
        return inside ? nil : (type, nil)
    }

    /// The Swift expression for a computed domain value, when it has type `type`: nil when it is not a value of it,
    /// a failure for a number the type cannot take as a literal (out of range, inexact; see `NumberLiteral`).
    static func domainValue(_ text: String, type: SwiftType) -> Result<String, NumberLiteral.Failure>? {
        let value = text.trimmingSpaces()
        let base = type.unwrapped
        let name = base.simpleName ?? ""
        switch value {
        case "UUID()", "Foundation.UUID()": return name == "UUID" ? .success("UUID()") : nil
        case "Date()", "Foundation.Date()": return name == "Date" ? .success("Date()") : nil
        case "nil": return type.isOptional ? .success("nil") : nil
        case "[]": if case .array = base.shape { return .success("[]") } else { return nil }
        case "[:]": if case .dictionary = base.shape { return .success("[:]") } else { return nil }
        case "true", "false": return name == "Bool" ? .success(value) : nil
        default: break
        }
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            guard name == "String" else { return nil }
            return .success(SwiftCode.stringLiteral(String(value.dropFirst().dropLast())))
        }
        // A number, spelled as Swift needs it (`.5` is `0.5`), and one the type takes as a literal.
        return NumberLiteral.literal(value, forTypeNamed: name)
    }
}

