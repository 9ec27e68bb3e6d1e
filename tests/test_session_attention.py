"""A session's own violations reach the director (#32.11): before storing and after.

A hand dealt out of turn (G-6) is no hand's verdict: each record is clean, and only the
session's ledger, which puts the hands in order, says that the second was dealt by the wrong
player. The attention list read only the hands' verdicts ("None waiting"), and the upload
preview showed only each record's: the director stored the hand without seeing it and never
found it on the list. Now the preview says what the session's ledger will find about each new
record, and the attention list carries the session's findings (``scope: session``) until a
ruling naming the hand deals with it or a correction takes the finding away.

``called-king.txt`` (nice4, clean) stored twice: the same dealer deals twice running.
"""

from __future__ import annotations

import html
from pathlib import Path

from browserkit import PLAYERS
from conftest import Tournament
from flask.testing import FlaskClient
from test_director_pages import store_form
from test_pages import login, text_of

from records import service
from records.store import Store

ROOT = Path(__file__).resolve().parent.parent
CALLED_KING = (ROOT / "examples" / "nice4" / "called-king.txt").read_text()


def twice(store: Store, tournament: Tournament) -> tuple[int, list[int]]:
    """A session holding called-king.txt twice (stored as a hand played twice)."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 1", "t")
    results = service.upload(
        store, sid, f"{CALLED_KING}\n{CALLED_KING}", "t", allow_duplicates=True
    )
    return sid, [r.hand_id for r in results]


def test_a_deal_out_of_turn_is_on_the_attention_list(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid, (first, second) = twice(store, tournament)
    assert [h["status"] for h in store.hands(sid)] == ["clean", "clean"]
    [entry] = service.needs_director(store, tournament.id)
    assert (entry["hand_id"], entry["scope"], entry["dealt_with"]) == (second, "session", None)
    assert entry["finding"]["code"] == "DEALER_OUT_OF_TURN" and entry["finding"]["rule"] == "G-6"
    assert entry["flagged_status"] == "flagged" and entry["status"] == "clean"

    # the API and the tournament's page show it
    listed = client.get(f"/api/tournaments/{tournament.id}/attention").get_json()
    assert [(a["hand_id"], a["scope"]) for a in listed] == [(second, "session")]
    page = html.unescape(text_of(client.get(f"/tournaments/{tournament.id}")))
    assert "None waiting" not in page
    assert 'data-scope="session"' in page and "DEALER_OUT_OF_TURN" not in page  # its sentence
    assert entry["finding"]["message"] in page

    # a ruling naming the hand deals with it
    service.add_ruling(
        store,
        sid,
        {p: 0 for p in PLAYERS} | {"Anna": 1, "Bruno": -1},
        "dealt out of turn, agreed",
        "TD",
        second,
        "t",
    )
    [entry] = service.needs_director(store, tournament.id)
    assert entry["dealt_with"] is not None and entry["dealt_with"]["by"] == "ruling"
    assert first != second


def test_the_upload_preview_shows_the_sessions_finding_before_storing(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 2", "t")
    service.upload(store, sid, CALLED_KING, "t")
    [preview] = service.preview_upload(store, sid, CALLED_KING)
    assert preview.duplicate and preview.session_findings == ()  # (not stored again)
    login(client, tournament.token)
    sid2 = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 3", "t")
    records = service.preview_upload(store, sid2, f"{CALLED_KING}\n{CALLED_KING}")
    assert [p.status for p in records] == ["clean", "clean"]
    assert records[0].session_findings == ()
    [finding] = records[1].session_findings
    assert finding["code"] == "DEALER_OUT_OF_TURN" and finding["rule"] == "G-6"
    page = html.unescape(
        text_of(store_form(client, sid2, f"{CALLED_KING}\n{CALLED_KING}", "preview"))
    )
    preview_part = page[page.index('class="preview"') :].split("</section>")[0]
    assert "The session's ledger, once stored: DEALER_OUT_OF_TURN [G-6]" in preview_part
    assert finding["message"] in preview_part
    assert store.hands(sid2) == []  # nothing stored by a preview
