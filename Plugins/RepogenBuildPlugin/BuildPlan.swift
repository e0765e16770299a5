import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the build plugin does for one target, decided from the target's files alone: the same rule for a SwiftPM
/// target (`target.sourceFiles`) and an Xcode target (`target.inputFiles`). No PackagePlugin here, so that
/// Tests/RepogenPluginTests compiles this very file (a symbolic link) with RepogenFacts.swift and checks it.
///
/// The rule:
/// - A target with a config (`repogen.json`, `repogen.yaml` or `repogen.yml` among its files): the specs its `specs`
///   names (files or folders relative to the config; a folder is every `.json`, `.yaml` and `.yml` file below it,
///   as `repogen generate` reads it) with its settings. Its `output` is ignored: the files go to the plugin's work
///   folder.
/// - Else the target's files named `<name>.repogen.json`, `.repogen.yaml` or `.repogen.yml`.
/// - Nothing else: not a config at the package root (that is the command line's and the command plugin's), not
///   another JSON or YAML file of the target (a fixture, a resource).
///
/// Each spec is one command. What the outputs' names depend on (the style, the mocks mode) is passed to the tool
/// explicitly, so that the files it writes are always the ones declared here, even when SwiftPM reuses an older
/// plan (it asks the plugin again only when the target's files or the manifest change, not when a file's content
/// does).
struct BuildPlan: Equatable {
    /// One `repogen generate` run.
    struct Step: Equatable {
        var spec: URL
        var displayName: String
        var arguments: [String]
        var inputs: [URL]
        var outputs: [URL]
    }

    /// A problem the plugin reports itself, with the file it is about and, in a config, the line (a plugin's
    /// diagnostic has no column).
    struct Problem: Error, Equatable, CustomStringConvertible {
        var message: String
        var file: URL?
        var line: Int? = nil
        var description: String {
            (file.map { $0.path + (line.map { ":\($0)" } ?? "") + ": " } ?? "") + message
        }
    }

    var steps: [Step] = []
    var warnings: [Problem] = []
    /// Any error stops the build before repogen runs; `steps` is then empty.
    var errors: [Problem] = []

    /// The plan for the target `targetName`, whose files are `files`, generating into `output`.
    /// - Parameters:
    ///   - cache: repogen's cache folder (`--cache-dir`), where each command keeps the record of its runs for quick
    ///     reruns: in the plugin's work folder, the one place a build command may write besides its outputs.
    ///   - packageConfig: a config at the package root, if there is one, which the plugin does not read (a warning
    ///     about a target without specs says so).
    static func make(targetName: String, files: [URL], output: URL, cache: URL, packageConfig: URL? = nil) -> BuildPlan {
        var plan = BuildPlan()
        let configs = files.filter { RepogenFacts.configFileNames.contains($0.lastPathComponent) }
            .sorted { $0.path < $1.path }
        guard configs.count <= 1 else {
            plan.errors.append(Problem(
                message: "target '\(targetName)' has \(configs.count) repogen configs (\(configs.map(\.path).joined(separator: ", "))); keep one",
                file: configs[0]))
            return plan
        }
        let (settings, specs) = readSpecs(config: configs.first, files: files, errors: &plan.errors)
        guard plan.errors.isEmpty else { return plan }
        guard !specs.isEmpty else {
            // An error, not a warning: a warning is lost under the compile errors of the code that uses the
            // networking layer that was not generated.
            plan.errors.append(noSpecError(targetName: targetName, config: configs.first, packageConfig: packageConfig))
            return plan
        }
        var (inputs, options) = sharedArguments(
            config: configs.first, settings: settings, targetName: targetName, specs: specs)
        options += ["--cache-dir", cache.path]
        plan.addSteps(
            specs: specs, targetName: targetName, output: output, settings: settings, inputs: inputs, options: options)
        if !plan.errors.isEmpty { plan.steps = [] }
        return plan
    }

    /// The settings and the specs: those the config names (each problem in `errors`), or without a config the
    /// target's files marked as specs.
    private static func readSpecs(config: URL?, files: [URL], errors: inout [Problem]) -> (Settings, [URL]) {
        guard let config else { return (Settings(), files.filter(isMarkedSpec).sorted { $0.path < $1.path }) }
        let settings: Settings
        switch Settings.read(config) {
        case .failure(let problem):
            errors.append(problem)
            return (Settings(), [])
        case .success(let read):
            settings = read
        }
        var found: [URL] = []
        for path in settings.specs {
            switch expand(path, relativeTo: config) {
            case .success(let urls): found += urls
            case .failure(var problem):
                problem.line = line(of: path, in: config)
                errors.append(problem)
            }
        }
        return (settings, found)
    }

