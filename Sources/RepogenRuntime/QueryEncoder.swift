import Foundation

/// Turns the JSON encoding of a request's `param` into a query string: top-level keys only, in sorted order;
/// `null` values left out; arrays and booleans in the configured styles; everything outside RFC 3986's unreserved
/// characters percent-encoded (so `+`, `&`, `=`, `/`, `?`, spaces and non-ASCII text are safe).
///
/// Nothing is dropped silently and no value can change the query's shape: what a query string cannot hold (a
/// nested object, an array holding an object, an array or a null, a param that is not an object), an array element
/// holding the separator that joins the comma-separated, space- or pipe-delimited style, an empty name, and a name with brackets in the brackets
/// style are a `NetworkError.invalidParameter`. An empty array sends nothing, in every style.
enum QueryEncoder {
    /// A JSON value, decoded strictly so that booleans and numbers stay apart.
    private enum Value: Decodable {
        case null, bool(Bool), integer(Int64), number(Double), string(String), array([Value]), object([String: Value])

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
                self = .object(try container.decode([String: Value].self))
            }
        }

        /// What the value is, for error messages.
        var kind: String {
            switch self {
            case .null: return "null"
            case .bool: return "a boolean"
            case .integer, .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }

        /// A scalar as query text; nil for `null` and collections.
        func text(_ boolStyle: NetworkConfiguration.QueryBoolStyle) -> String? {
            switch self {
            case .null, .object, .array: return nil
            case .bool(let value):
                switch boolStyle {
                case .trueFalse: return value ? "true" : "false"
                case .numeric: return value ? "1" : "0"
                }
            case .integer(let value): return String(value)
            case .number(let value): return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            case .string(let value): return value
            }
        }
    }

    /// The query string of a JSON object; nil when it has no key with a value. An array whose key is in
    /// `arrayStyles` is spelled in that style, any other in `arrayStyle`.
    ///
    /// - Throws: `NetworkError.invalidParameter` for what a query string cannot hold.
    static func query(
        fromJSON data: Data, arrayStyle defaultArrayStyle: NetworkConfiguration.QueryArrayStyle,
        arrayStyles: [String: NetworkConfiguration.QueryArrayStyle] = [:],
        boolStyle: NetworkConfiguration.QueryBoolStyle
    ) throws -> String? {
        let items = try items(
            fromJSON: data, arrayStyle: defaultArrayStyle, arrayStyles: arrayStyles, boolStyle: boolStyle,
            place: "a query string")
        guard !items.isEmpty else { return nil }
        return items.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// The `application/x-www-form-urlencoded` body of a JSON object: the pairs the query string would have (same
    /// array, bool and nil rules), serialized as the WHATWG URL Standard says (`formEncode`); empty when the object
    /// has no key with a value.
    ///
    /// - Throws: `NetworkError.invalidParameter` for what a form cannot hold (as for the query string).
    static func form(
        fromJSON data: Data, arrayStyle defaultArrayStyle: NetworkConfiguration.QueryArrayStyle,
        arrayStyles: [String: NetworkConfiguration.QueryArrayStyle] = [:],
        boolStyle: NetworkConfiguration.QueryBoolStyle
    ) throws -> Data {
        let items = try items(
            fromJSON: data, arrayStyle: defaultArrayStyle, arrayStyles: arrayStyles, boolStyle: boolStyle,
            place: "a form body")
        return Data(items.map { formEncode($0.0) + "=" + formEncode($0.1) }.joined(separator: "&").utf8)
    }

    /// The name-value pairs of a JSON object, unencoded, in order; `place` names what holds them in errors.
    private static func items(
        fromJSON data: Data, arrayStyle defaultArrayStyle: NetworkConfiguration.QueryArrayStyle,
        arrayStyles: [String: NetworkConfiguration.QueryArrayStyle], boolStyle: NetworkConfiguration.QueryBoolStyle,
        place: String
    ) throws -> [(String, String)] {
        let root: Value
        do {
            root = try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw NetworkError.invalidParameter(key: nil, reason: "\(place) needs a JSON object: \(error)")
        }
        guard case .object(let object) = root else {
            throw NetworkError.invalidParameter(key: nil, reason: "\(place) needs a JSON object, not \(root.kind)")
        }
        var items: [(String, String)] = []
        for key in object.keys.sorted() {
            guard let value = object[key] else { continue }
            if case .null = value { continue }
            let arrayStyle = arrayStyles[key] ?? defaultArrayStyle
            try checkKey(key, arrayStyle: arrayStyle, place: place)
            if arrayStyle == .deepObject {
                items += try deepObjectItems(key, value, boolStyle: boolStyle, place: place)
                continue
            }
            switch value {
            case .object:
                throw NetworkError.invalidParameter(key: key, reason: "\(place) cannot hold a nested object")
            case .array(let elements):
                let texts = try elements.map { element in
                    guard let text = element.text(boolStyle) else {
                        throw NetworkError.invalidParameter(
                            key: key, reason: "\(place) cannot hold an array with \(element.kind) in it")
                    }
                    return text
                }
                switch arrayStyle {
                case .commaSeparated, .spaceDelimited, .pipeDelimited:
                    let (separator, name, style) =
                        arrayStyle == .commaSeparated
                        ? (",", "a comma", "comma-separated")
                        : arrayStyle == .spaceDelimited ? (" ", "a space", "space-delimited") : ("|", "a '|'", "pipe-delimited")
                    // The server splits the value at the separator: an element with one would arrive as two.
                    if let element = texts.first(where: { $0.contains(separator) }) {
                        throw NetworkError.invalidParameter(
                            key: key,
                            reason: "the element \(element.debugDescription) contains \(name), and with the \(style) "
                                + "array style the server would read it as more than one element; use "
                                + "queryArrayStyle .repeatedKeys or .brackets (or the param's own style, 'queryArrays' "
                                + "in the spec) for such values")
                    }
                    // Like the other styles, an empty array sends nothing (`key=` would read as one empty element).
                    if !texts.isEmpty { items.append((key, texts.joined(separator: separator))) }
                case .repeatedKeys: items += texts.map { (key, $0) }
                case .brackets: items += texts.map { (key + "[]", $0) }
                case .deepObject: break  // handled above
                }
            default:
                if let text = value.text(boolStyle) { items.append((key, text)) }
            }
        }
        return items
    }

    /// The items of a `deepObject` param: `key[name]` for each of the object's keys, sorted (an array's elements as
    /// repeated items, `null`s left out).
    private static func deepObjectItems(
        _ key: String, _ value: Value, boolStyle: NetworkConfiguration.QueryBoolStyle, place: String
    ) throws -> [(String, String)] {
        guard case .object(let object) = value else {
            throw NetworkError.invalidParameter(
                key: key, reason: "the deepObject style needs an object (its keys become '\(key)[name]'), not \(value.kind)")
        }
        var items: [(String, String)] = []
        for name in object.keys.sorted() {
            guard let member = object[name] else { continue }
            // The server reads `[` and `]` as structure: `sort[a]b]` would not arrive as the key `a]b`.
            if name.isEmpty || name.contains("[") || name.contains("]") {
                throw NetworkError.invalidParameter(
                    key: key,
                    reason: "the deepObject style sends each key as '\(key)[name]', and the key \(name.debugDescription) "
                        + "is empty or has '[' or ']', which the server would read as structure")
            }
            let itemName = key + "[" + name + "]"
            switch member {
            case .null: continue
            case .object:
                throw NetworkError.invalidParameter(
                    key: itemName, reason: "\(place) cannot hold a nested object inside a deepObject param")
            case .array(let elements):
                for element in elements {
                    guard let text = element.text(boolStyle) else {
                        throw NetworkError.invalidParameter(
                            key: itemName, reason: "\(place) cannot hold an array with \(element.kind) in it")
                    }
                    items.append((itemName, text))
                }
            default:
                if let text = member.text(boolStyle) { items.append((itemName, text)) }
            }
        }
        return items
    }

    /// Refuses a key the server would not read as one name: an empty one, or (with `.brackets`, whose servers read
    /// `a[b]` as structure) one with `[` or `]`.
    private static func checkKey(_ key: String, arrayStyle: NetworkConfiguration.QueryArrayStyle, place: String) throws {
        if key.isEmpty {
            throw NetworkError.invalidParameter(key: key, reason: "an item of \(place) needs a name, and this one is empty")
        }
        if arrayStyle == .brackets || arrayStyle == .deepObject, key.contains("[") || key.contains("]") {
            throw NetworkError.invalidParameter(
                key: key,
                reason: "with the \(arrayStyle == .brackets ? "brackets array" : "deepObject") style the server reads "
                    + "'[' and ']' in a name as structure, and this name has them")
        }
    }

    /// RFC 3986 unreserved characters, plus the comma that joins arrays.
    static let allowed = PathComponent.allowed.union(CharacterSet(charactersIn: ","))

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// What the WHATWG URL Standard's application/x-www-form-urlencoded serializer leaves as it is: ASCII letters
    /// and digits and `*-._`. (RFC 3986's `~` is encoded too, as browsers do; every server decodes either.)
    static let formAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*-._")

    /// A form name or value as WHATWG's serializer writes it: the UTF-8 bytes of everything but `formAllowed`
    /// percent-encoded, then each space (by then `%20`) written `+`. `URLComponents`' query items would not do: they
    /// leave a `+` as it is, which a form decoder reads as a space.
    static func formEncode(_ text: String) -> String {
        (text.addingPercentEncoding(withAllowedCharacters: formAllowed) ?? "").replacingOccurrences(of: "%20", with: "+")
    }
}
