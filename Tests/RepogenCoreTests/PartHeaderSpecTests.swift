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

    /// A field that holds another header (or part) reads something else from a multipart response: `repogen diff`
    /// reports it as `field-key-changed`, wire-breaking where the model is a response. (Not a Tests/DiffCorpus pair:
    /// the proof harness answers JSON, where the field reads its JSON key on both sides.)
    func testDiffReportsAChangedPartHeader() throws {
        func spec(_ header: String) -> SpecFile {
            SpecFile(path: "Specs/shop.yaml", text: """
                models:
                  Kind: { enum: [structured, unstructured] }
                  Download:
                    fields:
                      log: String
                      kind: { type: Kind?, partHeader: { part: log, header: \(header) } }
                endpoints:
                  - name: download
                    method: GET
                    path: /download
                    header: { custom: { Accept: multipart/form-data } }
                    response: Download
                """)
        }
        let report = try APIDiff.compare(old: [spec("x-log-type")], new: [spec("x-kind")])
        XCTAssertEqual(report.changes.map { "\($0.kind) \($0.subject) source=\($0.source.rawValue) wire=\($0.wire.rawValue)" }, [
            "field-key-changed Download.kind source=none wire=breaking",
        ])
        XCTAssertEqual(report.changes.first?.new.map { "\($0.line):\($0.column)" }, "6:40")
        XCTAssertTrue(try APIDiff.compare(old: [spec("x-kind")], new: [spec("x-kind")]).changes.isEmpty)
    }
}
