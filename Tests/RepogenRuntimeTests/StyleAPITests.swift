import Foundation
import RepogenRuntime
import XCTest

/// The completion-handler API (`request(requestType:completion:)`): one call per request, on the configured
/// queue, `.cancelled` after `cancel()`.
extension ServerTests {
    func testTheCompletionIsCalledOnceOnTheConfiguredQueue() throws {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "completion-tests")
        queue.setSpecific(key: key, value: "completion-tests")
        let routed = expectation(description: "routed")
        let server = self.server!
        Task { try await server.route([.init("GET", "/item", body: #"{"id": 1, "name": "a"}"#)]); routed.fulfill() }
        wait(for: [routed], timeout: 30)

        let called = expectation(description: "completion")  // over-fulfilling it fails the test
        let manager = manager { $0.completionQueue = queue }
        manager.request(requestType: TestRequest(path: "/item")) { (result: Result<Item, NetworkError>) in
            XCTAssertEqual(DispatchQueue.getSpecific(key: key), "completion-tests")
            XCTAssertEqual(try? result.get(), Item(id: 1, name: "a"))
            called.fulfill()
        }
        wait(for: [called], timeout: 30)
    }

    func testTheMainQueueIsTheDefaultAndFailuresAreNetworkErrors() throws {
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
