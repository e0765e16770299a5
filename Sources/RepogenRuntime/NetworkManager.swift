import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `RequestType` requests with `URLSession` and decodes their responses, as `NetworkConfiguration` says.
///
/// Configure `NetworkManager.shared` once at app start, or make separate instances (for tests, or for a second
/// server) and pass them to a generated `…RepositoryImpl(manager:)`:
///
/// ```swift
/// NetworkManager.shared.configuration = .envelopeAPI(baseURL: URL(string: "https://api.example.com"))
/// NetworkManager.shared.configuration.authToken = { await session.token }
/// ```
public final class NetworkManager: @unchecked Sendable {
    /// `NetworkManager.Configuration`, the spelling of the app the generated pattern comes from.
    public typealias Configuration = NetworkConfiguration

    /// The instance generated repositories use unless they are given another.
    public static let shared = NetworkManager()

    private let lock = NSLock()
    private var storedConfiguration: NetworkConfiguration
    private let refresher = TokenRefresher()

    /// A manager with its own configuration; the session is `configuration.session`.
    public init(configuration: NetworkConfiguration = NetworkConfiguration()) {
        self.storedConfiguration = configuration
    }

    /// The configuration; safe to read and change from any thread. A request uses the configuration of the
    /// moment it starts.
    public var configuration: NetworkConfiguration {
        get { lock.withLock { storedConfiguration } }
        set { lock.withLock { storedConfiguration = newValue } }
    }

    /// Sends a request and decodes the response as `T`.
    ///
    /// `String` also accepts a plain-text body; an optional `T` is nil for an empty or `null` body (or envelope
    /// `data`); `EmptyResponse` accepts any body. Failures are `NetworkError`s.
    public func request<T: Decodable>(requestType: some RequestType) async -> Result<T, Error> {
        let configuration = self.configuration
        return await send(requestType, configuration).flatMap { received in
            Self.decode(
                T.self, from: received.data, configuration: configuration,
                contentType: received.response.value(forHTTPHeaderField: "Content-Type"))
        }
    }

    /// Sends a request whose response has no body worth decoding.
    public func request(requestType: some RequestType) async -> Result<Void, Error> {
        await send(requestType, configuration).map { _ in () }
    }

    /// The `URLRequest` a request becomes: URL with query, method, headers and body (before `willSend`).
    ///
    /// - Throws: `NetworkError.invalidURL`, or `NetworkError.invalidParameter` when `param` cannot be sent.
    public func urlRequest(for requestType: some RequestType) async throws -> URLRequest {
        try await makeURLRequest(requestType, configuration)
    }

    // MARK: - Sending

    /// A response the configuration counts as success: its body and the HTTP response (status, headers).
    struct Received {
        var data: Data
        var response: HTTPURLResponse
    }

    func send(_ requestType: some RequestType, _ configuration: NetworkConfiguration) async -> Result<Received, Error> {
        do {
            var generation = await refresher.generation
            var refreshed = false
            var attempt = 1
            let method = requestType.method
            while true {
                var request = try await makeURLRequest(requestType, configuration)
                if let willSend = configuration.willSend { request = try await willSend(request) }
                let url = request.url?.absoluteString ?? ""
                configuration.log?("→ \(request.httpMethod ?? "GET") \(url)")
                let data: Data
                let response: HTTPURLResponse
                do {
                    (data, response) = try await Self.data(
                        for: request, session: configuration.session, timeout: configuration.timeout)
                } catch {
                    let failure = Self.networkError(error)
                    guard let policy = configuration.retryPolicy,
                        let delay = policy.delay(afterAttempt: attempt, method: method, error: failure)
                    else { throw failure }
                    configuration.log?("↻ \(url) failed (\(failure.errorDescription ?? "")); retrying in \(delay)")
                    try await Self.wait(delay, policy: policy)
                    attempt += 1
                    continue
                }
                let status = response.statusCode
                configuration.log?("← \(status) \(url) (\(data.count) bytes)")
                await configuration.didReceive?(request, response, data)
                if configuration.successStatusCodes.contains(status) {
                    return .success(Received(data: data, response: response))
                }
                if status == 401, !refreshed, let refresh = configuration.refreshToken {
                    refreshed = true
                    if await refresher.refresh(after: generation, using: refresh) {
                        generation = await refresher.generation
                        continue
                    }
                }
                if let policy = configuration.retryPolicy,
                    let delay = policy.delay(afterAttempt: attempt, method: method, response: response)
                {
                    configuration.log?("↻ \(status) \(url); retrying in \(delay)")
                    try await Self.wait(delay, policy: policy)
                    attempt += 1
                    continue
                }
                if let declared = Self.declaredFailure(
                    status: status, data: data, response: response, declarations: requestType.errorBodies,
                    configuration: configuration)
                {
                    return .failure(declared)
                }
                return .failure(Self.failure(status: status, body: data, configuration: configuration))
            }
        } catch {
            return .failure(Self.networkError(error))
        }
    }

