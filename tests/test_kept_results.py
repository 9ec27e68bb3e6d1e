"""Ledgers and standings kept up to date instead of recomputed on every read (issue #21.7).

A session's ledger is computed once per change of the session and kept in SQLite under the
session's version (raised by triggers on every write) and the engine code's fingerprint
(:mod:`records.cache`). These tests count the engine's replays (``check_parsed`` calls) to
show that a second read replays nothing, and read after every kind of write to show that a
read is never stale, also through another connection (another worker process).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from sixkit import EXAMPLES, SIX, six_sessions

from records import cache, service
from records.store import BUSY_TIMEOUT_MS, Store

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
SESSION_TEXT = (EXAMPLES / "nice4" / "session.txt").read_text()
CALLED_KING = (EXAMPLES / "nice4" / "called-king.txt").read_text()
SOLO = (EXAMPLES / "nice4" / "solo-sans-prendre.txt").read_text()


class Replays:
    """Counts the engine's replays of records made for ledgers (``check_parsed`` calls)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = service.check_parsed

        def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(service, "check_parsed", counted)

    def take(self) -> int:
        count, self.count = self.count, 0
        return count


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "kept.sqlite"


@pytest.fixture
def store(db: Path):  # type: ignore[no-untyped-def]
    store = Store(str(db))
    yield store
    store.close()


def balances(store: Store, session_id: int) -> dict[str, int]:
    ledger = service.session_ledger(store, session_id)
    return dict(zip(ledger.players, ledger.balances, strict=True))


def nice_session(store: Store, text: str = SESSION_TEXT) -> tuple[int, int]:
    tid = store.create_tournament("Kept cup")
    sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "Round 1", "t")
    service.upload(store, sid, text, "t")
    return tid, sid


def test_a_second_read_replays_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    tid, sid = nice_session(store)
    replays = Replays(monkeypatch)
    first = service.session_ledger(store, sid)
    assert replays.take() == 5  # the five hands of session.txt, once each
    assert service.session_ledger(store, sid) == first
    assert replays.take() == 0
    # the standings read the same kept row: no replay either
    assert service.standings(store, tid)["nice4"].rows[0].player == "Dario"
    assert replays.take() == 0


