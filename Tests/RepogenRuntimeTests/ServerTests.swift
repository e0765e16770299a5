import Foundation
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// `NetworkManager` against a real HTTP server on 127.0.0.1: statuses, envelopes, refresh and retry,
/// timeouts, cancellation, refused connections and multipart uploads.
final class ServerTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
    }

    override func tearDown() {
        server?.stop()
    }

    func manager(_ change: (inout NetworkConfiguration) -> Void = { _ in }) -> NetworkManager {
        var configuration = NetworkConfiguration(baseURL: server.baseURL)
        configuration.timeout = 10
        change(&configuration)
        return NetworkManager(configuration: configuration)
    }

    func envelopeManager(_ change: (inout NetworkConfiguration) -> Void = { _ in }) -> NetworkManager {
        manager {
            $0 = .envelopeAPI(baseURL: server.baseURL)
            $0.timeout = 10
            change(&$0)
        }
    }

    func testTheServerReceivesTheRequestAsBuilt() async throws {
        try await server.route([
            .init("GET", "/stores", body: #"[{"id": 1, "name": "a"}]"#),
            .init("POST", "/stores", status: 201, body: #"{"id": 2, "name": "b"}"#),
        ])
        let manager = manager {
            $0.authToken = { "secret" }
            $0.authScheme = .raw
            $0.locationProvider = { DeviceLocation(latitude: 37.5, longitude: 127.0) }
        }
        let query: RequestParameters = ["q": "a+b&c=d/e?f g한", "includes": ["OWNER", "OPEN_STATUS"], "size": 20]
        let list: Result<[Item], Error> = await manager.request(requestType: TestRequest(param: query, header: .location, path: "/stores"))
        XCTAssertEqual(try list.get(), [Item(id: 1, name: "a")])
        let created: Result<Item, Error> = await manager.request(
            requestType: TestRequest(param: Item(id: 2, name: "b 한"), method: .post, path: "/stores"))
        XCTAssertEqual(try created.get(), Item(id: 2, name: "b"))

        let received = try await server.requests()
        XCTAssertEqual(received.map(\.method), ["GET", "POST"])
        XCTAssertEqual(received.first?.query, "includes=OWNER,OPEN_STATUS&q=a%2Bb%26c%3Dd%2Fe%3Ff%20g%ED%95%9C&size=20")
        XCTAssertEqual(received.first?.body, "")
        XCTAssertEqual(received.first?.headers["x-device-latitude"], "37.5")
        XCTAssertEqual(received.first?.headers["x-device-longitude"], "127.0")
        XCTAssertEqual(received.first?.headers["accept"], "application/json")
        XCTAssertEqual(received.last?.query, "")
        XCTAssertEqual(received.last?.body, #"{"id":2,"name":"b 한"}"#)
        XCTAssertEqual(received.last?.headers["content-type"], "application/json")
        XCTAssertEqual(received.last?.headers["authorization"], "secret")
        XCTAssertNil(received.last?.headers["x-device-latitude"])
    }

    /// One request carries the `queryParam` keys in the URL and the param as the JSON body.
    func testAQueryParamAndAJSONBodyArriveInOneRequest() async throws {
        try await server.route([.init("POST", "/pets", status: 201, body: #"{"id": 3, "name": "c"}"#)])
        var request = TestRequest(param: Item(id: 3, name: "c 한"), method: .post, path: "/pets")
        request.alwaysInQuery = ["dryRun": true, "tags": ["a b", "c"]] as RequestParameters
        let created: Result<Item, Error> = await manager().request(requestType: request)
        XCTAssertEqual(try created.get(), Item(id: 3, name: "c"))
        let received = try await server.requests()
        XCTAssertEqual(received.map(\.method), ["POST"])
        XCTAssertEqual(received.first?.path, "/pets")
        XCTAssertEqual(received.first?.query, "dryRun=true&tags=a%20b,c")
        XCTAssertEqual(received.first?.body, #"{"id":3,"name":"c 한"}"#)
        XCTAssertEqual(received.first?.headers["content-type"], "application/json")
    }

    /// A `Data` response is the body's bytes, not JSON: bytes that are not UTF-8 arrive as sent, in the plain and
    /// the envelope configurations alike; an empty body is nil for `Data?` and empty `Data` for `Data`.
    func testADataResponseIsTheBodysBytes() async throws {
        let bytes = Data([0x00, 0xFF, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x80])
        try await server.route([
            .init("GET", "/files/1", bytes: bytes, headers: ["Content-Type": "application/octet-stream"]),
            .init("GET", "/thumbnails/1", bytes: bytes, headers: ["Content-Type": "image/png"]),
            .init("GET", "/files/empty", status: 200, headers: ["Content-Type": "application/octet-stream"]),
        ])
        let file: Result<Data, Error> = await manager().request(requestType: TestRequest(path: "/files/1"))
        XCTAssertEqual(try file.get(), bytes)
        let thumbnail: Result<Data, Error> = await envelopeManager().request(requestType: TestRequest(path: "/thumbnails/1"))
        XCTAssertEqual(try thumbnail.get(), bytes)
        let optional: Result<Data?, Error> = await manager().request(requestType: TestRequest(path: "/files/1"))
        XCTAssertEqual(try optional.get(), bytes)
        let none: Result<Data?, Error> = await manager().request(requestType: TestRequest(path: "/files/empty"))
        XCTAssertNil(try none.get())
        let empty: Result<Data, Error> = await manager().request(requestType: TestRequest(path: "/files/empty"))
        XCTAssertEqual(try empty.get(), Data())
    }

    /// A `Data` param sent as the body is the bytes themselves: `application/octet-stream`, or the content type the
    /// endpoint's custom headers give; in the query (a GET) it stays a value, and any other param stays JSON.
    func testADataParamIsSentAsTheBodysBytes() async throws {
        let bytes = Data([0x00, 0xFF, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x80])
        try await server.route([
            .init("PUT", "/files/1", status: 204),
            .init("POST", "/thumbnails", status: 204),
        ])
        let manager = manager { $0.defaultHeaders["Content-Type"] = "application/json" }
        let put: Result<EmptyResponse, Error> = await manager.request(requestType: TestRequest(param: bytes, method: .put, path: "/files/1"))
        _ = try put.get()
        let post: Result<EmptyResponse, Error> = await manager.request(
            requestType: TestRequest(param: bytes, method: .post, header: .custom(["content-type": "image/png", "X-Kind": "thumb"]), path: "/thumbnails"))
        _ = try post.get()
        let received = try await server.requests()
        XCTAssertEqual(received.map(\.method), ["PUT", "POST"])
        XCTAssertEqual(received.first?.bytes, bytes)
        XCTAssertEqual(received.first?.headers["content-type"], "application/octet-stream")
        XCTAssertEqual(received.last?.bytes, bytes)
        XCTAssertEqual(received.last?.headers["content-type"], "image/png")
        XCTAssertEqual(received.last?.headers["x-kind"], "thumb")
        XCTAssertEqual(received.last?.headers["content-length"], "11")
    }

    func testEnvelopeSuccessDecodesDataWithSnakeCase() async throws {
        struct Store: Decodable, Equatable { var storeId: Int; var storeName: String }
        try await server.route([.init("GET", "/store", body: #"{"data": {"store_id": 1, "store_name": "a"}, "resultCode": null, "message": null}"#)])
        let result: Result<Store, Error> = await envelopeManager().request(requestType: TestRequest(path: "/store"))
        XCTAssertEqual(try result.get(), Store(storeId: 1, storeName: "a"))
    }

    func testTheEnvelopeAPIPresetOnTheWire() async throws {
        struct Store: Decodable, Equatable { var storeId: Int; var storeName: String }
        struct Report: Encodable, Sendable { var deleteReasonType: String; var isDelete: Bool }
        struct Reported: Decodable, Equatable { var storeId: Int; var deleteReasonType: String; var isDeleted: Bool }
        try await server.route([
            .init("GET", "/stores", body: #"{"data": [{"store_id": 1, "store_name": "a"}], "result_code": null, "message": null}"#),
            .init(
                "POST", "/stores/7/report",
                body: #"{"data": {"store_id": 7, "delete_reason_type": "NOSTORE", "is_deleted": true}, "result_code": null}"#),
            .init("DELETE", "/stores/7", status: 500, body: #"{"data": null, "result_code": "SE001", "message": "later"}"#),
        ])
        let manager = envelopeManager()
        let cursor: String? = nil
        var params: RequestParameters = ["isOpen": true, "categoryIds": ["A", "B"], "closed": false]
        params["cursor"] = cursor
        params.spread(["sort": "NEAR", "q": "붕어빵 & 1"])
        let stores: Result<[Store], Error> = await manager.request(requestType: TestRequest(param: params, path: "/stores"))
        XCTAssertEqual(try stores.get(), [Store(storeId: 1, storeName: "a")])
        let reported: Result<Reported, Error> = await manager.request(
            requestType: TestRequest(param: Report(deleteReasonType: "NOSTORE", isDelete: true), method: .post, path: "/stores/7/report"))
        XCTAssertEqual(try reported.get(), Reported(storeId: 7, deleteReasonType: "NOSTORE", isDeleted: true))
        let failed: Result<Void, Error> = await manager.request(requestType: TestRequest(method: .delete, path: "/stores/7"))
        guard case .server(500, "SE001", "later", _)? = failed.networkError else { return XCTFail("\(failed)") }

        let received = try await server.requests()
        XCTAssertEqual(received.map(\.method), ["GET", "POST", "DELETE"])
        let get = try XCTUnwrap(received.first)
        XCTAssertEqual(get.query, "categoryIds=A,B&closed=0&isOpen=1&q=%EB%B6%95%EC%96%B4%EB%B9%B5%20%26%201&sort=NEAR")
        var components = URLComponents()
        components.percentEncodedQuery = get.query
        XCTAssertEqual(components.queryItems?.map(\.name), ["categoryIds", "closed", "isOpen", "q", "sort"])
        XCTAssertEqual(components.queryItems?.map(\.value), ["A,B", "0", "1", "붕어빵 & 1", "NEAR"])
        XCTAssertEqual(get.body, "")
        XCTAssertEqual(get.headers["content-type"], "application/json", "sent without a body too")
        let post = received[1]
        XCTAssertEqual(post.query, "")
        XCTAssertEqual(post.body, #"{"deleteReasonType":"NOSTORE","isDelete":true}"#, "keys go out as the Swift names")
        XCTAssertEqual(post.headers["content-type"], "application/json")
        XCTAssertEqual(received[2].headers["content-type"], "application/json")
    }

    func testThePlainConfigurationSendsNoContentTypeWithoutABody() async throws {
        try await server.route([.init("GET", "/echo", body: "{}"), .init("POST", "/echo", body: "{}")])
        let get: Result<EmptyResponse, Error> = await manager().request(
            requestType: TestRequest(param: RequestParameters(["isOpen": true])))
        XCTAssertNoThrow(try get.get())
        let post: Result<EmptyResponse, Error> = await manager().request(
            requestType: TestRequest(param: RequestParameters(["isOpen": true]), method: .post))
        XCTAssertNoThrow(try post.get())
        let received = try await server.requests()
        XCTAssertEqual(received.map(\.query), ["isOpen=true", ""])
        XCTAssertNil(received.first?.headers["content-type"])
        XCTAssertEqual(received.last?.headers["content-type"], "application/json")
    }

    func testAParamThatCannotBeSentFailsAndNothingReachesTheServer() async throws {
        struct Filter: Encodable, Sendable { var kind: String }
        try await server.route([.init("GET", "/stores", body: #"{"data": []}"#)])
        let manager = envelopeManager()
        let nested: Result<[Item], Error> = await manager.request(
            requestType: TestRequest(param: ["size": 20, "filter": Filter(kind: "A")] as RequestParameters, path: "/stores"))
        guard case .invalidParameter("filter", let reason)? = nested.networkError else { return XCTFail("\(nested)") }
        XCTAssertEqual(reason, "a query string cannot hold a nested object")
        var twice: RequestParameters = ["size": 20]
        twice.spread(["size": 30])
        let duplicate: Result<Void, Error> = await manager.request(requestType: TestRequest(param: twice, path: "/stores"))
        guard case .invalidParameter("size", _)? = duplicate.networkError else { return XCTFail("\(duplicate)") }
        let count = try await server.requests().count
        XCTAssertEqual(count, 0, "nothing was sent")
    }

    func testEnvelopeNullDataIsNoDataOrNil() async throws {
        try await server.route([.init("GET", "/none", body: #"{"data": null}"#)])
        let required: Result<Item, Error> = await envelopeManager().request(requestType: TestRequest(path: "/none"))
        guard case .noData? = required.networkError else { return XCTFail("\(required)") }
        let optional: Result<String?, Error> = await envelopeManager().request(requestType: TestRequest(path: "/none"))
        XCTAssertEqual(try optional.get(), nil)
    }

    func testOnly200SucceedsInTheEnvelopeAPI() async throws {
        try await server.route([.init("POST", "/created", status: 201, body: #"{"data": "x"}"#)])
        let strict: Result<String, Error> = await envelopeManager().request(requestType: TestRequest(method: .post, path: "/created"))
        guard case .server(201, _, _, _)? = strict.networkError else { return XCTFail("\(strict)") }
        let plain: Result<String, Error> = await manager().request(requestType: TestRequest(method: .post, path: "/created"))
        XCTAssertEqual(try plain.get(), #"{"data": "x"}"#, "a plain client takes 2xx and a text body")
    }

    func testErrorStatusesWithEnvelopeAndHTMLBodies() async throws {
        try await server.route([
            .init("GET", "/envelope", status: 500, body: #"{"data": null, "resultCode": "SE001", "message": "잠시 후 다시 시도해 주세요", "error": "internal"}"#),
            .init("GET", "/html", status: 500, body: "<html><body>Internal Server Error</body></html>", headers: ["Content-Type": "text/html"]),
        ])
        let envelope: Result<Item, Error> = await envelopeManager().request(requestType: TestRequest(path: "/envelope"))
        guard case .server(500, "SE001", "잠시 후 다시 시도해 주세요", _)? = envelope.networkError else { return XCTFail("\(envelope)") }
        let html: Result<Item, Error> = await envelopeManager().request(requestType: TestRequest(path: "/html"))
        guard case .server(500, nil, nil, let body)? = html.networkError else { return XCTFail("\(html)") }
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains("Internal Server Error"))
        let missing: Result<Item, Error> = await manager().request(requestType: TestRequest(path: "/nowhere"))
        guard case .server(404, _, _, _)? = missing.networkError else { return XCTFail("\(missing)") }
    }

    func testMalformedJSONKeepsTheDecodingErrorAndItsPath() async throws {
        try await server.route([
            .init("GET", "/broken", body: #"{"id": 1, "name": "#),
            .init("GET", "/wrong", body: #"[{"id": 1, "name": "a"}, {"id": "two", "name": "b"}]"#),
        ])
        let broken: Result<Item, Error> = await manager().request(requestType: TestRequest(path: "/broken"))
        guard case .decoding(let failure)? = broken.networkError, case .dataCorrupted = failure.error else {
            return XCTFail("\(broken)")
        }
        let wrong: Result<[Item], Error> = await manager().request(requestType: TestRequest(path: "/wrong"))
        guard case .decoding(let typeFailure)? = wrong.networkError else { return XCTFail("\(wrong)") }
        XCTAssertEqual(typeFailure.codingPath, "[1].id")
        XCTAssertEqual(typeFailure.description, "[1].id: expected Int")
    }

    func testEmpty204ForVoidOptionalAndEmptyResponse() async throws {
        try await server.route([.init("DELETE", "/gone", status: 204), .init("GET", "/gone", status: 204)])
        let void: Result<Void, Error> = await manager().request(requestType: TestRequest(method: .delete, path: "/gone"))
        XCTAssertNoThrow(try void.get())
        let empty: Result<EmptyResponse, Error> = await manager().request(requestType: TestRequest(path: "/gone"))
        XCTAssertEqual(try empty.get(), EmptyResponse())
        let optional: Result<Item?, Error> = await manager().request(requestType: TestRequest(path: "/gone"))
        XCTAssertEqual(try optional.get(), nil)
        let required: Result<Item, Error> = await manager().request(requestType: TestRequest(path: "/gone"))
        guard case .noData? = required.networkError else { return XCTFail("\(required)") }
    }

    func testUnauthorizedRefreshesOnceAndRetries() async throws {
        try await server.route([
            .init("GET", "/me", status: 401, body: #"{"data": null, "resultCode": "UA000", "message": "expired"}"#, times: 1),
            .init("GET", "/me", body: #"{"data": {"id": 1, "name": "kim"}}"#),
        ])
        let token = Counter(value: 1)
        let refreshes = Counter(value: 0)
        let manager = envelopeManager {
            $0.authToken = { "token-\(token.value)" }
            $0.refreshToken = {
                refreshes.increment()
                token.increment()
                return true
            }
        }
        let result: Result<Item, Error> = await manager.request(requestType: TestRequest(path: "/me"))
        XCTAssertEqual(try result.get(), Item(id: 1, name: "kim"))
        XCTAssertEqual(refreshes.value, 1)
        let sent = try await server.requests().map { $0.headers["authorization"] }
        XCTAssertEqual(sent, ["token-1", "token-2"], "the retry carries the refreshed token")
    }

    func testAFailedRefreshIsUnauthorizedWithTheEnvelopeCode() async throws {
        try await server.route([.init("GET", "/me", status: 401, body: #"{"data": null, "resultCode": "UA000", "message": "expired"}"#)])
        let manager = envelopeManager { $0.refreshToken = { false } }
        let result: Result<Item, Error> = await manager.request(requestType: TestRequest(path: "/me"))
        guard case .unauthorized("UA000", "expired")? = result.networkError else { return XCTFail("\(result)") }
        let noRefresh: Result<Item, Error> = await envelopeManager().request(requestType: TestRequest(path: "/me"))
        guard case .unauthorized? = noRefresh.networkError else { return XCTFail("\(noRefresh)") }
        let count = try await server.requests().count
        XCTAssertEqual(count, 2, "a failed refresh is not retried; no refresh means no retry")
    }

    func testConcurrent401sShareOneRefresh() async throws {
        try await server.route([
            .init("GET", "/me", status: 401, times: 5),
            .init("GET", "/me", body: #"{"id": 1, "name": "kim"}"#),
        ])
        let refreshes = Counter(value: 0)
        let manager = manager {
            $0.refreshToken = {
                refreshes.increment()
                try? await Task.sleep(nanoseconds: 200_000_000)
                return true
            }
        }
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    let result: Result<Item, Error> = await manager.request(requestType: TestRequest(path: "/me"))
                    return (try? result.get()) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        XCTAssertEqual(results, Array(repeating: true, count: 5))
        XCTAssertEqual(refreshes.value, 1)
    }

    func testASlowResponseTimesOut() async throws {
        try await server.route([.init("GET", "/slow", body: "{}", delay: 3)])
        let result: Result<EmptyResponse, Error> = await manager { $0.timeout = 0.5 }.request(requestType: TestRequest(path: "/slow"))
        guard case .timedOut? = result.networkError else { return XCTFail("\(result)") }
    }

    func testCancellingTheTaskCancelsTheRequest() async throws {
        // No clock is read: a request that was awaited instead of cancelled ends as `.timedOut` (after the 60 s
        // timeout, long before the server's answer at 120 s), so only a real cancellation gives `.cancelled`.
        try await server.route([.init("GET", "/slow", body: "{}", delay: 120)])
        let manager = manager { $0.timeout = 60 }
        let task = Task { () -> Result<EmptyResponse, Error> in
            await manager.request(requestType: TestRequest(path: "/slow"))
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        let result = await task.value
        guard case .cancelled? = result.networkError else { return XCTFail("\(result)") }
        let sawTheClose = try await server.sawClosedEarly("/slow")
        XCTAssertTrue(sawTheClose, "the server did not see the connection close: the request went on without its client")
    }

    func testAnAnsweredRequestIsNotClosedEarly() async throws {
        // The other side of the check above: a request answered after its delay is not reported as closed early.
        try await server.route([.init("GET", "/slow", body: "{}", delay: 0.2)])
        let result: Result<EmptyResponse, Error> = await manager().request(requestType: TestRequest(path: "/slow"))
        XCTAssertNoThrow(try result.get())
        let closed = try await server.sawClosedEarly("/slow", timeout: 0.3)
        XCTAssertFalse(closed)
    }

    func testConnectionRefusedIsATransportError() async throws {
        let url = server.baseURL
        server.stop()
        let closed = NetworkManager(configuration: NetworkConfiguration(baseURL: url))
        let result: Result<Item, Error> = await closed.request(requestType: TestRequest())
        guard case .transport? = result.networkError else { return XCTFail("\(result)") }
    }

    func testMultipartUploadIsParsedBackByTheServer() async throws {
        try await server.route([.init("POST", "/upload", body: #"[{"id": 1, "name": "a.png"}]"#)])
        var form = UploadForm()
        form.add("storeId", 7)
        form.add("images", files: [
            UploadFile(data: Data([0x89, 0x50, 0x4E, 0x47]), fileName: "a.png", contentType: "image/png"),
            UploadFile(data: Data("second".utf8), fileName: "b.txt", contentType: "text/plain"),
        ])
        let result: Result<[Item], Error> = await manager().request(
            requestType: TestRequest(method: .post, header: .multipart(boundary: "boundary-123"), path: "/upload", upload: form))
        XCTAssertEqual(try result.get().count, 1)
        let parts = try await server.requests().first?.parts ?? []
        XCTAssertEqual(parts.map(\.name), ["storeId", "images", "images"])
        XCTAssertEqual(parts.map(\.filename), [nil, "a.png", "b.txt"])
        XCTAssertEqual(parts.map(\.contentType), [nil, "image/png", "text/plain"])
        XCTAssertEqual(parts.map(\.size), [1, 4, 6])
        XCTAssertEqual(parts.last?.text, "second")
    }

    func testInterceptorsAndLogging() async throws {
        try await server.route([.init("GET", "/echo", body: "{}")])
        let log = Lines()
        let seen = Lines()
        let manager = manager {
            $0.willSend = { request in
                var request = request
                request.setValue("signed", forHTTPHeaderField: "X-Signature")
                return request
            }
            $0.didReceive = { _, response, _ in seen.append("\(response.statusCode)") }
            $0.log = { log.append($0) }
        }
        let result: Result<EmptyResponse, Error> = await manager.request(requestType: TestRequest())
        XCTAssertNoThrow(try result.get())
        let headers = try await server.requests().first?.headers
        XCTAssertEqual(headers?["x-signature"], "signed")
        XCTAssertEqual(seen.all, ["200"])
        XCTAssertEqual(log.all.count, 2)
        XCTAssertTrue(log.all.first?.hasPrefix("→ GET http://127.0.0.1:") ?? false, "\(log.all)")
    }
}

/// A thread-safe counter for closures the manager calls concurrently.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int

    init(value: Int) { stored = value }

    var value: Int { lock.withLock { stored } }

    func increment() { lock.withLock { stored += 1 } }
}

/// Thread-safe lines.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func append(_ line: String) { lock.withLock { lines.append(line) } }
}

extension Result {
    var networkError: NetworkError? {
        if case .failure(let error) = self { return error as? NetworkError }
        return nil
    }
}
