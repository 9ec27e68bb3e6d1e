"""The dispute tools (issue 10): claims against the rules, what-if, repair suggestions.

Golden disputes are ``examples/disputes/NAME.txt`` with ``NAME.dispute.json``: the expected
kind of each claim difference (and the option or ruling that explains it), each option value's
change of the payments, and the repairs offered, worked out by hand in each record's comment.
Properties check the tools on random legal hands: a hand's own settlement as its claim always
agrees; a slip made by one exchange of two cards is always repaired, first, by a clean edit.
"""

from __future__ import annotations

import html
import json
import random
import re
from itertools import combinations
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import Tournament
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.disputes import audit_record
from records.notation import read
from records.writer import write
from scorer.disputes import compare_claims, suggest_repairs, what_if
from scorer.disputes.repair import roman_neighbours
from scorer.disputes.whatif import session_what_if
from scorer.games import GAMES, get_game
from scorer.ledger import build_ledger
from scorer.record import Item, Line, Record, Trick
from tarocco.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DISPUTES = sorted((EXAMPLES / "disputes").glob("*.dispute.json"))
NICE4 = get_game("nice4")


def record_of(text: str) -> Record:
    [parsed] = read(text)
    assert not parsed.errors, parsed.errors
    return parsed.record


def stored_in_a_new_session(
    client: FlaskClient,
    tournament: Tournament,
    text: str,
    players: list[str] | None = None,
) -> tuple[int, list[dict]]:
    """Open a nice4 session (Anna, Bruno, Carla, Dario unless ``players`` says otherwise) and
    store ``text`` in it through the API: the session's id and the stored hands."""
    session = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={"game": "nice4", "players": players or ["Anna", "Bruno", "Carla", "Dario"]},
        headers=tournament.headers,
    ).get_json()["id"]
    hands = client.post(
        f"/api/sessions/{session}/hands", json={"text": text}, headers=tournament.headers
    ).get_json()["hands"]
    return session, hands


def test_every_tool_has_golden_disputes() -> None:
    names = {p.name.removesuffix(".dispute.json") for p in DISPUTES}
    assert {
        "claim-option",
        "claim-rule",
        "claim-arithmetic",
        "what-if",
        "repair-swap",
        "repair-numeral",
        "repair-none",
        "repair-several",
    } <= names


@pytest.mark.parametrize("path", DISPUTES, ids=lambda p: p.name.removesuffix(".dispute.json"))
def test_golden_dispute(path: Path) -> None:
    want = json.loads(path.read_text())
    record = record_of(path.with_name(path.name.replace(".dispute.json", ".txt")).read_text())
    got = audit_record(record, limit=5)
    assert got["status"] == want["status"]
    assert got["repairs_needed"] == want["repairs_needed"]
    assert [(c["field"], c["kind"]) for c in got["claims"]] == [
        (c["field"], c["kind"]) for c in want["claims"]
    ]
    for claim, expected in zip(got["claims"], want["claims"], strict=True):
        assert claim["rule"] == expected["rule"]
        assert claim["options"] == expected["options"]
        assert {p["player"]: [p["claimed"], p["computed"]] for p in claim["players"]} == expected[
            "players"
        ]
    if "what_if" in want:
        by_name = {f"{a['option']}={a['value']}": a for a in got["what_if"]}
        assert set(by_name) == set(want["what_if"])
        for name, expected in want["what_if"].items():
            assert by_name[name]["status"] == expected["status"], name
            assert by_name[name]["delta"] == expected["delta"], name
            assert by_name[name]["impossible"] == expected.get("impossible", False), name
    if "repairs" in want:
        assert len(got["repairs"]) >= len(want["repairs"])
        for repair, expected in zip(got["repairs"], want["repairs"], strict=False):
            assert repair["clean"] == expected["clean"]
            if "reason" in expected:
                assert repair["reason"] == expected["reason"]
                assert [e["kind"] for e in repair["edits"]] == expected["kinds"]
    if "clean_repairs" in want:
        assert sum(r["clean"] for r in got["repairs"]) == want["clean_repairs"]


