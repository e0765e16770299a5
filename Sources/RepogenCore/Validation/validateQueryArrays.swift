/// Validation of `queryArrays`: each key is an array the param sends in the query string, each style one the runtime
/// has.
extension SpecValidator {
    mutating func validateQueryArrays(
        _ specs: [QueryArraySpec], param: Param, inQuery: Bool, endpoint: String, source: String = "its param"
    ) -> [QueryArray]? {
        guard let first = specs.first else { return [] }
        let place = "'queryArrays' of endpoint '\(endpoint)'"
        guard inQuery else {
            error(
                "\(place) spells arrays in the query string, but the param of '\(endpoint)' goes to the JSON body "
                    + "(see 'usingQuery'; a form body, 'body: form', takes them too) and it has no 'query' keys",
                at: first.key.location)
            return nil
        }
        let (kinds, open, explicit) = queryKeyKinds(param)
        var result: [QueryArray] = []
        var ok = true
        for spec in specs {
            let key = spec.key.value
            guard let style = QueryArray.Style(rawValue: spec.style.value) else {
                let styles = QueryArray.Style.allCases.map(\.rawValue)
                let suggestion = NameSuggester.suggestion(for: spec.style.value, among: styles)
                error(
                    "unknown array style '\(spec.style.value)' for '\(key)' in \(place)"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                        + " (valid styles: \(styles.joined(separator: ", ")))", at: spec.style.location)
                ok = false
                continue
            }
            if style.sendsWholeValue {
                // The generated code wraps or the runtime spreads the value of this one key: it is written in the
                // param as a key of its own (`{ filters: "{filters}" }`), not a field of a spread value.
                guard explicit.contains(key) else {
                    let keys = explicit.sorted().joined(separator: ", ")
                    error(
                        "\(place) sends '\(key)' in style '\(style.rawValue)', which applies to a key written in the "
                            + "param with an input's value (`\(key): \"{\(key)}\"`)"
                            + (kinds[key] != nil
                                ? ", and the value of '\(key)' is not an input's (a constant, or a field of a spread value)"
                                : ", and it has no such key")
                            + (keys.isEmpty ? "" : " (such keys: \(keys))"), at: spec.key.location)
                    ok = false
                    continue
                }
                if style == .deepObject, let (kind, type) = kinds[key], let problem = deepObjectProblem(kind) {
                    error(
                        "\(place) sends '\(key)' in style 'deepObject' (`\(key)[name]=value` for each of its keys), "
                            + "but its value ('\(type)') \(problem)", at: spec.key.location)
                    ok = false
                    continue
                }
            } else if let (kind, type) = kinds[key] {
                switch kind {
                case .array, .unknown:
                    break
                default:
                    error(
                        "\(place) gives '\(key)' an array style, but its value is not an array ('\(type)')",
                        at: spec.key.location)
                    ok = false
                    continue
                }
            } else if !open {
                let suggestion = NameSuggester.suggestion(for: key, among: Array(kinds.keys))
                let keys = kinds.keys.sorted().joined(separator: ", ")
                error(
                    "\(place) names '\(key)', which is not a key of \(source)"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                        + (keys.isEmpty ? " (it has no keys)" : " (keys: \(keys))"), at: spec.key.location)
                ok = false
                continue
            }
            result.append(QueryArray(key: key, style: style))
        }
        return ok ? result : nil
    }

    /// Why a value of this kind cannot be sent in the deepObject style (an object of scalars or arrays of
    /// scalars), or nil when it can (or repogen cannot tell: the runtime checks it).
    private func deepObjectProblem(_ kind: ValueKind) -> String? {
        func memberProblem(_ kind: ValueKind) -> String? {
            switch kind {
            case .scalar, .unknown: return nil
            case .array(.scalar), .array(.unknown): return nil
            default: return TypeScope.queryProblem(kind) ?? "an array of arrays"
            }
        }
        switch kind {
        case .unknown: return nil
        case .scalar, .array: return "is not an object"
        case .dictionary(_, let value):
            return memberProblem(value).map { "is a dictionary whose values are each \($0), which a deepObject cannot carry" }
        case .object(let model):
            let modelScope = model.split(separator: ".").map(String.init)
            for field in types.fields[model] ?? [] where field.isEncoded {
                if let problem = memberProblem(types.valueKind(field.type, scope: modelScope)) {
                    return "has the field '\(field.jsonKey)', which is \(problem) ('\(field.type)'), and a deepObject carries "
                        + "only scalars and arrays of scalars"
                }
            }
            return nil
        }
    }

    /// The keys a param's JSON object has, with what each value is and its type as written; `open` when it may have
    /// keys repogen cannot list (a spread dictionary, a value of an external type); `explicit`, the keys written in
    /// the param with an input's value (not fields of a spread value).
    private func queryKeyKinds(_ param: Param) -> (kinds: [String: (ValueKind, String)], open: Bool, explicit: Set<String>) {
        var kinds: [String: (ValueKind, String)] = [:]
        var explicit: Set<String> = []
        var open = false
        // A key in two places (a form's param and the `query` beside it) is an array when either is: a style applies to
        // arrays only.
        func set(_ key: String, _ kind: (ValueKind, String)) {
            if let (existing, _) = kinds[key], case .array = existing { return }
            kinds[key] = kind
        }
        func add(_ reference: ValueReference) {
            guard let type = reference.type else {
                open = true
                return
            }
            switch types.valueKind(type, scope: reference.typeScope) {
            case .object(let model):
                let modelScope = model.split(separator: ".").map(String.init)
                for field in types.fields[model] ?? [] where field.isEncoded {
                    set(field.jsonKey, (types.valueKind(field.type, scope: modelScope), field.type.description))
                }
            default:
                open = true
            }
        }
        func add(_ entries: [ParamEntry]) {
            for entry in entries {
                switch entry.value {
                case .reference(let reference):
                    explicit.insert(entry.key)
                    set(
                        entry.key,
                        (
                            reference.type.map { types.valueKind($0, scope: reference.typeScope) } ?? .unknown,
                            reference.type?.description ?? "?"
                        ))
                case .text: set(entry.key, (.scalar, "String"))
                case .number(let text): set(entry.key, (.scalar, text))
                case .bool(let flag): set(entry.key, (.scalar, "\(flag)"))
                case .firstOf(let alternatives): add(alternatives)
                case .list: set(entry.key, (.array(.scalar), "a constant list"))
                }
            }
        }
        switch param {
        case .none: break
        case .value(let reference): add(reference)
        case .fields(let entries): add(entries)
        case .merged(let parts):
            for part in parts {
                switch part {
                case .spread(let reference): add(reference)
                case .fields(let entries): add(entries)
                }
            }
        }
        return (kinds, open, explicit)
    }
}
