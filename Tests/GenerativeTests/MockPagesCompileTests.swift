import Foundation
import RepogenCore
import XCTest

/// "Accepted means it builds" for the in-memory mock's pages, field toggles and DTO collections, and for the preview
/// value's default values: a spec whose inputs are named like the mock's locals (`all`, `start`, `end`, `contents`,
/// `element`, `index`, `found`), with a generic page model whose other fields are an enum and a model, a toggled
/// field named `default`, and a DTO collection, is built with warnings as errors (`REPOGEN_TCA_BUILD`, as for the
/// generative tca check).
final class MockPagesCompileTests: XCTestCase {
    static let spec = """
        models:
          Row:
            fields: { id: Int, default: "Bool?", flag: Bool, name: String }
          Item:
            fields: { id: Int, on: Bool }
          Page:
            typeParameters: [T]
            fields: { items: "[T]", next: Int?, more: Bool, total: Int, kind: Kind, extra: Extra }
          Kind: { enum: [A, B] }
          Extra: { fields: { label: String, at: Date } }
          ThingDTO:
            fields: { id: Int, label: String }
            domain: { name: Thing, fields: { id: id, label: label } }
        collections:
          arrays: Row
          items: Item
          things: ThingDTO
        endpoints:
          - name: fetchArrays
            method: GET
            path: /a
            inputs:
              - { name: all, type: "Int?" }
              - { name: start, type: Int }
              - { name: end, type: String }
            param: { all: "{all}", start: "{start}", end: "{end}" }
            response: Page<Row>
            mock: { list: arrays, page: { items: items, cursor: "{all}", size: "{start}", next: next, total: total } }
          - name: fetchItems
            method: GET
            path: /i
            inputs:
              - { name: end, type: String }
            param: { end: "{end}" }
            response: Page<Item>
            mock: { list: items, page: { items: items, cursor: "{end}", next: more } }
          - name: flagArray
            method: PUT
            path: /a/{index}
            inputs:
              - { name: index, type: Int }
            response: Row
            mock: { set: arrays, id: "{index}", field: flag, to: true }
          - name: clearDefault
            method: DELETE
            path: /a/{found}
            inputs:
              - { name: found, type: Int }
            mock: { set: arrays, id: "{found}", field: default, to: false }
          - { name: fetchThings, method: GET, path: /t, response: "[ThingDTO]", mock: { list: things } }
          - name: fetchThing
            method: GET
            path: /t/{contents}
            inputs: [{ name: contents, type: Int }]
            response: ThingDTO
            mock: { get: things, id: "{contents}" }
          - name: addThing
            method: POST
            path: /t
            inputs: [{ name: element, type: ThingDTO }]
            param: "{element}"
            response: ThingDTO
            mock: { create: things, value: "{element}" }
          - name: dropThing
            method: DELETE
            path: /t/{id}/drop
            inputs: [{ name: id, type: Int }]
            response: ThingDTO
            mock: { delete: things, id: "{id}" }
          - { name: fetchExtra, method: GET, path: /x, response: Extra }
          - { name: fetchKinds, method: GET, path: /k, response: "[Kind: Extra]" }
        """

    func testPagesTogglesAndDTOCollectionsBuildWithNamesLikeTheMocksLocals() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        guard compiler.styles.contains(.tca) else {
            throw XCTSkip("the tca output needs swift-dependencies: set REPOGEN_TCA_BUILD")
        }
        let library = try TemplateSet.builtin(for: .tca).library(templatesPath: nil)
        let generation = try Pipeline.generate(
            file: SpecFile(path: "Specs/awkward.yaml", text: Self.spec), library: library, options: GenerateOptions(style: .tca))
        let mock = try XCTUnwrap(generation.files.first { $0.relativePath.hasSuffix("AwkwardClient+Mock.swift") })
        // The locals step aside for the inputs.
        XCTAssertTrue(mock.contents.contains("let all_ = storage.value.arrays"))
        if let errors = try compiler.compile(generation.files + generation.sharedFiles, module: "AwkwardTCA", style: .tca) {
            XCTFail(errors)
        }
    }
}
