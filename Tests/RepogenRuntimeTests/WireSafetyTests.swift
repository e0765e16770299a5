import Foundation
import TestServer
import XCTest

@testable import RepogenRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One regression test per way an input value could reshape a request (issue 27), each against the raw socket
/// server, which records the bytes on the wire as sent: path traversal, multipart boundaries and part headers,
/// query arrays and keys, header values, and numbers that trapped. `WireSafetyPropertyTests` covers the same places
/// with random values.
final class WireSafetyTests: XCTestCase {
    var server: RawServer!

    override func setUp() async throws {
        server = try RawServer()
    }

    override func tearDown() async throws {
        server.stop()
    }

    func manager(_ change: (inout NetworkConfiguration) -> Void = { _ in }) -> NetworkManager {
        var configuration = NetworkConfiguration(baseURL: server.baseURL)
        change(&configuration)
        return NetworkManager(configuration: configuration)
    }

    /// Sends `request` and returns what arrived (nil when nothing did) and the result.
    func send(_ request: some RequestType, _ manager: NetworkManager? = nil) async throws -> (WireRequest?, Result<Void, Error>) {
        server.reset()
        let result: Result<Void, Error> = await (manager ?? self.manager()).request(requestType: request)
        let requests = server.requests
        XCTAssertLessThanOrEqual(requests.count, 1)
        return (try requests.first.map(WireRequest.init), result)
    }

    /// Asserts the request was refused with `invalidParameter` and nothing reached the server; returns the error.
    @discardableResult
    func assertRefused(
        _ request: some RequestType, _ manager: NetworkManager? = nil, file: StaticString = #filePath, line: UInt = #line
    ) async throws -> (key: String?, reason: String) {
        let (wire, result) = try await send(request, manager)
        XCTAssertNil(wire, "nothing may be sent", file: file, line: line)
        guard case .failure(let error) = result, case .invalidParameter(let key, let reason)? = error as? NetworkError else {
            XCTFail("expected invalidParameter, got \(result)", file: file, line: line)
            return (nil, "")
        }
        return (key, reason)
    }

    // MARK: - Path traversal

    func testDotSegmentsInAPathInputArePercentEncodedNotResolved() async throws {
        let request = TestRequest(method: .delete, path: "/lists/\(PathComponent(".."))/items/\(PathComponent(".."))")
        let (wire, result) = try await send(request)
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(wire?.target, "/lists/%2E%2E/items/%2E%2E", "before the fix the loader collapsed this to DELETE /")
        XCTAssertEqual(try wire?.pathSegments(), ["lists", "..", "items", ".."])
        let (single, _) = try await send(TestRequest(path: "/a/\(PathComponent("."))/b"))
        XCTAssertEqual(single?.target, "/a/%2E/b")
    }

    func testSeparatorsInAPathInputAreOneSegment() async throws {
        for value in ["a/b", "../../admin", "x?y=1", "x#frag", "100%", "%2E%2E", "a b", "한/글", "\r\n"] {
            let (wire, result) = try await send(TestRequest(path: "/items/\(PathComponent(value))/detail"))
            XCTAssertNoThrow(try result.get(), value)
            XCTAssertEqual(try wire?.pathSegments(), ["items", value, "detail"], value)
            XCTAssertNil(wire?.query, value)
        }
    }

    func testAnEmptyPathInputIsRefusedInsteadOfMergingSegments() async throws {
        let (key, reason) = try await assertRefused(
            TestRequest(method: .delete, path: "/lists/\(PathComponent(""))/items/\(PathComponent("7"))"))
        XCTAssertNil(key)
        XCTAssertTrue(reason.contains("/lists/{empty}/items/7"), reason)
        // Two empty inputs around a dot would make the dot segment `.`; one empty input beside text is fine.
        try await assertRefused(TestRequest(path: "/files/\(PathComponent("")).\(PathComponent(""))"))
        let (wire, _) = try await send(TestRequest(path: "/files/\(PathComponent("")).\(PathComponent("json"))"))
        XCTAssertEqual(wire?.target, "/files/.json")
    }

