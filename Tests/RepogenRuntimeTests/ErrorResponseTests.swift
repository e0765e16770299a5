import Foundation
import RepogenRuntime
import TestServer
import XCTest

/// A request's declared error bodies (`errorBodies`, the spec's `errors`) against the loopback server: the closest
/// declaration decodes a failure's body into `NetworkError.errorResponse`, one that does not decode is
/// `.undecodableErrorResponse` with its bytes, and what no declaration covers stays as before.
extension ServerTests {
    struct CodeError: Codable, Sendable, Equatable {
        var code: Int
    }

    struct MessageError: Codable, Sendable, Equatable {
        var message: String
    }

    /// A GET of `path` that declares `400` as `CodeError`, `5XX` as `MessageError` and `default` as `Item`.
    struct DeclaringRequest: RequestType {
        var path: String
        var declarations: [ErrorBodyType] = [
            .init(.code(400), CodeError.self), .init(.range(5), MessageError.self), .init(.default, Item.self),
        ]
        var param: Encodable? { nil }
        var method: RequestMethod { .get }
        var header: HTTPHeaderType { .json }
        var errorBodies: [ErrorBodyType] { declarations }
    }

    func testADeclaredStatusDecodesItsBodyWithTheClosestDeclaration() async throws {
        try await server.route([
            .init("GET", "/exact", status: 400, body: #"{"code": 7}"#, headers: ["X-Reason": "bad", "Content-Type": "application/json"]),
            .init("GET", "/range", status: 503, body: #"{"message": "later"}"#),
            .init("GET", "/other", status: 418, body: #"{"id": 1, "name": "teapot"}"#),
        ])
        let exact: Result<Item, Error> = await manager().request(requestType: DeclaringRequest(path: "/exact"))
        guard case .errorResponse(let response)? = exact.networkError else { return XCTFail("\(exact)") }
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.body(as: CodeError.self), CodeError(code: 7))
        XCTAssertNil(response.body(as: MessageError.self))
        XCTAssertEqual(response.header("x-reason"), "bad")
        XCTAssertEqual(response.data, Data(#"{"code": 7}"#.utf8))

        let range: Result<Item, Error> = await manager().request(requestType: DeclaringRequest(path: "/range"))
        guard case .errorResponse(let ranged)? = range.networkError else { return XCTFail("\(range)") }
        XCTAssertEqual(ranged.body(as: MessageError.self), MessageError(message: "later"), "5XX before default")

        let other: Result<Void, Error> = await manager().request(requestType: DeclaringRequest(path: "/other"))
        guard case .errorResponse(let fallback)? = other.networkError else { return XCTFail("\(other)") }
        XCTAssertEqual(fallback.status, 418)
        XCTAssertEqual(fallback.body(as: Item.self), Item(id: 1, name: "teapot"))
    }

    func testABodyThatDoesNotDecodeAsDeclaredKeepsItsBytesAndWhy() async throws {
        try await server.route([.init("GET", "/exact", status: 400, body: #"{"code": "seven"}"#)])
        let result: Result<Item, Error> = await manager().request(requestType: DeclaringRequest(path: "/exact"))
        guard case .undecodableErrorResponse(400, let failure, let body)? = result.networkError else {
            return XCTFail("\(result)")
        }
        XCTAssertEqual(failure.codingPath, "code")
        XCTAssertEqual(body, Data(#"{"code": "seven"}"#.utf8))
    }

    func testUndeclaredStatusesAndA401StayAsBefore() async throws {
        try await server.route([
            .init("GET", "/missing", status: 404, body: "no"),
            .init("GET", "/session", status: 401, body: #"{"id": 1, "name": "a"}"#),
        ])
        var only400 = DeclaringRequest(path: "/missing")
        only400.declarations = [.init(.code(400), CodeError.self)]
        let missing: Result<Item, Error> = await manager().request(requestType: only400)
        guard case .server(404, nil, nil, let body)? = missing.networkError else { return XCTFail("\(missing)") }
        XCTAssertEqual(body, Data("no".utf8))
        // `default` covers 401 too, but an expired session is what `.unauthorized` is for.
        let session: Result<Item, Error> = await manager().request(requestType: DeclaringRequest(path: "/session"))
        guard case .unauthorized? = session.networkError else { return XCTFail("\(session)") }
        var declared401 = DeclaringRequest(path: "/session")
        declared401.declarations = [.init(.code(401), Item.self)]
        let typed: Result<Item, Error> = await manager().request(requestType: declared401)
        guard case .errorResponse(let response)? = typed.networkError else { return XCTFail("\(typed)") }
        XCTAssertEqual(response.body(as: Item.self), Item(id: 1, name: "a"))
    }

    /// An envelope API's error envelope: the declared type decodes the whole body, not its `data`.
    func testWithEnvelopesTheDeclaredTypeDecodesTheWholeBody() async throws {
        struct Envelope: Codable, Sendable, Equatable {
            var resultCode: String
            var message: String
        }
        try await server.route([
            .init("GET", "/exact", status: 400, body: #"{"resultCode": "E400", "message": "bad", "data": null}"#),
        ])
        var request = DeclaringRequest(path: "/exact")
        request.declarations = [.init(.code(400), Envelope.self)]
        let result: Result<Item, Error> = await envelopeManager().request(requestType: request)
        guard case .errorResponse(let response)? = result.networkError else { return XCTFail("\(result)") }
        XCTAssertEqual(response.body(as: Envelope.self), Envelope(resultCode: "E400", message: "bad"))
    }

    func testErrorResponsesCompareByStatusHeadersBytesAndBody() {
        let response = ErrorResponse(status: 400, body: CodeError(code: 1))
        XCTAssertEqual(response, ErrorResponse(status: 400, body: CodeError(code: 1)))
        XCTAssertNotEqual(response, ErrorResponse(status: 400, body: CodeError(code: 2)))
        XCTAssertNotEqual(response, ErrorResponse(status: 400, body: MessageError(message: "1")))
        XCTAssertNotEqual(response, ErrorResponse(status: 409, body: CodeError(code: 1)))
        XCTAssertEqual(
            NetworkError.errorResponse(response).errorDescription, "The server answered with HTTP status 400: CodeError(code: 1)")
    }
}
