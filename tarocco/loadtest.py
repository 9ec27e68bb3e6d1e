"""``tarocco loadtest``: a bounded load on a running service's ``POST /api/verify``.

Method: generate ``requests`` legal records with the game's seeded generator (not timed);
open one keep-alive HTTP connection per client thread (``http.client``), send one untimed
warm-up request on each, then let the ``clients`` threads take the records from a shared
queue and post them one at a time, each request timed from sending to the last byte of the
response. Reports the throughput (requests over the wall time of the whole run) and the
latency percentiles (nearest rank). A request that fails or answers other than 200 counts as
an error.

Only a service on this machine is accepted (127.0.0.1, localhost or ::1): this is a tool for
measuring one's own server, not for loading someone else's.
"""

from __future__ import annotations

import http.client
import json
import math
import platform
import random
import threading
import time
from urllib.parse import urlsplit

from records.writer import write
from scorer.games import get_game

__all__ = ["LOOPBACK", "MAX_CLIENTS", "MAX_REQUESTS", "percentile", "run_loadtest", "target"]

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
MAX_CLIENTS = 256
MAX_REQUESTS = 100_000
PATH = "/api/verify"


def target(url: str) -> tuple[str, int]:
    """Host and port of a loopback ``http://`` URL; ``ValueError`` for anything else."""
    parts = urlsplit(url)
    if parts.scheme != "http":
        raise ValueError(f"{url}: give an http:// URL of a service on this machine")
    host = parts.hostname or ""
    if host not in LOOPBACK:
        raise ValueError(
            f"{url}: only a service on this machine (127.0.0.1, localhost, ::1) may be loaded"
        )
    try:
        port = parts.port or 80
    except ValueError as exc:
        raise ValueError(f"{url}: {exc}") from exc
    return host, port


def percentile(ordered: list[float], share: float) -> float:
    """Nearest-rank percentile of a sorted list (``share`` in 0..100)."""
    if not ordered:
        return math.nan
    rank = max(1, math.ceil(share / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def _bodies(game: str, count: int, seed: int) -> list[bytes]:
    engine = get_game(game)
    records = engine.random_session(random.Random(seed), count)
    return [json.dumps({"text": write(record)}).encode() for record in records]


def run_loadtest(
    url: str, clients: int, requests: int, game: str = "nice4", seed: int = 1, timeout: float = 30.0
) -> dict:
    """Post ``requests`` generated records of ``game`` to ``url``/api/verify from ``clients``
    threads; returns the figures (see the module's docstring)."""
    host, port = target(url)
    if not 1 <= clients <= MAX_CLIENTS:
        raise ValueError(f"clients: 1 to {MAX_CLIENTS}")
    if not 1 <= requests <= MAX_REQUESTS:
        raise ValueError(f"requests: 1 to {MAX_REQUESTS}")
    bodies = _bodies(game, requests, seed)
    headers = {"Content-Type": "application/json", "Connection": "keep-alive"}
    lock = threading.Lock()
    next_index = iter(range(requests))
    latencies: list[float] = []
    errors: list[str] = []
    ready = threading.Barrier(clients + 1, timeout=2 * timeout + 5)

    def post(conn: http.client.HTTPConnection, body: bytes) -> int:
        conn.request("POST", PATH, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        return response.status

    def client() -> None:
        conn = http.client.HTTPConnection(host, port, timeout=timeout)
        mine: list[float] = []
        failed: list[str] = []
        try:
            try:
                post(conn, bodies[0])  # warm-up: open the connection, not timed
            except (OSError, http.client.HTTPException) as exc:
                failed.append(f"warm-up: {exc!r}")
                conn.close()
            ready.wait()
            while True:
                with lock:
                    index = next(next_index, None)
                if index is None:
                    break
                started = time.perf_counter()
                try:
                    status = post(conn, bodies[index])
                except (OSError, http.client.HTTPException) as exc:
                    failed.append(repr(exc))
                    conn.close()  # reconnects on the next request
                    continue
                mine.append(time.perf_counter() - started)
                if status != 200:
                    failed.append(f"HTTP {status}")
        finally:
            conn.close()
            with lock:
                latencies.extend(mine)
                errors.extend(failed)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    ready.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    url = f"http://{host}:{port}{PATH}" if ":" not in host else f"http://[{host}]:{port}{PATH}"
    return _figures(url, game, clients, requests, sorted(latencies), errors, elapsed)


def _figures(
    url: str,
    game: str,
    clients: int,
    requests: int,
    ordered: list[float],
    errors: list[str],
    elapsed: float,
) -> dict:
    """The load test's result from its latencies (``ordered``, seconds) and errors."""
    ms = 1000.0
    return {
        "url": url,
        "game": game,
        "clients": clients,
        "requests": requests,
        "ok": len(ordered) - sum(1 for e in errors if e.startswith("HTTP ")),
        "errors": len(errors),
        "error_samples": sorted(set(errors))[:5],
        "seconds": elapsed,
        "requests_per_second": len(ordered) / elapsed if elapsed > 0 else math.nan,
        "p50_ms": percentile(ordered, 50) * ms,
        "p90_ms": percentile(ordered, 90) * ms,
        "p99_ms": percentile(ordered, 99) * ms,
        "max_ms": ordered[-1] * ms if ordered else math.nan,
        "python": platform.python_version(),
    }
