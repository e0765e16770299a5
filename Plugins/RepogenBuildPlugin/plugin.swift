import Foundation
import PackagePlugin

/// Generates the networking layer of a target from the spec files in it, at every build where they changed.
///
/// Every `.json`, `.yaml` or `.yml` file of the target (except a `repogen.json`/`repogen.yaml` config) is a spec.
/// A config in the target's folder, or else at the package root, supplies the access level, imports, templates
/// and runtime module. Each spec becomes one build command whose outputs are named from the spec's file name
/// only, so they are known before the tool runs.
@main
struct RepogenBuildPlugin: BuildToolPlugin {
    static let configNames = ["repogen.json", "repogen.yaml", "repogen.yml"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        let specs = files.filter { ["json", "yaml", "yml"].contains($0.pathExtension) && !Self.configNames.contains($0.lastPathComponent) }
        let config = files.first { Self.configNames.contains($0.lastPathComponent) }
            ?? Self.configNames.map { context.package.directoryURL.appendingPathComponent($0) }
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
        return specs.map { spec in
            let domain = Self.domain(forSpec: spec)
            let outputs = ["\(domain)Models", "\(domain)Api", "\(domain)Repository", "Mock\(domain)Repository"].map {
                output.appendingPathComponent(domain).appendingPathComponent($0 + ".swift")
            }
            return .buildCommand(
                displayName: "repogen \(spec.lastPathComponent)",
                executable: tool.url,
                arguments: ["generate", spec.path] + options,
                inputFiles: [spec] + inputs,
                outputFiles: outputs)
        }
    }

    /// Custom templates are inputs too: the `.mustache` files of the folder a JSON config names under
    /// `templates`, or else of a `Templates` folder beside the config.
    func templates(near config: URL?) -> [URL] {
        guard let config else { return [] }
        let base = config.deletingLastPathComponent()
        var folder = base.appendingPathComponent("Templates")
        if config.pathExtension == "json", let data = try? Data(contentsOf: config),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let path = object["templates"] as? String
        {
            folder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".mustache") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// `store-news.yaml` -> `StoreNews`, as repogen names a spec's domain (OutputLayout.domain in RepogenCore;
    /// a plugin cannot link that library).
    static func domain(forSpec spec: URL) -> String {
        var result = ""
        var upperNext = true
        for character in spec.deletingPathExtension().lastPathComponent {
            if "-_ .".contains(character) {
                upperNext = true
                continue
            }
            result += upperNext ? character.uppercased() : String(character)
            upperNext = false
        }
        return result
    }
}
