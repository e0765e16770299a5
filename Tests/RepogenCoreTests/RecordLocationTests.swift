import Foundation
import RepogenCore
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the record of a run is kept (`RecordLocation`): never in the output folder; in a named folder, the package's
/// `.build`, or the user's cache folder; one record per output folder; and a cache folder that cannot be written,
/// a shared one, or a moved project never costs more than the shortcut.
final class RecordLocationTests: XCTestCase {
    var root = ""
    let tool = ToolIdentity("repogen test build 1")
    let spec = """
        endpoints:
          - { name: fetchMe, method: GET, path: /me, response: String }
        """

    override func setUpWithError() throws {
        // The real path: a temporary folder may be reached through a link (/var -> /private/var on macOS).
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-records-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
        root = try XCTUnwrap(RecordLocation.realPath(made))
    }

    override func tearDownWithError() throws {
        // Folders made read-only by a test are made writable again first.
        if let enumerator = FileManager.default.enumerator(atPath: root) {
            while let name = enumerator.nextObject() as? String { _ = chmod(root + "/" + name, 0o755) }
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ text: String, to name: String) throws {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A project: a spec in `<project>/Specs`, generating into `<project>/<output>`.
    func makeProject(_ project: String, domain: String = "user") throws {
        try write(spec, to: project + "/Specs/\(domain).yaml")
    }

    @discardableResult
    func generate(
        _ project: String, output: String = "Generated", domain: String = "user", records: RecordLocation.Choice,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> GenerateRun.Outcome {
        var options = GenerateOptions()
        options.baseDirectory = root + "/" + project
        do {
            return try GenerateRun.run(
                specPaths: ["Specs/\(domain).yaml"], options: options, output: root + "/" + project + "/" + output, tool: tool,
                records: records)
        } catch {
            XCTFail("the run failed: \(error)", file: file, line: line)
            throw error
        }
    }

    /// Every file below `folder`, relative, sorted.
    func files(_ folder: String) -> [String] {
        var result: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
        while let name = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
                result.append(name)
            }
        }
        return result.sorted()
    }

    func automatic(_ environment: [String: String] = [:]) -> RecordLocation.Choice {
        .automatic(environment: ["HOME": root + "/home", "XDG_CACHE_HOME": root + "/xdg"].merging(environment) { $1 })
    }

    // MARK: where

    func testTheOutputFolderHoldsOnlyGeneratedFiles() throws {
        try makeProject("App")
        XCTAssertFalse(try generate("App", records: automatic()).reused)
        XCTAssertEqual(files("App/Generated"), [
            "User/MockUserRepository.swift", "User/UserApi.swift", "User/UserModels.swift", "User/UserRepository.swift",
        ])
        XCTAssertEqual(files("App"), files("App/Generated").map { "Generated/" + $0 } + ["Specs/user.yaml"])
        // The record is in the user's cache folder, named after the output folder, and says which folder it is.
        let location = try XCTUnwrap(RecordLocation.find(output: root + "/App/Generated", choice: automatic()))
        XCTAssertEqual(location.origin, .userCache)
        XCTAssertEqual(location.output, root + "/App/Generated")
        XCTAssertEqual(files("xdg"), ["repogen/records/" + RecordLocation.recordName(forOutput: root + "/App/Generated")])
        let record = try String(contentsOfFile: location.recordPath, encoding: .utf8)
        XCTAssertTrue(record.contains("\noutput \(root)/App/Generated\n"), record)
        XCTAssertTrue(try generate("App", records: automatic()).reused)
    }

    func testTheCacheFolderIsNamedThePackagesOrTheUsers() throws {
        try FileManager.default.createDirectory(atPath: root + "/Pkg/Sources/App/Generated", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        func origin(_ environment: [String: String] = [:], output: String = "Pkg/Sources/App/Generated") -> (RecordLocation.Origin, String)? {
            RecordLocation.find(output: root + "/" + output, choice: automatic(environment)).map { ($0.origin, $0.cacheFolder) }
        }
        // Not in a package: the user's cache folder, XDG's if set (an absolute path), else the home folder's.
        XCTAssertEqual(origin()?.1, root + "/xdg/repogen")
        #if canImport(Darwin)
        XCTAssertEqual(origin(["XDG_CACHE_HOME": ""])?.1, root + "/home/Library/Caches/repogen")
        #else
        XCTAssertEqual(origin(["XDG_CACHE_HOME": ""])?.1, root + "/home/.cache/repogen")
        XCTAssertEqual(origin(["XDG_CACHE_HOME": "relative/cache"])?.1, root + "/home/.cache/repogen")
        #endif
        // Without a home folder (and no XDG folder) there is no cache folder: every run is a full one.
        XCTAssertNil(RecordLocation.find(output: root + "/Pkg/Sources/App/Generated", choice: .automatic(environment: [:])))
        // In a package that has not been built: still the user's (repogen does not make a .build).
        try write("// swift-tools-version: 6.0\n", to: "Pkg/Package.swift")
        XCTAssertEqual(origin()?.0, .userCache)
        // Built: its .build.
        try FileManager.default.createDirectory(atPath: root + "/Pkg/.build", withIntermediateDirectories: true)
        XCTAssertEqual(origin()?.0, .package)
        XCTAssertEqual(origin()?.1, root + "/Pkg/.build/repogen")
        // The nearest package decides: one inside it, not built, is not the outer one's.
        try write("// swift-tools-version: 6.0\n", to: "Pkg/Sources/App/Package.swift")
        XCTAssertEqual(origin()?.0, .userCache)
        try FileManager.default.removeItem(atPath: root + "/Pkg/Sources/App/Package.swift")
        // A folder named Package.swift is not a manifest.
        try FileManager.default.createDirectory(atPath: root + "/Pkg/Sources/App/Package.swift", withIntermediateDirectories: true)
        XCTAssertEqual(origin()?.0, .package)
        // REPOGEN_CACHE_DIR wins over the package, and --cache-dir over it.
        XCTAssertEqual(origin(["REPOGEN_CACHE_DIR": root + "/Shared/cache"])?.0, .named)
        XCTAssertEqual(origin(["REPOGEN_CACHE_DIR": root + "/Shared/cache"])?.1, root + "/Shared/cache")
        XCTAssertEqual(
            RecordLocation.find(output: root + "/Pkg/Sources/App/Generated", choice: .folder("/elsewhere/./c/"))?.cacheFolder,
            "/elsewhere/c")
        // A relative one is read from the run's base directory (the command line's current folder).
        XCTAssertEqual(
            RecordLocation.find(output: root + "/Pkg/Sources/App/Generated", choice: .folder("c"), baseDirectory: root)?.cacheFolder,
            root + "/c")
        XCTAssertEqual(
            RecordLocation.find(
                output: root + "/Pkg/Sources/App/Generated", choice: automatic(["REPOGEN_CACHE_DIR": "d/../e"]), baseDirectory: root
            )?.cacheFolder,
            root + "/e")
        // The output folder is found by its real path, however it is spelt or reached.
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/Pkg/Sources")
        let viaLink = RecordLocation.find(output: root + "/link/App/../App/Generated/", choice: automatic())
        XCTAssertEqual(viaLink?.output, root + "/Pkg/Sources/App/Generated")
        XCTAssertEqual(viaLink?.origin, .package)
        // An output folder that is not there yet has no record.
        XCTAssertNil(origin(output: "Pkg/Sources/App/Missing"))
    }

    func testInABuiltPackageTheRecordIsInItsBuildFolder() throws {
        try makeProject("Pkg")
        try write("// swift-tools-version: 6.0\n", to: "Pkg/Package.swift")
        try FileManager.default.createDirectory(atPath: root + "/Pkg/.build", withIntermediateDirectories: true)
        try generate("Pkg", records: automatic())
        XCTAssertEqual(files("Pkg/.build"), ["repogen/records/" + RecordLocation.recordName(forOutput: root + "/Pkg/Generated")])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/xdg"))
        XCTAssertTrue(try generate("Pkg", records: automatic()).reused)
    }

    // MARK: a cache folder that cannot be used

    /// Asserts that runs with `records` succeed, write the output, and are all full runs (there is no record to use).
    func assertRunsWithoutTheShortcut(_ records: RecordLocation.Choice, file: StaticString = #filePath, line: UInt = #line) throws {
        let first = try generate("App", records: records, file: file, line: line)
        XCTAssertFalse(first.reused, file: file, line: line)
        XCTAssertEqual(first.report.written.count + first.report.unchanged.count, 4, file: file, line: line)
        let second = try generate("App", records: records, file: file, line: line)
        XCTAssertFalse(second.reused, "no record could be written", file: file, line: line)
        XCTAssertEqual(second.report.written, [], file: file, line: line)
        XCTAssertEqual(second.report.unchanged.count, 4, file: file, line: line)
        XCTAssertEqual(second.warnings, [], file: file, line: line)
    }

    func testACacheFolderThatCannotBeWrittenCostsOnlyTheShortcut() throws {
        try makeProject("App")
        // A file where the cache folder would be made.
        try write("not a folder\n", to: "blocker")
        try assertRunsWithoutTheShortcut(.folder(root + "/blocker/cache"))
        XCTAssertEqual(try String(contentsOfFile: root + "/blocker", encoding: .utf8), "not a folder\n")
        // A file where the records folder would be.
        try write("not a folder\n", to: "cache/records")
        try assertRunsWithoutTheShortcut(.folder(root + "/cache"))
        #if os(Linux)
        // A read-only file system, which even root cannot write to.
        try assertRunsWithoutTheShortcut(.folder("/proc/self/repogen-cache"))
        #endif
    }

    func testAReadOnlyCacheFolder() throws {
        // Permissions do not stop root, so this part needs another user.
        try XCTSkipIf(getuid() == 0, "running as root: file permissions do not stop writes (the /proc and blocker cases cover it)")
        try makeProject("App")
        try FileManager.default.createDirectory(atPath: root + "/ro", withIntermediateDirectories: true)
        XCTAssertEqual(chmod(root + "/ro", 0o555), 0)
        try assertRunsWithoutTheShortcut(.folder(root + "/ro"))
        // A good record in a folder that became read-only is still used.
        XCTAssertEqual(chmod(root + "/ro", 0o755), 0)
        try generate("App", records: .folder(root + "/ro"))
        XCTAssertEqual(chmod(root + "/ro/records", 0o555), 0)
        XCTAssertEqual(chmod(root + "/ro", 0o555), 0)
        XCTAssertTrue(try generate("App", records: .folder(root + "/ro")).reused)
    }

    // MARK: sharing and moving

    func testTwoOutputFoldersShareOneCacheFolder() throws {
        try makeProject("A", domain: "user")
        try makeProject("B", domain: "shop")
        let shared = RecordLocation.Choice.folder(root + "/shared")
        try generate("A", domain: "user", records: shared)
        try generate("B", domain: "shop", records: shared)
        // Two records, each naming its folder; runs of one never replace the other's.
        XCTAssertEqual(files("shared").count, 2)
        for _ in 0..<2 {
            XCTAssertTrue(try generate("A", domain: "user", records: shared).reused)
            XCTAssertTrue(try generate("B", domain: "shop", records: shared).reused)
        }
        // Two output folders of one project (specs into two folders), too.
        try generate("A", output: "Other", domain: "user", records: shared)
        XCTAssertTrue(try generate("A", output: "Other", domain: "user", records: shared).reused)
        XCTAssertTrue(try generate("A", domain: "user", records: shared).reused)
        XCTAssertEqual(files("shared").count, 3)
        // A's record copied under B's name is not B's.
        let a = root + "/shared/records/" + RecordLocation.recordName(forOutput: root + "/A/Generated")
        let b = root + "/shared/records/" + RecordLocation.recordName(forOutput: root + "/B/Generated")
        try FileManager.default.removeItem(atPath: b)
        try FileManager.default.copyItem(atPath: a, toPath: b)
        XCTAssertFalse(try generate("B", domain: "shop", records: shared).reused)
        XCTAssertTrue(try generate("B", domain: "shop", records: shared).reused)
    }

    func testAMovedProjectIsAFullRunAndItsOldRecordIsRemoved() throws {
        for built in [false, true] {
            let (from, to) = built ? ("Pkg", "MovedPkg") : ("App", "MovedApp")
            try makeProject(from)
            if built {
                try write("// swift-tools-version: 6.0\n", to: from + "/Package.swift")
                try FileManager.default.createDirectory(atPath: root + "/" + from + "/.build", withIntermediateDirectories: true)
            }
            let records = built ? root + "/" + to + "/.build/repogen/records" : root + "/xdg/repogen/records"
            try generate(from, records: automatic())
            XCTAssertTrue(try generate(from, records: automatic()).reused)
            try FileManager.default.moveItem(atPath: root + "/" + from, toPath: root + "/" + to)
            // A new folder: a full run, which finds the files as they are, and then a record of its own. The record
            // of the old folder (gone) is removed, in the package's .build (which moved along) or the user's cache.
            let moved = try generate(to, records: automatic())
            XCTAssertFalse(moved.reused, "built: \(built)")
            XCTAssertEqual(moved.report.written, [])
            XCTAssertEqual(moved.report.unchanged.count, 4)
            XCTAssertEqual(try POSIXFile.names(in: records), [RecordLocation.recordName(forOutput: root + "/" + to + "/Generated")])
            XCTAssertTrue(try generate(to, records: automatic()).reused)
        }
    }

    func testACopiedProjectKeepsBothRecords() throws {
        try makeProject("App")
        try generate("App", records: automatic())
        try FileManager.default.copyItem(atPath: root + "/App", toPath: root + "/Copy")
        XCTAssertFalse(try generate("Copy", records: automatic()).reused)
        XCTAssertTrue(try generate("Copy", records: automatic()).reused)
        XCTAssertTrue(try generate("App", records: automatic()).reused, "the original's record is still there")
    }

    func testPruningLeavesWhatItDoesNotKnow() throws {
        try makeProject("App")
        try generate("App", records: .folder(root + "/c"))
        // A newer repogen's record, a stranger's file, a record of a folder that is gone, and an interrupted write.
        let newer = "# repogen cache: machine-local, safe to delete, do not commit\nrepogen-cache 3\noutput /gone\n"
        try write(newer, to: "c/records/" + String(repeating: "a", count: 32) + ".record")
        try write("mine\n", to: "c/records/notes.txt")
        try write(
            "# repogen cache: machine-local, safe to delete, do not commit\nrepogen-cache 2\noutput \(root)/Gone\nkey k\n",
            to: "c/records/" + String(repeating: "b", count: 32) + ".record")
        try write("partial", to: "c/records/.\(String(repeating: "b", count: 32)).record.repogen-999999999-0badf00d.tmp")
        // A full run prunes; a no-op run does not touch the folder.
        XCTAssertTrue(try generate("App", records: .folder(root + "/c")).reused)
        XCTAssertEqual(files("c").count, 5)
        try FileManager.default.removeItem(atPath: root + "/App/Generated/User/UserApi.swift")
        XCTAssertFalse(try generate("App", records: .folder(root + "/c")).reused)
        XCTAssertEqual(files("c"), [
            "records/" + RecordLocation.recordName(forOutput: root + "/App/Generated"),
            "records/" + String(repeating: "a", count: 32) + ".record", "records/notes.txt",
        ].sorted())
    }

    // MARK: the record repogen 0.3.0 kept in the output folder

    func testAnOldRecordThatCannotBeRemovedIsAWarning() throws {
        try XCTSkipIf(getuid() == 0, "running as root: file permissions do not stop the removal")
        try makeProject("App")
        try generate("App", records: automatic())
        try write("# repogen cache: machine-local, safe to delete, do not commit\nrepogen-cache 1\nkey 0\n", to: "App/Generated/.repogen-cache")
        XCTAssertEqual(chmod(root + "/App/Generated", 0o555), 0)
        defer { _ = chmod(root + "/App/Generated", 0o755) }
        let outcome = try generate("App", records: automatic())
        XCTAssertTrue(outcome.reused)
        XCTAssertEqual(outcome.report.removed, [])
        XCTAssertEqual(outcome.warnings, [
            root + "/App/Generated/.repogen-cache: warning: cannot remove this record of an earlier repogen (permission denied); it is no longer used: delete it"
        ])
    }

    func testTheOldRecordInTheOutputFolderIsRemoved() throws {
        try makeProject("App")
        let old = "# repogen cache: machine-local, safe to delete, do not commit\nrepogen-cache 1\nkey 0123\nfile 1 00 A/B.swift\n"
        let path = root + "/App/Generated/.repogen-cache"
        // On a full run (the first of this version) and on a no-op run.
        try write(old, to: "App/Generated/.repogen-cache")
        let first = try generate("App", records: automatic())
        XCTAssertEqual(first.report.removed, [path])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        try write(old, to: "App/Generated/.repogen-cache")
        let second = try generate("App", records: automatic())
        XCTAssertTrue(second.reused)
        XCTAssertEqual(second.report.removed, [path])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        // A file of that name that is not such a record is the user's; a link is never followed or removed.
        for mine in ["my notes\n", "# repogen cache: machine-local, safe to delete, do not commit\nrepogen-cache 2\n", ""] {
            try write(mine, to: "App/Generated/.repogen-cache")
            XCTAssertEqual(try generate("App", records: automatic()).report.removed, [])
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), mine)
        }
        try FileManager.default.removeItem(atPath: path)
        try write(old, to: "target")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: root + "/target")
        XCTAssertEqual(try generate("App", records: automatic()).report.removed, [])
        XCTAssertEqual(try String(contentsOfFile: root + "/target", encoding: .utf8), old)
        XCTAssertEqual(POSIXFile.kind(of: path), .symbolicLink)
    }
}
