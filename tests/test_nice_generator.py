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
