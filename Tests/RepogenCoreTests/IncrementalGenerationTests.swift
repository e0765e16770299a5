import Foundation
import RepogenCore
import XCTest

/// An unchanged rerun skips parsing and rendering (`GenerateRun`): these tests change every input the output
/// depends on, and every way the output folder can differ from what the last run wrote, and check that the
/// record of the last run is then not trusted and the output is regenerated exactly as a first run would.
final class IncrementalGenerationTests: XCTestCase {
    var root = ""
    var output: String { root + "/Out" }
    /// repogen's cache folder for these runs (named, as `--cache-dir` names it).
    var cache: String { root + "/Cache" }
    /// The record of the runs into `output` (once it exists).
    var recordPath: String { RecordLocation.find(output: output, choice: .folder(cache))?.recordPath ?? "" }
    let tool = ToolIdentity("repogen test build 1")

    /// Two specs; `shop` has an input no request uses, which is a warning.
    let shopSpec = """
        {
          "models": { "Item": { "description": "An item.", "fields": { "id": "Int", "name": "String" } } },
          "endpoints": [
            { "name": "fetchItem", "description": "Reads one item.", "method": "GET", "path": "/items/{id}",
              "inputs": [{ "name": "id", "type": "Int" }, { "name": "unused", "type": "Int" }], "response": "Item" }
          ]
        }
        """
    let userSpec = """
        endpoints:
          - name: fetchMe
            method: GET
            path: /me
            response: String
        """

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-incremental-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        try write(shopSpec, to: "Specs/shop.json")
        try write(userSpec, to: "Specs/user.yaml")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    // MARK: helpers

    var specs: [String] { [root + "/Specs/shop.json", root + "/Specs/user.yaml"] }

