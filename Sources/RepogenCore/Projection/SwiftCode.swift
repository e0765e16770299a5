/// Small builders of Swift source text: literals, expressions and patterns. Every string that goes from a spec
/// into generated code passes through here.
enum SwiftCode {
    /// The contents of a string literal (without quotes) that reads back as `text` exactly.
    static func escapedLiteralContents(_ text: String) -> String {
        // Most text is printable ASCII without quotes or backslashes: nothing to escape.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }) {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Text for a `//` comment: every character that could end the line (or that Swift warns about) escaped as in
    /// a string literal, so `a\nb` stays one line.
    static func commentText(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
                || scalar.value == 0x2029 || (0x200E...0x200F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
            {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A quoted string literal.
    static func stringLiteral(_ text: String) -> String {
        .concatenating("\"", escapedLiteralContents(text), "\"")
    }

    /// A raw string literal (`#"{"id":1}"#`) when the text has quotes but no control characters, with enough
    /// `#`s that nothing in it can end the literal (`"#…`) or start an escape (`\#…`); otherwise a quoted literal.
    static func rawStringLiteral(_ text: String) -> String {
        guard text.contains("\""),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x2028 || $0.value == 0x2029 })
        else { return stringLiteral(text) }
        var longest = 0
        var run = -1
        for character in text {
            if character == "\"" || character == "\\" {
                run = 0
            } else if character == "#", run >= 0 {
                run += 1
                longest = max(longest, run)
            } else {
                run = -1
            }
        }
        let hashes = String(repeating: "#", count: longest + 1)
        return hashes + "\"" + text + "\"" + hashes
    }

    /// The expression that reads a reference from the bound inputs: `input.id`, `itemTypes.map { $0.rawValue }`.
    static func expression(_ reference: ValueReference, inputs: [Input]) -> String {
        let input = inputs[reference.input]
        var expression = SwiftIdentifier.escaped(input.name)
        let optional = input.type.isOptional
        if !reference.members.isEmpty {
            expression += optional ? "?." : "."
            for (position, member) in reference.members.enumerated() {
                if position > 0 { expression += reference.chainedMembers.contains(position - 1) ? "?." : "." }
                expression += SwiftIdentifier.escaped(member)
            }
        }
        if let mapped = reference.mappedMembers {
            let chain = optional && reference.members.isEmpty ? "?" : ""
            expression += chain + ".map { $0." + mapped.map(SwiftIdentifier.escaped).joined(separator: ".") + " }"
        }
        return expression
    }

    /// Whether the reference's value is optional (it starts from an optional input).
    static func isOptional(_ reference: ValueReference, inputs: [Input]) -> Bool {
        reference.isOptional || inputs[reference.input].type.isOptional
    }

    /// A `String` expression for a template: a literal, an interpolated literal, or a lone `String` value.
    static func stringExpression(_ parts: [TemplatePart], inputs: [Input]) -> String {
        if parts.count == 1, case .reference(let reference) = parts[0] {
            let input = inputs[reference.input]
            let expression = self.expression(reference, inputs: inputs)
            let type = reference.type?.description ?? (reference.members.isEmpty ? input.type.description : nil)
            if type == "String" || type == "Swift.String" {
                return expression
            }
            // Every text type's description is its text (`String(value)` gives the same for those that have it),
            // and a member is far cheaper for Swift to type-check than the many overloads of `String.init`.
            return expression + ".description"
        }
        return interpolatedLiteral(parts, inputs: inputs)
    }

    /// `"/api/v1/store/\(storeId)"`: always a literal, references interpolated; with `wrapping`, each reference
    /// is wrapped in that type (`\(PathComponent(storeId))`).
    static func interpolatedLiteral(_ parts: [TemplatePart], inputs: [Input], wrapping wrapper: String? = nil) -> String {
        var pieces = ["\""]
        for part in parts {
            switch part {
            case .literal(let text): pieces.append(escapedLiteralContents(text))
            case .reference(let reference):
                let value = expression(reference, inputs: inputs)
                pieces += wrapper.map { ["\\(", $0, "(", value, "))"] } ?? ["\\(", value, ")"]
            }
        }
        pieces.append("\"")
        return .concatenating(pieces)
    }

    /// The inputs a set of references reads, as indices.
    static func usedInputs(_ parts: [TemplatePart]) -> Set<Int> {
        var used: Set<Int> = []
        for case .reference(let reference) in parts {
            used.insert(reference.input)
        }
        return used
    }

    /// A local variable name that no input of the case shadows or clashes with: `base`, else `base_`, `base__`…
    static func freshName(_ base: String, avoiding inputs: [Input]) -> String {
        // An endpoint has a few inputs: comparing with each is cheaper than hashing them into a set.
        var name = base
        while inputs.contains(where: { $0.name == name }) { name += "_" }
        return name
    }

    /// `freshName` avoiding a list of names.
    static func freshName(_ base: String, avoiding names: [String]) -> String {
        var name = base
        while names.contains(name) { name += "_" }
        return name
    }

    static func freshName(_ base: String, avoiding names: Set<String>) -> String {
        var name = base
        while names.contains(name) { name += "_" }
        return name
    }

    /// An argument label in a call or a tuple expression: keywords need no backticks there (Swift warns about
    /// them), except `inout`.
    static func callLabel(_ name: String) -> String {
        name == "inout" ? "`inout`" : name
    }

    /// `RequestMethod` member for an HTTP method.
    static func methodMember(_ method: HTTPMethod) -> String {
        "." + method.rawValue
    }
}