def test_an_accepted_repair_is_a_clean_record_that_differs_only_where_it_says() -> None:
    record = record_of((EXAMPLES / "disputes" / "repair-swap.txt").read_text())
    [repair] = audit_record(record, tools=["repair"])["repairs"][:1]
    fixed = record_of(repair["text"])
    assert NICE4.verify(fixed).status.value == "clean"
    changed = [
        line
        for line in repair["diff"].splitlines()
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    assert changed == [
        "-1. 10 17 5C 9",
        "-15. 13 18 4 4C",
        "+1. 10 17 4 9",
        "+15. 13 18 5C 4C",
    ] or sorted(changed) == sorted(
        ["-1. 10 17 5C 9", "+1. 10 17 4 9", "-15. 13 18 4 4C", "+15. 13 18 5C 4C"]
    )


def test_roman_neighbours_are_one_stroke_away_and_symmetric() -> None:
    assert roman_neighbours(4, 21) == [1, 2, 5, 6, 9, 14, 15]  # IV: I II V VI IX XIV XV
    assert 19 in roman_neighbours(21, 21)  # XXI read as XIX
    for n in range(1, 22):
        for m in roman_neighbours(n, 21):
            assert n in roman_neighbours(m, 21), (n, m)
    assert max(roman_neighbours(39, 40)) <= 40


def test_a_clean_record_needs_no_repair() -> None:
    record = record_of((EXAMPLES / "nice4" / "tour.txt").read_text())
    report, repairs = suggest_repairs(NICE4, record)
    assert report.status.value == "clean" and repairs == []


def test_seats_written_from_the_wrong_player_are_repaired() -> None:
    """The dealer written one seat off: every card goes to the neighbouring player."""
    text = (
        (EXAMPLES / "nice4" / "tour.txt").read_text().replace('[Dealer "Bruno"]', '[Dealer "Anna"]')
    )
    report, repairs = suggest_repairs(NICE4, record_of(text))
    assert report.status.value == "invalid"
    assert repairs and repairs[0].clean
    assert [e.kind for e in repairs[0].edits] == ["seats"]
    assert repairs[0].record.tag("Dealer") == "Bruno"


def random_hand(seed: int) -> Record:
    from scorer.games.nice.generator import random_record

    rng = random.Random(seed)
    while True:
        record = random_record(NICE4, rng)
        if len(record.tricks) >= 10:
            return record


def swapped(record: Record, trick_index: int, a: int, b: int) -> Record:
    body = list(record.body)
    positions = [i for i, e in enumerate(body) if isinstance(e, Trick)]
    index = positions[trick_index]
    trick = body[index]
    cards = list(trick.card_tuple)
    cards[a], cards[b] = cards[b], cards[a]
    body[index] = Trick(trick.number, trick.leader, tuple(Item(str(c), c) for c in cards))
    return Record(record.tags, tuple(body))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 9), st.sampled_from([(0, 1), (1, 2), (0, 3)]))
def test_one_exchange_in_a_trick_is_always_repaired_cleanly(
    seed: int, trick: int, pair: tuple[int, int]
) -> None:
    record = random_hand(seed)
    slipped = swapped(record, trick, *pair)
    report, repairs = suggest_repairs(NICE4, slipped, limit=5)
    if report.status.value == "clean":  # the exchange happened to be legal too
        assert repairs == []
        return
    assert repairs and repairs[0].clean
    assert repairs[0].cost == 1  # exchanging the two back costs 1: nothing dearer ranks first
    assert any(write(r.record) == write(record) for r in repairs if r.clean)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_a_claim_of_the_rules_own_figures_agrees(seed: int) -> None:
    record = random_hand(seed)
    report = NICE4.verify(record)
    words = []
    for name, amount in zip(record.players, report.settlement, strict=True):
        words += [Item(name), Item(f"{amount:+d}")]
    claimed = Record(record.tags, (*record.body, Line("claim", "marca", tuple(words))))
    [diff] = compare_claims(NICE4, claimed)
    assert diff.kind == "agrees"


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_a_claim_missing_one_payment_is_never_called_arithmetic(seed: int) -> None:
    """Leave one score line out of the claim: an option or that rule explains it."""
    record = random_hand(seed)
    report = NICE4.verify(record)
    if not report.lines:
        return
    line = report.lines[-1]
    amounts = [s - a for s, a in zip(report.settlement, line.amounts, strict=True)]
    if amounts == list(report.settlement):
        return
    words = []
    for name, amount in zip(record.players, amounts, strict=True):
        words += [Item(name), Item(f"{amount:+d}")]
    claimed = Record(record.tags, (*record.body, Line("claim", "marca", tuple(words))))
    [diff] = compare_claims(NICE4, claimed)
    assert diff.kind in ("option", "rule")
    if diff.kind == "rule":
        assert diff.rule is not None


def test_what_if_covers_every_other_option_value() -> None:
    record = random_hand(3)
    base, alternatives = what_if(NICE4, record)
    expected = sum(len(option.values) - 1 for option in NICE4.options)
    assert len(alternatives) == expected
    for alt in alternatives:
        again = NICE4.verify(record, {alt.option: alt.value})
        assert alt.amounts == again.settlement
        assert alt.delta == tuple(
            a - b for a, b in zip(again.settlement, base.settlement, strict=True)
        )


