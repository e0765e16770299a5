"""A recording HTTP server for repogen's runtime tests.

Started by TestServer.swift on 127.0.0.1 and a free port (printed on the first line of stdout); stops when its
stdin closes, so it never outlives the test process. Every request is recorded; answers come from a table of
routes the tests set up. Control endpoints (not recorded):

  POST /__routes    body: [{"method", "path", "status", "body", "bytes", "headers", "delay", "times"}] -> replaces the table
                    ("bytes", base64, is a body of any bytes and wins over "body")
  GET  /__requests  -> the recorded requests, oldest first
  POST /__reset     -> forgets routes and requests

A route matches a request by method and path (the query is ignored). "times" (optional) limits how often it
answers, so a route for 401 can be followed by one for 200. Unmatched requests get 404 with a JSON error body.
A recorded request: {"method", "path", "query", "headers" (lowercased names), "body" (text), "bytes" (the body's
exact bytes, base64), "parts" (for
multipart/form-data: [{"name", "filename", "contentType", "text", "size"}]), "closedEarly" (true when the client
closed the connection while a delayed route was waiting to answer: a cancelled request; the answer is not sent)}.
"""
import base64
import json
import select
import socket
import sys
import threading
import time
from email.parser import BytesParser
from email.policy import default as default_policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
routes = []
requests = []


def parse_parts(content_type, body):
    message = BytesParser(policy=default_policy).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\nMIME-Version: 1.0\r\n\r\n" + body)
    parts = []
    for part in message.iter_parts():
        payload = part.get_payload(decode=True) or b""
        parts.append({
            "name": part.get_param("name", header="content-disposition"),
            "filename": part.get_filename(),
            "contentType": part.get_content_type() if part.get("content-type") else None,
            "text": payload.decode("utf-8", "replace"),
            "size": len(payload),
        })
    return parts


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        path, _, query = self.path.partition("?")
        if path == "/__routes":
            with lock:
                routes[:] = json.loads(body)
            return self.reply(204, b"", {})
        if path == "/__requests":
            with lock:
                data = json.dumps(requests).encode()
            return self.reply(200, data, {"Content-Type": "application/json"})
        if path == "/__reset":
            with lock:
                routes.clear()
                requests.clear()
            return self.reply(204, b"", {})

        content_type = self.headers.get("Content-Type") or ""
        record = {
            "method": self.command, "path": path, "query": query,
            # http.server reads header bytes as Latin-1; give back the UTF-8 text the client sent.
            "headers": {name.lower(): value.encode("latin-1").decode("utf-8", "replace")
                        for name, value in self.headers.items()},
            "body": body.decode("utf-8", "replace"),
            "bytes": base64.b64encode(body).decode(),
            "parts": parse_parts(content_type, body) if content_type.startswith("multipart/form-data") else None,
        }
        with lock:
            requests.append(record)
            route = None
            for candidate in routes:
                if candidate.get("method", self.command) == self.command and candidate["path"] == path \
                        and candidate.get("times", 1) != 0:
                    route = candidate
                    if "times" in candidate:
                        candidate["times"] -= 1
                    break
        if route is None:
            return self.reply(404, json.dumps({"error": "no route for " + path}).encode(),
                              {"Content-Type": "application/json"})
        if route.get("delay") and not self.wait(route["delay"]):
            with lock:
                record["closedEarly"] = True
            self.close_connection = True
            return
        data = route.get("body", "")
        data = data.encode() if isinstance(data, str) else json.dumps(data).encode()
        if route.get("bytes") is not None:
            data = base64.b64decode(route["bytes"])
        self.reply(route.get("status", 200), data, route.get("headers", {"Content-Type": "application/json"}))

    def wait(self, seconds):
        """Sleeps `seconds`; False as soon as the client closes the connection (it cancelled the request)."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return True
            readable, _, _ = select.select([self.connection], [], [], min(left, 0.05))
            if readable:
                try:
                    if self.connection.recv(1, socket.MSG_PEEK) == b"":
                        return False
                except (ConnectionResetError, OSError):
                    return False
                time.sleep(min(left, 0.05))  # pipelined bytes of a next request: not a close

    def reply(self, status, data, headers):
        if status in (204, 304):
            data = b""  # these statuses have no body; sending one would corrupt the connection
        try:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
