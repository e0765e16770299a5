// The parts of Swift's lexical structure the line wrapper needs: string literals (with escapes and interpolation,
// raw and multi-line), comments (line, nested block), backquoted names, and brackets, with `<` told apart as a
// generic argument list or an operator.

extension SwiftLineWrapper {
    /// What a line leaves open for the next: nothing, a block comment (nesting depth), or a multi-line string
    /// literal (the number of `#` of its delimiter).
    enum CrossLineState: Equatable {
        case code
        case blockComment(Int)
        case multilineString(Int)
    }

    /// The state after `line`, which starts in `state`.
    static func advance<Bytes: RandomAccessCollection<UInt8>>(
        _ state: CrossLineState, over line: Bytes
    ) -> CrossLineState where Bytes.Index == Int {
        var state = state
        var index = 0
        let count = line.count
        while index < count {
            let byte = line[index]
            switch state {
            case .blockComment(let depth):
                if byte == star, index + 1 < count, line[index + 1] == slash {
                    state = depth == 1 ? .code : .blockComment(depth - 1)
                    index += 2
                } else if byte == slash, index + 1 < count, line[index + 1] == star {
                    state = .blockComment(depth + 1)
                    index += 2
                } else {
                    index += 1
                }
            case .multilineString(let hashes):
                if byte == backslash, hashesFollow(line, index + 1, hashes) {
                    index += 2 + hashes
                } else if startsTripleQuote(line, index), hashesFollow(line, index + 3, hashes) {
                    state = .code
                    index += 3 + hashes
                } else {
                    index += 1
                }
            case .code:
                if byte == slash, index + 1 < count, line[index + 1] == slash { return .code }
                if byte == slash, index + 1 < count, line[index + 1] == star {
                    state = .blockComment(1)
                    index += 2
                } else if byte == backquote {
                    index += 1
                    while index < count, line[index] != backquote { index += 1 }
                    index += 1
                } else if byte == quote || byte == hash {
                    var hashes = 0
                    while index + hashes < count, line[index + hashes] == hash { hashes += 1 }
                    guard index + hashes < count, line[index + hashes] == quote else {
                        index += max(hashes, 1)
                        continue
                    }
                    if startsTripleQuote(line, index + hashes) {
                        state = .multilineString(hashes)
                        index += hashes + 3
                    } else if let literal = skipString(line, at: index) {
                        index = literal.end
                    } else {
                        return .code
                    }
                } else {
                    index += 1
                }
            }
        }
        return state
    }

    /// A single-line string literal.
    struct Literal {
        /// Where its opening delimiter (`#`… `"`) starts, and the index after its closing one.
        var start: Int
        var end: Int
        var hashes: Int
        /// Its content, between the delimiters.
        var contentStart: Int
        var contentEnd: Int
    }

    /// The single-line string literal whose opening delimiter starts at `start`, or nil when it does not end on the
    /// line (or is a multi-line literal).
    static func skipString<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes, at start: Int) -> Literal?
    where Bytes.Index == Int {
        var hashes = 0
        while start + hashes < line.count, line[start + hashes] == hash { hashes += 1 }
        guard start + hashes < line.count, line[start + hashes] == quote, !startsTripleQuote(line, start + hashes) else {
            return nil
        }
        let contentStart = start + hashes + 1
        var index = contentStart
        while index < line.count {
            let byte = line[index]
            if byte == backslash, hashesFollow(line, index + 1, hashes) {
                guard let next = skipEscape(line, at: index, hashes: hashes) else { return nil }
                index = next
            } else if byte == quote, hashesFollow(line, index + 1, hashes) {
                return Literal(
                    start: start, end: index + 1 + hashes, hashes: hashes, contentStart: contentStart,
                    contentEnd: index)
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The index after the escape (`\n`, `\u{…}`, `\( … )`; with `hashes` `#` after the `\` in a raw literal) that
    /// starts at `start`, or nil when it does not end on the line.
    static func skipEscape<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes, at start: Int, hashes: Int) -> Int?
    where Bytes.Index == Int {
        var index = start + 1 + hashes
        guard index < line.count else { return nil }
        if line[index] == openParen {
            // Interpolation: to the matching parenthesis, over nested literals.
            var depth = 0
            while index < line.count {
                let byte = line[index]
                if byte == quote || byte == hash, let literal = stringStarting(line, at: index) {
                    index = literal.end
                    continue
                }
                if byte == quote { return nil }
                if byte == openParen { depth += 1 }
                if byte == closeParen {
                    depth -= 1
                    if depth == 0 { return index + 1 }
                }
                index += 1
            }
            return nil
        }
        if line[index] == UInt8(ascii: "u"), index + 1 < line.count, line[index + 1] == openBrace {
            while index < line.count, line[index] != closeBrace { index += 1 }
            return index < line.count ? index + 1 : nil
        }
        // One scalar.
        index += 1
        while index < line.count, line[index] & 0xC0 == 0x80 { index += 1 }
        return index
    }

    /// The single-line literal at `index` when a `#`… `"` delimiter starts there.
    private static func stringStarting<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes, at index: Int) -> Literal?
    where Bytes.Index == Int {
        var hashes = 0
        while index + hashes < line.count, line[index + hashes] == hash { hashes += 1 }
        guard index + hashes < line.count, line[index + hashes] == quote else { return nil }
        return skipString(line, at: index)
    }

    static func hashesFollow<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes, _ index: Int, _ hashes: Int) -> Bool
    where Bytes.Index == Int {
        guard index + hashes <= line.count else { return false }
        for offset in 0..<hashes where line[index + offset] != hash { return false }
        return true
    }

    static func startsTripleQuote<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes, _ index: Int) -> Bool
    where Bytes.Index == Int {
        index + 2 < line.count && line[index] == quote && line[index + 1] == quote && line[index + 2] == quote
    }

    /// Whether the line is a comment alone (`//` or `///` after indentation).
    static func isWholeLineComment<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes) -> Bool where Bytes.Index == Int {
        let start = indentation(line)
        return start + 1 < line.count && line[start] == slash && line[start + 1] == slash
    }

    /// A whole-line comment's text, after its `//` or `///` and the spaces after it.
    static func commentText<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes) -> Bytes.SubSequence?
    where Bytes.Index == Int {
        guard isWholeLineComment(line) else { return nil }
        var index = indentation(line) + 2
        if index < line.count, line[index] == slash { index += 1 }
        while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
        return line[index...]
    }

    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let backslash = UInt8(ascii: "\\")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let backquote = UInt8(ascii: "`")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let less = UInt8(ascii: "<")
    static let greater = UInt8(ascii: ">")
    static let comma = UInt8(ascii: ",")

    /// Whether `byte` can end an identifier (or be part of a multi-byte name).
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}