    /// The inputs every command has (the config, the templates folder and its files) and the options every command
    /// passes to the tool.
    private static func sharedArguments(
        config: URL?, settings: Settings, targetName: String, specs: [URL]
    ) -> (inputs: [URL], options: [String]) {
        var inputs: [URL] = []
        var options = ["--quiet"]
        if let config {
            inputs.append(config)
            options += ["--config", config.path]
            if let templates = settings.templates {
                // The folder itself too: a template added to it changes the folder, and the tool reads every one.
                inputs += [templates] + templateFiles(in: templates)
                options += ["--templates", templates.path]
            }
        }
        // Each command checks this plan against the config and its spec when it runs (they are inputs, so a change
        // runs it): SwiftPM plans again only when the manifest or the target's files change, and a stale plan must
        // say so rather than generate what the config or the spec no longer says.
        options += ["--build-plan", plannedBuild(targetName: targetName, specs: specs, settings: settings)]
        let mocks = settings.mocks ?? RepogenFacts.defaultMocks
        // An unknown mocks mode or style lists no outputs and is not passed on: repogen reports it at its line.
        if RepogenFacts.mocksModes.contains(mocks) { options += ["--mocks", mocks] }
        return (inputs, options)
    }

    /// One step per spec (a spec listed twice once), each writing into a folder named after its domain.
    private mutating func addSteps(
        specs: [URL], targetName: String, output: URL, settings: Settings, inputs: [URL], options: [String]
    ) {
        let mocks = settings.mocks ?? RepogenFacts.defaultMocks
        var seen: Set<String> = []
        var domains: [String: URL] = [:]
        var stylesWithSharedFiles: Set<String> = []
        for spec in specs where seen.insert(spec.standardizedFileURL.path).inserted {
            // Each spec's files in a folder of its own, named after its domain. A run removes the files it wrote before
            // that its specs no longer produce, and keeps a record for quick reruns, both per output folder: in one
            // folder, each command would undo the others' records (and remove their files when the header cannot
            // name a spec outside the package by its path).
            let folder = RepogenFacts.domain(forSpecPath: spec.path)
            // Two specs of one domain write the same files (`Shop` and `shop` are one folder on macOS).
            if let other = domains.updateValue(spec, forKey: folder.lowercased()) {
                errors.append(Problem(
                    message: "\(other.lastPathComponent) and \(spec.lastPathComponent) are both the domain '\(folder)' in target '\(targetName)' and would write the same files; rename one of them (the file name gives the domain)",
                    file: spec))
                continue
            }
            // A spec may name its own style, which wins over the config's.
            let style = Self.specStyle(spec) ?? settings.style ?? RepogenFacts.defaultStyle
            var arguments = ["generate", spec.path, "--output", output.appendingPathComponent(folder).path] + options
            // A spec's `modelFiles` decides how many models files it has; out of range, no outputs are listed and
            // repogen reports it at its line.
            let modelFiles = Self.specModelFiles(spec) ?? 1
            var outputs = (RepogenFacts.outputFiles(
                forSpecPath: spec.path, style: style, mocks: mocks, modelFiles: modelFiles) ?? []).map {
                folder + "/" + $0.relativePath
            }
            if RepogenFacts.styleNames.contains(style) { arguments += ["--style", style] }
            // A style's shared files (tca's APIError.swift) are written by the first of its specs' commands only.
            let shared = RepogenFacts.sharedFiles(style: style, mocks: mocks) ?? []
            if !shared.isEmpty {
                if stylesWithSharedFiles.insert(style).inserted {
                    outputs += shared.map { folder + "/" + $0.relativePath }
                } else {
                    arguments.append("--no-shared-files")
                }
            }
            steps.append(Step(
                spec: spec,
                displayName: "repogen \(spec.lastPathComponent) for \(targetName)",
                arguments: arguments,
                inputs: [spec] + inputs,
                outputs: outputs.map { output.appendingPathComponent($0) }))
        }
    }

    /// `shop.repogen.yaml`: a spec by its name, in a target without a config.
    static func isMarkedSpec(_ file: URL) -> Bool {
        let name = file.deletingPathExtension().lastPathComponent
        return RepogenFacts.specExtensions.contains(file.pathExtension)
            && name.hasSuffix(RepogenFacts.specNameMarker) && name.count > RepogenFacts.specNameMarker.count
    }

