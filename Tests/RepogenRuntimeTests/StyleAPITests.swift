import Foundation
import RepogenRuntime
import XCTest

/// The completion-handler API (`request(requestType:completion:)`): one call per request, on the main actor,
/// `.cancelled` after `cancel()`; `RequestHandle.awaiting` turns such a call back into an `async` one.
extension ServerTests {
    func testTheCompletionIsCalledOnceOnTheMainActor() throws {
        let routed = expectation(description: "routed")
        let server = self.server!
        Task { try await server.route([.init("GET", "/item", body: #"{"id": 1, "name": "a"}"#)]); routed.fulfill() }
        wait(for: [routed], timeout: 30)

        let called = expectation(description: "completion")  // over-fulfilling it fails the test
        let state = MainActorState()
        manager().request(requestType: TestRequest(path: "/item")) { (result: Result<Item, NetworkError>) in
            // The handler is `@MainActor`: it sets main-actor state with no `MainActor.assumeIsolated`.
            dispatchPrecondition(condition: .onQueue(.main))
            state.item = try? result.get()
            called.fulfill()
        }
        wait(for: [called], timeout: 30)
        XCTAssertEqual(MainActor.assumeIsolated { state.item }, Item(id: 1, name: "a"))
    }

    func testFailuresAreNetworkErrors() throws {
        let routed = expectation(description: "routed")
        let server = self.server!
        Task { try await server.route([.init("DELETE", "/gone", status: 500, body: "<html>")]); routed.fulfill() }
        wait(for: [routed], timeout: 30)

        let called = expectation(description: "completion")
        manager().request(requestType: TestRequest(method: .delete, path: "/gone")) { (result: Result<Void, NetworkError>) in
            XCTAssertTrue(Thread.isMainThread)
            guard case .failure(.server(status: 500, _, _, _)) = result else { return XCTFail("\(result)") }
            called.fulfill()
        }
        wait(for: [called], timeout: 30)
    }

    func testCancellingTheHandleCompletesOnceWithCancelled() throws {
        // As in testCancellingTheTaskCancelsTheRequest, no clock is read: an uncancelled request would end as
        // `.timedOut` after 60 s, long before the server answers at 120 s.
        let routed = expectation(description: "routed")
        let server = self.server!
        Task { try await server.route([.init("GET", "/slow", body: "{}", delay: 120)]); routed.fulfill() }
        wait(for: [routed], timeout: 30)

        let called = expectation(description: "completion")
        let handle = manager { $0.timeout = 60 }.request(requestType: TestRequest(path: "/slow")) { (result: Result<Item, NetworkError>) in
            guard case .failure(.cancelled) = result else { return XCTFail("\(result)") }
            called.fulfill()
        }
        XCTAssertFalse(handle.isCancelled)
        handle.cancel()
        handle.cancel()
        XCTAssertTrue(handle.isCancelled)
        wait(for: [called], timeout: 90)
    }
}

/// `RequestHandle.awaiting`: the answer a completion-handler call gives, awaited; cancelling the waiting task
/// cancels the call, down to the HTTP request.
extension ServerTests {
    func testAwaitingGivesTheCompletionsAnswer() async throws {
        try await server.route([.init("GET", "/item", body: #"{"id": 1, "name": "a"}"#)])
        let manager = manager()
        let item: Result<Item, NetworkError> = await RequestHandle.awaiting {
            manager.request(requestType: TestRequest(path: "/item"), completion: $0)
        }
        XCTAssertEqual(try item.get(), Item(id: 1, name: "a"))
    }

    func testCancellingTheAwaitingTaskCancelsTheRequestOnTheServerToo() async throws {
        // As in testCancellingTheHandleCompletesOnceWithCancelled, no clock is read.
        try await server.route([.init("GET", "/slow", body: "{}", delay: 120)])
        let manager = manager { $0.timeout = 60 }
        let task = Task {
            await RequestHandle.awaiting { (completion: @escaping @MainActor @Sendable (Result<Item, NetworkError>) -> Void) in
                manager.request(requestType: TestRequest(path: "/slow"), completion: completion)
            }
        }
        // Cancelled once the server holds the request, so the cancellation reaches the wire.
        while try await server.requests().isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
        task.cancel()
        guard case .failure(.cancelled) = await task.value else { return XCTFail("\(await task.value)") }
        let sawTheClose = try await server.sawClosedEarly("/slow")
        XCTAssertTrue(sawTheClose, "the server did not see the connection close: the request went on without its client")
    }
}

/// The throwing API (`response(requestType:)`): the value, or the `NetworkError` thrown.
extension ServerTests {
    func testResponseReturnsTheValueOrThrowsTheNetworkError() async throws {
        try await server.route([
            .init("GET", "/item", body: #"{"id": 1, "name": "a"}"#), .init("GET", "/missing", status: 404, body: "no"),
            .init("DELETE", "/gone", status: 204),
        ])
        let manager = manager()
        let item: Item = try await manager.response(requestType: TestRequest(path: "/item"))
        XCTAssertEqual(item, Item(id: 1, name: "a"))
        try await manager.response(requestType: TestRequest(method: .delete, path: "/gone"))
        do {
            let _: Item = try await manager.response(requestType: TestRequest(path: "/missing"))
            XCTFail("a 404 returned a value")
        } catch {
            guard case .server(status: 404, _, _, _) = error else { return XCTFail("\(error)") }
        }
    }
}

/// State a view model keeps on the main actor.
@MainActor
final class MainActorState {
    var item: Item?

    nonisolated init() { }
}
