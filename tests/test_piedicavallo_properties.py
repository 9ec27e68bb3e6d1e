"""Properties of random legal Piedicavallo deals and games (``tarocco random piedicavallo``),
and mutations of them that must never crash the engine.

For every seed: the text and JSON round trips give the same record; the deal verifies clean
(remarks included: the generator only says true things within PIE-5's limits); the two sides
share 114 points (PIE-2, PIE-6); each player's score is his side's points minus 57 and the deal
is zero-sum (PIE-7); each of the 62 cards is dealt once and either played once or discarded.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.notation import read
from records.pipeline import check_text
from records.schemas import RecordSchema, dump_report
from records.writer import write
from scorer.cards import PIEDICAVALLO_PACK
from scorer.games import get_game
from scorer.games.piedicavallo.session import progress
from scorer.ledger import build_ledger
from scorer.report import Status

GAME = get_game("piedicavallo")
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_random_deals_are_clean_and_add_up(seed: int) -> None:
    record = GAME.random_record(random.Random(seed))
    text = write(record)
    [parsed] = read(text)
    assert parsed.ok and parsed.record == record and write(parsed.record) == text
    data = json.loads(json.dumps(RecordSchema().dump(record)))
    assert RecordSchema().load(data) == record

    report = GAME.verify(parsed.record)
    assert report.status is Status.CLEAN, [f.message for f in report.findings]
    assert sum(side.total for side in report.sides) == 114
    assert sum(side.tricks for side in report.sides) == 15
    lead = report.sides[0].total - 57
    assert report.settlement == (lead, -lead, lead, -lead)
    assert sum(report.settlement) == 0

    dealt = Counter(c for line in record.lines("hand") for c in line.cards())
    assert dealt == Counter(PIEDICAVALLO_PACK)
    played = Counter(c for trick in record.tricks for c in trick.card_tuple)
    discard = record.lines("discard")[0].cards()
    assert played + Counter(discard) == Counter(PIEDICAVALLO_PACK)
    assert json.dumps(dump_report(report))


@settings(max_examples=15, deadline=None)
@given(seeds, st.integers(1, 8))
def test_random_games_keep_the_lead_arithmetic(seed: int, count: int) -> None:
    """PIE-7: the ledger's balance is the running lead; the session stops with the game."""
    records = GAME.random_session(random.Random(seed), count)
    reports = [GAME.verify(r) for r in records]
    ledger = build_ledger(records, reports)
    assert ledger.is_zero_sum() and ledger.findings == []
    running = 0
    for row, report in zip(ledger.rows, reports, strict=True):
        running += report.sides[0].total - 57
        assert row.balances == (running, -running, running, -running)
    state = progress(GAME, records, reports)
    assert state.ended_after in (None, len(records))
    assert state.ended_after is not None or len(records) == count


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A random deal's text with tokens, remarks or lines disturbed."""
    text = write(GAME.random_record(random.Random(draw(seeds))))
    rows = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(rows) - 1))
        tokens = rows[at].split(" ")
        kind = draw(st.sampled_from(["token", "remark", "drop", "swap", "dup"]))
        if kind == "token" and tokens:
            tokens[draw(st.integers(0, len(tokens) - 1))] = draw(
                st.sampled_from(["4S", "KS", "21", "Fool", "?", "announce=3", "7C", "AC", "x", "-"])
            )
            rows[at] = " ".join(tokens)
        elif kind == "remark" and tokens:
            note = draw(
                st.sampled_from(
                    [
                        "have 21",
                        "have +3",
                        "other-colour K",
                        "win-this",
                        "sleeping QS",
                        "lead trumps",
                        "cover",
                        "have none",
                        "lead other-colour 5S",
                        "play 21",
                        "have",
                        "zz",
                        "have +99",
                        "sleeping other-colour 2",
                    ]
                )
            )
            i = draw(st.integers(0, len(tokens) - 1))
            tokens[i] = tokens[i].split("(")[0] + f"({note})"
            rows[at] = " ".join(tokens)
        elif kind == "drop":
            del rows[at]
        elif kind == "swap":
            other = draw(st.integers(0, len(rows) - 1))
            rows[at], rows[other] = rows[other], rows[at]
        else:
            rows.insert(at, rows[at])
        if not rows:
            break
    return "\n".join(rows)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutations_never_crash(text: str) -> None:
    for checked in check_text(text):
        report = checked.report
        assert isinstance(report.status, Status)
        for finding in report.findings:
            assert finding.code and finding.message
        if report.status in (Status.CLEAN, Status.FLAGGED):
            assert sum(side.total for side in report.sides) == 114
            assert sum(report.settlement) == 0
        else:
            assert report.lines == []


def test_generator_covers_the_games_branches() -> None:
    """The random deals exercise what the engine checks: every kind of remark, trumps in the
    discard (announced), the Fool led and played, named leaders."""
    from scorer.cards import FOOL
    from scorer.games.piedicavallo.talk import statements

    heads: set[str] = set()
    trump_discards = fool_led = fool_played = named = 0
    for seed in range(60):
        record = GAME.random_record(random.Random(seed))
        discard = record.lines("discard")[0]
        if any(c.is_trump for c in discard.cards()):
            trump_discards += 1
            assert "announce" in discard.options()
        for trick in record.tricks:
            fool_led += trick.card_tuple[0] == FOOL
            fool_played += FOOL in trick.card_tuple
            named += trick.leader is not None
            for item in trick.plays:
                heads |= {words[0] for words in statements(item.note or "")}
    assert {
        "have",
        "other-colour",
        "sleeping",
        "win-this",
        "play-low",
        "put-points",
        "few-points",
        "cover",
        "play",
        "lead",
        "farlo",
    } <= heads
    assert trump_discards and fool_led and fool_played == 60 and named
