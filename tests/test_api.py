"""The JSON API of the tarocco service (issue 3), through Flask's test client.

Every endpoint under ``/api`` is exercised: verifying records, the rules, tournaments
(private ones too), sessions, uploads (single, bulk, duplicates, refused records), hands and
their revisions, director's rulings (NICE-18: zero-sum marca), ledgers, exports, standings,
the attention list and the append-only audit log; then the error shape, a fuzz of bad
requests (never a 500) and the OpenAPI document.

Records come from ``examples/``; their results are known (see the ``.expected.json`` files):

* ``called-king.txt``: clean; Anna -1, Bruno +1, Carla -1, Dario +1 (NICE-8, NICE-15).
* ``solo-sans-prendre.txt``: clean; Anna -2, Bruno +6, Carla -2, Dario -2.
* ``bagatte-ultimu.txt``: clean; Anna -3, Bruno +7, Carla -3, Dario -1.
* ``revoke.txt``: flagged (G-1, MUST_FOLLOW_SUIT in trick 6); scored as played.
* ``session.txt``: five hands of one table; final balances 5, 7, 11, 17 (NICE-18).
"""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from importlib.metadata import version
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from conftest import Tournament
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openapi_spec_validator import validate as validate_openapi
from sixkit import EXPECTED, SIX, six_sessions
from werkzeug.test import TestResponse

from records.notation import read
from records.schemas import RecordSchema
from records.store import Store
from scorer.games import GAMES, get_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


def example(name: str) -> str:
    """The text of ``examples/<game>/<name>.txt`` (game nice4 unless the name says)."""
    game, _, stem = name.rpartition("/")
    return (EXAMPLES / (game or "nice4") / f"{stem}.txt").read_text()


CALLED_KING = example("called-king")
SOLO_SANS_PRENDRE = example("solo-sans-prendre")
REVOKE = example("revoke")
SESSION = example("session")
SESSION_BALANCES = json.loads((EXAMPLES / "nice4" / "session.expected.json").read_text())["ledger"][
    "balances"
]
# called-king with trick 1 "7 9 9 11": Carla's 3 replaced by a second 9 (line 20, column 8).
DUPLICATE_CARD = CALLED_KING.replace("1. 7 9 3 11", "1. 7 9 9 11")
# called-king with an unreadable card in trick 1 (line 20, column 6): a notation error.
MALFORMED = CALLED_KING.replace("1. 7 9 3 11", "1. 7 ZZ 3 11")
# called-king without its deal and with an unknown card in the last trick: partial (G-2).
PARTIAL = "\n".join(
    line for line in CALLED_KING.splitlines() if not line.startswith("hand ")
).replace("19. AC 8 10D CC", "19. AC 8 ? CC")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def assert_error(response: TestResponse, status: int, code: str | None = None) -> dict:
    """The one error shape: ``code``, ``status`` (equal to the HTTP status) and ``message``."""
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert isinstance(body, dict), response.get_data(as_text=True)
    assert isinstance(body["code"], str) and body["code"]
    assert body["status"] == status
    assert isinstance(body["message"], str) and body["message"]
    if code is not None:
        assert body["code"] == code, body
    return body


