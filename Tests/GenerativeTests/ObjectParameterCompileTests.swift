import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for the `json` and `deepObject` query styles and `{ json: "{input}" }` headers:
/// required and optional values, models, arrays of models and dictionaries, in the param of a GET, in `query` beside a
/// JSON body, in a form body and in a merged param, in every style that needs only the runtime, warnings as errors.
final class ObjectParameterCompileTests: XCTestCase {
    static let spec = """
        models:
          Sort: { fields: { field: String, order: String?, tags: "[String]?", at: Date? } }
          Filter: { fields: { name: String, state: String? } }
          CodeError: { fields: { code: Int } }
        endpoints:
          - name: listPets
            method: GET
            path: /pets
            inputs:
              - { name: sort, type: Sort? }
              - { name: filter, type: Filter }
              - { name: filters, type: "[Filter]?" }
              - { name: extra, type: "[String: String]" }
              - { name: arguments, type: CodeError }
              - { name: maybe, type: CodeError? }
            param: { sort: "{sort}", filter: "{filter}", filters: "{filters}", extra: "{extra}" }
            queryArrays: { sort: deepObject, filter: deepObject, filters: json, extra: deepObject }
            header: { custom: { X-Arguments: { json: "{arguments}" }, X-Maybe: { json: "{maybe}" }, X-Plain: text } }
            response: "[Filter]"
          - name: createPet
            method: POST
            path: /pets
            inputs: [{ name: filter, type: Filter }, { name: sort, type: Sort }, { name: filters, type: "[Filter]" }]
            param: "{filter}"
            query: { sort: "{sort}", filters: "{filters}" }
            queryArrays: { sort: deepObject, filters: json }
          - name: formPet
            method: POST
            path: /pets/form
            inputs: [{ name: filter, type: Filter }, { name: filters, type: "[Filter]?" }]
            param: ["{filter}", { filters: "{filters}" }]
            body: form
            queryArrays: { filters: json }
        """

    func testObjectParametersCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-objects-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(
            spec: Self.spec, path: "Specs/objects.yaml", module: "Objects", test: "ObjectParameterCompileTests"
        ) { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let api = generation.files.first { $0.relativePath.hasSuffix("ObjectsApi.swift") }?.contents ?? ""
            XCTAssertTrue(api.contains(#"params["filters"] = JSONParameter(filters)"#), "\(style.name): \(api)")
            XCTAssertTrue(api.contains(#""X-Arguments": JSONParameter.headerValue(arguments)"#), "\(style.name): \(api)")
            XCTAssertTrue(api.contains(#""sort": .deepObject"#), "\(style.name): \(api)")
        }
    }
}
