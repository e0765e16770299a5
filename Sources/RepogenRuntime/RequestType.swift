import Foundation

/// The HTTP methods generated requests use.
public enum RequestMethod: String, Sendable, Equatable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"

    /// Whether params go to the query string unless a request says otherwise: true for GET and DELETE,
    /// as in the app the generated pattern comes from.
    public var usesQueryByDefault: Bool {
        self == .get || self == .delete
    }
}

/// The headers a request adds beyond the configured defaults.
public enum HTTPHeaderType: Sendable, Equatable {
    /// `Content-Type: application/json` (what `.json` sends, under the name requests use by default).
    case `default`
    /// `Content-Type: application/json`.
    case json
    /// JSON, plus the device's position as `X-Device-Latitude` / `X-Device-Longitude`, from the configured
    /// location provider.
    case location
    /// `Content-Type: multipart/form-data; boundary=<boundary>` (quoted when it is not a token). An upload's
    /// boundary must be RFC 2046-valid and not occur in the form's content (`UploadForm.encoded(boundary:)`); an
    /// empty one is replaced by a random one.
    case multipart(boundary: String)
    /// JSON, plus these headers.
    case custom([String: String])

    /// The headers this kind adds, given the device's position when one is known.
    public func headers(location: DeviceLocation?) -> [String: String] {
        var headers = ["Content-Type": "application/json"]
        switch self {
        case .default, .json:
            break
        case .location:
            if let location {
                headers["X-Device-Latitude"] = String(location.latitude)
                headers["X-Device-Longitude"] = String(location.longitude)
            }
        case .multipart(let boundary):
            headers["Content-Type"] = WireSafety.multipartContentType(boundary: boundary)
        case .custom(let custom):
            headers.merge(custom) { _, new in new }
        }
        return headers
    }
}

/// A position sent with `.location` requests.
public struct DeviceLocation: Sendable, Equatable {
    /// Degrees north of the equator, sent as `X-Device-Latitude`.
    public var latitude: Double
    /// Degrees east of Greenwich, sent as `X-Device-Longitude`.
    public var longitude: Double

    /// A position in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One endpoint's request, as the generated API enums describe it.
public protocol RequestType: Sendable {
    /// What the request sends: in the query string or as a JSON body (see `usingQuery`); nil for nothing.
    var param: Encodable? { get }
    /// The HTTP method.
    var method: RequestMethod { get }
    /// The headers the request adds beyond the configured defaults (and the body's content type).
    var header: HTTPHeaderType { get }
    /// The path below the configured base URL, starting with `/`.
    var path: String { get }
    /// Whether `param` goes to the query string (true) or a JSON body (false). GET requests always use the
    /// query string. Defaults to `method.usesQueryByDefault`.
    var usingQuery: Bool { get }
    /// A `multipart/form-data` body (files and fields) instead of a JSON body; nil by default.
    var upload: UploadForm? { get }
    /// How each array parameter is spelled in the query string, by its key as written in `param` (before any
    /// `requestKeyStyle` conversion): a key listed here uses its own style, any other the configuration's
    /// `queryArrayStyle`. Empty by default.
    var queryArrayStyles: [String: NetworkConfiguration.QueryArrayStyle] { get }
    /// What always goes to the query string, beside a `param` that is the JSON body (the spec's `query` key):
    /// encoded like a query `param` (nil values left out, `queryArrayStyles` and `requestKeyStyle` applying) and
    /// appended after it. Nil by default.
    var queryParam: Encodable? { get }
    /// How a `param` that goes to the body is written: JSON (the default) or an
    /// `application/x-www-form-urlencoded` form (the spec's `body: form`), whose keys and values are those the
    /// query string would have (`queryArrayStyles`, the configured array and bool styles and `requestKeyStyle`
    /// applying, nil values left out). Only a request that sends its param as the body may say `.form`: GET,
    /// `usingQuery` and an upload make it a `NetworkError.invalidParameter`.
    var bodyEncoding: RequestBodyEncoding { get }
    /// The bodies the endpoint declares for failure statuses (the spec's `errors`): a failure whose status one
    /// covers is `NetworkError.errorResponse` with its body decoded (or `.undecodableErrorResponse` when it does
    /// not decode); other failures are as without them. Empty by default.
    var errorBodies: [NetworkError.ErrorBodyType] { get }
}

/// How a request's `param` is written when it is the body.
public enum RequestBodyEncoding: String, Sendable, Equatable, CaseIterable {
    /// `Content-Type: application/json`: the param's JSON encoding.
    case json
    /// `Content-Type: application/x-www-form-urlencoded`: the param's top-level keys as `key=value` pairs joined by
    /// `&`, spelled as the query string spells them, then serialized by the WHATWG URL Standard's
    /// application/x-www-form-urlencoded rules (what a browser's form and `URLSearchParams` send): a space is `+`,
    /// and every byte of the UTF-8 text but ASCII letters, digits and `*-._` is percent-encoded (so `+`, `&`, `=`,
    /// `~` and non-ASCII text are too). A nested object, an array holding an object, an array or a null, and a param
    /// that is not an object are a `NetworkError.invalidParameter`, as in the query string.
    case form
}

extension RequestType {
    /// `method.usesQueryByDefault`: true for GET and DELETE.
    public var usingQuery: Bool {
        method.usesQueryByDefault
    }

