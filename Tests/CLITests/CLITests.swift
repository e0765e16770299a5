import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// Runs the built `repogen` binary as a user would, in a fresh temporary folder per test.
class CLITestCase: XCTestCase {
    static let root = PackagePaths.root

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    var binary: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("repogen")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("repogen")
    }

    var workDirectory: URL!
    /// The user's cache folder of this test's runs (`XDG_CACHE_HOME`), beside the work folder, so that the record of
    /// a run (kept there, since no package is around the work folder) is neither in the work folder nor in the
    /// cache of the user who runs the tests.
    var cacheHome: URL!

    override func setUpWithError() throws {
        let id = UUID().uuidString
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-cli-\(id)")
        cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-cli-cache-\(id)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        try XCTSkipUnless(FileManager.default.fileExists(atPath: binary.path), "repogen is not built at \(binary.path)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workDirectory)
        try? FileManager.default.removeItem(at: cacheHome)
    }

    /// The environment of every run: this test's cache folder, and no `REPOGEN_CACHE_DIR` from outside.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["REPOGEN_CACHE_DIR"] = nil
        environment["XDG_CACHE_HOME"] = cacheHome.path
        return environment.merging(extra) { $1 }
    }

    /// Where the record of the runs into `output` (below the work folder) is, once it exists.
    func recordPath(output: String = "Generated") -> String {
        let real = RecordLocation.realPath(workDirectory.appendingPathComponent(output).path) ?? ""
        return cacheHome.path + "/repogen/records/" + RecordLocation.recordName(forOutput: real)
    }

    @discardableResult
    func run(_ arguments: [String], executable: URL? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.environment = self.environment(environment)
        process.currentDirectoryURL = workDirectory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func write(_ text: String, to name: String) throws {
        let url = workDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: workDirectory.path)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String { result.append(path) }
        return result.sorted()
    }

    let validSpec = #"{"endpoints": [{"name": "fetchItem", "method": "GET", "path": "/items/{id}", "inputs": [{"name": "id", "type": "Int"}], "response": "String"}]}"#

}