def test_session_what_if_starts_from_the_ledger_as_applied() -> None:
    records = [p.record for p in read((EXAMPLES / "nice4" / "session.txt").read_text())]
    names, balances, alternatives = session_what_if(NICE4, records)
    ledger = build_ledger(records, [NICE4.verify(r) for r in records])
    assert names == ledger.players and balances == ledger.balances
    for alt in alternatives:
        assert sum(alt.amounts) == sum(balances)  # still zero-sum from the same stakes


# -- the command line -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "status"), [("what-if", 0), ("claim-rule", 1), ("repair-swap", 1), ("repair-none", 1)]
)
def test_audit_exit_status(name: str, status: int) -> None:
    result = CliRunner().invoke(main, ["audit", str(EXAMPLES / "disputes" / f"{name}.txt")])
    assert result.exit_code == status, result.output


def test_audit_prints_the_explanation_and_the_diff() -> None:
    result = CliRunner().invoke(main, ["audit", str(EXAMPLES / "disputes" / "repair-swap.txt")])
    assert "repair 1 (clean, cost 2)" in result.output
    assert "+1. 10 17 4 9" in result.output
    # what it settles and what it pays against the record (#23.5)
    assert "settles: Anna played 5C but held Tarots and a Tarot was led (line 20)" in result.output
    assert "payments (recorded -> repaired): Anna -8 -> -8, Bruno 0 -> 0" in result.output
    result = CliRunner().invoke(main, ["audit", str(EXAMPLES / "disputes" / "repair-numeral.txt")])
    assert "payments (recorded -> repaired): Anna none -> -8" in result.output
    result = CliRunner().invoke(main, ["audit", str(EXAMPLES / "disputes" / "claim-rule.txt")])
    assert "NICE-15 misapplied" in result.output


def test_audit_json_and_unreadable_input() -> None:
    path = str(EXAMPLES / "disputes" / "claim-option.txt")
    result = CliRunner().invoke(main, ["audit", "--json", "--tool", "claims", path])
    data = json.loads(result.output)
    assert data["records"][0]["claims"][0]["options"] == ["honours=world"]
    assert "repairs" not in data["records"][0]
    result = CliRunner().invoke(main, ["audit", "-"], input='[Game "nice4"]\n1. ZZ\n')
    assert result.exit_code == 2
    assert "2:4" in result.output


# -- the API ----------------------------------------------------------------------------------
def test_api_audit_and_accepting_a_repair(client: FlaskClient, tournament: Tournament) -> None:
    text = (EXAMPLES / "disputes" / "repair-swap.txt").read_text()
    response = client.post("/api/audit", json={"text": text, "tools": ["repair"]})
    assert response.status_code == 200, response.get_data(as_text=True)
    [audited] = response.get_json()["records"]
    repair = audited["repairs"][0]
    assert repair["clean"]
    session, [hand] = stored_in_a_new_session(client, tournament, text)
    assert hand["status"] == "flagged"
    stored = client.get(f"/api/hands/{hand['hand_id']}/audit?tools=repair").get_json()
    assert stored["records"][0]["repairs"][0]["reason"] == repair["reason"]
    accepted = client.post(
        f"/api/hands/{hand['hand_id']}/revisions",
        json={"text": repair["text"], "author": "director", "reason": repair["reason"]},
        headers=tournament.headers,
    )
    assert accepted.status_code == 201, accepted.get_data(as_text=True)
    assert client.get(f"/api/hands/{hand['hand_id']}").get_json()["status"] == "clean"
    what_if = client.get(f"/api/sessions/{session}/what-if").get_json()
    assert {f"{a['option']}={a['value']}" for a in what_if["what_if"]} >= {"honours=world"}


def test_api_audit_refuses_bad_input(client: FlaskClient) -> None:
    response = client.post("/api/audit", json={"text": '[Game "nice4"]\n1. ZZ\n'})
    assert response.status_code == 422
    body = response.get_json()
    assert body["code"] == "MALFORMED_RECORD"
    assert any(f.get("line") == 2 for f in body["findings"])
    response = client.post("/api/audit", json={"text": "x", "tools": ["nonsense"]})
    assert response.status_code == 422
    many = (EXAMPLES / "nice4" / "tour.txt").read_text() * 21
    response = client.post("/api/audit", json={"text": many, "tools": ["claims"]})
    assert response.status_code == 422
    assert response.get_json()["code"] == "TOO_MANY_RECORDS"
    assert client.get("/api/hands/999/audit").status_code == 404


