"""The trick machinery: legal plays, the reason a play is illegal, and the trick winner.

Tables compare exact legal sets at each step of a trick (as OpenSpiel's tests do), using the
Nice rule tables (``scorer.games.nice.rules.RULES``: NICE-4 ranks, NICE-11 no overtrumping) and
the ``overtrump`` / ``must_trump`` switches other games use. A hypothesis property ties
``legal`` and ``illegal`` together so the replay's fast path can never disagree with the legal
set it reports for a flagged play.
"""

from __future__ import annotations

import dataclasses
import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scorer.tricks
from scorer.cards import CARDS, FOOL, Card
from scorer.cardset import CardSet, cards_of
from scorer.games.nice.rules import PACK, RULES
from scorer.tricks import (
    CATEGORY,
    MUST_FOLLOW_SUIT,
    MUST_FOLLOW_TRUMPS,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    TRUMP,
    TrickRules,
)

OVERTRUMP = dataclasses.replace(RULES, overtrump=True)
NO_MUST_TRUMP = dataclasses.replace(RULES, must_trump=False)
TAROT_PACK = cards_of(PACK)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def legal_text(rules: TrickRules, hand: str, trick: str) -> str:
    """The legal cards as canonical text (index order)."""
    return str(CardSet(rules.legal(int(CardSet.parse(hand)), cards(trick))))


# -- legal sets ----------------------------------------------------------------------------
LEGAL = [
    # (hand, trick so far, legal set, why)
    ("3S 7C 21 Fool", "", "3S 7C 21 Fool", "leading: anything"),
    ("3S 7C 21 Fool", "KS", "3S Fool", "follow suit; the Fool may always excuse (NICE-3)"),
    ("3S 9S 7C 21", "KS QS", "3S 9S", "any card of the suit, no need to head it"),
    ("7C 2D 21 4", "KS", "21 4", "void: must trump, any trump (NICE-11)"),
    ("7C 2D 21 Fool", "KS", "21 Fool", "void: trump or excuse"),
    ("7C 2D Fool", "KS", "7C 2D Fool", "void and no trump: anything"),
    ("7C 2D", "KS 5", "7C 2D", "trumped trick, no spade, no trump: discard anything"),
    ("3S 7C 21", "KS 5", "3S", "the led suit is still the suit to follow after a trump"),
    ("7C 1 2 21 Fool", "6", "1 2 21 Fool", "trump led: any trump, no overtrumping (NICE-11)"),
    ("7C 3S Fool", "6", "3S 7C Fool", "trump led, none held: anything"),
    ("7C 3S 5 Fool", "Fool", "3S 7C 5 Fool", "Fool led: the next player leads freely (G-3)"),
    ("7C 3S 5 Fool", "Fool 2S", "3S Fool", "Fool led: the second card sets the suit (G-3)"),
    ("7C 3S 5 Fool", "Fool 6", "5 Fool", "Fool led, then a trump: trumps to follow (G-3)"),
    ("7C 5", "Fool 2S", "5", "Fool led, second card a spade, void: must trump"),
    ("Fool", "KS", "Fool", "a last card is always legal"),
    ("KS", "Fool KC", "KS", "a last card is always legal"),
]


@pytest.mark.parametrize(
    ("hand", "trick", "expected", "why"), LEGAL, ids=[f"{h}|{t}" for h, t, _, _ in LEGAL]
)
def test_legal_sets(hand: str, trick: str, expected: str, why: str) -> None:
    assert legal_text(RULES, hand, trick) == str(CardSet.parse(expected)), why


ILLEGAL = [
    # (hand, trick, card, reason code or None)
    ("3S 7C 21 Fool", "KS", "7C", MUST_FOLLOW_SUIT),
    ("3S 7C 21 Fool", "KS", "21", MUST_FOLLOW_SUIT),
    ("3S 7C 21 Fool", "KS", "Fool", None),
    ("3S 7C 21 Fool", "KS", "3S", None),
    ("7C 21", "KS", "7C", MUST_TRUMP),
    ("7C 21", "KS", "21", None),
    ("7C 2D", "KS", "2D", None),
    ("7C 1 21", "6", "7C", MUST_FOLLOW_TRUMPS),
    ("7C 1 21", "6", "1", None),
    ("7C 3S", "6", "3S", None),
    ("7C 3S 5", "Fool 2S", "7C", MUST_FOLLOW_SUIT),
    ("7C 3S 5", "Fool 2S", "5", MUST_FOLLOW_SUIT),
    ("7C 5", "Fool 2S", "7C", MUST_TRUMP),
    ("7C 3S 5", "Fool", "7C", None),
    ("7C 3S 5", "", "5", None),
]


