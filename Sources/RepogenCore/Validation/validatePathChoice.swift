/// Validation of a path chosen by an input's value (`path: { if, then, else }`, `path: { switch, cases, default }`).
extension SpecValidator {
    /// Each branch is checked as a path of its own; the input must be a `Bool` (`if`) or an enum model (`switch`),
    /// not optional (nil would have no path), and a `switch` must give every value a path, once.
    mutating func validatePathChoice(_ spec: PathChoiceSpec, scope: InputScope) -> PathChoice? {
        switch spec {
        case .conditional(let input, let whenTrue, let whenFalse):
            let onTrue = validatePath(whenTrue, scope: scope)
            let onFalse = validatePath(whenFalse, scope: scope)
            guard let index = choiceInput(input, scope: scope, keyword: "if") else { return nil }
            let type = scope.inputs[index].type
            guard type.description == "Bool" || type.description == "Swift.Bool" else {
                let advice =
                    type.isOptional && type.unwrapped.description.hasSuffix("Bool")
                    ? "; nil would have no path: make the input non-optional"
                    : isEnum(type.unwrapped) ? "; choose by an enum with { switch: \(input.value), cases: {…} }" : ""
                error(
                    "the path of '\(scope.endpoint)' depends on '\(input.value)', which must be of type 'Bool', "
                        + "not '\(type)'\(advice)", at: input.location)
                return nil
            }
            guard let onTrue, let onFalse else { return nil }
            return PathChoice(
                input: index,
                branches: [
                    PathBranch(key: "true", pattern: "true", path: onTrue),
                    PathBranch(key: "false", pattern: "false", path: onFalse),
                ], isBool: true)
        case .switching(let input, let cases, let otherwise):
            var ok = true
            var paths: [[TemplatePart]?] = []
            for entry in cases {
                let parts = validatePath(entry.path, scope: scope)
                paths.append(parts)
                ok = ok && parts != nil
            }
            var otherwisePath: [TemplatePart]?
            if let otherwise {
                otherwisePath = validatePath(otherwise, scope: scope)
                ok = ok && otherwisePath != nil
            }
            guard let index = choiceInput(input, scope: scope, keyword: "switch") else { return nil }
            let type = scope.inputs[index].type
            guard !type.isOptional else {
                error(
                    "the path of '\(scope.endpoint)' depends on the optional input '\(input.value)'; nil would have "
                        + "no path: make the input non-optional", at: input.location)
                return nil
            }
            guard case .named(let name, _) = type.shape, let model = types.model(named: name, in: []),
                let values = types.enumCases[model]
            else {
                let advice = type.description == "Bool" ? "; choose by a Bool with { if: \(input.value), then: …, else: … }" : ""
                error(
                    "the path of '\(scope.endpoint)' switches on '\(input.value)', which must be an enum of the spec, "
                        + "not '\(type)'\(advice)", at: input.location)
                return nil
            }
            var branches: [PathBranch] = []
            var covered: Set<String> = []
            var hadUnknown = false
            for (entry, parts) in zip(cases, paths) {
                // An Int enum's value by its one spelling (`01` is `1`), as its cases are.
                let key = types.integerEnums.contains(model) ? Self.integerRawValue(entry.key.value) ?? entry.key.value : entry.key.value
                guard let caseName = values[key] else {
                    let known = values.keys.sorted()
                    let hint = NameSuggester.hint(for: entry.key.value, among: known)
                    error(
                        "the path of '\(scope.endpoint)' has a case '\(entry.key.value)', which is not a value of enum "
                            + "'\(model)'\(hint) (values: \(known.joined(separator: ", ")))", at: entry.key.location)
                    ok = false
                    hadUnknown = true
                    continue
                }
                guard covered.insert(key).inserted else {
                    error(
                        "the path of '\(scope.endpoint)' has the case '\(entry.key.value)' twice (as '\(key)')",
                        at: entry.key.location)
                    ok = false
                    continue
                }
                branches.append(
                    PathBranch(key: entry.key.value, pattern: "." + SwiftIdentifier.escaped(caseName), path: parts ?? []))
            }
            let isOpen = types.openEnums.contains(model)
            let missing = values.keys.filter { !covered.contains($0) }.sorted()
            if let otherwise {
                if ok && missing.isEmpty && !isOpen {
                    error(
                        "the 'default' path of '\(scope.endpoint)' is never used: every value of enum '\(model)' has "
                            + "a path; remove it", at: otherwise.location)
                    ok = false
                }
            } else if !missing.isEmpty {
                // A misspelt case is reported once, not again as a missing one.
                if hadUnknown { return nil }
                error(
                    "the path of '\(scope.endpoint)' has no path for \(missing.count == 1 ? "the value" : "the values") "
                        + "\(missing.map { "'\($0)'" }.joined(separator: ", ")) of enum '\(model)'; add "
                        + "\(missing.count == 1 ? "it" : "them") to 'cases' or give a 'default' path",
                    at: input.location)
                ok = false
            } else if isOpen {
                error(
                    "the path of '\(scope.endpoint)' switches on the open enum '\(model)', whose unknown values (those "
                        + "the server adds later) need a path too: give a 'default' path", at: input.location)
                ok = false
            }
            guard ok else { return nil }
            return PathChoice(input: index, branches: branches, otherwise: otherwisePath, isBool: false)
        }
    }

    /// The index of the input a path choice reads, or nil after reporting.
    private mutating func choiceInput(_ input: Located<String>, scope: InputScope, keyword: String) -> Int? {
        if let index = scope.index(of: input.value) { return index }
        if scope.broken.contains(input.value) { return nil }
        let hint = NameSuggester.hint(for: input.value, among: scope.inputs.map(\.name))
        error(
            "the path of '\(scope.endpoint)' depends on '\(input.value)' ('\(keyword)'), which is not one of its "
                + "inputs\(hint)", at: input.location)
        return nil
    }

    private func isEnum(_ type: SwiftType) -> Bool {
        guard case .named(let name, _) = type.shape, let model = types.model(named: name, in: []) else { return false }
        return types.enumCases[model] != nil
    }
}
