import Foundation
import XCTest

/// Config file, check mode with removals, safe writes and the templates commands, through the real binary.
final class WorkflowTests: CLITestCase {
    func read(_ name: String) throws -> String {
        try String(contentsOf: workDirectory.appendingPathComponent(name), encoding: .utf8)
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent(name).path)
    }

    func testConfigFileDrivesARunWithoutArguments() throws {
        try write(validSpec, to: "Specs/item.json")
        try write("specs: [Specs]\noutput: Sources/App/Generated\naccessLevel: internal\nimports: [Models]\n", to: "repogen.yaml")
        let result = try run(["generate"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let repository = try read("Sources/App/Generated/Item/ItemRepository.swift")
        XCTAssertTrue(repository.contains("\nprotocol ItemRepository: Sendable {"), repository)
        XCTAssertTrue(repository.contains("import Models\n"))
        XCTAssertFalse(repository.contains("public "))
        // Flags override the config.
        XCTAssertEqual(try run(["generate", "--access-level", "public", "--output", "Out"]).status, 0)
        XCTAssertTrue(try read("Out/Item/ItemRepository.swift").contains("public protocol ItemRepository"))
    }

    func testConfigErrorsHaveLineAndColumn() throws {
        try write("{\n  \"specs\": [\"Specs\"],\n  \"outptu\": \"Gen\",\n  \"accessLevel\": \"open\"\n}\n", to: "repogen.json")
        let result = try run(["generate"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(
            result.stderr,
            """
            repogen.json:3:3: error: unknown key 'outptu' in the config; did you mean 'output'? (valid keys: specs, output, templates, accessLevel, style, imports, runtimeModule, mocks)
            repogen.json:4:18: error: 'accessLevel' must be 'public' or 'internal'
            2 errors; nothing was written

            """)
    }

    /// What the config names that is wrong once it is read (no specs, a missing spec or templates folder, an output
    /// that is a file, a runtime module Swift cannot import) is an error at the line and column of that value, like
    /// every other config error: `specs: []` and `templates: /dev/null` gave errors that named only the file.
    func testEveryConfigErrorIsAtTheLineAndColumnOfItsValue() throws {
        try write(validSpec, to: "Specs/item.json")
        try FileManager.default.createDirectory(at: workDirectory.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        try write("{}", to: "a-file")
        let cases: [(config: String, name: String, stderr: String)] = [
            ("specs: []\n", "repogen.yaml",
             "repogen.yaml:1:8: error: the config lists no specs under 'specs'; name spec files or folders, like specs: [Specs]\n"),
            ("{\n  \"output\": \"Out\"\n}\n", "repogen.json",
             "repogen.json:1:1: error: the config lists no specs under 'specs'; name spec files or folders, like specs: [Specs]\n"),
            ("specs: [Specs]\ntemplates: /dev/null\n", "repogen.yaml",
             "repogen.yaml:2:12: error: 'templates' names '/dev/null', which is a file, not a folder\n"),
            ("specs: [Specs]\ntemplates: Nowhere\n", "repogen.yaml",
             "repogen.yaml:2:12: error: 'templates' names 'Nowhere', which does not exist\n"),
            ("specs:\n  - Specs\n  - missing.json\n  - Empty\n", "repogen.yaml",
             "repogen.yaml:3:5: error: 'specs' names 'missing.json', which does not exist\n"
                + "repogen.yaml:4:5: error: 'specs' names the folder 'Empty', which has no spec files (.json, .yaml or .yml)\n"),
            ("specs: Specs\noutput: a-file\n", "repogen.yaml",
             "repogen.yaml:2:9: error: 'output' names 'a-file', which is a file, not a folder\n"),
            ("specs: Specs\noutput: a-file/Generated\n", "repogen.yaml",
             "repogen.yaml:2:9: error: 'output' names 'a-file/Generated', which is inside 'a-file', a file, not a folder\n"),
            ("specs: [Specs]\nruntimeModule: class\n", "repogen.yaml",
             "repogen.yaml:2:16: error: 'class' is not a valid module name\n"),
        ]
        for (config, name, stderr) in cases {
            for other in ["repogen.json", "repogen.yaml"] {
                try? FileManager.default.removeItem(at: workDirectory.appendingPathComponent(other))
            }
            try write(config, to: name)
            let result = try run(["generate"])
            XCTAssertEqual(result.status, 3, config)
            let count = stderr.split(separator: "\n").count
            XCTAssertEqual(result.stderr, stderr + "\(count) error\(count == 1 ? "" : "s"); nothing was written\n", config)
            XCTAssertFalse(exists("Generated"), config)
        }
        // A config elsewhere: its path as given, and the paths it names relative to it.
        try write("specs: [../Specs, Nothing]\n", to: "Config/repogen.yaml")
        let elsewhere = try run(["generate", "-c", "Config/repogen.yaml"])
        XCTAssertEqual(
            elsewhere.stderr,
            "Config/repogen.yaml:1:19: error: 'specs' names 'Config/Nothing', which does not exist\n1 error; nothing was written\n")
        // A spec named twice, itself and through its folder, is one spec (as the build plugin reads it).
        try write("specs: [Specs, Specs/item.json]\noutput: Out\n", to: "repogen.yaml")
        let twice = try run(["generate"])
        XCTAssertEqual(twice.status, 0, twice.stderr)
        XCTAssertTrue(exists("Out/Item/ItemApi.swift"))
        // On the command line, the same paths are errors of the files themselves, as before.
        try FileManager.default.removeItem(at: workDirectory.appendingPathComponent("repogen.yaml"))
        XCTAssertEqual(
            try run(["generate", "missing.json"]).stderr, "missing.json: error: no such spec file\n1 error; nothing was written\n")
        XCTAssertEqual(
            try run(["generate", "Specs", "--templates", "/dev/null"]).stderr,
            "/dev/null: error: the templates folder is a file, not a folder\n1 error; nothing was written\n")
    }

    func testCheckModeAndWriteModeRemoveFilesWhoseSpecIsGone() throws {
        try write(validSpec, to: "Specs/item.json")
        try write(validSpec, to: "Specs/old.json")
        XCTAssertEqual(try run(["generate", "Specs"]).status, 0)
        try FileManager.default.removeItem(at: workDirectory.appendingPathComponent("Specs/old.json"))
        try write("// my own file\n", to: "Generated/Old/Notes.swift")

        let check = try run(["generate", "Specs", "--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("--- a/Generated/Old/OldApi.swift\n+++ /dev/null\n@@ -1,"), check.stdout)
        XCTAssertFalse(check.stdout.contains("Notes.swift"))
        XCTAssertTrue(exists("Generated/Old/OldApi.swift"), "check mode must not remove anything")

        let write = try run(["generate", "Specs"])
        XCTAssertEqual(write.status, 0, write.stderr)
        XCTAssertTrue(write.stdout.contains("removed Generated/Old/OldApi.swift\n"), write.stdout)
        XCTAssertTrue(write.stdout.hasSuffix("0 written, 4 unchanged, 4 removed\n"), write.stdout)
        XCTAssertFalse(exists("Generated/Old/OldApi.swift"))
        XCTAssertTrue(exists("Generated/Old/Notes.swift"), "a file without the header is never removed")
        XCTAssertEqual(try run(["generate", "Specs", "--check"]).status, 0)
    }

    func testNeverWritesThroughASymbolicLink() throws {
        try write(validSpec, to: "item.json")
        let outside = workDirectory.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: workDirectory.appendingPathComponent("Generated"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: workDirectory.appendingPathComponent("Generated/Item"), withDestinationURL: outside)
        let result = try run(["generate", "item.json"])
        XCTAssertEqual(result.status, 4)
        XCTAssertTrue(result.stderr.contains("refusing to write through the symbolic link 'Generated/Item'"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
    }

    func testQuietAndVerbose() throws {
        try write(validSpec, to: "item.json")
        XCTAssertEqual(try run(["generate", "item.json", "-q"]).stdout, "")
        let verbose = try run(["generate", "item.json", "--verbose"])
        XCTAssertTrue(verbose.stdout.contains("unchanged Generated/Item/ItemApi.swift\n"), verbose.stdout)
        XCTAssertEqual(try run(["generate", "item.json", "-q", "-v"]).status, 2)
    }

    func testTemplatesListAndExport() throws {
        let list = try run(["templates", "list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("Api.swift.mustache\n"))
        XCTAssertEqual(try run(["templates", "export", "Mine"]).status, 0)
        XCTAssertTrue(try read("Mine/Mock.swift.mustache").contains("{{> _mockClass}}"))
        XCTAssertTrue(try read("Mine/_mockClass.mustache").contains("{{mockName}}"))
        XCTAssertEqual(try run(["templates", "export", "Mine"]).status, 4, "never overwrites")
        XCTAssertEqual(try run(["templates", "lst"]).stderr, "error: unknown templates command 'lst'; did you mean 'list'?\nhint: see 'repogen templates --help'\n")

        // The exported set is a working starting point.
        try write(validSpec, to: "item.json")
        XCTAssertEqual(try run(["generate", "item.json", "--templates", "Mine", "--output", "A"]).status, 0)
        XCTAssertEqual(try run(["generate", "item.json", "--output", "B"]).status, 0)
        XCTAssertEqual(try read("A/Item/ItemApi.swift"), try read("B/Item/ItemApi.swift"))
    }

    func testStylesOnTheCommandLine() throws {
        let list = try run(["templates", "list", "--style", "result"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stdout, try run(["templates", "list"]).stdout, "result is the default")
        XCTAssertFalse(list.stdout.contains("shared/"), "a style's set is flat, as a --templates folder is")
        let unknown = try run(["templates", "list", "--style=reslt"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("error: unknown style 'reslt'; expected one of 'result'"), unknown.stderr)
        try write(validSpec, to: "item.json")
        let generate = try run(["generate", "item.json", "--style", "nope"])
        XCTAssertEqual(generate.status, 2)
        XCTAssertTrue(generate.stderr.hasPrefix("error: unknown style 'nope'"), generate.stderr)
        XCTAssertEqual(try run(["generate", "item.json", "-s", "result"]).status, 0)
        XCTAssertTrue(try run(["generate", "--help"]).stdout.contains("result        async -> Result<T, Error>"))
    }

    func testStylePrecedenceCommandLineThenSpecThenConfig() throws {
        try write(#"{"specs": ["Specs"], "output": "Out", "style": "async-throws"}"#, to: "repogen.json")
        try write(validSpec, to: "Specs/plain.json")
        try write(#"{"style": "completion", "# + validSpec.dropFirst(), to: "Specs/own.json")
        func repository(_ name: String) throws -> String {
            try String(contentsOf: workDirectory.appendingPathComponent("Out/\(name)/\(name)Repository.swift"), encoding: .utf8)
        }
        let configured = try run(["generate"])
        XCTAssertEqual(configured.status, 0, configured.stderr)
        XCTAssertTrue(try repository("Plain").contains("func fetchItem(id: Int) async throws -> String"))
        XCTAssertTrue(try repository("Own").contains("completion: @escaping @MainActor @Sendable (Result<String, NetworkError>) -> Void"))
        let forced = try run(["generate", "--style", "result"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(try repository("Plain").contains("func fetchItem(id: Int) async -> Result<String, Error>"))
        XCTAssertTrue(try repository("Own").contains("func fetchItem(id: Int) async -> Result<String, Error>"))
        // Back to the spec's and the config's styles: a rerun must not keep the forced output.
        XCTAssertEqual(try run(["generate"]).status, 0)
        XCTAssertTrue(try repository("Own").contains("completion: @escaping"))
        try write(#"{"style": "completions", "# + validSpec.dropFirst(), to: "Specs/own.json")
        let unknown = try run(["generate"])
        XCTAssertEqual(unknown.status, 3, "an input error")
        XCTAssertTrue(unknown.stderr.contains("Specs/own.json:1:11: error: unknown style 'completions'"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'completion'?"), unknown.stderr)
    }

    /// The tca style writes one `APIError.swift` per output folder however many specs take it, and none with
    /// `--no-shared-files` (how the build plugin's second command into one folder runs); check mode covers it.
    func testTheTCAStylesSharedFileIsWrittenOncePerOutputFolder() throws {
        try write(validSpec, to: "Specs/one.json")
        try write(validSpec, to: "Specs/two.json")
        let both = try run(["generate", "Specs/one.json", "Specs/two.json", "--style", "tca", "--output", "Out"])
        XCTAssertEqual(both.status, 0, both.stderr)
        XCTAssertEqual(both.stdout.components(separatedBy: "APIError.swift").count - 1, 1, both.stdout)
        let error = try String(contentsOf: workDirectory.appendingPathComponent("Out/APIError.swift"), encoding: .utf8)
        XCTAssertTrue(error.hasPrefix("// Generated by repogen 0.3.0 for the tca style. Do not edit.\n"), error)
        XCTAssertTrue(error.contains("public enum APIError: Error, Equatable, Sendable, Foundation.LocalizedError"), error)
        for file in ["One/OneClient.swift", "One/OneClient+Live.swift", "One/OneClient+Mock.swift", "Two/TwoClient.swift"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("Out/" + file).path), file)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("Out/One/MockOneRepository.swift").path))
        XCTAssertEqual(try run(["generate", "Specs/one.json", "Specs/two.json", "--style", "tca", "--output", "Out", "--check"]).status, 0)
        // A change to the shared file is a difference, as any generated file's is.
        try write(error.replacingOccurrences(of: "case unknown", with: "case other"), to: "Out/APIError.swift")
        let check = try run(["generate", "Specs/one.json", "Specs/two.json", "--style", "tca", "--output", "Out", "--check"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stdout.contains("APIError.swift"), check.stdout)

        let alone = try run(["generate", "Specs/one.json", "--style", "tca", "--output", "Alone", "--no-shared-files"])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("Alone/APIError.swift").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("Alone/One/OneClient.swift").path))
        // Other styles write no shared file.
        XCTAssertEqual(try run(["generate", "Specs/one.json", "--output", "Plain"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workDirectory.appendingPathComponent("Plain/APIError.swift").path))
    }

    func testPhaseTimesOnlyWhenAsked() throws {
        try write(validSpec, to: "item.json")
        let quiet = try run(["generate", "item.json", "--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "")
        let timed = try run(["generate", "item.json", "--quiet", "--force"], environment: ["REPOGEN_TIMINGS": "1"])
        XCTAssertEqual(timed.status, 0, timed.stderr)
        let phases = timed.stderr.split(separator: "\n").map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
        for phase in ["read", "decode", "validate", "project", "render", "write"] {
            XCTAssertTrue(phases.contains(phase), "\(phase) in \(timed.stderr)")
        }
        // `repogen: read 1.2 ms (cpu 1 ms, resident 20 MB)`: wall-clock time, processor time of all threads, memory.
        let shape = #/repogen: .+ [0-9.]+ ms \(cpu [0-9]+ ms(, resident [0-9]+ MB)?\)/#
        XCTAssertTrue(timed.stderr.split(separator: "\n").allSatisfy { $0.wholeMatch(of: shape) != nil }, timed.stderr)
    }
}
