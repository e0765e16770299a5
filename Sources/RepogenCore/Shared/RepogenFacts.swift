// What repogen's build plugin must know before the tool runs, in one dependency-free file (only the standard
// library): RepogenCore compiles it, and Plugins/RepogenBuildPlugin/RepogenFacts.swift is a symbolic link to it,
// because a plugin cannot link a library target. Keep it free of imports and of `package`/`public` API.

/// Names and files: how a spec file's name becomes its domain, which files each output style writes, and how
/// configs and specs are recognised.
enum RepogenFacts {
    /// repogen's version: what `repogen --version` prints and what every generated file's header names.
    static let version = "0.3.0"

    /// The config file names repogen looks for, in order of preference.
    static let configFileNames = ["repogen.json", "repogen.yaml", "repogen.yml"]

    /// The file extensions of specs.
    static let specExtensions = ["json", "yaml", "yml"]

    /// The file extension of templates: `Api.swift.mustache` is the template `Api.swift`.
    static let templateExtension = ".mustache"

    /// The style used when neither the command line nor the config names one.
    static let defaultStyle = "result"

    /// The output styles, in the order `--help` lists them: the rows of `styleFiles`.
    static let styleNames = styleFiles.map(\.name)

    /// Where a run puts the mocks (`mocks` in a config, `--mocks`): `debug` (the default) in the output folder
    /// inside `#if DEBUG`, so a release build does not ship them; `inline`, compiled in every configuration;
    /// `none`, not written; `only`, nothing but the mocks (for a test-support target or folder that imports the
    /// module with the rest).
    static let mocksModes = ["debug", "inline", "none", "only"]

    /// The mocks mode used when neither the command line nor the config names one.
    static let defaultMocks = "debug"

    /// The suffix that marks a spec by its name (`shop.repogen.yaml`), for the build plugin in a target without a
    /// config; the domain is the name before it (`Shop`).
    static let specNameMarker = ".repogen"

