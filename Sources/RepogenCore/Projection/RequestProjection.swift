/// The `RequestType` switch bodies of one endpoint: for each property, the pattern and the lines of its case.
struct SwitchCase {
    var pattern: String
    var lines: [String]
}

/// The `switch self` patterns of one endpoint's case, binding some of its inputs: `.saveStore(_, let isDelete)`,
/// or `.saveStore` when none is bound. Made once per endpoint: its six members mostly bind nothing, and the names
/// are escaped once.
struct CasePatterns {
    /// `.saveStore`.
    private let bare: String
    /// `let storeId` for each input.
    private let bindings: [String]

    init(_ endpoint: Endpoint) {
        bare = .concatenating(".", SwiftIdentifier.escaped(endpoint.caseName))
        bindings = endpoint.inputs.map { .concatenating("let ", SwiftIdentifier.escaped($0.name)) }
    }

    func pattern(binding used: Set<Int>) -> String {
        guard !used.isEmpty else { return bare }
        var parts: [String] = []
        parts.reserveCapacity(2 * bindings.count + 2)
        parts.append(bare)
        parts.append("(")
        for index in bindings.indices {
            if index > 0 { parts.append(", ") }
            parts.append(used.contains(index) ? bindings[index] : "_")
        }
        parts.append(")")
        return .concatenating(parts)
    }
}

/// Builds the four (or five) `RequestType` switch cases of an endpoint.
enum RequestProjection {
    /// `asQuery`: the param is the endpoint's `query` (always in the query string).
    static func param(_ endpoint: Endpoint, _ patterns: CasePatterns, asQuery: Bool = false) -> SwitchCase {
        let inputs = endpoint.inputs
        // Keys in the `json` style are sent as their JSON text where `queryArrays` applies: the query string (the
        // param there, or the `query` beside a body) and a form body; never inside a JSON body.
        let appliesHere =
            asQuery || endpoint.bodyEncoding == .form
            || SpecValidator.paramGoesToQuery(
                method: endpoint.method, usingQuery: endpoint.usingQuery, upload: endpoint.upload != nil)
        let json = appliesHere ? Set(endpoint.queryArrays.filter { $0.style == .json }.map(\.key)) : []
        switch endpoint.param {
        case .none:
            return SwitchCase(pattern: patterns.pattern(binding: []), lines: ["return nil"])
        case .value(let reference):
            return SwitchCase(
                pattern: patterns.pattern(binding: [reference.input]),
                lines: ["return " + SwiftCode.expression(reference, inputs: inputs)])
        case .fields(let entries):
            return fieldsParam(entries, inputs: inputs, json: json, patterns)
        case .merged(let parts):
            return mergedParam(parts, inputs: inputs, json: json, patterns)
        }
    }

    /// A dictionary param: a literal of the keys always sent, then a statement for each optional value's key.
    private static func fieldsParam(
        _ entries: [ParamEntry], inputs: [Input], json: Set<String>, _ patterns: CasePatterns
    ) -> SwitchCase {
        let params = SwiftCode.freshName("params", avoiding: inputs)
        var used: Set<Int> = []
        var fixed: [String] = []
        var conditional: [String] = []
        for entry in entries {
            let key = SwiftCode.stringLiteral(entry.key)
            switch entry.value {
            case .reference(let reference):
                used.insert(reference.input)
                let expression = SwiftCode.expression(reference, inputs: inputs)
                let wrap = { (value: String) in json.contains(entry.key) ? "JSONParameter(\(value))" : value }
                if !entry.omitWhen.isEmpty {
                    conditional += omitted(entry, reference, inputs: inputs) { "\(params)[\(key)] = " + wrap($0) }
                } else if SwiftCode.isOptional(reference, inputs: inputs) {
                    let plain = reference.members.isEmpty && reference.mappedMembers == nil
                    conditional.append(plain ? "if let \(expression) {" : "if let value = \(condition(expression, reference)) {")
                    conditional.append("    \(params)[\(key)] = \(wrap(plain ? expression : "value"))")
                    conditional.append("}")
                } else {
                    fixed.append("\(key): \(wrap(expression))")
                }
            case .text(let parts):
                used.formUnion(SwiftCode.usedInputs(parts))
                fixed.append("\(key): " + SwiftCode.interpolatedLiteral(parts, inputs: inputs))
            case .number(let text):
                fixed.append("\(key): \(text)")
            case .bool(let flag):
                fixed.append("\(key): \(flag)")
            case .firstOf(let alternatives):
                conditional += firstOf(alternatives, params: params, inputs: inputs, json: json, used: &used)
            case .list(let elements):
                fixed.append("\(key): " + list(elements, inputs: inputs, used: &used))
            }
        }
        let pattern = patterns.pattern(binding: used)
        if conditional.isEmpty {
            return SwitchCase(pattern: pattern, lines: dictionary(fixed, open: "return RequestParameters(", close: ")"))
        }
        var lines: [String]
        if fixed.isEmpty {
            lines = ["var \(params) = RequestParameters()"]
        } else {
            lines = dictionary(fixed, open: "var \(params): RequestParameters = ", close: "")
        }
        lines += conditional
        lines.append("return \(params)")
        return SwitchCase(pattern: pattern, lines: lines)
    }

