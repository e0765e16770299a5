/// Wraps the lines of generated Swift that are wider than a column limit (120), after rendering, so every template
/// (built-in or a user's) gets readable output without special cases in the templates.
///
/// It only inserts line breaks and indentation where Swift allows them, so the code means what it meant:
/// - A code line is broken at its best bracket group: of the `( … )` and `[ … ]` groups that open and close on the
///   line and are not inside another such group or a generic argument list `< … >` (a closure's `{ … }` does not
///   count as a group), the one with the most content. Its elements (split at its own commas) go one per line,
///   indented 4 more than the line, then the closing bracket and the rest of the line at the line's indentation.
///   No trailing comma is added (parameter lists allow one only from Swift 6.1). The new lines are wrapped again.
/// - A line with no such group whose longest string literal is long is given that literal as a multi-line literal
///   with `\` line continuations (`\#` in a raw literal), split between escapes and characters, never inside one:
///   the same string, byte for byte.
/// - As a last resort, a line with no such group that has a generic argument list `< … >` with a comma, not inside
///   a group or another list, nor an attribute's (`@Name<…>`), is broken at the largest such list like a group
///   (`Name<`, the arguments one a line, `>` and the rest of the line, wrapped again): `MockMethod<(…), …>(` becomes
///   `MockMethod<`, `(…),`, `…`, `>(`. Swift allows line breaks in a generic argument list, in expressions and types
///   alike. With a long literal, the list is broken instead of the literal split only when that leaves fewer lines
///   too long.
/// - A whole-line comment (`//`, `///`) is re-flowed at spaces with the same prefix; a word wider than the limit
///   stays whole. The first line (repogen's header) and directives (`// MARK:`, `// swiftlint:`) stay as they are.
/// - Lines inside (or opening, or closing) a multi-line string literal or a block comment stay as they are, and so
///   does a line nothing above applies to.
///
/// Time is linear in the text (each long line is re-read once per level of nesting it is broken at).
package enum SwiftLineWrapper {
    /// The column limit of generated code.
    package static let width = 120

    /// `file` with its Swift lines wrapped; other files (by extension), and files with no long line, as they are.
    package static func wrapped(_ file: OutputFile, width: Int = width) -> OutputFile {
        guard file.relativePath.hasSuffix(".swift") else { return file }
        guard let bytes = file.withUTF8({ wrapped($0, width: width, splitLiterals: true) }) else { return file }
        return OutputFile(relativePath: file.relativePath, bytes: bytes)
    }

    /// `text` wrapped; with `splitLiterals` false, long string literals stay on one line (so only whitespace and
    /// comments change).
    package static func wrap(_ text: String, width: Int = width, splitLiterals: Bool = true) -> String {
        var text = text
        guard let bytes = text.withUTF8({ wrapped(UnsafeRawBufferPointer($0), width: width, splitLiterals: splitLiterals) }) else {
            return text
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of `text` wrapped, or nil when no line changes.
    package static func wrapped(_ text: UnsafeRawBufferPointer, width: Int, splitLiterals: Bool) -> [UInt8]? {
        guard hasLongLine(text, width: width) else { return nil }
        // Without `"""`, `/*` or a Markdown fence, no line starts inside a literal, comment or code block: lines
        // need no reading but the long ones (most generated files; a large spec's are megabytes).
        let multiLine = containsMultiLineConstruct(text)
        var output: [UInt8] = []
        // Bytes before this are in `output` (or, while nothing changed, need not be: they are the same).
        var copied = 0
        var state = CrossLineState.code
        var index = 0
        var lineNumber = 0
        var inFence = false
        let newline = UInt8(ascii: "\n")
        while index < text.count {
            var end = index
            while end < text.count, text[end] != newline { end += 1 }
            let line = UnsafeRawBufferPointer(rebasing: text[index..<end])
            let startState = state
            if multiLine {
                state = advance(state, over: line)
                if isWholeLineComment(line) {
                    if let text = commentText(line), text.starts(with: "```".utf8) { inFence.toggle() }
                } else {
                    inFence = false
                }
            }
            // A line of at most `width` bytes has at most `width` columns: copied as it is, without counting.
            if lineNumber > 0, line.count > width, startState == .code, state == .code, columns(line[...]) > width {
                let original = Array(line)
                let lines = wrapLine(original, width: width, inFence: inFence, splitLiterals: splitLiterals)
                if lines.count != 1 || lines[0] != original {
                    if output.isEmpty { output.reserveCapacity(text.count + text.count / 8) }
                    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[copied..<index]))
                    for (number, piece) in lines.enumerated() {
                        if number > 0 { output.append(newline) }
                        output += piece
                    }
                    copied = end
                }
            }
            index = end + 1
            lineNumber += 1
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[copied...]))
        return output
    }

    /// Whether `text` has `"""`, `/*` or a Markdown code fence (```).
    private static func containsMultiLineConstruct(_ text: UnsafeRawBufferPointer) -> Bool {
        guard text.count > 2 else { return false }
        for index in 0..<(text.count - 2) {
            switch text[index] {
            case quote where text[index + 1] == quote && text[index + 2] == quote: return true
            case slash where text[index + 1] == star: return true
            case backquote where text[index + 1] == backquote && text[index + 2] == backquote: return true
            default: continue
            }
        }
        return false
    }

    /// Whether some line has more than `width` bytes (so may have more than `width` columns).
    private static func hasLongLine(_ text: UnsafeRawBufferPointer, width: Int) -> Bool {
        var start = 0
        for index in 0..<text.count where text[index] == UInt8(ascii: "\n") {
            if index - start > width { return true }
            start = index + 1
        }
        return text.count - start > width
    }

    /// The columns of a line: its Unicode scalars (UTF-8 bytes that do not continue a scalar).
    package static func columns<Bytes: Collection<UInt8>>(_ line: Bytes) -> Int {
        var count = 0
        for byte in line where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// `line` as lines of at most `width` columns where it can be broken.
    package static func wrapLine(
        _ line: [UInt8], width: Int = width, inFence: Bool = false, splitLiterals: Bool = true
    ) -> [[UInt8]] {
        guard columns(line[...]) > width else { return [line] }
        if isWholeLineComment(line) {
            return inFence ? [line] : reflowComment(line, width: width) ?? [line]
        }
        if isDirective(line) { return [line] }
        guard let tokens = LineTokens(line) else { return [line] }
        if let group = tokens.bestGroup(in: line) {
            // A generic argument list of the line is in one of the new lines, broken there if it is still too long.
            return breakGroup(line, group: group, tokens: tokens).flatMap {
                wrapLine($0, width: width, splitLiterals: splitLiterals)
            }
        }
        var split: [[UInt8]]?
        if splitLiterals, let literal = tokens.literals.max(by: { $0.end - $0.start < $1.end - $1.start }),
            literal.end - literal.start >= minimumSplitLiteral
        {
            split = splitLiteral(line, literal, width: width)
        }
        // The last resort: a generic argument list; after a split literal, only when it leaves fewer lines too long.
        let tooLong = split.map { $0.filter { columns($0[...]) > width }.count }
        if tooLong != 0, let list = tokens.bestGenericList(in: line) {
            let lines = breakGroup(line, group: list, tokens: tokens).flatMap {
                wrapLine($0, width: width, splitLiterals: splitLiterals)
            }
            guard let tooLong else { return lines }
            if lines.filter({ columns($0[...]) > width }).count < tooLong { return lines }
        }
        return split ?? [line]
    }

    /// A string literal shorter than this (delimiters included) is not worth splitting.
    static let minimumSplitLiteral = 40

    // MARK: Groups

    /// `line` broken at `group`: the line up to the opening bracket, each element on a line of its own, the closing
    /// bracket with the rest of the line.
    private static func breakGroup(_ line: [UInt8], group: LineTokens.Bracket, tokens: LineTokens) -> [[UInt8]] {
        let indent = Array(line[..<indentation(line)])
        let inner = indent + Array(repeating: UInt8(ascii: " "), count: 4)
        var lines = [Array(line[...group.open])]
        var elements: [ArraySlice<UInt8>] = []
        var start = group.open + 1
        for comma in tokens.commas(in: group) {
            elements.append(trimmed(line[start..<comma]))
            start = comma + 1
        }
        elements.append(trimmed(line[start..<group.close]))
        // A trailing comma that was there stays (on the last element); none is added.
        var trailingComma = false
        if elements.count > 1, elements.last?.isEmpty == true {
            elements.removeLast()
            trailingComma = true
        }
        for (index, element) in elements.enumerated() {
            let comma = index < elements.count - 1 || trailingComma
            lines.append(inner + element + (comma ? [UInt8(ascii: ",")] : []))
        }
        lines.append(indent + line[group.close...])
        return lines
    }

    static func indentation<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes) -> Int where Bytes.Index == Int {
        var index = line.startIndex
        while index < line.endIndex, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index += 1 }
        return index - line.startIndex
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { bytes.removeFirst() }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes.removeLast() }
        return bytes
    }

    /// A compiler directive (`#if`, `#sourceLocation(…)`): left as it is.
    private static func isDirective(_ line: [UInt8]) -> Bool {
        let rest = line[indentation(line)...]
        return ["#if", "#elseif", "#else", "#endif", "#sourceLocation"].contains { rest.starts(with: $0.utf8) }
    }
}
