"""What a write and the standings read after it cost as a session grows (#31.6): sessions of
random legal nice4 hands (300, 3,000, ...) stored in a fresh database; then, a few times, one
more hand uploaded and the tournament's standings read, through the app (Flask's test client,
no network), timed as wall time; and the session page's size.

    python tests/costcheck.py [--sizes 300 3000] [--rounds 5]

Each line: the size, the median of the write, of the first standings read after it and of
the two together, and the bytes of the session page. The numbers go in BENCHMARKS.md; the
acceptance of #31 is that a 3,000-hand session costs at most twice what a 300-hand one does.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from records import service
from records.store import Store
from records.writer import write, write_many
from scorer.games import GAMES
from web import create_app


def measure(size: int, rounds: int) -> tuple[float, float, float, int]:
    """Median seconds of (a one-hand upload, the standings read after it) on a session of
    ``size`` hands, the seconds of both for the first write after the import, and the
    session page's bytes."""
    records = GAMES["nice4"].random_session(random.Random(size), size + rounds)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": f"{folder}/cost.sqlite"})
        store = Store(app.config["DATABASE"])
        tid = store.create_tournament("cost")
        token = store.create_token(tid, "TD")
        players = list(records[0].players)
        sid = service.create_session(store, tid, "nice4", players, {}, "", "t")
        for start in range(0, size, 1000):
            service.upload(store, sid, write_many(records[start : min(start + 1000, size)]), "t")
        client = app.test_client()
        headers = {"Authorization": f"Bearer {token}"}
        writes, reads = [], []
        for record in records[size:]:
            began = time.perf_counter()
            answer = client.post(
                f"/api/sessions/{sid}/hands", json={"text": write(record)}, headers=headers
            )
            assert answer.status_code == 201, answer.get_data(as_text=True)
            wrote = time.perf_counter()
            standings = client.get(f"/api/tournaments/{tid}/standings")
            assert standings.status_code == 200 and json.loads(standings.get_data())
            writes.append(wrote - began)
            reads.append(time.perf_counter() - wrote)
        page = len(client.get(f"/sessions/{sid}").get_data())
        store.close()
    first = writes[0] + reads[0]
    return statistics.median(writes), statistics.median(reads), first, page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 3000])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for size in args.sizes:
        write_s, read_s, first, page = measure(size, args.rounds)
        print(
            f"{size:>7} hands: write {write_s * 1000:7.1f} ms, standings read "
            f"{read_s * 1000:7.1f} ms, both {(write_s + read_s) * 1000:7.1f} ms "
            f"(the first after the import {first * 1000:7.1f} ms); session page {page:,} bytes"
        )


if __name__ == "__main__":
    main()
