import Foundation
import PackagePlugin

/// Generates the networking layer of a target from its specs, at every build where they changed.
///
/// Which files it reads is BuildPlan's rule (BuildPlan.swift), the same for a package target and an Xcode target:
/// the specs a config in the target names (`repogen.json`, `repogen.yaml` or `repogen.yml`), else the target's
/// `*.repogen.json|yaml|yml` files; never a config at the package root, never any other file of the target. Each
/// spec becomes one build command whose outputs follow from the spec's file name, the style and the mocks mode
/// (RepogenFacts.swift, shared with RepogenCore), so they are known before the tool runs.
@main
struct RepogenBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let packageConfig = RepogenFacts.configFileNames.map { context.package.directoryURL.appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        return try commands(
            targetName: target.name, files: target.sourceFiles.map(\.url), workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "repogen").url, packageConfig: packageConfig)
    }

    /// The commands for one target, or none with the plan's errors reported (which stops the build).
    func commands(targetName: String, files: [URL], workDirectory: URL, tool: URL, packageConfig: URL?) -> [Command] {
        let plan = BuildPlan.make(
            targetName: targetName, files: files, output: workDirectory.appendingPathComponent("Generated"),
            cache: workDirectory.appendingPathComponent("Cache"), packageConfig: packageConfig)
        // `swift build` shows a plugin's diagnostic without its file, so the message names it (`description`).
        for warning in plan.warnings { Diagnostics.warning(warning.description, file: warning.file?.path, line: warning.line) }
        for error in plan.errors { Diagnostics.error(error.description, file: error.file?.path, line: error.line) }
        return plan.steps.map { step in
            .buildCommand(
                displayName: step.displayName,
                executable: tool,
                arguments: step.arguments,
                inputFiles: step.inputs,
                outputFiles: step.outputs)
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same rule for a target of an Xcode project (Build Phases → Run Build Tool Plug-ins): its files are the ones
/// that are members of the target.
extension RepogenBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try commands(
            targetName: target.displayName, files: target.inputFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "repogen").url,
            packageConfig: nil)
    }
}
#endif
