"""Two changes of one thing at once, against the real server (#30.1): ``tarocco serve``
(gunicorn, two workers of four threads, SQLite in WAL mode) and two client threads released
together by a barrier, ten times for each kind of race:

* two amendments of one ruling;
* an amendment and a withdrawal of one ruling;
* two corrections of one hand.

Exactly one of the two wins each time (201); the other is refused (409 without If-Match,
412 with a stale one) with what the winner did, and the ledger counts the winner once. Half
of the ruling races send ``If-Match``, half none (a ruling is replaced once, whatever is
sent); both corrections send the version they read, as two directors who opened the hand.
Before #30 both were stored (201 and 201) and the ledger paid an amendment twice.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from functools import partial

import pytest
from browserkit import PLAYERS, REVOKE_TOUR, SESSION_BALANCES, SESSION_TEXT
from serverkit import Served, serving
from test_director_pages import CALLED_KING, KING_PAYS, REVOKE_PAYS

from records import service
from records.store import Store

RACES = 10
RULING = {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1}


def call(
    method: str, url: str, body: dict | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict, str | None]:
    """One JSON request: its status, decoded body and ETag."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read()), response.headers.get("ETag")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}"), exc.headers.get("ETag")


def at_once(*requests: Callable[[], tuple[int, dict, str | None]]) -> list[tuple[int, dict]]:
    """Run the requests on threads released together by a barrier; their answers in order."""
    barrier = threading.Barrier(len(requests))
    answers: list[tuple[int, dict] | None] = [None] * len(requests)

    def run(index: int) -> None:
        barrier.wait()
        status, body, _etag = requests[index]()
        answers[index] = (status, body)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    with serving(tmp_path_factory.mktemp("races")) as server:
        yield server


@pytest.fixture(scope="module")
def table(served: Served) -> dict:
    """A tournament, its token and a session of session.txt's five hands, on the server's
    database."""
    store = Store(str(served.db))
    tid = store.create_tournament("Race cup")
    token = store.create_token(tid, "TD")
    sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "Round 1", "t")
    service.upload(store, sid, SESSION_TEXT, "t")
    store.close()
    return {"token": token, "session": sid, "auth": {"Authorization": f"Bearer {token}"}}


def _balances(served: Served, session_id: int) -> dict[str, int]:
    status, ledger, _ = call("GET", f"{served.base}/api/sessions/{session_id}/ledger")
    assert status == 200
    return ledger["balances"]


def _one_wins(answers: list[tuple[int, dict]], if_match: bool) -> tuple[int, dict]:
    """Exactly one answer is a 201 and the other the refusal a race gets: 412 for a stale
    If-Match; without one, 409 (``CONFLICT`` when the winner landed while the loser was
    being handled, ``NO_LONGER_STANDS`` when before it was read). The winner."""
    statuses = sorted(status for status, _ in answers)
    assert statuses == [201, 412 if if_match else 409], answers
    loser = next(body for status, body in answers if status != 201)
    codes = {"PRECONDITION_FAILED"} if if_match else {"CONFLICT", "NO_LONGER_STANDS"}
    assert loser["code"] in codes
    assert loser["current"] and "nothing was stored" in loser["message"]
    return next((status, body) for status, body in answers if status == 201)


@pytest.mark.parametrize("kinds", [("amend", "amend"), ("amend", "withdraw")])
def test_two_changes_of_one_ruling_at_once_one_wins(
    served: Served, table: dict, kinds: tuple[str, str]
) -> None:
    base = f"{served.base}/api/sessions/{table['session']}/rulings"
    for race in range(RACES):
        status, ruling, etag = call(
            "POST",
            base,
            {"amounts": RULING, "reason": f"race {race}", "author": "TD"},
            table["auth"],
        )
        assert status == 201
        if_match = race % 2 == 0
        headers = {**table["auth"], **({"If-Match": etag} if if_match and etag else {})}
        bodies = {
            "amend": {"amounts": {"Anna": -race - 1, "Bruno": race + 1}, "reason": "a"},
            "withdraw": {"reason": "w"},
        }
        url = f"{base}/{ruling['id']}"
        requests = [
            partial(call, "POST", f"{url}/{kind}", {**bodies[kind], "author": who}, headers)
            for kind, who in zip(kinds, ("Carla", "Bruno"), strict=True)
        ]
        _status, winner = _one_wins(at_once(*requests), if_match)
        status, listed, _ = call("GET", base)
        replacing = [r for r in listed if r["replaces"] == ruling["id"]]
        assert [r["id"] for r in replacing] == [winner["id"]]
        assert winner["kind"] == ("withdrawal" if winner["amounts"] == {} else "amendment")
        # the ledger counts what stands: once each, never a replaced ruling's amounts too
        standing = [r for r in listed if r["standing"]]
        expected = dict(SESSION_BALANCES)
        for entry in standing:
            for player, amount in entry["amounts"].items():
                expected[player] += amount
        assert _balances(served, table["session"]) == expected


def test_two_corrections_of_one_hand_at_once_one_wins(served: Served, table: dict) -> None:
    store = Store(str(served.db))
    tid = store.tournament_named("Race cup")["id"]
    sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "Round 2", "t")
    hand = service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id
    store.close()
    url = f"{served.base}/api/hands/{hand}"
    texts = {"Carla": CALLED_KING, "Bruno": REVOKE_TOUR.replace("[Dealer", "; retyped\n[Dealer")}
    pays = {"Carla": KING_PAYS, "Bruno": REVOKE_PAYS}
    for race in range(RACES):
        # both directors read the hand, then both correct it: each states what it read
        _status, _hand, etag = call("GET", url)
        assert etag
        headers = {**table["auth"], "If-Match": etag}
        requests = [
            partial(
                call,
                "POST",
                f"{url}/revisions",
                {"text": texts[who], "author": who, "reason": f"race {race}"},
                headers,
            )
            for who in ("Carla", "Bruno")
        ]
        _status, winner = _one_wins(at_once(*requests), if_match=True)
        _status, revisions, _ = call("GET", f"{url}/revisions")
        assert len(revisions) == race + 2  # the upload, then one correction per race
        who = revisions[-1]["author"]
        assert revisions[-1]["number"] == winner["revision"]
        _status, current, _ = call("GET", url)
        assert current["report"]["settlement"] == pays[who]
