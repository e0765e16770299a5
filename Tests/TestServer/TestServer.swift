import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The recording HTTP server of `test_server.py`, started on 127.0.0.1 and a free port for one test and stopped
/// with it (it also exits when the test process ends, since it watches its stdin).
public final class TestServer: @unchecked Sendable {
    /// One answer the server gives: to `method` `path`, at most `times` times (nil: always).
    public struct Route: Encodable, Sendable {
        public var method: String
        public var path: String
        public var status: Int
        public var body: String
        /// A body of any bytes (a file, an image), sent instead of `body`.
        public var bytes: Data?
        public var headers: [String: String]
        public var delay: Double?
        public var times: Int?

        public init(
            _ method: String, _ path: String, status: Int = 200, body: String = "", bytes: Data? = nil,
            headers: [String: String] = ["Content-Type": "application/json"], delay: Double? = nil, times: Int? = nil
        ) {
            self.method = method
            self.path = path
            self.status = status
            self.body = body
            self.bytes = bytes
            self.headers = headers
            self.delay = delay
            self.times = times
        }
    }

    /// A request as the server received it.
    public struct Request: Decodable, Sendable, Equatable {
        public struct Part: Decodable, Sendable, Equatable {
            public var name: String?
            public var filename: String?
            public var contentType: String?
            public var text: String
            public var size: Int
        }

        public var method: String
        public var path: String
        public var query: String
        /// Header names are lowercased.
        public var headers: [String: String]
        public var body: String
        /// The body's exact bytes (`body` is them read as UTF-8, with U+FFFD for what is not).
        public var bytes: Data?
        public var parts: [Part]?
        /// True when the client closed the connection while a delayed route was waiting to answer: the request
        /// was cancelled on the wire, not only in the client.
        public var closedEarly: Bool?
    }

    public enum Failure: Error {
        case noPython
        case didNotStart
    }

    public let port: Int
    private let process = Process()
    private let input = Pipe()

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts the server; throws `Failure.noPython` when there is no python3 (tests skip then).
    public init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("test_server.py")
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
            .first(where: FileManager.default.isExecutableFile(atPath:))
        else { throw Failure.noPython }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw Failure.didNotStart
        }
        self.port = port
    }

    /// Stops the server and waits for it to exit.
    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Replaces the table of answers.
    public func route(_ routes: [Route]) async throws {
        _ = try await control("POST", "/__routes", body: try JSONEncoder().encode(routes))
    }

    /// The requests received so far, oldest first.
    public func requests() async throws -> [Request] {
        try JSONDecoder().decode([Request].self, from: try await control("GET", "/__requests"))
    }

    /// Waits (up to `timeout` seconds, polling) until the server has seen the client close the connection of a
    /// request to `path` before its answer; false when it did not.
    public func sawClosedEarly(_ path: String, timeout: Double = 10) async throws -> Bool {
        for _ in 0..<max(1, Int(timeout / 0.05)) {
            if try await requests().contains(where: { $0.path == path && $0.closedEarly == true }) { return true }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return false
    }

    /// Forgets routes and requests.
    public func reset() async throws {
        _ = try await control("POST", "/__reset")
    }

    private func control(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(String(path.dropFirst())))
        request.httpMethod = method
        request.httpBody = body
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, _, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: data ?? Data())
                }
            }.resume()
        }
    }
}
