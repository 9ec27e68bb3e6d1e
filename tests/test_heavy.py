"""Heavy work bounded (issue #30.2): audits and what-ifs priced against a budget per caller,
kept by content, run in a few slots per worker (503 with Retry-After past them); and the
anonymous body limit applied while the worker reads a body.

The two tests on the real server (``tarocco serve`` through :mod:`serverkit`) are the
issue's acceptance figures: eight anonymous audits of a 20-record body at once while light
requests never wait more than 2 s, and 48 anonymous connections announcing 8 MiB bodies
growing the workers by less than 100 MB."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import Tournament
from flask import Flask
from flask.testing import FlaskClient

import records.disputes
import records.service
from records.heavy import ANONYMOUS_BUDGET, DIRECTOR_BUDGET, KeptWork, plan_audit
from records.notation import read
from records.store import Store
from scorer.disputes.repair import REPLAYS, replays_at_most
from scorer.games import get_game
from tarocco.worker import RequestBuffer
from web.bodies import ANONYMOUS_PAGE_BYTES, ANONYMOUS_VERIFY_BYTES
from web.heavy import RETRY_AFTER, heavy_slots

ROOT = Path(__file__).resolve().parent.parent
TOUR = (ROOT / "examples" / "nice4" / "tour.txt").read_text()
MIB = 1024 * 1024


def swapped_tour() -> str:
    """The tour with 8 cards swapped between tricks (tricks 1-4 with 10-13, third card):
    impossible, so every tool has work, the repair search most."""
    lines = TOUR.splitlines()
    tricks = [i for i, line in enumerate(lines) if re.match(r"\d+\. ", line)]
    for k in range(4):
        a, b = tricks[2 * k], tricks[2 * k + 9]
        first, second = lines[a].split(), lines[b].split()
        first[2], second[2] = second[2], first[2]
        lines[a], lines[b] = " ".join(first), " ".join(second)
    return "\n".join(lines) + "\n"


HEAVY_BODY = {"text": "\n".join([swapped_tour()] * 20), "tools": ["claims", "what-if", "repair"]}


def long_tour(tricks: int = 1000) -> str:
    """The tour's head and its 19 tricks played over and over: ``tricks`` trick lines."""
    lines = TOUR.splitlines()
    played = [i for i, line in enumerate(lines) if re.match(r"\d+\. ", line)]
    cards = [lines[i].split(". ", 1)[1] for i in played]
    body = [f"{n + 1}. {cards[n % len(cards)]}" for n in range(tricks)]
    return "\n".join(lines[: played[0]] + body) + "\n"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[object]:
    """Wrap ``module.name`` to record each call's keyword ``budget`` (or ``None``)."""
    calls: list[object] = []
    original = getattr(module, name)

    def wrapper(*args: object, **kwargs: object) -> object:
        calls.append(kwargs.get("budget", args[4] if len(args) > 4 else None))
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


# -- the cost model ---------------------------------------------------------------------------
def test_an_audit_is_priced_in_trick_lines_before_it_runs() -> None:
    """Per record: its verdict, claims and each other option value (4 in nice4) replay its
    19 trick lines; what remains of the budget is shared among the repair searches."""
    records = [item.record for item in read(HEAVY_BODY["text"])]
    assert len(records) == 20
    plan = plan_audit(records, ["claims", "what-if", "repair"], ANONYMOUS_BUDGET)
    assert plan.fixed == 20 * (1 + 1 + 4) * 19
    assert plan.repair_budgets == ((ANONYMOUS_BUDGET - plan.fixed) // 20 // 19,) * 20
    director = plan_audit(records, ["claims", "what-if", "repair"], DIRECTOR_BUDGET)
    whole = replays_at_most(get_game("nice4"), records[0])
    assert 0 < plan.repair_budgets[0] < whole <= director.repair_budgets[0] <= REPLAYS


class CountingGame:
    """A game that counts its replays (every other attribute its engine's)."""

    def __init__(self, game: object) -> None:
        self.game, self.replays = game, 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.game, name)

    def verify(self, *args: object, **kwargs: object) -> object:
        self.replays += 1
        return self.game.verify(*args, **kwargs)  # type: ignore[attr-defined]


