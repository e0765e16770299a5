import Foundation

/// Turns the JSON encoding of a request's `param` into a query string: top-level keys only, in sorted order;
/// `null` values left out; arrays in the configured style; everything outside RFC 3986's unreserved characters
/// percent-encoded (so `+`, `&`, `=`, `/`, `?`, spaces and non-ASCII text are safe).
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

        /// A scalar as query text; nil for what a query string leaves out (`null`, nested collections).
        var text: String? {
            switch self {
            case .null, .object, .array: return nil
            case .bool(let value): return value ? "true" : "false"
            case .integer(let value): return String(value)
            case .number(let value): return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            case .string(let value): return value
            }
        }
    }

    /// The query string of a JSON object (anything but an object gives nil).
    static func query(fromJSON data: Data, style: NetworkConfiguration.QueryArrayStyle) -> String? {
        guard let object = try? JSONDecoder().decode([String: Value].self, from: data) else { return nil }
        var items: [(String, String)] = []
        for key in object.keys.sorted() {
            guard let value = object[key] else { continue }
            if case .array(let elements) = value {
                let texts = elements.compactMap(\.text)
                switch style {
                case .commaSeparated: items.append((key, texts.joined(separator: ",")))
                case .repeatedKeys: items += texts.map { (key, $0) }
                case .brackets: items += texts.map { (key + "[]", $0) }
                }
            } else if let text = value.text {
                items.append((key, text))
            }
        }
        guard !items.isEmpty else { return nil }
        return items.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// RFC 3986 unreserved characters, plus the comma that joins arrays.
    static let allowed = PathComponent.allowed.union(CharacterSet(charactersIn: ","))

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
