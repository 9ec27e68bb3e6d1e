"""Nice: the play of the tricks, with the Bagatte lead rule watched as it happens (NICE-14)."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import FOOL
from ...cardset import cards_of
from ...findings import Severity
from ...report import TrickResult
from ...tricks import (
    CATEGORY,
    CATEGORY_MASK,
    FOOL_BIT,
    FOOL_CATEGORY,
    MUST_FOLLOW_SUIT,
    MUST_FOLLOW_TRUMPS,
    MUST_TRUMP,
    SUIT_MASKS,
    TRUMP,
    TRUMP_MASK,
)
from . import rules as R
from .declare import declare_in_play, note_undeclared
from .hand import NiceHand

_REASONS = {
    MUST_FOLLOW_SUIT: ("G-1", "held {suit} and had to follow suit"),
    MUST_TRUMP: ("NICE-11", "had no {suit} but held Tarots, so had to play a Tarot"),
    MUST_FOLLOW_TRUMPS: ("NICE-11", "held Tarots and a Tarot was led"),
}
TRUMPS_NAME = "Tarots"  # Nice's name for the trumps; the four suits are the record's words


@dataclass
class BagatteWatch:
    """NICE-14: is the holder of I still attempting Bagatte Ultimu?"""

    holder: int | None
    attempting: bool
    bound: int | None = None  # the plain suit he must keep leading
    won: bool | None = None  # outcome, when he attempted it to the last trick

    def lead(self, h: NiceHand, card, hand_before: int, trick: int, loc) -> None:
        if not self.attempting:
            return
        if self.bound is not None:
            if hand_before & SUIT_MASKS[self.bound]:
                if CATEGORY[card] != self.bound:
                    self.attempting = False
                    h.flag(
                        "BAGATTE_LEAD_RULE",
                        Severity.NOTE,
                        f"{h.name(self.holder)} led "
                        f"{h.words.card(card)} while still holding "
                        f"{h.words.suit(self.bound)} after leading that suit: no "
                        "Bagatte Ultimu payment either way",
                        "NICE-14",
                        loc=loc,
                        trick=trick,
                        seat=self.holder,
                        cards=(card,),
                    )
                    return
            else:
                self.bound = None
        if CATEGORY[card] < 4:
            self.bound = CATEGORY[card]


def _flag_illegal(
    h: NiceHand, code: str, seat: int, card, item, number: int, led: int, legal: int
) -> None:
    rule, reason = _REASONS[code]
    h.flag(
        code,
        Severity.VIOLATION,
        f"{h.name(seat)} played {h.words.card(card)} but "
        + reason.format(suit=h.words.category(led, TRUMPS_NAME)),
        rule,
        loc=item.loc,
        trick=number,
        seat=seat,
        cards=(card,),
        legal=tuple(cards_of(legal)),
    )


def play(h: NiceHand) -> None:
    """Replay the seated tricks against the hands; flag illegal plays (G-1), stop at a card
    not held (G-2), and record each trick's winner (found while seating)."""
    rules = R.RULES
    hands = list(h.start)
    report = h.report
    n = h.n
    last = h.game.hand_size
    holder = next((s for s in range(n) if h.start[s] >> R.BAGATTE & 1), None)
    watch = BagatteWatch(holder, holder is not None)
    h.bagatte = watch
    points = h.points
    fool_points = points[FOOL]
    category_of = CATEGORY
    results = report.tricks
    for number, (trick, leader, cards, winner) in enumerate(h.seated, start=1):
        flags = {}
        led = None
        seat = leader
        for position, card in enumerate(cards):
            hand = hands[seat]
            if not hand >> card & 1:
                h.stop(
                    "CARD_NOT_HELD",
                    f"{h.name(seat)} does not hold {h.words.card(card)}",
                    loc=trick.plays[position].loc,
                    trick=number,
                    seat=seat,
                    cards=(card,),
                )
            category = category_of[card]
            if led is None:
                if category != FOOL_CATEGORY:
                    led = category
            elif category != led and category != FOOL_CATEGORY:
                before = cards[:position]
                code = rules.illegal(hand, before, card)
                if code is not None:
                    legal = rules.legal(hand, before)
                    _flag_illegal(h, code, seat, card, trick.plays[position], number, led, legal)
                    flags[position] = ((code,), legal)
            if seat == holder:
                if not position:
                    watch.lead(h, card, hand, number, trick.loc)
                if card == R.BAGATTE and number != last:
                    watch.attempting = False
            hands[seat] = hand ^ (1 << card)
            seat = seat + 1 if seat + 1 < n else 0
        if trick.has_notes:
            _declarations_in(h, trick, leader, number, hands)
        trick_points = sum(map(points.__getitem__, cards))
        if FOOL in cards:
            trick_points -= fool_points
        if winner is not None and number == last and watch.attempting and R.BAGATTE in cards:
            watch.won = winner == holder
        results.append(TrickResult(number, leader, cards, winner, trick_points, flags, n, trick))
    if h.play_complete:
        note_undeclared(h)


class Fallback(Exception):
    """The single pass met something it leaves to the general replay (seat, then play)."""


# Winning keys for the single pass: trumps above every suit card (NICE-4), suit cards by
# rank; a card wins when it is of the led category or a trump, with a key at least the best.
_KEY = tuple(
    1000 + R.RULES.strength[c] if CATEGORY[c] == TRUMP else R.RULES.strength[c] for c in range(97)
)
_BITS = tuple(1 << c for c in range(97))


