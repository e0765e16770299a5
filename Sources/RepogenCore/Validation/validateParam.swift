/// What a value encodes to in JSON, as far as the spec tells.
indirect enum ValueKind: Equatable {
    /// A string, number or boolean: built-in scalars, `Date`, `URL`, `UUID`, string enums.
    case scalar
    case array(ValueKind)
    /// A struct model of the spec (its qualified name).
    case object(String)
    /// A dictionary: a JSON object with keys known only at run time.
    case dictionary(key: String, value: ValueKind)
    /// An external type or a type parameter: repogen cannot tell.
    case unknown
}

extension TypeScope {
    /// Built-in types that encode as one JSON string, number or boolean.
    static let scalars: Set<String> = [
        "String", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "Decimal", "Date", "URL", "Data", "UUID",
    ]

    func valueKind(_ type: SwiftType, scope: [String]) -> ValueKind {
        switch type.shape {
        case .optional(let wrapped): return valueKind(wrapped, scope: scope)
        case .array(let element): return .array(valueKind(element, scope: scope))
        case .dictionary(let key, let value): return .dictionary(key: key.description, value: valueKind(value, scope: scope))
        case .named(let name, _):
            if let model = model(named: name, in: scope) {
                if let union = unions[model] {
                    // A union encodes as its case's payload: one scalar when every case is one, else unknown here.
                    let inner = model.split(separator: ".").map(String.init)
                    let kinds = union.cases.map { item -> ValueKind in
                        // A case that is a union itself is not followed (two unions may hold each other).
                        if case .named(let caseName, _) = item.type.unwrapped.shape,
                            let caseModel = self.model(named: caseName, in: inner), unions[caseModel] != nil
                        {
                            return .unknown
                        }
                        return valueKind(item.type, scope: inner)
                    }
                    return kinds.allSatisfy { $0 == .scalar } ? .scalar : .unknown
                }
                return enumCases[model] != nil ? .scalar : .object(model)
            }
            let plain = TypeScope.unqualified(name)
            return Self.scalars.contains(plain) ? .scalar : .unknown
        }
    }

    /// Why a value of this kind cannot be one query item (`key=value` or a joined list), or nil when it can.
    static func queryProblem(_ kind: ValueKind) -> String? {
        switch kind {
        case .scalar, .unknown: return nil
        case .array(let element):
            switch element {
            case .scalar, .unknown: return nil
            case .array: return "an array of arrays"
            case .object, .dictionary: return "an array of objects"
            }
        case .object: return "a nested object"
        case .dictionary: return "a dictionary"
        }
    }
}

/// Validation of `param`: a reference, a dictionary of keys, or a list of parts merged into one object; and, when
/// the param may go to the query string, that every value can be written there.
extension SpecValidator {
    ///
    /// `form`: the param is an `application/x-www-form-urlencoded` body (`body: form`), checked as the query string
    /// is (`inQuery` must be true) and named so in the errors.
    /// `valueKeys`: keys whose value is sent whole in one style of its own (`queryArrays`' `json` and
    /// `deepObject`), which `validateQueryArrays` checks instead of the one-item rule.
    mutating func validateParam(
        _ spec: ParamSpec?, scope: InputScope, inQuery: Bool, form: Bool = false, valueKeys: Set<String> = []
    ) -> Param? {
        guard let spec else { return Param.none }
        let flat = FlatPlace(form: form)
        switch spec {
        case .value(let text):
            func place() -> String { "the param of '\(scope.endpoint)'" }
            guard let parts = resolveTemplate(text, scope: scope, allowOptional: true, place: place()) else { return nil }
            guard parts.count == 1, case .reference(let reference) = parts[0] else {
                error(
                    "\(place()) must be a single reference like \"{input}\"; use an object to build a dictionary",
                    at: text.location)
                return nil
            }
            // A `BodyChoice` input is the body as the app chose it: JSON, text or bytes, each with its Content-Type.
            if let type = reference.type, case .named(let name, let arguments) = type.unwrapped.shape,
                TypeScope.unqualified(name) == "BodyChoice"
            {
                if inQuery || form {
                    error(
                        "\(place()) is a BodyChoice, a body sent as JSON, text or bytes, but it goes to the "
                            + (form ? "form body" : "query string (GET, 'usingQuery: true', a DELETE without 'usingQuery: false', or an upload)"),
                        at: text.location)
                    return nil
                }
                guard arguments.count == 1, checkCodable(arguments[0], at: text.location, what: place()) else {
                    if arguments.count != 1 { error("\(place()) must be a BodyChoice of one JSON type, like BodyChoice<Stats>", at: text.location) }
                    return nil
                }
                return .value(reference)
            }
            if let type = reference.type, !checkCodable(type, at: text.location, what: place()) { return nil }
            if inQuery, !checkQueryObject(reference, scope: scope, at: text.location, place: place(), flat: flat) {
                return nil
            }
            return .value(reference)
        case .fields(let fields):
            var keys: [String: String] = [:]
            return validateParamFields(fields, scope: scope, inQuery: inQuery, flat: flat, valueKeys: valueKeys, keys: &keys).map(Param.fields)
        case .merged(let specs):
            var parts: [ParamPart] = []
            var keys: [String: String] = [:]
            var ok = true
            for part in specs {
                switch part {
                case .spread(let text):
                    if let reference = validateSpread(text, scope: scope, inQuery: inQuery, flat: flat, keys: &keys) {
                        parts.append(.spread(reference))
                    } else {
                        ok = false
                    }
                case .fields(let fields):
                    if let entries = validateParamFields(fields, scope: scope, inQuery: inQuery, flat: flat, valueKeys: valueKeys, keys: &keys) {
                        parts.append(.fields(entries))
                    } else {
                        ok = false
                    }
                }
            }
            return ok ? .merged(parts) : nil
        }
    }

