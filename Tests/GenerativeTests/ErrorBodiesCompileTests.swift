import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for `errors`: exact statuses, ranges and `default`, `defaults.errors` under an
/// endpoint's own, types that are models, arrays, optionals, `String` and `JSONValue`, on endpoints with and without
/// a response, an upload and `responseMetadata`, in every style that needs only the runtime, warnings as errors; and
/// in a domain large enough to be grouped into nested enums, whose `errorBodies` is forwarded.
final class ErrorBodiesCompileTests: XCTestCase {
    static let spec = """
        defaults:
          errors: { default: Problem, "503": String }
        models:
          Problem: { fields: { code: Int, detail: String? } }
          Conflict: { fields: { existing: "[Int]" } }
          Item: { fields: { id: Int } }
          ErrorResponse: { fields: { message: String } }    # the runtime's names: generated code names its own
          ErrorBodyType: { fields: { kind: String } }
        endpoints:
          - name: createItem
            method: POST
            path: /items
            inputs: [{ name: item, type: Item }]
            param: "{item}"
            response: Item
            errors: { "409": Conflict, 4XX: "[Problem]", "422": Problem?, 5xx: JSONValue }
          - name: deleteItem
            method: DELETE
            path: /items/{id}
            inputs: [{ name: id, type: Int }]
          - name: fetchItem
            method: GET
            path: /items/{id}
            inputs: [{ name: id, type: Int }]
            response: Item
            responseMetadata: true
            errors: { "404": "String", default: "[String: JSONValue]" }
          - name: uploadPhoto
            method: POST
            path: /photos
            inputs: [{ name: photo, type: UploadFile }]
            upload: { files: { photo: "{photo}" } }
            errors: { "413": ErrorResponse, "415": ErrorBodyType }
          - name: errorBodies    # the name of the member it is a case of
            method: GET
            path: /e
            response: String
        """

    func testErrorBodiesCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-errors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(spec: Self.spec, path: "Specs/failures.yaml", module: "Failures", test: "ErrorBodiesCompileTests") { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let api = generation.files.first { $0.relativePath.hasSuffix("FailuresApi.swift") }?.contents ?? ""
            XCTAssertTrue(api.contains("    var errorBodies: [NetworkError.ErrorBodyType] {"), "\(style.name): \(api)")
            XCTAssertTrue(api.contains(".init(.code(409), Conflict.self)"), "\(style.name): \(api)")
            XCTAssertTrue(api.contains(".init(.code(503), String.self)"), "defaults.errors: \(api)")
        }
    }

    func testAGroupedDomainForwardsErrorBodies() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-errors-grouped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        var endpoints: [String] = []
        for index in 0..<(maximumSwitchCases + 4) {
            endpoints.append(
                index % 2 == 0
                    ? #"{ "name": "failing\#(index)", "method": "GET", "path": "/f", "response": "String", "errors": { "400": "String", "default": "JSONValue" } }"#
                    : #"{ "name": "plain\#(index)", "method": "GET", "path": "/p" }"#)
        }
        let text = #"{ "endpoints": [\#(endpoints.joined(separator: ",\n"))] }"#
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        let generation = try Pipeline.generate(file: SpecFile(path: "Specs/many.json", text: text), library: library, options: GenerateOptions())
        let api = generation.files.first { $0.relativePath.hasSuffix("ManyApi.swift") }?.contents ?? ""
        XCTAssertTrue(api.contains("return cases.errorBodies"), "the grouped enum forwards errorBodies")
        if let errors = try compiler.compile(generation.files + generation.sharedFiles, module: "ManyErrors", style: .result) {
            XCTFail(errors)
        }
    }
}