    /// The plan as `repogen generate --build-plan` reads it (`PlannedBuild`): JSON with sorted keys, so that the
    /// same plan is the same argument (a changed argument reruns the command).
    static func plannedBuild(targetName: String, specs: [URL], settings: Settings) -> String {
        var object: [String: Any] = ["target": targetName, "specs": specs.map(\.standardizedFileURL.path)]
        var specStyles: [String: String] = [:]
        var specModelFiles: [String: Int] = [:]
        for spec in specs {
            specStyles[spec.standardizedFileURL.path] = specStyle(spec)
            specModelFiles[spec.standardizedFileURL.path] = Self.specModelFiles(spec)
        }
        if !specStyles.isEmpty { object["specStyles"] = specStyles }
        if !specModelFiles.isEmpty { object["specModelFiles"] = specModelFiles }
        if let style = settings.style { object["style"] = style }
        if let mocks = settings.mocks { object["mocks"] = mocks }
        if let templates = settings.templates { object["templates"] = templates.path }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func noSpecError(targetName: String, config: URL?, packageConfig: URL?) -> Problem {
        if let config {
            return Problem(
                message: "target '\(targetName)' applies RepogenBuildPlugin, but its \(config.lastPathComponent) names no specs under 'specs' (files or folders, relative to it)",
                file: config)
        }
        let root = packageConfig.map {
            " (the package's \($0.lastPathComponent) is for 'repogen generate' and the command plugins; the build plugin reads only the target's files)"
        } ?? ""
        return Problem(
            message: "target '\(targetName)' applies RepogenBuildPlugin but has no spec: add a repogen.yaml (or repogen.json) to the target that names its specs under 'specs', or name a spec file in the target '<name>.repogen.yaml' (or .repogen.json, .repogen.yml)\(root)",
            file: nil)
    }

    /// A path of `specs`: a file as it is, a folder as every spec file below it (sorted, as `repogen generate`
    /// reads a folder).
    static func expand(_ path: String, relativeTo config: URL) -> Result<[URL], Problem> {
        let url = resolve(path, relativeTo: config)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return .failure(Problem(message: "'specs' names '\(path)', which does not exist (paths are relative to the config)", file: config))
        }
        guard isDirectory.boolValue else { return .success([url]) }
        let found = (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? [])
            .filter { name in RepogenFacts.specExtensions.contains { name.hasSuffix("." + $0) } }
            .sorted()
            .map { url.appendingPathComponent($0) }
        guard !found.isEmpty else {
            return .failure(Problem(message: "'specs' names the folder '\(path)', which has no spec files (.json, .yaml or .yml)", file: config))
        }
        return .success(found)
    }

