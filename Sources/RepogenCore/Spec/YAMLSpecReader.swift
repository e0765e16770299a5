/// Reads the YAML-like spec format into the same `SpecNode` tree as JSON, with the offset of every value and key.
///
/// The subset, which covers what a hand-written spec needs:
/// - block mappings (`key: value`) and block sequences (`- item`), nested by indentation with spaces; a sequence
///   may sit at the same indentation as its key, and `- key: value` starts a mapping inside an item;
/// - flow sequences `[a, b]` and flow mappings `{k: v}`, nestable, which may span lines;
/// - plain, single-quoted (`''` is a quote) and double-quoted scalars (JSON escapes plus YAML's `\0 \a \e \v \x
///   \U \N \_ \L \P` and `\ `); quoted scalars are strings and stay on one line;
/// - plain scalars are typed as in YAML 1.2's JSON schema: `true`/`false`, `null`/`~`/nothing, JSON numbers;
///   anything else is a string, on one line, without `: ` or ` #` in it;
/// - `#` comments, on their own line or after whitespace;
/// - literal (`|`) and folded (`>`) block scalars with `-`/`+` chomping and an optional indentation digit;
/// - a leading byte-order mark, CRLF line ends, one optional `---` line before the document.
///
/// Everything else is an error with its line and column, not a silent misread: tabs for indentation, anchors
/// and aliases, tags, directives, complex keys (`? `), a second document, duplicate keys, bad indentation.
package struct YAMLSpecReader {
    /// Deeper nesting than this is an error rather than a risk to the stack.
    static let maximumDepth = 256

    let file: SpecFile
    let bytes: [UInt8]
    /// The start of the current line (block parsing moves line by line).
    var position = 0

    package init(file: SpecFile) {
        self.file = file
        self.bytes = file.bytes
    }

    /// Parses the whole file as one YAML document.
    /// - Throws: `Diagnostic` at the first syntax error.
    package static func read(_ file: SpecFile) throws(Diagnostic) -> SpecNode {
        var reader = YAMLSpecReader(file: file)
        return try reader.readDocument()
    }

    private mutating func readDocument() throws(Diagnostic) -> SpecNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
        }
        try checkEncoding()
        guard try nextContentLine() else { throw fail("the file is empty; expected a mapping of keys", at: 0) }
        if bytes[position] == UInt8(ascii: "%") {
            throw fail("directives ('%…') are not supported", at: position)
        }
        if isMarker("---", at: position) {
            let rest = skipBlanks(from: position + 3)
            guard isLineEnd(rest) || bytes[rest] == UInt8(ascii: "#") else {
                throw fail("put the document on the line after '---'", at: rest)
            }
            position = nextLine(after: position)
            guard try nextContentLine() else { throw fail("the file is empty; expected a mapping of keys", at: 0) }
        }
        let indent = try indentation()
        let node = try blockNode(at: position + indent, indent: indent, depth: 0)
        if try nextContentLine() {
            if isMarker("---", at: position) || isMarker("...", at: position) {
                throw fail("multiple documents are not supported; keep one spec per file", at: position)
            }
            let indent = try indentation()
            throw fail("unexpected text at column \(indent + 1); check the indentation", at: position + indent)
        }
        return node
    }

    // MARK: - Block structure

    /// The node whose first character is at `start`, where `indent` is the column its block is indented to.
    private mutating func blockNode(at start: Int, indent: Int, depth: Int) throws(Diagnostic) -> SpecNode {
        guard depth < Self.maximumDepth else { throw fail("nesting is deeper than \(Self.maximumDepth) levels", at: start) }
        if isSequenceItem(at: start) {
            return try blockSequence(firstItem: start, indent: column(of: start), depth: depth)
        }
        if bytes[start] == UInt8(ascii: "?"), start + 1 == bytes.count || isBlankOrLineEnd(start + 1) {
            throw fail("complex keys ('? ') are not supported", at: start)
        }
        if try isMappingEntry(at: start) {
            return try blockMapping(firstKey: start, indent: column(of: start), depth: depth)
        }
        if bytes[start] == UInt8(ascii: "|") || bytes[start] == UInt8(ascii: ">") {
            return try blockScalar(at: start, parentIndent: indent - 1)
        }
        let (node, end) = try inlineValue(at: start, depth: depth)
        try finishLine(after: end)
        return node
    }

    private mutating func blockMapping(firstKey: Int, indent: Int, depth: Int) throws(Diagnostic) -> SpecNode {
        var members: [SpecMember] = []
        var lines: [String: Int] = [:]
        var keyStart = firstKey
        while true {
            let (key, colon) = try mappingKey(at: keyStart)
            if let line = lines[key] {
                throw fail("duplicate key '\(key)' (first used on line \(line))", at: keyStart)
            }
            lines[key] = file.location(at: keyStart).line
            let value = try mappingValue(after: colon + 1, indent: indent, depth: depth + 1)
            members.append(SpecMember(key: key, keyOffset: keyStart, value: value))
            guard try nextContentLine() else { break }
            let next = try indentation()
            if next < indent || isMarker("---", at: position) || isMarker("...", at: position) { break }
            if next > indent {
                throw fail("unexpected indentation; expected a key at column \(indent + 1)", at: position + next)
            }
            keyStart = position + next
            if isSequenceItem(at: keyStart) {
                throw fail("expected a key at column \(indent + 1), found a list item", at: keyStart)
            }
            guard try isMappingEntry(at: keyStart) else {
                throw fail("expected 'key: value'", at: keyStart)
            }
        }
        return SpecNode(.object(members), offset: firstKey)
    }

    /// The value after `key:`: on the same line, or a block on the following lines.
    private mutating func mappingValue(after start: Int, indent: Int, depth: Int) throws(Diagnostic) -> SpecNode {
        let valueStart = skipBlanks(from: start)
        if !isLineEnd(valueStart), bytes[valueStart] != UInt8(ascii: "#") {
            if bytes[valueStart] == UInt8(ascii: "|") || bytes[valueStart] == UInt8(ascii: ">") {
                return try blockScalar(at: valueStart, parentIndent: indent)
            }
            guard depth < Self.maximumDepth else {
                throw fail("nesting is deeper than \(Self.maximumDepth) levels", at: valueStart)
            }
            let (node, end) = try inlineValue(at: valueStart, depth: depth)
            try finishLine(after: end)
            return node
        }
        position = nextLine(after: valueStart)
        guard try nextContentLine() else { return SpecNode(.null, offset: valueStart) }
        let next = try indentation()
        if next > indent || (next == indent && isSequenceItem(at: position + next)) {
            return try blockNode(at: position + next, indent: next, depth: depth)
        }
        return SpecNode(.null, offset: valueStart)
    }

    private mutating func blockSequence(firstItem: Int, indent: Int, depth: Int) throws(Diagnostic) -> SpecNode {
        var items: [SpecNode] = []
        var dash = firstItem
        while true {
            let itemStart = skipBlanks(from: dash + 1)
            if isLineEnd(itemStart) || bytes[itemStart] == UInt8(ascii: "#") {
                position = nextLine(after: itemStart)
                if try nextContentLine(), try indentation() > indent {
                    let next = try indentation()
                    items.append(try blockNode(at: position + next, indent: next, depth: depth + 1))
                } else {
                    items.append(SpecNode(.null, offset: itemStart))
                }
            } else {
                items.append(try blockNode(at: itemStart, indent: column(of: itemStart), depth: depth + 1))
            }
            guard try nextContentLine() else { break }
            let next = try indentation()
            if next < indent { break }
            if next > indent {
                throw fail("unexpected indentation; expected '- ' at column \(indent + 1)", at: position + next)
            }
            guard isSequenceItem(at: position + next) else { break }
            dash = position + next
        }
        return SpecNode(.array(items), offset: firstItem)
    }

    /// `|` or `>` with optional chomping (`-`, `+`) and indentation digit, then the more-indented lines below.
    private mutating func blockScalar(at start: Int, parentIndent: Int) throws(Diagnostic) -> SpecNode {
        let folded = bytes[start] == UInt8(ascii: ">")
        var index = start + 1
        var chomping: UInt8 = 0
        var explicitIndent: Int?
        while index < bytes.count, !isBlankOrLineEnd(index) {
            let byte = bytes[index]
            if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && chomping == 0 {
                chomping = byte
            } else if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9"), explicitIndent == nil {
                explicitIndent = Int(byte - UInt8(ascii: "0"))
            } else {
                throw fail("invalid block scalar header; expected '|' or '>' with '-', '+' or a digit", at: index)
            }
            index += 1
        }
        try finishLine(after: index)
        var blockIndent = explicitIndent.map { max(parentIndent, 0) + $0 }
        var lines: [String] = []
        while position < bytes.count {
            let end = lineEnd(from: position)
            var spaces = 0
            while position + spaces < end, bytes[position + spaces] == UInt8(ascii: " ") { spaces += 1 }
            let isEmpty = skipBlanks(from: position + spaces) >= end
            if !isEmpty {
                if blockIndent == nil {
                    guard spaces > parentIndent else { break }
                    blockIndent = spaces
                }
                guard let blockIndent, spaces >= blockIndent else { break }
            }
            let contentStart = position + min(spaces, blockIndent ?? spaces)
            lines.append(isEmpty && spaces <= (blockIndent ?? spaces) ? "" : text(contentStart..<end))
            position = nextLine(after: end)
        }
        var trailing = 0
        while lines.last == "" {
            lines.removeLast()
            trailing += 1
        }
        var value = folded ? Self.fold(lines) : lines.joined(separator: "\n")
        switch chomping {
        case UInt8(ascii: "-"): break
        case UInt8(ascii: "+"): value += String(repeating: "\n", count: lines.isEmpty ? trailing : trailing + 1)
        default: if !lines.isEmpty { value += "\n" }
        }
        return SpecNode(.string(value), offset: start)
    }

    /// Folding: lines join with a space; an empty line is a line break; more-indented lines keep their breaks.
    private static func fold(_ lines: [String]) -> String {
        var result = ""
        var previousWasText = false
        for line in lines {
            if line.isEmpty {
                result += "\n"
                previousWasText = false
            } else if line.first == " " || line.first == "\t" {
                result += (previousWasText ? "\n" : "") + line
                previousWasText = false
            } else {
                result += (previousWasText ? " " : "") + line
                previousWasText = true
            }
        }
        return result
    }

    // MARK: - Keys and inline values

    /// Whether the line from `start` is `key: …`.
    private func isMappingEntry(at start: Int) throws(Diagnostic) -> Bool {
        let end = lineEnd(from: start)
        var index = start
        if bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") {
            guard let close = closingQuote(from: start, lineEnd: end) else { return false }
            index = skipBlanks(from: close + 1)
            return index < end && bytes[index] == UInt8(ascii: ":") && isBlankOrLineEnd(index + 1)
        }
        if bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{") { return false }
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#"), index > start, Self.isBlank(bytes[index - 1]) { return false }
            if byte == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) { return true }
            index += 1
        }
        return false
    }

    /// The key at `start` and the offset of its colon.
    private func mappingKey(at start: Int) throws(Diagnostic) -> (String, Int) {
        let end = lineEnd(from: start)
        if bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") {
            let (key, after) = try quoted(at: start)
            let colon = skipBlanks(from: after)
            guard colon < end, bytes[colon] == UInt8(ascii: ":") else { throw fail("expected ':' after the key", at: colon) }
            return (key, colon)
        }
        try checkPlainStart(start)
        var colon = start
        while colon < end, !(bytes[colon] == UInt8(ascii: ":") && isBlankOrLineEnd(colon + 1)) { colon += 1 }
        var keyEnd = colon
        while keyEnd > start, Self.isBlank(bytes[keyEnd - 1]) { keyEnd -= 1 }
        return (text(start..<keyEnd), colon)
    }

    /// A value that fits on the line (a scalar) or starts there (a flow collection); returns it and its end.
    private func inlineValue(at start: Int, depth: Int) throws(Diagnostic) -> (SpecNode, Int) {
        switch bytes[start] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            var parser = FlowParser(reader: self, position: start)
            let node = try parser.value(depth: depth)
            return (node, parser.position)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let (value, end) = try quoted(at: start)
            return (SpecNode(.string(value), offset: start), end)
        default:
            try checkPlainStart(start)
            let end = lineEnd(from: start)
            var index = start
            while index < end {
                if bytes[index] == UInt8(ascii: "#"), Self.isBlank(bytes[index - 1]) { break }
                if bytes[index] == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) {
                    throw fail("a plain value cannot contain ': '; put the value in quotes", at: index)
                }
                index += 1
            }
            var valueEnd = index
            while valueEnd > start, Self.isBlank(bytes[valueEnd - 1]) { valueEnd -= 1 }
            return (plainScalar(start..<valueEnd), valueEnd)
        }
    }

    /// Rejects the indicators of YAML features outside the subset at the start of a plain scalar or key.
    func checkPlainStart(_ start: Int) throws(Diagnostic) {
        switch bytes[start] {
        case UInt8(ascii: "&"), UInt8(ascii: "*"): throw fail("anchors and aliases are not supported", at: start)
        case UInt8(ascii: "!"): throw fail("tags are not supported", at: start)
        case UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw fail("'\(Character(Unicode.Scalar(bytes[start])))' cannot start a plain value; put the value in quotes", at: start)
        case UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
            throw fail("unexpected '\(Character(Unicode.Scalar(bytes[start])))'; put the value in quotes", at: start)
        default: break
        }
    }

    /// Types a plain scalar: booleans, null, JSON numbers, else a string.
    func plainScalar(_ range: Range<Int>) -> SpecNode {
        let value = text(range)
        switch value {
        case "", "null", "~", "Null", "NULL": return SpecNode(.null, offset: range.lowerBound)
        case "true", "True", "TRUE": return SpecNode(.bool(true), offset: range.lowerBound)
        case "false", "False", "FALSE": return SpecNode(.bool(false), offset: range.lowerBound)
        default:
            return SpecNode(Self.isJSONNumber(value) ? .number(value) : .string(value), offset: range.lowerBound)
        }
    }

    static func isJSONNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        func digits() -> Int {
            var count = 0
            while let first = scalars.first, ("0"..."9").contains(first) {
                scalars.removeFirst()
                count += 1
            }
            return count
        }
        if scalars.first == "-" { scalars.removeFirst() }
        if scalars.first == "0" {
            scalars.removeFirst()
        } else if digits() == 0 {
            return false
        }
        if scalars.first == "." {
            scalars.removeFirst()
            guard digits() > 0 else { return false }
        }
        if scalars.first == "e" || scalars.first == "E" {
            scalars.removeFirst()
            if scalars.first == "+" || scalars.first == "-" { scalars.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return scalars.isEmpty
    }

    /// A single- or double-quoted scalar on one line; returns its value and the offset after the closing quote.
    func quoted(at start: Int) throws(Diagnostic) -> (String, Int) {
        let end = lineEnd(from: start)
        guard let close = closingQuote(from: start, lineEnd: end) else {
            throw fail("unterminated string; quoted values must end on the same line", at: start)
        }
        if bytes[start] == UInt8(ascii: "'") {
            // `''` is a quote: drop every second quote of each pair.
            var value: [UInt8] = []
            var index = start + 1
            while index < close {
                value.append(bytes[index])
                index += bytes[index] == UInt8(ascii: "'") ? 2 : 1
            }
            return (String(decoding: value, as: UTF8.self), close + 1)
        }
        return (try unescape((start + 1)..<close), close + 1)
    }

    /// The offset of the quote that closes the string opened at `start`, if it is on the same line.
    private func closingQuote(from start: Int, lineEnd end: Int) -> Int? {
        let quote = bytes[start]
        var index = start + 1
        while index < end {
            if quote == UInt8(ascii: "'") {
                if bytes[index] == quote {
                    if index + 1 < end, bytes[index + 1] == quote {
                        index += 2
                        continue
                    }
                    return index
                }
            } else if bytes[index] == UInt8(ascii: "\\") {
                index += 1
            } else if bytes[index] == quote {
                return index
            }
            index += 1
        }
        return nil
    }

    private func unescape(_ range: Range<Int>) throws(Diagnostic) -> String {
        var result = String.UnicodeScalarView()
        var index = range.lowerBound
        var literalStart = index
        func flush(_ upTo: Int) {
            result.append(contentsOf: text(literalStart..<upTo).unicodeScalars)
        }
        while index < range.upperBound {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            flush(index)
            let escapeStart = index
            index += 1
            guard index < range.upperBound else { throw fail("invalid escape sequence in a string", at: escapeStart) }
            let simple: [UInt8: Unicode.Scalar] = [
                UInt8(ascii: "0"): "\0", UInt8(ascii: "a"): "\u{07}", UInt8(ascii: "b"): "\u{08}",
                UInt8(ascii: "t"): "\t", UInt8(ascii: "\t"): "\t", UInt8(ascii: "n"): "\n", UInt8(ascii: "v"): "\u{0B}",
                UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "r"): "\r", UInt8(ascii: "e"): "\u{1B}",
                UInt8(ascii: " "): " ", UInt8(ascii: "\""): "\"", UInt8(ascii: "/"): "/", UInt8(ascii: "\\"): "\\",
                UInt8(ascii: "N"): "\u{85}", UInt8(ascii: "_"): "\u{A0}", UInt8(ascii: "L"): "\u{2028}",
                UInt8(ascii: "P"): "\u{2029}",
            ]
            if let scalar = simple[bytes[index]] {
                result.append(scalar)
                index += 1
            } else {
                let width: Int
                switch bytes[index] {
                case UInt8(ascii: "x"): width = 2
                case UInt8(ascii: "u"): width = 4
                case UInt8(ascii: "U"): width = 8
                default: throw fail("invalid escape sequence in a string", at: escapeStart)
                }
                var value = try hex(at: index + 1, count: width, limit: range.upperBound, escapeStart: escapeStart)
                index += 1 + width
                if width == 4, (0xD800...0xDBFF).contains(value) {
                    guard index + 1 < range.upperBound, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                        case let low = try hex(at: index + 2, count: 4, limit: range.upperBound, escapeStart: escapeStart),
                        (0xDC00...0xDFFF).contains(low)
                    else { throw fail("unpaired UTF-16 surrogate in '\\u' escape", at: escapeStart) }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                guard let scalar = Unicode.Scalar(value) else {
                    throw fail("the escape does not name a Unicode character", at: escapeStart)
                }
                result.append(scalar)
            }
            literalStart = index
        }
        flush(range.upperBound)
        return String(result)
    }

    private func hex(at start: Int, count: Int, limit: Int, escapeStart: Int) throws(Diagnostic) -> UInt32 {
        guard start + count <= limit else { throw fail("invalid escape sequence in a string", at: escapeStart) }
        var value: UInt32 = 0
        for byte in bytes[start..<(start + count)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid escape sequence in a string", at: escapeStart)
            }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    // MARK: - Lines

    /// Moves `position` to the start of the next line that holds something besides blanks and a comment.
    /// - Returns: false at the end of the file.
    private mutating func nextContentLine() throws(Diagnostic) -> Bool {
        while position < bytes.count {
            let content = skipBlanks(from: position)
            if isLineEnd(content) || bytes[content] == UInt8(ascii: "#") {
                position = nextLine(after: content)
                continue
            }
            return true
        }
        return false
    }

    /// The number of spaces that indent the current line; a tab among them is an error.
    private func indentation() throws(Diagnostic) -> Int {
        var index = position
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\t") {
            throw fail("tabs are not allowed for indentation; use spaces", at: index)
        }
        return index - position
    }

    /// After a value: only blanks and a comment may follow on its line; moves to the next line.
    private mutating func finishLine(after end: Int) throws(Diagnostic) {
        let rest = skipBlanks(from: end)
        guard isLineEnd(rest) || (bytes[rest] == UInt8(ascii: "#") && rest > end) else {
            throw fail("unexpected text after the value", at: rest)
        }
        position = nextLine(after: rest)
    }

    func isSequenceItem(at index: Int) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: "-") && isBlankOrLineEnd(index + 1)
    }

    private func isMarker(_ marker: String, at index: Int) -> Bool {
        let markerBytes = Array(marker.utf8)
        return bytes[index...].starts(with: markerBytes) && isBlankOrLineEnd(index + markerBytes.count)
    }

    /// The column (0-based, in bytes of leading spaces) of an offset: its distance from the line start.
    private func column(of index: Int) -> Int {
        var start = index
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return index - start
    }

    /// The offset of the line break (or the end) of the line holding `index`, before any `\r`.
    func lineEnd(from index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > index, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    private func nextLine(after index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return min(end + 1, bytes.count)
    }

    func isLineEnd(_ index: Int) -> Bool {
        index >= bytes.count || bytes[index] == UInt8(ascii: "\n")
            || (bytes[index] == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: "\n")))
    }

    func isBlankOrLineEnd(_ index: Int) -> Bool {
        isLineEnd(index) || Self.isBlank(bytes[index])
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    func skipBlanks(from index: Int) -> Int {
        var index = index
        while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
        return index
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func fail(_ message: String, at offset: Int) -> Diagnostic {
        Diagnostic(.error, message, at: file.location(at: offset))
    }

    /// The whole file must be UTF-8 text without NUL or other control characters besides tab, CR and LF.
    private func checkEncoding() throws(Diagnostic) {
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D || byte == 0x7F {
                    throw fail(byte == 0 ? "NUL byte; a spec must be text" : "control character U+\(String(format: byte)) is not allowed", at: index)
                }
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            guard length > 0, index + length <= bytes.count,
                let scalar = String(validating: bytes[index..<(index + length)], as: UTF8.self)?.unicodeScalars.first,
                scalar.utf8.count == length
            else { throw fail("invalid UTF-8", at: index) }
            index += length
        }
    }
}

