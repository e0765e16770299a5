import RepogenCore
import XCTest

/// `partHeader: { part, header }` on a model's field: the field decodes from that header of that part of a multipart
/// response (through the runtime's `MultipartPartHeader`), the same in both spec formats, and encodes at its JSON key.
final class PartHeaderSpecTests: XCTestCase {
    static let json = """
        {
          "models": {
            "Kind": { "enum": ["structured", "unstructured"] },
            "Download": {
              "fields": {
                "log": { "type": "String", "json": "the log" },
                "kind": { "type": "Kind?", "partHeader": { "part": "the log", "header": "X-Log-Type" } },
                "size": { "type": "Int", "json": "length", "partHeader": { "part": "the log", "header": "x-size" } }
              }
            }
          },
          "endpoints": [{ "name": "download", "method": "GET", "path": "/d", "response": "Download" }]
        }
        """

    static let yaml = """
        models:
          Kind: { enum: [structured, unstructured] }
          Download:
            fields:
              log: { type: String, json: the log }
              kind: { type: Kind?, partHeader: { part: the log, header: X-Log-Type } }
              size:
                type: Int
                json: length
                partHeader: { part: the log, header: x-size }
        endpoints:
          - name: download
            method: GET
            path: /d
            response: Download
        """

    func testBothFormatsDecodeTheFieldFromThePartsHeader() throws {
        let fromJSON = try XCTUnwrap(generate(Self.json)["Models.swift"])
        let fromYAML = try XCTUnwrap(generate(Self.yaml, path: "Specs/store.yaml")["Models.swift"])
        for models in [fromJSON, fromYAML] {
            XCTAssertTrue(models.contains("""
                            kind: MultipartPartHeader.decodeIfPresent(
                                Kind.self,
                                header: "X-Log-Type",
                                ofPart: "the log",
                                forKey: "kind",
                                in: container,
                                decoder: decoder
                            ),
                            size: MultipartPartHeader.decode(
                                Int.self,
                                header: "x-size",
                                ofPart: "the log",
                                forKey: "length",
                                in: container,
                                decoder: decoder
                            )
                """), models)
            XCTAssertTrue(models.contains(#"try container.encode(self.size, forKey: "length")"#), models)
        }
    }
}
