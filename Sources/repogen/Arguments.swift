import RepogenCore

/// The parsed command line.
enum Command: Equatable {
    case help(topic: String?)
    case version
    case generate(GenerateArguments)
    case templatesList(style: OutputStyle)
    case templatesExport(directory: String, style: OutputStyle)
    case initialize(InitArguments)
    case importDocument(ImportArguments)
    case diff(DiffArguments)
}

/// `repogen import` arguments.
struct ImportArguments: Equatable {
    var document = ""
    var output = "Specs"
    var domains: DomainGrouping = .byTag
    /// `yaml` or `json`: the format of the specs written.
    var format = "yaml"
    var check = false
    var quiet = false
    /// Print every warning, not one line per kind.
    var verbose = false
}

/// `repogen init` arguments.
struct InitArguments: Equatable {
    /// The folder to write the config and the starter spec into.
    var directory = "."
    /// `json` or `yaml`: the format of both files.
    var format = "yaml"
}

/// `repogen generate` arguments; nil means "not given" (the config file or the default applies).
struct GenerateArguments: Equatable {
    var specs: [String] = []
    var config: String?
    var output: String?
    var templates: String?
    var accessLevel: String?
    var style: OutputStyle?
    var check = false
    var force = false
    /// repogen's cache folder, where the record of a run is kept (`RecordLocation`); nil: chosen automatically.
    var cacheDirectory: String?
    var quiet = false
    var verbose = false
    var sharedFiles = true
    /// Where the mocks go (`debug`, `inline`, `none`, `only`).
    var mocks: MocksMode?
    /// The command a hint tells the user to run to update the files (the command plugin passes its own).
    var updateCommand: String?
    /// The command a hint names for reviewing the API changes (`repogen diff`; the plugins pass their own).
    var diffCommand: String?
    /// What the build plugin planned the run with (`PlannedBuild`, as JSON): checked against the config.
    var buildPlan: String?
}

/// A command line that cannot be run; printed with a hint and exit code 2.
struct UsageError: Error, Equatable {
    var message: String
    var command: String?
}