    // MARK: - Multipart

    func testABoundaryWithALineBreakIsRefused() async throws {
        var form = UploadForm()
        form.add("caption", "hi")
        let (_, reason) = try await assertRefused(TestRequest(
            method: .post, header: .multipart(boundary: "x\r\nX-Injected: 1"), upload: form))
        XCTAssertTrue(reason.contains("boundary"), reason)
        // Too long, a character RFC 2046 does not allow, a space at the end.
        for boundary in [String(repeating: "b", count: 71), "a\"b", "ab ", "é"] {
            try await assertRefused(TestRequest(method: .post, header: .multipart(boundary: boundary), upload: form))
        }
    }

    func testAFixedBoundaryThatOccursInAFileIsRefused() async throws {
        var form = UploadForm()
        form.add("caption", "hi")
        let smuggling = "\r\n--fixed\r\nContent-Disposition: form-data; name=\"admin\"\r\n\r\ntrue\r\n--fixed--\r\n"
        form.add("photo", file: UploadFile(data: Data(smuggling.utf8), fileName: "a.png", contentType: "image/png"))
        let (key, reason) = try await assertRefused(TestRequest(method: .post, header: .multipart(boundary: "fixed"), upload: form))
        XCTAssertEqual(key, "photo")
        XCTAssertTrue(reason.contains("occurs in the content"), reason)
        // With no boundary given, a random one is drawn that the content does not hold: the file arrives whole.
        let (wire, result) = try await send(TestRequest(method: .post, header: .multipart(boundary: ""), upload: form))
        XCTAssertNoThrow(try result.get())
        let parts = try XCTUnwrap(wire).parts()
        XCTAssertEqual(parts.map(\.name), ["caption", "photo"])
        XCTAssertEqual(parts.last?.content, Array(smuggling.utf8))
    }

    func testARandomBoundaryIsDrawnAgainWhenTheContentHoldsIt() throws {
        // The first two draws occur in the content (a file that happens to hold them); the third does not.
        var form = UploadForm()
        form.add("notes", "text\r\n--first\r\nmore --second")
        form.add("photo", file: UploadFile(data: Data("x".utf8), fileName: "a.png"))
        var draws = ["first", "second", "third"][...]
        let (boundary, body) = try form.encoded(boundary: nil, drawing: { draws.popFirst() ?? "unexpected" })
        XCTAssertEqual(boundary, "third")
        XCTAssertTrue(draws.isEmpty)
        XCTAssertTrue(String(decoding: body, as: UTF8.self).hasSuffix("--third--\r\n"))
        // Without a draw, the runtime's own random boundary.
        XCTAssertTrue(try form.encoded(boundary: nil).boundary.hasPrefix("repogen-"))
    }

    func testPartHeadersCarryNoControlCharacters() async throws {
        func form(name: String = "photo", fileName: String = "a.png", contentType: String = "image/png") -> UploadForm {
            var form = UploadForm()
            form.add(name, file: UploadFile(data: Data("x".utf8), fileName: fileName, contentType: contentType))
            return form
        }
        let (key, reason) = try await assertRefused(
            TestRequest(method: .post, header: .multipart(boundary: ""), upload: form(contentType: "image/png\r\nX-Injected: 1")))
        XCTAssertEqual(key, "photo")
        XCTAssertTrue(reason.contains("content type"), reason)
        try await assertRefused(TestRequest(method: .post, header: .multipart(boundary: ""), upload: form(fileName: "a\0.png")))
        try await assertRefused(TestRequest(method: .post, header: .multipart(boundary: ""), upload: form(name: "a\u{1B}b")))
        try await assertRefused(TestRequest(method: .post, header: .multipart(boundary: ""), upload: form(contentType: "a\tb")))
        // CR, LF and quotes in names go out as browsers send them, never as structure.
        let (wire, result) = try await send(TestRequest(
            method: .post, header: .multipart(boundary: ""),
            upload: form(name: "p\"; x=\"1", fileName: "evil\r\nContent-Type: text/html\r\n\r\n.png")))
        XCTAssertNoThrow(try result.get())
        let part = try XCTUnwrap(try XCTUnwrap(wire).parts().first)
        XCTAssertEqual(part.name, "p%22; x=%221")
        XCTAssertEqual(part.filename, "evil%0D%0AContent-Type: text/html%0D%0A%0D%0A.png")
        XCTAssertEqual(part.headers["content-type"], "image/png")
    }

