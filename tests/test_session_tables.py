"""Sessions at tables (issue 4, "sessions per table"): a session may name the table it sits
at. Tested at every layer: the storage migration that adds the column to an existing
database, the service's checks on the label, the API (round trip, 422 ``BAD_TABLE``, the
OpenAPI document), ``tarocco session create --table``, and the pages (the tournament's
sessions grouped by table in natural order, "No table given" last; the session page names
its table).

Records come from ``examples/nice4``: ``session.txt`` ends at the balances of its
``.expected.json`` (NICE-18), which a migrated database must still give.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from browserkit import PLAYERS, SESSION_BALANCES, SESSION_TEXT
from click.testing import CliRunner, Result
from conftest import Tournament
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st
from storagecheck import as_migration_001_stored, without_kept_ledgers

from records import ledgers, service
from records import store as store_module
from records.service import MAX_TABLE_CHARS, ServiceError, table_label
from records.store import MIGRATIONS, Store
from tarocco.cli import main
from web import tables
from web.tables import NO_TABLE, group_by_table, natural_key, table_heading

HOSTILE = '<script>alert("t")</script>'


def open_session(store: Store, tournament: int, name: str, table: str | None) -> int:
    return service.create_session(store, tournament, "nice4", PLAYERS, {}, name, "t", table=table)


def text_of(response) -> str:
    return response.get_data(as_text=True)


# -- storage: the migration ----------------------------------------------------------------
def old_database(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A database as the code before the table column made it (migration 001 only), with a
    tournament, a token, a session of the five hands of session.txt and a ruling; returns
    the tournament and session ids."""
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:1])
        # revisions as migration 001 kept them
        patch.setattr(store_module, "_packed", as_migration_001_stored)
        without_kept_ledgers(patch)
        old = Store(str(path))
        try:
            assert "table_name" not in old.db["sessions"].columns_dict
            tid = old.create_tournament("Autumn cup")
            old.create_token(tid, "director")
            # the old Store.create_session's row (the new one writes a column not there yet)
            with old.write() as db:
                sid = (
                    db["sessions"]
                    .insert(
                        {
                            "tournament_id": tid,
                            "name": "Round 1",
                            "game": "nice4",
                            "options": "{}",
                            "players": '["Anna", "Bruno", "Carla", "Dario"]',
                            "created_at": "2026-01-01T00:00:00.000+00:00",
                        }
                    )
                    .last_pk
                )
            service.upload(old, sid, SESSION_TEXT, "t")
            service.add_ruling(old, sid, {"Anna": 1, "Bruno": -1}, "a slow play", "TD", None, "t")
            assert old.db.execute("PRAGMA user_version").fetchone()[0] == 1
        finally:
            old.close()
    return tid, sid


def _assert_packed_from(store: Store, before: list[tuple[str, str, str]]) -> None:
    """007 packs each revision's texts and report; 008's refresh then keeps of each report
    its findings only (none: nothing), as a write does since #31.4 (the rest is the text
    replayed)."""
    packed = [
        store_module.unpack_revision(row[0])
        for row in store.db.execute("select packed from revisions order by id")
    ]
    assert packed == [
        (text, canonical, _findings_kept(json.loads(report))) for text, canonical, report in before
    ]


def _findings_kept(report: dict) -> str | None:
    """What a revision keeps of ``report`` since #31.4: its findings, if any."""
    findings = report["findings"]
    return json.dumps(findings, ensure_ascii=False) if findings else None


