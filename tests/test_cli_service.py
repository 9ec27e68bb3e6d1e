"""The command-line side of the service (issue 3): tournaments, tokens and sessions from the
command line, bulk import of files, folders and archives, the load-test tool, the upload
path's stored data, and a real server (gunicorn in a subprocess) answering over HTTP.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import re
import socket
import subprocess
import sys
import tarfile
import threading
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from records import bulk, service
from records.notation import RecordBuilder, read
from records.pipeline import check_text
from records.schemas import RecordSchema, dump_record, dump_report
from records.store import Store
from records.writer import write_many
from scorer.games import get_game
from tarocco import loadtest
from tarocco.cli import DEFAULT_DB, main
from tarocco.worker import RequestBuffer

ROOT = Path(__file__).resolve().parent.parent
TOUR = ROOT / "examples" / "nice4" / "tour.txt"
PLAYERS = "Anna, Bruno, Carla, Dario"  # the seats of `tarocco random nice4`


def run(*args: str, db: Path | None = None, input: str | None = None) -> Result:
    """``tarocco ARGS [--db DB]`` in process, stdout and stderr kept apart."""
    argv = [*args, "--db", str(db)] if db is not None else list(args)
    return CliRunner().invoke(main, argv, input=input)


def random_text(count: int, seed: int = 1, game: str = "nice4") -> str:
    """What `tarocco random GAME --seed S --count N` prints."""
    result = run("random", game, "--seed", str(seed), "--count", str(count))
    assert result.exit_code == 0, result.output
    return result.stdout


def split_records(text: str) -> list[str]:
    return [p.record.source for p in read(text)]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "cli.sqlite"


@pytest.fixture
def sid(db: Path) -> int:
    """A session seating the random generator's players, made from the command line."""
    assert run("tournament", "create", "Club", db=db).exit_code == 0
    result = run(
        "session", "create", "--tournament", "Club", "--game", "nice4", "--players", PLAYERS, db=db
    )
    assert result.exit_code == 0, result.output
    return int(result.stdout)


def hands(db: Path, session_id: int) -> list[dict]:
    store = Store(str(db))
    try:
        return store.hands(session_id, full=True)
    finally:
        store.close()


def summary_of(result: Result) -> str:
    return result.stdout.strip().splitlines()[-1]


# -- tournaments, tokens, sessions -------------------------------------------------------
def test_default_database_is_the_web_apps() -> None:
    import web

    assert DEFAULT_DB == web.DEFAULT_DATABASE


def test_tournament_create_and_list(db: Path) -> None:
    first = run("tournament", "create", "Autumn cup", db=db)
    assert first.exit_code == 0, first.output
    assert first.stdout.strip() == "1"
    second = run("tournament", "create", "Closed table", "--private", db=db)
    assert second.stdout.strip() == "2"
    listing = run("tournament", "list", db=db)
    assert listing.exit_code == 0
    lines = listing.stdout.splitlines()
    assert "Autumn cup" in lines[0] and "public" in lines[0]
    assert "Closed table" in lines[1] and "private" in lines[1]
    store = Store(str(db))
    assert store.tournament(2)["private"] == 1


def test_tournament_names_are_unique(db: Path) -> None:
    run("tournament", "create", "Cup", db=db)
    again = run("tournament", "create", "Cup", db=db)
    assert again.exit_code == 1
    assert "exists already (id 1)" in again.stderr


def test_commands_that_read_need_an_existing_database(db: Path) -> None:
    for args in (
        ("tournament", "list"),
        ("token", "revoke", "1"),
        ("session", "create", "--tournament", "x", "--game", "nice4", "--players", PLAYERS),
    ):
        result = run(*args, db=db)
        assert result.exit_code == 1, args
        assert "no database at" in result.stderr
    assert not db.exists()


# Every command that takes --db, with the other arguments it needs to reach the database.
DB_COMMANDS = {
    ("tournament", "create"): ("Cup",),
    ("tournament", "list"): (),
    ("token", "create"): ("--tournament", "Cup", "--create"),
    ("token", "list"): (),
    ("token", "revoke"): ("1",),
    ("session", "create"): ("--tournament", "Cup", "--game", "nice4", "--players", PLAYERS),
    ("session", "list"): (),
    ("import",): (str(TOUR), "--session", "1"),
    ("serve",): ("--port", "1"),  # refused before any port is tried
    ("backup",): ("copy.sqlite",),
    ("check",): (),
}


def _commands_with_db(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found += _commands_with_db(command, (*path, name))
        elif any(param.name == "db" for param in command.params):
            found.append((*path, name))
    return found


def test_every_db_command_is_checked_for_a_missing_folder() -> None:
    assert sorted(_commands_with_db(main)) == sorted(DB_COMMANDS)


@pytest.mark.parametrize("command", sorted(DB_COMMANDS), ids=" ".join)
def test_db_in_a_missing_folder_names_the_path(tmp_path: Path, command: tuple[str, ...]) -> None:
    """SQLite says only "unable to open database file": the message names the path and the
    folder that does not exist (issue 19), and nothing is made."""
    db = tmp_path / "no-such-folder" / "t.sqlite"
    result = run(*command, *DB_COMMANDS[command], db=db)
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"Error: --db {db}: the folder {db.parent} does not exist")
    assert "unable to open database file" not in result.output
    assert not db.parent.exists()


def test_db_that_cannot_be_opened_is_named(tmp_path: Path) -> None:
    """A folder where the file should be: SQLite's reason, after the path."""
    result = run("tournament", "create", "Cup", db=tmp_path)
    assert result.exit_code == 1
    assert f"{tmp_path}: cannot open the database" in result.stderr


