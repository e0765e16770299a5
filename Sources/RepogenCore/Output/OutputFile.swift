import RepogenMustache

/// A rendered file, not yet on disk.
package struct OutputFile: Sendable, Equatable {
    /// The path below the output folder, with `/` separators.
    package var relativePath: String
    private var text: Text

    /// The text as a render left it (its bytes, not copied into a `String`: a large spec's files are megabytes,
    /// which written and hashed as they are never need a copy), or as a string.
    private enum Text: Sendable {
        case rendered(RenderedText)
        case string(String)
        /// UTF-8 bytes (a render's text rewritten, as `SwiftLineWrapper` does: no second copy into a `String`).
        case bytes([UInt8])
    }

    package init(relativePath: String, contents: String) {
        self.relativePath = relativePath
        self.text = .string(contents)
    }

    package init(relativePath: String, rendered: RenderedText) {
        self.relativePath = relativePath
        self.text = .rendered(rendered)
    }

    /// A file of UTF-8 `bytes`.
    package init(relativePath: String, bytes: [UInt8]) {
        self.relativePath = relativePath
        self.text = .bytes(bytes)
    }

    /// The text (a copy, for a rendered file: writing, comparing and hashing use `withUTF8` instead).
    package var contents: String {
        get {
            switch text {
            case .rendered(let rendered): return rendered.string
            case .string(let string): return string
            case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
            }
        }
        set { text = .string(newValue) }
    }

    /// Calls `body` with the UTF-8 bytes of the text.
    package func withUTF8<Value, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        switch text {
        case .rendered(let rendered):
            return try rendered.withUnsafeBytes(body)
        case .bytes(let bytes):
            // `Array.withUnsafeBytes` rethrows untyped errors too.
            return try bytes.withUnsafeBytes { bytes in Result { () throws(Failure) in try body(bytes) } }.get()
        case .string(var string):
            // `String.withUTF8` rethrows untyped errors: carry the typed one out in a `Result`.
            return try string.withUTF8 { bytes in Result { () throws(Failure) in try body(UnsafeRawBufferPointer(bytes)) } }.get()
        }
    }

    /// Files are equal when their paths and bytes are.
    package static func == (lhs: OutputFile, rhs: OutputFile) -> Bool {
        lhs.relativePath == rhs.relativePath
            && lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
    }
}