def new_session(
    client: FlaskClient,
    tournament: Tournament,
    players: list[str] | None = None,
    game: str = "nice4",
    **extra: Any,
) -> int:
    response = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={"game": game, "players": players or PLAYERS, **extra},
        headers=tournament.headers,
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def upload(client: FlaskClient, tournament: Tournament, session_id: int, text: str) -> list[dict]:
    response = client.post(
        f"/api/sessions/{session_id}/hands", json={"text": text}, headers=tournament.headers
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["hands"]


def balances(client: FlaskClient, session_id: int) -> dict[str, int]:
    response = client.get(f"/api/sessions/{session_id}/ledger")
    assert response.status_code == 200
    return response.get_json()["balances"]


def hand_count(store: Store, session_id: int) -> int:
    """Hands and revisions stored, read behind the API's back."""
    return (
        store.db.execute(
            "select count(*) from hands where session_id = ?", [session_id]
        ).fetchone()[0]
        + store.db.execute(
            "select count(*) from revisions where session_id = ?", [session_id]
        ).fetchone()[0]
    )


def after(start: int, **amounts: int) -> dict[str, int]:
    """Balances from ``start`` each (NICE-18) after the given amounts."""
    return {p: start + amounts.get(p, 0) for p in PLAYERS}


@pytest.fixture
def session_id(client: FlaskClient, tournament: Tournament) -> int:
    """A nice4 session of the public tournament seating Anna, Bruno, Carla, Dario."""
    return new_session(client, tournament, name="Table 1")


@pytest.fixture
def hand(client: FlaskClient, tournament: Tournament, session_id: int) -> dict:
    """The upload result of called-king as the session's first hand (with its session)."""
    [result] = upload(client, tournament, session_id, CALLED_KING)
    return {**result, "session_id": session_id}


@pytest.fixture
def other(store: Store) -> Tournament:
    """A second (public) tournament with its own director token."""
    tid = store.create_tournament("Spring cup")
    return Tournament(tid, store.create_token(tid, "other director"))


@pytest.fixture
def private(store: Store) -> Tournament:
    """A private tournament and its director token."""
    tid = store.create_tournament("Closed cup", private=True)
    return Tournament(tid, store.create_token(tid, "closed director"))


# -- POST /api/verify ------------------------------------------------------------------------
def test_verify_clean_record(client: FlaskClient) -> None:
    """NICE-8/NICE-15: the called-king partnership wins 49 of 72; one marca each way."""
    response = client.post("/api/verify", json={"text": CALLED_KING})
    assert response.status_code == 200
    body = response.get_json()
    assert body["ledger"] is None  # one record: no ledger
    [checked] = body["records"]
    assert checked["line"] == 1
    report = checked["report"]
    assert report["status"] == "clean"
    assert report["findings"] == []
    assert report["settlement"] == {"Anna": -1, "Bruno": 1, "Carla": -1, "Dario": 1}
    assert sorted(s["total"] for s in report["sides"]) == [23, 49]


def test_verify_flags_a_revoke_with_its_place_G1(client: FlaskClient) -> None:
    """G-1: a failure to follow suit is flagged (with line, column, rule and the legal cards)
    and the hand is scored as played."""
    response = client.post("/api/verify", json={"text": REVOKE})
    assert response.status_code == 200
    report = response.get_json()["records"][0]["report"]
    assert report["status"] == "flagged"
    [finding] = report["findings"]
    assert finding["code"] == "MUST_FOLLOW_SUIT"
    assert finding["severity"] == "violation"
    assert finding["rule"] == "G-1"
    assert (finding["line"], finding["column"]) == (25, 10)
    assert (finding["trick"], finding["seat"], finding["cards"]) == (6, "Anna", ["1"])
    assert finding["legal"] == ["AD", "4D"]
    assert report["settlement"] == {"Anna": -1, "Bruno": -1, "Carla": 1, "Dario": 1}


def test_a_finding_carries_its_facts_and_the_key_of_its_sentence(client: FlaskClient) -> None:
    """#22.5: a finding's sentence is made from its facts, which the API gives by name with
    the template's key, so that a page can word it in another language without parsing the
    English message."""
    report = client.post("/api/verify", json={"text": REVOKE}).get_json()["records"][0]["report"]
    [finding] = report["findings"]
    assert finding["template"] == "MUST_FOLLOW_SUIT"
    assert finding["facts"] == {"led": 3}  # the suit led: coins (3), named by the reader
    english = get_game("nice4").templates[finding["template"]]
    assert "{led:suit}" in english and "{seat:player}" in english
    assert finding["message"].startswith("Anna played I (the Bagatto) but held coins")


def test_verify_duplicate_card_is_invalid(client: FlaskClient) -> None:
    response = client.post("/api/verify", json={"text": DUPLICATE_CARD})
    assert response.status_code == 200
    report = response.get_json()["records"][0]["report"]
    assert report["status"] == "invalid"
    codes = {(f["code"], f["line"], f["column"]) for f in report["findings"]}
    assert ("DUPLICATE_CARD", 20, 8) in codes


def test_verify_malformed_record_is_a_200_invalid_report_with_the_place(
    client: FlaskClient,
) -> None:
    """Verifying never stores, so a record that cannot be read is not a request error: the
    answer is 200 with an ``invalid`` report whose NOTATION findings give line and column."""
    response = client.post("/api/verify", json={"text": MALFORMED})
    assert response.status_code == 200
    report = response.get_json()["records"][0]["report"]
    assert report["status"] == "invalid"
    [finding] = report["findings"]
    assert finding["code"] == "NOTATION"
    assert "ZZ" in finding["message"]
    assert (finding["line"], finding["column"]) == (20, 6)


def test_verify_text_without_a_record(client: FlaskClient) -> None:
    response = client.post("/api/verify", json={"text": "just some words\n"})
    assert response.status_code == 200
    report = response.get_json()["records"][0]["report"]
    assert report["status"] == "invalid"
    assert report["findings"][0]["line"] == 1


def test_verify_options_override_the_record(client: FlaskClient) -> None:
    """Options are case-insensitive, and a known option with a known value is accepted."""
    response = client.post(
        "/api/verify", json={"text": CALLED_KING, "options": {"First-Lead": "Eldest"}}
    )
    assert response.status_code == 200
    assert response.get_json()["records"][0]["report"]["status"] == "clean"


@pytest.mark.parametrize("options", [{"no-such-option": "on"}, {"first-lead": "nobody"}])
def test_verify_bad_option_is_422(client: FlaskClient, options: dict) -> None:
    response = client.post("/api/verify", json={"text": CALLED_KING, "options": options})
    assert_error(response, 422, "BAD_OPTION")


def test_verify_body_that_is_not_json_is_400(client: FlaskClient) -> None:
    response = client.post("/api/verify", data="{not json", content_type="application/json")
    body = assert_error(response, 400, "BAD_REQUEST")
    assert body["errors"] == {"json": ["Invalid JSON body."]}


def test_verify_a_form_body_is_refused(client: FlaskClient) -> None:
    """A body that is neither JSON nor plain text (a multipart form) is not read: the
    ``text`` field is then missing. (Plain text is the records: tests/test_first_hour.py.)"""
    response = client.post(
        "/api/verify", data={"text": CALLED_KING}, content_type="multipart/form-data"
    )
    body = assert_error(response, 422)
    assert "text" in body["errors"]["json"]


def test_verify_missing_field_is_422_with_errors(client: FlaskClient) -> None:
    body = assert_error(
        client.post("/api/verify", json={"options": {}}), 422, "UNPROCESSABLE_ENTITY"
    )
    assert body["errors"] == {"json": {"text": ["Missing data for required field."]}}


def test_verify_oversized_body_is_413(client: FlaskClient, app: Flask) -> None:
    size = app.config["MAX_CONTENT_LENGTH"] + 1
    response = client.post("/api/verify", data=b"x" * size, content_type="application/json")
    assert_error(response, 413, "REQUEST_ENTITY_TOO_LARGE")


def test_verify_several_records_give_a_ledger_NICE18(client: FlaskClient) -> None:
    response = client.post("/api/verify", json={"text": SESSION})
    assert response.status_code == 200
    body = response.get_json()
    assert [r["report"]["status"] for r in body["records"]] == [
        "clean",
        "thrown-in",
        "clean",
        "clean",
        "clean",
    ]
    lines = [r["line"] for r in body["records"]]
    assert lines[0] == 1 and lines == sorted(lines)
    ledger = body["ledger"]
    assert ledger["start"] == 10
    assert [row["hand"] for row in ledger["rows"]] == [1, 2, 3, 4, 5]
    assert ledger["rows"][0]["balances"] == {"Anna": 9, "Bruno": 9, "Carla": 11, "Dario": 11}
    assert ledger["balances"] == SESSION_BALANCES


# -- rules --------------------------------------------------------------------------------
def test_rules_list_every_game(client: FlaskClient) -> None:
    response = client.get("/api/rules")
    assert response.status_code == 200
    games = response.get_json()
    assert [g["key"] for g in games] == list(GAMES)
    for game in games:
        assert game["players"] == GAMES[game["key"]].num_players
        assert game["rulings"] and all(r["id"] and r["title"] for r in game["rulings"])
        for option in game["options"]:
            assert option["default"] in option["values"]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_rules_of_one_game(client: FlaskClient, key: str) -> None:
    response = client.get(f"/api/rules/{key}")
    assert response.status_code == 200
    body = response.get_json()
    assert body["key"] == key
    assert body == next(g for g in client.get("/api/rules").get_json() if g["key"] == key)
    assert {o["name"] for o in body["options"]} == {o.name for o in GAMES[key].options}


def test_rules_of_an_unknown_game_is_404(client: FlaskClient) -> None:
    body = assert_error(client.get("/api/rules/tarocchino"), 404, "UNKNOWN_GAME")
    assert "nice4" in body["message"]


# -- tournaments --------------------------------------------------------------------------
def test_tournament_listing_hides_private_ones_except_from_their_director(
    client: FlaskClient, tournament: Tournament, other: Tournament, private: Tournament
) -> None:
    def listed(headers: dict | None = None) -> set[int]:
        response = client.get("/api/tournaments", headers=headers or {})
        assert response.status_code == 200
        return {t["id"] for t in response.get_json()}

    public = {tournament.id, other.id}
    assert listed() == public
    assert listed(other.headers) == public
    assert listed(bearer("tar_not-a-token")) == public
    assert listed(private.headers) == public | {private.id}


def test_get_tournament(client: FlaskClient, tournament: Tournament) -> None:
    response = client.get(f"/api/tournaments/{tournament.id}")
    assert response.status_code == 200
    body = response.get_json()
    assert body["id"] == tournament.id
    assert body["name"] == "Autumn cup"
    assert body["private"] is False
    assert_error(client.get("/api/tournaments/999"), 404, "NOT_FOUND")


def test_private_tournament_needs_its_token_to_read(
    client: FlaskClient, private: Tournament, other: Tournament
) -> None:
    """#21.18: without its token a private tournament is answered as a missing one is."""
    url = f"/api/tournaments/{private.id}"
    hidden = {"code": "NOT_FOUND", "status": 404, "message": f"no tournament {private.id}"}
    assert assert_error(client.get(url), 404) == hidden
    assert assert_error(client.get(url, headers=bearer("tar_wrong")), 404) == hidden
    assert assert_error(client.get(url, headers=other.headers), 404) == hidden
    missing = private.id + 100
    assert assert_error(client.get(f"/api/tournaments/{missing}"), 404) == {
        **hidden,
        "message": f"no tournament {missing}",
    }
    response = client.get(url, headers=private.headers)
    assert response.status_code == 200
    assert response.get_json()["private"] is True


def test_patch_private_needs_the_tournaments_token(
    client: FlaskClient, tournament: Tournament, other: Tournament
) -> None:
    url = f"/api/tournaments/{tournament.id}"
    body = {"private": True}
    assert_error(client.patch(url, json=body), 401, "TOKEN_REQUIRED")
    assert_error(client.patch(url, json=body, headers=bearer("tar_wrong")), 401, "BAD_TOKEN")
    assert_error(
        client.patch(url, json=body, headers={"Authorization": "Basic xyz"}), 401, "TOKEN_REQUIRED"
    )
    assert_error(client.patch(url, json=body, headers=other.headers), 403, "WRONG_TOURNAMENT")
    assert client.get(url).get_json()["private"] is False  # nothing changed

    response = client.patch(url, json=body, headers=tournament.headers)
    assert response.status_code == 200
    assert response.get_json()["private"] is True
    assert_error(client.get(url), 404, "NOT_FOUND")
    assert tournament.id not in {t["id"] for t in client.get("/api/tournaments").get_json()}

    response = client.patch(url, json={"private": False}, headers=tournament.headers)
    assert response.get_json()["private"] is False
    assert client.get(url).status_code == 200


def test_patch_tournament_validates_its_body(client: FlaskClient, tournament: Tournament) -> None:
    url = f"/api/tournaments/{tournament.id}"
    body = assert_error(client.patch(url, json={}, headers=tournament.headers), 422)
    assert "private" in body["errors"]["json"]
    assert_error(client.patch(url, json={"private": "maybe"}, headers=tournament.headers), 422)


# -- sessions -----------------------------------------------------------------------------
def test_create_list_and_get_sessions(client: FlaskClient, tournament: Tournament) -> None:
    response = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={
            "game": "nice4",
            "players": PLAYERS,
            "name": "Table 1",
            "options": {"First-Lead": "Declarer"},
        },
        headers=tournament.headers,
    )
    assert response.status_code == 201
    created = response.get_json()
    assert created["tournament_id"] == tournament.id
    assert created["game"] == "nice4"
    assert created["players"] == PLAYERS
    assert created["name"] == "Table 1"
    assert created["options"] == {"first-lead": "declarer"}

    three = new_session(client, tournament, ["Anna", "Bruno", "Carla"], game="nice3")
    response = client.get(f"/api/tournaments/{tournament.id}/sessions")
    assert response.status_code == 200
    assert [s["id"] for s in response.get_json()] == [created["id"], three]

    response = client.get(f"/api/sessions/{created['id']}")
    assert response.status_code == 200
    detail = response.get_json()
    assert detail.pop("result") == {
        "unit": "marca",
        "hands": 0,
        "balances": dict.fromkeys(PLAYERS, 10),
        "games": [],
    }
    assert detail == created


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "tarocchino", "players": PLAYERS}, "UNKNOWN_GAME"),
        ({"game": "nice4", "players": PLAYERS[:3]}, "BAD_PLAYERS"),
        ({"game": "nice3", "players": PLAYERS}, "BAD_PLAYERS"),
        ({"game": "nice4", "players": ["Anna", "anna", "Carla", "Dario"]}, "BAD_PLAYERS"),
        ({"game": "nice4", "players": ["Anna", "Anna ", "Carla", "Dario"]}, "BAD_PLAYERS"),
        ({"game": "nice4", "players": ["Anna", "  ", "Carla", "Dario"]}, "BAD_PLAYERS"),
        ({"game": "nice4", "players": ["Anna, Bruno", "Carla", "Dario", "Ezio"]}, "BAD_PLAYERS"),
        ({"game": "nice4", "players": PLAYERS, "options": {"bogus": "on"}}, "BAD_OPTION"),
        ({"game": "nice4", "players": PLAYERS, "options": {"first-lead": "nobody"}}, "BAD_OPTION"),
        ({"game": "nice4"}, "UNPROCESSABLE_ENTITY"),
        ({"game": "nice4", "players": "Anna Bruno Carla Dario"}, "UNPROCESSABLE_ENTITY"),
    ],
)
def test_create_session_refuses_bad_input_with_a_code(
    client: FlaskClient, store: Store, tournament: Tournament, body: dict, code: str
) -> None:
    response = client.post(
        f"/api/tournaments/{tournament.id}/sessions", json=body, headers=tournament.headers
    )
    assert_error(response, 422, code)
    assert store.sessions(tournament.id) == []


def test_create_session_needs_the_tournaments_token(
    client: FlaskClient, store: Store, tournament: Tournament, other: Tournament
) -> None:
    url = f"/api/tournaments/{tournament.id}/sessions"
    body = {"game": "nice4", "players": PLAYERS}
    assert_error(client.post(url, json=body), 401, "TOKEN_REQUIRED")
    assert_error(client.post(url, json=body, headers=other.headers), 403, "WRONG_TOURNAMENT")
    assert store.sessions(tournament.id) == []


def test_session_404s(client: FlaskClient, tournament: Tournament) -> None:
    for url in [
        "/api/sessions/999",
        "/api/sessions/999/hands",
        "/api/sessions/999/ledger",
        "/api/sessions/999/rulings",
        "/api/sessions/999/export",
        "/api/tournaments/999/sessions",
        "/api/tournaments/999/standings",
        "/api/tournaments/999/attention",
    ]:
        assert_error(client.get(url), 404, "NOT_FOUND")
    assert_error(
        client.post(
            "/api/tournaments/999/sessions",
            json={"game": "nice4", "players": PLAYERS},
            headers=tournament.headers,
        ),
        404,
        "NOT_FOUND",
    )
    assert_error(
        client.post(
            "/api/sessions/999/hands", json={"text": CALLED_KING}, headers=tournament.headers
        ),
        404,
        "NOT_FOUND",
    )


