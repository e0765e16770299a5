import Foundation

/// A request body the app sends as one of the media types an endpoint takes (OpenAPI's `requestBody.content` with
/// `application/json`, `text/plain` and `application/octet-stream`): a value as JSON, text, or bytes, each with its
/// own `Content-Type`. An input of this type given as an endpoint's param is its body.
public enum BodyChoice<JSON: Encodable & Sendable>: Sendable {
    /// The value as JSON, `Content-Type: application/json` (the manager's encoder writes it, as any JSON body).
    case json(JSON)
    /// The text as UTF-8, `Content-Type: text/plain; charset=utf-8`.
    case plainText(String)
    /// The bytes as they are, `Content-Type: application/octet-stream`.
    case binary(Data)

    /// The `Content-Type` the case is sent with.
    public var contentType: String {
        switch self {
        case .json: "application/json"
        case .plainText: "text/plain; charset=utf-8"
        case .binary: "application/octet-stream"
        }
    }
}

extension BodyChoice: Equatable where JSON: Equatable {}
extension BodyChoice: Hashable where JSON: Hashable {}

/// Where a `BodyChoice` is not the body (a cache key, a description), it is written as its value: the JSON value, the
/// text as a JSON string, the bytes as base64.
extension BodyChoice: Encodable {
    public func encode(to encoder: Encoder) throws {
        switch self {
        case .json(let value): try value.encode(to: encoder)
        case .plainText(let text): try text.encode(to: encoder)
        case .binary(let bytes): try bytes.encode(to: encoder)
        }
    }
}

/// A body that says its own bytes and `Content-Type` (`BodyChoice`), which `NetworkManager` sends as they are.
protocol ChosenBody {
    /// The body and its `Content-Type`; a JSON case written by `encoder`.
    func chosenBody(encoder: JSONEncoder) throws -> (contentType: String, data: Data)
}

extension BodyChoice: ChosenBody {
    func chosenBody(encoder: JSONEncoder) throws -> (contentType: String, data: Data) {
        switch self {
        case .json(let value): (contentType, try encoder.encode(value))
        case .plainText(let text): (contentType, Data(text.utf8))
        case .binary(let bytes): (contentType, bytes)
        }
    }
}
