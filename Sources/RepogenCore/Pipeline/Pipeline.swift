import RepogenMustache

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
    /// The spec's types and what it reads of external types (`APIModel.types`), for the cross-check stage.
    package var types: SpecTypes? = nil
}

/// The pipeline: read -> decode -> validate -> project -> render, all in memory. Nothing touches the disk until
/// every spec has rendered, so bad input never leaves half-written output.
///
/// This is wiring: each stage lives in its own folder (`Spec/readSpecTree.swift`, `Spec/decodeSpec.swift`,
/// `Validation/validateForGeneration.swift`, `Validation/crossCheck.swift`, the style's projection,
/// `Templates/Render/renderSpec.swift`); here they are composed, with `PhaseTimes` marking the end of each and
/// `LargeValues` taking each large value the next stage no longer needs.
package enum Pipeline {
    /// Renders every spec.
    /// - Parameters:
    ///   - specPaths: spec files as the user typed them (relative ones below `options.baseDirectory`).
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
        var domains: [String: String] = [:]
        var generations: [Generation] = []
        for path in specPaths {
            if let clash = domainClash(path, domains: &domains) {
                diagnostics.append(clash)
                continue
            }
            do {
                let file = try specFile(path, in: specFiles, options: options)
                generations.append(try generate(file: file, library: library, options: options))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        diagnostics += crossCheck(generations)
        if !diagnostics.isEmpty {
            throw DiagnosticsError(diagnostics)
        }
        // Once per output folder, after the domains' files; the same for every spec of a style.
        var sharedFiles: [OutputFile] = []
        for file in generations.flatMap(\.sharedFiles) where options.sharedFiles
            && !sharedFiles.contains(where: { $0.relativePath == file.relativePath }) {
            sharedFiles.append(file)
        }
        return Generation(files: generations.flatMap(\.files) + sharedFiles, warnings: generations.flatMap(\.warnings))
    }

    /// Renders one spec file that is already in memory.
    package static func generate(
        file: SpecFile, library: MustacheLibrary, options: GenerateOptions
    ) throws(DiagnosticsError) -> Generation {
        let root: SpecNode
        do {
            root = try readSpecTree(file)
        } catch {
            throw DiagnosticsError([error])
        }
        PhaseTimes.mark("read \(file.path)")
        var (decoded, decodeDiagnostics) = decodeSpec(root, file: file)
        // Not freed in a run of the command line (LargeValues): the tree of a large spec is millions of nodes.
        LargeValues.discard(root)
        PhaseTimes.mark("decode")
        guard let spec = decoded.take() else { throw DiagnosticsError(decodeDiagnostics) }
        let (options, library) = try options.adopting(styleOf: spec, library: library, decodeDiagnostics: decodeDiagnostics)
        // The spec is freed as validation ends: a large spec's view model takes its place in memory.
        let validated = try validateForGeneration(
            consume spec, file: file, decodeDiagnostics: decodeDiagnostics, options: options)
        let model = validated.model
        var warnings = validated.warnings
        PhaseTimes.mark("validate")
        let context = options.style.project(model, runtimeModule: options.runtimeModule, accessLevel: options.accessLevel)
        let entries = OutputLayout.entries(
            forSpecPath: file.path, style: options.style, mocks: options.mocks, modelFiles: model.modelFiles)
        LargeValues.discard(model)
        PhaseTimes.mark("project")
        let rendered = render(context, entries: entries, library: library, options: options)
        // The view model of a large spec is millions of values: the command line skips freeing them (LargeValues).
        LargeValues.discard(context)
        PhaseTimes.mark("render")
        let files = try checkedFiles(rendered, entries: entries, options: options, warnings: &warnings)
        let sharedFiles = try renderSharedFiles(library: library, options: options, warnings: &warnings)
        return Generation(
            files: files, warnings: warnings, declarations: model.modelDeclarations, sharedFiles: sharedFiles,
            moduleNames: moduleNames(of: options.style, model: model, path: file.path), types: model.types)
    }

    /// `path`'s spec: as `specFiles` has it, or read from disk.
    static func specFile(
        _ path: String, in specFiles: [String: SpecFile], options: GenerateOptions
    ) throws(DiagnosticsError) -> SpecFile {
        if let read = specFiles[path] { return read }
        return try readSpecFile(path, baseDirectory: options.baseDirectory)
    }

    /// An error at a spec whose domain an earlier spec of the run (in `domains`, by domain) already generates,
    /// naming the first; nil for a new domain, which `domains` then holds.
    static func domainClash(_ path: String, domains: inout [String: String]) -> Diagnostic? {
        let domain = OutputLayout.domain(forSpecPath: path)
        if let other = domains[domain] {
            return Diagnostic(
                .error, "'\(path)' and '\(other)' both generate the domain '\(domain)'",
                at: SourceLocation(path: path, line: 1, column: 1))
        }
        domains[domain] = path
        return nil
    }
}
