import Foundation
import RepogenRuntime
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as a test writes it.
struct TestRequest: RequestType {
    var body: (any Encodable & Sendable)?
    var method: RequestMethod = .get
    var header: HTTPHeaderType = .json
    var path: String = "/echo"
    var queryOverride: Bool?

    init(
        param: (any Encodable & Sendable)? = nil, method: RequestMethod = .get, header: HTTPHeaderType = .json,
        path: String = "/echo", queryOverride: Bool? = nil
    ) {
        self.body = param
        self.method = method
        self.header = header
        self.path = path
        self.queryOverride = queryOverride
    }

    var param: Encodable? {
        body
    }

    var usingQuery: Bool {
        queryOverride ?? method.usesQueryByDefault
    }
}

struct Item: Codable, Sendable, Equatable {
    var id: Int
    var name: String
}

/// What the echo server saw.
struct Echo: Decodable, Equatable {
    var method: String
    var path: String
    var query: String
    var headers: [String: String]
    var body: String
}

final class RequestBuildingTests: XCTestCase {
    let manager = NetworkManager(configuration: .init(baseURL: URL(string: "https://api.example.com/")))

    func testUsingQueryDefaultsFollowTheMethod() {
        XCTAssertEqual(RequestMethod.allCases.filter(\.usesQueryByDefault), [.get, .delete])
        XCTAssertTrue(TestRequest(method: .delete).usingQuery)
        XCTAssertFalse(TestRequest(method: .post).usingQuery)
    }

    func testQueryHasSortedKeysCommaJoinedArraysAndNoNils() async throws {
        let cursor: String? = nil
        var params: RequestParameters = ["size": 20, "includes": ["OWNER", "OPEN_STATUS"], "flag": true, "lat": 37.5]
        params["cursor"] = cursor
        let request = try await manager.urlRequest(for: TestRequest(param: params))
        XCTAssertEqual(
            request.url?.absoluteString,
            "https://api.example.com/echo?flag=true&includes=OWNER,OPEN_STATUS&lat=37.5&size=20")
        XCTAssertEqual(request.httpMethod, "GET")
        XCTAssertNil(request.httpBody)
    }

    func testQueryValuesArePercentEncoded() async throws {
        let request = try await manager.urlRequest(for: TestRequest(param: RequestParameters(["q": "a+b&c=d/e?f g한"])))
        XCTAssertEqual(request.url?.query, "q=a%2Bb%26c%3Dd%2Fe%3Ff%20g%ED%95%9C")
    }

    func testGetAlwaysUsesTheQueryAndPostSendsJSON() async throws {
        let get = try await manager.urlRequest(for: TestRequest(param: Item(id: 1, name: "x"), queryOverride: false))
        XCTAssertEqual(get.url?.query, "id=1&name=x")
        let post = try await manager.urlRequest(for: TestRequest(param: Item(id: 1, name: "x"), method: .post))
        XCTAssertNil(post.url?.query)
        XCTAssertEqual(post.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"id":1,"name":"x"}"#)
        let postInQuery = try await manager.urlRequest(
            for: TestRequest(param: Item(id: 1, name: "x"), method: .post, queryOverride: true))
        XCTAssertEqual(postInQuery.url?.query, "id=1&name=x")
        XCTAssertNil(postInQuery.httpBody)
    }

    func testHeaderKinds() async throws {
        let location = DeviceLocation(latitude: 37.5, longitude: 127.25)
        XCTAssertEqual(HTTPHeaderType.json.headers(location: location), ["Content-Type": "application/json"])
        XCTAssertEqual(HTTPHeaderType.default.headers(location: nil), ["Content-Type": "application/json"])
        XCTAssertEqual(
            HTTPHeaderType.location.headers(location: location),
            ["Content-Type": "application/json", "X-Device-Latitude": "37.5", "X-Device-Longitude": "127.25"])
        XCTAssertEqual(
            HTTPHeaderType.multipart(boundary: "B").headers(location: nil),
            ["Content-Type": "multipart/form-data; boundary=B"])
        XCTAssertEqual(
            HTTPHeaderType.custom(["X-Nonce-Token": "t"]).headers(location: nil),
            ["Content-Type": "application/json", "X-Nonce-Token": "t"])
    }

