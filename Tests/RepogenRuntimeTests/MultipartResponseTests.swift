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

/// `MultipartPartHeader`: a field declared with `partHeader` reads a part's header field in a multipart response and
/// its JSON key elsewhere.
final class MultipartPartHeaderTests: XCTestCase {
    enum Kind: String, Codable, Equatable { case structured, unstructured }

    /// What repogen generates for `fields: { log: String, kind: { type: Kind?, partHeader: { part: log, header: x-log-type } }, … }`.
    struct Log: Codable, Equatable {
        var log: String
        var kind: Kind?
        var size: Int
        var tag: String?

        init(log: String, kind: Kind?, size: Int, tag: String?) {
            (self.log, self.kind, self.size, self.tag) = (log, kind, size, tag)
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: RepogenCodingKey.self)
            try self.init(
                log: container.decode(String.self, forKey: "log"),
                kind: MultipartPartHeader.decodeIfPresent(
                    Kind.self, header: "x-log-type", ofPart: "log", forKey: "kind", in: container, decoder: decoder),
                size: MultipartPartHeader.decode(Int.self, header: "X-Size", ofPart: "log", forKey: "size", in: container, decoder: decoder),
                tag: MultipartPartHeader.decodeIfPresent(
                    String.self, header: "x-tag", ofPart: "other", forKey: "tag", in: container, decoder: decoder))
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: RepogenCodingKey.self)
            try container.encode(log, forKey: "log")
            try container.encodeIfPresent(kind, forKey: "kind")
            try container.encode(size, forKey: "size")
            try container.encodeIfPresent(tag, forKey: "tag")
        }
    }

    func body(logHeaders: String) -> Data {
        Data(("--B\r\nContent-Disposition: form-data; name=\"log\"\r\n\(logHeaders)\r\n\r\nline\r\n--B--\r\n").utf8)
    }

    func testTheHeadersOfAPartDecodeAsTheirFieldsTypes() throws {
        let decoded = try MultipartResponse.decode(
            Log.self, body: body(logHeaders: "X-Log-Type:  structured \r\nx-size: 12"), boundary: "B", decoder: JSONDecoder())
        XCTAssertEqual(decoded, Log(log: "line", kind: .structured, size: 12, tag: nil))
        // Encoded, the fields are JSON keys, which a JSON decode reads back (a cache, a JSON response).
        let json = try JSONEncoder().encode(decoded)
        XCTAssertEqual(try JSONDecoder().decode(Log.self, from: json), decoded)
        XCTAssertEqual(
            try JSONDecoder().decode(Log.self, from: Data(#"{"log": "a", "size": 1, "kind": "unstructured"}"#.utf8)),
            Log(log: "a", kind: .unstructured, size: 1, tag: nil))
    }

    func testAMissingRequiredHeaderOrAValueOfTheWrongTypeIsADecodingError() {
        for (headers, check) in [
            ("x-log-type: structured", "keyNotFound"),
            ("x-size: many", "typeMismatch"),
            ("x-size: 1\r\nx-log-type: other", "dataCorrupted"),
        ] {
            XCTAssertThrowsError(try MultipartResponse.decode(Log.self, body: body(logHeaders: headers), boundary: "B", decoder: JSONDecoder())) {
                XCTAssertTrue("\($0)".contains(check), "\(headers): \($0)")
            }
        }
    }

    func testAMalformedHeaderLineIsADecodingError() {
        for headers in ["x-size 12", "x size: 12", ": 12", "x-size\u{0}: 1"] {
            XCTAssertThrowsError(try MultipartResponse.decode(Log.self, body: body(logHeaders: headers), boundary: "B", decoder: JSONDecoder())) {
                guard case DecodingError.dataCorrupted = $0 else { return XCTFail("\(headers): \($0)") }
            }
        }
    }

    func testAHeaderGivenTwiceIsJoined() throws {
        let parts = try MultipartResponse.headedParts(
            of: Data("--B\r\nContent-Disposition: form-data; name=\"a\"\r\nx-n: 1\r\nX-N: 2\r\n\r\nv\r\n--B--\r\n".utf8), boundary: "B")
        XCTAssertEqual(parts.first?.headers["x-n"], "1, 2")
    }
}
