import Foundation

/// Turns the JSON encoding of a request's `param` into query items, as the app behind the generated pattern
/// does: top-level keys only, in sorted order; arrays comma-joined; `null` values left out.
enum QueryEncoder {
    /// A JSON value, decoded strictly so that booleans and numbers stay apart.
    private enum Value: Decodable {
        case null, bool(Bool), integer(Int64), number(Double), string(String), array([Value]), object

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int64.self) {
                self = .integer(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([Value].self) {
                self = .array(value)
            } else {
                self = .object
            }
        }

        /// The value as query text; nil for values a query string leaves out (`null`, nested objects).
        var text: String? {
            switch self {
            case .null, .object: return nil
            case .bool(let value): return value ? "true" : "false"
            case .integer(let value): return String(value)
            case .number(let value): return String(value)
            case .string(let value): return value
            case .array(let items): return items.compactMap(\.text).joined(separator: ",")
            }
        }
    }

    /// The query items of a JSON object, sorted by name (anything but an object gives no items).
    static func items(fromJSON data: Data) throws -> [(name: String, value: String)] {
        guard let object = try? JSONDecoder().decode([String: Value].self, from: data) else { return [] }
        return object.keys.sorted().compactMap { key in
            object[key]?.text.map { (key, $0) }
        }
    }

    /// Characters left as is in a query name or value: RFC 3986 unreserved characters, and the comma that
    /// joins arrays. Everything else, including `+`, `&`, `=`, `/`, `?` and spaces, is percent-encoded.
    static let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,")

    static func percentEncodedQuery(_ items: [(name: String, value: String)]) -> String {
        items.map { item in
            let name = item.name.addingPercentEncoding(withAllowedCharacters: allowed) ?? item.name
            let value = item.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? item.value
            return name + "=" + value
        }.joined(separator: "&")
    }
}
