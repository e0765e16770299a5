import Foundation
import PackagePlugin

/// What both command plugins do (RepogenCommandPlugin's `repogen-generate` and RepogenCheckPlugin's `repogen-check`,
/// which compiles this file through a symbolic link): run `repogen generate` in a folder, so that its
/// `repogen.json` (or `repogen.yaml`) says which specs to read and where the committed files go.
enum RepogenCommand {
    /// The command that writes the files: what a check that found differences tells the user to run.
    static let generateCommand = "swift package --allow-writing-to-package-directory repogen-generate"
    /// The command that reports what changed in the API (`repogen diff`, which writes nothing): what a check that
    /// found differences tells the user to review them with.
    static let diffCommand = "swift package repogen-check diff"

    /// Runs `repogen generate` with `arguments` (`--check` among them to compare only) in `directory`.
    ///
    /// repogen's output passes through, and a failure is one error: the tool's own summary line (a check's "…
    /// differ from the specs; run '<updateCommand>' to update them", or "N errors; nothing was written" after the
    /// errors at their lines) becomes the plugin's error, the one line SwiftPM or Xcode shows as the failure,
    /// instead of that line followed by a second and a third about the exit status.
    /// - Parameter updateCommand: the command a check's hint names, `updateCommand` followed by the arguments.
    /// `diff` as the first argument runs `repogen diff` with the rest instead (`swift package repogen-check diff
    /// --base main`): it reads the specs (the revision's with git) and writes nothing.
    static func run(tool: URL, in directory: URL, arguments: [String], updateCommand: String) throws {
        var arguments = arguments
        let command = arguments.first == "diff" ? "diff" : "generate"
        if command == "diff" {
            arguments.removeFirst()
        } else if arguments.contains("--check") {
            let rest = arguments.filter { $0 != "--check" }
            arguments += ["--update-command", ([updateCommand] + rest.map(shellQuoted)).joined(separator: " ")]
            arguments += ["--diff-command", diffCommand]
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = [command] + arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // The first line that is an error without a place ("error: …"), else the last line (the count after
            // errors at their lines), is the failure; the others (the errors at their lines, warnings, hints) pass.
            let index = lines.firstIndex { $0.hasPrefix("error: ") } ?? lines.indices.last
            var summary = index.map { lines.remove(at: $0) } ?? ""
            if summary.hasPrefix("error: ") { summary.removeFirst("error: ".count) }
            forward(lines)
            if process.terminationReason == .uncaughtSignal {
                summary = "repogen \(command) was terminated by signal \(process.terminationStatus)"
            } else if command == "diff" && process.terminationStatus == 1 {
                summary = "the API changes above include what '--fail-on' names"
            } else if summary.isEmpty {
                summary = "repogen \(command) exited with status \(process.terminationStatus)"
            }
            // SwiftPM relays the output (the diff) while it prints a diagnostic as soon as it comes: a moment's wait
            // puts the error after the diff on a terminal.
            Thread.sleep(forTimeInterval: 0.2)
            Diagnostics.error(summary)
            return
        }
        forward(lines)
    }

    /// The check plugin's arguments: `--check` added, unless they run `diff` (which writes nothing anyway).
    static func checking(_ arguments: [String]) -> [String] {
        arguments.first == "diff" ? arguments : arguments.filter { $0 != "--check" } + ["--check"]
    }

    /// Lines of repogen's standard error, to the plugin's.
    static func forward(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// `value` as one shell word: as it is when plain, else in single quotes.
    static func shellQuoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@+,".contains($0) }
        return plain ? value : "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Xcode passes `--target <name>` for the targets selected when the command was chosen; repogen works on the
    /// project's config instead, so they are left out.
    static func withoutTargets(_ arguments: [String]) -> [String] {
        var extractor = ArgumentExtractor(arguments)
        _ = extractor.extractOption(named: "target")
        return extractor.remainingArguments
    }
}
