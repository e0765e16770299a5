import Foundation
import XCTest

@testable import RepogenRuntime

/// `UploadForm.add(_:ifPresent:)`, which generated code calls for a form field that reads an optional value: no part
/// at all when it is nil (not an empty one, nor "nil"), the field when it has one. The generated code's use of it
/// against the loopback server is in GeneratedSampleTests/ConformanceServerTests.
final class UploadFormTests: XCTestCase {
    func testAFieldWithoutAValueIsNoPart() throws {
        var form = UploadForm()
        form.add("caption", ifPresent: nil)
        form.add("price", ifPresent: "1200")
        form.add("note", ifPresent: "")
        form.add("photo", file: UploadFile(data: Data("x".utf8), fileName: "a.png", contentType: "image/png"))
        XCTAssertEqual(form.parts, [
            .field(name: "price", value: "1200"), .field(name: "note", value: ""),
            .file(name: "photo", file: UploadFile(data: Data("x".utf8), fileName: "a.png", contentType: "image/png")),
        ])
        let body = String(decoding: try form.body(boundary: "B"), as: UTF8.self)
        XCTAssertFalse(body.contains("caption"))
        XCTAssertEqual(body.components(separatedBy: "--B\r\n").count - 1, 3)
        XCTAssertTrue(body.contains("Content-Disposition: form-data; name=\"price\"\r\n\r\n1200\r\n"))
    }

    func testAFormOfNothingButAbsentFieldsIsEmpty() throws {
        var form = UploadForm()
        let missing: Int? = nil
        form.add("a", ifPresent: missing?.description)
        XCTAssertEqual(form, UploadForm())
        XCTAssertEqual(String(decoding: try form.body(boundary: "B"), as: UTF8.self), "--B--\r\n")
    }

    /// A JSON part is its value as the given encoder writes it (the manager's: ISO 8601 dates, sorted keys), with
    /// `Content-Type: application/json`; an array of text is one part per element.
    func testJSONPartsAndRepeatedFields() throws {
        struct Meta: Encodable, Sendable { var b = 2, a = Date(timeIntervalSince1970: 0) }
        var form = UploadForm()
        form.add("tag", values: ["x", "y"])
        form.add("meta", json: Meta())
        let body = String(decoding: try form.body(boundary: "B", encoder: NetworkConfiguration(baseURL: URL(string: "http://h")!).makeEncoder()), as: UTF8.self)
        XCTAssertEqual(body, "--B\r\nContent-Disposition: form-data; name=\"tag\"\r\n\r\nx\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"tag\"\r\n\r\ny\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n"
            + #"{"a":"1970-01-01T00:00:00Z","b":2}"# + "\r\n--B--\r\n")
    }

    /// A JSON part's JSON is content too: a given boundary it holds is refused, naming the part; a value that cannot
    /// be encoded is an `invalidParameter` naming the part, not a crash.
    func testAJSONPartIsCheckedLikeOtherContent() throws {
        var form = UploadForm()
        form.add("meta", json: ["note": "--B"])
        XCTAssertThrowsError(try form.encoded(boundary: "B")) { error in
            guard case NetworkError.invalidParameter(let key, _)? = error as? NetworkError else { return XCTFail("\(error)") }
            XCTAssertEqual(key, "meta")
        }
        var bad = UploadForm()
        bad.add("ratio", json: Double.nan)
        XCTAssertThrowsError(try bad.encoded(boundary: nil)) { error in
            guard case NetworkError.invalidParameter(let key, _)? = error as? NetworkError else { return XCTFail("\(error)") }
            XCTAssertEqual(key, "ratio")
        }
    }

    /// A part header goes in every part of its name, after Content-Disposition, sorted by name; nil sets none.
    func testPartHeaders() throws {
        var form = UploadForm()
        form.add("log", "a")
        form.add("other", "b")
        form.setHeader("x-z", "2", forPart: "log")
        form.setHeader("x-a", "1", forPart: "log")
        form.setHeader("x-none", nil, forPart: "other")
        let body = String(decoding: try form.encoded(boundary: "B").body, as: UTF8.self)
        XCTAssertEqual(body, "--B\r\nContent-Disposition: form-data; name=\"log\"\r\nx-a: 1\r\nx-z: 2\r\n\r\na\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nb\r\n--B--\r\n")
    }

    /// A part header's value cannot add a line or a part, its name must be a token, and the form's own headers
    /// cannot be replaced: each is an `invalidParameter` naming the header.
    func testPartHeadersThatWouldReshapeTheFormAreRefused() {
        for (name, value) in [("x-log", "a\r\nx-admin: true"), ("x log", "a"), ("Content-Type", "text/csv"), ("content-disposition", "x")] {
            var form = UploadForm()
            form.add("log", "a")
            form.setHeader(name, value, forPart: "log")
            XCTAssertThrowsError(try form.encoded(boundary: nil), "\(name): \(value)") { error in
                guard case NetworkError.invalidParameter(let key, _)? = error as? NetworkError else { return XCTFail("\(error)") }
                XCTAssertEqual(key, name)
            }
        }
    }
}
