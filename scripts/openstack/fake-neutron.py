"""Answers Nova's Neutron look-ups with empty lists: servers boot with "networks": "none"."""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    def _answer(self):
        path = self.path.split("?")[0].rstrip("/")
        name = path.rsplit("/", 1)[-1].split(".")[0] or "versions"
        body = json.dumps({name: []}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_DELETE = _answer

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
