/// `Pipeline.check`: what `repogen import` uses to prove every spec it writes generates, in every style, at the
/// cost of reading, decoding and validating alone.
extension Pipeline {
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
                let root: SpecNode
                do throws(Diagnostic) {
                    root = try readSpecTree(file)
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
                    moduleNames: moduleNames(of: own, model: model, path: file.path), types: model.types))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        return diagnostics + crossCheck(generations)
    }
}
