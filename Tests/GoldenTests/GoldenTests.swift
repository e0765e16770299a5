import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// `Generated/` holds the golden sets, each what a config at the package's root writes: `repogen.json` (every spec
/// of `Specs/` in the default style, in `Generated/<Domain>/`) and a `repogen-<style>.json` for each other style
/// (the specs its sample tests use, and every spec the style accepts for `tca`, in `Generated/<style>/<Domain>/`).
/// Regenerating each config must give its folder back byte for byte, and every file below `Generated/` must be one
/// that a config writes.
///
/// Record new goldens with `REPOGEN_RECORD=1 swift test --filter GoldenTests` (the test then fails once, on
/// purpose, so that a recording run never passes CI).
final class GoldenTests: XCTestCase {
    static let root = PackagePaths.root.path

    /// The options of a run from the package's root: spec paths (`Specs/…`) are below it, and headers name them so.
    static func options(_ style: OutputStyle = .result) -> GenerateOptions {
        var options = GenerateOptions(style: style)
        options.baseDirectory = root
        return options
    }

    /// `path` relative to the package's root, as a run from the root names it.
    static func relative(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    func specPaths() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Specs")
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted().map { "Specs/" + $0 }
    }

    /// The specs a style accepts: every spec, but for `tca` those `repogen-tca.json` lists (every spec the style
    /// accepts: see `testTheTCAGoldenSetLeavesOutOnlyWhatTheStyleRefuses`).
    func specPaths(_ style: OutputStyle) throws -> [String] {
        guard style == .tca else { return try specPaths() }
        return try Config.load(Self.root + "/repogen-tca.json").specs.map(Self.relative)
    }

    /// `Generated/tca/` is compiled by Examples/LedgerApp (against swift-dependencies); it holds every spec but
    /// those the style refuses with a located error (a method named like a keyword, which `@DependencyClient`
    /// cannot declare), so a new spec cannot be left out by mistake.
    func testTheTCAGoldenSetLeavesOutOnlyWhatTheStyleRefuses() throws {
        let listed = Set(try specPaths(.tca))
        for path in try specPaths() where !listed.contains(path) {
            do {
                _ = try Pipeline.generate(specPaths: [path], options: Self.options(.tca))
                XCTFail("\(path) generates in the tca style: list it in repogen-tca.json")
            } catch {
                XCTAssertTrue(error.report.contains("@DependencyClient"), error.report)
            }
        }
    }

    /// One golden set: a config at the package's root, its style, the spec files it reads and the folder it writes.
    struct GoldenSet {
        var config: String
        var style: OutputStyle
        var options: GenerateOptions
        var specs: [String]
        var folder: String

        /// The command that regenerates the set.
        var command: String {
            config == "repogen.json" ? "swift run repogen generate" : "swift run repogen generate -c \(config)"
        }
    }

