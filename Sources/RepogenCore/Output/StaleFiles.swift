import Foundation

/// Generated files that no spec produces any more: they sit where repogen writes (`<Domain>/<File>.swift`),
/// carry repogen's header, and either name a spec that is gone, or name one of this run's specs that no longer
/// produces them.
package enum StaleFiles {
    /// Relative paths below `directory`, sorted.
    /// - Parameter baseDirectory: the run's (`GenerateOptions.baseDirectory`): spec paths in headers are relative
    ///   to it.
    package static func find(
        in directory: String, producing files: [OutputFile], specPaths: [String], baseDirectory: String?
    ) -> [String] {
        find(in: directory, producing: files.map(\.relativePath), specPaths: specPaths, baseDirectory: baseDirectory)
    }

    /// Relative paths below `directory`, sorted; `produced` are the relative paths this run produces.
    package static func find(
        in directory: String, producing produced: [String], specPaths: [String], baseDirectory: String?
    ) -> [String] {
        let produced = Set(produced)
        let specs = Set(specPaths.map { GeneratedFileHeader.specPath(for: $0, baseDirectory: baseDirectory) })
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var stale: [String] = []
        while let relativePath = enumerator.nextObject() as? String {
            // repogen writes `<Domain>/<File>.swift` only; deeper files (another style's output kept in a
            // subfolder, say) are never its to remove.
            guard relativePath.hasSuffix(".swift"), !produced.contains(relativePath),
                relativePath.utf8.lazy.filter({ $0 == UInt8(ascii: "/") }).count == 1
            else { continue }
            let path = (directory as NSString).appendingPathComponent(relativePath)
            // Never a FIFO or a device (a read of one would wait or never end).
            guard let head = try? POSIXFile.readHead(path, count: 512, followingLinks: true) else { continue }
            guard let spec = GeneratedFileHeader.specPath(in: head) else { continue }
            if specs.contains(spec) || !FileManager.default.fileExists(atPath: PathText.resolved(spec, against: baseDirectory)) {
                stale.append(relativePath)
            }
        }
        return stale.sorted()
    }
}