def test_db_comes_from_the_environment(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAROCCO_DB", str(db))
    assert run("tournament", "create", "From env").exit_code == 0
    assert Store(str(db)).tournament_named("From env") is not None


def test_token_create_makes_the_tournament_and_prints_the_token_once(db: Path) -> None:
    result = run(
        "token", "create", "--tournament", "Spring open", "--create", "--label", "desk", db=db
    )
    assert result.exit_code == 0, result.output
    token = result.stdout.strip()
    assert token.startswith("tar_") and "\n" not in token  # stdout is the token alone
    assert "shown only now" in result.stderr
    assert "created tournament 'Spring open'" in result.stderr
    store = Store(str(db))
    tid = store.tournament_named("Spring open")["id"]
    assert store.tournament_for_token(token) == tid
    assert store.token_row(token)["label"] == "desk"
    # only the hash is kept
    assert token not in json.dumps([dict(r) for r in store.db["tokens"].rows])


def test_token_for_an_existing_tournament_by_id_or_name(db: Path) -> None:
    run("tournament", "create", "Cup", db=db)
    by_id = run("token", "create", "--tournament", "1", db=db).stdout.strip()
    by_name = run("token", "create", "--tournament", "Cup", db=db).stdout.strip()
    store = Store(str(db))
    assert store.tournament_for_token(by_id) == store.tournament_for_token(by_name) == 1
    assert len(store.tournaments()) == 1
    missing = run("token", "create", "--tournament", "7", db=db)
    assert missing.exit_code == 1 and "no tournament 7" in missing.stderr


def test_token_create_refuses_an_unknown_tournament_naming_the_close_ones(db: Path) -> None:
    """#34.10: a mistyped tournament name made a second tournament without a word; it is
    refused, with the tournaments whose names are close and the option that creates it."""
    run("tournament", "create", "Autumn cup", db=db)
    run("tournament", "create", "Spring open", db=db)
    typo = run("token", "create", "--tournament", "Autum cup", db=db)
    assert typo.exit_code == 1 and typo.stdout == ""
    assert typo.stderr == (
        "Error: no tournament 'Autum cup'; close names: 'Autumn cup' (id 1). Give one of "
        "them, or add --create to create tournament 'Autum cup'.\n"
    )
    far = run("token", "create", "--tournament", "Winter", db=db)
    assert "the tournaments: 'Autumn cup' (id 1), 'Spring open' (id 2)" in far.stderr
    store = Store(str(db))
    assert [t["name"] for t in store.tournaments()] == ["Autumn cup", "Spring open"]
    assert store.tokens() == []
    made = run("token", "create", "--tournament", "Winter", "--create", db=db)
    assert made.exit_code == 0 and "created tournament 'Winter' (id 3)" in made.stderr
    nowhere = db.parent / "empty.sqlite"  # no database yet: refused, and none is made
    assert run("token", "create", "--tournament", "Cup", db=nowhere).exit_code == 1
    assert not nowhere.exists()


def test_token_revoke(db: Path) -> None:
    token = run("token", "create", "--tournament", "Cup", "--create", db=db).stdout.strip()
    store = Store(str(db))
    token_id = store.token_row(token)["id"]
    result = run("token", "revoke", str(token_id), db=db)
    assert result.exit_code == 0 and f"token {token_id} revoked" in result.stdout
    assert store.tournament_for_token(token) is None
    unknown = run("token", "revoke", "99", db=db)
    assert unknown.exit_code == 1 and "no token 99" in unknown.stderr


def test_token_list_shows_ids_labels_tournaments_never_the_token(db: Path) -> None:
    """A lost token id is found from the command line (issue 19); the token itself is not
    kept, so it cannot be listed."""
    first = run(
        "token", "create", "--tournament", "Cup", "--create", "--label", "head director", db=db
    )
    second = run("token", "create", "--tournament", "Open", "--create", db=db)
    run("token", "revoke", "2", db=db)
    listing = run("token", "list", db=db)
    assert listing.exit_code == 0, listing.output
    lines = listing.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].split()[:3] == ["1", "head", "director"]
    assert "'Cup' (id 1)" in lines[0] and "active" in lines[0]
    assert lines[1].split()[0] == "2" and "(no label)" in lines[1]
    assert "'Open' (id 2)" in lines[1] and "revoked 20" in lines[1]
    created = Store(str(db)).tokens()[0]["created_at"]
    assert f"created {created}" in lines[0]
    for token in (first.stdout.strip(), second.stdout.strip()):
        assert token.startswith("tar_") and token not in listing.stdout
    only = run("token", "list", "--tournament", "Open", db=db)
    assert only.stdout.splitlines() == lines[1:]
    unknown = run("token", "list", "--tournament", "Nope", db=db)
    assert unknown.exit_code == 1 and "no tournament 'Nope'" in unknown.stderr