extension String {
    /// `0x1B` -> `001B`.
    fileprivate init(format byte: UInt8) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = String(repeating: "0", count: 4 - hex.count) + hex
    }
}

/// Parses a flow collection (`[…]`, `{…}`), which may span lines and hold comments.
private struct FlowParser {
    let reader: YAMLSpecReader
    var position: Int
    var bytes: [UInt8] { reader.bytes }

    mutating func value(depth: Int) throws(Diagnostic) -> SpecNode {
        skipSpace()
        guard position < bytes.count else { throw reader.fail("unexpected end of file; expected a value", at: position) }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth < YAMLSpecReader.maximumDepth else {
                throw reader.fail("nesting is deeper than \(YAMLSpecReader.maximumDepth) levels", at: start)
            }
            return bytes[position] == UInt8(ascii: "[") ? try sequence(depth: depth + 1) : try mapping(depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let (text, end) = try reader.quoted(at: position)
            position = end
            return SpecNode(.string(text), offset: start)
        default:
            try reader.checkPlainStart(position)
            let end = plainEnd()
            position = end
            return reader.plainScalar(start..<end)
        }
    }

    private mutating func sequence(depth: Int) throws(Diagnostic) -> SpecNode {
        let open = position
        position += 1
        var items: [SpecNode] = []
        while true {
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow sequence; expected ']'", at: open) }
            if bytes[position] == UInt8(ascii: "]") { break }
            items.append(try value(depth: depth))
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow sequence; expected ']'", at: open) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: "]") {
                throw reader.fail("expected ',' or ']'", at: position)
            }
        }
        position += 1
        return SpecNode(.array(items), offset: open)
    }

    private mutating func mapping(depth: Int) throws(Diagnostic) -> SpecNode {
        let open = position
        position += 1
        var members: [SpecMember] = []
        var lines: [String: Int] = [:]
        while true {
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow mapping; expected '}'", at: open) }
            if bytes[position] == UInt8(ascii: "}") { break }
            let keyStart = position
            let keyNode = try value(depth: depth)
            let key: String
            switch keyNode.kind {
            case .string(let text): key = text
            case .number(let text): key = text
            case .bool(let flag): key = flag ? "true" : "false"
            default: throw reader.fail("expected a key", at: keyStart)
            }
            if let line = lines[key] {
                throw reader.fail("duplicate key '\(key)' (first used on line \(line))", at: keyStart)
            }
            lines[key] = reader.file.location(at: keyStart).line
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw reader.fail("expected ':' after the key", at: position)
            }
            position += 1
            skipSpace()
            let member: SpecNode
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "}") {
                member = SpecNode(.null, offset: position)
            } else {
                member = try value(depth: depth)
            }
            members.append(SpecMember(key: key, keyOffset: keyStart, value: member))
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow mapping; expected '}'", at: open) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: "}") {
                throw reader.fail("expected ',' or '}'", at: position)
            }
        }
        position += 1
        return SpecNode(.object(members), offset: open)
    }

    /// The end of a plain scalar inside a flow collection: before `,`, `]`, `}`, `: `, ` #` or the line end.
    private func plainEnd() -> Int {
        let start = position
        var index = position
        while index < bytes.count, !reader.isLineEnd(index) {
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { break }
            if byte == UInt8(ascii: ":"), index + 1 >= bytes.count || reader.isBlankOrLineEnd(index + 1)
                || [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[index + 1])
            {
                break
            }
            if byte == UInt8(ascii: "#"), index > start, YAMLSpecReader.isBlank(bytes[index - 1]) { break }
            index += 1
        }
        while index > start, YAMLSpecReader.isBlank(bytes[index - 1]) { index -= 1 }
        return index
    }

    /// Skips blanks, line breaks and comments.
    private mutating func skipSpace() {
        while position < bytes.count {
            let byte = bytes[position]
            if YAMLSpecReader.isBlank(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                position += 1
            } else if byte == UInt8(ascii: "#"), position == 0 || !(bytes[position - 1] > 0x20) {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else {
                return
            }
        }
    }
}
