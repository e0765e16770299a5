import Foundation
import RepogenMustache

/// What one `generate` run needs besides the spec files.
package struct GenerateOptions: Sendable {
    /// The output style: the shape of the repository layer, for specs that do not name their own (`style` at a
    /// spec's top level), and for every spec when `styleOverridesSpecs`.
    package var style: OutputStyle
    /// Whether `style` wins over the style a spec names (`--style` on the command line does; a config's does not).
    package var styleOverridesSpecs = false
    /// The templates to render with: the style's built-in set, or that set overridden by a user's folder
    /// (`TemplateSet.loading(overridesFrom:style:)`).
    package var templates: TemplateSet
    /// The user's templates folder, for error messages.
    package var templatesPath: String?
    /// The module the generated code imports for `RequestType` and `NetworkManager`.
    package var runtimeModule: String
    /// `public` or `internal` for the repository, its `Impl`, the mock and the models.
    package var accessLevel: AccessLevel
    /// Modules every generated file imports, besides those a spec lists.
    package var imports: [String]
    /// Whether the run writes the files its styles write once per output folder (`tca`'s `APIError.swift`). The
    /// build plugin, which runs repogen once per spec into one folder, leaves them to one spec's command.
    package var sharedFiles = true
    /// Where the mocks go: inside `#if DEBUG` (the default), always compiled, not written, or alone.
    package var mocks = MocksMode.default
    /// The column limit generated Swift is wrapped at (`SwiftLineWrapper`); nil leaves lines as rendered.
    package var lineWidth: Int? = SwiftLineWrapper.width

    package init(
        style: OutputStyle = .result, templates: TemplateSet? = nil, templatesPath: String? = nil,
        runtimeModule: String = "RepogenRuntime", accessLevel: AccessLevel = .public, imports: [String] = []
    ) {
        self.style = style
        self.templates = templates ?? .builtin(for: style)
        self.templatesPath = templatesPath
        self.runtimeModule = runtimeModule
        self.accessLevel = accessLevel
        self.imports = imports
    }
}

/// What a run produces: the files to write, and warnings that did not stop it.
package struct Generation: Sendable, Equatable {
    package var files: [OutputFile]
    package var warnings: [Diagnostic]
    /// The module-level types the generated files declare: the spec's models and the domain's four types.
    package var declarations: [TypeDeclaration] = []
    /// A spec's share of the files its style writes once per output folder; `files` of a whole run holds them.
    package var sharedFiles: [OutputFile] = []
    /// The module-level names the style's code uses unqualified besides every style's (`ReservedNames.moduleNames`:
    /// tca's `APIError` and the modules it names), with what uses them: no spec of the module may declare them.
    package var moduleNames: [String: String] = [:]
}

