import Dispatch
import Foundation

/// Runs `work` on the first and the second half of `0..<count` at the same time (on two cores), and returns
/// the two results in order. With one core, or fewer than `minimumCount` items, both halves run here, one after
/// the other.
///
/// Two halves, not many small chunks: each thread allocates what its half builds from its own malloc arena, so
/// the memory of one half stays together and the peak stays near a sequential run's.
func inHalves<Result: Sendable>(
    _ count: Int, minimumCount: Int = 1_000, _ work: @Sendable (Range<Int>) -> Result
) -> (Result, Result) {
    inHalves(count, minimumCount: minimumCount) { _, range in work(range) }
}

/// `inHalves`, telling `work` which half it runs (0 or 1) besides the range: the first half's range is empty
/// when `count` is 0 or 1, so the range alone does not say.
func inHalves<Result: Sendable>(
    _ count: Int, minimumCount: Int = 1_000, _ work: @Sendable (_ half: Int, Range<Int>) -> Result
) -> (Result, Result) {
    let middle = count / 2
    let halves = [0..<middle, middle..<count]
    guard count >= minimumCount, ProcessInfo.processInfo.activeProcessorCount > 1 else {
        return (work(0, halves[0]), work(1, halves[1]))
    }
    let results = Slots<Result>()
    DispatchQueue.concurrentPerform(iterations: 2) { half in
        results.set(half, work(half, halves[half]))
    }
    return results.both
}

/// The results of the two halves, filled from two threads.
private final class Slots<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result?] = [nil, nil]

    func set(_ index: Int, _ result: Result) {
        lock.withLock { results[index] = result }
    }

    var both: (Result, Result) {
        lock.withLock { (results[0]!, results[1]!) }
    }
}

/// The array of `count` elements that `fill` builds, its two halves built at the same time (as `inHalves`) straight
/// into the one array: two half arrays joined afterwards would copy every element and touch twice the memory.
///
/// `fill` is given a range and a function that stores the next element of that range; it returns false to give up.
/// The result is nil when either half gave up or stored other than exactly its range's count of elements.
package func arrayInHalves<Element: Sendable>(
    _ count: Int, minimumCount: Int = 1_000, _ fill: @Sendable (Range<Int>, (consuming Element) -> Void) -> Bool
) -> [Element]? {
    var complete = false
    let array = [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
        let target = UncheckedPointer(base: buffer.baseAddress)
        let halves = inHalves(count, minimumCount: minimumCount) { range -> (range: Range<Int>, stored: Int, filled: Bool) in
            var stored = 0
            let succeeded = fill(range) { element in
                // Past the end of its range, a half stores nothing more (and is then incomplete).
                guard stored < range.count, let base = target.base else {
                    stored = range.count + 1
                    return
                }
                (base + range.lowerBound + stored).initialize(to: element)
                stored += 1
            }
            return (range, stored, succeeded && stored == range.count)
        }
        complete = halves.0.filled && halves.1.filled
        if complete {
            initializedCount = count
        } else {
            for half in [halves.0, halves.1] {
                guard let base = target.base else { continue }
                (base + half.range.lowerBound).deinitialize(count: Swift.min(half.stored, half.range.count))
            }
            initializedCount = 0
        }
    }
    return complete ? array : nil
}

/// The start of an array's uninitialized storage, written by two threads at disjoint indices.
private struct UncheckedPointer<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>?
}
