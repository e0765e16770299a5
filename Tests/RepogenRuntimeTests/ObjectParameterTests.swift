import Foundation
import RepogenRuntime
import TestServer
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Params sent whole in a style of their own: a value's JSON text (`JSONParameter`, OpenAPI's `content`) in the query
/// or a header, and an object in the `deepObject` style.
final class ObjectParameterTests: XCTestCase {
    struct Filter: Encodable, Sendable {
        var name: String
        var state: String?
        var since: Date?
    }

    struct Nested: Encodable, Sendable {
        var inner: [String: Int]
    }

    func manager(_ change: (inout NetworkConfiguration) -> Void = { _ in }) -> NetworkManager {
        var configuration = NetworkConfiguration(baseURL: URL(string: "https://api.example.com/"))
        change(&configuration)
        return NetworkManager(configuration: configuration)
    }

    func query(_ params: RequestParameters, styles: [String: NetworkConfiguration.QueryArrayStyle] = [:])
        async throws -> String?
    {
        var request = TestRequest(param: params)
        request.arrayStyles = styles
        return try await manager().urlRequest(for: request).url?.query
    }

    func testAJSONParameterIsItsJSONTextPercentEncodedAsOneItem() async throws {
        let filters = [Filter(name: "Rex"), Filter(name: "a&b=c/d é", state: "x", since: Date(timeIntervalSince1970: 0))]
        let query = try await query(["jsonFilters": JSONParameter(filters), "limit": 2])
        let text = #"[{"name":"Rex"},{"name":"a&b=c/d é","since":"1970-01-01T00:00:00Z","state":"x"}]"#
        XCTAssertEqual(
            query,
            "jsonFilters=%5B%7B%22name%22%3A%22Rex%22%7D,%7B%22name%22%3A%22a%26b%3Dc%2Fd%20%C3%A9%22,"
                + "%22since%22%3A%221970-01-01T00%3A00%3A00Z%22,%22state%22%3A%22x%22%7D%5D&limit=2")
        // What the server decodes from the item is the JSON text, byte for byte.
        let value = query?.split(separator: "&").first?.split(separator: "=").last.map(String.init)
        XCTAssertEqual(value?.removingPercentEncoding, text)
    }

    func testAJSONHeaderValueEscapesLineBreaksSoNoHeaderIsInjected() async throws {
        let value = JSONParameter.headerValue(["note": "a\r\nX-Injected: 1\u{0}"])
        XCTAssertEqual(value, #"{"note":"a\r\nX-Injected: 1\u0000"}"#)
        XCTAssertFalse(value.unicodeScalars.contains { $0.value < 0x20 })
        let request = try await manager().urlRequest(for: TestRequest(header: .custom(["X-Extra": value])))
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Extra"), value)
        XCTAssertNil(request.value(forHTTPHeaderField: "X-Injected"))
    }

    func testOnTheWireAJSONHeaderWithLineBreaksIsOneFieldAndTheQueryItsBytes() async throws {
        let server = try RawServer()
        defer { server.stop() }
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        let request = TestRequest(
            param: ["filters": JSONParameter([["note": "a&b\r\nX-Injected: 1"]])] as RequestParameters,
            header: .custom(["X-Extra": JSONParameter.headerValue(["note": "a\r\nX-Injected: 1\n\nGET / HTTP/1.1"])]))
        let result: Result<Void, Error> = await manager.request(requestType: request)
        XCTAssertNoThrow(try result.get())
        let wire = try XCTUnwrap(server.requests.first.map(WireRequest.init))
        XCTAssertEqual(wire.headers("X-Extra"), [#"{"note":"a\r\nX-Injected: 1\n\nGET / HTTP/1.1"}"#])
        XCTAssertEqual(wire.headers("X-Injected"), [])
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(wire.query, "filters=%5B%7B%22note%22%3A%22a%26b%5Cr%5CnX-Injected%3A%201%22%7D%5D")
    }

    func testAJSONHeaderValueThatCannotBeEncodedIsRefusedNotSent() async throws {
        let value = JSONParameter.headerValue(["ratio": Double.nan])
        do {
            let request = try await manager().urlRequest(for: TestRequest(header: .custom(["X-Extra": value])))
            XCTFail("expected invalidParameter, got \(request.allHTTPHeaderFields ?? [:])")
        } catch NetworkError.invalidParameter(let key, let reason) {
            XCTAssertEqual(key, "X-Extra")
            XCTAssertTrue(reason.contains("could not be encoded as JSON"), reason)
        }
    }

    func testAJSONQueryValueThatCannotBeEncodedIsAnInvalidParameter() async throws {
        do {
            let sent = try await query(["ratio": JSONParameter(["value": Double.infinity])])
            XCTFail("expected invalidParameter, got \(sent ?? "nothing")")
        } catch NetworkError.invalidParameter(let key, _) {
            XCTAssertEqual(key, "ratio")
        }
    }

    func testADeepObjectSendsEachKeyInBracketsPercentEncoded() async throws {
        let filter = Filter(name: "Rex & co", state: nil, since: Date(timeIntervalSince1970: 0))
        let query = try await query(
            ["filter": filter, "sort": ["order": "asc", "field": "name"], "tags": ["a", "b"], "page": 1],
            styles: ["filter": .deepObject, "sort": .deepObject, "tags": .repeatedKeys])
        XCTAssertEqual(
            query,
            "filter%5Bname%5D=Rex%20%26%20co&filter%5Bsince%5D=1970-01-01T00%3A00%3A00Z&page=1"
                + "&sort%5Bfield%5D=name&sort%5Border%5D=asc&tags=a&tags=b")
    }

    func testADeepObjectsArrayIsRepeatedItems() async throws {
        let query = try await query(["filter": ["tags": ["a", "b"]]], styles: ["filter": .deepObject])
        XCTAssertEqual(query, "filter%5Btags%5D=a&filter%5Btags%5D=b")
    }

    func testWhatADeepObjectCannotHoldIsAnInvalidParameter() async throws {
        let cases: [(RequestParameters, String)] = [
            (["filter": Nested(inner: ["a": 1])], "filter[inner]"),
            (["filter": ["a[b]": "x"]], "filter"),
            (["filter": ["": "x"]], "filter"),
            (["filter": "text"], "filter"),
            (["filter": ["a", "b"]], "filter"),
            (["filter": ["a": [["b": 1]]]], "filter[a]"),
            (["filter[x]": ["a": "b"]], "filter[x]"),
        ]
        for (params, expected) in cases {
            do {
                let sent = try await query(params, styles: ["filter": .deepObject, "filter[x]": .deepObject])
                XCTFail("expected invalidParameter, got \(sent ?? "nothing")")
            } catch NetworkError.invalidParameter(let key, _) {
                XCTAssertEqual(key, expected)
            }
        }
    }
}
