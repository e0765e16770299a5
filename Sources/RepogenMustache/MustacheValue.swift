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
/// per tag, millions of times for a large spec. The names live in a `MustacheKeys`, which many hashes of the same
/// shape share (every endpoint's), with what makes a lookup cheap; a hash itself is one array of values.
public struct MustacheDictionary: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The names, in order (shared by every hash built with the same `MustacheKeys`).
    private(set) var keys: MustacheKeys
    /// The value of each name; a name given more than once has its last value.
    private var values: [MustacheValue]

    /// An empty hash.
    public init() {
        self.init(keys: MustacheKeys([]), values: [])
    }

    /// A hash with the names and values of a dictionary (in the dictionary's order).
    public init(_ dictionary: [String: MustacheValue]) {
        self.init(entries: dictionary.map { ($0.key, $0.value) })
    }

    /// A hash from a literal; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(entries: elements)
    }

    init(entries: [(String, MustacheValue)]) {
        self.init(keys: MustacheKeys(entries.map(\.0)), values: entries.map(\.1))
    }

    /// A hash of `keys` with `values` (one for each name, in order). Many hashes with the same names share one
    /// `MustacheKeys`, made once: the names' signatures are then worked out once, not per hash.
    public init(keys: MustacheKeys, values: [MustacheValue]) {
        precondition(keys.names.count == values.count, "a MustacheDictionary needs one value per name")
        self.keys = keys
        self.values = values
    }

    /// How many entries the hash holds (a repeated name counts each time).
    public var count: Int { values.count }

    /// The names the hash holds, in order, each once.
    public var names: [String] {
        var seen: Set<String> = []
        return keys.names.filter { seen.insert($0).inserted }
    }

    /// The value of a name, or nil. Setting replaces the value of a name the hash has, or adds the name.
    public subscript(name: String) -> MustacheValue? {
        get {
            self[name, NameSignature.of(name)]
        }
        set {
            let index = keys.names.lastIndex(of: name)
            switch (index, newValue) {
            case (let index?, let value?): values[index] = value
            case (_?, nil):
                let kept = keys.names.indices.filter { keys.names[$0] != name }
                keys = MustacheKeys(kept.map { keys.names[$0] })
                values = kept.map { values[$0] }
            case (nil, let value?):
                keys = MustacheKeys(keys.names + [name])
                values.append(value)
            case (nil, nil): break
            }
        }
    }

    /// The value of a name looked up many times (its signature worked out once), or nil.
    public subscript(name: MustacheName) -> MustacheValue? {
        self[name.text, name.signature]
    }

    /// The value of `name`, whose `NameSignature` is `signature`, or nil.
    @inline(__always)
    subscript(name: String, signature: UInt64) -> MustacheValue? {
        guard let index = keys.lastIndex(of: name, signature: signature) else { return nil }
        return values[index]
    }

    /// Calls `body` with each value, in the order of the names (a repeated name's every value).
    func forEachValue(_ body: (MustacheValue) -> Void) {
        for value in values { body(value) }
    }

    /// The address of the values' storage: equal for two copies of one hash (see `MustacheDataBuilder.push(_:)`).
    var storageAddress: UInt {
        values.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// Hashes are equal when they have the same names with equal values, in any order.
    public static func == (lhs: MustacheDictionary, rhs: MustacheDictionary) -> Bool {
        lhs.keys.names.allSatisfy { rhs[$0] == lhs[$0] } && rhs.keys.names.allSatisfy { lhs[$0] != nil }
    }
}

/// The names of a hash, with what makes looking them up cheap: each name's signature (its length and first bytes,
/// see `NameSignature`) and a 64-bit mask of them. A lookup skips a hash whose mask lacks the name's bit, and
/// compares text only where a signature matches.
public final class MustacheKeys: Sendable {
    let names: [String]
    let signatures: [UInt64]
    let mask: UInt64

    public init(_ names: [String]) {
        self.names = names
        signatures = names.map(NameSignature.of)
        mask = signatures.reduce(0) { $0 | NameSignature.bit($1) }
    }

    /// The position of the last `name` (whose signature is `signature`), or nil.
    @inline(__always)
    func lastIndex(of name: String, signature: UInt64) -> Int? {
        guard mask & NameSignature.bit(signature) != 0 else { return nil }
        return signatures.withUnsafeBufferPointer { signatures in
            var index = signatures.count - 1
            while index >= 0 {
                if signatures[index] == signature, names[index] == name { return index }
                index -= 1
            }
            return nil
        }
    }
}

/// A name to look up in many hashes, with its signature worked out once.
public struct MustacheName: Sendable {
    let text: String
    let signature: UInt64

    public init(_ text: String) {
        self.text = text
        signature = NameSignature.of(text)
    }
}

/// A name's length and first bytes in one integer: names with different signatures differ, so a lookup compares
/// text only when signatures are equal.
enum NameSignature {
    static func of(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            var signature = UInt64(truncatingIfNeeded: Swift.min(bytes.count, 255))
            for index in 0..<Swift.min(bytes.count, 7) {
                signature |= UInt64(bytes[index]) << UInt64(8 * (index + 1))
            }
            return signature
        }
    }

    /// One of 64 bits, picked by a multiplicative hash of the signature.
    @inline(__always)
    static func bit(_ signature: UInt64) -> UInt64 {
        1 << ((signature &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
}
