import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory repogen-generate [options]`: runs `repogen generate` in
/// the package's root folder, so its `repogen.json` (or `repogen.yaml`) says which specs to read and where the
/// committed files go. Options (`--check`, `--verbose`, …) are passed through.
@main
struct RepogenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "repogen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["generate"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("repogen generate exited with status \(process.terminationStatus)")
            throw CommandFailed(status: process.terminationStatus)
        }
    }

    struct CommandFailed: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "repogen generate exited with status \(status)" }
    }
}
