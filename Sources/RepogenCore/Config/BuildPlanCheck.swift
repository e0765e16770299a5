import Foundation

/// What the build plugin planned a target's build with, as it passes it to each of its commands
/// (`repogen generate … --build-plan <JSON>`): the specs, and the config's settings the plan depends on.
///
/// SwiftPM asks the plugin for a plan again only when `Package.swift` or the target's list of files changes, not
/// when a file's content does. The config is an input of every command, so a command runs again when the config
/// changes: it then compares the config on disk with the plan it was made from, and stops with an error that says
/// how to refresh the plan instead of generating what the old plan declared ("cannot find type" errors later).
package struct PlannedBuild: Sendable, Equatable {
    /// The target the plan is for, for the message.
    package var target: String
    /// Every spec the plan generates, as absolute paths.
    package var specs: [String]
    /// The config's `style`, `mocks` and `templates` (absolute) when the plan was made; nil for none.
    package var style: String?
    package var mocks: String?
    package var templates: String?
    /// Each spec's own `style` when the plan was made, by its absolute path (specs without one are not listed).
    package var specStyles: [String: String] = [:]
    /// Each spec's own `modelFiles` when the plan was made, by its absolute path (specs without one are not listed).
    package var specModelFiles: [String: Int] = [:]

    package init(
        target: String, specs: [String], style: String? = nil, mocks: String? = nil, templates: String? = nil,
        specStyles: [String: String] = [:], specModelFiles: [String: Int] = [:]
    ) {
        self.target = target
        self.specs = specs
        self.style = style
        self.mocks = mocks
        self.templates = templates
        self.specStyles = specStyles
        self.specModelFiles = specModelFiles
    }

    /// The plan from its JSON text (as `BuildPlan` writes it); nil when it is not one.
    package init?(json: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any],
            let target = object["target"] as? String, let specs = object["specs"] as? [String]
        else { return nil }
        self.init(
            target: target, specs: specs, style: object["style"] as? String, mocks: object["mocks"] as? String,
            templates: object["templates"] as? String, specStyles: object["specStyles"] as? [String: String] ?? [:],
            specModelFiles: object["specModelFiles"] as? [String: Int] ?? [:])
    }

    /// A spec's own `style` and `modelFiles` now against the plan's: the spec is an input of its command, so an
    /// edit runs it, but the command still passes the planned style and its outputs are the planned files. Nothing
    /// for a spec that cannot be read (generating reports it).
    /// - Parameter baseDirectory: the folder a relative `path` is below (the command's current folder).
    package func staleness(ofSpec path: String, baseDirectory: String) -> [Diagnostic] {
        guard let file = try? Pipeline.readSpecFile(path, baseDirectory: baseDirectory), let root = try? SpecReader.read(file),
            case .object(let members) = root.kind
        else { return [] }
        let absolute = Self.absolute(path, baseDirectory: baseDirectory)
        var problems: [Diagnostic] = []
        let planned: [(key: String, value: String?)] = [
            ("style", specStyles[absolute]), ("modelFiles", specModelFiles[absolute].map { "\($0)" }),
        ]
        for (key, plannedValue) in planned {
            let member = members.last { $0.key == key }
            var now: String?
            switch member?.value.kind {
            case .string(let text)? where key == "style":
                now = text
            case .number(let text)? where key == "modelFiles":
                // As the plugin reads it; a value that is not a whole number listed no outputs, and the tool
                // reports it at its place.
                guard let count = Int(text) else { continue }
                now = "\(count)"
            default:
                break
            }
            guard now != plannedValue else { continue }
            let location = member.map { file.location(at: $0.value.offset) } ?? SourceLocation(path: path, line: 1, column: 1)
            problems.append(Diagnostic(
                .error,
                "the build plugin's plan for target '\(target)' is stale: this spec's '\(key)' is "
                    + (now.map { "'\($0)'" } ?? "not set") + ", but the plan was made with "
                    + (plannedValue.map { "'\($0)'" } ?? "none") + "; " + Self.refresh, at: location))
        }
        return problems
    }

    /// `path` made absolute against `baseDirectory`, without `.` and `..`.
    static func absolute(_ path: String, baseDirectory: String) -> String {
        let base = URL(fileURLWithPath: baseDirectory)
        return URL(fileURLWithPath: path, relativeTo: path.hasPrefix("/") ? nil : base).standardizedFileURL.path
    }

    /// What to do about a stale plan, in every message about one.
    static let refresh =
        "SwiftPM plans the build again only when Package.swift or the target's list of files changes: run "
        + "'touch Package.swift' and build again (in Xcode, Product → Clean Build Folder)"

    /// The differences between the plan and `config` as it is now, each an error at the config's key; empty when
    /// the plan still holds.
    /// - Parameter baseDirectory: the folder relative paths are below (the command's current folder).
    /// - Throws: the config's own errors (a path under `specs` that does not exist).
    package func staleness(of config: Config, baseDirectory: String) throws(DiagnosticsError) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func absolute(_ path: String) -> String { Self.absolute(path, baseDirectory: baseDirectory) }
        let configFolder = absolute(PathText.parent(config.path).isEmpty ? "." : PathText.parent(config.path))
        // A path as the config writes it: relative to the config's folder (`shop.yaml`, `../../Specs/user.yaml`).
        func shown(_ path: String) -> String {
            let from = configFolder.split(separator: "/")
            let to = path.split(separator: "/")
            let common = zip(from, to).prefix { $0 == $1 }.count
            guard common > 0 else { return path }
            return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init))
                .joined(separator: "/")
        }
        let now = try SpecPaths.expand(config.specs, locations: config.specLocations).map(absolute)
        let planned = specs.map(absolute)
        let added = now.filter { !planned.contains($0) }
        let removed = planned.filter { !now.contains($0) }
        if !added.isEmpty || !removed.isEmpty {
            var changes: [String] = []
            if !added.isEmpty {
                changes.append("now names \(Self.list(added.map(shown))), which the plan does not generate")
            }
            if !removed.isEmpty {
                changes.append("no longer names \(Self.list(removed.map(shown))), which the plan still generates")
            }
            problems.append(Diagnostic(
                .error,
                "the build plugin's plan for target '\(target)' is stale: 'specs' \(changes.joined(separator: ", and ")); "
                    + Self.refresh, at: config.location(of: "specs")))
        }
        let settings: [(key: String, now: String?, planned: String?)] = [
            ("style", config.style?.name, style), ("mocks", config.mocks?.rawValue, mocks),
            ("templates", config.templates.map(absolute), templates.map(absolute)),
        ]
        for setting in settings where setting.now != setting.planned {
            let now = setting.now.map { "'\(setting.key == "templates" ? shown($0) : $0)'" } ?? "not set"
            let planned = setting.planned.map { "'\(setting.key == "templates" ? shown($0) : $0)'" } ?? "none"
            problems.append(Diagnostic(
                .error,
                "the build plugin's plan for target '\(target)' is stale: '\(setting.key)' is \(now), but the plan was made "
                    + "with \(planned); " + Self.refresh, at: config.location(of: setting.key)))
        }
        return problems
    }

    /// `'a.yaml'`, `'a.yaml' and 'b.yaml'`, `'a.yaml', 'b.yaml' and 'c.yaml'`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }
}
