/// The kinds of Mustache tags, named by their sigil.
enum TagKind: Equatable, Sendable {
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
    case variable(escaped: Bool)
    /// `{{#name}}`
    case section
    /// `{{^name}}`
    case inverted
    /// `{{/name}}`
    case close
    /// `{{! text }}`
    case comment
    /// `{{=<% %>=}}`
    case setDelimiters
    /// `{{>name}}` or the dynamic `{{>*name}}`
    case partial
    /// `{{<name}}` or the dynamic `{{<*name}}`
    case parent
    /// `{{$name}}`
    case block

    /// Whether a tag of this kind may stand alone on a line, which removes that line
    /// from the output. Only interpolation tags never do.
    var canStandAlone: Bool {
        if case .variable = self { return false }
        return true
    }

    /// Whether the tag opens a container that a `{{/name}}` tag must close.
    var opensContainer: Bool {
        switch self {
        case .section, .inverted, .parent, .block:
            return true
        case .variable, .close, .comment, .setDelimiters, .partial:
            return false
        }
    }
}

/// One lexical piece of a template: plain text, a line break, or a tag.
///
/// Text tokens never contain line breaks, so a template is a sequence of lines, each
/// made of text and tag tokens and ended by a newline token (or by the end of input).
struct Token: Sendable {
    enum Kind: Equatable, Sendable {
        /// Text without line breaks.
        case text
        /// `\n` or `\r\n`.
        case newline
        /// A tag, from its opening delimiter through its closing delimiter.
        case tag(TagKind)
    }

    var kind: Kind
    /// Byte offset of the first byte (for tags, the opening delimiter).
    var start: Int
    /// Byte offset just past the last byte.
    var end: Int
    /// For tags: the trimmed name, without sigil or the `*` of a dynamic name.
    var name: String = ""
    /// For partial and parent tags: whether the name is looked up in the context (`{{>*name}}`).
    var isDynamic: Bool = false
    /// The 1-based line `start` is on.
    var line: Int
    /// Byte offset where that line starts, to compute columns cheaply.
    var lineStart: Int

    /// The tag kind, or nil for text and newlines.
    var tagKind: TagKind? {
        if case .tag(let kind) = kind { return kind }
        return nil
    }
}
