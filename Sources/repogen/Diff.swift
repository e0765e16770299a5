import Foundation
import RepogenCore

/// `repogen diff` arguments.
struct DiffArguments: Equatable {
    /// Two specs or folders (old, new); with `base`, the specs or folders to read at both versions (none: the
    /// config's).
    var paths: [String] = []
    var base: String?
    var config: String?
    var format: DiffFormat = .text
    var failOn: DiffFailure?
}

extension ArgumentParser {
    static func parseDiff(_ arguments: [String]) throws(UsageError) -> Command {
        var result = DiffArguments()
        var index = 0
        let options = ["--base", "--format", "--fail-on", "--config", "--help"]
        func value(_ parts: [String], _ name: String) throws(UsageError) -> String {
            if parts.count == 2 { return parts[1] }
            guard index + 1 < arguments.count else { throw UsageError(message: "'\(name)' needs a value", command: "diff") }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            switch parts[0] {
            case "--help", "-h": return .help(topic: "diff")
            case "--base", "-b":
                let revision = try value(parts, "--base")
                guard !revision.isEmpty, !revision.hasPrefix("-") else {
                    throw UsageError(message: "'--base' needs a git revision, e.g. '--base main'", command: "diff")
                }
                result.base = revision
            case "--format":
                let given = try value(parts, "--format")
                guard let format = DiffFormat(rawValue: given) else {
                    throw UsageError(message: "'--format' must be 'text', 'markdown' or 'json', not '\(given)'", command: "diff")
                }
                result.format = format
            case "--fail-on":
                let given = try value(parts, "--fail-on")
                guard let failure = DiffFailure(rawValue: given) else {
                    throw UsageError(message: "'--fail-on' must be 'breaking', 'source' or 'wire', not '\(given)'", command: "diff")
                }
                result.failOn = failure
            case "--config", "-c":
                result.config = try value(parts, "--config")
            default:
                guard !argument.hasPrefix("-") else {
                    throw UsageError(message: "unknown option '\(parts[0])'\(suggestion(parts[0], among: options))", command: "diff")
                }
                result.paths.append(argument)
            }
            index += 1
        }
        if result.base == nil && result.paths.count != 2 {
            throw UsageError(
                message: result.paths.count < 2
                    ? "give the old and the new spec (or folder), e.g. 'repogen diff Specs-v1 Specs', or '--base main'"
                    : "give two specs or folders (old, new), or '--base <revision>' with the specs to compare",
                command: "diff")
        }
        return .diff(result)
    }
}

/// Compares two versions of the specs and prints what changed in the API.
func diff(_ arguments: DiffArguments) -> ExitCode {
    let directory = FileManager.default.currentDirectoryPath
    let oldFiles: [SpecFile]
    let newFiles: [SpecFile]
    var asOneDomain = false
    do throws(DiagnosticsError) {
        if let base = arguments.base {
            var paths = arguments.paths
            var locations: [SourceLocation] = []
            if paths.isEmpty {
                var config: Config?
                if let path = arguments.config ?? Config.find() { config = try Config.load(path) }
                guard let config, !config.specs.isEmpty else {
                    printError("error: no specs to compare: name spec files or folders, or add a repogen.json that lists 'specs'")
                    printError("hint: see 'repogen diff --help'")
                    return .usage
                }
                paths = config.specs
                locations = config.specLocations
            }
            oldFiles = try GitSpecs.read(paths, at: base, in: directory)
            newFiles = try readSpecs(try existing(paths, locations: locations), directory: directory)
            // A path on neither side is a typo, not "no change".
            for path in paths where !FileManager.default.fileExists(atPath: path) {
                let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
                guard !oldFiles.contains(where: { $0.path == base + ":" + relative || $0.path.hasPrefix(base + ":" + relative + "/") }) else { continue }
                printError("error: '\(path)' is neither in the working tree nor in '\(base)'")
                return .inputErrors
            }
        } else {
            let (old, new) = (arguments.paths[0], arguments.paths[1])
            asOneDomain = !isFolder(old) && !isFolder(new)
            oldFiles = try readSpecs(try SpecPaths.expand([old]), directory: directory)
            newFiles = try readSpecs(try SpecPaths.expand([new]), directory: directory)
        }
    } catch {
        printError(error.report)
        return .inputErrors
    }
    let report: APIDiffReport
    do {
        report = try APIDiff.compare(old: oldFiles, new: newFiles, asOneDomain: asOneDomain)
    } catch {
        printError(error.report)
        return .inputErrors
    }
    print(report.rendered(arguments.format), terminator: "")
    if let failOn = arguments.failOn, report.changes.contains(where: failOn.matches) {
        return .differences
    }
    return .success
}

/// The spec paths of the working tree; a path missing there is left out (its domain was removed), unless the config
/// names it.
private func existing(_ paths: [String], locations: [SourceLocation]) throws(DiagnosticsError) -> [String] {
    let present = paths.enumerated().filter { FileManager.default.fileExists(atPath: $0.element) }
    return try SpecPaths.expand(present.map(\.element), locations: present.map { locations[safe: $0.offset] }.compactMap { $0 })
}

private func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
}

private func readSpecs(_ paths: [String], directory: String) throws(DiagnosticsError) -> [SpecFile] {
    var files: [SpecFile] = []
    var diagnostics: [Diagnostic] = []
    for path in paths {
        do {
            files.append(try Pipeline.readSpecFile(path, baseDirectory: directory))
        } catch {
            diagnostics += error.diagnostics
        }
    }
    if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
    return files
}