def test_session_list_finds_a_lost_session_id(db: Path) -> None:
    run("tournament", "create", "Cup", db=db)
    run("tournament", "create", "Open", db=db)
    assert run("session", "list", db=db).stdout.startswith("no sessions yet")
    made = [
        run(*args, db=db).stdout.strip()
        for args in (
            (
                "session",
                "create",
                "--tournament",
                "Cup",
                "--game",
                "nice4",
                "--players",
                PLAYERS,
                "--name",
                "Round 1",
                "--table",
                "Table 2",
            ),
            (
                "session",
                "create",
                "--tournament",
                "Open",
                "--game",
                "nice3",
                "--players",
                "Anna, Bruno, Carla",
            ),
        )
    ]
    assert made == ["1", "2"]
    (db.parent / "tour.txt").write_text(TOUR.read_text())
    assert run("import", str(db.parent / "tour.txt"), "--session", "1", db=db).exit_code == 0
    listing = run("session", "list", db=db)
    assert listing.exit_code == 0, listing.output
    first, second = listing.stdout.splitlines()
    assert first.split()[0] == "1" and "'Cup' (id 1)" in first
    assert "nice4 'Round 1' at 'Table 2': Anna, Bruno, Carla, Dario; 1 hand;" in first
    assert (
        second.split()[0] == "2" and "'Open' (id 2)  nice3: Anna, Bruno, Carla; 0 hands" in second
    )
    by_name = run("session", "list", "--tournament", "Open", db=db)
    by_id = run("session", "list", "--tournament", "2", db=db)
    assert by_name.stdout.splitlines() == by_id.stdout.splitlines() == [second]
    unknown = run("session", "list", "--tournament", "Nope", db=db)
    assert unknown.exit_code == 1 and "no tournament 'Nope'" in unknown.stderr


def test_session_create(db: Path) -> None:
    run("tournament", "create", "Cup", db=db)
    result = run(
        "session",
        "create",
        "--tournament",
        "Cup",
        "--game",
        "nice4",
        "--players",
        PLAYERS,
        "-o",
        "first-lead=declarer",
        "--name",
        "Round 1",
        db=db,
    )
    assert result.exit_code == 0, result.output
    session = Store(str(db)).session(int(result.stdout))
    assert session["players"] == ["Anna", "Bruno", "Carla", "Dario"]
    assert session["options"] == {"first-lead": "declarer"}
    assert session["name"] == "Round 1" and session["game"] == "nice4"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "nice4", "--players", "A, B, C"), "4 different player names"),
        (("--game", "nice4", "--players", "A, B, C, a"), "4 different player names"),
        (("--game", "chess", "--players", PLAYERS), "chess"),
        (("--game", "nice4", "--players", PLAYERS, "-o", "first-lead=nobody"), "first-lead"),
        (("--game", "nice4", "--players", PLAYERS, "-o", "nonsense"), "name=value"),
    ],
)
def test_session_create_refuses_bad_input(db: Path, args: tuple[str, ...], message: str) -> None:
    run("tournament", "create", "Cup", db=db)
    result = run("session", "create", "--tournament", "Cup", *args, db=db)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert Store(str(db)).sessions(1) == []


def test_session_create_needs_a_known_tournament(db: Path) -> None:
    run("tournament", "create", "Cup", db=db)
    result = run(
        "session", "create", "--tournament", "Other", "--game", "nice4", "--players", PLAYERS, db=db
    )
    assert result.exit_code == 1 and "no tournament 'Other'" in result.stderr


# -- import ------------------------------------------------------------------------------
def test_import_a_file_then_again_stores_nothing_twice(db: Path, sid: int, tmp_path: Path) -> None:
    path = tmp_path / "night.txt"
    path.write_text(random_text(12))
    first = run("import", str(path), "--session", str(sid), db=db)
    assert first.exit_code == 0, first.output
    assert summary_of(first).startswith("1 file, 12 records: 12 stored, 0 duplicates; clean")
    stored = hands(db, sid)
    assert [h["position"] for h in stored] == list(range(1, 13))
    assert [h["original_text"] for h in stored] == split_records(path.read_text())
    again = run("import", str(path), "--session", str(sid), db=db)
    assert again.exit_code == 0
    assert "12 records: 0 stored, 12 duplicates" in summary_of(again)
    assert [h["id"] for h in hands(db, sid)] == [h["id"] for h in stored]
    store = Store(str(db))
    uploads = [a for a in store.audit_log("hand") if a["action"] == "upload"]
    assert len(uploads) == 12 and {a["actor"] for a in uploads} == {"cli import"}


def test_import_a_folder_recursively_in_sorted_order(db: Path, sid: int, tmp_path: Path) -> None:
    records = split_records(random_text(9, seed=2))
    folder = tmp_path / "in"
    (folder / "b").mkdir(parents=True)
    (folder / "a").mkdir()
    (folder / "b" / "2.txt").write_text("\n".join(records[6:]))
    (folder / "a" / "z.txt").write_text("\n".join(records[3:6]))
    (folder / "a" / "1.txt").write_text("\n".join(records[:3]))
    (folder / "notes.md").write_text("not a record file")
    result = run("import", str(folder), "--session", str(sid), db=db)
    assert result.exit_code == 0, result.output
    assert summary_of(result).startswith("3 files, 9 records: 9 stored, 0 duplicates")
    assert [h["original_text"] for h in hands(db, sid)] == records


