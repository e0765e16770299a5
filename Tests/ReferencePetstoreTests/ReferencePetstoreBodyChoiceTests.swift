import Foundation
import ReferencePetstore
import RepogenRuntime
import TestServer
import XCTest

/// The reference document's `POST /pets/stats`, which takes `application/json`, `text/plain` and
/// `application/octet-stream`: its input is a `BodyChoice<PetStats>`, and each case reaches the server with its own
/// `Content-Type` and body. `GET /pets/stats` offers the same three; the app asks for JSON (`Accept`) and decodes it.
final class ReferencePetstoreBodyChoiceTests: ReferencePetstoreTestCase {
    func testPostStatsSendsJSONWithItsContentType() async throws {
        let (result, request) = try await exchange("POST", "/api/pets/stats", status: 202) {
            await other.postStats(body: .json(PetStats(count: 3)))
        }
        if case .failure(let error) = result { XCTFail("\(error)") }
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(request.body, #"{"count":3}"#)
    }

    func testPostStatsSendsPlainText() async throws {
        let (result, request) = try await exchange("POST", "/api/pets/stats", status: 202) {
            await other.postStats(body: .plainText("count: 3\r\nüber"))
        }
        if case .failure(let error) = result { XCTFail("\(error)") }
        XCTAssertEqual(request.headers["content-type"], "text/plain; charset=utf-8")
        XCTAssertEqual(request.bytes.map(Array.init), Array("count: 3\r\nüber".utf8))
    }

    func testPostStatsSendsBytesAsTheyAre() async throws {
        let bytes: [UInt8] = [0, 0xFF, 0x0D, 0x0A, 0x7B]
        let (result, request) = try await exchange("POST", "/api/pets/stats", status: 202) {
            await other.postStats(body: .binary(Data(bytes)))
        }
        if case .failure(let error) = result { XCTFail("\(error)") }
        XCTAssertEqual(request.headers["content-type"], "application/octet-stream")
        XCTAssertEqual(request.bytes.map(Array.init), bytes)
    }

    func testGetStatsAsksForJSONAndDecodesIt() async throws {
        let (result, request) = try await exchange("GET", "/api/pets/stats", body: #"{"count": 7}"#) {
            await other.getStats()
        }
        XCTAssertEqual(try result.get().count, 7)
        XCTAssertEqual(request.headers["accept"], "application/json")
    }
}
