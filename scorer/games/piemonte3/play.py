"""Piedmontese Tarocchi: the play of the 25 tricks and the Fool's exchange (PIE3-1, PIE3-7).

The tricks go through the one trick loop (:mod:`scorer.games.engine`): eldest leads the first
trick, the winner of each the next; each card must be held and legal (follow suit; void,
trump; the Fool excuses); the Angel is the highest trump and the Fool never wins
(:data:`.rules.RULES`). What is particular to piemonte3 comes after each trick
(:meth:`Piemonte3Play.trick_over`): the cards go to the winner's pile, except the Fool, which
its player takes back into his own pile; he owes the winner a 1-point card, which he gives
(``fool NAME: CARD`` after the trick) as soon as his pile holds one: at once, or after the
first trick he wins with one; the dealer's discard is not part of his pile during play
(PIE3-7a; option ``discard-in-pile=yes`` makes it so). If he never has one, the Fool goes to
that trick's winner at the end.
"""

from __future__ import annotations

from ...cards import FOOL, Card
from ...cardset import CardSet, cards_of
from ...findings import Severity
from ...record import Line
from ...report import TrickResult
from . import rules as R
from .hand import BITS, N, Piemonte3Hand

__all__ = ["Debt", "Piemonte3Play"]

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
FOOL_BIT = FOOL.bit
#: PIE3-7: the cards the Fool's player may give in exchange
ONE_POINT = R.one_point_cards()


class Debt:
    """The Fool's exchange still owed: by whom, to whom, for which trick, and since when a
    1-point card was in the debtor's pile (``due``: the trick after which it was due)."""

    __slots__ = ("creditor", "debtor", "due", "trick")

    def __init__(self, debtor: int, creditor: int, trick: int) -> None:
        self.debtor, self.creditor, self.trick = debtor, creditor, trick
        self.due: int | None = None


