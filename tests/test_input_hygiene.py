"""#30.3: input hygiene everywhere the same.

A record starting with a byte-order mark verifies and stores as the command line reads it,
on every path; names are NFC and refuse control, bidi and zero-width characters with a 422
naming the character, on the API, the pages and the command line; no control character
reaches a CSV; the CSRF token is made anew at login and logout; a ruling whose amounts are
all zero is refused.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from pathlib import Path

import pytest
from browserkit import PLAYERS
from click.testing import CliRunner
from conftest import Tournament
from flask.testing import FlaskClient

from records import clean_name, service
from records.csvcells import safe_cell
from records.service import ServiceError
from records.store import Store
from tarocco.cli import main

ROOT = Path(__file__).resolve().parent.parent
TOUR = (ROOT / "examples/nice4/tour.txt").read_text()
BOM = "\ufeff"


def csrf(client: FlaskClient, path: str = "/verify") -> str:
    page = client.get(path).get_data(as_text=True)
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert match, page[:300]
    return match.group(1)


def login(client: FlaskClient, token: str) -> None:
    response = client.post("/login", data={"csrf_token": csrf(client, "/login"), "token": token})
    assert response.status_code == 302, response.get_data(as_text=True)


def new_session(store: Store, tournament: Tournament, players: list[str] = PLAYERS) -> int:
    return service.create_session(store, tournament.id, "nice4", players, {}, "Round 1", "t")


# -- a leading byte-order mark -----------------------------------------------------------
def test_bom_record_is_clean_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "notepad.txt"
    path.write_bytes(BOM.encode() + TOUR.encode())
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    assert "clean" in result.output


def test_bom_record_is_clean_on_api_verify_and_next(client: FlaskClient) -> None:
    response = client.post("/api/verify", json={"text": BOM + TOUR})
    assert response.status_code == 200
    [checked] = response.get_json()["records"]
    assert checked["report"]["status"] == "clean", checked["report"]["findings"]
    entry = client.post("/api/next", json={"text": BOM + TOUR})
    assert entry.status_code == 200, entry.get_json()
    assert entry.get_json()["verdict"]["status"] == "clean"


def test_bom_record_is_clean_on_the_verify_page_typed_and_as_a_file(client: FlaskClient) -> None:
    typed = client.post("/verify", data={"csrf_token": csrf(client), "text": BOM + TOUR})
    page = typed.get_data(as_text=True)
    assert typed.status_code == 200 and "status-clean" in page and "status-invalid" not in page
    upload = client.post(
        "/verify",
        data={
            "csrf_token": csrf(client),
            "file": (io.BytesIO(BOM.encode() + TOUR.encode()), "notepad.txt"),
        },
        content_type="multipart/form-data",
    )
    page = upload.get_data(as_text=True)
    assert upload.status_code == 200 and "status-clean" in page and "status-invalid" not in page


def test_bom_record_uploads_clean_and_is_stored_without_the_mark(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = new_session(store, tournament)
    response = client.post(
        f"/api/sessions/{sid}/hands", json={"text": BOM + TOUR}, headers=tournament.headers
    )
    assert response.status_code == 201, response.get_json()
    [hand] = response.get_json()["hands"]
    assert (hand["status"], hand["duplicate"]) == ("clean", False)
    stored = store.current_revision(hand["hand_id"])
    assert not stored["original_text"].startswith(BOM)
    # the same record without the mark is the same record: a duplicate
    again = client.post(
        f"/api/sessions/{sid}/hands", json={"text": TOUR}, headers=tournament.headers
    )
    assert again.get_json()["hands"][0]["duplicate"] is True
    # a correction with the mark is read as the command line reads it too
    fixed = client.post(
        f"/api/hands/{hand['hand_id']}/revisions",
        json={
            "text": BOM + TOUR.replace("README tour", "README tour, retyped"),
            "author": "TD",
            "reason": "retyped in Notepad",
        },
        headers=tournament.headers,
    )
    assert fixed.status_code == 201, fixed.get_json()
    assert not store.current_revision(hand["hand_id"])["original_text"].startswith(BOM)


# -- names ----------------------------------------------------------------------------------
REFUSED = [
    ("\x00", "U+0000 NULL"),
    ("\x1b", "U+001B ESCAPE"),
    ("\x7f", "U+007F DELETE"),
    ("\x85", "U+0085"),  # C1
    ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\u202a", "U+202A LEFT-TO-RIGHT EMBEDDING"),
    ("\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE"),
    ("\u2069", "U+2069 POP DIRECTIONAL ISOLATE"),
    ("\u200e", "U+200E LEFT-TO-RIGHT MARK"),
    ("\u200f", "U+200F RIGHT-TO-LEFT MARK"),
    ("\u061c", "U+061C ARABIC LETTER MARK"),
    ("\u200b", "U+200B ZERO WIDTH SPACE"),
    ("\u200c", "U+200C ZERO WIDTH NON-JOINER"),
    ("\u200d", "U+200D ZERO WIDTH JOINER"),
    ("\u2060", "U+2060 WORD JOINER"),
    ("\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    ("\u2028", "U+2028 LINE SEPARATOR"),
]


@pytest.mark.parametrize(("char", "named"), REFUSED)
def test_clean_name_refuses_and_names_the_character(char: str, named: str) -> None:
    with pytest.raises(ServiceError) as caught:
        clean_name(f"Anna{char}Bruno", "player name")
    error = caught.value
    assert (error.status, error.code) == (422, "BAD_NAME")
    assert named in error.message and "at character 5" in error.message
    assert char not in error.message  # the message itself shows nothing invisible


def test_clean_name_message_in_full_and_nfc() -> None:
    with pytest.raises(ServiceError) as caught:
        clean_name("Anna\u202eX", "player name")
    assert caught.value.message == (
        'the player name "Anna…" holds U+202E RIGHT-TO-LEFT OVERRIDE at character 5: '
        "names are plain text"
    )
    assert clean_name("  Rene\u0301e ") == "Ren\u00e9e"
    assert clean_name("Ren\u00e9e") == "Ren\u00e9e"


def test_api_session_with_a_bad_player_name_is_refused(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    body = {"game": "nice4", "players": ["Anna", "Bru\u202eno", "Carla", "Dario"], "name": "R1"}
    response = client.post(
        f"/api/tournaments/{tournament.id}/sessions", json=body, headers=tournament.headers
    )
    assert response.status_code == 422
    error = response.get_json()
    assert error["code"] == "BAD_NAME" and "U+202E RIGHT-TO-LEFT OVERRIDE" in error["message"]
    assert "character 4" in error["message"]
    for field, value in (("name", "Round\x001"), ("table", "Table\u200b2")):
        response = client.post(
            f"/api/tournaments/{tournament.id}/sessions",
            json={**body, "players": PLAYERS, field: value},
            headers=tournament.headers,
        )
        assert response.status_code == 422, (field, response.get_json())
        assert response.get_json()["code"] == ("BAD_NAME" if field == "name" else "BAD_TABLE")
    assert store.sessions(tournament.id) == []


def test_session_players_are_stored_nfc_and_an_nfd_record_matches(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    nfd, nfc = "Rene\u0301e", "Ren\u00e9e"
    sid = new_session(store, tournament, [nfd, "Bruno", "Carla", "Dario"])
    assert store.session(sid)["players"][0] == nfc
    record = TOUR.replace("Anna", nfd)  # the Players tag and the hands spell it decomposed
    assert unicodedata.normalize("NFC", record) != record
    response = client.post(
        f"/api/sessions/{sid}/hands", json={"text": record}, headers=tournament.headers
    )
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["hands"][0]["status"] == "clean"
    ledger = client.get(f"/api/sessions/{sid}/ledger").get_json()
    assert ledger["players"] == [nfc, "Bruno", "Carla", "Dario"]
    assert set(ledger["balances"]) == {nfc, "Bruno", "Carla", "Dario"}


def test_page_session_with_a_bad_player_name_is_refused(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    login(client, tournament.token)
    url = f"/tournaments/{tournament.id}/sessions/new"
    form = {
        "csrf_token": csrf(client, f"{url}?game=nice4"),
        "game": "nice4",
        "player-0": "Anna",
        "player-1": "Bru\u200bno",
        "player-2": "Carla",
        "player-3": "Dario",
    }
    response = client.post(url, data=form)
    assert response.status_code == 422
    assert "U+200B ZERO WIDTH SPACE at character 4" in response.get_data(as_text=True)
    assert store.sessions(tournament.id) == []


def test_page_token_label_is_a_name(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    login(client, tournament.token)
    url = f"/tournaments/{tournament.id}/tokens"
    before = store.tokens(tournament.id)
    response = client.post(url, data={"csrf_token": csrf(client, url), "label": "TD\u2066x"})
    assert response.status_code == 422
    assert "U+2066 LEFT-TO-RIGHT ISOLATE" in response.get_data(as_text=True)
    assert store.tokens(tournament.id) == before


def test_authors_are_names(client: FlaskClient, store: Store, tournament: Tournament) -> None:
    """A ruling's, withdrawal's, amendment's, correction's and restore's author."""
    sid = new_session(store, tournament)
    [hand] = client.post(
        f"/api/sessions/{sid}/hands", json={"text": TOUR}, headers=tournament.headers
    ).get_json()["hands"]
    rid = service.add_ruling(store, sid, {"Anna": -1, "Bruno": 1}, "slow", "TD", None, "t")
    fixed = TOUR.replace("README tour", "README tour, retyped")
    service.correct_hand(store, hand["hand_id"], fixed, "TD", "retyped", "t")
    bad = "T\x00D"
    posts = [
        (f"/api/sessions/{sid}/rulings", {"amounts": {"Anna": 1, "Bruno": -1}, "reason": "r"}),
        (f"/api/sessions/{sid}/rulings/{rid}/withdraw", {"reason": "r"}),
        (
            f"/api/sessions/{sid}/rulings/{rid}/amend",
            {"amounts": {"Anna": 2, "Bruno": -2}, "reason": "r"},
        ),
        (f"/api/hands/{hand['hand_id']}/revisions", {"text": TOUR, "reason": "r"}),
        (f"/api/hands/{hand['hand_id']}/revisions/1/restore", {"reason": "r"}),
    ]
    for url, body in posts:
        response = client.post(url, json={**body, "author": bad}, headers=tournament.headers)
        assert response.status_code == 422, (url, response.get_json())
        error = response.get_json()
        assert error["code"] == "BAD_NAME" and "U+0000 NULL at character 2" in error["message"]
    assert len(store.rulings(sid)) == 1
    assert len(store.revisions(hand["hand_id"])) == 2


