import Foundation
import RepogenCore
import XCTest

/// An unchanged rerun skips parsing and rendering; through the real binary: what `--verbose` says, what is
/// written, and the inputs only the command line sees (another build of repogen, the config file, `--force`).
final class RerunTests: CLITestCase {
    let upToDate = "up to date: the inputs and the output are those of the last run"

    func read(_ name: String) throws -> String {
        try String(contentsOf: workDirectory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Inode, size, modification and status-change time of everything below the work folder.
    func snapshot() -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for name in files() {
            var info = stat()
            guard lstat(workDirectory.appendingPathComponent(name).path, &info) == 0 else { continue }
            #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
            #endif
            result[name] = [Int(info.st_ino), Int(info.st_size), modified.tv_sec * 1_000_000_000 + modified.tv_nsec,
                            changed.tv_sec * 1_000_000_000 + changed.tv_nsec]
        }
        return result
    }

    func generate(_ arguments: [String] = [], executable: URL? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> (reused: Bool, stdout: String) {
        let result = try run(["generate", "--verbose"] + arguments, executable: executable)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return (result.stdout.hasPrefix(upToDate), result.stdout)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(validSpec, to: "Specs/item.json")
        try write(validSpec.replacingOccurrences(of: "fetchItem", with: "fetchOrder"), to: "Specs/order.json")
        try write("specs: [Specs]\noutput: Generated\n", to: "repogen.yaml")
    }

    func testAnUnchangedRerunWritesNothing() throws {
        XCTAssertFalse(try generate().reused)
        let before = snapshot()
        let second = try generate()
        XCTAssertTrue(second.reused, second.stdout)
        XCTAssertTrue(second.stdout.hasSuffix("0 written, 8 unchanged, 0 removed\n"), second.stdout)
        XCTAssertTrue(second.stdout.contains("unchanged Generated/Item/ItemApi.swift\n"), second.stdout)
        XCTAssertEqual(snapshot(), before, "nothing written, not even the record")
        // What it printed without --verbose is what a full run prints.
        XCTAssertEqual(try run(["generate"]).stdout, "0 written, 8 unchanged, 0 removed\n")
        XCTAssertEqual(try run(["generate", "--force"]).stdout, "0 written, 8 unchanged, 0 removed\n")
        XCTAssertEqual(snapshot(), before)
    }

    func testForceRegenerates() throws {
        _ = try generate()
        XCTAssertFalse(try generate(["--force"]).reused)
        XCTAssertFalse(try generate(["-f"]).reused)
        XCTAssertTrue(try generate().reused)
    }

    func testAnotherBuildOfRepogenRegenerates() throws {
        _ = try generate()
        XCTAssertTrue(try generate().reused)
        // A copy of the binary is another file (another inode and times), as a rebuilt repogen is.
        let copy = workDirectory.appendingPathComponent("bin/repogen")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: copy)
        XCTAssertFalse(try generate(executable: copy).reused, "another build")
        XCTAssertTrue(try generate(executable: copy).reused)
        // The same file with a new modification time (rebuilt in place).
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: copy.path)
        XCTAssertFalse(try generate(executable: copy).reused, "a touched build")
        XCTAssertTrue(try generate(executable: copy).reused)
        XCTAssertFalse(try generate().reused, "back to the first build")
        XCTAssertEqual(try run(["generate", "--check"]).status, 0)
    }

    func testConfigChangesRegenerate() throws {
        _ = try generate()
        try write("specs: [Specs]\noutput: Generated\naccessLevel: internal\n", to: "repogen.yaml")
        XCTAssertFalse(try generate().reused)
        XCTAssertFalse(try read("Generated/Item/ItemRepository.swift").contains("public "))
        XCTAssertTrue(try generate().reused)
        try write("specs: [Specs]\noutput: Generated\naccessLevel: internal\nimports: [Models]\n", to: "repogen.yaml")
        XCTAssertFalse(try generate().reused)
        XCTAssertTrue(try read("Generated/Item/ItemRepository.swift").contains("import Models\n"))
        // A spec less in the folder the config names: its files go.
        try FileManager.default.removeItem(at: workDirectory.appendingPathComponent("Specs/order.json"))
        let fewer = try generate()
        XCTAssertFalse(fewer.reused)
        XCTAssertTrue(fewer.stdout.contains("removed Generated/Order/OrderApi.swift\n"), fewer.stdout)
        // Only the settings the config resolves to count, not its spelling.
        try write("# the same settings\nspecs: [Specs]\noutput: Generated\naccessLevel: internal\nimports: [Models]\n", to: "repogen.yaml")
        XCTAssertTrue(try generate().reused)
        // The output folder from the command line.
        XCTAssertFalse(try generate(["--output", "Other"]).reused)
        XCTAssertEqual(try run(["generate", "--output", "Other", "--check"]).status, 0)
    }

    func testCheckModeComparesRealBytesNotTheRecord() throws {
        _ = try generate()
        // An edit, and a record forged to describe the edited file: the one change the fast path cannot see,
        // since it trusts the record it wrote. Check mode compares real bytes; --force does too, and repairs.
        let name = "Generated/Item/ItemApi.swift"
        let edited = try read(name).replacingOccurrences(of: "case fetchItem", with: "case fetchItems")
        try write(edited, to: name)
        let record = try String(contentsOfFile: recordPath(), encoding: .utf8)
        let line = try XCTUnwrap(record.split(separator: "\n").first { $0.hasSuffix(" Item/ItemApi.swift") })
        let forged = "file \(edited.utf8.count) \(XXH64.hex(XXH64.hash(Array(edited.utf8)))) Item/ItemApi.swift"
        try Data(record.replacingOccurrences(of: String(line), with: forged).utf8).write(to: URL(fileURLWithPath: recordPath()))
        XCTAssertTrue(try generate().reused)

        let check = try run(["generate", "--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("-    case fetchItems(id: Int)\n+    case fetchItem(id: Int)\n"), check.stdout)

        let forced = try generate(["--force"])
        XCTAssertTrue(forced.stdout.contains("wrote \(name)\n"), forced.stdout)
        XCTAssertEqual(try run(["generate", "--check"]).status, 0)
        XCTAssertTrue(try generate().reused)
    }
}
