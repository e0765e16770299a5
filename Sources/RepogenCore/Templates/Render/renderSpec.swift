import Foundation
import RepogenMustache

/// The render stage: a spec's view model through its style's templates, each file wrapped (`SwiftLineWrapper`),
/// checked for repogen's header and, for a mock under `mocks: debug`, put inside `#if DEBUG`; then the files the
/// style writes once per output folder.
extension Pipeline {
    /// Each file's text and the tags of a user's template the view model has no key for, or the render's error.
    typealias RenderResult = Result<(file: OutputFile, missing: [MustacheError]), MustacheError>

    /// Renders the files of `entries` from `context` at once, on all cores (the output is the same in any order),
    /// each wrapped at `options.lineWidth`.
    static func render(
        _ context: MustacheData, entries: [OutputLayout.Entry], library: MustacheLibrary, options: GenerateOptions
    ) -> [RenderResult] {
        let strict = options.rendersStrictly
        let rendered = RenderResults(count: entries.count)
        let lineWidth = options.lineWidth
        onOwnThreads(entries.count) { index in
            rendered.set(index, Result { () throws(MustacheError) in
                // One of the models files: its entry of `modelsFiles` on top of the domain's view model.
                let stack = entries[index].modelsFile.flatMap { context.contextStack([.key("modelsFiles"), .item($0)]) }
                let (text, missing) = try library.renderText(
                    entries[index].template, context, stack: stack ?? [], strict: strict)
                // Generated Swift at most `lineWidth` columns wide where it can be broken (SwiftLineWrapper).
                let file = OutputFile(relativePath: entries[index].relativePath, rendered: text)
                return (lineWidth.map { SwiftLineWrapper.wrapped(file, width: $0) } ?? file, missing)
            })
        }
        return rendered.all
    }

    /// The files of `results`, in order: each must carry repogen's header; a mock goes inside `#if DEBUG` under
    /// `mocks: debug`. A user's template naming a key the view model lacks adds a warning to `warnings`.
    /// - Throws: the first file's render error or missing header.
    static func checkedFiles(
        _ results: [RenderResult], entries: [OutputLayout.Entry], options: GenerateOptions, warnings: inout [Diagnostic]
    ) throws(DiagnosticsError) -> [OutputFile] {
        var files: [OutputFile] = []
        for (entry, result) in zip(entries, results) {
            switch result {
            case .success(let (file, missing)):
                var output = file
                try checkHeader(output, template: entry.template, options: options)
                if entry.isMock, options.mocks == .debug { output.contents = debugOnly(output.contents) }
                files.append(output)
                warn(missing, template: entry.template, options: options, warnings: &warnings)
            case .failure(let error):
                throw DiagnosticsError([options.templates.renderDiagnostic(
                    error, rendering: entry.template, templatesPath: options.templatesPath)])
            }
        }
        return files
    }

    /// The files `options.style` writes once per output folder (`tca`'s `APIError.swift`), rendered for this run's
    /// access level and imports; none for a style without such files.
    static func renderSharedFiles(
        library: MustacheLibrary, options: GenerateOptions, warnings: inout [Diagnostic]
    ) throws(DiagnosticsError) -> [OutputFile] {
        let entries = options.style.sharedFiles(mocks: options.mocks)
        guard !entries.isEmpty else { return [] }
        let context = SharedFileViewModel(
            fileHeader: GeneratedFileHeader.line(style: options.style),
            access: options.accessLevel.modifier,
            imports: (["Foundation", options.runtimeModule] + options.imports.filter {
                $0 != "Foundation" && $0 != options.runtimeModule
            }).map(ImportViewModel.init(module:))
        ).mustacheData
        var files: [OutputFile] = []
        for entry in entries {
            let rendered: (text: RenderedText, missing: [MustacheError])
            do {
                rendered = try library.renderText(entry.template, context, strict: options.rendersStrictly)
            } catch {
                throw DiagnosticsError([options.templates.renderDiagnostic(
                    error, rendering: entry.template, templatesPath: options.templatesPath)])
            }
            var output = OutputFile(relativePath: entry.relativePath, rendered: rendered.text)
            if let width = options.lineWidth { output = SwiftLineWrapper.wrapped(output, width: width) }
            try checkHeader(output, template: entry.template, options: options)
            files.append(output)
            warn(rendered.missing, template: entry.template, options: options, warnings: &warnings)
        }
        return files
    }

    /// A user's template naming a key the view model lacks: a warning at the tag, once.
    private static func warn(
        _ missing: [MustacheError], template: String, options: GenerateOptions, warnings: inout [Diagnostic]
    ) {
        for error in missing {
            var warning = options.templates.renderDiagnostic(error, rendering: template, templatesPath: options.templatesPath)
            warning.severity = .warning
            warning.message = error.message + " (rendered as nothing; see Documentation/Templates.md, 'The view model')"
            if !warnings.contains(warning) { warnings.append(warning) }
        }
    }

    /// A rendered file must start with repogen's header: a file without it is the user's, which the next run
    /// refuses to overwrite, so a user's template that drops `{{> _header}}` would lock every later run out.
    static func checkHeader(_ file: OutputFile, template: String, options: GenerateOptions) throws(DiagnosticsError) {
        guard !file.withUTF8({ GeneratedFileHeader.isGenerated($0) }) else { return }
        let name = template + BuiltinTemplatesSource.fileExtension
        let folder = options.templatesPath.flatMap { path in
            FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(name)) ? path : nil
        } ?? "<built-in>"
        throw DiagnosticsError([Diagnostic(
            .error,
            "the template's output for '\(file.relativePath)' does not start with repogen's header "
                + "('\(GeneratedFileHeader.prefix) …'); a file without it is taken for yours and never overwritten, so "
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
}

extension GenerateOptions {
    /// The built-in templates render strictly: a tag naming a key the view model does not have is an error (a
    /// template and its view model drifted apart). A user's templates get a warning per such tag.
    var rendersStrictly: Bool { templatesPath == nil }
}

/// The results of rendering files concurrently, one slot per file.
private final class RenderResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Pipeline.RenderResult?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Pipeline.RenderResult) {
        lock.withLock { results[index] = result }
    }

    /// Every slot's result (each is set before this is read).
    var all: [Pipeline.RenderResult] {
        lock.withLock { results.map { $0! } }
    }
}