def test_an_old_database_upgrades_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.sqlite"
    tid, sid = old_database(path, monkeypatch)
    before = sqlite3.connect(path)
    rows_before = {
        table: before.execute(f"select * from [{table}] order by rowid").fetchall()
        for table in ("tokens", "hands", "rulings", "audit")
    }
    tournaments_before = before.execute("select * from tournaments").fetchall()
    kept = "id, hand_id, session_id, number, content_hash, status, author, reason, created_at"
    revisions_before = before.execute(f"select {kept} from revisions order by id").fetchall()
    packed_before = before.execute(
        "select original_text, canonical_text, report_json from revisions order by id"
    ).fetchall()
    sessions_before = before.execute("select * from sessions").fetchall()
    before.close()

    store = Store(str(path))  # the new code: migrations 002 and 003 run on open
    try:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert [r["name"] for r in store.db["_migrations"].rows][:3] == [
            "001_initial",
            "002_session_table",
            "003_session_results",
        ]
        assert [r["name"] for r in store.db["_migrations"].rows] == [n for n, _ in MIGRATIONS]
        assert store.db["sessions"].columns_dict["table_name"] is str
        assert store.session_version(sid) == 0  # 003: a version per session, from 0
        # nothing lost: every other table as it was, sessions with two more columns (the
        # table label, NULL, and the version), rulings with migration 005's two columns
        # after them (NULL: each ruling still stands)
        for table, rows in rows_before.items():
            now_rows = store.db.execute(f"select * from [{table}] order by rowid").fetchall()
            if table == "rulings":
                assert [row[-2:] for row in now_rows] == [(None, None)] * len(rows)
                now_rows = [row[:-2] for row in now_rows]
            assert now_rows == rows, table
        assert [
            tuple(r)[:-2] for r in store.db.execute("select * from sessions")
        ] == sessions_before
        # 006: tournaments get a revision, from 1
        assert [
            tuple(r)[:-1] for r in store.db.execute("select * from tournaments")
        ] == tournaments_before
        # 007: revisions keep every column they had but the derived ones, which are packed
        assert (
            store.db.execute(f"select {kept} from revisions order by id").fetchall()
            == revisions_before
        )
        _assert_packed_from(store, packed_before)
        assert store.session(sid)["table_name"] is None
        # 008: every session's ledger kept by the migration, not by its first reader
        assert ledgers.stale_sessions(store.db) == []
        ledger = ledgers.kept_ledger(store.db, sid)
        assert ledger == service.compute_ledger(store, store.session(sid))
        # session.txt's balances (NICE-18), then the ruling: Anna +1, Bruno -1
        expected = {
            **SESSION_BALANCES,
            "Anna": SESSION_BALANCES["Anna"] + 1,
            "Bruno": SESSION_BALANCES["Bruno"] - 1,
        }
        assert dict(zip(ledger.players, ledger.balances, strict=True)) == expected
        # the upgraded database takes tables; opening it again migrates nothing
        new = open_session(store, tid, "Round 2", "Table 3")
        assert store.session(new)["table_name"] == "Table 3"
        assert store.migrate() == []
    finally:
        store.close()
    again = Store(str(path))
    try:
        assert [s["table_name"] for s in again.sessions(tid)] == [None, "Table 3"]
    finally:
        again.close()


def test_an_old_database_serves_its_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app opened on an old database file upgrades it and lists its session under "No
    table given"."""
    from web import create_app

    path = tmp_path / "old.sqlite"
    tid, sid = old_database(path, monkeypatch)
    client = create_app({"TESTING": True, "DATABASE": str(path)}).test_client()
    page = text_of(client.get(f"/tournaments/{tid}"))
    assert re.findall(r'<h3 id="table-\d+">([^<]+?) <', page) == [NO_TABLE]
    assert f'href="/sessions/{sid}"' in page
    assert client.get(f"/api/sessions/{sid}").get_json()["table"] is None


# -- service: the label's checks ------------------------------------------------------------
@pytest.mark.parametrize(
    ("given_label", "stored"),
    [
        (None, None),
        ("", None),
        ("   ", None),
        (" \u00a0", None),
        ("Table 2", "Table 2"),
        ("  Table 2\u00a0 ", "Table 2"),
        ("2", "2"),
        ("Tavolo nº 3 — sala grande", "Tavolo nº 3 — sala grande"),
        ("卓 ٣", "卓 ٣"),
        ("x" * MAX_TABLE_CHARS, "x" * MAX_TABLE_CHARS),
        (" " + "x" * MAX_TABLE_CHARS + " ", "x" * MAX_TABLE_CHARS),  # 40 once stripped
    ],
)
def test_service_stores_the_stripped_label(
    store: Store, tournament: Tournament, given_label: str | None, stored: str | None
) -> None:
    sid = open_session(store, tournament.id, "Round 1", given_label)
    assert store.session(sid)["table_name"] == stored
    detail = store.audit_log("session", sid)[0]["detail"]
    assert detail.get("table") == stored  # the audit log records the table given


