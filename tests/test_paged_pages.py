"""Pages that stay small as a session grows (#31.3): the score sheet comes in pages of
:data:`web.present.SHEET_PAGE` entries (the last one by default, where a live session's newest
hands are), each carrying the balances brought forward; the chart draws at most
:data:`web.present.CHART_POINTS` entries; a long session's ruling form takes a hand's number
instead of listing every hand. A session of 3,000 hands makes a page under 200 KB (it was
3.3 MB).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from conftest import Tournament
from flask import Flask
from flask.testing import FlaskClient
from test_pages import login, text_of

from records import service
from records.store import Store
from records.writer import write_many
from scorer.games import GAMES
from web import create_app, present

HANDS = 3000


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, Store, Tournament]]:
    """One app and database for the module, holding a session of 3,000 random hands (made
    once: uploading them takes a few seconds)."""
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("long") / "t.sqlite")}
    )
    store = Store(app.config["DATABASE"])
    tid = store.create_tournament("Long cup")
    tournament = Tournament(tid, store.create_token(tid, "TD"))
    records = GAMES["nice4"].random_session(random.Random(31), HANDS)
    sid = service.create_session(store, tid, "nice4", list(records[0].players), {}, "Long", "t")
    for start in range(0, HANDS, 1000):
        service.upload(store, sid, write_many(records[start : start + 1000]), "t")
    app.config["LONG_SESSION"] = sid
    yield app, store, tournament
    store.close()


@pytest.fixture
def client(world) -> FlaskClient:
    return world[0].test_client()


@pytest.fixture
def store(world) -> Store:
    return world[1]


@pytest.fixture
def tournament(world) -> Tournament:
    return world[2]


@pytest.fixture
def long_session(world) -> int:
    return world[0].config["LONG_SESSION"]


def test_a_3000_hand_session_page_is_under_200_kb(
    client: FlaskClient, store: Store, tournament: Tournament, long_session: int
) -> None:
    login(client, tournament.token)  # a director's page: the largest (its forms), not gzipped
    page = client.get(f"/sessions/{long_session}")
    assert page.status_code == 200
    body = page.get_data()
    assert len(body) < 200_000, len(body)
    text = body.decode()
    ledger = service.session_ledger(store, long_session)
    pages = -(-len(ledger.rows) // present.SHEET_PAGE)
    assert f"page {pages} of {pages}" in text  # the last page, the newest hands
    assert f'<a href="/hands/{store.hands(long_session)[-1]["id"]}">{HANDS}</a>' in text
    assert "brought forward" in text
    assert 'name="hand_position"' in text and "<option" not in text.split("add-ruling")[1][:4000]
    # the final balances at the foot are the whole session's
    finals = [int(x) for x in re.findall(r'<b class="final">(-?\d+)</b>', text)]
    assert finals == list(ledger.balances)


def test_any_page_or_hand_can_be_asked_for(
    client: FlaskClient, store: Store, long_session: int
) -> None:
    ledger = service.session_ledger(store, long_session)
    first = text_of(client.get(f"/sessions/{long_session}?page=1"))
    assert "starting stake" in first and 'rel="next"' in first and 'rel="prev"' not in first
    hand_page = text_of(client.get(f"/sessions/{long_session}?hand=1234"))
    hand_id = store.hands(long_session, positions=(1234, 1234))[0]["id"]
    assert f'<a href="/hands/{hand_id}">1234</a>' in hand_page
    number = present.page_of_hand(ledger, 1234)
    assert f"page {number} of" in hand_page
    # what a page brings forward is what the entry before it left
    before = ledger.rows[(number - 1) * present.SHEET_PAGE - 1].balances
    opening = hand_page.split('class="start"')[1].split("</tr>")[0]
    assert [int(x) for x in re.findall(r'<span class="bal">(-?\d+)</span>', opening)] == list(
        before
    )


def test_a_ruling_after_a_hand_by_its_number(
    client: FlaskClient, store: Store, tournament: Tournament, long_session: int
) -> None:
    login(client, tournament.token)
    page = text_of(client.get(f"/sessions/{long_session}"))
    key = re.search(r'name="form_key" value="([^"]+)"', page).group(1)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    players = store.session(long_session)["players"]
    fields = {f"amount-{i}": str(a) for i, a in enumerate((1, -1, 0, 0))}
    sent = client.post(
        f"/sessions/{long_session}/rulings",
        data={
            "csrf_token": token,
            "form_key": key,
            "hand_position": "7",
            "author": "TD",
            "reason": "slow play",
            **fields,
        },
    )
    assert sent.status_code == 302
    [ruling] = service.session_rulings(store, long_session)
    assert ruling["hand_id"] == store.hands(long_session, positions=(7, 7))[0]["id"]
    assert ruling["amounts"] == {players[0]: 1, players[1]: -1}


def test_a_chart_draws_at_most_its_points() -> None:
    assert present._sampled(10, 120) == list(range(10))
    sampled = present._sampled(3001, 120)
    assert len(sampled) == 120 and sampled[0] == 0 and sampled[-1] == 3000
    assert sampled == sorted(set(sampled))


def test_exports_stream_a_batch_of_hands_at_a_time(
    client: FlaskClient, long_session: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every export of a session is streamed, its records read 500 hands at a time, so its
    memory does not grow with the session."""
    reads: list[tuple[int, int] | None] = []
    real = Store.hands

    def counted(self, session_id, *, full=False, positions=None):
        reads.append(positions)
        return real(self, session_id, full=full, positions=positions)

    monkeypatch.setattr(Store, "hands", counted)
    notation = client.get(f"/api/sessions/{long_session}/export?format=notation")
    assert notation.is_streamed
    text = notation.get_data(as_text=True)
    assert text.count('[Game "nice4"]') == HANDS
    assert reads == [(1 + 500 * i, 500 * (i + 1)) for i in range(HANDS // 500 + 1)]
    exported = client.get(f"/api/sessions/{long_session}/export?format=json")
    assert exported.is_streamed and len(exported.get_json()["records"]) == HANDS
    csv = client.get(f"/api/sessions/{long_session}/export?format=csv")
    assert csv.is_streamed and csv.get_data(as_text=True).count("\n") >= HANDS + 1


def test_the_hands_list_and_the_audit_log_come_a_page_at_a_time(
    client: FlaskClient, tournament: Tournament, long_session: int
) -> None:
    first = client.get(f"/api/sessions/{long_session}/hands").get_json()
    assert [h["position"] for h in first] == list(range(1, 1001))  # the first 1,000
    tail = client.get(f"/api/sessions/{long_session}/hands?offset=2990&limit=50").get_json()
    assert [h["position"] for h in tail] == list(range(2991, HANDS + 1))
    refused = client.get(f"/api/sessions/{long_session}/hands?limit=0")
    assert refused.status_code == 422
    path = f"/api/tournaments/{tournament.id}/audit"
    log = client.get(f"{path}?limit=10000", headers=tournament.headers).get_json()
    assert len(log) > HANDS  # a line per hand stored, and the tournament's own
    page = client.get(f"{path}?offset=5&limit=3", headers=tournament.headers).get_json()
    assert page == log[5:8]


def test_the_attention_list_draws_its_first_hundred(
    client: FlaskClient, tournament: Tournament, long_session: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tournament with hundreds of hands waiting for a director draws the first 100 and
    counts the rest (the API lists them all)."""
    waiting = [
        {
            "hand_id": number,
            "session_id": long_session,
            "position": number,
            "status": "flagged",
            "flagged_status": "flagged",
            "finding": None,
            "dealt_with": None,
        }
        for number in range(1, 131)
    ]
    monkeypatch.setattr(service, "needs_director", lambda store, tid: waiting)
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    assert page.count('<li data-hand="') == 100
    assert "and 30 more waiting" in page
    assert f'href="/api/tournaments/{tournament.id}/attention"' in page
