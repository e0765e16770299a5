import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for issue 34's model shapes: `additionalProperties` of every kind of type (a scalar,
/// `JSONValue`, a list, a model, optional values, a type parameter), on hashable and nested structs, beside fields
/// named like the coding code's locals, as a body, a response and a query object; in every style that needs only the
/// runtime, warnings as errors.
final class ModelShapesCompileTests: XCTestCase {
    static let spec = """
        models:
          Counts:
            fields: { total: Int }
            additionalProperties: Int
          Anything:
            fields: { container: String?, declared: Int?, key: String?, value: Int?, decoder: Bool?, encoder: Bool? }
            additionalProperties: JSONValue
          Tagged:
            hashable: true
            fields: { id: { type: Int, json: "the id" } }
            additionalProperties: "[String]"
          Holder:
            fields: { name: String }
            additionalProperties: Inner?
            models:
              Inner: { fields: { x: Int }, additionalProperties: Double }
          Page:
            typeParameters: [T]
            fields: { items: "[T]" }
            additionalProperties: T
          Empty:
            fields: {}
            additionalProperties: String
          Filters:
            fields: { q: String? }
            additionalProperties: String
        endpoints:
          - name: save
            method: POST
            path: /counts
            inputs: [{ name: counts, type: Counts }]
            param: "{counts}"
            response: Anything
          - name: holders
            method: GET
            path: /holders
            response: "Page<Holder>"
          - name: search
            method: GET
            path: /search
            inputs: [{ name: filters, type: Filters }]
            param: "{filters}"
            response: "[Tagged]"
          - name: empty
            method: GET
            path: /empty
            response: Empty
        """

    func testModelShapesCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-model-shapes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(spec: Self.spec, path: "Specs/shapes.yaml", module: "Shapes", test: "ModelShapesCompileTests") { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let models = generation.files.first { $0.relativePath.hasSuffix("ShapesModels.swift") }?.contents ?? ""
            XCTAssertTrue(models.contains("    public var additionalProperties: [String: Int]\n"), "\(style.name): \(models)")
        }
    }
}
