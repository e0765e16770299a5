/// Splits a template source into text, newline and tag tokens, following set-delimiter tags.
struct Scanner {
    private let source: TemplateSource
    private var bytes: [UInt8] { source.bytes }
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)
    private var line = 1
    private var lineStart = 0
    private var tokens: [Token] = []

    init(source: TemplateSource) {
        self.source = source
    }

    /// Tokenizes the whole source. Throws on unclosed tags, bad names and bad delimiters.
    static func tokenize(_ source: TemplateSource) throws -> [Token] {
        var scanner = Scanner(source: source)
        return try scanner.run()
    }

    private mutating func run() throws -> [Token] {
        var position = 0
        let count = bytes.count
        while position < count {
            guard let tagStart = find(openDelimiter, from: position) else {
                emitText(position..<count)
                break
            }
            emitText(position..<tagStart)
            position = try scanTag(at: tagStart)
        }
        return tokens
    }

    /// Emits text and newline tokens for a stretch of template text.
    private mutating func emitText(_ range: Range<Int>) {
        var segmentStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == Byte.newline {
                var newlineStart = index
                if index > segmentStart, bytes[index - 1] == Byte.carriageReturn {
                    newlineStart = index - 1
                }
                if newlineStart > segmentStart {
                    append(.text, segmentStart..<newlineStart)
                }
                append(.newline, newlineStart..<(index + 1))
                line += 1
                lineStart = index + 1
                segmentStart = index + 1
            }
            index += 1
        }
        if segmentStart < range.upperBound {
            append(.text, segmentStart..<range.upperBound)
        }
    }

    private mutating func append(_ kind: Token.Kind, _ range: Range<Int>, name: String = "", dynamic: Bool = false) {
        tokens.append(Token(
            kind: kind, start: range.lowerBound, end: range.upperBound,
            name: name, isDynamic: dynamic, line: line, lineStart: lineStart
        ))
    }

    /// Scans the tag whose opening delimiter starts at `start`; returns the offset after it.
    private mutating func scanTag(at start: Int) throws -> Int {
        let contentStart = start + openDelimiter.count
        let sigil = contentStart < bytes.count ? bytes[contentStart] : 0
        let kind: TagKind
        let content: Range<Int>
        let end: Int
        var newDelimiters: ([UInt8], [UInt8])?

        switch sigil {
        case Byte.openBrace:
            let closing = [Byte.closeBrace] + closeDelimiter
            guard let closeAt = find(closing, from: contentStart + 1) else { throw error(at: start, "unclosed tag") }
            kind = .variable(escaped: false)
            content = (contentStart + 1)..<closeAt
            end = closeAt + closing.count
        case Byte.equals:
            let closing = [Byte.equals] + closeDelimiter
            guard let closeAt = find(closing, from: contentStart + 1) else {
                if find(closeDelimiter, from: contentStart + 1) != nil {
                    throw error(at: start, "invalid set-delimiter tag")
                }
                throw error(at: start, "unclosed tag")
            }
            kind = .setDelimiters
            content = (contentStart + 1)..<closeAt
            end = closeAt + closing.count
            guard let delimiters = parseDelimiters(content) else {
                throw error(at: start, "invalid set-delimiter tag")
            }
            newDelimiters = delimiters
        default:
            guard let closeAt = find(closeDelimiter, from: contentStart) else { throw error(at: start, "unclosed tag") }
            end = closeAt + closeDelimiter.count
            if contentStart < closeAt, let sigilKind = Scanner.kind(forSigil: sigil) {
                kind = sigilKind
                content = (contentStart + 1)..<closeAt
            } else {
                kind = .variable(escaped: true)
                content = contentStart..<closeAt
            }
        }

        let (name, dynamic) = try tagName(kind, content, tagStart: start)
        append(.tag(kind), start..<end, name: name, dynamic: dynamic)
        advanceLines(through: start..<end)
        if let (open, close) = newDelimiters {
            openDelimiter = open
            closeDelimiter = close
        }
        return end
    }

    /// The tag kind a sigil byte (the first byte inside the delimiters) announces.
    private static func kind(forSigil sigil: UInt8) -> TagKind? {
        switch sigil {
        case 0x23: return .section  // #
        case 0x5E: return .inverted  // ^
        case 0x2F: return .close  // /
        case 0x21: return .comment  // !
        case 0x3E: return .partial  // >
        case 0x3C: return .parent  // <
        case 0x24: return .block  // $
        case 0x26: return .variable(escaped: false)  // &
        default: return nil
        }
    }

    /// Validates and extracts the name of a tag.
    private func tagName(_ kind: TagKind, _ content: Range<Int>, tagStart: Int) throws -> (String, Bool) {
        switch kind {
        case .comment, .setDelimiters:
            return ("", false)
        default:
            break
        }
        var range = trimmed(content)
        var dynamic = false
        if kind == .partial || kind == .parent, range.lowerBound < range.upperBound, bytes[range.lowerBound] == Byte.asterisk {
            dynamic = true
            range = trimmed((range.lowerBound + 1)..<range.upperBound)
        }
        guard !range.isEmpty else { throw error(at: tagStart, "empty tag name") }
        let name = source.text(range)
        if bytes[range].contains(where: Byte.isWhitespace) {
            throw error(at: tagStart, "invalid tag name '\(name)'")
        }
        let isDotted: Bool
        switch kind {
        case .variable, .section, .inverted, .close: isDotted = true
        default: isDotted = dynamic
        }
        if isDotted, name != ".", name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw error(at: tagStart, "invalid tag name '\(name)'")
        }
        return (name, dynamic)
    }

    /// Parses the inside of `{{=open close=}}` into two delimiters.
    private func parseDelimiters(_ content: Range<Int>) -> ([UInt8], [UInt8])? {
        let parts = bytes[content].split(whereSeparator: Byte.isWhitespace)
        guard parts.count == 2 else { return nil }
        guard !parts.contains(where: { $0.isEmpty || $0.contains(Byte.equals) }) else { return nil }
        return (Array(parts[0]), Array(parts[1]))
    }

    /// Keeps line numbering right across tags that span lines (multi-line comments).
    private mutating func advanceLines(through range: Range<Int>) {
        for index in range where bytes[index] == Byte.newline {
            line += 1
            lineStart = index + 1
        }
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Byte.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, Byte.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// The offset of the first occurrence of `pattern` at or after `from`.
    private func find(_ pattern: [UInt8], from: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        let last = bytes.count - pattern.count
        var index = from
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < pattern.count, bytes[index + offset] == pattern[offset] { offset += 1 }
                if offset == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }

    private func error(at offset: Int, _ message: String) -> MustacheError {
        source.error(at: offset, line: line, lineStart: lineStart, message)
    }
}
