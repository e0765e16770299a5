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
        printError("error: \(error.message)")
        let help = error.command.map { "repogen \($0) --help" } ?? "repogen --help"
        printError("hint: see '\(help)'")
        return .usage
    }
    switch command {
    case .help(let topic):
        print(topic == "generate" ? Usage.generate : Usage.main, terminator: "")
        return .success
    case .version:
        print(Usage.version)
        return .success
    case .generate(let arguments):
        return generate(arguments)
    }
}

func generate(_ arguments: GenerateArguments) -> ExitCode {
    var options = GenerateOptions()
    let files: [OutputFile]
    do {
        if let folder = arguments.templates {
            options.templates = try TemplateSet.loading(overridesFrom: folder)
            options.templatesPath = folder
        }
    } catch {
        printError(error.description)
        return .inputErrors
    }
    do {
        let generation = try Pipeline.generate(specPaths: arguments.specs, options: options)
        files = generation.files
        for warning in generation.warnings { printError(warning.description) }
    } catch {
        printError(error.report)
        return .inputErrors
    }
    if arguments.check {
        do {
            let report = try CheckReport.check(files, against: arguments.output, displayDirectory: arguments.output)
            if report.isClean {
                if !arguments.quiet { print("\(report.unchanged.count) files up to date in \(arguments.output)") }
                return .success
            }
            for diff in report.diffs { print(diff, terminator: "") }
            printError("error: \(report.diffs.count) generated file(s) differ from the specs; "
                + "run 'repogen generate \(arguments.specs.joined(separator: " ")) --output \(arguments.output)'")
            return .differences
        } catch {
            printError(error.description)
            return .writeFailed
        }
    }
    do {
        let report = try FileWriter.write(files, to: arguments.output)
        if !arguments.quiet {
            for path in report.written { print("wrote \(path)") }
            print("\(report.written.count) written, \(report.unchanged.count) unchanged")
        }
        return .success
    } catch {
        printError(error.description)
        return .writeFailed
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
