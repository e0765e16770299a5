import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for issue 34's body constructs: an upload with JSON parts (a model, an optional one,
/// an array), text arrays (plain, optional, an enum array's raw values), part headers (a lone optional enum value,
/// text around a value) and no file; a `BodyChoice` param, optional too; and a multipart response model; in every
/// style that needs only the runtime, warnings as errors.
final class TypedBodyCompileTests: XCTestCase {
    static let spec = """
        models:
          Meta: { fields: { createdAt: Date, note: String? } }
          Kind: { enum: [structured, unstructured] }
          Parts: { fields: { log: String, metadata: Meta?, keyword: "[String]?", file: Data? } }
        endpoints:
          - name: uploadTyped
            method: POST
            path: /typed
            inputs:
              - { name: log, type: String }
              - { name: keyword, type: "[String]?" }
              - { name: kinds, type: "[Kind]" }
              - { name: counts, type: "[Int]" }
              - { name: metadata, type: Meta? }
              - { name: metas, type: "[Meta]" }
              - { name: logType, type: Kind? }
              - { name: form, type: String }
            upload:
              fields: { log: "{log}", keyword: "{keyword}", kinds: "{kinds[].rawValue}", counts: "{counts}" }
              json: { metadata: "{metadata}", metas: "{metas}" }
              headers: { log: { x-log-type: "{logType.rawValue}", x-form: "f-{form}" } }
          - name: postStats
            method: POST
            path: /stats
            inputs: [{ name: body, type: "BodyChoice<Meta>" }]
            param: "{body}"
          - name: putStats
            method: PUT
            path: /stats
            inputs: [{ name: body, type: "BodyChoice<[Meta]>?" }]
            param: "{body}"
          - name: download
            method: GET
            path: /typed
            header: { custom: { Accept: multipart/form-data } }
            response: Parts
        """

    func testTypedBodiesCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-typed-bodies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(spec: Self.spec, path: "Specs/bodies.yaml", module: "Bodies", test: "TypedBodyCompileTests") { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let api = generation.files.first { $0.relativePath.hasSuffix("BodiesApi.swift") }?.contents ?? ""
            XCTAssertTrue(api.contains(#".add("metas", json: metas)"#), "\(style.name): \(api)")
            XCTAssertTrue(api.contains(#"forPart: "log")"#), "\(style.name): \(api)")
        }
    }
}