def test_replays_at_most_bounds_the_real_search() -> None:
    """The price of a repair search is never below the replays it makes, nor above its
    budget."""
    from scorer.disputes.repair import suggest_repairs

    record = read(swapped_tour())[0].record
    game = CountingGame(get_game("nice4"))
    suggest_repairs(game, record)  # type: ignore[arg-type]
    at_most = replays_at_most(get_game("nice4"), record)
    assert 1000 < game.replays - 1 <= at_most < REPLAYS  # one replay is the record's own
    assert replays_at_most(get_game("nice4"), record, budget=100) == 100


def test_an_audit_over_the_budget_is_refused_up_front(
    client: FlaskClient, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    """12 records of 1,000 trick lines, what-if: 12 x 6 x 1,000 = 72,000 trick lines, over the
    anonymous 50,000: 422 naming the cost, the limit and the ways past it, nothing replayed.
    A director's token takes it."""
    calls = counting(monkeypatch, records.disputes, "audit_record")
    body = {"text": long_tour() * 12, "tools": ["claims", "what-if"]}
    response = client.post("/api/audit", json=body)
    assert response.status_code == 422, response.get_json()
    error = response.get_json()
    assert error["code"] == "OVER_BUDGET"
    for figure in ("72,000", f"{ANONYMOUS_BUDGET:,}", f"{DIRECTOR_BUDGET:,}", "tarocco audit"):
        assert figure in error["message"], error["message"]
    assert calls == []
    allowed = client.post("/api/audit", json=body, headers=tournament.headers)
    assert allowed.status_code == 200 and len(calls) == 12


def test_the_repair_search_gets_what_remains_and_says_it_was_cut(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record of 1,000 trick lines (64 s before): its repair search gets the 44,000 trick
    lines its verdict, claims and what-if leave, 44 replays, and says it was bounded."""
    searches = counting(monkeypatch, records.disputes, "suggest_repairs")
    response = client.post("/api/audit", json={"text": long_tour()})
    assert response.status_code == 200, response.get_json()
    [audited] = response.get_json()["records"]
    assert searches == [44]
    assert audited["repair_search"] == {"replays": 44, "whole": REPLAYS, "bounded": True}


def test_the_hand_audit_page_says_its_search_was_cut(
    client: FlaskClient, tournament: Tournament
) -> None:
    from test_disputes import stored_in_a_new_session

    _session, [hand] = stored_in_a_new_session(client, tournament, long_tour(200))
    page = client.get(f"/hands/{hand['hand_id']}/audit")
    assert page.status_code == 200
    assert "The search was cut short" in page.get_data(as_text=True)


# -- the slots ------------------------------------------------------------------------------------
def test_past_the_heavy_slots_is_503_with_retry_after(
    app: Flask, client: FlaskClient, tournament: Tournament
) -> None:
    """Four threads: two heavy slots, one of them for anonymous callers. With the anonymous
    slot held, an anonymous audit is refused at once (JSON for the API, a page for a page)
    and a director's still runs; with both held, the director's is refused too."""
    from test_disputes import stored_in_a_new_session

    _session, [hand] = stored_in_a_new_session(client, tournament, swapped_tour())
    with app.app_context():
        slots = heavy_slots()
    assert (slots.total, slots.anonymous) == (2, 1)
    assert slots.take(director=False)
    body = {"text": TOUR, "tools": ["claims"]}
    refused = client.post("/api/audit", json=body)
    assert refused.status_code == 503 and refused.headers["Retry-After"] == str(RETRY_AFTER)
    assert refused.get_json()["code"] == "BUSY"
    page = client.get(f"/hands/{hand['hand_id']}/audit")
    assert page.status_code == 503 and page.mimetype == "text/html"
    assert page.headers["Retry-After"] == str(RETRY_AFTER)
    assert client.post("/api/audit", json=body, headers=tournament.headers).status_code == 200
    assert slots.take(director=True)
    other = {**body, "tools": ["what-if"]}  # the first is kept now: it needs no slot
    assert client.post("/api/audit", json=other, headers=tournament.headers).status_code == 503
    assert client.get("/api/rules").status_code == 200  # light requests need no slot
    slots.give_back(director=True)
    slots.give_back(director=False)
    assert client.post("/api/audit", json=body).status_code == 200


def test_a_kept_audit_needs_no_slot_and_no_work(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = counting(monkeypatch, records.disputes, "audit_record")
    body = {"text": swapped_tour() * 2, "limit": 2}
    first = client.post("/api/audit", json=body)
    assert first.status_code == 200 and len(calls) == 2
    with app.app_context():
        slots = heavy_slots()
    assert slots.take(director=False)  # every anonymous slot taken
    again = client.post("/api/audit", json=body)
    assert again.status_code == 200 and len(calls) == 2
    assert again.get_json() == first.get_json()
    slots.give_back(director=False)
    assert client.post("/api/audit", json={**body, "limit": 3}).status_code == 200
    assert len(calls) == 4  # other options: other work


def test_a_sessions_what_if_is_kept_until_the_session_changes(
    client: FlaskClient, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_disputes import stored_in_a_new_session

    calls = counting(monkeypatch, records.service, "session_what_if")
    session, _ = stored_in_a_new_session(client, tournament, TOUR)
    first = client.get(f"/api/sessions/{session}/what-if").get_json()
    assert client.get(f"/api/sessions/{session}/what-if").get_json() == first
    assert client.get(f"/sessions/{session}/what-if").status_code == 200  # the page too
    assert len(calls) == 1
    another = (ROOT / "examples" / "nice4" / "called-king.txt").read_text()
    written = client.post(
        f"/api/sessions/{session}/hands", json={"text": another}, headers=tournament.headers
    )
    assert not written.get_json()["hands"][0]["duplicate"], written.get_json()
    after = client.get(f"/api/sessions/{session}/what-if").get_json()
    assert len(calls) == 2 and after["balances"] != first["balances"]


def test_identical_requests_at_once_compute_once() -> None:
    kept = KeptWork()
    started, release = threading.Event(), threading.Event()

    def work() -> dict[str, int]:
        started.set()
        release.wait(5)
        return {"answer": 42}

    results: list[object] = []
    threads = [threading.Thread(target=lambda: results.append(kept.compute("k", work)))]
    threads[0].start()
    started.wait(5)
    threads += [threading.Thread(target=lambda: results.append(kept.compute("k", work)))]
    threads[1].start()
    release.set()
    for thread in threads:
        thread.join(5)
    assert results == [{"answer": 42}] * 2 and kept.computed == 1


def test_kept_work_is_bounded_in_size() -> None:
    kept = KeptWork(max_bytes=100)
    for n in range(10):
        kept.compute(str(n), lambda n=n: "x" * 30 + str(n))
    assert kept.get("9") is not None and kept.get("0") is None
    kept.compute("huge", lambda: "x" * 200)
    assert kept.get("huge") is None  # larger than the whole: computed, not kept


# -- the body limit, decided from the head -------------------------------------------------------
def test_the_body_limit_hook_wants_valid_credentials(
    app: Flask, client: FlaskClient, tournament: Tournament, store: Store
) -> None:
    """Anonymous: 256 KiB for the API, 1 MiB for the pages; a bogus token or a forged
    cookie buys nothing; a valid token or page login 8 MiB."""
    hook = app.extensions["tarocco_body_limit"]
    big = 8 * MIB
    assert hook("POST", "/api/verify", {}, big)[0] == ANONYMOUS_VERIFY_BYTES
    assert hook("POST", "/api/sessions/1/hands", {}, None)[0] == ANONYMOUS_VERIFY_BYTES
    assert hook("POST", "/verify", {}, big)[0] == ANONYMOUS_PAGE_BYTES
    bogus = {"authorization": "Bearer tar_bogus", "cookie": "session=forged.x.y"}
    assert hook("POST", "/api/verify", bogus, big)[0] == ANONYMOUS_VERIFY_BYTES
    assert hook("POST", "/verify", bogus, big)[0] == ANONYMOUS_PAGE_BYTES
    valid = {"authorization": f"Bearer {tournament.token}"}
    assert hook("POST", "/api/verify", valid, big)[0] == 8 * MIB
    from test_pages import login

    login(client, tournament.token)
    cookie = client.get_cookie("session")
    assert cookie is not None
    assert hook("POST", "/verify", {"cookie": f"session={cookie.value}"}, big)[0] == 8 * MIB
    content_type, body = hook("POST", "/api/verify", {}, big)[1:]
    assert content_type == "application/json"
    assert f"{ANONYMOUS_VERIFY_BYTES:,} bytes" in json.loads(body)["message"]


def test_a_chunked_body_is_refused_at_the_first_chunk_size_past_its_limit() -> None:
    buffer = RequestBuffer(b"", 0.0, max_head=65536, max_body=1000)
    buffer.feed(b"POST /api/verify HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")
    buffer.feed(b"200\r\n" + b"x" * 512 + b"\r\n")
    assert not buffer.complete() and not buffer.body_too_large
    buffer.feed(b"400\r\n")  # 512 + 1,024 bytes announced: past 1,000 before they come
    assert buffer.complete() and buffer.body_too_large
    assert (buffer.method, buffer.path) == ("POST", "/api/verify")


# -- on the real server --------------------------------------------------------------------------
def _post_json(url: str, body: dict, timeout: float = 120) -> tuple[int, dict, dict]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), json.loads(exc.read() or b"{}")


def test_eight_heavy_audits_leave_light_requests_a_thread(tmp_path: Path) -> None:
    """Eight anonymous clients each sending three audits of the 20-record body (each 43 s
    alone, and a light request waited 236 s behind eight of them, before): every ``GET
    /api/rules`` meanwhile answers within 2 s, and every audit is answered 200 (its repair
    search cut short, saying so), 422 or 503 with Retry-After."""
    from serverkit import http, serving

    with serving(tmp_path, workers=2, threads=4) as served:
        audits: list[tuple[int, dict, dict, float]] = []

        def audit(client: int) -> None:
            for round_ in range(3):  # each body its own (trailing lines): none is kept
                body = {**HEAVY_BODY, "text": HEAVY_BODY["text"] + "\n" * (3 * client + round_)}
                start = time.monotonic()
                answer = _post_json(f"{served.base}/api/audit", body)
                audits.append((*answer, time.monotonic() - start))

        waits: list[float] = []
        light_statuses: set[int] = set()
        stop = threading.Event()

        def light() -> None:
            while not stop.is_set():
                start = time.monotonic()
                status, _ = http("GET", f"{served.base}/api/rules", timeout=30)
                waits.append(time.monotonic() - start)
                light_statuses.add(status)
                time.sleep(0.05)

        watcher = threading.Thread(target=light)
        watcher.start()
        workers = [threading.Thread(target=audit, args=(n,)) for n in range(8)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(120)
        stop.set()
        watcher.join(30)
    print(f"light: {len(waits)} requests, slowest {max(waits):.2f} s")
    print("audits:", sorted((status, round(took, 2)) for status, _h, _b, took in audits))
    assert len(audits) == 24 and len(waits) > 5 and light_statuses == {200}
    assert max(waits) < 2.0
    for status, headers, body, _took in audits:
        assert status in (200, 422, 503), body
        if status == 503:
            assert headers["Retry-After"] == str(RETRY_AFTER) and body["code"] == "BUSY"
    answered = [body for status, _h, body, _t in audits if status == 200]
    assert answered and all(r["repair_search"]["bounded"] for r in answered[0]["records"])


def _worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def _rss(pid: int) -> int:
    """A process's resident memory in bytes (``VmRSS``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for {pid}")


def test_48_anonymous_large_bodies_hold_little_memory(tmp_path: Path) -> None:
    """48 anonymous connections each announcing 8 MiB (half with a Content-Length, half
    chunked with an 8 MiB first chunk), two in three with a bogus token: each is answered
    413 at once; each then sends 1 MiB, and the workers grow less than 100 MB (about
    400 MB before)."""
    from serverkit import serving

    with serving(tmp_path, workers=2, threads=4) as served:
        port = int(served.base.rsplit(":", 1)[1])
        deadline = time.monotonic() + 20
        while len(workers := _worker_pids(served.process.pid)) < 2:
            assert time.monotonic() < deadline, "the second worker did not start"
            time.sleep(0.2)
        time.sleep(0.5)  # both ready
        before = sum(_rss(pid) for pid in workers)
        sockets = []
        for n in range(48):
            sock = socket.create_connection(("127.0.0.1", port), timeout=30)
            size = "Transfer-Encoding: chunked" if n % 2 else f"Content-Length: {8 * MIB}"
            auth = "Authorization: Bearer tar_bogus\r\n" if n % 3 else ""
            head = f"POST /api/verify HTTP/1.1\r\nHost: x\r\n{auth}{size}\r\n\r\n"
            sock.sendall(head.encode() + (b"%x\r\n" % (8 * MIB) if n % 2 else b""))
            sockets.append(sock)
        statuses = []
        for sock in sockets:  # answered at once, from the head or the first chunk's size
            answer = b""
            while b"\r\n" not in answer and (part := sock.recv(4096)):
                answer += part
            statuses.append(answer.split(b" ", 2)[1] if answer else b"")
        chunk = b"x" * (64 * 1024)
        for _ in range(16):  # then 1 MiB each, as far as the server still reads
            for sock in sockets:
                with contextlib.suppress(OSError):
                    sock.sendall(chunk)
        after = sum(_rss(pid) for pid in workers)
        for sock in sockets:
            sock.close()
    print(f"workers' RSS {before / MIB:.0f} MiB -> {after / MIB:.0f} MiB")
    assert statuses == [b"413"] * 48
    assert after - before < 100 * 1000 * 1000


def test_the_openapi_document_states_the_heavy_answers(client: FlaskClient) -> None:
    paths = client.get("/api/openapi.json").get_json()["paths"]
    for path, method in (
        ("/api/audit", "post"),
        ("/api/hands/{hand_id}/audit", "get"),
        ("/api/sessions/{session_id}/what-if", "get"),
    ):
        responses = paths[path][method]["responses"]
        assert "OVER_BUDGET" in responses["422"]["description"]
        assert "Retry-After" in responses["503"]["headers"]


def test_a_sessions_what_if_is_priced_from_its_trick_lines(
    client: FlaskClient, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One hand of 19 trick lines, replayed as applied and under 4 other values: 95 trick
    lines; over a budget of 90 it is refused before any replay, and a director's passes."""
    from test_disputes import stored_in_a_new_session

    import web.heavy

    calls = counting(monkeypatch, records.service, "session_what_if")
    session, _ = stored_in_a_new_session(client, tournament, TOUR)
    monkeypatch.setattr(web.heavy, "ANONYMOUS_BUDGET", 90)
    refused = client.get(f"/api/sessions/{session}/what-if")
    assert refused.status_code == 422 and refused.get_json()["code"] == "OVER_BUDGET"
    assert "95 trick lines" in refused.get_json()["message"] and calls == []
    allowed = client.get(f"/api/sessions/{session}/what-if", headers=tournament.headers)
    assert allowed.status_code == 200 and len(calls) == 1


def test_a_refused_what_if_is_priced_once_a_version(
    client: FlaskClient, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refusing a what-if again and again (an anonymous caller on a large session) reads
    the session's texts to price it once, until the session changes."""
    from test_disputes import stored_in_a_new_session

    import web.heavy

    priced = counting(monkeypatch, web.heavy, "what_if_cost")
    session, _ = stored_in_a_new_session(client, tournament, TOUR)
    monkeypatch.setattr(web.heavy, "ANONYMOUS_BUDGET", 90)
    for _ in range(3):
        refused = client.get(f"/api/sessions/{session}/what-if")
        assert refused.status_code == 422 and refused.get_json()["code"] == "OVER_BUDGET"
    assert len(priced) == 1
