import Dispatch
import Foundation

/// Work started on a thread of its own, whose result is waited for when needed: `let key = Background { hash() }`,
/// other work, then `key.value`.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let value = work()
            lock.withLock { result = value }
            done.signal()
        }
        thread.start()
    }

    /// The result, once the work has finished.
    var value: Value {
        done.wait()
        done.signal()
        return lock.withLock { result! }
    }
}
