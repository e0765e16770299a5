import Foundation
import RepogenRuntime
import TestServer
import XCTest

@testable import GeneratedSample

/// Issue 27's classes through the generated code of Specs/community.yaml and store.json, against the raw socket
/// server (the bytes on the wire as sent): values from the app or the server reach the request as data, or the
/// call fails with `invalidParameter` before anything is sent.
final class WireSafetyGeneratedTests: XCTestCase {
    var server: RawServer!
    var community: CommunityRepositoryImpl!
    var store: StoreRepositoryImpl!

    override func setUp() async throws {
        server = try RawServer()
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        community = CommunityRepositoryImpl(manager: manager)
        store = StoreRepositoryImpl(manager: manager)
    }

    override func tearDown() {
        server?.stop()
    }

    func arrived() throws -> [WireRequest] {
        try server.requests.map(WireRequest.init)
    }

    func testADotSegmentInAPathInputStaysInItsSegment() async throws {
        _ = await community.deletePoll(pollId: "..")
        XCTAssertEqual(try arrived().map { "\($0.method) \($0.target)" }, ["DELETE /api/v1/poll/%2E%2E"])
    }

    func testAnUnknownEnumValueFromTheServerCannotClimbThePath() async throws {
        // The server sent ".." as a poll status; the app sends it back as the path input.
        let status = try JSONDecoder().decode([PollStatus].self, from: Data(#"[".."]"#.utf8))[0]
        XCTAssertEqual(status, .unknown(".."))
        _ = await community.fetchPollsByStatus(status: status, excluding: [])
        XCTAssertEqual(try arrived().map(\.target), ["/api/v1/polls/status/%2E%2E"])
    }

    func testAnUnknownEnumValueWithACommaIsRefusedInACommaJoinedArray() async throws {
        let result = await community.fetchPollsByStatus(status: .open, excluding: [.unknown("CLOSED,OPEN")])
        guard case .failure(NetworkError.invalidParameter(let key, _)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(key, "excluding")
        XCTAssertEqual(server.requests.count, 0)
    }

    func testAHeaderInputWithALineBreakIsRefusedNamingTheHeader() async throws {
        let result = await store.verifyStoreOwner(storeId: 1, token: "t\r\nX-Admin: true")
        guard case .failure(NetworkError.invalidParameter(let key, let reason)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(key, "X-Nonce-Token")
        XCTAssertTrue(reason.contains("CR"), reason)
        XCTAssertEqual(server.requests.count, 0)
    }

    func testABoundaryInputWithALineBreakIsRefused() async throws {
        let image = UploadFile(data: Data("png".utf8), fileName: "a.png", contentType: "image/png")
        let result = await store.uploadStoreImages(storeId: 1, boundary: "b\r\nContent-Type: text/plain", images: [image])
        guard case .failure(NetworkError.invalidParameter(_, let reason)) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(reason.contains("boundary"), reason)
        XCTAssertEqual(server.requests.count, 0)
        // A valid one is used as given, quoted where it is not a token.
        _ = await store.uploadStoreImages(storeId: 1, boundary: "b:1", images: [image])
        let wire = try XCTUnwrap(try arrived().first)
        XCTAssertEqual(wire.headers("Content-Type"), [#"multipart/form-data; boundary="b:1""#])
        XCTAssertEqual(try wire.parts().last?.content, Array("png".utf8))
    }
}
