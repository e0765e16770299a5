import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for `partHeader`: a multipart response model whose fields hold part headers of every
/// kind a header's text decodes as (a String, an optional enum, an enum with an unknown case, numbers, a Bool), in a
/// struct with `additionalProperties` and in a nested model too, in every style that needs only the runtime, warnings
/// as errors.
final class PartHeaderCompileTests: XCTestCase {
    static let spec = """
        models:
          Kind: { enum: [structured, unstructured] }
          Open: { enum: [a, b], unknown: other }
          Parts:
            hashable: true
            fields:
              log: String
              file: { type: Data?, json: the file }
              kind: { type: Kind?, partHeader: { part: log, header: x-log-type } }
              open: { type: Open, partHeader: { part: log, header: x-open } }
              size: { type: Int64?, partHeader: { part: the file, header: X-Size } }
              ratio: { type: Double?, partHeader: { part: log, header: x-ratio } }
              flag: { type: Bool, json: decoder, partHeader: { part: log, header: x-flag } }
              container: { type: String?, partHeader: { part: log, header: x-container } }
          Loose:
            fields:
              log: String
              note: { type: String?, partHeader: { part: log, header: x-note } }
            additionalProperties: String
            models:
              Inner: { fields: { part: String, tag: { type: UInt8?, partHeader: { part: part, header: x-tag } } } }
        endpoints:
          - name: download
            method: GET
            path: /typed
            header: { custom: { Accept: multipart/form-data } }
            response: Parts
          - name: loose
            method: GET
            path: /loose
            header: { custom: { Accept: multipart/form-data } }
            response: Loose?
          - name: inner
            method: GET
            path: /inner
            response: "[Loose.Inner]"
        """

    func testPartHeaderFieldsCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-part-headers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(spec: Self.spec, path: "Specs/parts.yaml", module: "Parts", test: "PartHeaderCompileTests") { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let models = generation.files.filter { $0.relativePath.contains("Models") }.map(\.contents).joined()
            XCTAssertTrue(models.contains("MultipartPartHeader.decode("), "\(style.name): \(models)")
        }
    }
}
