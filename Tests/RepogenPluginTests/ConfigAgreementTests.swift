import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// The build plugin reads a target's config without repogen's parser (a plugin can link no library of ours): JSON
/// with JSONSerialization, YAML with RepogenFacts' line readers. Whatever it reads must be what `Config.load` reads,
/// or the plugin refuses the config with an error: it never reads another list of specs, style, templates folder or
/// mocks mode than repogen does.
final class ConfigAgreementTests: XCTestCase {
    /// Read alike; refused as a form the plugin does not read (or its `specs` as one); not a valid config.
    enum Expected { case agree, refused, refusedSpecs, invalid }

    static let yamlCases: [(String, Expected)] = [
        ("specs: [Specs]\noutput: Generated\n", .agree),
        ("specs: Specs\n", .agree),
        ("specs: shop.yaml   # the one spec\n", .agree),
        ("specs: [a.yaml, \"b c.yaml\", 'd''s.yaml']\n", .agree),
        ("specs:\n  - a.yaml\n  - \"b.yaml\"  # second\n\n  # a comment\n  - 'Specs/c.yml'\nstyle: tca\n", .agree),
        ("specs:\n- a.yaml\n- b.yaml\nmocks: only\n", .agree),
        ("# repogen\n---\nspecs: [a.yaml]\nstyle: 'async-throws' # the shape\ntemplates: \"My Templates\"\nmocks: none\n", .agree),
        ("specs:\r\n  - a.yaml\r\n  - b.yaml\r\nstyle: clean\r\ntemplates: tpl\r\n", .agree),
        ("specs: [a.yaml, b.yaml]\r\ntemplates: ../../Templates\r\n", .agree),
        ("\u{FEFF}specs: [a.yaml]\nstyle: completion\n", .agree),
        ("specs: [a.yaml,\n  b.yaml,   # two\n  c.yaml]\nstyle: tca\n", .agree),
        ("specs: ['a, b.yaml', c.yaml]\n", .agree),
        ("specs: [\"x #1.yaml\", y.yaml] # two\n", .agree),
        ("specs: a#b.yaml\n", .agree),
        ("imports: [ShopAPI]\nspecs: [../ShopAPI/shop.yaml]\nmocks: only\naccessLevel: public\nruntimeModule: RepogenRuntime\n", .agree),
        ("specs: []\n", .agree),
        ("style: tca\n", .agree),
        ("specs: [/tmp/specs/a.yaml]\ntemplates: /tmp/templates\n", .agree),
        ("templates: ../../Templates/\nspecs: [Specs/]\n", .agree),
        ("specs: [\"dir\\/a.yaml\", \"b\\\"c.yaml\"]\n", .agree),
        ("style: tca   \nspecs:   [ a.yaml ,b.yaml ]   \n", .agree),
        ("specs:\n    - a.yaml\n    - b.yaml\n\nstyle: result\n", .agree),
        ("output: Generated\nstyle: result\nspecs: [shop.repogen.yaml]\ntemplates: My Templates\n", .agree),
        ("style:\ttca\nspecs: [a.yaml]\n", .agree),
        ("specs: [a.yaml, b.yaml,]\n", .agree),
        ("  specs: [a.yaml]\n  style: tca\n", .refused),
        ("specs: [ ]\n", .agree),
        ("specs: ~\n", .invalid),
        ("specs: [a.yaml]\nstyle: \"tca\"   # quoted\n", .agree),
        ("specs: |\n  a.yaml\n", .refused),
        ("specs:\n  [a.yaml, b.yaml]\n", .agree),
        ("specs:\n  [a.yaml,\n   b.yaml]  # two\nstyle: tca\n", .agree),
        ("specs:\n  Specs\n", .refusedSpecs),
        ("templates: >\n  tpl\nspecs: [a.yaml]\n", .refused),
        // Forms the line readers do not read: refused, never misread.
        ("{specs: [a.yaml], style: tca}\n", .refused),
        ("\"specs\": [a.yaml]\n", .refused),
        ("'style': tca\nspecs: [a.yaml]\n", .refused),
        // Not configs at all: repogen reports them at their line, and so does the plugin's build command.
        ("specs: [a.yaml\n", .invalid),
        ("specs: 3\n", .invalid),
        ("style: results\nspecs: [a.yaml]\n", .invalid),
        ("mocks: sometimes\nspecs: [a.yaml]\n", .invalid),
    ]

