/// The conformances a spec asks of a model or a domain type beyond `Codable, Sendable, Equatable`: `hashable`,
/// `identifiable`, and an enum's `unknown` case. What Swift could not synthesize is an error at the key.
extension SpecValidator {
    /// What `validateConformances` found: the model's extra conformances, or false `ok` after reporting.
    struct Conformances {
        var isHashable = false
        var identity: Identity?
        var unknownCase: String?
        var ok = true
    }

    /// Checks `hashable`, `identifiable` and `unknown` of a model whose fields (or cases) are valid.
    mutating func validateConformances(
        _ spec: ModelSpec, kind: Model.Kind, typeParameters: [String], scope: [String]
    ) -> Conformances {
        switch kind {
        case .fields(let fields):
            return fieldsConformances(spec, fields: fields, typeParameters: typeParameters, scope: scope)
        case .union(let union):
            return unionConformances(spec, union: union, scope: scope)
        case .enumeration(let cases):
            return enumConformances(spec, cases: cases)
        }
    }

    /// The conformances of a model with fields: `hashable` when every field is, `identifiable` by a field of it; no
    /// field named like a requirement of the conformances, and no `unknown` (an enum's).
    private mutating func fieldsConformances(
        _ spec: ModelSpec, fields: [Field], typeParameters: [String], scope: [String]
    ) -> Conformances {
        var result = Conformances()
        let name = spec.name.value
        // Each field is a case of the model's `CodingKeys: String` enum, where a case `RawValue` would take the
        // place of RawRepresentable's associated type.
        if fields.contains(where: { $0.name == Self.rawValueTypeName }) {
            let location = fieldLocation(Self.rawValueTypeName, of: scope.joined(separator: ".")) ?? spec.name.location
            error(
                "field 'RawValue' of model '\(name)' would be a case of its CodingKeys, a String enum, where it is taken "
                    + "for RawRepresentable's RawValue; rename the field and keep the key with json: RawValue",
                at: location)
            result.ok = false
        }
        if let unknown = spec.unknown {
            error(
                "'unknown' of model '\(name)' names the case a string enum keeps unlisted values in; "
                    + "'\(name)' has fields, not 'enum'", at: unknown.location)
            result.ok = false
        }
        if let hashable = spec.hashable, hashable.value {
            if !typeParameters.isEmpty {
                error(
                    "generic model '\(name)' cannot be hashable: Swift would need its type parameters to be "
                        + "Hashable too; mark the models it is used with hashable instead", at: hashable.location)
                result.ok = false
            } else {
                if fields.contains(where: { $0.name == Self.hashValueName }) {
                    let location = fieldLocation(Self.hashValueName, of: scope.joined(separator: ".")) ?? hashable.location
                    error(Self.hashValueMessage(of: "hashable model '\(name)'"), at: location)
                    result.ok = false
                }
                for field in fields {
                    guard let problem = hashableProblem(field.type, scope: scope) else { continue }
                    let location = fieldLocation(field.name, of: scope.joined(separator: ".")) ?? hashable.location
                    error("field '\(field.name)' of hashable model '\(name)' holds \(problem)", at: location)
                    result.ok = false
                }
                result.isHashable = true
            }
        }
        if let identifiable = spec.identifiable {
            // A nested `ID` would be the type Identifiable's `ID` means, not the id field's type.
            for nested in spec.nested where nested.name.value == "ID" {
                error(
                    "nested model 'ID' of identifiable model '\(name)' would be taken for Identifiable's ID, the "
                        + "type of its id, which it is not; rename the nested model", at: nested.name.location)
                result.ok = false
            }
            let members = fields.map { (name: $0.name, type: $0.type, scope: scope) }
            result.identity = identity(
                identifiable, fields: members, what: "model '\(name)'", typeParameters: typeParameters,
                nested: spec.nested.map(\.name.value))
            if result.identity == nil { result.ok = false }
        }
        return result
    }