    /// `repogen.json` and every `repogen-*.json` at the package's root, read as `repogen generate -c` reads them
    /// from the root (paths relative to it).
    func goldenSets() throws -> [GoldenSet] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.root)
            .filter { $0.hasPrefix("repogen-") && $0.hasSuffix(".json") }.sorted()
        return try (["repogen.json"] + names).map { name in
            let config = try Config.load(Self.root + "/" + name)
            let style = config.style ?? .result
            var options = Self.options(style)
            options.mocks = config.mocks ?? .default
            let folder = Self.relative(try XCTUnwrap(config.output, "\(name) names no output folder"))
            return GoldenSet(
                config: name, style: style, options: options,
                specs: try SpecPaths.expand(config.specs, locations: config.specLocations).map(Self.relative),
                folder: folder)
        }
    }

    /// Every file below `Generated/` (relative to the root), sorted; Finder's `.DS_Store` aside.
    func committedGoldenFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: Self.root + "/Generated")
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard (path as NSString).lastPathComponent != ".DS_Store",
                FileManager.default.fileExists(atPath: Self.root + "/Generated/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            files.append("Generated/" + path)
        }
        return files.sorted()
    }

    func testGeneratedMatchesSpecs() throws {
        XCTAssertFalse(try specPaths().isEmpty, "no specs in Specs/")
        let sets = try goldenSets()
        // Every style has its golden set, in a folder of its own: Generated/ for the default, Generated/<style>/.
        XCTAssertEqual(sets.map(\.style.name).sorted(), OutputStyle.all.map(\.name).sorted(), "one config per style")
        for set in sets {
            XCTAssertEqual(set.folder, set.style == .result ? "Generated" : "Generated/" + set.style.name, set.config)
        }
        XCTAssertEqual(sets.first { $0.style == .result }?.specs, try specPaths(), "repogen.json: every spec of Specs/")

        let recording = ProcessInfo.processInfo.environment["REPOGEN_RECORD"] != nil
        var expected: Set<String> = []
        for set in sets {
            XCTAssertFalse(set.specs.isEmpty, "\(set.config) lists no specs")
            let files = try Pipeline.generate(specPaths: set.specs, options: set.options).files
            expected.formUnion(files.map { set.folder + "/" + $0.relativePath })
            if recording {
                let report = try FileWriter.write(files, to: Self.root + "/" + set.folder)
                XCTFail("recorded \(report.written.count) files of \(set.config); re-run without REPOGEN_RECORD")
                continue
            }
            let report = try CheckReport.check(files, against: Self.root + "/" + set.folder, displayDirectory: set.folder)
            let fix = "run '\(set.command)' or 'REPOGEN_RECORD=1 swift test --filter GoldenTests'"
            for diff in report.diffs {
                XCTFail("\(set.folder)/ is out of date: \(fix)\n\(diff)")
            }
            XCTAssertEqual(report.unchanged.count, files.count, set.config)
        }

        // No file below Generated/ that no config writes: a spec a config no longer lists, a leftover, a stray, or
        // machine-local state (the record of repogen's runs is kept in its cache folder, never in the output).
        let stray = committedGoldenFiles().filter { !expected.contains($0) }
        if recording {
            for path in stray { try FileManager.default.removeItem(atPath: Self.root + "/" + path) }
            if !stray.isEmpty { XCTFail("removed \(stray.count) files that no config writes; re-run without REPOGEN_RECORD") }
        }
        XCTAssertEqual(
            stray, [],
            "files in Generated/ that no config (repogen.json, repogen-<style>.json) writes: remove them, or list their specs")
    }

    func testGeneratingTwiceGivesTheSameBytes() throws {
        let first = try Pipeline.generate(specPaths: try specPaths(), options: Self.options()).files
        let second = try Pipeline.generate(specPaths: try specPaths(), options: Self.options()).files
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

/// The documentation's excerpts of generated code (a code block after `<!-- excerpt of <files> -->`, in README.md or
/// any page under Documentation/) are what the golden files hold: every piece of such a block (pieces are separated
/// by blank lines) appears in one of the files.
final class ReadmeExcerptTests: XCTestCase {
    /// README.md and every `.md` file under Documentation/, as paths relative to the repository's root.
    static func documentationPages() throws -> [String] {
        let root = URL(fileURLWithPath: GoldenTests.root)
        var pages = ["README.md"]
        let folder = root.appendingPathComponent("Documentation")
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path), "no Documentation/ folder")
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".md") { pages.append("Documentation/" + path) }
        }
        return pages.sorted()
    }

    func testExcerptsAreInTheGoldenFiles() throws {
        let root = URL(fileURLWithPath: GoldenTests.root)
        let marker = "<!-- excerpt of "
        var checked = 0
        var checkedPages = 0
        for page in try Self.documentationPages() {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            var rest = text[...]
            var checkedHere = 0
            while let start = rest.range(of: marker) {
                let line = rest[start.upperBound...].prefix { $0 != "\n" }
                let files = line.replacingOccurrences(of: " -->", with: "").split(separator: " ").map(String.init)
                let texts = try files.map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
                let afterMarker = rest[start.upperBound...]
                let open = try XCTUnwrap(afterMarker.range(of: "```swift\n"), "no code block after \(line) in \(page)")
                let close = try XCTUnwrap(afterMarker[open.upperBound...].range(of: "\n```"))
                let code = afterMarker[open.upperBound..<close.lowerBound]
                for piece in code.components(separatedBy: "\n\n") where !piece.isEmpty {
                    XCTAssertTrue(texts.contains { $0.contains(piece + "\n") }, "\(page): excerpt not in \(files):\n\(piece)")
                    checkedHere += 1
                }
                rest = afterMarker[close.upperBound...]
            }
            checked += checkedHere
            if checkedHere > 0 { checkedPages += 1 }
        }
        // README.md's excerpt, each style's page, the spec language's and the runtime's.
        XCTAssertGreaterThanOrEqual(checked, 30, "the documentation's excerpts of each style")
        XCTAssertGreaterThanOrEqual(checkedPages, 8, "pages with excerpts")
    }

    /// Every relative link in README.md and Documentation/ (`[text](path)` or `[text](path#anchor)`) names a file or
    /// folder that exists, and an anchor into a Markdown page names one of its headings (as GitHub makes anchors).
    func testRelativeLinksResolve() throws {
        let root = URL(fileURLWithPath: GoldenTests.root)
        let pages = try Self.documentationPages()
        XCTAssertGreaterThanOrEqual(pages.count, 15, "README.md and the Documentation/ pages")
        var links = 0
        for page in pages {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            let folder = root.appendingPathComponent(page).deletingLastPathComponent()
            for target in Self.links(in: text) where !target.contains("://") && !target.hasPrefix("mailto:") {
                links += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? root.appendingPathComponent(page) : folder.appendingPathComponent(parts[0])
                guard FileManager.default.fileExists(atPath: file.standardizedFileURL.path) else {
                    XCTFail("\(page): the link '\(target)' names no file")
                    continue
                }
                if parts.count == 2, file.pathExtension == "md" {
                    let linked = try String(contentsOf: file, encoding: .utf8)
                    XCTAssertTrue(Self.anchors(of: linked).contains(parts[1]), "\(page): the link '\(target)' names no heading")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(links, 50, "relative links checked")
    }

    /// The targets of `](…)` links outside code blocks and code spans.
    static func links(in text: String) -> [String] {
        var result: [String] = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            // Drop code spans, whose brackets are Swift, not links.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = prose[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                result.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return result
    }

    /// GitHub's anchors of a page's headings: lowercased, punctuation but `-` and `_` dropped, spaces as `-`.
    static func anchors(of text: String) -> Set<String> {
        var result: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = title.lowercased().unicodeScalars.compactMap { scalar -> String? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return String(scalar) }
                return nil
            }.joined()
            result.insert(slug)
        }
        return result
    }
}
