"""Every change of something that exists states the version it was based on (#30.1): the API
gives an ``ETag`` with each hand, ruling, session and tournament and takes ``If-Match`` on
its change (412 stale, 409 changed underneath without one, 428 when the service requires
one); the page forms carry the version they were drawn from, a stale one comes back with the
director's input kept and what changed, and a form sent twice does its work once.

The races of two requests at once against the real server are in ``tests/test_races.py``;
here each case is made one step at a time through Flask's test client.
"""

from __future__ import annotations

import html
import re
import sqlite3
from pathlib import Path

import pytest
from browserkit import PLAYERS, REVOKE_TOUR, SESSION_BALANCES, SESSION_TEXT
from conftest import Tournament
from flask.testing import FlaskClient
from test_director_pages import CALLED_KING, balances, form, plus
from test_pages import login, text_of

from records import service
from records.store import MIGRATIONS, Stale, Store
from web import create_app

RULING = {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1}
AMENDED = {"Anna": -2, "Bruno": 2}


@pytest.fixture
def session_id(store: Store, tournament: Tournament) -> int:
    """A session holding the five hands of session.txt."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 1", "t")
    service.upload(store, sid, SESSION_TEXT, "t")
    return sid


@pytest.fixture
def ruling_id(store: Store, session_id: int) -> int:
    return service.add_ruling(store, session_id, RULING, "Anna's revoke", "TD", None, "t")


@pytest.fixture
def hand_id(store: Store, tournament: Tournament) -> int:
    """A hand stored as the revoked tour (revision 1)."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 2", "t")
    return service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id


def etag(response) -> str:
    value = response.headers["ETag"]
    assert value.startswith('"') and value.endswith('"'), value
    return value


# -- the API: ETag out, If-Match in --------------------------------------------------------
def test_every_thing_that_changes_gives_its_version(
    client: FlaskClient, tournament: Tournament, session_id: int, ruling_id: int
) -> None:
    hand = client.get(f"/api/sessions/{session_id}/hands").get_json()[0]
    shown = {
        f"/api/tournaments/{tournament.id}": f"tournament-{tournament.id}-r1",
        f"/api/hands/{hand['id']}": f"hand-{hand['id']}-r1",
        f"/api/sessions/{session_id}/rulings/{ruling_id}": f"ruling-{ruling_id}-standing",
    }
    for path, version in shown.items():
        response = client.get(path)
        assert response.status_code == 200
        assert etag(response) == f'"{version}"'
        assert response.get_json()["version"] == version
    session = client.get(f"/api/sessions/{session_id}")
    assert etag(session) == f'"{session.get_json()["version"]}"'
    listed = client.get(f"/api/sessions/{session_id}/rulings").get_json()
    assert [r["version"] for r in listed] == [f"ruling-{ruling_id}-standing"]


def test_a_correction_on_a_stale_version_is_refused_with_what_changed(
    client: FlaskClient, tournament: Tournament, hand_id: int
) -> None:
    first = etag(client.get(f"/api/hands/{hand_id}"))
    body = {"text": CALLED_KING, "author": "Carla", "reason": "the wrong hand"}
    stored = client.post(
        f"/api/hands/{hand_id}/revisions",
        json=body,
        headers={**tournament.headers, "If-Match": first},
    )
    assert stored.status_code == 201
    assert etag(stored) == f'"hand-{hand_id}-r2"'
    late = client.post(
        f"/api/hands/{hand_id}/revisions",
        json={**body, "text": REVOKE_TOUR, "author": "Bruno", "reason": "back"},
        headers={**tournament.headers, "If-Match": first},
    )
    assert late.status_code == 412
    error = late.get_json()
    assert error["code"] == "PRECONDITION_FAILED"
    assert error["current"] == f"hand-{hand_id}-r2"
    assert etag(late) == f'"hand-{hand_id}-r2"'
    assert "since revision 1" in error["message"]
    assert "revision 2 by Carla" in error["message"] and "the wrong hand" in error["message"]
    revisions = client.get(f"/api/hands/{hand_id}/revisions").get_json()
    assert [r["author"] for r in revisions] == [None, "Carla"]  # nothing else stored


