import Foundation
import XCTest

/// The build plugin passes each command the plan it made (`--build-plan`); SwiftPM keeps a plan until
/// `Package.swift` or the target's files change, so a command that runs after its config changed must say the plan
/// is stale (and how to refresh it) instead of generating what the config no longer says.
final class StalePlanTests: CLITestCase {
    let spec = "endpoints:\n  - { name: fetchItems, method: GET, path: /items, response: String }\n"

    func plan(_ specs: [String], style: String? = nil, mocks: String? = nil, modelFiles: [String: Int] = [:]) -> String {
        var object: [String: Any] = [
            "target": "ShopAPI", "specs": specs.map { workDirectory.appendingPathComponent($0).standardizedFileURL.path },
        ]
        if !modelFiles.isEmpty {
            object["specModelFiles"] = Dictionary(uniqueKeysWithValues: modelFiles.map {
                (workDirectory.appendingPathComponent($0.key).standardizedFileURL.path, $0.value)
            })
        }
        if let style { object["style"] = style }
        if let mocks { object["mocks"] = mocks }
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    func generate(_ spec: String, plan: String) throws -> Output {
        try run([
            "generate", workDirectory.appendingPathComponent(spec).path, "--output", "Out", "--quiet",
            "--config", workDirectory.appendingPathComponent("Sources/ShopAPI/repogen.yaml").path,
            "--build-plan", plan, "--mocks", "debug", "--style", "result",
        ])
    }

    func testAPlanThatMatchesTheConfigGenerates() throws {
        try write("specs: [shop.yaml]\n", to: "Sources/ShopAPI/repogen.yaml")
        try write(spec, to: "Sources/ShopAPI/shop.yaml")
        let result = try generate("Sources/ShopAPI/shop.yaml", plan: plan(["Sources/ShopAPI/shop.yaml"]))
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(files().contains("Out/ShopModels.swift") || files().contains("Out/Shop/ShopModels.swift"), "\(files())")
    }

    func testASpecAddedToTheConfigAfterThePlanIsAStalePlanError() throws {
        try write("specs: [shop.yaml, user.yaml]\n", to: "Sources/ShopAPI/repogen.yaml")
        try write(spec, to: "Sources/ShopAPI/shop.yaml")
        try write(spec, to: "Sources/ShopAPI/user.yaml")
        let result = try generate("Sources/ShopAPI/shop.yaml", plan: plan(["Sources/ShopAPI/shop.yaml"]))
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(
            result.stderr,
            workDirectory.appendingPathComponent("Sources/ShopAPI/repogen.yaml").path
                + ":1:8: error: the build plugin's plan for target 'ShopAPI' is stale: 'specs' now names 'user.yaml', "
                + "which the plan does not generate; SwiftPM plans the build again only when Package.swift or the "
                + "target's list of files changes: run 'touch Package.swift' and build again (in Xcode, Product → Clean "
                + "Build Folder)\n1 error; nothing was written\n")
        XCTAssertFalse(files().contains("Out"), "nothing half-written: \(files())")
    }

    func testASpecRemovedFromTheConfigAndAChangedStyleAreStale() throws {
        try write("specs: [shop.yaml]\nstyle: tca\n", to: "Sources/ShopAPI/repogen.yaml")
        try write(spec, to: "Sources/ShopAPI/shop.yaml")
        try write(spec, to: "Sources/ShopAPI/user.yaml")
        let result = try generate(
            "Sources/ShopAPI/shop.yaml", plan: plan(["Sources/ShopAPI/shop.yaml", "Sources/ShopAPI/user.yaml"]))
        XCTAssertEqual(result.status, 3)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.stderr)
        XCTAssertTrue(lines[0].hasSuffix(
            "repogen.yaml:1:8: error: the build plugin's plan for target 'ShopAPI' is stale: 'specs' no longer names "
                + "'user.yaml', which the plan still generates; SwiftPM plans the build again only when Package.swift "
                + "or the target's list of files changes: run 'touch Package.swift' and build again (in Xcode, Product → "
                + "Clean Build Folder)"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix(
            "repogen.yaml:2:8: error: the build plugin's plan for target 'ShopAPI' is stale: 'style' is 'tca', but the "
                + "plan was made with none; SwiftPM plans the build again only when Package.swift or the target's list "
                + "of files changes: run 'touch Package.swift' and build again (in Xcode, Product → Clean Build Folder)"),
            lines[1])
        XCTAssertEqual(lines[2], "2 errors; nothing was written")
        XCTAssertFalse(files().contains("Out"))
    }

    /// A spec outside the target is named as the config names it.
    func testASpecOutsideTheTargetIsNamedRelativeToTheConfig() throws {
        try write("specs: [shop.yaml, ../../Specs/user.yaml]\n", to: "Sources/ShopAPI/repogen.yaml")
        try write(spec, to: "Sources/ShopAPI/shop.yaml")
        try write(spec, to: "Specs/user.yaml")
        let result = try generate("Sources/ShopAPI/shop.yaml", plan: plan(["Sources/ShopAPI/shop.yaml"]))
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(
            result.stderr.contains("is stale: 'specs' now names '../../Specs/user.yaml', which the plan does not generate;"),
            result.stderr)
    }

    /// A spec's own style is read when the plan is made: changing it needs a new plan too.
    func testASpecsOwnStyleChangedAfterThePlanIsStale() throws {
        try write("specs: [shop.yaml]\n", to: "Sources/ShopAPI/repogen.yaml")
        try write("style: completion\n" + spec, to: "Sources/ShopAPI/shop.yaml")
        let result = try generate("Sources/ShopAPI/shop.yaml", plan: plan(["Sources/ShopAPI/shop.yaml"]))
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                workDirectory.appendingPathComponent("Sources/ShopAPI/shop.yaml").path
                    + ":1:8: error: the build plugin's plan for target 'ShopAPI' is stale: this spec's 'style' is "
                    + "'completion', but the plan was made with none; SwiftPM plans"), result.stderr)
        XCTAssertFalse(files().contains("Out"))
    }

    func testAPlanThatIsNotOneIsAnError() throws {
        try write("specs: [shop.yaml]\n", to: "Sources/ShopAPI/repogen.yaml")
        try write(spec, to: "Sources/ShopAPI/shop.yaml")
        let result = try generate("Sources/ShopAPI/shop.yaml", plan: "{}")
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "repogen.yaml: error: '--build-plan' is not a plan the build plugin writes\n1 error; nothing was written\n"),
            result.stderr)
    }

    /// A spec's own `modelFiles` decides its outputs, which the plan declared: changing it needs a new plan too.
    func testASpecsModelFilesChangedAfterThePlanIsStale() throws {
        try write("specs: [shop.yaml]\n", to: "Sources/ShopAPI/repogen.yaml")
        try write("modelFiles: 3\n" + spec, to: "Sources/ShopAPI/shop.yaml")
        let planned = plan(["Sources/ShopAPI/shop.yaml"], modelFiles: ["Sources/ShopAPI/shop.yaml": 2])
        let result = try generate("Sources/ShopAPI/shop.yaml", plan: planned)
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                workDirectory.appendingPathComponent("Sources/ShopAPI/shop.yaml").path
                    + ":1:13: error: the build plugin's plan for target 'ShopAPI' is stale: this spec's 'modelFiles' is "
                    + "'3', but the plan was made with '2'; SwiftPM plans"), result.stderr)
        XCTAssertFalse(files().contains("Out"))
        // The plan as made from the spec as it is generates the files it declared.
        let current = plan(["Sources/ShopAPI/shop.yaml"], modelFiles: ["Sources/ShopAPI/shop.yaml": 3])
        let fresh = try generate("Sources/ShopAPI/shop.yaml", plan: current)
        XCTAssertEqual(fresh.stderr, "")
        XCTAssertEqual(fresh.status, 0)
        XCTAssertEqual(files().filter { $0.hasPrefix("Out/") && $0.contains("Models") }.sorted(), [
            "Out/Shop/ShopModels.swift", "Out/Shop/ShopModels2.swift", "Out/Shop/ShopModels3.swift",
        ])
    }
}
