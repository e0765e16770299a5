import Foundation
import ReferencePetstore
import RepogenRuntime
import TestServer
import XCTest

/// The reference document's typed multipart request (`POST /pets/multipart-typed`): a text part `log` with its
/// declared part header `x-log-type`, an array of text `keyword` (the part repeated, once per element) and a model
/// `metadata` (its JSON, with `Content-Type: application/json`), against the raw socket server, byte for byte as sent.
final class ReferencePetstoreMultipartTests: XCTestCase {
    var server: RawServer!
    var other: DefaultRepositoryImpl!

    override func setUp() async throws {
        server = try RawServer()
        other = DefaultRepositoryImpl(manager: NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL)))
    }

    override func tearDown() {
        server?.stop()
    }

    func arrived() throws -> WireRequest {
        XCTAssertEqual(server.requests.count, 1)
        return try WireRequest(XCTUnwrap(server.requests.first))
    }

    func testTextArrayAndJSONPartsAreSentByteForByte() async throws {
        let createdAt = Date(timeIntervalSince1970: 1_704_164_645)  // 2024-01-02T03:04:05Z
        let result = await other.multipartUploadTyped(
            log: "started", keyword: ["cat", "dog"], metadata: MultipartUploadTypedMetadata(createdAt: createdAt),
            xLogType: .structured)
        if case .failure(let error) = result { XCTFail("\(error)") }
        let wire = try arrived()
        XCTAssertEqual(wire.method, "POST")
        XCTAssertEqual(wire.target, "/pets/multipart-typed")
        let boundary = try wire.boundary()
        XCTAssertEqual(wire.headers("Content-Type"), ["multipart/form-data; boundary=\(boundary)"])
        let expected = [
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"log\"\r\nx-log-type: structured\r\n\r\nstarted\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"keyword\"\r\n\r\ncat\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"keyword\"\r\n\r\ndog\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n"
                + #"{"createdAt":"2024-01-02T03:04:05Z"}"# + "\r\n",
            "--\(boundary)--\r\n",
        ].joined()
        XCTAssertEqual(String(decoding: wire.body, as: UTF8.self), expected)
        XCTAssertEqual(wire.headers("Content-Length"), ["\(wire.body.count)"])
    }

    func testAbsentOptionalPartsAreNotSentAndAnEmptyArrayIsNoPart() async throws {
        _ = await other.multipartUploadTyped(log: "only", keyword: [], metadata: nil, xLogType: nil)
        let parts = try arrived().parts()
        XCTAssertEqual(parts.map(\.name), ["log"])
        XCTAssertEqual(parts.first?.content, Array("only".utf8))
        // No part header without a value: only the part's name.
        XCTAssertEqual(parts.first?.headers.keys.sorted(), ["content-disposition"])
    }

    func testValuesThatLookLikePartsStayInTheirPart() async throws {
        // Text and JSON that hold what a part header or delimiter would be are content: the form keeps its shape.
        let sneaky = "x\r\n--repogen-\r\nContent-Disposition: form-data; name=\"admin\"\r\n\r\ntrue"
        _ = await other.multipartUploadTyped(log: sneaky, keyword: [sneaky], metadata: nil, xLogType: nil)
        let parts = try arrived().parts()
        XCTAssertEqual(parts.map(\.name), ["log", "keyword"])
        XCTAssertEqual(parts.map(\.content), [Array(sneaky.utf8), Array(sneaky.utf8)])
    }
}