    /// No upload: `param` is the body.
    public var upload: UploadForm? {
        nil
    }

    /// No array parameter has a style of its own: all use the configuration's `queryArrayStyle`.
    public var queryArrayStyles: [String: NetworkConfiguration.QueryArrayStyle] {
        [:]
    }

    /// Nothing beside `param` goes to the query string.
    public var queryParam: Encodable? {
        nil
    }

    /// A body `param` is JSON.
    public var bodyEncoding: RequestBodyEncoding {
        .json
    }

    /// No declared error bodies: every failure is a plain `NetworkError`.
    public var errorBodies: [NetworkError.ErrorBodyType] {
        []
    }
}

/// A JSON object of parameters, built by generated code from a spec's `param` keys.
///
/// Values encode as themselves (numbers, strings, arrays, models, raw-value enums); a key whose value is a nil
/// optional is left out. `spread(_:)` adds the top-level keys of a model or a `[String: V]` dictionary beside the
/// keys set one by one; a key given twice (by a subscript and a spread, or by two spreads) makes encoding throw
/// instead of one value silently replacing the other. Keys are encoded in sorted order; `NetworkManager` encodes
/// with `.sortedKeys` as well, since `JSONEncoder` does not keep the order of a keyed container. The same request
/// always gives the same bytes.
///
/// ```swift
/// var params: RequestParameters = ["storeId": storeId, "size": 20]
/// if let cursor { params["cursor"] = cursor }
/// params.spread(input.filters)   // [String: String]: its keys become params
/// ```
public struct RequestParameters: Encodable, Sendable, ExpressibleByDictionaryLiteral {
    /// Parameter names.
    public typealias Key = String
    /// Any encodable value.
    public typealias Value = any Encodable & Sendable

    private var values: [String: any Encodable & Sendable]
    private var spreads: [any Encodable & Sendable] = []

    /// No parameters.
    public init() {
        values = [:]
    }

    /// The parameters of a dictionary: `RequestParameters(["storeId": storeId])`.
    public init(_ values: [String: any Encodable & Sendable]) {
        self.values = values
    }

    /// The parameters of a literal: `["storeId": storeId, "size": 20]`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, any Encodable & Sendable)...) {
        self.values = Dictionary(elements) { _, last in last }
    }

