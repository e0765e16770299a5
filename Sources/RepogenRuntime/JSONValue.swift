import Foundation

/// Any JSON value: what a spec uses for data whose shape it does not fix (an OpenAPI free-form object, a `oneOf`
/// of unrelated types). It decodes whatever the server sends and encodes it back unchanged (numbers as `Double`).
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else if let members = try? container.decode([String: JSONValue].self) {
            self = .object(members)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }

    /// The member `key` of an object; nil for anything else or a missing key.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string; nil for anything else.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number; nil for anything else.
    public var doubleValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The value of a boolean; nil for anything else.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }
}
