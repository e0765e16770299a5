import Foundation

/// Whether generated declarations are visible outside their module.
package enum AccessLevel: String, Sendable, Equatable, CaseIterable {
    case `public`
    case `internal`

    /// What precedes a declaration: `public ` or nothing.
    package var modifier: String {
        self == .public ? "public " : ""
    }
}

/// `repogen.json` (or `repogen.yaml`) at a project's root: what `repogen generate` does without arguments.
///
/// ```yaml
/// specs: [Specs]            # files or folders (every .json/.yaml/.yml inside)
/// output: Generated
/// templates: Templates      # optional: overrides of the built-in templates
/// accessLevel: public       # or internal
/// style: result             # or async-throws, completion (a spec's own `style` wins)
/// imports: [Models]         # added to every generated file
/// runtimeModule: RepogenRuntime
/// mocks: debug              # or inline, none, only (where the mocks go)
/// ```
///
/// Paths are relative to the folder the config file is in.
package struct Config: Sendable, Equatable {
    package var path: String
    package var specs: [String] = []
    package var output: String?
    package var templates: String?
    package var accessLevel: AccessLevel?
    package var style: OutputStyle?
    package var imports: [String] = []
    package var runtimeModule: String?
    package var mocks: MocksMode?
    /// Where each key's value is written, for the problems found once the config is read (an empty `specs`, a
    /// missing spec or templates folder, an `output` that is a file): every config error has a line and column.
    package var locations: [String: SourceLocation] = [:]
    /// Where each entry of `specs` is written, in the order of `specs`.
    package var specLocations: [SourceLocation] = []

    /// A config is a few lines; a file larger than this (the bound of a spec) is refused before it is read.
    package static let maximumSize = Pipeline.maximumSpecSize

    /// The names looked for in the current folder, in order.
    package static let fileNames = RepogenFacts.configFileNames
    package static let keys = ["specs", "output", "templates", "accessLevel", "style", "imports", "runtimeModule", "mocks"]

    /// Where the value of `key` is written; the start of the file when the config does not have the key.
    package func location(of key: String) -> SourceLocation {
        locations[key] ?? SourceLocation(path: path, line: 1, column: 1)
    }

    /// The config file in `directory`, if there is one.
    package static func find(in directory: String = ".") -> String? {
        fileNames.lazy.map { directory == "." ? $0 : (directory as NSString).appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Reads and checks a config file.
    /// - Throws: `DiagnosticsError` with `file:line:column` for every problem.
    package static func load(_ path: String) throws(DiagnosticsError) -> Config {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let hint = find().map { "; did you mean '\($0)'?" } ?? ""
            throw DiagnosticsError([Diagnostic(.error, "no such config file\(hint)", path: path)])
        }
        guard !isDirectory.boolValue else {
            throw DiagnosticsError([Diagnostic(.error, "is a folder, not a config file", path: path)])
        }
        let file = try Pipeline.readSpecFile(path, file: "config file", limit: maximumSize)
        let root: SpecNode
        do {
            root = try SpecReader.read(file)
        } catch {
            throw DiagnosticsError([error])
        }
        var reader = NodeReader(file: file)
        var config = Config(path: path)
        if let members = reader.members(of: root, what: "the config", allowed: keys) {
            for key in keys {
                if let member = members[key] { config.locations[key] = file.location(at: member.value.offset) }
            }
            config.readPaths(members, reader: &reader)
            config.readSettings(members, reader: &reader)
            config.readModules(members, reader: &reader)
        }
        if !reader.diagnostics.diagnostics.isEmpty {
            throw DiagnosticsError(reader.diagnostics.diagnostics)
        }
        return config
    }

    /// `specs`, `output` and `templates`, each resolved against the config's folder.
    private mutating func readPaths(_ members: SpecMembers, reader: inout NodeReader) {
        let base = PathText.parent(path)
        /// A path, resolved; an empty one is an error (it would silently mean the config's folder).
        func resolvedPath(_ value: Located<String>?, what: String) -> String? {
            guard let value else { return nil }
            guard !value.value.isEmpty else {
                reader.diagnostics.error("\(what) is empty; give a path", at: value.location)
                return nil
            }
            return base.isEmpty || value.value.hasPrefix("/") ? value.value : (base as NSString).appendingPathComponent(value.value)
        }
        if let node = members["specs"]?.value {
            if case .string = node.kind {
                if let path = resolvedPath(reader.string(node, what: "'specs'"), what: "'specs'") {
                    specs = [path]
                    specLocations = [reader.file.location(at: node.offset)]
                }
            } else if let list = reader.array(node, what: "'specs'") {
                for item in list {
                    if let path = resolvedPath(reader.string(item, what: "a spec path"), what: "a spec path") {
                        specs.append(path)
                        specLocations.append(reader.file.location(at: item.offset))
                    }
                }
            }
        }
        output = resolvedPath(reader.string(members, "output", what: "the config"), what: "'output'")
        templates = resolvedPath(reader.string(members, "templates", what: "the config"), what: "'templates'")
    }

    /// `accessLevel`, `style` and `mocks`: each one of a few names.
    private mutating func readSettings(_ members: SpecMembers, reader: inout NodeReader) {
        if let level = reader.string(members, "accessLevel", what: "the config") {
            accessLevel = AccessLevel(rawValue: level.value)
            if accessLevel == nil {
                let hint = NameSuggester.hint(for: level.value, among: AccessLevel.allCases.map(\.rawValue))
                reader.diagnostics.error("'accessLevel' must be 'public' or 'internal'\(hint)", at: level.location)
            }
        }
        if let style = reader.string(members, "style", what: "the config") {
            self.style = OutputStyle.named(style.value)
            if self.style == nil {
                reader.diagnostics.error(OutputStyle.unknownMessage(style.value), at: style.location)
            }
        }
        if let mocks = reader.string(members, "mocks", what: "the config") {
            self.mocks = MocksMode(rawValue: mocks.value)
            if self.mocks == nil {
                reader.diagnostics.error(MocksMode.unknownMessage(mocks.value), at: mocks.location)
            }
        }
    }

    /// `imports` and `runtimeModule`: module names, which generated files `import` (a keyword, as in `import class`,
    /// would not compile).
    private mutating func readModules(_ members: SpecMembers, reader: inout NodeReader) {
        if let node = members["imports"]?.value, let list = reader.array(node, what: "'imports'") {
            for module in list.compactMap({ reader.string($0, what: "an import") }) {
                if SwiftIdentifier.isValid(module.value) && !SwiftIdentifier.isKeyword(module.value) {
                    imports.append(module.value)
                } else {
                    reader.diagnostics.error("'\(module.value)' is not a valid module name", at: module.location)
                }
            }
        }
        if let module = reader.string(members, "runtimeModule", what: "the config") {
            if SwiftIdentifier.isValid(module.value) && !SwiftIdentifier.isKeyword(module.value) {
                runtimeModule = module.value
            } else {
                reader.diagnostics.error("'\(module.value)' is not a valid module name", at: module.location)
            }
        }
    }
}

/// Turns spec arguments (files or folders) into spec files.
package enum SpecPaths {
    package static let extensions = [".json", ".yaml", ".yml"]

    /// Each folder becomes the spec files below it, sorted; files stay as given. A file named twice (itself and
    /// through its folder) is read once, as the build plugin reads it.
    /// - Parameter locations: where a config names each path (none for paths given on the command line): a folder
    ///   without specs, or a path that is not there, is then an error at that line and column.
    /// - Throws: `DiagnosticsError` for a folder without specs (and a missing path a config names).
    package static func expand(_ paths: [String], locations: [SourceLocation] = []) throws(DiagnosticsError) -> [String] {
        var result: [String] = []
        var diagnostics: [Diagnostic] = []
        for (index, path) in paths.enumerated() {
            let location = index < locations.count ? locations[index] : nil
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // On the command line, reading the spec reports it; in a config, the entry is what to fix.
                if let location {
                    diagnostics.append(Diagnostic(.error, "'specs' names '\(path)', which does not exist", at: location))
                } else {
                    result.append(path)
                }
                continue
            }
            guard isDirectory.boolValue else {
                result.append(path)
                continue
            }
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { name in extensions.contains { name.hasSuffix($0) } }
                .sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            if found.isEmpty {
                if let location {
                    diagnostics.append(Diagnostic(
                        .error, "'specs' names the folder '\(path)', which has no spec files (.json, .yaml or .yml)",
                        at: location))
                } else {
                    diagnostics.append(Diagnostic(.error, "the folder has no spec files (.json, .yaml or .yml)", path: path))
                }
            }
            result += found
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        var seen: Set<String> = []
        return result.filter { seen.insert(PathText.normalized($0)).inserted }
    }
}
