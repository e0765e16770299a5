/// Swift identifier rules: which names are valid and which need backticks.
package enum SwiftIdentifier {
    /// Reserved words, plus `Type`/`Self`-like names, that must be escaped with backticks to be used as names.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "consume", "copy", "discard", "each", "borrowing", "consuming",
    ]

    /// Names that cannot be used even with backticks in the places repogen puts names.
    package static let unusable: Set<String> = ["_", "self", "Self", "Type", "Protocol", "init"]

    /// Whether `name` is one of `keywords`. Every name of a spec is checked, often several times: comparing with
    /// the few keywords of the same length and first letter is cheaper than hashing the name into the set.
    package static func isKeyword(_ name: String) -> Bool {
        isIn(keywordsByLength, name)
    }

    /// Whether `name` is one of `unusable`, the same way.
    static func isUnusable(_ name: String) -> Bool {
        isIn(unusableByLength, name)
    }

    private static let keywordsByLength = byLength(keywords)
    private static let unusableByLength = byLength(unusable)

    /// The names of a set, in lists by their UTF-8 length.
    private static func byLength(_ names: Set<String>) -> [[String]] {
        var lists = [[String]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for name in names.sorted() { lists[name.utf8.count].append(name) }
        return lists
    }

    private static func isIn(_ lists: [[String]], _ name: String) -> Bool {
        let length = name.utf8.count
        guard length < lists.count, let first = name.utf8.first else { return false }
        for candidate in lists[length] where candidate.utf8.first == first && candidate == name {
            return true
        }
        return false
    }

    /// Whether `scalar` may appear in an identifier (at the start when `first`).
    package static func isIdentifierScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        if scalar == "_" { return true }
        if scalar.isASCII {
            let value = scalar.value
            let isLetter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
            let isDigit = (0x30...0x39).contains(value)
            return isLetter || (!first && isDigit)
        }
        return first ? scalar.properties.isXIDStart : scalar.properties.isXIDContinue
    }

    /// Whether `name` is a well-formed identifier (keywords included: those get backticks).
    package static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, !isUnusable(name) else { return false }
        // Most names are ASCII letters and digits: check the bytes, without decoding scalars.
        let asciiCheck = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): continue
                case UInt8(ascii: "0")...UInt8(ascii: "9") where index > 0: continue
                case 0x80...: return nil
                default: return false
                }
            }
            return true
        }
        // Nil: not all ASCII (or not contiguous), so decode the scalars.
        if let valid = asciiCheck ?? nil { return valid }
        var first = true
        for scalar in name.unicodeScalars {
            guard isIdentifierScalar(scalar, first: first) else { return false }
            first = false
        }
        return true
    }

    /// The name as it must be written in Swift source: keywords in backticks.
    package static func escaped(_ name: String) -> String {
        isKeyword(name) ? "`\(name)`" : name
    }

    /// `fetchStore` -> `FetchStore`.
    package static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
