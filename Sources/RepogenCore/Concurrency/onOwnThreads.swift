import Dispatch
import Foundation

/// Runs `work(index)` for every index of `0..<count`, each on a thread of its own, and returns when all have finished.
///
/// A thread each rather than a pool of one per core: the items may differ much in size (of a domain's four files,
/// the API enum's takes twice as long to render as the mock's), and a pool that hands the largest to a core that
/// already did another finishes late. Threads that run at once share the cores, so the whole takes about the total
/// work divided by the cores, in any order.
func onOwnThreads(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) {
    guard count > 1 else {
        if count == 1 { work(0) }
        return
    }
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            work(index)
            group.leave()
        }
        // The renderer recurses once per section and partial level; give it the main thread's stack size.
        thread.stackSize = 8 << 20
        thread.start()
    }
    group.wait()
}

/// `onOwnThreads(count, work)` for work that computes a value: the value of each index, in order.
func onOwnThreads<Value: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) -> Value) -> [Value] {
    let results = ThreadResults<Value>(count: count)
    onOwnThreads(count) { index in results.set(index, work(index)) }
    return results.all
}

/// One slot per thread of `onOwnThreads`, each set once.
private final class ThreadResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value?]

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.withLock { values[index] = value }
    }

    /// Every slot's value (each is set before this is read).
    var all: [Value] {
        lock.withLock { values.map { $0! } }
    }
}
