/// The YAML reader's line scanner: content lines, line ends, blanks and columns, and the encoding check.
extension YAMLSpecReader {
    // MARK: - Lines

    /// Moves `position` to the start of the next line that holds something besides blanks and a comment.
    /// - Returns: false at the end of the file.
    @inline(never)
    mutating func nextContentLine() -> Bool {
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

    func isMarker(_ marker: StaticString, at index: Int) -> Bool {
        let count = marker.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = marker.withUTF8Buffer { markerBytes in
            markerBytes.elementsEqual(bytes[index..<(index + count)])
        }
        return matches && isBlankOrLineEnd(index + count)
    }

    /// `---` or `...` at the start of a line: the start or end of a document.
    func isDocumentMarker(at index: Int) -> Bool {
        isMarker("---", at: index) || isMarker("...", at: index)
    }

    /// The column (0-based, in bytes of leading spaces) of an offset: its distance from the line start.
    func column(of index: Int) -> Int {
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
    func checkEncoding() throws(Failure) {
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
