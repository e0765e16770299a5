import Foundation
import RepogenRuntime
import TestServer
import XCTest

/// `NetworkConfiguration.retryPolicy` against the loopback server. The policy's sleep is replaced by one that
/// records the delays it is asked for and returns at once: no test waits for a backoff or reads a clock.
extension ServerTests {
    /// A policy that records its waits in `delays` instead of sleeping.
    func recordingPolicy(
        _ delays: Delays, maxAttempts: Int = 3, backoff: RetryPolicy.Backoff = .none
    ) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, backoff: backoff, sleep: { delays.append($0) })
    }

    func testWithoutAPolicyAFailureIsNotRetried() async throws {
        try await server.route([.init("GET", "/flaky", status: 503, body: "busy")])
        XCTAssertNil(NetworkConfiguration().retryPolicy, "off by default")
        let result: Result<Item, Error> = await manager().request(requestType: TestRequest(path: "/flaky"))
        guard case .server(503, _, _, _)? = result.networkError else { return XCTFail("\(result)") }
        let count = try await server.requests().count
        XCTAssertEqual(count, 1)
    }

    func testA503IsRetriedUntilItSucceeds() async throws {
        try await server.route([
            .init("GET", "/flaky", status: 503, body: "busy", times: 2),
            .init("GET", "/flaky", body: #"{"id": 1, "name": "a"}"#),
        ])
        let delays = Delays()
        let log = Lines()
        let manager = manager {
            $0.retryPolicy = recordingPolicy(
                delays, maxAttempts: 5, backoff: .exponential(initialDelay: .milliseconds(100), jitter: false))
            $0.log = { log.append($0) }
        }
        let result: Result<Item, Error> = await manager.request(requestType: TestRequest(path: "/flaky"))
        XCTAssertEqual(try result.get(), Item(id: 1, name: "a"))
        let count = try await server.requests().count
        XCTAssertEqual(count, 3, "two 503s, then the answer")
        XCTAssertEqual(delays.seconds.count, 2)
        XCTAssertEqual(delays.seconds.first ?? 0, 0.1, accuracy: 1e-9)
        XCTAssertEqual(delays.seconds.last ?? 0, 0.2, accuracy: 1e-9, "the wait doubles")
        XCTAssertEqual(log.all.filter { $0.hasPrefix("↻ 503 ") }.count, 2, "\(log.all)")
    }

    func testRetryingStopsAfterMaxAttempts() async throws {
        try await server.route([.init("GET", "/down", status: 503, body: "busy")])
        let delays = Delays()
        let manager = manager { $0.retryPolicy = recordingPolicy(delays, maxAttempts: 3, backoff: .constant(.seconds(2))) }
        let result: Result<Item, Error> = await manager.request(requestType: TestRequest(path: "/down"))
        guard case .server(503, _, _, _)? = result.networkError else { return XCTFail("\(result)") }
        let count = try await server.requests().count
        XCTAssertEqual(count, 3, "three attempts in all")
        XCTAssertEqual(delays.seconds, [2, 2])
    }

    func testAPostIsNotRetriedByDefaultButIsWhenAsked() async throws {
        try await server.route([
            .init("POST", "/orders", status: 503, body: "busy", times: 1),
            .init("POST", "/orders", status: 201, body: #"{"id": 2, "name": "b"}"#),
        ])
        let delays = Delays()
        let strict = manager { $0.retryPolicy = recordingPolicy(delays) }
        let first: Result<Item, Error> = await strict.request(requestType: TestRequest(method: .post, path: "/orders"))
        guard case .server(503, _, _, _)? = first.networkError else { return XCTFail("\(first)") }
        var count = try await server.requests().count
        XCTAssertEqual(count, 1, "a POST is not idempotent: not retried by default")

        try await server.reset()
        try await server.route([
            .init("POST", "/orders", status: 503, body: "busy", times: 1),
            .init("POST", "/orders", status: 201, body: #"{"id": 2, "name": "b"}"#),
        ])
        let lenient = manager {
            var policy = recordingPolicy(delays)
            policy.retryableMethods.insert(.post)
            $0.retryPolicy = policy
        }
        let second: Result<Item, Error> = await lenient.request(requestType: TestRequest(method: .post, path: "/orders"))
        XCTAssertEqual(try second.get(), Item(id: 2, name: "b"))
        count = try await server.requests().count
        XCTAssertEqual(count, 2)
    }

    func testA404IsNotRetried() async throws {
        let delays = Delays()
        let manager = manager { $0.retryPolicy = recordingPolicy(delays) }
        let result: Result<Item, Error> = await manager.request(requestType: TestRequest(path: "/nowhere"))
        guard case .server(404, _, _, _)? = result.networkError else { return XCTFail("\(result)") }
        let count = try await server.requests().count
        XCTAssertEqual(count, 1)
        XCTAssertEqual(delays.seconds, [])
    }

    func testRetryAfterSetsTheWaitCappedByTheMaximumDelay() async throws {
        try await server.route([
            .init("GET", "/limited", status: 429, headers: ["Retry-After": "7"], times: 1),
            .init("GET", "/limited", status: 503, headers: ["Retry-After": "3600"], times: 1),
            .init("GET", "/limited", status: 503, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"], times: 1),
            .init("GET", "/limited", body: #"{"id": 1, "name": "a"}"#),
        ])
        let delays = Delays()
        let manager = manager {
            var policy = recordingPolicy(delays, maxAttempts: 4, backoff: .constant(.seconds(1)))
            policy.maximumDelay = .seconds(60)
            $0.retryPolicy = policy
        }
        let result: Result<Item, Error> = await manager.request(requestType: TestRequest(path: "/limited"))
        XCTAssertEqual(try result.get(), Item(id: 1, name: "a"))
        XCTAssertEqual(delays.seconds, [7, 60, 0], "seconds as given, capped, and an HTTP date in the past")

        try await server.reset()
        try await server.route([
            .init("GET", "/limited", status: 429, headers: ["Retry-After": "7"], times: 1),
            .init("GET", "/limited", body: #"{"id": 1, "name": "a"}"#),
        ])
        let ignoring = Delays()
        let backoffOnly = self.manager {
            var policy = recordingPolicy(ignoring, backoff: .constant(.seconds(1)))
            policy.honorsRetryAfter = false
            $0.retryPolicy = policy
        }
        let again: Result<Item, Error> = await backoffOnly.request(requestType: TestRequest(path: "/limited"))
        XCTAssertNoThrow(try again.get())
        XCTAssertEqual(ignoring.seconds, [1])
    }

    func testATimeoutIsRetried() async throws {
        try await server.route([
            .init("GET", "/slow-once", body: "{}", delay: 5, times: 1),
            .init("GET", "/slow-once", body: #"{"id": 1, "name": "a"}"#),
        ])
        let delays = Delays()
        let manager = manager {
            $0.timeout = 0.5
            $0.retryPolicy = recordingPolicy(delays)
        }
        let result: Result<Item, Error> = await manager.request(requestType: TestRequest(path: "/slow-once"))
        XCTAssertEqual(try result.get(), Item(id: 1, name: "a"))
        XCTAssertEqual(delays.seconds.count, 1)
    }

    func testARefusedConnectionIsRetriedThenReported() async throws {
        let url = server.baseURL
        server.stop()
        let delays = Delays()
        var configuration = NetworkConfiguration(baseURL: url)
        configuration.retryPolicy = recordingPolicy(delays, maxAttempts: 3)
        let result: Result<Item, Error> = await NetworkManager(configuration: configuration).request(requestType: TestRequest())
        guard case .transport? = result.networkError else { return XCTFail("\(result)") }
        XCTAssertEqual(delays.seconds.count, 2, "sent three times")

        var noTransport = configuration
        noTransport.retryPolicy?.retryableErrorCodes = []
        let once = Delays()
        noTransport.retryPolicy?.sleep = { once.append($0) }
        let _: Result<Item, Error> = await NetworkManager(configuration: noTransport).request(requestType: TestRequest())
        XCTAssertEqual(once.seconds, [])
    }

    func testCancellingStopsRetryingDuringTheWait() async throws {
        try await server.route([.init("GET", "/down", status: 503, body: "busy")])
        let (waits, waiting) = AsyncStream.makeStream(of: Void.self)
        let manager = manager {
            $0.retryPolicy = RetryPolicy(maxAttempts: 100, backoff: .constant(.seconds(600))) { delay in
                waiting.yield()
                try await Task.sleep(for: delay)  // throws CancellationError when the task is cancelled
            }
        }
        let task = Task { () -> Result<Item, Error> in
            await manager.request(requestType: TestRequest(path: "/down"))
        }
        var iterator = waits.makeAsyncIterator()
        _ = await iterator.next()  // the first wait began
        task.cancel()
        let result = await task.value
        guard case .cancelled? = result.networkError else { return XCTFail("\(result)") }
        let count = try await server.requests().count
        XCTAssertEqual(count, 1, "no retry after the cancellation")
    }

    func testCancellingStopsRetryingEvenWhenTheSleepReturns() async throws {
        try await server.route([.init("GET", "/down", status: 503, body: "busy")])
        let (waits, waiting) = AsyncStream.makeStream(of: Void.self)
        let (releases, release) = AsyncStream.makeStream(of: Void.self)
        let manager = manager {
            // A sleep that ignores cancellation and returns when the test says: the manager checks again.
            $0.retryPolicy = RetryPolicy(maxAttempts: 100, backoff: .none) { _ in
                waiting.yield()
                var iterator = releases.makeAsyncIterator()
                _ = await iterator.next()
            }
        }
        let task = Task { () -> Result<Item, Error> in
            await manager.request(requestType: TestRequest(path: "/down"))
        }
        var iterator = waits.makeAsyncIterator()
        _ = await iterator.next()
        task.cancel()
        release.yield()
        let result = await task.value
        guard case .cancelled? = result.networkError else { return XCTFail("\(result)") }
        let count = try await server.requests().count
        XCTAssertEqual(count, 1)
    }
}

/// Delays a retry policy was asked to wait, recorded from concurrent code.
final class Delays: @unchecked Sendable {
    private let lock = NSLock()
    private var delays: [Duration] = []

    func append(_ delay: Duration) { lock.withLock { delays.append(delay) } }

    /// The delays in seconds, oldest first.
    var seconds: [Double] {
        lock.withLock { delays.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } }
    }
}
