import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A decoded response with the status and headers it came with: what an endpoint with `responseMetadata: true`
/// returns, and what `NetworkManager`'s calls give when asked for `APIResponse<T>` instead of `T`.
///
/// ```swift
/// let movie = try await repository.updateMovie(movie: edited)    // APIResponse<Movie>
/// let etag = movie.header("ETag")                                  // any spelling of the name
/// ```
public struct APIResponse<Value> {
    /// The decoded body (or `()` for a response without one).
    public var value: Value
    /// The HTTP status, e.g. 200 or 201.
    public var statusCode: Int
    /// The response's headers, by name as the server (or the URL loading system) spelled them; read them with
    /// `header(_:)`, which ignores case.
    public var headers: [String: String]

    /// A response of this value, status and headers (mocks and previews; the manager makes the real ones).
    public init(value: Value, statusCode: Int = 200, headers: [String: String] = [:]) {
        self.value = value
        self.statusCode = statusCode
        self.headers = headers
    }

    /// The value of the header `name`, whatever its case (`header("etag")` reads `ETag`); nil when absent.
    public func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        let lowercased = name.lowercased()
        return headers.first { $0.key.lowercased() == lowercased }?.value
    }

    /// The same response with its value converted (a DTO to its domain type), status and headers kept.
    public func map<NewValue>(_ transform: (Value) throws -> NewValue) rethrows -> APIResponse<NewValue> {
        APIResponse<NewValue>(value: try transform(value), statusCode: statusCode, headers: headers)
    }
}

extension APIResponse: Sendable where Value: Sendable {}
extension APIResponse: Equatable where Value: Equatable {}
extension APIResponse: Hashable where Value: Hashable {}

extension APIResponse {
    /// `value` with the status and headers of `response`.
    init(value: Value, response: HTTPURLResponse) {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String else { continue }
            headers[name] = (value as? String) ?? "\(value)"
        }
        self.init(value: value, statusCode: response.statusCode, headers: headers)
    }
}

// The calls of `NetworkManager` with the response's status and headers: the same calls, asked for an
// `APIResponse<T>` (the declared type picks them), so that a generated repository method returns the metadata by
// changing only its declared type. The `APIResponse<Void>` ones are disfavoured: a call whose result is not typed
// (`try await manager.response(requestType: request)` as a statement) keeps meaning the plain `Void` one.
extension NetworkManager {
    /// Sends a request and decodes the response as `T`, with its status and headers.
    public func request<T: Decodable>(requestType: some RequestType) async -> Result<APIResponse<T>, Error> {
        let configuration = self.configuration
        return await send(requestType, configuration).flatMap { received in
            Self.decode(
                T.self, from: received.data, configuration: configuration,
                contentType: received.response.value(forHTTPHeaderField: "Content-Type")
            ).map {
                APIResponse(value: $0, response: received.response)
            }
        }
    }

    /// Sends a request whose response has no body worth decoding, and gives its status and headers.
    @_disfavoredOverload
    public func request(requestType: some RequestType) async -> Result<APIResponse<Void>, Error> {
        await send(requestType, configuration).map { APIResponse(value: (), response: $0.response) }
    }

    /// `request(requestType:)` with the response's type given (`as: APIResponse<PhotoDTO>.self`), so that a
    /// conversion can follow in one expression.
    public func request<T: Decodable>(
        requestType: some RequestType, as type: APIResponse<T>.Type
    ) async -> Result<APIResponse<T>, Error> {
        await request(requestType: requestType)
    }

    /// `request(requestType:)` with the response's type given, for a response without a body.
    public func request(
        requestType: some RequestType, as type: APIResponse<Void>.Type
    ) async -> Result<APIResponse<Void>, Error> {
        await request(requestType: requestType)
    }

    /// Sends a request and decodes the response as `T`, with its status and headers, throwing the `NetworkError`
    /// of a failure.
    public func response<T: Decodable>(requestType: some RequestType) async throws(NetworkError) -> APIResponse<T> {
        let result: Result<APIResponse<T>, Error> = await request(requestType: requestType)
        return try result.mapError(NetworkError.init(any:)).get()
    }

    /// Sends a request whose response has no body worth decoding, and gives its status and headers, throwing the
    /// `NetworkError` of a failure.
    @_disfavoredOverload
    public func response(requestType: some RequestType) async throws(NetworkError) -> APIResponse<Void> {
        let result: Result<APIResponse<Void>, Error> = await request(requestType: requestType)
        return try result.mapError(NetworkError.init(any:)).get()
    }

    /// Sends a request and calls `completion` once, on the main actor, with the decoded response, its status and
    /// headers, or the `NetworkError`.
    @discardableResult
    public func request<T: Decodable & Sendable>(
        requestType: some RequestType, completion: @escaping @MainActor @Sendable (Result<APIResponse<T>, NetworkError>) -> Void
    ) -> RequestHandle {
        complete(completion, running: { await self.request(requestType: requestType) })
    }

    /// Sends a request whose response has no body worth decoding, and calls `completion` once with its status and
    /// headers or the `NetworkError`, on the main actor.
    @_disfavoredOverload
    @discardableResult
    public func request(
        requestType: some RequestType, completion: @escaping @MainActor @Sendable (Result<APIResponse<Void>, NetworkError>) -> Void
    ) -> RequestHandle {
        complete(completion, running: { await self.request(requestType: requestType) })
    }
}