    /// The conformances of a union: `hashable` when every case is; never `identifiable` nor `unknown`.
    private mutating func unionConformances(_ spec: ModelSpec, union: Union, scope: [String]) -> Conformances {
        var result = Conformances()
        let name = spec.name.value
        if let identifiable = spec.identifiable {
            error(
                "union '\(name)' cannot be identifiable: 'identifiable' names a field, and a union's cases have "
                    + "different types; make the cases' models identifiable instead", at: identifiable.location)
            result.ok = false
        }
        if let unknown = spec.unknown {
            error(
                "'unknown' of model '\(name)' names the case a string enum keeps unlisted values in; '\(name)' is "
                    + "a union ('oneOf'), whose value that no case decodes is a decoding error", at: unknown.location)
            result.ok = false
        }
        if let hashable = spec.hashable, hashable.value {
            for item in union.cases {
                guard let problem = hashableProblem(item.type, scope: scope) else { continue }
                error("case '\(item.name)' of hashable union '\(name)' holds \(problem)", at: hashable.location)
                result.ok = false
            }
            result.isHashable = result.ok
        }
        return result
    }

    /// The conformances of an enum: its `unknown` case, named apart from its cases; never `identifiable`, and no case
    /// or nested model named like an associated type of RawRepresentable or CaseIterable.
    private mutating func enumConformances(_ spec: ModelSpec, cases: [EnumCase]) -> Conformances {
        var result = Conformances()
        let name = spec.name.value
        // A case (or the unknown case) `RawValue` would take the place of RawRepresentable's associated type.
        if cases.contains(where: { $0.name == Self.rawValueTypeName }) {
            error(
                "enum '\(name)' has a case 'RawValue', which Swift takes for RawRepresentable's RawValue (String); "
                    + "give the case another name: { name: rawValueCase, value: … }", at: spec.name.location)
            result.ok = false
        }
        if let unknown = spec.unknown, unknown.value == Self.rawValueTypeName {
            error(
                "the unknown case 'RawValue' of enum '\(name)' would be taken for RawRepresentable's RawValue "
                    + "(String); name it otherwise", at: unknown.location)
            result.ok = false
            return result
        }
        // Inside the enum, a nested type of one of these names would be the type RawRepresentable or CaseIterable
        // means.
        for nested in spec.nested {
            guard let requirement = Self.enumAssociatedTypes[nested.name.value] else { continue }
            error(
                "nested model '\(nested.name.value)' of enum '\(name)' would be taken for \(requirement); rename the "
                    + "nested model", at: nested.name.location)
            result.ok = false
        }
        // An enum is Hashable already (`hashable: true` says nothing new).
        if let identifiable = spec.identifiable {
            error(
                "enum '\(name)' cannot be identifiable: 'identifiable' names a field, and an enum has cases; "
                    + "a list of its values can use \\.self as the id", at: identifiable.location)
            result.ok = false
        }
        if let unknown = spec.unknown {
            guard checkIdentifier(unknown, what: "the unknown case") else {
                result.ok = false
                return result
            }
            if cases.contains(where: { $0.name == unknown.value }) {
                error(
                    "the unknown case '\(unknown.value)' of enum '\(name)' has the name of one of its cases; "
                        + "name it apart from them", at: unknown.location)
                result.ok = false
            } else if cases.contains(where: { $0.name == "allCases" }) {
                error(
                    "enum '\(name)' has a case 'allCases', which clashes with the list of its known cases that "
                        + "'unknown' declares; rename the case", at: unknown.location)
                result.ok = false
            } else {
                result.unknownCase = unknown.value
            }
        }
        return result
    }

    /// A stored `hashValue: Int` stands in for Hashable's deprecated requirement (a compiler warning, an error with
    /// warnings as errors), so a hashable type has no field of that name, whatever its type.
    static let hashValueName = "hashValue"

    static func hashValueMessage(of what: String, fix: String = "keeping its JSON key with json: hashValue") -> String {
        "field 'hashValue' of \(what) would stand in for Hashable's deprecated 'hashValue' requirement (a compiler "
            + "warning, an error with warnings as errors); rename the field, \(fix)"
    }

