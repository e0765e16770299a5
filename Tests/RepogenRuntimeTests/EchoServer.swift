import Foundation
import XCTest

/// A real HTTP server on 127.0.0.1 for the runtime's tests: a small python3 script, started on a free port
/// and stopped by `stop()` (and when the test process ends, since it watches its stdin).
///
/// `GET /status/<code>` answers with that status and an empty body; every other request is echoed back as
/// JSON: `{ "method", "path", "query", "headers" (lowercased names), "body" }`.
final class EchoServer {
    static let script = #"""
        import json, sys, threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        class Handler(BaseHTTPRequestHandler):
            def answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8") if length else ""
                path, _, query = self.path.partition("?")
                if path.startswith("/status/"):
                    self.send_response(int(path.split("/")[2]))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                data = json.dumps({
                    "method": self.command, "path": path, "query": query,
                    "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body,
                }).encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer
            def log_message(self, *args):
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        sys.stdin.read()  # stop when the test process closes our stdin or exits
        """#

    let process = Process()
    let port: Int
    private let input = Pipe()

    init() throws {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
            .first(where: FileManager.default.isExecutableFile(atPath:))
        else { throw XCTSkip("python3 is needed for the loopback server tests") }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw XCTSkip("the loopback server did not start")
        }
        self.port = port
    }

    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