/// The command line's output, errors and exit codes.
final class CLITests: CLITestCase {
    func testHelpAndVersion() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: repogen <command>"))
        let generateHelp = try run(["generate", "--help"])
        XCTAssertTrue(generateHelp.stdout.contains("--templates <dir>"))
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertNotNil(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression), version.stdout)
    }

    func testUsageErrorsExitWith2AndAHint() throws {
        let unknown = try run(["generate", "a.json", "--ouput", "x"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "error: unknown option '--ouput'; did you mean '--output'?\nhint: see 'repogen generate --help'\n")
        let missing = try run(["generate"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("error: missing spec file"))
        XCTAssertEqual(try run(["generat"]).stderr, "error: unknown command 'generat'; did you mean 'generate'?\nhint: see 'repogen --help'\n")
        XCTAssertEqual(try run(["generate", "a.json", "--output"]).status, 2)
    }

    func testGenerateWritesEveryArtifactWithAHeader() throws {
        try write(validSpec, to: "Specs/item.json")
        let result = try run(["generate", "Specs/item.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            files(),
            ["Generated", "Generated/Item", "Generated/Item/ItemApi.swift", "Generated/Item/ItemModels.swift",
             "Generated/Item/ItemRepository.swift", "Generated/Item/MockItemRepository.swift", "Specs", "Specs/item.json"])
        let api = try String(contentsOf: workDirectory.appendingPathComponent("Generated/Item/ItemApi.swift"), encoding: .utf8)
        XCTAssertTrue(api.hasPrefix("// Generated by repogen 0.3.0 from Specs/item.json. Do not edit.\n"))
        XCTAssertTrue(result.stdout.contains("4 written, 0 unchanged"))
    }

    func testSecondRunLeavesFilesAndTheirModificationTimesAlone() throws {
        try write(validSpec, to: "item.json")
        try run(["generate", "item.json", "--output", "Out"])
        let path = workDirectory.appendingPathComponent("Out/Item/ItemApi.swift").path
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let second = try run(["generate", "item.json", "--output", "Out"])
        XCTAssertTrue(second.stdout.contains("0 written, 4 unchanged"), second.stdout)
        let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        XCTAssertEqual(date, old)
    }

    func testBadInputWritesNothingAndNamesTheFile() throws {
        try write(validSpec, to: "good.json")
        try write("{\"endpoints\": [\n  {\"name\": \"a\", \"method\": \"GET\"}\n]}", to: "bad.json")
        let result = try run(["generate", "good.json", "bad.json", "missing.json"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(
            result.stderr,
            """
            bad.json:2:3: error: an endpoint is missing the required key 'path'
            missing.json: error: no such spec file
            2 errors; nothing was written

            """)
        XCTAssertEqual(files(), ["bad.json", "good.json"])
    }

    func testUnreadableJSONGivesLineAndColumn() throws {
        try write("{\"endpoints\": [\n  {\"name\": \"a\",, }\n]}", to: "broken.json")
        let result = try run(["generate", "broken.json"])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.hasPrefix("broken.json:2:16: error: unexpected character ','"), result.stderr)
    }

    func testAFolderInsteadOfASpec() throws {
        try FileManager.default.createDirectory(at: workDirectory.appendingPathComponent("dir.json"), withIntermediateDirectories: true)
        let result = try run(["generate", "dir.json"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stderr, "dir.json: error: the folder has no spec files (.json, .yaml or .yml)\n1 error; nothing was written\n")
    }

    func testCheckModeReportsADiffAndWritesNothing() throws {
        try write(validSpec, to: "item.json")
        let missing = try run(["generate", "item.json", "--check"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("--- /dev/null\n+++ b/Generated/Item/ItemApi.swift\n"), missing.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("Generated").path))

        XCTAssertEqual(try run(["generate", "item.json"]).status, 0)
        XCTAssertEqual(try run(["generate", "item.json", "--check"]).status, 0)

        try write(validSpec.replacingOccurrences(of: "/items/{id}", with: "/v2/items/{id}"), to: "item.json")
        let changed = try run(["generate", "item.json", "--check"])
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.stdout.contains("-            return \"/items/\\(PathComponent(id))\"\n+            return \"/v2/items/\\(PathComponent(id))\"\n"), changed.stdout)
        XCTAssertTrue(changed.stdout.contains("--- a/Generated/Item/ItemApi.swift\n+++ b/Generated/Item/ItemApi.swift\n@@ "))
    }

    func testNeverOverwritesAFileRepogenDidNotWrite() throws {
        try write(validSpec, to: "item.json")
        try write("// my own code\n", to: "Generated/Item/ItemApi.swift")
        let result = try run(["generate", "item.json"])
        XCTAssertEqual(result.status, 4)
        XCTAssertTrue(result.stderr.contains("refusing to overwrite a file that repogen did not generate"), result.stderr)
        XCTAssertEqual(try String(contentsOf: workDirectory.appendingPathComponent("Generated/Item/ItemApi.swift"), encoding: .utf8), "// my own code\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("Generated/Item/ItemRepository.swift").path))
    }

    func testCustomTemplatesReplaceOneBuiltInTemplate() throws {
        try write(validSpec, to: "item.json")
        try write("// Generated by repogen, custom\n{{#endpoints}}\n// {{caseName}}: {{resultType}}\n{{/endpoints}}\n", to: "tpl/Mock.swift.mustache")
        let result = try run(["generate", "item.json", "--templates", "tpl"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let mock = try String(contentsOf: workDirectory.appendingPathComponent("Generated/Item/MockItemRepository.swift"), encoding: .utf8)
        XCTAssertEqual(mock, "// Generated by repogen, custom\n#if DEBUG\n// fetchItem: Result<String, Error>\n#endif\n")
        let api = try String(contentsOf: workDirectory.appendingPathComponent("Generated/Item/ItemApi.swift"), encoding: .utf8)
        XCTAssertTrue(api.contains("enum ItemApi {"))
    }

    func testAUserTemplateNamingAMissingKeyGetsAWarningAtTheTag() throws {
        try write(validSpec, to: "item.json")
        try write("// Generated by repogen, custom\n{{#endpoints}}\n// {{caseNmae}} {{caseName}}\n{{/endpoints}}\n", to: "tpl/Mock.swift.mustache")
        let result = try run(["generate", "item.json", "--templates", "tpl"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "tpl/Mock.swift.mustache:3:4: warning: no value named 'caseNmae' to render here (rendered as nothing; see Documentation/Templates.md, 'The view model')\n")
        let mock = try String(contentsOf: workDirectory.appendingPathComponent("Generated/Item/MockItemRepository.swift"), encoding: .utf8)
        XCTAssertEqual(mock, "// Generated by repogen, custom\n#if DEBUG\n//  fetchItem\n#endif\n")
    }

    func testBrokenTemplateIsAnErrorWithItsLocation() throws {
        try write(validSpec, to: "item.json")
        try write("line one\n{{#endpoints}}\n", to: "tpl/Mock.swift.mustache")
        let result = try run(["generate", "item.json", "--templates", "tpl"])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.hasPrefix("tpl/Mock.swift.mustache:2:"), result.stderr)
        XCTAssertEqual(files(), ["item.json", "tpl", "tpl/Mock.swift.mustache"])
    }

    func testTemplateThatFansOutStopsWithATemplateError() throws {
        // Forty partials, each including the next twice: 2^40 renders, stopped by the render budget. (The last
        // one's 1,000 empty lines make most of the 50 million steps cheap ones, so the debug build stops sooner.)
        try write(validSpec, to: "item.json")
        try write("{{fileHeader}}\n{{>fan0}}\n", to: "tpl/Mock.swift.mustache")
        for index in 0..<40 {
            try write("{{>fan\(index + 1)}}{{>fan\(index + 1)}}", to: "tpl/fan\(index).mustache")
        }
        try write(String(repeating: "\n", count: 1_000), to: "tpl/fan40.mustache")
        let result = try run(["generate", "item.json", "--templates", "tpl"])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.hasPrefix("tpl/fan"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                ": error: cannot render template 'Mock.swift': rendering stopped: the template expands to more than "
                    + "50000000 steps (do partials include each other in a loop or fan out?)\n1 error; nothing was written\n"),
            result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("Generated").path))
    }
}