/// Our own small argument parser: subcommand, options with values (`--output dir` or `--output=dir`), flags.
enum ArgumentParser {

    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .help(topic: nil) }
        switch first {
        case "--help", "-h":
            return .help(topic: nil)
        case "help":
            // `help <command>`: only the commands there are.
            guard let topic = arguments.dropFirst().first else { return .help(topic: nil) }
            guard helpTopics.contains(topic) else {
                throw UsageError(message: "no help for '\(topic)': not a command\(suggestion(topic, among: helpTopics))", command: nil)
            }
            guard arguments.count == 2 else {
                throw UsageError(message: "'help' takes one command, e.g. 'repogen help generate'", command: nil)
            }
            return .help(topic: topic)
        case "--version", "-V":
            return .version
        case "generate":
            return try parseGenerate(Array(arguments.dropFirst()))
        case "templates":
            return try parseTemplates(Array(arguments.dropFirst()))
        case "init":
            return try parseInit(Array(arguments.dropFirst()))
        case "import":
            return try parseImport(Array(arguments.dropFirst()))
        case "diff":
            return try parseDiff(Array(arguments.dropFirst()))
        default:
            if first.hasPrefix("-") {
                throw UsageError(message: "unknown option '\(first)'\(suggestion(first, among: ["--help", "--version"]))", command: nil)
            }
            let hint = suggestion(first, among: ["generate", "templates", "init", "import", "diff", "help"])
            throw UsageError(message: "unknown command '\(first)'\(hint)", command: nil)
        }
    }

    /// The commands `help <command>` knows.
    static let helpTopics = ["generate", "templates", "init", "import", "diff", "help"]

    static func parseImport(_ arguments: [String]) throws(UsageError) -> Command {
        var result = ImportArguments()
        var documents: [String] = []
        var index = 0
        let options = ["--output", "--domains", "--format", "--check", "--quiet", "--verbose", "--help"]
        func value(_ parts: [String], _ name: String) throws(UsageError) -> String {
            if parts.count == 2 { return parts[1] }
            guard index + 1 < arguments.count else {
                throw UsageError(message: "'\(name)' needs a value", command: "import")
            }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            switch parts[0] {
            case "--help", "-h": return .help(topic: "import")
            case "--output", "-o":
                let folder = try value(parts, parts[0])
                guard !folder.isEmpty else { throw UsageError(message: "'--output' is empty; give a folder, e.g. '--output Specs'", command: "import") }
                result.output = folder
            case "--domains":
                let given = try value(parts, "--domains")
                guard let grouping = DomainGrouping(rawValue: given) else {
                    throw UsageError(message: "'--domains' must be 'by-tag' or 'by-path-prefix', not '\(given)'", command: "import")
                }
                result.domains = grouping
            case "--format":
                let given = try value(parts, "--format")
                guard given == "json" || given == "yaml" else {
                    throw UsageError(message: "'--format' must be 'json' or 'yaml'", command: "import")
                }
                result.format = given
            case "--check": result.check = true
            case "--quiet", "-q": result.quiet = true
            case "--verbose", "-v": result.verbose = true
            default:
                guard !argument.hasPrefix("-") || argument == "-" else {
                    throw UsageError(message: "unknown option '\(parts[0])'\(suggestion(parts[0], among: options))", command: "import")
                }
                documents.append(argument)
            }
            index += 1
        }
        guard documents.count == 1, let document = documents.first, !document.isEmpty else {
            throw UsageError(
                message: documents.isEmpty ? "missing OpenAPI document, e.g. 'repogen import openapi.yaml'" : "give one OpenAPI document",
                command: "import")
        }
        result.document = document
        return .importDocument(result)
    }

    static func parseInit(_ arguments: [String]) throws(UsageError) -> Command {
        var result = InitArguments()
        var directories: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            switch parts[0] {
            case "--help", "-h": return .help(topic: "init")
            case "--format":
                var value = parts.count == 2 ? parts[1] : nil
                if value == nil, index + 1 < arguments.count {
                    index += 1
                    value = arguments[index]
                }
                guard let value, value == "json" || value == "yaml" else {
                    throw UsageError(message: "'--format' must be 'json' or 'yaml'", command: "init")
                }
                result.format = value
            default:
                guard !argument.hasPrefix("-") || argument == "-" else {
                    throw UsageError(
                        message: "unknown option '\(parts[0])'\(suggestion(parts[0], among: ["--format", "--help"]))",
                        command: "init")
                }
                directories.append(argument)
            }
            index += 1
        }
        guard directories.count <= 1 else {
            throw UsageError(message: "give at most one folder, e.g. 'repogen init' or 'repogen init MyApp'", command: "init")
        }
        if let directory = directories.first {
            guard !directory.isEmpty else {
                throw UsageError(message: "the folder is empty; give a folder, e.g. 'repogen init MyApp'", command: "init")
            }
            result.directory = directory
        }
        return .initialize(result)
    }

    static func parseGenerate(_ arguments: [String]) throws(UsageError) -> Command {
        var result = GenerateArguments()
        var index = 0
        var onlyPositional = false
        func value(for option: String, inline: String?) throws(UsageError) -> String {
            let value: String
            if let inline {
                value = inline
            } else {
                index += 1
                guard index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" else {
                    throw UsageError(message: "missing value for '\(option)'", command: "generate")
                }
                value = arguments[index]
            }
            // An empty path would silently mean the current folder.
            if value.isEmpty, let what = ["--output": "a folder", "-o": "a folder", "--templates": "a folder",
                                          "-t": "a folder", "--config": "a file", "-c": "a file"][option] {
                throw UsageError(message: "the value of '\(option)' is empty; give \(what)", command: "generate")
            }
            return value
        }
        while index < arguments.count {
            let argument = arguments[index]
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                result.specs.append(argument)
                index += 1
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0]
            let inline = parts.count == 2 ? parts[1] : nil
            switch name {
            case "--": onlyPositional = true
            case "--help", "-h": return .help(topic: "generate")
            case "--output", "-o": result.output = try value(for: name, inline: inline)
            case "--templates", "-t": result.templates = try value(for: name, inline: inline)
            case "--config", "-c": result.config = try value(for: name, inline: inline)
            case "--access-level":
                let level = try value(for: name, inline: inline)
                guard level == "public" || level == "internal" else {
                    throw UsageError(message: "'--access-level' must be 'public' or 'internal', not '\(level)'", command: "generate")
                }
                result.accessLevel = level
            case "--style", "-s": result.style = try style(named: value(for: name, inline: inline), command: "generate")
            case "--check": result.check = true
            case "--force", "-f": result.force = true
            case "--cache-dir": result.cacheDirectory = try value(for: name, inline: inline)
            case "--quiet", "-q": result.quiet = true
            case "--verbose", "-v": result.verbose = true
            case "--no-shared-files": result.sharedFiles = false
            case "--mocks":
                let mode = try value(for: name, inline: inline)
                guard let mocks = MocksMode(rawValue: mode) else {
                    throw UsageError(message: "'--mocks': " + MocksMode.unknownMessage(mode), command: "generate")
                }
                result.mocks = mocks
            case "--update-command": result.updateCommand = try value(for: name, inline: inline)
            case "--diff-command": result.diffCommand = try value(for: name, inline: inline)
            case "--build-plan": result.buildPlan = try value(for: name, inline: inline)
            default:
                let known = [
                    "--output", "--templates", "--config", "--access-level", "--style", "--mocks", "--check", "--force",
                    "--cache-dir", "--quiet", "--verbose", "--no-shared-files", "--help",
                ]
                throw UsageError(message: "unknown option '\(name)'\(suggestion(name, among: known))", command: "generate")
            }
            index += 1
        }
        if result.quiet && result.verbose {
            throw UsageError(message: "'--quiet' and '--verbose' cannot be used together", command: "generate")
        }
        return .generate(result)
    }

    static func parseTemplates(_ given: [String]) throws(UsageError) -> Command {
        // `--style <style>` (or `--style=<style>`, `-s <style>`) anywhere after the command.
        var arguments: [String] = []
        var style = OutputStyle.defaultStyle
        var index = 0
        while index < given.count {
            let argument = given[index]
            var value: String?
            if argument == "--style" || argument == "-s" {
                guard index + 1 < given.count else {
                    throw UsageError(message: "'\(argument)' needs a style", command: "templates")
                }
                value = given[index + 1]
                index += 1
            } else if argument.hasPrefix("--style=") {
                value = String(argument.dropFirst("--style=".count))
            }
            if let value {
                style = try Self.style(named: value, command: "templates")
            } else {
                arguments.append(argument)
            }
            index += 1
        }
        // `templates list --help`, `templates export --help`: the help of `templates`.
        if arguments.contains("--help") || arguments.contains("-h") {
            return .help(topic: "templates")
        }
        switch arguments.first {
        case "list":
            guard arguments.count == 1 else {
                throw UsageError(message: "'templates list' takes no arguments besides '--style', not '\(arguments[1])'", command: "templates")
            }
            return .templatesList(style: style)
        case "export":
            guard arguments.count == 2, !arguments[1].hasPrefix("-") else {
                throw UsageError(message: "give one folder to export to, e.g. 'repogen templates export MyTemplates'", command: "templates")
            }
            guard !arguments[1].isEmpty else {
                throw UsageError(message: "the folder to export to is empty; give a folder, e.g. 'repogen templates export MyTemplates'", command: "templates")
            }
            return .templatesExport(directory: arguments[1], style: style)
        case nil:
            return .help(topic: "templates")
        case let other?:
            let hint = suggestion(other, among: ["list", "export"])
            throw UsageError(message: "unknown templates command '\(other)'\(hint)", command: "templates")
        }
    }

    /// The style `name` names, or a usage error listing the styles.
    static func style(named name: String, command: String) throws(UsageError) -> OutputStyle {
        guard let style = OutputStyle.named(name) else {
            throw UsageError(message: OutputStyle.unknownMessage(name), command: command)
        }
        return style
    }

    static func suggestion(_ word: String, among candidates: [String]) -> String {
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(Array(word), Array(candidate))
            if distance <= 2, best == nil || distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best.map { "; did you mean '\($0.0)'?" } ?? ""
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
