/// Builds the node tree of a template from its tokens, one line at a time, applying the
/// standalone-line rule of the Mustache specification.
///
/// Nesting is tracked with an explicit stack and bounded by `maximumNesting`, so a hostile
/// template cannot exhaust the thread's stack while it is parsed or rendered.
struct Parser {
    /// The deepest nesting of sections, inverted sections, parents and blocks a template may have.
    static let maximumNesting = 256

    /// A container being filled: the root, or an open section, inverted section, parent or block.
    private struct Frame {
        /// The opening tag; nil for the root.
        var token: Token?
        var children: [Node] = []
    }

    private let source: TemplateSource
    private let tokens: [Token]
    private var frames = [Frame(token: nil)]

    /// Parses a template source into a node tree.
    static func parse(_ source: TemplateSource) throws -> ParsedTemplate {
        var parser = Parser(source: source, tokens: try Scanner.tokenize(source))
        return ParsedTemplate(name: source.name, nodes: try parser.run())
    }

    private init(source: TemplateSource, tokens: [Token]) {
        self.source = source
        self.tokens = tokens
    }

    private mutating func run() throws -> [Node] {
        var index = 0
        while index < tokens.count {
            var lineEnd = index
            while lineEnd < tokens.count, tokens[lineEnd].kind != .newline { lineEnd += 1 }
            let newline = lineEnd < tokens.count ? tokens[lineEnd] : nil
            try processLine(tokens[index..<lineEnd], newline: newline)
            index = lineEnd + 1
        }
        if let open = frames.last?.token {
            throw error(at: open, "unclosed \(containerName(open)) '\(displayName(open))'")
        }
        return frames[0].children
    }

    /// Emits the nodes of one line. A line holding one non-interpolation tag and only blanks
    /// besides ("standalone") is removed from the output, blanks and line break included.
    private mutating func processLine(_ line: ArraySlice<Token>, newline: Token?) throws {
        if let tag = standaloneTag(line), let kind = tag.tagKind {
            let leading = line.prefix { $0.start < tag.start }.map(text).joined()
            try handle(tag, kind: kind, indentation: leading)
            return
        }
        if !line.isEmpty {
            append(.lineStart)
        }
        for token in line {
            switch token.kind {
            case .text:
                append(.text(text(token)))
            case .tag(let kind):
                try handle(token, kind: kind, indentation: "")
            case .newline:
                break
            }
        }
        if let newline {
            append(.text(text(newline)))
        }
    }

    private func standaloneTag(_ line: ArraySlice<Token>) -> Token? {
        var found: Token?
        for token in line {
            switch token.kind {
            case .newline:
                continue
            case .text:
                guard source.bytes[token.start..<token.end].allSatisfy(Byte.isBlank) else { return nil }
            case .tag(let kind):
                guard found == nil, kind.canStandAlone else { return nil }
                found = token
            }
        }
        return found
    }

    private mutating func handle(_ token: Token, kind: TagKind, indentation: String) throws {
        switch kind {
        case .comment, .setDelimiters:
            return
        case .variable(let escaped):
            append(.variable(VariableName(token.name), escaped: escaped, location: location(of: token)))
        case .partial:
            append(.partial(include(token, indentation: indentation)))
        case .section, .inverted, .parent, .block:
            guard frames.count <= Parser.maximumNesting else {
                throw error(at: token, "sections nested too deeply")
            }
            frames.append(Frame(token: token))
        case .close:
            try close(token, indentation: indentation)
        }
    }

    private mutating func close(_ token: Token, indentation: String) throws {
        guard frames.count > 1, let frame = frames.popLast(), let open = frame.token, let kind = open.tagKind else {
            throw error(at: token, "unexpected closing tag '\(token.name)'")
        }
        let closing = token.isDynamic ? "*" + token.name : token.name
        guard displayName(open) == closing else {
            throw error(at: token, "closing tag '\(closing)' does not match '\(displayName(open))'")
        }
        switch kind {
        case .parent:
            var overrides: [String: [Node]] = [:]
            for case .block(let name, let children) in frame.children where overrides[name] == nil {
                overrides[name] = children
            }
            append(.parent(include(open, indentation: ""), overrides: overrides))
        case .block:
            append(.block(open.name, children: frame.children))
        default:
            append(.section(
                VariableName(open.name), inverted: kind == .inverted, children: frame.children, location: location(of: open)))
        }
    }

    // MARK: - Helpers

    private mutating func append(_ node: Node) {
        let last = frames.count - 1
        if case .text(let new) = node, case .text(let previous)? = frames[last].children.last,
            !previous.hasSuffix("\n")
        {
            frames[last].children[frames[last].children.count - 1] = .text(previous + new)
        } else {
            frames[last].children.append(node)
        }
    }

    private func include(_ token: Token, indentation: String) -> Include {
        Include(name: token.name, isDynamic: token.isDynamic, indentation: indentation, location: location(of: token))
    }

    private func text(_ token: Token) -> String {
        source.text(token.start..<token.end)
    }

    private func containerName(_ token: Token) -> String {
        switch token.tagKind {
        case .block?: return "block"
        case .parent?: return "parent"
        default: return "section"
        }
    }

    /// The name as a closing tag must repeat it: dynamic names keep their `*`.
    private func displayName(_ token: Token) -> String {
        token.isDynamic ? "*" + token.name : token.name
    }

    private func location(of token: Token) -> SourceLocation {
        source.location(of: token.start, line: token.line, lineStart: token.lineStart)
    }

    private func error(at token: Token, _ message: String) -> MustacheError {
        location(of: token).error(message)
    }
}
