/// Turns a field's `default` (a JSON value from the spec) into Swift source for the memberwise initializer,
/// checked against the field's type so that the generated code compiles: `20`, `[]`, `"LATEST"`, `.distanceAsc`,
/// `[.userStore, .bossStore]`, `nil`.
enum DefaultValue {
    struct Failure: Error {
        /// Completes "the default of field 'x' of 'Model' …".
        var message: String
    }

    static func literal(
        for node: SpecNode, type: SwiftType, scope: [String], types: TypeScope
    ) -> Result<String, Failure> {
        do throws(Failure) {
            return .success(try literal(node, type, scope: scope, types: types, depth: 0))
        } catch {
            return .failure(error)
        }
    }

    private static func literal(
        _ node: SpecNode, _ type: SwiftType, scope: [String], types: TypeScope, depth: Int
    ) throws(Failure) -> String {
        guard depth < 32 else { throw Failure(message: "is nested too deeply") }
        if case .optional(let wrapped) = type.shape {
            if case .null = node.kind { return "nil" }
            return try literal(node, wrapped, scope: scope, types: types, depth: depth + 1)
        }
        let mismatch = Failure(message: "is \(node.kindDescription), which is not a value of type '\(type)'")
        switch (type.shape, node.kind) {
        case (.array(let element), .array(let items)):
            var values: [String] = []
            for item in items {
                values.append(try literal(item, element, scope: scope, types: types, depth: depth + 1))
            }
            return "[" + values.joined(separator: ", ") + "]"
        case (.dictionary(let key, let value), .object(let members)):
            guard key.description == "String" else {
                throw Failure(message: "is an object; only dictionaries with String keys can have a default")
            }
            if members.isEmpty { return "[:]" }
            var entries: [String] = []
            for member in members {
                let text = try literal(member.value, value, scope: scope, types: types, depth: depth + 1)
                entries.append(SwiftCode.stringLiteral(member.key) + ": " + text)
            }
            return "[" + entries.joined(separator: ", ") + "]"
        case (.named(let rawName, let arguments), _):
            let name = TypeScope.unqualified(rawName)
            if arguments.isEmpty, let model = types.model(named: rawName, in: scope) {
                guard let cases = types.enumCases[model] else {
                    throw Failure(message: "cannot be written for '\(type)': defaults are for numbers, strings, booleans, enums and lists of them")
                }
                let raw: String
                switch node.kind {
                case .string(let text) where !types.integerEnums.contains(model): raw = text
                case .number(let text) where types.integerEnums.contains(model):
                    // An Int enum's value by its one spelling: `1`, `+1` and `01` are the same case.
                    raw = SpecValidator.integerRawValue(text) ?? text
                default: throw mismatch
                }
                guard let caseName = cases[raw] else {
                    let values = types.integerEnums.contains(model)
                        ? cases.keys.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) } : cases.keys.sorted()
                    let hint = values.count <= 12
                        ? "; expected one of " + values.joined(separator: ", ") : NameSuggester.hint(for: raw, among: values)
                    let shown = types.integerEnums.contains(model) ? raw : "'\(raw)'"
                    throw Failure(message: "is \(shown), which is not a value of enum '\(type)'\(hint)")
                }
                // `.none` and `.some` in an optional's context are Optional's own (Swift warns and takes nil): a case of
                // those names is written with its enum's name.
                if caseName == "none" || caseName == "some" { return type.description + "." + SwiftIdentifier.escaped(caseName) }
                return "." + SwiftIdentifier.escaped(caseName)
            }
            switch (name, node.kind) {
            case ("Bool", .bool(let flag)):
                return flag ? "true" : "false"
            case ("String", .string(let text)):
                return SwiftCode.stringLiteral(text)
            case ("Character", .string(let text)):
                guard text.count == 1 else { throw Failure(message: "must be a single character for 'Character', not '\(text)'") }
                return SwiftCode.stringLiteral(text)
            case (_, .number(let text)) where NumberLiteral.isNumericType(name):
                switch NumberLiteral.literal(text, forTypeNamed: name) {
                case .success(let literal)?: return literal
                case .failure(let failure)?: throw Failure(message: "is \(text), which \(failure.reason)")
                case nil: throw mismatch
                }
            default:
                if case .null = node.kind {
                    throw Failure(message: "is null, but '\(type)' is not optional")
                }
                if isSupported(name) { throw mismatch }
                throw Failure(
                    message: "cannot be written for '\(type)': defaults are for numbers, strings, booleans, enums and lists of them")
            }
        default:
            if case .null = node.kind { throw Failure(message: "is null, but '\(type)' is not optional") }
            throw mismatch
        }
    }

    /// Types a default can be written for.
    private static func isSupported(_ name: String) -> Bool {
        name == "Bool" || name == "String" || name == "Character" || NumberLiteral.isNumericType(name)
    }
}