# -- uploads ------------------------------------------------------------------------------
def test_upload_one_record(client: FlaskClient, tournament: Tournament, session_id: int) -> None:
    [result] = upload(client, tournament, session_id, CALLED_KING)
    assert result["position"] == 1
    assert result["status"] == "clean"
    assert result["duplicate"] is False
    assert result["findings"] == []
    response = client.get(f"/api/sessions/{session_id}/hands")
    assert response.status_code == 200
    [row] = response.get_json()
    assert (row["id"], row["position"], row["revision"], row["status"]) == (
        result["hand_id"],
        1,
        1,
        "clean",
    )


def test_bulk_upload_keeps_the_order(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    results = upload(client, tournament, session_id, SESSION)
    assert [r["position"] for r in results] == [1, 2, 3, 4, 5]
    assert [r["status"] for r in results] == ["clean", "thrown-in", "clean", "clean", "clean"]
    assert not any(r["duplicate"] for r in results)
    listed = client.get(f"/api/sessions/{session_id}/hands").get_json()
    assert [h["id"] for h in listed] == [r["hand_id"] for r in results]
    # a later upload goes to the end
    [more] = upload(client, tournament, session_id, CALLED_KING)
    assert more["position"] == 6


def test_duplicate_upload_is_stored_once(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    [first] = upload(client, tournament, session_id, CALLED_KING)
    stored = hand_count(store, session_id)
    # the same record again, even with other comments and spacing, is the same hand
    again = CALLED_KING.replace("; called-king.txt", "; typed in again:").replace(
        "1. 7 9 3 11", "1.   7  9 3   11"
    )
    [second] = upload(client, tournament, session_id, again)
    assert second["duplicate"] is True
    assert (second["hand_id"], second["position"]) == (first["hand_id"], first["position"])
    assert hand_count(store, session_id) == stored
    # in a bulk upload: the new record is stored, the known one is not, and a record twice
    # in the same upload is stored once
    results = upload(
        client, tournament, session_id, f"{SOLO_SANS_PRENDRE}\n{CALLED_KING}\n{SOLO_SANS_PRENDRE}"
    )
    assert [r["duplicate"] for r in results] == [False, True, True]
    assert results[1]["hand_id"] == first["hand_id"]
    assert results[2]["hand_id"] == results[0]["hand_id"]
    assert len(client.get(f"/api/sessions/{session_id}/hands").get_json()) == 2


def test_malformed_record_stores_nothing(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    upload(client, tournament, session_id, CALLED_KING)
    before = hand_count(store, session_id)
    audit_before = len(store.audit_log())
    # a good record first and the malformed one second: the whole upload is refused
    text = f"{SOLO_SANS_PRENDRE}\n{MALFORMED}"
    response = client.post(
        f"/api/sessions/{session_id}/hands", json={"text": text}, headers=tournament.headers
    )
    body = assert_error(response, 422, "MALFORMED_RECORD")
    [finding] = body["findings"]
    assert finding["code"] == "NOTATION"
    # the place is in the uploaded text
    bad_line = next(n for n, line in enumerate(text.splitlines(), 1) if "ZZ" in line)
    assert (finding["line"], finding["column"]) == (bad_line, 6)
    assert hand_count(store, session_id) == before
    assert len(store.audit_log()) == audit_before


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (example("nice3/plain"), "WRONG_GAME"),
        (CALLED_KING.replace("Carla, Dario", "Dario, Carla"), "WRONG_PLAYERS"),
        (
            CALLED_KING.replace("Anna, Bruno", "Anna, Beppe").replace("Bruno", "Beppe"),
            "WRONG_PLAYERS",
        ),
        ('[Game "nice4"]\n', "MALFORMED_RECORD"),
    ],
)
def test_upload_of_another_table_is_refused(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int, text: str, code: str
) -> None:
    assert_error(
        client.post(
            f"/api/sessions/{session_id}/hands",
            json={"text": f"{CALLED_KING}\n{text}"},
            headers=tournament.headers,
        ),
        422,
        code,
    )
    assert hand_count(store, session_id) == 0


def test_upload_needs_a_valid_token_of_the_tournament(
    client: FlaskClient, store: Store, tournament: Tournament, other: Tournament, session_id: int
) -> None:
    url = f"/api/sessions/{session_id}/hands"
    body = {"text": CALLED_KING}
    assert_error(client.post(url, json=body), 401, "TOKEN_REQUIRED")
    assert_error(client.post(url, json=body, headers=bearer("tar_nope")), 401, "BAD_TOKEN")
    assert_error(client.post(url, json=body, headers=other.headers), 403, "WRONG_TOURNAMENT")
    # a revoked token no longer works
    second = store.create_token(tournament.id, "assistant")
    assert client.post(url, json=body, headers=bearer(second)).status_code == 201
    store.revoke_token(store.token_row(second)["id"])
    assert_error(
        client.post(url, json={"text": SOLO_SANS_PRENDRE}, headers=bearer(second)), 401, "BAD_TOKEN"
    )
    assert hand_count(store, session_id) == 2  # the one upload that was allowed


def test_too_many_records_in_one_upload_is_413(
    client: FlaskClient,
    store: Store,
    tournament: Tournament,
    session_id: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("records.service.MAX_RECORDS_PER_UPLOAD", 2)
    assert_error(
        client.post(
            f"/api/sessions/{session_id}/hands", json={"text": SESSION}, headers=tournament.headers
        ),
        413,
        "TOO_MANY_RECORDS",
    )
    assert hand_count(store, session_id) == 0


def test_invalid_but_readable_record_is_stored_for_the_director(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    """An impossible record (a card twice) can be read, so it is kept, marked invalid, with
    its findings; it pays nothing in the ledger."""
    [result] = upload(client, tournament, session_id, DUPLICATE_CARD)
    assert result["status"] == "invalid"
    assert "DUPLICATE_CARD" in {f["code"] for f in result["findings"]}
    row = client.get(f"/api/sessions/{session_id}/ledger").get_json()["rows"][0]
    assert row["status"] == "invalid"
    assert set(row["amounts"].values()) == {0}


# -- hands and revisions ------------------------------------------------------------------
def test_hand_report(client: FlaskClient, tournament: Tournament, session_id: int) -> None:
    [result] = upload(client, tournament, session_id, REVOKE)
    response = client.get(f"/api/hands/{result['hand_id']}")
    assert response.status_code == 200
    hand = response.get_json()
    assert (hand["id"], hand["session_id"], hand["position"], hand["revision"]) == (
        result["hand_id"],
        session_id,
        1,
        1,
    )
    assert hand["status"] == "flagged"
    assert hand["original_text"] == REVOKE  # the text as uploaded is the source of truth
    assert [r.record for r in read(hand["canonical_text"])] == [r.record for r in read(REVOKE)]
    [finding] = hand["report"]["findings"]
    assert (finding["code"], finding["line"], finding["column"]) == ("MUST_FOLLOW_SUIT", 25, 10)
    assert len(hand["content_hash"]) == 64
    assert_error(client.get("/api/hands/999"), 404, "NOT_FOUND")
    assert_error(client.get("/api/hands/999/revisions"), 404, "NOT_FOUND")
    assert_error(client.get("/api/hands/999/export"), 404, "NOT_FOUND")


def test_finding_lines_point_into_the_stored_text(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    """In a bulk upload the second record's findings are placed in its own kept text."""
    _, result = upload(client, tournament, session_id, f"{CALLED_KING}\n{REVOKE}")
    hand = client.get(f"/api/hands/{result['hand_id']}").get_json()
    [finding] = hand["report"]["findings"]
    line = hand["original_text"].splitlines()[finding["line"] - 1]
    assert line.startswith("6. ")


def test_correction_makes_revision_2_and_moves_the_ledger(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    [hand] = upload(client, tournament, session_id, CALLED_KING)
    upload(client, tournament, session_id, REVOKE)
    hand_id = hand["hand_id"]
    # called-king (-1 +1 -1 +1) then revoke (-1 -1 +1 +1)
    assert balances(client, session_id) == after(10, Anna=-2, Bruno=0, Carla=0, Dario=2)

    response = client.post(
        f"/api/hands/{hand_id}/revisions",
        json={
            "text": SOLO_SANS_PRENDRE,
            "author": "Chief TD",
            "reason": "the scorer typed the wrong hand",
        },
        headers=tournament.headers,
    )
    assert response.status_code == 201
    body = response.get_json()
    assert body["revision"] == 2
    assert body["hand"]["hand_id"] == hand_id and body["hand"]["position"] == 1
    assert body["hand"]["status"] == "clean"

    revisions = client.get(f"/api/hands/{hand_id}/revisions").get_json()
    assert [r["number"] for r in revisions] == [1, 2]
    assert revisions[0]["original_text"] == CALLED_KING
    assert (revisions[0]["author"], revisions[0]["reason"]) == (None, None)
    assert revisions[1]["original_text"] == SOLO_SANS_PRENDRE
    assert revisions[1]["author"] == "Chief TD"
    assert revisions[1]["reason"] == "the scorer typed the wrong hand"
    assert revisions[0]["content_hash"] != revisions[1]["content_hash"]

    current = client.get(f"/api/hands/{hand_id}").get_json()
    assert current["revision"] == 2
    assert current["original_text"] == SOLO_SANS_PRENDRE
    assert current["report"]["settlement"] == {"Anna": -2, "Bruno": 6, "Carla": -2, "Dario": -2}
    assert len(client.get(f"/api/sessions/{session_id}/hands").get_json()) == 2
    # solo-sans-prendre (-2 +6 -2 -2) then revoke (-1 -1 +1 +1)
    assert balances(client, session_id) == after(10, Anna=-3, Bruno=5, Carla=-1, Dario=-1)
    ledger = client.get(f"/api/sessions/{session_id}/ledger").get_json()
    assert ledger["rows"][0]["amounts"] == {"Anna": -2, "Bruno": 6, "Carla": -2, "Dario": -2}
    # a correction makes the old content uploadable again as a new hand
    [again] = upload(client, tournament, session_id, CALLED_KING)
    assert again["duplicate"] is False and again["position"] == 3


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"text": SOLO_SANS_PRENDRE}, "UNPROCESSABLE_ENTITY"),
        ({"text": SOLO_SANS_PRENDRE, "author": "TD"}, "UNPROCESSABLE_ENTITY"),
        ({"text": SOLO_SANS_PRENDRE, "reason": "typo"}, "UNPROCESSABLE_ENTITY"),
        ({"text": SOLO_SANS_PRENDRE, "author": "", "reason": "typo"}, "UNPROCESSABLE_ENTITY"),
        ({"text": SOLO_SANS_PRENDRE, "author": "  ", "reason": "typo"}, "MISSING_REASON"),
        ({"text": SOLO_SANS_PRENDRE, "author": "TD", "reason": "\n"}, "MISSING_REASON"),
        ({"text": MALFORMED, "author": "TD", "reason": "typo"}, "MALFORMED_RECORD"),
        (
            {"text": f"{SOLO_SANS_PRENDRE}\n{REVOKE}", "author": "TD", "reason": "typo"},
            "ONE_RECORD",
        ),
        ({"text": example("nice3/plain"), "author": "TD", "reason": "typo"}, "WRONG_GAME"),
    ],
)
def test_correction_is_refused(
    client: FlaskClient, tournament: Tournament, session_id: int, body: dict, code: str
) -> None:
    [hand] = upload(client, tournament, session_id, CALLED_KING)
    url = f"/api/hands/{hand['hand_id']}/revisions"
    assert_error(client.post(url, json=body, headers=tournament.headers), 422, code)
    assert len(client.get(url).get_json()) == 1


def test_correction_needs_the_tournaments_token(
    client: FlaskClient, tournament: Tournament, other: Tournament, session_id: int
) -> None:
    [hand] = upload(client, tournament, session_id, CALLED_KING)
    url = f"/api/hands/{hand['hand_id']}/revisions"
    body = {"text": SOLO_SANS_PRENDRE, "author": "TD", "reason": "typo"}
    assert_error(client.post(url, json=body), 401, "TOKEN_REQUIRED")
    assert_error(client.post(url, json=body, headers=other.headers), 403, "WRONG_TOURNAMENT")
    assert_error(
        client.post("/api/hands/999/revisions", json=body, headers=tournament.headers),
        404,
        "NOT_FOUND",
    )
    assert len(client.get(url).get_json()) == 1


# -- rulings ------------------------------------------------------------------------------
def test_ruling_is_its_own_ledger_row_NICE18(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    [first] = upload(client, tournament, session_id, CALLED_KING)
    assert balances(client, session_id) == after(10, Anna=-1, Bruno=1, Carla=-1, Dario=1)
    response = client.post(
        f"/api/sessions/{session_id}/rulings",
        json={
            "amounts": {"Anna": 2, "Dario": -2},
            "reason": "Dario looked at the mountain",
            "author": "Chief TD",
            "hand_id": first["hand_id"],
        },
        headers=tournament.headers,
    )
    assert response.status_code == 201
    ruling = response.get_json()
    assert ruling["session_id"] == session_id
    assert ruling["hand_id"] == first["hand_id"]
    assert ruling["amounts"] == {"Anna": 2, "Dario": -2}
    assert (ruling["reason"], ruling["author"]) == ("Dario looked at the mountain", "Chief TD")
    assert client.get(f"/api/sessions/{session_id}/rulings").get_json() == [ruling]

    upload(client, tournament, session_id, SOLO_SANS_PRENDRE)
    ledger = client.get(f"/api/sessions/{session_id}/ledger").get_json()
    # the ruling follows the hand it names, before the next hand
    assert [(r["kind"], r["hand"]) for r in ledger["rows"]] == [
        ("hand", 1),
        ("ruling", 1),
        ("hand", 2),
    ]
    row = ledger["rows"][1]
    assert row["status"] is None
    assert row["amounts"] == {"Anna": 2, "Bruno": 0, "Carla": 0, "Dario": -2}
    assert row["balances"] == after(10, Anna=1, Bruno=1, Carla=-1, Dario=-1)
    assert "Dario looked at the mountain" in row["note"]
    assert ledger["balances"] == after(10, Anna=-1, Bruno=7, Carla=-3, Dario=-3)
    assert sum(ledger["balances"].values()) + ledger["pot"] == 40


def test_ruling_without_a_hand_comes_at_the_end(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    upload(client, tournament, session_id, CALLED_KING)
    response = client.post(
        f"/api/sessions/{session_id}/rulings",
        json={"amounts": {"Bruno": -3, "Carla": 3}, "reason": "slow play", "author": "TD"},
        headers=tournament.headers,
    )
    assert response.status_code == 201
    assert response.get_json()["hand_id"] is None
    rows = client.get(f"/api/sessions/{session_id}/ledger").get_json()["rows"]
    assert [r["kind"] for r in rows] == ["hand", "ruling"]
    assert rows[-1]["balances"] == after(10, Anna=-1, Bruno=-2, Carla=2, Dario=1)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"amounts": {"Anna": 2, "Bruno": -1}}, "NOT_ZERO_SUM"),
        ({"amounts": {"Anna": 1}}, "NOT_ZERO_SUM"),
        ({"amounts": {"Anna": 1, "Ezio": -1}}, "UNKNOWN_PLAYER"),
        ({"amounts": {"anna": 1, "Bruno": -1}}, "UNKNOWN_PLAYER"),
        ({"amounts": {"Anna": 1.5, "Bruno": -1.5}}, "UNPROCESSABLE_ENTITY"),
        ({"amounts": {"Anna": "1", "Bruno": "-1"}}, "UNPROCESSABLE_ENTITY"),
        ({"amounts": [1, -1]}, "UNPROCESSABLE_ENTITY"),
        ({"amounts": {"Anna": 1, "Bruno": -1}, "reason": " "}, "MISSING_REASON"),
        ({"amounts": {"Anna": 1, "Bruno": -1}, "reason": ""}, "UNPROCESSABLE_ENTITY"),
        ({"amounts": {"Anna": 1, "Bruno": -1}, "author": ""}, "UNPROCESSABLE_ENTITY"),
        ({"amounts": {"Anna": 1, "Bruno": -1}, "hand_id": 999}, "NOT_FOUND"),
        ({"amounts": {"Anna": 1, "Bruno": -1}, "hand_id": 1.5}, "UNPROCESSABLE_ENTITY"),
    ],
)
def test_ruling_is_refused(
    client: FlaskClient, tournament: Tournament, session_id: int, body: dict, code: str
) -> None:
    upload(client, tournament, session_id, CALLED_KING)
    full = {"reason": "a reason", "author": "TD", **body}
    status = 404 if code == "NOT_FOUND" else 422
    assert_error(
        client.post(f"/api/sessions/{session_id}/rulings", json=full, headers=tournament.headers),
        status,
        code,
    )
    assert client.get(f"/api/sessions/{session_id}/rulings").get_json() == []


