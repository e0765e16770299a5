import Dispatch
import Foundation

/// With `REPOGEN_TIMINGS=1` in the environment, the pipeline prints how long each phase of a run took to standard
/// error (`repogen: read 43.1 ms`), for benchmarks and profiling; otherwise it does nothing.
package enum PhaseTimes {
    private static let enabled = ProcessInfo.processInfo.environment["REPOGEN_TIMINGS"].map { !$0.isEmpty && $0 != "0" } ?? false
    private static let clock = Clock()

    /// Prints the time since the last mark (or since the first call) under `phase`.
    package static func mark(_ phase: @autoclosure () -> String) {
        guard enabled else { return }
        let elapsed = clock.lap()
        FileHandle.standardError.write(Data("repogen: \(phase()) \(String(format: "%.1f", elapsed)) ms\n".utf8))
    }

    private final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var last = DispatchTime.now().uptimeNanoseconds

        /// Milliseconds since the last lap.
        func lap() -> Double {
            lock.withLock {
                let now = DispatchTime.now().uptimeNanoseconds
                defer { last = now }
                return Double(now - last) / 1e6
            }
        }
    }
}
