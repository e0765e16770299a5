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
    case dictionary(MustacheDictionary)
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
        self = .dictionary(MustacheDictionary(entries: elements))
    }
}

/// The names and values of a hash, in the order they were given, searched from the end.
///
/// Not a `Dictionary`: a view model has a few to a few dozen names per hash, and a render looks a name up once
/// per tag, millions of times for a large spec. Comparing a short name with a handful of others is cheaper than
/// hashing it, and building a hash from a literal is one array (the literal's own) instead of a hash table.
public struct MustacheDictionary: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The entries; a name given more than once has its last value.
    private var entries: [(String, MustacheValue)]

    /// An empty hash.
    public init() {
        entries = []
    }

    /// A hash with the names and values of a dictionary (in the dictionary's order).
    public init(_ dictionary: [String: MustacheValue]) {
        entries = dictionary.map { ($0.key, $0.value) }
    }

    /// A hash from a literal; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(entries: elements)
    }

    init(entries: [(String, MustacheValue)]) {
        self.entries = entries
    }

    /// How many entries the hash holds (a repeated name counts each time).
    public var count: Int { entries.count }

    /// The names the hash holds, in order, each once.
    public var names: [String] {
        var seen: Set<String> = []
        return entries.compactMap { seen.insert($0.0).inserted ? $0.0 : nil }
    }

    /// The value of a name, or nil. Setting replaces the value of a name the hash has, or adds the name.
    public subscript(name: String) -> MustacheValue? {
        get {
            // Names rarely share a length, and a string's length is stored: compare the text only when it matches.
            let length = name.utf8.count
            var index = entries.count - 1
            while index >= 0 {
                let key = entries[index].0
                if key.utf8.count == length, key == name { return entries[index].1 }
                index -= 1
            }
            return nil
        }
        set {
            let index = entries.lastIndex { $0.0 == name }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].1 = value
            case (_?, nil): entries.removeAll { $0.0 == name }
            case (nil, let value?): entries.append((name, value))
            case (nil, nil): break
            }
        }
    }

    /// Hashes are equal when they have the same names with equal values, in any order.
    public static func == (lhs: MustacheDictionary, rhs: MustacheDictionary) -> Bool {
        lhs.entries.allSatisfy { rhs[$0.0] == lhs[$0.0] } && rhs.entries.allSatisfy { lhs[$0.0] != nil }
    }
}
