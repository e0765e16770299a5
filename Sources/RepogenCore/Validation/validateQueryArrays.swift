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
        let (kinds, open) = queryKeyKinds(param)
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
            if let (kind, type) = kinds[key] {
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

    /// The keys a param's JSON object has, with what each value is and its type as written; `open` when it may have
    /// keys repogen cannot list (a spread dictionary, a value of an external type).
    private func queryKeyKinds(_ param: Param) -> (kinds: [String: (ValueKind, String)], open: Bool) {
        var kinds: [String: (ValueKind, String)] = [:]
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
                    set(
                        entry.key,
                        (
                            reference.type.map { types.valueKind($0, scope: reference.typeScope) } ?? .unknown,
                            reference.type?.description ?? "?"
                        ))
                case .text: set(entry.key, (.scalar, "String"))
                case .number(let text): set(entry.key, (.scalar, text))
                case .bool(let flag): set(entry.key, (.scalar, "\(flag)"))
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
        return (kinds, open)
    }
}
