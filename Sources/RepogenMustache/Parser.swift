/// Builds the node tree of a template from its tokens, one line at a time, applying the
/// standalone-line rules and block re-indentation.
///
/// Nesting is tracked with an explicit stack (no recursion), and bounded by
/// `maximumNesting` so that neither rendering nor freeing the tree can exhaust the
/// thread's stack.
struct Parser {
    /// The deepest nesting of sections, inverted sections, parents and blocks a template may have.
    static let maximumNesting = 256

    /// A container being filled: the root, or an open section, inverted section, parent or block.
    struct Frame {
        /// The opening tag's token index; nil for the root.
        var tokenIndex: Int?
        var kind: TagKind
        var children: [Node] = []
        /// Leading whitespace removed from every line inside this container (block re-indentation).
        var dedent: String
        /// Whether the opening tag stood alone on its line (possibly paired with another tag).
        var isStandalone = false
        /// For standalone tags: the whitespace before the tag on its line.
        var leadingWhitespace = ""
        /// For standalone blocks: the indentation common to the lines of the content.
        var contentIndentation = ""
    }

    let source: TemplateSource
    let tokens: [Token]
    var frames: [Frame]
    /// Text waiting to be appended to the innermost frame (adjacent text is merged).
    var pendingText = ""
    /// For each block's opening token: the token index of its closing tag.
    let blockEnds: [Int: Int]

    /// Parses a template source into a node tree.
    static func parse(_ source: TemplateSource) throws -> ParsedTemplate {
        let tokens = try Scanner.tokenize(source)
        var parser = Parser(source: source, tokens: tokens)
        return ParsedTemplate(name: source.name, nodes: try parser.run())
    }

    private init(source: TemplateSource, tokens: [Token]) {
        self.source = source
        self.tokens = tokens
        self.frames = [Frame(tokenIndex: nil, kind: .section, dedent: "")]
        self.blockEnds = Parser.matchBlocks(tokens)
    }

    private mutating func run() throws -> [Node] {
        var index = 0
        while index < tokens.count {
            var lineEnd = index
            while lineEnd < tokens.count, tokens[lineEnd].kind != .newline { lineEnd += 1 }
            let newline = lineEnd < tokens.count ? lineEnd : nil
            try processLine(index..<lineEnd, newline: newline)
            index = lineEnd + (newline == nil ? 0 : 1)
        }
        flushText()
        if frames.count > 1, let open = frames.last, let openIndex = open.tokenIndex {
            let token = tokens[openIndex]
            let what: String
            switch open.kind {
            case .block: what = "block"
            case .parent: what = "parent"
            default: what = "section"
            }
            throw error(at: token, "unclosed \(what) '\(displayName(token))'")
        }
        return frames.first?.children ?? []
    }

    /// Emits the nodes of one line: its tokens, then its newline unless the line stands alone.
    private mutating func processLine(_ range: Range<Int>, newline: Int?) throws {
        switch lineStyle(range) {
        case .inline:
            let dedent = currentDedent
            for index in range {
                let token = tokens[index]
                switch token.kind {
                case .text:
                    var text = source.text(token.start..<token.end)
                    if index == range.lowerBound, !dedent.isEmpty {
                        text = Indentation.removingCommonPrefix(dedent, from: text)
                    }
                    appendText(text)
                case .tag(let kind):
                    try handleTag(at: index, kind: kind, standalone: false, leading: "")
                case .newline:
                    break
                }
            }
            if let newline {
                appendText(source.text(tokens[newline].start..<tokens[newline].end))
            }
        case .standalone(let tags, let keepsNewline):
            let leading = range.prefix { $0 < tags[0] }.map { source.text(tokens[$0].start..<tokens[$0].end) }.joined()
            for tag in tags {
                guard let kind = tokens[tag].tagKind else { continue }
                try handleTag(at: tag, kind: kind, standalone: true, leading: leading)
            }
            if keepsNewline, let newline {
                appendText(source.text(tokens[newline].start..<tokens[newline].end))
            }
        }
    }

