"""Backup, check and restore (issue #30.5): ``tarocco backup`` copies the database consistently
while it is written (SQLite's online backup API), and ``tarocco check`` finds a database that
is damaged or whose stored verdicts and kept ledgers disagree with a replay of its texts.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from records import service
from records.backup import COUNTED, BackupError, backup
from records.integrity import check_database, compare_ledgers
from records.notation import read
from records.pipeline import check_text
from records.schemas import dump_report
from records.store import Store, pack_revision, unpack_revision
from tarocco.cli import main

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]  # the seats of `tarocco random nice4`


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def records_of(count: int, seed: int = 1) -> list[str]:
    """``count`` legal nice4 records, as `tarocco random` writes them, one text each."""
    result = run("random", "nice4", "--seed", str(seed), "--count", str(count))
    assert result.exit_code == 0, result.output
    return [item.record.source for item in read(result.stdout) if item.record is not None]


def new_session(db: Path) -> int:
    store = Store(str(db))
    try:
        tid = store.create_tournament("Backup cup")
        return service.create_session(store, tid, "nice4", PLAYERS, {}, "", "test")
    finally:
        store.close()


def fill(db: Path, count: int, seed: int = 1) -> int:
    """A session of ``count`` hands and a ruling, its ledger read once (so it is kept)."""
    sid = new_session(db)
    store = Store(str(db))
    try:
        for text in records_of(count, seed):
            service.upload(store, sid, text, "test")
        service.add_ruling(store, sid, {"Anna": 1, "Bruno": -1}, "slow play", "TD", None, "test")
        service.session_ledger(store, sid)
    finally:
        store.close()
    return sid


def rows(db: Path, sql: str, args: tuple = ()) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def tamper_kept(db: Path, hand: int, kept: str | None) -> None:
    """Change what a hand's revision keeps of its report (packed with its texts: its
    findings since #31.4, its whole report before)."""
    ((packed,),) = rows(db, "select packed from revisions where hand_id = ?", (hand,))
    original, canonical, _kept = unpack_revision(packed)
    again = pack_revision(original, canonical, kept)
    tamper(db, "update revisions set packed = ? where hand_id = ?", (again, hand))


def packed_as_before_31(db: Path, hand: int) -> dict:
    """Pack a hand's revision as revisions were packed before #31.4 (its whole report, as
    a check of its text gives it); the report."""
    ((packed,),) = rows(db, "select packed from revisions where hand_id = ?", (hand,))
    report = dump_report(check_text(unpack_revision(packed)[0])[0].report)
    tamper_kept(db, hand, json.dumps(report))
    return report


def test_a_report_without_findings_is_found(filled) -> None:
    db, sid = filled
    hand = hand_at(db, sid, 4)
    tamper_kept(db, hand, json.dumps({**packed_as_before_31(db, hand), "findings": None}))
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert f"hand {hand}: hand: revision 1: its stored report holds no findings" in result.output


def test_kept_findings_that_cannot_be_read_are_found(filled) -> None:
    db, sid = filled
    hand = hand_at(db, sid, 4)
    tamper_kept(db, hand, '[{"code": ')
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert f"hand {hand}: hand: revision 1: its stored report cannot be read" in result.output


def tamper(db: Path, sql: str, args: tuple = ()) -> None:
    """Change a row behind the store's back (no trigger raises a version for these)."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute(sql, args)
    finally:
        conn.close()


def assert_consistent(db: Path) -> dict[str, int]:
    """A copy holds whole writes only: every hand has its current revision and its audit
    line, every ruling its audit line (each written in one transaction with them); returns
    the copy's counts."""
    counts = {table: rows(db, f"select count(*) from {table}")[0][0] for table in COUNTED}
    assert counts["revisions"] == counts["hands"]  # no corrections in these loads
    orphans = (
        "select count(*) from hands h left join revisions r on r.hand_id = h.id "
        "and r.number = h.revision where r.id is null"
    )
    assert rows(db, orphans) == [(0,)]
    assert rows(db, "select count(*) from audit where action = 'upload'") == [(counts["hands"],)]
    assert rows(db, "select count(*) from audit where action = 'ruling'") == [(counts["rulings"],)]
    return counts


