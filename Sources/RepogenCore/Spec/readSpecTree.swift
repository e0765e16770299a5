import Foundation

/// The read stage: a spec file from disk, and its bytes into a located tree (`SpecReader`).
extension Pipeline {
    /// Specs are written by hand; a file larger than this is refused before it is read. Configs and templates
    /// have the same bound.
    package static let maximumSpecSize = 10 * 1024 * 1024

    static func tooLarge(_ size: Int, path: String) -> Diagnostic {
        Diagnostic(.error, FileReadError.tooLarge(file: "spec file", size: size, limit: maximumSpecSize), path: path)
    }

    /// Reads a spec file (or another file repogen reads as a spec is read: a config, an OpenAPI document) from
    /// disk: only a regular file, of at most `limit` bytes (`POSIXFile.readRegularFile`), following links.
    /// - Parameters:
    ///   - file: what the file is, for messages (`no such spec file`, `is a folder, not a config file`).
    ///   - baseDirectory: the folder a relative `path` is read from (`PathText.resolved`); the file and its
    ///     diagnostics keep `path` as given.
    /// - Throws: `DiagnosticsError` at the file for a missing file, a folder, a FIFO or device, a file larger than
    ///   `limit`, or one that cannot be read.
    package static func readSpecFile(
        _ path: String, file: String = "spec file", limit: Int = maximumSpecSize, baseDirectory: String? = nil
    ) throws(DiagnosticsError) -> SpecFile {
        do {
            let bytes = try POSIXFile.readRegularFile(
                PathText.resolved(path, against: baseDirectory), limit: limit, followingLinks: true)
            return SpecFile(path: path, bytes: bytes)
        } catch {
            throw DiagnosticsError([Diagnostic(.error, error.message(file: file), path: path)])
        }
    }

    /// The tree of a spec file's bytes (JSON or the YAML subset, by its extension).
    /// - Throws: the first problem: a file larger than `maximumSpecSize`, or the reader's error.
    static func readSpecTree(_ file: SpecFile) throws(Diagnostic) -> SpecNode {
        guard file.bytes.count <= maximumSpecSize else { throw tooLarge(file.bytes.count, path: file.path) }
        return try SpecReader.read(file)
    }
}
