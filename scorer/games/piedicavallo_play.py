"""Piedicavallo: the play of the tricks (PIE-4, G-1, G-3) with the table talk (PIE-5).

Two ways through the same rules. :func:`fast_play` is one loop per trick for the common record
(every hand and the discard written, fifteen whole tricks of cards held): it seats, checks and
scores each trick at once and raises :class:`Fallback` at anything else. :func:`play` replays
tricks already seated by the general path, whatever the record holds (hands derived or unknown,
a partial play), and stops at a card not held (G-2). Both flag an illegal play as a violation
with the cards that were legal (G-1) and check every remark against the hand just after its
card. A property test checks that both give the same report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import FOOL, Card
from ..cardset import cards_of
from ..findings import Severity
from ..report import TrickResult
from ..tricks import (
    CATEGORY,
    CATEGORY_MASK,
    FOOL_CATEGORY,
    MUST_FOLLOW_SUIT,
    MUST_TRUMP,
    TRUMP,
    TRUMP_MASK,
)
from . import piedicavallo_rules as R
from .piedicavallo_talk import check_remark

if TYPE_CHECKING:
    from ..record import Trick
    from .piedicavallo import _Deal

__all__ = ["Fallback", "fast_play", "flag_illegal", "play"]

VIOLATION = Severity.VIOLATION
BITS = tuple(1 << i for i in range(97))
N = 4
_REASONS = {
    MUST_FOLLOW_SUIT: ("PIE-4", "held {suit} and had to follow suit"),
    MUST_TRUMP: ("PIE-4", "had no {suit} but held trumps, so had to play a trump"),
    "MUST_FOLLOW_TRUMPS": ("PIE-4", "held trumps and a trump was led"),
}


class Fallback(Exception):
    """The single pass met something it leaves to the general replay."""


def fast_play(h: _Deal) -> None:
    """Seat, check and record every trick in one loop per trick (the hot path)."""
    hands = list(h.start)
    strength = R.RULES.strength
    category_of = CATEGORY
    points = R.POINTS
    masks = CATEGORY_MASK
    results = h.report.tricks
    seated = h.seated
    leader = (h.dealer + 1) % N
    fool_points = points[FOOL]
    for number, trick in enumerate(h.tricks, start=1):
        cards = trick.card_tuple
        if trick.number != number or len(cards) != N or (
                trick.leader is not None and trick.leader != leader):
            raise Fallback
        flags = {}
        seat = leader
        best = -1
        winner = leader
        led = None
        for position, card in enumerate(cards):
            if card is None:
                raise Fallback
            hand = hands[seat]
            bit = BITS[card]
            if not hand & bit:
                raise Fallback
            category = category_of[card]
            if category == TRUMP:
                if led is None:
                    led = TRUMP
                elif led != TRUMP and hand & masks[led]:  # PIE-4: had the suit led
                    fast_flag(h, MUST_FOLLOW_SUIT, hand, cards, position, trick, number,
                              seat, led, flags)
                key = 1000 + strength[card]
                if key > best:
                    best = key
                    winner = seat
            elif category != FOOL_CATEGORY:
                if led is None:
                    led = category
                elif category != led:  # PIE-4: follow, else trump (as TrickRules.illegal)
                    if hand & masks[led]:
                        fast_flag(h, "MUST_FOLLOW_TRUMPS" if led == TRUMP
                                  else MUST_FOLLOW_SUIT, hand, cards, position, trick,
                                  number, seat, led, flags)
                    elif led != TRUMP and hand & TRUMP_MASK:
                        fast_flag(h, MUST_TRUMP, hand, cards, position, trick, number,
                                  seat, led, flags)
                if category == led and strength[card] > best:
                    best = strength[card]
                    winner = seat
            hands[seat] = hand ^ bit
            seat = seat + 1 if seat < 3 else 0
        seated.append((trick, leader, cards, winner))
        if trick.has_notes:
            for position, item in enumerate(trick.plays):
                if item.note is not None:
                    speaker = (leader + position) % N
                    check_remark(h, speaker, cards[position], item, number, position,
                                 hands[speaker])
        trick_points = points[cards[0]] + points[cards[1]] + points[cards[2]] + \
            points[cards[3]]
        if FOOL in cards:
            trick_points -= fool_points
        results.append(TrickResult(number, leader, cards, winner, trick_points, flags, N,
                                   trick))
        leader = winner
    for seat in range(N):
        h.played[seat] = h.start[seat]


def fast_flag(h: _Deal, code: str, hand: int, cards, position: int, trick: Trick, number: int,
              seat: int, led: int, flags: dict) -> None:
    """Flag an illegal play found by the single pass, with the legal cards (G-1)."""
    legal = R.RULES.legal(hand, cards[:position])
    flag_illegal(h, code, seat, cards[position], trick.plays[position], number, led, legal)
    flags[position] = ((code,), legal)


def play(h: _Deal) -> None:
    """Replay the seated tricks against the hands: flag illegal plays (G-1), stop at a
    card not held (G-2), check the remarks (PIE-5)."""
    rules = R.RULES
    seat_known = h.seat_known
    hands = list(h.start)
    points = R.POINTS
    category_of = CATEGORY
    results = h.report.tricks
    for number, (trick, leader, cards, winner) in enumerate(h.seated, start=1):
        flags = {}
        led = None
        seat = leader
        for position, card in enumerate(cards):
            hand = hands[seat]
            known = seat_known[seat]
            if known and not hand >> card & 1:
                h.stop("CARD_NOT_HELD", f"{h.name(seat)} does not hold {card}",
                       loc=trick.plays[position].loc, trick=number, seat=seat, cards=(card,))
            category = category_of[card]
            if led is None:
                if category != FOOL_CATEGORY:
                    led = category
            elif category != led and category != FOOL_CATEGORY and known:
                before = cards[:position]
                code = rules.illegal(hand, before, card)
                if code is not None:
                    legal = rules.legal(hand, before)
                    flag_illegal(h, code, seat, card, trick.plays[position], number, led,
                                 legal)
                    flags[position] = ((code,), legal)
            hands[seat] = hand & ~BITS[card]
            seat = seat + 1 if seat < 3 else 0
        if trick.has_notes:
            for position, item in enumerate(trick.plays[: len(cards)]):
                if item.note is not None:
                    speaker = (leader + position) % N
                    # each plays once to a trick: his hand now is his hand just after
                    # his card, the moment a remark speaks of (PIE-5)
                    check_remark(h, speaker, cards[position], item, number, position,
                                 hands[speaker] if seat_known[speaker] else None)
        trick_points = sum(map(points.__getitem__, cards))
        if FOOL in cards:
            trick_points -= points[FOOL]
        results.append(TrickResult(number, leader, cards, winner, trick_points, flags, N,
                                   trick))


def flag_illegal(h: _Deal, code: str, seat: int, card: Card, item, number: int, led: int,
                 legal: int) -> None:
    """An illegal play as a violation: who, what, why, and the cards that were legal (G-1)."""
    rule, reason = _REASONS[code]
    suit = R.GROUP_NAMES[led]
    h.flag(code, VIOLATION, f"{h.name(seat)} played {card} but " + reason.format(suit=suit),
           rule, loc=item.loc, trick=number, seat=seat, cards=(card,),
           legal=tuple(cards_of(legal)))
