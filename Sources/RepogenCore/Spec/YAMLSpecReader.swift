/// Reads the YAML-like spec format into the same `SpecNode` tree as JSON, with the offset of every value and key.
///
/// The subset, which covers what a hand-written spec needs:
/// - block mappings (`key: value`) and block sequences (`- item`), nested by indentation with spaces; a sequence
///   may sit at the same indentation as its key (`inputs:` then `- name: a`), and `- key: value` starts a mapping
///   inside an item;
/// - flow sequences `[a, b]` and flow mappings `{k: v, k2: [1, 2]}`, nestable, which may span lines and hold comments;
/// - plain, single-quoted (`''` is a quote) and double-quoted scalars (JSON's escapes, surrogate pairs included, plus
///   YAML's `\0 \a \e \v \x \U \N \_ \L \P` and `\ `); quoted scalars are always strings and end on their line;
/// - plain scalars are typed as in YAML 1.2's core schema, restricted to JSON's values: `true`/`True`/`TRUE` and
///   `false`/`False`/`FALSE` are booleans, `null`/`Null`/`NULL`/`~`/nothing is null, a JSON number
///   (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) is a number kept as written, and anything else is a string;
///   a plain scalar stays on one line and has no `: ` or ` #` in it (`a#b` is one string); keys are always strings;
/// - `#` comments, on their own line or after whitespace;
/// - literal (`|`) and folded (`>`) block scalars with `-` (strip) or `+` (keep) chomping and an optional
///   indentation digit;
/// - a leading byte-order mark, CRLF line ends, and one optional `---` line before the document.
///
/// Everything else is an error at its line and column, never a silent misread: tabs in indentation, anchors and
/// aliases, tags, directives, complex keys (`? `), a second document (`---` or `...` after the first), duplicate keys,
/// bad indentation, a plain value that continues on the next line, unterminated quotes and flow collections, a line
/// without `key: value`, nesting deeper than 256 levels, invalid UTF-8, NUL and other control characters.
package struct YAMLSpecReader {
    /// Deeper nesting than this is an error rather than a risk to the stack.
    ///
    /// The parser recurses once or twice per level. Errors are a small `Failure` until `read` makes the `Diagnostic`,
    /// and the helpers off the recursive path are `@inline(never)`, which keeps the frames small: the deepest
    /// nesting takes under 400 KB of stack in a release build.
    static let maximumDepth = 256

    let file: SpecFile
    let bytes: [UInt8]
    /// Where the text starts: after the byte-order mark, if there is one.
    let textStart: Int
    /// The start of the current line (block parsing moves line by line).
    var position: Int

    package init(file: SpecFile) {
        self.file = file
        self.bytes = file.bytes
        self.textStart = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.position = textStart
    }

    /// Parses the whole file as one YAML document.
    /// - Throws: `Diagnostic` at the first syntax error.
    package static func read(_ file: SpecFile) throws(Diagnostic) -> SpecNode {
        var reader = YAMLSpecReader(file: file)
        do {
            return try reader.readDocument()
        } catch {
            throw Diagnostic(.error, error.message, at: file.location(at: error.offset))
        }
    }

    /// A syntax error: its message and offset, made a `Diagnostic` (with line and column) once, by `read`.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    private mutating func readDocument() throws(Failure) -> SpecNode {
        try checkEncoding()
        guard nextContentLine() else { throw fail("the file is empty; expected a mapping of keys", at: 0) }
        if bytes[position] == UInt8(ascii: "%") {
            throw fail("directives ('%…') are not supported", at: position)
        }
        if isMarker("---", at: position) {
            let rest = skipBlanks(from: position + 3)
            guard isLineEnd(rest) || bytes[rest] == UInt8(ascii: "#") else {
                throw fail("put the document on the line after '---'", at: rest)
            }
            position = nextLine(after: rest)
            guard nextContentLine() else { throw fail("the file is empty; expected a mapping of keys", at: 0) }
        }
        if isDocumentMarker(at: position) {
            throw fail("multiple documents are not supported; keep one spec per file", at: position)
        }
        let indent = try indentation()
        let node = try blockNode(at: position + indent, parentIndent: -1, depth: 0)
        if nextContentLine() {
            if isDocumentMarker(at: position) {
                throw fail("multiple documents are not supported; keep one spec per file", at: position)
            }
            if node.isScalar {
                // `name:value` or a bare word, then more lines: the first line was meant as a key.
                throw notAnEntry(at: node.offset)
            }
            let indent = try indentation()
            throw fail("unexpected text at column \(indent + 1); check the indentation", at: position + indent)
        }
        return node
    }

    // MARK: - Block structure

    /// The node whose first character is at `start`; `parentIndent` is the indentation of the enclosing block
    /// (-1 at the top), which a block scalar's lines must exceed.
    private mutating func blockNode(at start: Int, parentIndent: Int, depth: Int) throws(Failure) -> SpecNode {
        if isSequenceItem(at: start) {
            guard depth < Self.maximumDepth else { throw tooDeep(at: start) }
            return try blockSequence(firstItem: start, indent: column(of: start), depth: depth)
        }
        if isMappingEntry(at: start) {
            guard depth < Self.maximumDepth else { throw tooDeep(at: start) }
            return try blockMapping(firstKey: start, indent: column(of: start), depth: depth)
        }
        if bytes[start] == UInt8(ascii: "|") || bytes[start] == UInt8(ascii: ">") {
            return try blockScalar(at: start, parentIndent: parentIndent)
        }
        let (node, end) = try inlineValue(at: start, depth: depth)
        try finishLine(after: end)
        return node
    }

    @inline(never)
    private mutating func blockMapping(firstKey: Int, indent: Int, depth: Int) throws(Failure) -> SpecNode {
        var members: [SpecMember] = []
        var seen: [String: Int] = [:]
        var keyStart = firstKey
        while true {
            let (key, colon) = try mappingKey(at: keyStart)
            try record(key, at: keyStart, in: &seen)
            let (value, inline) = try mappingValue(after: colon + 1, indent: indent, depth: depth + 1)
            members.append(SpecMember(key: key, keyOffset: keyStart, value: value))
            guard nextContentLine() else { break }
            let next = try indentation()
            if next < indent || isDocumentMarker(at: position) { break }
            if next > indent {
                throw badIndentation(at: position + next, afterScalar: inline, expectedKeyAt: indent)
            }
            keyStart = position + next
            if isSequenceItem(at: keyStart) {
                throw listItemInMapping(at: keyStart, indent: indent)
            }
            guard isMappingEntry(at: keyStart) else { throw notAnEntry(at: keyStart) }
        }
        return SpecNode(.object(members), offset: firstKey)
    }

    /// The value after `key:`: on the same line, or a block on the following lines.
    /// - Returns: the value, and whether it is a scalar on the key's line (which a more-indented line cannot follow).
    private mutating func mappingValue(after start: Int, indent: Int, depth: Int) throws(Failure) -> (SpecNode, Bool) {
        let valueStart = skipBlanks(from: start)
        if !isLineEnd(valueStart), bytes[valueStart] != UInt8(ascii: "#") {
            if bytes[valueStart] == UInt8(ascii: "|") || bytes[valueStart] == UInt8(ascii: ">") {
                return (try blockScalar(at: valueStart, parentIndent: indent), false)
            }
            let (node, end) = try inlineValue(at: valueStart, depth: depth)
            try finishLine(after: end)
            return (node, node.isScalar)
        }
        position = nextLine(after: valueStart)
        guard nextContentLine() else { return (SpecNode(.null, offset: valueStart), false) }
        let next = try indentation()
        if next > indent || (next == indent && isSequenceItem(at: position + next)) {
            return (try blockNode(at: position + next, parentIndent: indent, depth: depth), false)
        }
        return (SpecNode(.null, offset: valueStart), false)
    }

    @inline(never)
    private mutating func blockSequence(firstItem: Int, indent: Int, depth: Int) throws(Failure) -> SpecNode {
        var items: [SpecNode] = []
        var dash = firstItem
        while true {
            let itemStart = skipBlanks(from: dash + 1)
            var inline = false
            if isLineEnd(itemStart) || bytes[itemStart] == UInt8(ascii: "#") {
                // `-` alone: the item is the more-indented block below, or null.
                position = nextLine(after: itemStart)
                if nextContentLine(), try indentation() > indent {
                    let next = try indentation()
                    items.append(try blockNode(at: position + next, parentIndent: indent, depth: depth + 1))
                } else {
                    items.append(SpecNode(.null, offset: itemStart))
                }
            } else {
                if isSequenceItem(at: itemStart) || isMappingEntry(at: itemStart),
                    let tab = bytes[(dash + 1)..<itemStart].firstIndex(of: UInt8(ascii: "\t"))
                {
                    // `-<tab>key: value`: the tab would set the indentation of the mapping in the item.
                    throw fail("tabs are not allowed for indentation; use spaces", at: tab)
                }
                let item = try blockNode(at: itemStart, parentIndent: indent, depth: depth + 1)
                inline = item.isScalar && bytes[itemStart] != UInt8(ascii: "|") && bytes[itemStart] != UInt8(ascii: ">")
                items.append(item)
            }
            guard nextContentLine() else { break }
            let next = try indentation()
            if next < indent || isDocumentMarker(at: position) { break }
            if next > indent {
                throw badIndentation(at: position + next, afterScalar: inline, expectedItemAt: indent)
            }
            guard isSequenceItem(at: position + next) else { break }
            dash = position + next
        }
        return SpecNode(.array(items), offset: firstItem)
    }

    // MARK: - Keys and inline values

    /// Whether the line from `start` is `key: …` (a plain or quoted key, then `:` and a blank or the line end).
    @inline(never)
    private func isMappingEntry(at start: Int) -> Bool {
        let end = lineEnd(from: start)
        if bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") {
            guard let close = closingQuote(from: start) else { return false }
            let index = skipBlanks(from: close + 1)
            return index < end && bytes[index] == UInt8(ascii: ":") && isBlankOrLineEnd(index + 1)
        }
        if bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{") { return false }
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#"), index > start, Self.isBlank(bytes[index - 1]) { return false }
            if byte == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) { return true }
            index += 1
        }
        return false
    }

    /// The key at `start` (where `isMappingEntry` is true) and the offset of its colon.
    @inline(never)
    private func mappingKey(at start: Int) throws(Failure) -> (String, Int) {
        if bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") {
            let (key, after) = try quoted(at: start)
            let colon = skipBlanks(from: after)
            guard !isLineEnd(colon), bytes[colon] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the key", at: colon)
            }
            return (key, colon)
        }
        let end = lineEnd(from: start)
        var colon = start
        while colon < end, !(bytes[colon] == UInt8(ascii: ":") && isBlankOrLineEnd(colon + 1)) { colon += 1 }
        var keyEnd = colon
        while keyEnd > start, Self.isBlank(bytes[keyEnd - 1]) { keyEnd -= 1 }
        guard keyEnd > start else { throw fail("expected a key before ':'", at: colon) }
        try checkPlainStart(start)
        return (text(start..<keyEnd), colon)
    }

    /// A value that fits on the line (a scalar) or starts there (a flow collection); returns it and its end.
    @inline(never)
    private func inlineValue(at start: Int, depth: Int) throws(Failure) -> (SpecNode, Int) {
        switch bytes[start] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            var parser = FlowParser(reader: self, position: start)
            let node: SpecNode
            do {
                node = try parser.value(depth: depth)
            } catch {
                // Text like `{id}/x` has no `key: value` nor `a, b` in it; a mistyped collection has (no hint).
                let line = text(start..<lineEnd(from: start))
                throw line.contains(": ") || line.contains(", ") ? error : quoteHint(error, value: start)
            }
            // `path: {id}/x`, `name: [beta] app`: text after the collection means the value was meant as text.
            let rest = skipBlanks(from: parser.position)
            if !isLineEnd(rest), !(bytes[rest] == UInt8(ascii: "#") && rest > parser.position) {
                throw quoteHint(fail("unexpected text after the value", at: rest), value: start)
            }
            return (node, parser.position)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let (value, end) = try quoted(at: start)
            return (SpecNode(.string(value), offset: start), end)
        default:
            try checkPlainStart(start)
            let end = lineEnd(from: start)
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "#"), index > start, Self.isBlank(bytes[index - 1]) { break }
                if byte == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) {
                    throw fail("a plain value cannot contain ': '; put the value in quotes", at: index)
                }
                index += 1
            }
            var valueEnd = index
            while valueEnd > start, Self.isBlank(bytes[valueEnd - 1]) { valueEnd -= 1 }
            return (plainScalar(start..<valueEnd), valueEnd)
        }
    }

    // MARK: - Errors

    /// A flow mapping that does not parse, at the start of a value: it may be text that starts with `{` (a path
    /// `{id}/items`), which YAML reads as a mapping; say to quote it.
    @inline(never)
    func quoteHint(_ failure: Failure, value start: Int) -> Failure {
        let end = lineEnd(from: start)
        // `{` only: text like `{id}/items` is what people write; a `[` value is almost always a list.
        guard bytes[start] == UInt8(ascii: "{"), failure.offset <= end, !failure.message.hasPrefix("nesting") else {
            return failure
        }
        var text = self.text(start..<end)
        if let comment = text.range(of: " #") { text = String(text[..<comment.lowerBound]) }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        let quoted = text.contains("\"") ? "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
            : "\"" + text + "\""
        return fail(
            failure.message + "; a value that starts with '{' is a mapping in YAML: if it is text, put it in quotes "
                + "(\(quoted))", at: failure.offset)
    }

    @inline(never)
    func fail(_ message: String, at offset: Int) -> Failure {
        Failure(message: message, offset: offset)
    }

    @inline(never)
    func tooDeep(at offset: Int) -> Failure {
        fail("nesting is deeper than \(Self.maximumDepth) levels", at: offset)
    }

    /// Remembers where a mapping's key is; a second use is an error.
    @inline(never)
    func record(_ key: String, at offset: Int, in seen: inout [String: Int]) throws(Failure) {
        if let first = seen.updateValue(offset, forKey: key) {
            throw duplicateKey(key, first: first, at: offset)
        }
    }

    /// The JSON reader's wording, pointing at the second use of the key.
    @inline(never)
    func duplicateKey(_ key: String, first: Int, at offset: Int) -> Failure {
        fail("duplicate key '\(key)' (first used on line \(file.location(at: first).line))", at: offset)
    }

    /// A line where a `key: value` was expected but that is not one.
    @inline(never)
    private func notAnEntry(at start: Int) -> Failure {
        if bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'"), closingQuote(from: start) == nil {
            return fail("unterminated string; quoted values must end on the same line", at: start)
        }
        // `key:value`: a colon before any comment, but without a space after it.
        var index = start + 1
        let end = lineEnd(from: start)
        while index < end, !(bytes[index] == UInt8(ascii: "#") && Self.isBlank(bytes[index - 1])) {
            if bytes[index] == UInt8(ascii: ":") {
                return fail("expected 'key: value' with a space after ':'", at: start)
            }
            index += 1
        }
        return fail("expected 'key: value'", at: start)
    }

    /// A line indented deeper than the mapping (whose keys are at `expectedKeyAt`) or the sequence (whose dashes are
    /// at `expectedItemAt`) it follows.
    @inline(never)
    private func badIndentation(
        at start: Int, afterScalar: Bool, expectedKeyAt keyIndent: Int? = nil, expectedItemAt itemIndent: Int? = nil
    ) -> Failure {
        if afterScalar, !isSequenceItem(at: start), !isMappingEntry(at: start) {
            return fail(
                "unexpected indentation; a value cannot continue on the next line (use '|' or '>' for multi-line text)",
                at: start)
        }
        if let itemIndent {
            return fail("unexpected indentation; expected '- ' at column \(itemIndent + 1)", at: start)
        }
        return fail("unexpected indentation; expected a key at column \((keyIndent ?? 0) + 1)", at: start)
    }

    @inline(never)
    private func listItemInMapping(at start: Int, indent: Int) -> Failure {
        fail("expected a key at column \(indent + 1), found a list item", at: start)
    }

    // MARK: - Lines

    /// Moves `position` to the start of the next line that holds something besides blanks and a comment.
    /// - Returns: false at the end of the file.
    @inline(never)
    private mutating func nextContentLine() -> Bool {
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
    @inline(never)
    func indentation() throws(Failure) -> Int {
        var index = position
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\t") {
            throw fail("tabs are not allowed for indentation; use spaces", at: index)
        }
        return index - position
    }

    /// After a value: only blanks and a comment may follow on its line; moves to the next line.
    @inline(never)
    mutating func finishLine(after end: Int) throws(Failure) {
        let rest = skipBlanks(from: end)
        guard isLineEnd(rest) || (bytes[rest] == UInt8(ascii: "#") && rest > end) else {
            throw fail("unexpected text after the value", at: rest)
        }
        position = nextLine(after: rest)
    }

    func isSequenceItem(at index: Int) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: "-") && isBlankOrLineEnd(index + 1)
    }

    private func isMarker(_ marker: StaticString, at index: Int) -> Bool {
        let count = marker.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = marker.withUTF8Buffer { markerBytes in
            markerBytes.elementsEqual(bytes[index..<(index + count)])
        }
        return matches && isBlankOrLineEnd(index + count)
    }

    /// `---` or `...` at the start of a line: the start or end of a document.
    private func isDocumentMarker(at index: Int) -> Bool {
        isMarker("---", at: index) || isMarker("...", at: index)
    }

    /// The column (0-based, in bytes of leading spaces) of an offset: its distance from the line start.
    private func column(of index: Int) -> Int {
        var start = index
        while start > textStart, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return index - start
    }

    /// The offset of the line break (or the end) of the line holding `index`, before any `\r`.
    func lineEnd(from index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > index, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    func nextLine(after index: Int) -> Int {
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

    /// The text of a range the encoding check has already validated.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: - Encoding

    /// The whole file must be UTF-8 text without NUL or other control characters besides tab and line ends
    /// (LF or CRLF: a lone CR, which YAML would read as a line break, is an error rather than a misread).
    private func checkEncoding() throws(Failure) {
        var index = textStart
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0x0D, index + 1 == bytes.count || bytes[index + 1] != 0x0A {
                    throw fail("a carriage return (CR) without a line feed; end lines with LF or CRLF", at: index)
                }
                if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                    if byte == 0 { throw fail("NUL byte; a spec must be text", at: index) }
                    throw fail("control character U+\(Self.hex4(byte)) is not allowed", at: index)
                }
                index += 1
                continue
            }
            let length = Self.utf8SequenceLength(bytes, at: index)
            guard length > 0 else { throw fail("invalid UTF-8", at: index) }
            index += length
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode Table 3-7), or 0 if it is not one.
    static func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let range = offset == 1 ? low...high : 0x80...0xBF
            guard range.contains(byte) else { return 0 }
        }
        return length
    }

    /// `0x1B` -> `001B`.
    private static func hex4(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }
}

