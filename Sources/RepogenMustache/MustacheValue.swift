/// The data a Mustache template is rendered against.
///
/// A value is one of the JSON-like shapes below. Sections treat `.null`,
/// `.bool(false)` and an empty `.array` as falsey; everything else (including
/// the empty string and the number zero) is truthy, as in the reference
/// implementation of the Mustache specification.
///
/// Not `indirect`: the recursive cases hold arrays and dictionaries, which already keep their elements on the heap,
/// so a value needs no box of its own (a view model of 10,000 endpoints has millions of values).
public enum MustacheValue: Sendable, Equatable {
    /// The absence of a value. Interpolates as the empty string; falsey.
    case null
    /// A boolean. Interpolates as `true` or `false`.
    case bool(Bool)
    /// A number. Integral values interpolate without a fraction (`85.0` -> `85`),
    /// other values use Swift's shortest round-tripping representation (`1.21`).
    case number(Double)
    /// A string, interpolated as is (subject to escaping).
    case string(String)
    /// A list. A section iterates over its elements; an empty list is falsey.
    case array([MustacheValue])
    /// A hash. Names are looked up in dictionaries on the context stack.
    case dictionary([String: MustacheValue])
}

extension MustacheValue {
    /// Whether a section renders for this value (`{{#name}}`), or an inverted section does not.
    ///
    /// Falsey values are `.null`, `.bool(false)` and the empty `.array`.
    public var isTruthy: Bool {
        switch self {
        case .null:
            return false
        case .bool(let flag):
            return flag
        case .array(let items):
            return !items.isEmpty
        case .number, .string, .dictionary:
            return true
        }
    }

    /// The text an interpolation tag (`{{name}}`) produces for this value, before escaping.
    ///
    /// Lists interpolate as their elements joined with commas; hashes interpolate as the
    /// empty string.
    public var interpolatedText: String {
        switch self {
        case .null:
            return ""
        case .bool(let flag):
            return flag ? "true" : "false"
        case .number(let number):
            return MustacheValue.format(number)
        case .string(let text):
            return text
        case .array(let items):
            return items.map(\.interpolatedText).joined(separator: ",")
        case .dictionary:
            return ""
        }
    }

    /// Formats a number: integral values without a fraction, others via `description`.
    static func format(_ number: Double) -> String {
        // 2^53: every integral Double below this magnitude converts to Int64 exactly.
        let exactIntegerLimit = 9_007_199_254_740_992.0
        if number.rounded(.towardZero) == number, abs(number) < exactIntegerLimit {
            return String(Int64(number))
        }
        return number.description
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    /// Creates a `.string` value from a string literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    /// Creates a `.bool` value from a boolean literal.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    /// Creates a `.number` value from an integer literal.
    public init(integerLiteral value: Int) {
        self = .number(Double(value))
    }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    /// Creates a `.number` value from a floating-point literal.
    public init(floatLiteral value: Double) {
        self = .number(value)
    }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    /// Creates an `.array` value from an array literal.
    public init(arrayLiteral elements: MustacheValue...) {
        self = .array(elements)
    }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Creates a `.dictionary` value from a dictionary literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
