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
        guard !name.isEmpty, !unusable.contains(name) else { return false }
        var first = true
        for scalar in name.unicodeScalars {
            guard isIdentifierScalar(scalar, first: first) else { return false }
            first = false
        }
        return true
    }

    /// The name as it must be written in Swift source: keywords in backticks.
    package static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `fetchStore` -> `FetchStore`.
    package static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
