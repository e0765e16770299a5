import Dispatch
import Foundation

/// With `REPOGEN_TIMINGS=1` in the environment, the pipeline prints how long each phase of a run took to standard
/// error with the processor time of all threads and the resident memory after it
/// (`repogen: read 43.1 ms (cpu 43 ms, resident 39 MB)`), for benchmarks and profiling; otherwise it does nothing.
package enum PhaseTimes {
    private static let enabled = ProcessInfo.processInfo.environment["REPOGEN_TIMINGS"].map { !$0.isEmpty && $0 != "0" } ?? false
    private static let clock = Clock()

    /// Prints the time since the last mark (or since the first call) under `phase`.
    package static func mark(_ phase: @autoclosure () -> String) {
        guard enabled else { return }
        let (elapsed, cpu) = clock.lap()
        let resident = residentMegabytes.map { ", resident \($0) MB" } ?? ""
        let line = "repogen: \(phase()) \(String(format: "%.1f", elapsed)) ms (cpu \(String(format: "%.0f", cpu)) ms\(resident))"
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The process's resident memory now, in MB (Linux only), to see which phase holds how much.
    private static var residentMegabytes: Int? {
        guard let bytes = try? POSIXFile.readRegularFile("/proc/self/statm", limit: 4096, followingLinks: true),
            case let statm = String(decoding: bytes, as: UTF8.self),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / (1 << 20)
    }

    private final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var last = DispatchTime.now().uptimeNanoseconds
        private var lastCPU = Clock.processCPU()

        /// Milliseconds since the last lap: of wall-clock time, and of processor time on all threads.
        func lap() -> (wall: Double, cpu: Double) {
            lock.withLock {
                let now = DispatchTime.now().uptimeNanoseconds
                let cpu = Clock.processCPU()
                defer { (last, lastCPU) = (now, cpu) }
                return (Double(now - last) / 1e6, (cpu - lastCPU) * 1e3)
            }
        }

        /// Seconds of processor time (user and system) the process has used.
        private static func processCPU() -> Double {
            var usage = rusage()
            #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            #else
            getrusage(RUSAGE_SELF, &usage)
            #endif
            func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
            return seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
    }
}
