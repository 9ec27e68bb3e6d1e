"""The director's work from the pages and the API (issue 23, items 3, 4 and 7), through
Flask's test client: a hand's revisions listed, opened, compared and restored; rulings
withdrawn and amended as new audited entries (the ledger counts what stands); a session
opened and tokens made and revoked from the pages.

Records come from ``examples/nice4`` with their known results: the README's revoked tour is
flagged in trick 1 (MUST_FOLLOW_TRUMPS, NICE-11); ``called-king.txt`` is clean and pays as
its ``.expected.json`` says; ``session.txt`` ends at the balances of ``session.expected.json``
(NICE-18).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from browserkit import PLAYERS, REVOKE_TOUR, SESSION_BALANCES, SESSION_TEXT
from conftest import Tournament
from flask.testing import FlaskClient
from test_pages import csrf, login, text_of

from records import service
from records.pipeline import check_text
from records.schemas import dump_report
from records.store import Store, hash_token

ROOT = Path(__file__).resolve().parent.parent
CALLED_KING = (ROOT / "examples" / "nice4" / "called-king.txt").read_text()
KING_PAYS = json.loads((ROOT / "examples" / "nice4" / "called-king.expected.json").read_text())[
    "records"
][0]["settlement"]
# the revoke pays as the tour it came from: it is flagged (NICE-11), not voided
TOUR_PAYS = json.loads((ROOT / "examples" / "nice4" / "tour.expected.json").read_text())["records"][
    0
]["settlement"]
REVOKE_PAYS = dump_report(check_text(REVOKE_TOUR)[0].report)["settlement"]
# Anna's revoke in trick 1 (NICE-11): one marca to each opponent, as the browser seed rules
REVOKE_RULING = {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1}


def form(client: FlaskClient, path: str, **fields: str):
    """POST a page form with this client's CSRF token."""
    return client.post(path, data={"csrf_token": csrf(client, "/login"), **fields})


@pytest.fixture
def corrected(store: Store, tournament: Tournament) -> tuple[int, int]:
    """A session whose one hand was stored as the revoked tour (revision 1) and corrected to
    called-king (revision 2); returns the session and hand ids."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 2", "t")
    hand_id = service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id
    service.correct_hand(store, hand_id, CALLED_KING, "TD", "the wrong hand was uploaded", "t")
    return sid, hand_id


@pytest.fixture
def session_id(store: Store, tournament: Tournament) -> int:
    """A session holding the five hands of session.txt."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 1", "t")
    service.upload(store, sid, SESSION_TEXT, "t")
    return sid


def balances(client: FlaskClient, session_id: int) -> dict[str, int]:
    response = client.get(f"/api/sessions/{session_id}/ledger")
    assert response.status_code == 200
    return response.get_json()["balances"]


def plus(amounts: dict[str, int]) -> dict[str, int]:
    """session.txt's final balances with ``amounts`` added."""
    return {p: SESSION_BALANCES[p] + amounts.get(p, 0) for p in PLAYERS}


# -- item 3: revisions on the pages ---------------------------------------------------------
def test_revisions_are_listed_with_who_and_why(
    client: FlaskClient, corrected: tuple[int, int]
) -> None:
    _sid, hand_id = corrected
    page = text_of(client.get(f"/hands/{hand_id}/revisions"))
    assert f'href="/hands/{hand_id}/revisions/1"' in page
    assert f'href="/hands/{hand_id}/revisions/2"' in page
    assert "the wrong hand was uploaded" in page and "as first recorded" in page
    assert page.count("status-flagged") == 1 and page.count("status-clean") == 1
    # the hand's page links to them
    assert f'href="/hands/{hand_id}/revisions"' in text_of(client.get(f"/hands/{hand_id}"))


def test_an_old_revision_opens_with_its_verdict_findings_and_payments(
    client: FlaskClient, corrected: tuple[int, int]
) -> None:
    _sid, hand_id = corrected
    response = client.get(f"/hands/{hand_id}/revisions/1")
    assert response.status_code == 200
    page = text_of(response)
    assert "status-flagged" in page and "MUST_FOLLOW_TRUMPS" in page and "NICE-11" in page
    assert "Not the current revision (that is revision 2)" in page
    # its own text (the revoke: 5C in trick 1), with the finding marked on it
    assert "1. 10 17 <mark" in page and ">5C</mark>" in page
    # its payments, the tour's
    assert REVOKE_PAYS == TOUR_PAYS
    total = page[page.index("<tfoot>") :].split("</tfoot>")[0]
    assert re.findall(r"<b>([^<]*)</b>", total) == [
        f"{TOUR_PAYS[p]:+d}" if TOUR_PAYS[p] else "0" for p in PLAYERS
    ]
    # nobody logged in: no restore form
    assert "Restore this revision" not in page


