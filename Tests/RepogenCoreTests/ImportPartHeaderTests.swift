import Foundation
import XCTest

@testable import RepogenCore

/// `repogen import`: the part headers a multipart response declares (`encoding.<part>.headers`) become `partHeader`
/// fields of its model, typed by their schemas; the ones no field can hold are warnings that say what is left out.
final class ImportPartHeaderTests: XCTestCase {
    static let document = """
        openapi: 3.0.3
        info: { title: Logs, version: 1.0.0 }
        paths:
          /logs:
            get:
              operationId: getLog
              responses:
                '200':
                  description: A log
                  content:
                    multipart/form-data:
                      schema:
                        type: object
                        properties:
                          log: { type: string }
                          file: { type: string, format: binary }
                        required: [log]
                      encoding:
                        log:
                          headers:
                            x-log-type:
                              required: true
                              schema: { type: string, enum: [structured, unstructured] }
                            X-Line-Count:
                              schema: { type: integer }
                            Content-Type:
                              schema: { type: string }
                            Content-Disposition:
                              schema: { type: string }
                            x-meta:
                              schema: { type: object, properties: { a: { type: string } } }
                        missing:
                          headers:
                            x-gone: { schema: { type: string } }
        """

    func testPartHeadersBecomeFieldsOfTheResponseModel() throws {
        let result = try OpenAPIImporter.run(SpecFile(path: "api.yaml", text: Self.document), options: ImportOptions())
        let specs = result.files.map(\.contents).joined(separator: "\n")
        XCTAssertTrue(specs.contains("""
                  logXLogType: { type: GetLogResponseLogXLogType, partHeader: { part: log, header: x-log-type } }
                  logXLineCount: { type: Int?, partHeader: { part: log, header: X-Line-Count } }
                  logXMeta: { type: String?, partHeader: { part: log, header: x-meta } }
            """), specs)
        XCTAssertTrue(specs.contains("GetLogResponseLogXLogType:\n    enum: [structured, unstructured]"), specs)
        XCTAssertFalse(specs.contains("x-gone"), specs)
        XCTAssertEqual(result.warnings.map { $0.message }, [
            "header 'Content-Disposition' of part 'log' of response 200 of GET /logs is the form's own; ignored, as OpenAPI says",
            "header 'x-meta' of part 'log' of response 200 of GET /logs is GetLogResponseLogXMeta, which a header cannot hold; the app receives it as a String",
            "part 'missing' of response 200 of GET /logs is not a property of the response; the app does not receive its header 'x-gone'",
        ])
        // What the import writes generates.
        for file in result.files {
            XCTAssertNoThrow(try Pipeline.generate(
                file: SpecFile(path: "Specs/" + file.relativePath, text: file.contents),
                library: TemplateSet.builtin.library(templatesPath: nil), options: GenerateOptions()))
        }
    }
}
