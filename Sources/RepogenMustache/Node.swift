/// A parsed template: its name and node tree, ready to render any number of times.
struct ParsedTemplate: Sendable {
    let name: String
    let nodes: [Node]
}

/// A name as written in a tag: a dotted path like `a.b.c`, or the implicit iterator `.`.
struct VariableName: Sendable, Equatable {
    /// The path's parts; empty for the implicit iterator `.`.
    let components: [String]
    /// Each part's `NameSignature`, for lookups.
    let signatures: [UInt64]

    init(_ text: String) {
        components = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        signatures = components.map(NameSignature.of)
    }
}

/// One element of a parsed template.
indirect enum Node: Sendable {
    /// Literal template text (may end with a line break; never contains one elsewhere).
    case text(String)
    /// The start of a template line that survives rendering: where a partial's indentation goes.
    case lineStart
    /// `{{name}}`, or `{{{name}}}` / `{{&name}}` when `escaped` is false.
    case variable(VariableName, escaped: Bool, location: SourceLocation)
    /// `{{#name}}...{{/name}}`, or `{{^name}}...{{/name}}` when `inverted`; `location` is the opening tag's,
    /// for errors raised while rendering.
    case section(VariableName, inverted: Bool, children: [Node], location: SourceLocation)
    /// `{{>name}}` or `{{>*name}}`; `indentation` is the whitespace before a standalone tag.
    case partial(Include)
    /// `{{<name}}...{{/name}}`: includes a template, overriding the blocks given here.
    case parent(Include, overrides: [String: [Node]])
    /// `{{$name}}...{{/name}}`: an overridable block whose children are the default content.
    case block(String, children: [Node])
}

/// What a partial or parent tag includes.
struct Include: Sendable {
    /// The template name, or for a dynamic name (`{{>*name}}`) the path whose value names the template.
    let name: String
    let isDynamic: Bool
    /// For a standalone tag: the whitespace before it, prepended to every line of the included template.
    let indentation: String
    /// Where the tag is, for errors raised while rendering.
    let location: SourceLocation
}
