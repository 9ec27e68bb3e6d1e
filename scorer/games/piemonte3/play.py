"""Piedmontese Tarocchi: the play of the 25 tricks and the Fool's exchange (PIE3-1, PIE3-7).

One pass over the trick lines seats each card (eldest leads the first trick, the winner of
each the next), checks it was held and legal (follow suit; void, trump; the Fool excuses), finds
the winner (the Angel is the highest trump; the Fool never wins) and moves the cards into the
winner's pile. After a trick with the Fool, its player takes it back into his own pile and
owes the winner a 1-point card, which he gives (``fool NAME: CARD`` after the trick) as soon as
his pile holds one: at once, or after the first trick he wins with one; the dealer's discard
is not part of his pile during play (PIE3-7a; option ``discard-in-pile=yes`` makes it so).
If he never has one, the Fool goes to that trick's winner at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import FOOL
from ...cardset import cards_of
from ...findings import Severity
from ...record import Line
from ...report import TrickResult
from ...tricks import (
    CATEGORY,
    CATEGORY_MASK,
    FOOL_CATEGORY,
    MUST_FOLLOW_SUIT,
    MUST_FOLLOW_TRUMPS,
    MUST_TRUMP,
    TRUMP,
    TRUMP_MASK,
)
from ...wording import Wording
from ..replay import check_trick_place
from . import rules as R
from .hand import BITS, N, Piemonte3Hand

_PLAY_REASONS = {
    MUST_FOLLOW_SUIT: "held {suit} and had to follow suit",
    MUST_TRUMP: "had no {suit} but held trumps, so had to trump",
    MUST_FOLLOW_TRUMPS: "held trumps and a trump was led",
}


if TYPE_CHECKING:
    from ...record import Trick

ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
FOOL_BIT = FOOL.bit
#: the seats of a trick's three plays, by its leader
SEATS = ((0, 1, 2), (1, 2, 0), (2, 0, 1))
#: a card's strength in its trick: trumps above every suit card (PIE3-1)
KEY = tuple(
    100 + R.RULES.strength[c] if CATEGORY[c] == TRUMP else R.RULES.strength[c] for c in range(97)
)


class _Debt:
    """The Fool's exchange still owed: by whom, to whom, for which trick, and since when a
    1-point card was in the debtor's pile (``due``: the trick after which it was due)."""

    __slots__ = ("creditor", "debtor", "due", "trick")

    def __init__(self, debtor: int, creditor: int, trick: int) -> None:
        self.debtor, self.creditor, self.trick = debtor, creditor, trick
        self.due: int | None = None


