import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw HTTP/1.1 server on 127.0.0.1 and a free port that records the exact bytes of each request it receives,
/// for tests of what reaches the wire: no HTTP library reads the request for it, so nothing is normalised, decoded
/// or dropped on the way. Each request gets `200 OK` with the body `{}` and `Connection: close`.
///
/// It reads a request's head up to the blank line and then as many body bytes as `Content-Length` says (a chunked
/// body is read to its last chunk and kept as sent); `Expect: 100-continue` is answered. One connection at a time,
/// on one thread, which holds the server until `stop()` ends it.
public final class RawServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listener: Int32
    private let lock = NSLock()
    private var recorded: [[UInt8]] = []
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    public enum Failure: Error {
        case socket(String)
    }

    /// Starts listening; throws when no socket can be had.
    public init() throws {
        #if canImport(Glibc) || canImport(Musl)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure.socket("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw Failure.socket("bind/listen: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Stops accepting and waits for the serving thread to end.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        finished.wait()
        close(listener)
    }

    /// The raw bytes of every request received so far, oldest first.
    public var requests: [[UInt8]] {
        lock.withLock { recorded }
    }

    /// Forgets the requests received so far.
    public func reset() {
        lock.withLock { recorded = [] }
    }

    private var isStopped: Bool {
        lock.withLock { stopped }
    }

    private func serve() {
        defer { finished.signal() }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            handle(connection)
            close(connection)
        }
    }

    /// Reads one request, records it, answers it.
    private func handle(_ connection: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        func readMore() -> Bool {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            bytes += buffer[0..<count]
            return true
        }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard readMore() else { return record(bytes) }
            headEnd = Self.find(separator, in: bytes)
        }
        let bodyStart = headEnd! + separator.count
        let head = String(decoding: bytes[0..<headEnd!], as: UTF8.self).lowercased()
        let lines = head.components(separatedBy: "\r\n")
        func header(_ name: String) -> String? {
            lines.first { $0.hasPrefix(name + ":") }.map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
        if header("expect") == "100-continue" {
            reply(connection, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        if let length = header("content-length").flatMap(Int.init) {
            while bytes.count - bodyStart < length {
                guard readMore() else { break }
            }
        } else if header("transfer-encoding")?.contains("chunked") == true {
            while Self.find(Array("\r\n0\r\n\r\n".utf8), in: Array(bytes[(bodyStart - 2)...])) == nil {
                guard readMore() else { break }
            }
        }
        record(bytes)
        reply(connection, Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8))
    }

    private func record(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        lock.withLock { recorded.append(bytes) }
    }

    private func reply(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let flags: Int32 = 0
            #else
            let flags = Int32(MSG_NOSIGNAL)
            #endif
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// The first index of `needle` in `haystack`.
    public static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
