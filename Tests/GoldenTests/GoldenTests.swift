import Foundation
import RepogenCore
import XCTest

/// `Generated/` is the golden set: regenerating every spec in `Specs/` must give it back byte for byte.
///
/// Record new goldens with `REPOGEN_RECORD=1 swift test --filter GoldenTests` (the test then fails once, on
/// purpose, so that a recording run never passes CI).
final class GoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func specPaths() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Specs")
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted().map { "Specs/" + $0 }
    }

    /// Every `.swift` file below `Generated/`, relative to it.
    func goldenFiles() -> [String] {
        let base = Self.root + "/Generated"
        let enumerator = FileManager.default.enumerator(atPath: base)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(path) }
        }
        return files.sorted()
    }

    func testGeneratedMatchesSpecs() throws {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(Self.root)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        let specs = try specPaths()
        XCTAssertFalse(specs.isEmpty, "no specs in Specs/")
        let files = try Pipeline.generate(specPaths: specs, options: GenerateOptions()).files
        let expected = Set(files.map(\.relativePath))
        let stale = goldenFiles().filter { !expected.contains($0) }

        if ProcessInfo.processInfo.environment["REPOGEN_RECORD"] != nil {
            let report = try FileWriter.write(files, to: "Generated")
            for path in stale { try FileManager.default.removeItem(atPath: "Generated/" + path) }
            XCTFail("recorded \(report.written.count) files (removed \(stale.count)); re-run without REPOGEN_RECORD")
            return
        }
        let report = try CheckReport.check(files, against: "Generated", displayDirectory: "Generated")
        let fix = "run 'swift run repogen generate \(specs.joined(separator: " "))' or 'REPOGEN_RECORD=1 swift test --filter GoldenTests'"
        for diff in report.diffs {
            XCTFail("Generated/ is out of date: \(fix)\n\(diff)")
        }
        XCTAssertEqual(stale, [], "files in Generated/ that no spec produces: \(fix)")
        XCTAssertEqual(report.unchanged.count, files.count)
    }

    func testGeneratingTwiceGivesTheSameBytes() throws {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(Self.root)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let first = try Pipeline.generate(specPaths: try specPaths(), options: GenerateOptions()).files
        let second = try Pipeline.generate(specPaths: try specPaths(), options: GenerateOptions()).files
        XCTAssertEqual(first, second)
    }

    func testBuiltinTemplatesMatchTemplatesFolder() throws {
        let folder = try TemplateSet.readFolder(Self.root + "/Templates")
        XCTAssertEqual(BuiltinTemplates.all, folder, "the compiled-in templates differ from Templates/: run 'swift run generate-builtin-templates'")
        let source = try String(
            contentsOfFile: Self.root + "/Sources/RepogenCore/Templates/BuiltinTemplates+Generated.swift", encoding: .utf8)
        XCTAssertEqual(source, BuiltinTemplatesSource.render(folder), "run 'swift run generate-builtin-templates'")
    }

    /// Every spec in `Specs/` also exists in the other format under `Counterparts/`; both must give the same bytes.
    func testJSONAndYAMLFormsGiveIdenticalOutput() throws {
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        let counterparts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Counterparts")
        for path in try specPaths() {
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let isYAML = path.hasSuffix(".yaml")
            let other = counterparts.appendingPathComponent(stem + (isYAML ? ".json" : ".yaml"))
            let original = SpecFile(path: path, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + path))))
            // Read as the other format, under the same path, so even the header line must match.
            let translated = SpecFile(path: path, bytes: [UInt8](try Data(contentsOf: other)), format: isYAML ? .json : .yaml)
            let expected = try Pipeline.generate(file: original, library: library, options: GenerateOptions())
            let actual = try Pipeline.generate(file: translated, library: library, options: GenerateOptions())
            XCTAssertEqual(actual.files.map(\.relativePath), expected.files.map(\.relativePath), path)
            for (left, right) in zip(expected.files, actual.files) {
                XCTAssertEqual(
                    right.contents, left.contents,
                    "\(other.lastPathComponent) differs from \(path) in \(left.relativePath):\n"
                        + UnifiedDiff.diff(old: left.contents, new: right.contents, oldName: path, newName: other.lastPathComponent))
            }
        }
    }
}
