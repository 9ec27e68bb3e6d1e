"""Piedicavallo's Hand API (#22 item 3): the deal as its play begins, stepped a card at a time.

``Game.start_play`` reads a record's hand and discard lines and returns the state of the play
(:class:`~scorer.games.piedicavallo.PiedicavalloHand`, a
:class:`~scorer.games.engine.TrickPlay`): whose turn it is, the legal cards, a checked
``play`` that refuses an illegal card and an unchecked ``push`` that plays and flags it, the
trick on the table and each seat's cards. Each test builds its deal with ``piedikit``.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from piedikit import PLAYERS, Deal, make_from, mask, shuffled

from records.notation import read
from records.writer import write
from scorer.cards import Card
from scorer.cardset import CardSet, cards_of
from scorer.games import get_game
from scorer.games.engine import IllegalPlay, NoPlay
from scorer.games.piedicavallo import PiedicavalloHand
from scorer.games.piedicavallo import rules as R
from scorer.record import Item, Record, Trick
from scorer.report import Status

GAME = get_game("piedicavallo")


def start(d: Deal) -> PiedicavalloHand:
    """The play of ``d`` as it begins: its hand and discard lines, no trick line."""
    [parsed] = read(replace(d, tricks=[]).text())
    state = GAME.start_play(parsed.record)
    assert isinstance(state, PiedicavalloHand)
    return state


def to_a_must_follow(d: Deal) -> PiedicavalloHand:
    """The play of ``d`` stepped (``play``) up to the first player who holds cards he may
    not play (PIE-4: he must follow suit, or trump)."""
    h = start(d)
    for card in (card for trick in d.tricks for card in trick):
        seat = h.to_play()
        assert seat is not None
        if h.legal_cards() != h.hand(seat):
            return h
        h.play(card)
    raise AssertionError("nobody ever had to follow suit")


def test_the_eldest_leads_and_may_lead_any_card_PIE3() -> None:
    d = make_from("Anna", shuffled("Anna", 5))
    dealt_bruno = d.dealt["Bruno"]
    h = start(d)
    assert h.to_play() == PLAYERS.index("Bruno")  # PIE-3: the dealer's right leads
    assert h.current_trick == ()
    assert h.legal_cards() == CardSet(dealt_bruno)
    assert h.hand(0) == CardSet(d.dealt["Anna"] & ~mask(d.discard))  # the discard is out
    assert [len(h.hand(seat)) for seat in range(4)] == [15, 15, 15, 15]


def test_checked_play_refuses_a_revoke_and_leaves_the_hand_PIE4() -> None:
    d = make_from("Anna", shuffled("Anna", 5))
    h = to_a_must_follow(d)
    seat = h.to_play()
    assert seat is not None and h.current_trick  # a follower: the trick has its lead
    assert h.current_trick == tuple(d.tricks[h.done][: len(h.current_trick)])
    legal = int(h.legal_cards())
    illegal = cards_of(int(h.hand(seat)) & ~legal)[0]
    before = h.hand(seat)
    with pytest.raises(IllegalPlay) as refused:
        h.play(illegal)
    assert refused.value.code in ("MUST_FOLLOW_SUIT", "MUST_TRUMP")
    assert h.hand(seat) == before and h.to_play() == seat and not h.report.findings
    with pytest.raises(IllegalPlay) as not_held:
        h.play(cards_of(R.PACK & ~int(before) & ~h.seen)[0])
    assert not_held.value.code == "CARD_NOT_HELD" and h.hand(seat) == before


def test_unchecked_push_plays_a_revoke_and_flags_it_G1() -> None:
    d = make_from("Anna", shuffled("Anna", 5))
    h = to_a_must_follow(d)
    seat, number = h.to_play(), h.done + 1
    legal = int(h.legal_cards())
    illegal = cards_of(int(h.hand(seat)) & ~legal)[0]
    h.push(illegal)
    [finding] = h.report.findings
    assert finding.code in ("MUST_FOLLOW_SUIT", "MUST_TRUMP") and finding.rule == "PIE-4"
    assert (finding.seat, finding.trick, finding.cards) == (seat, number, (illegal,))
    assert finding.legal == tuple(cards_of(legal))
    assert illegal not in h.hand(seat) and h.current_trick[-1] == illegal


def test_a_whole_deal_played_through_the_api_verifies_clean() -> None:
    """Random legal cards through ``to_play``/``legal_cards``/``play``; the tricks written from
    the state's report make a record that verifies clean, with the winners it gave."""
    d = make_from("Carla", shuffled("Carla", 11))
    h = start(d)
    rng = random.Random(3)
    turns = []
    while (seat := h.to_play()) is not None:
        turns.append(seat)
        h.play(rng.choice(list(h.legal_cards())))
    assert len(turns) == 60 and h.done == 15 and h.legal_cards() == CardSet()
    assert all(len(h.hand(seat)) == 0 for seat in range(4))
    [parsed] = read(replace(d, tricks=[]).text())
    lines = tuple(
        Trick(t.number, None, tuple(Item(str(c), c) for c in t.cards)) for t in h.report.tricks
    )
    record = Record(parsed.record.tags, (*parsed.record.body, *lines))
    report = GAME.verify(read(write(record))[0].record)
    assert report.status is Status.CLEAN
    assert [t.winner for t in report.tricks] == [t.winner for t in h.report.tricks]
    assert sum(side.total for side in report.sides) == R.TOTAL


def test_start_play_refuses_a_deal_that_cannot_be_played_G2() -> None:
    d = make_from("Anna", shuffled("Anna", 5))
    d.tricks = []
    first = cards_of(d.dealt["Bruno"])[0]
    text = d.text().replace(f"hand Bruno: {first} ", "hand Bruno: ", 1)
    with pytest.raises(NoPlay) as refused:
        GAME.start_play(read(text)[0].record)
    assert [f.code for f in refused.value.report.errors] == ["WRONG_HAND_SIZE"]
    assert "Bruno was dealt 14 cards; the deal gives 15" in str(refused.value)


def test_remarks_are_checked_on_a_records_trick_lines_not_on_pushed_cards_PIE5() -> None:
    """A pushed card carries no words: the state checks remarks only on a record's lines."""
    d = make_from("Anna", shuffled("Anna", 5))
    h = start(d)
    h.push(d.tricks[0][0])
    assert h.report.findings == [] and h.current_trick == (Card(d.tricks[0][0]),)


def test_a_deal_not_written_leaves_every_card_unseen_to_the_player_to_play_G2() -> None:
    """No hand line and no trick: the hands are unknown (DEAL_UNKNOWN), so the eldest may
    play any card of the pack but the discard, and nothing he plays is held against him."""
    d = make_from("Anna", shuffled("Anna", 5))
    d.write_hands = False
    h = start(d)
    assert [f.code for f in h.report.findings] == ["DEAL_UNKNOWN"]
    assert h.legal_cards() == CardSet(R.PACK & ~mask(d.discard))
    h.play(d.tricks[0][0])
    assert h.hand(h.eldest) == CardSet() and len(h.report.findings) == 1