extension SpecNode {
    /// A string, number, boolean or null: not a mapping or a sequence.
    fileprivate var isScalar: Bool {
        switch kind {
        case .object, .array: return false
        case .string, .number, .bool, .null: return true
        }
    }
}

/// Parses a flow collection (`[…]`, `{…}`), which may span lines and hold comments.
private struct FlowParser {
    let reader: YAMLSpecReader
    let bytes: [UInt8]
    var position: Int

    init(reader: YAMLSpecReader, position: Int) {
        self.reader = reader
        self.bytes = reader.bytes
        self.position = position
    }

    /// A value inside a flow collection, or the collection itself; `depth` counts the collections around it.
    mutating func value(depth: Int) throws(YAMLSpecReader.Failure) -> SpecNode {
        skipSpace()
        guard position < bytes.count else { throw reader.fail("unexpected end of file; expected a value", at: position) }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth < YAMLSpecReader.maximumDepth else { throw reader.tooDeep(at: start) }
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

    @inline(never)
    private mutating func sequence(depth: Int) throws(YAMLSpecReader.Failure) -> SpecNode {
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

    @inline(never)
    private mutating func mapping(depth: Int) throws(YAMLSpecReader.Failure) -> SpecNode {
        let open = position
        position += 1
        var members: [SpecMember] = []
        var seen: [String: Int] = [:]
        while true {
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow mapping; expected '}'", at: open) }
            if bytes[position] == UInt8(ascii: "}") { break }
            let keyStart = position
            let key = try key()
            try reader.record(key, at: keyStart, in: &seen)
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow mapping; expected '}'", at: open) }
            guard bytes[position] == UInt8(ascii: ":") else { throw reader.fail("expected ':' after the key", at: position) }
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

    /// A key of a flow mapping: quoted, or plain text taken as a string (`{1: a, null: b}` has the keys "1", "null").
    @inline(never)
    private mutating func key() throws(YAMLSpecReader.Failure) -> String {
        let start = position
        switch bytes[start] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let (text, end) = try reader.quoted(at: start)
            position = end
            return text
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            throw reader.fail("complex keys are not supported; a key must be a string", at: start)
        case UInt8(ascii: ":"):
            throw reader.fail("expected a key before ':'", at: start)
        default:
            try reader.checkPlainStart(start)
            let end = plainEnd()
            guard end > start else { throw reader.fail("expected a key", at: start) }
            position = end
            return reader.text(start..<end)
        }
    }

    /// The end of a plain scalar inside a flow collection: before `,`, `[`, `]`, `{`, `}`, a `:` followed by a blank
    /// or one of those, ` #`, or the line end; trailing blanks are not part of it.
    @inline(never)
    private func plainEnd() -> Int {
        let start = position
        var index = position
        scan: while index < bytes.count, !reader.isLineEnd(index) {
            switch bytes[index] {
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                break scan
            case UInt8(ascii: ":"):
                if reader.isBlankOrLineEnd(index + 1) || Self.isFlowIndicator(bytes[index + 1]) { break scan }
            case UInt8(ascii: "#"):
                if index > start, YAMLSpecReader.isBlank(bytes[index - 1]) { break scan }
            default:
                break
            }
            index += 1
        }
        while index > start, YAMLSpecReader.isBlank(bytes[index - 1]) { index -= 1 }
        return index
    }

    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{")
            || byte == UInt8(ascii: "}")
    }

    /// Skips blanks, line breaks and comments (a `#` at a line start or after whitespace).
    private mutating func skipSpace() {
        while position < bytes.count {
            let byte = bytes[position]
            if YAMLSpecReader.isBlank(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                position += 1
            } else if byte == UInt8(ascii: "#"), position == 0 || bytes[position - 1] <= 0x20 {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else {
                return
            }
        }
    }
}
