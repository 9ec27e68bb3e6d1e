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

from ...cards import FOOL, Card
from ...cardset import cards_of
from ...findings import Severity
from ...report import NO_FLAGS, TrickResult
from ...tricks import (
    CATEGORY,
    CATEGORY_MASK,
    FOOL_CATEGORY,
    MUST_FOLLOW_SUIT,
    MUST_TRUMP,
    TRUMP,
    TRUMP_MASK,
)
from . import rules as R
from .hand import PiedicavalloHand
from .talk import check_remark

if TYPE_CHECKING:
    from ...record import Trick

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


def _card_info() -> tuple[tuple[int, int, int, int] | None, ...]:
    """Per card index: its bit, its category, its key in a trick (trumps above every suit
    card, PIE-1) and its points in the trick that takes it (PIE-2; none for the Fool, which
    stays with its side, PIE-4); ``None`` for a card outside the 62-card pack, which no hand
    holds."""
    info: list[tuple[int, int, int, int] | None] = [None] * 97
    for card in range(97):
        if R.PACK >> card & 1:
            category = CATEGORY[card]
            strength = R.RULES.strength[card]
            info[card] = (
                BITS[card],
                category,
                1000 + strength if category == TRUMP else strength,
                0 if card == FOOL else R.POINTS[card],
            )
    return tuple(info)


#: What the single pass needs of a card, in one look-up.
INFO = _card_info()
#: The seats in play order from each leader.
ORDERS = tuple(tuple((leader + i) % N for i in range(N)) for leader in range(N))


def fast_play(h: PiedicavalloHand) -> None:
    """Seat, check and record every trick in one loop per trick (the hot path): per card one
    look-up (:data:`INFO`), the usual legal play (the category led) decided at once, anything
    else judged as :func:`play` judges it.

    Each card leaves its player's hand by an exclusive or, and whether he held it is asked
    once, at the end: every hand must then be empty. Fifteen cards played from a hand of
    fifteen empty it only if each was held when played (a card not held would stay in the
    mask, a card played twice would leave two of the hand's). Until then a hand may be
    wrong, but so is the report, which :class:`Fallback` then throws away."""
    hands = list(h.start)
    info = INFO
    masks = CATEGORY_MASK
    results = h.report.tricks  # (h.seated, the general path's seating, is not needed here)
    orders = ORDERS
    new_result = TrickResult.__new__
    leader = (h.dealer + 1) % N
    for number, trick in enumerate(h.tricks, start=1):
        cards = trick._cards  # trick.card_tuple without the property call
        if (
            trick.number != number
            or len(cards) != N
            or (trick.leader is not None and trick.leader != leader)
        ):
            raise Fallback
        flags: dict[int, tuple[tuple[str, ...], int]] | None = None  # made at a flag
        best = -1
        winner = leader
        led = None
        trick_points = 0
        for seat, card in zip(orders[leader], cards, strict=True):
            try:
                bit, category, key, card_points = info[card]
            except TypeError:  # an unknown card (None) or one outside the pack
                raise Fallback from None
            hand = hands[seat]
            hands[seat] = hand ^ bit
            trick_points += card_points
            if category == led:  # follows: legal
                if key > best:
                    best = key
                    winner = seat
            elif led is None:
                if category != FOOL_CATEGORY:  # the first card that is not the Fool leads
                    led = category
                    best = key
                    winner = seat
            elif category == TRUMP:  # trumps a suit lead: PIE-4, legal when void in it
                if hand & masks[led]:
                    flags = fast_flag(
                        h, MUST_FOLLOW_SUIT, hand, cards, leader, trick, number, seat, led, flags
                    )
                if key > best:
                    best = key
                    winner = seat
            elif category != FOOL_CATEGORY:  # PIE-4: follow, else trump (TrickRules.illegal)
                if hand & masks[led]:
                    flags = fast_flag(
                        h,
                        "MUST_FOLLOW_TRUMPS" if led == TRUMP else MUST_FOLLOW_SUIT,
                        hand,
                        cards,
                        leader,
                        trick,
                        number,
                        seat,
                        led,
                        flags,
                    )
                elif led != TRUMP and hand & TRUMP_MASK:
                    flags = fast_flag(
                        h, MUST_TRUMP, hand, cards, leader, trick, number, seat, led, flags
                    )
        items = trick._items  # None: a line of plain cards (the reader's), so no remark
        if items is not None:
            for position, item in enumerate(items):
                if item.note is not None:  # trick.has_notes: PIE-5, the remarks
                    speaker = orders[leader][position]
                    check_remark(
                        h, speaker, cards[position], item, number, position, hands[speaker]
                    )
        result = new_result(TrickResult)  # TrickResult(number, leader, ...) without a call
        result.number = number
        result.leader = leader
        result.cards = cards
        result.winner = winner
        result.points = trick_points
        result.flags = flags or NO_FLAGS
        result.players = N
        result.source = trick
        results.append(result)
        leader = winner
    if any(hands):  # a card not held (G-2): the general replay says which and where
        raise Fallback
    for seat in range(N):
        h.played[seat] = h.start[seat]