    private mutating func handleTag(at index: Int, kind: TagKind, standalone: Bool, leading: String) throws {
        let token = tokens[index]
        switch kind {
        case .comment, .setDelimiters:
            return
        case .variable(let escaped):
            appendNode(.variable(VariableName(token.name), escaped: escaped))
        case .partial:
            let indentation = standalone ? Indentation.removingCommonPrefix(currentDedent, from: leading) : nil
            appendNode(.partial(IncludeNode(
                name: token.name, isDynamic: token.isDynamic, indentation: indentation, location: location(of: token)
            )))
        case .section, .inverted, .parent, .block:
            try open(index, kind: kind, standalone: standalone, leading: leading)
        case .close:
            try close(index)
        }
    }

    private mutating func open(_ index: Int, kind: TagKind, standalone: Bool, leading: String) throws {
        flushText()
        guard frames.count <= Parser.maximumNesting else {
            throw error(at: tokens[index], "sections nested too deeply")
        }
        var frame = Frame(tokenIndex: index, kind: kind, dedent: currentDedent)
        frame.isStandalone = standalone
        frame.leadingWhitespace = leading
        if kind == .block, standalone, let end = blockEnds[index] {
            let content = tokens[index].end..<tokens[end].start
            frame.contentIndentation = Indentation.commonIndentation(of: source.bytes[content])
            frame.dedent = frame.contentIndentation
        }
        frames.append(frame)
    }

    private mutating func close(_ index: Int) throws {
        let token = tokens[index]
        flushText()
        guard frames.count > 1, let frame = frames.popLast(), let openIndex = frame.tokenIndex else {
            throw error(at: token, "unexpected closing tag '\(token.name)'")
        }
        let openToken = tokens[openIndex]
        guard displayName(openToken) == token.name else {
            throw error(at: token, "unexpected closing tag '\(token.name)', expected '\(displayName(openToken))'")
        }
        let outerDedent = currentDedent
        switch frame.kind {
        case .parent:
            var overrides: [String: BlockNode] = [:]
            for case .block(let block) in frame.children where overrides[block.name] == nil {
                overrides[block.name] = block
            }
            let indentation = frame.isStandalone
                ? Indentation.removingCommonPrefix(outerDedent, from: frame.leadingWhitespace) : nil
            let include = IncludeNode(
                name: openToken.name, isDynamic: openToken.isDynamic,
                indentation: indentation, location: location(of: openToken)
            )
            appendNode(.parent(ParentNode(include: include, overrides: overrides)))
        case .block:
            var indentation: String?
            if frame.isStandalone {
                let own = frame.contentIndentation.isEmpty ? frame.leadingWhitespace : frame.contentIndentation
                indentation = Indentation.removingCommonPrefix(outerDedent, from: own)
            }
            appendNode(.block(BlockNode(
                name: openToken.name, children: frame.children, indentation: indentation,
                location: location(of: openToken)
            )))
        default:
            appendNode(.section(SectionNode(
                name: VariableName(openToken.name), isInverted: frame.kind == .inverted, children: frame.children
            )))
        }
    }

    // MARK: - Helpers

    /// The dedent of the innermost frame: whitespace to strip from the start of each line.
    var currentDedent: String {
        frames.last?.dedent ?? ""
    }

    private mutating func appendText(_ text: String) {
        pendingText += text
    }

    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        frames[frames.count - 1].children.append(.text(pendingText))
        pendingText = ""
    }

    private mutating func appendNode(_ node: Node) {
        flushText()
        frames[frames.count - 1].children.append(node)
    }

    /// The name as a closing tag must repeat it: dynamic names keep their `*`.
    func displayName(_ token: Token) -> String {
        token.isDynamic ? "*" + token.name : token.name
    }

    func location(of token: Token) -> SourceLocation {
        source.location(of: token.start, line: token.line, lineStart: token.lineStart)
    }

    func error(at token: Token, _ message: String) -> MustacheError {
        location(of: token).error(message)
    }
}