    /// The keys of a dictionary param; `keys` holds the keys already given (key -> where), to report duplicates.
    private mutating func validateParamFields(
        _ fields: [ParamField], scope: InputScope, inQuery: Bool, flat: FlatPlace, valueKeys: Set<String>,
        keys: inout [String: String]
    ) -> [ParamEntry]? {
        var entries: [ParamEntry] = []
        var ok = true
        for field in fields {
            if case .firstOf(let alternatives, let location) = field.value {
                if let entry = validateFirstOf(
                    alternatives, at: location, scope: scope, inQuery: inQuery, flat: flat, valueKeys: valueKeys,
                    keys: &keys)
                {
                    entries.append(entry)
                } else {
                    ok = false
                }
                continue
            }
            if let owner = keys[field.key.value] {
                error("duplicate param key '\(field.key.value)' in '\(scope.endpoint)'\(owner)", at: field.key.location)
                ok = false
                continue
            }
            keys[field.key.value] = ""
            guard let value = validateParamValue(field, scope: scope) else {
                ok = false
                continue
            }
            if case .reference(let reference) = value, let type = reference.type,
                !checkCodable(type, at: field.value.location, what: "param '\(field.key.value)' of '\(scope.endpoint)'")
            {
                ok = false
                continue
            }
            if inQuery, !valueKeys.contains(field.key.value), case .reference(let reference) = value, let type = reference.type,
                let problem = TypeScope.queryProblem(types.valueKind(type, scope: reference.typeScope))
            {
                error(
                    "param '\(field.key.value)' of '\(scope.endpoint)' \(flat.goes), but its value is "
                        + "\(problem) ('\(type)'), which \(flat.carrier) cannot carry", at: field.value.location)
                ok = false
                continue
            }
            var omitWhen: [String] = []
            if let omitted = field.omitWhen {
                guard let expressions = validateOmitWhen(omitted, field: field, value: value, scope: scope) else {
                    ok = false
                    continue
                }
                omitWhen = expressions
            }
            entries.append(ParamEntry(key: field.key.value, value: value, omitWhen: omitWhen))
        }
        return ok ? entries : nil
    }

