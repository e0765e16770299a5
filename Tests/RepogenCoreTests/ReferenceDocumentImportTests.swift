import Foundation
import RepogenTestSupport
import XCTest

@testable import RepogenCore

/// Issue 34: swift-openapi-generator's reference document (Tests/ReferencePetstore/openapi.yaml) imports without
/// loss: every operation is an endpoint, no schema is degraded to `JSONValue` unless the document leaves it free-form,
/// and the only warning is a Swift name (the wire keeps the schema's). Each construct's wire format is proved by
/// Tests/ReferencePetstoreTests against the loopback server.
final class ReferenceDocumentImportTests: XCTestCase {
    static let document = PackagePaths.url("Tests/ReferencePetstore/openapi.yaml")

    func importReference() throws -> ImportResult {
        let bytes = try Array(Data(contentsOf: Self.document))
        do {
            return try OpenAPIImporter.run(SpecFile(path: "openapi.yaml", bytes: bytes), options: ImportOptions())
        } catch {
            XCTFail(error.report)
            throw error
        }
    }

    func testTheOnlyWarningIsASwiftNameNothingIsLeftOutOrChanged() throws {
        let result = try importReference()
        XCTAssertEqual(result.warnings.map(\.description), [
            "openapi.yaml:398:5: warning: schema 'Error' is the model 'ErrorModel': 'Error' is a name the generated code of some style uses or declares",
        ])
    }

    func testEveryOperationIsAnEndpointAndEveryParameterAnInput() throws {
        let result = try importReference()
        let specs = result.files.map(\.contents).joined(separator: "\n")
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let operations = text.components(separatedBy: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("operationId: ") else { return nil }
            return String(trimmed.dropFirst("operationId: ".count))
        }
        XCTAssertEqual(operations.count, 10)
        for operation in operations {
            XCTAssertTrue(specs.contains("  - name: \(operation)\n"), "operation \(operation) is not an endpoint")
        }
        // Each parameter the document declares, by its wire name, is sent: a param or header key that reads an input
        // (`limit: "{limit}"`, `X-Extra-Arguments: { json: "{xExtraArguments}" }`) or a path placeholder.
        for name in ["limit", "habitat", "feeds", "My-Request-UUID", "since", "sort", "filter", "jsonFilters", "X-Extra-Arguments", "petId"] {
            let sent = ["\(name): \"{", "\(name): { json: \"{", "/{\(name)}"].contains { specs.contains($0) }
            XCTAssertTrue(sent, "parameter \(name) is not sent by any endpoint")
        }
    }

    func testNoSchemaIsDegradedToJSONValueUnlessTheDocumentLeavesItFreeForm() throws {
        let result = try importReference()
        let lines = result.files.flatMap { $0.contents.components(separatedBy: "\n") }.filter { $0.contains("JSONValue") }
        // `AnyAdditionalProperties` allows any value beside its properties; `Error.userData` is a free-form object.
        XCTAssertEqual(lines.map { $0.trimmingCharacters(in: .whitespaces) }, [
            "additionalProperties: JSONValue",
            #"userData: { type: "[String: JSONValue]?", description: Custom user-provided key-value pairs. }"#,
        ])
    }

    /// A body or response of a media type that is neither JSON, a form, multipart nor a file's (plain text, XML) is
    /// its bytes (`Data`) with its media type as `Content-Type` or `Accept`: the app gets and gives the bytes, and
    /// nothing is left out.
    func testABodyOrResponseOfAnotherMediaTypeIsItsBytesWithItsMediaType() throws {
        let document = """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            paths:
              /notes:
                post:
                  operationId: postNote
                  requestBody:
                    required: true
                    content:
                      text/plain: { schema: { type: string } }
                  responses:
                    "200": { description: ok, content: { application/xml: { schema: { type: string } } } }
            """
        let result = try OpenAPIImporter.run(SpecFile(path: "notes.yaml", text: document), options: ImportOptions())
        XCTAssertEqual(result.warnings.map(\.description), [])
        let spec = try XCTUnwrap(result.files.first?.contents)
        XCTAssertTrue(spec.contains("""
                inputs:
                  - { name: content, type: Data }
                param: "{content}"
                header: { custom: { Content-Type: text/plain, Accept: application/xml } }
                response: Data
            """), spec)
    }
}
