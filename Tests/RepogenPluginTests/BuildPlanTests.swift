import Foundation
import RepogenCore
import XCTest

/// Which files the build plugin reads, and what it tells SwiftPM (or Xcode) each command reads and writes.
final class BuildPlanTests: XCTestCase {
    var folder: URL!
    var target: URL { folder.appendingPathComponent("Sources/ShopAPI") }
    var output: URL { folder.appendingPathComponent(".build/plugins/outputs/ShopAPI/Generated") }
    var cache: URL { folder.appendingPathComponent(".build/plugins/outputs/ShopAPI/Cache") }

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes files below the target's folder and returns their URLs (the target's files, as SwiftPM lists them).
    @discardableResult
    func write(_ files: [String: String], in base: URL? = nil) throws -> [URL] {
        try files.keys.sorted().map { path in
            let url = (base ?? target).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(files[path]!.utf8).write(to: url)
            return url
        }
    }

    let spec = "endpoints:\n  - { name: fetchProducts, method: GET, path: /products, response: String }\n"

    func plan(_ files: [URL], packageConfig: URL? = nil) -> BuildPlan {
        BuildPlan.make(targetName: "ShopAPI", files: files, output: output, cache: cache, packageConfig: packageConfig)
    }

    func names(_ urls: [URL], below base: URL) -> [String] {
        urls.map { String($0.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1)) }
    }

    func testWithoutAConfigOnlyFilesNamedAsSpecsAreRead() throws {
        let files = try write([
            "shop.repogen.yaml": spec, "Fixtures/product.json": #"{"productId": 1}"#, "other.yaml": "a: b\n",
            "ProductList.swift": "", "repogen.yaml.orig": "", ".repogen.yaml": spec,
        ])
        let plan = plan(files)
        XCTAssertEqual(plan.errors, [])
        XCTAssertEqual(plan.warnings, [])
        XCTAssertEqual(plan.steps.map(\.spec.lastPathComponent), ["shop.repogen.yaml"])
        let step = try XCTUnwrap(plan.steps.first)
        // Each spec's files in a folder of their own, named after its domain.
        XCTAssertEqual(names(step.outputs, below: output), [
            "Shop/Shop/ShopModels.swift", "Shop/Shop/ShopApi.swift", "Shop/Shop/ShopRepository.swift",
            "Shop/Shop/MockShopRepository.swift",
        ])
        XCTAssertEqual(step.inputs, [target.appendingPathComponent("shop.repogen.yaml")])
        // The plan the command belongs to (checked against the spec when it runs), then the rest.
        var arguments = step.arguments
        let planIndex = try XCTUnwrap(arguments.firstIndex(of: "--build-plan"))
        XCTAssertEqual(
            PlannedBuild(json: arguments[planIndex + 1]),
            PlannedBuild(target: "ShopAPI", specs: [target.appendingPathComponent("shop.repogen.yaml").standardizedFileURL.path]))
        arguments.removeSubrange(planIndex...planIndex + 1)
        XCTAssertEqual(arguments, [
            "generate", target.appendingPathComponent("shop.repogen.yaml").path,
            "--output", output.appendingPathComponent("Shop").path, "--quiet", "--mocks", "debug",
            // The record of its runs in the plugin's work folder, beside the output, never in the package.
            "--cache-dir", cache.path, "--style", "result",
        ])
    }

    func testAConfigSaysExactlyWhichSpecs() throws {
        let files = try write([
            "repogen.yaml": "specs: [shop.yaml, Specs]\noutput: Elsewhere\n",
            "shop.yaml": spec, "Specs/b.json": #"{"endpoints": []}"#, "Specs/nested/a.yml": spec, "Specs/readme.txt": "",
            "Fixtures/product.json": #"{"productId": 1}"#, "unnamed.repogen.yaml": spec, "ProductList.swift": "",
        ])
        let plan = plan(files)
        XCTAssertEqual(plan.errors, [])
        XCTAssertEqual(names(plan.steps.map(\.spec), below: target), ["shop.yaml", "Specs/b.json", "Specs/nested/a.yml"])
        for step in plan.steps {
            XCTAssertEqual(step.inputs, [step.spec, target.appendingPathComponent("repogen.yaml")])
            // The config's output is not where the build's files go.
            XCTAssertEqual(step.arguments[2...5], ["--output", output.appendingPathComponent(RepogenFacts.domain(forSpecPath: step.spec.path)).path, "--quiet", "--config"])
            XCTAssertTrue(step.outputs.allSatisfy { $0.path.hasPrefix(output.path + "/") })
        }
    }

    func testAFolderIsReadAsRepogenReadsIt() throws {
        let specs = folder.appendingPathComponent("Specs")
        try write(["z.yaml": spec, "a/b.json": "{}", "a/.hidden.yml": spec, "c.txt": "", "d.yaml.bak": "", "e.JSON": "{}"], in: specs)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let expanded = try BuildPlan.expand("../../Specs", relativeTo: target.appendingPathComponent("repogen.yaml")).get()
        XCTAssertEqual(expanded.map { $0.standardizedFileURL.path }, try SpecPaths.expand([specs.path]).map {
            URL(fileURLWithPath: $0).standardizedFileURL.path
        })
        XCTAssertEqual(names(expanded, below: specs), ["a/.hidden.yml", "a/b.json", "z.yaml"])
    }

    func testTheConfigsSettingsAndASpecsOwnStyle() throws {
        let files = try write([
            "repogen.yml": "specs:\n  - ledger.yaml\n  - reminder.yaml\n  - plain.json\nstyle: tca\nmocks: inline\n",
            "ledger.yaml": spec, "reminder.yaml": spec, "plain.json": #"{"style": "result", "endpoints": []}"#,
        ])
        let steps = plan(files).steps
        XCTAssertEqual(steps.count, 3)
        // tca's APIError.swift is the first tca spec's output; the second leaves it out.
        XCTAssertEqual(names(steps[0].outputs, below: output.appendingPathComponent("Ledger")), [
            "Ledger/LedgerModels.swift", "Ledger/LedgerApi.swift", "Ledger/LedgerRepository.swift", "Ledger/LedgerClient.swift",
            "Ledger/LedgerClient+Live.swift", "Ledger/LedgerClient+Mock.swift", "APIError.swift",
        ])
        XCTAssertFalse(steps[0].arguments.contains("--no-shared-files"))
        XCTAssertTrue(steps[1].arguments.contains("--no-shared-files"))
        XCTAssertFalse(steps[1].outputs.contains { $0.lastPathComponent == "APIError.swift" })
        // The spec's own style wins, and is what the tool is told.
        XCTAssertEqual(names(steps[2].outputs, below: output).last, "Plain/Plain/MockPlainRepository.swift")
        XCTAssertEqual(Array(steps[2].arguments.suffix(6)), ["--mocks", "inline", "--cache-dir", cache.path, "--style", "result"])
    }

    /// A spec's `modelFiles` (JSON or YAML) lists that many models files, and goes into the plan.
    func testASpecsModelFilesListsItsModelsFiles() throws {
        let files = try write([
            "repogen.yaml": "specs: [big.yaml, huge.json, bad.yaml]\n",
            "big.yaml": "modelFiles: 3 # spread the models\n" + spec,
            "huge.json": #"{"modelFiles": 2, "endpoints": []}"#,
            "bad.yaml": "modelFiles: 0\n" + spec,
        ])
        let steps = plan(files).steps
        XCTAssertEqual(steps.count, 3)
        XCTAssertEqual(names(steps[0].outputs, below: output).filter { $0.contains("Models") }, [
            "Big/Big/BigModels.swift", "Big/Big/BigModels2.swift", "Big/Big/BigModels3.swift",
        ])
        XCTAssertEqual(names(steps[1].outputs, below: output).filter { $0.contains("Models") }, [
            "Huge/Huge/HugeModels.swift", "Huge/Huge/HugeModels2.swift",
        ])
        // Out of range: no outputs are declared, and repogen reports the value at its line.
        XCTAssertEqual(steps[2].outputs, [])
        let index = try XCTUnwrap(steps[0].arguments.firstIndex(of: "--build-plan"))
        let planned = try XCTUnwrap(PlannedBuild(json: steps[0].arguments[index + 1]))
        XCTAssertEqual(planned.specModelFiles, [
            // The target's files in name order: bad.yaml, big.yaml, huge.json, repogen.yaml.
            files[0].standardizedFileURL.path: 0, files[1].standardizedFileURL.path: 3,
            files[2].standardizedFileURL.path: 2,
        ])
    }

    func testMocksOnlyForATestSupportTargetAndNoneForTheModule() throws {
        let shop = try write(["shop.yaml": spec])[0]
        let support = folder.appendingPathComponent("Sources/ShopAPIMocks")
        let only = try write(["repogen.yaml": "specs: [../ShopAPI/shop.yaml]\nmocks: only\nimports: [ShopAPI]\n", "ShopFixtures.swift": ""], in: support)
        let onlyPlan = BuildPlan.make(targetName: "ShopAPIMocks", files: only, output: output, cache: cache)
        XCTAssertEqual(onlyPlan.steps.map { $0.spec.standardizedFileURL }, [shop.standardizedFileURL])
        XCTAssertEqual(onlyPlan.steps.flatMap { names($0.outputs, below: output) }, ["Shop/Shop/MockShopRepository.swift"])
        XCTAssertTrue(onlyPlan.steps[0].arguments.contains("only"))

        let module = try write(["repogen.yaml": "specs: [shop.yaml]\nmocks: none\n"])
        XCTAssertEqual(plan(module).steps.flatMap { names($0.outputs, below: output) }, [
            "Shop/Shop/ShopModels.swift", "Shop/Shop/ShopApi.swift", "Shop/Shop/ShopRepository.swift",
        ])
        // A mocks-only run of tca writes no APIError: it belongs with the module.
        try write(["repogen.yaml": "specs: [../ShopAPI/shop.yaml]\nmocks: only\nstyle: tca\n"], in: support)
        XCTAssertEqual(BuildPlan.make(targetName: "ShopAPIMocks", files: only, output: output, cache: cache).steps.flatMap { names($0.outputs, below: output) },
                       ["Shop/Shop/ShopClient+Mock.swift"])
    }

    func testTheTemplatesFolderAndEachTemplateAreInputs() throws {
        let templates = folder.appendingPathComponent("Templates")
        try write(["_header.mustache": "", "Mock.swift.mustache": "", "notes.txt": "", "old/Api.swift.mustache": ""], in: templates)
        // A Templates folder that nothing names is not an input.
        try write(["Templates/Api.swift.mustache": ""])
        let files = try write(["repogen.yaml": "specs: [shop.yaml]\r\ntemplates: ../../Templates\r\n", "shop.yaml": spec])
        let step = try XCTUnwrap(plan(files).steps.first)
        XCTAssertEqual(names(step.inputs, below: folder), [
            "Sources/ShopAPI/shop.yaml", "Sources/ShopAPI/repogen.yaml", "Templates", "Templates/Mock.swift.mustache",
            "Templates/_header.mustache",
        ])
        let index = try XCTUnwrap(step.arguments.firstIndex(of: "--templates"))
        XCTAssertEqual(URL(fileURLWithPath: step.arguments[index + 1]).standardizedFileURL.path, templates.standardizedFileURL.path)
    }

    func testATargetWithoutSpecsIsAnErrorNamingTheTwoWays() throws {
        let files = try write(["ProductList.swift": "", "Fixtures/product.json": "{}"])
        let plan = plan(files, packageConfig: folder.appendingPathComponent("repogen.json"))
        XCTAssertEqual(plan.steps, [])
        // An error, which stops the build before the compile errors it would otherwise be buried under.
        XCTAssertEqual(plan.warnings, [])
        XCTAssertEqual(plan.errors.count, 1)
        let error = try XCTUnwrap(plan.errors.first).message
        XCTAssertEqual(
            error,
            "target 'ShopAPI' applies RepogenBuildPlugin but has no spec: add a repogen.yaml (or repogen.json) to the target that names its specs under 'specs', or name a spec file in the target '<name>.repogen.yaml' (or .repogen.json, .repogen.yml) (the package's repogen.json is for 'repogen generate' and the command plugins; the build plugin reads only the target's files)")

        let config = try write(["repogen.json": #"{"style": "tca"}"#])
        XCTAssertEqual(self.plan(files + config).errors.first?.file, config[0])
        XCTAssertEqual(self.plan(files + config).warnings, [])
    }

    /// Each command carries the plan it belongs to, which repogen checks against the config and the spec when the
    /// command runs (CLITests' `StalePlanTests` check that side).
    func testEachCommandCarriesItsPlan() throws {
        let files = try write([
            "repogen.yaml": "specs: [shop.yaml, Specs]\nstyle: completion\nmocks: none\n",
            "shop.yaml": spec, "Specs/a.yaml": spec,
        ])
        let plan = plan(files)
        XCTAssertEqual(plan.errors, [])
        XCTAssertEqual(plan.steps.count, 2)
        for step in plan.steps {
            let index = try XCTUnwrap(step.arguments.firstIndex(of: "--build-plan"))
            let planned = try XCTUnwrap(PlannedBuild(json: step.arguments[index + 1]))
            XCTAssertEqual(planned, PlannedBuild(
                target: "ShopAPI",
                specs: [target.appendingPathComponent("shop.yaml"), target.appendingPathComponent("Specs/a.yaml")]
                    .map(\.standardizedFileURL.path),
                style: "completion", mocks: "none"))
        }
        // A spec's own style is part of the plan too, with a config or without.
        let marked = try write(
            ["x.repogen.yaml": "style: tca\n" + spec], in: folder.appendingPathComponent("Sources/Other"))
        let markedStep = try XCTUnwrap(self.plan(marked).steps.first)
        let index = try XCTUnwrap(markedStep.arguments.firstIndex(of: "--build-plan"))
        XCTAssertEqual(
            PlannedBuild(json: markedStep.arguments[index + 1]),
            PlannedBuild(
                target: "ShopAPI", specs: [marked[0].standardizedFileURL.path],
                specStyles: [marked[0].standardizedFileURL.path: "tca"]))
    }

    func testProblemsTheToolCouldNotReportAtALine() throws {
        // A spec the config names that is not there, and an empty folder.
        try FileManager.default.createDirectory(at: target.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        var files = try write(["repogen.yaml": "specs: [missing.yaml, Empty]\n"])
        var plan = plan(files)
        XCTAssertEqual(plan.steps, [])
        XCTAssertEqual(plan.errors.map(\.message), [
            "'specs' names 'missing.yaml', which does not exist (paths are relative to the config)",
            "'specs' names the folder 'Empty', which has no spec files (.json, .yaml or .yml)",
        ])
        // At the config's line (a plugin's diagnostic has no column).
        XCTAssertEqual(plan.errors.map(\.line), [1, 1])
        files = try write(["repogen.yaml": "style: result\nspecs:\n  - Empty\n  - missing.yaml\n"])
        XCTAssertEqual(self.plan(files).errors.map(\.line), [3, 4])
        XCTAssertTrue(self.plan(files).errors[0].description.hasSuffix("repogen.yaml:3: 'specs' names the folder 'Empty', which has no spec files (.json, .yaml or .yml)"))
        // Two configs.
        files += try write(["repogen.json": #"{"specs": []}"#])
        XCTAssertTrue(self.plan(files).errors.first?.message.contains("has 2 repogen configs") == true)
        // Two specs of one domain would write the same files.
        files = try write(["repogen.json": #"{"specs": ["a/shop.yaml", "b/shop.json", "a/shop.yaml", "a"]}"#, "a/shop.yaml": spec, "b/shop.json": "{}"])
        plan = self.plan(files.filter { $0.lastPathComponent != "repogen.yaml" })
        XCTAssertEqual(plan.steps, [])
        XCTAssertEqual(plan.errors.map(\.message), [
            "shop.yaml and shop.json are both the domain 'Shop' in target 'ShopAPI' and would write the same files; rename one of them (the file name gives the domain)",
        ])
        files = try write(["repogen.json": #"{"specs": ["shop-news.yaml", "shopNews.yaml"]}"#, "shop-news.yaml": spec, "shopNews.yaml": spec])
        XCTAssertEqual(self.plan(files.filter { $0.lastPathComponent != "repogen.yaml" }).errors.count, 1)
        files = try write(["repogen.json": #"{"specs": ["shopnews.yaml", "shopNews.yaml"]}"#, "shopnews.yaml": spec])
        XCTAssertEqual(self.plan(files.filter { $0.lastPathComponent != "repogen.yaml" }).errors.count, 1, "Shopnews and ShopNews")
        // A config the plugin cannot read.
        files = try write(["repogen.yaml": "{specs: [shop.yaml]}\n"])
        XCTAssertEqual(self.plan(files.filter { $0.lastPathComponent != "repogen.json" }).errors.count, 1)
    }

    /// A config or spec that is a FIFO is never read (the read would wait for a writer and hold up the build): the
    /// config is a problem, and the spec is left to repogen to report. A minute's limit guards against a hang.
    func testAFIFOIsNeverRead() throws {
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let config = target.appendingPathComponent("repogen.yaml")
        let spec = target.appendingPathComponent("shop.repogen.yaml")
        for fifo in [config, spec] {
            guard mkfifo(fifo.path, 0o644) == 0 else { throw XCTSkip("mkfifo failed") }
        }
        for files in [[config], [spec]] {
            let done = DispatchSemaphore(value: 0)
            let result = PlanBox()
            Thread { [output, cache] in
                result.plan = BuildPlan.make(targetName: "ShopAPI", files: files, output: output, cache: cache, packageConfig: nil)
                done.signal()
            }.start()
            if done.wait(timeout: .now() + 60) == .timedOut {
                XCTFail("the plan waited on a FIFO")
                for fifo in files {
                    let writer = open(fifo.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                    if writer >= 0 { _ = close(writer) }
                }
                _ = done.wait(timeout: .now() + 10)
                continue
            }
            if files == [config] {
                XCTAssertEqual(result.plan?.errors.map(\.message), ["cannot read the config"])
            } else {
                XCTAssertEqual(result.plan?.steps.map(\.spec.lastPathComponent), ["shop.repogen.yaml"])
            }
        }
    }

    func testAnUnknownStyleOrMocksModeIsLeftToRepogenToReport() throws {
        let files = try write(["repogen.yaml": "specs: [shop.yaml]\nstyle: results\nmocks: sometimes\n", "shop.yaml": spec])
        let step = try XCTUnwrap(plan(files).steps.first)
        XCTAssertEqual(step.outputs, [])
        XCTAssertFalse(step.arguments.contains("--style"))
        XCTAssertFalse(step.arguments.contains("--mocks"))
    }

    /// What the plugin declares is what repogen writes, for every style and mocks mode.
    func testTheDeclaredOutputsAreWhatRepogenWrites() {
        for style in OutputStyle.all {
            for mocks in MocksMode.allCases {
                XCTAssertEqual(
                    RepogenFacts.outputFiles(forSpecPath: "Specs/store-news.yaml", style: style.name, mocks: mocks.rawValue)?.map(\.relativePath),
                    OutputLayout.entries(forSpecPath: "Specs/store-news.yaml", style: style, mocks: mocks).map(\.relativePath),
                    "\(style.name) \(mocks)")
                XCTAssertEqual(
                    RepogenFacts.sharedFiles(style: style.name, mocks: mocks.rawValue)?.map(\.relativePath),
                    style.sharedFiles(mocks: mocks).map(\.relativePath), "\(style.name) \(mocks)")
            }
        }
    }
}

/// The plan a thread of `testAFIFOIsNeverRead` made (written before its semaphore is signalled, read after).
private final class PlanBox: @unchecked Sendable {
    var plan: BuildPlan?
}
