import Foundation
import XCTest

@testable import RepogenCore

/// `repogen import` of parameters sent whole: `content: application/json` (query and header) and `deepObject`
/// query parameters become the spec's `json` and `deepObject` styles and `{ json: }` headers, without a warning;
/// what the runtime cannot write still is one.
final class ImportObjectParameterTests: XCTestCase {
    func importText(_ text: String) throws -> ImportResult {
        try OpenAPIImporter.run(SpecFile(path: "api.yaml", text: text), options: ImportOptions())
    }

    static let document = """
        openapi: 3.0.3
        info: { title: T, version: "1" }
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - { name: sort, in: query, style: deepObject, explode: true, schema: { type: object, required: [id], properties: { id: { type: string }, tags: { type: array, items: { type: string } } } } }
                - { name: extra, in: query, style: deepObject, schema: { type: object, additionalProperties: { type: string } } }
                - { name: nested, in: query, style: deepObject, schema: { type: object, properties: { inner: { $ref: '#/components/schemas/Filter' } } } }
                - { name: flat, in: query, style: deepObject, explode: false, schema: { $ref: '#/components/schemas/Filter' } }
                - { name: filters, in: query, required: true, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Filter' } } } } }
                - { name: X-Args, in: header, content: { application/json: { schema: { $ref: '#/components/schemas/Filter' } } } }
              responses: { '204': { description: none } }
            post:
              operationId: createPet
              parameters:
                - { name: filter, in: query, content: { application/json: { schema: { $ref: '#/components/schemas/Filter' } } } }
              requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Filter' } } } }
              responses: { '204': { description: none } }
        components:
          schemas:
            Filter: { type: object, required: [name], properties: { name: { type: string } } }
        """

    func testContentAndDeepObjectParametersImportWithoutALossyWarning() throws {
        let result = try importText(Self.document)
        let text = try XCTUnwrap(result.files.first?.contents)
        for snippet in [
            "      - { name: sort, type: ListPetsSort? }\n",
            "      - { name: extra, type: \"[String: String]?\" }\n",
            "      - { name: filters, type: \"[Filter]\" }\n",
            "      - { name: xArgs, type: Filter? }\n",
            "    queryArrays: { sort: deepObject, extra: deepObject, filters: json }\n",
            "    header: { custom: { X-Args: { json: \"{xArgs}\" } } }\n",
            // Beside a JSON body, in `query`.
            "    query: { filter: \"{filter2}\" }\n    queryArrays: { filter: json }\n",
        ] {
            XCTAssertTrue(text.contains(snippet), "missing:\n\(snippet)\nin:\n\(text)")
        }
        let warnings = result.warnings.map(\.message)
        XCTAssertFalse(warnings.contains { $0.contains("'sort'") || $0.contains("'filters'") || $0.contains("content") }, "\(warnings)")
        XCTAssertTrue(
            warnings.contains { $0.contains("'nested'") && $0.contains("not an object of scalars") }, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.contains("'flat'") && $0.contains("explode: false") }, "\(warnings)")
        // The spec it wrote generates.
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        let generation = try Pipeline.generate(
            file: SpecFile(path: "Specs/default.yaml", text: text), library: library, options: GenerateOptions())
        let api = generation.files.first { $0.relativePath.hasSuffix("Api.swift") }?.contents ?? ""
        XCTAssertTrue(api.contains(#"params["filters"] = JSONParameter(filters)"#) || api.contains(#""filters": JSONParameter(filters)"#), api)
    }
}