@pytest.mark.parametrize(
    "bad",
    [
        "x" * (MAX_TABLE_CHARS + 1),
        "Table\t2",
        "Table\n2",
        "Table 2\r\nDROP",
        "T\x00",
        "T\x1b[31m",
        "T\x7f",
        "T\x85x",
        "T\ud800",
    ],
)
def test_service_refuses_a_bad_label(store: Store, tournament: Tournament, bad: str) -> None:
    with pytest.raises(ServiceError) as caught:
        open_session(store, tournament.id, "Round 1", bad)
    assert (caught.value.status, caught.value.code) == (422, "BAD_TABLE")
    assert store.sessions(tournament.id) == []


def test_the_limit_is_40_characters() -> None:
    assert table_label("x" * 40) == "x" * 40
    with pytest.raises(ServiceError, match="at most 40 characters"):
        table_label("x" * 41)


def test_table_label_keeps_inner_text() -> None:
    # stripped at the ends only: the inner spacing is the director's
    assert table_label("  Table  2 ") == "Table  2"


# -- API ------------------------------------------------------------------------------------
def test_api_round_trip(client: FlaskClient, tournament: Tournament) -> None:
    url = f"/api/tournaments/{tournament.id}/sessions"
    response = client.post(
        url,
        json={"game": "nice4", "players": PLAYERS, "name": "Round 1", "table": "  Table 2 "},
        headers=tournament.headers,
    )
    assert response.status_code == 201, text_of(response)
    created = response.get_json()
    assert created["table"] == "Table 2" and "table_name" not in created
    detail = client.get(f"/api/sessions/{created['id']}").get_json()
    assert detail.pop("result")["games"] == []  # no hand yet: nobody ahead
    assert detail == created
    plain = client.post(
        url, json={"game": "nice4", "players": PLAYERS}, headers=tournament.headers
    ).get_json()
    empty = client.post(
        url, json={"game": "nice4", "players": PLAYERS, "table": ""}, headers=tournament.headers
    ).get_json()
    null = client.post(
        url, json={"game": "nice4", "players": PLAYERS, "table": None}, headers=tournament.headers
    ).get_json()
    assert plain["table"] is None and empty["table"] is None and null["table"] is None
    listed = client.get(url).get_json()
    assert [(s["id"], s["table"]) for s in listed] == [
        (created["id"], "Table 2"),
        (plain["id"], None),
        (empty["id"], None),
        (null["id"], None),
    ]


@pytest.mark.parametrize(
    ("table", "code"),
    [
        ("x" * (MAX_TABLE_CHARS + 1), "BAD_TABLE"),
        ("Table\n2", "BAD_TABLE"),
        ("\x07", "BAD_TABLE"),
        (12, "UNPROCESSABLE_ENTITY"),
        (["Table 2"], "UNPROCESSABLE_ENTITY"),
    ],
)
def test_api_refuses_a_bad_table(
    client: FlaskClient, store: Store, tournament: Tournament, table: object, code: str
) -> None:
    response = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={"game": "nice4", "players": PLAYERS, "table": table},
        headers=tournament.headers,
    )
    assert response.status_code == 422, text_of(response)
    body = response.get_json()
    assert body["code"] == code and body["status"] == 422 and body["message"]
    assert store.sessions(tournament.id) == []


def test_openapi_shows_the_table(client: FlaskClient) -> None:
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    given_in = schemas["SessionIn"]["properties"]["table"]
    shown = schemas["SessionOut"]["properties"]["table"]
    # OpenAPI 3.0: a nullable string, optional in the request, always in the response
    assert given_in["type"] == "string" and given_in["nullable"] is True
    assert "BAD_TABLE" in given_in["description"]
    assert "table" not in schemas["SessionIn"].get("required", [])
    assert shown["type"] == "string" and shown["nullable"] is True
    assert "table_name" not in schemas["SessionOut"]["properties"]


# -- command line ---------------------------------------------------------------------------
def run(*args: str, db: Path) -> Result:
    return CliRunner().invoke(main, [*args, "--db", str(db)])