@pytest.mark.parametrize(
    ("hand", "trick", "card", "code"), ILLEGAL, ids=[f"{h}|{t}|{c}" for h, t, c, _ in ILLEGAL]
)
def test_illegal_reasons(hand: str, trick: str, card: str, code: str | None) -> None:
    assert RULES.illegal(int(CardSet.parse(hand)), cards(trick), Card.parse(card)) == code


def test_a_whole_trick_step_by_step() -> None:
    """OpenSpiel style: the exact legal set of each player in turn as the trick grows."""
    hands = {
        "Anna": "KS 3S 7C 21",
        "Bruno": "2C 9C Fool 4",
        "Carla": "6S 10D 1",
        "Dario": "QD 2D 3D",
    }
    plays = [
        ("Anna", "KS", "3S KS 7C 21"),
        ("Bruno", "4", "4 Fool"),
        ("Carla", "6S", "6S"),
        ("Dario", "2D", "QD 2D 3D"),
    ]
    trick: list[Card] = []
    for player, card, expected in plays:
        assert legal_text(RULES, hands[player], " ".join(map(str, trick))) == str(
            CardSet.parse(expected)
        ), player
        trick.append(Card.parse(card))
    assert RULES.winner(trick) == 1  # Bruno's trump


def test_fool_led_trick_step_by_step() -> None:
    """G-3: the Fool leads, the second card sets the suit for the rest."""
    trick = cards("Fool")
    assert legal_text(RULES, "KC 3S 6", "Fool") == "3S KC 6"
    trick.append(Card.parse("KC"))
    assert legal_text(RULES, "2C 3S 6", "Fool KC") == "2C"
    assert legal_text(RULES, "3S 6", "Fool KC") == "6"
    trick += cards("2C 6")
    assert RULES.winner(trick) == 3


# -- winners -------------------------------------------------------------------------------
WINNERS = [
    ("KS QS 2S AS", 0, "the King heads its suit"),
    ("AS 10S", 0, "black suits: the Ace fifth, above the 10"),
    ("2S 10S", 1, "black suits: 10 above 2"),
    ("AC 10C", 0, "red suits: the Ace fifth, above the 2"),
    ("10C 2C", 1, "red suits: 2 above 10"),
    ("10D 9D 2D", 2, "red suits run backwards below the Ace"),
    ("CS JS QS", 2, "Q above C(avalier) above J"),
    ("2S KC", 0, "an off-suit card never wins"),
    ("KS 1", 1, "any trump beats the suit"),
    ("KS 1 2S 6", 3, "the higher trump wins"),
    ("21 20", 1, "XX above XXI (NICE-4)"),
    ("20 21", 0, "XX above XXI (NICE-4)"),
    ("19 21", 1, "XXI above XIX"),
    ("6 5", 0, "VI above the Papotes"),
    ("3 2", 1, "Papotes tie: the later wins (NICE-4)"),
    ("2 5", 1, "Papotes tie: the later wins"),
    ("5 2", 1, "Papotes tie: the later wins"),
    ("5 4 3 2", 3, "four Papotes: the last"),
    ("KS 3 2 AS", 2, "Papotes after a suit lead: the later"),
    ("2 3 1", 1, "I is below the Papotes"),
    ("1 5", 1, "the Papotes beat I"),
    ("4 6 2", 1, "VI beats a later Papote"),
    ("Fool KS QS 2S", 1, "the Fool never wins (NICE-3)"),
    ("KS Fool", 0, "the Fool never wins"),
    ("Fool 2S KC", 1, "Fool led: the second card sets the suit (G-3)"),
    ("Fool 2S 2", 2, "Fool led: a trump still wins"),
    ("2C Fool 3C", 0, "red: the 2 beats the 3"),
]


@pytest.mark.parametrize(("trick", "winner", "why"), WINNERS, ids=[t for t, _, _ in WINNERS])
def test_winners(trick: str, winner: int, why: str) -> None:
    assert RULES.winner(cards(trick)) == winner, why


def test_fool_alone_wins_nothing() -> None:
    assert RULES.winner([FOOL]) is None
    assert RULES.winner([]) is None
    assert RULES.led_category([FOOL]) is None
    assert RULES.led_category(cards("Fool 3C")) == 2