    static let jsonCases: [(String, Expected)] = [
        (#"{"specs": ["Specs"], "output": "Generated"}"#, .agree),
        (#"{"specs": "shop.json", "style": "tca", "mocks": "only", "templates": "tpl"}"#, .agree),
        ("{\r\n  \"specs\": [\"a.json\", \"b.yaml\"],\r\n  \"accessLevel\": \"internal\"\r\n}\r\n", .agree),
        (#"{"specs": ["a\/b.json", "c\u0020d.json"], "imports": ["ShopAPI"], "mocks": "none"}"#, .agree),
        (#"{"style": "clean"}"#, .agree),
        (#"{"specs": []}"#, .agree),
        (#"{"specs": [3]}"#, .invalid),
        (#"{"specs": ["a.json"],}"#, .invalid),
    ]

    func testThePluginReadsEveryConfigAsRepogenDoesOrRefusesIt() throws {
        var agreed = 0
        let cases = Self.yamlCases.map { (text: $0.0, expected: $0.1, format: "yaml") }
            + Self.jsonCases.map { (text: $0.0, expected: $0.1, format: "json") }
        for (index, (text, expected, format)) in cases.enumerated() {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("Sources/ShopAPI/repogen.\(format)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            let label = "case \(index) (\(format)): \(text.debugDescription)"

            let loaded = Result { () throws(DiagnosticsError) -> Config in try Config.load(url.path) }
            let read = BuildPlan.Settings.read(url)
            switch (expected, loaded, read) {
            case (.agree, .success(let config), .success(let settings)):
                agreed += 1
                XCTAssertEqual(settings.specs.map { standardized(BuildPlan.resolve($0, relativeTo: url)) }, config.specs.map(standardized), label)
                XCTAssertEqual(settings.style, config.style?.name, label)
                XCTAssertEqual(settings.mocks, config.mocks?.rawValue, label)
                XCTAssertEqual(settings.templates.map(standardized), config.templates.map(standardized), label)
            case (.refused, .success, .failure(let problem)):
                XCTAssertTrue(problem.message.contains("reads a YAML config's top-level keys one per line"), "\(label): \(problem)")
            case (.refusedSpecs, .success, .failure(let problem)):
                XCTAssertTrue(problem.message.contains("cannot read 'specs' in this form"), "\(label): \(problem)")
            case (.invalid, .failure, _):
                // The plugin may read something or refuse; repogen reports the config's error at its line either way.
                break
            default:
                XCTFail("\(label): expected \(expected), repogen read \(loaded), the plugin \(read)")
            }
        }
        XCTAssertGreaterThanOrEqual(agreed, 25)
    }

    func testTheLineReadersDirectly() {
        XCTAssertEqual(RepogenFacts.topLevelYAMLList("specs", in: "specs: [a.yaml,\n  'b, c.yaml']\n"), ["a.yaml", "b, c.yaml"])
        XCTAssertEqual(RepogenFacts.topLevelYAMLList("specs", in: "specs:\r\n  - a.yaml # one\r\n  - b.yaml\r\n"), ["a.yaml", "b.yaml"])
        XCTAssertEqual(RepogenFacts.topLevelYAMLList("specs", in: "specs: \"it's.yaml\"\n"), ["it's.yaml"])
        XCTAssertNil(RepogenFacts.topLevelYAMLList("specs", in: "specs: [a.yaml\nstyle: tca\n"))
        XCTAssertNil(RepogenFacts.topLevelYAMLList("specs", in: "style: tca\n"))
        XCTAssertEqual(RepogenFacts.topLevelYAMLSetting("templates", in: "\u{FEFF}templates: 'tpl' # ours\r\n"), "tpl")
        XCTAssertEqual(RepogenFacts.topLevelYAMLSetting("templates", in: "templates: \"a # b\"\n"), "a # b")
        XCTAssertEqual(RepogenFacts.topLevelYAMLSetting("mocks", in: "specs: [a]\nmocks: only\n"), "only")
        XCTAssertNil(RepogenFacts.topLevelYAMLSetting("style", in: "  style: tca\n"))
    }

    func testThisTargetCompilesThePluginsFilesNotCopies() {
        let root = PackagePaths.root
        for (here, there) in [
            ("Tests/RepogenPluginTests/BuildPlan.swift", "Plugins/RepogenBuildPlugin/BuildPlan.swift"),
            ("Tests/RepogenPluginTests/RepogenFacts.swift", "Sources/RepogenCore/Shared/RepogenFacts.swift"),
            ("Plugins/RepogenCheckPlugin/RepogenCommand.swift", "Plugins/RepogenCommandPlugin/RepogenCommand.swift"),
        ] {
            XCTAssertEqual(
                root.appendingPathComponent(here).resolvingSymlinksInPath().path,
                root.appendingPathComponent(there).resolvingSymlinksInPath().path, "\(here) must be a symbolic link to \(there)")
        }
    }

    func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
    func standardized(_ url: URL) -> String { url.standardizedFileURL.path }
}

func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-plugin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.resolvingSymlinksInPath()
}
