import Dispatch
import Foundation

/// `items.enumerated().map(transform)`, run on all cores in chunks when there are many items. The result is the same
/// as the sequential map's, in the same order; `transform` must not depend on the order it is called in.
func concurrentMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], chunkSize: Int = 512, _ transform: @Sendable (Int, Item) -> Result
) -> [Result] {
    let chunkCount = (items.count + chunkSize - 1) / chunkSize
    guard chunkCount > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else {
        return items.enumerated().map(transform)
    }
    let chunks = ChunkResults<Result>(count: chunkCount)
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        let range = (chunk * chunkSize)..<min((chunk + 1) * chunkSize, items.count)
        chunks.set(chunk, range.map { transform($0, items[$0]) })
    }
    return chunks.joined()
}

/// The results of the chunks of a `concurrentMap`, one slot per chunk.
private final class ChunkResults<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [[Result]]

    init(count: Int) {
        chunks = Array(repeating: [], count: count)
    }

    func set(_ index: Int, _ results: [Result]) {
        lock.withLock { chunks[index] = results }
    }

    func joined() -> [Result] {
        lock.withLock { Array(chunks.joined()) }
    }
}
