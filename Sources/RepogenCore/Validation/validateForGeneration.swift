/// The validate stage of a `generate` run: a decoded spec into the model its files are projected from.
extension Pipeline {
    /// `validateSpec` in the run's style, with what the run adds to the model: the spec path its headers name
    /// (`GeneratedFileHeader.specPath(for:baseDirectory:)`) and the run's imports ahead of the spec's own.
    /// - Parameter decodeDiagnostics: what decoding reported (warnings, or errors in keys decoding skipped): a
    ///   spec with any of them is refused here, with validation's own problems in source order.
    /// - Returns: the model, and validation's warnings.
    static func validateForGeneration(
        _ spec: consuming Spec, file: SpecFile, decodeDiagnostics: [Diagnostic], options: GenerateOptions
    ) throws(DiagnosticsError) -> (model: APIModel, warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        var model: APIModel
        do {
            model = try validateSpec(
                spec, domain: OutputLayout.domain(forSpecPath: file.path), warnings: &warnings,
                modules: [options.runtimeModule] + options.imports, style: options.style)
        } catch {
            throw DiagnosticsError(inSourceOrder(decodeDiagnostics + error.diagnostics))
        }
        if !decodeDiagnostics.isEmpty {
            throw DiagnosticsError(inSourceOrder(decodeDiagnostics + warnings))
        }
        model.specPath = GeneratedFileHeader.specPath(for: file.path, baseDirectory: options.baseDirectory)
        model.imports = options.imports + model.imports.filter { !options.imports.contains($0) }
        return (model, warnings)
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
}
