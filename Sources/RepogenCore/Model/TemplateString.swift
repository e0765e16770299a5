/// Parses template strings: literal text with `{reference}` placeholders, as used by paths, headers and params.
///
/// A reference is `input`, `input.member.member`, or `array[].member` (map every element). `{{` and `}}`
/// stand for literal braces.
package enum TemplateString {
    /// A placeholder before it is resolved against the endpoint's inputs.
    package struct RawReference: Sendable, Equatable {
        package var root: String
        package var members: [String]
        package var mappedMembers: [String]?
        /// The placeholder's text, for messages.
        package var text: String

        package init(root: String, members: [String], mappedMembers: [String]?, text: String) {
            self.root = root
            self.members = members
            self.mappedMembers = mappedMembers
            self.text = text
        }
    }

    /// A piece of a parsed template string.
    package enum RawPart: Sendable, Equatable {
        case literal(String)
        case reference(RawReference)
    }

    /// Splits `text` into literal parts and references.
    /// - Returns: the parts, or a message describing the first syntax error.
    package static func parse(_ text: String) -> Result<[RawPart], TemplateSyntaxError> {
        var contiguous = text
        // Braces are ASCII: scan the UTF-8 bytes and copy the text between them in runs (every spec's paths,
        // headers and params come through here).
        return contiguous.withUTF8 { bytes in parse(bytes, text: text) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, text: String) -> Result<[RawPart], TemplateSyntaxError> {
        func string(_ range: Range<Int>) -> String {
            // Runs start and end at ASCII braces (or the ends), so they hold whole UTF-8 sequences.
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var parts: [RawPart] = []
        var literal = ""
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") else {
                index += 1
                continue
            }
            if runStart < index { literal += string(runStart..<index) }
            let next = index + 1
            if next < bytes.count, bytes[next] == byte {
                // `{{` or `}}`: a literal brace.
                literal += byte == UInt8(ascii: "{") ? "{" : "}"
                index = next + 1
                runStart = index
                continue
            }
            if byte == UInt8(ascii: "}") {
                return .failure(TemplateSyntaxError(message: "unmatched '}' in '\(text)'; write '}}' for a brace"))
            }
            guard let close = bytes[next...].firstIndex(of: UInt8(ascii: "}")) else {
                return .failure(TemplateSyntaxError(message: "unclosed '{' in '\(text)'"))
            }
            switch parseReference(string(next..<close)) {
            case .success(let reference):
                if !literal.isEmpty {
                    parts.append(.literal(literal))
                    literal = ""
                }
                parts.append(.reference(reference))
            case .failure(let error):
                return .failure(error)
            }
            index = close + 1
            runStart = index
        }
        if runStart < bytes.count { literal += string(runStart..<bytes.count) }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(parts)
    }

    /// Parses the inside of a placeholder: `a.b`, `a[].b.c`.
    package static func parseReference(_ text: String) -> Result<RawReference, TemplateSyntaxError> {
        let trimmed = text.trimmingSpaces()
        // Most references have no `[]`: no search for the two-character separator then.
        let pieces =
            trimmed.utf8.contains(UInt8(ascii: "["))
            ? trimmed.split(separator: "[]", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            : [trimmed]
        let head = pieces[0].componentsAtDots()
        var mapped: [String]?
        if pieces.count == 2 {
            var tail = pieces[1]
            guard tail.hasPrefix(".") else {
                return .failure(TemplateSyntaxError(message: "'\(trimmed)': '[]' must be followed by '.member'"))
            }
            tail.removeFirst()
            mapped = tail.componentsAtDots()
        }
        if let name = head.first(where: { !SwiftIdentifier.isValid($0) }) ?? mapped?.first(where: { !SwiftIdentifier.isValid($0) }) {
            let shown = name.isEmpty ? "an empty name" : "'\(name)'"
            return .failure(TemplateSyntaxError(message: "'{\(trimmed)}' is not a reference to an input: \(shown) is not a valid name"))
        }
        return .success(RawReference(
            root: head[0], members: head.count == 1 ? [] : Array(head.dropFirst()), mappedMembers: mapped, text: trimmed))
    }

    /// Why a template string did not parse.
    package struct TemplateSyntaxError: Error, Sendable, Equatable {
        package var message: String
    }
}

extension String {
    /// The parts between `.`s, empty ones included (`split(separator:omittingEmptySubsequences:)` without its
    /// generic machinery, which shows in profiles: every reference of a large spec is split).
    package func componentsAtDots() -> [String] {
        let split = utf8.withContiguousStorageIfAvailable { bytes -> [String] in
            guard bytes.contains(UInt8(ascii: ".")) else { return [self] }
            var components: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
                // Between dots (ASCII) the bytes are whole UTF-8 sequences.
                components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return components
        }
        if let split { return split }
        var contiguous = self
        contiguous.makeContiguousUTF8()
        return contiguous.componentsAtDots()
    }

    /// The string without leading and trailing spaces (no Foundation needed).
    func trimmingSpaces() -> String {
        guard utf8.first == UInt8(ascii: " ") || utf8.last == UInt8(ascii: " ") else { return self }
        var slice = self[...]
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
