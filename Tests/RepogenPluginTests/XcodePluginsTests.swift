import Foundation
import RepogenTestSupport
import XCTest

/// The plugins' Xcode code paths (`#if canImport(XcodeProjectPlugin)`) cannot be built here: only Xcode has that
/// module. Each plugin's files are type-checked twice with the toolchain's PackagePlugin: as SwiftPM builds them,
/// and against XcodeProjectPluginStub, a stand-in for Xcode's API, with warnings as errors.
final class XcodePluginsTests: XCTestCase {
    static let root = PackagePaths.root

    func testThePluginsCompileForSwiftPMAndForXcode() throws {
        let swiftc = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let swiftc else { throw XCTSkip("swiftc is not on the PATH") }
        // <toolchain>/usr/bin/swiftc -> <toolchain>/usr/lib/swift/pm/PluginAPI
        let api = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/pm/PluginAPI").path
        guard FileManager.default.fileExists(atPath: api) else { throw XCTSkip("no PackagePlugin at \(api)") }
        let flags = ["-swift-version", "6", "-package-description-version", "6.0.0", "-parse-as-library", "-I", api, "-L", api]
        let stub = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-xcode-stub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stub, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: stub) }
        try run(swiftc, ["-emit-module", "-module-name", "XcodeProjectPlugin"] + flags + [
            Self.root.appendingPathComponent("Tests/RepogenPluginTests/XcodeProjectPluginStub/XcodeProjectPlugin.swift").path,
            "-o", stub.appendingPathComponent("XcodeProjectPlugin.swiftmodule").path,
        ])
        for plugin in ["RepogenBuildPlugin", "RepogenCommandPlugin", "RepogenCheckPlugin"] {
            let folder = Self.root.appendingPathComponent("Plugins/" + plugin)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
                .map { folder.appendingPathComponent($0).path }
            XCTAssertTrue(files.contains { $0.hasSuffix("/plugin.swift") }, plugin)
            let source = try String(contentsOfFile: folder.appendingPathComponent("plugin.swift").path, encoding: .utf8)
            XCTAssertTrue(source.contains("#if canImport(XcodeProjectPlugin)"), "\(plugin) has no Xcode code path")
            try run(swiftc, ["-typecheck", "-warnings-as-errors"] + flags + files, "\(plugin), for SwiftPM")
            try run(swiftc, ["-typecheck", "-warnings-as-errors"] + flags + ["-I", stub.path] + files, "\(plugin), for Xcode")
        }
    }

    func run(_ executable: String, _ arguments: [String], _ label: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(label): \(output)", file: file, line: line)
    }
}
