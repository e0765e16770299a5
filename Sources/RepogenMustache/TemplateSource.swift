/// The UTF-8 bytes of one template, with what is needed to turn byte offsets into
/// line and column numbers.
struct TemplateSource: Sendable {
    let name: String
    let bytes: [UInt8]

    init(name: String, text: String) {
        self.name = name
        self.bytes = Array(text.utf8)
    }

    /// The text of a byte range. Ranges always start and end on scalar boundaries
    /// (delimiters, newlines and tag contents are cut at ASCII bytes or whole delimiters).
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The line (1-based, counting `\n`) and column (1-based, in `Character`s) of a byte offset.
    ///
    /// `line` and `lineStart` may be given when the caller already knows the line, which
    /// saves rescanning the source from the beginning.
    func location(of offset: Int, line knownLine: Int? = nil, lineStart knownStart: Int? = nil) -> SourceLocation {
        let clamped = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        if let knownLine, let knownStart, knownStart <= clamped {
            line = knownLine
            lineStart = knownStart
        }
        var index = lineStart
        while index < clamped {
            if bytes[index] == Byte.newline {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        let column = String(decoding: bytes[lineStart..<clamped], as: UTF8.self).count + 1
        return SourceLocation(templateName: name, line: line, column: column)
    }

    /// Makes an error at a byte offset.
    func error(at offset: Int, line: Int? = nil, lineStart: Int? = nil, _ message: String) -> MustacheError {
        location(of: offset, line: line, lineStart: lineStart).error(message)
    }
}

/// ASCII bytes the scanner and renderer look for.
enum Byte {
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let equals: UInt8 = 0x3D
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let asterisk: UInt8 = 0x2A
    static let period: UInt8 = 0x2E

    /// Space or tab: the whitespace that may surround a standalone tag.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// Any ASCII whitespace, as allowed inside tags around names.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn
            || byte == 0x0B || byte == 0x0C
    }
}
