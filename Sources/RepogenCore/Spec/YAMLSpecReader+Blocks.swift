/// Block structure of the YAML reader: mappings (`key: value`) and sequences (`- item`) nested by indentation,
/// their keys, and the values written on a key's or an item's line.
extension YAMLSpecReader {
    // MARK: - Block structure

    /// The node whose first character is at `start`; `parentIndent` is the indentation of the enclosing block
    /// (-1 at the top), which a block scalar's lines (and a plain scalar's continuation lines) must exceed.
    mutating func blockNode(at start: Int, parentIndent: Int, depth: Int) throws(Failure) -> SpecNode {
        if isSequenceItem(at: start) {
            guard depth < Self.maximumDepth else { throw tooDeep(at: start) }
            return try blockSequence(firstItem: start, indent: column(of: start), depth: depth)
        }
        if isMappingEntry(at: start) {
            guard depth < Self.maximumDepth else { throw tooDeep(at: start) }
            return try blockMapping(firstKey: start, indent: column(of: start), depth: depth)
        }
        if isDocument, bytes[start] == UInt8(ascii: "&") || bytes[start] == UInt8(ascii: "!") {
            return try propertiesValue(at: start, indent: parentIndent, sequenceAtIndent: false, depth: depth).0
        }
        if bytes[start] == UInt8(ascii: "|") || bytes[start] == UInt8(ascii: ">") {
            return try blockScalar(at: start, parentIndent: parentIndent)
        }
        let (node, end) = try inlineValue(at: start, indent: parentIndent, depth: depth)
        try finishLine(after: end)
        return node
    }