    func testABoundaryThatIsNotATokenIsQuotedInTheContentType() async throws {
        var form = UploadForm()
        form.add("a", "1")
        let (wire, result) = try await send(TestRequest(method: .post, header: .multipart(boundary: "a b:c/d=e"), upload: form))
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(wire?.headers("Content-Type"), [#"multipart/form-data; boundary="a b:c/d=e""#])
        XCTAssertEqual(try wire?.parts().map(\.content), [Array("1".utf8)])
    }

    // MARK: - Query arrays and keys

    func testACommaInAnArrayElementIsRefusedInTheCommaStyle() async throws {
        let request = TestRequest(param: ["tags": ["a,b", "c"]] as RequestParameters)
        let (key, reason) = try await assertRefused(request)
        XCTAssertEqual(key, "tags")
        XCTAssertTrue(reason.contains("comma"), reason)
        // A style that cannot split it sends it as one element.
        let (wire, result) = try await send(request, manager { $0.queryArrayStyle = .repeatedKeys })
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(try wire?.queryItems().map(\.value), ["a,b", "c"])
        // A comma in a value that is not an array element is data.
        let (scalar, _) = try await send(TestRequest(param: ["q": "a,b"] as RequestParameters))
        XCTAssertEqual(try scalar?.queryItems().map(\.value), ["a,b"])
    }

    func testAnEmptyArraySendsNothingInEveryStyle() async throws {
        for style in [NetworkConfiguration.QueryArrayStyle.commaSeparated, .repeatedKeys, .brackets] {
            let (wire, result) = try await send(
                TestRequest(param: ["tags": [String](), "n": 1] as RequestParameters), manager { $0.queryArrayStyle = style })
            XCTAssertNoThrow(try result.get())
            XCTAssertEqual(wire?.query, "n=1", "\(style)")
        }
    }

    func testQueryKeysThatAreNotOneNameAreRefused() async throws {
        var empty = RequestParameters()
        empty.spread(["": "x"])
        try await assertRefused(TestRequest(param: empty))
        var bracketed = RequestParameters()
        bracketed.spread(["user[admin]": "true"])
        let (key, _) = try await assertRefused(TestRequest(param: bracketed), manager { $0.queryArrayStyle = .brackets })
        XCTAssertEqual(key, "user[admin]")
        // In the other styles brackets are only data, percent-encoded.
        let (wire, _) = try await send(TestRequest(param: bracketed))
        XCTAssertEqual(wire?.query, "user%5Badmin%5D=true")
    }

    // MARK: - Headers

    func testAHeaderValueWithCROrLFOrNULIsRefusedNamingTheHeader() async throws {
        for value in ["a\r\nX-Injected: 1", "a\rb", "a\nb", "a\0b", "\u{7F}"] {
            let (key, reason) = try await assertRefused(TestRequest(header: .custom(["X-Nonce-Token": value])))
            XCTAssertEqual(key, "X-Nonce-Token", value.debugDescription)
            XCTAssertTrue(reason.contains("X-Nonce-Token"), reason)
        }
        // The auth token and the configured headers are checked the same way.
        let (key, _) = try await assertRefused(TestRequest(), manager { $0.authToken = { "abc\r\nX-Admin: 1" } })
        XCTAssertEqual(key, "Authorization")
        let (named, _) = try await assertRefused(
            TestRequest(), manager { $0.authToken = { "k\0" }; $0.authScheme = .header("X-API-Key") })
        XCTAssertEqual(named, "X-API-Key")
        let (configured, _) = try await assertRefused(TestRequest(), manager { $0.defaultHeaders["X-App"] = "1\n2" })
        XCTAssertEqual(configured, "X-App")
        let (badName, _) = try await assertRefused(TestRequest(header: .custom(["X-A: b\r\nX-C": "v"])))
        XCTAssertEqual(badName, "X-A: b\r\nX-C")
    }

    func testHeaderValuesHTTPCanCarryArriveAsSent() async throws {
        let values = ["Nonce abc", "a\tb", "한글 é", "", "  padded  ", "   "]
        for value in values {
            let (wire, result) = try await send(TestRequest(header: .custom(["X-Value": value])))
            XCTAssertNoThrow(try result.get(), value.debugDescription)
            // HTTP strips the spaces at the ends of a value (RFC 9110 5.5); a value of spaces goes out empty.
            XCTAssertEqual(wire?.headers("X-Value"), [value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))], value.debugDescription)
        }
    }

