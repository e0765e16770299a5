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
    let middle = count / 2
    let halves = [0..<middle, middle..<count]
    guard count >= minimumCount, ProcessInfo.processInfo.activeProcessorCount > 1 else {
        return (work(halves[0]), work(halves[1]))
    }
    let results = Slots<Result>()
    DispatchQueue.concurrentPerform(iterations: 2) { half in
        results.set(half, work(halves[half]))
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
