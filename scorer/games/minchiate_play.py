"""Minchiate: the play of the tricks (MIN-11 .. MIN-14), with the marks made trick by trick.

Each card is checked as it falls: follow suit, else trump (MIN-13 charges a revoke); the King
rule on the first lead of a suit (MIN-12); the Fool not kept to the last trick (MIN-11). The
marks of each trick (muore, accrescimento) and the Fool's replacement card are made by
:class:`~scorer.games.minchiate_scoring.Marks`; cascare is noted (MIN-14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import FOOL
from ..cardset import cards_of
from ..findings import Severity
from ..report import TrickResult
from ..tricks import CATEGORY, FOOL_CATEGORY, TRUMP, TRUMP_MASK
from . import minchiate_rules as R

if TYPE_CHECKING:
    from .minchiate import _MinHand

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
KING_OF = tuple(1 << (s * 14 + 13) for s in range(4))
SUIT_NAMES = ("swords", "batons", "cups", "coins")
FOOL_INDEX = int(FOOL)


def play(h: _MinHand) -> None:
    """Replay the seated tricks against the hands; flag illegal plays (G-1), stop at a card
    not held (G-2); make the marks of each trick."""
    from .minchiate import TRICKS

    rules = R.RULES
    illegal = rules.illegal
    hands = list(h.start)
    known = h.known
    marks = h.marks
    report = h.report
    category_of = CATEGORY
    first_led = 0  # suits already led once (MIN-12)
    after: dict[int, list] = {}
    for tricks_before, line in h.lines.replaces:
        after.setdefault(tricks_before, []).append(("replace", line))
    for tricks_before, line in h.lines.cascare:
        after.setdefault(tricks_before, []).append(("cascare", line))
    for seat in range(4):
        if known[seat] and hands[seat] and not hands[seat] & TRUMP_MASK:
            _note_cascare(h, seat, 1, hands[seat])
    for kind, line in after.get(0, ()):
        if kind == "replace":
            h.stop("LINE_OUT_OF_PLACE", "the replace line comes before the Fool was played",
                   "MIN-11", loc=line.loc)
        _cascare_line(h, line, 0, hands)
    value = R.VALUE
    fool_value = value[FOOL_INDEX]
    results = report.tricks
    mark_trick = marks.trick
    for number, (trick, leader, cards, winner) in enumerate(h.seated, start=1):
        flags: dict = {}
        led = -1
        first = False
        trumped = False
        seat = leader
        emptied = None  # seats that played their last trump (MIN-14)
        for position, card in enumerate(cards):
            hand = hands[seat]
            if not hand >> card & 1 and known[seat]:
                h.stop("CARD_NOT_HELD", f"{h.name(seat)} does not hold {card}",
                       loc=trick.plays[position].loc, trick=number, seat=seat, cards=(card,))
            category = category_of[card]
            if led < 0:
                if category != FOOL_CATEGORY:
                    led = category
                    first = led < 4 and not first_led >> led & 1
            elif (category != led and category != FOOL_CATEGORY) or (first and trumped):
                before = cards[:position]
                code = illegal(hand, before, card) if category != led else None
                if code is not None:
                    legal = rules.legal(hand, before)
                    h.flag_revoke(code, seat, card, trick.plays[position].loc, number, led,
                                  legal)
                    flags[position] = ((code,), legal)
                elif first and trumped and hand & KING_OF[led] and card != _king(led):
                    king = _king(led)
                    h.flag("KING_NOT_PLAYED", VIOLATION, f"{h.name(seat)} held {king}: the "
                           f"first lead of {SUIT_NAMES[led]} was trumped, so he had to play "
                           "it", "MIN-12", loc=trick.plays[position].loc, trick=number,
                           seat=seat, cards=(card,), legal=(king,))
                    flags[position] = (("KING_NOT_PLAYED",), KING_OF[led])
            if card == FOOL_INDEX and number == TRICKS:
                h.flag("FOOL_IN_LAST_TRICK", VIOLATION, f"{h.name(seat)} kept the Fool to the "
                       "last trick", "MIN-11", loc=trick.plays[position].loc, trick=number,
                       seat=seat, cards=(card,))
                flags[position] = (("FOOL_IN_LAST_TRICK",), hand & ~FOOL.bit)
            hand &= ~(1 << card)
            if category == TRUMP:
                trumped = True
                if hand and not hand & TRUMP_MASK and known[seat]:
                    emptied = [*(emptied or ()), seat]
            hands[seat] = hand
            seat = (seat + 1) & 3
        if 0 <= led < 4:
            first_led |= 1 << led
        points = sum(map(value.__getitem__, cards))
        if FOOL_INDEX in cards:
            points -= fool_value
        results.append(TrickResult(number, leader, cards, winner, points, flags, 4, trick))
        if winner is None:
            break
        mark_trick(number, leader, cards, winner)
        if emptied:
            for seat in emptied:
                _note_cascare(h, seat, number + 1, hands[seat])
        if not after:
            continue
        for kind, line in after.get(number, ()):
            if kind == "replace":
                marks.replace(line, number)
            else:
                _cascare_line(h, line, number, hands)


def _king(suit: int):
    from ..cards import CARDS

    return CARDS[suit * 14 + 13]


def _note_cascare(h: _MinHand, seat: int, trick: int, hand: int) -> None:
    h.flag("CASCARE", NOTE, f"{h.name(seat)} has no trumps left and lays his hand open "
           f"({R.show(hand)}) from trick {trick}", "MIN-14",
           loc=h.record.start, trick=trick, seat=seat)


def _cascare_line(h: _MinHand, line, number: int, hands: list[int]) -> None:
    """A ``cascare NAME: cards`` line after trick ``number``: the player must be out of
    trumps, and the cards laid open must be his hand (MIN-14)."""
    seat = h.seat_named(line.subject, line.loc)
    shown = h.cards_line(line, "the open hand", 0, seat)
    hand = hands[seat]
    if not h.known[seat]:
        return
    if hand & TRUMP_MASK:
        h.flag("BAD_CASCARE", VIOLATION, f"{h.name(seat)} still holds trumps after trick "
               f"{number}: he does not cascare", "MIN-14", loc=line.loc, seat=seat)
    elif shown and shown != hand:
        h.flag("BAD_CASCARE", VIOLATION, f"{h.name(seat)} holds "
               f"{' '.join(map(str, cards_of(hand)))}, not the cards written", "MIN-14",
               loc=line.loc, seat=seat)
