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
        /// `Basic <token>`: the token is the base64 of `user:password`.
        case basic
        /// The token as is, in the named header instead of `Authorization` (an API key: `X-API-Key`).
        case header(String)
        /// The token as is, as the named query item (an API key in the query: `api_key=…`).
        case query(String)
    }

    /// How an array parameter is spelled in a query string.
    public enum QueryArrayStyle: Sendable, Equatable {
        /// `ids=1,2,3`
        case commaSeparated
        /// `ids=1&ids=2&ids=3`
        case repeatedKeys
        /// `ids[]=1&ids[]=2&ids[]=3`
        case brackets
        /// `ids=1%202%203`: joined with spaces (OpenAPI's `spaceDelimited`).
        case spaceDelimited
        /// `ids=1%7C2%7C3`: joined with `|`, percent-encoded (OpenAPI's `pipeDelimited`).
        case pipeDelimited
        /// `sort%5Bfield%5D=name&sort%5Border%5D=asc` (`sort[field]=name&sort[order]=asc`, brackets percent-encoded as
        /// swift-openapi-runtime sends them): OpenAPI's `deepObject` style, for a param whose value is an object (a
        /// model or a `[String: V]` dictionary) of scalars or arrays of scalars, one item per key (an array's
        /// elements as repeated items); `null`s left out. Only as a param's own style (`queryArrayStyles`, the
        /// spec's `queryArrays: { sort: deepObject }`): a value that is not an object, a nested object in it, and a
        /// key in it that is empty or has `[` or `]` are a `NetworkError.invalidParameter`.
        case deepObject
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

    /// How a `Bool` param is spelled in a query string (JSON bodies always carry `true` / `false`).
    public enum QueryBoolStyle: Sendable, Equatable {
        /// `isDelete=true`, `flags=true,false`
        case trueFalse
        /// `isDelete=1`, `flags=1,0`
        case numeric
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
    /// When a failed request is sent again (transport errors such as timeouts, statuses such as 503, for
    /// idempotent methods), with what waits between; nil (the default) never retries. The 401 refresh
    /// (`refreshToken`) works beside it.
    public var retryPolicy: RetryPolicy?
    /// The device's position, sent as `X-Device-Latitude` / `X-Device-Longitude` by `.location` requests.
    public var locationProvider: (@Sendable () async -> DeviceLocation?)?
    /// Seconds before a request times out: 30 by default, at most `maximumTimeout` (7 days). Set to more (or to
    /// `.infinity`), it is the maximum; set to a negative number or NaN, it is 0 (every request times out at once).
    public var timeout: TimeInterval = 30 {
        didSet { timeout = Self.clampedTimeout(timeout) }
    }

    /// The longest `timeout`: 7 days (604,800 s), as `URLSessionConfiguration.timeoutIntervalForResource`'s default.
    public static let maximumTimeout: TimeInterval = 604_800

    /// `seconds` within `0...maximumTimeout`; NaN is 0.
    static func clampedTimeout(_ seconds: TimeInterval) -> TimeInterval {
        guard seconds > 0 else { return 0 }  // negative, zero or NaN
        return min(seconds, maximumTimeout)
    }
    /// The status codes that count as success.
    public var successStatusCodes: Set<Int> = Set(200..<300)
    /// Whether bodies are the values themselves or envelopes around them.
    public var responseBody: ResponseBody = .plain
    /// How the keys of params (query strings) and JSON bodies are spelled: as the Swift names by default, or
    /// converted to snake_case. Keys a model spells in its `CodingKeys` are converted too.
    public var requestKeyStyle: KeyStyle = .asIs
    /// How the keys of response bodies are spelled, envelopes and error envelopes included: as the Swift names by
    /// default, or snake_case on the wire read into camelCase properties.
    public var responseKeyStyle: KeyStyle = .asIs
    /// How array params are spelled in query strings.
    public var queryArrayStyle: QueryArrayStyle = .commaSeparated
    /// How `Bool` params are spelled in query strings: `true` / `false` by default, or `1` / `0`.
    public var queryBoolStyle: QueryBoolStyle = .trueFalse
    /// Whether every request carries the `Content-Type` of its header kind (`application/json` for `.json`,
    /// `.default`, `.location` and `.custom`), with or without a body. By default a request without a body
    /// sends no `Content-Type`. Uploads always send their own `multipart/form-data` type.
    public var alwaysSendsContentType: Bool = false
    /// Runs before each request is sent (after repogen's own headers): add headers, sign, log.
    public var willSend: (@Sendable (URLRequest) async throws -> URLRequest)?
    /// Runs after each response arrives, before it is decoded.
    public var didReceive: (@Sendable (URLRequest, HTTPURLResponse, Data) async -> Void)?
    /// Receives a line per request and response; nothing is printed otherwise.
    public var log: (@Sendable (String) -> Void)?
    /// No longer read: completion handlers (`request(requestType:completion:)`, the `completion` output style) are
    /// `@MainActor` and always run on the main actor, so a view model can update its state in them directly.
    @available(*, deprecated, message: "completion handlers are @MainActor and always run on the main actor")
    public var completionQueue: DispatchQueue = .main

    /// A plain REST configuration: 2xx succeeds, bodies are the values, `Bearer` tokens, `URLSession.shared`.
    public init(baseURL: URL? = nil) {
        self.baseURL = baseURL
    }

    /// The conventions of the app the generated pattern comes from:
    ///
    /// - only 200 succeeds (`successStatusCodes`), and every response body is an envelope (`responseBody`);
    /// - params and bodies go out with the Swift names (`deleteReasonType`, `requestKeyStyle` `.asIs`), while
    ///   responses are read from snake_case into camelCase (`responseKeyStyle` `.snakeCase`);
    /// - the raw token in `Authorization` (`authScheme` `.raw`);
    /// - query arrays comma-joined (`includes=OWNER,OPEN_STATUS`) and booleans as `1` / `0` (`queryBoolStyle`);
    /// - `Content-Type: application/json` on every request, with or without a body (`alwaysSendsContentType`).
    public static func envelopeAPI(baseURL: URL?) -> NetworkConfiguration {
        var configuration = NetworkConfiguration(baseURL: baseURL)
        configuration.successStatusCodes = [200]
        configuration.responseBody = .envelope
        configuration.requestKeyStyle = .asIs
        configuration.responseKeyStyle = .snakeCase
        configuration.authScheme = .raw
        configuration.queryArrayStyle = .commaSeparated
        configuration.queryBoolStyle = .numeric
        configuration.alwaysSendsContentType = true
        return configuration
    }

    /// The encoder for params and bodies: sorted keys, ISO 8601 dates, `requestKeyStyle`.
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        if requestKeyStyle == .snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        encoder.userInfo[RequestParameters.requestKeyStyle] = requestKeyStyle
        return encoder
    }

    /// The decoder for responses (envelopes included): ISO 8601 dates, `responseKeyStyle`.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if responseKeyStyle == .snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        return decoder
    }
}
