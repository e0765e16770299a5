import Foundation
import PackagePlugin

/// `swift package repogen-check [options]`: `repogen generate --check` in the package's root folder, for CI. It
/// writes nothing, so, unlike `repogen-generate` (whose permission to write SwiftPM asks for whatever the options),
/// it needs no `--allow-writing-to-package-directory`. It exits with an error and prints a diff when a committed
/// file differs from what its spec produces; the error names the command that updates them.
///
/// `swift package repogen-check diff --base main [--format markdown] [--fail-on breaking]` runs `repogen diff`
/// instead: what changed in the API between the specs of a git revision and the working tree, breaking changes
/// first (Documentation/ReviewingChanges.md).
@main
struct RepogenCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try RepogenCommand.run(
            tool: context.tool(named: "repogen").url, in: context.package.directoryURL,
            arguments: RepogenCommand.checking(arguments), updateCommand: RepogenCommand.generateCommand)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project: the same check in the project's folder.
extension RepogenCheckPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try RepogenCommand.run(
            tool: context.tool(named: "repogen").url, in: context.xcodeProject.directoryURL,
            arguments: RepogenCommand.checking(RepogenCommand.withoutTargets(arguments)),
            updateCommand: "repogen-generate")
    }
}
#endif
