import Foundation

/// What check mode found: the files on disk that differ from what the specs produce.
package struct CheckReport: Sendable, Equatable {
    /// One unified diff per file that would change, be created or be removed.
    package var diffs: [String] = []
    /// Files that match.
    package var unchanged: [String] = []

    package var isClean: Bool { diffs.isEmpty }

    /// Compares `files` with what is below `directory`, writing nothing.
    /// - Parameter displayDirectory: the folder as shown in diff headers (`a/Generated/…`).
    /// - Parameter stale: generated files that would be removed (relative paths, from `StaleFiles`).
    package static func check(
        _ files: [OutputFile], against directory: String, displayDirectory: String? = nil, stale: [String] = []
    ) throws(Diagnostic) -> CheckReport {
        var report = CheckReport()
        let shown = displayDirectory ?? directory
        for file in files {
            let path = try FileWriter.destination(of: file, in: directory)
            let displayPath = shown.isEmpty || shown == "." ? file.relativePath : shown + "/" + file.relativePath
            if let data = existing(path) {
                if data.withUnsafeBytes({ FileWriter.bytes($0, equal: file) }) {
                    report.unchanged.append(displayPath)
                    continue
                }
                let old = String(decoding: data, as: UTF8.self)
                report.diffs.append(
                    UnifiedDiff.diff(old: old, new: file.contents, oldName: "a/" + displayPath, newName: "b/" + displayPath))
            } else {
                report.diffs.append(
                    UnifiedDiff.diff(old: "", new: file.contents, oldName: "/dev/null", newName: "b/" + displayPath))
            }
        }
        for relativePath in stale {
            let path = try FileWriter.destination(of: OutputFile(relativePath: relativePath, contents: ""), in: directory)
            let displayPath = shown.isEmpty || shown == "." ? relativePath : shown + "/" + relativePath
            let old = String(decoding: existing(path) ?? [], as: UTF8.self)
            report.diffs.append(UnifiedDiff.diff(old: old, new: "", oldName: "a/" + displayPath, newName: "/dev/null"))
        }
        return report
    }

    /// The bytes of the file at `path`, nil when there is none or it is not a regular file that can be read (a
    /// difference, then).
    private static func existing(_ path: String) -> [UInt8]? {
        try? POSIXFile.readRegularFile(path, limit: FileWriter.maximumExistingSize, followingLinks: false)
    }
}
