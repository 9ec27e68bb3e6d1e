"""A JSON body whose strings are not text (a lone UTF-16 surrogate, ``"\\ud800"``) is refused
with 400 ``NOT_TEXT`` and the place, before anything is stored (``web/bodies.py``). It used
to reach SQLite, which cannot encode it, and give a 500."""

from __future__ import annotations

from flask.testing import FlaskClient
from test_api import PLAYERS, SOLO_SANS_PRENDRE, assert_error, new_session, upload

from records.store import Store

LONE = '"\\ud800"'  # JSON for a string of one high surrogate
PAIR = '"\\ud83d\\ude00"'  # JSON for one emoji, written as its surrogate pair


def post_raw(client: FlaskClient, url: str, body: str, headers: dict | None = None):
    return client.post(url, data=body, content_type="application/json", headers=headers or {})


def test_a_lone_surrogate_anywhere_in_a_body_is_refused_with_its_path(
    client: FlaskClient, store: Store, tournament
) -> None:
    url = f"/api/tournaments/{tournament.id}/sessions"
    players = ", ".join(f'"{p}"' for p in PLAYERS)
    cases = {
        f'{{"game": "nice4", "players": [{players}], "name": {LONE}}}': "$.name",
        f'{{"game": "nice4", "players": ["A", "B", "C", {LONE}]}}': "$.players[3]",
        f'{{"game": "nice4", "players": [{players}], {LONE}: 1}}': "$ (a key)",
    }
    for body, path in cases.items():
        response = post_raw(client, url, body, tournament.headers)
        error = assert_error(response, 400, "NOT_TEXT")
        assert error["message"].startswith(f"{path} holds a lone UTF-16 surrogate at character 1")
    assert store.sessions(tournament.id) == []  # nothing stored


def test_upload_ruling_and_verify_refuse_it_too_and_stored_hands_stay(
    client: FlaskClient, store: Store, tournament
) -> None:
    session_id = new_session(client, tournament)
    upload(client, tournament, session_id, SOLO_SANS_PRENDRE)
    before = client.get(f"/api/sessions/{session_id}/hands").get_json()
    for url, body in (
        (f"/api/sessions/{session_id}/hands", '{"text": "[Game \\"nice4\\"]\\ud800"}'),
        (
            f"/api/sessions/{session_id}/rulings",
            '{"amounts": {"Anna": 1, "Bruno": -1}, "reason": ' + LONE + "}",
        ),
        ("/api/verify", '{"text": "x' + LONE[1:] + "}"),
    ):
        response = post_raw(client, url, body, tournament.headers)
        assert_error(response, 400, "NOT_TEXT")
    assert client.get(f"/api/sessions/{session_id}/hands").get_json() == before


def test_surrogate_pairs_are_text_and_pass(client: FlaskClient, tournament) -> None:
    url = f"/api/tournaments/{tournament.id}/sessions"
    players = ", ".join(f'"{p}"' for p in PLAYERS)
    body = f'{{"game": "nice4", "players": [{players}], "name": {PAIR}}}'
    response = post_raw(client, url, body, tournament.headers)
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.get_json()["name"] == "\U0001f600"


def test_an_escaped_backslash_before_u_is_not_an_escape(client: FlaskClient) -> None:
    """``"\\\\ud800"`` is a backslash and the letters ud800: text, verified as usual."""
    response = post_raw(client, "/api/verify", '{"text": "\\\\ud800"}')
    assert response.status_code == 200
