"""The Nice generator's records are legal in the corners a few seeds reach."""

from __future__ import annotations

import random

import pytest

from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.nice import rules as R
from scorer.report import Status


@pytest.mark.parametrize("seed", [2109, 5687, 10187, 17368])
def test_dealer_with_all_four_kings_calls_xx(seed: int) -> None:
    """NICE-8: these seeds deal the dealer all four Kings. The generator used to let him call
    one of them (its 4% "calls his own King" branch), which the engine rightly flags as
    BAD_CALL; he must call XX (or play Solo when he holds XX too)."""
    engine = get_game("nice4")
    record = engine.random_record(random.Random(seed))
    dealer = record.dealer
    [hand] = [line for line in record.lines("hand") if line.subject == record.players[dealer]]
    assert set(cards_of(R.KINGS)) <= set(hand.cards()), "the seed no longer deals four Kings"
    report = engine.verify(record)
    assert report.status in (Status.CLEAN, Status.THROWN_IN), [f.code for f in report.findings]


def test_a_deal_thrown_in_after_a_later_round_keeps_every_rounds_words() -> None:
    """NICE-5a: a nice3 deal thrown in after round 2 or 3 is written with the words of every
    round before (the generator once rebuilt the body from the hand lines and lost
    ``mountain 1:``, which is then a partial record). One seeded session, as ``tarocco random
    nice3 --seed 5`` makes it."""
    engine = get_game("nice3")
    rng = random.Random(5)
    late_throw_ins = 0
    for _ in range(300):
        record = engine.random_record(rng)
        rounds = [int(line.subject or 0) for line in record.lines("mountain")]
        assert rounds == list(range(1, len(rounds) + 1)), rounds
        report = engine.verify(record)
        if report.thrown_in and len(rounds) > 1:
            late_throw_ins += 1
        assert report.status in (Status.CLEAN, Status.THROWN_IN), [f.code for f in report.findings]
    assert late_throw_ins, "the seed no longer throws a deal in after a later round"