class Writer(threading.Thread):
    """Another connection writing continuously, as the service does: uploads of hands, a
    ruling after every fifth, and a ledger read now and then (which keeps it)."""

    def __init__(self, db: Path, session_id: int, texts: list[str]) -> None:
        super().__init__(daemon=True)
        self.db, self.session_id, self.texts = db, session_id, texts
        self.stop = threading.Event()
        self.done = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        store = Store(str(self.db))
        try:
            for text in self.texts:
                if self.stop.is_set():
                    break
                service.upload(store, self.session_id, text, "writer")
                self.done += 1
                if self.done % 5 == 0:
                    service.add_ruling(
                        store, self.session_id, {"Anna": 1, "Carla": -1}, "late", "TD", None, "w"
                    )
                    service.session_ledger(store, self.session_id)
        except BaseException as exc:  # reported by the test
            self.error = exc
        finally:
            store.close()

    def wait_for(self, count: int) -> None:
        while self.done < count and self.is_alive():
            self.stop.wait(0.01)
        assert self.done >= count, self.error


# -- a backup under a write load passes the check ---------------------------------------------
def test_a_backup_taken_under_a_write_load_passes_the_check(tmp_path: Path) -> None:
    """The acceptance of #30.5: copies taken while another connection uploads hands and adds
    rulings are whole (each write all there or not at all) and pass `tarocco check`; so does
    the live database, checked while it is written."""
    live = tmp_path / "live.sqlite"
    writer = Writer(live, new_session(live), records_of(300, seed=5))
    writer.start()
    copies = []
    try:
        writer.wait_for(10)
        for number in range(4):
            dest = tmp_path / f"copy{number}.sqlite"
            result = run("backup", str(dest), "--db", str(live))
            assert result.exit_code == 0, result.output
            assert f"-> {dest}:" in result.output and " hands" in result.output
            copies.append(dest)
        during = run("check", "--db", str(live))
        assert during.exit_code == 0, during.output
        writer.wait_for(writer.done + 5)  # writes go on after the last copy
    finally:
        writer.stop.set()
        writer.join(120)
    assert writer.error is None, writer.error
    taken = []
    for dest in copies:
        result = run("check", "--db", str(dest))
        assert result.exit_code == 0, result.output
        assert "ok: 1 sessions" in result.output
        taken.append(assert_consistent(dest)["hands"])
    assert taken[0] >= 10 and taken == sorted(taken), taken
    assert assert_consistent(live)["hands"] == writer.done > taken[-1]
    assert run("check", "--db", str(live)).exit_code == 0