def play(h: Piemonte3Hand) -> None:
    """Replay every trick line; flag illegal plays (G-1), stop at the impossible (G-2)."""
    report = h.report
    category_of = CATEGORY
    points = h.points
    hands = list(h.start)
    piles = h.piles
    if h.discard is not None and h.options["discard-in-pile"] == "yes":
        piles[h.dealer] |= h.discard
    one_point = R.one_point_cards()
    seen = h.discard or 0
    leader = h.eldest
    tricks = h.lines.tricks
    fools = h.lines.fools
    last = len(tricks)
    debt: _Debt | None = None
    if 0 in fools:
        line = fools[0][0]
        h.stop(
            "FOOL_EXCHANGE_UNEXPECTED",
            "a Fool exchange before the first trick",
            "PIE3-7",
            loc=line.loc,
        )
    results = report.tricks
    for index, trick in enumerate(tricks):
        number = index + 1
        check_trick_place(h.stop, trick, number, R.HAND_SIZE, "a hand of piemonte3")
        if trick.leader is not None and trick.leader != leader:
            h.stop(
                "PLAY_OUT_OF_TURN",
                f"the record has {h.name(trick.leader)} leading trick "
                f"{number}, but {h.name(leader)} won the lead",
                loc=trick.loc,
                trick=number,
                seat=trick.leader,
            )
        cards = trick.card_tuple
        if len(cards) > N:
            h.stop(
                "TOO_MANY_CARDS",
                f"{len(cards)} cards in a trick of {N}",
                loc=trick.plays[N].loc,
                trick=number,
            )
        flags = {}
        fast = False
        if len(cards) == N and FOOL not in cards and None not in cards:
            # the fast path (most tricks): three cards held, unseen, the led suit followed
            # (or the player void, and trumping if he can); anything else takes the full loop
            a, b, c = cards
            sa, sb, sc = SEATS[leader]
            ha, hb, hc = hands[sa], hands[sb], hands[sc]
            ba, bb, bc = BITS[a], BITS[b], BITS[c]
            won = ba | bb | bc
            led = category_of[a]
            cb, cc = category_of[b], category_of[c]
            if (
                ha & ba
                and hb & bb
                and hc & bc
                and not seen & won
                and (
                    cb == led
                    or (
                        not hb & CATEGORY_MASK[led]
                        and (cb == TRUMP or led == TRUMP or not hb & TRUMP_MASK)
                    )
                )
                and (
                    cc == led
                    or (
                        not hc & CATEGORY_MASK[led]
                        and (cc == TRUMP or led == TRUMP or not hc & TRUMP_MASK)
                    )
                )
            ):
                fast = True
                seen |= won
                hands[sa], hands[sb], hands[sc] = ha ^ ba, hb ^ bb, hc ^ bc
                best, winner = KEY[a], sa
                if cb in (led, TRUMP) and KEY[b] > best:
                    best, winner = KEY[b], sb
                if cc in (led, TRUMP) and KEY[c] > best:
                    winner = sc
                trick_points = points[a] + points[b] + points[c]
        if not fast:
            unknown = None in cards
            if unknown:
                cards = cards[: cards.index(None)]
            seat = leader
            led = None
            best = -1
            winner = leader
            for position, card in enumerate(cards):
                bit = BITS[card]
                hand = hands[seat]
                if not hand & bit or seen & bit:
                    _impossible(h, trick, position, seat, card, seen, number)
                seen |= bit
                category = category_of[card]
                if category != FOOL_CATEGORY:
                    if led is None:
                        led = category
                    elif category != led and (
                        hand & CATEGORY_MASK[led]
                        or (category != TRUMP and led != TRUMP and hand & TRUMP_MASK)
                    ):
                        _illegal(
                            h,
                            trick,
                            position,
                            seat,
                            card,
                            cards[:position],
                            hand,
                            led,
                            number,
                            flags,
                        )
                    if category in (TRUMP, led) and KEY[card] > best:
                        best, winner = KEY[card], seat
                hands[seat] = hand ^ bit
                seat = seat + 1 if seat < N - 1 else 0
            if unknown or len(cards) < N:
                if unknown:
                    position = len(cards)
                    h.flag(
                        "UNKNOWN_CARD",
                        NOTE,
                        "an unknown card: the replay stops here",
                        "G-2",
                        loc=trick.plays[position].loc,
                        trick=number,
                        seat=(leader + position) % N,
                    )
                elif number != last:
                    h.stop(
                        "SHORT_TRICK",
                        f"trick {number} has {len(cards)} cards and is not the last line",
                        loc=trick.loc,
                        trick=number,
                    )
                results.append(TrickResult(number, leader, tuple(cards), None, 0, flags, N, trick))
                break
            trick_points = points[cards[0]] + points[cards[1]] + points[cards[2]]
            won = BITS[cards[0]] | BITS[cards[1]] | BITS[cards[2]]
            if won & FOOL_BIT:
                # PIE3-7: the Fool goes back to its player, who owes the winner a 1-point card
                debtor = (leader + cards.index(FOOL)) % N
                piles[debtor] |= FOOL_BIT
                won ^= FOOL_BIT
                trick_points -= points[FOOL]
                debt = _Debt(debtor, winner, number)
        piles[winner] |= won
        if debt is not None and debt.due is None and piles[debt.debtor] & one_point:
            debt.due = number
        results.append(TrickResult(number, leader, cards, winner, trick_points, flags, N, trick))
        if number in fools:
            for line in fools[number]:
                debt = _exchange(h, line, debt, number, one_point)
        leader = winner
    else:
        if len(results) == R.HAND_SIZE:
            if debt is not None:
                _settle_debt(h, debt, one_point)
            report.complete = True
    if not report.complete and not report.errors:
        h.flag(
            "PARTIAL_RECORD",
            NOTE,
            f"the record stops after {len(results)} trick(s); nothing is scored",
            "G-2",
            loc=h.record.start,
        )
        return
    from .declare import note_better_groupings

    note_better_groupings(h)


def _impossible(
    h: Piemonte3Hand, trick: Trick, position: int, seat: int, card, seen: int, number: int
) -> None:
    """A card its player cannot play: not in the pack, already out, or not held (G-2)."""
    loc = trick.plays[position].loc
    text = h.words.texts[card]
    if not R.PACK >> card & 1:
        h.stop(
            "CARD_NOT_IN_PACK",
            f"{text} is not in the 78-card pack",
            loc=loc,
            trick=number,
            seat=seat,
            cards=(card,),
        )
    if seen >> card & 1:
        h.stop(
            "DUPLICATE_CARD",
            f"{text} was already played (or discarded)",
            loc=loc,
            trick=number,
            seat=seat,
            cards=(card,),
        )
    h.stop(
        "CARD_NOT_HELD",
        f"{h.name(seat)} does not hold {text}",
        loc=loc,
        trick=number,
        seat=seat,
        cards=(card,),
    )


def _illegal(
    h: Piemonte3Hand,
    trick: Trick,
    position: int,
    seat: int,
    card,
    before,
    hand: int,
    led: int,
    number: int,
    flags: dict,
) -> None:
    """G-1: an illegal card, flagged with the cards that were legal, and taken as played."""
    code = R.RULES.illegal(hand, before, card)
    if code is None or position in flags:
        return
    legal = R.RULES.legal(hand, before)
    h.flag(
        code,
        VIOLATION,
        f"{h.name(seat)} played {h.words.texts[card]} but " + illegal_reason(code, led, h.words),
        "G-1",
        loc=trick.plays[position].loc,
        trick=number,
        seat=seat,
        cards=(card,),
        legal=tuple(cards_of(legal)),
    )
    flags[position] = ((code,), legal)