def test_cli_session_create_with_a_table(tmp_path: Path) -> None:
    db = tmp_path / "cli.sqlite"
    assert run("tournament", "create", "Cup", db=db).exit_code == 0
    players = ", ".join(PLAYERS)
    result = run(
        "session",
        "create",
        "--tournament",
        "Cup",
        "--game",
        "nice4",
        "--players",
        players,
        "--name",
        "Round 1",
        "--table",
        " Table 2 ",
        db=db,
    )
    assert result.exit_code == 0, result.output
    assert "table 'Table 2'" in result.stderr
    plain = run(
        "session", "create", "--tournament", "Cup", "--game", "nice4", "--players", players, db=db
    )
    assert plain.exit_code == 0, plain.output
    assert "table" not in plain.stderr
    too_long = run(
        "session",
        "create",
        "--tournament",
        "Cup",
        "--game",
        "nice4",
        "--players",
        players,
        "--table",
        "T" * 41,
        db=db,
    )
    assert too_long.exit_code == 2 and "at most 40 characters" in too_long.stderr
    store = Store(str(db))
    try:
        assert [(s["id"], s["table_name"]) for s in store.sessions(1)] == [
            (int(result.stdout), "Table 2"),
            (int(plain.stdout), None),
        ]
    finally:
        store.close()


# -- pages ----------------------------------------------------------------------------------
def groups_on(page: str) -> list[tuple[str, list[str]]]:
    """The tournament page's table groups: each heading with its sessions' names, in page
    order."""
    out = []
    for section in re.findall(r'<section class="table-group[^"]*"(.*?)</section>', page, re.S):
        heading = re.search(r'<h3 id="table-\d+">(.*?) <span', section).group(1)
        names = re.findall(r'<th scope="row"><a href="/sessions/\d+">([^<]+)</a>', section)
        out.append((heading, names))
    return out


