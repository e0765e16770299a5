import Foundation
import RepogenTestSupport
import XCTest

@testable import RepogenCore

/// Issue 34 (models): schemas swift-openapi-generator's reference document uses import as what they are, without a
/// lossy warning.
final class ImportModelShapeTests: XCTestCase {
    func importText(_ text: String) throws -> ImportResult {
        do {
            return try OpenAPIImporter.run(SpecFile(path: "api.yaml", text: text), options: ImportOptions())
        } catch {
            XCTFail(error.report)
            throw error
        }
    }

    func document(schemas: String) -> String {
        """
        openapi: 3.1.0
        info: { title: t, version: '1' }
        paths:
          /things:
            get:
              operationId: getThing
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Thing' }
        components:
          schemas:
        \(schemas)
        """
    }

    func testAnAllOfOfScalarsOfOneKindIsTheMostSpecificOne() throws {
        let result = try importText(document(schemas: """
                Thing:
                  type: object
                  properties:
                    at: { $ref: '#/components/schemas/Mixed' }
                    count: { allOf: [{ type: integer }, { type: integer, format: int64 }] }
                    kind: { allOf: [{ type: string }, { type: string, enum: [a, b] }] }
                  required: [at, count]
                Mixed:
                  allOf:
                    - type: string
                      format: date-time
                    - type: string
            """))
        let text = result.files.first?.contents ?? ""
        XCTAssertTrue(text.contains("      at: Date\n      count: Int64\n      kind: ThingKind?\n"), text)
        XCTAssertFalse(text.contains("Mixed:"), text)
        XCTAssertEqual(result.warnings.map(\.message), [])
    }

    func testAnAllOfOfScalarsThatDisagreeIsStillAStructWithAWarning() throws {
        let result = try importText(document(schemas: """
                Thing:
                  allOf:
                    - type: string
                    - type: integer
            """))
        XCTAssertEqual(result.warnings.map(\.message), ["'Thing' has no properties; it is a struct without fields"])
    }

    func testAdditionalPropertiesBesidePropertiesAreKeptAsTheirType() throws {
        let result = try importText(document(schemas: """
                Thing:
                  type: object
                  properties:
                    typed: { $ref: '#/components/schemas/Typed' }
                    any: { $ref: '#/components/schemas/AnyKeys' }
                    closed: { $ref: '#/components/schemas/Closed' }
                Typed:
                  type: object
                  properties: { foo: { type: string } }
                  additionalProperties: { type: integer }
                AnyKeys:
                  type: object
                  properties: { additionalProperties: { type: string } }
                  additionalProperties: true
                Closed:
                  type: object
                  properties: { foo: { type: string } }
                  additionalProperties: false
            """))
        let text = result.files.first?.contents ?? ""
        for snippet in [
            "  Typed:\n    fields:\n      foo: String?\n    additionalProperties: Int\n",
            // A property of that name is a field of another name, with its key.
            "  AnyKeys:\n    fields:\n      additionalPropertiesValue: { type: String?, json: additionalProperties }\n"
                + "    additionalProperties: JSONValue\n",
            "  Closed:\n    fields:\n      foo: String?\n\n",
        ] {
            XCTAssertTrue(text.contains(snippet), "missing:\n\(snippet)\nin:\n\(text)")
        }
        XCTAssertEqual(result.warnings.map(\.message), [])
    }

    func testRecursiveSchemasAreRecursiveModelsAndOnlyARequiredCycleIsJSONValue() throws {
        let result = try importText(document(schemas: """
                Thing:
                  type: object
                  properties:
                    parent: { $ref: '#/components/schemas/Thing' }
                    loop: { $ref: '#/components/schemas/Loop' }
                    either: { $ref: '#/components/schemas/Either' }
                Loop:
                  type: object
                  properties: { next: { $ref: '#/components/schemas/Loop' } }
                  required: [next]
                Either:
                  anyOf:
                    - $ref: '#/components/schemas/Either'
                    - type: string
            """))
        let text = result.files.first?.contents ?? ""
        for snippet in [
            "  Thing:\n    fields:\n      parent: Thing?\n      loop: Loop?\n      either: Either?\n",
            "  Loop:\n    fields:\n      next: JSONValue\n",
            "  Either:\n    oneOf:\n      - Either\n      - String\n",
        ] {
            XCTAssertTrue(text.contains(snippet), "missing:\n\(snippet)\nin:\n\(text)")
        }
        XCTAssertEqual(result.warnings.map(\.message), [
            "'Loop.next' must hold 'Loop', which must hold 'Loop': every field on the way is required, so no value ends; "
                + "the field is JSONValue (decode 'Loop' from it)",
        ])
    }

    /// An integer enum is an Int enum: names from `x-enum-varnames` (or `x-enumNames`) when they name every value,
    /// else `_0`, `_n1`; the spec it writes generates code with the numbers as raw values, in a path as its raw value.
    func testAnIntegerEnumIsAnIntEnumNamedByItsVarnamesOrItsValues() throws {
        let result = try importText("""
            openapi: 3.1.0
            info: { title: t, version: '1' }
            paths:
              /things/{level}:
                get:
                  operationId: getThing
                  parameters:
                    - { name: level, in: path, required: true, schema: { $ref: '#/components/schemas/Level' } }
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Thing' }
            components:
              schemas:
                Thing:
                  type: object
                  properties:
                    level: { $ref: '#/components/schemas/Level' }
                    code: { type: integer, enum: [-1, 0, 2] }
                    mood: { type: integer, enum: [1, 2], x-enumNames: [happy, sad] }
                    ratio: { type: number, enum: [0.5, 1] }
                  required: [level]
                Level:
                  type: integer
                  enum: [0, 1, 2]
                  x-enum-varnames: [LOW, MEDIUM, HIGH_VALUE]
            """)
        let text = result.files.first?.contents ?? ""
        for snippet in [
            "  Level:\n    enum:\n      - { name: low, value: 0 }\n      - { name: medium, value: 1 }\n      - { name: highValue, value: 2 }\n",
            "      - { name: _n1, value: -1 }\n      - { name: _0, value: 0 }\n      - { name: _2, value: 2 }\n",
            "      - { name: happy, value: 1 }\n      - { name: sad, value: 2 }\n",
            "      ratio: Double?\n",
            "    path: /things/{level.rawValue}\n",
        ] {
            XCTAssertTrue(text.contains(snippet), "missing:\n\(snippet)\nin:\n\(text)")
        }
        XCTAssertEqual(result.warnings.map(\.message), [
            "the values of an enum of neither strings nor integers are not checked: a Swift enum is made of strings or Ints; typed as Double"
        ])
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        let file = try XCTUnwrap(result.files.first)
        let generation = try Pipeline.generate(
            file: SpecFile(path: file.relativePath, text: file.contents), library: library, options: GenerateOptions())
        let code = generation.files.map(\.contents).joined()
        XCTAssertTrue(code.contains("public enum Level: Int, Codable, Sendable"), code)
        XCTAssertTrue(code.contains("case _n1 = -1"), code)
        XCTAssertTrue(code.contains("case highValue = 2"), code)
    }
}
