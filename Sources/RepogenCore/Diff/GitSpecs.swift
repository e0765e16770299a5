import Foundation

/// The specs as a git revision holds them, for `repogen diff --base <revision>`: read with `git` (found on the
/// PATH) from the repository the current folder is in, never from the working tree. Each file is named
/// `<revision>:<path>`, as git names it, so a location on the old side reads `main:Specs/store.yaml:12:5`.
package enum GitSpecs {
    /// The spec files `paths` (files or folders, relative to `directory`) hold at `revision`. A path the revision
    /// does not have gives no file (its specs are new).
    /// - Throws: a diagnostic when git cannot be run, `directory` is not in a git repository, or `revision` is not a
    ///   commit of it.
    package static func read(
        _ paths: [String], at revision: String, in directory: String
    ) throws(DiagnosticsError) -> [SpecFile] {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw DiagnosticsError([Diagnostic(.error, "'\(revision)' is not a git revision", path: "--base")])
        }
        let verified = try git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: directory)
        guard verified.status == 0 else {
            throw DiagnosticsError([Diagnostic(
                .error, "'\(revision)' is not a commit of the git repository at '\(directory)'"
                    + (verified.error.isEmpty ? "" : ": " + verified.error), path: "--base")])
        }
        var files: [SpecFile] = []
        var seen = Set<String>()
        for path in paths {
            let relative = try relativePath(path, in: directory)
            let kind = try git(["cat-file", "-t", revision + ":./" + relative], in: directory)
            guard kind.status == 0 else { continue }
            var names: [String] = []
            switch String(decoding: kind.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
            case "blob":
                names = [relative]
            case "tree":
                let listed = try git(["ls-tree", "-r", "-z", "--name-only", revision, "--", relative], in: directory)
                guard listed.status == 0 else {
                    throw DiagnosticsError([Diagnostic(.error, "git could not list '\(relative)' at '\(revision)': \(listed.error)", path: path)])
                }
                names = listed.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                    .filter { name in SpecPaths.extensions.contains { name.hasSuffix($0) } }.sorted()
            default:
                continue
            }
            for name in names where seen.insert(name).inserted {
                let shown = try git(["cat-file", "blob", revision + ":./" + name], in: directory)
                guard shown.status == 0 else {
                    throw DiagnosticsError([Diagnostic(.error, "git could not read '\(name)' at '\(revision)': \(shown.error)", path: name)])
                }
                files.append(SpecFile(path: revision + ":" + name, bytes: Array(shown.output)))
            }
        }
        return files
    }

    /// `path` relative to `directory` (git reads `<revision>:./<path>` relative to the current folder).
    static func relativePath(_ path: String, in directory: String) throws(DiagnosticsError) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard path.hasPrefix("/") else { return path == "." ? "" : path }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        guard path.hasPrefix(base) else {
            throw DiagnosticsError([Diagnostic(.error, "'\(path)' is not below the current folder, where git reads the revision", path: path)])
        }
        return String(path.dropFirst(base.count))
    }

    struct Output {
        var status: Int32
        var output: Data
        var error: String
    }

    static func git(_ arguments: [String], in directory: String) throws(DiagnosticsError) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw DiagnosticsError([Diagnostic(.error, "git could not be run: \(error.localizedDescription)", path: "--base")])
        }
        // Standard error is read on another thread, so that neither pipe can fill while the other is read.
        let errorText = ErrorBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorText.set(error.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw DiagnosticsError([Diagnostic(.error, "git is not on the PATH; '--base' reads the revision with git", path: "--base")])
        }
        let message = String(decoding: errorText.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Output(status: process.terminationStatus, output: data, error: message)
    }

    private final class ErrorBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = Data()
        var data: Data { lock.withLock { stored } }
        func set(_ data: Data) { lock.withLock { stored = data } }
    }
}
