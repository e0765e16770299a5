/// Reads JSON (RFC 8259) into `SpecNode`s, keeping the offset of every value and key.
///
/// Hand-written rather than `JSONSerialization` because diagnostics need line and column for every value,
/// and because duplicate keys must be an error, not a silent overwrite.
package struct JSONSpecReader {
    /// Deeper nesting than this is an error rather than a risk to the stack.
    static let maximumDepth = 256

    let file: SpecFile
    /// The file's bytes, valid while `read` runs: reading them through a pointer skips the array's bounds checks
    /// (every access is behind a `position < bytes.count` test already), on millions of bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    private var depth = 0

    private init(file: SpecFile, bytes: UnsafeBufferPointer<UInt8>) {
        self.file = file
        self.bytes = bytes
    }

    /// Parses the whole file as one JSON value.
    /// - Throws: `Diagnostic` at the first syntax error.
    package static func read(_ file: SpecFile) throws(Diagnostic) -> SpecNode {
        try file.bytes.withUnsafeBufferPointer { bytes in
            Result { () throws(Diagnostic) in
                var reader = JSONSpecReader(file: file, bytes: bytes)
                return try reader.readDocument()
            }
        }.get()
    }

    private mutating func readDocument() throws(Diagnostic) -> SpecNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
        }
        skipWhitespace()
        if position >= bytes.count {
            throw fail("the file is empty; expected a JSON object", at: 0)
        }
        let value = try readValue()
        skipWhitespace()
        if position < bytes.count {
            throw fail("unexpected \(describeCurrent()) after the end of the JSON value")
        }
        return value
    }

    func fail(_ message: String, at offset: Int? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: file.location(at: offset ?? position))
    }

    private func describeCurrent() -> String {
        guard position < bytes.count else { return "end of file" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func readValue() throws(Diagnostic) -> SpecNode {
        guard position < bytes.count else { throw fail("unexpected end of file; expected a value") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return SpecNode(.string(try readString()), offset: start)
        case UInt8(ascii: "t"): try expectWord("true"); return SpecNode(.bool(true), offset: start)
        case UInt8(ascii: "f"): try expectWord("false"); return SpecNode(.bool(false), offset: start)
        case UInt8(ascii: "n"): try expectWord("null"); return SpecNode(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw fail("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(Diagnostic) {
        let start = position
        for expected in word.utf8 {
            guard position < bytes.count, bytes[position] == expected else {
                throw fail("invalid literal; expected '\(word)'", at: start)
            }
            position += 1
        }
    }

    private mutating func enter() throws(Diagnostic) {
        depth += 1
        if depth > Self.maximumDepth {
            throw fail("nesting is deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func readObject() throws(Diagnostic) -> SpecNode {
        let start = position
        try enter()
        position += 1
        var members: [SpecMember] = []
        // Key -> offset, for duplicates; built only for large objects (small ones are scanned, without hashing).
        var seen: [String: Int] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return SpecNode(.object(members), offset: start)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of file; expected '}'") }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw fail("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyOffset = position
            let key = try readString()
            if let first = firstOffset(of: key, at: keyOffset, in: members, seen: &seen) {
                let line = file.location(at: first).line
                throw fail("duplicate key '\(key)' (first used on line \(line))", at: keyOffset)
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail("unexpected \(describeCurrent()); expected ':' after key '\(key)'")
            }
            position += 1
            skipWhitespace()
            let value = try readValue()
            members.append(SpecMember(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of file; expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return SpecNode(.object(members), offset: start)
            }
            throw fail("unexpected \(describeCurrent()); expected ',' or '}'")
        }
    }

    /// Where `key` was first used among the members read so far (nil: it is new, at `offset`); `seen` indexes the
    /// keys once there are many.
    private func firstOffset(of key: String, at offset: Int, in members: [SpecMember], seen: inout [String: Int]) -> Int? {
        if members.count < 16 {
            return members.first { $0.key == key }?.keyOffset
        }
        if seen.isEmpty {
            for member in members { seen[member.key] = member.keyOffset }
        }
        if let first = seen[key] { return first }
        seen[key] = offset
        return nil
    }

    private mutating func readArray() throws(Diagnostic) -> SpecNode {
        let start = position
        try enter()
        position += 1
        var elements: [SpecNode] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return SpecNode(.array(elements), offset: start)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of file; expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return SpecNode(.array(elements), offset: start)
            }
            throw fail("unexpected \(describeCurrent()); expected ',' or ']'")
        }
    }

    private mutating func readNumber() throws(Diagnostic) -> SpecNode {
        let start = position
        func digits(_ reader: inout JSONSpecReader) -> Int {
            let from = reader.position
            while reader.position < reader.bytes.count,
                reader.bytes[reader.position] >= UInt8(ascii: "0"), reader.bytes[reader.position] <= UInt8(ascii: "9")
            {
                reader.position += 1
            }
            return reader.position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits(&self)
        if integerDigits == 0 { throw fail("invalid number", at: start) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw fail("invalid number: leading zeros are not allowed", at: start)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            if digits(&self) == 0 { throw fail("invalid number: expected digits after '.'", at: start) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            if digits(&self) == 0 { throw fail("invalid number: expected digits in the exponent", at: start) }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        return SpecNode(.number(text), offset: start)
    }
}
