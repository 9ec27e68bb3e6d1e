"""Hands in progress parked in a session by a director (#34.1): the API
(``/api/sessions/{id}/drafts``, ``/api/drafts/{id}``) and the entry page's "Park in the
session" (``POST /enter/park``, ``/enter?parked=ID``). Every change names the version it was
based on: a stale one is refused (412) with what changed, and nothing is written; only the
session's director may park, read or change; a text that is not one record of the session's
game and players is a 422, never a 500; a parked draft is no hand (the session's hands and
ledger do not change).
"""

from __future__ import annotations

import re

import pytest
from conftest import Tournament
from flask.testing import FlaskClient
from test_pages import csrf, login

from records import service
from records.store import Store

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
TAGS = '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Bruno"]\n'
DRAFT = TAGS + "hand Anna: KS 3S\n"
MORE = DRAFT + "hand Bruno: 4S\n"


@pytest.fixture
def session_id(store: Store, tournament: Tournament) -> int:
    return service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 1", "t")


def park(client: FlaskClient, sid: int, tournament: Tournament, text: str = DRAFT):
    return client.post(
        f"/api/sessions/{sid}/drafts", json={"text": text}, headers=tournament.headers
    )


# -- the API ----------------------------------------------------------------------------------
def test_a_draft_is_parked_read_changed_and_deleted(
    client: FlaskClient, tournament: Tournament, session_id: int, store: Store
) -> None:
    made = park(client, session_id, tournament)
    assert made.status_code == 201
    draft = made.get_json()
    assert draft["text"] == DRAFT and draft["revision"] == 1
    assert made.headers["ETag"] == f'"{draft["version"]}"'
    listed = client.get(f"/api/sessions/{session_id}/drafts", headers=tournament.headers)
    assert [d["id"] for d in listed.get_json()] == [draft["id"]]
    url = f"/api/drafts/{draft['id']}"
    changed = client.put(
        url, json={"text": MORE}, headers={**tournament.headers, "If-Match": made.headers["ETag"]}
    )
    assert changed.status_code == 200 and changed.get_json()["revision"] == 2
    assert client.get(url, headers=tournament.headers).get_json()["text"] == MORE
    gone = client.delete(url, headers={**tournament.headers, "If-Match": changed.headers["ETag"]})
    assert gone.status_code == 204
    assert client.get(url, headers=tournament.headers).status_code == 404
    assert store.hands(session_id) == []  # a parked draft is no hand


def test_a_stale_change_is_refused_and_nothing_is_written(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    made = park(client, session_id, tournament)
    url = f"/api/drafts/{made.get_json()['id']}"
    first = {**tournament.headers, "If-Match": made.headers["ETag"]}
    assert client.put(url, json={"text": MORE}, headers=first).status_code == 200
    stale = client.put(url, json={"text": DRAFT}, headers=first)  # based on revision 1 again
    assert stale.status_code == 412
    body = stale.get_json()
    assert "changed since revision 1" in body["message"] and body["current"].endswith("-r2")
    assert client.get(url, headers=tournament.headers).get_json()["text"] == MORE
    assert client.delete(url, headers=first).status_code == 412


def test_only_the_sessions_director_may_park(
    client: FlaskClient, tournament: Tournament, session_id: int, store: Store
) -> None:
    assert (
        client.post(f"/api/sessions/{session_id}/drafts", json={"text": DRAFT}).status_code == 401
    )
    other = store.create_tournament("Other cup")
    stranger = Tournament(other, store.create_token(other, "someone else"))
    assert park(client, session_id, stranger).status_code == 403
    made = park(client, session_id, tournament).get_json()
    assert client.get(f"/api/drafts/{made['id']}", headers=stranger.headers).status_code == 403
    assert client.get(f"/api/sessions/{session_id}/drafts").status_code == 401


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (TAGS.replace("nice4", "nice3").replace(", Dario", ""), "NOT_THIS_SESSION"),
        (TAGS.replace("Dario", "Zeno"), "NOT_THIS_SESSION"),
        (TAGS + "hand Anna: KS 3X\n", "NOTATION"),
        (TAGS + "\n" + TAGS, "ONE_RECORD"),
    ],
)
def test_a_text_that_is_no_draft_of_the_session_is_422(
    client: FlaskClient, tournament: Tournament, session_id: int, text: str, code: str
) -> None:
    response = park(client, session_id, tournament, text)
    assert response.status_code == 422 and response.get_json()["code"] == code


@pytest.mark.parametrize(
    "payload", [{}, {"text": ""}, {"text": 3}, {"text": "x" * (256 * 1024 + 1)}]
)
def test_bad_bodies_are_refused_not_crashed(
    client: FlaskClient, tournament: Tournament, session_id: int, store: Store, payload: object
) -> None:
    response = client.post(
        f"/api/sessions/{session_id}/drafts", json=payload, headers=tournament.headers
    )
    assert response.status_code in (400, 413, 422), response.status_code
    assert store.parked_drafts([session_id]) == []


def test_unknown_drafts_and_sessions_are_404(client: FlaskClient, tournament: Tournament) -> None:
    for url in ("/api/drafts/999", f"/api/drafts/{2**70}"):
        response = client.get(url, headers=tournament.headers)
        assert response.status_code == 404
        assert "no parked draft" in response.get_json()["message"]
    assert park(client, 999, tournament).status_code == 404


# -- the entry page -----------------------------------------------------------------------------
def test_the_page_parks_a_draft_and_opens_it_again(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    login(client, tournament.token)
    form = {"csrf_token": csrf(client, "/enter"), "session_id": str(session_id), "text": DRAFT}
    response = client.post("/enter/park", data={**form, "draft": "abc123"})
    assert response.status_code == 302
    location = response.headers["Location"]
    match = re.search(r"parked=(\d+)", location)
    assert match and "draft=abc123" in location
    page = client.get(f"/enter?parked={match.group(1)}").get_data(as_text=True)
    assert "hand Anna: KS 3S" in page  # the text in the editor
    version = re.search(r'name="version" value="([^"]+)"', page)
    assert version and version.group(1) == f"draft-{match.group(1)}-r1"
    assert f"Draft {match.group(1)}</a> in Round 1" in page
    # parked again from that page: replaced, then a stale second try is refused
    again = {**form, "text": MORE, "parked_id": match.group(1), "version": version.group(1)}
    assert client.post("/enter/park", data=again).status_code == 302
    assert "Parked in Round 1" in client.get("/enter").get_data(as_text=True)
    client.post("/enter/park", data={**again, "text": DRAFT})
    warned = client.get("/enter").get_data(as_text=True)
    assert "Nothing was parked" in warned and "changed since revision 1" in warned
    drafts = client.get(f"/api/sessions/{session_id}/drafts", headers=tournament.headers)
    assert [d["text"] for d in drafts.get_json()] == [MORE]


def test_the_page_refuses_to_park_for_someone_else(
    client: FlaskClient, tournament: Tournament, session_id: int, store: Store
) -> None:
    other = store.create_tournament("Other cup")
    login(client, store.create_token(other, "someone else"))
    form = {"csrf_token": csrf(client, "/enter"), "session_id": str(session_id), "text": DRAFT}
    assert client.post("/enter/park", data=form).status_code == 403
    bad = {**form, "session_id": "99999999999999999999"}
    assert client.post("/enter/park", data=bad).status_code == 302
    assert client.post("/enter/park", data={**form, "session_id": "777"}).status_code == 302
    assert store.parked_drafts([session_id]) == []