def test_the_diff_compares_lines_verdict_and_payments(
    client: FlaskClient, corrected: tuple[int, int]
) -> None:
    _sid, hand_id = corrected
    page = html.unescape(text_of(client.get(f"/hands/{hand_id}/revisions/diff?old=1&new=2")))
    assert f"<h1>Round 2, hand 1 (id {hand_id}): revision 1 against 2</h1>" in page
    # the revoke's trick 1 left, called-king's came in; an unchanged line is in both
    assert "<del>1. 10 17 5C 9</del>" in page
    assert "<ins>1. 7 9 3 11</ins>" in page
    assert '<tr class="diff-same"><td class="num">1</td><td class="num">1</td>' in page
    # verdict flagged -> clean, and each player's payment with its change
    verdict = page[page.index('<tr class="verdict differs">') :].split("</tr>")[0]
    assert "status-flagged" in verdict and "status-clean" in verdict
    for player in PLAYERS:
        change = KING_PAYS[player] - REVOKE_PAYS[player]
        row = re.search(rf'<th scope="row">{player}</th>(.*?)</tr>', page).group(1)
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
        assert cells == [
            f"{REVOKE_PAYS[player]:+d}" if REVOKE_PAYS[player] else "0",
            f"{KING_PAYS[player]:+d}" if KING_PAYS[player] else "0",
            f"{change:+d}" if change else "0",
        ], player


def test_the_diff_by_default_shows_the_last_correction(
    client: FlaskClient, corrected: tuple[int, int]
) -> None:
    _sid, hand_id = corrected
    page = text_of(client.get(f"/hands/{hand_id}/revisions/diff"))
    assert f"<h1>Round 2, hand 1 (id {hand_id}): revision 1 against 2</h1>" in page


def test_compare_revisions_service_reports_the_line_diff(
    store: Store, corrected: tuple[int, int]
) -> None:
    _sid, hand_id = corrected
    same = service.compare_revisions(store, hand_id, 2, 2)
    assert not same["changed"] and {line["kind"] for line in same["lines"]} == {"same"}
    cmp = service.compare_revisions(store, hand_id, 1, 2)
    assert cmp["changed"] and cmp["status"] == {"old": "flagged", "new": "clean"}
    removed = [line["text"] for line in cmp["lines"] if line["kind"] == "removed"]
    added = [line["text"] for line in cmp["lines"] if line["kind"] == "added"]
    # the diff rebuilds either text
    old_text = [line["text"] for line in cmp["lines"] if line["kind"] != "added"]
    new_text = [line["text"] for line in cmp["lines"] if line["kind"] != "removed"]
    assert old_text == REVOKE_TOUR.splitlines() and new_text == CALLED_KING.splitlines()
    assert "1. 10 17 5C 9" in removed and "1. 7 9 3 11" in added


@pytest.mark.parametrize(
    "path",
    ["/hands/{h}/revisions/3", "/hands/{h}/revisions/diff?old=1&new=7", "/hands/999/revisions"],
)
def test_unknown_revisions_are_404_pages(
    client: FlaskClient, corrected: tuple[int, int], path: str
) -> None:
    response = client.get(path.format(h=corrected[1]))
    assert response.status_code == 404
    assert "<!doctype html>" in text_of(response)


def test_a_director_restores_an_old_revision_as_a_new_one(
    client: FlaskClient, store: Store, tournament: Tournament, corrected: tuple[int, int]
) -> None:
    sid, hand_id = corrected
    login(client, tournament.token)
    page = text_of(client.get(f"/hands/{hand_id}/revisions/1"))
    assert "Restore revision 1" in page and "Its text becomes revision 3" in page
    response = form(
        client,
        f"/hands/{hand_id}/revisions/1/restore",
        author="Head TD",
        reason="the first upload was right after all",
    )
    assert response.status_code == 302 and response.location == f"/hands/{hand_id}"
    rows = store.revisions(hand_id)
    assert [r["number"] for r in rows] == [1, 2, 3]
    assert rows[2]["original_text"] == rows[0]["original_text"] == REVOKE_TOUR
    assert rows[2]["author"] == "Head TD"
    assert rows[2]["reason"] == "restores revision 1: the first upload was right after all"
    assert rows[2]["status"] == "flagged" and store.hand(hand_id)["revision"] == 3
    # audited as a correction, by the logged-in token, via the web
    last = store.audit_log("hand", hand_id)[-1]
    assert last["action"] == "correct" and last["detail"]["revision"] == 3
    assert "via the web" in last["actor"]
    # the hand and the attention list follow revision 3
    assert "Revision 1 restored as revision 3" in text_of(client.get(f"/hands/{hand_id}"))
    assert [a["hand_id"] for a in service.needs_director(store, tournament.id)] == [hand_id]
    assert sid == store.hand(hand_id)["session_id"]


