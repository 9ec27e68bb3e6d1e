"""Minchiate: properties over random legal records (``tarocco random minchiate``), mutations,
the command line and the service.

For every seed the generator's record must verify clean, account for all 97 cards (MIN-1), pay
out zero-sum per side (MIN-15), agree with a second count written from the rulings
(:func:`minchiatekit.recount`) and survive the text and JSON round trips. Mutated records are
flagged, rejected or still legal, never a crash. Sessions of random games keep a zero-sum
ledger in rests.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner
from conftest import Tournament
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from minchiatekit import recount

from records.notation import read
from records.schemas import RecordSchema, dump_record
from records.writer import write
from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.minchiate import rules as R
from scorer.ledger import build_ledger
from scorer.record import Line, Record, Trick
from scorer.report import Status
from tarocco.cli import main

GAME = get_game("minchiate")
seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_record(seed: int) -> Record:
    return GAME.random_record(random.Random(seed))


@SETTINGS
@given(seeds)
def test_random_records_verify_clean_and_add_up(seed: int) -> None:
    record = random_record(seed)
    report = GAME.verify(record)
    assert report.status is Status.CLEAN, [(f.code, f.message) for f in report.findings]
    settlement = report.settlement
    assert sum(settlement) == 0 and settlement[0] == settlement[2]  # MIN-15
    again = recount(record)
    assert again["cards"] == 97  # MIN-1: every card in one pile at the end
    assert [side.total for side in report.sides] == again["end"]
    assert settlement == again["settlement"]
    # MIN-2, MIN-10: the counting cards of both piles are the whole 142
    assert sum(side.card_points for side in report.sides) == R.TOTAL_VALUE


@SETTINGS
@given(seeds)
def test_accrescimento_off_only_drops_its_marks_MIN8(seed: int) -> None:
    record = random_record(seed)
    on, off = GAME.verify(record), GAME.verify(record, {"accrescimento": "off"})
    assert off.status is Status.CLEAN
    assert not any("accrescimento" in line.label for line in off.lines)
    assert off.settlement == recount(record, accrescimento=False)["settlement"]
    assert [s.total for s in on.sides] == [s.total for s in off.sides]  # the end count
    grown = [line for line in on.lines if "accrescimento" in line.label]
    assert all(line.rule == "MIN-8" and line.amounts == (0, 0, 0, 0) for line in grown)


@SETTINGS
@given(seeds)
def test_every_card_is_dealt_once(seed: int) -> None:
    """MIN-4 .. MIN-6: hands, face-up cards, robbed, scoperti, pigliati and the folla are the
    97 cards; after the discards each player plays 21 of them."""
    record = random_record(seed)
    report = GAME.verify(record)
    assert report.hands is not None  # written, or derived from a complete play (MIN-4)
    seen = [c for hand in report.hands for c in cards_of(hand)]
    for line in record.body:
        if isinstance(line, Line) and line.keyword in ("rob", "scoprire", "pigliare", "folla"):
            seen += line.cards()
    if not record.lines("folla"):
        seen += cards_of(R.PACK & ~sum(1 << c for c in seen))
    assert sorted(seen) == list(range(97))
    played = [0, 0, 0, 0]
    for trick in report.tricks:
        for seat in trick.seats:
            played[seat] += 1
    assert played == [21, 21, 21, 21]


@SETTINGS
@given(seeds)
def test_text_and_json_round_trips(seed: int) -> None:
    record = random_record(seed)
    text = write(record)
    [parsed] = read(text)
    assert not parsed.errors and parsed.record == record
    assert write(parsed.record) == text
    assert RecordSchema().load(json.loads(json.dumps(dump_record(record)))) == record


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.data())
def test_mutations_never_crash(seed: int, data: st.DataObject) -> None:
    """Swap two cards, drop a line or a card: flagged, rejected or still legal."""
    record = random_record(seed)
    body = list(record.body)
    index = data.draw(st.integers(0, len(body) - 1))
    kind = data.draw(st.sampled_from(["drop-line", "drop-card", "swap"]))
    if kind == "drop-line":
        del body[index]
    else:
        entry = body[index]
        items = list(entry.plays if isinstance(entry, Trick) else entry.items)
        if items:
            position = data.draw(st.integers(0, len(items) - 1))
            if kind == "drop-card":
                del items[position]
            else:
                other = data.draw(st.integers(0, len(items) - 1))
                items[position], items[other] = items[other], items[position]
        if isinstance(entry, Trick):
            body[index] = Trick(entry.number, entry.leader, tuple(items), entry.loc)
        else:
            body[index] = Line(entry.keyword, entry.subject, tuple(items), entry.loc)
    mutated = Record(record.tags, tuple(body))
    report = GAME.verify(mutated)
    assert isinstance(report.status, Status)
    if report.status in (Status.INVALID, Status.PARTIAL):
        assert report.lines == []
    else:
        assert sum(report.settlement) == 0


def test_a_random_session_keeps_a_zero_sum_ledger_in_rests() -> None:
    """MIN-15, MIN-16: a set of three giri from the generator; no session findings."""
    records = GAME.random_session(random.Random(7), 12)
    reports = [GAME.verify(r) for r in records]
    ledger = build_ledger(records, reports)
    assert ledger.unit == "rest" and ledger.is_zero_sum()
    assert ledger.findings == []
    assert all(row.status is Status.CLEAN for row in ledger.rows)
    assert sum(ledger.balances) == 0


def test_the_command_line_works_for_minchiate(tmp_path: Path) -> None:
    runner = CliRunner()
    generated = runner.invoke(main, ["random", "minchiate", "--seed", "3", "--count", "2"])
    assert generated.exit_code == 0 and generated.output.count('[Game "minchiate"]') == 2
    games = tmp_path / "games.txt"
    games.write_text(generated.output)
    verified = runner.invoke(main, ["verify", str(games)])
    assert verified.exit_code == 0, verified.output
    assert "CLEAN" in verified.output and "MIN-10" in verified.output
    rules = runner.invoke(main, ["rules", "minchiate"])
    assert rules.exit_code == 0 and "MIN-13" in rules.output and "accrescimento" in rules.output
    bench = runner.invoke(main, ["bench", "minchiate", "--hands", "5", "--json", "--no-fail"])
    assert bench.exit_code == 0 and json.loads(bench.output)["hands"] == 5


def test_the_service_verifies_minchiate(client: FlaskClient) -> None:
    text = "\n".join(write(r) for r in GAME.random_session(random.Random(5), 2))
    response = client.post("/api/verify", json={"text": text})
    assert response.status_code == 200
    body = response.get_json()
    assert [r["report"]["status"] for r in body["records"]] == ["clean", "clean"]
    ledger = body["ledger"]
    assert ledger is not None and sum(ledger["balances"].values()) == 0
    settlements = [r["report"]["settlement"] for r in body["records"]]
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        assert ledger["balances"][name] == sum(s[name] for s in settlements)


def test_a_tournament_session_keeps_its_ledger_in_rests(
    client: FlaskClient, tournament: Tournament
) -> None:
    """MIN-15, MIN-16: a Minchiate session of the service: the golden giro uploaded game by
    game gives the balances worked out by hand in ``giro.expected.json``."""
    examples = Path(__file__).resolve().parent.parent / "examples" / "minchiate"
    expected = json.loads((examples / "giro.expected.json").read_text())["ledger"]["balances"]
    created = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={"game": "minchiate", "players": list(expected), "name": "Tavolo 1"},
        headers=tournament.headers,
    )
    assert created.status_code == 201, created.get_data(as_text=True)
    session_id = created.get_json()["id"]
    uploaded = client.post(
        f"/api/sessions/{session_id}/hands",
        json={"text": (examples / "giro.txt").read_text()},
        headers=tournament.headers,
    )
    assert uploaded.status_code == 201, uploaded.get_data(as_text=True)
    ledger = client.get(f"/api/sessions/{session_id}/ledger").get_json()
    assert ledger["balances"] == expected
    assert ledger["unit"] == "rest"


def test_import_of_a_minchiate_file_into_a_session(tmp_path: Path) -> None:
    """``tarocco import`` stores the golden giro in a Minchiate session, every game clean."""
    runner = CliRunner()
    db = str(tmp_path / "tarocco.sqlite")
    made = runner.invoke(main, ["tournament", "create", "Firenze", "--db", db])
    assert made.exit_code == 0, made.output
    opened = runner.invoke(
        main,
        [
            "session",
            "create",
            "--tournament",
            "Firenze",
            "--game",
            "minchiate",
            "--players",
            "Anna, Bruno, Carla, Dario",
            "--db",
            db,
        ],
    )
    assert opened.exit_code == 0, opened.output
    session = next(line for line in opened.output.split() if line.isdigit())
    giro = Path(__file__).resolve().parent.parent / "examples" / "minchiate" / "giro.txt"
    imported = runner.invoke(main, ["import", str(giro), "--session", session, "--db", db])
    assert imported.exit_code == 0, imported.output
    assert "4 stored" in imported.output and "clean 4" in imported.output
