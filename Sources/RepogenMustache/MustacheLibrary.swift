/// How interpolation tags (`{{name}}`) escape the text they insert.
public enum MustacheEscaping: Sendable, Equatable {
    /// Escape `&`, `"`, `<` and `>` as HTML entities, as the Mustache specification requires.
    case html
    /// Insert text as is: for generating source code rather than HTML.
    case none
}

/// A set of named templates, parsed once, that can render one another as partials.
///
/// ```swift
/// let library = try MustacheLibrary(templates: ["page": "Hello {{> name}}!", "name": "{{first}}"])
/// let text = try library.render("page", ["first": "Ada"])  // "Hello Ada!"
/// ```
///
/// Implements the Mustache specification: interpolation, sections, inverted sections, comments,
/// partials (with standalone indentation), set-delimiter tags, dynamic names and inheritance.
/// A partial the library does not contain renders as the empty string, as the specification says.
public struct MustacheLibrary: Sendable {
    /// How interpolation escapes its text.
    public let escaping: MustacheEscaping
    /// The templates, compiled for rendering.
    let program: Program

    /// Parses every template. Throws the first syntax error, with its template name, line and column.
    public init(templates: [String: String], escaping: MustacheEscaping = .html) throws(MustacheError) {
        self.escaping = escaping
        var parsed: [String: ParsedTemplate] = [:]
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            do {
                parsed[name] = try Parser.parse(TemplateSource(name: name, text: text))
            } catch let error as MustacheError {
                throw error
            } catch {
                throw MustacheError(templateName: name, line: 0, column: 0, message: "\(error)")
            }
        }
        program = Program(parsed)
    }

    /// The names of the templates, sorted.
    public var templateNames: [String] {
        program.templates.keys.sorted()
    }

    /// Renders the template `name` against `context`.
    ///
    /// The work is bounded (see `RenderLimits`): partials that include each other in a loop or fan out
    /// (each including the next twice) stop with an error at the tag where the budget ran out, instead of
    /// running for hours or filling memory.
    public func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        try render(name, context, limits: RenderLimits())
    }

    /// Renders the template `name` against `context`, and reports every tag whose name the context does not
    /// have (the Mustache specification renders those as nothing; a generator's templates mean a key of their
    /// view model, so a miss is a typo or a key that went away).
    ///
    /// - Parameter strict: throw at the first such tag instead of reporting it.
    /// - Returns: the text, and one error per tag (at its position) whose name was missing.
    public func render(
        _ name: String, _ context: MustacheValue, strict: Bool
    ) throws(MustacheError) -> (text: String, missing: [MustacheError]) {
        let (text, missing) = try renderText(name, context, strict: strict)
        return (text.string, missing)
    }

    /// `render(_:_:strict:)`, giving the text as the bytes the renderer wrote (no copy into a `String`).
    public func renderText(
        _ name: String, _ context: MustacheValue, strict: Bool
    ) throws(MustacheError) -> (text: RenderedText, missing: [MustacheError]) {
        try render(name, MustacheData(context), limits: RenderLimits(), checkingNames: strict ? .strict : .report)
    }

    /// `renderText(_:_:strict:)` for data already in flat tables (made once, rendered by several templates).
    public func renderText(
        _ name: String, _ data: MustacheData, strict: Bool
    ) throws(MustacheError) -> (text: RenderedText, missing: [MustacheError]) {
        try render(name, data, limits: RenderLimits(), checkingNames: strict ? .strict : .report)
    }

    /// `renderText(_:_:strict:)` from the context stack `stack` (`MustacheData.contextStack(_:)`): the root, then
    /// values in it that names are looked up in first, as inside sections; the root alone when empty.
    package func renderText(
        _ name: String, _ data: MustacheData, stack: [Int], strict: Bool
    ) throws(MustacheError) -> (text: RenderedText, missing: [MustacheError]) {
        try render(name, data, limits: RenderLimits(), checkingNames: strict ? .strict : .report, stack: stack.isEmpty ? nil : stack)
    }

    /// Renders the template `name` against `context` within `limits` (for tests of the limits).
    package func render(_ name: String, _ context: MustacheValue, limits: RenderLimits) throws(MustacheError) -> String {
        try render(name, MustacheData(context), limits: limits, checkingNames: .no).text.string
    }

    private func render(
        _ name: String, _ data: MustacheData, limits: RenderLimits, checkingNames: Renderer.NameCheck,
        stack: [Int]? = nil
    ) throws(MustacheError) -> (text: RenderedText, missing: [MustacheError]) {
        guard let template = program.templates[name] else {
            throw MustacheError(templateName: name, line: 0, column: 0, message: "no template named '\(name)'")
        }
        var renderer = Renderer(program: program, data: data, escapesHTML: escaping == .html, limits: limits, stack: stack)
        defer { renderer.deallocate() }
        renderer.nameCheck = checkingNames
        do {
            try renderer.render(template, blocks: [:])
        } catch {
            // A budget that ran out outside every section and partial tag: no position to give.
            guard error.templateName.isEmpty else { throw error }
            throw MustacheError(templateName: name, line: 0, column: 0, message: error.message)
        }
        // The output is ASCII or UTF-8 copied from strings and templates whole, so decoding only checks it.
        return (renderer.output.take(), renderer.missing)
    }

    /// Renders a single template (with optional partials) against `context`.
    public static func render(
        _ template: String, _ context: MustacheValue, partials: [String: String] = [:],
        escaping: MustacheEscaping = .html
    ) throws(MustacheError) -> String {
        // A name no partial tag can spell (tag names cannot contain spaces).
        let mainName = "main template"
        var templates = partials
        templates[mainName] = template
        return try MustacheLibrary(templates: templates, escaping: escaping).render(mainName, context)
    }
}

/// How much work one render may do. The include-depth limit alone does not bound it: 40 partials that
/// each include the next twice stay 40 deep but render 2^40 times.
///
/// The defaults are far above what real templates need. repogen's built-in templates render a synthetic spec
/// of 10,000 endpoints (`Benchmarks/make_spec.py`) as 21.5 MB in four files; the largest, `Mock.swift`, is
/// 13 MB in 1.3 million steps (a step is one node rendered or one item of a section's list), and every file
/// takes one step per 6 to 12 bytes. 256 MB of output and 50 million steps per render leave a margin of
/// about 20 and 38 times over that, and still stop a runaway template within seconds (about 5 s for
/// 50 million partial includes in a release build), before its output takes more than 256 MB of memory.
package struct RenderLimits: Sendable {
    /// The most steps (nodes rendered, plus items of the lists sections iterate) one render may take.
    package var maximumSteps: Int
    /// The most bytes (UTF-8) one render may output.
    package var maximumOutputBytes: Int

    package init(maximumSteps: Int = 50_000_000, maximumOutputBytes: Int = 256 << 20) {
        self.maximumSteps = maximumSteps
        self.maximumOutputBytes = maximumOutputBytes
    }
}

