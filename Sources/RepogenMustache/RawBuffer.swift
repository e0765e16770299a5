#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable run of plain values in one `malloc` block, grown by `realloc` (which moves a large block by remapping
/// its pages instead of copying it). The owner frees it (`deallocate()`), or hands the block on (`take()`).
///
/// For the renderer's tables, which it reads through plain pointers (no reference counting per read, so two
/// threads rendering from one table do not fight over a reference count's cache line).
struct RawBuffer<Element: BitwiseCopyable> {
    private(set) var start: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private var capacity = 0

    init(capacity: Int = 0) {
        if capacity > 0 { grow(toHold: capacity) }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (start.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Appends `elements` (which must not point into this buffer).
    @inline(__always)
    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, elements.count > 0 else { return }
        if count + elements.count > capacity { grow(toHold: count + elements.count) }
        (start.unsafelyUnwrapped + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    /// Drops the elements after the first `count`.
    @inline(__always)
    mutating func truncate(to count: Int) {
        self.count = Swift.min(self.count, count)
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { start.unsafelyUnwrapped[index] }
        set { start.unsafelyUnwrapped[index] = newValue }
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var newCapacity = Swift.max(capacity * 2, 4096 / Swift.max(MemoryLayout<Element>.stride, 1))
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(start, newCapacity * MemoryLayout<Element>.stride) else {
            fatalError("out of memory (\(newCapacity * MemoryLayout<Element>.stride) bytes)")
        }
        start = grown.assumingMemoryBound(to: Element.self)
        capacity = newCapacity
    }

    /// The elements, for reading (valid until the buffer next changes or is freed).
    var elements: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: start, count: count)
    }

    /// Hands the block to the caller, who frees it with `free`; the buffer is empty afterwards.
    mutating func take() -> (start: UnsafeMutablePointer<Element>?, count: Int) {
        defer { (start, count, capacity) = (nil, 0, 0) }
        return (start, count)
    }

    /// Releases the memory; the buffer is empty afterwards.
    mutating func deallocate() {
        free(start)
        (start, count, capacity) = (nil, 0, 0)
    }
}

/// A block taken from a `RawBuffer`, read-only from then on, freed with its owner.
struct FrozenBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    // Never written after init: safe to read from several threads.
    let start: UnsafePointer<Element>?
    let count: Int

    init(_ buffer: inout RawBuffer<Element>) {
        let (start, count) = buffer.take()
        self.start = UnsafePointer(start)
        self.count = count
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        start.unsafelyUnwrapped[index]
    }

    var elements: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: start, count: count)
    }

    /// Frees the block (once, by its owner).
    func deallocate() {
        free(UnsafeMutableRawPointer(mutating: start))
    }
}