    /// A merged param: statements in the order written, spreads and keys; the runtime reports a key given twice.
    private static func mergedParam(
        _ parts: [ParamPart], inputs: [Input], json: Set<String>, _ patterns: CasePatterns
    ) -> SwitchCase {
        let params = SwiftCode.freshName("params", avoiding: inputs)
        var used: Set<Int> = []
        var lines = ["var \(params) = RequestParameters()"]
        for part in parts {
            switch part {
            case .spread(let reference):
                used.insert(reference.input)
                lines += assignment(reference, inputs: inputs) { "\(params).spread(\($0))" }
            case .fields(let entries):
                for entry in entries {
                    lines += keyAssignment(entry, params: params, inputs: inputs, json: json, used: &used)
                }
            }
        }
        // An empty list (or empty parts) adds nothing: no variable that is never mutated.
        lines = lines.count == 1 ? ["return RequestParameters()"] : lines + ["return \(params)"]
        return SwitchCase(pattern: patterns.pattern(binding: used), lines: lines)
    }

    /// The statements that set one key of a merged param, adding the inputs they read to `used`.
    private static func keyAssignment(
        _ entry: ParamEntry, params: String, inputs: [Input], json: Set<String>, used: inout Set<Int>
    ) -> [String] {
        let key = SwiftCode.stringLiteral(entry.key)
        switch entry.value {
        case .reference(let reference):
            used.insert(reference.input)
            let wrapped = json.contains(entry.key)
            if !entry.omitWhen.isEmpty {
                return omitted(entry, reference, inputs: inputs) {
                    "\(params)[\(key)] = " + (wrapped ? "JSONParameter(\($0))" : $0)
                }
            }
            return assignment(reference, inputs: inputs) { "\(params)[\(key)] = " + (wrapped ? "JSONParameter(\($0))" : $0) }
        case .text(let parts):
            used.formUnion(SwiftCode.usedInputs(parts))
            return ["\(params)[\(key)] = " + SwiftCode.interpolatedLiteral(parts, inputs: inputs)]
        case .number(let text):
            return ["\(params)[\(key)] = \(text)"]
        case .bool(let flag):
            return ["\(params)[\(key)] = \(flag)"]
        case .firstOf(let alternatives):
            return firstOf(alternatives, params: params, inputs: inputs, json: json, used: &used)
        case .list(let elements):
            return ["\(params)[\(key)] = " + list(elements, inputs: inputs, used: &used)]
        }
    }

    /// `firstOf`: an `if let … { } else if let … { }` chain setting the first key whose value is not nil (a last
    /// value that is never nil is the `else`).
    private static func firstOf(
        _ alternatives: [ParamEntry], params: String, inputs: [Input], json: Set<String>, used: inout Set<Int>
    ) -> [String] {
        var lines: [String] = []
        for (position, entry) in alternatives.enumerated() {
            guard case .reference(let reference) = entry.value else { continue }
            used.insert(reference.input)
            let key = SwiftCode.stringLiteral(entry.key)
            let expression = SwiftCode.expression(reference, inputs: inputs)
            let wrap = { (value: String) in json.contains(entry.key) ? "JSONParameter(\(value))" : value }
            let head = position == 0 ? "if " : "} else if "
            if SwiftCode.isOptional(reference, inputs: inputs) {
                let plain = reference.members.isEmpty && reference.mappedMembers == nil
                lines.append(head + (plain ? "let \(expression) {" : "let value = \(condition(expression, reference)) {"))
                lines.append("    \(params)[\(key)] = \(wrap(plain ? expression : "value"))")
            } else {
                lines.append("} else {")
                lines.append("    \(params)[\(key)] = \(wrap(expression))")
            }
        }
        lines.append("}")
        return lines
    }

