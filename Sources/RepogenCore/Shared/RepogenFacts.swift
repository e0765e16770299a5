// What repogen's build plugin must know before the tool runs, in one dependency-free file (only the standard
// library): RepogenCore compiles it, and Plugins/RepogenBuildPlugin/RepogenFacts.swift is a symbolic link to it,
// because a plugin cannot link a library target. Keep it free of imports and of `package`/`public` API.

/// Names and files: how a spec file's name becomes its domain, which files each output style writes, and how
/// configs and specs are recognised.
enum RepogenFacts {
    /// The config file names repogen looks for, in order of preference.
    static let configFileNames = ["repogen.json", "repogen.yaml", "repogen.yml"]

    /// The file extensions of specs.
    static let specExtensions = ["json", "yaml", "yml"]

    /// The file extension of templates: `Api.swift.mustache` is the template `Api.swift`.
    static let templateExtension = ".mustache"

    /// The style used when neither the command line nor the config names one.
    static let defaultStyle = "result"

    /// The output styles, in the order `--help` lists them.
    static let styleNames = ["result", "async-throws", "completion", "clean", "tca"]

    /// One file a spec produces: the template that renders it and its path below the output folder.
    struct OutputFile: Equatable {
        var template: String
        var relativePath: String
    }

    /// `Specs/store-news.json` -> `StoreNews`: the last path component without its extension, with `-`, `_`, ` `
    /// and `.` starting a new capitalised word.
    static func domain(forSpecPath path: String) -> String {
        var name = Substring(path)
        if let slash = name.lastIndex(of: "/") {
            name = name[name.index(after: slash)...]
        }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            name = name[..<dot]
        }
        var result = ""
        var upperNext = true
        for character in name {
            if character == "-" || character == "_" || character == " " || character == "." {
                upperNext = true
                continue
            }
            result += upperNext ? character.uppercased() : String(character)
            upperNext = false
        }
        return result
    }

    /// The files a spec produces in a style, in the order they are listed; nil for an unknown style. Every style
    /// writes the models, the API enum and the repository; `clean` adds the use cases; `tca` writes its
    /// `@DependencyClient` (with its live and mock values) where the others write a mock repository.
    static func outputFiles(forSpecPath path: String, style: String) -> [OutputFile]? {
        guard styleNames.contains(style) else { return nil }
        let domain = domain(forSpecPath: path)
        var files = [
            OutputFile(template: "Models.swift", relativePath: "\(domain)/\(domain)Models.swift"),
            OutputFile(template: "Api.swift", relativePath: "\(domain)/\(domain)Api.swift"),
            OutputFile(template: "Repository.swift", relativePath: "\(domain)/\(domain)Repository.swift"),
        ]
        if style == "tca" {
            // Seed 003's three files of a client.
            files += [
                OutputFile(template: "Client.swift", relativePath: "\(domain)/\(domain)Client.swift"),
                OutputFile(template: "Client+Live.swift", relativePath: "\(domain)/\(domain)Client+Live.swift"),
                OutputFile(template: "Client+Mock.swift", relativePath: "\(domain)/\(domain)Client+Mock.swift"),
            ]
        } else {
            files.append(OutputFile(template: "Mock.swift", relativePath: "\(domain)/Mock\(domain)Repository.swift"))
        }
        // Seed 002's layers: a use case per endpoint, over the domain's repository protocol.
        if style == "clean" {
            files.append(OutputFile(template: "UseCases.swift", relativePath: "\(domain)/\(domain)UseCases.swift"))
        }
        return files
    }

    /// The files a style writes once per output folder, whatever the specs (`tca`'s one `APIError`), beside the
    /// domains' folders; nil for an unknown style. A run writes them once however many of its specs take the style;
    /// the build plugin lists them as outputs of one spec's command only (`--no-shared-files` for the others).
    static func sharedFiles(style: String) -> [OutputFile]? {
        guard styleNames.contains(style) else { return nil }
        return style == "tca" ? [OutputFile(template: "APIError.swift", relativePath: "APIError.swift")] : []
    }

    /// The text of a top-level string setting (`style`, `templates`) of a YAML config: a `key: value` line at the
    /// start of a line, without a full parser (the plugin reads JSON configs with JSONSerialization). Nil when
    /// absent or empty; the tool itself reads the config properly and reports any error.
    static func topLevelYAMLSetting(_ key: String, in text: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard line.hasPrefix(key + ":") else { continue }
            var value = line.dropFirst(key.count + 1)
            if let hash = value.firstRange(of: " #") { value = value[..<hash.lowerBound] }
            let trimmed = value.trimmed(of: [" ", "\t", "\r"])
            if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
                return String(trimmed.dropFirst().dropLast())
            }
            return trimmed.isEmpty ? nil : trimmed
        }
        return nil
    }
}

private extension Substring {
    func trimmed(of set: Set<Character>) -> String {
        var slice = self
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