def cli(tmp_path: Path, *args: str):
    return CliRunner().invoke(main, [*args, "--db", str(tmp_path / "cli.sqlite")])


def test_cli_refuses_bad_names_without_a_traceback(tmp_path: Path) -> None:
    assert cli(tmp_path, "tournament", "create", "Cup").exit_code == 0
    cases = [
        (("tournament", "create", "Cup\u202eX"), "U+202E RIGHT-TO-LEFT OVERRIDE"),
        (("token", "create", "--tournament", "New\x1bcup"), "U+001B ESCAPE"),
        (("token", "create", "--tournament", "Cup", "--label", "T\u200dD"), "U+200D"),
        (
            (
                "session",
                "create",
                "--tournament",
                "Cup",
                "--game",
                "nice4",
                "--players",
                "Anna, Bru\x00no, Carla, Dario",
            ),
            "U+0000 NULL",
        ),
    ]
    for args, named in cases:
        result = cli(tmp_path, *args)
        assert result.exit_code == 2, (args, result.output)
        assert named in result.output and "Traceback" not in result.output
        assert not isinstance(result.exception, ServiceError)
    store = Store(str(tmp_path / "cli.sqlite"))
    try:
        assert [t["name"] for t in store.tournaments()] == ["Cup"]
        assert store.tokens() == [] and store.sessions(store.tournaments()[0]["id"]) == []
    finally:
        store.close()
    created = cli(tmp_path, "tournament", "create", "Caf\u0065\u0301 cup")
    assert created.exit_code == 0
    store = Store(str(tmp_path / "cli.sqlite"))
    try:
        assert store.tournament_named("Caf\u00e9 cup") is not None
    finally:
        store.close()


