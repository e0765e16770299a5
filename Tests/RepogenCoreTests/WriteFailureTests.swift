import Foundation
import RepogenCore
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the writer names failures and which temporary files it owns.
final class WriteFailureTests: XCTestCase {
    func testErrnoBecomesPlainWordsNamingTheGeneratedFile() {
        XCTAssertEqual(POSIXFile.reason(errno: ENOSPC), "no space left on device")
        XCTAssertEqual(POSIXFile.reason(errno: EACCES), "permission denied")
        XCTAssertEqual(POSIXFile.reason(errno: EROFS), "the file system is read-only")
        XCTAssertEqual(POSIXFile.reason(errno: ENOENT), "no such file or directory")
        XCTAssertEqual(
            FileWriter.writeFailure(ErrnoError(ENOSPC), path: "out/Store/StoreModels.swift").description,
            "out/Store/StoreModels.swift: error: cannot write: no space left on device")
        XCTAssertEqual(
            FileWriter.writeFailure(ErrnoError(EACCES), path: "out/Store/StoreModels.swift").description,
            "out/Store/StoreModels.swift: error: cannot write: permission denied")
    }

    func testAFileOnTheWayIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-failure-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/out/Store", contents: Data("x".utf8)))
        let target = folder + "/out/Store/StoreModels.swift"
        XCTAssertEqual(
            FileWriter.writeFailure(ErrnoError(ENOTDIR), path: target).message,
            "cannot write: it is inside '\(folder)/out/Store', which is a file")
        XCTAssertThrowsError(try FileWriter.write([OutputFile(relativePath: "Store/StoreModels.swift", contents: "")], to: folder + "/out")) {
            XCTAssertEqual(($0 as? Diagnostic)?.description, "\(target): error: cannot write: it is inside '\(folder)/out/Store', which is a file")
        }
        // Found again when the write itself fails (the file appeared after the check).
        XCTAssertThrowsError(try FileWriter.write([OutputFile(relativePath: "Store/StoreModels.swift", contents: "")], to: folder + "/out/Store/Deeper")) {
            XCTAssertEqual(($0 as? Diagnostic)?.message, "cannot write: it is inside '\(folder)/out/Store', which is a file")
        }
    }

    func testTemporaryFileNames() {
        XCTAssertEqual(FileWriter.temporaryFileProcess(".StoreApi.swift.repogen-123-0123abcd.tmp"), .some(123))
        XCTAssertEqual(FileWriter.temporaryFileProcess(".StoreApi.swift.repogen-123.tmp"), .some(123))
        XCTAssertEqual(FileWriter.temporaryFileProcess(".a.repogen-b.repogen-9999999999-ffffffff.tmp"), .some(nil), "ours, pid unreadable")
        for name in [
            "StoreApi.swift.repogen-123-0123abcd.tmp", ".StoreApi.swift.repogen-123-0123ABCD.tmp",
            ".StoreApi.swift.repogen-123-0123abc.tmp", ".StoreApi.swift.repogen--0123abcd.tmp",
            ".StoreApi.swift.repogen-123-0123abcd-1.tmp", ".StoreApi.swift.repogen-123-0123abcd.tmp~",
            ".repogen-123-0123abcd.tmp", ".StoreApi.swift.tmp", ".tmp", "",
        ] {
            XCTAssertTrue(FileWriter.temporaryFileProcess(name) == nil, name)
        }
    }

    func testStaleTemporariesOfARunningProcessStay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-temporaries-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = ".A.swift.repogen-2147483647-00000000.tmp"
        let mine = ".B.swift.repogen-\(getpid())-00000000.tmp"  // this process has none in flight: stale
        let running = ".C.swift.repogen-1-00000000.tmp"  // pid 1 is running: it may be about to rename it
        for name in [dead, mine, running] {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        XCTAssertEqual(try FileWriter.removeStaleTemporaries(in: folder), [folder + "/" + dead, folder + "/" + mine])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [running])
    }
}
