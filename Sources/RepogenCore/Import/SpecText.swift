/// A spec as `repogen import` writes it: an ordered tree, written as the YAML-like format or as JSON in the layout
/// a person would write by hand (small mappings on one line, a blank line between endpoints).
enum SpecText: Sendable {
    /// Keys in the order written; `flow` asks for `{ a: 1, b: 2 }` on one line when it fits.
    case mapping([(key: String, value: SpecText)], flow: Bool)
    /// Items; `flow` asks for `[a, b]` on one line when it fits; `spaced` puts a blank line between block items.
    case sequence([SpecText], flow: Bool, spaced: Bool)
    case string(String)
    case number(String)
    case bool(Bool)

    /// The widest line a flow collection may make before it is written as a block.
    static let lineWidth = 118

    // MARK: YAML

    /// The YAML-like text of a top-level mapping, with `comment` lines first and a blank line between top-level keys.
    static func yaml(_ root: [(key: String, value: SpecText)], comment: [String]) -> String {
        var out = comment.map { $0.isEmpty ? "#\n" : "# \($0)\n" }.joined()
        for (index, entry) in root.enumerated() {
            if index > 0 || !comment.isEmpty { out += "\n" }
            writeEntry(entry.key, entry.value, indent: 0, into: &out)
        }
        return out
    }

    private static func writeEntry(_ key: String, _ value: SpecText, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        let head = pad + yamlScalar(key, inFlow: false) + ":"
        switch value {
        case .mapping(let members, let flow):
            if members.isEmpty {
                out += head + " {}\n"
            } else if flow, let line = flowText(value, width: lineWidth - head.count - 1) {
                out += head + " " + line + "\n"
            } else {
                out += head + "\n"
                for member in members { writeEntry(member.key, member.value, indent: indent + 2, into: &out) }
            }
        case .sequence(let items, let flow, let spaced):
            if items.isEmpty {
                out += head + " []\n"
            } else if flow, let line = flowText(value, width: lineWidth - head.count - 1) {
                out += head + " " + line + "\n"
            } else {
                out += head + "\n"
                writeItems(items, spaced: spaced, indent: indent + 2, into: &out)
            }
        case .string(let text) where isBlockable(text):
            out += head + " " + blockScalar(text, indent: indent + 2) + "\n"
        case .string(let text):
            out += head + " " + yamlScalar(text, inFlow: false) + "\n"
        default:
            out += head + " " + (flowText(value) ?? "") + "\n"
        }
    }

    private static func writeItems(_ items: [SpecText], spaced: Bool, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        for (index, item) in items.enumerated() {
            if spaced, index > 0 { out += "\n" }
            switch item {
            case .mapping(let members, let flow) where !members.isEmpty:
                if flow, let line = flowText(item, width: lineWidth - indent - 2) {
                    out += pad + "- " + line + "\n"
                } else {
                    // `- key: value`, then the other keys under the first.
                    var first = ""
                    writeEntry(members[0].key, members[0].value, indent: indent + 2, into: &first)
                    out += pad + "- " + first.dropFirst(indent + 2)
                    for member in members.dropFirst() { writeEntry(member.key, member.value, indent: indent + 2, into: &out) }
                }
            case .string(let text) where isBlockable(text):
                out += pad + "- " + blockScalar(text, indent: indent + 2) + "\n"
            case .string(let text):
                out += pad + "- " + yamlScalar(text, inFlow: false) + "\n"
            default:
                out += pad + "- " + (flowText(item) ?? "") + "\n"
            }
        }
    }

