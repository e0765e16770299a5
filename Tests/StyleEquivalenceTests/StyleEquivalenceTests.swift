import Foundation
import GeneratedAsyncThrowsSample
import GeneratedCompletionSample
import GeneratedSample
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The three output styles send the same requests: the same endpoint, called through each style's generated
/// `Impl` against the loopback server, reaches it as the same method, path, query, body and headers.
final class StyleEquivalenceTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
    }

    override func tearDown() {
        server?.stop()
    }

    func manager() -> NetworkManager {
        var configuration = NetworkConfiguration.envelopeAPI(baseURL: server.baseURL)
        configuration.responseKeyStyle = .asIs
        configuration.authToken = { "raw-token" }
        configuration.locationProvider = { DeviceLocation(latitude: 37.5, longitude: 127.0) }
        return NetworkManager(configuration: configuration)
    }

    /// What the server received for one call in each style (result, async-throws, completion).
    func requests(
        _ route: TestServer.Route,
        result: (GeneratedSample.StoreRepositoryImpl) async -> Void,
        asyncThrows: (GeneratedAsyncThrowsSample.StoreRepositoryImpl) async throws -> Void,
        completion: (GeneratedCompletionSample.StoreRepositoryImpl, @escaping @Sendable () -> Void) -> Void
    ) async throws -> [TestServer.Request] {
        var received: [TestServer.Request] = []
        for style in 0..<3 {
            try await server.reset()
            try await server.route([route])
            switch style {
            case 0: await result(GeneratedSample.StoreRepositoryImpl(manager: manager()))
            case 1: try await asyncThrows(GeneratedAsyncThrowsSample.StoreRepositoryImpl(manager: manager()))
            default:
                let impl = GeneratedCompletionSample.StoreRepositoryImpl(manager: manager())
                await withCheckedContinuation { continuation in completion(impl) { continuation.resume() } }
            }
            let requests = try await server.requests()
            XCTAssertEqual(requests.count, 1)
            received += requests
        }
        return received
    }

    func assertSame(_ requests: [TestServer.Request], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(requests.count, 3, file: file, line: line)
        XCTAssertEqual(requests[1], requests[0], "async-throws differs from result", file: file, line: line)
        XCTAssertEqual(requests[2], requests[0], "completion differs from result", file: file, line: line)
    }

    func testAQueryAndLocationHeaders() async throws {
        let body = #"{"data": {"contents": [], "cursor": {"nextCursor": null, "hasMore": false}}}"#
        assertSame(try await requests(
            .init("GET", "/api/v4/stores/around", body: body),
            result: { _ = await $0.fetchAroundStores(input: .init(distanceM: 5, categoryIds: ["A"], mapLatitude: 1, mapLongitude: 2)) },
            asyncThrows: { _ = try await $0.fetchAroundStores(input: .init(distanceM: 5, categoryIds: ["A"], mapLatitude: 1, mapLongitude: 2)) },
            completion: { impl, done in
                impl.fetchAroundStores(input: .init(distanceM: 5, categoryIds: ["A"], mapLatitude: 1, mapLongitude: 2)) { _ in done() }
            }))
    }

    func testAConditionalMethodAndAnEncodedPath() async throws {
        assertSame(try await requests(
            .init("DELETE", "/api/v2/store/a%2Fb/favorite", body: #"{"data": "ok"}"#),
            result: { _ = await $0.saveStore(storeId: "a/b", isDelete: true) },
            asyncThrows: { _ = try await $0.saveStore(storeId: "a/b", isDelete: true) },
            completion: { impl, done in impl.saveStore(storeId: "a/b", isDelete: true) { _ in done() } }))
    }

    func testAJSONBodyAndACustomHeader() async throws {
        let input = GeneratedSample.StoreCreateRequestInput(name: "붕어빵", latitude: 37.5, longitude: 127.0, categories: ["B"])
        let input2 = GeneratedAsyncThrowsSample.StoreCreateRequestInput(name: "붕어빵", latitude: 37.5, longitude: 127.0, categories: ["B"])
        let input3 = GeneratedCompletionSample.StoreCreateRequestInput(name: "붕어빵", latitude: 37.5, longitude: 127.0, categories: ["B"])
        assertSame(try await requests(
            .init("POST", "/api/v2/store", body: #"{"data": {"storeId": 1}}"#),
            result: { _ = await $0.createStore(input: input, nonceToken: "n") },
            asyncThrows: { _ = try await $0.createStore(input: input2, nonceToken: "n") },
            completion: { impl, done in impl.createStore(input: input3, nonceToken: "n") { _ in done() } }))
    }

    func testAnUploadWithoutResponse() async throws {
        let file = UploadFile(data: Data("jpeg".utf8), fileName: "a.jpg", contentType: "image/jpeg")
        assertSame(try await requests(
            .init("POST", "/api/v4/store/2/images", body: #"{"data": []}"#),
            result: { _ = await $0.uploadStoreImages(storeId: 2, boundary: "b", images: [file]) },
            asyncThrows: { _ = try await $0.uploadStoreImages(storeId: 2, boundary: "b", images: [file]) },
            completion: { impl, done in impl.uploadStoreImages(storeId: 2, boundary: "b", images: [file]) { _ in done() } }))
    }
}