def _exchange(
    h: Piemonte3Hand, line: Line, debt: _Debt | None, number: int, one_point: int
) -> _Debt | None:
    """A ``fool`` line after trick ``number``: check it and move the card (PIE3-7)."""
    seat = h.seat_named(line.subject, line.loc)
    if debt is None or debt.debtor != seat:
        h.stop(
            "FOOL_EXCHANGE_UNEXPECTED",
            f"{h.name(seat)} owes no card for the Fool here",
            "PIE3-7",
            loc=line.loc,
            seat=seat,
        )
    cards = line.cards()
    if len(cards) != 1 or len(line.items) != 1:
        h.stop(
            "BAD_FOOL_EXCHANGE",
            "fool NAME: names the one card given",
            "PIE3-7",
            loc=line.loc,
            seat=seat,
        )
    card = cards[0]
    text = h.words.texts[card]
    piles = h.piles
    if not piles[seat] >> card & 1:
        discarded = seat == h.dealer and (h.discard or 0) >> card & 1
        h.stop(
            "FOOL_CARD_NOT_IN_PILE",
            f"{h.name(seat)} gives {text}, which is in his discard, not his pile: the "
            "discard is not the dealer's pile during play (discard-in-pile=no)"
            if discarded
            else f"{h.name(seat)} gives {text}, which is not among the cards he has won",
            "PIE3-7a" if discarded else "PIE3-7",
            loc=line.items[0].loc,
            seat=seat,
            cards=(card,),
        )
    if not one_point >> card & 1:
        h.flag(
            "FOOL_EXCHANGE_NOT_ONE_POINT",
            VIOLATION,
            f"{h.name(seat)} gives {text} for the "
            "Fool; the exchange is a 1-point card (taken as given)",
            "PIE3-7",
            loc=line.items[0].loc,
            seat=seat,
            cards=(card,),
            legal=tuple(cards_of(piles[seat] & one_point)),
        )
    if debt.due is not None and debt.due < number:
        h.flag(
            "FOOL_EXCHANGE_LATE",
            VIOLATION,
            f"{h.name(seat)} had a 1-point card to give "
            f"after trick {debt.due} but gives it only after trick {number}",
            "PIE3-7",
            loc=line.loc,
            seat=seat,
            trick=number,
        )
    piles[seat] ^= card.bit
    piles[debt.creditor] |= card.bit
    when = "at once" if number == debt.trick else f"after trick {number}"
    h.exchanges.append(
        f"{h.name(seat)} gave {text} to {h.name(debt.creditor)} for the Fool of "
        f"trick {debt.trick}, {when}"
    )
    return None


def _settle_debt(h: Piemonte3Hand, debt: _Debt, one_point: int) -> None:
    """PIE3-7 at the end of play: an exchange due but not written is made with a 1-point card
    of the pile; with none ever in the pile, the Fool goes to the trick's winner."""
    piles = h.piles
    available = piles[debt.debtor] & one_point
    if debt.due is not None and available:
        card = cards_of(available)[0]
        piles[debt.debtor] ^= card.bit
        piles[debt.creditor] |= card.bit
        h.flag(
            "FOOL_EXCHANGE_DERIVED",
            NOTE,
            f"the record does not show the Fool exchange "
            f"due after trick {debt.due}; {h.name(debt.debtor)} is taken to give a 1-point "
            f"card ({h.words.texts[card]}) to {h.name(debt.creditor)}",
            "PIE3-7",
            loc=h.record.start,
            seat=debt.debtor,
        )
        h.exchanges.append(
            f"{h.name(debt.debtor)} gives a 1-point card to "
            f"{h.name(debt.creditor)} for the Fool of trick {debt.trick}"
        )
        return
    piles[debt.debtor] ^= FOOL_BIT
    piles[debt.creditor] |= FOOL_BIT
    h.flag(
        "FOOL_TO_WINNER",
        NOTE,
        f"{h.name(debt.debtor)} never had a 1-point card to give "
        f"for the Fool of trick {debt.trick}, so the Fool goes to {h.name(debt.creditor)}",
        "PIE3-7",
        loc=h.record.start,
        seat=debt.debtor,
    )
    h.exchanges.append(
        f"the Fool of trick {debt.trick} goes to {h.name(debt.creditor)}: "
        f"{h.name(debt.debtor)} never had a 1-point card"
    )


def illegal_reason(code: str, led: int, words: Wording) -> str:
    """Why a card was illegal, naming the suit led in the record's style (``words``); the
    trumps keep this engine's name in every style."""
    return _PLAY_REASONS[code].format(suit=words.category(led))
