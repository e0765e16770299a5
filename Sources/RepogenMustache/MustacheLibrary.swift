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
    let templates: [String: ParsedTemplate]

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
        self.templates = parsed
    }

    /// The names of the templates, sorted.
    public var templateNames: [String] {
        templates.keys.sorted()
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
        try render(name, context, limits: RenderLimits(), checkingNames: strict ? .strict : .report)
    }

    /// Renders the template `name` against `context` within `limits` (for tests of the limits).
    package func render(_ name: String, _ context: MustacheValue, limits: RenderLimits) throws(MustacheError) -> String {
        try render(name, context, limits: limits, checkingNames: .no).text.string
    }

    private func render(
        _ name: String, _ context: MustacheValue, limits: RenderLimits, checkingNames: Renderer.NameCheck
    ) throws(MustacheError) -> (text: RenderedText, missing: [MustacheError]) {
        guard let template = templates[name] else {
            throw MustacheError(templateName: name, line: 0, column: 0, message: "no template named '\(name)'")
        }
        var renderer = Renderer(library: self, stack: [context], limits: limits)
        defer { renderer.output.deallocate() }
        renderer.nameCheck = checkingNames
        do {
            try renderer.render(template.nodes, indentation: "", blocks: [:])
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

/// Walks a node tree, writing its output.
struct Renderer {
    /// How deep partials and parents may include one another (a template may include itself).
    static let maximumIncludeDepth = 200

    let library: MustacheLibrary
    /// The context stack; names are looked up from the top (last) down.
    var stack: [MustacheValue]
    let limits: RenderLimits
    /// The UTF-8 output so far (freed by the caller, after taking its text).
    var output = OutputBuffer()
    var includeDepth = 0
    /// Steps taken so far, against `limits.maximumSteps`.
    var steps = 0

    /// What to do about a tag whose name the context stack does not have.
    enum NameCheck {
        /// Render it as nothing, as the specification says.
        case no
        /// Render it as nothing, and report it in `missing`.
        case report
        /// Throw an error at the tag.
        case strict
    }

    var nameCheck = NameCheck.no
    /// The tags whose names were missing (with `.report`), each position once.
    var missing: [MustacheError] = []
    private var missingPositions: Set<String> = []

    init(library: MustacheLibrary, stack: [MustacheValue], limits: RenderLimits = RenderLimits()) {
        self.library = library
        self.stack = stack
        self.limits = limits
    }

    mutating func render(_ nodes: [Node], indentation: String, blocks: [String: [Node]]) throws(MustacheError) {
        for node in nodes {
            try step()
            switch node {
            case .text(let text):
                try write(text)
            case .lineStart:
                if !indentation.isEmpty { try write(indentation) }
            case .variable(let name, let escaped, let location):
                let text = try checkedLookup(name, at: location).interpolatedText
                try write(escaped && library.escaping == .html ? Renderer.escapeHTML(text) : text)
            case .section(let name, let inverted, let children, let location):
                do {
                    let value = try checkedLookup(name, at: location)
                    if inverted {
                        if !value.isTruthy { try render(children, indentation: indentation, blocks: blocks) }
                    } else if case .array(let items) = value {
                        for item in items {
                            try step()
                            try renderPushing(item, children, indentation: indentation, blocks: blocks)
                        }
                    } else if value.isTruthy {
                        try renderPushing(value, children, indentation: indentation, blocks: blocks)
                    }
                } catch {
                    throw Renderer.locate(error, at: location)
                }
            case .partial(let include):
                guard let template = template(for: include) else { continue }
                try renderIncluded(template, include, indentation: indentation, blocks: blocks)
            case .parent(let include, let overrides):
                guard let template = template(for: include) else { continue }
                // The outermost override of a block wins.
                let merged = overrides.merging(blocks) { _, outer in outer }
                try renderIncluded(template, include, indentation: indentation, blocks: merged)
            case .block(let name, let children):
                try render(blocks[name] ?? children, indentation: indentation, blocks: blocks)
            }
        }
    }

    /// Counts one step of the budget: an increment and a compare.
    @inline(__always)
    private mutating func step() throws(MustacheError) {
        steps &+= 1
        if steps > limits.maximumSteps { throw budgetError() }
    }

    /// Appends to the output, within the budget. (A native string's UTF-8 is copied whole, not per character.)
    @inline(__always)
    private mutating func write(_ text: String) throws(MustacheError) {
        // From the string's storage as one buffer: `append(contentsOf: text.utf8)` copies through the generic
        // sequence path, several times slower for the million short pieces of a large render.
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in output.append(bytes) }
        if copied == nil { Array(text.utf8).withUnsafeBufferPointer { output.append($0) } }
        if output.count > limits.maximumOutputBytes { throw budgetError() }
    }

    /// The error for a spent budget. It has no position yet (an empty template name): the innermost
    /// section or partial tag it unwinds through gives it its own (see `locate`).
    @inline(never)
    private func budgetError() -> MustacheError {
        let what =
            steps > limits.maximumSteps
            ? "expands to more than \(limits.maximumSteps) steps"
            : "outputs more than \(limits.maximumOutputBytes) bytes"
        return MustacheError(
            templateName: "", line: 0, column: 0,
            message: "rendering stopped: the template \(what) (do partials include each other in a loop or fan out?)")
    }

    /// Gives a budget error the position of the tag being rendered when the budget ran out.
    private static func locate(_ error: MustacheError, at location: SourceLocation) -> MustacheError {
        error.templateName.isEmpty ? location.error(error.message) : error
    }

    private mutating func renderPushing(
        _ value: MustacheValue, _ nodes: [Node], indentation: String, blocks: [String: [Node]]
    ) throws(MustacheError) {
        stack.append(value)
        defer { stack.removeLast() }
        try render(nodes, indentation: indentation, blocks: blocks)
    }

    private mutating func renderIncluded(
        _ template: ParsedTemplate, _ include: Include, indentation: String, blocks: [String: [Node]]
    ) throws(MustacheError) {
        guard includeDepth < Renderer.maximumIncludeDepth else {
            throw include.location.error("partials nested too deeply (more than \(Renderer.maximumIncludeDepth))")
        }
        includeDepth += 1
        defer { includeDepth -= 1 }
        do {
            let indentation = include.indentation.isEmpty ? indentation : indentation + include.indentation
            try render(template.nodes, indentation: indentation, blocks: blocks)
        } catch {
            throw Renderer.locate(error, at: include.location)
        }
    }

    private func template(for include: Include) -> ParsedTemplate? {
        let name = include.isDynamic ? lookup(VariableName(include.name)).interpolatedText : include.name
        return library.templates[name]
    }

    /// Resolves a name: the first part against the context stack (top down), the rest inside that value.
    func lookup(_ name: VariableName) -> MustacheValue {
        resolve(name) ?? .null
    }

    /// `lookup`, reporting or throwing (per `nameCheck`) when the name is missing.
    @inline(__always)
    private mutating func checkedLookup(_ name: VariableName, at location: SourceLocation) throws(MustacheError) -> MustacheValue {
        if let value = resolve(name) { return value }
        if nameCheck != .no { try reportMissing(name, at: location) }
        return .null
    }

    @inline(never)
    private mutating func reportMissing(_ name: VariableName, at location: SourceLocation) throws(MustacheError) {
        let error = location.error("no value named '\(name.components.joined(separator: "."))' to render here")
        if nameCheck == .strict { throw error }
        if missingPositions.insert("\(location.templateName):\(location.line):\(location.column)").inserted {
            missing.append(error)
        }
    }

    /// The value of a name, or nil when the context does not have it (`.` is always there).
    private func resolve(_ name: VariableName) -> MustacheValue? {
        let components = name.components
        guard let first = components.first else { return stack.last ?? .null }
        let signature = name.signatures[0]
        var value: MustacheValue?
        var index = stack.count - 1
        while index >= 0 {
            if case .dictionary(let entries) = stack[index], let found = entries[first, signature] {
                value = found
                break
            }
            index -= 1
        }
        guard var value else { return nil }
        var part = 1
        while part < components.count {
            guard case .dictionary(let entries) = value, let found = entries[components[part], name.signatures[part]]
            else { return nil }
            value = found
            part += 1
        }
        return value
    }

    static func escapeHTML(_ text: String) -> String {
        guard text.contains(where: { "&\"<>".contains($0) }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.count + 16)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