    /// Waits `delay` before a retry with the policy's sleep; throws `CancellationError` when the task is cancelled
    /// (during the wait, or by the time it ends).
    private static func wait(_ delay: Duration, policy: RetryPolicy) async throws {
        try Task.checkCancellation()
        try await policy.sleep(delay)
        try Task.checkCancellation()
    }

    /// The `NetworkError` a failure to get a response is.
    private static func networkError(_ error: any Error) -> NetworkError {
        switch error {
        case let error as NetworkError: return error
        case let error as URLError: return networkError(error)
        case is CancellationError: return .cancelled
        default: return Task.isCancelled ? .cancelled : .transport(URLError(.unknown))
        }
    }

    private static func networkError(_ error: URLError) -> NetworkError {
        switch error.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        default: return .transport(error)
        }
    }

    /// The response, or `NetworkError.timedOut` after `timeout` seconds (enforced here too, since not every
    /// `URLSession` implementation honours `timeoutInterval`).
    private static func data(
        for request: URLRequest, session: URLSession, timeout: TimeInterval
    ) async throws -> (Data, HTTPURLResponse) {
        try await withThrowingTaskGroup(of: (Data, HTTPURLResponse).self) { group in
            group.addTask { try await data(for: request, session: session) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(NetworkConfiguration.clampedTimeout(timeout) * 1_000_000_000))
                throw NetworkError.timedOut
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw NetworkError.timedOut }
            return first
        }
    }

    /// `URLSession`'s data task, cancelled when the calling task is.
    private static func data(for request: URLRequest, session: URLSession) async throws -> (Data, HTTPURLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: (error as? URLError) ?? URLError(.unknown))
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// Appends a JSON object's keys to the query string, each array in its own style or the configuration's.
    private func appendQuery(
        _ data: Data, of requestType: some RequestType, _ configuration: NetworkConfiguration,
        to components: inout URLComponents
    ) throws {
        if let query = try QueryEncoder.query(
            fromJSON: data, arrayStyle: configuration.queryArrayStyle, arrayStyles: arrayStyles(of: requestType, configuration),
            boolStyle: configuration.queryBoolStyle)
        {
            components.percentEncodedQuery = [components.percentEncodedQuery, query].compactMap { $0 }
                .joined(separator: "&")
        }
    }

    /// The request's own array styles, keyed as its JSON has them: a param's style is keyed by its name in the spec,
    /// the JSON has the name as sent.
    private func arrayStyles(
        of requestType: some RequestType, _ configuration: NetworkConfiguration
    ) -> [String: NetworkConfiguration.QueryArrayStyle] {
        let arrayStyles = requestType.queryArrayStyles
        guard configuration.requestKeyStyle == .snakeCase, !arrayStyles.isEmpty else { return arrayStyles }
        return Dictionary(arrayStyles.map { (RequestParameters.snakeCaseName($0.key), $0.value) }) { first, _ in first }
    }

    /// A param as the configuration's encoder writes it; what cannot be encoded is a `NetworkError.parameterError`.
    private func encodedJSON(_ value: Encodable, _ configuration: NetworkConfiguration) throws -> Data {
        do {
            return try configuration.makeEncoder().encode(value)
        } catch let error as EncodingError {
            throw NetworkError.parameterError(error)
        }
    }

    /// A body's one `Content-Type`: the endpoint's own (a custom header of that name, in any case), else `fallback`.
    private func setContentType(
        _ headers: inout [String: String], of requestType: some RequestType, default fallback: String
    ) {
        var contentType = fallback
        if case .custom(let custom) = requestType.header,
            let given = custom.first(where: { $0.key.lowercased() == "content-type" })
        {
            contentType = given.value
        }
        headers = headers.filter { $0.key.lowercased() != "content-type" }
        headers["Content-Type"] = contentType
    }

    private func makeURLRequest(_ requestType: some RequestType, _ configuration: NetworkConfiguration) async throws -> URLRequest {
        let base = configuration.baseURL?.absoluteString ?? ""
        let path = try PathComponent.resolvingEmptyInputs(in: requestType.path)
        let text = (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
        guard var components = URLComponents(string: text), components.scheme != nil, components.host != nil else {
            throw NetworkError.invalidURL(text)
        }
        var headers = configuration.defaultHeaders
        let location = requestType.header == .location ? await configuration.locationProvider?() : nil
        headers.merge(requestType.header.headers(location: location)) { $1 }
        let body = try encodeBody(of: requestType, configuration, headers: &headers, components: &components)
        if body == nil, !configuration.alwaysSendsContentType { headers["Content-Type"] = nil }
        if let token = await configuration.authToken?() {
            Self.authorize(token, scheme: configuration.authScheme, headers: &headers, components: &components)
        }
        guard let url = components.url else { throw NetworkError.invalidURL(text) }
        var request = URLRequest(url: url, timeoutInterval: configuration.timeout)
        request.httpMethod = requestType.method.rawValue
        request.httpBody = body
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            // Every header (the configured ones, the request's own, the token): one HTTP cannot carry is refused
            // instead of being dropped (or split in two) by the URL loader. A value goes out without the spaces and
            // tabs at its ends, which are not part of it in HTTP: the server reads the same, and a value of nothing
            // but spaces goes out empty instead of being dropped.
            try WireSafety.checkHeader(name: name, value: value)
            request.setValue(WireSafety.trimmed(value), forHTTPHeaderField: name)
        }
        return request
    }

    /// The request's body (nil for none), with its Content-Type in `headers`: the param as JSON, a form or bytes, or
    /// the upload's multipart form. A param that is not sent as the body, and the query param, go to the query
    /// string in `components`.
    private func encodeBody(
        of requestType: some RequestType, _ configuration: NetworkConfiguration, headers: inout [String: String],
        components: inout URLComponents
    ) throws -> Data? {
        var body: Data?
        let sendsBody = requestType.method != .get && !requestType.usingQuery && requestType.upload == nil
        let isForm = requestType.bodyEncoding == .form
        if isForm, !sendsBody {
            // Sending the param to the query instead would quietly send something else than the request says.
            let place =
                requestType.upload != nil
                ? "an upload, whose body is its multipart form"
                : requestType.method == .get ? "a GET" : "a request that sends its param in the query string (usingQuery)"
            throw NetworkError.invalidParameter(
                key: nil, reason: "the param is a form body (bodyEncoding .form), but this is \(place)")
        }
        if isForm, let param = requestType.param {
            // A form: the pairs the query string would have, in a body, in the form's own encoding.
            body = try QueryEncoder.form(
                fromJSON: encodedJSON(param, configuration), arrayStyle: configuration.queryArrayStyle,
                arrayStyles: arrayStyles(of: requestType, configuration), boolStyle: configuration.queryBoolStyle)
            setContentType(&headers, of: requestType, default: "application/x-www-form-urlencoded")
        } else if sendsBody, let chosen = requestType.param as? any ChosenBody {
            // A `BodyChoice`: the case the app chose, as JSON, text or bytes, with that case's Content-Type.
            let made: (contentType: String, data: Data)
            do {
                made = try chosen.chosenBody(encoder: configuration.makeEncoder())
            } catch let error as EncodingError {
                throw NetworkError.parameterError(error)
            }
            body = made.data
            headers = headers.filter { $0.key.lowercased() != "content-type" }
            headers["Content-Type"] = made.contentType
        } else if sendsBody, let bytes = requestType.param as? Data {
            // A `Data` param sent as the body is the bytes themselves (a file, an image), not JSON of their base64.
            body = bytes
            setContentType(&headers, of: requestType, default: "application/octet-stream")
        } else if let param = requestType.param {
            let data = try encodedJSON(param, configuration)
            if !sendsBody {
                try appendQuery(data, of: requestType, configuration, to: &components)
            } else {
                body = data
            }
        }
        if let queryParam = requestType.queryParam {
            // The spec's `query` keys: in the URL whatever the param is (usually the JSON body beside them).
            try appendQuery(encodedJSON(queryParam, configuration), of: requestType, configuration, to: &components)
        }
        // A form with no parts (an optional upload whose inputs are all nil) sends no body: multipart needs at least
        // one part (RFC 2046 5.1.1), and a request without its optional body is what the caller asked for.
        if let upload = requestType.upload, !upload.parts.isEmpty {
            var given: String?
            if case .multipart(let boundary) = requestType.header { given = boundary }
            let (boundary, data) = try upload.encoded(boundary: given, encoder: configuration.makeEncoder())
            headers["Content-Type"] = WireSafety.multipartContentType(boundary: boundary)
            body = data
        } else if case .multipart(let boundary) = requestType.header, !boundary.isEmpty {
            try WireSafety.checkBoundary(boundary)
        }
        return body
    }

    /// Puts the auth token where the scheme says: the Authorization header (as it is, or after `Bearer ` or
    /// `Basic `), a header of its own, or a query item.
    private static func authorize(
        _ token: String, scheme: NetworkConfiguration.AuthScheme, headers: inout [String: String],
        components: inout URLComponents
    ) {
        switch scheme {
        case .raw: headers["Authorization"] = token
        case .bearer: headers["Authorization"] = "Bearer " + token
        case .basic: headers["Authorization"] = "Basic " + token
        case .header(let name): headers[name] = token
        case .query(let name):
            let item = QueryEncoder.encode(name) + "=" + (token.addingPercentEncoding(withAllowedCharacters: PathComponent.allowed) ?? "")
            components.percentEncodedQuery = [components.percentEncodedQuery, item].compactMap { $0 }.joined(separator: "&")
        }
    }

    // MARK: - Reading responses

    /// The envelope the real app's server wraps every body in.
    private struct Envelope: Decodable {
        var resultCode: String?
        var message: String?
    }

    private static func failure(status: Int, body: Data, configuration: NetworkConfiguration) -> NetworkError {
        var envelope: Envelope?
        if configuration.responseBody == .envelope {
            envelope = try? configuration.makeDecoder().decode(Envelope.self, from: body)
        }
        if status == 401 {
            return .unauthorized(resultCode: envelope?.resultCode, message: envelope?.message)
        }
        return .server(status: status, resultCode: envelope?.resultCode, message: envelope?.message, body: body)
    }

    /// A `multipart/form-data` response (by its `contentType`) is read part by part (`MultipartResponse`): JSON
    /// parts as JSON, text parts as strings, other parts as bytes, a repeated name as an array.
    static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, configuration: NetworkConfiguration, contentType: String? = nil
    ) -> Result<T, Error> {
        if let empty = EmptyResponse() as? T {
            return .success(empty)
        }
        if T.self != Data.self, T.self != Data?.self, let contentType,
            let boundary = MultipartResponse.boundary(ofContentType: contentType)
        {
            do {
                return .success(try MultipartResponse.decode(T.self, body: data, boundary: boundary, decoder: configuration.makeDecoder()))
            } catch let error as DecodingError {
                return .failure(NetworkError.decoding(DecodingFailure(error)))
            } catch {
                return .failure(NetworkError.noData)
            }
        }
        // A `Data` response is the body's bytes as they came (a file, an image, a thumbnail): not JSON, so neither
        // decoded nor read from an envelope. A `Data?` one is nil when the body is empty.
        if T.self == Data.self, let bytes = data as? T {
            return .success(bytes)
        }
        if T.self == Data?.self {
            if data.isEmpty { return noValue(T.self) }
            if let bytes = Optional(data) as? T { return .success(bytes) }
        }
        let decoder = configuration.makeDecoder()
        var payload = data
        if configuration.responseBody == .envelope {
            do {
                guard let value = try decoder.decode(DataField.self, from: data).data else {
                    return noValue(T.self)
                }
                payload = value
            } catch let error as DecodingError {
                return .failure(NetworkError.decoding(DecodingFailure(error)))
            } catch {
                return .failure(NetworkError.noData)
            }
        }
        if payload.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) || payload == Data("null".utf8) {
            return noValue(T.self)
        }
        do {
            return .success(try decoder.decode(T.self, from: payload))
        } catch let error as DecodingError {
            // A plain-text body for a `String` (or `String?`) response.
            if configuration.responseBody == .plain, T.self == String.self || T.self == String?.self,
                let text = String(data: payload, encoding: .utf8), let value = text as? T ?? Optional(text) as? T
            {
                return .success(value)
            }
            return .failure(NetworkError.decoding(DecodingFailure(error)))
        } catch {
            return .failure(NetworkError.noData)
        }
    }

    /// `nil` for an optional success type, otherwise `.noData`.
    private static func noValue<T>(_ type: T.Type) -> Result<T, Error> {
        if let optional = T.self as? any OptionalValue.Type, let none = optional.nilValue as? T {
            return .success(none)
        }
        return .failure(NetworkError.noData)
    }

    /// The raw JSON of an envelope's `data`, nil when it is missing or `null`.
    private struct DataField: Decodable {
        var data: Data?

        private enum CodingKeys: String, CodingKey { case data }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard container.contains(.data), try !container.decodeNil(forKey: .data) else {
                data = nil
                return
            }
            let value = try container.decode(JSONFragment.self, forKey: .data)
            data = try JSONEncoder().encode(value)
        }
    }
}

/// Any JSON value, decoded and re-encoded to hand an envelope's `data` to the real decoder.
private enum JSONFragment: Codable {
    case null, bool(Bool), integer(Int64), number(Double), string(String), array([JSONFragment]), object([String: JSONFragment])

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
        } else if let value = try? container.decode([JSONFragment].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONFragment].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// Holds a data task so that task cancellation can reach it, even before it started.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func start(_ task: URLSessionDataTask) {
        let cancelled = lock.withLock { () -> Bool in
            self.task = task
            return isCancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock { () -> URLSessionDataTask? in
            isCancelled = true
            return self.task
        }
        task?.cancel()
    }
}

/// Runs one token refresh at a time; 401s that arrive while (or after) it runs share its result.
private actor TokenRefresher {
    /// Counts finished refreshes, so a request that was sent before the last one just retries.
    private(set) var generation = 0
    private var running: Task<Bool, Never>?

    func refresh(after seen: Int, using refresh: @escaping @Sendable () async -> Bool) async -> Bool {
        if generation > seen { return true }
        if let running { return await running.value }
        let task = Task { await refresh() }
        running = task
        let succeeded = await task.value
        running = nil
        if succeeded { generation += 1 }
        return succeeded
    }
}
