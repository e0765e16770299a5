import Foundation
import RepogenCore
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// FIFOs and devices where repogen reads a file (a spec, a spec in a folder, a config, a template, an OpenAPI document,
/// its record, a generated file): each is an error naming the file (or, for the record, as good as no record), with
/// nothing written; none makes repogen wait for a writer or read forever. Every run has a time limit of a minute, so
/// that a hang fails the test (the process is killed) instead of wedging the run: a hang guard, not a speed check.
final class SpecialFileTests: CLITestCase {
    func path(_ name: String) -> String { workDirectory.appendingPathComponent(name).path }

    func fifo(_ name: String) throws {
        try FileManager.default.createDirectory(
            at: workDirectory.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        guard mkfifo(path(name), 0o644) == 0 else { throw XCTSkip("mkfifo failed: \(String(cString: strerror(errno)))") }
    }

    /// A symbolic link at `name` to `/dev/zero`.
    func zero(_ name: String) throws {
        guard FileManager.default.fileExists(atPath: "/dev/zero") else { throw XCTSkip("no /dev/zero here") }
        try FileManager.default.createDirectory(
            at: workDirectory.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: "/dev/zero")
    }

    /// `run`, killed and failed when it takes more than a minute. Its output goes to files outside the work folder.
    func runPromptly(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Output {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-special-logs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let out = logs.appendingPathComponent("stdout")
        let err = logs.appendingPathComponent("stderr")
        XCTAssertTrue(FileManager.default.createFile(atPath: out.path, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: err.path, contents: nil))
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment()
        process.currentDirectoryURL = workDirectory
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + 60) == .timedOut {
            XCTFail("repogen \(arguments.joined(separator: " ")) did not finish within 60 s: killed", file: file, line: line)
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// Runs `arguments` and expects exit code 3 with exactly `error` on standard error, and no new file.
    func assertRefused(_ arguments: [String], error: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = files()
        let result = try runPromptly(arguments, file: file, line: line)
        XCTAssertEqual(result.status, 3, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, error + "\n1 error; nothing was written\n", file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(files(), before, "nothing written", file: file, line: line)
    }

    func testASpecThatIsAFIFOOrADevice() throws {
        try fifo("item.yaml")
        try assertRefused(["generate", "item.yaml"], error: "item.yaml: error: is a FIFO (named pipe), not a regular file")
        try zero("zero.json")
        try assertRefused(["generate", "zero.json"], error: "zero.json: error: is a character device, not a regular file")
        try assertRefused(["generate", "/dev/zero"], error: "/dev/zero: error: is a character device, not a regular file")
    }

    func testAFIFOInAFolderOfSpecs() throws {
        try write(validSpec, to: "Specs/item.json")
        try fifo("Specs/pipe.yaml")
        try assertRefused(["generate", "Specs"], error: "Specs/pipe.yaml: error: is a FIFO (named pipe), not a regular file")
    }

    func testAConfigThatIsAFIFOOrADevice() throws {
        try write(validSpec, to: "item.json")
        try fifo("repogen.yaml")
        try assertRefused(["generate"], error: "repogen.yaml: error: is a FIFO (named pipe), not a regular file")
        try assertRefused(["generate", "item.json", "-c", "repogen.yaml"], error: "repogen.yaml: error: is a FIFO (named pipe), not a regular file")
        try zero("zero.json")
        try assertRefused(["generate", "-c", "zero.json"], error: "zero.json: error: is a character device, not a regular file")
    }

    func testATemplateThatIsAFIFOOrADevice() throws {
        try write(validSpec, to: "item.json")
        try fifo("tpl/Api.swift.mustache")
        try assertRefused(
            ["generate", "item.json", "--templates", "tpl"],
            error: "tpl/Api.swift.mustache: error: is a FIFO (named pipe), not a regular file")
        try zero("dev/Mock.swift.mustache")
        try assertRefused(
            ["generate", "item.json", "--templates", "dev"],
            error: "dev/Mock.swift.mustache: error: is a character device, not a regular file")
    }

    func testAnOpenAPIDocumentThatIsAFIFOOrADevice() throws {
        try fifo("openapi.yaml")
        try assertRefused(["import", "openapi.yaml"], error: "openapi.yaml: error: is a FIFO (named pipe), not a regular file")
        try assertRefused(["import", "openapi.yaml", "--check"], error: "openapi.yaml: error: is a FIFO (named pipe), not a regular file")
        try zero("openapi.json")
        try assertRefused(["import", "openapi.json"], error: "openapi.json: error: is a character device, not a regular file")
    }

    func testASpecOneByteOverTheLimit() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: path("big.json"), contents: nil))
        let handle = try FileHandle(forWritingTo: workDirectory.appendingPathComponent("big.json"))
        try handle.truncate(atOffset: 10 * 1024 * 1024 + 1)  // sparse: no disk is used
        try handle.close()
        try assertRefused(["generate", "big.json"], error: "big.json: error: the spec file is too large (10.1 MB; the limit is 10 MB)")
    }

    func testARecordThatIsAFIFOOrADeviceIsNoRecord() throws {
        try write(validSpec, to: "item.json")
        XCTAssertEqual(try runPromptly(["generate", "item.json"]).status, 0)
        let generated = try files().filter { $0.hasSuffix(".swift") }.map { name in
            (name, try FileManager.default.attributesOfItem(atPath: path(name))[.modificationDate] as? Date)
        }
        let record = recordPath()
        XCTAssertEqual(POSIXFile.kind(of: record), .file)
        for special in ["fifo", "zero"] {
            try FileManager.default.removeItem(atPath: record)
            if special == "fifo" {
                guard mkfifo(record, 0o644) == 0 else { throw XCTSkip("mkfifo failed: \(String(cString: strerror(errno)))") }
            } else {
                try FileManager.default.createSymbolicLink(atPath: record, withDestinationPath: "/dev/zero")
            }
            // And one where the record of repogen 0.3.0 was (which a run removes when it is such a record): neither
            // read nor removed.
            if special == "fifo" { try fifo("Generated/.repogen-cache") } else { try zero("Generated/.repogen-cache") }
            let result = try runPromptly(["generate", "item.json"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "")
            // A full run, which finds every file as it is (and cannot replace the record: it is not a regular file).
            XCTAssertEqual(result.stdout, "0 written, 4 unchanged, 0 removed\n", special)
            for (name, date) in generated {
                XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path(name))[.modificationDate] as? Date, date, name)
            }
            XCTAssertNotEqual(POSIXFile.kind(of: path("Generated/.repogen-cache")), .missing)
            try FileManager.default.removeItem(atPath: path("Generated/.repogen-cache"))
        }
    }