def test_restoring_the_current_revision_is_refused(
    client: FlaskClient, store: Store, tournament: Tournament, corrected: tuple[int, int]
) -> None:
    _sid, hand_id = corrected
    login(client, tournament.token)
    assert "Restore revision" not in text_of(client.get(f"/hands/{hand_id}/revisions/2"))
    response = form(client, f"/hands/{hand_id}/revisions/2/restore", author="TD", reason="x")
    assert response.status_code == 422 and "current revision" in text_of(response)
    response = form(client, f"/hands/{hand_id}/revisions/1/restore", author="TD", reason=" ")
    assert response.status_code == 422
    assert len(store.revisions(hand_id)) == 2


def test_restoring_needs_the_tournaments_director_and_the_csrf_token(
    client: FlaskClient, store: Store, tournament: Tournament, corrected: tuple[int, int]
) -> None:
    _sid, hand_id = corrected
    path = f"/hands/{hand_id}/revisions/1/restore"
    assert form(client, path, author="TD", reason="x").status_code == 403
    other = store.create_tournament("Spring cup")
    login(client, store.create_token(other, "other director"))
    assert form(client, path, author="TD", reason="x").status_code == 403
    login(client, tournament.token)
    assert client.post(path, data={"author": "TD", "reason": "x"}).status_code == 400
    assert len(store.revisions(hand_id)) == 2


def test_a_private_tournaments_revisions_are_hidden(
    client: FlaskClient, store: Store, tournament: Tournament, corrected: tuple[int, int]
) -> None:
    _sid, hand_id = corrected
    store.set_private(tournament.id, True, "t")
    for path in ("revisions", "revisions/1", "revisions/diff"):
        assert client.get(f"/hands/{hand_id}/{path}").status_code == 404
    login(client, tournament.token)
    assert client.get(f"/hands/{hand_id}/revisions/diff").status_code == 200


def test_api_restores_a_revision(
    client: FlaskClient, store: Store, tournament: Tournament, corrected: tuple[int, int]
) -> None:
    _sid, hand_id = corrected
    base = f"/api/hands/{hand_id}/revisions"
    path = f"{base}/1/restore"
    body = {"author": "TD", "reason": "back to the first upload"}
    assert client.post(path, json=body).status_code == 401
    response = client.post(path, json=body, headers=tournament.headers)
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.get_json()["revision"] == 3
    assert response.get_json()["hand"]["status"] == "flagged"
    revisions = client.get(f"/api/hands/{hand_id}/revisions").get_json()
    assert revisions[-1]["reason"] == "restores revision 1: back to the first upload"
    again = client.post(f"{base}/3/restore", json=body, headers=tournament.headers)
    assert again.status_code == 422 and again.get_json()["code"] == "ALREADY_CURRENT"
    missing = client.post(f"{base}/9/restore", json=body, headers=tournament.headers)
    assert missing.status_code == 404
    empty = client.post(path, json={"author": "TD"}, headers=tournament.headers)
    assert empty.status_code == 422


