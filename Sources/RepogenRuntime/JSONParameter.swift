import Foundation

/// A value sent as its JSON text in one query item, form field or header value (OpenAPI's parameter with
/// `content: application/json`; the spec's `queryArrays: { filters: json }` and `Name: { json: "{value}" }` header):
/// `filters=%5B%7B%22name%22%3A%22Rex%22%7D%5D`, `X-Extra-Arguments: {"code":1}`.
///
/// The text is the value's own JSON encoding, the same for the query and a header, as swift-openapi-runtime writes
/// it: keys sorted, `/` not escaped, dates in ISO 8601, keys as the value's `CodingKeys` give them (the manager's
/// `requestKeyStyle` applies to the names of query items, not inside this text). In the query the text is
/// percent-encoded like any value. `JSONEncoder` escapes every control character inside strings (`\n`, `\u0000`),
/// so the text never holds a line break that could end a header.
public struct JSONParameter<Value: Encodable & Sendable>: Encodable, Sendable {
    /// The value sent.
    public var value: Value

    /// The value, to be sent as its JSON text.
    public init(_ value: Value) {
        self.value = value
    }

    /// Encodes the JSON text as a string; what `JSONEncoder` cannot encode (a `Double.nan`, say) throws its
    /// `EncodingError`, which the manager reports as `NetworkError.invalidParameter`.
    public func encode(to encoder: Encoder) throws {
        let text: String
        do {
            text = try Self.text(value)
        } catch {
            // Reported at this param's key (the inner encoder's path starts inside the value).
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "its JSON text could not be made: \(error)",
                    underlyingError: error))
        }
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The JSON text of `value`: sorted keys, `/` not escaped, ISO 8601 dates.
    public static func text(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The JSON text of `value` as a header value. A value `JSONEncoder` cannot encode gives a text the manager
    /// refuses before sending (`NetworkError.invalidParameter`, saying why), never an empty or partial header.
    public static func headerValue(_ value: Value) -> String {
        do {
            return try text(value)
        } catch {
            return WireSafety.unencodableJSONMarker + "\(error)"
        }
    }
}
