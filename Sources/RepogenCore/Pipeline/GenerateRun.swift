import Foundation

/// One `repogen generate` run that writes (check mode compares real bytes and does not come here): generate,
/// write what changed, remove stale files — or, when the output folder's `GenerationRecord` (kept in repogen's
/// cache folder, `RecordLocation`, never in the output folder) shows that the output is already exactly what these
/// inputs produce, only confirm that and skip parsing and rendering.
///
/// Why skipping is safe: generation is a deterministic function of the inputs the fingerprint covers (the spec
/// files' bytes and paths, the base directory, the templates, the options, the output folder, and the generator
/// itself, down to the files of code it runs). A record is written only after a run that succeeded, from the
/// bytes that run rendered for exactly those inputs, so it is a correct memo of "these inputs give files of these
/// sizes and hashes, and these warnings". A rerun reads every input afresh, and skips only if the fingerprint is
/// the same, the record lists exactly the files these specs produce, and every one of them is on disk, reached
/// without a symbolic link, with the recorded size and hash. Then a full run would write nothing. What a full
/// run does besides writing (removing stale files and the temporary files of an interrupted run) depends on the
/// folder rather than on the inputs, and is done the same way on both paths; a stale file to remove makes the
/// run a full one.
package enum GenerateRun {
    package struct Outcome: Sendable, Equatable {
        /// True when the output was confirmed up to date from the record, without parsing or rendering.
        package var reused: Bool
        /// The record of the run (read, or written): nil when there is none (no cache folder could be written).
        package var record: String?
        /// The warnings to print (on a reused run, those the run that wrote the record printed).
        package var warnings: [String]
        package var report: WriteReport
    }

    package enum Failure: Error, Equatable {
        /// Errors in the specs, the config or the templates; nothing was written.
        case input(DiagnosticsError)
        /// The output could not be written (after warnings that were to be printed first).
        case output(Diagnostic, warnings: [String])
    }

    /// Generates `specPaths` into `output`.
    /// - Parameters:
    ///   - tool: the running generator (`ToolIdentity.current`); without one, every run is a full one and no
    ///     record is written.
    ///   - records: where the record of the runs into `output` is kept.
    ///   - force: regenerate and compare every file even if the record says the output is up to date.
    package static func run(
        specPaths: [String], options: GenerateOptions, output: String, tool: ToolIdentity?,
        records: RecordLocation.Choice, force: Bool = false
    ) throws(Failure) -> Outcome {
        // No location before the first run (the output folder is not there yet).
        let location = tool == nil ? nil : RecordLocation.find(output: output, choice: records, baseDirectory: options.baseDirectory)
        // Without a record (a first run), there is nothing to compare the fingerprint with.
        if let tool, !force, let location, POSIXFile.kind(of: location.recordPath) != .missing {
            // Each spec's size and hash, read through a small buffer: no copy of a large spec is made unless
            // it has to be generated.
            var digests: [String: FileDigest] = [:]
            for path in specPaths where digests[path] == nil {
                guard let digest = FileDigest(
                    of: PathText.resolved(path, against: options.baseDirectory), seeds: Fingerprint.seeds, followingLinks: true, maximumSize: Pipeline.maximumSpecSize)
                else { break }
                digests[path] = digest
            }
            if specPaths.allSatisfy({ digests[$0] != nil }) {
                let key = fingerprint(specPaths: specPaths, specDigests: digests, options: options, output: output, tool: tool)
                if var outcome = try reuse(key: key, specPaths: specPaths, options: options, output: output, location: location) {
                    removeLegacyRecord(in: output, report: &outcome.report, warnings: &outcome.warnings)
                    return outcome
                }
            }
        }
        // A full run. Each spec is read once, and the fingerprint of the record is made from exactly the bytes it
        // generates from (a spec that changed since the check above is generated and recorded as it is now).
        var specFiles: [String: SpecFile] = [:]
        var key: Background<String>?
        if let tool {
            for path in specPaths where specFiles[path] == nil {
                guard let file = try? Pipeline.readSpecFile(path, baseDirectory: options.baseDirectory) else { break }
                specFiles[path] = file
            }
            if specPaths.allSatisfy({ specFiles[$0] != nil }) {
                // Hashed while the specs generate (a spec of 10,000 endpoints takes ~10 ms).
                key = Background { [specFiles] in
                    let digests = specFiles.mapValues { file in
                        file.bytes.withUnsafeBytes { FileDigest(bytes: $0, seeds: Fingerprint.seeds) }
                    }
                    return fingerprint(specPaths: specPaths, specDigests: digests, options: options, output: output, tool: tool)
                }
            }
        }
        PhaseTimes.mark("fingerprint")
        let generation: Generation
        do {
            generation = try Pipeline.generate(specPaths: specPaths, options: options, specFiles: specFiles)
        } catch {
            throw .input(error)
        }
        PhaseTimes.mark("finish generating")
        let warnings = generation.warnings.map(\.description)
        let stale = StaleFiles.find(
            in: output, producing: generation.files, specPaths: specPaths, baseDirectory: options.baseDirectory)
        var report: WriteReport
        do {
            report = try FileWriter.write(generation.files, to: output, removing: stale)
        } catch {
            throw .output(error, warnings: warnings)
        }
        PhaseTimes.mark("write")
        // The record lists the files as written: a spec's own `style` and `modelFiles` change which they are, and
        // the fingerprint holds the spec's bytes.
        var recordPath: String?
        if let key,
            let location = location ?? RecordLocation.find(output: output, choice: records, baseDirectory: options.baseDirectory)
        {
            let record = GenerationRecord(
                output: location.output, key: key.value, files: generation.files.map(GenerationRecord.File.init),
                warnings: warnings)
            // Best effort: without a record the next run is a full one, which is always right. A cache folder
            // that cannot be written (read-only, a file in the way) costs only that.
            if (try? save(record, at: location)) != nil {
                recordPath = location.recordPath
                pruneRecords(at: location)
            }
        }
        PhaseTimes.mark("record")
        var printed = warnings
        removeLegacyRecord(in: output, report: &report, warnings: &printed)
        return Outcome(reused: false, record: recordPath, warnings: printed, report: report)
    }

    /// The fingerprint of everything the output of a run depends on.
    package static func fingerprint(
        specPaths: [String], specDigests: [String: FileDigest], options: GenerateOptions, output: String,
        tool: ToolIdentity
    ) -> String {
        var fingerprint = Fingerprint()
        fingerprint.add("tool", tool.text)
        // Relative spec paths are read from it, and spec paths written in headers are relative to it.
        fingerprint.add("directory", options.baseDirectory.map { "some " + $0 } ?? "none")
        fingerprint.add("output", output)
        fingerprint.add("style", options.style.name)
        fingerprint.add("styleOverridesSpecs", options.styleOverridesSpecs ? "yes" : "no")
        fingerprint.add("sharedFiles", options.sharedFiles ? "yes" : "no")
        fingerprint.add("mocks", options.mocks.rawValue)
        fingerprint.add("lineWidth", options.lineWidth.map { "\($0)" } ?? "none")
        fingerprint.add("accessLevel", options.accessLevel.rawValue)
        fingerprint.add("runtimeModule", options.runtimeModule)
        fingerprint.add("imports", "\(options.imports.count)")
        for module in options.imports { fingerprint.add("import", module) }
        fingerprint.add("templatesPath", options.templatesPath.map { "some " + $0 } ?? "none")
        let names = options.templates.templates.keys.sorted()
        fingerprint.add("templates", "\(names.count)")
        for name in names {
            fingerprint.add("template", name)
            fingerprint.add("text", options.templates.templates[name] ?? "")
        }
        fingerprint.add("specs", "\(specPaths.count)")
        for path in specPaths {
            fingerprint.add("spec", path)
            fingerprint.add("header", GeneratedFileHeader.specPath(for: path, baseDirectory: options.baseDirectory))
            fingerprint.add("format", SpecFormat(path: path) == .yaml ? "yaml" : "json")
            if let digest = specDigests[path] { fingerprint.add("bytes", digest: digest) }
            for entry in OutputLayout.entries(forSpecPath: path, style: options.style, mocks: options.mocks) {
                fingerprint.add("file", entry.template + " " + entry.relativePath)
            }
        }
        return fingerprint.key
    }

    /// The outcome of a run that finds the output up to date, or nil when a full run is needed.
    static func reuse(
        key: String, specPaths: [String], options: GenerateOptions, output: String, location: RecordLocation
    ) throws(Failure) -> Outcome? {
        // A record that is not a regular file of a record's size (a FIFO, a device) is as good as none; one of
        // another output folder (a hash collision, a copied cache) is never read as this one's.
        guard let bytes = try? POSIXFile.readRegularFile(location.recordPath, limit: GenerationRecord.maximumSize, followingLinks: false),
            let record = GenerationRecord(decoding: bytes), record.output == location.output, record.key == key
        else { return nil }
        // The files the recorded run wrote: the key holds every spec's bytes, so also each spec's own `style` and
        // `modelFiles`, which decide them beside the options.
        let produced = record.files.map(\.relativePath)
        var paths: [String] = []
        var folders: Set<String> = [output]
        for file in record.files {
            // The checks a write makes: no symbolic link on the way, a regular file at the end.
            guard let path = try? FileWriter.destination(of: OutputFile(relativePath: file.relativePath, contents: ""), in: output),
                let digest = FileDigest(of: path, seeds: [0], followingLinks: false, expectedSize: file.size),
                digest.hashes == [file.hash]
            else { return nil }
            paths.append(path)
            folders.insert(PathText.parent(path))
        }
        guard StaleFiles.find(
            in: output, producing: produced, specPaths: specPaths, baseDirectory: options.baseDirectory).isEmpty else { return nil }
        var report = WriteReport()
        report.unchanged = paths
        do {
            for folder in folders.sorted() {
                report.removedTemporaries += try FileWriter.removeStaleTemporaries(in: folder)
            }
        } catch {
            throw .output(error, warnings: record.warnings)
        }
        return Outcome(reused: true, record: location.recordPath, warnings: record.warnings, report: report)
    }

    /// Writes `record` at `location` unless the same record is there.
    static func save(_ record: GenerationRecord, at location: RecordLocation) throws(Diagnostic) {
        let path = location.recordPath
        let bytes = record.encoded
        if (try? POSIXFile.readRegularFile(path, limit: GenerationRecord.maximumSize, followingLinks: false)) == bytes { return }
        try FileWriter.writeAtomically(bytes, to: path, replacing: true)
    }

    /// Removes the records of output folders that are gone (a moved, renamed or deleted project), and the
    /// temporary files of interrupted record writes, from the folder of `location`'s record. Run after a record
    /// was written (a full run), never on a no-op run. A record of a format this version does not know (a newer
    /// repogen's) is left alone.
    static func pruneRecords(at location: RecordLocation) {
        let folder = location.recordsFolder
        _ = try? FileWriter.removeStaleTemporaries(in: folder)
        guard let names = try? POSIXFile.names(in: folder) else { return }
        let own = RecordLocation.recordName(forOutput: location.output)
        for name in names where name != own && name.hasSuffix(RecordLocation.recordExtension) {
            let path = folder + "/" + name
            guard let head = try? POSIXFile.readHead(path, count: 4096, followingLinks: false),
                let output = GenerationRecord.outputFolder(inHead: head),
                POSIXFile.kind(of: output) == .missing
            else { continue }
            try? POSIXFile.remove(path)
        }
    }

    /// Removes the record repogen 0.3.0 and earlier kept in the output folder itself (`.repogen-cache`), and lists
    /// it as removed. Only a regular file that is such a record is removed: a file of that name that is
    /// anything else is the user's. One that cannot be removed is a warning (the output is right either way).
    static func removeLegacyRecord(in output: String, report: inout WriteReport, warnings: inout [String]) {
        guard let path = try? FileWriter.destination(
                of: OutputFile(relativePath: GenerationRecord.legacyFileName, contents: ""), in: output),
            POSIXFile.kind(of: path) == .file,
            let head = try? POSIXFile.readHead(path, count: 256, followingLinks: false),
            GenerationRecord.isLegacyRecord(head: head)
        else { return }
        do {
            try POSIXFile.remove(path)
        } catch where error.code == ENOENT {
            return
        } catch {
            warnings.append(Diagnostic(
                .warning,
                "cannot remove this record of an earlier repogen (\(POSIXFile.reason(errno: error.code))); it is no longer used: delete it",
                path: path).description)
            return
        }
        report.removed.append(path)
    }
}
