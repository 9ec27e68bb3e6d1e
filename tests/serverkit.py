"""Running the real service for a test: ``tarocco serve`` (gunicorn) on a free loopback port
with its own database file, stopped when the test ends. Only loopback is ever addressed."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

__all__ = ["Served", "free_port", "http", "serving"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def http(
    method: str, url: str, body: dict | None = None, token: str | None = None, timeout: float = 30
) -> tuple[int, dict]:
    """One JSON request; the status and the decoded body (errors included)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


@dataclass
class Served:
    base: str
    db: Path
    process: subprocess.Popen
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@contextmanager
def serving(
    tmp_path: Path, workers: int = 2, threads: int = 4, db: Path | None = None
) -> Iterator[Served]:
    """``tarocco serve`` on ``db`` (a fresh database in ``tmp_path`` by default); waits (at
    most 20 s) until it answers."""
    port = free_port()
    db = db if db is not None else tmp_path / "served.sqlite"
    log = tmp_path / "server.log"
    env = {**os.environ}
    env.pop("TAROCCO_DB", None)
    with open(log, "w") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tarocco.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                str(db),
                "--workers",
                str(workers),
                "--threads",
                str(threads),
            ],
            cwd=ROOT,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            text=True,
        )
    served = Served(f"http://127.0.0.1:{port}", db, process, log)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                http("GET", f"{served.base}/api/rules", timeout=2)
                break
            except OSError:
                assert process.poll() is None, served.log_text()
                assert time.monotonic() < deadline, "the server did not answer in 20 s"
                time.sleep(0.2)
        yield served
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
