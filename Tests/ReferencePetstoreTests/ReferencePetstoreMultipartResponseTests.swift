import Foundation
import ReferencePetstore
import RepogenRuntime
import TestServer
import XCTest

/// The reference document's typed multipart response (`GET /pets/multipart-typed`): the app asks for
/// `multipart/form-data` and decodes the parts into `MultipartDownloadTypedResponse`: the text part `log` as a String,
/// the JSON part `metadata` as its model, the repeated part `keyword` as an array (of one, too), and the header
/// `x-log-type` the document declares for part `log` (`encoding.log.headers`) as the field `logXLogType`
/// (`partHeader: { part: log, header: x-log-type }`), typed by its enum schema.
final class ReferencePetstoreMultipartResponseTests: ReferencePetstoreTestCase {
    static func body(_ parts: [(headers: String, content: String)], boundary: String = "b-1") -> String {
        parts.map { "--\(boundary)\r\n\($0.headers)\r\n\r\n\($0.content)\r\n" }.joined() + "--\(boundary)--\r\n"
    }

    func testTheTypedPartsDecode() async throws {
        let body = Self.body([
            (#"Content-Disposition: form-data; name="log"\#r\#nx-log-type: structured"#, "line 1\r\nline 2"),
            (#"Content-Disposition: form-data; name="metadata"\#r\#nContent-Type: application/json"#, #"{"createdAt": "2024-01-02T03:04:05Z"}"#),
            (#"Content-Disposition: form-data; name="keyword""#, "cat"),
            (#"Content-Disposition: form-data; name="keyword""#, "dog"),
        ])
        let (result, request) = try await exchange(
            "GET", "/api/pets/multipart-typed", body: body, headers: ["Content-Type": "multipart/form-data; boundary=b-1"]
        ) {
            await other.multipartDownloadTyped()
        }
        XCTAssertEqual(request.headers["accept"], "multipart/form-data")
        let value = try result.get()
        XCTAssertEqual(value.log, "line 1\r\nline 2")
        XCTAssertEqual(value.metadata?.createdAt, Date(timeIntervalSince1970: 1_704_164_645))
        XCTAssertEqual(value.keyword, ["cat", "dog"])
        XCTAssertEqual(value.logXLogType, .structured)
    }

    func testThePartHeaderIsReadCaseInsensitivelyAndAnUndeclaredValueIsADecodingError() async throws {
        let body = Self.body([(#"Content-Disposition: form-data; name="log"\#r\#nX-Log-Type: unstructured"#, "plain")])
        let (result, _) = try await exchange(
            "GET", "/api/pets/multipart-typed", body: body, headers: ["Content-Type": "multipart/form-data; boundary=b-1"]
        ) {
            await other.multipartDownloadTyped()
        }
        XCTAssertEqual(try result.get(), MultipartDownloadTypedResponse(log: "plain", metadata: nil, keyword: nil, logXLogType: .unstructured))
        for (headers, reason) in [("x-log-type: verbose", "verbose"), ("x-log-type structured", "colon")] {
            let body = Self.body([("Content-Disposition: form-data; name=\"log\"\r\n" + headers, "plain")])
            let (result, _) = try await exchange(
                "GET", "/api/pets/multipart-typed", body: body, headers: ["Content-Type": "multipart/form-data; boundary=b-1"]
            ) {
                await other.multipartDownloadTyped()
            }
            guard case .failure(NetworkError.decoding(let failure)) = result else { XCTFail("\(result)"); continue }
            XCTAssertTrue("\(failure)".contains(reason), "\(failure)")
        }
    }

    func testAPartSentOnceIsAnArrayOfOneAndAbsentPartsAreNil() async throws {
        let body = Self.body(
            [(#"Content-Disposition: form-data; name="keyword""#, "cat"), (#"Content-Disposition: form-data; name="log""#, "")],
            boundary: "x:y")
        let (result, _) = try await exchange(
            "GET", "/api/pets/multipart-typed", body: body, headers: ["Content-Type": #"multipart/form-data; boundary="x:y""#]
        ) {
            await other.multipartDownloadTyped()
        }
        XCTAssertEqual(try result.get(), MultipartDownloadTypedResponse(log: "", metadata: nil, keyword: ["cat"]))
    }

    func testAMalformedBodyOrAMissingPartIsADecodingError() async throws {
        for (body, reason) in [
            ("--b-1\r\nContent-Disposition: form-data; name=\"log\"\r\n\r\nno end", "closing delimiter"),
            (Self.body([(#"Content-Disposition: form-data; name="keyword""#, "cat")]), "log"),
            (Self.body([(#"Content-Type: text/plain"#, "nameless")]), "name"),
        ] {
            let (result, _) = try await exchange(
                "GET", "/api/pets/multipart-typed", body: body, headers: ["Content-Type": "multipart/form-data; boundary=b-1"]
            ) {
                await other.multipartDownloadTyped()
            }
            guard case .failure(NetworkError.decoding(let failure)) = result else { XCTFail("\(result)"); continue }
            XCTAssertTrue("\(failure)".contains(reason), "\(failure)")
        }
    }
}
