/// The two YAML dialects the reader knows: repogen's own spec format, and real-world YAML documents (OpenAPI).
package enum YAMLDialect: Sendable {
    /// The documented subset for repogen's spec files: anything outside it is an error, never a silent misread.
    case spec
    /// The subset plus what real OpenAPI documents use (anchors, aliases, merge keys, standard tags, multi-line
    /// plain and quoted scalars, `%YAML`, `...`); for `repogen import`.
    case document
}

/// Reads YAML into the same `SpecNode` tree as JSON, with the offset of every value and key, in one of two dialects.
///
/// The `.spec` dialect (`read(_:)`) is the subset a hand-written spec needs:
/// - block mappings (`key: value`) and block sequences (`- item`), nested by indentation with spaces; a sequence
///   may sit at the same indentation as its key (`inputs:` then `- name: a`), `- key: value` starts a mapping
///   inside an item (also indented further, `-   key: v`), and `- - a` a sequence inside one;
/// - flow sequences `[a, b]` and flow mappings `{k: v, k2: [1, 2]}`, nestable, which may span lines and hold comments;
/// - plain, single-quoted (`''` is a quote) and double-quoted scalars (JSON's escapes, surrogate pairs included, plus
///   YAML's `\0 \a \e \v \x \U \N \_ \L \P` and `\ `); quoted scalars are always strings and end on their line;
/// - plain scalars are typed as in YAML 1.2's core schema, restricted to JSON's values: `true`/`True`/`TRUE` and
///   `false`/`False`/`FALSE` are booleans, `null`/`Null`/`NULL`/`~`/nothing is null, a JSON number
///   (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) is a number kept as written, and anything else is a string
///   (so `.inf`, `.nan`, `0x1F`, `0o17`, `+1`, `007`, `1_000` and `1.` stay strings);
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
///
/// The `.document` dialect (`read(_:dialect:)`) reads YAML as OpenAPI tools and people write it: everything above, and
/// - anchors (`&name`) and aliases (`*name`) on any node, block or flow, scalar or collection; an alias is a copy of
///   the node anchored last before it (with that node's offsets). An alias to an anchor not yet defined, or to the node
///   that contains it, is an error, and so are aliases that expand to more than `aliasExpansionLimit` nodes in all
///   (a million, or one per byte of a larger file: the "billion laughs");
/// - the merge key `<<: *base` or `<<: [*a, *b]` (or a mapping written in place): the merged mappings' members go
///   where `<<` is, except those whose key the mapping has itself (explicit keys win), and an earlier merged mapping
///   wins over a later one;
/// - properties on a key (`&k key: v`, `!!str 200: ok`) apply to the key, as in YAML; an alias of a scalar may be a
///   key (`*k : v`); keys stay strings;
/// - the standard tags `!!str` (`!!str 123` is the string "123"), `!!int` and `!!float` (a JSON number; a leading
///   `+` and, for `!!int`, leading zeros are dropped), `!!bool`, `!!null`, `!!map` and `!!seq`, also written
///   `!<tag:yaml.org,2002:str>`; a value that does not fit its tag, and any other tag (`!local`, `!`), is an error;
/// - plain scalars over several lines (continuation lines indented deeper than the enclosing block, or inside a flow
///   collection) and single- or double-quoted scalars over several lines, folded as YAML 1.2 folds them: a line
///   break between text is a space, each empty line a line feed, blanks around the breaks are dropped, and in
///   double quotes a `\` at the line end joins the lines; a plain scalar still ends at ` #` and cannot hold `: `,
///   and one over several lines is always a string;
/// - flow mappings with entries without a value (`{a}`, `{a: }`: null) and JSON-like entries (`{"a":1}`);
/// - `%YAML 1.1` or `%YAML 1.2` before a `---` line, and `...` ending the document (then only comments may follow).
/// Still errors: tabs in indentation, complex keys (`? `), other directives, a second document, duplicate keys, bad
/// indentation, invalid UTF-8 and control characters, and nesting deeper than 256 levels (counted through aliases).
package struct YAMLSpecReader {
    /// Deeper nesting than this is an error rather than a risk to the stack.
    ///
    /// The parser recurses once or twice per level. Errors are a small `Failure` until `read` makes the `Diagnostic`,
    /// and the helpers off the recursive path are `@inline(never)`, which keeps the frames small: the deepest
    /// nesting takes under 400 KB of stack in a release build. Aliases are copies, never parsed again, so they add
    /// no recursion; their nesting counts towards this limit all the same.
    static let maximumDepth = 256

    /// The most nodes aliases may produce in all, in the document dialect: a million, or one per byte of a larger
    /// file. A copy costs nothing here, but whatever walks the tree afterwards pays for every node.
    static func aliasExpansionLimit(fileSize: Int) -> Int {
        max(1_000_000, fileSize)
    }

    let file: SpecFile
    let bytes: [UInt8]
    let dialect: YAMLDialect
    /// Anchors and the count of nodes aliases produced (the document dialect only); shared with the flow parser.
    let state: DocumentState
    /// Where the text starts: after the byte-order mark, if there is one.
    let textStart: Int
    /// The start of the current line (block parsing moves line by line).
    var position: Int

    package init(file: SpecFile, dialect: YAMLDialect = .spec) {
        self.file = file
        self.bytes = file.bytes
        self.dialect = dialect
        self.state = DocumentState(expansionLimit: Self.aliasExpansionLimit(fileSize: file.bytes.count))
        self.textStart = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.position = textStart
    }

    /// Parses the whole file as one YAML document of the spec subset.
    /// - Throws: `Diagnostic` at the first syntax error.
    package static func read(_ file: SpecFile) throws(Diagnostic) -> SpecNode {
        try read(file, dialect: .spec)
    }

    /// Parses the whole file as one YAML document of the given dialect.
    /// - Throws: `Diagnostic` at the first syntax error.
    package static func read(_ file: SpecFile, dialect: YAMLDialect) throws(Diagnostic) -> SpecNode {
        var reader = YAMLSpecReader(file: file, dialect: dialect)
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
        /// The message already says how to quote the value: `quoteHint` adds nothing.
        var hinted = false
    }

    var isDocument: Bool { dialect == .document }

    private mutating func readDocument() throws(Failure) -> SpecNode {
        try checkEncoding()
        guard nextContentLine() else { throw fail("the file is empty; expected a mapping of keys", at: 0) }
        if bytes[position] == UInt8(ascii: "%") {
            guard isDocument else { throw fail("directives ('%…') are not supported", at: position) }
            try directives()
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
            if isDocument, isMarker("...", at: position) {
                throw fail("the file is empty; expected a mapping of keys", at: 0)
            }
            throw fail("multiple documents are not supported; keep one spec per file", at: position)
        }
        let indent = try indentation()
        let node = try blockNode(at: position + indent, parentIndent: -1, depth: 0)
        if nextContentLine() {
            if isDocument, isMarker("...", at: position) {
                try documentEnd()
                return node
            }
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

    /// `%YAML 1.2` or `%YAML 1.1` lines, then the `---` line they need (the document dialect).
    @inline(never)
    private mutating func directives() throws(Failure) {
        var first: Int?
        while bytes[position] == UInt8(ascii: "%") {
            let start = position
            if let first {
                let line = file.location(at: first).line
                throw fail("a second '%YAML' directive (the first is on line \(line))", at: start)
            }
            first = start
            let name = start + 1
            var index = name
            while !isBlankOrLineEnd(index) { index += 1 }
            guard text(name..<index) == "YAML" else {
                throw fail("directive '\(text(start..<index))' is not supported; only '%YAML 1.2' is", at: start)
            }
            let number = skipBlanks(from: index)
            var versionEnd = number
            while !isBlankOrLineEnd(versionEnd) { versionEnd += 1 }
            guard ["1.1", "1.2"].contains(text(number..<versionEnd)) else {
                throw fail("unsupported YAML version; expected '%YAML 1.2' (or 1.1)", at: number)
            }
            let rest = skipBlanks(from: versionEnd)
            guard isLineEnd(rest) || (bytes[rest] == UInt8(ascii: "#") && rest > versionEnd) else {
                throw fail("unexpected text after the directive", at: rest)
            }
            position = nextLine(after: rest)
            guard nextContentLine() else { throw fail("expected '---' after the directive", at: start) }
        }
        guard isMarker("---", at: position) else { throw fail("expected '---' after the directive", at: position) }
    }

    /// After `...`, which ends the document: only comments, blank lines and more `...` lines may follow.
    @inline(never)
    private mutating func documentEnd() throws(Failure) {
        while nextContentLine() {
            guard isMarker("...", at: position) else {
                throw fail("multiple documents are not supported; keep one spec per file", at: position)
            }
            let rest = skipBlanks(from: position + 3)
            guard isLineEnd(rest) || bytes[rest] == UInt8(ascii: "#") else {
                throw fail("unexpected text after '...'", at: rest)
            }
            position = nextLine(after: rest)
        }
    }

    // MARK: - Block structure

    /// The node whose first character is at `start`; `parentIndent` is the indentation of the enclosing block
    /// (-1 at the top), which a block scalar's lines (and a plain scalar's continuation lines) must exceed.
    private mutating func blockNode(at start: Int, parentIndent: Int, depth: Int) throws(Failure) -> SpecNode {
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
    private func isMappingEntry(at start: Int) -> Bool {
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

    // MARK: - Errors

    /// A flow mapping that does not parse, at the start of a value: it may be text that starts with `{` (a path
    /// `{id}/items`), which YAML reads as a mapping; say to quote it.
    @inline(never)
    func quoteHint(_ failure: Failure, value start: Int, textFollows: Bool = false) -> Failure {
        let end = lineEnd(from: start)
        // `{` only: text like `{id}/items` is what people write; a `[` value is almost always a list, unless `?`
        // follows it (`[String]?`, a type).
        guard bytes[start] == UInt8(ascii: "{") || textFollows, failure.offset <= end, !failure.hinted,
            !failure.message.hasPrefix("nesting")
        else {
            return failure
        }
        var text = self.text(start..<end)
        if let comment = text.range(of: " #") { text = String(text[..<comment.lowerBound]) }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        let quoted = text.contains("\"") ? "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
            : "\"" + text + "\""
        let what = bytes[start] == UInt8(ascii: "{") ? "'{' is a mapping in YAML: if it is text"
            : "'[' is a list in YAML: if it is text or a type"
        return fail(failure.message + "; a value that starts with \(what), put it in quotes (\(quoted))", at: failure.offset)
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
        // (In the document dialect a value may continue on the next line: one that did not has ended, at a comment.)
        if afterScalar, !isDocument, !isSequenceItem(at: start), !isMappingEntry(at: start) {
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

// MARK: - The document dialect: properties, anchors, aliases, tags and merge keys

/// The anchors of the document being read and the number of nodes aliases have produced: one per `read`, shared by
/// the reader's copies (the flow parser's), so that an anchor defined in a flow collection is known after it.
final class DocumentState {
    struct Anchor {
        var node: SpecNode
        /// The number of nodes in the anchored tree and its height (0 for a scalar): measured on the first alias.
        var size: Int?
        var height = 0
    }

    var anchors: [String: Anchor] = [:]
    /// Anchors whose node is being read: an alias to one of them would hold itself.
    var openAnchors: [String: Int] = [:]
    var expandedNodes = 0
    let expansionLimit: Int

    init(expansionLimit: Int) {
        self.expansionLimit = expansionLimit
    }

    func open(_ anchor: NodeProperties.Anchor?) {
        if let anchor { openAnchors[anchor.name, default: 0] += 1 }
    }

    func define(_ name: String, _ node: SpecNode) {
        anchors[name] = Anchor(node: node)
    }

    func close(_ name: String) {
        if let count = openAnchors[name] { openAnchors[name] = count > 1 ? count - 1 : nil }
    }
}

/// A node's anchor and tag (`&name !!tag`, in either order).
struct NodeProperties {
    struct Anchor {
        var name: String
        var offset: Int
    }

    var anchor: Anchor?
    var tag: StandardTag?
    var tagOffset = 0
}

/// The tags of YAML's core schema that the document dialect knows (`!!str`, or `!<tag:yaml.org,2002:str>`).
enum StandardTag: String {
    case str, int, float, bool, null, map, seq
}

/// The mappings a merge key (`<<`) brings in, and the index of the member where they go.
struct MergeSource {
    var index: Int
    var mappings: [[SpecMember]]
}

extension YAMLSpecReader {
    static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{")
            || byte == UInt8(ascii: "}")
    }

    /// The end of an anchor or alias name that starts at `start`: before a blank, the line end, a flow indicator, or
    /// a `:` followed by one of those (so that `*a: v` is the alias `a` as a key, as libyaml reads it).
    func nameEnd(from start: Int) -> Int {
        var index = start
        while !isBlankOrLineEnd(index), !Self.isFlowIndicator(bytes[index]) {
            if bytes[index] == UInt8(ascii: ":"),
                isBlankOrLineEnd(index + 1) || Self.isFlowIndicator(bytes[index + 1])
            {
                break
            }
            index += 1
        }
        return index
    }

    /// The end of the property (`&anchor` or `!tag`) at `start`.
    private func propertyEnd(at start: Int) -> Int {
        if bytes[start] == UInt8(ascii: "&") { return nameEnd(from: start + 1) }
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            while !isLineEnd(index), bytes[index] != UInt8(ascii: ">") { index += 1 }
            return isLineEnd(index) ? index : index + 1
        }
        while !isBlankOrLineEnd(index), !Self.isFlowIndicator(bytes[index]) { index += 1 }
        return index
    }

    /// Where the node after the properties at `start` begins (`start` without any), on the same line.
    func skipProperties(from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
            index = skipBlanks(from: propertyEnd(at: index))
        }
        return index
    }

    /// Properties on a line of their own before more of them: one anchor and one tag in all.
    func add(_ more: NodeProperties, to properties: inout NodeProperties) throws(Failure) {
        if let anchor = more.anchor {
            guard properties.anchor == nil else { throw fail("a node can have only one anchor", at: anchor.offset) }
            properties.anchor = anchor
        }
        if let tag = more.tag {
            guard properties.tag == nil else { throw fail("a node can have only one tag", at: more.tagOffset) }
            properties.tag = tag
            properties.tagOffset = more.tagOffset
        }
    }

    /// The anchor and tag at `start`, and the offset after the last of them.
    @inline(never)
    func properties(at start: Int) throws(Failure) -> (NodeProperties, Int) {
        var properties = NodeProperties()
        var index = start
        while true {
            let end = propertyEnd(at: index)
            if bytes[index] == UInt8(ascii: "&") {
                guard properties.anchor == nil else { throw fail("a node can have only one anchor", at: index) }
                guard end > index + 1 else { throw fail("expected the anchor's name after '&'", at: index) }
                properties.anchor = NodeProperties.Anchor(name: text((index + 1)..<end), offset: index)
            } else {
                guard properties.tag == nil else { throw fail("a node can have only one tag", at: index) }
                properties.tag = try tag(index..<end)
                properties.tagOffset = index
            }
            let next = skipBlanks(from: end)
            guard next > end, next < bytes.count, bytes[next] == UInt8(ascii: "&") || bytes[next] == UInt8(ascii: "!")
            else { return (properties, end) }
            index = next
        }
    }

    private func tag(_ range: Range<Int>) throws(Failure) -> StandardTag {
        let written = text(range)
        let name: Substring?
        if written.hasPrefix("!!") {
            name = written.dropFirst(2)
        } else if written.hasPrefix("!<tag:yaml.org,2002:"), written.hasSuffix(">") {
            name = written.dropFirst(20).dropLast()
        } else {
            name = nil
        }
        guard let name, let tag = StandardTag(rawValue: String(name)) else {
            throw fail(
                "unsupported tag '\(written)'; only YAML's standard tags are supported "
                    + "(!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)", at: range.lowerBound)
        }
        return tag
    }

    /// The alias at `start` (`*name`): a copy of the node anchored last with that name, and the offset after it;
    /// `depth` counts the collections around it, for the nesting limit.
    @inline(never)
    func alias(at start: Int, depth: Int) throws(Failure) -> (SpecNode, Int) {
        let end = nameEnd(from: start + 1)
        guard end > start + 1 else { throw fail("expected the alias's name after '*'", at: start) }
        let name = text((start + 1)..<end)
        if state.openAnchors[name] != nil {
            throw fail(
                "the alias '*\(name)' is inside the node it refers to; recursive aliases are not supported", at: start)
        }
        guard var anchor = state.anchors[name] else {
            throw fail("undefined alias '*\(name)'; the anchor ('&\(name)') must come before its aliases", at: start)
        }
        if anchor.size == nil {
            let budget = state.expansionLimit - state.expandedNodes
            guard let (size, height) = Self.measure(anchor.node, limit: budget) else {
                throw tooManyAliasedNodes(at: start)
            }
            anchor.size = size
            anchor.height = height
            state.anchors[name] = anchor
        }
        state.expandedNodes += anchor.size ?? 0
        guard state.expandedNodes <= state.expansionLimit else { throw tooManyAliasedNodes(at: start) }
        guard depth + anchor.height <= Self.maximumDepth else { throw tooDeep(at: start) }
        return (anchor.node, end)
    }

    @inline(never)
    private func tooManyAliasedNodes(at offset: Int) -> Failure {
        fail(
            "aliases expand to more than \(state.expansionLimit) nodes; the document is too large once its aliases "
                + "are expanded", at: offset)
    }

    /// The number of nodes in a tree and its height (0 for a scalar, 1 for a flat collection), or nil when it has
    /// more than `limit` nodes; without recursion.
    static func measure(_ root: SpecNode, limit: Int) -> (size: Int, height: Int)? {
        var size = 0
        var height = 0
        var pending: [(SpecNode, Int)] = [(root, 0)]
        while let (node, level) = pending.popLast() {
            size += 1
            guard size <= limit else { return nil }
            switch node.kind {
            case .object(let members):
                height = max(height, level + 1)
                for member in members { pending.append((member.value, level + 1)) }
            case .array(let items):
                height = max(height, level + 1)
                for item in items { pending.append((item, level + 1)) }
            case .string, .number, .bool, .null:
                break
            }
        }
        return (size, height)
    }

    /// A node's tag applied and its anchor defined.
    @inline(never)
    func finish(_ node: SpecNode, _ properties: NodeProperties) throws(Failure) -> SpecNode {
        var node = node
        if let tag = properties.tag { node = try apply(tag, to: node, at: properties.tagOffset) }
        if let anchor = properties.anchor {
            state.close(anchor.name)
            state.define(anchor.name, node)
        }
        return node
    }

    /// The properties of a key: its tag must fit the key's text, and its anchor names the key (a string).
    @inline(never)
    func keyProperties(_ properties: NodeProperties, key: String, at offset: Int) throws(Failure) {
        if let tag = properties.tag {
            _ = try apply(tag, to: SpecNode(.string(key), offset: offset), at: properties.tagOffset)
        }
        if let anchor = properties.anchor { state.define(anchor.name, SpecNode(.string(key), offset: offset)) }
    }

    /// The text of a key that is an alias: the scalar it refers to, as text.
    func keyText(_ node: SpecNode, at offset: Int) throws(Failure) -> String {
        switch node.kind {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .object, .array:
            throw fail("a key must be a string; this alias refers to \(node.kindDescription)", at: offset)
        }
    }

    /// The text of a plain scalar typed as a number, a boolean or null, as written (`True`, `~`, or "" if empty).
    private func writtenText(of node: SpecNode) -> String {
        if case .number(let text) = node.kind { return text }
        var end = node.offset
        while !isBlankOrLineEnd(end), !Self.isFlowIndicator(bytes[end]), bytes[end] != UInt8(ascii: "#") { end += 1 }
        return text(node.offset..<end)
    }

    /// A node with a standard tag: the same value, or the scalar's text read as the tag says.
    @inline(never)
    private func apply(_ tag: StandardTag, to node: SpecNode, at offset: Int) throws(Failure) -> SpecNode {
        let scalar: String?
        switch node.kind {
        case .string(let text): scalar = text
        case .number, .bool, .null: scalar = writtenText(of: node)
        case .object, .array: scalar = nil
        }
        let kind: SpecNode.Kind?
        switch tag {
        case .map:
            if case .object = node.kind { return node }
            kind = nil
        case .seq:
            if case .array = node.kind { return node }
            kind = nil
        case .str:
            kind = scalar.map { .string($0) }
        case .bool:
            switch scalar {
            case "true", "True", "TRUE": kind = .bool(true)
            case "false", "False", "FALSE": kind = .bool(false)
            default: kind = nil
            }
        case .null:
            kind = ["", "~", "null", "Null", "NULL"].contains(scalar ?? "-") ? .null : nil
        case .int:
            kind = scalar.flatMap(Self.integer).map { .number($0) }
        case .float:
            kind = scalar.flatMap(Self.float).map { .number($0) }
        }
        if let kind { return SpecNode(kind, offset: node.offset) }
        switch tag {
        case .map, .seq:
            let expected = tag == .map ? "a mapping" : "a sequence"
            throw fail("the tag '!!\(tag.rawValue)' needs \(expected), not \(node.kindDescription)", at: offset)
        case .str, .int, .float, .bool, .null:
            guard let scalar else {
                throw fail("the tag '!!\(tag.rawValue)' needs a scalar, not \(node.kindDescription)", at: offset)
            }
            let expected = [
                StandardTag.int: "an integer", .float: "a number JSON can hold", .bool: "true or false", .null: "null",
            ][tag] ?? "a string"
            throw fail("'\(scalar)' is not \(expected) (tag '!!\(tag.rawValue)')", at: offset)
        }
    }

    /// `[-+]?[0-9]+` as JSON: without `+` and leading zeros.
    static func integer(_ text: String) -> String? {
        var digits = Substring(text)
        var sign = ""
        if let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        let trimmed = digits.drop { $0 == "0" }
        return sign + (trimmed.isEmpty ? "0" : String(trimmed))
    }

    /// A JSON number, possibly with a leading `+` (dropped).
    static func float(_ text: String) -> String? {
        let number = text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard !(text.hasPrefix("+") && number.hasPrefix("-")) else { return nil }
        return isJSONNumber(ArraySlice(number.utf8)) ? number : nil
    }

    /// The mappings the value of a merge key brings in: a mapping, or a sequence of them.
    @inline(never)
    func mergeSource(_ value: SpecNode, index: Int, key offset: Int) throws(Failure) -> MergeSource {
        var mappings: [[SpecMember]] = []
        switch value.kind {
        case .object(let members):
            mappings.append(members)
        case .array(let items):
            for item in items {
                guard case .object(let members) = item.kind else { throw badMerge(at: offset) }
                mappings.append(members)
            }
        case .string, .number, .bool, .null:
            throw badMerge(at: offset)
        }
        return MergeSource(index: index, mappings: mappings)
    }

    private func badMerge(at offset: Int) -> Failure {
        fail("the merge key '<<' needs a mapping, an alias of one, or a list of them", at: offset)
    }

    /// A mapping's members with the merged ones where their `<<` was: a key the mapping has itself wins over a merged
    /// one, and an earlier merged mapping over a later one.
    @inline(never)
    func merged(_ members: [SpecMember], _ merges: [MergeSource]) -> [SpecMember] {
        var taken = Set(members.map(\.key))
        var result: [SpecMember] = []
        result.reserveCapacity(members.count)
        var next = 0
        for merge in merges {
            result.append(contentsOf: members[next..<merge.index])
            next = merge.index
            for mapping in merge.mappings {
                for member in mapping where taken.insert(member.key).inserted { result.append(member) }
            }
        }
        result.append(contentsOf: members[next...])
        return result
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