def test_standings_first_then_ledger_share_one_replay(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, sid = nice_session(store)
    replays = Replays(monkeypatch)
    service.standings(store, tid)
    assert replays.take() == 5
    service.session_ledger(store, sid)
    service.session_result(store, sid)
    service.standings(store, tid)
    assert replays.take() == 0


def test_every_write_is_seen_by_the_next_read(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Upload, correction and ruling each change the session's version: the next read
    replays and shows the write (never the kept result of before)."""
    tid = store.create_tournament("Kept cup")
    sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "Round 1", "t")
    replays = Replays(monkeypatch)
    assert balances(store, sid) == dict.fromkeys(PLAYERS, 10)

    [hand] = service.upload(store, sid, CALLED_KING, "t")  # -1 +1 -1 +1
    replays.take()  # the upload verifies its record once; reads are counted from here
    assert balances(store, sid) == {"Anna": 9, "Bruno": 11, "Carla": 9, "Dario": 11}
    assert replays.take() == 1

    service.correct_hand(store, hand.hand_id, SOLO, "TD", "wrong record", "t")  # -2 +6 -2 -2
    replays.take()
    assert balances(store, sid) == {"Anna": 8, "Bruno": 16, "Carla": 8, "Dario": 8}
    assert service.standings(store, tid)["nice4"].rows[0].total == 6
    assert replays.take() == 1  # the ledger read replays, the standings read keeps it

    service.add_ruling(store, sid, {"Anna": 2, "Bruno": -2}, "slow play", "TD", None, "t")
    assert balances(store, sid) == {"Anna": 10, "Bruno": 14, "Carla": 8, "Dario": 8}
    assert [(r.player, r.total) for r in service.standings(store, tid)["nice4"].rows][:2] == [
        ("Bruno", 4),
        ("Anna", 0),
    ]
    assert replays.take() == 1


def test_a_write_through_another_connection_is_seen(db: Path, store: Store) -> None:
    """Two connections as two worker processes: a ruling stored by one is in the other's
    next read, although the other had the result kept."""
    _tid, sid = nice_session(store)
    before = balances(store, sid)
    other = Store(str(db))
    try:
        assert balances(other, sid) == before
        service.add_ruling(other, sid, {"Anna": 1, "Bruno": -1}, "r", "TD", None, "t")
    finally:
        other.close()
    assert balances(store, sid) == {
        **before,
        "Anna": before["Anna"] + 1,
        "Bruno": before["Bruno"] - 1,
    }


def test_a_direct_sql_write_raises_the_version(store: Store) -> None:
    """The version is raised by triggers, so a write that bypasses the service (a repair
    by hand in sqlite3) still makes the next read compute again."""
    _tid, sid = nice_session(store)
    service.add_ruling(store, sid, {"Anna": 3, "Bruno": -3}, "r", "TD", None, "t")
    with_ruling = balances(store, sid)
    version = store.session_version(sid)
    with store.write() as db:
        db.execute("delete from rulings where session_id = ?", [sid])
    assert store.session_version(sid) == version + 1
    assert balances(store, sid) == {
        **with_ruling,
        "Anna": with_ruling["Anna"] - 3,
        "Bruno": with_ruling["Bruno"] + 3,
    }


def test_kept_results_survive_a_restart_but_not_a_new_engine(
    db: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    _tid, sid = nice_session(store)
    service.session_ledger(store, sid)
    store.close()
    replays = Replays(monkeypatch)
    reopened = Store(str(db))
    try:
        service.session_ledger(reopened, sid)
        assert replays.take() == 0  # kept in the database
        monkeypatch.setattr(cache, "ENGINE_FINGERPRINT", "another-release")
        service.session_ledger(reopened, sid)
        assert replays.take() == 5  # other engine code: computed again
    finally:
        reopened.close()


def test_concurrent_readers_after_a_write_replay_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, _sid = nice_session(store)
    replays = Replays(monkeypatch)
    seen: list[int] = []

    def reader() -> None:
        seen.append(len(service.standings(store, tid)["nice4"].rows))

    threads = [threading.Thread(target=reader) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [4] * 8
    assert replays.take() == 5


def test_a_kept_ledger_reads_back_equal(store: Store) -> None:
    """Every example session: the ledger kept as JSON reads back equal to the one computed
    (rows, kinds and rulings, findings with their places, summary and results)."""
    tid = store.create_tournament("Round trip")
    ids = six_sessions(store, tid)
    for game, sid in ids.items():
        computed = service.compute_ledger(store, store.session(sid))
        assert cache.ledger_from_json(cache.ledger_to_json(computed)) == computed, game
        assert service.session_ledger(store, sid) == computed, game
    piedicavallo = service.session_ledger(store, ids["piedicavallo"])
    assert piedicavallo.results and piedicavallo.results[0].winners == ("Anna", "Carla")
    assert set(SIX) == set(ids)


def test_a_ledger_with_session_findings_reads_back_equal(store: Store) -> None:
    """A session whose ledger has findings with a place (a dealer out of turn, G-6)."""
    tid = store.create_tournament("Findings")
    sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "r", "t")
    service.upload(store, sid, CALLED_KING, "t")
    service.upload(store, sid, SOLO, "t")
    computed = service.compute_ledger(store, store.session(sid))
    assert computed.findings, "the two hands' dealers are out of turn (G-6)"
    assert cache.ledger_from_json(cache.ledger_to_json(computed)) == computed


def test_a_busy_database_still_answers_and_keeps_later(
    db: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While another connection holds the write lock, a read computes its answer and does
    not wait the full busy timeout to keep it (KEEP_TIMEOUT_MS); the next read keeps it."""
    _tid, sid = nice_session(store)
    expected = balances(store, sid)
    store.db.execute("delete from session_results")
    writer = Store(str(db))
    replays = Replays(monkeypatch)
    try:
        writer.db.execute("BEGIN IMMEDIATE")
        started = time.perf_counter()
        assert balances(store, sid) == expected
        assert time.perf_counter() - started < BUSY_TIMEOUT_MS / 1000 / 2
        writer.db.execute("ROLLBACK")
    finally:
        writer.close()
    assert replays.take() == 5
    assert store.db.execute("select count(*) from session_results").fetchone()[0] == 0
    assert balances(store, sid) == expected  # computed again, kept now
    assert balances(store, sid) == expected
    assert replays.take() == 5


def test_an_import_keeps_the_ledger_it_changes(tmp_path, monkeypatch) -> None:
    """After an import the session's ledger is already kept: the first reader replays
    nothing (#31.1, the work a write causes is done by that write)."""
    from browserkit import SESSION_BALANCES

    from records import bulk
    from records import service as service_module

    path = tmp_path / "night.txt"
    path.write_text(SESSION_TEXT)
    store = Store(str(tmp_path / "t.sqlite"))
    tid = store.create_tournament("t")
    sid = service_module.create_session(store, tid, "nice4", PLAYERS, {}, "", "t")
    bulk.import_path(store, sid, path, "cli import")
    replays = []
    monkeypatch.setattr(
        service_module, "compute_ledger", lambda *args: replays.append(args) or None
    )
    ledger = service_module.session_ledger(store, sid)
    assert replays == [] and dict(zip(ledger.players, ledger.balances, strict=True)) == (
        SESSION_BALANCES
    )
