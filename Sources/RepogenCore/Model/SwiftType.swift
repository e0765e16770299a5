/// A Swift type as written in a spec, parsed so that only type syntax reaches the generated code.
///
/// Grammar: `type := base '?'*`, `base := '[' type (':' type)? ']' | name ('.' name)* ('<' type (',' type)* '>')?`.
package struct SwiftType: Sendable, Equatable, CustomStringConvertible {
    /// The normalized spelling: `[String: Int]`, `ContentsWithCursorResponse<StoreImageResponse>`, `String?`.
    package var description: String
    package var isOptional: Bool
    /// The base name when the type is a plain name without members or generics (`String`, `Bool`).
    package var simpleName: String?
    /// Every type name the type mentions: `[String: Page<Item>]` -> `String`, `Page`, `Item`.
    package var referencedNames: [String] = []
    /// The structure: a name with generic arguments, an array, a dictionary or an optional.
    package var shape: Shape = .named("", [])

    /// How a type is built from others.
    package indirect enum Shape: Sendable, Equatable {
        /// `Name` or `Module.Name<Arguments>`.
        case named(String, [SwiftType])
        case array(SwiftType)
        case dictionary(key: SwiftType, value: SwiftType)
        case optional(SwiftType)
    }

    /// A plain type name: `String`.
    package static func named(_ name: String) -> SwiftType {
        SwiftType(description: name, isOptional: false, simpleName: name, referencedNames: [name], shape: .named(name, []))
    }

    /// `[element]`.
    package static func array(of element: SwiftType) -> SwiftType {
        SwiftType(
            description: "[\(element)]", isOptional: false, simpleName: nil, referencedNames: element.referencedNames,
            shape: .array(element))
    }

    /// The type without its optional marks: `String??` -> `String`.
    package var unwrapped: SwiftType {
        if case .optional(let wrapped) = shape { return wrapped.unwrapped }
        return self
    }

    /// The commonest type, an ASCII name with optional marks (`String`, `Pet?`), as the parser gives it, without
    /// decoding scalars; nil for anything else (the parser decides), a keyword included.
    private static func plainName(_ text: String) -> SwiftType? {
        var bytes = Substring(text).utf8
        var marks = 0
        while bytes.last == UInt8(ascii: "?") {
            bytes = bytes.dropLast()
            marks += 1
        }
        guard let first = bytes.first, !(0x30...0x39).contains(first) else { return nil }
        for byte in bytes {
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            guard isLetter || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_") else { return nil }
        }
        let name = String(Substring(bytes))
        guard !SwiftIdentifier.isKeyword(name) || name == "Any" else { return nil }
        var type = SwiftType.named(name)
        for _ in 0..<marks {
            type = SwiftType(
                description: type.description + "?", isOptional: true, simpleName: nil,
                referencedNames: type.referencedNames, shape: .optional(type))
        }
        return type
    }

    /// Parses a type; returns an error message for text that is not a type.
    package static func parse(_ text: String) -> Result<SwiftType, TypeSyntaxError> {
        if let plain = plainName(text) { return .success(plain) }
        var parser = Parser(Array(text.unicodeScalars))
        do throws(TypeSyntaxError) {
            parser.skipSpaces()
            let type = try parser.parseType(depth: 0)
            parser.skipSpaces()
            if parser.index < parser.scalars.count {
                throw TypeSyntaxError(message: "unexpected '\(parser.scalars[parser.index])' in type '\(text)'")
            }
            return .success(type)
        } catch {
            return .failure(error)
        }
    }

    /// Why a type string did not parse.
    package struct TypeSyntaxError: Error, Sendable, Equatable {
        package var message: String
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index] == " " { index += 1 }
        }

        mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            skipSpaces()
            if index < scalars.count, scalars[index] == scalar {
                index += 1
                return true
            }
            return false
        }

        mutating func parseType(depth: Int) throws(TypeSyntaxError) -> SwiftType {
            guard depth < 32 else { throw TypeSyntaxError(message: "type is nested too deeply") }
            skipSpaces()
            var type: SwiftType
            if consume("[") {
                let element = try parseType(depth: depth + 1)
                if consume(":") {
                    let value = try parseType(depth: depth + 1)
                    type = SwiftType(
                        description: "[\(element): \(value)]", isOptional: false, simpleName: nil,
                        referencedNames: element.referencedNames + value.referencedNames,
                        shape: .dictionary(key: element, value: value))
                } else {
                    type = SwiftType(
                        description: "[\(element)]", isOptional: false, simpleName: nil,
                        referencedNames: element.referencedNames, shape: .array(element))
                }
                guard consume("]") else { throw TypeSyntaxError(message: "expected ']' in type") }
            } else {
                var name = try parseName()
                var simple = true
                while consume(".") {
                    name += "." + (try parseName())
                    simple = false
                }
                var referenced = [name]
                let baseName = name
                var arguments: [SwiftType] = []
                if consume("<") {
                    arguments = [try parseType(depth: depth + 1)]
                    while consume(",") { arguments.append(try parseType(depth: depth + 1)) }
                    guard consume(">") else { throw TypeSyntaxError(message: "expected '>' in type") }
                    name += "<" + arguments.map(\.description).joined(separator: ", ") + ">"
                    referenced += arguments.flatMap(\.referencedNames)
                    simple = false
                }
                type = SwiftType(
                    description: name, isOptional: false, simpleName: simple ? name : nil, referencedNames: referenced,
                    shape: .named(baseName, arguments))
            }
            while index < scalars.count, scalars[index] == "?" {
                index += 1
                type = SwiftType(
                    description: type.description + "?", isOptional: true, simpleName: nil,
                    referencedNames: type.referencedNames, shape: .optional(type))
            }
            return type
        }

        mutating func parseName() throws(TypeSyntaxError) -> String {
            skipSpaces()
            let start = index
            while index < scalars.count, SwiftIdentifier.isIdentifierScalar(scalars[index], first: index == start) {
                index += 1
            }
            guard index > start else {
                let found = index < scalars.count ? "'\(scalars[index])'" : "end of text"
                throw TypeSyntaxError(message: "expected a type name, found \(found)")
            }
            let slice = scalars[start..<index]
            let text: String
            if slice.allSatisfy(\.isASCII) {
                // Nearly every name: its bytes at once, not a scalar at a time.
                text = String(decoding: slice.lazy.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
            } else {
                var name = String.UnicodeScalarView()
                name.append(contentsOf: slice)
                text = String(name)
            }
            if SwiftIdentifier.isKeyword(text) && text != "Any" {
                throw TypeSyntaxError(message: "'\(text)' is a Swift keyword, not a type name")
            }
            return text
        }
    }
}