    /// Whether a string is best written as a literal block: several lines, and nothing a block cannot hold.
    private static func isBlockable(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "\n")) && text.unicodeScalars.allSatisfy { $0 == "\n" || !($0.value < 0x20 || $0.value == 0x7F
            || (0x80...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 || $0.value == 0xFEFF) }
            && !text.hasPrefix("\n") && !text.hasSuffix("\n\n") && !text.split(separator: "\n").contains(where: { $0.hasPrefix(" ") || $0.hasSuffix(" ") })
    }

    /// `|` or `|-` (no final line break) with the lines indented; `|2`-style indentation digits when the first
    /// line starts with a space.
    private static func blockScalar(_ text: String, indent: Int) -> String {
        var body = text
        var chomp = ""
        if body.hasSuffix("\n") {
            body.removeLast()
            if body.hasSuffix("\n") || body.isEmpty { chomp = "+" ; body = text }
        } else {
            chomp = "-"
        }
        let indicator = body.first == " " ? "2" : ""
        let pad = String(repeating: " ", count: indent)
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if chomp == "+", lines.last == "" { lines.removeLast() }
        return "|" + indicator + chomp + lines.map { $0.isEmpty ? "\n" : "\n" + pad + $0 }.joined()
    }

    /// One-line flow text of at most `width` characters, nil when it would be longer. Stops as soon as the text
    /// is too long, so a large mapping written as a block costs no line that is thrown away.
    private static func flowText(_ value: SpecText, width: Int = .max) -> String? {
        switch value {
        case .mapping(let members, _):
            if members.isEmpty { return width >= 2 ? "{}" : nil }
            var text = "{ "
            var used = 2
            for (index, member) in members.enumerated() {
                let key = yamlScalar(member.key, inFlow: true)
                let lead = (index > 0 ? 2 : 0) + key.count + 2
                guard used + lead + 1 + 2 <= width, let part = flowText(member.value, width: width - used - lead - 2)
                else { return nil }
                if index > 0 { text += ", " }
                text += key + ": " + part
                used += lead + part.count
            }
            guard used + 2 <= width else { return nil }
            return text + " }"
        case .sequence(let items, _, _):
            if items.isEmpty { return width >= 2 ? "[]" : nil }
            var text = "["
            var used = 1
            for (index, item) in items.enumerated() {
                let lead = index > 0 ? 2 : 0
                guard used + lead + 1 + 1 <= width, let part = flowText(item, width: width - used - lead - 1)
                else { return nil }
                if index > 0 { text += ", " }
                text += part
                used += lead + part.count
            }
            guard used + 1 <= width else { return nil }
            return text + "]"
        case .string(let text):
            // Quoting never shortens a string: a long one (a description) does not fit before it is quoted.
            if text.utf8.count > width, text.count > width { return nil }
            return fitting(yamlScalar(text, inFlow: true), width)
        case .number(let text): return fitting(text, width)
        case .bool(let flag): return fitting(flag ? "true" : "false", width)
        }
    }

    private static func fitting(_ text: String, _ width: Int) -> String? {
        // Characters, as the line width counts them; the UTF-8 length bounds it from above, cheaply.
        text.utf8.count <= width || text.count <= width ? text : nil
    }

    /// A string as a plain scalar when the spec reader reads it back as the same string, else double-quoted.
    static func yamlScalar(_ text: String, inFlow: Bool) -> String {
        isPlainSafe(text, inFlow: inFlow) ? text : jsonQuoted(text)
    }

    private static let typedWords: Set<String> = [
        "true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL", "~",
        // Not typed by repogen's reader, but by YAML 1.1 tools a reader of the file may also use.
        "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "n", "Y", "N",
    ]

    static func isPlainSafe(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if typedWords.contains(text) || looksLikeNumber(text) { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " || last == ":" {
            return false
        }
        if text.hasPrefix("---") || text.hasPrefix("...") { return false }
        // ": " and " #" end a plain scalar; one pass over the bytes (Foundation's `contains` is far slower).
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (previous == UInt8(ascii: ":") && byte == UInt8(ascii: " "))
                || (previous == UInt8(ascii: " ") && byte == UInt8(ascii: "#"))
            {
                return false
            }
            previous = byte
        }
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFEFF || (0x80...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029
            {
                return false
            }
            if inFlow, ",[]{}".unicodeScalars.contains(scalar) { return false }
        }
        return true
    }

    /// Anything a YAML reader might take for a number: digits with signs, dots and exponents, `.inf`, `0x…`.
    private static func looksLikeNumber(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if [".inf", "-.inf", "+.inf", ".nan"].contains(lowered) { return true }
        var scalars = Substring(lowered).unicodeScalars
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        guard let first = scalars.first, ("0"..."9").contains(first) || first == "." else { return false }
        return scalars.allSatisfy { ("0"..."9").contains($0) || "._exobabcdef+-".unicodeScalars.contains($0) }
    }

    static func jsonQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    // MARK: JSON

    /// Pretty JSON: two-space indentation, flow-marked values on one line when they fit.
    static func json(_ root: [(key: String, value: SpecText)]) -> String {
        var out = ""
        writeJSON(.mapping(root, flow: false), indent: 0, into: &out)
        return out + "\n"
    }

    private static func writeJSON(_ value: SpecText, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent + 2)
        switch value {
        case .mapping(let members, let flow):
            if members.isEmpty { out += "{}"; return }
            if flow, let line = jsonLine(value), indent + line.count <= lineWidth { out += line; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += pad + jsonQuoted(member.key) + ": "
                writeJSON(member.value, indent: indent + 2, into: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        case .sequence(let items, let flow, _):
            if items.isEmpty { out += "[]"; return }
            if flow, let line = jsonLine(value), indent + line.count <= lineWidth { out += line; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad
                writeJSON(item, indent: indent + 2, into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        default:
            out += jsonLine(value) ?? ""
        }
    }

    private static func jsonLine(_ value: SpecText) -> String? {
        switch value {
        case .mapping(let members, _):
            if members.isEmpty { return "{}" }
            var parts: [String] = []
            for member in members {
                guard let text = jsonLine(member.value) else { return nil }
                parts.append(jsonQuoted(member.key) + ": " + text)
            }
            return "{ " + parts.joined(separator: ", ") + " }"
        case .sequence(let items, _, _):
            var parts: [String] = []
            for item in items {
                guard let text = jsonLine(item) else { return nil }
                parts.append(text)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .string(let text): return jsonQuoted(text)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        }
    }
}