def test_tournament_page_groups_sessions_by_table(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    # opened out of order, with one table written three ways and two sessions with none
    for name, table in [
        ("R1 ten", "Table 10"),
        ("R1 loose", None),
        ("R1 two", "2"),
        ("R1 terrace", "Terrace"),
        ("R2 two", "table 2"),
        ("R2 ten", "Table 10"),
        ("R2 loose", "  "),
        ("R1 nine", "Table 9"),
    ]:
        open_session(store, tournament.id, name, table)
    service.upload(store, store.sessions(tournament.id)[0]["id"], SESSION_TEXT, "t")
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    assert groups_on(page) == [
        ("Table 2", ["R1 two", "R2 two"]),  # "2" before "10"; "table 2" is the same table
        ("Table 9", ["R1 nine"]),
        ("Table 10", ["R1 ten", "R2 ten"]),
        ("Terrace", ["R1 terrace"]),
        (NO_TABLE, ["R1 loose", "R2 loose"]),
    ]
    # the existing columns and links stay: the session's sheet, its game's rules, seats, hands
    first = store.sessions(tournament.id)[0]["id"]
    row = re.search(
        rf'<tr><th scope="row"><a href="/sessions/{first}">R1 ten</a></th>(.*?)'
        r"</tr>",
        page,
    ).group(1)
    assert 'href="/rules/nice4"' in row and "Anna, Bruno, Carla, Dario" in row
    assert row.endswith('<td class="num">5</td>')  # the five hands of session.txt
    # accessible: every group is a section named by its heading, its table labelled by it
    for index in range(1, 6):
        assert f'aria-labelledby="table-{index}">\n<h3 id="table-{index}">' in page
        assert f'<table class="sessions" aria-labelledby="table-{index}">' in page
    assert '<section class="table-group no-table" aria-labelledby="table-5">' in page


def test_hands_needing_a_director_name_their_table(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """A director walks to a table: a flagged hand names it (the README's revoked tour is
    flagged in trick 1, NICE-11)."""
    from browserkit import REVOKE_TOUR

    at_ten = open_session(store, tournament.id, "Round 1", "10")
    nowhere = open_session(store, tournament.id, "Round 2", None)
    first = service.upload(store, at_ten, REVOKE_TOUR, "t")[0].hand_id
    second = service.upload(store, nowhere, REVOKE_TOUR, "t")[0].hand_id
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    attention = page[page.index('id="attention"') : page.index('id="sessions"')]
    assert f'<a href="/hands/{first}">Round 1 (Table 10), hand 1</a>' in attention
    assert f'<a href="/hands/{second}">Round 2, hand 1</a>' in attention


def test_tournament_page_without_any_table(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    open_session(store, tournament.id, "Round 1", None)
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    assert groups_on(page) == [(NO_TABLE, ["Round 1"])]


def test_tournament_page_without_sessions(client: FlaskClient, tournament: Tournament) -> None:
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    assert groups_on(page) == [] and "No sessions yet" in page and NO_TABLE not in page


def test_session_page_names_its_table(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    at_two = open_session(store, tournament.id, "Round 1", "2")
    nowhere = open_session(store, tournament.id, "Round 2", None)
    page = text_of(client.get(f"/sessions/{at_two}"))
    assert '<span class="table-label">At Table 2</span>' in page
    assert re.search(r'<nav class="crumbs"[^>]*>.*› Table 2 › Round 1</nav>', page)
    page = text_of(client.get(f"/sessions/{nowhere}"))
    assert "table-label" not in page and NO_TABLE not in page


def test_table_labels_are_escaped(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = open_session(store, tournament.id, "Round 1", HOSTILE[:40])
    for path in (f"/tournaments/{tournament.id}", f"/sessions/{sid}"):
        page = text_of(client.get(path))
        assert "<script>alert" not in page and "&lt;script&gt;alert" in page, path


# -- the grouping itself --------------------------------------------------------------------
def test_tables_doctests() -> None:
    import doctest

    assert doctest.testmod(tables).failed == 0


def test_natural_order() -> None:
    labels = ["Table 10", "table 1", "Table 2", "10", "9", "Table 2b", "Table 2a", "B 1"]
    assert sorted(labels, key=natural_key) == [
        "9",
        "10",
        "B 1",
        "table 1",
        "Table 2",
        "Table 2a",
        "Table 2b",
        "Table 10",
    ]
    assert [table_heading(t) for t in ("9", "Table 9", "T9")] == ["Table 9", "Table 9", "T9"]


LABELS = st.one_of(
    st.none(),
    st.just(""),
    st.sampled_from(
        ["1", "2", "10", "Table 2", "table 2", "Table  2", "Table 10", "A", "a", "Terrace"]
    ),
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=8),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(LABELS, max_size=12))
def test_grouping_keeps_every_session_once_in_order(labels: list[str | None]) -> None:
    rows = [{"id": i, "table_name": label} for i, label in enumerate(labels)]
    groups = group_by_table(rows)
    # every session exactly once, each group in the order given
    assert sorted(s["id"] for g in groups for s in g.sessions) == list(range(len(rows)))
    for group in groups:
        ids = [s["id"] for s in group.sessions]
        assert ids == sorted(ids)
    # labelled groups in natural order of their headings, distinct tables; "none" last
    labelled = [g for g in groups if g.labelled]
    assert [g.heading for g in labelled] == sorted((g.heading for g in labelled), key=natural_key)
    assert len({" ".join(g.heading.split()).casefold() for g in labelled}) == len(labelled)
    assert all(g.labelled for g in groups[:-1])
    unlabelled = [r["id"] for r in rows if not r["table_name"]]
    if unlabelled:
        assert not groups[-1].labelled and groups[-1].heading == NO_TABLE
        assert [s["id"] for s in groups[-1].sessions] == unlabelled
    # a session's group names its table
    for group in labelled:
        for session in group.sessions:
            assert (
                " ".join(table_heading(session["table_name"]).split()).casefold()
                == " ".join(group.heading.split()).casefold()
            )


def test_hand_audit_what_if_and_verify_pages_name_the_table(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """Every page below a session says which table it sat at (the breadcrumb), and the
    verify page's "Store in" list names each session's table."""
    from test_pages import login

    sid = open_session(store, tournament.id, "Round 1", "10")
    hand = service.upload(store, sid, SESSION_TEXT, "t")[0].hand_id
    for path in (f"/hands/{hand}", f"/hands/{hand}/audit", f"/sessions/{sid}/what-if"):
        page = text_of(client.get(path))
        assert re.search(r'<nav class="crumbs"[^>]*>.*› Table 10 › <a href="/sessions/', page), path
    login(client, tournament.token)
    page = text_of(client.get("/verify"))
    assert re.search(r"<option [^>]*>Round 1 · Table 10 · nice4 · ", page)
