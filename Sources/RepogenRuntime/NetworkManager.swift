import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `RequestType` requests with `URLSession` and decodes their responses.
///
/// Configure `NetworkManager.shared` once at app start, or make separate instances for tests:
///
/// ```swift
/// NetworkManager.shared.configuration.baseURL = URL(string: "https://api.example.com")
/// NetworkManager.shared.configuration.authToken = { await session.token }
/// ```
public final class NetworkManager: @unchecked Sendable {
    /// Everything that shapes requests and responses.
    public struct Configuration: Sendable {
        /// How the auth token is written in the `Authorization` header.
        public enum AuthScheme: Sendable, Equatable {
            /// The token as is (the app behind the generated pattern sends it so).
            case raw
            /// `Bearer <token>`.
            case bearer
        }

        /// The URL paths are appended to.
        public var baseURL: URL?
        /// Headers every request carries; request headers win over them, and `Authorization` wins over both.
        public var defaultHeaders: [String: String] = ["Accept": "application/json"]
        /// Returns the current auth token, or nil to send none.
        public var authToken: (@Sendable () async -> String?)?
        public var authScheme: AuthScheme = .raw
        /// Returns the device's position for `.location` requests, or nil to send none.
        public var locationProvider: (@Sendable () async -> DeviceLocation?)?
        /// The status codes that count as success.
        public var successStatusCodes: Range<Int> = 200..<300
        /// Seconds before a request times out.
        public var timeout: TimeInterval = 30
        /// Whether JSON keys are snake_case on the wire (camelCase in Swift).
        public var convertsSnakeCase = false

        public init(baseURL: URL? = nil) {
            self.baseURL = baseURL
        }

        /// The encoder for params: sorted keys, ISO 8601 dates.
        public func makeEncoder() -> JSONEncoder {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            if convertsSnakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
            return encoder
        }

        /// The decoder for responses: ISO 8601 dates.
        public func makeDecoder() -> JSONDecoder {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            if convertsSnakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
            return decoder
        }
    }

    /// The instance generated repositories use.
    public static let shared = NetworkManager()

    private let lock = NSLock()
    private var storedConfiguration: Configuration
    private let session: URLSession

    public init(configuration: Configuration = Configuration(), session: URLSession = .shared) {
        self.storedConfiguration = configuration
        self.session = session
    }

    /// The configuration; safe to read and change from any thread.
    public var configuration: Configuration {
        get { lock.withLock { storedConfiguration } }
        set { lock.withLock { storedConfiguration = newValue } }
    }

    /// Sends a request and decodes its response body as `T`.
    ///
    /// `String` accepts a body that is plain text as well as a JSON string; an optional `T` is nil for an
    /// empty or `null` body; `EmptyResponse` accepts any body.
    public func request<T: Decodable>(requestType: some RequestType) async -> Result<T, Error> {
        let configuration = self.configuration
        return await send(requestType, configuration).flatMap { data in
            Self.decode(T.self, from: data, decoder: configuration.makeDecoder())
        }
    }

    /// Sends a request whose response has no body worth decoding.
    public func request(requestType: some RequestType) async -> Result<Void, Error> {
        await send(requestType, configuration).map { _ in () }
    }

    /// The `URLRequest` a request becomes: URL with query, method, headers and body.
    public func urlRequest(for requestType: some RequestType) async throws -> URLRequest {
        try await makeURLRequest(requestType, configuration)
    }

    // MARK: - Sending

    private func send(_ requestType: some RequestType, _ configuration: Configuration) async -> Result<Data, Error> {
        do {
            let request = try await makeURLRequest(requestType, configuration)
            let (data, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard configuration.successStatusCodes.contains(status) else {
                return .failure(NetworkError.httpStatus(status, body: data))
            }
            return .success(data)
        } catch let error as NetworkError {
            return .failure(error)
        } catch {
            if Task.isCancelled || (error as? URLError)?.code == .cancelled || error is CancellationError {
                return .failure(NetworkError.cancelled)
            }
            return .failure(NetworkError.transport(error.localizedDescription))
        }
    }

    private func makeURLRequest(_ requestType: some RequestType, _ configuration: Configuration) async throws -> URLRequest {
        let text = (configuration.baseURL?.absoluteString ?? "").trimmingSuffix("/") + requestType.path
        guard var components = URLComponents(string: text), components.scheme != nil else {
            throw NetworkError.invalidURL(text)
        }
        let inQuery = requestType.method == .get || requestType.usingQuery
        var body: Data?
        if let param = requestType.param {
            let data = try configuration.makeEncoder().encode(param)
            if inQuery {
                let items = try QueryEncoder.items(fromJSON: data)
                if !items.isEmpty {
                    components.percentEncodedQuery = QueryEncoder.percentEncodedQuery(items)
                }
            } else {
                body = data
            }
        }
        guard let url = components.url else { throw NetworkError.invalidURL(text) }

        var request = URLRequest(url: url, timeoutInterval: configuration.timeout)
        request.httpMethod = requestType.method.rawValue
        request.httpBody = body
        let location = requestType.header == .location ? await configuration.locationProvider?() : nil
        var headers = configuration.defaultHeaders.merging(requestType.header.headers(location: location)) { $1 }
        if let token = await configuration.authToken?() {
            headers["Authorization"] = configuration.authScheme == .bearer ? "Bearer " + token : token
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    // MARK: - Decoding

    static func decode<T: Decodable>(_ type: T.Type, from data: Data, decoder: JSONDecoder) -> Result<T, Error> {
        if let empty = EmptyResponse() as? T {
            return .success(empty)
        }
        let isBlank = data.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if isBlank, let optional = T.self as? any OptionalDecodable.Type, let none = optional.nilValue as? T {
            return .success(none)
        }
        guard !isBlank else { return .failure(NetworkError.noData) }
        do {
            return .success(try decoder.decode(T.self, from: data))
        } catch let error as DecodingError {
            // A plain-text body for a `String` (or `String?`) response.
            if T.self == String.self || T.self == String?.self, let text = String(data: data, encoding: .utf8),
                let value = text as? T ?? Optional(text) as? T
            {
                return .success(value)
            }
            return .failure(NetworkError.decoding(NetworkError.describe(error)))
        } catch {
            return .failure(NetworkError.decoding("\(error)"))
        }
    }
}

/// Lets `decode` produce `nil` for an optional success type when the body is empty.
protocol OptionalDecodable {
    static var nilValue: Self { get }
}

extension Optional: OptionalDecodable {
    static var nilValue: Self { nil }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
