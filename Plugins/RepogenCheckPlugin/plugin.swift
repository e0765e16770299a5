import Foundation
import PackagePlugin

/// `swift package repogen-check [options]`: `repogen generate --check` in the package's root folder, for CI. It
/// writes nothing, so, unlike `repogen-generate` (whose permission to write SwiftPM asks for whatever the options),
/// it needs no `--allow-writing-to-package-directory`. It exits with an error and prints a diff when a committed
/// file differs from what its spec produces; the error names the command that updates them.
@main
struct RepogenCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try RepogenCommand.run(
            tool: context.tool(named: "repogen").url, in: context.package.directoryURL,
            arguments: arguments.filter { $0 != "--check" } + ["--check"],
            updateCommand: RepogenCommand.generateCommand)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project: the same check in the project's folder.
extension RepogenCheckPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try RepogenCommand.run(
            tool: context.tool(named: "repogen").url, in: context.xcodeProject.directoryURL,
            arguments: RepogenCommand.withoutTargets(arguments).filter { $0 != "--check" } + ["--check"],
            updateCommand: "repogen-generate")
    }
}
#endif
