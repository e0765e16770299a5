import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for issue 34's model shapes: `additionalProperties` of every kind of type (a scalar,
/// `JSONValue`, a list, a model, optional values, a type parameter), on hashable and nested structs, beside fields
/// named like the coding code's locals, as a body, a response and a query object; recursive structs (hashable and
/// identifiable, through nested models, unions, a generic model and `additionalProperties`) and a union that is
/// one of its own cases; in every style that needs only the runtime, warnings as errors.
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
          Pet:
            hashable: true
            identifiable: name
            fields: { name: String, parent: { type: Pet?, description: The pet this one came from. }, kids: "[Pet]" }
          Tree:
            fields: { root: Branch, label: { type: String, json: "the label" } }
            additionalProperties: Tree
            models:
              Branch: { fields: { tree: Tree?, node: Node? } }
          Node:
            fields: { next: Node?, tree: Tree?, choice: Choice? }
          Choice:
            oneOf: [Choice, Node, String]
          Chain:
            typeParameters: [T]
            fields: { value: T, next: Chain<T>? }
          Tagged2:
            oneOf: [{ type: Pet, tag: pet }, { type: Pet2, tag: pet2 }]
            discriminator: name
          Pet2: { fields: { name: String, other: Tagged2? } }
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
          - name: pets
            method: PUT
            path: /pets
            inputs: [{ name: pet, type: Pet }]
            param: "{pet}"
            response: "[Pet]"
          - name: tree
            method: POST
            path: /tree
            inputs: [{ name: tree, type: Tree }]
            param: "{tree}"
            response: "Chain<Choice>"
          - name: tagged
            method: GET
            path: /tagged
            response: Tagged2
        """

    func testModelShapesCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-model-shapes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(spec: Self.spec, path: "Specs/shapes.yaml", module: "Shapes", test: "ModelShapesCompileTests") { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let models = generation.files.first { $0.relativePath.hasSuffix("ShapesModels.swift") }?.contents ?? ""
            XCTAssertTrue(models.contains("    public var additionalProperties: [String: Int]\n"), "\(style.name): \(models)")
            XCTAssertTrue(models.contains("    private var _parent: Indirect<Pet?>\n"), "\(style.name): \(models)")
            XCTAssertTrue(models.contains("public indirect enum Choice: "), "\(style.name): \(models)")
        }
    }
}
