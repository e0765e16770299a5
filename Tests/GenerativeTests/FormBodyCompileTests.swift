import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for `body: form`: every param shape a form takes (a model, an optional one, keys
/// with arrays and optionals, a spread beside keys), beside `query`, on a DELETE with `usingQuery: false` and a
/// conditional method, with `queryArrays`, in every style that needs only the runtime, warnings as errors; and in a
/// domain large enough to be grouped into nested enums, whose `bodyEncoding` is forwarded.
final class FormBodyCompileTests: XCTestCase {
    static let spec = """
        models:
          TokenRequest:
            fields:
              grantType: { type: GrantType, json: grant_type }
              clientId: { type: String, json: client_id }
              scope: "[String]?"
          GrantType: { enum: [client_credentials, refresh_token] }
          Filter: { fields: { kinds: "[GrantType]", at: Date?, default: Bool } }
          Token: { fields: { accessToken: { type: String, json: access_token } } }
        endpoints:
          - name: createToken
            method: POST
            path: /oauth/token
            inputs: [{ name: request, type: TokenRequest }]
            param: "{request}"
            body: form
            queryArrays: { scope: space }
            response: Token
          - name: maybeToken
            method: PUT
            path: /oauth/token
            inputs: [{ name: request, type: TokenRequest? }]
            param: "{request}"
            body: form
          - name: updatePet
            method: PATCH
            path: /pets/{id}
            inputs:
              - { name: id, type: Int }
              - { name: name, type: String? }
              - { name: tags, type: "[String]" }
              - { name: kind, type: GrantType }
              - { name: dryRun, type: Bool }
              - { name: filter, type: Filter }
            param: ["{filter}", { name: "{name}", tags: "{tags}", kind: "{kind}", in: 3, class: true }]
            query: { dryRun: "{dryRun}" }
            body: form
            queryArrays: { tags: repeated, kinds: brackets }
          - name: revoke
            method: DELETE
            path: /oauth/token
            inputs: [{ name: token, type: String }]
            param: { token: "{token}" }
            usingQuery: false
            body: form
          - name: saveOrDelete
            method: { if: isDelete, then: DELETE, else: PUT }
            path: /pets/{id}
            inputs: [{ name: id, type: String }, { name: isDelete, type: Bool }, { name: note, type: String }]
            param: { note: "{note}" }
            usingQuery: false
            body: form
            response: String
          - name: bodyEncoding    # the name of the member it is a case of
            method: POST
            path: /b
            inputs: [{ name: bodyEncoding, type: String }]
            param: { bodyEncoding: "{bodyEncoding}" }
            body: form
          - name: plainJSON
            method: POST
            path: /json
            inputs: [{ name: request, type: TokenRequest }]
            param: "{request}"
            body: json
        """

    func testFormEndpointsCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-forms-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(spec: Self.spec, path: "Specs/forms.yaml", module: "Forms", test: "FormBodyCompileTests") { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let api = generation.files.first { $0.relativePath.hasSuffix("FormsApi.swift") }?.contents ?? ""
            XCTAssertTrue(api.contains("    var bodyEncoding: RequestBodyEncoding {"), "\(style.name): \(api)")
        }
    }

    func testAGroupedDomainForwardsBodyEncoding() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-forms-grouped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        var endpoints: [String] = []
        for index in 0..<(maximumSwitchCases + 4) {
            endpoints.append(
                index % 2 == 0
                    ? #"{ "name": "form\#(index)", "method": "POST", "path": "/f", "inputs": [{ "name": "ids", "type": "[Int]" }], "param": { "ids": "{ids}" }, "body": "form", "queryArrays": { "ids": "comma" } }"#
                    : #"{ "name": "json\#(index)", "method": "POST", "path": "/j", "inputs": [{ "name": "id", "type": "Int" }], "param": { "id": "{id}" } }"#)
        }
        let text = #"{ "endpoints": [\#(endpoints.joined(separator: ",\n"))] }"#
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        let generation = try Pipeline.generate(file: SpecFile(path: "Specs/many.json", text: text), library: library, options: GenerateOptions())
        let api = generation.files.first { $0.relativePath.hasSuffix("ManyApi.swift") }?.contents ?? ""
        XCTAssertTrue(api.contains("return cases.bodyEncoding"), "the grouped enum forwards bodyEncoding")
        if let errors = try compiler.compile(generation.files + generation.sharedFiles, module: "ManyForms", style: .result) {
            XCTFail(errors)
        }
    }
}
