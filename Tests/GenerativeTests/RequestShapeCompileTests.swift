import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for a request shaped by an input's value (issue 36, point 5): a path chosen by a
/// `Bool` (`if`) or an enum (`switch`: exhaustive, with `default`, an open enum, raw values that are Swift keywords,
/// inputs named like keywords), `firstOf` in a param, a merged list and a `query` (optional fields, a last
/// alternative that is never nil), and `omitWhen` on Bool and enum inputs, optional or not; in every style,
/// warnings as errors, from YAML and from JSON.
final class RequestShapeCompileTests: XCTestCase {
    static let yaml = """
        models:
          Kind: { enum: [season, episode, default, public] }
          Scope: { enum: [all, local], unknown: unknown }
          Page: { fields: { cursor: String?, after: Int?, size: Int } }
          Visibility:
            enum: [{ name: public, value: 0 }, { name: unlisted, value: 1 }, { name: direct, value: 2 }]
            unknown: other
        endpoints:
          - name: byIntEnum
            method: GET
            path: { switch: visibility, cases: { "0": /public, "01": "/unlisted/{visibility.rawValue}" }, default: /other }
            inputs: [{ name: visibility, type: Visibility }, { name: level, type: Visibility? }]
            param: { level: { value: "{level}", omitWhen: [0, "2"] } }
          - name: byBool
            method: GET
            path: { if: isSeason, then: "/tv/season/{id}", else: "/tv/episode/{id}/{part}" }
            inputs:
              - { name: id, type: Int }
              - { name: part, type: String }
              - { name: isSeason, type: Bool }
          - name: byKeywordBool
            method: { if: default, then: DELETE, else: PUT }
            path: { if: default, then: /a, else: /b }
            inputs: [{ name: default, type: Bool }]
          - name: byEnum
            method: GET
            path:
              switch: kind
              cases: { season: "/s/{id}", episode: /e, default: /d, public: "/p/{id}" }
            inputs: [{ name: kind, type: Kind }, { name: id, type: String }]
          - name: byEnumWithDefault
            method: POST
            path: { switch: switch, cases: { season: /s }, default: "/other/{switch.rawValue}" }
            inputs: [{ name: switch, type: Kind }]
          - name: byOpenEnum
            method: GET
            path: { switch: scope, cases: { all: /all, local: /local }, default: /any }
            inputs: [{ name: scope, type: Scope }]
            response: String
          - name: cursors
            method: GET
            path: /c
            inputs:
              - { name: maxId, type: String? }
              - { name: page, type: Page? }
              - { name: sinceId, type: Int? }
              - { name: filter, type: Kind? }
              - { name: scope, type: Scope }
              - { name: flag, type: Bool? }
              - { name: strict, type: Bool }
            param:
              firstOf: [{ max_id: "{maxId}" }, { cursor: "{page.cursor}" }, { since_id: "{sinceId}" }]
              kind: { value: "{filter}", omitWhen: [season, default] }
              scope: { value: "{scope.rawValue}", omitWhen: [all] }
              flag: { value: "{flag}", omitWhen: [true] }
              strict: { value: "{strict}", omitWhen: [false] }
          - name: merged
            method: GET
            path: /m
            inputs: [{ name: page, type: Page }, { name: maxId, type: String? }, { name: fallback, type: Int }]
            param: ["{page}", { firstOf: [{ max_id: "{maxId}" }, { fallback: "{fallback}" }] }]
          - name: queryBesideBody
            method: POST
            path: /q
            inputs:
              - { name: page, type: Page }
              - { name: maxId, type: String? }
              - { name: minId, type: String? }
              - { name: kind, type: Kind }
            param: "{page}"
            query:
              firstOf: [{ max_id: "{maxId}" }, { min_id: "{minId}" }]
              kind: { value: "{kind}", omitWhen: [public] }
          - name: formBody
            method: POST
            path: /f
            body: form
            inputs: [{ name: maxId, type: String? }, { name: minId, type: String? }, { name: kind, type: Kind? }]
            param:
              firstOf: [{ max_id: "{maxId}" }, { min_id: "{minId}" }]
              kind: { value: "{kind.rawValue}", omitWhen: [episode] }
        """

    /// The same spec as JSON (both readers give the same nodes; this checks it).
    static let json = """
        {
          "models": { "Kind": { "enum": ["season", "episode"] }, "Scope": { "enum": ["a"], "unknown": "unknown" } },
          "endpoints": [
            { "name": "byBool", "method": "GET", "path": { "if": "isSeason", "then": "/s/{id}", "else": "/e/{id}" },
              "inputs": [{ "name": "id", "type": "Int" }, { "name": "isSeason", "type": "Bool" }] },
            { "name": "byEnum", "method": "GET",
              "path": { "switch": "kind", "cases": { "season": "/s", "episode": "/e" } },
              "inputs": [{ "name": "kind", "type": "Kind" }] },
            { "name": "byOpenEnum", "method": "GET",
              "path": { "switch": "scope", "cases": { "a": "/a" }, "default": "/b" },
              "inputs": [{ "name": "scope", "type": "Scope" }] },
            { "name": "cursors", "method": "GET", "path": "/c",
              "inputs": [{ "name": "maxId", "type": "String?" }, { "name": "minId", "type": "String?" },
                         { "name": "kind", "type": "Kind?" }],
              "param": { "firstOf": [{ "max_id": "{maxId}" }, { "min_id": "{minId}" }],
                         "kind": { "value": "{kind}", "omitWhen": ["season"] } } }
          ]
        }
        """

    func testRequestShapesCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-shapes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(
            spec: Self.yaml, path: "Specs/shapes.yaml", module: "Shapes", test: "RequestShapeCompileTests"
        ) { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let api = generation.files.first { $0.relativePath.hasSuffix("ShapesApi.swift") }?.contents ?? ""
            XCTAssertTrue(api.contains("case .`default`:"), "\(style.name): \(api)")
            XCTAssertTrue(api.contains("case .unlisted:"), "\(style.name): \(api)")
            XCTAssertTrue(api.contains("if let level, level != .`public` && level != .direct {"), "\(style.name): \(api)")
            XCTAssertTrue(api.contains("} else if let value = page?.cursor {"), "\(style.name): \(api)")
            XCTAssertTrue(api.contains("if let filter, filter != .season && filter != .`default` {"), "\(style.name): \(api)")
        }
        try compiler.buildInEveryStyle(
            spec: Self.json, path: "Specs/shapes.json", module: "ShapesJSON", test: "RequestShapeCompileTests"
        ) { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
        }
    }
}
