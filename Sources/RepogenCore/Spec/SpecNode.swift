/// A value read from a spec file (JSON, later also the YAML-like form), with the byte offset it starts at.
package struct SpecNode: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case object([SpecMember])
        case array([SpecNode])
        case string(String)
        /// A number as written, so that integers keep their exact text.
        case number(String)
        case bool(Bool)
        case null
    }

    package var kind: Kind
    package var offset: Int

    package init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// What the value is, in the words an error message uses: "a string", "an array"…
    package var kindDescription: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// One `"key": value` pair of an object, in the order written.
package struct SpecMember: Sendable, Equatable {
    package var key: String
    package var keyOffset: Int
    package var value: SpecNode

    package init(key: String, keyOffset: Int, value: SpecNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}

extension SpecNode {
    /// The value as compact JSON text, members in the order written (YAML values become the same JSON).
    package var jsonText: String {
        switch kind {
        case .object(let members):
            return "{" + members.map { Self.quoted($0.key) + ":" + $0.value.jsonText }.joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .string(let text): return Self.quoted(text)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
