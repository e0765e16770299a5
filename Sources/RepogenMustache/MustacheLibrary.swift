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
    public func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        guard let template = templates[name] else {
            throw MustacheError(templateName: name, line: 0, column: 0, message: "no template named '\(name)'")
        }
        var renderer = Renderer(library: self, stack: [context])
        try renderer.render(template.nodes, indentation: "", blocks: [:])
        return renderer.output
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

/// Walks a node tree, writing its output.
struct Renderer {
    /// How deep partials and parents may include one another (a template may include itself).
    static let maximumIncludeDepth = 200

    let library: MustacheLibrary
    /// The context stack; names are looked up from the top (last) down.
    var stack: [MustacheValue]
    var output = ""
    var includeDepth = 0

    mutating func render(_ nodes: [Node], indentation: String, blocks: [String: [Node]]) throws(MustacheError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .lineStart:
                output += indentation
            case .variable(let name, let escaped):
                let text = lookup(name).interpolatedText
                output += escaped && library.escaping == .html ? Renderer.escapeHTML(text) : text
            case .section(let name, let inverted, let children):
                let value = lookup(name)
                if inverted {
                    if !value.isTruthy { try render(children, indentation: indentation, blocks: blocks) }
                } else if case .array(let items) = value {
                    for item in items { try renderPushing(item, children, indentation: indentation, blocks: blocks) }
                } else if value.isTruthy {
                    try renderPushing(value, children, indentation: indentation, blocks: blocks)
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
        try render(template.nodes, indentation: indentation + include.indentation, blocks: blocks)
    }

    private func template(for include: Include) -> ParsedTemplate? {
        let name = include.isDynamic ? lookup(VariableName(include.name)).interpolatedText : include.name
        return library.templates[name]
    }

    /// Resolves a name: the first part against the context stack (top down), the rest inside that value.
    func lookup(_ name: VariableName) -> MustacheValue {
        guard let first = name.components.first else { return stack.last ?? .null }
        var value = MustacheValue.null
        for frame in stack.reversed() {
            if case .dictionary(let entries) = frame, let found = entries[first] {
                value = found
                break
            }
        }
        for component in name.components.dropFirst() {
            guard case .dictionary(let entries) = value, let found = entries[component] else { return .null }
            value = found
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
