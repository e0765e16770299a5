import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory repogen-generate [options]`: runs `repogen generate` in
/// the package's root folder, so its `repogen.json` (or `repogen.yaml`) says which specs to read and where the
/// committed files go. Options (`--verbose`, `--config`, …) are passed through; `--check` works too, but needs the
/// permission the verb asks for: `swift package repogen-check` (RepogenCheckPlugin) compares without it. `diff` as
/// the first argument runs `repogen diff` (what changed in the API, breaking changes first) instead; it writes
/// nothing, so `swift package repogen-check diff --base main` needs no permission.
@main
struct RepogenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try RepogenCommand.run(
            tool: context.tool(named: "repogen").url, in: context.package.directoryURL, arguments: arguments,
            updateCommand: RepogenCommand.generateCommand)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project (the project's context menu in the navigator): the same in the project's folder, with its
/// `repogen.json`.
extension RepogenCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try RepogenCommand.run(
            tool: context.tool(named: "repogen").url, in: context.xcodeProject.directoryURL,
            arguments: RepogenCommand.withoutTargets(arguments), updateCommand: "repogen-generate")
    }
}
#endif
