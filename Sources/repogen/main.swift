import Foundation
import RepogenCore

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

func run(_ arguments: [String]) -> ExitCode {
    let command: Command
    do {
        command = try ArgumentParser.parse(arguments)
    } catch {
        printError("error: \(Diagnostic.oneLine(error.message))")
        let help = error.command.map { "repogen \($0) --help" } ?? "repogen --help"
        printError("hint: see '\(help)'")
        return .usage
    }
    switch command {
    case .help(let topic):
        switch topic {
        case "generate": print(Usage.generate, terminator: "")
        case "templates": print(Usage.templates, terminator: "")
        case "init": print(Usage.initialize, terminator: "")
        case "import": print(Usage.importing, terminator: "")
        case "diff": print(Usage.diff, terminator: "")
        default: print(Usage.main, terminator: "")
        }
        return .success
    case .version:
        print(Usage.version)
        return .success
    case .generate(let arguments):
        return generate(arguments)
    case .templatesList(let style):
        for name in TemplateSet.builtin(for: style).templates.keys.sorted() {
            print(name + BuiltinTemplatesSource.fileExtension)
        }
        return .success
    case .templatesExport(let directory, let style):
        return exportTemplates(to: directory, style: style)
    case .initialize(let arguments):
        return initialize(arguments)
    case .importDocument(let arguments):
        return importDocument(arguments)
    case .diff(let arguments):
        return diff(arguments)
    }
}

/// The settings of one run: command-line options over the config file over the defaults.
struct Settings {
    var specs: [String]
    var output: String
    var options: GenerateOptions
    /// The options of this run that `repogen generate` needs again to write what check mode compared
    /// (` --style tca -c repogen-tca.json`), for the hint after differences.
    var rerunArguments = ""

    /// - Parameter baseDirectory: the process's current folder, read once by the command: relative spec paths are
    ///   below it, and generated headers name specs relative to it.
    init(_ arguments: GenerateArguments, baseDirectory: String) throws(DiagnosticsError) {
        let config = try Self.config(arguments)
        if let text = arguments.buildPlan {
            try Self.checkBuildPlan(text, arguments: arguments, config: config, baseDirectory: baseDirectory)
        }
        let fromConfig = arguments.specs.isEmpty ? config : nil
        let specs = fromConfig?.specs ?? arguments.specs
        guard !specs.isEmpty else {
            let message = "the config lists no specs under 'specs'; name spec files or folders, like specs: [Specs]"
            throw DiagnosticsError([
                config.map { Diagnostic(.error, message, at: $0.location(of: "specs")) } ?? Diagnostic(.error, message, path: nil)
            ])
        }
        self.specs = try SpecPaths.expand(specs, locations: fromConfig?.specLocations ?? [])
        output = arguments.output ?? config?.output ?? "Generated"
        if arguments.output == nil, let config, let folder = config.output {
            try Self.checkOutputFolder(folder, config: config)
        }
        let style = arguments.style ?? config?.style ?? .result
        options = GenerateOptions(style: style)
        options.baseDirectory = baseDirectory
        // `--style` is for every spec; a config's style only for specs that do not name their own.
        options.styleOverridesSpecs = arguments.style != nil
        options.sharedFiles = arguments.sharedFiles
        options.mocks = arguments.mocks ?? config?.mocks ?? .default
        rerunArguments = Self.rerunArguments(arguments)
        if let level = arguments.accessLevel.flatMap(AccessLevel.init(rawValue:)) ?? config?.accessLevel {
            options.accessLevel = level
        }
        options.imports = config?.imports ?? []
        if let module = config?.runtimeModule { options.runtimeModule = module }
        if let folder = arguments.templates ?? config?.templates {
            // The folder itself (not there, a file, unreadable), when the config names it: at its 'templates'.
            let named = arguments.templates == nil ? config?.location(of: "templates") : nil
            options.templates = try Self.templates(in: folder, style: style, namedAt: named)
            options.templatesPath = folder
        }
    }

