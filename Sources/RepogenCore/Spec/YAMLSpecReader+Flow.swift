/// Parses a flow collection (`[…]`, `{…}`), which may span lines and hold comments.
struct FlowParser {
    let reader: YAMLSpecReader
    let bytes: [UInt8]
    let isDocument: Bool
    var position: Int

    init(reader: YAMLSpecReader, position: Int) {
        self.reader = reader
        self.bytes = reader.bytes
        self.isDocument = reader.isDocument
        self.position = position
    }

    /// `{id}` read as a mapping (its key `id` with no value): a placeholder meant as text, the usual way a spec
    /// writes one (`param: { id: {id} }`, `- {endpoint: a, inputs: {id: {id}}}`). `open` is its `{`, `close` its
    /// `}`; the text to quote goes on up to the end of the value (`{id}/reviews`).
    func unquotedPlaceholder(open: Int, close: Int) -> YAMLSpecReader.Failure {
        let text = valueText(from: open, after: close + 1)
        var failure = reader.fail(
            "'\(text)' is a placeholder, but YAML reads an unquoted '{' as the start of a mapping: put it in quotes "
                + "(\"\(text)\")", at: open)
        failure.hinted = true
        return failure
    }

    /// The text of a value that was meant as text, from `start` up to where the entry ends: a `,`, `]` or `}` outside
    /// braces, a blank, or the line end; braces in it are counted (`/items/{id}/x`).
    func valueText(from start: Int, after: Int? = nil) -> String {
        var index = after ?? start
        var depth = 0
        while !reader.isLineEnd(index), depth > 0 || !YAMLSpecReader.isBlank(bytes[index]) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { break }
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth == 0 {
                break
            }
            index += 1
        }
        return reader.text(start..<index)
    }

    /// Whether `key` has the form of a placeholder's name (`id`, `input.field`).
    static func isPlaceholderName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "." || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// "expected ',' or '}'" where a plain value runs into a `{` (`path: /items/{id}` inside a flow mapping): the
    /// value was meant as text with a placeholder in it.
    func bracedPlainValue(_ failure: YAMLSpecReader.Failure, valueStart: Int?) -> YAMLSpecReader.Failure {
        guard !isDocument, let valueStart, position < bytes.count, position > valueStart,
            bytes[position] == UInt8(ascii: "{"), !YAMLSpecReader.isBlank(bytes[position - 1]),
            bytes[valueStart] != UInt8(ascii: "\""), bytes[valueStart] != UInt8(ascii: "'")
        else { return failure }
        let text = valueText(from: valueStart)
        var hinted = reader.fail(
            failure.message + "; in a flow collection ('{…}', '[…]') an unquoted '{' starts a mapping: put a value with "
                + "a placeholder in quotes (\"\(text)\")", at: failure.offset)
        hinted.hinted = true
        return hinted
    }

    /// A value inside a flow collection, or the collection itself; `depth` counts the collections around it.
    mutating func value(depth: Int) throws(YAMLSpecReader.Failure) -> SpecNode {
        skipSpace()
        guard position < bytes.count else { throw reader.fail("unexpected end of file; expected a value", at: position) }
        if isDocument, bytes[position] == UInt8(ascii: "&") || bytes[position] == UInt8(ascii: "!") {
            return try propertiesValue(depth: depth)
        }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth < YAMLSpecReader.maximumDepth else { throw reader.tooDeep(at: start) }
            return bytes[position] == UInt8(ascii: "[") ? try sequence(depth: depth + 1) : try mapping(depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let (text, end) = try reader.quoted(at: position, acrossLines: isDocument)
            position = end
            return SpecNode(.string(text), offset: start)
        case UInt8(ascii: "*") where isDocument:
            let (node, end) = try reader.alias(at: position, depth: depth)
            position = end
            return node
        default:
            try reader.checkPlainStart(position)
            let (end, stop) = plainScan()
            if isDocument, stop < bytes.count, reader.isLineEnd(stop),
                let (node, last) = try plainContinuation(start..<end, stop: stop)
            {
                position = last
                return node
            }
            position = end
            return reader.plainScalar(start..<end)
        }
    }

    /// A value with an anchor or a tag (the document dialect); the value may be empty (`[&a , !!str ]`).
    @inline(never)
    private mutating func propertiesValue(depth: Int) throws(YAMLSpecReader.Failure) -> SpecNode {
        var (properties, after) = try reader.properties(at: position)
        position = after
        skipSpace()
        while position < bytes.count, bytes[position] == UInt8(ascii: "&") || bytes[position] == UInt8(ascii: "!") {
            let more: NodeProperties
            (more, position) = try reader.properties(at: position)
            try reader.add(more, to: &properties)
            skipSpace()
        }
        reader.state.open(properties.anchor)
        var node = SpecNode(.null, offset: position)
        if position < bytes.count, bytes[position] == UInt8(ascii: "*") {
            throw reader.fail("an alias cannot have an anchor or a tag", at: position)
        }
        if position < bytes.count, !Self.isEntryEnd(bytes[position]), !isValueIndicator(at: position) {
            node = try value(depth: depth)
        }
        return try reader.finish(node, properties)
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
            let valueStart = position
            items.append(try value(depth: depth))
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow sequence; expected ']'", at: open) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: "]") {
                let failure = reader.fail("expected ',' or ']'", at: position)
                if !isDocument, isValueIndicator(at: position) { throw dictionaryType(failure, open: open) }
                throw bracedPlainValue(failure, valueStart: valueStart)
            }
        }
        position += 1
        return SpecNode(.array(items), offset: open)
    }

    /// "expected ',' or ']'" at the `:` of `[String: Int]`: a dictionary type written without quotes, which YAML
    /// reads as a list holding a mapping (and this subset does not take a mapping without braces in a list).
    func dictionaryType(_ failure: YAMLSpecReader.Failure, open: Int) -> YAMLSpecReader.Failure {
        var start = open
        while start > 0, bytes[start - 1] == UInt8(ascii: "[") { start -= 1 }
        let text = valueText(from: start)
        var hinted = reader.fail(
            failure.message + "; YAML reads \(text) unquoted as a list holding a mapping: if it is a type, put it in "
                + "quotes (\"\(text)\")", at: failure.offset)
        hinted.hinted = true
        return hinted
    }

    @inline(never)
    private mutating func mapping(depth: Int) throws(YAMLSpecReader.Failure) -> SpecNode {
        let open = position
        position += 1
        var members: [SpecMember] = []
        var seen: [String: Int] = [:]
        var merges: [MergeSource] = []
        while true {
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow mapping; expected '}'", at: open) }
            if bytes[position] == UInt8(ascii: "}") { break }
            let (key, keyStart, isMerge) = try key()
            try reader.record(key, at: keyStart, in: &seen)
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow mapping; expected '}'", at: open) }
            let member: SpecNode
            var valueStart: Int?
            if !isDocument, members.isEmpty, bytes[position] == UInt8(ascii: "}"), Self.isPlaceholderName(key),
                bytes[keyStart] != UInt8(ascii: "\""), bytes[keyStart] != UInt8(ascii: "'")
            {
                throw unquotedPlaceholder(open: open, close: position)
            }
            if isDocument, bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "}") {
                // `{a}`, `{a, b: 1}`: a key without a value (document dialect).
                member = SpecNode(.null, offset: position)
            } else {
                guard bytes[position] == UInt8(ascii: ":") else {
                    throw reader.fail("expected ':' after the key", at: position)
                }
                position += 1
                skipSpace()
                if position < bytes.count,
                    bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "}")
                {
                    member = SpecNode(.null, offset: position)
                } else {
                    valueStart = position
                    member = try value(depth: depth)
                }
            }
            if isMerge {
                merges.append(try reader.mergeSource(member, index: members.count, key: keyStart))
            } else {
                members.append(SpecMember(key: key, keyOffset: keyStart, value: member))
            }
            skipSpace()
            guard position < bytes.count else { throw reader.fail("unterminated flow mapping; expected '}'", at: open) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: "}") {
                throw bracedPlainValue(reader.fail("expected ',' or '}'", at: position), valueStart: valueStart)
            }
        }
        position += 1
        if !merges.isEmpty { members = reader.merged(members, merges) }
        return SpecNode(.object(members), offset: open)
    }

    /// A key of a flow mapping: quoted, or plain text taken as a string (`{1: a, null: b}` has the keys "1", "null");
    /// in the document dialect also with properties (`&k a:`), an alias of a scalar (`*k :`), or the merge key `<<`.
    /// Returns the key, where it starts, and whether it is the merge key.
    @inline(never)
    private mutating func key() throws(YAMLSpecReader.Failure) -> (String, Int, Bool) {
        var properties: NodeProperties?
        if isDocument, bytes[position] == UInt8(ascii: "&") || bytes[position] == UInt8(ascii: "!") {
            let after: Int
            (properties, after) = try reader.properties(at: position)
            position = reader.skipBlanks(from: after)
            guard position < bytes.count else { throw reader.fail("expected a key", at: position) }
        }
        let start = position
        let key: String
        switch bytes[start] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let (text, end) = try reader.quoted(at: start)
            position = end
            key = text
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            throw reader.fail("complex keys are not supported; a key must be a string", at: start)
        case UInt8(ascii: ":"):
            throw reader.fail("expected a key before ':'", at: start)
        case UInt8(ascii: "*") where isDocument:
            if properties != nil { throw reader.fail("an alias cannot have an anchor or a tag", at: start) }
            let (node, end) = try reader.alias(at: start, depth: 0)
            position = end
            return (try reader.keyText(node, at: start), start, false)
        default:
            try reader.checkPlainStart(start)
            let end = plainScan().end
            guard end > start else { throw reader.fail("expected a key", at: start) }
            position = end
            key = reader.text(start..<end)
        }
        if let properties { try reader.keyProperties(properties, key: key, at: start) }
        let isMerge = isDocument && properties == nil && key == "<<" && bytes[start] == UInt8(ascii: "<")
        return (key, start, isMerge)
    }

    /// The end of a plain scalar inside a flow collection: before `,`, `[`, `]`, `{`, `}`, a `:` followed by a blank
    /// or one of those, ` #`, or the line end; trailing blanks are not part of it. Also returns where the scan stopped
    /// (the line end, if the scalar may go on over the next line).
    @inline(never)
    private func plainScan(from start: Int? = nil) -> (end: Int, stop: Int) {
        let start = start ?? position
        var index = start
        scan: while index < bytes.count, !reader.isLineEnd(index) {
            switch bytes[index] {
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                break scan
            case UInt8(ascii: ":"):
                if isValueIndicator(at: index) { break scan }
            case UInt8(ascii: "#"):
                if index > start, YAMLSpecReader.isBlank(bytes[index - 1]) { break scan }
            default:
                break
            }
            index += 1
        }
        let stop = index
        while index > start, YAMLSpecReader.isBlank(bytes[index - 1]) { index -= 1 }
        return (index, stop)
    }

    /// The lines that continue a plain scalar in a flow collection (the document dialect), folded: up to a comment,
    /// a flow indicator or `: `. Returns nil when the scalar stays on its line.
    @inline(never)
    private func plainContinuation(_ first: Range<Int>, stop: Int) throws(YAMLSpecReader.Failure) -> (SpecNode, Int)? {
        var value: [UInt8] = []
        var last = first.upperBound
        var emptyLines = 0
        var cursor = reader.nextLine(after: stop)
        while cursor < bytes.count {
            let content = reader.skipBlanks(from: cursor)
            if reader.isLineEnd(content) {
                emptyLines += 1
                cursor = reader.nextLine(after: content)
                continue
            }
            let byte = bytes[content]
            if byte == UInt8(ascii: "#") || YAMLSpecReader.isFlowIndicator(byte) || isValueIndicator(at: content) {
                break
            }
            if content == cursor, reader.isDocumentMarker(at: cursor) { break }
            let (end, lineStop) = plainScan(from: content)
            guard end > content else { break }
            if value.isEmpty { value.append(contentsOf: bytes[first]) }
            if emptyLines == 0 {
                value.append(UInt8(ascii: " "))
            } else {
                value.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: emptyLines))
            }
            value.append(contentsOf: bytes[content..<end])
            last = end
            emptyLines = 0
            guard lineStop < bytes.count, reader.isLineEnd(lineStop) else { break }
            cursor = reader.nextLine(after: lineStop)
        }
        guard last > first.upperBound else { return nil }
        return (SpecNode(.string(String(decoding: value, as: UTF8.self)), offset: first.lowerBound), last)
    }

    /// A `:` that separates a key from its value: followed by a blank, the line end or a flow indicator.
    private func isValueIndicator(at index: Int) -> Bool {
        bytes[index] == UInt8(ascii: ":")
            && (reader.isBlankOrLineEnd(index + 1) || YAMLSpecReader.isFlowIndicator(bytes[index + 1]))
    }

    /// `,`, `]` or `}`: the end of an entry.
    private static func isEntryEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
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
