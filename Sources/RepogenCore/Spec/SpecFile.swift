/// The text of one spec file and the table that turns byte offsets into lines and columns.
package struct SpecFile: Sendable {
    /// The path as the user typed it; printed in diagnostics and in the generated files' headers.
    package var path: String
    package var bytes: [UInt8]
    /// How to read the bytes; by default from the path's extension (`.yaml`/`.yml`, else JSON).
    package var format: SpecFormat
    private var lineStarts: [Int]

    package init(path: String, bytes: [UInt8], format: SpecFormat? = nil) {
        self.path = path
        self.bytes = bytes
        self.format = format ?? SpecFormat(path: path)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        self.lineStarts = starts
    }

    package init(path: String, text: String, format: SpecFormat? = nil) {
        self.init(path: path, bytes: Array(text.utf8), format: format)
    }

    /// The line and column of a UTF-8 byte offset; the column counts characters, not bytes.
    package func location(at offset: Int) -> SourceLocation {
        let clamped = min(max(0, offset), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped {
                low = mid
            } else {
                high = mid - 1
            }
        }
        let start = lineStarts[low]
        let prefix = bytes[start..<clamped]
        // Every value has a location: count ASCII (one character a byte; the prefix holds no line break) without
        // building a string, and only other text by characters.
        let column = prefix.allSatisfy { $0 < 0x80 } ? prefix.count + 1 : String(decoding: prefix, as: UTF8.self).count + 1
        return SourceLocation(path: path, line: low + 1, column: column)
    }
}

/// The two ways to write a spec.
package enum SpecFormat: Sendable, Equatable {
    case json
    case yaml

    /// `.yaml` and `.yml` files are YAML; everything else is JSON.
    package init(path: String) {
        self = path.hasSuffix(".yaml") || path.hasSuffix(".yml") ? .yaml : .json
    }
}
