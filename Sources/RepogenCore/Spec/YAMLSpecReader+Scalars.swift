/// Scalars of the YAML-like format: plain (typed), single- and double-quoted, and literal or folded block scalars.
extension YAMLSpecReader {
    // MARK: - Plain scalars

    /// Rejects the indicators of YAML features outside the subset at the start of a plain scalar or key.
    @inline(never)
    func checkPlainStart(_ start: Int) throws(Failure) {
        let byte = bytes[start]
        func quotedByte() -> String { "'\(Character(Unicode.Scalar(byte)))'" }
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "*"):
            throw fail("anchors and aliases are not supported", at: start)
        case UInt8(ascii: "!"):
            throw fail("tags are not supported", at: start)
        case UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "#"):
            throw fail("\(quotedByte()) cannot start a plain value; put the value in quotes", at: start)
        case UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
            throw fail("unexpected \(quotedByte()); put the value in quotes", at: start)
        case UInt8(ascii: "-") where isBlankOrLineEnd(start + 1):
            throw fail("a list item ('- ') cannot start here; put it on a line of its own", at: start)
        case UInt8(ascii: "?") where isBlankOrLineEnd(start + 1):
            throw fail("complex keys ('? ') are not supported", at: start)
        case UInt8(ascii: ":") where isBlankOrLineEnd(start + 1):
            throw fail("unexpected ':'; put the value in quotes", at: start)
        default:
            break
        }
    }

    /// Types a plain scalar as YAML 1.2's core schema does, restricted to JSON: booleans, null, JSON numbers
    /// (kept as written), else a string.
    @inline(never)
    func plainScalar(_ range: Range<Int>) -> SpecNode {
        let value = text(range)
        switch value {
        case "", "~", "null", "Null", "NULL": return SpecNode(.null, offset: range.lowerBound)
        case "true", "True", "TRUE": return SpecNode(.bool(true), offset: range.lowerBound)
        case "false", "False", "FALSE": return SpecNode(.bool(false), offset: range.lowerBound)
        default:
            return SpecNode(Self.isJSONNumber(bytes[range]) ? .number(value) : .string(value), offset: range.lowerBound)
        }
    }

    /// Whether the text matches JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        func digits() -> Int {
            let from = index
            while index < text.endIndex, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if index < text.endIndex, text[index] == UInt8(ascii: "-") { index += 1 }
        if index < text.endIndex, text[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < text.endIndex, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.endIndex
    }

    // MARK: - Quoted scalars

    /// A single- or double-quoted scalar on one line (or, `acrossLines`, over several: the document dialect's values);
    /// returns its value and the offset after the closing quote.
    @inline(never)
    func quoted(at start: Int, acrossLines: Bool = false) throws(Failure) -> (String, Int) {
        if acrossLines {
            guard let (close, multiline) = closingQuoteAcrossLines(from: start) else {
                throw fail("unterminated string; expected the closing quote", at: start)
            }
            let double = bytes[start] == UInt8(ascii: "\"")
            let content = (start + 1)..<close
            if multiline { return (try foldedQuoted(content, double: double), close + 1) }
            return (try quotedContent(content, double: double), close + 1)
        }
        guard let close = closingQuote(from: start) else {
            throw fail("unterminated string; quoted values must end on the same line", at: start)
        }
        return (try quotedContent((start + 1)..<close, double: bytes[start] == UInt8(ascii: "\"")), close + 1)
    }

    /// The value of the text between the quotes on one line: `''` is a quote in single quotes, escapes in double.
    private func quotedContent(_ range: Range<Int>, double: Bool) throws(Failure) -> String {
        if double { return try unescape(range) }
        // `''` is a quote: keep the first of each pair.
        var value: [UInt8] = []
        value.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            value.append(bytes[index])
            index += bytes[index] == UInt8(ascii: "'") ? 2 : 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// The offset of the quote that closes the string opened at `start`, on any line, and whether a line break comes
    /// before it; nil at the end of the file or at a document marker (`---`, `...`) at a line's start.
    func closingQuoteAcrossLines(from start: Int) -> (Int, Bool)? {
        let quote = bytes[start]
        var index = start + 1
        var multiline = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                multiline = true
                if isDocumentMarker(at: index + 1) { return nil }
            } else if byte == quote {
                if quote == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return (index, multiline)
            } else if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                // An escaped line break (`\` at the line end) is a break too.
                if index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "\n") || bytes[index + 1] == UInt8(ascii: "\r")
                {
                    index += 1
                    continue
                }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }

    /// A quoted scalar over several lines, folded as YAML 1.2 folds it: the blanks around each line break go, a break
    /// between text becomes a space, each empty line a line feed; in double quotes a `\` at the line end joins the
    /// lines without a space (the blanks before it stay, the empty lines after it are line feeds).
    @inline(never)
    private func foldedQuoted(_ range: Range<Int>, double: Bool) throws(Failure) -> String {
        var result = ""
        var lineStart = range.lowerBound
        var isFirst = true
        var emptyLines = 0
        var joined = false
        while true {
            var lineEnd = lineStart
            while lineEnd < range.upperBound, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let isLast = lineEnd >= range.upperBound
            var contentStart = lineStart
            var contentEnd = lineEnd
            if !isLast, contentEnd > lineStart, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            if !isFirst {
                while contentStart < contentEnd, Self.isBlank(bytes[contentStart]) { contentStart += 1 }
            }
            if !isFirst, !isLast, contentStart == contentEnd {
                emptyLines += 1
            } else {
                var joinsNext = false
                if !isLast {
                    // The blanks before the break go, unless escaped (`\ `, `\<tab>`); a `\` before it joins.
                    var index = contentStart
                    var kept = contentStart
                    while index < contentEnd {
                        if double, bytes[index] == UInt8(ascii: "\\") {
                            if index + 1 == contentEnd {
                                joinsNext = true
                                break
                            }
                            index += 2
                            kept = index
                            continue
                        }
                        if !Self.isBlank(bytes[index]) { kept = index + 1 }
                        index += 1
                    }
                    contentEnd = joinsNext ? index : kept
                }
                if !isFirst {
                    if joined || emptyLines > 0 {
                        result += String(repeating: "\n", count: emptyLines)
                    } else {
                        result += " "
                    }
                }
                result += try quotedContent(contentStart..<contentEnd, double: double)
                emptyLines = 0
                joined = joinsNext
                isFirst = false
            }
            if isLast { break }
            lineStart = lineEnd + 1
        }
        return result
    }

    /// The offset of the quote that closes the string opened at `start`, if it is on the same line.
    ///
    /// Scans only up to the closing quote (not to the line end first), so that a long line of quoted values in a
    /// flow collection stays linear.
    func closingQuote(from start: Int) -> Int? {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && isLineEnd(index)) { return nil }
            if byte == quote {
                if quote == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return index
            }
            if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                // The escaped character cannot be the line break.
                if isLineEnd(index + 1) { return nil }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }

    /// The value of a double-quoted scalar's content: JSON's escapes plus YAML's.
    private func unescape(_ range: Range<Int>) throws(Failure) -> String {
        var result = String.UnicodeScalarView()
        var index = range.lowerBound
        var literalStart = index
        while index < range.upperBound {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            result.append(contentsOf: text(literalStart..<index).unicodeScalars)
            let escapeStart = index
            index += 1
            guard index < range.upperBound else { throw fail("invalid escape sequence in a string", at: escapeStart) }
            let simple: Unicode.Scalar?
            switch bytes[index] {
            case UInt8(ascii: "\""): simple = "\""
            case UInt8(ascii: "\\"): simple = "\\"
            case UInt8(ascii: "/"): simple = "/"
            case UInt8(ascii: "b"): simple = "\u{08}"
            case UInt8(ascii: "f"): simple = "\u{0C}"
            case UInt8(ascii: "n"): simple = "\n"
            case UInt8(ascii: "r"): simple = "\r"
            case UInt8(ascii: "t"), UInt8(ascii: "\t"): simple = "\t"
            case UInt8(ascii: "0"): simple = "\0"
            case UInt8(ascii: "a"): simple = "\u{07}"
            case UInt8(ascii: "v"): simple = "\u{0B}"
            case UInt8(ascii: "e"): simple = "\u{1B}"
            case UInt8(ascii: " "): simple = " "
            case UInt8(ascii: "N"): simple = "\u{85}"
            case UInt8(ascii: "_"): simple = "\u{A0}"
            case UInt8(ascii: "L"): simple = "\u{2028}"
            case UInt8(ascii: "P"): simple = "\u{2029}"
            default: simple = nil
            }
            if let simple {
                result.append(simple)
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
                    guard index + 1 < range.upperBound, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail("unpaired UTF-16 surrogate in '\\u' escape", at: escapeStart) }
                    let low = try hex(at: index + 2, count: 4, limit: range.upperBound, escapeStart: escapeStart)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw fail("unpaired UTF-16 surrogate in '\\u' escape", at: escapeStart)
                    }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                guard let scalar = Unicode.Scalar(value) else {
                    let isSurrogate = (0xDC00...0xDFFF).contains(value)
                    throw fail(
                        isSurrogate ? "unpaired UTF-16 surrogate in '\\u' escape" : "invalid escape sequence in a string",
                        at: escapeStart)
                }
                result.append(scalar)
            }
            literalStart = index
        }
        result.append(contentsOf: text(literalStart..<range.upperBound).unicodeScalars)
        return String(result)
    }

    private func hex(at start: Int, count: Int, limit: Int, escapeStart: Int) throws(Failure) -> UInt32 {
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

    // MARK: - Block scalars

    /// `|` or `>` with optional chomping (`-`, `+`) and indentation digit, then the lines below that are indented
    /// deeper than `parentIndent`; leaves `position` at the first line after them.
    @inline(never)
    mutating func blockScalar(at start: Int, parentIndent: Int) throws(Failure) -> SpecNode {
        let folded = bytes[start] == UInt8(ascii: ">")
        var index = start + 1
        var chomping: UInt8 = 0
        var explicitIndent: Int?
        while !isBlankOrLineEnd(index) {
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
        // Content is indented by at least one space, even at the top level (as libyaml reads it).
        let parentIndent = max(parentIndent, 0)
        var blockIndent = explicitIndent.map { parentIndent + $0 }
        // The lines up to the last one with content; empty lines after it are only counted.
        var lines: [String] = []
        var emptyLines = 0
        var leadingSpaces = 0
        // The line breaks after the last content, its own included (the file's last line may have none).
        var trailingBreaks = 0
        while position < bytes.count {
            let end = lineEnd(from: position)
            var spaces = 0
            while position + spaces < end, bytes[position + spaces] == UInt8(ascii: " ") { spaces += 1 }
            // Only spaces make a line empty: a tab after the indentation is content.
            let isEmpty = position + spaces == end
            if !isEmpty {
                if blockIndent == nil {
                    // The first content line sets the indentation, which the empty lines before it may not exceed.
                    guard spaces > parentIndent, spaces >= leadingSpaces else { break }
                    blockIndent = spaces
                }
                guard let blockIndent, spaces >= blockIndent else { break }
            } else if blockIndent == nil {
                leadingSpaces = max(leadingSpaces, spaces)
            }
            let hasBreak = end < bytes.count
            if let blockIndent, !isEmpty || spaces > blockIndent {
                // Content (spaces beyond the indentation are content too).
                lines.append(contentsOf: repeatElement("", count: emptyLines))
                lines.append(text((position + blockIndent)..<end))
                emptyLines = 0
                trailingBreaks = hasBreak ? 1 : 0
            } else {
                emptyLines += 1
                trailingBreaks += hasBreak ? 1 : 0
            }
            position = nextLine(after: end)
        }
        var value = folded ? Self.fold(lines) : lines.joined(separator: "\n")
        switch chomping {
        case UInt8(ascii: "-"): break
        case UInt8(ascii: "+"): value += String(repeating: "\n", count: trailingBreaks)
        default: if !lines.isEmpty && trailingBreaks > 0 { value += "\n" }
        }
        return SpecNode(.string(value), offset: start)
    }

    /// Folding: a line break between two text lines becomes a space, an empty line between them a line break;
    /// the breaks around more-indented lines stay.
    static func fold(_ lines: [String]) -> String {
        enum Previous { case none, text, moreIndented }
        var result = ""
        var previous = Previous.none
        var emptyLines = 0
        for line in lines {
            if line.isEmpty {
                emptyLines += 1
                continue
            }
            let moreIndented = line.first == " " || line.first == "\t"
            switch previous {
            case .none: result += String(repeating: "\n", count: emptyLines)
            case .text where !moreIndented: result += emptyLines == 0 ? " " : String(repeating: "\n", count: emptyLines)
            case .text, .moreIndented: result += String(repeating: "\n", count: emptyLines + 1)
            }
            result += line
            previous = moreIndented ? .moreIndented : .text
            emptyLines = 0
        }
        return result
    }
}
