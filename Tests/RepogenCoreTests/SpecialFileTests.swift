import Foundation
import RepogenCore
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file repogen reads goes through `POSIXFile.readRegularFile`: only a regular file, opened without blocking,
/// checked on the open descriptor, and read up to a bound. A FIFO or a device is an error saying what it is, never a
/// read that waits for a writer (a FIFO) or never ends (`/dev/zero`). No test here asserts speed: the time limit of
/// `promptly` only keeps a hang from wedging the run.
final class SpecialFileTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-special-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    /// A FIFO at `name` (no process writes to it).
    @discardableResult
    func fifo(_ name: String) throws -> String {
        let fifoPath = path(name)
        try FileManager.default.createDirectory(atPath: PathText.parent(fifoPath), withIntermediateDirectories: true)
        guard mkfifo(fifoPath, 0o644) == 0 else { throw XCTSkip("mkfifo failed: \(String(cString: strerror(errno)))") }
        return fifoPath
    }

    /// A file of `size` zero bytes that takes no disk (`ftruncate` makes it sparse).
    func sparseFile(_ name: String, size: Int) throws -> String {
        let filePath = path(name)
        let descriptor = open(filePath, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { _ = close(descriptor) }
        XCTAssertEqual(ftruncate(descriptor, off_t(size)), 0)
        return filePath
    }

    func deviceZero() throws -> String {
        guard FileManager.default.fileExists(atPath: "/dev/zero") else { throw XCTSkip("no /dev/zero here") }
        return "/dev/zero"
    }

    /// Runs `body` on a thread of its own and returns what it returned, failing the test when it takes longer than
    /// a minute: a hang guard, not a speed check. A read stuck on one of `fifos` is then released (a writer opens
    /// and closes it, so the read sees the end), so the test run goes on.
    func promptly<T: Sendable>(
        unblocking fifos: [String] = [], file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable () -> T
    ) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.value = body()
            done.signal()
        }.start()
        if done.wait(timeout: .now() + 60) == .timedOut {
            XCTFail("did not finish within 60 s: a read waits on a FIFO or never ends", file: file, line: line)
            for fifo in fifos {
                let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if writer >= 0 { _ = close(writer) }
            }
            _ = done.wait(timeout: .now() + 10)
            return nil
        }
        return box.value
    }

    /// What `readRegularFile` threw, or nil when it read.
    func readFailure(_ filePath: String, limit: Int = 1 << 20, followingLinks: Bool = true) -> FileReadError.Reason? {
        promptly(unblocking: [filePath]) { () -> FileReadError.Reason? in
            do {
                _ = try POSIXFile.readRegularFile(filePath, limit: limit, followingLinks: followingLinks)
                return nil
            } catch let error as FileReadError {
                return error.reason
            } catch {
                return .failed(errno: -1)
            }
        } ?? nil
    }

    // MARK: the helper

    func testAFIFOIsAnErrorNotARead() throws {
        let spec = try fifo("spec.yaml")
        XCTAssertEqual(readFailure(spec), .notRegularFile("a FIFO (named pipe)"))
        XCTAssertEqual(readFailure(spec, followingLinks: false), .notRegularFile("a FIFO (named pipe)"))
        XCTAssertEqual(FileReadError(.notRegularFile("a FIFO (named pipe)")).message(file: "spec file"), "is a FIFO (named pipe), not a regular file")
        XCTAssertEqual(
            promptly { (try? POSIXFile.readHead(spec, count: 512, followingLinks: true)) == nil }, true,
            "the head of a FIFO is not read either")
        XCTAssertEqual(
            promptly { FileDigest(of: spec, seeds: [0], followingLinks: true) == nil }, true, "nor is a FIFO hashed")
    }

    func testADeviceIsAnErrorNotARead() throws {
        let zero = try deviceZero()
        XCTAssertEqual(readFailure(zero), .notRegularFile("a character device"))
        XCTAssertEqual(FileReadError(.notRegularFile("a character device")).message(file: "template"), "is a character device, not a regular file")
        // Through a symbolic link: followed, it is the device; not followed, the link is the error.
        let link = path("zero.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: zero)
        XCTAssertEqual(readFailure(link), .notRegularFile("a character device"))
        XCTAssertEqual(readFailure(link, followingLinks: false), .symbolicLink)
        XCTAssertEqual(promptly { FileDigest(of: link, seeds: [0], followingLinks: true) == nil }, true)
    }

    func testAFolderAMissingFileAndARegularFile() throws {
        XCTAssertEqual(readFailure(folder), .folder)
        XCTAssertEqual(FileReadError(.folder).message(file: "OpenAPI document"), "is a folder, not an OpenAPI document")
        XCTAssertEqual(readFailure(path("missing")), .missing)
        XCTAssertEqual(readFailure(path("missing/below")), .missing)
        XCTAssertNil(try POSIXFile.readRegularFileIfPresent(path("missing"), limit: 10, followingLinks: false))
        XCTAssertTrue(FileManager.default.createFile(atPath: path("spec.json"), contents: Data("{}\n".utf8)))
        XCTAssertEqual(try POSIXFile.readRegularFile(path("spec.json"), limit: 3, followingLinks: false), Array("{}\n".utf8))
        XCTAssertEqual(try POSIXFile.readHead(path("spec.json"), count: 2, followingLinks: false), Array("{}".utf8))
        XCTAssertEqual(try POSIXFile.readHead(path("spec.json"), count: 100, followingLinks: false), Array("{}\n".utf8))
    }

    func testTheLimitIsCheckedBeforeTheReadAndNamedInTheError() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: path("a.json"), contents: Data(repeating: 0x20, count: 101)))
        XCTAssertEqual(readFailure(path("a.json"), limit: 100), .tooLarge(size: 101, limit: 100))
        XCTAssertNil(readFailure(path("a.json"), limit: 101), "a file of exactly the limit is read")
        XCTAssertEqual(
            FileReadError(.tooLarge(size: 101, limit: 100)).message(file: "template"),
            "the template is too large (101 bytes; the limit is 100 bytes)")
        // A sparse file costs no disk; it is refused by its size, so nothing is allocated for it.
        let huge = try sparseFile("huge.json", size: 1 << 40)
        XCTAssertEqual(readFailure(huge, limit: Pipeline.maximumSpecSize), .tooLarge(size: 1 << 40, limit: Pipeline.maximumSpecSize))
        XCTAssertEqual(
            FileReadError.tooLarge(file: "spec file", size: 1 << 40, limit: Pipeline.maximumSpecSize),
            "the spec file is too large (1048576.0 MB; the limit is 10 MB)")
    }

    func testAFileWithoutASizeIsBoundedByTheLimitAlone() throws {
        // /proc files say they are empty regular files and give their bytes when read.
        guard FileManager.default.fileExists(atPath: "/proc/self/status") else { throw XCTSkip("no /proc here") }
        XCTAssertEqual(readFailure("/proc/self/status", limit: 10), .tooLarge(size: nil, limit: 10))
        XCTAssertFalse(try POSIXFile.readRegularFile("/proc/self/status", limit: 1 << 20, followingLinks: true).isEmpty)
        XCTAssertEqual(
            FileReadError(.tooLarge(size: nil, limit: 10 << 20)).message(file: "spec file"),
            "the spec file is too large (more than 10 MB, the limit)")
    }

    // MARK: each reader

    func testASpecOneByteOverTenMegabytesIsRefused() throws {
        let spec = try sparseFile("big.json", size: Pipeline.maximumSpecSize + 1)
        XCTAssertThrowsError(try Pipeline.readSpecFile(spec)) { error in
            XCTAssertEqual(
                (error as? DiagnosticsError)?.diagnostics.map(\.description),
                ["\(spec): error: the spec file is too large (10.1 MB; the limit is 10 MB)"])
        }
        let exact = try sparseFile("exact.json", size: Pipeline.maximumSpecSize)
        XCTAssertEqual(try Pipeline.readSpecFile(exact).bytes.count, Pipeline.maximumSpecSize)
    }

    func testSpecsConfigsTemplatesAndDocumentsThatAreFIFOsOrDevices() throws {
        let zero = try deviceZero()
        for special in [try fifo("special.yaml"), zero] {
            let kind = special == zero ? "a character device" : "a FIFO (named pipe)"
            let expected = ["\(special): error: is \(kind), not a regular file"]
            let spec = promptly(unblocking: [special]) { () -> [String] in
                do {
                    _ = try Pipeline.readSpecFile(special)
                    return []
                } catch let error as DiagnosticsError {
                    return error.diagnostics.map(\.description)
                } catch {
                    return ["\(error)"]
                }
            }
            XCTAssertEqual(spec, expected, "spec")
            let config = promptly(unblocking: [special]) { () -> [String] in
                do {
                    _ = try Config.load(special)
                    return []
                } catch let error as DiagnosticsError {
                    return error.diagnostics.map(\.description)
                } catch {
                    return ["\(error)"]
                }
            }
            XCTAssertEqual(config, expected, "config")
            let document = promptly(unblocking: [special]) { () -> [String] in
                do {
                    _ = try Pipeline.readSpecFile(special, file: "OpenAPI document", limit: OpenAPIImporter.maximumDocumentSize)
                    return []
                } catch let error as DiagnosticsError {
                    return error.diagnostics.map(\.description)
                } catch {
                    return ["\(error)"]
                }
            }
            XCTAssertEqual(document, expected, "OpenAPI document")
        }
        // A template: a FIFO, and a link to /dev/zero, in a templates folder.
        try fifo("fifo/Api.swift.mustache")
        try FileManager.default.createDirectory(atPath: path("zero"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("zero/Api.swift.mustache"), withDestinationPath: zero)
        for (templates, kind) in [("fifo", "a FIFO (named pipe)"), ("zero", "a character device")] {
            let message = promptly(unblocking: [path("fifo/Api.swift.mustache")]) { [folder] () -> String in
                do {
                    _ = try TemplateSet.loading(overridesFrom: folder + "/" + templates)
                    return "loaded"
                } catch let error as Diagnostic {
                    return error.description
                } catch {
                    return "\(error)"
                }
            }
            XCTAssertEqual(message, "\(path(templates))/Api.swift.mustache: error: is \(kind), not a regular file")
        }
    }

    func testTheOpenAPIDocumentLimitIsLargerThanASpecs() throws {
        XCTAssertGreaterThanOrEqual(OpenAPIImporter.maximumDocumentSize, 64 << 20, "real descriptions reach 10-30 MB")
        let document = try sparseFile("openapi.json", size: OpenAPIImporter.maximumDocumentSize + 1)
        XCTAssertThrowsError(
            try Pipeline.readSpecFile(document, file: "OpenAPI document", limit: OpenAPIImporter.maximumDocumentSize)
        ) { error in
            XCTAssertEqual(
                (error as? DiagnosticsError)?.diagnostics.map(\.message),
                ["the OpenAPI document is too large (128.1 MB; the limit is 128 MB)"])
        }
        // One that a spec could not be is read (sparse: its 20 MB of zeros are allocated, not written to disk).
        let larger = try sparseFile("larger.json", size: Pipeline.maximumSpecSize * 2)
        XCTAssertEqual(
            try Pipeline.readSpecFile(larger, file: "OpenAPI document", limit: OpenAPIImporter.maximumDocumentSize).bytes.count,
            Pipeline.maximumSpecSize * 2)
    }
}

/// What a thread of `promptly` returned (written before the semaphore is signalled, read after).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