/// The brackets, commas and string literals of one line of code that neither starts nor ends inside a multi-line
/// construct.
struct LineTokens {
    /// A bracket pair that opens and closes on the line.
    struct Bracket {
        var open: Int
        var close: Int
        var kind: UInt8
        /// Whether it is inside a `( … )`, `[ … ]` or `< … >` of the line (not counting `{ … }`).
        var nested: Bool
    }

    private(set) var brackets: [Bracket] = []
    /// Each comma, with the position of the opening bracket it is directly inside (nil: none on the line).
    private(set) var commaOwners: [(comma: Int, owner: Int?)] = []
    /// The string literals outside brackets' interpolations (each is one token).
    private(set) var literals: [SwiftLineWrapper.Literal] = []

    private typealias W = SwiftLineWrapper

    /// Nil when the line cannot be read safely: a literal, comment or backquoted name that does not end on it, or
    /// brackets that do not pair up.
    init?(_ line: [UInt8]) {
        var stack: [(open: Int, kind: UInt8, nested: Bool)] = []
        var genericOpens: Set<Int> = []
        var genericCloses: Set<Int> = []
        var index = 0
        let count = line.count
        while index < count {
            let byte = line[index]
            switch byte {
            case W.slash where index + 1 < count && line[index + 1] == W.slash:
                index = count
                continue
            case W.slash where index + 1 < count && line[index + 1] == W.star:
                guard let end = Self.blockCommentEnd(line, at: index) else { return nil }
                index = end
                continue
            case W.backquote:
                guard let end = Self.backquotedEnd(line, at: index) else { return nil }
                index = end
                continue
            case W.quote, W.hash:
                var hashes = 0
                while index + hashes < count, line[index + hashes] == W.hash { hashes += 1 }
                if index + hashes < count, line[index + hashes] == W.quote {
                    guard let literal = W.skipString(line, at: index) else { return nil }
                    literals.append(literal)
                    index = literal.end
                    continue
                }
                if index + hashes < count, hashes > 0, line[index + hashes] == W.slash {
                    guard let end = Self.rawRegexEnd(line, at: index, hashes: hashes) else { return nil }
                    index = end
                    continue
                }
                index += max(hashes, 1)
                continue
            case W.openParen, W.openBracket, W.openBrace:
                stack.append((index, byte, stack.contains { $0.kind != W.openBrace }))
            case W.less:
                if !genericOpens.contains(index), index > 0, W.isIdentifierByte(line[index - 1]),
                    let pairs = Self.genericList(line, at: index)
                {
                    for pair in pairs {
                        genericOpens.insert(pair.open)
                        genericCloses.insert(pair.close)
                    }
                }
                if genericOpens.contains(index) {
                    stack.append((index, W.less, stack.contains { $0.kind != W.openBrace }))
                }
            case W.closeParen, W.closeBracket, W.closeBrace, W.greater:
                if byte == W.greater, !genericCloses.contains(index) { break }
                let opening: UInt8 = switch byte {
                case W.closeParen: W.openParen
                case W.closeBracket: W.openBracket
                case W.closeBrace: W.openBrace
                default: W.less
                }
                if let top = stack.last {
                    guard top.kind == opening else { return nil }
                    stack.removeLast()
                    brackets.append(Bracket(open: top.open, close: index, kind: opening, nested: top.nested))
                } else if !genericOpens.isEmpty, byte == W.greater {
                    return nil
                }
                // A closing bracket with nothing open on the line closes one of an earlier line.
            case W.comma:
                commaOwners.append((index, stack.last?.open))
            default:
                break
            }
            index += 1
        }
    }

