import Foundation
import PackagePlugin

/// Generates the networking layer of a target from the spec files in it, at every build where they changed.
///
/// Every `.json`, `.yaml` or `.yml` file of the target (except a `repogen.json`/`repogen.yaml` config) is a spec.
/// A config in the target's folder, or else at the package root, supplies the style (unless a spec names its
/// own), access level, imports, templates and runtime module. Each spec becomes one build command whose outputs follow from the spec's file
/// name and the style only (RepogenFacts.swift, shared with RepogenCore), so they are known before the tool runs.
@main
struct RepogenBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let configNames = RepogenFacts.configFileNames
        let files = target.sourceFiles.map(\.url)
        let specs = files.filter {
            RepogenFacts.specExtensions.contains($0.pathExtension) && !configNames.contains($0.lastPathComponent)
        }
        let config = files.first { configNames.contains($0.lastPathComponent) }
            ?? configNames.map { context.package.directoryURL.appendingPathComponent($0) }
                .first { FileManager.default.fileExists(atPath: $0.path) }
        let tool = try context.tool(named: "repogen")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")

        var inputs: [URL] = []
        var options = ["--output", output.path, "--quiet"]
        if let config {
            inputs.append(config)
            options += ["--config", config.path]
        }
        inputs += templates(near: config)
        // An unknown style lists no outputs here; repogen itself reports it, with the file's line and column.
        let configStyle = setting("style", of: config) ?? RepogenFacts.defaultStyle
        // A style's shared files (tca's APIError.swift) are written by the first of its specs' commands only.
        var stylesWithSharedFiles: Set<String> = []
        return specs.map { spec in
            // A spec may name its own style, which wins over the config's.
            let style = setting("style", of: spec) ?? configStyle
            var outputs = (RepogenFacts.outputFiles(forSpecPath: spec.path, style: style) ?? []).map {
                output.appendingPathComponent($0.relativePath)
            }
            var arguments = ["generate", spec.path] + options
            let shared = RepogenFacts.sharedFiles(style: style) ?? []
            if !shared.isEmpty {
                if stylesWithSharedFiles.insert(style).inserted {
                    outputs += shared.map { output.appendingPathComponent($0.relativePath) }
                } else {
                    arguments.append("--no-shared-files")
                }
            }
            return .buildCommand(
                displayName: "repogen \(spec.lastPathComponent)",
                executable: tool.url,
                arguments: arguments,
                inputFiles: [spec] + inputs,
                outputFiles: outputs)
        }
    }

    /// Custom templates are inputs too: the `.mustache` files of the folder a config (JSON or YAML) names under
    /// `templates`, or else of a `Templates` folder beside the config.
    func templates(near config: URL?) -> [URL] {
        guard let config else { return [] }
        let base = config.deletingLastPathComponent()
        var folder = base.appendingPathComponent("Templates")
        if let path = setting("templates", of: config) {
            folder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(RepogenFacts.templateExtension) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A top-level string setting of a config or spec, JSON or YAML.
    func setting(_ key: String, of config: URL?) -> String? {
        guard let config, let data = try? Data(contentsOf: config) else { return nil }
        if config.pathExtension == "json" {
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            return object?[key] as? String
        }
        return RepogenFacts.topLevelYAMLSetting(key, in: String(decoding: data, as: UTF8.self))
    }
}
