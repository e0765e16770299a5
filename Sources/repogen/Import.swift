import RepogenCore

/// `repogen import`: an OpenAPI document into specs, or with `--check` a comparison with the specs there.
func importDocument(_ arguments: ImportArguments) -> ExitCode {
    var file: SpecFile
    do {
        file = try Pipeline.readSpecFile(
            arguments.document, file: "OpenAPI document", limit: OpenAPIImporter.maximumDocumentSize)
    } catch {
        printError(error.report)
        return .inputErrors
    }
    // `.json` is JSON and `.yaml`/`.yml` YAML; any other name is read as what its first character says.
    let lowered = arguments.document.lowercased()
    if !lowered.hasSuffix(".json"), !lowered.hasSuffix(".yaml"), !lowered.hasSuffix(".yml") {
        let first = file.bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        file = SpecFile(path: file.path, bytes: file.bytes, format: first == UInt8(ascii: "{") ? .json : .yaml)
    }
    let options = ImportOptions(
        domains: arguments.domains, format: arguments.format == "json" ? .json : .yaml, output: arguments.output)
    let result: ImportResult
    do {
        result = try OpenAPIImporter.run(file, options: options)
    } catch {
        printError(error.report)
        return .inputErrors
    }
    if arguments.verbose {
        for warning in result.warnings { printError(warning.description) }
    } else {
        for group in WarningGroup.grouping(result.warnings) { printError(group.description) }
    }
    let stale = options.format == .yaml
        ? ImportWriter.stale(in: arguments.output, documentPath: file.path, producing: result.files) : []
    if arguments.check {
        do {
            let report = try CheckReport.check(result.files, against: arguments.output, displayDirectory: arguments.output, stale: stale)
            if report.isClean {
                print("\(report.unchanged.count) specs up to date in \(arguments.output)")
                return .success
            }
            if !arguments.quiet {
                for diff in report.diffs { print(diff, terminator: "") }
            }
            var update = "repogen import " + Settings.shellQuoted(arguments.document)
            if arguments.output != "Specs" { update += " --output " + Settings.shellQuoted(arguments.output) }
            if arguments.domains != .byTag { update += " --domains " + arguments.domains.rawValue }
            if arguments.format != "yaml" { update += " --format " + arguments.format }
            printError("error: \(report.diffs.count) spec(s) in \(arguments.output) differ from the document; run '\(update)' to update them")
            return .differences
        } catch {
            printError(error.description)
            return .writeFailed
        }
    }
    let report: WriteReport
    do {
        report = try ImportWriter.write(result.files, to: arguments.output, removing: stale)
    } catch {
        printError(error.description)
        return .writeFailed
    }
    if !arguments.quiet {
        for path in report.written { print("wrote \(path)") }
        for path in report.removed { print("removed \(path) (no operation of the document belongs to it now)") }
        if !result.settings.isEmpty {
            print("runtime settings the document asks for:")
            for line in result.settings { print("  " + line) }
        }
    }
    print(
        "\(report.written.count) written, \(report.unchanged.count) unchanged, \(report.removed.count) removed; "
            + "\(result.warnings.count) warning(s)")
    return .success
}
