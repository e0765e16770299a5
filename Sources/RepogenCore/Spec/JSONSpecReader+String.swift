extension JSONSpecReader {
    /// Reads a JSON string starting at the opening quote; rejects control characters and invalid UTF-8.
    mutating func readString() throws(Diagnostic) -> String {
        let start = position
        position += 1
        // Most strings of a spec are ASCII without escapes: find the closing quote, and make the string from the
        // bytes in one step.
        var end = position
        var isPlainASCII = true
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") {
                isPlainASCII = false
                break
            }
            end += 1
        }
        if isPlainASCII, end < bytes.count {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
            position = end + 1
            return text
        }
        // Runs between escapes are copied whole (most strings are one run), not a scalar at a time.
        var result = ""
        var runStart = position
        func flush(_ reader: JSONSpecReader, upTo end: Int) throws(Diagnostic) {
            guard runStart < end else { return }
            guard let text = String(validating: reader.bytes[runStart..<end], as: UTF8.self) else {
                throw reader.fail("invalid UTF-8 in a string", at: runStart)
            }
            if result.isEmpty { result = text } else { result += text }
        }
        while true {
            guard position < bytes.count else {
                throw fail("unterminated string; expected '\"'", at: start)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flush(self, upTo: position)
                position += 1
                return result
            }
            if byte < 0x20 {
                throw fail("control character in a string; escape it (for example '\\n')")
            }
            if byte == UInt8(ascii: "\\") {
                try flush(self, upTo: position)
                result.unicodeScalars.append(try readEscape())
                runStart = position
                continue
            }
            position += 1
        }
    }

    private mutating func readEscape() throws(Diagnostic) -> Unicode.Scalar {
        let start = position
        position += 1
        guard position < bytes.count else { throw fail("unterminated escape sequence", at: start) }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try readHex4(escapeStart: start)
            if (0xD800...0xDBFF).contains(high) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw fail("unpaired UTF-16 surrogate in '\\u' escape", at: start)
                }
                position += 2
                let low = try readHex4(escapeStart: start)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("unpaired UTF-16 surrogate in '\\u' escape", at: start)
                }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                if let scalar = Unicode.Scalar(value) { return scalar }
                throw fail("invalid '\\u' escape", at: start)
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw fail("unpaired UTF-16 surrogate in '\\u' escape", at: start)
            }
            return scalar
        default:
            throw fail("invalid escape sequence in a string", at: start)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(Diagnostic) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw fail("incomplete '\\u' escape", at: escapeStart) }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid '\\u' escape: expected four hex digits", at: escapeStart)
            }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }
}