# -- item 4: rulings withdrawn and amended ----------------------------------------------------
def rule(client: FlaskClient, tournament: Tournament, session_id: int, **extra) -> dict:
    body = {"amounts": REVOKE_RULING, "reason": "Anna's revoke (NICE-11)", "author": "TD"}
    response = client.post(
        f"/api/sessions/{session_id}/rulings", json={**body, **extra}, headers=tournament.headers
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def test_api_withdraws_a_ruling_and_the_ledger_no_longer_counts_it(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    standings = f"/api/tournaments/{tournament.id}/standings"
    before = client.get(standings).get_json()
    ruling = rule(client, tournament, session_id)
    assert ruling["kind"] == "ruling" and ruling["standing"] is True
    assert balances(client, session_id) == plus(REVOKE_RULING)
    assert client.get(standings).get_json() != before
    response = client.post(
        f"/api/sessions/{session_id}/rulings/{ruling['id']}/withdraw",
        json={"reason": "the revoke was not proven", "author": "Head TD"},
        headers=tournament.headers,
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    withdrawal = response.get_json()
    assert withdrawal["kind"] == "withdrawal" and withdrawal["replaces"] == ruling["id"]
    assert withdrawal["amounts"] == {} and withdrawal["standing"] is False
    assert balances(client, session_id) == SESSION_BALANCES
    # the kept standings follow the withdrawal (records.ledgers)
    assert client.get(standings).get_json() == before
    # both stay listed, the ruling with what withdrew it
    listed = client.get(f"/api/sessions/{session_id}/rulings").get_json()
    assert [(r["id"], r["standing"], r["replaced_by"]) for r in listed] == [
        (ruling["id"], False, withdrawal["id"]),
        (withdrawal["id"], False, None),
    ]
    assert listed[0]["amounts"] == REVOKE_RULING
    # the ledger has no ruling row any more
    rows = client.get(f"/api/sessions/{session_id}/ledger").get_json()["rows"]
    assert [row["kind"] for row in rows] == ["hand"] * 5
    # audited
    audit = client.get(f"/api/tournaments/{tournament.id}/audit", headers=tournament.headers)
    actions = [(a["action"], a["detail"].get("replaces")) for a in audit.get_json()]
    assert ("withdraw ruling", ruling["id"]) in actions


def test_api_amends_a_ruling_and_the_amendment_replaces_its_amounts(
    client: FlaskClient, tournament: Tournament, session_id: int, store: Store
) -> None:
    first_hand = store.hands(session_id)[0]["id"]
    ruling = rule(client, tournament, session_id, hand_id=first_hand)
    amended = {"Anna": -2, "Bruno": 2}
    response = client.post(
        f"/api/sessions/{session_id}/rulings/{ruling['id']}/amend",
        json={"amounts": amended, "reason": "one opponent only", "author": "TD"},
        headers=tournament.headers,
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    amendment = response.get_json()
    assert amendment["kind"] == "amendment" and amendment["standing"] is True
    assert amendment["hand_id"] == first_hand  # at the amended ruling's place
    assert balances(client, session_id) == plus(amended)
    ledger = client.get(f"/api/sessions/{session_id}/ledger").get_json()
    ruling_rows = [row for row in ledger["rows"] if row["kind"] == "ruling"]
    assert len(ruling_rows) == 1 and ledger["rows"][1] == ruling_rows[0]  # after hand 1
    # an amendment can be amended in turn; the first one then stands no more
    again = client.post(
        f"/api/sessions/{session_id}/rulings/{amendment['id']}/amend",
        json={"amounts": {"Anna": -1, "Bruno": 1}, "reason": "a lighter penalty", "author": "TD"},
        headers=tournament.headers,
    )
    assert again.status_code == 201
    assert balances(client, session_id) == plus({"Anna": -1, "Bruno": 1})


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"amounts": {"Anna": -2, "Bruno": 1}, "reason": "r", "author": "TD"}, "NOT_ZERO_SUM"),
        ({"amounts": {"Zoe": -1, "Anna": 1}, "reason": "r", "author": "TD"}, "UNKNOWN_PLAYER"),
        ({"amounts": {}, "reason": " ", "author": "TD"}, "MISSING_REASON"),
        ({"amounts": {}, "reason": "r", "author": "TD"}, "EMPTY_RULING"),
        ({"amounts": {"Anna": 0, "Bruno": -0}, "reason": "r", "author": "TD"}, "EMPTY_RULING"),
        ({"amounts": {"Anna": 1, "Bruno": -1}, "reason": "r", "author": "T\u202eD"}, "BAD_NAME"),
        ({"amounts": {"Anna": 1.5}, "reason": "r", "author": "TD"}, None),
    ],
)
def test_api_amendment_is_checked_like_a_ruling(
    client: FlaskClient, tournament: Tournament, session_id: int, body: dict, code: str | None
) -> None:
    ruling = rule(client, tournament, session_id)
    response = client.post(
        f"/api/sessions/{session_id}/rulings/{ruling['id']}/amend",
        json=body,
        headers=tournament.headers,
    )
    assert response.status_code == 422, response.get_data(as_text=True)
    if code:
        assert response.get_json()["code"] == code
    assert balances(client, session_id) == plus(REVOKE_RULING)


