import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request started with a completion handler. `cancel()` stops it; its completion is then called with
/// `NetworkError.cancelled`, unless the answer was already on its way: it is called exactly once either way.
public final class RequestHandle: Sendable {
    private let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    /// Cancels the request (and the HTTP request under it). Calling it again, or after the completion ran, does
    /// nothing.
    public func cancel() {
        task.cancel()
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { task.isCancelled }
}

extension NetworkManager {
    /// Sends a request and calls `completion` once with the decoded response or the `NetworkError`, on
    /// `configuration.completionQueue` (the main queue unless configured).
    @discardableResult
    public func request<T: Decodable & Sendable>(
        requestType: some RequestType, completion: @escaping @Sendable (Result<T, NetworkError>) -> Void
    ) -> RequestHandle {
        complete(completion, running: { await self.request(requestType: requestType) })
    }

    /// Sends a request whose response has no body worth decoding, and calls `completion` once, on
    /// `configuration.completionQueue`.
    @discardableResult
    public func request(
        requestType: some RequestType, completion: @escaping @Sendable (Result<Void, NetworkError>) -> Void
    ) -> RequestHandle {
        complete(completion, running: { await self.request(requestType: requestType) })
    }

    /// Runs `send` in a task and hands its result, as a `NetworkError` failure, to `completion` on the
    /// completion queue, once; the handle's `cancel()` cancels the task. (The completion style's cached repository
    /// runs its reads through the cache and its writes with their cache changes this way.)
    @discardableResult
    public func complete<T: Sendable>(
        _ completion: @escaping @Sendable (Result<T, NetworkError>) -> Void,
        running send: @escaping @Sendable () async -> Result<T, Error>
    ) -> RequestHandle {
        let queue = configuration.completionQueue
        return RequestHandle(Task {
            let answer = await send().mapError(NetworkError.init(any:))
            queue.async { completion(answer) }
        })
    }
}

extension NetworkError {
    /// The `NetworkError` an error of a request is: itself, or (for errors `NetworkManager` never produces) a
    /// transport failure.
    init(any error: any Error) {
        if let error = error as? NetworkError {
            self = error
        } else if let error = error as? URLError {
            self = error.code == .cancelled ? .cancelled : .transport(error)
        } else if error is CancellationError {
            self = .cancelled
        } else {
            self = .transport(URLError(.unknown))
        }
    }
}

extension NetworkManager {
    /// Sends a request and decodes the response as `T`, throwing the `NetworkError` of a failure (the
    /// `async throws` output style, seed 001).
    public func response<T: Decodable>(requestType: some RequestType) async throws(NetworkError) -> T {
        let result: Result<T, Error> = await request(requestType: requestType)
        return try result.mapError(NetworkError.init(any:)).get()
    }

    /// Sends a request whose response has no body worth decoding, throwing the `NetworkError` of a failure.
    public func response(requestType: some RequestType) async throws(NetworkError) {
        let result: Result<Void, Error> = await request(requestType: requestType)
        try result.mapError(NetworkError.init(any:)).get()
    }
}

extension NetworkManager {
    /// `request(requestType:)` with the response's type given (`as: PhotoDTO.self`), so that a conversion can
    /// follow it in one expression: `await manager.request(requestType: request, as: [PhotoDTO].self).map { … }`.
    public func request<T: Decodable>(requestType: some RequestType, as type: T.Type) async -> Result<T, Error> {
        await request(requestType: requestType)
    }
}
