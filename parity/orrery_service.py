"""Starts an orrery binary on a free loopback port with a throwaway SQLite database and one key
(as .ci/fuzz-api does), and posts JSON to it. The service is stopped when the `with` block ends,
also on an error."""

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OrreryError(RuntimeError):
    pass


class Orrery:
    def __init__(self, binary: str):
        self.binary = binary
        self.work = None
        self.server = None
        self.base = None
        self.key = None

    def __enter__(self):
        self.work = tempfile.mkdtemp(prefix="orrery-parity-")
        port = _free_port()
        env = dict(os.environ)
        env["ORRERY_DATABASE_URL"] = f"sqlite://{self.work}/parity.db"
        env["ORRERY_LISTEN"] = f"127.0.0.1:{port}"
        try:
            subprocess.run(
                [self.binary, "plans", "set", "parity", "--label", "Parity",
                 "--requests-per-hour", "1000000000"],
                env=env, check=True, stdout=subprocess.DEVNULL)
            created = subprocess.run(
                [self.binary, "keys", "create", "--client", "parity", "--plan", "parity"],
                env=env, check=True, capture_output=True, text=True)
            self.key = created.stdout.strip().splitlines()[-1]
            log = open(os.path.join(self.work, "serve.log"), "wb")
            self.server = subprocess.Popen([self.binary, "serve"], env=env, stdout=log,
                                           stderr=subprocess.STDOUT)
            self.base = f"http://127.0.0.1:{port}"
            for _ in range(100):
                try:
                    with urllib.request.urlopen(self.base + "/v1/health", timeout=2):
                        return self
                except OSError:
                    if self.server.poll() is not None:
                        break
                    time.sleep(0.2)
            raise OrreryError(f"orrery did not answer on {self.base}: " + self.log_tail())
        except BaseException:
            self.__exit__(None, None, None)
            raise

    def log_tail(self) -> str:
        try:
            with open(os.path.join(self.work, "serve.log"), encoding="utf-8",
                      errors="replace") as log:
                return log.read()[-2000:]
        except OSError:
            return ""

    def __exit__(self, *_exc):
        if self.server is not None and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
        if self.work is not None:
            shutil.rmtree(self.work, ignore_errors=True)
        return False

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json", "X-API-Key": self.key})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as refused:
            detail = refused.read().decode(errors="replace")
            raise OrreryError(f"POST {path} {json.dumps(body)}: {refused.code} {detail}") from None
