#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes a render writes: one `malloc` block grown by `realloc`.
///
/// Not an `Array`: a growing array copies itself to a new block at each doubling, so a render of 6 MB writes and
/// touches about twice its size before it is done, and its `append(contentsOf:)` goes through generic
/// collection code for each of a million short pieces. `realloc` can grow a large block in place or (glibc) by
/// remapping its pages, without copying. The owner frees it (`deallocate()`), after taking its text.
struct OutputBuffer {
    private var buffer = RawBuffer<UInt8>()

    /// The number of bytes so far.
    var count: Int { buffer.count }

    /// Appends `bytes` (which must not point into this buffer).
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(bytes)
    }

    /// Hands the bytes to a `RenderedText`, which frees them; the buffer is empty afterwards.
    mutating func take() -> RenderedText {
        let (start, count) = buffer.take()
        return RenderedText(taking: start, count: count)
    }

    /// Releases the memory; the buffer is empty afterwards.
    mutating func deallocate() {
        buffer.deallocate()
    }
}

/// The UTF-8 text of one render, in the block the renderer wrote it to: no copy into a `String` (a large render is
/// megabytes, and a copy is that much fresh memory again). Read it with `withUnsafeBytes`; `string` copies it.
public final class RenderedText: @unchecked Sendable {
    // Immutable after init, freed in deinit: safe to share between threads.
    private let start: UnsafeMutablePointer<UInt8>?
    /// The number of bytes.
    public let count: Int

    init(taking start: UnsafeMutablePointer<UInt8>?, count: Int) {
        self.start = start
        self.count = count
    }

    deinit {
        free(start)
    }

    /// Calls `body` with the bytes.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The text as a `String` (a copy; the bytes are UTF-8 copied from strings whole, so decoding only checks them).
    public var string: String {
        guard let start else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
}