    func testAuthTokenIsRawOrBearerAndWinsOverCustomHeaders() async throws {
        var configuration = NetworkManager.Configuration(baseURL: URL(string: "https://api.example.com"))
        configuration.authToken = { "secret" }
        configuration.locationProvider = { DeviceLocation(latitude: 1, longitude: 2) }
        let raw = NetworkManager(configuration: configuration)
        let request = try await raw.urlRequest(
            for: TestRequest(header: .custom(["Authorization": "spoofed", "X-A": "b"])))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Authorization"), "secret")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-A"), "b")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
        let located = try await raw.urlRequest(for: TestRequest(header: .location))
        XCTAssertEqual(located.value(forHTTPHeaderField: "X-Device-Latitude"), "1.0")

        configuration.authScheme = .bearer
        let bearer = try await NetworkManager(configuration: configuration).urlRequest(for: TestRequest())
        XCTAssertEqual(bearer.value(forHTTPHeaderField: "Authorization"), "Bearer secret")
    }

    func testMissingBaseURLIsAnError() async {
        do {
            _ = try await NetworkManager().urlRequest(for: TestRequest())
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? NetworkError, .invalidURL("/echo"))
        }
    }

    func testRequestParametersEncodeSortedAndSupportSubscripts() throws {
        var params = RequestParameters()
        XCTAssertTrue(params.isEmpty)
        params["b"] = 2
        params["a"] = "x"
        params["c"] = [1, 2]
        params["c"] = nil
        XCTAssertEqual(params.keys, ["a", "b"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // JSONEncoder keeps no key order otherwise
        XCTAssertEqual(String(decoding: try encoder.encode(params), as: UTF8.self), #"{"a":"x","b":2}"#)
    }

    func testMockRepositoryErrorNamesTheMethod() {
        XCTAssertEqual(
            MockRepositoryError.notStubbed("MockStoreRepository.fetchDetail(input:)").localizedDescription,
            "MockStoreRepository.fetchDetail(input:) was called but no result was stubbed")
    }
}

/// Requests through a real HTTP server on loopback.
final class LoopbackTests: XCTestCase {
    var server: EchoServer!
    var manager: NetworkManager!

    override func setUpWithError() throws {
        server = try EchoServer()
        var configuration = NetworkManager.Configuration(baseURL: server.baseURL)
        configuration.authToken = { "token-1" }
        configuration.timeout = 10
        manager = NetworkManager(configuration: configuration)
    }

    override func tearDown() {
        server?.stop()
    }

    func testGetSendsTheQueryAndDecodesTheResponse() async throws {
        let result: Result<Echo, Error> = await manager.request(
            requestType: TestRequest(param: RequestParameters(["size": 2, "cursor": "a b"]), path: "/api/items"))
        let echo = try result.get()
        XCTAssertEqual(echo.method, "GET")
        XCTAssertEqual(echo.path, "/api/items")
        XCTAssertEqual(echo.query, "cursor=a%20b&size=2")
        XCTAssertEqual(echo.headers["authorization"], "token-1")
        XCTAssertEqual(echo.headers["accept"], "application/json")
        XCTAssertEqual(echo.body, "")
    }

    func testPostSendsAJSONBody() async throws {
        let result: Result<Echo, Error> = await manager.request(
            requestType: TestRequest(param: Item(id: 7, name: "store"), method: .post, header: .custom(["X-Nonce-Token": "n"])))
        let echo = try result.get()
        XCTAssertEqual(echo.method, "POST")
        XCTAssertEqual(echo.body, #"{"id":7,"name":"store"}"#)
        XCTAssertEqual(echo.headers["content-type"], "application/json")
        XCTAssertEqual(echo.headers["x-nonce-token"], "n")
    }

    func testStringOptionalAndVoidResponses() async throws {
        let text: Result<String, Error> = await manager.request(requestType: TestRequest(method: .put))
        XCTAssertTrue(try text.get().contains(#""method": "PUT""#))
        let none: Result<String?, Error> = await manager.request(requestType: TestRequest(path: "/status/200"))
        XCTAssertEqual(try none.get(), nil)
        let void: Result<Void, Error> = await manager.request(requestType: TestRequest(method: .delete, path: "/status/204"))
        XCTAssertNoThrow(try void.get())
        let empty: Result<EmptyResponse, Error> = await manager.request(requestType: TestRequest(path: "/status/204"))
        XCTAssertEqual(try empty.get(), EmptyResponse())
    }

    func testErrorStatusAndUndecodableBodies() async throws {
        let missing: Result<Echo, Error> = await manager.request(requestType: TestRequest(path: "/status/404"))
        XCTAssertEqual(missing.failure as? NetworkError, .httpStatus(404, body: Data()))
        let empty: Result<Echo, Error> = await manager.request(requestType: TestRequest(path: "/status/200"))
        XCTAssertEqual(empty.failure as? NetworkError, .noData)
        let wrong: Result<[Item], Error> = await manager.request(requestType: TestRequest())
        guard case .decoding(let message)? = wrong.failure as? NetworkError else {
            return XCTFail("expected a decoding error, got \(wrong)")
        }
        XCTAssertTrue(message.contains("(root)"), message)
    }

    func testConnectionRefusedIsATransportError() async throws {
        let port = server.port
        server.stop()
        let closed = NetworkManager(configuration: .init(baseURL: URL(string: "http://127.0.0.1:\(port)")))
        let result: Result<Echo, Error> = await closed.request(requestType: TestRequest())
        guard case .transport? = result.failure as? NetworkError else {
            return XCTFail("expected a transport error, got \(result)")
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