def _card_info(points: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """Per card, what the single pass needs in one look-up: its bit, category, winning key,
    and card points (0 for the Fool, whose points are not the trick's, NICE-3)."""
    info = _INFO.get(points)
    if info is None:
        info = _INFO[points] = tuple(
            (1 << c, CATEGORY[c], _KEY[c], 0 if c == FOOL else points[c]) for c in range(97)
        )
    return info


_INFO: dict[tuple[int, ...], tuple[tuple[int, int, int, int], ...]] = {}  # by points table
# Seats in playing order from each leader, for three and four players.
_ORDERS = {n: tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in (3, 4)}


def single_pass(h: NiceHand) -> None:
    """Seat, check and replay every trick in one pass, when every hand is written.

    The fast path of :func:`play` for the common case: all hands known, every trick numbered
    in order and complete, every card held by the seat whose turn it is. Then the checks of
    :meth:`~scorer.games.nice.hand.NiceHand.seat_plays` (pack, duplicates) follow from "held"
    (the start hands are disjoint parts of the pack), and a play is only examined further
    when it does not follow the led category. Anything else raises :class:`Fallback`, and the
    caller throws this replay away and replays the record on the general path
    (``tests/test_fastpath.py`` keeps both paths equal): same findings, in the same order, as
    seat_plays + play.
    """
    tricks = h.lines.tricks
    n = h.n
    last = h.game.hand_size
    rules = R.RULES
    if len(tricks) != last or rules.overtrump:  # overtrump: not Nice; the general path knows
        raise Fallback
    must_trump = rules.must_trump
    start = h.start
    hands = list(start)
    bagatte = R.BAGATTE
    bagatte_bit = _BITS[bagatte]
    holder = None
    for seat in range(n):
        if start[seat] & bagatte_bit:
            holder = seat
            break
    watch = BagatteWatch(holder, holder is not None)
    h.bagatte = watch
    fool_seat = None  # the Fool's points stay with the side that played it (NICE-3)
    for seat in range(n):
        if start[seat] & FOOL_BIT:
            fool_seat = seat
            break
    info = _card_info(h.points)
    category_mask = CATEGORY_MASK
    orders = _ORDERS[n]
    won_tricks = [0] * n  # per seat, for the tally (scoring.tally)
    won_points = [0] * n
    seated = h.seated
    results = h.report.tricks
    new_result = TrickResult.__new__
    leader = h.first_leader()
    for number, trick in enumerate(tricks, start=1):
        cards = trick.card_tuple
        if (
            trick.number != number
            or len(cards) != n
            or (trick.leader is not None and trick.leader != leader)
        ):
            raise Fallback
        if leader == holder and watch.attempting:  # NICE-14: the holder's lead
            if cards[0] is None:  # an unknown card: the general path stops there
                raise Fallback
            watch.lead(h, cards[0], hands[holder], number, trick.loc)
        flags = {}
        led = None
        winner = leader
        best = -1
        trick_points = 0
        for seat, card in zip(orders[leader], cards, strict=True):
            try:
                bit, category, key, card_points = info[card]
            except TypeError:  # an unknown card (None): the general path stops there
                raise Fallback from None
            hand = hands[seat]
            if not hand & bit:
                raise Fallback
            hands[seat] = hand ^ bit
            trick_points += card_points
            if category == led:  # follows: legal
                if key >= best:  # trumps: equal Papotes go to the later card (NICE-4)
                    best = key
                    winner = seat
            elif led is None:
                if category != FOOL_CATEGORY:  # the first card that is not the Fool leads
                    led = category
                    best = key
                    winner = seat
            elif category == TRUMP:  # trumps a suit lead: legal when void in it
                if hand & category_mask[led]:
                    _flag_fast(h, rules, hand, cards, leader, trick, number, seat, led, flags)
                if key >= best:
                    best = key
                    winner = seat
            elif category != FOOL_CATEGORY and (
                hand & category_mask[led] or (must_trump and led != TRUMP and hand & TRUMP_MASK)
            ):
                _flag_fast(h, rules, hand, cards, leader, trick, number, seat, led, flags)
        if watch.attempting and number != last and not hands[holder] & bagatte_bit:
            watch.attempting = False  # I played before the last trick
        seated.append((trick, leader, cards, winner))
        if trick.has_notes:
            _declarations_in(h, trick, leader, number, hands)
        won_tricks[winner] += 1
        won_points[winner] += trick_points
        if number == last and watch.attempting and bagatte in cards:
            watch.won = winner == holder
        result = new_result(TrickResult)  # TrickResult(...) without a call
        result.number = number
        result.leader = leader
        result.cards = cards
        result.winner = winner
        result.points = trick_points
        result.flags = flags
        result.players = n
        result.source = trick
        results.append(result)
        leader = winner
    h.played = [s ^ e for s, e in zip(start, hands, strict=True)]
    h.trick_tally = (won_tricks, won_points, fool_seat)
    note_undeclared(h)


def _flag_fast(
    h: NiceHand,
    rules,
    hand: int,
    cards,
    leader: int,
    trick,
    number: int,
    seat: int,
    led: int,
    flags: dict,
) -> None:
    """A play that does not follow the led category and may be illegal: judge it exactly as
    :func:`play` does (the code, the full legal set, the finding)."""
    position = (seat - leader) % h.n
    card = cards[position]
    before = cards[:position]
    code = rules.illegal(hand, before, card)
    if code is not None:
        legal = rules.legal(hand, before)
        _flag_illegal(h, code, seat, card, trick.plays[position], number, led, legal)
        flags[position] = ((code,), legal)


def _declarations_in(h: NiceHand, trick, leader: int, number: int, hands: list[int]) -> None:
    """Annotations on this trick's cards; ``hands`` are the hands after the trick."""
    for position, item in enumerate(trick.plays):
        if item.note:
            seat = (leader + position) % h.n
            declare_in_play(h, seat, item.card, item, hands[seat], number)