    /// The value set for a key by subscript or literal (not by `spread(_:)`); setting nil removes the key.
    public subscript(key: String) -> (any Encodable & Sendable)? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Adds the top-level keys of `value` beside the other parameters: the fields of a model (any type that
    /// encodes a keyed container) or the entries of a `[String: V]` dictionary. Nil optionals, in a dictionary's
    /// values or as the whole value, are left out.
    ///
    /// Encoding the parameters throws an `EncodingError` (which `NetworkManager` reports as
    /// `NetworkError.invalidParameter`) when a key is given twice, by a subscript and a spread or by two spreads,
    /// or when `value` does not encode as an object with keys (a number, a string, an array).
    public mutating func spread(_ value: some Encodable & Sendable) {
        spreads.append(value)
    }

    /// The keys, sorted: those set by subscript or literal and those of the spread values.
    public var keys: [String] {
        var keys = Set(values.keys)
        for spread in spreads {
            keys.formUnion((try? Spread(spread))?.keys ?? [])
        }
        return keys.sorted()
    }

    /// Whether no key is set and nothing is spread.
    public var isEmpty: Bool {
        values.isEmpty && spreads.isEmpty
    }

    private struct CodingName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes a keyed container, keys sorted, nil optionals left out, spread keys beside the others.
    public func encode(to encoder: Encoder) throws {
        // Every key as it goes out and where it comes from, known before anything is written: a key given twice
        // is an error. With snake_case request keys, `storeId` and `store_id` are the same key.
        let snakeCase = encoder.userInfo[Self.requestKeyStyle] as? NetworkConfiguration.KeyStyle == .snakeCase
        var origins: [String: (origin: String, key: String)] = [:]
        func claim(_ key: String, by origin: String) throws {
            let name = snakeCase ? Self.snakeCaseName(key) : key
            if let first = origins[name] {
                let by = first.origin == origin ? "by two \(origin)s" : "by a \(first.origin) and a \(origin)"
                let same = first.key == key ? "" : " ('\(first.key)' and '\(key)' are both sent as '\(name)')"
                throw EncodingError.invalidValue(
                    key,
                    EncodingError.Context(
                        codingPath: encoder.codingPath + [CodingName(stringValue: key)],
                        debugDescription: "it is given twice, \(by)\(same); one value would replace the other"))
            }
            origins[name] = (origin, key)
        }
        var entries: [(key: String, value: any Encodable)] = []
        for (key, value) in values where !Self.isNil(value) {
            try claim(key, by: "key")
            entries.append((key, value))
        }
        var models: [any Encodable] = []
        for value in spreads {
            let spread: Spread
            do {
                spread = try Spread(value)
            } catch let error as Spread.NotAnObject {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "a spread value must encode as an object with keys, and \(error.type) \(error.what)"))
            }
            for key in spread.keys.sorted() { try claim(key, by: "spread") }
            switch spread {
            case .entries(let spreadEntries): entries += spreadEntries
            case .model(let model, _): models.append(model)
            }
        }
        var container = encoder.container(keyedBy: CodingName.self)
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: CodingName(stringValue: key))
        }
        // A model encodes its own keys into the same keyed container, as `super.encode(to:)` does.
        for model in models {
            try model.encode(to: encoder)
        }
    }

    /// The `userInfo` key under which `NetworkConfiguration.makeEncoder()` gives its `requestKeyStyle`, so that
    /// keys that only collide once converted to snake_case are found too.
    static let requestKeyStyle = CodingUserInfoKey(rawValue: "RepogenRuntime.requestKeyStyle")!

    /// A key as `JSONEncoder`'s `.convertToSnakeCase` writes it.
    static func snakeCaseName(_ key: String) -> String {
        struct One: Encodable {
            var key: String
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingName.self)
                try container.encodeNil(forKey: CodingName(stringValue: key))
            }
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        guard let data = try? encoder.encode(One(key: key)),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], let name = object.keys.first
        else { return key }
        return name
    }

    private static func isNil(_ value: Any) -> Bool {
        (value as? any OptionalValue)?.isNil ?? false
    }

    /// A spread value, its kind and keys found without touching the encoder it will be written to (`JSONEncoder`
    /// traps when a single value is written into an encoder that holds a keyed container).
    private enum Spread {
        /// A dictionary's entries, nil values left out; a nil optional is no entries.
        case entries([(key: String, value: any Encodable)])
        /// A value whose `encode(to:)` writes its keys into a keyed container of the encoder it is given.
        case model(any Encodable, keys: [String])

        /// Why a value cannot be spread, e.g. `encodes as an array`.
        struct NotAnObject: Error {
            /// The value's type, optionals unwrapped.
            var type: String
            var what: String
        }

        var keys: [String] {
            switch self {
            case .entries(let entries): return entries.map(\.key)
            case .model(_, let keys): return keys
            }
        }

        init(_ value: any Encodable) throws {
            if let optional = value as? any OptionalValue {
                guard let wrapped = optional.wrapped as? any Encodable else {
                    self = .entries([])
                    return
                }
                try self.init(wrapped)
                return
            }
            if let dictionary = value as? any StringKeyedDictionary {
                self = .entries(dictionary.entries.filter { !RequestParameters.isNil($0.value) })
                return
            }
            // Encode it alone, watching which containers it asks its encoder for.
            let probe = Probe(value: value)
            let data = try JSONEncoder().encode(probe)
            let json = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            if probe.containers.kinds.isEmpty, let object = json as? [String: Any], object.isEmpty {
                self = .entries([])  // it encodes nothing at all
                return
            }
            guard probe.containers.kinds == [.keyed], let object = json as? [String: Any] else {
                let what: String
                switch data.first {
                case UInt8(ascii: "{"): what = "encodes through a single value or unkeyed container; spread the value it wraps"
                case UInt8(ascii: "["): what = "encodes as an array"
                case UInt8(ascii: "\""): what = "encodes as a string"
                case UInt8(ascii: "n"): what = "encodes as null"
                case UInt8(ascii: "t"), UInt8(ascii: "f"): what = "encodes as a boolean"
                default: what = "encodes as a number"
                }
                throw NotAnObject(type: "\(Swift.type(of: value))", what: what)
            }
            self = .model(value, keys: Array(object.keys))
        }
    }

    /// Encodes a value through an encoder that records the kinds of container it asks for at the top level.
    private final class Probe: Encodable {
        enum Kind { case keyed, unkeyed, single }

        final class Containers {
            var kinds: Set<Kind> = []
        }

        let value: any Encodable
        let containers = Containers()

        init(value: any Encodable) {
            self.value = value
        }

        func encode(to encoder: Encoder) throws {
            try value.encode(to: Recorder(base: encoder, containers: containers))
            if containers.kinds.isEmpty {
                _ = encoder.container(keyedBy: CodingName.self)  // `{}`: JSONEncoder rejects a value that wrote nothing
            }
        }

        struct Recorder: Encoder {
            let base: Encoder
            let containers: Containers
            var codingPath: [CodingKey] { base.codingPath }
            var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

            func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
                containers.kinds.insert(.keyed)
                return base.container(keyedBy: type)
            }

            func unkeyedContainer() -> UnkeyedEncodingContainer {
                containers.kinds.insert(.unkeyed)
                return base.unkeyedContainer()
            }

            func singleValueContainer() -> SingleValueEncodingContainer {
                containers.kinds.insert(.single)
                return base.singleValueContainer()
            }
        }
    }
}