    /// A key with `omitWhen`: set unless the input is nil or one of the listed values
    /// (`if let filter, filter != .all {`); the value is the input or its raw value.
    private static func omitted(
        _ entry: ParamEntry, _ reference: ValueReference, inputs: [Input], _ statement: (String) -> String
    ) -> [String] {
        let input = inputs[reference.input]
        let name = SwiftIdentifier.escaped(input.name)
        // A Bool is tested as itself: `if flag {` leaves `false` out, `if !flag {` leaves `true` out.
        let tests = entry.omitWhen.map { value in
            switch value {
            case "false": name
            case "true": "!" + name
            default: "\(name) != \(value)"
            }
        }.joined(separator: " && ")
        let value = reference.members.isEmpty ? name : name + "." + reference.members.map(SwiftIdentifier.escaped).joined(separator: ".")
        let condition = input.type.isOptional ? "if let \(name), \(tests) {" : "if \(tests) {"
        return [condition, "    " + statement(value), "}"]
    }

    /// A constant list as a Swift array literal: `["mention", "follow"]`, `[1, 2]`, `[true]`; `[String]()` when
    /// empty (a literal alone would have no type). Strings interpolate their placeholders, adding them to `used`.
    static func list(_ elements: [ParamValue], inputs: [Input], used: inout Set<Int>) -> String {
        guard !elements.isEmpty else { return "[String]()" }
        let values = elements.map { element -> String in
            switch element {
            case .text(let parts):
                used.formUnion(SwiftCode.usedInputs(parts))
                return SwiftCode.interpolatedLiteral(parts, inputs: inputs)
            case .number(let text): return text
            case .bool(let flag): return "\(flag)"
            case .reference, .list, .firstOf: return ""  // validation gives a list only texts, numbers or booleans
            }
        }
        return "[" + values.joined(separator: ", ") + "]"
    }

    /// A statement using a reference's value; an optional value is unwrapped first and skipped when nil.
    private static func assignment(_ reference: ValueReference, inputs: [Input], _ statement: (String) -> String) -> [String] {
        let expression = SwiftCode.expression(reference, inputs: inputs)
        guard SwiftCode.isOptional(reference, inputs: inputs) else { return [statement(expression)] }
        let plain = reference.members.isEmpty && reference.mappedMembers == nil
        return [
            plain ? "if let \(expression) {" : "if let value = \(condition(expression, reference)) {",
            "    " + statement(plain ? expression : "value"), "}",
        ]
    }

    /// An expression in an `if let` condition: a mapped array's closure in parentheses, which Swift would otherwise
    /// read as the body of the `if` (`if let value = (tags?.map { $0.rawValue }) {`).
    private static func condition(_ expression: String, _ reference: ValueReference) -> String {
        reference.mappedMembers == nil ? expression : "(" + expression + ")"
    }

    /// A dictionary literal: on one line with one entry, one entry a line otherwise.
    static func dictionary(_ entries: [String], open: String, close: String) -> [String] {
        switch entries.count {
        case 0: return [open + "[:]" + close]
        case 1: return [open + "[" + entries[0] + "]" + close]
        default:
            var lines = [open + "["]
            for (index, entry) in entries.enumerated() {
                lines.append("    " + entry + (index == entries.count - 1 ? "" : ","))
            }
            lines.append("]" + close)
            return lines
        }
    }

    static func method(_ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        switch endpoint.method {
        case .fixed(let method):
            return SwitchCase(
                pattern: patterns.pattern(binding: []),
                lines: ["return " + SwiftCode.methodMember(method)])
        case .conditional(let input, let whenTrue, let whenFalse):
            let name = SwiftIdentifier.escaped(endpoint.inputs[input].name)
            let choice = "\(name) ? \(SwiftCode.methodMember(whenTrue)) : \(SwiftCode.methodMember(whenFalse))"
            return SwitchCase(pattern: patterns.pattern(binding: [input]), lines: ["return " + choice])
        }
    }

