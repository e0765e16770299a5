import Foundation
import RepogenCore
import XCTest

/// `Generated/` is the golden set: regenerating every spec in `Specs/` must give it back byte for byte, in every
/// output style (the default in `Generated/<Domain>/`, the others in `Generated/<style>/<Domain>/`).
///
/// Record new goldens with `REPOGEN_RECORD=1 swift test --filter GoldenTests` (the test then fails once, on
/// purpose, so that a recording run never passes CI).
final class GoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The options of a run from the package's root: spec paths (`Specs/…`) are below it, and headers name them so.
    static func options(_ style: OutputStyle = .result) -> GenerateOptions {
        var options = GenerateOptions(style: style)
        options.baseDirectory = root
        return options
    }

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
        let all = try specPaths()
        XCTAssertFalse(all.isEmpty, "no specs in Specs/")
        for style in OutputStyle.all {
            let folder = Self.goldenFolder(style)
            let specs = try specPaths(style)
            let files = try Pipeline.generate(specPaths: specs, options: Self.options(style)).files
            let expected = Set(files.map(\.relativePath))
            let stale = goldenFiles(style).filter { !expected.contains($0) }

            if ProcessInfo.processInfo.environment["REPOGEN_RECORD"] != nil {
                let report = try FileWriter.write(files, to: Self.root + "/" + folder)
                for path in stale { try FileManager.default.removeItem(atPath: Self.root + "/" + folder + "/" + path) }
                XCTFail("recorded \(report.written.count) files of \(style) (removed \(stale.count)); re-run without REPOGEN_RECORD")
                continue
            }
            let report = try CheckReport.check(files, against: Self.root + "/" + folder, displayDirectory: folder)
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
        let counterparts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Counterparts")
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