def test_a_weak_or_foreign_tag_never_matches(
    client: FlaskClient, tournament: Tournament, hand_id: int
) -> None:
    body = {"text": CALLED_KING, "author": "TD", "reason": "x"}
    for sent in (f'W/"hand-{hand_id}-r1"', '"hand-999-r1"', '"nonsense"'):
        response = client.post(
            f"/api/hands/{hand_id}/revisions",
            json=body,
            headers={**tournament.headers, "If-Match": sent},
        )
        assert response.status_code == 412, sent
    star = client.post(
        f"/api/hands/{hand_id}/revisions",
        json=body,
        headers={**tournament.headers, "If-Match": "*"},
    )
    assert star.status_code == 201


def test_a_restore_states_its_version_too(
    client: FlaskClient, tournament: Tournament, hand_id: int
) -> None:
    before = etag(client.get(f"/api/hands/{hand_id}"))
    client.post(
        f"/api/hands/{hand_id}/revisions",
        json={"text": CALLED_KING, "author": "TD", "reason": "wrong hand"},
        headers=tournament.headers,
    )
    stale = client.post(
        f"/api/hands/{hand_id}/revisions/1/restore",
        json={"author": "TD", "reason": "undo"},
        headers={**tournament.headers, "If-Match": before},
    )
    assert stale.status_code == 412
    now = etag(client.get(f"/api/hands/{hand_id}"))
    done = client.post(
        f"/api/hands/{hand_id}/revisions/1/restore",
        json={"author": "TD", "reason": "undo"},
        headers={**tournament.headers, "If-Match": now},
    )
    assert done.status_code == 201 and done.get_json()["revision"] == 3


def test_a_ruling_is_replaced_once_whatever_is_sent(
    client: FlaskClient, tournament: Tournament, session_id: int, ruling_id: int
) -> None:
    path = f"/api/sessions/{session_id}/rulings/{ruling_id}"
    version = etag(client.get(path))
    amended = client.post(
        f"{path}/amend",
        json={"amounts": AMENDED, "reason": "one each", "author": "Carla"},
        headers={**tournament.headers, "If-Match": version},
    )
    assert amended.status_code == 201
    again = client.post(
        f"{path}/withdraw",
        json={"reason": "no revoke", "author": "Bruno"},
        headers={**tournament.headers, "If-Match": version},
    )
    assert again.status_code == 412
    error = again.get_json()
    assert error["current"] == f"ruling-{ruling_id}-replaced-{amended.get_json()['id']}"
    assert "already amended" in error["message"] and "Carla" in error["message"]
    assert balances(client, session_id) == plus(AMENDED)  # the amendment counts once


def test_the_database_takes_one_replacement_of_a_ruling(
    store: Store, session_id: int, ruling_id: int
) -> None:
    """The unique index of migration 006, under the service's own check: a second
    withdrawal or amendment of one ruling is refused by SQLite itself."""
    store.add_ruling(session_id, AMENDED, "a", "TD", None, "t", "amendment", ruling_id)
    with pytest.raises(Stale):
        store.add_ruling(session_id, {}, "w", "TD", None, "t", "withdrawal", ruling_id)
    kinds = [r["kind"] for r in store.rulings(session_id)]
    assert kinds == [None, "amendment"]


def test_a_change_that_lands_underneath_is_a_409(
    client: FlaskClient, store: Store, tournament: Tournament, hand_id: int, monkeypatch
) -> None:
    """Without If-Match a correction is based on the revision current when it arrives; one
    stored while it is being checked (here: in the middle of the request) makes it a 409."""
    real_add = Store.add_revision

    def someone_else_first(self, hand, revision, actor, base):
        monkeypatch.setattr(Store, "add_revision", real_add)
        service.correct_hand(self, hand, CALLED_KING, "Dario", "first", "t")
        return real_add(self, hand, revision, actor, base)

    monkeypatch.setattr(Store, "add_revision", someone_else_first)
    response = client.post(
        f"/api/hands/{hand_id}/revisions",
        json={"text": REVOKE_TOUR, "author": "Anna", "reason": "second"},
        headers=tournament.headers,
    )
    assert response.status_code == 409
    assert response.get_json()["code"] == "CONFLICT"
    assert "revision 2 by Dario" in response.get_json()["message"]
    assert [r["author"] for r in store.revisions(hand_id)] == [None, "Dario"]