# -- the hand page ----------------------------------------------------------------------------
def test_audit_page_shows_the_tools_and_a_director_accepts_a_repair(
    client: FlaskClient, tournament: Tournament
) -> None:
    text = (EXAMPLES / "disputes" / "repair-swap.txt").read_text()
    text += "claim marca: Anna -5 Bruno -1 Carla +7 Dario -1\n"
    _session, [hand] = stored_in_a_new_session(client, tournament, text)
    hand_page = client.get(f"/hands/{hand['hand_id']}").get_data(as_text=True)
    assert f"/hands/{hand['hand_id']}/audit" in hand_page
    page = client.get(f"/hands/{hand['hand_id']}/audit").get_data(as_text=True)
    assert "Claimed against computed" in page and "What if" in page
    assert "trick 1, card 3 (5C) and trick 15, card 3 (4) exchanged" in page
    assert "honours=world" in page
    assert "Accept as a correction" not in page  # only for the tournament's director

    form = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    client.post("/login", data={"csrf_token": token, "token": tournament.token})
    page = client.get(f"/hands/{hand['hand_id']}/audit").get_data(as_text=True)
    assert "Accept as a correction" in page
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page))
    fields |= dict(
        re.findall(r'<textarea id="reason-1" name="(reason)"[^>]*>([^<]*)</textarea>', page)
    )
    fields |= dict(re.findall(r'<input id="author-1" name="(author)" value="([^"]*)"', page))
    # the hand's version the page was drawn from goes with the repair (#30.1)
    assert set(fields) == {"csrf_token", "version", "text", "reason", "author"}
    response = client.post(
        f"/hands/{hand['hand_id']}/revisions", data={k: html.unescape(v) for k, v in fields.items()}
    )
    assert response.status_code == 302
    stored = client.get(f"/api/hands/{hand['hand_id']}").get_json()
    assert stored["report"]["status"] == "flagged"  # the play is clean; the claim still differs
    assert not [
        f
        for f in stored["report"]["findings"]
        if f["code"] != "CLAIM_MISMATCH" and f["severity"] != "note"
    ]
    revisions = client.get(f"/api/hands/{hand['hand_id']}/revisions").get_json()
    assert revisions[-1]["reason"].startswith("repair: trick 1, card 3 (5C)")
    assert client.get("/hands/999/audit").status_code == 404


# -- claims in every game -----------------------------------------------------------------
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_checks_and_explains_a_claim_of_its_payments(key: str) -> None:
    """``claim FIELD:`` (the game's ``claim_field``) with the rules' own payments agrees, in
    the engine and in the audit; one figure off is a violation naming the player, and the
    audit finds the difference."""
    game = GAMES[key]
    rng = random.Random(17)
    record, report = None, None
    for _ in range(50):
        record = game.random_record(rng)
        report = game.verify(record)
        if report.status.value == "clean" and any(report.settlement):
            break
    assert report is not None and report.status.value == "clean"
    field = game.claim_field or game.unit

    def claimed(amounts) -> Record:
        words = []
        for name, amount in zip(record.players, amounts, strict=True):
            words += [Item(name), Item(f"{amount:+d}")]
        return Record(record.tags, (*record.body, Line("claim", field, tuple(words))))

    right = claimed(report.settlement)
    assert read(write(right))[0].errors == []  # the notation takes the line for every game
    assert game.verify(right).status.value == "clean"
    assert [d.kind for d in compare_claims(game, right)] == ["agrees"]
    off = list(report.settlement)
    off[0] += 1
    if game.zero_sum:
        off[1] -= 1
    wrong = claimed(off)
    flagged = game.verify(wrong)
    assert flagged.status.value == "flagged"
    assert any("CLAIM" in f.code and f.seat == 0 for f in flagged.violations)
    [diff] = compare_claims(game, wrong)
    assert diff.kind != "agrees" and [f.player for f in diff.fields if f.differs][:1] == [
        record.players[0]
    ]


# -- records without the deal -------------------------------------------------------------
def test_a_revoke_proved_by_a_later_play_names_both_tricks() -> None:
    """examples/nice4/no-deal.txt: no hand lines; Bruno trumps cups at trick 6 and plays 4C
    at trick 11, which proves he held a cup: the finding names trick 6 and trick 11."""
    record = record_of((EXAMPLES / "nice4" / "no-deal.txt").read_text())
    [revoke] = NICE4.verify(record).violations
    assert revoke.code == "MUST_FOLLOW_SUIT" and revoke.trick == 6
    assert revoke.message.endswith("; proved by trick 11, where Bruno played 4C")


