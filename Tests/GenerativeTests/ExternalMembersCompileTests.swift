import Foundation
import RepogenCore
import XCTest

/// "Accepted means it builds" for placeholders that read members of a type another spec of the run declares (listed
/// under `externalTypes`): a String, Int and open enum's raw value, a nested model's field, a nested type named
/// through the external one, Foundation members of a field, an optional field in a param, a mapped array, the
/// whole value in a param, a form's fields and part headers, and an app type no spec declares (trusted). Both specs are generated as one run in every
/// style and built as one module, with a file standing in for the app's type.
final class ExternalMembersCompileTests: XCTestCase {
    static let catalog = """
        models:
          Kind: { enum: [book, film] }
          Rank: { enum: [{ name: low, value: 0 }, { name: high, value: 1 }] }
          Scope: { enum: [all, mine], unknown: other }
          Filter:
            fields:
              kind: Kind
              rank: Rank
              scope: Scope
              note: String?
              tags: "[String]"
              link: URL
              inner: Inner
            models:
              Inner:
                fields:
                  code: Int
        endpoints:
          - { name: fetchKinds, method: GET, path: /kinds, response: "[Kind]" }
        """

    static let search = """
        externalTypes: [Kind, Filter, AppToken]
        endpoints:
          - name: search
            method: GET
            path: "/search/{kind.rawValue}/{filter.inner.code}/{filter.rank.rawValue}/{inner.code}"
            inputs:
              - { name: kind, type: Kind }
              - { name: filter, type: Filter }
              - { name: filters, type: "[Filter]" }
              - { name: inner, type: Filter.Inner }
              - { name: token, type: AppToken }
            param:
              tags: "{filter.tags}"
              host: "{filter.link.host}"
              note: "{filter.note}"
              scope: "{filter.scope.rawValue}"
              kinds: "{filters[].kind.rawValue}"
              count: "{filter.tags.count}"
            header:
              custom: { X-Link: "{filter.link.absoluteString}", X-Rank: "{filter.rank.rawValue}", X-Token: "{token.value}" }
            response: String
          - name: save
            method: POST
            path: /filters
            inputs: [{ name: filter, type: Filter }]
            param: "{filter}"
          - name: send
            method: POST
            path: /send
            inputs: [{ name: filter, type: Filter }, { name: filters, type: "[Filter]" }]
            upload:
              fields: { kind: "{filter.kind.rawValue}", code: "{filter.inner.code}", host: "{filter.link.absoluteString}" }
              json: { filters: "{filters}" }
              headers: { kind: { x-rank: "{filter.rank.rawValue}" } }
          - name: codes
            method: GET
            path: /codes
            inputs: [{ name: filters, type: "[Filter]" }]
            param: { codes: "{filters[].inner.code}", links: "{filters[].link.absoluteString}" }
        """

    /// The app's own type, which no spec declares: its members are the app's to get right.
    static let appType = "public struct AppToken: Codable, Sendable { public var value: String }\n"

    func testMembersOfATypeAnotherSpecDeclaresBuildInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-external-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        let files = [
            "Specs/catalog.yaml": SpecFile(path: "Specs/catalog.yaml", text: Self.catalog),
            "Specs/search.yaml": SpecFile(path: "Specs/search.yaml", text: Self.search),
        ]
        for style in OutputStyle.all {
            let generation: Generation
            do {
                generation = try Pipeline.generate(
                    specPaths: files.keys.sorted(), options: GenerateOptions(style: style), specFiles: files)
            } catch {
                XCTFail("\(style.name): refused\n\(error.report)")
                continue
            }
            let api = generation.files.first { $0.relativePath.hasSuffix("SearchApi.swift") }?.contents ?? ""
            XCTAssertTrue(api.contains("filter.rank.rawValue"), "\(style.name): \(api)")
            guard compiler.styles.contains(style) else { continue }
            let app = OutputFile(relativePath: "App/AppToken.swift", contents: Self.appType)
            if let errors = try compiler.compile(generation.files + [app], module: "External" + style.name.filter(\.isLetter), style: style) {
                XCTFail(errors)
            }
        }
    }
}
