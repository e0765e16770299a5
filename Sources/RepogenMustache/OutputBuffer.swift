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
    private var start: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    private var capacity = 0

    /// Appends `bytes` (which must not point into this buffer).
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        // `grow` leaves `start` non-nil.
        (start.unsafelyUnwrapped + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var newCapacity = Swift.max(capacity * 2, 4096)
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(start, newCapacity) else { fatalError("out of memory (\(newCapacity) bytes)") }
        start = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    /// The bytes as text (they are UTF-8 copied from strings whole, so decoding only checks them).
    var string: String {
        guard let start else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Releases the memory; the buffer is empty afterwards.
    mutating func deallocate() {
        free(start)
        start = nil
        count = 0
        capacity = 0
    }
}
