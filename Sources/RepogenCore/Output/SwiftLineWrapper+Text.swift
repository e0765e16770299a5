// The two value-preserving rewrites of the line wrapper that are not line breaks between tokens: a long string
// literal as a multi-line literal with line continuations, and a long comment re-flowed at spaces.

extension SwiftLineWrapper {
    /// `line` with `literal` as a multi-line literal: `#"""` ends the line, the content follows at the line's
    /// indentation in pieces that end with a line continuation (`\`, `\#` in a raw literal; so no newline enters the
    /// string), and `"""#` with the rest of the line closes it at the same indentation, which Swift strips from each
    /// content line. Pieces are split between escapes (an interpolation is one) and Unicode scalars, preferably
    /// after a comma or a space.
    static func splitLiteral(_ line: [UInt8], _ literal: Literal, width: Int) -> [[UInt8]] {
        let indent = Array(line[..<indentation(line)])
        let hashes = Array(repeating: hash, count: literal.hashes)
        let continuation = [backslash] + hashes
        let available = max(width - indent.count - continuation.count, 20)
        var lines = [Array(line[..<literal.start]) + hashes + [quote, quote, quote]]
        // The places the content may be split at (each a unit's start), with the columns before each.
        var splits: [(index: Int, columns: Int)] = []
        var index = literal.contentStart
        var columns = 0
        while index < literal.contentEnd {
            splits.append((index, columns))
            let next: Int
            if line[index] == backslash, hashesFollow(line, index + 1, literal.hashes) {
                next = skipEscape(line, at: index, hashes: literal.hashes) ?? literal.contentEnd
            } else {
                var end = index + 1
                while end < literal.contentEnd, line[end] & 0xC0 == 0x80 { end += 1 }
                next = end
            }
            columns += SwiftLineWrapper.columns(line[index..<next])
            index = next
        }
        splits.append((literal.contentEnd, columns))
        // Greedy: the longest piece that fits (at least one unit), ending after a comma or space when one is in its
        // last third.
        var start = 0
        while start < splits.count - 1 {
            var end = start + 1
            var preferred: Int?
            while end + 1 < splits.count, splits[end + 1].columns - splits[start].columns <= available {
                end += 1
                let before = line[splits[end].index - 1]
                if before == comma || before == UInt8(ascii: " ") { preferred = end }
            }
            if end < splits.count - 1, let preferred,
                (splits[preferred].columns - splits[start].columns) * 3 >= available * 2
            {
                end = preferred
            }
            let piece = line[splits[start].index..<splits[end].index]
            lines.append(indent + piece + (end < splits.count - 1 ? continuation : []))
            start = end
        }
        lines.append(indent + [quote, quote, quote] + hashes + line[literal.end...])
        return lines
    }

    /// A whole-line comment re-flowed at spaces into lines of at most `width` columns, each with the comment's
    /// prefix (indentation, `//` or `///`, the spaces after it; two more on the lines after a `- ` list item's
    /// first). Nil when it stays as it is: a directive (`// MARK:`, `// swiftlint:`…), repogen's header, or
    /// Markdown code (indented 4 or more).
    static func reflowComment(_ line: [UInt8], width: Int) -> [[UInt8]]? {
        var markerEnd = indentation(line) + 2
        if markerEnd < line.count, line[markerEnd] == slash { markerEnd += 1 }
        guard markerEnd < line.count, line[markerEnd] == UInt8(ascii: " ") else { return nil }
        var textStart = markerEnd
        while textStart < line.count, line[textStart] == UInt8(ascii: " ") { textStart += 1 }
        guard textStart - markerEnd < 5 else { return nil }
        let text = line[textStart...]
        let directives = ["MARK:", "swiftlint:", "swift-format-ignore", "sourcery:", "TODO:", "FIXME:"]
        if directives.contains(where: { text.starts(with: $0.utf8) }) || line.starts(with: GeneratedFileHeader.prefix.utf8) {
            return nil
        }
        let prefix = Array(line[..<textStart])
        let words = text.split(separator: UInt8(ascii: " "))
        guard words.count > 1 else { return nil }
        let listItem = words[0].elementsEqual("-".utf8)
        let next = prefix + (listItem ? Array("  ".utf8) : [])
        var lines: [[UInt8]] = []
        var current = prefix
        var currentColumns = SwiftLineWrapper.columns(current[...])
        var empty = true
        for word in words {
            let wordColumns = SwiftLineWrapper.columns(word)
            if !empty, currentColumns + 1 + wordColumns > width {
                lines.append(current)
                current = next
                currentColumns = SwiftLineWrapper.columns(current[...])
                empty = true
            }
            if !empty {
                current.append(UInt8(ascii: " "))
                currentColumns += 1
            }
            current += word
            currentColumns += wordColumns
            empty = false
        }
        lines.append(current)
        return lines
    }
}
