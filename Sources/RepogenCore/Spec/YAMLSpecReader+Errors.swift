/// The YAML reader's errors, and the hints some of them carry (quote a value that starts with `{`).
extension YAMLSpecReader {
    // MARK: - Errors

    /// A flow mapping that does not parse, at the start of a value: it may be text that starts with `{` (a path
    /// `{id}/items`), which YAML reads as a mapping; say to quote it.
    @inline(never)
    func quoteHint(_ failure: Failure, value start: Int, textFollows: Bool = false) -> Failure {
        let end = lineEnd(from: start)
        // An opening brace only: text like `{id}/items` is what people write; a `[` value is almost always a list,
        // unless `?` follows it (`[String]?`, a type).
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
    func notAnEntry(at start: Int) -> Failure {
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
    func badIndentation(
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
    func listItemInMapping(at start: Int, indent: Int) -> Failure {
        fail("expected a key at column \(indent + 1), found a list item", at: start)
    }
}
