import Foundation

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
        self.lineStarts = Self.lineStarts(of: bytes)
    }

    /// The offset of every line's first byte: 0, and one past each `\n` (found with `memchr`, which looks at
    /// many bytes at a time: a large spec has megabytes to look through, on one thread, before anything else).
    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset) {
                offset = base.distance(to: UnsafeRawPointer(found)) + 1
                starts.append(offset)
            }
        }
        return starts
    }

    package init(path: String, text: String, format: SpecFormat? = nil) {
        self.init(path: path, bytes: Array(text.utf8), format: format)
    }

    /// The line and column of a UTF-8 byte offset; the column counts characters, not bytes.
    package func location(at offset: Int) -> SourceLocation {
        let clamped = min(max(0, offset), bytes.count)
        // The line is the last whose start is at or before the offset. Search near where it would be if every line
        // had the same length, galloping out from there: a spec has some 400,000 lines at 10,000 endpoints, and
        // every value asks for its location, so a search over all of them missed the cache on most probes.
        let lastLine = lineStarts.count - 1
        let guess = bytes.isEmpty ? 0 : min(lastLine, Int(Double(clamped) / Double(bytes.count) * Double(lastLine)))
        var low: Int
        var high: Int
        if lineStarts[guess] <= clamped {
            low = guess
            high = lastLine
            var step = 1
            while low + step <= high {
                if lineStarts[low + step] <= clamped {
                    low += step
                    step *= 2
                } else {
                    high = low + step - 1
                }
            }
        } else {
            low = 0
            high = guess - 1
            var step = 1
            while high - step > 0 {
                if lineStarts[high - step] <= clamped {
                    low = high - step
                    break
                }
                high -= step + 1
                step *= 2
            }
        }
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
