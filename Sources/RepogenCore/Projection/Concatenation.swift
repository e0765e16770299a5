extension String {
    /// `parts` one after another, in one allocation: `a + b + c + d` allocates for each `+` once the text is longer
    /// than a small string (15 bytes), and building the view model of a large spec joins millions of pieces.
    package static func concatenating(_ parts: String...) -> String {
        concatenating(parts)
    }

    /// `parts` with `separator` between them, in one allocation (`joined(separator:)` grows its result as it goes).
    package static func concatenating(_ parts: [String], separator: String = "") -> String {
        var count = separator.utf8.count * Swift.max(parts.count - 1, 0)
        for part in parts { count += part.utf8.count }
        if count <= 15 {
            // A small string lives inside the value: appending to one allocates nothing.
            var small = ""
            for index in parts.indices {
                if index > 0 { small += separator }
                small += parts[index]
            }
            return small
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            var end = start
            for index in parts.indices {
                if index > 0 { end = copy(separator, to: end) }
                end = copy(parts[index], to: end)
            }
            return end - start
        }
    }

    /// Copies the UTF-8 of `text` to `target`; returns the end of the copy.
    private static func copy(_ text: String, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let copied = text.utf8.withContiguousStorageIfAvailable { source in
            if let base = source.baseAddress { target.initialize(from: base, count: source.count) }
            return target + source.count
        }
        if let copied { return copied }
        var end = target
        for byte in text.utf8 {
            end.initialize(to: byte)
            end += 1
        }
        return end
    }
}