def test_a_written_hand_needs_no_proof() -> None:
    text = (EXAMPLES / "disputes" / "repair-swap.txt").read_text()
    [revoke] = NICE4.verify(record_of(text)).violations
    assert "proved by" not in revoke.message  # Anna's hand is written: the deal proves it


def test_session_what_if_page_and_command(client: FlaskClient, tournament: Tournament) -> None:
    text = (EXAMPLES / "nice4" / "session.txt").read_text()
    session, _hands = stored_in_a_new_session(client, tournament, text)
    assert f"/sessions/{session}/what-if" in client.get(f"/sessions/{session}").get_data(
        as_text=True
    )
    page = client.get(f"/sessions/{session}/what-if").get_data(as_text=True)
    api = client.get(f"/api/sessions/{session}/what-if").get_json()
    for alt in api["what_if"]:
        assert f"{alt['option']}={alt['value']}" in page
    assert client.get("/sessions/999/what-if").status_code == 404
    result = CliRunner().invoke(
        main, ["audit", "--tool", "claims", "--session", str(EXAMPLES / "nice4" / "session.txt")]
    )
    assert "what if the whole session were played with" in result.output
    for alt in api["what_if"]:
        assert f"{alt['option']}={alt['value']}" in result.output


def _exchanged(body: list, first: int, position_a: int, later: int, position_b: int) -> list:
    """``body`` with card ``position_a`` of trick ``first`` and ``position_b`` of trick
    ``later`` exchanged."""
    edited = list(body)
    index = {e.number: i for i, e in enumerate(edited) if isinstance(e, Trick)}
    cards_a = list(edited[index[first]].card_tuple)
    cards_b = list(edited[index[later]].card_tuple)
    cards_a[position_a], cards_b[position_b] = cards_b[position_b], cards_a[position_a]
    for number, cards in ((first, cards_a), (later, cards_b)):
        old = edited[index[number]]
        edited[index[number]] = Trick(number, old.leader, tuple(Item(str(c), c) for c in cards))
    return edited


def _a_revoke_without_the_deal(game, rng: random.Random):
    """A report with a revoke (and no error) from a random record without its hand lines in
    which one player's card in one trick and his card two or more tricks later were
    exchanged; ``None`` if none of 150 records gives one."""
    for _ in range(150):
        record = game.random_record(rng)
        body = [e for e in record.body if not (isinstance(e, Line) and e.keyword == "hand")]
        report = game.verify(Record(record.tags, tuple(body)))
        if report.status.value != "clean":
            continue
        for first, later in combinations(report.tricks, 2):
            if later.number <= first.number + 1:
                continue
            for a, (seat_a, card_a) in enumerate(zip(first.seats, first.cards, strict=True)):
                for b, (seat_b, card_b) in enumerate(zip(later.seats, later.cards, strict=True)):
                    if seat_a != seat_b or a == 0 or card_a == card_b:
                        continue
                    edited = _exchanged(body, first.number, a, later.number, b)
                    result = game.verify(Record(record.tags, tuple(edited)))
                    if not result.errors and any(
                        f.code.startswith("MUST_") for f in result.violations
                    ):
                        return result
    return None


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_names_the_proof_of_a_revoke_without_the_deal(key: str) -> None:
    """For each game, a revoke made in a record kept without the deal names the later trick
    that proves it."""
    result = _a_revoke_without_the_deal(GAMES[key], random.Random(23))
    assert result is not None, "no revoke could be made: the test would prove nothing"
    revokes = [f for f in result.violations if f.code.startswith("MUST_")]
    assert all("; proved by trick " in f.message for f in revokes), [f.message for f in revokes]


def test_repairs_are_searched_under_the_options_given() -> None:
    """The tour is clean under the defaults; with first-lead=declarer (NICE-10) Anna should
    have led trick 1, so under that option the record needs a repair, and every repair
    offered is judged under it too."""
    record = record_of((EXAMPLES / "nice4" / "tour.txt").read_text())
    options = {"first-lead": "declarer"}
    clean, none = suggest_repairs(NICE4, record)
    assert clean.status.value == "clean" and none == []
    report, repairs = suggest_repairs(NICE4, record, options=options, budget=3000)
    assert report.status.value == "invalid"
    for repair in repairs:
        assert repair.report.status == NICE4.verify(repair.record, options).status


# -- #20.18: a hand impossible under another option is no change of payments ------------------
def _alternative(alternatives: list, option: str, value: str):  # type: ignore[no-untyped-def]
    [alt] = [a for a in alternatives if (a.option, a.value) == (option, value)]
    return alt


