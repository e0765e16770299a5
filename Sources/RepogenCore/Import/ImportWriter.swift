import Foundation

/// Writes the specs of an import: each atomically, only when its bytes change, never over a YAML spec that an import
/// did not write, and removing the YAML specs an earlier import of the same document wrote that no domain needs now.
package enum ImportWriter {
    /// The first line of a YAML spec an import of `documentPath` writes.
    package static func header(documentPath: String) -> String {
        "# " + OpenAPIImporter.headerLine(documentPath: documentPath)
    }

    /// YAML specs in `directory` (not below it) that an import of `documentPath` wrote and that `files` do not
    /// name: relative paths.
    package static func stale(in directory: String, documentPath: String, producing files: [OutputFile]) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        let produced = Set(files.map(\.relativePath))
        let header = Array((header(documentPath: documentPath) + "\n").utf8)
        return names.filter { name in
            guard name.hasSuffix(".yaml"), !produced.contains(name) else { return false }
            let path = directory.isEmpty ? name : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
            guard let head = try? POSIXFile.readHead(path, count: header.count, followingLinks: false) else { return false }
            return head == header
        }.sorted()
    }

    /// Writes `files` below `directory`, then removes `stale`.
    /// - Throws: `Diagnostic` before anything is written when a file would replace a YAML spec without an import's
    ///   header (a spec written by hand) or land outside the folder; `Diagnostic` when the disk refuses a write.
    package static func write(_ files: [OutputFile], to directory: String, removing stale: [String]) throws(Diagnostic) -> WriteReport {
        var report = WriteReport()
        var pending: [(path: String, file: OutputFile)] = []
        for file in files {
            let path = try FileWriter.destination(of: file, in: directory)
            if let existing = try FileWriter.existingContents(of: path) {
                if FileWriter.bytes(existing, equal: file) {
                    report.unchanged.append(path)
                    continue
                }
                if file.relativePath.hasSuffix(".yaml"), !existing.starts(with: Array("# Imported from ".utf8)) {
                    throw Diagnostic(
                        .error, "refusing to replace a spec that 'repogen import' did not write (it has no import header); "
                            + "move it, or import into another folder with --output", path: path)
                }
            }
            pending.append((path, file))
        }
        try FileWriter.writeAtomically(pending)
        report.written += pending.map(\.path)
        for name in stale {
            let path = try FileWriter.destination(of: OutputFile(relativePath: name, contents: ""), in: directory)
            do {
                try POSIXFile.remove(path)
            } catch {
                throw Diagnostic(.error, "cannot remove the spec no domain needs now: \(POSIXFile.reason(errno: error.code))", path: path)
            }
            report.removed.append(path)
        }
        return report
    }
}
