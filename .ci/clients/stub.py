"""A small HTTP stub in front of a live Orrery, for the client packages' retry tests.

    python3 stub.py PORT UPSTREAM      # UPSTREAM: http://127.0.0.1:PORT of the live service

Every request is passed to UPSTREAM as it came, except these scripted failures:

- GET /v1/me: the first request since the last reset answers 503 with `Retry-After: 1`;
- POST /v1/radix: the first request answers 429 with `Retry-After` as an HTTP date 2 s ahead;
- GET /v1/catalog/bodies: always 429 with `Retry-After: 3600` (an hourly quota: not waited);
- GET /v1/catalog/aspects: always 503 with `Retry-After: 0` (retried until the client gives up).

POST /_reset clears the counts; GET /_counts answers them as JSON, by "METHOD path".
"""

from __future__ import annotations

import json
import sys
import threading
import urllib.error
import urllib.request
import uuid
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from time import time

PORT = int(sys.argv[1])
UPSTREAM = sys.argv[2].rstrip("/")
PASSED_HEADERS = ("x-api-key", "content-type", "accept", "if-none-match")

counts: dict[str, int] = {}
lock = threading.Lock()


def error_body(code: str, message: str) -> bytes:
    return json.dumps(
        {
            "error": {
                "code": code,
                "message": message,
                "request_id": str(uuid.uuid4()),
                "doc_url": f"/docs/errors#{code}",
            }
        }
    ).encode()


class Stub(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass

    def answer(self, status: int, body: bytes, headers: dict[str, str]) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        path = self.path.split("?", 1)[0]
        if path == "/_reset":
            with lock:
                counts.clear()
            return self.answer(204, b"", {})
        if path == "/_counts":
            with lock:
                text = json.dumps(counts).encode()
            return self.answer(200, text, {"Content-Type": "application/json"})
        key = f"{self.command} {path}"
        with lock:
            counts[key] = counts.get(key, 0) + 1
            count = counts[key]
        json_type = {"Content-Type": "application/json"}
        if key == "GET /v1/me" and count == 1:
            return self.answer(
                503, error_body("service_unavailable", "starting"), {**json_type, "Retry-After": "1"}
            )
        if key == "POST /v1/radix" and count == 1:
            date = formatdate(time() + 2, usegmt=True)
            return self.answer(
                429, error_body("rate_limited", "slow down"), {**json_type, "Retry-After": date}
            )
        if key == "GET /v1/catalog/bodies":
            return self.answer(
                429, error_body("rate_limited", "hourly quota used up"),
                {**json_type, "Retry-After": "3600"},
            )
        if key == "GET /v1/catalog/aspects":
            return self.answer(
                503, error_body("overloaded", "queue full"), {**json_type, "Retry-After": "0"}
            )
        headers = {k: v for k, v in self.headers.items() if k.lower() in PASSED_HEADERS}
        request = urllib.request.Request(
            UPSTREAM + self.path, data=body, method=self.command, headers=headers
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as upstream:
                status, text, answer_headers = upstream.status, upstream.read(), upstream.headers
        except urllib.error.HTTPError as error:
            status, text, answer_headers = error.code, error.read(), error.headers
        kept = {
            k: v for k, v in answer_headers.items()
            if k.lower() in ("content-type", "retry-after", "x-request-id", "etag")
        }
        self.answer(status, text, kept)

    do_GET = handle_any
    do_POST = handle_any


ThreadingHTTPServer(("127.0.0.1", PORT), Stub).serve_forever()