    /// `firstOf`: at least two alternatives, keys like any other (once in the param), each one placeholder; all but
    /// the last optional, since an alternative that is never nil would leave the later ones unsent.
    private mutating func validateFirstOf(
        _ alternatives: [ParamField], at location: SourceLocation, scope: InputScope, inQuery: Bool, flat: FlatPlace,
        valueKeys: Set<String>, keys: inout [String: String]
    ) -> ParamEntry? {
        let place = "'firstOf' of the param of '\(scope.endpoint)'"
        guard alternatives.count >= 2 else {
            error("\(place) has \(alternatives.count) alternative\(alternatives.count == 1 ? "" : "s"); give two or more (one key is a plain param key)", at: location)
            return nil
        }
        var ok = true
        for field in alternatives {
            if case .template(let text) = field.value, Self.isSinglePlaceholder(text.value), field.omitWhen == nil {
                continue
            }
            error(
                "alternative '\(field.key.value)' of \(place) must be one placeholder like \"{maxId}\" "
                    + "(an optional value: nil moves on to the next)", at: field.value.location)
            ok = false
        }
        guard ok, let entries = validateParamFields(
            alternatives, scope: scope, inQuery: inQuery, flat: flat, valueKeys: valueKeys, keys: &keys)
        else { return nil }
        for (position, (entry, field)) in zip(entries, alternatives).enumerated() where position < entries.count - 1 {
            guard case .reference(let reference) = entry.value, !SwiftCode.isOptional(reference, inputs: scope.inputs)
            else { continue }
            error(
                "alternative '\(entry.key)' of \(place) is never nil, so the alternatives after it are never sent; "
                    + "make its value optional or put it last", at: field.value.location)
            ok = false
        }
        guard ok else { return nil }
        return ParamEntry(key: entries.map(\.key).joined(separator: "|"), value: .firstOf(entries))
    }

    /// `omitWhen` of a param key: its value must read a `Bool` or enum input itself (`{filter}`) or its raw value
    /// (`{filter.rawValue}`), and each listed value be one of the input's values, once, leaving at least one that
    /// is sent. The values as Swift expressions (`.all`, `false`), or nil after reporting.
    private mutating func validateOmitWhen(
        _ omitted: [Located<String>], field: ParamField, value: ParamValue, scope: InputScope
    ) -> [String]? {
        let place = "param '\(field.key.value)' of '\(scope.endpoint)'"
        guard case .reference(let reference) = value, reference.mappedMembers == nil,
            reference.members.isEmpty || reference.members == ["rawValue"]
        else {
            error(
                "\(place) has 'omitWhen', so its value must be one Bool or enum input like \"{filter}\" (or "
                    + "\"{filter.rawValue}\")", at: field.value.location)
            return nil
        }
        let input = scope.inputs[reference.input]
        let type = input.type.unwrapped
        var values: [String: String] = [:]
        var isOpen = false
        var typeName = "Bool"
        var isInteger = false
        if type.description == "Bool" || type.description == "Swift.Bool", reference.members.isEmpty {
            values = ["true": "true", "false": "false"]
        } else if case .named(let name, _) = type.shape, let model = types.model(named: name, in: []),
            let cases = types.enumCases[model]
        {
            values = cases.mapValues { "." + SwiftIdentifier.escaped($0) }
            isOpen = types.openEnums.contains(model)
            isInteger = types.integerEnums.contains(model)
            typeName = model
        } else {
            error(
                "\(place) has 'omitWhen', so its value must be a Bool or enum input, not '\(input.name)' of type "
                    + "'\(input.type)'", at: field.value.location)
            return nil
        }
        var expressions: [String] = []
        var seen: Set<String> = []
        var ok = true
        for item in omitted {
            let key = isInteger ? Self.integerRawValue(item.value) ?? item.value : item.value
            guard let expression = values[key] else {
                let known = values.keys.sorted()
                error(
                    "'omitWhen' of \(place) lists '\(item.value)', which is not a value of '\(typeName)'"
                        + "\(NameSuggester.hint(for: item.value, among: known)) (values: \(known.joined(separator: ", ")))",
                    at: item.location)
                ok = false
                continue
            }
            guard seen.insert(key).inserted else {
                error("'omitWhen' of \(place) lists '\(item.value)' twice", at: item.location)
                ok = false
                continue
            }
            expressions.append(expression)
        }
        guard ok else { return nil }
        if seen.count == values.count && !isOpen {
            error(
                "'omitWhen' of \(place) lists every value of '\(typeName)', so the key is never sent; leave the key out",
                at: omitted[0].location)
            return nil
        }
        return expressions
    }

