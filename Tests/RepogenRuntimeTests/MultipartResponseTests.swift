import Foundation
import XCTest

@testable import RepogenRuntime

/// `MultipartResponse`: a multipart body read as the JSON object a model decodes from.
final class MultipartResponseTests: XCTestCase {
    struct Shape: Decodable, Equatable {
        var count: Int
        var ok: Bool?
        var tags: [String]
        var file: Data?
    }

    func testTextNumbersArraysAndFilesFitTheModel() throws {
        let body = "--B\r\nContent-Disposition: form-data; name=\"count\"\r\n\r\n42\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"ok\"\r\n\r\ntrue\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nonly\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n\u{0}\u{1}\r\n"
            + "--B--\r\n"
        let decoded = try MultipartResponse.decode(Shape.self, body: Data(body.utf8), boundary: "B", decoder: JSONDecoder())
        XCTAssertEqual(decoded, Shape(count: 42, ok: true, tags: ["only"], file: Data([0, 1])))
    }

    func testTextThatIsNotANumberIsADecodingError() {
        let body = "--B\r\nContent-Disposition: form-data; name=\"count\"\r\n\r\nmany\r\n--B\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nx\r\n--B--\r\n"
        XCTAssertThrowsError(try MultipartResponse.decode(Shape.self, body: Data(body.utf8), boundary: "B", decoder: JSONDecoder())) {
            XCTAssertTrue($0 is DecodingError, "\($0)")
        }
    }

    func testTheBoundaryIsReadFromTheContentType() {
        XCTAssertEqual(MultipartResponse.boundary(ofContentType: "multipart/form-data; boundary=abc"), "abc")
        XCTAssertEqual(MultipartResponse.boundary(ofContentType: #"Multipart/Form-Data; charset=utf-8; boundary="a:b""#), "a:b")
        XCTAssertNil(MultipartResponse.boundary(ofContentType: "application/json"))
        XCTAssertNil(MultipartResponse.boundary(ofContentType: "multipart/form-data"))
    }
}
