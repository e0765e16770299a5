/// The one coding key of every generated model: a JSON key by its text, written as a string literal
/// (`forKey: "created_at"`).
///
/// The models' `init(from:)` and `encode(to:)` are written out on it instead of letting Swift synthesize them, which
/// makes a `CodingKeys` enum, with its conformances, per struct: for a spec of hundreds of models that takes about
/// half of their compile time. The JSON is the same as the synthesized coding's.
public struct RepogenCodingKey: CodingKey, ExpressibleByStringLiteral, Sendable, Hashable {
    public var stringValue: String

    public var intValue: Int? { nil }

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// A model's keys are strings.
    public init?(intValue: Int) {
        nil
    }

    public init(stringLiteral value: String) {
        stringValue = value
    }
}
