import Foundation
@testable import RepogenCore
import XCTest

/// The output-style plug point: one `OutputStyle` per style, and the facts the build plugin shares.
final class StyleTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testThePluginCompilesTheSameFactsFile() throws {
        let shared = Self.root.appendingPathComponent("Sources/RepogenCore/Shared/RepogenFacts.swift")
        let plugin = Self.root.appendingPathComponent("Plugins/RepogenBuildPlugin/RepogenFacts.swift")
        XCTAssertEqual(plugin.resolvingSymlinksInPath().path, shared.resolvingSymlinksInPath().path,
                       "the build plugin must compile RepogenCore's RepogenFacts.swift (a symbolic link), not a copy")
        let text = try String(contentsOf: shared, encoding: .utf8)
        XCTAssertFalse(text.contains("\nimport "), "a plugin can import no library of ours: keep the file import-free")
    }

    func testEveryStyleIsAFactAndEveryFactAStyle() {
        XCTAssertEqual(OutputStyle.all.map(\.name), RepogenFacts.styleNames)
        XCTAssertEqual(OutputStyle.named(RepogenFacts.defaultStyle), .result)
        XCTAssertNil(OutputStyle.named("Result"))
        XCTAssertEqual(Config.fileNames, RepogenFacts.configFileNames)
    }

    func testEachStyleWritesFilesNamedLikeTheTypesTheyDeclare() {
        for style in OutputStyle.all {
            let entries = OutputLayout.entries(forSpecPath: "Specs/store-news.yaml", style: style)
            let names = DomainNames(domain: "StoreNews")
            XCTAssertEqual(entries.map(\.relativePath), [
                "StoreNews/StoreNewsModels.swift", "StoreNews/\(names.api).swift", "StoreNews/\(names.repository).swift",
                "StoreNews/\(names.mock).swift",
            ], style.name)
            let templates = TemplateSet.builtin(for: style).templates
            for entry in entries {
                XCTAssertNotNil(templates[entry.template], "\(style.name) has no template \(entry.template)")
            }
        }
    }

    func testTheBuiltinSetOfAStyleIsTheSharedOnesWithItsOwnOverThem() {
        let result = TemplateSet.builtin(for: .result).templates
        XCTAssertEqual(result["Api.swift"], BuiltinTemplates.all["shared/Api.swift"])
        XCTAssertEqual(result["Repository.swift"], BuiltinTemplates.all["result/Repository.swift"])
        XCTAssertNil(result["shared/Api.swift"])
    }

    func testThePluginReadsStyleAndTemplatesFromJSONAndYAMLConfigs() {
        let json = #"{ "specs": ["Specs"], "nested": { "style": "completion" }, "style": "async-throws", "templates": "T" }"#
        XCTAssertEqual(RepogenFacts.topLevelSetting("style", inConfig: json, isJSON: true), "async-throws")
        XCTAssertEqual(RepogenFacts.topLevelSetting("templates", inConfig: json, isJSON: true), "T")
        XCTAssertNil(RepogenFacts.topLevelSetting("style", inConfig: #"{ "a": { "style": "x" } }"#, isJSON: true))
        XCTAssertNil(RepogenFacts.topLevelSetting("style", inConfig: #"{ "style": 3 }"#, isJSON: true))
        XCTAssertNil(RepogenFacts.topLevelSetting("style", inConfig: #"{ "specs": ["style"], "a": "style" }"#, isJSON: true))
        let yaml = "specs: [Specs]\n  style: nested\nstyle: completion   # the shape\ntemplates: 'My Templates'\n"
        XCTAssertEqual(RepogenFacts.topLevelSetting("style", inConfig: yaml, isJSON: false), "completion")
        XCTAssertEqual(RepogenFacts.topLevelSetting("templates", inConfig: yaml, isJSON: false), "My Templates")
        XCTAssertNil(RepogenFacts.topLevelSetting("style", inConfig: "styles: x\n", isJSON: false))
    }

    func testAnUnknownStyleInTheConfigIsALocatedError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-style-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("repogen.yaml").path
        try "specs: [Specs]\nstyle: results\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Config.load(path)) { error in
            let text = (error as? DiagnosticsError)?.diagnostics.map(\.description).joined() ?? "\(error)"
            XCTAssertTrue(text.contains("repogen.yaml:2:8: error: unknown style 'results'; expected one of 'result'"), text)
            XCTAssertTrue(text.contains("did you mean 'result'?"), text)
        }
        try "specs: [Specs]\nstyle: result\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Config.load(path).style, .result)
    }

    func testABuiltinTemplateNamingAMissingKeyIsAnError() throws {
        // Every style's built-in templates render every spec of this repository strictly (GoldenTests); a
        // template that names a key its view model lacks stops the run at the tag.
        for style in OutputStyle.all {
            var templates = TemplateSet.builtin(for: style)
            templates.templates["Repository.swift"] = "{{> _header}}\n{{#endpoints}}\n// {{signatur}}\n{{/endpoints}}\n"
            let library = try templates.library(templatesPath: nil)
            let spec = #"{ "endpoints": [{ "name": "a", "method": "GET", "path": "/a" }] }"#
            XCTAssertThrowsError(try Pipeline.generate(
                file: SpecFile(path: "s.json", text: spec), library: library,
                options: GenerateOptions(style: style, templates: templates))
            ) { error in
                let text = (error as? DiagnosticsError)?.diagnostics.map(\.description).joined() ?? "\(error)"
                XCTAssertEqual(
                    text, "<built-in>/Repository.swift.mustache:3:4: error: cannot render template 'Repository.swift': "
                        + "no value named 'signatur' to render here", style.name)
            }
        }
    }
}