    func testAFIFOAmongTheGeneratedFilesIsNeverRead() throws {
        try write(validSpec, to: "item.json")
        XCTAssertEqual(try runPromptly(["generate", "item.json"]).status, 0)
        // Where a stale generated file could be: the scan for stale files reads the head of each .swift file.
        try fifo("Generated/Item/Old.swift")
        let rerun = try runPromptly(["generate", "item.json", "--force"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(rerun.stdout, "0 written, 4 unchanged, 0 removed\n")
        let check = try runPromptly(["generate", "item.json", "--check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        // Where a generated file goes: refused, never read or replaced.
        try FileManager.default.removeItem(atPath: path("Generated/Item/ItemApi.swift"))
        try fifo("Generated/Item/ItemApi.swift")
        for arguments in [["generate", "item.json"], ["generate", "item.json", "--check"]] {
            let result = try runPromptly(arguments)
            XCTAssertEqual(result.status, 4, result.stderr)
            XCTAssertEqual(
                result.stderr, "Generated/Item/ItemApi.swift: error: cannot write: something that is not a regular file is in the way\n")
        }
        XCTAssertEqual(POSIXKind.of(path("Generated/Item/ItemApi.swift")), S_IFIFO)
    }
}

/// The file type bits of what is at a path (not following links).
enum POSIXKind {
    static func of(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}
