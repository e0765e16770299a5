import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// `repogen diff` against the corpus of `Tests/DiffCorpus/`: one pair of specs per kind of change, each
/// `new/shop.yaml` starting with the report expected of the pair (`# expect: <kind> <subject> source=… wire=…`).
/// See `Tests/DiffCorpus/README.md`.
final class DiffCorpusTests: XCTestCase {
    static let corpus = "Tests/DiffCorpus"

    /// The pairs: every folder of the corpus, by name.
    static func folders() throws -> [String] {
        let url = PackagePaths.url(corpus)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// The spec files of one side of a pair (`old` or `new`), by their paths from the package root.
    static func specPaths(_ folder: String, _ side: String) throws -> [String] {
        let relative = "\(corpus)/\(folder)/\(side)"
        return try FileManager.default.contentsOfDirectory(atPath: PackagePaths.url(relative).path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }
            .sorted()
            .map { "\(relative)/\($0)" }
    }

    static func specFiles(_ folder: String, _ side: String) throws -> [SpecFile] {
        try specPaths(folder, side).map { path in
            SpecFile(path: path, bytes: Array(try Data(contentsOf: PackagePaths.url(path))))
        }
    }

    /// The expected report of a pair: the `# expect:` lines among the leading comment lines of its new/shop.yaml,
    /// each as `<kind> <subject> source=<…> wire=<…>`.
    static func expectations(_ folder: String) throws -> [String] {
        let text = try String(contentsOf: PackagePaths.url("\(corpus)/\(folder)/new/shop.yaml"), encoding: .utf8)
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("#") else { break }
            if line.hasPrefix("# expect:") {
                lines.append(line.dropFirst("# expect:".count).split(separator: " ").joined(separator: " "))
            }
        }
        return lines
    }

    /// A change as an expect line writes it.
    static func line(_ change: APIChange) -> String {
        "\(change.kind) \(change.subject) source=\(change.source.rawValue) wire=\(change.wire.rawValue)"
    }

    /// The kinds of change the documentation's table lists: the backticked first column of its rows.
    static func documentedKinds() throws -> [String] {
        let text = try String(contentsOf: PackagePaths.url("Documentation/ReviewingChanges.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { row -> String? in
            guard row.hasPrefix("| `") else { return nil }
            let cell = row.dropFirst("| `".count)
            guard let end = cell.firstIndex(of: "`") else { return nil }
            return String(cell[..<end])
        }
    }

    /// Every pair's report is its expect lines (as a multiset: the order of the report is not under test here), and
    /// every change is located in the file of each side it has.
    func testEveryPairReportsItsExpectedChanges() throws {
        let folders = try Self.folders()
        XCTAssertFalse(folders.isEmpty, "no pairs under \(Self.corpus)")
        for folder in folders {
            let old = try Self.specFiles(folder, "old")
            let new = try Self.specFiles(folder, "new")
            let expected = try Self.expectations(folder)
            let report: APIDiffReport
            do {
                report = try APIDiff.compare(old: old, new: new)
            } catch {
                XCTFail("\(folder): a side does not validate:\n" + error.diagnostics.map(\.description).joined(separator: "\n"))
                continue
            }
            let reported = report.changes.map(Self.line)
            if reported.sorted() != expected.sorted() {
                let got = reported.isEmpty
                    ? "no changes were reported"
                    : "reported:\n" + reported.map { "  \($0)" }.joined(separator: "\n")
                XCTFail("\(folder): expected:\n" + expected.map { "  \($0)" }.joined(separator: "\n") + "\n" + got)
            }
            for change in report.changes {
                Self.checkLocations(change, folder: folder, old: old, new: new)
            }
        }
    }

    /// Something added has a location on the new side, something removed one on the old side, anything else both;
    /// each in the file of its domain on that side.
    static func checkLocations(_ change: APIChange, folder: String, old: [SpecFile], new: [SpecFile]) {
        let what = "\(folder): \(line(change))"
        let added = change.kind.hasSuffix("-added")
        let removed = change.kind.hasSuffix("-removed")
        if added || !removed {
            XCTAssertNotNil(change.new, "\(what): no location on the new side")
        }
        if removed || !added {
            XCTAssertNotNil(change.old, "\(what): no location on the old side")
        }
        for (side, location, files) in [("old", change.old, old), ("new", change.new, new)] {
            guard let location else { continue }
            let file = files.first { OutputLayout.domain(forSpecPath: $0.path) == change.domain }?.path
            XCTAssertEqual(
                location.path, file, "\(what): the \(side) location \(location) is not in the \(side) file of '\(change.domain)'")
        }
    }

    /// The corpus covers the documentation's table: at least 60 pairs, every kind of the table expected by one of
    /// them, every expect line of a kind the table has, and every pair laid out as the README says.
    func testTheCorpusCoversEveryKind() throws {
        let folders = try Self.folders()
        XCTAssertGreaterThanOrEqual(folders.count, 60, "the corpus has \(folders.count) pairs")
        let kinds = try Self.documentedKinds()
        XCTAssertGreaterThanOrEqual(kinds.count, 60, "the table of ReviewingChanges.md gave \(kinds.count) kinds: \(kinds)")
        let pattern = try NSRegularExpression(
            pattern: "^[a-z]+(-[a-z]+)* [A-Za-z_][A-Za-z0-9_.]* source=(none|additive|breaking) wire=(none|compatible|breaking)$")
        var expectedKinds: Set<String> = []
        for folder in folders {
            let expectations = try Self.expectations(folder)
            XCTAssertFalse(expectations.isEmpty, "\(folder): new/shop.yaml has no '# expect:' line")
            for line in expectations {
                let range = NSRange(line.startIndex..., in: line)
                XCTAssertNotNil(pattern.firstMatch(in: line, range: range), "\(folder): malformed expect line '\(line)'")
                let kind = String(line.prefix { $0 != " " })
                XCTAssertTrue(kinds.contains(kind), "\(folder): '\(kind)' is not a kind of the table in ReviewingChanges.md")
                expectedKinds.insert(kind)
            }
            let oldNames = try Self.specPaths(folder, "old").map { ($0 as NSString).lastPathComponent }
            let newNames = try Self.specPaths(folder, "new").map { ($0 as NSString).lastPathComponent }
            XCTAssertTrue(oldNames.contains("shop.yaml") && newNames.contains("shop.yaml"), "\(folder): shop.yaml on both sides")
            if folder == "domain-added" || folder == "domain-removed" {
                XCTAssertNotEqual(oldNames, newNames, "\(folder): a spec on one side only")
            } else {
                XCTAssertEqual(oldNames, newNames, "\(folder): the same spec files on both sides")
            }
        }
        let missing = kinds.filter { !expectedKinds.contains($0) }
        XCTAssertEqual(missing, [], "kinds of ReviewingChanges.md no pair of \(Self.corpus) expects")
    }
}