    /// The config `--config` names, or the one in the current folder; nil without either.
    static func config(_ arguments: GenerateArguments) throws(DiagnosticsError) -> Config? {
        if let path = arguments.config {
            return try Config.load(path)
        } else if let path = Config.find() {
            return try Config.load(path)
        }
        return nil
    }

    /// The build plugin's command: the plan it was made with (`--build-plan`) must still be what the config and the
    /// specs say.
    static func checkBuildPlan(
        _ text: String, arguments: GenerateArguments, config: Config?, baseDirectory: String
    ) throws(DiagnosticsError) {
        guard let plan = PlannedBuild(json: text) else {
            throw DiagnosticsError([Diagnostic(.error, "'--build-plan' is not a plan the build plugin writes", path: arguments.config)])
        }
        var problems: [Diagnostic] = []
        if let config { problems = try plan.staleness(of: config, baseDirectory: baseDirectory) }
        for spec in arguments.specs { problems += plan.staleness(ofSpec: spec, baseDirectory: baseDirectory) }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
    }

    /// A file where the config's output folder, or a folder above it, should be: every write would fail under it.
    static func checkOutputFolder(_ folder: String, config: Config) throws(DiagnosticsError) {
        var path = folder
        while !path.isEmpty, path != "/", path != "." {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue {
                    let what = path == folder ? "which is a file" : "which is inside '\(path)', a file"
                    throw DiagnosticsError([
                        Diagnostic(.error, "'output' names '\(folder)', \(what), not a folder", at: config.location(of: "output"))
                    ])
                }
                break
            }
            path = PathText.parent(path)
        }
    }

    /// The options given on the command line, as `repogen generate` takes them again (its specs first).
    static func rerunArguments(_ arguments: GenerateArguments) -> String {
        var rerun = ""
        for (flag, value) in [
            ("--config", arguments.config), ("--style", arguments.style?.name), ("--output", arguments.output),
            ("--templates", arguments.templates), ("--access-level", arguments.accessLevel), ("--mocks", arguments.mocks?.rawValue),
        ] {
            if let value { rerun += " \(flag) \(shellQuoted(value))" }
        }
        if !arguments.specs.isEmpty { rerun = " " + arguments.specs.map(shellQuoted).joined(separator: " ") + rerun }
        return rerun
    }

    /// The templates of `style` overridden by those in `folder`.
    /// - Parameter location: where the config names the folder, when it does: a problem with the folder itself
    ///   (not there, a file, unreadable) is reported there.
    static func templates(
        in folder: String, style: OutputStyle, namedAt location: SourceLocation?
    ) throws(DiagnosticsError) -> TemplateSet {
        if let location {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
                throw DiagnosticsError([Diagnostic(.error, "'templates' names '\(folder)', which does not exist", at: location)])
            } else if !isDirectory.boolValue {
                throw DiagnosticsError([
                    Diagnostic(.error, "'templates' names '\(folder)', which is a file, not a folder", at: location)
                ])
            }
        }
        do {
            return try TemplateSet.loading(overridesFrom: folder, style: style)
        } catch {
            if let location, error.location == nil, error.path == folder {
                throw DiagnosticsError([Diagnostic(.error, "'templates' names '\(folder)': \(error.message)", at: location)])
            }
            throw DiagnosticsError([error])
        }
    }
}

