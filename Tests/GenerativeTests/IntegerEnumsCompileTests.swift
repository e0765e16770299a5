import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for Int enums (cases with integer `value`s): keyword case names, negative values
/// and `Int`'s extremes, an `unknown` case holding an `Int`, defaults and examples written as numbers, the raw value
/// in a path, a header and a query item, the enum itself and lists of it as params, a hashable model holding one, a
/// union case, in every style, warnings as errors.
final class IntegerEnumsCompileTests: XCTestCase {
    static let spec = """
        models:
          Visibility:
            enum:
              - { name: public, value: 0, description: Everyone. }
              - { name: private, value: 2 }
              - { name: self_, value: -9223372036854775808 }
              - { name: last, value: 9223372036854775807 }
            unknown: other
          Level:
            enum: [{ name: low, value: -1 }, { name: in, value: -0 }, { name: high, value: 1 }]
          Post:
            hashable: true
            fields:
              id: Int
              visibility: { type: Visibility, default: 2 }
              levels: { type: "[Level]", default: [-1, 1] }
              byName: { type: "[String: Level]?", default: { a: 0 } }
              level: Level?
          Item:
            oneOf: [Level, Post]
        endpoints:
          - name: fetchPosts
            method: GET
            path: "/posts/{visibility.rawValue}"
            inputs:
              - { name: visibility, type: Visibility }
              - { name: level, type: Level? }
              - { name: levels, type: "[Level]" }
            param: { level: "{level}", levels: "{levels}", raw: "{visibility.rawValue}", all: "{levels[].rawValue}" }
            queryArrays: { levels: comma, all: repeated }
            header: { custom: { X-Visibility: "{visibility.rawValue}", X-Level: "{level.rawValue}" } }
            response: "[Post]"
            example: [{ id: 1, visibility: 7, levels: [0], level: -1 }]
          - name: createPost
            method: POST
            path: /posts
            inputs: [{ name: post, type: Post }]
            param: "{post}"
            response: Item
            example: 1
        """

    func testIntegerEnumsCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-int-enums-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(
            spec: Self.spec, path: "Specs/posts.yaml", module: "Posts", test: "IntegerEnumsCompileTests"
        ) { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let models = generation.files.first { $0.relativePath.hasSuffix("PostsModels.swift") }?.contents ?? ""
            XCTAssertTrue(models.contains("public enum Level: Int, Codable, Sendable"), "\(style.name): \(models)")
            XCTAssertTrue(models.contains("case `in` = 0"), "\(style.name): \(models)")
            XCTAssertTrue(models.contains("case other(Int)"), "\(style.name): \(models)")
            XCTAssertTrue(models.contains("case -9223372036854775808: self = .self_"), "\(style.name): \(models)")
        }
    }
}