    static func header(_ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        let inputs = endpoint.inputs
        switch endpoint.header {
        case .default:
            return SwitchCase(pattern: patterns.pattern(binding: []), lines: ["return .default"])
        case .json:
            return SwitchCase(pattern: patterns.pattern(binding: []), lines: ["return .json"])
        case .location:
            return SwitchCase(pattern: patterns.pattern(binding: []), lines: ["return .location"])
        case .multipart(let boundary):
            return SwitchCase(
                pattern: patterns.pattern(binding: SwiftCode.usedInputs(boundary)),
                lines: ["return .multipart(boundary: " + SwiftCode.stringExpression(boundary, inputs: inputs) + ")"])
        case .custom(let headers):
            var used: Set<Int> = []
            var entries: [String] = []
            // A header whose value is one optional placeholder is set only when the value is there: nil sends no
            // header (never an empty one or "nil").
            var optional: [(name: String, value: String)] = []
            // The statements setting an optional JSON header, given the dictionary's name.
            var optionalJSON: [(String) -> [String]] = []
            // Headers whose text holds optional values (`"{referer.scheme}://{referer.host}"`).
            var textWithOptionals: [CustomHeader] = []
            for header in headers {
                used.formUnion(SwiftCode.usedInputs(header.value))
                if header.json, header.value.count == 1, case .reference(let reference) = header.value[0] {
                    // The input's JSON text; a nil optional sends no header.
                    let expression = SwiftCode.expression(reference, inputs: inputs)
                    if SwiftCode.isOptional(reference, inputs: inputs) {
                        let plain = reference.members.isEmpty && reference.mappedMembers == nil
                        let key = SwiftCode.stringLiteral(header.name)
                        let open = plain ? "if let \(expression) {" : "if let value = \(condition(expression, reference)) {"
                        let value = plain ? expression : "value"
                        optionalJSON.append { name in
                            [open, "    \(name)[\(key)] = JSONParameter.headerValue(\(value))", "}"]
                        }
                    } else {
                        entries.append(
                            SwiftCode.stringLiteral(header.name) + ": JSONParameter.headerValue(" + expression + ")")
                    }
                    continue
                }
                if header.value.count == 1, case .reference(let reference) = header.value[0],
                    SwiftCode.isOptional(reference, inputs: inputs)
                {
                    optional.append((header.name, optionalText(reference, inputs: inputs)))
                    continue
                }
                if header.value.contains(where: { part in
                    if case .reference(let reference) = part { return SwiftCode.isOptional(reference, inputs: inputs) }
                    return false
                }) {
                    // Text with optional values: each unwrapped, the header set only when all are there.
                    textWithOptionals.append(header)
                    continue
                }
                entries.append(SwiftCode.stringLiteral(header.name) + ": " + SwiftCode.stringExpression(header.value, inputs: inputs))
            }
            guard !optional.isEmpty || !optionalJSON.isEmpty || !textWithOptionals.isEmpty else {
                return SwitchCase(
                    pattern: patterns.pattern(binding: used),
                    lines: dictionary(entries, open: "return .custom(", close: ")"))
            }
            let name = SwiftCode.freshName("headers", avoiding: inputs)
            var lines = dictionary(entries, open: "var \(name): [String: String] = ", close: "")
            for header in optional {
                lines.append("\(name)[\(SwiftCode.stringLiteral(header.name))] = \(header.value)")
            }
            for statements in optionalJSON {
                lines += statements(name)
            }
            for header in textWithOptionals {
                lines += unwrappedText(header, into: name, inputs: inputs)
            }
            lines.append("return .custom(\(name))")
            return SwitchCase(pattern: patterns.pattern(binding: used), lines: lines)
        }
    }

    /// `if let value = referer.scheme, let value_1 = referer.host { headers["Origin"] = "\(value)://\(value_1)" }`:
    /// a header whose text holds optional values, set only when none is nil.
    private static func unwrappedText(_ header: CustomHeader, into dictionary: String, inputs: [Input]) -> [String] {
        var bindings: [String] = []
        var pieces = ["\""]
        for part in header.value {
            switch part {
            case .literal(let text):
                pieces.append(SwiftCode.escapedLiteralContents(text))
            case .reference(let reference):
                let expression = SwiftCode.expression(reference, inputs: inputs)
                guard SwiftCode.isOptional(reference, inputs: inputs) else {
                    pieces += ["\\(", expression, ")"]
                    continue
                }
                let name = SwiftCode.freshName("value" + (bindings.isEmpty ? "" : "\(bindings.count)"), avoiding: inputs)
                bindings.append("let \(name) = \(expression)")
                pieces += ["\\(", name, ")"]
            }
        }
        pieces.append("\"")
        return [
            "if " + bindings.joined(separator: ", ") + " {",
            "    \(dictionary)[\(SwiftCode.stringLiteral(header.name))] = " + String.concatenating(pieces),
            "}",
        ]
    }

