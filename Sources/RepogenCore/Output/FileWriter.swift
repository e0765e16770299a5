import Foundation

/// What a write did to each file.
package struct WriteReport: Sendable, Equatable {
    package var written: [String] = []
    package var unchanged: [String] = []
    package var removed: [String] = []
    /// Temporary files that an interrupted run (killed while writing) left behind, now removed.
    package var removedTemporaries: [String] = []
}

/// Writes rendered files below an output folder: only files whose bytes change, each atomically (a temporary file
/// repogen creates itself, then a rename in the same folder), never outside the folder, never through a symbolic
/// link, and never over a file repogen did not generate. Failures name the generated file and say why in plain
/// words (`no space left on device`, `permission denied`, `it is inside 'Generated/Store', which is a file`).
package enum FileWriter {
    /// Writes `files` below `directory`.
    /// - Throws: `Diagnostic` before anything is written when a file would land outside the folder or would
    ///   overwrite a file without repogen's header; `Diagnostic` when the disk refuses a write.
    /// First removes the temporary files an interrupted run left in the folders it writes to; last removes `stale`
    /// files (relative paths below `directory`, found by `StaleFiles`).
    package static func write(
        _ files: [OutputFile], to directory: String, removing stale: [String] = []
    ) throws(Diagnostic) -> WriteReport {
        var report = WriteReport()
        // The rendered text is written from its own storage: a large spec's files are megabytes each.
        var pending: [(path: String, file: OutputFile)] = []
        var folders: Set<String> = [directory]
        for file in files {
            let path = try destination(of: file, in: directory)
            folders.insert(PathText.parent(path))
            if let existing = try existingContents(of: path) {
                if Self.bytes(existing, equal: file) {
                    report.unchanged.append(path)
                    continue
                }
                if !GeneratedFileHeader.isGenerated(existing) {
                    throw Diagnostic(
                        .error, "refusing to overwrite a file that repogen did not generate (it has no repogen header)",
                        path: path)
                }
            }
            pending.append((path, file))
        }
        var stalePaths: [String] = []
        for relativePath in stale {
            let path = try destination(of: OutputFile(relativePath: relativePath, contents: ""), in: directory)
            folders.insert(PathText.parent(path))
            stalePaths.append(path)
        }
        for folder in folders.sorted() {
            report.removedTemporaries += try removeStaleTemporaries(in: folder)
        }
        try writeAtomically(pending)
        report.written += pending.map(\.path)
        for path in stalePaths {
            guard let head = try? POSIXFile.readHead(path, count: GeneratedFileHeader.prefix.utf8.count, followingLinks: false),
                GeneratedFileHeader.isGenerated(head)
            else { continue }
            do {
                try POSIXFile.remove(path)
            } catch {
                throw Diagnostic(.error, "cannot remove the stale file: \(POSIXFile.reason(errno: error.code))", path: path)
            }
            report.removed.append(path)
            // A folder the removal leaves empty goes too (only that one: it held a generated file).
            let folder = PathText.parent(path)
            if folder != directory { POSIXFile.removeFolderIfEmpty(folder) }
        }
        return report
    }

    /// Creates `files` below `directory` (`repogen templates export`): the folder itself and everything in it must
    /// not be a symbolic link, and no file may exist yet; each file appears atomically and never replaces anything.
    /// - Returns: the paths written.
    package static func export(_ files: [OutputFile], to directory: String) throws(Diagnostic) -> [String] {
        try create(files, in: directory, existing: "already exists; export to an empty folder")
    }

    /// Creates `files` below `directory` as `export` does (`repogen init`): nothing is written when any exists.
    /// - Parameter existing: the error message for a file that exists.
    package static func create(
        _ files: [OutputFile], in directory: String, existing: String = "already exists; it is left as it is"
    ) throws(Diagnostic) -> [String] {
        var folder = directory
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        let name = (folder as NSString).lastPathComponent
        // The folder is checked like the files in it: the writes start from the folder it is in.
        let base: String
        let prefix: String
        if folder == "/" || name == "." || name == ".." {
            (base, prefix) = (folder, "")
        } else {
            (base, prefix) = (PathText.parent(folder), name + "/")
        }
        var paths: [String] = []
        for file in files {
            let path = try destination(of: OutputFile(relativePath: prefix + file.relativePath, contents: ""), in: base)
            if POSIXFile.kind(of: path) != .missing {
                throw Diagnostic(.error, existing, path: path)
            }
            paths.append(path)
        }
        if POSIXFile.kind(of: folder) == .folder {
            _ = try removeStaleTemporaries(in: folder)
        }
        for (path, file) in zip(paths, files) {
            try writeAtomically(file, to: path, replacing: false)
        }
        return paths
    }

    /// The full path of a file, checked to stay inside `directory`: nothing on the way may be a symbolic link
    /// (so a link cannot lead a write outside the folder) or a file, and the file itself may not be a folder.
    package static func destination(of file: OutputFile, in directory: String) throws(Diagnostic) -> String {
        let components = file.relativePath.split(separator: "/", omittingEmptySubsequences: false)
        if file.relativePath.hasPrefix("/") || components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
            throw Diagnostic(.error, "refusing to write '\(file.relativePath)': it is not a plain path inside the output folder", path: directory)
        }
        let full = components.reduce(directory) { ($0 as NSString).appendingPathComponent(String($1)) }
        var path = directory
        for (index, component) in components.enumerated() {
            path = (path as NSString).appendingPathComponent(String(component))
            let isLast = index == components.count - 1
            switch POSIXFile.kind(of: path) {
            case .missing:
                return full
            case .symbolicLink:
                throw Diagnostic(.error, "refusing to write through the symbolic link '\(path)'", path: full)
            case .folder:
                if isLast { throw Diagnostic(.error, "cannot write: a folder of that name is in the way", path: full) }
            case .file:
                if !isLast { throw Diagnostic(.error, "cannot write: it is inside '\(path)', which is a file", path: full) }
            case .other:
                let what = isLast ? "something that is not a regular file is in the way" : "it is inside '\(path)', which is not a folder"
                throw Diagnostic(.error, "cannot write: \(what)", path: full)
            }
        }
        return full
    }

    /// Whether `bytes` are exactly a file's text, compared as memory (files of a large spec are megabytes).
    package static func bytes(_ bytes: [UInt8], equal file: OutputFile) -> Bool {
        bytes.withUnsafeBytes { Self.bytes($0, equal: file) }
    }

    /// Whether `existing` is exactly a file's text (compared as memory).
    package static func bytes(_ existing: UnsafeRawBufferPointer, equal file: OutputFile) -> Bool {
        file.withUTF8 { text in
            existing.count == text.count
                && (text.isEmpty || memcmp(existing.baseAddress!, text.baseAddress!, text.count) == 0)
        }
    }

    /// An existing file where a file is to be written is read only when it is at most this large: twice what one
    /// template may render (`RenderLimits.maximumOutputBytes`), so every file repogen wrote is read.
    package static let maximumExistingSize = 512 << 20

    /// The contents of the file at `path`, nil if there is none.
    /// - Throws: `Diagnostic` at the file when it cannot be read, is not a regular file, or is larger than
    ///   `maximumExistingSize`.
    static func existingContents(of path: String) throws(Diagnostic) -> [UInt8]? {
        do {
            return try POSIXFile.readRegularFileIfPresent(path, limit: maximumExistingSize, followingLinks: false)
        } catch {
            if case .failed(let code) = error.reason {
                throw Diagnostic(.error, "cannot read the existing file: \(POSIXFile.reason(errno: code, writing: path))", path: path)
            }
            throw Diagnostic(.error, error.message(file: "existing file"), path: path)
        }
    }

    /// Writes a temporary file next to `path` and renames it to `path`, so that `path` never holds a partial file.
    /// Without `replacing`, fails when anything (even a dangling symbolic link) is at `path`.
    /// Writes each file atomically (`writeAtomically(_:to:replacing:)`), several at once: each write waits for the
    /// disk (`fsync`), and waits that overlap are flushed together, so 30 files take about the time of a few.
    /// - Throws: the failure of the first file (in order) that could not be written, once every write has ended;
    ///   the others are each written whole or not at all.
    static func writeAtomically(_ files: [(path: String, file: OutputFile)]) throws(Diagnostic) {
        let threads = min(4, files.count)
        let failures = onOwnThreads(threads) { thread -> [(index: Int, failure: Diagnostic)] in
            var failures: [(index: Int, failure: Diagnostic)] = []
            for index in stride(from: thread, to: files.count, by: threads) {
                do throws(Diagnostic) {
                    try writeAtomically(files[index].file, to: files[index].path, replacing: true)
                } catch {
                    failures.append((index, error))
                }
            }
            return failures
        }
        if let first = failures.joined().min(by: { $0.index < $1.index }) { throw first.failure }
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String, replacing: Bool) throws(Diagnostic) {
        try writeAtomically(to: path, replacing: replacing) { temporary throws(ErrnoError) in
            try POSIXFile.create(temporary, bytes: bytes)
        }
    }

    /// `writeAtomically(_:to:replacing:)` with a file's text, written from where it is (a render's bytes).
    static func writeAtomically(_ file: OutputFile, to path: String, replacing: Bool) throws(Diagnostic) {
        try writeAtomically(to: path, replacing: replacing) { temporary throws(ErrnoError) in
            try file.withUTF8 { bytes throws(ErrnoError) in try POSIXFile.create(temporary, buffer: bytes) }
        }
    }

    private static func writeAtomically(
        to path: String, replacing: Bool, creating create: (String) throws(ErrnoError) -> Void
    ) throws(Diagnostic) {
        func failure(_ error: ErrnoError) -> Diagnostic {
            if !replacing, error.code == EEXIST, POSIXFile.kind(of: path) != .missing {
                return Diagnostic(.error, "already exists; export to an empty folder", path: path)
            }
            return writeFailure(error, path: path)
        }
        let folder = PathText.parent(path)
        let name = (path as NSString).lastPathComponent
        do {
            try POSIXFile.makeFolders(folder)
        } catch {
            throw failure(error)
        }
        var temporary = ""
        for attempt in 1... {
            temporary = (folder as NSString).appendingPathComponent(temporaryName(for: name))
            do {
                try create(temporary)
                break
            } catch where error.code == EEXIST && attempt < 10 {
                continue  // the random part collided; take another
            } catch {
                // The file is not there yet: an error about the temporary file is an error about writing the file.
                throw failure(error.code == EEXIST ? ErrnoError(EIO) : error)
            }
        }
        do {
            if replacing {
                try POSIXFile.rename(temporary, to: path)
            } else {
                try POSIXFile.renameWithoutReplacing(temporary, to: path)
            }
        } catch {
            try? POSIXFile.remove(temporary)
            throw failure(error)
        }
    }

    /// The error for a failed write of the file at `path` (also when the call that failed was on its temporary
    /// file): `path: error: cannot write: no space left on device`.
    package static func writeFailure(_ error: ErrnoError, path: String) -> Diagnostic {
        Diagnostic(.error, "cannot write: \(POSIXFile.reason(errno: error.code, writing: path))", path: path)
    }

    // MARK: Temporary files

    /// The name of a temporary file for `name`: `.<name>.repogen-<process id>-<8 random hex digits>.tmp`.
    static func temporaryName(for name: String) -> String {
        let random = String(UInt32.random(in: .min ... .max), radix: 16)
        return ".\(name).repogen-\(POSIXFile.currentProcess)-\(String(repeating: "0", count: 8 - random.count) + random).tmp"
    }

    /// The process id in a name of repogen's temporary files, or nil when `fileName` is not one. Also matches
    /// `.<name>.repogen-<process id>.tmp`, the name earlier versions used.
    package static func temporaryFileProcess(_ fileName: String) -> Int32?? {
        guard fileName.hasPrefix("."), fileName.hasSuffix(".tmp") else { return nil }
        let body = fileName.dropFirst().dropLast(4)
        guard let marker = body.range(of: ".repogen-", options: .backwards), marker.lowerBound > body.startIndex else {
            return nil
        }
        let parts = body[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        func isDigits(_ text: Substring) -> Bool { !text.isEmpty && text.count <= 10 && text.allSatisfy { ("0"..."9").contains($0) } }
        func isHex(_ text: Substring) -> Bool { text.count == 8 && text.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) } }
        guard isDigits(parts[0]), parts.count == 1 || (parts.count == 2 && isHex(parts[1])) else { return nil }
        return .some(Int32(parts[0]))
    }

    /// Removes repogen's temporary files in `folder` (regular files of exactly repogen's naming pattern, nothing
    /// else) whose process is no longer running: what a run killed while writing left behind.
    /// - Returns: the paths removed.
    package static func removeStaleTemporaries(in folder: String) throws(Diagnostic) -> [String] {
        // A folder that cannot be read is not written to either; that write says why.
        guard let names = try? POSIXFile.names(in: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let process = temporaryFileProcess(name) else { continue }
            // A running repogen may be about to rename its temporary file; this process has made none yet.
            if let process, process != POSIXFile.currentProcess, POSIXFile.isRunning(process) { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            guard POSIXFile.kind(of: path) == .file else { continue }
            do {
                try POSIXFile.remove(path)
            } catch where error.code == ENOENT {
                continue
            } catch {
                throw Diagnostic(
                    .error, "cannot remove this temporary file an interrupted run left: \(POSIXFile.reason(errno: error.code))",
                    path: path)
            }
            removed.append(path)
        }
        return removed
    }
}
