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
        var parts: [RawPart] = []
        var literal = ""
        var characters = text[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "{" {
                if characters.first == "{" {
                    literal.append("{")
                    characters = characters.dropFirst()
                    continue
                }
                guard let close = characters.firstIndex(of: "}") else {
                    return .failure(TemplateSyntaxError(message: "unclosed '{' in '\(text)'"))
                }
                let inner = String(characters[..<close])
                characters = characters[characters.index(after: close)...]
                switch parseReference(inner) {
                case .success(let reference):
                    if !literal.isEmpty {
                        parts.append(.literal(literal))
                        literal = ""
                    }
                    parts.append(.reference(reference))
                case .failure(let error):
                    return .failure(error)
                }
            } else if character == "}" {
                guard characters.first == "}" else {
                    return .failure(TemplateSyntaxError(message: "unmatched '}' in '\(text)'; write '}}' for a brace"))
                }
                literal.append("}")
                characters = characters.dropFirst()
            } else {
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(parts)
    }

    /// Parses the inside of a placeholder: `a.b`, `a[].b.c`.
    package static func parseReference(_ text: String) -> Result<RawReference, TemplateSyntaxError> {
        let trimmed = text.trimmingSpaces()
        let pieces = trimmed.split(separator: "[]", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let head = pieces[0].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var mapped: [String]?
        if pieces.count == 2 {
            var tail = pieces[1]
            guard tail.hasPrefix(".") else {
                return .failure(TemplateSyntaxError(message: "'\(trimmed)': '[]' must be followed by '.member'"))
            }
            tail.removeFirst()
            mapped = tail.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
        for name in head + (mapped ?? []) where !SwiftIdentifier.isValid(name) {
            let shown = name.isEmpty ? "an empty name" : "'\(name)'"
            return .failure(TemplateSyntaxError(message: "'{\(trimmed)}' is not a reference to an input: \(shown) is not a valid name"))
        }
        return .success(RawReference(root: head[0], members: Array(head.dropFirst()), mappedMembers: mapped, text: trimmed))
    }

    /// Why a template string did not parse.
    package struct TemplateSyntaxError: Error, Sendable, Equatable {
        package var message: String
    }
}

extension String {
    /// The string without leading and trailing spaces (no Foundation needed).
    func trimmingSpaces() -> String {
        var slice = self[...]
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
