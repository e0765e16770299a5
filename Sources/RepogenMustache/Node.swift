/// A parsed template: its name and node tree, ready to render any number of times.
struct ParsedTemplate: Sendable {
    let name: String
    let nodes: [Node]
}

/// A name as written in a tag: a dotted path like `a.b.c`, or the implicit iterator `.`.
struct VariableName: Sendable, Equatable {
    /// The path's parts; empty for the implicit iterator `.`.
    let components: [String]

    init(_ text: String) {
        components = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// One element of a parsed template.
enum Node: Sendable {
    /// Literal template text (may contain line breaks).
    case text(String)
    /// `{{name}}`, or `{{{name}}}` / `{{&name}}` when `escaped` is false.
    case variable(VariableName, escaped: Bool)
    /// `{{#name}}...{{/name}}` or `{{^name}}...{{/name}}`.
    case section(SectionNode)
    /// `{{>name}}` or `{{>*name}}`.
    case partial(IncludeNode)
    /// `{{<name}}...{{/name}}`: a partial whose blocks are overridden.
    case parent(ParentNode)
    /// `{{$name}}...{{/name}}`: an overridable block with default content.
    case block(BlockNode)
}

/// A section or an inverted section.
final class SectionNode: Sendable {
    let name: VariableName
    let isInverted: Bool
    let children: [Node]

    init(name: VariableName, isInverted: Bool, children: [Node]) {
        self.name = name
        self.isInverted = isInverted
        self.children = children
    }
}

/// What a partial or parent tag includes, and how.
final class IncludeNode: Sendable {
    /// The template name; for a dynamic name, the path whose value is the template name.
    let name: String
    /// For `{{>*name}}`: the path to look up in the context to get the template name.
    let dynamicName: VariableName?
    /// For a standalone tag: the whitespace before it, prepended to each line of the
    /// included template. Nil for an inline tag.
    let indentation: String?
    /// Where the tag is, for errors raised while rendering (nesting too deep).
    let location: SourceLocation

    init(name: String, isDynamic: Bool, indentation: String?, location: SourceLocation) {
        self.name = name
        self.dynamicName = isDynamic ? VariableName(name) : nil
        self.indentation = indentation
        self.location = location
    }
}

/// A parent tag: the template to include, and the blocks it overrides in it.
final class ParentNode: Sendable {
    let include: IncludeNode
    /// The blocks written directly inside the parent tag, by name (the first one wins).
    let overrides: [String: BlockNode]

    init(include: IncludeNode, overrides: [String: BlockNode]) {
        self.include = include
        self.overrides = overrides
    }
}

/// A block: a parameter of the template it is in (its children are the default
/// content), or, directly inside a parent tag, the argument that overrides it.
final class BlockNode: Sendable {
    let name: String
    /// The content, with the block's own indentation already removed when it is standalone.
    let children: [Node]
    /// For a standalone block: the indentation to prepend to every line of the content
    /// rendered in its place. Nil for an inline block.
    let indentation: String?
    let location: SourceLocation

    init(name: String, children: [Node], indentation: String?, location: SourceLocation) {
        self.name = name
        self.children = children
        self.indentation = indentation
        self.location = location
    }
}