def test_what_if_shows_a_hand_impossible_under_an_option_as_such() -> None:
    """The what-if record's tour hand under first-lead=declarer (NICE-10): Anna, the Solo
    player, would lead trick 1, but Carla leads it, so the hand cannot be played (G-2). That
    is no change of payments (it once read Anna +8, Carla -8): impossible, left out."""
    record = record_of((EXAMPLES / "disputes" / "what-if.txt").read_text())
    base, alternatives = what_if(NICE4, record)
    alt = _alternative(alternatives, "first-lead", "declarer")
    assert alt.status.value == "invalid" and alt.impossible == (1,)
    assert alt.amounts == base.settlement and not any(alt.delta)
    assert alt.changes_anything  # the hand becoming impossible is a change worth showing
    honours = _alternative(alternatives, "honours", "world")  # a real change stays one
    assert honours.impossible == () and honours.delta == (1, 1, -3, 1)


def test_session_what_if_leaves_impossible_hands_out_of_the_balances() -> None:
    """The pinch score sheet's two hands under pip-order=historic (PINCH-1): both become
    impossible, which once read as both players' whole balances lost (Anna -126, Bruno -118).
    Now: hands 1 and 2 impossible, left out; the final balances as applied, no change; and
    bagatto-ultimo=off (PINCH-7) still changes Bruno's balance by -20."""
    records = [p.record for p in read((EXAMPLES / "pinch" / "score-sheet.txt").read_text())]
    names, balances, alternatives = session_what_if(get_game("pinch"), records)
    assert dict(zip(names, balances, strict=True)) == {"Anna": 126, "Bruno": 118}
    historic = _alternative(alternatives, "pip-order", "historic")
    assert historic.impossible == (1, 2) and historic.status.value == "invalid"
    assert historic.amounts == balances and not any(historic.delta)
    bagatto = _alternative(alternatives, "bagatto-ultimo", "off")
    assert bagatto.impossible == () and bagatto.delta == (0, -20)


def test_impossible_under_an_option_in_the_api_pages_and_command(
    client: FlaskClient, tournament: Tournament
) -> None:
    """The same two records through ``POST /api/audit``, ``GET /api/sessions/{id}/what-if``,
    the hand's audit page, the session's what-if page and ``tarocco audit``."""
    text = (EXAMPLES / "disputes" / "what-if.txt").read_text()
    [audited] = client.post("/api/audit", json={"text": text, "tools": ["what-if"]}).get_json()[
        "records"
    ]
    by_name = {f"{a['option']}={a['value']}": a for a in audited["what_if"]}
    lead = by_name["first-lead=declarer"]
    assert lead["impossible"] and lead["impossible_hands"] == [1]
    assert set(lead["delta"].values()) == {0}
    assert not by_name["honours=world"]["impossible"]

    session = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={"game": "pinch", "players": ["Anna", "Bruno"]},
        headers=tournament.headers,
    ).get_json()["id"]
    pinch = (EXAMPLES / "pinch" / "score-sheet.txt").read_text()
    stored = client.post(
        f"/api/sessions/{session}/hands", json={"text": pinch}, headers=tournament.headers
    )
    assert stored.status_code == 201, stored.get_data(as_text=True)
    api = client.get(f"/api/sessions/{session}/what-if").get_json()
    historic = {f"{a['option']}={a['value']}": a for a in api["what_if"]}["pip-order=historic"]
    assert historic["impossible"] and historic["impossible_hands"] == [1, 2]
    assert historic["amounts"] == api["balances"] == {"Anna": 126, "Bruno": 118}
    assert set(historic["delta"].values()) == {0}
    page = html.unescape(client.get(f"/sessions/{session}/what-if").get_data(as_text=True))
    assert "hands 1, 2 impossible under this option" in page
    assert "-126" not in page and "-118" not in page

    _tour, [hand] = stored_in_a_new_session(client, tournament, text)
    page = html.unescape(client.get(f"/hands/{hand['hand_id']}/audit").get_data(as_text=True))
    row = re.search(r"first-lead=declarer.*?</tr>", page, re.S)
    assert row is not None and "impossible under this option" in row.group(0)
    assert "+8" not in row.group(0) and "-8" not in row.group(0)

    hand_run = CliRunner().invoke(
        main, ["audit", "--tool", "what-if", str(EXAMPLES / "disputes" / "what-if.txt")]
    )
    assert re.search(
        r"first-lead=declarer \[NICE-10\] +impossible under this option", hand_run.output
    )
    session_run = CliRunner().invoke(
        main,
        ["audit", "--tool", "what-if", "--session", str(EXAMPLES / "pinch" / "score-sheet.txt")],
    )
    assert (
        "pip-order=historic [PINCH-1]: no change "
        "(hands 1, 2 impossible under this option: left out)" in session_run.output
    )
    assert "Anna -126" not in session_run.output