    /// One file a spec produces: the template that renders it and its path below the output folder.
    struct OutputFile: Equatable {
        var template: String
        var relativePath: String
        /// Whether the file is a mock (the mock repository, `tca`'s mock client), placed as `mocks` says.
        var isMock = false
        /// Which of the spec's models files this is (0 for the first), for the models template; nil for the others.
        var modelsFile: Int? = nil
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
        // `shop.repogen.yaml` is the spec of `Shop`, as `shop.yaml` is.
        if name.hasSuffix(specNameMarker), name.count > specNameMarker.count {
            name = name.dropLast(specNameMarker.count)
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

    /// What one style writes besides the files every style writes: one row of `styleFiles`.
    struct StyleFiles {
        /// Templates rendered per spec, each into `<Domain>/<prefix><Domain><suffix>` (the mock repository's
        /// `Mock<Domain>Repository.swift`), in the order they are listed.
        var perSpec: [(template: String, prefix: String, suffix: String, isMock: Bool)]
        /// Templates rendered once per output folder, whatever the specs, into the file of the template's name.
        var shared: [String] = []
    }

    /// The files every style writes per spec, before its own: the models, the API enum and the repository.
    static let everyStyleFiles: [(template: String, prefix: String, suffix: String, isMock: Bool)] = [
        ("Models.swift", "", "Models.swift", false),
        ("Api.swift", "", "Api.swift", false),
        ("Repository.swift", "", "Repository.swift", false),
    ]

    /// The mock repository, which most styles write.
    static let mockRepositoryFile = (template: "Mock.swift", prefix: "Mock", suffix: "Repository.swift", isMock: true)

    /// What each style writes besides `everyStyleFiles`, by its name, in the order `--help` lists the styles: one row
    /// per style, data only (the build plugin compiles this file without the rest of repogen, so the styles' folders
    /// cannot tell it). `clean` adds its use cases; `tca` writes its `@DependencyClient` (with its live and mock
    /// values) where the others write a mock repository, and one `APIError.swift` per output folder.
    static let styleFiles: [(name: String, files: StyleFiles)] = [
        ("result", StyleFiles(perSpec: [mockRepositoryFile])),
        ("async-throws", StyleFiles(perSpec: [mockRepositoryFile])),
        ("completion", StyleFiles(perSpec: [mockRepositoryFile])),
        ("clean", StyleFiles(perSpec: [mockRepositoryFile, ("UseCases.swift", "", "UseCases.swift", false)])),
        ("tca", StyleFiles(
            perSpec: [
                ("Client.swift", "", "Client.swift", false), ("Client+Live.swift", "", "Client+Live.swift", false),
                ("Client+Mock.swift", "", "Client+Mock.swift", true),
            ],
            shared: ["APIError.swift"])),
    ]

    /// The template whose output `modelFiles` spreads over several files.
    static let modelsTemplate = "Models.swift"

    /// The most files a spec's models may be spread over (`modelFiles`).
    static let maximumModelFiles = 64

    /// The files a spec produces in a style, in the order they are listed; nil for an unknown style or mocks mode, or
    /// a `modelFiles` out of range: `everyStyleFiles`, then the style's `styleFiles`. The mocks mode `none` leaves the
    /// mocks out, `only` keeps nothing else. With `modelFiles` above 1 (a spec's `modelFiles`), the models file is
    /// that many: `<Domain>Models.swift`, then `<Domain>Models2.swift` and on, each model in the one
    /// `modelsFileIndex(ofModel:among:)` picks.
    static func outputFiles(
        forSpecPath path: String, style: String, mocks: String = defaultMocks, modelFiles: Int = 1
    ) -> [OutputFile]? {
        guard let own = styleFiles.first(where: { $0.name == style })?.files, mocksModes.contains(mocks),
            (1...maximumModelFiles).contains(modelFiles)
        else { return nil }
        let domain = domain(forSpecPath: path)
        let files = (everyStyleFiles + own.perSpec).flatMap { file -> [OutputFile] in
            guard file.template == modelsTemplate else {
                return [OutputFile(
                    template: file.template, relativePath: "\(domain)/\(file.prefix)\(domain)\(file.suffix)",
                    isMock: file.isMock)]
            }
            return (0..<modelFiles).map { index in
                // `Models.swift`, `Models2.swift`, ...
                let suffix = index == 0 ? file.suffix : String(file.suffix.dropLast(".swift".count)) + "\(index + 1).swift"
                return OutputFile(
                    template: file.template, relativePath: "\(domain)/\(file.prefix)\(domain)\(suffix)", modelsFile: index)
            }
        }
        switch mocks {
        case "none": return files.filter { !$0.isMock }
        case "only": return files.filter(\.isMock)
        default: return files
        }
    }

    /// Which of `count` models files a top-level model named `name` goes in: FNV-1a of its name's UTF-8 bytes,
    /// modulo `count`. A function of the name alone, so that adding, removing or editing a model changes one file,
    /// and the same spec always gives the same files.
    static func modelsFileIndex(ofModel name: String, among count: Int) -> Int {
        guard count > 1 else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }

    /// The files a style writes once per output folder, whatever the specs (`tca`'s one `APIError`), beside the
    /// domains' folders; nil for an unknown style. A run writes them once however many of its specs take the style;
    /// the build plugin lists them as outputs of one spec's command only (`--no-shared-files` for the others).
    static func sharedFiles(style: String, mocks: String = defaultMocks) -> [OutputFile]? {
        guard let own = styleFiles.first(where: { $0.name == style })?.files, mocksModes.contains(mocks) else { return nil }
        // A mocks-only run writes into a test-support folder; the shared files belong with the rest.
        return mocks == "only" ? [] : own.shared.map { OutputFile(template: $0, relativePath: $0) }
    }

    /// The text of a top-level string setting (`style`, `templates`, `mocks`) of a YAML config or spec: a
    /// `key: value` line at the start of a line, plain or quoted, with an optional comment, without a full parser
    /// (the plugin reads JSON with JSONSerialization). Nil when absent or empty; the tool itself reads the file
    /// properly and reports any error.
    static func topLevelYAMLSetting(_ key: String, in text: String) -> String? {
        for line in yamlLines(text) where line.hasPrefix(key + ":") {
            let value = unquoted(withoutComment(line.dropFirst(key.count + 1)))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The strings of a top-level list setting (`specs`) of a YAML config: one value (`specs: Specs`), a flow list
    /// (`specs: [a.yaml, "b.yaml"]`, which may span lines) or a block list (`- a.yaml` lines below the key). Nil
    /// when absent or unfinished; like `topLevelYAMLSetting`, no full parser: the tool reads the config properly
    /// and reports any error.
    static func topLevelYAMLList(_ key: String, in text: String) -> [String]? {
        let lines = yamlLines(text)
        guard let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) else { return nil }
        let inline = trimmed(withoutComment(lines[index].dropFirst(key.count + 1)))
        if inline.hasPrefix("[") {
            var flow = inline
            var next = index + 1
            while flowListEnd(flow) == nil, next < lines.count {
                flow += " " + trimmed(withoutComment(lines[next]))
                next += 1
            }
            guard let end = flowListEnd(flow) else { return nil }
            return flowItems(flow[flow.index(after: flow.startIndex)..<end]).map { unquoted($0) }.filter { !$0.isEmpty }
        }
        if !inline.isEmpty { return [unquoted(Substring(inline))] }
        var items: [String] = []
        for (offset, line) in lines[(index + 1)...].enumerated() {
            let item = trimmed(line)
            if item.isEmpty || item.hasPrefix("#") { continue }
            let indented = line.first == " " || line.first == "\t"
            // A flow list on the line below the key.
            if items.isEmpty, indented, item.hasPrefix("[") {
                let rest = lines[(index + 1 + offset)...].map { trimmed(withoutComment($0)) }.joined(separator: " ")
                guard let end = flowListEnd(rest) else { return nil }
                return flowItems(rest[rest.index(after: rest.startIndex)..<end]).map { unquoted($0) }.filter { !$0.isEmpty }
            }
            guard indented || line.first == "-" else { break }
            // Anything else below the key (a scalar continued on the next line) is not read.
            guard item.hasPrefix("-") else { return nil }
            items.append(unquoted(withoutComment(item.dropFirst())))
        }
        return items
    }

    /// The lines of a YAML text without its byte-order mark; `\r\n` (one Character in Swift) ends a line too.
    static func yamlLines(_ text: String) -> [Substring] {
        var text = Substring(text)
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }

    /// A value without its comment: from a `#` after a blank, outside quotes.
    private static func withoutComment(_ text: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open {
                    // `''` inside single quotes is a quote, not the end.
                    let next = text.index(after: index)
                    if open == "'", next < text.endIndex, text[next] == "'" {
                        index = text.index(after: next)
                        continue
                    }
                    quote = nil
                } else if open == "\"", character == "\\" {
                    index = text.index(after: index)
                    if index < text.endIndex { index = text.index(after: index) }
                    continue
                }
            } else if character == "#", previous == " " || previous == "\t" {
                return text[..<index]
            } else if character == "'" || character == "\"", previous == " " || previous == "\t" || previous == "[" || previous == "," {
                quote = character
            }
            previous = character
            index = text.index(after: index)
        }
        return text
    }