    static func path(_ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        if let choice = endpoint.pathChoice { return chosenPath(choice, endpoint, patterns) }
        return SwitchCase(
            pattern: patterns.pattern(binding: SwiftCode.usedInputs(endpoint.path)),
            // Values are percent-encoded, so an input with `/` or `?` cannot change the route.
            lines: ["return " + SwiftCode.interpolatedLiteral(endpoint.path, inputs: endpoint.inputs, wrapping: "PathComponent")])
    }

    /// A path chosen by an input: `if isSeason { return … }; return …`, or a `switch` over the enum's cases (and
    /// `default`). Each branch is a path of its own: its values are percent-encoded like any path's, and the input
    /// that chooses only picks among the paths the spec wrote (an open enum's unknown value takes `default`).
    private static func chosenPath(_ choice: PathChoice, _ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        let inputs = endpoint.inputs
        var used: Set<Int> = [choice.input]
        for path in choice.paths { used.formUnion(SwiftCode.usedInputs(path)) }
        func literal(_ path: [TemplatePart]) -> String {
            SwiftCode.interpolatedLiteral(path, inputs: inputs, wrapping: "PathComponent")
        }
        let name = SwiftIdentifier.escaped(inputs[choice.input].name)
        var lines: [String]
        if choice.isBool, choice.branches.count == 2 {
            lines = ["if \(name) {", "    return " + literal(choice.branches[0].path), "}", "return " + literal(choice.branches[1].path)]
        } else {
            lines = ["switch \(name) {"]
            for branch in choice.branches {
                lines += ["case \(branch.pattern):", "    return " + literal(branch.path)]
            }
            if let otherwise = choice.otherwise {
                lines += ["default:", "    return " + literal(otherwise)]
            }
            lines.append("}")
        }
        return SwitchCase(pattern: patterns.pattern(binding: used), lines: lines)
    }

    static func usingQuery(_ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        let value = endpoint.usingQuery.map { "\($0)" } ?? "method.usesQueryByDefault"
        return SwitchCase(pattern: patterns.pattern(binding: []), lines: ["return " + value])
    }

    /// `var queryParam`: the `query`, built like a param; nil without one.
    static func queryParam(_ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        var asParam = endpoint
        asParam.param = endpoint.query
        return param(asParam, patterns, asQuery: true)
    }

    /// `var bodyEncoding`: `.form` for `body: form`, else `.json`.
    static func bodyEncoding(_ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        SwitchCase(pattern: patterns.pattern(binding: []), lines: ["return " + endpoint.bodyEncoding.runtimeCase])
    }

    /// `var errorBodies`: the endpoint's `errors`, in the spec's order (`[.init(.code(400), CodeError.self)]`); `[]`.
    static func errorBodies(_ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        let entries = endpoint.errors.map { ".init(\($0.status.runtimeCase), \($0.type).self)" }
        return SwitchCase(pattern: patterns.pattern(binding: []), lines: ["return [" + entries.joined(separator: ", ") + "]"])
    }

    /// `var queryArrayStyles`: the keys of `queryArrays` with the runtime's styles, in the spec's order; `[:]`.
    static func queryArrayStyles(_ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        let entries = endpoint.queryArrays.compactMap { array in
            array.style.runtimeCase.map { SwiftCode.stringLiteral(array.key) + ": " + $0 }
        }
        let value = entries.isEmpty ? "[:]" : "[" + entries.joined(separator: ", ") + "]"
        return SwitchCase(pattern: patterns.pattern(binding: []), lines: ["return " + value])
    }

