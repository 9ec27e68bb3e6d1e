"""#30.4: idempotent uploads. A record the session already holds (the same canonical text)
is reported as a duplicate and not stored again, unless the client asks for it (the API's
``allow_duplicates``, ``tarocco import --allow-duplicates``); a retried upload against the
real server (gunicorn, several workers) stores each record once."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import Tournament
from flask.testing import FlaskClient
from serverkit import http, serving

from records import service
from records.store import Store
from records.writer import write
from scorer.games import get_game
from tarocco.cli import main

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]  # whom the nice4 generator seats


def records(count: int, seed: int) -> list[str]:
    """Distinct nice4 records, as ``tarocco random nice4`` writes them."""
    rng, game, out = random.Random(seed), get_game("nice4"), []
    while len(out) < count:
        text = write(game.random_record(rng))
        if text not in out:
            out.append(text)
    return out


def post(client: FlaskClient, tournament: Tournament, sid: int, body: dict) -> list[dict]:
    response = client.post(f"/api/sessions/{sid}/hands", json=body, headers=tournament.headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["hands"]


def test_api_upload_again_stores_nothing_unless_duplicates_are_allowed(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    text = "\n".join(records(3, seed=5))
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "R1", "t")
    first = post(client, tournament, sid, {"text": text})
    assert [(h["duplicate"], h["stored"]) for h in first] == [(False, True)] * 3
    again = post(client, tournament, sid, {"text": text, "allow_duplicates": False})
    assert [(h["duplicate"], h["stored"]) for h in again] == [(True, False)] * 3
    assert [h["hand_id"] for h in again] == [h["hand_id"] for h in first]
    assert len(store.hands(sid)) == 3
    allowed = post(client, tournament, sid, {"text": text, "allow_duplicates": True})
    assert [(h["duplicate"], h["stored"]) for h in allowed] == [(True, True)] * 3
    assert [h["position"] for h in allowed] == [4, 5, 6]
    assert not {h["hand_id"] for h in allowed} & {h["hand_id"] for h in first}
    assert len(store.hands(sid)) == 6
    refused = client.post(
        f"/api/sessions/{sid}/hands",
        json={"text": text, "allow_duplicates": "yes"},
        headers=tournament.headers,
    )
    assert refused.status_code == 422 and len(store.hands(sid)) == 6


def test_openapi_documents_allow_duplicates(client: FlaskClient) -> None:
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    field = schemas["UploadIn"]["properties"]["allow_duplicates"]
    assert field["type"] == "boolean" and field["default"] is False
    assert "retried upload" in field["description"]
    assert "description" in schemas["UploadOut"]["properties"]["stored"]


def test_cli_import_allow_duplicates(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    store = Store(str(db))
    tid = store.create_tournament("Cup")
    sid = store.create_session(tid, "nice4", PLAYERS, {})
    store.close()
    path = tmp_path / "night.txt"
    path.write_text("\n".join(records(4, seed=9)))

    def run(*extra: str) -> str:
        result = CliRunner().invoke(
            main, ["import", str(path), "--session", str(sid), *extra, "--db", str(db)]
        )
        assert result.exit_code == 0, result.output
        return result.output

    assert "4 records: 4 stored, 0 duplicates" in run()
    assert "4 records: 0 stored, 4 duplicates" in run()
    assert "4 records: 4 stored, 4 duplicates" in run("--allow-duplicates")
    store = Store(str(db))
    try:
        assert len(store.hands(sid)) == 8
    finally:
        store.close()
    assert "--allow-duplicates" in CliRunner().invoke(main, ["import", "--help"]).output


def test_a_retried_upload_on_the_real_server_stores_each_record_once(tmp_path: Path) -> None:
    """The client gives up on a long upload (a short timeout) and sends it again from four
    clients at once (retries, a second click) while the first is still being read: every
    record is stored once, in order. Three worker processes read the copies side by side, so
    a duplicate check made outside the write transaction could store them again (timing
    decides: see the next test for the race made certain)."""
    batch = records(300, seed=13)
    text = "\n".join(batch)
    answers: dict[str, object] = {}
    with serving(tmp_path, workers=3, threads=2) as served:
        store = Store(str(served.db))
        tid = store.create_tournament("Retry cup")
        token = store.create_token(tid, "retry")
        sid = store.create_session(tid, "nice4", PLAYERS, {})
        store.close()
        url = f"{served.base}/api/sessions/{sid}/hands"

        def send(name: str, timeout: float) -> None:
            try:
                answers[name] = http("POST", url, {"text": text}, token, timeout=timeout)
            except TimeoutError as exc:  # the client gave up; the server goes on
                answers[name] = exc

        senders = [threading.Thread(target=send, args=("first", 0.05))]
        senders[0].start()
        time.sleep(0.01)  # the client gives up; the server is still reading the records
        retries = ("r1", "r2", "r3", "r4")
        senders += [threading.Thread(target=send, args=(name, 120)) for name in retries]
        for sender in senders[1:]:
            sender.start()
        for sender in senders:
            sender.join()
    # the server has stopped (gunicorn lets a request in progress finish): all is written
    assert isinstance(answers["first"], TimeoutError)
    for name in retries:
        status, body = answers[name]  # type: ignore[misc]
        assert status == 201, body
        assert len(body["hands"]) == len(batch)
    store = Store(str(served.db))
    try:
        hands = store.hands(sid)
        assert len(hands) == len(batch)
        assert [h["position"] for h in hands] == list(range(1, len(batch) + 1))
        stored = [store.current_revision(h["id"])["original_text"] for h in hands]
        assert stored == batch
    finally:
        store.close()


def test_the_duplicate_check_is_inside_the_write_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two uploads of the same records on two connections, the second started while the
    first is inside its write transaction, storing: the second waits for the first's commit
    and then finds every record there. (A check made before ``store.write()`` would find
    nothing, the first not having committed yet, and store the records twice.)"""
    db = str(tmp_path / "race.sqlite")
    setup = Store(db)
    sid = setup.create_session(setup.create_tournament("Race cup"), "nice4", PLAYERS, {})
    setup.close()
    text = "\n".join(records(5, seed=21))
    second: list[service.UploadResult] = []

    def upload_again() -> None:
        store = Store(db)
        try:
            second.extend(service.upload(store, sid, text, "second"))
        finally:
            store.close()

    racer = threading.Thread(target=upload_again)
    add_hand = Store.add_hand

    def add_hand_slowly(self: Store, *args: object) -> int:
        if not racer.is_alive() and not second:
            racer.start()
            time.sleep(0.5)  # the second upload reads its records and reaches its write
        return add_hand(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "add_hand", add_hand_slowly)
    store = Store(db)
    try:
        first = service.upload(store, sid, text, "first")
        racer.join()
        assert [(r.duplicate, r.stored) for r in first] == [(False, True)] * 5
        assert [(r.duplicate, r.stored) for r in second] == [(True, False)] * 5
        assert [r.hand_id for r in second] == [r.hand_id for r in first]
        assert len(store.hands(sid)) == 5
    finally:
        store.close()
