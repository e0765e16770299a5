import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything that shapes the requests a `NetworkManager` sends and how it reads the answers.
///
/// The defaults are a plain REST client: 2xx is success, bodies are the values themselves, `Bearer` tokens.
/// `NetworkConfiguration.envelopeAPI(baseURL:)` matches the app the generated pattern comes from.
public struct NetworkConfiguration: Sendable {
    /// How the auth token is written in the `Authorization` header.
    public enum AuthScheme: Sendable, Equatable {
        /// The token as is.
        case raw
        /// `Bearer <token>`.
        case bearer
    }

    /// How an array parameter is spelled in a query string.
    public enum QueryArrayStyle: Sendable, Equatable {
        /// `ids=1,2,3`
        case commaSeparated
        /// `ids=1&ids=2&ids=3`
        case repeatedKeys
        /// `ids[]=1&ids[]=2&ids[]=3`
        case brackets
    }

    /// How a response body carries its value.
    public enum ResponseBody: Sendable, Equatable {
        /// The body is the value.
        case plain
        /// The body is `{ "data": value, "resultCode": …, "message": …, "error": … }`: the value is `data`; a
        /// failure's envelope gives its `resultCode` and `message` to the error; a success with `null` data is
        /// `NetworkError.noData` (or `nil` for an optional success type).
        case envelope
    }

    /// How JSON keys are spelled on the wire.
    public enum KeyStyle: Sendable, Equatable {
        /// As the Swift property names (or the models' `CodingKeys`).
        case asIs
        /// snake_case on the wire, camelCase in Swift.
        case snakeCase
    }

    /// The URL paths are appended to.
    public var baseURL: URL?
    /// The session that sends requests.
    public var session: URLSession = .shared
    /// Headers every request carries (`Accept`, `User-Agent`, app-specific ones). A request's own headers win over
    /// them, and `Authorization` wins over both.
    public var defaultHeaders: [String: String] = ["Accept": "application/json", "User-Agent": "RepogenRuntime"]
    /// Returns the current auth token, or nil to send none.
    public var authToken: (@Sendable () async -> String?)?
    /// How the token is written: `Bearer <token>` by default, or as is (`.raw`).
    public var authScheme: AuthScheme = .bearer
    /// Called once when a request gets 401, before that request is retried once; concurrent 401s share one call.
    /// Return false when the session cannot be refreshed (the request then fails with `.unauthorized`).
    public var refreshToken: (@Sendable () async -> Bool)?
    /// The device's position, sent as `X-Device-Latitude` / `X-Device-Longitude` by `.location` requests.
    public var locationProvider: (@Sendable () async -> DeviceLocation?)?
    /// Seconds before a request times out.
    public var timeout: TimeInterval = 30
    /// The status codes that count as success.
    public var successStatusCodes: Set<Int> = Set(200..<300)
    /// Whether bodies are the values themselves or envelopes around them.
    public var responseBody: ResponseBody = .plain
    /// How JSON keys are spelled on the wire, in params, bodies and responses alike.
    public var keyStyle: KeyStyle = .asIs
    /// How array params are spelled in query strings.
    public var queryArrayStyle: QueryArrayStyle = .commaSeparated
    /// Runs before each request is sent (after repogen's own headers): add headers, sign, log.
    public var willSend: (@Sendable (URLRequest) async throws -> URLRequest)?
    /// Runs after each response arrives, before it is decoded.
    public var didReceive: (@Sendable (URLRequest, HTTPURLResponse, Data) async -> Void)?
    /// Receives a line per request and response; nothing is printed otherwise.
    public var log: (@Sendable (String) -> Void)?

    /// A plain REST configuration: 2xx succeeds, bodies are the values, `Bearer` tokens, `URLSession.shared`.
    public init(baseURL: URL? = nil) {
        self.baseURL = baseURL
    }

    /// The conventions of the app the generated pattern comes from: only 200 succeeds, every body is an
    /// envelope, snake_case keys, the raw token in `Authorization`, comma-joined query arrays.
    public static func envelopeAPI(baseURL: URL?) -> NetworkConfiguration {
        var configuration = NetworkConfiguration(baseURL: baseURL)
        configuration.successStatusCodes = [200]
        configuration.responseBody = .envelope
        configuration.keyStyle = .snakeCase
        configuration.authScheme = .raw
        configuration.queryArrayStyle = .commaSeparated
        return configuration
    }

    /// The encoder for params and bodies: sorted keys, ISO 8601 dates, the configured key style.
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        if keyStyle == .snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        return encoder
    }

    /// The decoder for responses: ISO 8601 dates, the configured key style.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if keyStyle == .snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        return decoder
    }
}