# -- repairs show their effect (#23.5) ------------------------------------------------------
def test_a_repair_shows_the_finding_it_settles_its_payments_and_the_trick_replayed() -> None:
    """repair-swap: the exchange settles Anna's revoke in trick 1 (NICE-11); both records
    pay Anna -8, Carla +8 (the revoke is scored as played, G-1), so the change is 0; tricks 1
    and 15 are replayed both ways with Anna's card marked changed."""
    record = record_of((EXAMPLES / "disputes" / "repair-swap.txt").read_text())
    [repair] = audit_record(record, tools=["repair"])["repairs"][:1]
    assert repair["disputed"]["code"] == "MUST_FOLLOW_TRUMPS"
    assert (repair["disputed"]["trick"], repair["disputed"]["seat"]) == (1, "Anna")
    assert repair["settles"] == [repair["disputed"]]
    assert repair["payments"] == [
        {"player": "Anna", "recorded": -8, "repaired": -8, "change": 0},
        {"player": "Bruno", "recorded": 0, "repaired": 0, "change": 0},
        {"player": "Carla", "recorded": 8, "repaired": 8, "change": 0},
        {"player": "Dario", "recorded": 0, "repaired": 0, "change": 0},
    ]
    assert [t["number"] for t in repair["tricks"]] == [1, 15]
    one = repair["tricks"][0]
    assert [(p["seat"], p["card"]) for p in one["recorded"]["plays"]] == [
        ("Carla", "10"),
        ("Dario", "17"),
        ("Anna", "5C"),
        ("Bruno", "9"),
    ]
    assert [(p["seat"], p["card"], p["changed"]) for p in one["repaired"]["plays"]] == [
        ("Carla", "10", False),
        ("Dario", "17", False),
        ("Anna", "4", True),
        ("Bruno", "9", False),
    ]
    assert (one["repaired"]["leader"], one["repaired"]["winner"]) == ("Carla", "Dario")
    assert repair["order"] == "clean; cost 2; 2 cards moved; from trick 1, card 3"


def test_a_repair_of_an_invalid_record_pays_where_the_record_paid_nothing() -> None:
    """repair-numeral: the record is invalid (Anna does not hold 6, G-2), so it pays nothing;
    VI read as IV gives the tour's payments. Trick 1 as written (the replay stopped in it)
    has no players; the repaired one marks the 4."""
    record = record_of((EXAMPLES / "disputes" / "repair-numeral.txt").read_text())
    [repair] = audit_record(record, tools=["repair"])["repairs"][:1]
    assert repair["disputed"]["message"] == "Anna does not hold 6; Bruno holds it"
    assert [(p["recorded"], p["repaired"], p["change"]) for p in repair["payments"]] == [
        (None, -8, -8),
        (None, 0, 0),
        (None, 8, 8),
        (None, 0, 0),
    ]
    [trick] = repair["tricks"]
    assert trick["recorded"]["leader"] is None
    assert [p["card"] for p in trick["recorded"]["plays"]] == ["10", "17", "6", "9"]
    assert [p["changed"] for p in trick["repaired"]["plays"]] == [False, False, True, False]


def test_the_players_written_clockwise_are_repaired() -> None:
    """A seat-order slip: the tour with its Players tag reversed is impossible (the eldest
    becomes Anna, who does not hold 10); reversing the tag is the one clean repair, though
    it moves every card (cost 2, 76 cards); the trick it shows is trick 1."""
    text = (EXAMPLES / "disputes" / "repair-players.txt").read_text()
    report, repairs = suggest_repairs(NICE4, record_of(text))
    assert report.status.value == "invalid"
    first = repairs[0]
    assert first.clean and [e.kind for e in first.edits] == ["seat-order"]
    assert first.record.players == ["Anna", "Bruno", "Carla", "Dario"]
    assert first.cards_moved == 76 and first.first_place == (0, 0)
    tour = (EXAMPLES / "nice4" / "tour.txt").read_text()
    assert write(first.record) == write(record_of(tour)).replace(
        "README tour: a Solo with a call, 10 Tarocche and Mitigatti",
        "Dispute: the players written clockwise",
    )
    [shown] = audit_record(record_of(text), tools=["repair"])["repairs"][:1]
    assert [t["number"] for t in shown["tricks"]] == [1]
    assert shown["players"] == ["Anna", "Bruno", "Carla", "Dario"]


