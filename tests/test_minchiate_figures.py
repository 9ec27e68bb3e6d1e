"""The seed text's own figures for Minchiate, as test cases (MIN-2, MIN-7, MIN-10).

Versicola examples (1-2-3 = 11, 1-Fool-40 = 20, 1-13-28 = 15), "74 dell'uno" with its variants
54, 68, 62 and 40, the mazzetti example (64 cards won, 17 counting: 22 points) and the
counting total of 142.
"""

from __future__ import annotations

import pytest

from scorer.cards import Card
from scorer.cardset import CardSet
from scorer.games.minchiate import rules as R
from scorer.games.minchiate.scoring import MAZZETTI_CARDS


def mask(text: str) -> int:
    return int(CardSet.parse(text))


def test_counting_values_total_142() -> None:
    """MIN-2: 142 points outside versicole; 29 counts nothing alone."""
    assert R.TOTAL_VALUE == 142
    assert R.VALUE[Card.parse("29")] == 0
    assert R.VALUE[Card.parse("2")] == 3 and R.VALUE[Card.parse("40")] == 10
    assert R.VALUE[Card.parse("KS")] == 5 and R.VALUE[Card.parse("Fool")] == 5
    assert R.VALUE[Card.parse("QS")] == 0 and R.VALUE[Card.parse("19")] == 0
    assert (R.COUNTING).bit_count() == 25


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("1 2 3", 11),  # the text: Papa Uno 5 and two 3s
        ("1 Fool 40", 20),  # the text: the trumpet 10 and the other two 5 each
        ("1 13 28", 15),  # the text
        ("30 31 32", 15),  # "a versicola of 3 sopratrenta is 15"
        ("28 29 30", 15),  # 29 counts 5 inside a versicola (MIN-2)
        ("10 20 30 40", 25),  # diecine
        ("20 30 40", 20),  # diecine vergognose (10 missing)
        ("KS KB KC", 15),  # three Kings
        ("1 2", 0),  # two cards make no versicola
        ("20 30", 0),  # diecine need 10 or 40
    ],
)
def test_versicola_examples(cards: str, value: int) -> None:
    """MIN-7: a versicola is worth the sum of its cards."""
    assert R.versicola_total(mask(cards)) == value


def test_the_fool_adds_five_to_each_versicola() -> None:
    """MIN-7: "The Matto always increases the score by 5 points", but never replaces a card."""
    assert R.versicola_total(mask("1 2 3 Fool")) == 16
    assert R.versicola_total(mask("1 2 Fool")) == 0
    assert R.versicola_total(mask("1 2 3 KS KB KC Fool")) == 11 + 5 + 15 + 5


def dell_uno(cards: str) -> int:
    """The figure "N dell'uno": the versicole with the Papa Uno, plus the lesser Papi counted
    again alone (as the text counts them)."""
    held = mask(cards)
    return R.versicola_total(held) + R.value_of(held & R.PAPI & ~Card.parse("1").bit)


@pytest.mark.parametrize(
    ("cards", "figure"),
    [
        ("1 2 3 4 5 Fool 40 13 28", 74),
        ("1 2 3 4 5 Fool 13 28", 54),  # uno-matto-tromba missing
        ("1 2 3 4 5 Fool 40", 54),  # uno-tredici-ventotto missing
        ("1 2 3 4 Fool 40 13 28", 68),  # Papa 5 missing
        ("1 2 3 Fool 40 13 28", 62),  # Papi 5 and 4 missing
        ("1 Fool 40 13 28", 40),  # the whole versicola dei papi missing
    ],
)
def test_dell_uno(cards: str, figure: int) -> None:
    """MIN-7: the text's "74 dell'uno" and its variants."""
    assert dell_uno(cards) == figure


def test_mazzetti_example() -> None:
    """MIN-10: 64 cards won, 17 of them counting: 17 mazzetti, 9 + 13 cards over: 22."""
    won, counting = 64, 17
    extra_mazzetti = counting - 14
    assert 3 * extra_mazzetti + (won - 3 * counting) == won - MAZZETTI_CARDS == 22


def test_pack_and_rankings() -> None:
    """MIN-1: 97 cards; 40 beats 39; long suits 10 over 1, red suits 1 over 10."""
    assert R.PACK.bit_count() == 97
    trick = [Card.parse(t) for t in ("39", "40", "KS", "1")]
    assert R.RULES.winner(trick) == 1
    assert R.RULES.winner([Card.parse("10S"), Card.parse("AS")]) == 0
    assert R.RULES.winner([Card.parse("10C"), Card.parse("AC")]) == 1
    assert R.RULES.winner([Card.parse("JS"), Card.parse("10S")]) == 0