    func write(_ text: String, to name: String) throws {
        let path = root + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: root + "/" + name, encoding: .utf8)
    }

    @discardableResult
    func regenerate(
        _ specs: [String]? = nil, options: GenerateOptions = GenerateOptions(), output: String? = nil,
        tool: ToolIdentity?? = nil, force: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) throws -> GenerateRun.Outcome {
        do {
            return try GenerateRun.run(
                specPaths: specs ?? self.specs, options: options, output: output ?? self.output,
                tool: tool ?? self.tool, records: .folder(cache), force: force)
        } catch {
            XCTFail("the run failed: \(error)", file: file, line: line)
            throw error
        }
    }

    /// Everything below a folder (hidden files too) with what a write would change: inode, size, and the
    /// modification and status-change times in nanoseconds.
    func snapshot(_ folder: String) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        var info = stat()
        guard lstat(folder, &info) == 0 else { return [:] }
        func facts(_ info: stat) -> [Int] {
            #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
            #endif
            return [Int(info.st_ino), Int(info.st_size), modified.tv_sec * 1_000_000_000 + modified.tv_nsec,
                    changed.tv_sec * 1_000_000_000 + changed.tv_nsec]
        }
        result["."] = facts(info)
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            if lstat(folder + "/" + relative, &info) == 0 { result[relative] = facts(info) }
        }
        return result
    }

    /// Asserts that `output` holds exactly what a first run of the pipeline produces for `specs`: every file
    /// byte for byte, and no other generated file.
    func assertOutputIsFresh(
        _ specs: [String]? = nil, options: GenerateOptions = GenerateOptions(), output: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let output = output ?? self.output
        let expected = try Pipeline.generate(specPaths: specs ?? self.specs, options: options).files
        for generated in expected {
            let onDisk = FileManager.default.contents(atPath: output + "/" + generated.relativePath)
            XCTAssertEqual(onDisk.map { String(decoding: $0, as: UTF8.self) }, generated.contents,
                           generated.relativePath, file: file, line: line)
        }
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: output)
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".swift"),
                let data = FileManager.default.contents(atPath: output + "/" + relative), GeneratedFileHeader.isGenerated(data)
            {
                found.append(relative)
            }
        }
        XCTAssertEqual(found.sorted(), expected.map(\.relativePath).sorted(), "generated files", file: file, line: line)
    }

    /// A first run, then a rerun that reuses it: the state every test starts its change from.
    func generateAndConfirmReuse(
        _ specs: [String]? = nil, options: GenerateOptions = GenerateOptions(), file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        try regenerate(specs, options: options, file: file, line: line)
        XCTAssertTrue(try regenerate(specs, options: options, file: file, line: line).reused, "an unchanged rerun", file: file, line: line)
    }

    /// After a change: the run is a full one, the output is what a first run gives, and the next run reuses it.
    func assertFullRunThenReuse(
        _ message: String, specs: [String]? = nil, options: GenerateOptions = GenerateOptions(), output: String? = nil,
        tool: ToolIdentity?? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> GenerateRun.Outcome {
        let outcome = try regenerate(specs, options: options, output: output, tool: tool, file: file, line: line)
        XCTAssertFalse(outcome.reused, "\(message): must not reuse the last run", file: file, line: line)
        try assertOutputIsFresh(specs, options: options, output: output, file: file, line: line)
        let again = try regenerate(specs, options: options, output: output, tool: tool, file: file, line: line)
        XCTAssertTrue(again.reused, "\(message): the rerun after it reuses it", file: file, line: line)
        XCTAssertEqual(again.warnings, outcome.warnings, file: file, line: line)
        return outcome
    }

    // MARK: the fast path itself

    func testAnUnchangedRerunWritesNothingAndReportsWhatAFullRunWould() throws {
        let first = try regenerate()
        XCTAssertFalse(first.reused)
        XCTAssertEqual(first.report.written.count, 8)
        XCTAssertTrue(FileManager.default.fileExists(atPath: recordPath))
        XCTAssertTrue(recordPath.hasPrefix(cache + "/records/"), recordPath)
        let before = snapshot(root)

        let second = try regenerate()
        XCTAssertTrue(second.reused)
        XCTAssertEqual(snapshot(root), before, "a no-op run writes nothing, not even its record")
        XCTAssertEqual(second.report.unchanged, first.report.written)
        XCTAssertEqual(second.report.written, [])
        XCTAssertEqual(second.report.removed, [])
        XCTAssertEqual(second.warnings, first.warnings, "the warnings are printed again")
        XCTAssertEqual(second.warnings.count, 1)
        XCTAssertTrue(second.warnings[0].contains("warning: input 'unused'"), second.warnings[0])

        // A forced run regenerates, compares, and also writes nothing.
        let forced = try regenerate(force: true)
        XCTAssertFalse(forced.reused)
        XCTAssertEqual(forced.report.unchanged.count, 8)
        XCTAssertEqual(snapshot(root), before)
    }

    func testWithoutAToolIdentityNothingIsReusedOrRecorded() throws {
        try regenerate(tool: .some(nil))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache), "no record, no cache folder")
        XCTAssertFalse(try regenerate(tool: .some(nil)).reused)
        try assertOutputIsFresh()
    }

    // MARK: inputs

    func testAChangedSpecByteIsRegenerated() throws {
        try generateAndConfirmReuse()
        // One byte, same size: "Reads" -> "Reeds".
        try write(shopSpec.replacingOccurrences(of: "Reads one item.", with: "Reeds one item."), to: "Specs/shop.json")
        let outcome = try assertFullRunThenReuse("one spec byte")
        XCTAssertEqual(outcome.report.written, [output + "/Shop/ShopApi.swift", output + "/Shop/ShopRepository.swift"])
        XCTAssertTrue(try read("Out/Shop/ShopApi.swift").contains("/// Reeds one item."))

        // A byte that changes no output (a space) is still a change of input: a full run that writes nothing.
        try write(shopSpec.replacingOccurrences(of: "Reads one item.", with: "Reeds one item.") + " ", to: "Specs/shop.json")
        XCTAssertEqual(try assertFullRunThenReuse("a space").report.written, [])

        // The YAML spec too.
        try write(userSpec.replacingOccurrences(of: "/me", with: "/you"), to: "Specs/user.yaml")
        XCTAssertEqual(try assertFullRunThenReuse("the YAML spec").report.written.count, 1)
    }

    func testAnInvalidSpecIsReportedNotSkipped() throws {
        try generateAndConfirmReuse()
        try write(shopSpec.replacingOccurrences(of: "\"response\"", with: "\"respons\""), to: "Specs/shop.json")
        XCTAssertThrowsError(try GenerateRun.run(specPaths: specs, options: GenerateOptions(), output: output, tool: tool, records: .folder(cache))) {
            guard case GenerateRun.Failure.input(let errors)? = $0 as? GenerateRun.Failure else {
                return XCTFail("\($0)")
            }
            XCTAssertTrue(errors.description.contains("unknown key 'respons'"), errors.description)
        }
        try write(shopSpec, to: "Specs/shop.json")
        XCTAssertTrue(try regenerate().reused, "the output was left alone, so it matches the restored spec")
    }

    func testAChangedSpecListIsRegenerated() throws {
        try generateAndConfirmReuse()
        // One spec fewer: its files are stale and go.
        let fewer = try assertFullRunThenReuse("one spec fewer", specs: [specs[0]])
        XCTAssertEqual(fewer.report.removed.count, 4)
        // One more (a new file count).
        try write(userSpec.replacingOccurrences(of: "fetchMe", with: "fetchOther"), to: "Specs/other.yaml")
        let more = try assertFullRunThenReuse("one spec more", specs: specs + [root + "/Specs/other.yaml"])
        XCTAssertEqual(more.report.written.count, 8)
        // The same specs in another order.
        _ = try assertFullRunThenReuse("another order", specs: [root + "/Specs/other.yaml"] + specs.reversed())
    }

    func testAChangedSpecPathIsRegenerated() throws {
        try generateAndConfirmReuse()
        // The same bytes under another path: another header.
        try FileManager.default.createDirectory(atPath: root + "/Other", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/Specs/shop.json", toPath: root + "/Other/shop.json")
        let outcome = try assertFullRunThenReuse("a moved spec", specs: [root + "/Other/shop.json", specs[1]])
        XCTAssertEqual(outcome.report.written, [], "the header names the file, not its folder, when outside the base directory")

        // The base directory (the command's current folder): spec paths in headers are relative to it.
        var options = GenerateOptions()
        options.baseDirectory = root
        let moved = try assertFullRunThenReuse(
            "another base directory", specs: [root + "/Other/shop.json", specs[1]], options: options)
        XCTAssertEqual(moved.report.written.count, 8, "headers now name Other/shop.json and Specs/user.yaml")
        XCTAssertTrue(try read("Out/Shop/ShopApi.swift").hasPrefix("// Generated by repogen 0.3.0 from Other/shop.json. Do not edit."))
    }

    func testChangedTemplatesAreRegenerated() throws {
        try write("{{fileHeader}}\n// custom models\n", to: "Templates/Models.swift.mustache")
        var options = GenerateOptions()
        options.templates = try TemplateSet.loading(overridesFrom: root + "/Templates")
        options.templatesPath = root + "/Templates"
        try generateAndConfirmReuse(options: options)
        XCTAssertTrue(try read("Out/Shop/ShopModels.swift").hasSuffix("// custom models\n"))

        // A custom template's file changes.
        try write("{{fileHeader}}\n// custom models, edited\n", to: "Templates/Models.swift.mustache")
        options.templates = try TemplateSet.loading(overridesFrom: root + "/Templates")
        let edited = try assertFullRunThenReuse("an edited custom template", options: options)
        XCTAssertEqual(edited.report.written.count, 2)

        // A file appears in the folder (a partial the built-in templates use).
        try write("{{fileHeader}}\n// my header\n", to: "Templates/_header.mustache")
        options.templates = try TemplateSet.loading(overridesFrom: root + "/Templates")
        XCTAssertEqual(try assertFullRunThenReuse("a new custom partial", options: options).report.written.count, 6,
                       "all but the models, whose custom template does not use it")

        // Back to the built-in templates.
        _ = try assertFullRunThenReuse("no custom templates")

        // A built-in template that differs (what a new build of repogen may bring).
        var builtin = GenerateOptions()
        builtin.templates.templates["Mock.swift"] = (builtin.templates.templates["Mock.swift"] ?? "") + "// new\n"
        XCTAssertEqual(try assertFullRunThenReuse("a changed built-in template", options: builtin).report.written.count, 2)
    }

    func testChangedOptionsAreRegenerated() throws {
        try generateAndConfirmReuse()
        var options = GenerateOptions()
        options.accessLevel = .internal
        XCTAssertEqual(try assertFullRunThenReuse("the access level", options: options).report.written.isEmpty, false)
        options.imports = ["Models"]
        XCTAssertEqual(try assertFullRunThenReuse("an import", options: options).report.written.isEmpty, false)
        options.imports = ["Models", "Other"]
        XCTAssertEqual(try assertFullRunThenReuse("another import", options: options).report.written.isEmpty, false)
        options.runtimeModule = "Networking"
        XCTAssertEqual(try assertFullRunThenReuse("the runtime module", options: options).report.written.isEmpty, false)
        options.styleOverridesSpecs = true
        XCTAssertEqual(try assertFullRunThenReuse("--style over the specs' styles", options: options).report.written, [])
        options.sharedFiles = false
        XCTAssertEqual(try assertFullRunThenReuse("--no-shared-files", options: options).report.written, [])
        options.mocks = .inline
        XCTAssertEqual(try assertFullRunThenReuse("--mocks inline", options: options).report.written.isEmpty, false)
        options.lineWidth = 60
        XCTAssertEqual(try assertFullRunThenReuse("a narrower line width", options: options).report.written.isEmpty, false)
        // The templates folder's name (it appears in template errors only).
        options.templatesPath = root + "/Templates"
        try FileManager.default.createDirectory(atPath: root + "/Templates", withIntermediateDirectories: true)
        XCTAssertEqual(try assertFullRunThenReuse("the templates folder", options: options).report.written, [])
    }

    func testEveryOptionIsInTheFingerprint() throws {
        // A new option must go into `GenerateRun.fingerprint` (and into testChangedOptionsAreRegenerated):
        // otherwise changing it would leave the output of the old value in place.
        let covered = [
            "style", "styleOverridesSpecs", "templates", "templatesPath", "runtimeModule", "accessLevel", "imports",
            "sharedFiles", "mocks", "lineWidth", "baseDirectory",
        ]
        XCTAssertEqual(Mirror(reflecting: GenerateOptions()).children.map { $0.label ?? "" }.sorted(), covered.sorted())
        // The config keys that become options, or the spec list and output folder, which the fingerprint has too.
        XCTAssertEqual(
            Config.keys.sorted(), ["accessLevel", "imports", "mocks", "output", "runtimeModule", "specs", "style", "templates"])
        // Every option, changed alone, changes the key.
        let digests = [root + "/Specs/shop.json": FileDigest(bytes: UnsafeRawBufferPointer(start: nil, count: 0), seeds: [0])]
        func key(_ options: GenerateOptions) -> String {
            GenerateRun.fingerprint(
                specPaths: [root + "/Specs/shop.json"], specDigests: digests, options: options, output: output, tool: tool)
        }
        var changes: [GenerateOptions] = []
        var options = GenerateOptions()
        options.templates.templates["Api.swift"]?.append(" ")
        changes.append(options)
        options = GenerateOptions()
        options.templates.templates["_new"] = ""
        changes.append(options)
        options = GenerateOptions()
        options.templatesPath = "Templates"
        changes.append(options)
        options = GenerateOptions()
        options.runtimeModule = "Other"
        changes.append(options)
        options = GenerateOptions()
        options.mocks = .none
        changes.append(options)
        options = GenerateOptions()
        options.accessLevel = .internal
        changes.append(options)
        options = GenerateOptions()
        options.imports = [""]
        changes.append(options)
        // Another style (with the same templates, so that only the style's name differs).
        options = GenerateOptions()
        options.style = OutputStyle(name: "other", summary: "", mockMemberSuffixes: ["Mock"])
        changes.append(options)
        // `--style`, which wins over a style the spec names.
        options = GenerateOptions()
        options.styleOverridesSpecs = true
        changes.append(options)
        // The base directory, which relative spec paths are read from and headers name specs relative to.
        options = GenerateOptions()
        options.baseDirectory = root
        changes.append(options)
        options = GenerateOptions()
        options.baseDirectory = ""
        changes.append(options)
        let keys = [key(GenerateOptions())] + changes.map(key)
        XCTAssertEqual(Set(keys).count, keys.count, "every change gives another key")
        XCTAssertEqual(key(GenerateOptions()), key(GenerateOptions()), "and the same options the same key")
    }

    func testAnotherOutputFolderIsRegenerated() throws {
        try generateAndConfirmReuse()
        // A copy of the output, record included, used as the output folder: not trusted.
        try FileManager.default.copyItem(atPath: output, toPath: root + "/Copy")
        let copy = try assertFullRunThenReuse("a copied output folder", output: root + "/Copy")
        XCTAssertEqual(copy.report.written, [])
        // An empty one.
        XCTAssertEqual(try assertFullRunThenReuse("a new output folder", output: root + "/Fresh").report.written.count, 8)
        // The same folder spelled differently.
        _ = try assertFullRunThenReuse("another spelling of the output folder", output: root + "/Out/")
    }

    func testAnotherGeneratorBuildIsRegenerated() throws {
        try generateAndConfirmReuse()
        let rebuilt = try assertFullRunThenReuse("a rebuilt generator", tool: .some(ToolIdentity("repogen test build 2")))
        XCTAssertEqual(rebuilt.report.written, [])
        XCTAssertFalse(try regenerate().reused, "and back to the first build")
    }

    // MARK: the output folder

    func testAnEditedGeneratedFileIsRestored() throws {
        try generateAndConfirmReuse()
        let path = output + "/Shop/ShopApi.swift"
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        // One byte, same size, same modification time: only the contents tell.
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let index = try XCTUnwrap(bytes.lastIndex(of: UInt8(ascii: "}")))
        bytes[index] = UInt8(ascii: "{")
        try bytes.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate] as Any], ofItemAtPath: path)
        let outcome = try assertFullRunThenReuse("a generated file edited by hand")
        XCTAssertEqual(outcome.report.written, [path])

        // Only its header line.
        let text = try read("Out/User/UserApi.swift")
        try write(text.replacingOccurrences(of: "Do not edit.", with: "Do not edit!"), to: "Out/User/UserApi.swift")
        XCTAssertEqual(try assertFullRunThenReuse("an edited header").report.written, [output + "/User/UserApi.swift"])

        // Appended to.
        try write(try read("Out/User/UserModels.swift") + "\n", to: "Out/User/UserModels.swift")
        XCTAssertEqual(try assertFullRunThenReuse("a longer file").report.written, [output + "/User/UserModels.swift"])
    }

    func testADeletedGeneratedFileIsWrittenAgain() throws {
        try generateAndConfirmReuse()
        try FileManager.default.removeItem(atPath: output + "/Shop/MockShopRepository.swift")
        XCTAssertEqual(try assertFullRunThenReuse("a deleted file").report.written, [output + "/Shop/MockShopRepository.swift"])
        // A whole domain folder.
        try FileManager.default.removeItem(atPath: output + "/User")
        XCTAssertEqual(try assertFullRunThenReuse("a deleted folder").report.written.count, 4)
    }

    func testAnAddedGeneratedFileIsRemoved() throws {
        try generateAndConfirmReuse()
        // A generated file naming one of the specs that the spec does not produce: stale.
        let header = try read("Out/Shop/ShopApi.swift").prefix { $0 != "\n" }
        try write(header + "\nenum Extra {}\n", to: "Out/Shop/ShopExtra.swift")
        let outcome = try assertFullRunThenReuse("an added generated file")
        XCTAssertEqual(outcome.report.removed, [output + "/Shop/ShopExtra.swift"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: output + "/Shop/ShopExtra.swift"))

        // Files without the header, and files that are not Swift, are never touched, and do not stop the reuse.
        try write("// mine\n", to: "Out/Shop/Notes.swift")
        try write("notes\n", to: "Out/Shop/README.md")
        XCTAssertTrue(try regenerate().reused)
        XCTAssertEqual(try read("Out/Shop/Notes.swift"), "// mine\n")
    }

    func testAGeneratedFileReplacedByAHandWrittenOneIsNeverOverwritten() throws {
        try generateAndConfirmReuse()
        try write("// my own api\n", to: "Out/Shop/ShopApi.swift")
        XCTAssertThrowsError(try GenerateRun.run(specPaths: specs, options: GenerateOptions(), output: output, tool: tool, records: .folder(cache))) {
            guard case GenerateRun.Failure.output(let failure, _)? = $0 as? GenerateRun.Failure else { return XCTFail("\($0)") }
            XCTAssertTrue(failure.description.contains("refusing to overwrite a file that repogen did not generate"))
        }
        XCTAssertEqual(try read("Out/Shop/ShopApi.swift"), "// my own api\n")
    }

    func testASymbolicLinkInTheOutputIsReportedNotSkipped() throws {
        try generateAndConfirmReuse()
        // The domain folder becomes a link to an identical copy: the files hash the same, but a write refuses it.
        try FileManager.default.moveItem(atPath: output + "/User", toPath: root + "/UserCopy")
        try FileManager.default.createSymbolicLink(atPath: output + "/User", withDestinationPath: root + "/UserCopy")
        XCTAssertThrowsError(try GenerateRun.run(specPaths: specs, options: GenerateOptions(), output: output, tool: tool, records: .folder(cache))) {
            guard case GenerateRun.Failure.output(let failure, _)? = $0 as? GenerateRun.Failure else { return XCTFail("\($0)") }
            XCTAssertTrue(failure.description.contains("symbolic link"), failure.description)
        }
    }

    // MARK: the record

    func testADamagedRecordIsNotTrusted() throws {
        try generateAndConfirmReuse()
        let path = recordPath
        let good = try String(contentsOfFile: path, encoding: .utf8)
        let lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[4].hasPrefix("file "), lines[4])
        let damaged = [
            "",  // empty
            String(good.dropLast()),  // cut short
            String(good.prefix(good.count / 2)),
            lines.enumerated().filter { $0.offset != 4 }.map(\.element).joined(separator: "\n"),  // one file fewer
            good + "file 1 0000000000000000 Shop/ShopExtra.swift\n",  // one more
            good.replacingOccurrences(of: "repogen-cache 2", with: "repogen-cache 3"),
            good.replacingOccurrences(of: "repogen-cache 2", with: "repogen-cache 1"),
            good.replacingOccurrences(of: "\nkey ", with: "\nkey 0"),
            // The record of another output folder, under this one's name.
            good.replacingOccurrences(of: "\noutput " + RecordLocation.realPath(output)!, with: "\noutput " + root + "/Other"),
            lines.enumerated().filter { $0.offset != 2 }.map(\.element).joined(separator: "\n"),  // no output line
            good + "something else\n",
        ]
        for text in damaged {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertFalse(try regenerate().reused, text)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), good, "the record is written again")
        }
        // A record that is a symbolic link (even to a good record) is neither read nor written through: the full
        // run replaces the link with a record, and leaves what it pointed to alone.
        try FileManager.default.copyItem(atPath: path, toPath: root + "/record")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: root + "/record")
        XCTAssertFalse(try regenerate().reused, "a link to a good record")
        XCTAssertEqual(POSIXFile.kind(of: path), .file)
        XCTAssertTrue(try regenerate().reused)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: root + "/record")
        try write("# repogen cache: edited\n", to: "record")
        XCTAssertFalse(try regenerate().reused)
        XCTAssertEqual(try String(contentsOfFile: root + "/record", encoding: .utf8), "# repogen cache: edited\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), good)
        // Deleted: a full run writes it again.
        try FileManager.default.removeItem(atPath: path)
        _ = try assertFullRunThenReuse("a deleted record")
        // The whole cache folder deleted: the same.
        try FileManager.default.removeItem(atPath: cache)
        _ = try assertFullRunThenReuse("a deleted cache folder")
    }

    func testTheRecordOfAnotherFileSetIsNotTrusted() throws {
        // The record claims sizes and hashes of other contents, for the right key: the files decide.
        try generateAndConfirmReuse()
        let good = try String(contentsOfFile: recordPath, encoding: .utf8)
        let forged = good.split(separator: "\n").map { line -> String in
            guard line.hasPrefix("file ") else { return String(line) }
            let parts = line.split(separator: " ")
            return "file \(parts[1]) 0123456789abcdef \(parts[3])"
        }.joined(separator: "\n") + "\n"
        try Data(forged.utf8).write(to: URL(fileURLWithPath: recordPath))
        XCTAssertFalse(try regenerate().reused)
        XCTAssertEqual(try String(contentsOfFile: recordPath, encoding: .utf8), good)
    }

    func testRecordEncoding() throws {
        let record = GenerationRecord(
            output: "/work/App/Generated", key: "k", files: [GenerationRecord.File(relativePath: "A/B.swift", size: 12, hash: 0xABC)],
            warnings: ["a.json:1:2: warning: one\\two", "line\nbreak\r\u{2028}"])
        XCTAssertEqual(GenerationRecord(decoding: record.encoded), record)
        XCTAssertNil(GenerationRecord(decoding: Array("garbage\n".utf8)))
        XCTAssertNil(GenerationRecord(decoding: [0xFF, 0x0A]))
        XCTAssertEqual(String(decoding: record.encoded, as: UTF8.self).split(separator: "\n").count, 7, "one line per entry")
        // An output folder whose path holds a line break stays one line, and is read back from a record's head.
        var odd = record
        odd.output = "/work/a\nb"
        XCTAssertEqual(GenerationRecord(decoding: odd.encoded), odd)
        XCTAssertEqual(GenerationRecord.outputFolder(inHead: Array(odd.encoded.prefix(120))), "/work/a\nb")
        XCTAssertNil(GenerationRecord.outputFolder(inHead: Array(odd.encoded.prefix(85))), "cut before the end of the line")
        XCTAssertNil(GenerationRecord.outputFolder(inHead: Array("# repogen cache: machine-local, safe to delete, do not commit\nrepogen-cache 1\nkey a\n".utf8)))
    }

    func testXXH64ReferenceValues() {
        XCTAssertEqual(XXH64.hash(Array("".utf8)), 0xEF46_DB37_51D8_E999)
        XCTAssertEqual(XXH64.hash(Array("a".utf8)), 0xD24E_C4F1_A98C_6E5B)
        XCTAssertEqual(XXH64.hash(Array("abc".utf8)), 0x44BC_2CF5_AD77_0999)
        XCTAssertEqual(XXH64.hash(Array("Nobody inspects the spammish repetition".utf8)), 0xFBCE_A83C_8A37_8BF1)
        XCTAssertEqual(XXH64.hash([UInt8](repeating: UInt8(ascii: "a"), count: 32)), 0x856E_8432_98F9_9AD7)
        XCTAssertEqual(XXH64.hex(0xAB), "00000000000000ab")
    }

    func testStreamedHashesAreTheHashesOfTheWhole() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for length in [0, 1, 3, 4, 7, 8, 31, 32, 33, 63, 64, 65, 100, 299] {
            let whole = Array(bytes.prefix(length))
            for seed: UInt64 in [0, 12345] {
                let expected = XXH64.hash(whole, seed: seed)
                // In pieces of every size from 1 to 40 bytes.
                for piece in 1...40 {
                    var stream = XXH64.Stream(seed: seed)
                    var start = 0
                    while start < length {
                        let end = min(length, start + piece)
                        whole[start..<end].withUnsafeBytes { stream.update($0) }
                        start = end
                    }
                    XCTAssertEqual(stream.value, expected, "length \(length), pieces of \(piece)")
                }
            }
        }
        XCTAssertEqual(XXH64.hash(Array("abc".utf8), seed: 12345), 0x0170_0E64_F6F2_3509)

        // A file is read in chunks of 64 KiB: one of a few chunks and a remainder.
        let large = (0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        try write(String(decoding: [], as: UTF8.self), to: "empty")
        let path = root + "/large"
        try Data(large).write(to: URL(fileURLWithPath: path))
        let digest = try XCTUnwrap(FileDigest(of: path, seeds: Fingerprint.seeds, followingLinks: false))
        XCTAssertEqual(digest, large.withUnsafeBytes { FileDigest(bytes: $0, seeds: Fingerprint.seeds) })
        XCTAssertEqual(digest.size, 200_003)
        XCTAssertNil(FileDigest(of: path, seeds: [0], followingLinks: false, expectedSize: 200_002))
        XCTAssertNil(FileDigest(of: path, seeds: [0], followingLinks: false, maximumSize: 200_002))
        XCTAssertNil(FileDigest(of: root + "/missing", seeds: [0], followingLinks: false))
        XCTAssertNil(FileDigest(of: root, seeds: [0], followingLinks: true), "a folder")
        XCTAssertEqual(FileDigest(of: root + "/empty", seeds: [0], followingLinks: false)?.hashes, [0xEF46_DB37_51D8_E999])
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: path)
        XCTAssertNil(FileDigest(of: root + "/link", seeds: [0], followingLinks: false))
        XCTAssertEqual(FileDigest(of: root + "/link", seeds: Fingerprint.seeds, followingLinks: true), digest)
    }

    func testTheRunningToolIsIdentifiedByItsCodeFiles() throws {
        let identity = try XCTUnwrap(ToolIdentity.current(version: "9.9.9"))
        XCTAssertTrue(identity.text.hasPrefix("repogen 9.9.9\n"))
        XCTAssertEqual(ToolIdentity.current(version: "9.9.9"), identity, "the same from call to call")
        #if os(Linux)
        let executable = try XCTUnwrap(ProcessInfo.processInfo.arguments.first)
        let name = (executable as NSString).lastPathComponent
        XCTAssertTrue(identity.text.split(separator: "\n").contains { $0.contains("/" + name + " ") }, identity.text)
        XCTAssertTrue(identity.text.contains("/libswiftCore."), "the Swift runtime is code the output depends on")
        #endif
    }
}
