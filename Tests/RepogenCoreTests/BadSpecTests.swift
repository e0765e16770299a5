import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// The corpus of bad specs in `BadSpecs/`: each `name.json` (or `.yaml`) has a `name.expected` with exactly what
/// `repogen generate name.json` prints on standard error. None may crash or hang. No test here asserts wall-clock
/// time (a busy machine would fail it); speed is measured by `Benchmarks/run.sh`.
///
/// After an intended change of messages: `REPOGEN_RECORD=1 swift test --filter BadSpecTests`, then review the diff.
final class BadSpecTests: XCTestCase {
    static let folder = PackagePaths.url("Tests/RepogenCoreTests/BadSpecs")
    static let recording = ProcessInfo.processInfo.environment["REPOGEN_RECORD"] != nil

    /// What the command line would print for a spec held in memory.
    func output(path: String, bytes: [UInt8]) throws -> String {
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        do {
            let generation = try Pipeline.generate(file: SpecFile(path: path, bytes: bytes), library: library, options: GenerateOptions())
            return generation.warnings.map { $0.description + "\n" }.joined()
        } catch {
            return error.report
        }
    }

    func testEveryBadSpecGivesItsExpectedDiagnostics() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 50)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            let actual = try output(path: name, bytes: bytes)
            let expectedURL = Self.folder.appendingPathComponent((name as NSString).deletingPathExtension + ".expected")
            if Self.recording {
                try Data(actual.utf8).write(to: expectedURL)
                continue
            }
            let expected = (try? String(contentsOf: expectedURL, encoding: .utf8)) ?? "<missing \(expectedURL.lastPathComponent)>"
            XCTAssertEqual(actual, expected, name)
            XCTAssertFalse(actual.isEmpty, "\(name) gave no diagnostic")
        }
        if Self.recording { XCTFail("recorded the expected diagnostics; review them and run again without REPOGEN_RECORD") }
    }

    func testDeepNestingIsAnErrorNotAStackOverflow() throws {
        let arrays = String(repeating: "[", count: 100_000)
        XCTAssertEqual(
            try output(path: "deep.json", bytes: Array(#"{"endpoints": \#(arrays)"#.utf8)),
            "deep.json:1:270: error: nesting is deeper than 256 levels\n1 error; nothing was written\n")
        let objects = String(repeating: #"{"a": "#, count: 100_000)
        XCTAssertTrue(try output(path: "deep.json", bytes: Array(objects.utf8)).contains("nesting is deeper"))
    }

    func testAFiftyMegabyteFileIsRefusedBeforeItIsRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-huge-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        XCTAssertThrowsError(try Pipeline.readSpecFile(url.path)) { error in
            XCTAssertEqual(
                (error as? DiagnosticsError)?.diagnostics.map(\.message),
                ["the spec file is too large (50.0 MB; the limit is 10 MB)"])
        }
        let inMemory = try output(path: "huge.json", bytes: [UInt8](repeating: 0x20, count: 50 * 1024 * 1024))
        XCTAssertEqual(inMemory, "huge.json: error: the spec file is too large (50.0 MB; the limit is 10 MB)\n1 error; nothing was written\n")
    }

    func testVeryLongLinesKeepExactColumns() throws {
        let padding = String(repeating: " ", count: 1_000_000)
        let text = #"{"endpoints": [{"name": "a", "method": "GET", "path": "/a"}],"# + padding + #""unknown": 1}"#
        XCTAssertEqual(
            try output(path: "long.json", bytes: Array(text.utf8)),
            "long.json:1:1000062: error: unknown key 'unknown' in the spec (valid keys: style, modelFiles, imports, externalTypes, servers, models, collections, defaults, endpoints)\n1 error; nothing was written\n")
        let name = String(repeating: "a", count: 1_000_000)
        let valid = #"{"endpoints": [{"name": "\#(name)", "method": "GET", "path": "/\#(name)"}]}"#
        XCTAssertEqual(try output(path: "long.json", bytes: Array(valid.utf8)), "")
    }

    func testAFolderOrAMissingFileIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-folder-\(UUID().uuidString).json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertThrowsError(try Pipeline.readSpecFile(folder.path)) { error in
            XCTAssertEqual((error as? DiagnosticsError)?.diagnostics.map(\.message), ["is a folder, not a spec file"])
        }
        XCTAssertThrowsError(try Pipeline.readSpecFile(folder.path + "-missing")) { error in
            XCTAssertEqual((error as? DiagnosticsError)?.diagnostics.map(\.message), ["no such spec file"])
        }
    }
}
