/// `repogen diff`: two versions of a set of specs, each read, decoded and validated as `generate` does (nothing is
/// rendered), compared domain by domain on their validated API models (`DomainDiff`), not on their text.
package enum APIDiff {
    /// One validated spec: its API model, and the spec as decoded (for where each part is written).
    package struct Side: Sendable {
        package var model: APIModel
        package var spec: Spec
        package var path: String
    }

    /// Compares `old` with `new`. Specs are paired by domain (the file name: `store.json` and `store.yaml` are one
    /// domain); a domain on one side only is added or removed whole.
    /// - Parameter asOneDomain: one file on each side is one domain whatever the files' names
    ///   (`repogen diff store-v1.yaml store.yaml`).
    /// - Throws: the problems of every spec of both sides that does not validate, located in its file.
    package static func compare(
        old: [SpecFile], new: [SpecFile], options: GenerateOptions = GenerateOptions(), asOneDomain: Bool = false
    ) throws(DiagnosticsError) -> APIDiffReport {
        var diagnostics: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var sides: [[String: Side]] = [[:], [:]]
        for (index, files) in [old, new].enumerated() {
            var domains: [String: String] = [:]
            for file in files {
                if let clash = Pipeline.domainClash(file.path, domains: &domains) {
                    diagnostics.append(clash)
                    continue
                }
                do {
                    let side = try validated(file, options: options)
                    sides[index][side.side.model.domain] = side.side
                    warnings += side.warnings
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        if asOneDomain, sides[0].count == 1, sides[1].count == 1, let domain = sides[1].keys.first,
           var side = sides[0].values.first {
            side.model.domain = domain
            sides[0] = [domain: side]
        }
        var changes: [APIChange] = []
        for domain in Set(sides[0].keys).union(sides[1].keys).sorted() {
            changes += DomainDiff(domain: domain, old: sides[0][domain], new: sides[1][domain]).changes()
        }
        return APIDiffReport(changes: ordered(changes), warnings: warnings)
    }

    /// Breaking changes first (source, then wire), then by domain, then in the order of the spec (old side first).
    static func ordered(_ changes: [APIChange]) -> [APIChange] {
        func rank(_ change: APIChange) -> Int {
            change.source == .breaking ? 0 : change.wire == .breaking ? 1 : change.source == .additive ? 2 : 3
        }
        func place(_ change: APIChange) -> (String, Int, Int) {
            let location = change.new ?? change.old
            return (location?.path ?? "", location?.line ?? 0, location?.column ?? 0)
        }
        return changes.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if rank(x) != rank(y) { return rank(x) < rank(y) }
            if x.domain != y.domain { return x.domain < y.domain }
            let (p, q) = (place(x), place(y))
            if p != q { return p < q }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Reads, decodes and validates one spec as `Pipeline.generate` does, keeping the decoded spec.
    package static func validated(
        _ file: SpecFile, options: GenerateOptions
    ) throws(DiagnosticsError) -> (side: Side, warnings: [Diagnostic]) {
        let root: SpecNode
        do {
            root = try Pipeline.readSpecTree(file)
        } catch {
            throw DiagnosticsError([error])
        }
        let (decoded, decodeDiagnostics) = decodeSpec(root, file: file)
        guard let spec = decoded else { throw DiagnosticsError(decodeDiagnostics) }
        var options = options
        if let named = spec.style, !options.styleOverridesSpecs {
            guard let style = OutputStyle.named(named.value) else {
                throw DiagnosticsError(Pipeline.inSourceOrder(
                    decodeDiagnostics + [Diagnostic(.error, OutputStyle.unknownMessage(named.value), at: named.location)]))
            }
            options.style = style
        }
        let validated = try Pipeline.validateForGeneration(
            spec, file: file, decodeDiagnostics: decodeDiagnostics, options: options)
        return (Side(model: validated.model, spec: spec, path: file.path), validated.warnings)
    }
}