# -- switches ------------------------------------------------------------------------------
def test_overtrump_switch() -> None:
    """With ``overtrump=True`` a trump lead must be headed if possible; equal Papotes do not
    head one another (they are equal in strength)."""
    assert legal_text(OVERTRUMP, "2 6 15 Fool", "10") == "15 Fool"
    assert legal_text(OVERTRUMP, "2 6 Fool", "10") == "2 6 Fool"  # cannot head: any trump
    assert legal_text(OVERTRUMP, "2 4 6", "3") == "6"
    assert legal_text(OVERTRUMP, "2 4", "3") == "2 4"
    assert legal_text(OVERTRUMP, "21 20", "19 21") == "20"
    assert legal_text(OVERTRUMP, "7C 21 1", "KS") == "1 21", "void in a suit: any trump"
    hand = int(CardSet.parse("2 6 15 Fool"))
    assert OVERTRUMP.illegal(hand, cards("10"), Card.parse("6")) == MUST_OVERTRUMP
    assert OVERTRUMP.illegal(hand, cards("10"), Card.parse("15")) is None
    assert OVERTRUMP.illegal(hand, cards("10"), Card.parse("Fool")) is None
    assert RULES.illegal(hand, cards("10"), Card.parse("6")) is None  # NICE-11


def test_must_trump_switch() -> None:
    assert legal_text(NO_MUST_TRUMP, "7C 21", "KS") == "7C 21"
    assert NO_MUST_TRUMP.illegal(int(CardSet.parse("7C 21")), cards("KS"), Card.parse("7C")) is None


def test_simple_builder_ties() -> None:
    """TrickRules.simple: a nested list in the trump order makes tied trumps; the earlier
    keeps the trick unless ``ties_to_later`` (NICE-4's Papotes) gives it to the later."""
    rules = TrickRules.simple(trump_order=[1, [2, 3], 4])
    assert rules.winner(cards("3 2")) == 0 and rules.winner(cards("2 3")) == 0
    later = TrickRules.simple(trump_order=[1, [2, 3], 4], ties_to_later=True)
    assert later.winner(cards("3 2")) == 1 and later.winner(cards("2 3")) == 1
    assert later.winner(cards("KS 3 2 AS")) == 2
    for either in (rules, later):
        assert either.winner(cards("4 3 2")) == 0
        assert either.winner(cards("KS AS")) == 0


def test_docstring_examples() -> None:
    assert doctest.testmod(scorer.tricks).failed == 0


# -- properties ----------------------------------------------------------------------------
@st.composite
def situations(draw: st.DrawFn) -> tuple[int, list[Card], TrickRules]:
    """A hand and a partial trick (0..3 cards) drawn from one 78-card pack, and a rule set."""
    deal = draw(st.permutations(TAROT_PACK))
    size = draw(st.integers(1, 25))
    played = draw(st.integers(0, 3))
    hand = deal[:size]
    trick = deal[size : size + played]
    # Bias towards interesting tricks: often make the hand short in the led category.
    if trick and draw(st.booleans()):
        led = TrickRules.led_category(trick)
        if led is not None:
            hand = [c for c in hand if CATEGORY[c] != led] or hand
    rules = draw(st.sampled_from([RULES, OVERTRUMP, NO_MUST_TRUMP]))
    return sum(1 << c for c in hand), list(trick), rules


@given(situations())
def test_illegal_is_none_exactly_for_legal_cards(situation) -> None:
    hand, trick, rules = situation
    legal = rules.legal(hand, trick)
    assert legal, "a non-empty hand always has a legal card"
    assert legal & ~hand == 0, "only held cards are legal"
    for card in cards_of(hand):
        reason = rules.illegal(hand, trick, card)
        assert (reason is None) == bool(legal >> card & 1), (card, reason)
        assert reason in (None, MUST_FOLLOW_SUIT, MUST_TRUMP, MUST_FOLLOW_TRUMPS, MUST_OVERTRUMP)


@given(st.lists(st.sampled_from(TAROT_PACK), min_size=1, max_size=4, unique=True))
def test_winner_properties(trick: list[Card]) -> None:
    """The winner is never the Fool; a trump wins when any is played (the last of the strongest,
    NICE-4); else the strongest card of the led suit."""
    index = RULES.winner(trick)
    if trick == [FOOL]:
        assert index is None
        return
    assert index is not None and trick[index] is not FOOL
    trumps = [i for i, c in enumerate(trick) if CATEGORY[c] == TRUMP]
    if trumps:
        best = max(RULES.strength[trick[i]] for i in trumps)
        assert index == max(i for i in trumps if RULES.strength[trick[i]] == best)
    else:
        led = TrickRules.led_category(trick)
        assert CATEGORY[trick[index]] == led
        assert all(
            RULES.strength[trick[index]] >= RULES.strength[c] for c in trick if CATEGORY[c] == led
        )


def test_strength_table_covers_the_pack() -> None:
    """Every suit card and trump of the tarot pack has a strength; distinct except Papotes."""
    for suit in range(4):
        strengths = [RULES.strength[c] for c in CARDS[suit * 14 : (suit + 1) * 14]]
        assert sorted(strengths) == list(range(1, 15))
    trumps = [RULES.strength[c] for c in CARDS[56:77]]
    assert len(set(trumps)) == 18  # 21 trumps, the four Papotes share one strength
