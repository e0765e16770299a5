import Foundation

/// The recorded calls and stubbed answers of one method of a generated mock repository.
///
/// Generated mocks expose one `MockMethod` per repository method, named after it (`fetchMock` for `fetch(id:)`), with
/// the member names Sourcery's AutoMockable made familiar: `mock.fetchMock.callsCount`, `.receivedArguments`,
/// `.result`, `.handler`…
/// Its state is guarded by a lock, so a mock can be shared by concurrent tasks in Swift 6 tests.
public final class MockMethod<Arguments, Success>: @unchecked Sendable {
    /// Computes the answer to a call from its arguments.
    ///
    /// Synchronous, so that a mock's methods are too: a synchronous method satisfies the repository's `async`
    /// requirement, and costs Swift about half as much to compile as an `async` one (seconds in a domain of
    /// 1,000 endpoints).
    public typealias Handler = @Sendable (Arguments) -> Result<Success, Error>

    /// The method's name for failure messages, e.g. `MockStoreRepository.fetchStore(storeId:)`.
    public let name: String

    private let lock = NSLock()
    private var invocations: [Arguments] = []
    private var storedResult: Result<Success, Error>?
    private var storedResults: [Result<Success, Error>] = []
    private var storedHandler: Handler?
    /// The spec's example response, answered when nothing is stubbed.
    private let example: (@Sendable () -> Result<Success, Error>)?

    /// - Parameter name: the method's name, used in the failure of an unstubbed call.
    public init(_ name: String) {
        self.name = name
        self.example = nil
    }

    /// - Parameter example: answers calls when nothing is stubbed (the spec's example response).
    public init(_ name: String, example: @escaping @Sendable () -> Result<Success, Error>) {
        self.name = name
        self.example = example
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// How many times the method was called.
    public var callsCount: Int { locked { invocations.count } }

    /// Whether the method was called at least once.
    public var called: Bool { callsCount > 0 }

    /// The arguments of the last call.
    public var receivedArguments: Arguments? { locked { invocations.last } }

    /// The arguments of every call, oldest first.
    public var receivedInvocations: [Arguments] { locked { invocations } }

    /// The answer to every call, unless `results` or `handler` answers first.
    public var result: Result<Success, Error>? {
        get { locked { storedResult } }
        set { locked { storedResult = newValue } }
    }

    /// The error every call throws (or fails with), unless `results` or `handler` answers first: the same as
    /// `result = .failure(error)` (Sourcery's `…ThrowableError`). Nil unless `result` is a failure.
    public var error: (any Error)? {
        get {
            guard case .failure(let error)? = result else { return nil }
            return error
        }
        set { result = newValue.map { .failure($0) } }
    }

    /// Answers for successive calls, used first and consumed one per call.
    public var results: [Result<Success, Error>] {
        get { locked { storedResults } }
        set { locked { storedResults = newValue } }
    }

    /// Computes each answer; when set, it answers every call.
    public var handler: Handler? {
        get { locked { storedHandler } }
        set { locked { storedHandler = newValue } }
    }

    /// Records the call, then answers with the handler, the next queued result, the stubbed result, the spec's
    /// example, or a `MockRepositoryError.notStubbed` failure naming the method.
    public func call(_ arguments: Arguments) -> Result<Success, Error> {
        let (handler, answer) = locked { () -> (Handler?, Result<Success, Error>?) in
            invocations.append(arguments)
            if let storedHandler { return (storedHandler, nil) }
            if !storedResults.isEmpty { return (nil, storedResults.removeFirst()) }
            return (nil, storedResult)
        }
        if let handler { return handler(arguments) }
        return answer ?? example?() ?? .failure(MockRepositoryError.notStubbed(name))
    }

    /// Forgets every call and every stub.
    public func reset() {
        locked {
            invocations = []
            storedResult = nil
            storedResults = []
            storedHandler = nil
        }
    }
}

#if compiler(>=6.2)
/// Decodable success types whose metatype may be captured by the `@Sendable` example closure.
public typealias MockExampleDecodable = Decodable & SendableMetatype
#else
public typealias MockExampleDecodable = Decodable
#endif

extension MockMethod where Success: MockExampleDecodable {
    /// A mock method that answers with `exampleJSON` (the spec's example response), decoded as the runtime
    /// decodes responses (ISO 8601 dates), whenever nothing is stubbed: previews and early UI work run before
    /// the server exists.
    public convenience init(_ name: String, exampleJSON: String) {
        self.init(name) {
            do {
                return .success(try NetworkConfiguration().makeDecoder().decode(Success.self, from: Data(exampleJSON.utf8)))
            } catch let error as DecodingError {
                return .failure(NetworkError.decoding(DecodingFailure(error)))
            } catch {
                return .failure(error)
            }
        }
    }
}

extension MockMethod {
    /// A mock method whose repository returns a domain type (a DTO's `toDomain()`): it answers with `exampleJSON`,
    /// decoded as the DTO the server sends (`decoding`) and converted with `toDomain`, whenever nothing is stubbed.
    public convenience init<Wire: MockExampleDecodable>(
        _ name: String, exampleJSON: String, decoding wire: Wire.Type,
        toDomain: @escaping @Sendable (Wire) -> Success
    ) {
        self.init(name) {
            do {
                return .success(toDomain(try NetworkConfiguration().makeDecoder().decode(Wire.self, from: Data(exampleJSON.utf8))))
            } catch let error as DecodingError {
                return .failure(NetworkError.decoding(DecodingFailure(error)))
            } catch {
                return .failure(error)
            }
        }
    }
}

extension MockMethod where Arguments: Sendable, Success: Sendable {
    /// Records the call and calls `completion` once, on the main actor, with the answer `call(_:)` gives, as the
    /// `completion` style's repositories do. A call with nothing stubbed fails with `NetworkError.notStubbed` naming
    /// the method; another failure that is not a `NetworkError` arrives as `NetworkError.transport` whose message
    /// names the method and the error; cancelling the handle before the answer arrives gives
    /// `NetworkError.cancelled`.
    @discardableResult
    public func call(
        _ arguments: Arguments, completion: @escaping @MainActor @Sendable (Result<Success, NetworkError>) -> Void
    ) -> RequestHandle {
        RequestHandle(completing: completion) { () async -> Result<Success, Error> in
            let result = self.call(arguments)
            if Task.isCancelled { return .failure(NetworkError.cancelled) }
            return result.mapError { error in
                if let error = error as? NetworkError { return error }
                if case .notStubbed(let name)? = error as? MockRepositoryError { return NetworkError.notStubbed(name) }
                let message = "\(self.name): \(error)"
                return NetworkError.transport(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: message]))
            }
        }
    }
}