extension Settings {
    /// `value` as a shell word: as it is when it is plain, else in single quotes.
    static func shellQuoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@+,".contains($0) }
        return plain ? value : "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

func generate(_ arguments: GenerateArguments) -> ExitCode {
    if arguments.specs.isEmpty, arguments.config == nil, Config.find() == nil {
        printError("error: missing spec file: give at least one, e.g. 'repogen generate Specs/store.json', or add a repogen.json")
        printError("hint: see 'repogen generate --help'")
        return .usage
    }
    // First, before anything could load a library lazily: the code files this run is made of.
    let tool = arguments.check ? nil : ToolIdentity.current(version: Usage.version)
    // The one place the current folder is read: the pipeline gets it as the run's base directory.
    let baseDirectory = FileManager.default.currentDirectoryPath
    let settings: Settings
    do {
        settings = try Settings(arguments, baseDirectory: baseDirectory)
    } catch {
        printError(error.report)
        return .inputErrors
    }
    if arguments.check {
        return checkGenerated(settings, arguments: arguments)
    }
    let outcome: GenerateRun.Outcome
    do {
        outcome = try GenerateRun.run(
            specPaths: settings.specs, options: settings.options, output: settings.output, tool: tool,
            records: arguments.cacheDirectory.map { .folder($0) }
                ?? .automatic(environment: ProcessInfo.processInfo.environment),
            force: arguments.force)
    } catch {
        switch error {
        case .input(let errors):
            printError(errors.report)
            return .inputErrors
        case .output(let failure, let warnings):
            for warning in warnings { printError(warning) }
            printError(failure.description)
            return .writeFailed
        }
    }
    for warning in outcome.warnings { printError(warning) }
    if !arguments.quiet { printReport(outcome, verbose: arguments.verbose) }
    return .success
}

/// `repogen generate --check`: compares what the specs generate with the output folder, writing nothing. Check mode
/// always compares real bytes: it never trusts the record of an earlier run.
func checkGenerated(_ settings: Settings, arguments: GenerateArguments) -> ExitCode {
    let output = settings.output
    let generation: Generation
    do {
        generation = try Pipeline.generate(specPaths: settings.specs, options: settings.options)
    } catch {
        printError(error.report)
        return .inputErrors
    }
    for warning in generation.warnings { printError(warning.description) }
    let stale = StaleFiles.find(
        in: output, producing: generation.files, specPaths: settings.specs, baseDirectory: settings.options.baseDirectory)
    do {
        let report = try CheckReport.check(generation.files, against: output, displayDirectory: output, stale: stale)
        // The summary line is all `--quiet` prints.
        if report.isClean {
            print("\(report.unchanged.count) files up to date in \(output)")
            return .success
        }
        if !arguments.quiet {
            for diff in report.diffs { print(diff, terminator: "") }
        }
        let update = arguments.updateCommand ?? "repogen generate" + settings.rerunArguments
        printError("error: \(report.diffs.count) generated file(s) in \(output) differ from the specs; run '\(update)' to update them")
        let diff = arguments.diffCommand ?? "repogen diff"
        if !arguments.quiet { printError("hint: '\(diff) --base <revision>' reports what changed in the API itself, breaking changes first") }
        return .differences
    } catch {
        printError(error.description)
        return .writeFailed
    }
}

/// What a run wrote, removed and (with `--verbose`) left unchanged, and the summary line.
func printReport(_ outcome: GenerateRun.Outcome, verbose: Bool) {
    let report = outcome.report
    if verbose, outcome.reused {
        print("up to date: the inputs and the output are those of the last run (--force regenerates)")
    }
    for path in report.written { print("wrote \(path)") }
    for path in report.removed { print("removed \(path)") }
    for path in report.removedTemporaries { print("removed \(path) (a temporary file an interrupted run left)") }
    if verbose {
        for path in report.unchanged { print("unchanged \(path)") }
        print(outcome.record.map { "record of this run: \($0)" } ?? "no record of this run was kept (the cache folder cannot be written): the next run is a full one")
    }
    print("\(report.written.count) written, \(report.unchanged.count) unchanged, \(report.removed.count) removed")
}

func exportTemplates(to directory: String, style: OutputStyle) -> ExitCode {
    let templates = TemplateSet.builtin(for: style).templates
    let files = templates.keys.sorted().map { name in
        OutputFile(relativePath: name + BuiltinTemplatesSource.fileExtension, contents: templates[name] ?? "")
    }
    do {
        _ = try FileWriter.export(files, to: directory)
    } catch {
        printError(error.description)
        return .writeFailed
    }
    print("exported the \(files.count) templates of the '\(style.name)' style to \(directory)")
    return .success
}

PhaseTimes.mark("start")
// One run, then exit: the pipeline's large values need not be freed.
LargeValues.keepUntilExit()
let status = run(Array(CommandLine.arguments.dropFirst())).rawValue
PhaseTimes.mark("end")
exit(status)