class Piemonte3Play(Piemonte3Hand):
    """The state of one replay with piemonte3's play: the piles and the Fool's exchange as
    the one trick loop's hooks, and the driver of the record's trick and ``fool`` lines."""

    #: the Fool's exchange owed, if any (PIE3-7)
    debt: Debt | None = None

    # -- the hooks of the trick loop ---------------------------------------------------------
    def trick_over(self, result: TrickResult) -> None:
        """PIE3-7: the trick goes to its winner's pile, the Fool back to its player, who then
        owes the winner a 1-point card; note when his pile first holds one."""
        cards = result.cards
        piles = self.piles
        winner: int = result.winner  # type: ignore[assignment]  # (a trick won)
        first, second, third = cards
        won = BITS[first] | BITS[second] | BITS[third]
        if won & FOOL_BIT:
            debtor = (result.leader + cards.index(FOOL)) % N
            piles[debtor] |= FOOL_BIT
            won ^= FOOL_BIT
            self.debt = Debt(debtor, winner, result.number)
        piles[winner] |= won
        debt = self.debt
        if debt is not None and debt.due is None and piles[debt.debtor] & ONE_POINT:
            debt.due = result.number

    def keep_partial_trick(self) -> TrickResult:
        """The trick the record stops in, unwon: it scores no points (no one takes it)."""
        self.points = 0
        return super().keep_partial_trick()

    # -- the Fool's exchange ---------------------------------------------------------------
    def fool_card_due(self) -> int:
        """The 1-point cards (a mask) the Fool's player may give now: none unless he owes
        the exchange and his pile holds one (PIE3-7)."""
        debt = self.debt
        if debt is None or debt.due is None:
            return 0
        return self.piles[debt.debtor] & ONE_POINT

    def give_for_fool(self, card: Card) -> None:
        """The step of the Fool's exchange (a ``fool`` line, or a client of the Hand API
        between tricks): the debtor gives ``card`` from his pile to the winner of the Fool's
        trick, after the trick just played (PIE3-7). Unchecked; :meth:`exchange_line`
        checks a record's line first."""
        debt = self.debt
        assert debt is not None, "no Fool exchange is owed"
        seat, number = debt.debtor, self.done
        self.piles[seat] ^= BITS[card]
        self.piles[debt.creditor] |= BITS[card]
        when = "at once" if number == debt.trick else f"after trick {number}"
        self.exchanges.append(
            f"{self.name(seat)} gave {self.words.texts[card]} to {self.name(debt.creditor)} "
            f"for the Fool of trick {debt.trick}, {when}"
        )
        self.debt = None

    def exchange_line(self, line: Line) -> None:
        """A ``fool`` line after the trick just played: check it and move the card
        (PIE3-7): owed by its player, one card of his pile, a 1-point card, not late."""
        seat = self.seat_named(line.subject, line.loc)
        debt = self.debt
        if debt is None or debt.debtor != seat:
            self.halt("FOOL_EXCHANGE_UNEXPECTED", "PIE3-7", loc=line.loc, seat=seat)
        cards = line.cards()
        if len(cards) != 1 or len(line.items) != 1:
            self.halt("BAD_FOOL_EXCHANGE", "PIE3-7", loc=line.loc, seat=seat)
        card = cards[0]
        loc = line.items[0].loc
        pile = self.piles[seat]
        if not pile >> card & 1:
            discarded = seat == self.dealer and (self.discard or 0) >> card & 1
            self.halt(
                "FOOL_CARD_NOT_IN_PILE",
                "PIE3-7a" if discarded else "PIE3-7",
                variant="discard" if discarded else "",
                loc=loc,
                seat=seat,
                cards=(card,),
            )
        if not ONE_POINT >> card & 1:
            self.say(
                "FOOL_EXCHANGE_NOT_ONE_POINT",
                VIOLATION,
                "PIE3-7",
                loc=loc,
                seat=seat,
                cards=(card,),
                legal=tuple(CardSet(pile & ONE_POINT)),
            )
        assert debt is not None  # (halted above)
        number = self.done
        if debt.due is not None and debt.due < number:
            self.say(
                "FOOL_EXCHANGE_LATE",
                VIOLATION,
                "PIE3-7",
                loc=line.loc,
                seat=seat,
                trick=number,
                due=debt.due,
            )
        self.give_for_fool(card)

    def settle_debt(self) -> None:
        """PIE3-7 at the end of play: an exchange due but not written is made with a 1-point
        card of the pile; with none ever in the pile, the Fool goes to the trick's winner."""
        debt = self.debt
        assert debt is not None
        piles = self.piles
        debtor, creditor = debt.debtor, debt.creditor
        available = piles[debtor] & ONE_POINT
        start = self.record.start
        if debt.due is not None and available:
            card = cards_of(available)[0]
            piles[debtor] ^= BITS[card]
            piles[creditor] |= BITS[card]
            self.say(
                "FOOL_EXCHANGE_DERIVED",
                NOTE,
                "PIE3-7",
                loc=start,
                seat=debtor,
                due=debt.due,
                given=card,
                creditor=creditor,
            )
            self.exchanges.append(
                f"{self.name(debtor)} gives a 1-point card to "
                f"{self.name(creditor)} for the Fool of trick {debt.trick}"
            )
            return
        piles[debtor] ^= FOOL_BIT
        piles[creditor] |= FOOL_BIT
        self.say(
            "FOOL_TO_WINNER",
            NOTE,
            "PIE3-7",
            loc=start,
            seat=debtor,
            fool_trick=debt.trick,
            creditor=creditor,
        )
        self.exchanges.append(
            f"the Fool of trick {debt.trick} goes to {self.name(creditor)}: "
            f"{self.name(debtor)} never had a 1-point card"
        )

    # -- the driver --------------------------------------------------------------------------
    def play_tricks(self) -> bool:
        """Replay every trick line through the trick loop, each trick's ``fool`` lines after
        it; flag illegal plays (G-1), stop at the impossible (G-2). False when the record
        stops before the end of play (then nothing is scored)."""
        fools = self.lines.fools
        if 0 in fools:
            line = fools[0][0]
            self.halt("FOOL_EXCHANGE_UNEXPECTED", "PIE3-7", variant="first", loc=line.loc)
        tricks = self.lines.tricks
        last = len(tricks) - 1
        for index, trick in enumerate(tricks):
            result = self.play_trick(trick, index == last)
            if result.winner is None:
                break
            if index + 1 in fools:
                for line in fools[index + 1]:
                    self.exchange_line(line)
        else:
            if self.done == R.HAND_SIZE:
                if self.debt is not None:
                    self.settle_debt()
                self.report.complete = True
        report = self.report
        if not report.complete and not report.errors:
            self.say("PARTIAL_RECORD", NOTE, "G-2", loc=self.record.start, count=len(report.tricks))
            return False
        return True
