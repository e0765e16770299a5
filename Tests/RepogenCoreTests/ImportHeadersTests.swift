import Foundation
import RepogenTestSupport
import XCTest

@testable import RepogenCore

/// `repogen import` and headers (issue 30, item 5): what the server expects in headers is what the app sends.
/// Tests/OpenAPIDocuments/headers.yaml has an optional and a required header, a versioned response media type, a
/// merge-patch body and a declared response header; ImportedPetstoreServerTests sends them on the wire.
final class ImportHeadersTests: XCTestCase {
    func importHeaders() throws -> ImportResult {
        let url = PackagePaths.openAPIDocuments.appendingPathComponent("headers.yaml")
        let bytes = try Array(Data(contentsOf: url))
        return try OpenAPIImporter.run(SpecFile(path: "Tests/OpenAPIDocuments/headers.yaml", bytes: bytes), options: ImportOptions())
    }

    func testHeadersAreWhatTheOperationDeclares() throws {
        let result = try importHeaders()
        XCTAssertEqual(result.warnings.map(\.message), [], "nothing is left out or changed")
        let spec = try XCTUnwrap(result.files.first { $0.relativePath == "documents.yaml" }?.contents)
        let expected = """
            endpoints:
              - name: getDocument
                method: GET
                path: /documents/{id}
                inputs:
                  - { name: id, type: Int }
                  - { name: ifNoneMatch, type: String? }
                  - { name: range, type: String? }
                  - { name: xTenant, type: String }
                  - { name: xMode, type: GetDocumentXMode? }
                header:
                  custom:
                    If-None-Match: "{ifNoneMatch}"
                    Range: "{range}"
                    X-Tenant: "{xTenant}"
                    X-Mode: "{xMode.rawValue}"
                    Accept: application/vnd.docs.document+json;version=2
                response: Document
                responseMetadata: true

              - name: patchDocument
                method: PATCH
                path: /documents/{id}
                inputs:
                  - { name: id, type: Int }
                  - { name: documentPatch, type: DocumentPatch }
                  - { name: ifMatch, type: String? }
                param: "{documentPatch}"
                header: { custom: { Content-Type: application/merge-patch+json, If-Match: "{ifMatch}" } }
                response: Document

            """
        XCTAssertTrue(spec.hasSuffix(expected), spec)
    }

    func testTheGeneratedRequestLeavesOutANilHeaderAndReturnsTheResponseHeaders() throws {
        let spec = try XCTUnwrap(try importHeaders().files.first { $0.relativePath == "documents.yaml" }?.contents)
        let files = try generate(spec, path: "Specs/documents.yaml")
        assertContains(
            files["Api.swift"],
            """
                    case .getDocument(_, let ifNoneMatch, let range, let xTenant, let xMode):
                        var headers: [String: String] = [
                            "X-Tenant": xTenant,
                            "Accept": "application/vnd.docs.document+json;version=2"
                        ]
                        headers["If-None-Match"] = ifNoneMatch
                        headers["Range"] = range
                        headers["X-Mode"] = xMode?.rawValue
                        return .custom(headers)
            """)
        assertContains(files["Repository.swift"], "-> Result<APIResponse<Document>, Error>")
    }

    func testPlainJSONAndWildcardsAddNoHeaderAndDeclaredContentTypeIsNoMetadata() throws {
        XCTAssertNil(OpenAPIImporter.ownMediaType("application/json"))
        XCTAssertNil(OpenAPIImporter.ownMediaType("*/*"))
        XCTAssertEqual(OpenAPIImporter.ownMediaType("application/json; charset=utf-8"), "application/json; charset=utf-8")
        XCTAssertEqual(OpenAPIImporter.ownMediaType("application/problem+json"), "application/problem+json")
        XCTAssertEqual(OpenAPIImporter.ownMediaType("application/x{y}+json"), "application/x{{y}}+json")
        let result = try OpenAPIImporter.run(
            SpecFile(
                path: "api.yaml",
                text: """
                    openapi: 3.0.3
                    info: { title: T, version: "1" }
                    paths:
                      /items:
                        get:
                          operationId: listItems
                          responses:
                            '200':
                              description: ok
                              headers: { Content-Type: { schema: { type: string } } }
                              content: { '*/*': { schema: { type: array, items: { type: string } } } }
                    """), options: ImportOptions())
        let spec = try XCTUnwrap(result.files.first?.contents)
        XCTAssertFalse(spec.contains("header"), spec)
        XCTAssertFalse(spec.contains("responseMetadata"), spec)
    }
}
