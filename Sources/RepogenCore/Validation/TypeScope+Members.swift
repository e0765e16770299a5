/// What a placeholder can read of a value of a type: the members of the spec's models, of Foundation types
/// (`BuiltinMembers`), and whether the value has one text form. A spec's own validation and the cross-check stage
/// (for a type another spec declares) ask the same questions.
extension TypeScope {
    /// Built-in types with one text form, written as `value.description`.
    static let textTypes: Set<String> = [
        "String", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "Decimal", "UUID", "URL",
    ]

    /// Why a value of `type` cannot be written as text, or nil when it can (or is an external type: the cross-check
    /// stage asks again with the types of the spec that declares it, if one does).
    func textProblem(_ type: SwiftType, scope: [String], reference: String) -> String? {
        let base = type.unwrapped
        switch base.shape {
        case .array, .dictionary:
            return "is a '\(base)', not one value that can be written as text"
        case .optional:
            return nil
        case .named(let name, _):
            if let model = model(named: name, in: scope) {
                if enumCases[model] != nil {
                    return "is the enum '\(model)'; write its raw value, '{\(reference).rawValue}'"
                }
                if unions[model] != nil {
                    return "is the union '\(model)', whose cases have no one text form; pass the text as a String"
                }
                return "is the model '\(model)', not one value that can be written as text; name one of its fields"
            }
            let plain = TypeScope.unqualified(name)
            if Self.textTypes.contains(plain) { return nil }
            if TypeScope.builtins.contains(plain) {
                return "is a '\(plain)', with no single text form here; pass it as a String"
            }
            return nil
        }
    }

    /// What reading `member` of a value of `type` gives.
    enum MemberLookup {
        /// The member's type, and the scope its type is written in.
        case found(SwiftType, [String])
        /// A model of the spec without that field: its name, and its fields for a hint.
        case missing(String, [String])
        /// A field typed by a type parameter (`T` of `Page<T>`): its value is read as it is, but its type is the
        /// argument's, which is not tracked, so nothing can be read from it. The text names the type (`the type
        /// parameter 'T' of 'Page'`).
        case typeParameterField(String)
        /// A type whose members cannot be read: why (`'URL' has no member 'hots' a placeholder can read; ...`).
        case unreadable(String)
        /// A type that is not valid (reported where it is written): members are not checked.
        case unknown
        /// A type of `externalTypes` (its name as written): another spec of the run may declare it, which the
        /// cross-check stage looks up (`ExternalRead`); an app's own type is trusted.
        case external(String)
    }

    func memberType(of type: SwiftType, _ member: String, scope: [String]) -> MemberLookup {
        guard case .named(let name, _) = type.unwrapped.shape,
            let model = model(named: name, in: scope)
        else { return foreignMember(of: type, member, scope: scope) }
        let modelScope = model.utf8.contains(UInt8(ascii: ".")) ? model.split(separator: ".").map(String.init) : [model]
        if enumCases[model] != nil {
            let rawType = integerEnums.contains(model) ? "Int" : "String"
            return member == "rawValue" ? .found(SwiftType.named(rawType), []) : .missing(model, ["rawValue"])
        }
        // A union has no fields of its own: its cases do.
        if unions[model] != nil { return .missing(model, []) }
        guard let fields = fields[model] else { return .unknown }
        guard let field = fields.first(where: { $0.name == member }) else {
            return .missing(model, fields.map(\.name))
        }
        // A field typed by a generic parameter has the type of the argument, which is not tracked.
        let parameters = typeParameters[model] ?? []
        if let parameter = field.type.referencedNames.first(where: parameters.contains) {
            return .typeParameterField("typed by the type parameter '\(parameter)' of '\(model)'")
        }
        return .found(field.type, modelScope)
    }

    /// A member of a type the spec does not define: a built-in type's from `BuiltinMembers`; a type parameter's
    /// members are not known, so reading one is an error; an external type's are checked across specs.
    func foreignMember(of type: SwiftType, _ member: String, scope: [String]) -> MemberLookup {
        if case .named(let name, _) = type.unwrapped.shape {
            let plain = TypeScope.unqualified(name)
            let isBuiltin = TypeScope.builtins.contains(plain) && (plain == name || name.hasSuffix("." + plain))
            if !isBuiltin {
                let head = name.split(separator: ".").first.map(String.init) ?? name
                // An external type is declared by another spec of the module or by the app: the cross-check stage
                // checks its members against the spec that declares it; the app's own are trusted.
                if isExternal(name) { return .external(name) }
                if scope.indices.contains(where: { (typeParameters[scope[...$0].joined(separator: ".")] ?? []).contains(name) }) {
                    return .unreadable("'\(name)' is a type parameter, whose members repogen does not know")
                }
                if modules.contains(head) && head != name {
                    return .unreadable("'\(name)' is a type whose members repogen does not know; pass the value as an input of its own")
                }
                // An unknown type name, reported where it is written.
                return .unknown
            }
        }
        switch BuiltinMembers.lookup(type, member) {
        case .success(let memberType):
            return .found(memberType, [])
        case .failure(let unavailable):
            guard !unavailable.members.isEmpty else {
                return .unreadable("'\(unavailable.type)' has no members a placeholder can read")
            }
            let hint = NameSuggester.hint(for: member, among: unavailable.members)
            return .unreadable(
                "'\(unavailable.type)' has no member '\(member)' a placeholder can read\(hint) (it offers "
                    + unavailable.members.map { "'\($0)'" }.joined(separator: ", ") + ")")
        }
    }

    /// Whether `name` is a type of `externalTypes` or one nested in it (`Feed.Item` for `Feed`).
    func isExternal(_ name: String) -> Bool {
        if external.contains(name) { return true }
        guard let dot = name.firstIndex(of: ".") else { return false }
        return external.contains(String(name[..<dot]))
    }
}
