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
        default: print(Usage.main, terminator: "")
        }
        return .success
    case .version:
        print(Usage.version)
        return .success
    case .generate(let arguments):
        return generate(arguments)
    case .templatesList:
        for name in BuiltinTemplates.all.keys.sorted() {
            print(name + BuiltinTemplatesSource.fileExtension)
        }
        return .success
    case .templatesExport(let directory):
        return exportTemplates(to: directory)
    }
}

/// The settings of one run: command-line options over the config file over the defaults.
struct Settings {
    var specs: [String]
    var output: String
    var options: GenerateOptions

    init(_ arguments: GenerateArguments) throws(DiagnosticsError) {
        var config: Config?
        if let path = arguments.config {
            config = try Config.load(path)
        } else if let path = Config.find() {
            config = try Config.load(path)
        }
        let specs = arguments.specs.isEmpty ? config?.specs ?? [] : arguments.specs
        guard !specs.isEmpty else {
            throw DiagnosticsError([Diagnostic(.error, "the config lists no specs under 'specs'", path: config?.path)])
        }
        self.specs = try SpecPaths.expand(specs)
        output = arguments.output ?? config?.output ?? "Generated"
        options = GenerateOptions()
        if let level = arguments.accessLevel.flatMap(AccessLevel.init(rawValue:)) ?? config?.accessLevel {
            options.accessLevel = level
        }
        options.imports = config?.imports ?? []
        if let module = config?.runtimeModule { options.runtimeModule = module }
        if let folder = arguments.templates ?? config?.templates {
            do {
                options.templates = try TemplateSet.loading(overridesFrom: folder)
            } catch {
                throw DiagnosticsError([error])
            }
            options.templatesPath = folder
        }
    }
}

func generate(_ arguments: GenerateArguments) -> ExitCode {
    if arguments.specs.isEmpty, arguments.config == nil, Config.find() == nil {
        printError("error: missing spec file: give at least one, e.g. 'repogen generate Specs/store.json', or add a repogen.json")
        printError("hint: see 'repogen generate --help'")
        return .usage
    }
    let settings: Settings
    let generation: Generation
    do {
        settings = try Settings(arguments)
        generation = try Pipeline.generate(specPaths: settings.specs, options: settings.options)
    } catch {
        printError(error.report)
        return .inputErrors
    }
    for warning in generation.warnings { printError(warning.description) }
    let output = settings.output
    let stale = StaleFiles.find(in: output, producing: generation.files, specPaths: settings.specs)
    if arguments.check {
        do {
            let report = try CheckReport.check(generation.files, against: output, displayDirectory: output, stale: stale)
            if report.isClean {
                if !arguments.quiet { print("\(report.unchanged.count) files up to date in \(output)") }
                return .success
            }
            for diff in report.diffs { print(diff, terminator: "") }
            printError("error: \(report.diffs.count) generated file(s) differ from the specs; run 'repogen generate' to update them")
            return .differences
        } catch {
            printError(error.description)
            return .writeFailed
        }
    }
    do {
        let report = try FileWriter.write(generation.files, to: output, removing: stale)
        if !arguments.quiet {
            for path in report.written { print("wrote \(path)") }
            for path in report.removed { print("removed \(path)") }
            for path in report.removedTemporaries { print("removed \(path) (a temporary file an interrupted run left)") }
            if arguments.verbose {
                for path in report.unchanged { print("unchanged \(path)") }
            }
            print("\(report.written.count) written, \(report.unchanged.count) unchanged, \(report.removed.count) removed")
        }
        return .success
    } catch {
        printError(error.description)
        return .writeFailed
    }
}

func exportTemplates(to directory: String) -> ExitCode {
    let files = BuiltinTemplates.all.keys.sorted().map { name in
        OutputFile(relativePath: name + BuiltinTemplatesSource.fileExtension, contents: BuiltinTemplates.all[name] ?? "")
    }
    do {
        _ = try FileWriter.export(files, to: directory)
    } catch {
        printError(error.description)
        return .writeFailed
    }
    print("exported \(files.count) templates to \(directory)")
    return .success
}

exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