    /// The end of the block comment that opens at `start` (nested ones count), or nil when it does not end on the
    /// line.
    private static func blockCommentEnd(_ line: [UInt8], at start: Int) -> Int? {
        let count = line.count
        var index = start
        var depth = 0
        while index < count {
            if line[index] == W.slash, index + 1 < count, line[index + 1] == W.star {
                depth += 1
                index += 2
            } else if line[index] == W.star, index + 1 < count, line[index + 1] == W.slash {
                depth -= 1
                index += 2
                if depth == 0 { break }
            } else {
                index += 1
            }
        }
        return depth == 0 ? index : nil
    }

    /// The end of the backquoted name that opens at `start`, or nil when it does not end on the line.
    private static func backquotedEnd(_ line: [UInt8], at start: Int) -> Int? {
        var index = start + 1
        while index < line.count, line[index] != W.backquote { index += 1 }
        return index == line.count ? nil : index + 1
    }

    /// The end of the raw regex literal `#/ … /#` (one token) that opens at `start` with `hashes` hashes, or nil
    /// when it does not end on the line.
    private static func rawRegexEnd(_ line: [UInt8], at start: Int, hashes: Int) -> Int? {
        var end = start + hashes + 1
        while end < line.count, !(line[end] == W.slash && W.hashesFollow(line, end + 1, hashes)) { end += 1 }
        return end == line.count ? nil : end + 1 + hashes
    }

    /// The `< … >` pairs of the generic argument list that opens at `start`, or nil when what follows is not one
    /// (the `<` is an operator). Inside: names, `.`, `,`, `:`, `?`, `!`, `&`, `~`, `@`, spaces, `[ ]`, `( )`,
    /// `->`, and nested lists.
    private static func genericList(_ line: [UInt8], at start: Int) -> [(open: Int, close: Int)]? {
        var opens = [start]
        var pairs: [(open: Int, close: Int)] = []
        var index = start + 1
        while index < line.count {
            let byte = line[index]
            if W.isIdentifierByte(byte) || ". ,:?!&~@[]()".utf8.contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < line.count, line[index + 1] == W.greater {
                index += 2
            } else if byte == W.less {
                guard index > 0, W.isIdentifierByte(line[index - 1]) else { return nil }
                opens.append(index)
                index += 1
            } else if byte == W.greater {
                pairs.append((opens.removeLast(), index))
                if opens.isEmpty { return pairs }
                index += 1
            } else {
                return nil
            }
        }
        return nil
    }

    /// The group to break the line at: of the `( … )` and `[ … ]` pairs not inside another (or a generic list),
    /// with something in them, the one with the most content; the first of equals.
    func bestGroup(in line: [UInt8]) -> Bracket? {
        var best: Bracket?
        for bracket in brackets where !bracket.nested && (bracket.kind == W.openParen || bracket.kind == W.openBracket) {
            guard line[(bracket.open + 1)..<bracket.close].contains(where: { $0 != UInt8(ascii: " ") }) else { continue }
            if let current = best {
                let size = bracket.close - bracket.open
                let bestSize = current.close - current.open
                if size > bestSize || (size == bestSize && bracket.open < current.open) { best = bracket }
            } else {
                best = bracket
            }
        }
        return best
    }

    /// The generic argument list to break the line at when nothing else will do: of the `< … >` lists not inside a
    /// group or another list, nor an attribute's (`@Name<…>`), with a comma directly inside, the one with the most
    /// content; the first of equals.
    func bestGenericList(in line: [UInt8]) -> Bracket? {
        var best: Bracket?
        for bracket in brackets where !bracket.nested && bracket.kind == W.less {
            guard !commas(in: bracket).isEmpty else { continue }
            // The name before `<` (dotted), and whether an `@` makes it an attribute.
            var start = bracket.open
            while start > 0, W.isIdentifierByte(line[start - 1]) || line[start - 1] == UInt8(ascii: ".") { start -= 1 }
            if start > 0, line[start - 1] == UInt8(ascii: "@") { continue }
            if let current = best, bracket.close - bracket.open <= current.close - current.open { continue }
            best = bracket
        }
        return best
    }

    /// The commas directly inside `group`.
    func commas(in group: Bracket) -> [Int] {
        commaOwners.filter { $0.owner == group.open }.map(\.comma)
    }
}
