import Foundation

/// What a model's field declared with `partHeader: { part, header }` decodes from: the header field `header` of the
/// part named `part` of a `multipart/form-data` response (`x-log-type: structured` of part `log`).
///
/// The multipart reader (`MultipartResponse`) puts each part's header fields into the decoder's `userInfo`; the
/// generated `init(from:)` of the model calls `decode` or `decodeIfPresent` here. Decoded from anything else (a JSON
/// response, a cached value) the field reads its JSON key, as any field does, so a value encoded and decoded again
/// keeps it. The header's text decodes as the field's type: a string, a string enum's raw value, or a number or
/// Boolean literal; text that is not one is a decoding error (`typeMismatch`/`dataCorrupted` at the field's key).
public enum MultipartPartHeader {
    /// The parts' header fields, by part name and lower-cased header name.
    struct Headers: Sendable {
        var byPart: [String: [String: String]]
    }

    static let userInfoKey = CodingUserInfoKey(rawValue: "RepogenRuntime.MultipartPartHeader")!

    /// The header `header` of part `part`, decoded as `T`; when the decoder reads a multipart response and the header
    /// is missing, `DecodingError.keyNotFound` at `key`. Outside a multipart response: the value at `key`.
    public static func decode<T: Decodable>(
        _ type: T.Type, header: String, ofPart part: String, forKey key: RepogenCodingKey,
        in container: KeyedDecodingContainer<RepogenCodingKey>, decoder: Decoder
    ) throws -> T {
        guard let headers = decoder.userInfo[userInfoKey] as? Headers else {
            return try container.decode(T.self, forKey: key)
        }
        guard let text = headers.byPart[part]?[header.lowercased()] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: container.codingPath,
                debugDescription: "part '\(part)' of the multipart response has no header '\(header)'"))
        }
        return try value(T.self, text: text, key: key, codingPath: container.codingPath)
    }

    /// The header `header` of part `part`, decoded as `T`, or nil when the part or the header is missing. Outside a
    /// multipart response: the value at `key`, if present.
    public static func decodeIfPresent<T: Decodable>(
        _ type: T.Type, header: String, ofPart part: String, forKey key: RepogenCodingKey,
        in container: KeyedDecodingContainer<RepogenCodingKey>, decoder: Decoder
    ) throws -> T? {
        guard let headers = decoder.userInfo[userInfoKey] as? Headers else {
            return try container.decodeIfPresent(T.self, forKey: key)
        }
        guard let text = headers.byPart[part]?[header.lowercased()] else { return nil }
        return try value(T.self, text: text, key: key, codingPath: container.codingPath)
    }

    /// `text` as `T`: as a JSON string (a `String`, a string enum), else as the number or Boolean it spells.
    static func value<T: Decodable>(_ type: T.Type, text: String, key: RepogenCodingKey, codingPath: [CodingKey]) throws -> T {
        let decoder = JSONDecoder()
        do {
            return try decoder.decode(T.self, from: JSONEncoder().encode(text))
        } catch DecodingError.typeMismatch(let expected, _) {
            if isLiteral(text), let value = try? decoder.decode(T.self, from: Data(text.utf8)) {
                return value
            }
            throw DecodingError.typeMismatch(expected, DecodingError.Context(
                codingPath: codingPath + [key], debugDescription: "the part header's value \(text.debugDescription) is not a \(expected)"))
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath + [key], debugDescription: "the part header's value \(text.debugDescription) does not decode: \(error)"))
        }
    }

    /// A text that is a JSON number or Boolean.
    private static func isLiteral(_ text: String) -> Bool {
        if text == "true" || text == "false" { return true }
        return text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }
}
