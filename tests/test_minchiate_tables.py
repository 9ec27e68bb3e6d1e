"""Minchiate's tables and look-ups against their definitions: card values and texts read a byte
at a time, the versicole's cards, accrescimento's runs (MIN-2, MIN-7, MIN-8), and the per-record
table of player names (as :meth:`Replay.seat_named` searches)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.cards import CARDS, trump
from scorer.games import get_game
from scorer.games.minchiate import rules as R
from scorer.games.minchiate.hand import MinchiateHand, _seat_table
from scorer.games.minchiate.scoring import _blocks_touching
from scorer.games.replay import Replay, ReplayStop
from scorer.record import Record

GAME = get_game("minchiate")

masks = st.integers(min_value=0, max_value=2**97 - 1)


@settings(max_examples=200, deadline=None)
@given(masks, st.integers(0, 4))
def test_values_and_texts_a_byte_at_a_time_are_the_card_by_card_ones(mask: int, thin: int) -> None:
    """``value_of`` and ``show`` read a mask a byte at a time (more than four cards) or a bit
    at a time; both give the sum and the list of the cards one by one (MIN-2)."""
    for _ in range(thin):  # fewer cards: the bit-at-a-time branch too
        mask &= mask >> 7 | mask >> 31
    cards = [card for card in range(97) if mask >> card & 1]
    assert R.value_of(mask) == sum(R.VALUE[card] for card in cards)
    assert R.show(mask) == " ".join(str(CARDS[card]) for card in cards)


@settings(max_examples=200, deadline=None)
@given(masks, st.booleans())
def test_versicola_cards_are_the_cards_of_the_versicole(mask: int, fool: bool) -> None:
    """The undeclared-versicola check (G-5) takes only the cards: the same versicole, in the
    same order, as :func:`versicole` (MIN-7)."""
    if fool:
        mask |= R.FOOL_SET
    assert R.versicola_cards(mask) == [v.cards for v in R.versicole(mask)]


@settings(max_examples=200, deadline=None)
@given(masks, masks, st.sampled_from([(1, 5), (28, 40)]))
def test_accrescimento_blocks_are_the_runs_that_touch_the_declared_cards(
    mask: int, core: int, run: tuple[int, int]
) -> None:
    """MIN-8: the maximal runs of consecutive trumps of ``low..high`` in ``mask`` holding a
    card of ``core``, by the definition (grown one neighbour at a time in the code)."""
    low, high = run
    expected = 0
    number = low
    while number <= high:
        if not mask >> trump(number) & 1:
            number += 1
            continue
        block = 0
        while number <= high and mask >> trump(number) & 1:
            block |= 1 << trump(number)
            number += 1
        if block & core:
            expected |= block
    assert _blocks_touching(mask, core, low, high) == expected


def test_players_are_found_by_name_as_the_general_search_finds_them() -> None:
    """The per-record name table gives the seat :meth:`Replay.seat_named` gives: names as
    written, names that fold to the same (the first such player), other spellings."""
    for players in (
        ("Anna", "Bruno", "Carla", "Dario"),
        ("Anna", "ANNA", "anna", "Dario"),
        (" Anna", "Anna", "Bruno ", "bruno"),
    ):
        tags = (("Game", "minchiate"), ("Players", ", ".join(players)), ("Dealer", "Dario"))
        hand = MinchiateHand(GAME, Record(tags), None)
        if hand.report.players != players:  # the tag's reading strips the names
            hand.report.players = players
            hand.seats_by_name = _seat_table(players)
        for name in (*players, *(p.upper() for p in players), *(p.strip() for p in players)):
            try:
                expected = Replay.seat_named(hand, name, None)
            except ReplayStop:
                expected = None
            try:
                got = hand.seat_named(name, None)
            except ReplayStop:
                got = None
            assert got == expected, (players, name)