# -- CSV --------------------------------------------------------------------------------------
def test_safe_cell_replaces_control_characters() -> None:
    assert safe_cell("An\x00na\x1b[2J") == "An\ufffdna\ufffd[2J"
    assert safe_cell("a\x85b\x7fc") == "a\ufffdb\ufffdc"
    assert safe_cell("line one\r\nline two\ttab") == "line one line two tab"
    assert safe_cell("\t=1+1") == "' =1+1"  # the formula guard still holds
    assert safe_cell("=1+1") == "'=1+1" and safe_cell(-6) == -6 and safe_cell("Anna") == "Anna"
    for code in [*range(0x20), *range(0x7F, 0xA0)]:
        assert all(unicodedata.category(c) != "Cc" for c in safe_cell(f"x{chr(code)}y"))


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def test_an_old_name_with_control_characters_exports_clean(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """A name stored before names were checked (written straight to the store) reaches
    neither the ledger CSV nor the standings CSV with its NUL or escape."""
    players = ["An\x00na", "Bru\x1bno", "Carla", "Dario"]
    sid = store.create_session(tournament.id, "nice4", players, {}, "old", "t")
    store.add_ruling(sid, {"An\x00na": -1, "Bru\x1bno": 1}, "why\x07\nnot", "T\x00D", None, "t")
    exports = [
        client.get(f"/api/sessions/{sid}/ledger?format=csv"),
        client.get(f"/api/sessions/{sid}/export?format=csv"),
        client.get(f"/api/tournaments/{tournament.id}/standings?format=csv"),
    ]
    for response in exports:
        assert response.status_code == 200
        cells = _cells(response.get_data(as_text=True))
        assert not [c for c in cells if any(unicodedata.category(ch) == "Cc" for ch in c)]
        assert any("An\ufffdna" in c for c in cells) and any("Bru\ufffdno" in c for c in cells)


# -- CSRF -------------------------------------------------------------------------------------
def test_csrf_token_is_renewed_at_login_and_logout(
    client: FlaskClient, tournament: Tournament
) -> None:
    before = csrf(client, "/login")
    response = client.post("/login", data={"csrf_token": before, "token": tournament.token})
    assert response.status_code == 302
    after = csrf(client)
    assert after != before
    # a form rendered before the login posts nothing after it
    stale = client.post("/verify", data={"csrf_token": before, "text": TOUR})
    assert stale.status_code == 400
    assert client.post("/verify", data={"csrf_token": after, "text": TOUR}).status_code == 200
    assert client.post("/logout", data={"csrf_token": after}).status_code == 302
    assert csrf(client) != after
    assert client.post("/verify", data={"csrf_token": after, "text": TOUR}).status_code == 400


# -- rulings that move nothing --------------------------------------------------------------
def test_api_ruling_with_every_amount_zero_is_refused(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = new_session(store, tournament)
    for amounts in ({}, {"Anna": 0}, {"Anna": 0, "Bruno": -0, "Carla": 0, "Dario": 0}):
        response = client.post(
            f"/api/sessions/{sid}/rulings",
            json={"amounts": amounts, "reason": "r", "author": "TD"},
            headers=tournament.headers,
        )
        assert response.status_code == 422, amounts
        error = response.get_json()
        assert error["code"] == "EMPTY_RULING" and "every amount is zero" in error["message"]
    assert store.rulings(sid) == []


def test_page_ruling_of_minus_zeros_is_refused(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = new_session(store, tournament)
    login(client, tournament.token)
    form = {f"amount-{seat}": "-0" for seat in range(4)}
    response = client.post(
        f"/sessions/{sid}/rulings",
        data={**form, "reason": "r", "author": "TD", "csrf_token": csrf(client)},
    )
    assert response.status_code == 422
    assert "every amount is zero" in response.get_data(as_text=True)
    assert store.rulings(sid) == []


def test_openapi_names_the_new_refusals(client: FlaskClient) -> None:
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    assert "BAD_NAME" in schemas["SessionIn"]["properties"]["players"]["description"]
    assert "EMPTY_RULING" in schemas["RulingIn"]["properties"]["amounts"]["description"]