    // MARK: - Numbers that trapped

    func testTimeoutsAreClampedInsteadOfTrapping() async throws {
        var configuration = NetworkConfiguration()
        for (given, expected) in [
            (TimeInterval.infinity, NetworkConfiguration.maximumTimeout), (1e12, NetworkConfiguration.maximumTimeout),
            (-5, 0), (.nan, 0), (12.5, 12.5),
        ] {
            configuration.timeout = given
            XCTAssertEqual(configuration.timeout, expected, "\(given)")
        }
        XCTAssertEqual(NetworkConfiguration.maximumTimeout, 604_800)
        // The manager sends with it (before the fix: a trap converting the timeout to nanoseconds).
        let (wire, result) = try await send(TestRequest(), manager { $0.timeout = .infinity })
        XCTAssertNoThrow(try result.get())
        XCTAssertNotNil(wire)
    }

    func testRetryDelaysAreCappedAtADay() throws {
        var policy = RetryPolicy(maximumDelay: .seconds(Int64.max))
        let response = try XCTUnwrap(HTTPURLResponse(
            url: URL(string: "http://h/")!, statusCode: 503, httpVersion: nil, headerFields: ["Retry-After": "1e30"]))
        XCTAssertEqual(policy.delay(afterAttempt: 1, method: .get, response: response), RetryPolicy.delayLimit)
        policy.backoff = .exponential(initialDelay: .seconds(Int64.max), multiplier: 1e300, jitter: false)
        XCTAssertEqual(policy.delay(afterAttempt: 2, method: .get, error: .timedOut), RetryPolicy.delayLimit)
        policy.backoff = .exponential(initialDelay: .seconds(1), multiplier: .nan, jitter: true)
        XCTAssertEqual(policy.delay(afterAttempt: 2, method: .get, error: .timedOut), .zero)
        policy.maximumDelay = .seconds(-10)
        XCTAssertEqual(policy.delay(afterAttempt: 1, method: .get, response: response), .zero)
    }

    func testATimeToLiveTooLongForTheClockNeverExpires() async throws {
        let cache = MemoryResponseCache()
        let key = try XCTUnwrap(CacheKey(endpoint: "e", requestType: TestRequest()))
        await cache.store(1, for: key, timeToLive: .seconds(Int64.max))
        let kept = await cache.value(for: key, as: Int.self)
        XCTAssertEqual(kept, 1)
        await cache.store(2, for: key, timeToLive: .seconds(-Int64.max))
        let expired = await cache.value(for: key, as: Int.self)
        XCTAssertNil(expired)
    }
}
