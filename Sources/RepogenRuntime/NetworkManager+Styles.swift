import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request started with a completion handler, which runs on the main actor. `cancel()` stops it; its completion
/// is then called with `NetworkError.cancelled`, unless the answer was already on its way: it is called exactly once
/// either way.
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
    /// Sends a request and calls `completion` once, on the main actor, with the decoded response or the
    /// `NetworkError`.
    @discardableResult
    public func request<T: Decodable & Sendable>(
        requestType: some RequestType, completion: @escaping @MainActor @Sendable (Result<T, NetworkError>) -> Void
    ) -> RequestHandle {
        complete(completion, running: { await self.request(requestType: requestType) })
    }

    /// Sends a request whose response has no body worth decoding, and calls `completion` once, on the main actor.
    @discardableResult
    public func request(
        requestType: some RequestType, completion: @escaping @MainActor @Sendable (Result<Void, NetworkError>) -> Void
    ) -> RequestHandle {
        complete(completion, running: { await self.request(requestType: requestType) })
    }

    /// Runs `send` in a task and hands its result, as a `NetworkError` failure, to `completion` on the main actor,
    /// once; the handle's `cancel()` cancels the task. (The same as `RequestHandle(completing:running:)`.)
    @discardableResult
    public func complete<T: Sendable>(
        _ completion: @escaping @MainActor @Sendable (Result<T, NetworkError>) -> Void,
        running send: @escaping @Sendable () async -> Result<T, Error>
    ) -> RequestHandle {
        RequestHandle(completing: completion, running: send)
    }
}

extension RequestHandle {
    /// Runs `send` in a task and hands its result, as a `NetworkError` failure, to `completion` on the main actor,
    /// once; `cancel()` cancels the task (`send` then ends as `.cancelled`, unless its answer was already on its
    /// way). The completion style's cached repository runs its reads through the cache and its writes with their
    /// cache changes this way.
    public convenience init<T: Sendable>(
        completing completion: @escaping @MainActor @Sendable (Result<T, NetworkError>) -> Void,
        running send: @escaping @Sendable () async -> Result<T, Error>
    ) {
        self.init(Task {
            let answer = await send().mapError(NetworkError.init(any:))
            await MainActor.run { completion(answer) }
        })
    }

    /// Calls `start` (a method of the completion style) and waits for the answer it hands its completion handler.
    /// Cancelling the waiting task cancels the handle `start` returned, so the request under it stops too.
    ///
    ///     let photos = await RequestHandle.awaiting { completion in remote.fetchPhotos(page: 1) { completion($0) } }
    public static func awaiting<T: Sendable>(
        _ start: (@escaping @MainActor @Sendable (Result<T, NetworkError>) -> Void) -> RequestHandle
    ) async -> Result<T, NetworkError> {
        let started = StartedHandle()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, NetworkError>, Never>) in
                started.set(start { continuation.resume(returning: $0) })
            }
        } onCancel: {
            started.cancel()
        }
    }
}

/// The handle of a call `RequestHandle.awaiting` started, and whether the waiting task was cancelled first: a
/// cancellation that comes before the handle cancels it as soon as it is set.
private final class StartedHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var handle: RequestHandle?
    private var cancelled = false

    func set(_ handle: RequestHandle) {
        lock.lock()
        self.handle = handle
        let cancelled = self.cancelled
        lock.unlock()
        if cancelled { handle.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let handle = self.handle
        lock.unlock()
        handle?.cancel()
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
    /// `async throws` output style).
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