    /// The associated types of the protocols an enum model conforms to, by name: a nested model of one of these names
    /// would be taken for it.
    /// RawRepresentable's associated type, which a case of a String enum (a spec's enum, or a model's CodingKeys)
    /// may not be named.
    static let rawValueTypeName = "RawValue"

    static let enumAssociatedTypes = [
        "RawValue": "RawRepresentable's RawValue (String)", "AllCases": "CaseIterable's AllCases (the list of its cases)",
    ]

    /// The identity of a type with these fields: its field `id`, or the field `identifiable` names (then read by a
    /// computed `id`, which nothing else of the type may be named). Nil after reporting.
    mutating func identity(
        _ identifiable: Located<String>, fields: [(name: String, type: SwiftType, scope: [String])], what: String,
        typeParameters: [String] = [], domainTypes: [String: Bool] = [:], nested: [String] = []
    ) -> Identity? {
        let fieldName = identifiable.value
        guard let field = fields.first(where: { $0.name == fieldName }) else {
            let hint = NameSuggester.hint(for: fieldName, among: fields.map(\.name))
            if fieldName == "id" {
                error(
                    "\(what) is identifiable by its field 'id', which it does not have; add the field or name the one "
                        + "that identifies it (identifiable: <field>)\(hint)", at: identifiable.location)
            } else {
                error("\(what) is identifiable by '\(fieldName)', which is not one of its fields\(hint)", at: identifiable.location)
            }
            return nil
        }
        if let problem = hashableProblem(
            field.type, scope: field.scope, typeParameters: typeParameters, domainTypes: domainTypes)
        {
            error(
                "\(what) is identifiable by '\(fieldName)', but an id must be Hashable, and '\(fieldName)' holds "
                    + problem, at: identifiable.location)
            return nil
        }
        if fieldName == "id" { return .idField }
        if fields.contains(where: { $0.name == "id" }) || nested.contains("id") {
            error(
                "\(what) is identifiable by '\(fieldName)' through a computed 'id', but it has a \(nested.contains("id") ? "nested model" : "field") "
                    + "named 'id' already; write identifiable: true to use that field, or rename it", at: identifiable.location)
            return nil
        }
        return .field(fieldName, field.type)
    }

    /// Why a value of `type` (written in `scope`) is not `Hashable` (`'Tag', which is not Hashable; …`), or nil when
    /// it is. Built-in types and enums are; a struct model is when it is hashable; a domain type (`domainTypes`, for
    /// a domain type's fields) when it is; an external type is trusted, as for `Codable`.
    func hashableProblem(
        _ type: SwiftType, scope: [String], typeParameters: [String] = [], domainTypes: [String: Bool] = [:]
    ) -> String? {
        switch type.shape {
        case .optional(let wrapped):
            return hashableProblem(wrapped, scope: scope, typeParameters: typeParameters, domainTypes: domainTypes)
        case .array(let element):
            return hashableProblem(element, scope: scope, typeParameters: typeParameters, domainTypes: domainTypes)
        case .dictionary(let key, let value):
            return hashableProblem(key, scope: scope, typeParameters: typeParameters, domainTypes: domainTypes)
                ?? hashableProblem(value, scope: scope, typeParameters: typeParameters, domainTypes: domainTypes)
        case .named(let name, let arguments):
            if arguments.isEmpty, typeParameters.contains(name) {
                return "the type parameter '\(name)', which is not known to be Hashable"
            }
            if arguments.isEmpty, let hashable = domainTypes[name] {
                return hashable
                    ? nil : "the domain type '\(name)', which is not Hashable; mark it hashable (hashable: true in its 'domain')"
            }
            if let model = types.model(named: name, in: scope) {
                if types.enumCases[model] != nil || types.hashable.contains(model) { return nil }
                return "'\(model)', which is not Hashable; mark '\(model)' hashable (hashable: true)"
            }
            let plain = TypeScope.unqualified(name)
            if plain == "UploadFile" || plain == "Void" { return "'\(plain)', which is not Hashable" }
            return nil
        }
    }
}