    /// The first line of `config` that holds `text` (an entry of its `specs`), for a problem with it.
    static func line(of text: String, in config: URL) -> Int? {
        guard let data = readRegularFile(config) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.contains(text) }.map { $0 + 1 }
    }

    /// `path` relative to the config's folder, unless it is absolute, without `.` and `..` (as SwiftPM names the
    /// inputs, so repogen reads exactly the file declared, and a header names `Sources/ShopAPI/shop.yaml`).
    static func resolve(_ path: String, relativeTo config: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : config.deletingLastPathComponent().appendingPathComponent(path))
            .standardizedFileURL
    }

    /// The `.mustache` files directly in a templates folder, as the tool reads them.
    static func templateFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(RepogenFacts.templateExtension) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The bytes of the regular file at `url` (following links), of at most `limit` bytes (a spec's bound), read as
    /// repogen reads its inputs (`POSIXFile.readRegularFile`, which a plugin cannot link): a FIFO or a device is
    /// never read (that would wait for a writer, or never end, and hold up the build); nil then.
    static func readRegularFile(_ url: URL, limit: Int = 10 << 20) -> Data? {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit,
            let data = try? handle.read(upToCount: limit + 1) ?? Data(), data.count <= limit
        else { return nil }
        return data
    }

    /// A spec's own top-level `style`, if it names one.
    /// A spec's own `modelFiles` (how many files its models are spread over), if it names a whole number; the tool
    /// reports any other value.
    static func specModelFiles(_ spec: URL) -> Int? {
        guard let data = readRegularFile(spec) else { return nil }
        if spec.pathExtension == "json" {
            let value = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["modelFiles"]
            // JSONSerialization reads `4` and `4.0` alike; the tool refuses the second.
            return (value as? NSNumber).flatMap { Int(exactly: $0.doubleValue) }
        }
        return RepogenFacts.topLevelYAMLSetting("modelFiles", in: String(decoding: data, as: UTF8.self)).flatMap { Int($0) }
    }

    static func specStyle(_ spec: URL) -> String? {
        guard let data = readRegularFile(spec) else { return nil }
        if spec.pathExtension == "json" {
            return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["style"] as? String
        }
        return RepogenFacts.topLevelYAMLSetting("style", in: String(decoding: data, as: UTF8.self))
    }

    /// What the plugin reads of a target's config; `repogen generate --config` reads the rest (access level, imports,
    /// runtime module) itself.
    struct Settings: Equatable {
        var specs: [String] = []
        var style: String?
        /// The templates folder, resolved against the config's folder.
        var templates: URL?
        var mocks: String?

        /// The keys the plugin needs. JSON through JSONSerialization, YAML through RepogenFacts' line readers, which
        /// read top-level keys written one per line at the start of a line: any other form is an error here rather
        /// than a silent misread.
        static func read(_ config: URL) -> Result<Settings, Problem> {
            guard let data = readRegularFile(config) else {
                return .failure(Problem(message: "cannot read the config", file: config))
            }
            var settings = Settings()
            var templates: String?
            if config.pathExtension == "json" {
                guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                    return .failure(Problem(
                        message: "the build plugin cannot read this config: it is not a JSON object ('repogen generate --config \(config.lastPathComponent)' shows where)",
                        file: config))
                }
                switch object["specs"] {
                case nil: break
                case let path as String: settings.specs = [path]
                case let paths as [Any] where paths.allSatisfy({ $0 is String }): settings.specs = paths.compactMap { $0 as? String }
                default:
                    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    return .failure(Problem(
                        message: "'specs' must be a path or a list of paths", file: config,
                        line: lines.firstIndex { $0.contains("\"specs\"") }.map { $0 + 1 }))
                }
                settings.style = object["style"] as? String
                settings.mocks = object["mocks"] as? String
                templates = object["templates"] as? String
            } else {
                let text = String(decoding: data, as: UTF8.self)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                if let line = unreadableYAMLLine(text) {
                    return .failure(Problem(
                        message: "the build plugin reads a YAML config's top-level keys one per line, each at the start of its line ('specs: [shop.yaml]', 'style: tca'); it cannot read '\(line)'",
                        file: config, line: lines.firstIndex { $0.hasPrefix(line) }.map { $0 + 1 }))
                }
                if RepogenFacts.yamlLines(text).contains(where: { $0.hasPrefix("specs:") }) {
                    guard let specs = RepogenFacts.topLevelYAMLList("specs", in: text) else {
                        return .failure(Problem(
                            message: "the build plugin cannot read 'specs' in this form; write it as one value ('specs: Specs'), a flow list ('specs: [a.yaml, b.yaml]') or a block list ('- a.yaml' lines below it)",
                            file: config, line: lines.firstIndex { $0.hasPrefix("specs:") }.map { $0 + 1 }))
                    }
                    settings.specs = specs
                }
                settings.style = RepogenFacts.topLevelYAMLSetting("style", in: text)
                settings.mocks = RepogenFacts.topLevelYAMLSetting("mocks", in: text)
                templates = RepogenFacts.topLevelYAMLSetting("templates", in: text)
            }
            settings.templates = templates.map { BuildPlan.resolve($0, relativeTo: config) }
            return .success(settings)
        }

        /// The first line at the start of which a YAML config has something other than a plain `key:`, a block list's
        /// `- item`, a comment or `---`: a form the line readers do not read (a flow mapping, a quoted or indented key).
        static func unreadableYAMLLine(_ text: String) -> String? {
            var inFlowList = false
            var sawKey = false
            for line in RepogenFacts.yamlLines(text) {
                let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
                if inFlowList {
                    // The continuation lines of a multi-line flow list, up to its `]`.
                    if content.contains("]") { inFlowList = false }
                    continue
                }
                if content.isEmpty || line.hasPrefix("---") { continue }
                // Lines below a key (a block list, a flow list on the next line); before any key, an indented mapping.
                if let first = line.first, first == " " || first == "\t" || first == "-" {
                    if sawKey { continue }
                    return String(line)
                }
                guard let colon = line.firstIndex(of: ":"),
                    line[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                    line.index(after: colon) == line.endIndex || [" ", "\t"].contains(line[line.index(after: colon)])
                else { return String(line) }
                sawKey = true
                let value = line[line.index(after: colon)...].prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
                // A block scalar (`|`, `>`) spans the lines below it.
                if value.hasPrefix("|") || value.hasPrefix(">") { return String(line) }
                if value.hasPrefix("["), !value.contains("]") { inFlowList = true }
            }
            return nil
        }
    }
}