def test_a_backup_of_the_real_service_while_it_is_written_passes_the_check(tmp_path: Path) -> None:
    """`tarocco serve` (gunicorn, two workers) receives hands and rulings over HTTP while
    `tarocco backup` runs in another process: the copy passes `tarocco check`."""
    from serverkit import http, serving

    command = [sys.executable, "-m", "tarocco.cli"]
    dest = tmp_path / "served-copy.sqlite"
    texts = records_of(300, seed=9)
    with serving(tmp_path) as served:
        store = Store(str(served.db))
        tid = store.create_tournament("Live cup")
        token = store.create_token(tid, "director")
        sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "", "test")
        store.close()
        base = f"{served.base}/api/sessions/{sid}"
        sent: list[int] = []
        stop_after = [len(texts)]

        def post_hands() -> None:
            for index, text in enumerate(texts, start=1):
                if index > stop_after[0]:
                    return
                status, body = http("POST", f"{base}/hands", {"text": text}, token)
                assert status == 201, body
                if index % 4 == 0:
                    ruling = {"amounts": {"Bruno": 2, "Dario": -2}, "reason": "r", "author": "TD"}
                    status, body = http("POST", f"{base}/rulings", ruling, token)
                    assert status == 201, body
                    http("GET", f"{base}/ledger")
                sent.append(index)

        poster = threading.Thread(target=post_hands, daemon=True)
        poster.start()
        while len(sent) < 10 and poster.is_alive():
            poster.join(0.05)
        copied = subprocess.run(
            [*command, "backup", str(dest), "--db", str(served.db)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        stop_after[0] = len(sent) + 5  # writes go on after the copy
        poster.join(120)
        assert copied.returncode == 0, copied.stderr
        assert len(sent) == stop_after[0], served.log_text()
    checked = subprocess.run(
        [*command, "check", "--db", str(dest)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert " ok: 1 sessions" in checked.stdout
    assert 10 <= assert_consistent(dest)["hands"] < len(sent)
    assert assert_consistent(served.db)["hands"] == len(sent)
    live = subprocess.run([*command, "check", "--db", str(served.db)], cwd=ROOT, timeout=120)
    assert live.returncode == 0


# -- the check finds what is wrong -----------------------------------------------------------
@pytest.fixture
def filled(tmp_path: Path) -> tuple[Path, int]:
    """A database of one session of 8 hands and a ruling, its ledger kept."""
    db = tmp_path / "filled.sqlite"
    return db, fill(db, 8)


def hand_at(db: Path, session_id: int, position: int) -> int:
    return rows(
        db, "select id from hands where session_id = ? and position = ?", (session_id, position)
    )[0][0]


def test_a_sound_database_passes_and_the_summary_says_what_was_compared(filled) -> None:
    db, _sid = filled
    result = run("check", "--db", str(db))
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(
        "ok: 1 sessions and 8 hands replayed, 1 kept ledgers compared, 0 out of date (never served)"
    )


def test_a_stored_verdict_changed_is_found_with_its_hand(filled) -> None:
    """A verdict changed in the row (which keeps no report of its own to disagree with,
    #31.4): the replay shows it."""
    db, sid = filled
    hand = hand_at(db, sid, 3)
    ((was,),) = rows(db, "select status from revisions where hand_id = ?", (hand,))
    tamper(db, "update revisions set status = 'invalid' where hand_id = ?", (hand,))
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert (
        f"session {sid}, hand {hand}: verdict: hand 3 is stored 'invalid', a replay of its "
        f"text gives {was!r}" in result.output
    )
    assert "1 problem(s): 1 sessions and 8 hands replayed" in result.output


def test_a_verdict_that_disagrees_with_its_stored_report_is_found(filled) -> None:
    """A revision packed before #31.4 kept its whole report, verdict included."""
    db, sid = filled
    hand = hand_at(db, sid, 5)
    packed_as_before_31(db, hand)
    ((was,),) = rows(db, "select status from revisions where hand_id = ?", (hand,))
    assert was != "flagged"
    tamper(db, "update revisions set status = 'flagged' where hand_id = ?", (hand,))
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert (
        f"session {sid}, hand {hand}: hand: revision 1: its verdict is 'flagged' but its stored "
        f"report says {was!r}" in result.output
    )
    assert f"hand {hand}: verdict: hand 5 is stored 'flagged'" in result.output


def test_a_kept_ledger_changed_is_found_and_named(filled) -> None:
    """The kept ledger is what the service serves: an amount changed in it is a problem,
    named by its row and hand."""
    db, sid = filled
    tamper(
        db,
        "update ledger_rows set amounts = json_set(amounts, '$[0]', "
        "json_extract(amounts, '$[0]') + 1) where session_id = ? and hand = 2 "
        "and status is not null",
        (sid,),
    )
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert f"session {sid}: ledger: row 2 (hand 2) differs: kept" in result.output


def test_a_kept_standing_changed_is_found(filled) -> None:
    db, sid = filled
    tamper(db, "update session_ledgers set standing = json_set(standing, '$.hands', 99)")
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert f"session {sid}: standing: the kept standing differs" in result.output


def test_a_kept_ledger_of_another_release_is_not_a_problem(filled) -> None:
    """A ledger kept by other engine code is never served (reads replay until the server's
    start refreshes it): legitimate, counted, not compared, even when it is wrong."""
    db, _sid = filled
    tamper(db, "delete from ledger_rows")
    tamper(db, "update session_ledgers set engine = 'an older release'")
    result = run("check", "--db", str(db))
    assert result.exit_code == 0, result.output
    assert "0 kept ledgers compared, 1 out of date (never served)" in result.output


def test_a_kept_ledger_behind_its_session_is_found(filled) -> None:
    """A write that moved the session on without keeping its ledger (a repair by hand in
    SQL) is reported: the service replays that session on every read until refreshed."""
    db, sid = filled
    tamper(db, "update sessions set version = version + 1")
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert f"session {sid}: ledger: the kept ledger is behind its session" in result.output


def test_missing_revisions_and_dangling_rows_are_found(filled) -> None:
    db, sid = filled
    hand = hand_at(db, sid, 2)
    tamper(db, "update hands set revision = 2 where id = ?", (hand,))
    tamper(
        db,
        "insert into rulings (session_id, hand_id, amounts, reason, created_at) "
        "values (?, 999, '{}', 'x', 'now')",
        (sid,),
    )
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert f"session {sid}, hand {hand}: hand: revisions [1], current 2" in result.output
    assert (
        "database: foreign-key: rulings row 2 names a hands row that is not there" in result.output
    )


def test_a_migration_not_applied_is_found_and_the_file_left_as_it_is(filled) -> None:
    """`check` reads only: it reports an older schema rather than migrating it."""
    db, _sid = filled
    tamper(db, "delete from _migrations where name = '005_ruling_replaces'")
    before = db.read_bytes()
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert "database: migration: 005_ruling_replaces is not applied" in result.output
    assert db.read_bytes() == before


def test_a_damaged_file_is_reported_without_a_traceback(filled) -> None:
    db, _sid = filled
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")  # the page size, in the file's header
    data[page * 3 : page * 3 + 64] = b"\xff" * 64  # a page of a table, written over
    db.write_bytes(bytes(data))
    result = run("check", "--db", str(db))
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit), result.exception
    assert "integrity" in result.output or "cannot check the database" in result.output


def test_compare_ledgers_names_each_part_that_differs() -> None:
    replayed = json.dumps({"rows": [[1, "clean", [1, -1], [11, 9], 0, "", None]], "summary": ["a"]})
    assert compare_ledgers(replayed, replayed) == []
    kept = json.dumps({"rows": [[1, "clean", [2, -2], [12, 8], 0, "", None]], "summary": ["b"]})
    assert compare_ledgers(kept, replayed) == [
        "row 1 (hand 1) differs: kept clean amounts [2, -2] balances [12, 8], replayed clean "
        "amounts [1, -1] balances [11, 9]",
        "its summary differs from the replay's",
    ]
    assert compare_ledgers("not json", replayed) == ["the kept ledger cannot be read"]


def test_check_of_no_database_is_a_clean_error(tmp_path: Path) -> None:
    result = run("check", "--db", str(tmp_path / "none.sqlite"))
    assert result.exit_code == 1 and "Error: no database at" in result.output
    assert not (tmp_path / "none.sqlite").exists()
    with pytest.raises(FileNotFoundError):
        check_database(str(tmp_path / "none.sqlite"))


# -- what backup refuses --------------------------------------------------------------------
def test_backup_refuses_an_existing_dest_unless_forced(filled, tmp_path: Path) -> None:
    db, _sid = filled
    dest = tmp_path / "copy.sqlite"
    dest.write_text("an older copy")
    result = run("backup", str(dest), "--db", str(db))
    assert result.exit_code == 1
    assert f"Error: {dest} exists (give --force to replace it)" in result.output
    assert dest.read_text() == "an older copy"
    result = run("backup", str(dest), "--db", str(db), "--force")
    assert result.exit_code == 0, result.output
    assert "8 hands, 8 revisions, 1 rulings" in result.output
    assert run("check", "--db", str(dest)).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.sqlite", "filled.sqlite"]


@pytest.mark.parametrize(
    ("dest", "source", "message"),
    [
        (
            "none/copy.sqlite",
            "filled.sqlite",
            "{tmp}/none/copy.sqlite: the folder {tmp}/none does not exist",
        ),
        ("copy.sqlite", "missing.sqlite", "no database at {tmp}/missing.sqlite"),
        ("folder", "filled.sqlite", "{tmp}/folder is a folder: give the backup's file name"),
        ("filled.sqlite", "filled.sqlite", "{tmp}/filled.sqlite is the database itself"),
        ("stale.sqlite", "filled.sqlite", "{tmp}/stale.sqlite-wal exists: a program may have"),
        (
            "copy.sqlite",
            "junk.txt",
            "{tmp}/junk.txt: cannot copy the database: file is not a database",
        ),
        ("copy.sqlite", "other.sqlite", "{tmp}/other.sqlite is not a tarocco database"),
    ],
)
def test_backup_refuses_bad_paths_cleanly(
    filled, tmp_path: Path, dest: str, source: str, message: str
) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "stale.sqlite-wal").write_text("")
    (tmp_path / "junk.txt").write_text("not a database\n" * 100)
    sqlite3.connect(tmp_path / "other.sqlite").execute("create table t (x)").connection.close()
    before = sorted(p.name for p in tmp_path.iterdir())
    result = run("backup", str(tmp_path / dest), "--db", str(tmp_path / source), "--force")
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)
    assert "Error: " + message.format(tmp=tmp_path) in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no temporary file left


def test_the_library_raises_a_backup_error(tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="no database at"):
        backup(str(tmp_path / "none.sqlite"), str(tmp_path / "copy.sqlite"))


def test_a_restored_copy_serves_what_was_copied(filled, tmp_path: Path) -> None:
    """The README's restore: the copy put in place of the database file (its old -wal and
    -shm removed) opens with every hand and the same ledger."""
    db, sid = filled
    copy = tmp_path / "copy.sqlite"
    assert run("backup", str(copy), "--db", str(db)).exit_code == 0
    store = Store(str(db))
    before = service.session_ledger(store, sid).balances
    store.close()
    restored = tmp_path / "restored" / "tarocco.sqlite"
    restored.parent.mkdir()
    os.replace(copy, restored)
    store = Store(str(restored))
    try:
        assert service.session_ledger(store, sid).balances == before
        assert len(store.hands(sid)) == 8
    finally:
        store.close()


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (
            "insert into _migrations (name, applied_at) values ('999_future', 'now')",
            "database: migration: 999_future is unknown to this tarocco (a newer release?)",
        ),
        (
            "update sessions set game = 'nonesuch'",
            "session 1: replay: the replay fails: KeyError('nonesuch')",
        ),
        ("update hands set position = 20 where position = 8", "hand: at position 20, expected 8"),
        (
            "update revisions set packed = x'00ff' where hand_id = 2",
            "session 1, hand 2: hand: revision 1: its stored report cannot be read",
        ),
        (
            "update revisions set session_id = 99 where hand_id = 6",
            "session 1, hand 6: hand: revision 1: stored in session 99",
        ),
    ],
)
def test_each_kind_of_damage_is_named(filled, change: str, found: str) -> None:
    db, sid = filled
    assert sid == 1
    tamper(db, "PRAGMA foreign_keys = OFF")
    tamper(db, change)
    result = run("check", "--db", str(db))
    assert result.exit_code == 1, result.output
    assert found in result.output
    assert isinstance(result.exception, SystemExit)


def test_backup_refuses_a_copy_that_fails_its_integrity_check(tmp_path: Path) -> None:
    """A database whose index disagrees with its table (made so through writable_schema)
    copies page for page; the copy's integrity check finds it and nothing is written."""
    source = tmp_path / "bad-index.sqlite"
    conn = sqlite3.connect(source, isolation_level=None)
    conn.executescript(
        "create table t (a, b); create index i on t (a);"
        "insert into t values (1, 2), (3, 4), (5, 6);"
        "PRAGMA writable_schema = ON;"
        "update sqlite_master set sql = 'CREATE INDEX i ON t (b)' where name = 'i';"
    )
    conn.close()
    result = run("backup", str(tmp_path / "copy.sqlite"), "--db", str(source))
    assert result.exit_code == 1, result.output
    assert "Error: the copy fails its integrity check: " in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad-index.sqlite"]
