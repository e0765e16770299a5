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
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One endpoint's request, as the generated API enums describe it.
public protocol RequestType: Sendable {
    /// What the request sends: in the query string or as a JSON body (see `usingQuery`); nil for nothing.
    var param: Encodable? { get }
    var method: RequestMethod { get }
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
    public var usingQuery: Bool {
        method.usesQueryByDefault
    }

    public var upload: UploadForm? {
        nil
    }
}

/// A JSON object of parameters, built by generated code from a spec's `param` keys.
///
/// Keys are encoded in sorted order; `NetworkManager` encodes with `.sortedKeys` as well, since `JSONEncoder`
/// does not keep the order of a keyed container. The same request always gives the same bytes.
public struct RequestParameters: Encodable, Sendable, ExpressibleByDictionaryLiteral {
    public typealias Key = String
    public typealias Value = any Encodable & Sendable

    private var values: [String: any Encodable & Sendable]

    public init() {
        values = [:]
    }

    public init(_ values: [String: any Encodable & Sendable]) {
        self.values = values
    }

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

    public var isEmpty: Bool {
        values.isEmpty
    }

    private struct CodingName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingName.self)
        for key in keys {
            guard let value = values[key] else { continue }
            try container.encode(value, forKey: CodingName(stringValue: key))
        }
    }
}

/// The success type of an endpoint whose response has no body worth decoding.
public struct EmptyResponse: Decodable, Sendable, Equatable {
    public init() { }
}

/// The failure of a mock repository method called with nothing stubbed.
public enum MockRepositoryError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The method, e.g. `MockStoreRepository.fetchDetail(input:)`, was called but no result was stubbed.
    case notStubbed(String)

    public var description: String {
        switch self {
        case .notStubbed(let name):
            return "\(name) was called but no result was stubbed"
        }
    }

    public var errorDescription: String? {
        description
    }
}