    /// `var upload: UploadForm?`: nil, or the form with its fields, JSON parts and files.
    static func upload(_ endpoint: Endpoint, _ patterns: CasePatterns) -> SwitchCase {
        guard let upload = endpoint.upload else {
            return SwitchCase(pattern: patterns.pattern(binding: []), lines: ["return nil"])
        }
        var used = Set(upload.files.map(\.value.input))
        upload.fields.forEach { used.formUnion(SwiftCode.usedInputs($0.value)) }
        upload.json.forEach { used.insert($0.value.input) }
        upload.headers.forEach { $0.headers.forEach { used.formUnion(SwiftCode.usedInputs($0.value)) } }
        let form = SwiftCode.freshName("form", avoiding: endpoint.inputs)
        var lines = ["var \(form) = UploadForm()"]
        for (name, parts) in upload.fields {
            if parts.count == 1, case .reference(let reference) = parts[0], isArray(reference, inputs: endpoint.inputs) {
                // One part per element.
                let value = SwiftCode.expression(reference, inputs: endpoint.inputs)
                let key = SwiftCode.stringLiteral(name)
                if SwiftCode.isOptional(reference, inputs: endpoint.inputs) {
                    // A mapped array's trailing closure is parenthesized, as an `if` condition cannot end with one.
                    let bound = reference.mappedMembers == nil ? value : "(" + value + ")"
                    lines += ["if let values = \(bound) {", "    \(form).add(\(key), values: values)", "}"]
                } else {
                    lines.append("\(form).add(\(key), values: \(value))")
                }
                continue
            }
            if parts.count == 1, case .reference(let reference) = parts[0], SwiftCode.isOptional(reference, inputs: endpoint.inputs) {
                // Left out of the form when nil.
                let value = optionalText(reference, inputs: endpoint.inputs)
                lines.append("\(form).add(\(SwiftCode.stringLiteral(name)), ifPresent: \(value))")
                continue
            }
            lines.append("\(form).add(\(SwiftCode.stringLiteral(name)), \(SwiftCode.stringExpression(parts, inputs: endpoint.inputs)))")
        }
        for (name, reference) in upload.json {
            let value = SwiftCode.expression(reference, inputs: endpoint.inputs)
            let key = SwiftCode.stringLiteral(name)
            if SwiftCode.isOptional(reference, inputs: endpoint.inputs) {
                lines += ["if let value = \(value) {", "    \(form).add(\(key), json: value)", "}"]
            } else {
                lines.append("\(form).add(\(key), json: \(value))")
            }
        }
        for (name, reference) in upload.files {
            let value = SwiftCode.expression(reference, inputs: endpoint.inputs)
            let type = endpoint.inputs[reference.input].type.description
            let key = SwiftCode.stringLiteral(name)
            if reference.members.isEmpty && type == "[UploadFile]" {
                lines.append("\(form).add(\(key), files: \(value))")
            } else if reference.members.isEmpty && type == "UploadFile" {
                lines.append("\(form).add(\(key), file: \(value))")
            } else {
                lines += ["if let file = \(value) {", "    \(form).add(\(key), file: file)", "}"]
            }
        }
        for (part, headers) in upload.headers {
            for header in headers {
                // A lone optional value: no header when it is nil.
                let value: String
                if header.value.count == 1, case .reference(let reference) = header.value[0],
                    SwiftCode.isOptional(reference, inputs: endpoint.inputs)
                {
                    value = optionalText(reference, inputs: endpoint.inputs)
                } else {
                    value = SwiftCode.stringExpression(header.value, inputs: endpoint.inputs)
                }
                lines.append(
                    "\(form).setHeader(\(SwiftCode.stringLiteral(header.name)), \(value), forPart: \(SwiftCode.stringLiteral(part)))")
            }
        }
        lines.append("return \(form)")
        return SwitchCase(pattern: patterns.pattern(binding: used), lines: lines)
    }

    /// Whether a form field's one value is an array (one part per element).
    private static func isArray(_ reference: ValueReference, inputs: [Input]) -> Bool {
        if reference.mappedMembers != nil { return true }
        let type = reference.type ?? (reference.members.isEmpty ? inputs[reference.input].type : nil)
        if case .array? = type?.unwrapped.shape { return true }
        return false
    }

    /// A `String?` expression for an optional value of a form field: `caption`, `rating?.description`,
    /// `input?.count.description`, `input.note?.description`.
    private static func optionalText(_ reference: ValueReference, inputs: [Input]) -> String {
        let expression = SwiftCode.expression(reference, inputs: inputs)
        // The value's own type (for a member, the field's: the chain through an optional input adds one level).
        var levels = 0
        var type = reference.type ?? (reference.members.isEmpty ? inputs[reference.input].type : nil)
        while case .optional(let wrapped)? = type?.shape {
            levels += 1
            type = wrapped
        }
        let isString = type?.description == "String" || type?.description == "Swift.String"
        if isString && levels <= 1 { return expression }
        return expression + String(repeating: "?", count: levels) + ".description"
    }
}
