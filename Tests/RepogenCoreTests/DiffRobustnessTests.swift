import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// `repogen diff` on versions that have little in common: every example spec against every other (as one domain),
/// and every pair of the corpus crosswise. Nothing may crash, every change names a kind of the documented table,
/// and every location is in the file of its side.
final class DiffRobustnessTests: XCTestCase {
    func specs(in folder: String) throws -> [SpecFile] {
        let url = PackagePaths.url(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
            .map { SpecFile(path: folder + "/" + $0, bytes: Array(try Data(contentsOf: url.appendingPathComponent($0)))) }
    }

    /// The kinds the reference page's table lists.
    func documentedKinds() throws -> Set<String> {
        let page = try String(contentsOf: PackagePaths.url("Documentation/ReviewingChanges.md"), encoding: .utf8)
        var kinds = Set<String>()
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            if let end = line.dropFirst(3).firstIndex(of: "`") { kinds.insert(String(line[line.index(line.startIndex, offsetBy: 3)..<end])) }
        }
        return kinds
    }

    func check(_ old: SpecFile, _ new: SpecFile, kinds: Set<String>) throws {
        let report = try APIDiff.compare(old: [old], new: [new], asOneDomain: true)
        for change in report.changes {
            let what = "\(old.path) -> \(new.path): \(change.kind) \(change.subject)"
            XCTAssertTrue(kinds.contains(change.kind), "\(what): not in Documentation/ReviewingChanges.md")
            if let location = change.old { XCTAssertEqual(location.path, old.path, what) }
            if let location = change.new { XCTAssertEqual(location.path, new.path, what) }
            XCTAssertTrue(change.old != nil || change.new != nil, "\(what): no location")
            XCTAssertFalse(change.message.isEmpty, what)
        }
        // The other way round, what was added was removed: per kind of thing, as many of one as of the other.
        let back = try APIDiff.compare(old: [new], new: [old], asOneDomain: true)
        func count(_ changes: [APIChange], _ suffix: String) -> [String: Int] {
            var counts: [String: Int] = [:]
            for change in changes where change.kind.hasSuffix(suffix) && !change.kind.hasPrefix("conformance") {
                let thing = change.kind.dropLast(suffix.count)
                    .replacingOccurrences(of: "optional-", with: "").replacingOccurrences(of: "defaulted-", with: "")
                counts[thing, default: 0] += 1
            }
            return counts
        }
        XCTAssertEqual(count(report.changes, "-added"), count(back.changes, "-removed"), "\(old.path) <-> \(new.path)")
        XCTAssertEqual(count(report.changes, "-renamed"), count(back.changes, "-renamed"), "\(old.path) <-> \(new.path)")
    }

    func testEveryExampleSpecAgainstEveryOther() throws {
        let kinds = try documentedKinds()
        let files = try specs(in: "Specs")
        XCTAssertGreaterThan(files.count, 5)
        for old in files {
            for new in files {
                try check(old, new, kinds: kinds)
            }
            // Against itself: nothing.
            XCTAssertEqual(try APIDiff.compare(old: [old], new: [old]).changes, [], old.path)
        }
    }

    func testTheCorpusCrosswise() throws {
        let kinds = try documentedKinds()
        let root = PackagePaths.url("Tests/DiffCorpus")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted().filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent("\($0)/new/shop.yaml").path)
                && FileManager.default.fileExists(atPath: root.appendingPathComponent("\($0)/old/shop.yaml").path)
        }
        let files = try folders.flatMap { folder in
            try ["old", "new"].map { side in
                let path = "Tests/DiffCorpus/\(folder)/\(side)/shop.yaml"
                return SpecFile(path: path, bytes: Array(try Data(contentsOf: PackagePaths.url(path))))
            }
        }
        // Each file against a few others far from it in the list (all pairs would be 40,000 diffs).
        for (index, old) in files.enumerated() {
            for step in [1, 31] {
                try check(old, files[(index + step) % files.count], kinds: kinds)
            }
        }
    }
}