    @inline(never)
    private mutating func blockMapping(firstKey: Int, indent: Int, depth: Int) throws(Failure) -> SpecNode {
        var members: [SpecMember] = []
        var seen: [String: Int] = [:]
        var merges: [MergeSource] = []
        var keyStart = firstKey
        while true {
            let key = try mappingKey(at: keyStart)
            try record(key.text, at: key.offset, in: &seen)
            let (value, inline) = try mappingValue(after: key.colon + 1, indent: indent, depth: depth + 1)
            if key.isMerge {
                merges.append(try mergeSource(value, index: members.count, key: key.offset))
            } else {
                members.append(SpecMember(key: key.text, keyOffset: key.offset, value: value))
            }
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
        if !merges.isEmpty { members = merged(members, merges) }
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
            if isDocument, bytes[valueStart] == UInt8(ascii: "&") || bytes[valueStart] == UInt8(ascii: "!") {
                return try propertiesValue(at: valueStart, indent: indent, sequenceAtIndent: true, depth: depth)
            }
            let (node, end) = try inlineValue(at: valueStart, indent: indent, depth: depth)
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

    /// A node with an anchor or a tag (the document dialect): `&a value`, `!!str 1`, or `&a` alone on its line with
    /// the node on the lines below (indented deeper than `indent`, or a sequence at `indent` after a key).
    /// - Returns: the node, and whether it is a scalar on the line of its properties.
    @inline(never)
    private mutating func propertiesValue(
        at start: Int, indent: Int, sequenceAtIndent: Bool, depth: Int
    ) throws(Failure) -> (SpecNode, Bool) {
        var (properties, after) = try self.properties(at: start)
        var rest = skipBlanks(from: after)
        var node = SpecNode(.null, offset: rest)
        var below: Int?
        while isLineEnd(rest) || bytes[rest] == UInt8(ascii: "#") {
            // The node is on the lines below (more properties may come first, on a line of their own).
            position = nextLine(after: rest)
            guard nextContentLine() else { break }
            let next = try indentation()
            let content = position + next
            guard next > indent || (sequenceAtIndent && next == indent && isSequenceItem(at: content)) else { break }
            if bytes[content] == UInt8(ascii: "&") || bytes[content] == UInt8(ascii: "!"),
                !isMappingEntry(at: content)
            {
                let more: NodeProperties
                (more, after) = try self.properties(at: content)
                try add(more, to: &properties)
                rest = skipBlanks(from: after)
                node.offset = rest
                continue
            }
            below = content
            break
        }
        state.open(properties.anchor)
        var inline = false
        if let below {
            node = try blockNode(at: below, parentIndent: indent, depth: depth)
        } else if isLineEnd(rest) || bytes[rest] == UInt8(ascii: "#") {
            // An empty node: null, or what its tag makes of nothing.
        } else if bytes[rest] == UInt8(ascii: "*") {
            throw fail("an alias cannot have an anchor or a tag", at: rest)
        } else if bytes[rest] == UInt8(ascii: "|") || bytes[rest] == UInt8(ascii: ">") {
            node = try blockScalar(at: rest, parentIndent: indent)
        } else {
            let end: Int
            (node, end) = try inlineValue(at: rest, indent: indent, depth: depth)
            try finishLine(after: end)
            inline = node.isScalar
        }
        return (try finish(node, properties), inline)
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

    /// Whether the line from `start` is `key: …` (a plain or quoted key, then `:` and a blank or the line end); in
    /// the document dialect the key may have properties (`&a key:`) or be an alias (`*a :`).
    @inline(never)
    func isMappingEntry(at start: Int) -> Bool {
        var start = start
        if isDocument {
            start = skipProperties(from: start)
            guard !isLineEnd(start) else { return false }
            if bytes[start] == UInt8(ascii: "*") {
                let colon = skipBlanks(from: nameEnd(from: start + 1))
                return !isLineEnd(colon) && bytes[colon] == UInt8(ascii: ":") && isBlankOrLineEnd(colon + 1)
            }
        }
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

    /// A key of a block mapping: its text, where it starts, the offset of its colon, and whether it is the merge
    /// key `<<` (a plain key, in the document dialect).
    struct BlockKey {
        var text: String
        var offset: Int
        var colon: Int
        var isMerge: Bool
    }

    /// The key at `start` (where `isMappingEntry` is true) and the offset of its colon.
    @inline(never)
    private func mappingKey(at start: Int) throws(Failure) -> BlockKey {
        var start = start
        var properties: NodeProperties?
        if isDocument {
            if bytes[start] == UInt8(ascii: "&") || bytes[start] == UInt8(ascii: "!") {
                let after: Int
                (properties, after) = try self.properties(at: start)
                start = skipBlanks(from: after)
            }
            if bytes[start] == UInt8(ascii: "*") {
                if properties != nil { throw fail("an alias cannot have an anchor or a tag", at: start) }
                let (node, end) = try alias(at: start, depth: 0)
                let colon = skipBlanks(from: end)
                return BlockKey(text: try keyText(node, at: start), offset: start, colon: colon, isMerge: false)
            }
        }
        let key: String
        let colon: Int
        if bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") {
            let after: Int
            (key, after) = try quoted(at: start)
            colon = skipBlanks(from: after)
            guard !isLineEnd(colon), bytes[colon] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the key", at: colon)
            }
        } else {
            let end = lineEnd(from: start)
            var index = start
            while index < end, !(bytes[index] == UInt8(ascii: ":") && isBlankOrLineEnd(index + 1)) { index += 1 }
            colon = index
            var keyEnd = colon
            while keyEnd > start, Self.isBlank(bytes[keyEnd - 1]) { keyEnd -= 1 }
            guard keyEnd > start else { throw fail("expected a key before ':'", at: colon) }
            try checkPlainStart(start)
            key = text(start..<keyEnd)
        }
        if let properties { try keyProperties(properties, key: key, at: start) }
        let isMerge = isDocument && properties == nil && key == "<<" && bytes[start] == UInt8(ascii: "<")
        return BlockKey(text: key, offset: start, colon: colon, isMerge: isMerge)
    }

    /// A value that fits on the line (a scalar) or starts there (a flow collection); returns it and its end.
    ///
    /// In the document dialect a plain scalar may go on over the lines below that are indented deeper than `indent`,
    /// and a quoted one until its closing quote; the end is then on a later line.
    @inline(never)
    private func inlineValue(at start: Int, indent: Int, depth: Int) throws(Failure) -> (SpecNode, Int) {
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
            // `path: {id}/x`, `name: [beta] app`, `response: [String]?`: text after the collection means the value
            // was meant as text.
            let rest = skipBlanks(from: parser.position)
            if !isLineEnd(rest), !(bytes[rest] == UInt8(ascii: "#") && rest > parser.position) {
                // `[String]?`: an optional list type (other text after a list, `[1] 2`, is left as it is).
                throw quoteHint(
                    fail("unexpected text after the value", at: rest), value: start,
                    textFollows: bytes[rest] == UInt8(ascii: "?"))
            }
            return (node, parser.position)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let (value, end) = try quoted(at: start, acrossLines: isDocument)
            return (SpecNode(.string(value), offset: start), end)
        case UInt8(ascii: "*") where isDocument:
            return try alias(at: start, depth: depth)
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
            if isDocument, index == end, let continued = try plainContinuation(start..<valueEnd, indent: indent) {
                return continued
            }
            return (plainScalar(start..<valueEnd), valueEnd)
        }
    }

    /// The lines that continue a plain scalar of a block (the document dialect): those indented deeper than `indent`,
    /// up to a comment, a `key: value` line, or a line indented less; folded (a line break is a space, each empty
    /// line a line feed). Returns nil when the scalar stays on its line.
    @inline(never)
    private func plainContinuation(_ first: Range<Int>, indent: Int) throws(Failure) -> (SpecNode, Int)? {
        var value: [UInt8] = []
        var last = first.upperBound
        var emptyLines = 0
        var cursor = nextLine(after: first.upperBound)
        while cursor < bytes.count {
            var spaces = 0
            while cursor + spaces < bytes.count, bytes[cursor + spaces] == UInt8(ascii: " ") { spaces += 1 }
            let content = skipBlanks(from: cursor + spaces)
            if isLineEnd(content) {
                emptyLines += 1
                cursor = nextLine(after: content)
                continue
            }
            guard spaces > indent, bytes[content] != UInt8(ascii: "#") else { break }
            if spaces == 0, isDocumentMarker(at: cursor) { break }
            // `key: value` below a value is a mapping indented too deep: the block reports it.
            if isMappingEntry(at: content) { break }
            let end = lineEnd(from: content)
            var index = content
            var comment = false
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "#"), Self.isBlank(bytes[index - 1]) {
                    comment = true
                    break
                }
                if byte == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) {
                    throw fail("a plain value cannot contain ': '; put the value in quotes", at: index)
                }
                index += 1
            }
            var contentEnd = index
            while contentEnd > content, Self.isBlank(bytes[contentEnd - 1]) { contentEnd -= 1 }
            if value.isEmpty { value.append(contentsOf: bytes[first]) }
            if emptyLines == 0 {
                value.append(UInt8(ascii: " "))
            } else {
                value.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: emptyLines))
            }
            value.append(contentsOf: bytes[content..<contentEnd])
            last = contentEnd
            emptyLines = 0
            if comment { break }
            cursor = nextLine(after: end)
        }
        guard last > first.upperBound else { return nil }
        return (SpecNode(.string(String(decoding: value, as: UTF8.self)), offset: first.lowerBound), last)
    }
}