def test_ruling_on_a_hand_of_another_session_is_refused(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    second = new_session(client, tournament)
    [theirs] = upload(client, tournament, second, CALLED_KING)
    response = client.post(
        f"/api/sessions/{session_id}/rulings",
        json={
            "amounts": {"Anna": 1, "Bruno": -1},
            "reason": "r",
            "author": "TD",
            "hand_id": theirs["hand_id"],
        },
        headers=tournament.headers,
    )
    assert_error(response, 422, "WRONG_HAND")


def test_ruling_needs_the_tournaments_token(
    client: FlaskClient, tournament: Tournament, other: Tournament, session_id: int
) -> None:
    url = f"/api/sessions/{session_id}/rulings"
    body = {"amounts": {"Anna": 1, "Bruno": -1}, "reason": "r", "author": "TD"}
    assert_error(client.post(url, json=body), 401, "TOKEN_REQUIRED")
    assert_error(client.post(url, json=body, headers=other.headers), 403, "WRONG_TOURNAMENT")
    assert client.get(url).get_json() == []


# -- ledger and exports -------------------------------------------------------------------
def test_ledger_json_and_csv(client: FlaskClient, tournament: Tournament, session_id: int) -> None:
    upload(client, tournament, session_id, SESSION)
    client.post(
        f"/api/sessions/{session_id}/rulings",
        json={"amounts": {"Anna": 1, "Dario": -1}, "reason": "a ruling", "author": "TD"},
        headers=tournament.headers,
    )
    ledger = client.get(f"/api/sessions/{session_id}/ledger?format=json").get_json()
    assert ledger["players"] == PLAYERS
    assert (ledger["game"], ledger["unit"], ledger["start"]) == ("nice4", "marca", 10)
    assert [r["kind"] for r in ledger["rows"]] == ["hand"] * 5 + ["ruling"]
    assert ledger["rows"][4]["balances"] == SESSION_BALANCES
    assert ledger["balances"] == {
        **SESSION_BALANCES,
        "Anna": SESSION_BALANCES["Anna"] + 1,
        "Dario": SESSION_BALANCES["Dario"] - 1,
    }
    assert ledger == client.get(f"/api/sessions/{session_id}/ledger").get_json()

    response = client.get(f"/api/sessions/{session_id}/ledger?format=csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert list(rows[0]) == [
        "entry",
        "hand",
        "status",
        *(f"{p} marca" for p in PLAYERS),
        *(f"{p} balance" for p in PLAYERS),
        "abeyance",
        "note",
    ]
    assert [r["entry"] for r in rows] == ["1", "2", "3", "4", "5", "6"]
    assert [r["status"] for r in rows] == [
        "clean",
        "thrown-in",
        "clean",
        "clean",
        "clean",
        "ruling",
    ]
    for row, json_row in zip(rows, ledger["rows"], strict=True):
        assert {p: int(row[f"{p} balance"]) for p in PLAYERS} == json_row["balances"]
        assert {p: int(row[f"{p} marca"]) for p in PLAYERS} == json_row["amounts"]
        assert int(row["abeyance"]) == json_row["pot"]
        assert row["note"] == json_row["note"]


def test_nice3_ledger_carries_the_abeyance_NICE17(
    client: FlaskClient, tournament: Tournament
) -> None:
    """Three players: hand 1 leaves 2 marca in abeyance (a pot in the ledger), which the
    next sole top scorer collects."""
    expected = json.loads((EXAMPLES / "nice3" / "session.expected.json").read_text())["ledger"]
    sid = new_session(client, tournament, PLAYERS[:3], game="nice3")
    upload(client, tournament, sid, example("nice3/session"))
    ledger = client.get(f"/api/sessions/{sid}/ledger").get_json()
    assert ledger["rows"][0]["pot"] == 2
    assert (ledger["balances"], ledger["pot"]) == (expected["balances"], expected["pot"])
    assert all(sum(r["balances"].values()) + r["pot"] == 30 for r in ledger["rows"])


def test_ledger_of_an_empty_session(client: FlaskClient, session_id: int) -> None:
    ledger = client.get(f"/api/sessions/{session_id}/ledger").get_json()
    assert ledger["rows"] == []
    assert ledger["balances"] == after(10)


@pytest.mark.parametrize(
    ("url", "fmt", "status"),
    [
        ("/api/sessions/{sid}/ledger", "notation", 400),
        ("/api/sessions/{sid}/ledger", "xml", 422),
        ("/api/sessions/{sid}/export", "pdf", 422),
        ("/api/hands/{hid}/export", "csv", 400),
        ("/api/tournaments/{tid}/standings", "notation", 400),
    ],
)
def test_formats_not_offered(
    client: FlaskClient, tournament: Tournament, session_id: int, url: str, fmt: str, status: int
) -> None:
    [hand] = upload(client, tournament, session_id, CALLED_KING)
    url = url.format(sid=session_id, hid=hand["hand_id"], tid=tournament.id)
    assert_error(
        client.get(f"{url}?format={fmt}"),
        status,
        "BAD_FORMAT" if status == 400 else "UNPROCESSABLE_ENTITY",
    )


def test_session_export_notation_json_csv(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    upload(client, tournament, session_id, SESSION)
    originals = [parsed.record for parsed in read(SESSION)]

    response = client.get(f"/api/sessions/{session_id}/export?format=notation")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    parsed = read(response.get_data(as_text=True))
    assert all(p.ok for p in parsed)
    assert [p.record for p in parsed] == originals

    response = client.get(f"/api/sessions/{session_id}/export")
    data = response.get_json()
    assert data == client.get(f"/api/sessions/{session_id}/export?format=json").get_json()
    assert [RecordSchema().load(r) for r in data["records"]] == originals
    assert data["ledger"]["balances"] == SESSION_BALANCES

    response = client.get(f"/api/sessions/{session_id}/export?format=csv")
    assert response.mimetype == "text/csv"
    assert (
        response.get_data()
        == client.get(f"/api/sessions/{session_id}/ledger?format=csv").get_data()
    )


def test_hand_export(client: FlaskClient, tournament: Tournament, session_id: int) -> None:
    [hand] = upload(client, tournament, session_id, REVOKE)
    [original] = [p.record for p in read(REVOKE)]
    response = client.get(f"/api/hands/{hand['hand_id']}/export?format=notation")
    assert response.status_code == 200
    assert [p.record for p in read(response.get_data(as_text=True))] == [original]
    response = client.get(f"/api/hands/{hand['hand_id']}/export")
    assert RecordSchema().load(response.get_json()) == original


# -- standings, attention, audit ----------------------------------------------------------
def standings_rows(client: FlaskClient, tournament: Tournament, game: str = "nice4") -> list:
    response = client.get(f"/api/tournaments/{tournament.id}/standings")
    assert response.status_code == 200
    return response.get_json()["games"][game]["rows"]


def test_standings_rank_ties_with_equals(client: FlaskClient, tournament: Tournament) -> None:
    """Two sessions: bagatte-ultimu (-3 +7 -3 -1) and called-king (-1 +1 -1 +1): Bruno +8,
    Dario 0, Anna and Carla -4 each, level in third place ("3=")."""
    upload(client, tournament, new_session(client, tournament), example("bagatte-ultimu"))
    upload(client, tournament, new_session(client, tournament), CALLED_KING)
    body = client.get(f"/api/tournaments/{tournament.id}/standings").get_json()
    assert list(body["games"]) == ["nice4"]
    assert body["games"]["nice4"]["unit"] == "marca"
    rows = body["games"]["nice4"]["rows"]
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == [
        ("1", "Bruno", 8),
        ("2", "Dario", 0),
        ("3=", "Anna", -4),
        ("3=", "Carla", -4),
    ]
    assert all((r["sessions"], r["hands"], r["games"]) == (2, 2, None) for r in rows)

    response = client.get(f"/api/tournaments/{tournament.id}/standings?format=csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    table = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert list(table[0]) == [
        "game",
        "unit",
        "rank",
        "player",
        "total",
        "sessions",
        "hands",
        "games",
        "drawn",
    ]
    assert [(r["game"], r["unit"], r["rank"], r["player"], int(r["total"])) for r in table] == [
        ("nice4", "marca", r["rank"], r["player"], r["total"]) for r in rows
    ]


def test_standings_tie_at_the_top_and_rulings_count(
    client: FlaskClient, tournament: Tournament
) -> None:
    sid = new_session(client, tournament)
    upload(client, tournament, sid, CALLED_KING)
    ranks = [(r["rank"], r["player"]) for r in standings_rows(client, tournament)]
    assert ranks == [("1=", "Bruno"), ("1=", "Dario"), ("3=", "Anna"), ("3=", "Carla")]
    client.post(
        f"/api/sessions/{sid}/rulings",
        json={"amounts": {"Dario": -1, "Anna": 1}, "reason": "r", "author": "TD"},
        headers=tournament.headers,
    )
    rows = standings_rows(client, tournament)
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == [
        ("1", "Bruno", 1),
        ("2=", "Anna", 0),
        ("2=", "Dario", 0),
        ("4", "Carla", -1),
    ]


def test_standings_per_game_never_add_units(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """#20.13: a session of each of the six games gives six tables, each in its own unit;
    pinch and piedicavallo by games won (PINCH-8, PIE-7), the others by net result. Anna is
    in all six: no column adds her 126 pinch points to her marca or rests."""
    six_sessions(store, tournament.id)
    response = client.get(f"/api/tournaments/{tournament.id}/standings")
    assert response.status_code == 200
    games = response.get_json()["games"]
    assert list(games) == list(SIX)
    for game, (unit, expected) in EXPECTED.items():
        table = games[game]
        assert (table["game"], table["title"], table["unit"]) == (game, GAMES[game].title, unit)
        assert [(r["rank"], r["player"], r["total"]) for r in table["rows"]] == expected, game
    assert "PINCH-8" in games["pinch"]["basis"] and "PIE-7" in games["piedicavallo"]["basis"]
    assert [(r["games"], r["drawn"]) for r in games["pinch"]["rows"]] == [(1, 0), (1, 0)]
    assert games["minchiate"]["rows"][0]["games"] is None

    response = client.get(f"/api/tournaments/{tournament.id}/standings?format=csv")
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(r["game"], r["unit"], r["rank"], r["player"], int(r["total"])) for r in rows] == [
        (game, unit, *row) for game, (unit, expected) in EXPECTED.items() for row in expected
    ]


def test_standings_keep_thirds_apart(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """piemonte3 with ``fool=5`` is kept in thirds of a game point (PIE3-2): its sessions get
    a table of their own, never added to the whole game points of the others."""
    six_sessions(store, tournament.id)
    sid = new_session(
        client, tournament, ["Anna", "Bruno", "Carla"], "piemonte3", options={"fool": "5"}
    )
    upload(client, tournament, sid, example("piemonte3/bargains"))
    games = client.get(f"/api/tournaments/{tournament.id}/standings").get_json()["games"]
    key = "piemonte3 (thirds of a game point)"
    assert list(games) == [*list(SIX)[:5], key, "piedicavallo"]
    assert games[key]["unit"] == "thirds of a game point"
    assert all(row["sessions"] == 1 for row in games["piemonte3"]["rows"] + games[key]["rows"])
    unit, expected = EXPECTED["piemonte3"]
    assert games["piemonte3"]["unit"] == unit
    assert [(r["rank"], r["player"], r["total"]) for r in games["piemonte3"]["rows"]] == expected


def test_session_api_says_who_won(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """#20.14: the session's result in its API: each pinch game's winner (PINCH-8), the
    Piedicavallo game's winning side and margin (PIE-7), who is ahead elsewhere."""
    ids = six_sessions(store, tournament.id)
    results = {
        game: client.get(f"/api/sessions/{sid}").get_json()["result"] for game, sid in ids.items()
    }
    [pinch] = results["pinch"]["games"]
    assert pinch["text"] == "game 1 (hands 1-2): Anna 126, Bruno 118: Anna wins (PINCH-8)"
    assert (pinch["number"], pinch["finished"], pinch["winners"]) == (1, True, ["Anna"])
    [piedicavallo] = results["piedicavallo"]["games"]
    assert piedicavallo["text"].startswith("Anna and Carla win the game by 14")
    assert piedicavallo["winners"] == ["Anna", "Carla"] and piedicavallo["rule"] == "PIE-7"
    [minchiate] = results["minchiate"]["games"]
    assert (minchiate["number"], minchiate["winners"]) == (0, ["Anna", "Carla"])
    assert minchiate["text"] == "ahead: Anna and Carla with +5 rest (MIN-15)"
    [piemonte3] = results["piemonte3"]["games"]
    assert piemonte3["winners"] == ["Carla"] and "+8 game points" in piemonte3["text"]
    assert results["nice4"]["balances"] == SESSION_BALANCES
    assert results["nice4"]["hands"] == 5


def test_engine_penalties_are_not_rulings(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """#20.15: Minchiate's revoke penalty (MIN-13) is named in its hand's row and the
    unfinished giro's payments (MIN-16) are the engine's penalty rows with their ruling;
    the director made no ruling, and none is listed as one."""
    sid = six_sessions(store, tournament.id)["minchiate"]
    rows = client.get(f"/api/sessions/{sid}/ledger").get_json()["rows"]
    assert [(r["kind"], r["rule"]) for r in rows] == [("hand", None)] + [("penalty", "MIN-16")] * 3
    assert "the engine's penalty (MIN-13): revoke by Bruno in trick 4" in rows[0]["note"]
    assert client.get(f"/api/sessions/{sid}/rulings").get_json() == []
    client.post(
        f"/api/sessions/{sid}/rulings",
        json={"amounts": {"Anna": 1, "Bruno": -1}, "reason": "slow play", "author": "TD"},
        headers=tournament.headers,
    )
    kinds = [r["kind"] for r in client.get(f"/api/sessions/{sid}/ledger").get_json()["rows"]]
    assert kinds == ["hand", "ruling", "penalty", "penalty", "penalty"]
    csv_text = client.get(f"/api/sessions/{sid}/ledger?format=csv").get_data(as_text=True)
    statuses = [row["status"] for row in csv.DictReader(io.StringIO(csv_text))]
    assert statuses == ["flagged", "ruling", "penalty", "penalty", "penalty"]


def test_attention_lists_hands_that_need_a_director(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    results = upload(
        client, tournament, session_id, "\n".join([CALLED_KING, REVOKE, DUPLICATE_CARD, PARTIAL])
    )
    assert [r["status"] for r in results] == ["clean", "flagged", "invalid", "partial"]
    url = f"/api/tournaments/{tournament.id}/attention"
    response = client.get(url)
    assert response.status_code == 200
    everything = response.get_json()
    listed = [a for a in everything if a["scope"] == "hand"]
    assert [
        (a["hand_id"], a["session_id"], a["position"], a["status"], a["dealt_with"]) for a in listed
    ] == [(r["hand_id"], session_id, r["position"], r["status"], None) for r in results[1:]]
    # and the session's own violations, each on the hand it concerns (#32.11)
    ledger = client.get(f"/api/sessions/{session_id}/ledger").get_json()
    assert [
        (a["position"], a["finding"]["code"]) for a in everything if a["scope"] == "session"
    ] == [(f["hand"], f["code"]) for f in ledger["findings"] if f["severity"] != "note"]
    # each says why: the worst finding of its revision, placed in the hand's own text
    for entry in listed:
        stored = client.get(f"/api/hands/{entry['hand_id']}").get_json()["report"]["findings"]
        worst = min(stored, key=lambda f: ["error", "violation", "note"].index(f["severity"]))
        assert entry["finding"] == {key: worst[key] for key in entry["finding"]}
    assert listed[0]["finding"]["code"] == "MUST_FOLLOW_SUIT"  # the revoke
    # correcting the flagged hand with a clean record marks it dealt with, by that revision
    client.post(
        f"/api/hands/{results[1]['hand_id']}/revisions",
        json={"text": SOLO_SANS_PRENDRE, "author": "TD", "reason": "retyped"},
        headers=tournament.headers,
    )
    after = [a for a in client.get(url).get_json() if a["scope"] == "hand"]
    waiting = [a["status"] for a in after if a["dealt_with"] is None]
    assert waiting == ["invalid", "partial"]
    [fixed] = [a for a in after if a["dealt_with"] is not None]
    assert (fixed["hand_id"], fixed["status"], fixed["flagged_status"]) == (
        results[1]["hand_id"],
        "clean",
        "flagged",
    )
    assert fixed["finding"] == listed[0]["finding"]  # why it needed a director, still
    assert {k: fixed["dealt_with"][k] for k in ("by", "revision", "author", "reason")} == {
        "by": "revision",
        "revision": 2,
        "author": "TD",
        "reason": "retyped",
    }


def test_a_ruling_naming_a_hand_deals_with_it(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    """#23.6: a ruling that names the hand takes it off the waiting list; a ruling on the
    session that names no hand, a withdrawn ruling, or a later correction that is still
    flagged, does not."""
    [revoke] = upload(client, tournament, session_id, REVOKE)
    url = f"/api/tournaments/{tournament.id}/attention"

    def rule(hand_id: int | None, reason: str) -> None:
        response = client.post(
            f"/api/sessions/{session_id}/rulings",
            json={
                "amounts": {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1},
                "reason": reason,
                "author": "Chief TD",
                "hand_id": hand_id,
            },
            headers=tournament.headers,
        )
        assert response.status_code == 201, response.get_data(as_text=True)

    rule(None, "slow play")
    [entry] = client.get(url).get_json()
    assert entry["dealt_with"] is None
    rule(revoke["hand_id"], "Anna's revoke (NICE-11)")
    [entry] = client.get(url).get_json()
    assert entry["status"] == "flagged"
    assert {k: entry["dealt_with"][k] for k in ("by", "author", "reason", "revision")} == {
        "by": "ruling",
        "author": "Chief TD",
        "reason": "Anna's revoke (NICE-11)",
        "revision": None,
    }
    ruling_id = entry["dealt_with"]["ruling"]
    assert isinstance(ruling_id, int)
    # withdrawn (#23.4), the ruling deals with nothing: the hand waits again
    response = client.post(
        f"/api/sessions/{session_id}/rulings/{ruling_id}/withdraw",
        json={"reason": "ruled on the wrong hand", "author": "Chief TD"},
        headers=tournament.headers,
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    [entry] = client.get(url).get_json()
    assert entry["dealt_with"] is None
    rule(revoke["hand_id"], "Anna's revoke, ruled again (NICE-11)")
    [entry] = client.get(url).get_json()
    assert entry["dealt_with"]["reason"] == "Anna's revoke, ruled again (NICE-11)"
    # a correction after the ruling that is still flagged needs a director again
    retyped = REVOKE.replace("[Event ", '[Annotator "TD"]\n[Event ', 1)
    response = client.post(
        f"/api/hands/{revoke['hand_id']}/revisions",
        json={"text": retyped, "author": "TD", "reason": "retyped"},
        headers=tournament.headers,
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.get_json()["hand"]["status"] == "flagged"
    [entry] = client.get(url).get_json()
    assert entry["dealt_with"] is None


def test_tournament_version_changes_with_every_write(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    """#23.8: the tag a wall screen polls: the same (304 to If-None-Match) until a hand, a
    ruling or a session is added."""
    url = f"/api/tournaments/{tournament.id}/version"
    first = client.get(url)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    tag = first.get_json()["version"]
    assert first.headers["ETag"] == f'"{tag}"'
    same = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert (same.status_code, same.data) == (304, b"")
    seen = {tag}
    upload(client, tournament, session_id, REVOKE)
    seen.add(client.get(url).get_json()["version"])
    new_session(client, tournament, name="Table 2")
    seen.add(client.get(url).get_json()["version"])
    client.post(
        f"/api/sessions/{session_id}/rulings",
        json={"amounts": {"Anna": -1, "Bruno": 1}, "reason": "a warning", "author": "TD"},
        headers=tournament.headers,
    )
    seen.add(client.get(url).get_json()["version"])
    assert len(seen) == 4
    assert client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 200


def test_audit_log_records_the_writes_in_order(
    client: FlaskClient, store: Store, tournament: Tournament, other: Tournament, session_id: int
) -> None:
    [first, second] = upload(client, tournament, session_id, f"{CALLED_KING}\n{REVOKE}")
    upload(client, tournament, session_id, CALLED_KING)  # a duplicate: nothing written
    client.post(
        f"/api/hands/{first['hand_id']}/revisions",
        json={"text": SOLO_SANS_PRENDRE, "author": "Chief TD", "reason": "retyped"},
        headers=tournament.headers,
    )
    client.post(
        f"/api/sessions/{session_id}/rulings",
        json={"amounts": {"Anna": 1, "Bruno": -1}, "reason": "slow play", "author": "Chief TD"},
        headers=tournament.headers,
    )
    upload(client, other, new_session(client, other), CALLED_KING)  # not this tournament's

    url = f"/api/tournaments/{tournament.id}/audit"
    assert_error(client.get(url), 401, "TOKEN_REQUIRED")
    assert_error(client.get(url, headers=other.headers), 403, "WRONG_TOURNAMENT")
    response = client.get(url, headers=tournament.headers)
    assert response.status_code == 200
    log = response.get_json()
    assert [(e["action"], e["entity"], e["entity_id"]) for e in log] == [
        ("create", "tournament", tournament.id),
        ("create", "session", session_id),
        ("upload", "hand", first["hand_id"]),
        ("upload", "hand", second["hand_id"]),
        ("correct", "hand", first["hand_id"]),
        ("ruling", "session", session_id),
    ]
    ids = [e["id"] for e in log]
    assert ids == sorted(ids)
    assert all(e["actor"].endswith("(main director)") for e in log[1:])
    assert log[4]["detail"]["reason"] == "retyped"
    assert log[4]["detail"]["revision"] == 2
    assert log[5]["detail"]["amounts"] == {"Anna": 1, "Bruno": -1}


def test_audit_log_of_a_tournament_is_not_cut_short(
    client: FlaskClient, store: Store, tournament: Tournament, other: Tournament
) -> None:
    """Another tournament's busy log (over a thousand rows) does not hide this one's
    later entries."""
    with store.write() as db:
        for _ in range(1000):
            store.audit(db, "elsewhere", "upload", "hand", 10**6)
    sid = new_session(client, tournament)
    [hand] = upload(client, tournament, sid, CALLED_KING)
    log = client.get(
        f"/api/tournaments/{tournament.id}/audit", headers=tournament.headers
    ).get_json()
    assert [(e["action"], e["entity_id"]) for e in log] == [
        ("create", tournament.id),
        ("create", sid),
        ("upload", hand["hand_id"]),
    ]


def test_audit_table_is_append_only(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    count = len(store.audit_log())
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.db.execute("update audit set actor = 'someone else'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.db.execute("delete from audit")
    assert len(store.audit_log()) == count


# -- private tournaments ------------------------------------------------------------------
READS = [
    "/api/tournaments/{tid}",
    "/api/tournaments/{tid}/sessions",
    "/api/tournaments/{tid}/standings",
    "/api/tournaments/{tid}/attention",
    "/api/tournaments/{tid}/version",
    "/api/sessions/{sid}",
    "/api/sessions/{sid}/hands",
    "/api/sessions/{sid}/ledger",
    "/api/sessions/{sid}/rulings",
    "/api/sessions/{sid}/export",
    "/api/hands/{hid}",
    "/api/hands/{hid}/revisions",
    "/api/hands/{hid}/export",
]


def test_private_tournament_reads_need_its_token(
    client: FlaskClient, private: Tournament, other: Tournament
) -> None:
    """#21.18: to a reader without its token (none, an unknown one, another tournament's),
    every read of a private tournament answers exactly as the same read of an id that does
    not exist: private ids cannot be listed by probing."""
    sid = new_session(client, private)
    [hand] = upload(client, private, sid, CALLED_KING)
    ids = {"tid": private.id, "sid": sid, "hid": hand["hand_id"]}
    absent = {"tid": 900, "sid": 900, "hid": 900}
    for template in READS:
        url = template.format(**ids)
        missing = assert_error(client.get(template.format(**absent)), 404, "NOT_FOUND")
        asked = re.search(r"\{(\w+)\}", template).group(1)  # the id the path names
        expected = {**missing, "message": missing["message"].replace("900", str(ids[asked]))}
        for headers in ({}, bearer("tar_bad"), other.headers):
            assert assert_error(client.get(url, headers=headers), 404) == expected, url
        assert client.get(url, headers=private.headers).status_code == 200, url


def test_public_tournament_reads_need_no_token(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    [hand] = upload(client, tournament, session_id, CALLED_KING)
    for template in READS:
        url = template.format(tid=tournament.id, sid=session_id, hid=hand["hand_id"])
        assert client.get(url).status_code == 200, url


# -- error shape and fuzz -----------------------------------------------------------------
BAD_REQUESTS: list[tuple[str, str, dict[str, Any]]] = [
    ("get", "/api/nowhere", {}),
    ("get", "/api/sessions/abc", {}),
    ("get", "/api/sessions/-1", {}),
    ("get", "/api/sessions/0", {}),
    ("get", "/api/sessions/99999999999999999999999999", {}),
    ("get", "/api/hands/99999999999999999999999999/revisions", {}),
    ("get", "/api/tournaments/99999999999999999999999999/standings", {}),
    ("patch", "/api/tournaments/99999999999999999999999999", {"json": {"private": True}}),
    ("delete", "/api/sessions/{sid}", {}),
    ("put", "/api/verify", {"json": {"text": "x"}}),
    ("get", "/api/verify", {}),
    ("post", "/api/verify", {"json": []}),
    ("post", "/api/verify", {"json": "text"}),
    ("post", "/api/verify", {"json": None}),
    ("post", "/api/verify", {"json": 17}),
    ("post", "/api/verify", {"json": {"text": ""}}),
    ("post", "/api/verify", {"json": {"text": None}}),
    ("post", "/api/verify", {"json": {"text": ["a"]}}),
    ("post", "/api/verify", {"json": {"text": "x", "options": "first-lead=declarer"}}),
    ("post", "/api/verify", {"json": {"text": "x", "options": {"first-lead": None}}}),
    ("post", "/api/verify", {"json": {"text": "x", "options": {"first-lead": 1}}}),
    ("post", "/api/verify", {"json": {"text": "x" * (4 * 1024 * 1024 + 1)}}),
    ("post", "/api/verify", {"data": b"\xff\xfe\x00", "content_type": "application/json"}),
    ("post", "/api/verify", {"data": "", "content_type": "application/json"}),
    ("post", "/api/verify", {"data": {"text": "x"}, "content_type": "multipart/form-data"}),
    ("post", "/api/verify", {"data": b"\xff\xfe\x00", "content_type": "text/plain"}),
    ("post", "/api/sessions/{sid}/hands", {"json": {}}),
    ("post", "/api/sessions/{sid}/hands", {"json": {"text": 5}}),
    ("post", "/api/sessions/{sid}/hands", {"json": {"text": "\x00"}}),
    ("post", "/api/sessions/{sid}/hands", {"json": {"text": '[Game "nice4"]'}}),
    (
        "post",
        "/api/sessions/{sid}/hands",
        {"json": {"text": '[Game "nice3"]\n[Players "a b c"]\n[Dealer "a"]'}},
    ),
    ("post", "/api/sessions/{sid}/hands", {"json": {"text": '[Game "nice4"]\n[Options "x=1"]'}}),
    ("post", "/api/sessions/{sid}/hands", {"json": {"text": "}{" * 50}}),
    ("post", "/api/sessions/{sid}/rulings", {"json": {"amounts": {"Anna": 10**30}}}),
    (
        "post",
        "/api/sessions/{sid}/rulings",
        {
            "json": {
                "amounts": {"Anna": 1, "Bruno": -1},
                "reason": "r",
                "author": "a",
                "hand_id": 10**30,
            }
        },
    ),
    (
        "post",
        "/api/sessions/{sid}/rulings",
        {
            "json": {
                "amounts": {"Anna": 1, "Bruno": -1},
                "reason": "r",
                "author": "a",
                "hand_id": "first",
            }
        },
    ),
    (
        "post",
        "/api/sessions/{sid}/rulings",
        {"json": {"amounts": None, "reason": "r", "author": "a"}},
    ),
    ("post", "/api/hands/{hid}/revisions", {"json": {"text": "", "author": "a", "reason": "r"}}),
    (
        "post",
        "/api/hands/{hid}/revisions",
        {"json": {"text": CALLED_KING, "author": "a" * 201, "reason": "r"}},
    ),
    ("post", "/api/tournaments/{tid}/sessions", {"json": {"game": "", "players": PLAYERS}}),
    ("post", "/api/tournaments/{tid}/sessions", {"json": {"game": "nice4", "players": []}}),
    (
        "post",
        "/api/tournaments/{tid}/sessions",
        {"json": {"game": "nice4", "players": [1, 2, 3, 4]}},
    ),
    (
        "post",
        "/api/tournaments/{tid}/sessions",
        {"json": {"game": "nice4", "players": PLAYERS, "name": "n" * 201}},
    ),
    ("patch", "/api/tournaments/{tid}", {"json": {"private": None}}),
    ("patch", "/api/tournaments/{tid}", {"json": []}),
    ("get", "/api/sessions/{sid}/ledger?format=", {}),
    ("get", "/api/sessions/{sid}/ledger?format=JSON", {}),
    ("get", "/api/sessions/{sid}/ledger?format=%00", {}),
    ("get", "/api/tournaments/{tid}/standings?format=" + "x" * 5000, {}),
    ("get", "/api/hands/{hid}/export?format=csv", {}),
    ("get", "/api/rules/" + "%2e%2e", {}),
    ("get", "/api/rules/%00", {}),
]


@pytest.mark.parametrize(
    ("method", "url", "kwargs"), BAD_REQUESTS, ids=[f"{m} {u[:60]}" for m, u, _ in BAD_REQUESTS]
)
def test_bad_requests_get_a_4xx_in_the_error_shape(
    client: FlaskClient,
    tournament: Tournament,
    session_id: int,
    method: str,
    url: str,
    kwargs: dict,
) -> None:
    [hand] = upload(client, tournament, session_id, CALLED_KING)
    url = url.format(tid=tournament.id, sid=session_id, hid=hand["hand_id"])
    response = getattr(client, method)(url, headers=tournament.headers, **kwargs)
    assert 400 <= response.status_code < 500, response.get_data(as_text=True)[:300]
    assert_error(response, response.status_code)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from([*PLAYERS, "nice4", "nice3", CALLED_KING]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(PLAYERS) | st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
FIELDS = [
    "text",
    "options",
    "game",
    "players",
    "name",
    "amounts",
    "reason",
    "author",
    "hand_id",
    "private",
]
BODIES = JSON_VALUES | st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=6)
POSTS = [
    "/api/verify",
    "/api/tournaments/{tid}/sessions",
    "/api/sessions/{sid}/hands",
    "/api/sessions/{sid}/rulings",
    "/api/hands/{hid}/revisions",
]


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(url=st.sampled_from(POSTS), body=BODIES, with_token=st.booleans())
def test_fuzz_json_bodies_never_500(
    client: FlaskClient, tournament: Tournament, hand: dict, url: str, body: Any, with_token: bool
) -> None:
    """Any JSON body to any write endpoint (of a session that has a hand): an answer below
    500 (a 5xx would also raise in the test client, as the app runs with TESTING)."""
    ids = {"tid": tournament.id, "sid": hand["session_id"], "hid": hand["hand_id"]}
    headers = tournament.headers if with_token else {}
    response = client.post(url.format(**ids), json=body, headers=headers)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert_error(response, response.status_code)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.lists(
        st.sampled_from(
            [
                *'[]"\n :;{}*?.12345KQCJSBD9 x',
                "Game",
                "nice4",
                "Players",
                "Dealer",
                "hand",
                "call",
                "discard",
                "Fool",
                '[Game "nice4"]\n',
                "Anna",
                ", ",
            ]
        ),
        min_size=1,
        max_size=60,
    ).map("".join)
)
def test_fuzz_record_text_never_500(
    client: FlaskClient, tournament: Tournament, session_id: int, text: str
) -> None:
    for url in ("/api/verify", f"/api/sessions/{session_id}/hands"):
        response = client.post(url, json={"text": text}, headers=tournament.headers)
        assert response.status_code < 500
        if response.status_code >= 400:
            assert_error(response, response.status_code)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(
        [
            "/api/sessions/{}",
            "/api/hands/{}",
            "/api/tournaments/{}",
            "/api/sessions/{}/ledger",
            "/api/rules/{}",
            "/api/{}",
        ]
    ),
    segment=st.text(min_size=1, max_size=30).filter(lambda s: "/" not in s)
    | st.integers(min_value=-(10**30), max_value=10**30).map(str),
    query=st.text(max_size=30),
)
def test_fuzz_paths_and_query_strings_never_500(
    client: FlaskClient, path: str, segment: str, query: str
) -> None:
    response = client.get(path.format(quote(segment, safe="")), query_string={"format": query})
    assert response.status_code < 500
    if response.status_code >= 400:
        assert_error(response, response.status_code)


# -- OpenAPI ------------------------------------------------------------------------------
def test_openapi_document_is_valid_and_lists_every_route(app: Flask, client: FlaskClient) -> None:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    spec = response.get_json()
    validate_openapi(spec)
    assert spec["openapi"].startswith("3.")

    documented = {
        (path, method.upper())
        for path, operations in spec["paths"].items()
        for method in operations
        if method != "parameters"
    }
    routes = {
        (re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule), method)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/") and rule.rule != "/api/openapi.json"
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert documented == routes
    assert ("/api/openapi.json", "GET") not in documented
    assert "ErrorOut" in spec["components"]["schemas"]


@pytest.mark.parametrize("path", ["/api", "/api/"])
def test_api_root_is_an_index_of_where_things_are(client: FlaskClient, path: str) -> None:
    """`tarocco serve` prints http://HOST:PORT/api: that address answers (issue 19), with the
    OpenAPI document's address (which answers too), the docs and the version."""
    response = client.get(path)
    assert response.status_code == 200, response.get_data(as_text=True)
    index = response.get_json()
    assert index["service"] == "tarocco"
    assert index["version"] == version("tarocco")
    assert index["api_version"] == "1"
    assert index["openapi"] == "http://localhost/api/openapi.json"
    assert client.get(index["openapi"]).get_json()["paths"]["/api/"]["get"]
    assert index["docs"] == "docs/api.md" and (ROOT / index["docs"]).exists()
    assert client.get(index["rules"]).status_code == 200
    assert index["pages"] == "http://localhost/"


def test_the_documented_error_schema_is_the_one_sent(client: FlaskClient) -> None:
    """#21.5: every error response the document names refers to ErrorOut (``code`` a
    string, ``status`` an integer), as the bodies are; flask-smorest's own ``Error`` schema
    (the reverse) is gone."""
    spec = client.get("/api/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    assert "Error" not in schemas
    assert schemas["ErrorOut"]["properties"]["code"]["type"] == "string"
    assert schemas["ErrorOut"]["properties"]["status"]["type"] == "integer"
    for name, response in spec["components"]["responses"].items():
        ref = response["content"]["application/json"]["schema"]["$ref"]
        assert ref == "#/components/schemas/ErrorOut", name
    body = assert_error(client.post("/api/verify", json={}), 422)
    assert isinstance(body["code"], str) and isinstance(body["status"], int)


def test_a_405_names_the_methods_allowed(client: FlaskClient) -> None:
    response = client.put("/api/verify", json={"text": CALLED_KING})
    assert_error(response, 405)
    assert response.headers["Allow"].split(", ") and "POST" in response.headers["Allow"]


# -- hostile bodies (#21.1, #21.2, #21.17) --------------------------------------------------
def write_endpoints(session_id: int, hand_id: int, tournament: Tournament) -> list[tuple]:
    """The seven write and verify endpoints: method and path."""
    return [
        ("post", "/api/verify"),
        ("post", "/api/audit"),
        ("patch", f"/api/tournaments/{tournament.id}"),
        ("post", f"/api/tournaments/{tournament.id}/sessions"),
        ("post", f"/api/sessions/{session_id}/hands"),
        ("post", f"/api/sessions/{session_id}/rulings"),
        ("post", f"/api/hands/{hand_id}/revisions"),
    ]


def test_deep_json_and_huge_numbers_are_refused_by_every_write_endpoint(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    """#21.1: nesting 1,000 deep ran the decoder out of stack, and an integer of more than
    4,300 digits made Python refuse to convert it: both were 500s. Now 400 with a code."""
    [hand] = upload(client, tournament, session_id, CALLED_KING)
    before = (hand_count(store, session_id), store.audit_log(limit=None))
    deep = "[" * 1000 + "]" * 1000
    bodies = {
        "TOO_DEEP": '{"text": "x", "private": true, "options": ' + deep + "}",
        "NUMBER_TOO_LARGE": '{"text": "x", "limit": ' + "9" * 4301 + "}",
    }
    for method, url in write_endpoints(session_id, hand["hand_id"], tournament):
        for code, body in bodies.items():
            response = getattr(client, method)(
                url, data=body, content_type="application/json", headers=tournament.headers
            )
            error = assert_error(response, 400, code)
            assert "at most" in error["message"], error
    for body in ('{"text": "x", "limit": 1e400}', '{"text": "x", "limit": NaN}'):
        response = client.post("/api/audit", data=body, content_type="application/json")
        assert_error(response, 400, "NUMBER_TOO_LARGE")
    assert (hand_count(store, session_id), store.audit_log(limit=None)) == before
    # nesting and numbers within the limits are the schemas' business, as before
    ok = client.post("/api/verify", json={"text": CALLED_KING, "options": {}})
    assert ok.status_code == 200


def test_ruling_amounts_are_bounded(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    """#21.2: ``{"Anna": 10**309, "Bruno": -10**309}`` was stored (201), and the session's
    page answered 500 from then on. Amounts are bounded to what a ruling may move."""
    from records.service import MAX_RULING_AMOUNT

    url = f"/api/sessions/{session_id}/rulings"
    for big in (10**309, 2**63, MAX_RULING_AMOUNT + 1):
        body = {"amounts": {"Anna": big, "Bruno": -big}, "reason": "r", "author": "a"}
        response = client.post(url, json=body, headers=tournament.headers)
        assert response.status_code in (400, 422), response.get_data(as_text=True)
    assert store.rulings(session_id) == []
    assert client.get(f"/sessions/{session_id}").status_code == 200
    body = {
        "amounts": {"Anna": MAX_RULING_AMOUNT, "Bruno": -MAX_RULING_AMOUNT},
        "reason": "the largest ruling",
        "author": "a",
    }
    assert client.post(url, json=body, headers=tournament.headers).status_code == 201
    assert client.get(f"/sessions/{session_id}").status_code == 200
    spec = client.get("/api/openapi.json").get_json()
    amount = spec["components"]["schemas"]["RulingIn"]["properties"]["amounts"]
    assert amount["additionalProperties"]["maximum"] == MAX_RULING_AMOUNT


def test_the_service_bounds_amounts_for_every_caller(store: Store, tournament: Tournament) -> None:
    from records import service

    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "", "t")
    with pytest.raises(service.ServiceError) as refused:
        service.add_ruling(store, sid, {"Anna": 10**7, "Bruno": -(10**7)}, "r", "a", None, "t")
    assert refused.value.code == "BAD_AMOUNT" and "1,000,000" in refused.value.message


@pytest.mark.parametrize("value", ["yes", "true", 1, 0, "on", None, [], {}])
def test_private_takes_booleans_only(
    client: FlaskClient, tournament: Tournament, value: Any
) -> None:
    """#21.17: ``{"private": "yes"}`` made a tournament private."""
    url = f"/api/tournaments/{tournament.id}"
    response = client.patch(url, json={"private": value}, headers=tournament.headers)
    body = assert_error(response, 422)
    assert "private" in body["errors"]["json"]
    assert client.get(url).get_json()["private"] is False


# -- anonymous verify (#21.7) ---------------------------------------------------------------
def test_anonymous_verify_is_bounded_and_a_director_is_not(
    client: FlaskClient, tournament: Tournament
) -> None:
    """#21.7: anyone may verify, so an anonymous verify takes a smaller body and fewer
    records than a director's; over the limit is 413 with the limit in the message."""
    from web.bodies import ANONYMOUS_VERIFY_BYTES, ANONYMOUS_VERIFY_RECORDS

    big = {"text": "x" * ANONYMOUS_VERIFY_BYTES}
    error = assert_error(client.post("/api/verify", json=big), 413)
    assert f"{ANONYMOUS_VERIFY_BYTES:,} bytes" in error["message"]
    assert "director" in error["message"]
    assert client.post("/api/verify", json=big, headers=tournament.headers).status_code == 200
    assert client.post("/api/verify", json=big, headers=bearer("tar_wrong")).status_code == 413

    many = {"text": "\n".join([CALLED_KING] * (ANONYMOUS_VERIFY_RECORDS + 1))}
    assert len(json.dumps(many)) < ANONYMOUS_VERIFY_BYTES
    error = assert_error(client.post("/api/verify", json=many), 413, "TOO_MANY_RECORDS")
    assert f"at most {ANONYMOUS_VERIFY_RECORDS}" in error["message"]
    response = client.post("/api/verify", json=many, headers=tournament.headers)
    assert response.status_code == 200
    assert len(response.get_json()["records"]) == ANONYMOUS_VERIFY_RECORDS + 1
    fewer = {"text": "\n".join([CALLED_KING] * ANONYMOUS_VERIFY_RECORDS)}
    assert client.post("/api/verify", json=fewer).status_code == 200


@pytest.mark.parametrize(("path", "work"), [("/api/audit", "an audit"), ("/api/next", "entry")])
def test_anonymous_audits_and_entries_take_the_anonymous_body_limit(
    client: FlaskClient, tournament: Tournament, path: str, work: str
) -> None:
    """An audit and the guided entry's next step replay the text they are sent, and anyone may
    ask for them: without a director token their body is capped as an anonymous verify's is
    (413 with the limit and the way past it); with one, the body goes on to the view."""
    from web.bodies import ANONYMOUS_VERIFY_BYTES

    big = {"text": CALLED_KING + " " * ANONYMOUS_VERIFY_BYTES}
    error = assert_error(client.post(path, json=big), 413)
    assert f"{ANONYMOUS_VERIFY_BYTES:,} bytes" in error["message"]
    assert work in error["message"] and "director" in error["message"]
    response = client.post(path, json=big, headers=tournament.headers)
    assert response.status_code != 413 and response.status_code < 500


# -- CSV exports a spreadsheet opens (#21.15) -----------------------------------------------
def test_csv_exports_do_not_run_as_formulas(client: FlaskClient, tournament: Tournament) -> None:
    """#21.15: a player named ``=1+1`` ran as a formula when a ledger or standings CSV was
    opened in a spreadsheet. Text cells starting with = + - @ (or a tab, a carriage return)
    get an apostrophe; amounts stay numbers (-6 is written -6)."""
    names = ["=1+1", "@SUM(A1)", "+Carla", "-Dario"]
    sid = new_session(client, tournament, players=names)
    ruling = {"amounts": {"=1+1": -6, "@SUM(A1)": 6}, "reason": "=HYPERLINK(1)", "author": "a"}
    response = client.post(f"/api/sessions/{sid}/rulings", json=ruling, headers=tournament.headers)
    assert response.status_code == 201
    exports = {
        "ledger": f"/api/sessions/{sid}/ledger?format=csv",
        "export": f"/api/sessions/{sid}/export?format=csv",
        "sheet": f"/sessions/{sid}/sheet.csv",
        "standings": f"/api/tournaments/{tournament.id}/standings?format=csv",
    }
    cells = {}
    for name, url in exports.items():
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "text/csv", url
        cells[name] = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    for name, rows in cells.items():
        for row in rows:
            for cell in row:
                assert not cell.startswith(("=", "+", "@", "\t", "\r")), (name, cell)
                assert not cell.startswith("-") or cell.lstrip("-").isdigit(), (name, cell)
    header, ruling_row = cells["ledger"][0], cells["ledger"][1]
    assert header[3:5] == ["'=1+1 marca", "'@SUM(A1) marca"]
    assert ruling_row[3:5] == ["-6", "6"]  # numbers stay numbers
    standings = [dict(zip(cells["standings"][0], row, strict=True)) for row in cells["standings"]]
    assert {row["player"]: row["total"] for row in standings[1:]} == {
        "'@SUM(A1)": "6",
        "'+Carla": "0",
        "'-Dario": "0",
        "'=1+1": "-6",
    }
