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
    /// `Content-Type: application/json` (the seed's name for `.json`).
    case `default`
    /// `Content-Type: application/json`.
    case json
    /// JSON, plus the device's position as `X-Device-Latitude` / `X-Device-Longitude`, from the configured
    /// location provider.
    case location
    /// `Content-Type: multipart/form-data; boundary=<boundary>`.
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
            headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
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
}

/// A JSON object of parameters, built by generated code from a spec's `param` keys.
///
/// Values encode as themselves (numbers, strings, arrays, models, raw-value enums); a key whose value is a nil
/// optional is left out. Keys are encoded in sorted order; `NetworkManager` encodes with `.sortedKeys` as well,
/// since `JSONEncoder` does not keep the order of a keyed container. The same request always gives the same bytes.
///
/// ```swift
/// var params: RequestParameters = ["storeId": storeId, "size": 20]
/// if let cursor { params["cursor"] = cursor }
/// ```
public struct RequestParameters: Encodable, Sendable, ExpressibleByDictionaryLiteral {
    /// Parameter names.
    public typealias Key = String
    /// Any encodable value.
    public typealias Value = any Encodable & Sendable

    private var values: [String: any Encodable & Sendable]

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

    /// The value of a key; setting nil removes the key.
    public subscript(key: String) -> (any Encodable & Sendable)? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The keys, sorted.
    public var keys: [String] {
        values.keys.sorted()
    }

    /// Whether there are no parameters.
    public var isEmpty: Bool {
        values.isEmpty
    }

    private struct CodingName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes a keyed container, keys sorted, nil optionals left out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingName.self)
        for key in keys {
            guard let value = values[key], !((value as? any OptionalValue)?.isNil ?? false) else { continue }
            try container.encode(value, forKey: CodingName(stringValue: key))
        }
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
}

extension Optional: OptionalValue {
    static var nilValue: Self { nil }
    var isNil: Bool { self == nil }
}
