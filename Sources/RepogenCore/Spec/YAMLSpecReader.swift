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
}
