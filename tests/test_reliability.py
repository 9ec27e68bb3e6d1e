"""Reliability under load and under a crash (issue 9), with the real components.

* **Concurrent uploads**: the production server (gunicorn, several worker processes) takes a
  bounded burst of concurrent uploads on loopback, the same records sent by several clients
  at once: every record is stored exactly once, every request gets an answer (201), and the
  log shows no "database is locked".
* **Crash safety**: a bulk import killed with SIGKILL half-way leaves a database that passes
  ``PRAGMA integrity_check`` and holds whole records only (each hand with its revision and its
  audit row); running the import again completes it without duplicates.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from serverkit import ROOT, http, serving

from records.store import Store
from records.writer import write
from scorer.games import get_game

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


def texts(count: int, seed: int) -> list[str]:
    """Distinct legal nice4 records (the generator seats Anna, Bruno, Carla, Dario)."""
    rng = random.Random(seed)
    game = get_game("nice4")
    out: list[str] = []
    while len(out) < count:
        text = write(game.random_record(rng))
        if text not in out:
            out.append(text)
    return out


def test_concurrent_uploads_store_each_record_once(tmp_path: Path) -> None:
    records = texts(24, seed=11)
    with serving(tmp_path, workers=3, threads=4) as served:
        store = Store(str(served.db))
        tid = store.create_tournament("Soak cup")
        token = store.create_token(tid, "soak")
        sid = store.create_session(tid, "nice4", PLAYERS, {})
        store.close()

        # 8 clients; each record is sent by two clients at about the same moment.
        jobs = [records[i % len(records)] for i in range(2 * len(records))]
        random.Random(3).shuffle(jobs)

        def send(text: str) -> tuple[int, dict]:
            return http("POST", f"{served.base}/api/sessions/{sid}/hands", {"text": text}, token)

        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=8) as pool:
            answers = list(pool.map(send, jobs))
        assert time.monotonic() - started < 120  # a bounded loop, not a soak without end
        log = served.log_text()

    assert [status for status, _ in answers] == [201] * len(jobs), answers[:3]
    assert "database is locked" not in log, log
    fresh = [hand for _, body in answers for hand in body["hands"] if not hand["duplicate"]]
    assert len(fresh) == len(records)  # each record stored by exactly one of its two senders
    store = Store(str(served.db))
    try:
        stored = store.hands(sid)
        assert len(stored) == len(records)
        assert sorted(h["position"] for h in stored) == list(range(1, len(records) + 1))
        hashes = [store.current_revision(h["id"])["content_hash"] for h in stored]
        assert len(set(hashes)) == len(records)
    finally:
        store.close()


def _run_import(db: Path, path: Path, sid: int) -> subprocess.Popen:
    env = {**os.environ}
    env.pop("TAROCCO_DB", None)
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tarocco.cli",
            "import",
            str(path),
            "--session",
            str(sid),
            "--db",
            str(db),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _count(db: Path, sql: str) -> int:
    with sqlite3.connect(db) as connection:
        return connection.execute(sql).fetchone()[0]


def test_an_import_killed_midway_leaves_whole_records_and_completes_on_rerun(
    tmp_path: Path,
) -> None:
    records = texts(1200, seed=5)
    source = tmp_path / "night.txt"
    source.write_text("\n".join(records))
    db = tmp_path / "import.sqlite"
    store = Store(str(db))
    tid = store.create_tournament("Crash cup")
    sid = store.create_session(tid, "nice4", PLAYERS, {})
    store.close()

    process = _run_import(db, source, sid)
    deadline = time.monotonic() + 120
    while _count(db, "select count(*) from hands") == 0:  # wait for the first batch
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no batch was stored in 120 s"
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL

    assert (
        _count(db, "select count(*) from pragma_integrity_check() where integrity_check != 'ok'")
        == 0
    )
    hands = _count(db, "select count(*) from hands")
    assert 0 < hands < len(records), "the kill came after the import had finished"
    assert hands % 200 == 0  # whole batches only: each batch is one transaction
    assert (
        _count(
            db,
            "select count(*) from hands h where not exists (select 1 from "
            "revisions r where r.hand_id = h.id and r.number = h.revision)",
        )
        == 0
    )
    assert _count(db, "select count(*) from audit where action = 'upload'") == hands

    rerun = _run_import(db, source, sid)
    out, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, (out, err)
    assert _count(db, "select count(*) from hands") == len(records)
    assert _count(db, "select count(distinct content_hash) from revisions") == len(records)
    assert (
        _count(db, "select count(*) from pragma_integrity_check() where integrity_check != 'ok'")
        == 0
    )