def test_if_match_can_be_required(tmp_path: Path, store: Store, tournament: Tournament) -> None:
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "tarocco.sqlite"), "REQUIRE_IF_MATCH": True}
    )
    strict = Store(app.config["DATABASE"])
    tid = strict.create_tournament("Strict cup")
    token = strict.create_token(tid, "TD")
    client = app.test_client()
    headers = {"Authorization": f"Bearer {token}"}
    missing = client.patch(f"/api/tournaments/{tid}", json={"private": True}, headers=headers)
    assert missing.status_code == 428
    assert missing.get_json()["code"] == "PRECONDITION_REQUIRED"
    version = etag(client.get(f"/api/tournaments/{tid}"))
    done = client.patch(
        f"/api/tournaments/{tid}", json={"private": True}, headers={**headers, "If-Match": version}
    )
    assert done.status_code == 200 and done.get_json()["private"] is True


def test_tournament_and_session_edits_state_their_version(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    tournament_path = f"/api/tournaments/{tournament.id}"
    version = etag(client.get(tournament_path))
    assert (
        client.patch(
            tournament_path,
            json={"private": True},
            headers={**tournament.headers, "If-Match": version},
        ).status_code
        == 200
    )
    stale = client.patch(
        tournament_path,
        json={"private": False},
        headers={**tournament.headers, "If-Match": version},
    )
    assert stale.status_code == 412 and "private" in stale.get_json()["message"]
    session_path = f"/api/sessions/{session_id}"
    before = etag(client.get(session_path, headers=tournament.headers))
    renamed = client.patch(
        session_path,
        json={"name": "Final", "table": "Table 3"},
        headers={**tournament.headers, "If-Match": before},
    )
    assert renamed.status_code == 200
    assert renamed.get_json()["name"] == "Final" and renamed.get_json()["table"] == "Table 3"
    late = client.patch(
        session_path, json={"name": "Semi"}, headers={**tournament.headers, "If-Match": before}
    )
    assert late.status_code == 412 and "update by token" in late.get_json()["message"]
    assert client.get(session_path, headers=tournament.headers).get_json()["name"] == "Final"


def test_an_idempotency_key_makes_one_ruling_and_one_session(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    headers = {**tournament.headers, "Idempotency-Key": "ruling-7"}
    body = {"amounts": RULING, "reason": "revoke", "author": "TD"}
    first = client.post(f"/api/sessions/{session_id}/rulings", json=body, headers=headers)
    second = client.post(f"/api/sessions/{session_id}/rulings", json=body, headers=headers)
    assert first.status_code == second.status_code == 201
    assert first.get_json()["id"] == second.get_json()["id"]
    assert len(client.get(f"/api/sessions/{session_id}/rulings").get_json()) == 1
    assert balances(client, session_id) == plus(RULING)
    opened = [
        client.post(
            f"/api/tournaments/{tournament.id}/sessions",
            json={"game": "nice4", "players": PLAYERS, "name": "Round 9"},
            headers={**tournament.headers, "Idempotency-Key": "open-9"},
        ).get_json()["id"]
        for _ in range(2)
    ]
    assert opened[0] == opened[1]
    names = [s["name"] for s in client.get(f"/api/tournaments/{tournament.id}/sessions").json]
    assert names.count("Round 9") == 1


# -- migration 006: what an earlier release stored twice -----------------------------------
def test_migration_voids_a_ruling_replaced_twice(tmp_path: Path) -> None:
    """A database made before migration 006 holding two amendments of one ruling (the race
    #30 measured): the first stands, the second becomes void with an audit line, and the
    ledger counts the amendment once."""
    path = str(tmp_path / "old.sqlite")
    old = Store(path)
    tid = old.create_tournament("Old cup")
    sid = service.create_session(old, tid, "nice4", PLAYERS, {}, "Round 1", "t")
    service.upload(old, sid, SESSION_TEXT, "t")
    rid = old.add_ruling(sid, RULING, "revoke", "TD", None, "t")
    # as the earlier release stored them: two amendments of one ruling, sent at once
    old.db.execute("DROP INDEX rulings_replaced_once")
    first = old.add_ruling(sid, AMENDED, "one each", "TD", None, "t", "amendment", rid)
    second = old.add_ruling(sid, AMENDED, "one each", "TD", None, "t", "amendment", rid)
    old.db.execute("DELETE FROM _migrations WHERE name = '006_versions'")
    old.db.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
    _undo_006(old.db.conn)
    old.close()
    store = Store(path)  # migrates
    states = {r["id"]: r for r in service.session_rulings(store, sid)}
    assert states[first]["standing"] and states[first]["kind"] == "amendment"
    assert states[second]["kind"] == "void" and not states[second]["standing"]
    assert states[rid]["replaced_by"] == first
    ledger = service.compute_ledger(store, store.session(sid))
    final = dict(zip(ledger.players, ledger.balances, strict=True))
    assert final == {p: SESSION_BALANCES[p] + AMENDED.get(p, 0) for p in PLAYERS}
    voided = [a for a in store.audit_log("session", sid) if a["action"] == "void ruling"]
    assert [a["detail"]["ruling"] for a in voided] == [second]
    page = create_app({"TESTING": True, "DATABASE": path}).test_client().get(f"/sessions/{sid}")
    assert page.status_code == 200 and "counted nowhere" in text_of(page)


def _undo_006(conn: sqlite3.Connection) -> None:
    """Take back migration 006's schema so that the store migrates the file again."""
    conn.execute("DROP TRIGGER sessions_edit_bump")
    conn.execute("DROP TABLE submissions")
    conn.execute("ALTER TABLE tournaments DROP COLUMN revision")


# -- the pages: forms carry their version and a one-time key -------------------------------
def _page_csrf(client: FlaskClient, path: str) -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', text_of(client.get(path)))
    assert match
    return match.group(1)


def _hidden(page: str, name: str, after: str = "") -> str:
    start = page.index(after) if after else 0
    match = re.search(rf'name="{name}" value="([^"]*)"', page[start:])
    assert match, name
    return match.group(1)


def test_a_stale_correction_form_comes_back_with_its_text_and_what_changed(
    client: FlaskClient, store: Store, tournament: Tournament, hand_id: int
) -> None:
    login(client, tournament.token)
    page = text_of(client.get(f"/hands/{hand_id}/correct"))
    version = _hidden(page, "version")
    assert version == f"hand-{hand_id}-r1"
    service.correct_hand(store, hand_id, CALLED_KING, "Carla", "wrong hand uploaded", "t")
    mine = REVOKE_TOUR.replace("[Dealer", "; Anna's copy\n[Dealer", 1)
    sent = form(
        client,
        f"/hands/{hand_id}/revisions",
        text=mine,
        author="Bruno",
        reason="my fix",
        version=version,
    )
    assert sent.status_code == 412
    body = html_text(sent)
    assert "revision 2 by Carla" in body and "wrong hand uploaded" in body
    assert "; Anna's copy" in html_text(sent)
    assert 'value="my fix"' in text_of(sent)
    assert _hidden(text_of(sent), "version") == f"hand-{hand_id}-r2"  # stored after a look
    assert [r["author"] for r in store.revisions(hand_id)] == [None, "Carla"]


def test_a_correction_sent_twice_is_stored_once(
    client: FlaskClient, store: Store, tournament: Tournament, hand_id: int
) -> None:
    login(client, tournament.token)
    fields = {"text": CALLED_KING, "author": "TD", "reason": "retyped", "version": ""}
    fields["version"] = f"hand-{hand_id}-r1"
    first = form(client, f"/hands/{hand_id}/revisions", **fields)
    second = form(client, f"/hands/{hand_id}/revisions", **fields)
    assert first.status_code == second.status_code == 302
    assert len(store.revisions(hand_id)) == 2


def test_a_stale_amendment_comes_back_open_with_its_amounts(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int, ruling_id: int
) -> None:
    login(client, tournament.token)
    page = text_of(client.get(f"/sessions/{session_id}"))
    version = _hidden(page, "version", f"rulings/{ruling_id}/amend")
    service.withdraw_ruling(store, session_id, ruling_id, "no revoke after all", "Carla", "t")
    sent = form(
        client,
        f"/sessions/{session_id}/rulings/{ruling_id}/amend",
        version=version,
        author="Bruno",
        reason="two each",
        **{"amount-0": "-2", "amount-1": "2", "amount-2": "0", "amount-3": "0"},
    )
    assert sent.status_code == 412
    body = text_of(sent)
    assert "already withdrawn" in body and "Carla" in body and "no revoke after all" in body
    # the ruling cannot be amended any more: its amounts come back in a new ruling's form
    assert 'value="two each"' in body and re.search(r'name="amount-0"[^>]*value="-2"', body)
    assert 'id="add-ruling" open' in body
    assert len(store.rulings(session_id)) == 2
    assert balances(client, session_id) == SESSION_BALANCES


def test_an_amendment_sent_twice_is_stored_once(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int, ruling_id: int
) -> None:
    login(client, tournament.token)
    fields = {
        "version": f"ruling-{ruling_id}-standing",
        "author": "TD",
        "reason": "one each",
        **{f"amount-{i}": str(AMENDED.get(p, 0)) for i, p in enumerate(PLAYERS)},
    }
    responses = [
        form(client, f"/sessions/{session_id}/rulings/{ruling_id}/amend", **fields)
        for _ in range(2)
    ]
    assert [r.status_code for r in responses] == [302, 302]
    assert [r["kind"] for r in store.rulings(session_id)] == [None, "amendment"]
    assert balances(client, session_id) == plus(AMENDED)


def test_create_forms_sent_twice_make_one_thing(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    login(client, tournament.token)
    key = _hidden(text_of(client.get(f"/sessions/{session_id}")), "form_key")
    ruling = {
        "form_key": key,
        "author": "TD",
        "reason": "revoke",
        **{f"amount-{i}": str(RULING[p]) for i, p in enumerate(PLAYERS)},
    }
    for _ in range(2):
        assert form(client, f"/sessions/{session_id}/rulings", **ruling).status_code == 302
    assert len(store.rulings(session_id)) == 1
    new = f"/tournaments/{tournament.id}/sessions/new"
    key = _hidden(text_of(client.get(f"{new}?game=nice4")), "form_key")
    seats = {f"player-{i}": p for i, p in enumerate(PLAYERS)}
    for _ in range(2):
        opened = form(client, new, form_key=key, game="nice4", name="Round 5", **seats)
        assert opened.status_code == 302
    assert [s["name"] for s in store.sessions(tournament.id)].count("Round 5") == 1
    tokens = f"/tournaments/{tournament.id}/tokens"
    key = _hidden(text_of(client.get(tokens)), "form_key")
    made = form(client, tokens, form_key=key, label="scorer")
    again = form(client, tokens, form_key=key, label="scorer")
    assert made.status_code == 201 and again.status_code == 200
    assert "already sent" in html_text(again)
    assert [t["label"] for t in store.tokens(tournament.id)].count("scorer") == 1


def test_a_refused_ruling_comes_back_as_typed(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    login(client, tournament.token)
    sent = form(
        client,
        f"/sessions/{session_id}/rulings",
        author="TD",
        reason="not zero",
        **{"amount-0": "3", "amount-1": "-1", "amount-2": "0", "amount-3": "0"},
    )
    assert sent.status_code == 422
    body = text_of(sent)
    assert "add up to zero" in body and 'value="not zero"' in body
    assert re.search(r'name="amount-0"[^>]*value="3"', body)
    assert store.rulings(session_id) == []


def test_privacy_and_session_forms_state_their_version(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    login(client, tournament.token)
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    version = _hidden(page, "version", "privacy")
    for _ in range(2):  # a double click: harmless
        sent = form(client, f"/tournaments/{tournament.id}/privacy", private="1", version=version)
        assert sent.status_code == 302
    assert store.tournament(tournament.id)["revision"] == 2
    stale = form(client, f"/tournaments/{tournament.id}/privacy", private="0", version=version)
    assert stale.status_code == 302 and store.tournament(tournament.id)["private"] == 1
    assert "Nothing changed" in html_text(client.get(f"/tournaments/{tournament.id}"))
    page = text_of(client.get(f"/sessions/{session_id}"))
    version = _hidden(page, "version", 'id="edit-session"')
    service.add_ruling(store, session_id, RULING, "revoke", "TD", None, "t")  # moves it on
    late = form(client, f"/sessions/{session_id}/edit", name="Final", table="", version=version)
    assert late.status_code == 412
    assert 'value="Final"' in text_of(late) and "ruling by" in html_text(late)
    assert store.session(session_id)["name"] == "Round 1"
    version = _hidden(text_of(late), "version", 'id="edit-session"')
    done = form(client, f"/sessions/{session_id}/edit", name="Final", table="", version=version)
    assert done.status_code == 302 and store.session(session_id)["name"] == "Final"


def html_text(response) -> str:
    return html.unescape(text_of(response))
