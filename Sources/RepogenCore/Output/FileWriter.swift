import Foundation

/// What a write did to each file.
package struct WriteReport: Sendable, Equatable {
    package var written: [String] = []
    package var unchanged: [String] = []
    package var removed: [String] = []
}

/// Writes rendered files below an output folder: only files whose bytes change, each atomically (temporary file
/// plus rename in the same folder), never outside the folder, and never over a file repogen did not generate.
package enum FileWriter {
    /// Writes `files` below `directory`.
    /// - Throws: `Diagnostic` before anything is written when a file would land outside the folder or would
    ///   overwrite a file without repogen's header; `Diagnostic` when the disk refuses a write.
    /// Then removes `stale` files (relative paths below `directory`, found by `StaleFiles`).
    package static func write(
        _ files: [OutputFile], to directory: String, removing stale: [String] = []
    ) throws(Diagnostic) -> WriteReport {
        var report = WriteReport()
        var pending: [(path: String, file: OutputFile)] = []
        for file in files {
            let path = try destination(of: file, in: directory)
            if let existing = FileManager.default.contents(atPath: path) {
                if existing.elementsEqual(file.contents.utf8) {
                    report.unchanged.append(path)
                    continue
                }
                if !OutputFile.isGenerated(existing) {
                    throw Diagnostic(
                        .error, "refusing to overwrite a file that repogen did not generate (it has no repogen header)",
                        path: path)
                }
            }
            pending.append((path, file))
        }
        for (path, file) in pending {
            try writeAtomically(Data(file.contents.utf8), to: path)
            report.written.append(path)
        }
        for relativePath in stale {
            let path = try destination(of: OutputFile(relativePath: relativePath, contents: ""), in: directory)
            guard let existing = FileManager.default.contents(atPath: path), OutputFile.isGenerated(existing) else { continue }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw Diagnostic(.error, "cannot remove the stale file: \(error.localizedDescription)", path: path)
            }
            report.removed.append(path)
            // A folder the removal leaves empty goes too (only that one: it held a generated file).
            let folder = (path as NSString).deletingLastPathComponent
            if folder != directory, (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        return report
    }

    /// The full path of a file, checked to stay inside `directory`.
    package static func destination(of file: OutputFile, in directory: String) throws(Diagnostic) -> String {
        let components = file.relativePath.split(separator: "/", omittingEmptySubsequences: false)
        if file.relativePath.hasPrefix("/") || components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
            throw Diagnostic(.error, "refusing to write '\(file.relativePath)': it is not a plain path inside the output folder", path: directory)
        }
        // Nothing on the way may be a symbolic link, so a link cannot lead a write outside the folder.
        var path = directory
        for component in components {
            path = (path as NSString).appendingPathComponent(String(component))
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                throw Diagnostic(.error, "refusing to write through the symbolic link '\(path)'", path: directory)
            }
        }
        return path
    }

    static func writeAtomically(_ data: Data, to path: String) throws(Diagnostic) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\(name).repogen-\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary, contents: data) else {
                throw Diagnostic(.error, "cannot write a temporary file", path: temporary)
            }
            if rename(temporary, path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: temporary)
                throw Diagnostic(.error, "cannot replace the file: \(reason)", path: path)
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic(.error, "cannot write: \(error.localizedDescription)", path: path)
        }
    }
}