def test_equal_repairs_come_fewest_cards_moved_then_earliest() -> None:
    """repair-several: three clean repairs of cost 2; the two exchanges (2 cards) before the
    trick rotated (4 cards), and of the exchanges the one that starts earlier (trick 1, card
    3) first. Every repair says where it stands."""
    record = record_of((EXAMPLES / "disputes" / "repair-several.txt").read_text())
    audited = audit_record(record, tools=["repair"], limit=3)
    assert "fewest cards moved, then the earliest place" in audited["repair_order"]
    assert [r["order"] for r in audited["repairs"]] == [
        "clean; cost 2; 2 cards moved; from trick 1, card 3",
        "clean; cost 2; 2 cards moved; from trick 1, card 4",
        "clean; cost 2; 4 cards moved; from trick 6, card 1",
    ]


def first_repair(page: str) -> str:
    """The audit page's first repair section."""
    start = page.index('id="repair-1"')
    return page[start : page.index("</section>", start)]


def test_audit_page_shows_each_repairs_effect_and_asks_to_confirm(
    client: FlaskClient, tournament: Tournament
) -> None:
    """The audit page: the finding settled, the payments against the record's, trick 1
    replayed with the changed card marked; a director's accept form holds an editable reason
    (the repair's by default) and the stored revision keeps what the director wrote."""
    text = (EXAMPLES / "disputes" / "repair-numeral.txt").read_text()
    _session, [hand] = stored_in_a_new_session(client, tournament, text)
    page = client.get(f"/hands/{hand['hand_id']}/audit").get_data(as_text=True)
    first = first_repair(page)
    assert (
        "<b>Settles:</b> <span data-engine-words>Anna does not hold 6; Bruno holds it</span>"
        in first
    )
    rows = re.findall(
        r'<th scope="row">(\w+)</th><td class="num">([^<]+)</td><td class="num">([^<]+)</td>'
        r'<td class="num">([^<]+)</td>',
        first,
    )
    assert rows == [
        ("Anna", "none", "-8", "-8"),
        ("Bruno", "none", "0", "0"),
        ("Carla", "none", "+8", "+8"),
        ("Dario", "none", "0", "0"),
    ]
    assert "Trick 1, replayed" in first and first.count('class="play is-changed"') == 1
    assert 'aria-label="Trump IV (4)"' in first.split('class="play is-changed"')[1][:400]
    assert "Accept as a correction" not in page  # a visitor sees no form
    form = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    client.post("/login", data={"csrf_token": token, "token": tournament.token})
    page = client.get(f"/hands/{hand['hand_id']}/audit").get_data(as_text=True)
    first = first_repair(page)
    assert "<summary>Accept as a correction…</summary>" in first
    assert "Confirm: store as revision 2" in first
    reason = re.search(r'<textarea id="reason-1" name="reason"[^>]*>([^<]*)</textarea>', first)
    assert (
        reason
        and html.unescape(reason.group(1)) == "repair: trick 1, card 3: VI read as IV (6 -> 4)"
    )
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', first))
    response = client.post(
        f"/hands/{hand['hand_id']}/revisions",
        data={
            **{k: html.unescape(v) for k, v in fields.items()},
            "reason": "the paper shows IV: VI was misread",
            "author": "Chief TD",
        },
    )
    assert response.status_code == 302
    [_, revision] = client.get(f"/api/hands/{hand['hand_id']}/revisions").get_json()
    assert (revision["reason"], revision["author"], revision["status"]) == (
        "the paper shows IV: VI was misread",
        "Chief TD",
        "clean",
    )


def test_a_seating_repair_is_not_offered_as_a_correction_of_a_stored_hand(
    client: FlaskClient, tournament: Tournament
) -> None:
    """A session seated as the slipped record says (Anna, Dario, Carla, Bruno) stores it; the
    reversal is shown with its effect, but a correction must keep the session's seating, so
    the page says so instead of offering a form the service would refuse."""
    text = (EXAMPLES / "disputes" / "repair-players.txt").read_text()
    _session, [hand] = stored_in_a_new_session(
        client, tournament, text, ["Anna", "Dario", "Carla", "Bruno"]
    )
    form = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    client.post("/login", data={"csrf_token": token, "token": tournament.token})
    page = client.get(f"/hands/{hand['hand_id']}/audit").get_data(as_text=True)
    first = first_repair(page)
    assert "the Players tag reversed (written clockwise)" in first
    assert "cannot be stored as a correction of this hand" in first
    assert "Accept as a correction" not in first