    /// Where a flow list that starts `text` ends (its `]`, outside quotes), if it does.
    private static func flowListEnd(_ text: String) -> String.Index? {
        var quote: Character?
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if open == "\"", character == "\\" {
                    index = text.index(after: index)
                } else if character == open {
                    quote = nil
                }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "[" {
                depth += 1
            } else if character == "]" {
                depth -= 1
                if depth == 0 { return index }
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return nil
    }

    /// The items of a flow list's inside, split at commas outside quotes.
    private static func flowItems(_ text: Substring) -> [Substring] {
        var items: [Substring] = []
        var quote: Character?
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if open == "\"", character == "\\" {
                    index = text.index(after: index)
                } else if character == open {
                    quote = nil
                }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "," {
                items.append(text[start..<index])
                start = text.index(after: index)
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        items.append(text[start...])
        return items
    }

    /// A scalar without surrounding blanks and quotes: `''` in single quotes is a quote; in double quotes a
    /// backslash escapes `"`, `\\`, `/`, `t` and `n`.
    private static func unquoted(_ text: Substring) -> String {
        let value = trimmed(text)
        guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else {
            return value
        }
        let inside = value.dropFirst().dropLast()
        if first == "'" {
            var result = ""
            var skipQuote = false
            for character in inside {
                if character == "'", skipQuote {
                    skipQuote = false
                    continue
                }
                skipQuote = character == "'"
                result.append(character)
            }
            return result
        }
        var result = ""
        var escaped = false
        for character in inside {
            if escaped {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `text` without blanks (spaces, tabs, a stray `\r`) at either end.
    private static func trimmed(_ text: Substring) -> String {
        text.trimmed(of: [" ", "\t", "\r"])
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
