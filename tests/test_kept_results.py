"""Ledgers and standings kept by the writes that change them (#21.7, #31.1).

Every write that changes a session's ledger brings the kept ledger and standing up to date in
its own transaction (:mod:`records.ledgers`), folding from the stored facts of its hands and
only from the first hand it changes. These tests count the engine's replays
(``check_parsed`` calls) to show that no read replays, and read after every kind of write to
show that a read is never stale, also through another connection (another worker process);
and they count the facts a write reads to show that appending a hand costs that hand.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from sixkit import EXAMPLES, SIX, six_sessions

from records import ledgers, service
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


class FactsRead:
    """Counts the facts of hands a write unpacks to fold the ledger."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = ledgers.unpack_facts

        def counted(packed: bytes):  # type: ignore[no-untyped-def]
            self.count += 1
            return real(packed)

        monkeypatch.setattr(ledgers, "unpack_facts", counted)

    def take(self) -> int:
        count, self.count = self.count, 0
        return count


def test_no_read_replays(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    tid, sid = nice_session(store)
    replays = Replays(monkeypatch)
    first = service.session_ledger(store, sid)
    assert service.session_ledger(store, sid) == first
    assert service.standings(store, tid)["nice4"].rows[0].player == "Dario"
    assert service.session_result(store, sid)["hands"] == 5
    assert replays.take() == 0
    assert first == service.compute_ledger(store, store.session(sid))  # the full replay


def test_every_write_is_seen_by_the_next_read(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Upload, correction, ruling, withdrawal: each write keeps the ledger it changes, and
    the next read shows it without replaying anything."""
    tid = store.create_tournament("Kept cup")
    sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "Round 1", "t")
    replays = Replays(monkeypatch)
    assert balances(store, sid) == dict.fromkeys(PLAYERS, 10)

    [hand] = service.upload(store, sid, CALLED_KING, "t")  # -1 +1 -1 +1
    replays.take()  # the upload verifies its record once; reads are counted from here
    assert balances(store, sid) == {"Anna": 9, "Bruno": 11, "Carla": 9, "Dario": 11}

    service.correct_hand(store, hand.hand_id, SOLO, "TD", "wrong record", "t")  # -2 +6 -2 -2
    replays.take()
    assert balances(store, sid) == {"Anna": 8, "Bruno": 16, "Carla": 8, "Dario": 8}
    assert service.standings(store, tid)["nice4"].rows[0].total == 6

    ruling = service.add_ruling(store, sid, {"Anna": 2, "Bruno": -2}, "slow play", "TD", None, "t")
    assert balances(store, sid) == {"Anna": 10, "Bruno": 14, "Carla": 8, "Dario": 8}
    assert [(r.player, r.total) for r in service.standings(store, tid)["nice4"].rows][:2] == [
        ("Bruno", 4),
        ("Anna", 0),
    ]
    service.withdraw_ruling(store, sid, ruling, "not slow", "TD", "t")
    assert balances(store, sid) == {"Anna": 8, "Bruno": 16, "Carla": 8, "Dario": 8}
    service.update_session(store, sid, {"name": "Round one"}, "t")  # moves the version on
    assert balances(store, sid) == {"Anna": 8, "Bruno": 16, "Carla": 8, "Dario": 8}
    assert replays.take() == 0


def test_appending_a_hand_costs_that_hand(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """nice4's session rules read no hand but the one before (G-6): a hand appended to a
    session of 5 or of 25 hands unpacks the same few facts; a correction of hand 3 folds
    from hand 3 on."""
    tid = store.create_tournament("Flat")
    sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "r", "t")
    hands = SESSION_TEXT.split("\n\n[Game")
    texts = [hands[0], *("[Game" + h for h in hands[1:])]
    facts = FactsRead(monkeypatch)
    costs = []
    for round_no in range(5):
        for text in texts:
            marked = text.replace('[Game "nice4"]', f'[Game "nice4"]\n[Round "{round_no}"]')
            service.upload(store, sid, marked, "t")
            costs.append(facts.take())
    assert len(costs) == 25 and len(set(costs[1:])) == 1 and costs[-1] <= 3, costs
    third = service.session_ledger(store, sid).rows[2]
    hand_three = store.hands(sid)[2]["id"]
    service.correct_hand(store, hand_three, SOLO, "TD", "retyped", "t")
    assert facts.take() <= 25 - 3 + 3
    assert service.session_ledger(store, sid) == service.compute_ledger(store, store.session(sid))
    assert service.session_ledger(store, sid).rows[2] != third


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
    by hand in sqlite3) leaves the kept ledger behind its session: reads replay the session
    (never serve the kept one) until a refresh keeps it again."""
    _tid, sid = nice_session(store)
    service.add_ruling(store, sid, {"Anna": 3, "Bruno": -3}, "r", "TD", None, "t")
    with_ruling = balances(store, sid)
    version = store.session_version(sid)
    with store.write() as db:
        db.execute("delete from rulings where session_id = ?", [sid])
    assert store.session_version(sid) == version + 1
    without = {**with_ruling, "Anna": with_ruling["Anna"] - 3, "Bruno": with_ruling["Bruno"] + 3}
    assert ledgers.kept_ledger(store.db, sid) is None
    assert balances(store, sid) == without
    with store.write() as db:
        ledgers.refresh_session(db, sid)
    assert ledgers.kept_ledger(store.db, sid) is not None
    assert balances(store, sid) == without


def test_kept_results_survive_a_restart_and_a_new_engine_is_refreshed(
    db: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept in the database; kept by other code (another release of the rules), a ledger is
    never served: reads replay until :func:`records.ledgers.refresh_stale` (run by the
    server at start) keeps it again."""
    _tid, sid = nice_session(store)
    store.close()
    replays = Replays(monkeypatch)
    reopened = Store(str(db))
    try:
        kept = service.session_ledger(reopened, sid)
        assert replays.take() == 0  # kept in the database
        monkeypatch.setattr(ledgers, "ENGINE_FINGERPRINT", "another-release")
        assert service.session_ledger(reopened, sid) == kept
        assert replays.take() == 5  # other engine code: replayed, not served
        assert ledgers.stale_sessions(reopened.db) == [sid]
        assert ledgers.refresh_stale(reopened.write, reopened.db) == 1
        replays.take()
        assert service.session_ledger(reopened, sid) == kept
        assert replays.take() == 0 and ledgers.stale_sessions(reopened.db) == []
    finally:
        reopened.close()


def test_concurrent_readers_after_a_write_replay_nothing(
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
    assert replays.take() == 0


def test_a_kept_ledger_reads_back_equal(store: Store) -> None:
    """Every example session: the ledger kept as JSON reads back equal to the one computed
    (rows, kinds and rulings, findings with their places, summary and results)."""
    tid = store.create_tournament("Round trip")
    ids = six_sessions(store, tid)
    for game, sid in ids.items():
        computed = service.compute_ledger(store, store.session(sid))
        assert ledgers.ledger_from_json(ledgers.ledger_to_json(computed)) == computed, game
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
    assert ledgers.ledger_from_json(ledgers.ledger_to_json(computed)) == computed


def test_a_read_never_waits_for_a_writer(
    db: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While another connection holds the write lock, a read answers at once from the kept
    ledger: reads never write."""
    _tid, sid = nice_session(store)
    expected = balances(store, sid)
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
    assert replays.take() == 0


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