/// The pipeline: read -> decode -> validate -> project -> render, all in memory. Nothing touches the disk until
/// every spec has rendered, so bad input never leaves half-written output.
package enum Pipeline {
    /// Renders every spec.
    /// - Parameters:
    ///   - specPaths: spec files as the user typed them.
    ///   - specFiles: specs already read (by path); the others are read here.
    /// - Returns: the files to write, in a stable order.
    /// - Throws: `DiagnosticsError` with the problems of every spec.
    package static func generate(
        specPaths: [String], options: GenerateOptions, specFiles: [String: SpecFile] = [:]
    ) throws(DiagnosticsError) -> Generation {
        let library: MustacheLibrary
        do {
            library = try options.templates.library(templatesPath: options.templatesPath)
        } catch {
            throw DiagnosticsError([error])
        }
        var diagnostics: [Diagnostic] = []
        var files: [OutputFile] = []
        var warnings: [Diagnostic] = []
        var domains: [String: String] = [:]
        var generations: [Generation] = []
        var sharedFiles: [OutputFile] = []
        for path in specPaths {
            let domain = OutputLayout.domain(forSpecPath: path)
            if let other = domains[domain] {
                diagnostics.append(Diagnostic(
                    .error, "'\(path)' and '\(other)' both generate the domain '\(domain)'",
                    at: SourceLocation(path: path, line: 1, column: 1)))
                continue
            }
            domains[domain] = path
            do {
                let file: SpecFile
                if let read = specFiles[path] {
                    file = read
                } else {
                    file = try readSpecFile(path)
                }
                let generation = try generate(file: file, library: library, options: options)
                generations.append(generation)
                files += generation.files
                warnings += generation.warnings
                // Once per output folder, after the domains' files; the same for every spec of a style.
                if options.sharedFiles {
                    for file in generation.sharedFiles where !sharedFiles.contains(where: { $0.relativePath == file.relativePath }) {
                        sharedFiles.append(file)
                    }
                }
            } catch {
                diagnostics += error.diagnostics
            }
        }
        diagnostics += crossCheck(generations)
        if !diagnostics.isEmpty {
            throw DiagnosticsError(diagnostics)
        }
        return Generation(files: files + sharedFiles, warnings: warnings)
    }

    /// Renders one spec file that is already in memory.
    package static func generate(
        file: SpecFile, library: MustacheLibrary, options: GenerateOptions
    ) throws(DiagnosticsError) -> Generation {
        guard file.bytes.count <= maximumSpecSize else {
            throw DiagnosticsError([tooLarge(file.bytes.count, path: file.path)])
        }
        let root: SpecNode
        do {
            root = try SpecReader.read(file)
        } catch {
            throw DiagnosticsError([error])
        }
        PhaseTimes.mark("read \(file.path)")
        var (decoded, decodeDiagnostics) = decodeSpec(root, file: file)
        // Not freed in a run of the command line (LargeValues): the tree of a large spec is millions of nodes.
        LargeValues.discard(root)
        PhaseTimes.mark("decode")
        guard let spec = decoded.take() else { throw DiagnosticsError(decodeDiagnostics) }
        var options = options
        var library = library
        if let named = spec.style, !options.styleOverridesSpecs {
            guard let style = OutputStyle.named(named.value) else {
                let unknown = Diagnostic(.error, OutputStyle.unknownMessage(named.value), at: named.location)
                throw DiagnosticsError(inSourceOrder(decodeDiagnostics + [unknown]))
            }
            if style != options.style {
                // The style's own templates, with the same folder of overrides (if any) on top.
                do {
                    options.templates = try options.templatesPath.map { path throws(Diagnostic) in
                        try TemplateSet.loading(overridesFrom: path, style: style)
                    } ?? .builtin(for: style)
                    library = try options.templates.library(templatesPath: options.templatesPath)
                } catch {
                    throw DiagnosticsError([error])
                }
                options.style = style
            }
        }
        let domain = OutputLayout.domain(forSpecPath: file.path)
        var warnings: [Diagnostic] = []
        var model: APIModel
        do {
            model = try validateSpec(
                spec, domain: domain, warnings: &warnings, modules: [options.runtimeModule] + options.imports,
                style: options.style)
        } catch {
            throw DiagnosticsError(inSourceOrder(decodeDiagnostics + error.diagnostics))
        }
        // Freed now, not kept: a large spec's view model takes its place in memory.
        _ = consume spec
        PhaseTimes.mark("validate")
        if !decodeDiagnostics.isEmpty {
            throw DiagnosticsError(inSourceOrder(decodeDiagnostics + warnings))
        }
        model.specPath = headerPath(for: file.path)
        model.imports = options.imports + model.imports.filter { !options.imports.contains($0) }
        let context = options.style.project(model, runtimeModule: options.runtimeModule, accessLevel: options.accessLevel)
        LargeValues.discard(model)
        PhaseTimes.mark("project")
        // The files are independent: render them at once, on all cores (the output is the same in any order).
        let entries = OutputLayout.entries(forSpecPath: file.path, style: options.style, mocks: options.mocks)
        // The built-in templates render strictly: a tag naming a key the view model does not have is an error
        // (a template and its view model drifted apart). A user's templates get a warning per such tag.
        let strict = options.templatesPath == nil
        let rendered = RenderResults(count: entries.count)
        let lineWidth = options.lineWidth
        onOwnThreads(entries.count) { [library] index in
            rendered.set(index, Result { () throws(MustacheError) in
                let (text, missing) = try library.renderText(entries[index].template, context, strict: strict)
                // Generated Swift at most `lineWidth` columns wide where it can be broken (SwiftLineWrapper).
                let file = OutputFile(relativePath: entries[index].relativePath, rendered: text)
                return (lineWidth.map { SwiftLineWrapper.wrapped(file, width: $0) } ?? file, missing)
            })
        }
        // The view model of a large spec is millions of values: the command line skips freeing them (LargeValues).
        LargeValues.discard(context)
        PhaseTimes.mark("render")
        // A user's template naming a key the view model lacks: a warning at the tag, once.
        func warn(_ missing: [MustacheError], template: String) {
            for error in missing {
                var warning = options.templates.renderDiagnostic(error, rendering: template, templatesPath: options.templatesPath)
                warning.severity = .warning
                warning.message =
                    error.message + " (rendered as nothing; see Documentation/Templates.md, 'The view model')"
                if !warnings.contains(warning) { warnings.append(warning) }
            }
        }
        var files: [OutputFile] = []
        for (entry, result) in zip(entries, rendered.all) {
            switch result {
            case .success(let (file, missing)):
                var output = file
                try checkHeader(output, template: entry.template, options: options)
                if entry.isMock, options.mocks == .debug { output.contents = debugOnly(output.contents) }
                files.append(output)
                warn(missing, template: entry.template)
            case .failure(let error):
                throw DiagnosticsError([options.templates.renderDiagnostic(
                    error, rendering: entry.template, templatesPath: options.templatesPath)])
            }
        }
        var sharedFiles: [OutputFile] = []
        if !options.style.sharedFiles(mocks: options.mocks).isEmpty {
            let context = SharedFileViewModel(
                fileHeader: "\(OutputFile.headerPrefix) \(RepogenVersion.current) for the \(options.style.name) style. Do not edit.",
                access: options.accessLevel.modifier,
                imports: (["Foundation", options.runtimeModule] + options.imports.filter {
                    $0 != "Foundation" && $0 != options.runtimeModule
                }).map(ImportViewModel.init(module:))
            ).mustacheData
            for entry in options.style.sharedFiles(mocks: options.mocks) {
                let rendered: (text: RenderedText, missing: [MustacheError])
                do {
                    rendered = try library.renderText(entry.template, context, strict: strict)
                } catch {
                    throw DiagnosticsError([options.templates.renderDiagnostic(
                        error, rendering: entry.template, templatesPath: options.templatesPath)])
                }
                var output = OutputFile(relativePath: entry.relativePath, rendered: rendered.text)
                if let width = options.lineWidth { output = SwiftLineWrapper.wrapped(output, width: width) }
                try checkHeader(output, template: entry.template, options: options)
                sharedFiles.append(output)
                warn(rendered.missing, template: entry.template)
            }
        }
        return Generation(
            files: files, warnings: warnings, declarations: model.modelDeclarations, sharedFiles: sharedFiles,
            moduleNames: moduleNames(of: options.style, model: model, path: file.path))
    }

    /// What generating `files` together in `style` would report, without projecting or rendering: each spec is read
    /// and decoded once, then validated in each style (a spec's own `style` wins) and checked against the others of
    /// the module. With the built-in templates nothing fails after that (projection cannot, and the templates render
    /// every view model), so no problem in a style means the specs generate in it: `repogen import` checks its specs
    /// in every style so, at the cost of validation alone.
    /// - Returns: the first style with errors, and its diagnostics; nil when the specs generate in every style.
    package static func check(
        _ files: [SpecFile], styles: [OutputStyle], options: GenerateOptions = GenerateOptions()
    ) -> (style: OutputStyle, diagnostics: [Diagnostic])? {
        // Each file read and decoded once, the files on two threads (they are independent), in order.
        let read = onOwnThreads(min(2, files.count)) { thread in
            var specs: [(file: SpecFile, spec: Spec)] = []
            var problems: [Diagnostic] = []
            for file in files.indices.filter({ $0 % 2 == thread }).map({ files[$0] }) {
                guard file.bytes.count <= maximumSpecSize else {
                    problems.append(tooLarge(file.bytes.count, path: file.path))
                    continue
                }
                let root: SpecNode
                do throws(Diagnostic) {
                    root = try SpecReader.read(file)
                } catch {
                    problems.append(error)
                    continue
                }
                var (spec, diagnostics) = decodeSpec(root, file: file)
                if let named = spec?.style, !options.styleOverridesSpecs, OutputStyle.named(named.value) == nil {
                    diagnostics.append(Diagnostic(.error, OutputStyle.unknownMessage(named.value), at: named.location))
                }
                problems += diagnostics
                if let spec, diagnostics.isEmpty { specs.append((file, spec)) }
            }
            return ReadSpecs(specs: specs, problems: problems)
        }
        // Back in the files' order: validation and the cross-spec check report in it.
        let order = Dictionary(files.enumerated().map { ($1.path, $0) }) { first, _ in first }
        let specs = read.flatMap { $0.specs }.sorted { order[$0.file.path, default: 0] < order[$1.file.path, default: 0] }
        let problems = read.flatMap { $0.problems }
        // Each style on a thread of its own (they only read the specs), and once for styles that validate alike.
        let decoded = specs
        var distinct: [OutputStyle] = []
        for style in styles where !distinct.contains(where: { $0.validationKey == style.validationKey }) {
            distinct.append(style)
        }
        let validatedOnce = distinct
        let results = onOwnThreads(validatedOnce.count) { index in
            validated(decoded, style: validatedOnce[index], options: options)
        }
        let found = styles.map { style in
            results[validatedOnce.firstIndex { $0.validationKey == style.validationKey } ?? 0]
        }
        for (style, diagnostics) in zip(styles, found) {
            let all = problems + diagnostics
            if all.contains(where: { $0.severity == .error }) { return (style, inSourceOrder(all)) }
        }
        return nil
    }

    /// What one thread of `check` read: the specs that decoded, and the problems of the others.
    private struct ReadSpecs: Sendable {
        var specs: [(file: SpecFile, spec: Spec)]
        var problems: [Diagnostic]
    }

    /// What validating `specs` in `style` (a spec's own `style` wins) and checking them against each other reports.
    private static func validated(
        _ specs: [(file: SpecFile, spec: Spec)], style: OutputStyle, options: GenerateOptions
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var generations: [Generation] = []
        for (file, spec) in specs {
            let own = options.styleOverridesSpecs ? style : spec.style.flatMap { OutputStyle.named($0.value) } ?? style
            var warnings: [Diagnostic] = []
            do {
                let model = try validateSpec(
                    spec, domain: OutputLayout.domain(forSpecPath: file.path), warnings: &warnings,
                    modules: [options.runtimeModule] + options.imports, style: own)
                generations.append(Generation(
                    files: [], warnings: warnings, declarations: model.modelDeclarations,
                    moduleNames: moduleNames(of: own, model: model, path: file.path)))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        return diagnostics + crossCheck(generations)
    }

    /// `ReservedNames.moduleNames(of: style)`, and the runtime's `APIResponse` when an endpoint returns it
    /// (`responseMetadata`: a type of that name in another spec of the module would hide it), each saying which spec's
    /// code needs it.
    static func moduleNames(of style: OutputStyle, model: APIModel, path: String) -> [String: String] {
        var names = ReservedNames.moduleNames(of: style)
        if let endpoint = model.endpoints.first(where: \.responseMetadata) {
            names["APIResponse"] = "the runtime's 'APIResponse<…>', which '\(endpoint.methodName)' returns ('responseMetadata')"
        }
        return names.mapValues { "\($0), in the code generated for '\(path)'" }
    }

    /// A rendered file must start with repogen's header: a file without it is the user's, which the next run
    /// refuses to overwrite, so a user's template that drops `{{> _header}}` would lock every later run out.
    static func checkHeader(_ file: OutputFile, template: String, options: GenerateOptions) throws(DiagnosticsError) {
        guard !file.withUTF8({ OutputFile.isGenerated($0) }) else { return }
        let name = template + BuiltinTemplatesSource.fileExtension
        let folder = options.templatesPath.flatMap { path in
            FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(name)) ? path : nil
        } ?? "<built-in>"
        throw DiagnosticsError([Diagnostic(
            .error,
            "the template's output for '\(file.relativePath)' does not start with repogen's header "
                + "('\(OutputFile.headerPrefix) …'); a file without it is taken for yours and never overwritten, so "
                + "start the template with {{> _header}} (or {{fileHeader}})",
            at: SourceLocation(path: folder + "/" + name, line: 1, column: 1))])
    }

    /// A mock's text inside `#if DEBUG`, after the header line (`mocks: debug`), so release builds leave it out.
    static func debugOnly(_ text: String) -> String {
        var lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let header = lines.removeFirst()
        let rest = lines.first.map(String.init) ?? ""
        return header + "\n#if DEBUG\n" + rest + (rest.hasSuffix("\n") || rest.isEmpty ? "" : "\n") + "#endif\n"
    }

    /// Problems between specs generated into one module: a type declared twice (the same model in two specs, a
    /// model named like another domain's generated type, `a.json` beside `mock-a.json`), and output paths that
    /// differ only by letter case (one file on a case-insensitive file system, as macOS has by default).
    /// Each is reported at the later declaration, naming the first.
    package static func crossCheck(_ generations: [Generation]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var types: [String: TypeDeclaration] = [:]
        var files: [String: String] = [:]
        var fileNames: [String: String] = [:]
        // Each name some spec's style needs unhidden in the module (tca's `APIError`), with what needs it. A spec
        // of that style was refused a type of the name already; one of another style is checked here.
        var needed: [String: String] = [:]
        for generation in generations {
            for (name, what) in generation.moduleNames where needed[name] == nil { needed[name] = what }
        }
        for generation in generations {
            for declaration in generation.declarations {
                if let what = needed[declaration.name], generation.moduleNames[declaration.name] == nil {
                    diagnostics.append(Diagnostic(
                        .error, "\(declaration.what) would hide \(what); one module cannot have both",
                        at: declaration.location))
                }
                if let first = types[declaration.name] {
                    diagnostics.append(Diagnostic(
                        .error,
                        "\(declaration.what) and \(first.what) (\(first.location)) both declare the type "
                            + "'\(declaration.name)'; one module cannot have two", at: declaration.location))
                } else {
                    types[declaration.name] = declaration
                }
            }
            let specPath = generation.declarations.last?.location.path ?? ""
            for file in generation.files {
                let folded = file.relativePath.lowercased()
                if let other = files[folded], other != file.relativePath {
                    diagnostics.append(Diagnostic(
                        .error,
                        "the output file '\(file.relativePath)' differs from '\(other)' only by letter case; they are "
                            + "one file on a case-insensitive file system (macOS)",
                        at: SourceLocation(path: specPath, line: 1, column: 1)))
                }
                files[folded] = file.relativePath
                // A Swift target cannot hold two files of the same name, even in different folders.
                let name = (file.relativePath as NSString).lastPathComponent.lowercased()
                if let other = fileNames[name], other != file.relativePath, other.lowercased() != folded {
                    diagnostics.append(Diagnostic(
                        .error,
                        "the output file '\(file.relativePath)' has the name of '\(other)'; a Swift target cannot "
                            + "hold two files of one name", at: SourceLocation(path: specPath, line: 1, column: 1)))
                }
                fileNames[name] = file.relativePath
            }
        }
        return diagnostics
    }

    /// Diagnostics sorted by line and column (stable, so problems at one place keep their order).
    static func inSourceOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let left = (a.element.location?.line ?? 0, a.element.location?.column ?? 0, a.offset)
            let right = (b.element.location?.line ?? 0, b.element.location?.column ?? 0, b.offset)
            return left < right
        }.map(\.element)
    }

    /// Specs are written by hand; a file larger than this is refused before it is read. Configs and templates
    /// have the same bound.
    package static let maximumSpecSize = 10 * 1024 * 1024

    static func tooLarge(_ size: Int, path: String) -> Diagnostic {
        Diagnostic(.error, FileReadError.tooLarge(file: "spec file", size: size, limit: maximumSpecSize), path: path)
    }

    /// Reads a spec file (or another file repogen reads as a spec is read: a config, an OpenAPI document) from
    /// disk: only a regular file, of at most `limit` bytes (`POSIXFile.readRegularFile`), following links.
    /// - Parameter file: what the file is, for messages (`no such spec file`, `is a folder, not a config file`).
    /// - Throws: `DiagnosticsError` at the file for a missing file, a folder, a FIFO or device, a file larger than
    ///   `limit`, or one that cannot be read.
    package static func readSpecFile(
        _ path: String, file: String = "spec file", limit: Int = maximumSpecSize
    ) throws(DiagnosticsError) -> SpecFile {
        do {
            return SpecFile(path: path, bytes: try POSIXFile.readRegularFile(path, limit: limit, followingLinks: true))
        } catch {
            throw DiagnosticsError([Diagnostic(.error, error.message(file: file), path: path)])
        }
    }

    /// The spec path written in a generated file's header: relative to the current folder, `/`-separated, so the
    /// same spec gives the same bytes on every machine.
    package static func headerPath(for path: String) -> String {
        var path = path
        if path.hasPrefix("/") {
            let current = FileManager.default.currentDirectoryPath
            let prefix = current.hasSuffix("/") ? current : current + "/"
            if path.hasPrefix(prefix) {
                path = String(path.dropFirst(prefix.count))
            } else {
                path = (path as NSString).lastPathComponent
            }
        }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }
}

/// The results of rendering files concurrently, one slot per file.
private final class RenderResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<(file: OutputFile, missing: [MustacheError]), MustacheError>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<(file: OutputFile, missing: [MustacheError]), MustacheError>) {
        lock.withLock { results[index] = result }
    }

    /// Every slot's result (each is set before this is read).
    var all: [Result<(file: OutputFile, missing: [MustacheError]), MustacheError>] {
        lock.withLock { results.map { $0! } }
    }
}