def fast_flag(
    h: PiedicavalloHand,
    code: str,
    hand: int,
    cards,
    leader: int,
    trick: Trick,
    number: int,
    seat: int,
    led: int,
    flags: dict | None,
) -> dict:
    """Flag an illegal play found by the single pass, with the legal cards (G-1); returns
    the trick's flags with it (a new mapping at the trick's first)."""
    position = (seat - leader) % N
    legal = R.RULES.legal(hand, cards[:position])
    flag_illegal(h, code, seat, cards[position], trick.plays[position], number, led, legal)
    if flags is None:
        flags = {}
    flags[position] = ((code,), legal)
    return flags


def play(h: PiedicavalloHand) -> None:
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
                h.stop(
                    "CARD_NOT_HELD",
                    f"{h.name(seat)} does not hold {h.words.texts[card]}",
                    loc=trick.plays[position].loc,
                    trick=number,
                    seat=seat,
                    cards=(card,),
                )
            category = category_of[card]
            if led is None:
                if category != FOOL_CATEGORY:
                    led = category
            elif category != led and category != FOOL_CATEGORY and known:
                before = cards[:position]
                code = rules.illegal(hand, before, card)
                if code is not None:
                    legal = rules.legal(hand, before)
                    flag_illegal(h, code, seat, card, trick.plays[position], number, led, legal)
                    flags[position] = ((code,), legal)
            hands[seat] = hand & ~BITS[card]
            seat = seat + 1 if seat < 3 else 0
        if trick.has_notes:
            for position, item in enumerate(trick.plays[: len(cards)]):
                if item.note is not None:
                    speaker = (leader + position) % N
                    # each plays once to a trick: his hand now is his hand just after
                    # his card, the moment a remark speaks of (PIE-5)
                    check_remark(
                        h,
                        speaker,
                        cards[position],
                        item,
                        number,
                        position,
                        hands[speaker] if seat_known[speaker] else None,
                    )
        trick_points = sum(map(points.__getitem__, cards))
        if FOOL in cards:
            trick_points -= points[FOOL]
        results.append(TrickResult(number, leader, cards, winner, trick_points, flags, N, trick))


def flag_illegal(
    h: PiedicavalloHand, code: str, seat: int, card: Card, item, number: int, led: int, legal: int
) -> None:
    """An illegal play as a violation: who, what, why, and the cards that were legal (G-1);
    the card and the suit led named in the record's style."""
    rule, reason = _REASONS[code]
    words = h.words
    suit = words.category(led)
    h.flag(
        code,
        VIOLATION,
        f"{h.name(seat)} played {words.texts[card]} but " + reason.format(suit=suit),
        rule,
        loc=item.loc,
        trick=number,
        seat=seat,
        cards=(card,),
        legal=tuple(cards_of(legal)),
    )
