import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// `Generated/` is the golden set: regenerating every spec in `Specs/` must give it back byte for byte, in every
/// output style (the default in `Generated/<Domain>/`, the others in `Generated/<style>/<Domain>/`).
///
/// Record new goldens with `REPOGEN_RECORD=1 swift test --filter GoldenTests` (the test then fails once, on
/// purpose, so that a recording run never passes CI).
final class GoldenTests: XCTestCase {
    static let root = PackagePaths.root.path

    func specPaths() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Specs")
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted().map { "Specs/" + $0 }
    }

    /// The specs of a style's golden set: every spec, but for `tca` those `repogen-tca.json` lists (every spec the
    /// style accepts: see `testTheTCAGoldenSetLeavesOutOnlyWhatTheStyleRefuses`).
    func specPaths(_ style: OutputStyle) throws -> [String] {
        guard style == .tca else { return try specPaths() }
        return try Config.load(Self.root + "/repogen-tca.json").specs.map {
            $0.hasPrefix(Self.root + "/") ? String($0.dropFirst(Self.root.count + 1)) : $0
        }
    }

    /// `Generated/tca/` is compiled by Examples/LedgerApp (against swift-dependencies); it holds every spec but
    /// those the style refuses with a located error (a method named like a keyword, which `@DependencyClient`
    /// cannot declare), so a new spec cannot be left out by mistake.
    func testTheTCAGoldenSetLeavesOutOnlyWhatTheStyleRefuses() throws {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(Self.root)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let listed = Set(try specPaths(.tca))
        for path in try specPaths() where !listed.contains(path) {
            do {
                _ = try Pipeline.generate(specPaths: [path], options: GenerateOptions(style: .tca))
                XCTFail("\(path) generates in the tca style: list it in repogen-tca.json")
            } catch {
                XCTAssertTrue(error.report.contains("@DependencyClient"), error.report)
            }
        }
    }

    /// Where a style's golden files are: `Generated/` for the default style, `Generated/<style>/` for the others.
    static func goldenFolder(_ style: OutputStyle) -> String {
        style == .result ? "Generated" : "Generated/" + style.name
    }

    /// Every `.swift` file of a style's golden folder, relative to it: `<Domain>/<File>.swift`, and the style's
    /// shared files (`APIError.swift`).
    func goldenFiles(_ style: OutputStyle) -> [String] {
        let base = Self.root + "/" + Self.goldenFolder(style)
        let enumerator = FileManager.default.enumerator(atPath: base)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            let components = path.split(separator: "/")
            // A style's shared files sit at the top; another style's golden folder is not this one's.
            guard path.hasSuffix(".swift"), components.count <= 2,
                components.count == 1 || !OutputStyle.all.contains(where: { $0.name == components[0] })
            else { continue }
            files.append(path)
        }
        return files.sorted()
    }

    func testGeneratedMatchesSpecs() throws {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(Self.root)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        let all = try specPaths()
        XCTAssertFalse(all.isEmpty, "no specs in Specs/")
        for style in OutputStyle.all {
            let folder = Self.goldenFolder(style)
            let specs = try specPaths(style)
            let files = try Pipeline.generate(specPaths: specs, options: GenerateOptions(style: style)).files
            let expected = Set(files.map(\.relativePath))
            let stale = goldenFiles(style).filter { !expected.contains($0) }

            if ProcessInfo.processInfo.environment["REPOGEN_RECORD"] != nil {
                let report = try FileWriter.write(files, to: folder)
                for path in stale { try FileManager.default.removeItem(atPath: folder + "/" + path) }
                XCTFail("recorded \(report.written.count) files of \(style) (removed \(stale.count)); re-run without REPOGEN_RECORD")
                continue
            }
            let report = try CheckReport.check(files, against: folder, displayDirectory: folder)
            let command = style == .tca
                ? "swift run repogen generate -c repogen-tca.json" : "swift run repogen generate --style \(style) --output \(folder)"
            let fix = "run '\(command)' or 'REPOGEN_RECORD=1 swift test --filter GoldenTests'"
            for diff in report.diffs {
                XCTFail("\(folder)/ is out of date: \(fix)\n\(diff)")
            }
            XCTAssertEqual(stale, [], "files in \(folder)/ that no spec produces: \(fix)")
            XCTAssertEqual(report.unchanged.count, files.count)
        }
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
    /// In every style: some keys matter to one style only (`collections` and `mock` to `tca`).
    func testJSONAndYAMLFormsGiveIdenticalOutput() throws {
        for style in OutputStyle.all {
            try checkCounterparts(style: style)
        }
    }

    func checkCounterparts(style: OutputStyle) throws {
        let library = try TemplateSet.builtin(for: style).library(templatesPath: nil)
        let counterparts = PackagePaths.url("Tests/GoldenTests/Counterparts")
        for path in try specPaths(style) {
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let isYAML = path.hasSuffix(".yaml")
            let other = counterparts.appendingPathComponent(stem + (isYAML ? ".json" : ".yaml"))
            let original = SpecFile(path: path, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + path))))
            // Read as the other format, under the same path, so even the header line must match.
            let translated = SpecFile(path: path, bytes: [UInt8](try Data(contentsOf: other)), format: isYAML ? .json : .yaml)
            let expected = try Pipeline.generate(file: original, library: library, options: GenerateOptions(style: style))
            let actual = try Pipeline.generate(file: translated, library: library, options: GenerateOptions(style: style))
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

/// The README's excerpts of generated code (a code block after `<!-- excerpt of <files> -->`) are what the golden
/// files hold: every piece of such a block (pieces are separated by blank lines) appears in one of the files.
final class ReadmeExcerptTests: XCTestCase {
    func testExcerptsAreInTheGoldenFiles() throws {
        let root = URL(fileURLWithPath: GoldenTests.root)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "<!-- excerpt of "
        var checked = 0
        var rest = readme[...]
        while let start = rest.range(of: marker) {
            let line = rest[start.upperBound...].prefix { $0 != "\n" }
            let files = line.replacingOccurrences(of: " -->", with: "").split(separator: " ").map(String.init)
            let texts = try files.map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
            let afterMarker = rest[start.upperBound...]
            let open = try XCTUnwrap(afterMarker.range(of: "```swift\n"), "no code block after \(line)")
            let close = try XCTUnwrap(afterMarker[open.upperBound...].range(of: "\n```"))
            let code = afterMarker[open.upperBound..<close.lowerBound]
            for piece in code.components(separatedBy: "\n\n") where !piece.isEmpty {
                XCTAssertTrue(texts.contains { $0.contains(piece + "\n") }, "README excerpt not in \(files):\n\(piece)")
                checked += 1
            }
            rest = afterMarker[close.upperBound...]
        }
        XCTAssertGreaterThanOrEqual(checked, 12, "the README's excerpts of each style")
    }
}
