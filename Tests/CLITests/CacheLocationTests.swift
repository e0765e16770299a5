import Foundation
import RepogenCore
import XCTest

/// The record of a run is machine-local state: it never lands in the user's repository (issue 35). Through the
/// binary, as a new user and as a package user run it.
final class CacheLocationTests: CLITestCase {
    let git = URL(fileURLWithPath: "/usr/bin/git")

    func gitStatus() throws -> [String] {
        let status = try run(["status", "--porcelain", "--untracked-files=all"], executable: git)
        XCTAssertEqual(status.status, 0, status.stderr)
        return status.stdout.split(separator: "\n").map(String.init).sorted()
    }

    func testAFreshRepositoryShowsOnlyTheConfigTheSpecAndTheGeneratedFiles() throws {
        guard FileManager.default.isExecutableFile(atPath: git.path) else { throw XCTSkip("git is not at /usr/bin/git") }
        XCTAssertEqual(try run(["init", "--quiet"], executable: git).status, 0)
        XCTAssertEqual(try run(["init"]).status, 0)
        let first = try run(["generate"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let expected = [
            "?? Generated/Todo/MockTodoRepository.swift", "?? Generated/Todo/TodoApi.swift", "?? Generated/Todo/TodoModels.swift",
            "?? Generated/Todo/TodoRepository.swift", "?? Specs/todo.yaml", "?? repogen.yaml",
        ]
        XCTAssertEqual(try gitStatus(), expected)
        // The rerun is a no-op from the record, which is in the user's cache folder.
        let again = try run(["generate", "--verbose"])
        XCTAssertTrue(again.stdout.hasPrefix("up to date: "), again.stdout)
        XCTAssertTrue(again.stdout.contains("record of this run: \(recordPath())\n"), again.stdout)
        XCTAssertTrue(recordPath().hasPrefix(cacheHome.path + "/repogen/records/"))
        XCTAssertEqual(try gitStatus(), expected)
        // Committed, then run again: nothing to commit.
        XCTAssertEqual(try run(["add", "."], executable: git).status, 0)
        XCTAssertEqual(
            try run(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "init"], executable: git).status, 0)
        XCTAssertEqual(try run(["generate"]).status, 0)
        XCTAssertEqual(try run(["generate", "--force"]).status, 0)
        XCTAssertEqual(try gitStatus(), [])
    }

    func testInABuiltPackageTheRecordIsInItsBuildFolder() throws {
        try write("// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"App\")\n", to: "Package.swift")
        try FileManager.default.createDirectory(at: workDirectory.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try write(validSpec, to: "Specs/item.json")
        XCTAssertEqual(try run(["generate", "Specs/item.json", "--output", "Sources/App/Generated"]).status, 0)
        let again = try run(["generate", "Specs/item.json", "--output", "Sources/App/Generated", "--verbose"])
        XCTAssertTrue(again.stdout.hasPrefix("up to date: "), again.stdout)
        let real = try XCTUnwrap(RecordLocation.realPath(workDirectory.path))
        let record = real + "/.build/repogen/records/" + RecordLocation.recordName(forOutput: real + "/Sources/App/Generated")
        XCTAssertTrue(again.stdout.contains("record of this run: \(record)\n"), again.stdout)
        XCTAssertEqual(files().filter { !$0.hasPrefix(".build") }, [
            "Package.swift", "Sources", "Sources/App", "Sources/App/Generated", "Sources/App/Generated/Item",
            "Sources/App/Generated/Item/ItemApi.swift", "Sources/App/Generated/Item/ItemModels.swift",
            "Sources/App/Generated/Item/ItemRepository.swift", "Sources/App/Generated/Item/MockItemRepository.swift",
            "Specs", "Specs/item.json",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheHome.path), "nothing in the user's cache folder")
    }

    func testCacheDirAndTheEnvironmentNameTheFolder() throws {
        try write(validSpec, to: "item.json")
        let named = workDirectory.path + "-named"
        defer { try? FileManager.default.removeItem(atPath: named) }
        XCTAssertEqual(try run(["generate", "item.json", "--cache-dir", named]).status, 0)
        let byOption = try run(["generate", "item.json", "--cache-dir=" + named, "--verbose"])
        XCTAssertTrue(byOption.stdout.hasPrefix("up to date: "), byOption.stdout)
        XCTAssertTrue(byOption.stdout.contains("record of this run: \(named)/records/"), byOption.stdout)
        let byEnvironment = try run(["generate", "item.json", "--verbose"], environment: ["REPOGEN_CACHE_DIR": named])
        XCTAssertTrue(byEnvironment.stdout.hasPrefix("up to date: "), byEnvironment.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheHome.path))
        // One that cannot be written: the run succeeds, says so with --verbose, and the next is a full one.
        try write("a file\n", to: "blocker")
        let blocked = try run(["generate", "item.json", "--cache-dir", "blocker/cache", "--verbose", "--force"])
        XCTAssertEqual(blocked.status, 0, blocked.stderr)
        XCTAssertEqual(blocked.stderr, "")
        XCTAssertTrue(blocked.stdout.contains("no record of this run was kept"), blocked.stdout)
        XCTAssertFalse(try run(["generate", "item.json", "--cache-dir", "blocker/cache", "--verbose"]).stdout.hasPrefix("up to date: "))
        XCTAssertEqual(try run(["generate", "item.json", "--cache-dir"]).status, 2)
    }

    func testTheRecordAnEarlierVersionLeftInTheOutputFolderIsRemoved() throws {
        try write(validSpec, to: "item.json")
        XCTAssertEqual(try run(["generate", "item.json"]).status, 0)
        try write(
            "# repogen cache: machine-local, safe to delete, do not commit\nrepogen-cache 1\nkey 00\nfile 1 0000000000000000 Item/ItemApi.swift\n",
            to: "Generated/.repogen-cache")
        let result = try run(["generate", "item.json"])
        XCTAssertEqual(result.stdout, "removed Generated/.repogen-cache\n0 written, 4 unchanged, 1 removed\n")
        XCTAssertFalse(files().contains("Generated/.repogen-cache"))
    }
}
