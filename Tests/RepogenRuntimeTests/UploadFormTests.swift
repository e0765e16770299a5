import Foundation
import XCTest

@testable import RepogenRuntime

/// `UploadForm.add(_:ifPresent:)`, which generated code calls for a form field that reads an optional value: no part
/// at all when it is nil (not an empty one, nor "nil"), the field when it has one. The generated code's use of it
/// against the loopback server is in GeneratedSampleTests/ConformanceServerTests.
final class UploadFormTests: XCTestCase {
    func testAFieldWithoutAValueIsNoPart() {
        var form = UploadForm()
        form.add("caption", ifPresent: nil)
        form.add("price", ifPresent: "1200")
        form.add("note", ifPresent: "")
        form.add("photo", file: UploadFile(data: Data("x".utf8), fileName: "a.png", contentType: "image/png"))
        XCTAssertEqual(form.parts, [
            .field(name: "price", value: "1200"), .field(name: "note", value: ""),
            .file(name: "photo", file: UploadFile(data: Data("x".utf8), fileName: "a.png", contentType: "image/png")),
        ])
        let body = String(decoding: form.body(boundary: "B"), as: UTF8.self)
        XCTAssertFalse(body.contains("caption"))
        XCTAssertEqual(body.components(separatedBy: "--B\r\n").count - 1, 3)
        XCTAssertTrue(body.contains("Content-Disposition: form-data; name=\"price\"\r\n\r\n1200\r\n"))
    }

    func testAFormOfNothingButAbsentFieldsIsEmpty() {
        var form = UploadForm()
        let missing: Int? = nil
        form.add("a", ifPresent: missing?.description)
        XCTAssertEqual(form, UploadForm())
        XCTAssertEqual(String(decoding: form.body(boundary: "B"), as: UTF8.self), "--B--\r\n")
    }
}