    /// `"{input}"` in a param list: a model or a `[String: …]` dictionary whose keys go to the top level.
    private mutating func validateSpread(
        _ text: Located<String>, scope: InputScope, inQuery: Bool, flat: FlatPlace, keys: inout [String: String]
    ) -> ValueReference? {
        func place() -> String { "the param of '\(scope.endpoint)'" }
        guard let parts = resolveTemplate(text, scope: scope, allowOptional: true, place: place()) else { return nil }
        guard parts.count == 1, case .reference(let reference) = parts[0], reference.mappedMembers == nil else {
            error("a part of the param list of '\(scope.endpoint)' must be one reference like \"{input}\"", at: text.location)
            return nil
        }
        let name = "'\(text.value.dropFirst().dropLast())'"
        if let type = reference.type, !checkCodable(type, at: text.location, what: place()) { return nil }
        if let type = reference.type {
            switch types.valueKind(type, scope: reference.typeScope) {
            case .object(let model):
                for field in types.fields[model] ?? [] where field.isEncoded {
                    if keys[field.jsonKey] != nil {
                        error(
                            "duplicate param key '\(field.jsonKey)' in '\(scope.endpoint)': \(name) spreads a field "
                                + "of that name", at: text.location)
                        return nil
                    }
                    keys[field.jsonKey] = " (a field of \(name))"
                }
            case .dictionary(let key, _) where key == "String":
                break
            case .unknown:
                break
            default:
                error(
                    "\(place()) spreads \(name) of type '\(type)'; only a model or a [String: …] dictionary can be "
                        + "spread into keys", at: text.location)
                return nil
            }
        }
        if inQuery, !checkQueryObject(reference, scope: scope, at: text.location, place: place(), flat: flat) {
            return nil
        }
        return reference
    }

    /// A value whose keys go to the query string: a model whose encoded fields are all scalars or arrays of scalars,
    /// or a dictionary of those.
    private mutating func checkQueryObject(
        _ reference: ValueReference, scope: InputScope, at location: SourceLocation, place: @autoclosure () -> String,
        flat: FlatPlace
    ) -> Bool {
        guard let type = reference.type else { return true }
        switch types.valueKind(type, scope: reference.typeScope) {
        case .unknown:
            return true
        case .object(let model):
            let modelScope = model.split(separator: ".").map(String.init)
            var ok = true
            for field in types.fields[model] ?? [] where field.isEncoded {
                let kind = types.valueKind(field.type, scope: modelScope)
                if let problem = TypeScope.queryProblem(kind) {
                    var fix = "leave it out with 'encode: false', or send the param as a JSON body"
                        + (flat.isForm ? " ('body: json')" : "")
                    if case .dictionary(let key, let value) = kind, key == "String", TypeScope.queryProblem(value) == nil {
                        // Extra filters: their keys can be query items of their own.
                        let text = ([scope.inputs[reference.input].name] + reference.members).joined(separator: ".")
                        fix = "to send its keys as query items, mark it 'encode: false' and spread it: "
                            + "param: [\"{\(text)}\", \"{\(text).\(field.name)}\"]"
                    }
                    error(
                        "\(place()) \(flat.goes), but field '\(field.name)' of '\(model)' is \(problem) "
                            + "('\(field.type)'), which \(flat.carrier) cannot carry; \(fix)", at: location)
                    ok = false
                }
            }
            if let additional = types.additionalProperties[model],
                let problem = TypeScope.queryProblem(types.valueKind(additional, scope: modelScope))
            {
                error(
                    "\(place()) \(flat.goes), but the additionalProperties of '\(model)' are each \(problem) "
                        + "('\(additional)'), which \(flat.carrier) cannot carry", at: location)
                ok = false
            }
            return ok
        case .dictionary(_, let value):
            if let problem = TypeScope.queryProblem(value) {
                error(
                    "\(place()) \(flat.goes), but the values of '\(type)' are each \(problem), which "
                        + "\(flat.carrier) cannot carry", at: location)
                return false
            }
            return true
        case .scalar, .array:
            error(
                "\(place()) \(flat.goes), which needs an object of keys (a model or a dictionary), "
                    + "not '\(type)'", at: location)
            return false
        }
    }
}

/// Where a param's keys go as `key=value` pairs, for the errors about what cannot go there: the query string, or a
/// form body (`body: form`), which holds what a query string holds.
struct FlatPlace {
    var isForm: Bool

    init(form: Bool) {
        isForm = form
    }

    /// `goes to the query string`, `is a form body ('body: form')`.
    var goes: String {
        isForm ? "is a form body ('body: form')" : "goes to the query string"
    }

    /// `a query string`, `a form body`.
    var carrier: String {
        isForm ? "a form body" : "a query string"
    }
}