/// A `[String: V]` seen through an existential, so that `RequestParameters.spread(_:)` can leave out its nil
/// values.
protocol StringKeyedDictionary {
    var entries: [(key: String, value: any Encodable)] { get }
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Encodable {
    var entries: [(key: String, value: any Encodable)] {
        map { ($0.key, $0.value as any Encodable) }
    }
}

/// The success type of an endpoint whose response has no body worth decoding.
public struct EmptyResponse: Decodable, Sendable, Equatable {
    /// The empty response.
    public init() { }
}

/// The failure of a mock repository method called with nothing stubbed.
public enum MockRepositoryError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The method, e.g. `MockStoreRepository.fetchDetail(input:)`, was called but no result was stubbed.
    case notStubbed(String)

    /// `<method> was called but no result was stubbed`.
    public var description: String {
        switch self {
        case .notStubbed(let name):
            return "\(name) was called but no result was stubbed"
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? {
        description
    }
}

/// An `Optional` seen through an existential: lets `RequestParameters` leave out nil values and
/// `NetworkManager` answer `nil` for an optional success type without a value.
protocol OptionalValue {
    static var nilValue: Self { get }
    var isNil: Bool { get }
    /// The wrapped value, nil for `.none`.
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    static var nilValue: Self { nil }
    var isNil: Bool { self == nil }
    var wrapped: Any? { self.map { $0 } }
}
