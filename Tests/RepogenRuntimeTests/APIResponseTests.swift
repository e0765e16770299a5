import Foundation
import RepogenRuntime
import XCTest

/// `APIResponse<T>`: the same calls as the plain ones, asked for the status and headers too.
extension ServerTests {
    func testEveryCallShapeGivesTheStatusAndHeaders() async throws {
        try await server.route([
            .init("PUT", "/items/1", status: 201, body: #"{"id": 1, "name": "a"}"#,
                  headers: ["Content-Type": "application/json", "ETag": "\"v2\""]),
            .init("DELETE", "/items/1", status: 204, headers: ["X-Request-Id": "abc"]),
        ])
        let manager = manager()
        let put = TestRequest(method: .put, path: "/items/1")
        let delete = TestRequest(method: .delete, path: "/items/1")

        let result: Result<APIResponse<Item>, Error> = await manager.request(requestType: put)
        let response = try result.get()
        XCTAssertEqual(response.value, Item(id: 1, name: "a"))
        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(response.header("ETag"), "\"v2\"")
        XCTAssertEqual(response.header("etag"), "\"v2\"", "names are read whatever their case")
        XCTAssertEqual(response.header("ETAG"), "\"v2\"")
        XCTAssertNil(response.header("Last-Modified"))

        let void: Result<APIResponse<Void>, Error> = await manager.request(requestType: delete)
        XCTAssertEqual(try void.get().statusCode, 204)
        XCTAssertEqual(try void.get().header("x-request-id"), "abc")

        // Two requests: the same value, status and ETag (not all headers: the server's `Date` can tick between them).
        let thrown: APIResponse<Item> = try await manager.response(requestType: put)
        XCTAssertEqual(thrown.value, response.value)
        XCTAssertEqual(thrown.statusCode, response.statusCode)
        XCTAssertEqual(thrown.header("ETag"), response.header("ETag"))
        let thrownVoid: APIResponse<Void> = try await manager.response(requestType: delete)
        XCTAssertEqual(thrownVoid.statusCode, 204)

        let mapped = await manager.request(requestType: put, as: APIResponse<Item>.self).map { $0.map(\.name) }
        let mappedResponse = try mapped.get()
        XCTAssertEqual(mappedResponse, APIResponse(value: "a", statusCode: 201, headers: mappedResponse.headers))
        XCTAssertEqual(mappedResponse.header("ETag"), "\"v2\"")
        let typedVoid = await manager.request(requestType: delete, as: APIResponse<Void>.self)
        XCTAssertEqual(try typedVoid.get().statusCode, 204)

        // The plain calls are unchanged beside them.
        let plain: Result<Item, Error> = await manager.request(requestType: put)
        XCTAssertEqual(try plain.get(), Item(id: 1, name: "a"))
        let plainVoid: Result<Void, Error> = await manager.request(requestType: delete)
        XCTAssertNoThrow(try plainVoid.get())
        try await manager.response(requestType: delete)
        _ = await manager.request(requestType: delete)
    }

    func testAFailureIsTheSameNetworkErrorWithOrWithoutMetadata() async throws {
        try await server.route([.init("GET", "/missing", status: 404, body: "no", headers: ["ETag": "x"])])
        let result: Result<APIResponse<Item>, Error> = await manager().request(requestType: TestRequest(path: "/missing"))
        guard case .server(404, _, _, _)? = result.networkError else { return XCTFail("\(result)") }
        do {
            let _: APIResponse<Item> = try await manager().response(requestType: TestRequest(path: "/missing"))
            XCTFail("a 404 returned a value")
        } catch {
            guard case .server(status: 404, _, _, _) = error else { return XCTFail("\(error)") }
        }
    }

    func testTheEnvelopeValueComesWithTheHeaders() async throws {
        try await server.route([
            .init("GET", "/me", body: #"{"data": {"id": 1, "name": "kim"}, "resultCode": null}"#,
                  headers: ["Content-Type": "application/json", "ETag": "W/\"7\""])
        ])
        let result: Result<APIResponse<Item>, Error> = await envelopeManager().request(requestType: TestRequest(path: "/me"))
        XCTAssertEqual(try result.get().value, Item(id: 1, name: "kim"))
        XCTAssertEqual(try result.get().header("ETag"), "W/\"7\"")
    }

    func testTheCompletionVariantsGiveTheMetadata() throws {
        let routed = expectation(description: "routed")
        let server = self.server!
        Task {
            try await server.route([
                .init("GET", "/item", body: #"{"id": 1, "name": "a"}"#, headers: ["ETag": "\"1\""]),
                .init("DELETE", "/item", status: 202, headers: ["ETag": "\"2\""]),
            ])
            routed.fulfill()
        }
        wait(for: [routed], timeout: 30)

        let called = expectation(description: "completions")
        called.expectedFulfillmentCount = 2
        let manager = manager()
        manager.request(requestType: TestRequest(path: "/item")) { (result: Result<APIResponse<Item>, NetworkError>) in
            XCTAssertEqual(try? result.get().value, Item(id: 1, name: "a"))
            XCTAssertEqual(try? result.get().header("etag"), "\"1\"")
            called.fulfill()
        }
        manager.request(requestType: TestRequest(method: .delete, path: "/item")) {
            (result: Result<APIResponse<Void>, NetworkError>) in
            XCTAssertEqual(try? result.get().statusCode, 202)
            XCTAssertEqual(try? result.get().header("ETag"), "\"2\"")
            called.fulfill()
        }
        wait(for: [called], timeout: 30)
    }

    func testAPIResponseValueSemantics() {
        let response = APIResponse(value: [1, 2], statusCode: 200, headers: ["ETag": "\"a\""])
        let mapped = response.map { $0.count }
        XCTAssertEqual(mapped, APIResponse(value: 2, statusCode: 200, headers: ["ETag": "\"a\""]))
        XCTAssertEqual(APIResponse(value: 1).statusCode, 200)
        XCTAssertEqual(APIResponse(value: 1).headers, [:])
        XCTAssertEqual(Set([response, response]).count, 1)
        let sendable: any Sendable = response
        XCTAssertNotNil(sendable)
    }
}