def test_api_only_a_standing_ruling_is_withdrawn_or_amended(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    ruling = rule(client, tournament, session_id)
    base = f"/api/sessions/{session_id}/rulings"
    body = {"reason": "r", "author": "TD"}
    withdrawal = client.post(
        f"{base}/{ruling['id']}/withdraw", json=body, headers=tournament.headers
    )
    assert withdrawal.status_code == 201
    again = client.post(f"{base}/{ruling['id']}/withdraw", json=body, headers=tournament.headers)
    assert again.status_code == 409 and again.get_json()["code"] == "NO_LONGER_STANDS"
    assert str(withdrawal.get_json()["id"]) in again.get_json()["message"]
    of_withdrawal = client.post(
        f"{base}/{withdrawal.get_json()['id']}/amend",
        json={**body, "amounts": {}},
        headers=tournament.headers,
    )
    assert of_withdrawal.status_code == 422 and of_withdrawal.get_json()["code"] == "NOT_A_RULING"
    assert (
        client.post(f"{base}/999/withdraw", json=body, headers=tournament.headers).status_code
        == 404
    )
    # a ruling of another session is not found through this one
    other = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 9", "t")
    elsewhere = f"/api/sessions/{other}/rulings/{ruling['id']}/withdraw"
    assert client.post(elsewhere, json=body, headers=tournament.headers).status_code == 404


def test_api_withdrawing_needs_the_tournaments_token(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    ruling = rule(client, tournament, session_id)
    path = f"/api/sessions/{session_id}/rulings/{ruling['id']}/withdraw"
    body = {"reason": "r", "author": "TD"}
    assert client.post(path, json=body).status_code == 401
    other = store.create_tournament("Spring cup")
    headers = {"Authorization": f"Bearer {store.create_token(other, 'x')}"}
    assert client.post(path, json=body, headers=headers).status_code == 403
    assert balances(client, session_id) == plus(REVOKE_RULING)


def test_openapi_documents_withdraw_amend_and_restore(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    paths = spec["paths"]
    assert "post" in paths["/api/sessions/{session_id}/rulings/{ruling_id}/withdraw"]
    assert "post" in paths["/api/sessions/{session_id}/rulings/{ruling_id}/amend"]
    assert "post" in paths["/api/hands/{hand_id}/revisions/{number}/restore"]
    ruling = spec["components"]["schemas"]["RulingOutRow"]["properties"]
    assert {"kind", "replaces", "replaced_by", "standing"} <= set(ruling)


def test_a_withdrawn_ruling_is_struck_through_on_the_session_page(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    login(client, tournament.token)
    amounts = {f"amount-{i}": str(REVOKE_RULING[p]) for i, p in enumerate(PLAYERS)}
    assert (
        form(
            client,
            f"/sessions/{session_id}/rulings",
            author="TD",
            reason="Anna's revoke (NICE-11)",
            **amounts,
        ).status_code
        == 302
    )
    [ruling] = store.rulings(session_id)
    page = text_of(client.get(f"/sessions/{session_id}"))
    assert f"Withdraw or amend ruling #{ruling['id']}" in page
    response = form(
        client,
        f"/sessions/{session_id}/rulings/{ruling['id']}/withdraw",
        author="Head TD",
        reason="the revoke was not proven",
    )
    assert response.status_code == 302
    assert response.location == f"/sessions/{session_id}#rulings"
    assert balances(client, session_id) == SESSION_BALANCES
    page = html.unescape(text_of(client.get(f"/sessions/{session_id}")))
    item = page[page.index(f'<li id="ruling-{ruling["id"]}"') :].split("</li>")[0]
    assert "<del><b>Anna -3, Bruno +1, Carla +1, Dario +1</b></del>" in item
    assert f'withdrawn by <a href="#ruling-{ruling["id"] + 1}">' in item
    assert "Withdraw or amend" not in item  # it no longer stands
    assert "withdraws <a" in page and "the revoke was not proven" in page


def test_a_director_amends_a_ruling_from_the_session_page(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    rid = service.add_ruling(
        store, session_id, REVOKE_RULING, "Anna's revoke (NICE-11)", "TD", None, "t"
    )
    path = f"/sessions/{session_id}/rulings/{rid}/amend"
    fields = {"amount-0": "-1", "amount-1": "1", "amount-2": "", "amount-3": "0"}
    # nobody logged in: 403, nothing stored
    assert form(client, path, author="TD", reason="r", **fields).status_code == 403
    login(client, tournament.token)
    bad = form(client, path, author="TD", reason="r", **{**fields, "amount-2": "x"})
    assert bad.status_code == 422 and "not a whole number" in text_of(bad)
    unbalanced = form(client, path, author="TD", reason="r", **{**fields, "amount-1": "2"})
    assert unbalanced.status_code == 422
    assert form(client, path, author="TD", reason="one marca", **fields).status_code == 302
    assert balances(client, session_id) == plus({"Anna": -1, "Bruno": 1})
    page = html.unescape(text_of(client.get(f"/sessions/{session_id}")))
    assert f'amends <a href="#ruling-{rid}">#{rid}</a>:</b>' in page
    assert "<b>Anna -1, Bruno +1</b>" in page


# -- item 7: sessions and tokens from the pages ----------------------------------------------
def test_a_director_opens_a_session_from_the_pages(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    login(client, tournament.token)
    assert f'href="/tournaments/{tournament.id}/sessions/new"' in text_of(
        client.get(f"/tournaments/{tournament.id}")
    )
    chooser = text_of(client.get(f"/tournaments/{tournament.id}/sessions/new"))
    assert 'name="game"' in chooser and 'name="player-0"' not in chooser
    seats = text_of(client.get(f"/tournaments/{tournament.id}/sessions/new?game=nice3"))
    assert 'name="player-2"' in seats and 'name="player-3"' not in seats
    assert "eldest when West deals" in seats and "eldest when South deals" in seats
    response = form(
        client,
        f"/tournaments/{tournament.id}/sessions/new",
        game="nice4",
        **{f"player-{i}": f" {p} " for i, p in enumerate(PLAYERS)},
        **{"option-first-lead": "declarer"},
        name="Round 3",
        table=" Table 4 ",
    )
    assert response.status_code == 302, text_of(response)
    [session] = store.sessions(tournament.id)
    assert response.location == f"/sessions/{session['id']}"
    assert session["players"] == PLAYERS and session["game"] == "nice4"
    assert session["options"] == {"first-lead": "declarer"}
    assert session["name"] == "Round 3" and session["table_name"] == "Table 4"
    assert "via the web" in store.audit_log("session", session["id"])[0]["actor"]
    # a record of those players now goes into it
    assert service.upload(store, session["id"], CALLED_KING, "t")[0].status == "clean"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"game": "tarocchino"}, "choose one of the games"),
        ({"player-1": "anna"}, "different player names"),
        ({"option-first-lead": "nobody"}, "first-lead"),
        ({"table": "x" * 41}, "at most 40 characters"),
    ],
)
def test_opening_a_session_refuses_bad_input(
    client: FlaskClient, store: Store, tournament: Tournament, fields: dict, message: str
) -> None:
    login(client, tournament.token)
    players = {f"player-{i}": p for i, p in enumerate(PLAYERS)}
    response = form(
        client,
        f"/tournaments/{tournament.id}/sessions/new",
        **{"game": "nice4", **players, **fields},
    )
    assert response.status_code == 422
    page = html.unescape(text_of(response))
    assert message in page and 'role="alert"' in page
    if "game" not in fields:
        assert 'value="Carla"' in page  # what was typed is kept
    assert store.sessions(tournament.id) == []


def test_opening_a_session_needs_the_tournaments_director(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    path = f"/tournaments/{tournament.id}/sessions/new"
    players = {f"player-{i}": p for i, p in enumerate(PLAYERS)}
    assert client.get(path).status_code == 403
    assert form(client, path, game="nice4", **players).status_code == 403
    other = store.create_tournament("Spring cup")
    login(client, store.create_token(other, "other"))
    assert form(client, path, game="nice4", **players).status_code == 403
    login(client, tournament.token)
    assert client.post(path, data={"game": "nice4", **players}).status_code == 400  # no CSRF
    assert store.sessions(tournament.id) == []


def test_a_new_token_is_shown_once_and_works(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    login(client, tournament.token)
    response = form(client, f"/tournaments/{tournament.id}/tokens", label="table 3 scorer")
    assert response.status_code == 201
    [token] = re.findall(r'id="token-text">(tar_[\w-]+)<', text_of(response))
    assert "shown this once" in text_of(response)
    # kept only as a hash; the list no longer shows it
    row = store.token_row(token)
    assert row is not None and row["label"] == "table 3 scorer"
    assert row["token_hash"] == hash_token(token)
    listing = text_of(client.get(f"/tournaments/{tournament.id}/tokens"))
    assert token not in listing and "table 3 scorer" in listing
    # it directs the tournament through the API
    made = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={"game": "nice4", "players": PLAYERS},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert made.status_code == 201
    for label in ("  ", "x" * 201):
        refused = form(client, f"/tournaments/{tournament.id}/tokens", label=label)
        assert refused.status_code == 422 and "at most 200 characters" in text_of(refused)
    assert len(store.tokens(tournament.id)) == 2


def test_a_revoked_token_no_longer_works(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    second = store.create_token(tournament.id, "deputy")
    second_id = store.token_row(second)["id"]
    login(client, tournament.token)
    response = form(client, f"/tournaments/{tournament.id}/tokens/{second_id}/revoke")
    assert response.status_code == 302
    assert store.token_row(second) is None
    listing = text_of(client.get(f"/tournaments/{tournament.id}/tokens"))
    assert "revoked " in listing
    refused = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={"game": "nice4", "players": PLAYERS},
        headers={"Authorization": f"Bearer {second}"},
    )
    assert refused.status_code == 401
    # revoking it again (the form sent twice) is harmless: no second revocation (#30.1)
    again = form(client, f"/tournaments/{tournament.id}/tokens/{second_id}/revoke")
    assert again.status_code == 302
    audit = store.audit_log("token", second_id)
    assert [a["action"] for a in audit] == ["create", "revoke"]
    assert "via the web" in audit[-1]["actor"]


def test_revoking_ones_own_token_logs_one_out(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    login(client, tournament.token)
    own = store.token_row(tournament.token)["id"]
    response = form(client, f"/tournaments/{tournament.id}/tokens/{own}/revoke")
    assert response.status_code == 302 and response.location == "/"
    assert client.get(f"/tournaments/{tournament.id}/tokens").status_code == 403


def test_tokens_are_the_tournaments_directors_alone(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    other = store.create_tournament("Spring cup")
    other_token = store.create_token(other, "other")
    other_id = store.token_row(other_token)["id"]
    assert client.get(f"/tournaments/{tournament.id}/tokens").status_code == 403
    assert form(client, f"/tournaments/{tournament.id}/tokens", label="x").status_code == 403
    login(client, tournament.token)
    # a token of another tournament is not revoked through this one
    revoke = form(client, f"/tournaments/{tournament.id}/tokens/{other_id}/revoke")
    assert revoke.status_code == 404
    assert store.token_row(other_token) is not None
    assert client.get(f"/tournaments/{other}/tokens").status_code == 403
    assert (
        client.post(f"/tournaments/{tournament.id}/tokens", data={"label": "no csrf"}).status_code
        == 400
    )
    assert len(store.tokens(tournament.id)) == 1


def test_a_director_makes_the_tournament_private_and_public_again(
    client: FlaskClient, store: Store, tournament: Tournament, app
) -> None:
    path = f"/tournaments/{tournament.id}/privacy"
    assert form(client, path, private="1").status_code == 403
    login(client, tournament.token)
    assert "Make it private" in text_of(client.get(f"/tournaments/{tournament.id}"))
    assert form(client, path, private="1").status_code == 302
    assert store.tournament(tournament.id)["private"] == 1
    assert app.test_client().get(f"/tournaments/{tournament.id}").status_code == 404
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    assert "The tournament is now private." in page and "Make it public" in page
    assert form(client, path, private="0").status_code == 302
    assert app.test_client().get(f"/tournaments/{tournament.id}").status_code == 200
    actions = [(a["action"], a["detail"]) for a in store.audit_log("tournament", tournament.id)]
    assert actions[-2:] == [("update", {"private": True}), ("update", {"private": False})]


# -- item 1: a preview before storing ------------------------------------------------------
# called-king with trick 1 "7 9 9 11": Carla's 3 replaced by a second 9, invalid (G-2)
DUPLICATE_CARD = CALLED_KING.replace("1. 7 9 3 11", "1. 7 9 9 11")


def store_form(client: FlaskClient, sid: int, text: str, action: str, **extra: str):
    return form(client, "/verify", text=text, action=action, session_id=str(sid), **extra)


def test_verify_and_store_previews_without_storing(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = service.create_session(
        store, tournament.id, "nice4", PLAYERS, {"first-lead": "declarer"}, "Round 4", "t"
    )
    login(client, tournament.token)
    assert 'name="action" value="preview">Verify and store' in text_of(client.get("/verify"))
    response = store_form(client, sid, f"{REVOKE_TOUR}\n{CALLED_KING}", "preview")
    assert response.status_code == 200 and store.hands(sid) == []
    page = html.unescape(text_of(response))
    preview = page[page.index('class="preview"') :].split("</section>")[0]
    assert "About to store in Round 4" in preview and "2 new hands" in preview
    assert "<code>first-lead=declarer</code>" in preview  # the session's options, not the form's
    # each verdict as it will be stored: under the session's first-lead=declarer the revoked
    # tour is not what it is under the default (the form's options field is left empty)
    expected = [
        dump_report(c.report)["status"]
        for c in check_text(f"{REVOKE_TOUR}\n{CALLED_KING}", options={"first-lead": "declarer"})
    ]
    assert expected[0] != dump_report(check_text(REVOKE_TOUR)[0].report)["status"]
    assert re.findall(r'status-(\w+)">', preview) == expected == ["invalid", "clean"]
    row = preview[preview.index('id="preview-record-2"') :].split("</tr>")[0]
    payments = re.findall(r'<td class="num (?:pos|neg|)">([^<]*)</td>', row)
    assert payments == [f"{KING_PAYS[p]:+d}" if KING_PAYS[p] else "0" for p in PLAYERS]
    assert "Payments in marca" in preview
    assert 'name="confirm" value="1" required' in preview
    assert '<button type="submit" name="action" value="store" class="primary">Store 2 hands' in (
        preview
    )
    stored = store_form(client, sid, f"{REVOKE_TOUR}\n{CALLED_KING}", "store", confirm="1")
    assert stored.status_code == 302
    assert [h["status"] for h in store.hands(sid)] == expected


def test_a_clean_or_flagged_record_needs_no_confirmation(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 8", "t")
    login(client, tournament.token)
    page = html.unescape(text_of(store_form(client, sid, REVOKE_TOUR, "preview")))
    preview = page[page.index('class="preview"') :].split("</section>")[0]
    assert re.findall(r'status-(\w+)">', preview) == ["flagged"]
    assert 'name="confirm"' not in preview and "Store 1 hand<" in preview
    assert "MUST_FOLLOW_TRUMPS" in page  # the findings are on the page, as on Verify
    stored = store_form(client, sid, REVOKE_TOUR, "store")
    assert stored.status_code == 302 and len(store.hands(sid)) == 1
    landing = text_of(client.get(stored.location))
    assert '<li class="flash-message">Stored 1 hand in Round 8.</li>' in landing


def test_an_invalid_record_is_stored_only_once_confirmed(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 5", "t")
    login(client, tournament.token)
    preview = html.unescape(text_of(store_form(client, sid, DUPLICATE_CARD, "preview")))
    assert "Record 1 is <b>invalid</b>" in preview and "not scored in the ledger" in preview
    assert 'name="confirm" value="1" required' in preview
    # storing without the box ticked stores nothing and says why
    refused = store_form(client, sid, DUPLICATE_CARD, "store")
    assert refused.status_code == 422 and store.hands(sid) == []
    assert "nothing was stored: record 1 is invalid" in html.unescape(text_of(refused))
    confirmed = store_form(client, sid, DUPLICATE_CARD, "store", confirm="1")
    assert confirmed.status_code == 302
    [hand] = store.hands(sid)
    assert hand["status"] == "invalid"
    # not a green "Stored": a warning that it needs a director
    landing = html.unescape(text_of(client.get(confirmed.location)))
    assert (
        '<li class="flash-warning">Stored 1 hand in Round 5; record 1 is invalid: '
        "it needs a director.</li>"
    ) in landing


def test_a_partial_record_among_others_needs_confirmation(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 6", "t")
    partial = "\n".join(
        line for line in CALLED_KING.splitlines() if not line.startswith("hand ")
    ).replace("19. AC 8 10D CC", "19. AC 8 ? CC")
    assert dump_report(check_text(partial)[0].report)["status"] == "partial"
    login(client, tournament.token)
    text = f"{REVOKE_TOUR}\n{partial}"
    refused = store_form(client, sid, text, "store")
    assert refused.status_code == 422 and store.hands(sid) == []
    assert "record 2 is partial" in html.unescape(text_of(refused))
    assert store_form(client, sid, text, "store", confirm="1").status_code == 302
    assert [h["status"] for h in store.hands(sid)] == ["flagged", "partial"]
    # the same records again: duplicates only, nothing to confirm or store
    again = html.unescape(text_of(store_form(client, sid, text, "preview")))
    assert "0 new hands; 2 already in the session" in again
    assert "Nothing new to store" in again and 'name="confirm"' not in again


def test_a_preview_refuses_what_upload_refuses(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 7", "t")
    login(client, tournament.token)
    wrong = store_form(client, sid, CALLED_KING.replace("Dario", "Ezio"), "preview")
    assert wrong.status_code == 422 and "nothing was stored" in text_of(wrong)
    assert 'class="preview"' not in text_of(wrong)
