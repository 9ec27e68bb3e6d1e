"""The trick loop judges and wins exactly as the rules of play say (#32.1).

The loop (:mod:`scorer.games.engine`) reads each card through tables built from the game's
:class:`~scorer.tricks.TrickRules`: which cards may be illegal (only those it then judges
with :meth:`TrickRules.illegal`) and the rank keys and tie rule that decide the winner. This
property plays random deals of random rule sets (trump orders with ties, every switch)
through the loop, a card at a time with the unchecked ``push`` (legal or not, as a record
says what happened), and compares each card's flag with :meth:`TrickRules.illegal` and each
trick's winner with :meth:`TrickRules.winner`. Before #32.1 they disagreed on tied trumps:
``rules.winner`` gave the trick to the later card, the loop to the earlier.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.cards import CARDS
from scorer.cardset import cards_of
from scorer.findings import Severity
from scorer.games.engine import PlayTable, TrickPlay
from scorer.games.nice.rules import PACK
from scorer.report import Report
from scorer.tricks import TrickRules

TAROT_PACK = cards_of(PACK)
NO_POINTS = (0,) * 97


@st.composite
def rule_sets(draw: st.DrawFn) -> TrickRules:
    """A rule set: the 21 trumps in a random order, some of them tied (a list in the
    order), random suit orders, and every switch either way."""
    numbers = draw(st.permutations(range(1, 22)))
    order: list[int | list[int]] = []
    start = 0
    while start < len(numbers):
        size = draw(st.sampled_from((1, 1, 1, 2, 3)))
        group = list(numbers[start : start + size])
        order.append(group if len(group) > 1 else group[0])
        start += size
    return TrickRules.simple(
        trump_order=order,  # type: ignore[arg-type]  # (a list in the list ties those trumps)
        black=draw(st.permutations(range(1, 15))),
        red=draw(st.permutations(range(1, 15))),
        must_trump=draw(st.booleans()),
        overtrump=draw(st.booleans()),
        ties_to_later=draw(st.booleans()),
    )


@st.composite
def deals(draw: st.DrawFn) -> tuple[TrickRules, int, list[int], list[int]]:
    """A rule set, the number of players, their hands (masks) and, per card to be played,
    which of the player's cards he plays (an index into his cards, any of them). Hands are
    often dealt from a few suits and trumps only, so that ties and voids are common."""
    rules = draw(rule_sets())
    players = draw(st.integers(2, 4))
    size = draw(st.integers(1, 6))
    pack = TAROT_PACK
    if draw(st.booleans()):  # a narrow pack: trumps and one or two suits
        suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=2))
        pack = [c for c in TAROT_PACK if c >= 56 or c // 14 in suits]
    cards = draw(st.permutations(pack))[: players * size]
    hands = [sum(1 << c for c in cards[seat * size : (seat + 1) * size]) for seat in range(players)]
    count = players * size
    picks = draw(st.lists(st.integers(0, size - 1), min_size=count, max_size=count))
    return rules, players, hands, picks


@settings(derandomize=True, database=None, max_examples=300, deadline=None)
@given(deals())
def test_the_loop_flags_and_wins_as_the_rules_say(deal) -> None:
    rules, players, hands, picks = deal
    size = hands[0].bit_count()
    table = PlayTable(players, size, PACK, rules, NO_POINTS)
    play = TrickPlay(table, Report("demo", tuple(f"P{s}" for s in range(players)), 0))
    play.begin_play(list(hands))
    held = list(hands)
    for pick in picks:
        seat = play.to_play()
        assert seat is not None
        mine = list(cards_of(held[seat]))
        card = mine[pick % len(mine)]
        trick = list(play.current_trick)
        expected = rules.illegal(held[seat], trick, card)
        found = len(play.report.findings)
        play.push(card)
        held[seat] &= ~(1 << card)
        flagged = [f.code for f in play.report.findings[found:] if f.severity is Severity.VIOLATION]
        assert flagged == ([expected] if expected else []), (str(CARDS[card]), trick)
        if len(trick) + 1 == players:  # the trick is complete: its winner
            result = play.report.tricks[-1]
            index = rules.winner(result.cards)
            assert index is not None
            assert result.winner == (result.leader + index) % players, result.cards
    assert play.to_play() is None
