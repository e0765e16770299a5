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
    /// The folder the run's relative spec paths are read from, and the spec paths in generated headers are
    /// relative to (`GeneratedFileHeader.specPath(for:baseDirectory:)`): the command's current folder, which only
    /// the command line reads from the process. Without one, paths are used as given, and a header names a spec
    /// given by an absolute path by its file name.
    package var baseDirectory: String?

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

extension GenerateOptions {
    /// These options for a spec that names its own `style` (unless `styleOverridesSpecs`): that style, with its
    /// own templates under the same folder of overrides (if any), and the library compiled from them.
    /// - Parameter decodeDiagnostics: what decoding reported, which an unknown style is reported with.
    func adopting(
        styleOf spec: Spec, library: MustacheLibrary, decodeDiagnostics: [Diagnostic]
    ) throws(DiagnosticsError) -> (options: GenerateOptions, library: MustacheLibrary) {
        guard let named = spec.style, !styleOverridesSpecs else { return (self, library) }
        guard let style = OutputStyle.named(named.value) else {
            let unknown = Diagnostic(.error, OutputStyle.unknownMessage(named.value), at: named.location)
            throw DiagnosticsError(Pipeline.inSourceOrder(decodeDiagnostics + [unknown]))
        }
        guard style != self.style else { return (self, library) }
        var options = self
        do {
            options.templates = try templatesPath.map { path throws(Diagnostic) in
                try TemplateSet.loading(overridesFrom: path, style: style)
            } ?? .builtin(for: style)
            options.style = style
            return (options, try options.templates.library(templatesPath: templatesPath))
        } catch {
            throw DiagnosticsError([error])
        }
    }
}