def _zip(path: Path, members: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return path


def _tar(path: Path, members: dict[str, str], mode: str = "w:gz") -> Path:
    with tarfile.open(path, mode) as archive:
        for name, text in members.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


@pytest.mark.parametrize("kind", ["zip", "tar.gz", "tgz", "tar"])
def test_import_an_archive_then_again(db: Path, sid: int, tmp_path: Path, kind: str) -> None:
    records = split_records(random_text(8, seed=3))
    members = {
        "night/2.txt": "\n".join(records[4:]),
        "night/1.txt": "\n".join(records[:4]),
        "README": "ignored",
    }
    path = tmp_path / f"night.{kind}"
    if kind == "zip":
        _zip(path, members)
    else:
        _tar(path, members, "w" if kind == "tar" else "w:gz")
    first = run("import", str(path), "--session", str(sid), db=db)
    assert first.exit_code == 0, first.output
    assert summary_of(first).startswith("2 files, 8 records: 8 stored, 0 duplicates")
    assert [h["original_text"] for h in hands(db, sid)] == records
    again = run("import", str(path), "--session", str(sid), db=db)
    assert "8 records: 0 stored, 8 duplicates" in summary_of(again)
    assert len(hands(db, sid)) == 8


def test_import_a_folder_of_archives_and_texts(db: Path, sid: int, tmp_path: Path) -> None:
    records = split_records(random_text(6, seed=4))
    folder = tmp_path / "in"
    folder.mkdir()
    _zip(folder / "a.zip", {"x.txt": records[0], "y.txt": records[1]})
    _tar(folder / "b.tgz", {"x.txt": records[2]})
    (folder / "c.txt").write_text("\n".join(records[3:]))
    result = run("import", str(folder), "--session", str(sid), db=db)
    assert result.exit_code == 0, result.output
    assert summary_of(result).startswith("4 files, 6 records: 6 stored")
    assert [h["original_text"] for h in hands(db, sid)] == records


def test_malformed_record_stops_its_file_there_and_is_reported_with_its_place(
    db: Path, sid: int, tmp_path: Path
) -> None:
    """A file is stored as it is read; its first malformed record stops the storing there, so
    the session's hands stay in the file's order, and once the file is fixed the same import
    stores the rest (issue #21.8: a text is no longer read whole before anything is stored)."""
    records = split_records(random_text(5, seed=5))
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a-good.txt").write_text("\n".join(records[:2]))
    # the second record of b-bad.txt deals Anna a card that does not exist
    second = records[3].splitlines()
    index = next(i for i, ln in enumerate(second) if ln.startswith("hand Anna: "))
    second[index] = "hand Anna: 9X " + second[index].split(" ", 3)[3]
    start = records[2].count("\n") + 2
    bad = folder / "b-bad.txt"
    bad.write_text(records[2] + "\n" + "\n".join(second) + "\n\n" + records[4])
    result = run("import", str(folder), "--session", str(sid), db=db)
    assert result.exit_code == 1
    assert f"b-bad.txt:{start + index}:12: not a card: '9X'" in result.stderr
    assert f"b-bad.txt:{start}:1: this record and the 1 after it were not stored" in result.stderr
    assert "skipped: " in result.stderr and "b-bad.txt" in result.stderr
    summary = summary_of(result)
    assert summary.startswith("2 files, 5 records: 3 stored") and "2 not stored" in summary
    # b-bad.txt's first record was stored, the damaged one and the one after it were not
    assert [h["original_text"] for h in hands(db, sid)] == records[:3]
    bad.write_text("\n".join(records[2:]))
    again = run("import", str(folder), "--session", str(sid), db=db)
    assert again.exit_code == 0, again.output
    assert summary_of(again).startswith("2 files, 5 records: 2 stored, 3 duplicates")
    assert [h["original_text"] for h in hands(db, sid)] == records


def test_records_of_another_table_are_refused_with_their_place(
    db: Path, sid: int, tmp_path: Path
) -> None:
    path = tmp_path / "other.txt"
    path.write_text(random_text(2, seed=6).replace("Dario", "Zeno"))
    result = run("import", str(path), "--session", str(sid), db=db)
    assert result.exit_code == 1
    assert f"{path}:1:1: the record seats Anna, Bruno, Carla, Zeno" in result.stderr
    three = tmp_path / "three.txt"
    three.write_text(random_text(1, game="nice3"))
    result = run("import", str(three), "--session", str(sid), db=db)
    assert "the record is nice3; this session plays nice4" in result.stderr
    empty = tmp_path / "empty.txt"
    empty.write_text("; nothing here\n")
    result = run("import", str(empty), "--session", str(sid), db=db)
    assert result.exit_code == 1 and "no record found" in result.stderr
    assert hands(db, sid) == []


def test_import_into_an_unknown_session(db: Path, sid: int, tmp_path: Path) -> None:
    """Refused before any progress is shown: no "importing" line over the error (#34.10)."""
    path = tmp_path / "x.txt"
    path.write_text(random_text(1))
    result = run("import", str(path), "--session", "99", db=db)
    assert result.exit_code == 1
    assert result.stderr == "Error: no session 99 (see `tarocco session list`)\n"


def test_import_counts_one_record_in_the_singular(db: Path, sid: int, tmp_path: Path) -> None:
    """#34.10: "1 file, 1 records: 1 stored, 0 duplicates", then "1 duplicates"."""
    path = tmp_path / "one.txt"
    path.write_text(random_text(1))
    first = run("import", str(path), "--session", str(sid), db=db)
    assert summary_of(first).startswith("1 file, 1 record: 1 stored, 0 duplicates; clean 1")
    again = run("import", str(path), "--session", str(sid), db=db)
    assert summary_of(again).startswith("1 file, 1 record: 0 stored, 1 duplicate; clean 1")


def test_hostile_archives_are_guarded(
    db: Path, sid: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = split_records(random_text(3, seed=7))
    monkeypatch.setattr(bulk, "MAX_TEXT_BYTES", max(len(r) for r in records[:2]) + 10)
    path = _zip(
        tmp_path / "evil.zip",
        {
            "../escape.txt": records[0],
            "/abs.txt": records[0],
            "ok.txt": records[1],
            "big.txt": records[2] * 3,
        },
    )
    links = tmp_path / "links.tar"
    with tarfile.open(links, "w") as archive:
        info = tarfile.TarInfo("link.txt")
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
        archive.addfile(info)
        info = tarfile.TarInfo("sub/../../up.txt")
        data = records[0].encode()
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    result = run("import", str(path), "--session", str(sid), db=db)
    assert result.exit_code == 1
    assert "../escape.txt: a path climbing out of the archive" in result.stderr
    assert "/abs.txt: an absolute path in an archive" in result.stderr
    assert "big.txt: larger than" in result.stderr
    assert [h["original_text"] for h in hands(db, sid)] == [records[1]]
    result = run("import", str(links), "--session", str(sid), db=db)
    assert result.exit_code == 1
    assert "link.txt: a link or special file" in result.stderr
    assert "up.txt: a path climbing out" in result.stderr
    assert len(hands(db, sid)) == 1
    assert not (tmp_path.parent / "escape.txt").exists()


def test_import_is_batched_and_whole_records_only(
    db: Path, sid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each batch is one transaction through the service; batches of 2 store the same hands
    as one batch would."""
    text = random_text(7, seed=8)
    store = Store(str(db))
    calls = []
    original = bulk.upload_parsed

    def counting(store: Store, session_id: int, parsed: list, actor: str, **options) -> list:
        calls.append(len(parsed))
        return original(store, session_id, parsed, actor, **options)

    monkeypatch.setattr(bulk, "upload_parsed", counting)
    summary = bulk.import_text(store, sid, text, "x.txt", "test", batch_records=2)
    assert calls == [2, 2, 2, 1]
    assert (summary.records, summary.stored, summary.duplicates) == (7, 7, 0)
    assert [h["original_text"] for h in store.hands(sid, full=True)] == split_records(text)


def test_import_stores_its_first_batch_before_reading_the_rest(
    db: Path, sid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A text is stored batch by batch as it is read (issue #21.8): when reading fails on the
    sixth record, the first batch of five is already stored (it used to read the whole text
    first, and 20,000 records stored nothing for half a minute)."""
    text = random_text(12, seed=9)
    original = RecordBuilder.end_record
    ended = []

    def failing(self: RecordBuilder, source: str) -> None:
        ended.append(source)
        if len(ended) == 6:
            raise RuntimeError("reading stopped at the sixth record")
        original(self, source)

    monkeypatch.setattr(RecordBuilder, "end_record", failing)
    store = Store(str(db))
    with pytest.raises(RuntimeError, match="sixth record"):
        bulk.import_text(store, sid, text, "x.txt", "test", batch_records=5)
    assert [h["original_text"] for h in store.hands(sid, full=True)] == split_records(text)[:5]


def _members(records: list[str], prefix: str = "n/") -> dict[str, str]:
    return {f"{prefix}{i:02d}.txt": record for i, record in enumerate(records, 1)}


def test_a_zip_with_corrupt_deflate_data_is_reported_not_a_crash(
    db: Path, sid: int, tmp_path: Path
) -> None:
    """#21.9: a member whose deflate data is damaged (here an invalid block type) is reported
    with its name; the other members are imported; the exit status is 1."""
    records = split_records(random_text(2, seed=10))
    path = _zip(tmp_path / "night.zip", {"a.txt": records[0], "b.txt": records[1]})
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("b.txt")
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    data[start] = 0x07  # a last block of the reserved type 3
    path.write_bytes(bytes(data))
    result = run("import", str(path), "--session", str(sid), db=db)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert f"{path}:b.txt: cannot be read: Error -3 while decompressing data" in result.stderr
    assert [h["original_text"] for h in hands(db, sid)] == [records[0]]


def test_a_tar_gz_with_a_damaged_header_is_reported_where_it_breaks(
    db: Path, sid: int, tmp_path: Path
) -> None:
    """#21.10: tarfile stops silently at a damaged header, as if the archive ended there; the
    import now reports where it broke, imports the ten members before and exits with 1."""
    records = split_records(random_text(20, seed=11))
    plain = _tar(tmp_path / "night.tar", _members(records), "w")
    with tarfile.open(plain) as archive:
        offset = archive.getmember("n/11.txt").offset
    data = bytearray(plain.read_bytes())
    data[offset : offset + 512] = b"damaged " * 64
    path = tmp_path / "night.tar.gz"
    path.write_bytes(gzip.compress(bytes(data)))
    result = run("import", str(path), "--session", str(sid), db=db)
    assert result.exit_code == 1
    assert (
        f"{path}: damaged after member 'n/10.txt': a damaged header at byte {offset}; "
        "the rest is not read"
    ) in result.stderr
    assert [h["original_text"] for h in hands(db, sid)] == records[:10]


def test_a_fifo_named_txt_is_reported_not_waited_on(db: Path, sid: int, tmp_path: Path) -> None:
    """#21.11: a FIFO (or any file that is not a regular one) is reported, not opened for
    reading, which waited for a writer for ever; the rest of the folder is imported."""
    records = split_records(random_text(1, seed=12))
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(records[0])
    os.mkfifo(folder / "pipe.txt")
    os.mkfifo(folder / "pipe.zip")
    command = ["import", str(folder), "--session", str(sid), "--db", str(db)]
    done = subprocess.run(
        [sys.executable, "-m", "tarocco.cli", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    assert f"{folder / 'pipe.txt'}: not a regular file (a FIFO): not read" in done.stderr
    assert f"{folder / 'pipe.zip'}: not a regular file (a FIFO): not read" in done.stderr
    assert [h["original_text"] for h in hands(db, sid)] == records


@pytest.mark.parametrize("kind", ["zip", "tar.gz"])
def test_archive_bombs_are_bounded_and_the_member_that_broke_a_bound_named(
    db: Path, sid: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """#21.12: a member compressed 1,000 to 1 is not read (records compress about 4 to 1),
    and neither are the member that takes the archive past its total and those after it;
    each case is reported with the member's name, the rest imported, the exit status 1."""
    records = split_records(random_text(4, seed=13))
    write = _zip if kind == "zip" else _tar
    bomb = write(tmp_path / f"bomb.{kind}", {"a.txt": records[0], "b.txt": "\n" * 8_000_000})
    result = run("import", str(bomb), "--session", str(sid), db=db)
    assert result.exit_code == 1
    ratio = "compressed" if kind == "zip" else "the archive expands"
    assert f"{bomb}:b.txt: {ratio} more than 200 to 1" in result.stderr
    assert [h["original_text"] for h in hands(db, sid)] == records[:1]
    monkeypatch.setattr(bulk, "MAX_ARCHIVE_BYTES", 3000)  # two or three records of six
    many = write(tmp_path / f"many.{kind}", _members(records[1:] * 2))
    result = run("import", str(many), "--session", str(sid), db=db)
    assert result.exit_code == 1
    assert re.search(
        f"{re.escape(str(many))}:n/0[2-6].txt: the archive's members come to more than "
        "3,000 bytes uncompressed with this one: it and the members after it are not read",
        result.stderr,
    ), result.stderr
    assert 1 + 1 <= len(hands(db, sid)) < 1 + 6


def test_archives_inside_an_archive_are_read_two_deep(db: Path, sid: int, tmp_path: Path) -> None:
    """#21.13: a zip or tar.gz inside a zip is read as a folder would be (its members named
    ``outer.zip:inner.zip:member``), down to two levels; an archive nested deeper is
    reported, not ignored, and the exit status says so."""
    records = split_records(random_text(4, seed=14))
    inner = _zip(tmp_path / "inner.zip", {"b.txt": records[1]})
    deeper = _tar(tmp_path / "deeper.tgz", {"c.txt": records[2]})
    deepest = _zip(tmp_path / "deepest.zip", {"x.txt": records[3]})
    lower = tmp_path / "lower.zip"
    with zipfile.ZipFile(lower, "w") as archive:
        archive.write(deepest, "deepest.zip")
    middle = tmp_path / "middle.zip"
    with zipfile.ZipFile(middle, "w") as archive:
        archive.write(deeper, "deeper.tgz")
        archive.write(lower, "lower.zip")
    outer = tmp_path / "outer.zip"
    with zipfile.ZipFile(outer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("a.txt", records[0])
        archive.write(inner, "inner.zip")
        archive.write(middle, "m/middle.zip")
    shallow = _zip(tmp_path / "shallow.zip", {"a.txt": records[0]})
    with zipfile.ZipFile(shallow, "a") as archive:
        archive.write(inner, "inner.zip")
    result = run("import", str(shallow), "--session", str(sid), db=db)
    assert result.exit_code == 0, result.output
    assert summary_of(result).startswith("2 files, 2 records: 2 stored")
    assert [h["original_text"] for h in hands(db, sid)] == records[:2]
    result = run("import", str(outer), "--session", str(sid), db=db)
    assert result.exit_code == 1
    assert (
        f"{outer}:m/middle.zip:deeper.tgz:c.txt" not in result.stderr
        and f"{outer}:m/middle.zip:lower.zip:deepest.zip: an archive nested more than 2 "
        "levels deep: not read"
        in result.stderr
    )
    assert summary_of(result).startswith("4 files, 3 records: 1 stored, 2 duplicates")
    assert [h["original_text"] for h in hands(db, sid)] == records[:3]


# -- the upload path stores what it did before it was made faster -----------------------
def _reference(text: str, options: dict) -> list[tuple[str, str, list]]:
    """What an upload stored and answered, computed the slow, obvious way: each record's
    report from its own text (stored), its findings as placed in the upload (answered)."""
    out = []
    for item in check_text(text, options=options):
        record = item.parsed.record
        own = check_text(record.source, options=options)[0]
        out.append(
            (
                json.dumps(dump_report(own.report), ensure_ascii=False),
                json.dumps(RecordSchema().dump(record), ensure_ascii=False),
                dump_report(item.report)["findings"],
            )
        )
    return out


@pytest.mark.parametrize("options", [{}, {"first-lead": "declarer"}])
def test_upload_stores_reports_in_the_records_own_lines(options: dict) -> None:
    tour = TOUR.read_text()
    flagged = tour.replace("1. 10 17 4 9", "1. 10 17 5C 9").replace(
        "15. 13 18 5C 4C", "15. 13 18 4 4C"
    )
    impossible = tour.replace("2. 2D 9D QD 3D", "2. 2D 9D 9D 3D")
    generated = write_many(get_game("nice4").random_session(random.Random(9), 6))
    text = (
        "; a comment first\n\n"
        + flagged
        + "\n{ between }\n"
        + impossible
        + "\n"
        + tour
        + "\n"
        + generated
    )
    store = Store(":memory:")
    tid = store.create_tournament("t")
    sid = store.create_session(tid, "nice4", ["Anna", "Bruno", "Carla", "Dario"], options)
    results = service.upload(store, sid, text, "test")
    stored = store.hands(sid, full=True)  # stored packed (#31.2), read back as they were made
    expected = _reference(text, options)
    assert len(results) == len(stored) == len(expected) == 9
    for result, row, (report, record_json, findings) in zip(results, stored, expected, strict=True):
        assert row["report_json"] == report
        assert row["record_json"] == record_json
        assert row["findings"] == json.dumps(json.loads(report)["findings"], ensure_ascii=False)
        assert result.findings == findings
    if not options:
        assert [r.status for r in results][:3] == ["flagged", "invalid", "clean"]
        # the revoke is on line 17 of the record's own text (README), line 19 of the upload
        assert json.loads(stored[0]["findings"])[0]["line"] == 17
        assert results[0].findings[0]["line"] == 19


def test_dump_record_is_record_schema_dump() -> None:
    texts = [p.read_text() for p in sorted((ROOT / "examples").glob("*/*.txt"))]
    texts.append(write_many(get_game("nice3").random_session(random.Random(2), 20)))
    texts.append(write_many(get_game("nice4").random_session(random.Random(2), 20)))
    count = 0
    for text in texts:
        for parsed in read(text):
            if parsed.record is not None:
                assert json.dumps(dump_record(parsed.record)) == json.dumps(
                    RecordSchema().dump(parsed.record)
                )
                count += 1
    assert count > 40


# -- load test ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "url",
    [
        "http://example.com:8000",
        "http://10.0.0.1:8000",
        "https://127.0.0.1:8000",
        "http://127.0.0.2:8000",
        "ftp://localhost/",
    ],
)
def test_loadtest_refuses_anything_but_loopback(url: str) -> None:
    with pytest.raises(ValueError):
        loadtest.target(url)
    result = run("loadtest", "--url", url, "--clients", "1", "--requests", "1")
    assert result.exit_code == 2


def test_loadtest_targets_and_percentiles() -> None:
    assert loadtest.target("http://127.0.0.1:8123") == ("127.0.0.1", 8123)
    assert loadtest.target("http://localhost:9/") == ("localhost", 9)
    assert loadtest.target("http://[::1]:8000") == ("::1", 8000)
    values = [float(v) for v in range(1, 101)]
    assert loadtest.percentile(values, 50) == 50
    assert loadtest.percentile(values, 99) == 99
    assert loadtest.percentile([3.0], 90) == 3


# -- a real server ------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _http(
    method: str, url: str, body: dict | None = None, token: str | None = None
) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_serve_on_a_busy_port_says_so_in_one_line(tmp_path: Path) -> None:
    """gunicorn would retry for five seconds, printing ten raw "Connection in use" lines: the
    port is checked before it starts (issue 19), and no database is made."""
    db = tmp_path / "busy.sqlite"
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        env = {**os.environ}
        env.pop("TAROCCO_DB", None)
        result = subprocess.run(
            [sys.executable, "-m", "tarocco.cli", "serve", "--port", str(port), "--db", str(db)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert f"port {port} is in use" in lines[0]
    assert "--port" in lines[0] and "TAROCCO_PORT" in lines[0]
    assert "Connection in use" not in result.stderr
    assert not db.exists()


def test_real_server(tmp_path: Path) -> None:
    """`tarocco serve` (gunicorn, two workers) on a fresh database file: ready at once; a
    token made by the command line on the same file lets HTTP clients write."""
    port = _free_port()
    db = tmp_path / "served.sqlite"
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "TAROCCO_WORKERS": "2"}
    env.pop("TAROCCO_DB", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "tarocco.cli", "serve", "--port", str(port), "--db", str(db)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                status, rules = _http("GET", f"{base}/api/rules")
                break
            except OSError:
                assert server.poll() is None, server.communicate()
                assert time.monotonic() < deadline, "the server did not answer in 15 s"
                time.sleep(0.2)
        assert status == 200 and {r["key"] for r in rules} >= {"nice4", "nice3"}
        assert db.exists()
        status, index = _http("GET", f"{base}/api")  # the address `serve` prints answers
        assert status == 200 and index["openapi"] == f"{base}/api/openapi.json"

        token = run("token", "create", "--tournament", "Live cup", "--create", db=db)
        token = token.stdout.strip()
        tid = Store(str(db)).tournament_named("Live cup")["id"]
        status, session = _http(
            "POST",
            f"{base}/api/tournaments/{tid}/sessions",
            {"game": "nice4", "players": PLAYERS.split(", ")},
            token,
        )
        assert status == 201, session
        status, uploaded = _http(
            "POST", f"{base}/api/sessions/{session['id']}/hands", {"text": TOUR.read_text()}, token
        )
        assert status == 201, uploaded
        assert uploaded["hands"][0]["status"] == "clean"
        status, refused = _http(
            "POST",
            f"{base}/api/sessions/{session['id']}/hands",
            {"text": TOUR.read_text()},
            "tar_wrong",
        )
        assert status == 401 and refused["code"] == "BAD_TOKEN"
        status, ledger = _http("GET", f"{base}/api/sessions/{session['id']}/ledger")
        assert status == 200
        # the tour: Anna -8, Bruno 0, Carla +8, Dario 0 (README), from 10 marca each
        assert ledger["balances"] == {"Anna": 2, "Bruno": 10, "Carla": 18, "Dario": 10}

        figures = loadtest.run_loadtest(base, clients=2, requests=10)
        assert figures["errors"] == 0 and figures["ok"] == 10
        assert figures["p50_ms"] <= figures["p99_ms"]
    finally:
        server.terminate()
        try:
            out, err = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            out, err = server.communicate()
    assert f"tarocco serving on {base}/api" in out, (out, err)


# -- body limits on the real server (#21.4, #21.7) --------------------------------------------
def _post_raw(
    base: str, path: str, body: bytes, *, chunked: bool, token: str | None = None
) -> tuple[int, dict]:
    """POST ``body`` to the server over a plain socket, chunked (no Content-Length, as
    ``curl -H 'Transfer-Encoding: chunked'`` sends) or with its length; the status and the
    JSON answer. The server may answer and close before the whole body is sent."""
    host, port = base.removeprefix("http://").split(":")
    head = [
        f"POST {path} HTTP/1.1",
        f"Host: {host}",
        "Content-Type: application/json",
        "Connection: close",
        "Transfer-Encoding: chunked" if chunked else f"Content-Length: {len(body)}",
    ]
    if token:
        head.append(f"Authorization: Bearer {token}")
    with socket.create_connection((host, int(port)), timeout=60) as sock:
        try:
            sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
            step = 64 * 1024
            for start in range(0, len(body), step):
                part = body[start : start + step]
                sock.sendall(b"%x\r\n%b\r\n" % (len(part), part) if chunked else part)
            if chunked:
                sock.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # the server answered early and closed: read its answer
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    return int(status_line.split()[1]), json.loads(rest.partition(b"\r\n\r\n")[2])


def test_body_limits_hold_for_chunked_bodies_on_the_real_server(tmp_path: Path) -> None:
    """#21.4: a chunked body over the limit was cut at 8 MiB without a word, and the cut
    JSON answered 400; it is 413, as a body with a Content-Length over the limit is. #21.7:
    an anonymous verify takes at most 256 KiB, chunked or not; a director's up to 8 MiB."""
    from serverkit import serving

    from web import MAX_BODY_BYTES
    from web.bodies import ANONYMOUS_VERIFY_BYTES

    with serving(tmp_path, workers=1, threads=2) as served:
        store = Store(str(served.db))
        token = store.create_token(store.create_tournament("Limits cup"), "d")
        store.close()
        over = json.dumps({"text": "x" * (MAX_BODY_BYTES + 1024)}).encode()
        for chunked in (True, False):
            status, body = _post_raw(served.base, "/api/verify", over, chunked=chunked, token=token)
            assert status == 413, body
            assert f"{MAX_BODY_BYTES:,} bytes" in body["message"]
        within = json.dumps({"text": "[Game" + " " * (3 * 1024 * 1024)}).encode()
        status, body = _post_raw(served.base, "/api/verify", within, chunked=True, token=token)
        assert status == 200, body
        anonymous = json.dumps({"text": "x" * ANONYMOUS_VERIFY_BYTES}).encode()
        for chunked in (True, False):
            status, body = _post_raw(served.base, "/api/verify", anonymous, chunked=chunked)
            assert status == 413 and body["code"] == "REQUEST_ENTITY_TOO_LARGE", body
            assert f"{ANONYMOUS_VERIFY_BYTES:,} bytes" in body["message"]


# -- slow clients (issue #21.6) -----------------------------------------------------------------
class _SlowClient(threading.Thread):
    """A connection that sends a request's start at once, then one byte a second: of its
    head (``body=False``) or of a body its head announces (``body=True``)."""

    def __init__(self, port: int, body: bool, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        start = "POST /api/verify HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if body:
            start += "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        self.sock.sendall(start.encode())
        self.body, self.stop = body, stop

    def run(self) -> None:
        try:
            while not self.stop.wait(1.0):
                self.sock.sendall(b" " if self.body else b"X")
        except OSError:
            pass
        finally:
            self.sock.close()


@pytest.mark.parametrize(
    ("parts", "whole"),
    [
        ([b"GET / HTTP/1.1\r\nHost: x\r\n", b"\r\n"], [False, True]),
        ([b"\r\nGET / HTTP/1.1\r\n\r\n"], [True]),  # an empty line before the request
        ([b"POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nab", b"cd"], [False, True]),
        (
            [b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n", b"0\r\n\r\n"],
            [False, True],
        ),
        ([b"POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n"], [True]),  # app: 413
    ],
)
def test_a_request_goes_to_a_thread_only_when_whole(parts: list[bytes], whole: list[bool]) -> None:
    """The worker's front (``tarocco.worker.RequestBuffer``) passes a request on once its head
    and the body it announces are in, and not before."""
    buffer = RequestBuffer(b"", 0.0, max_head=65536, max_body=8 * 2**20)
    seen = []
    for part in parts:
        buffer.feed(part)
        seen.append(buffer.complete())
    assert seen == whole


def test_slow_clients_do_not_hold_the_server(tmp_path: Path) -> None:
    """Twelve slowloris connections (more than the server's 2 × 4 threads), half of them
    dribbling their head and half their body, while a normal client asks five times: each
    answer comes within two seconds (with gunicorn's plain ``gthread`` worker none came)."""
    port = _free_port()
    env = {**os.environ, "TAROCCO_WORKERS": "2", "TAROCCO_THREADS": "4"}
    env.pop("TAROCCO_DB", None)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tarocco.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "slow.sqlite"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    stop = threading.Event()
    url = f"http://127.0.0.1:{port}/api/rules"
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                urllib.request.urlopen(url, timeout=5).close()
                break
            except OSError:
                assert server.poll() is None, server.communicate()
                assert time.monotonic() < deadline, "the server did not answer in 15 s"
                time.sleep(0.2)
        slow = [_SlowClient(port, body=i % 2 == 1, stop=stop) for i in range(12)]
        for client in slow:
            client.start()
        time.sleep(1.5)  # the slow requests have started and are being read
        waits = []
        for _ in range(5):
            began = time.monotonic()
            with urllib.request.urlopen(url, timeout=4) as response:
                assert response.status == 200
            waits.append(time.monotonic() - began)
        assert max(waits) < 2.0, waits
        assert all(client.is_alive() for client in slow)  # still dribbling, still open
    finally:
        stop.set()
        server.terminate()
        try:
            server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()
