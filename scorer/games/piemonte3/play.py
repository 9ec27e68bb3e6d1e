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
from ...cardset import BITS, CardSet, cards_of
from ...findings import Severity
from ...record import Line
from ...report import TrickResult
from . import rules as R
from .hand import N, Piemonte3Hand

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
    """The state of one replay with piemonte3's play: the Fool's exchange as the one trick
    loop's hook, each seat's pile, and the driver of the record's trick and ``fool`` lines."""

    #: the Fool's exchange owed, if any (PIE3-7)
    debt: Debt | None = None
    #: who played the Fool, once its trick is over: it is in his pile (PIE3-7)
    fool_player: int | None = None

    # -- the hook of the trick loop ----------------------------------------------------------
    def trick_over(self, result: TrickResult) -> None:
        """PIE3-7: after the Fool's trick its player owes the winner a 1-point card; note the
        first trick after which his pile holds one. (The other cards go to the winner's pile:
        :meth:`pile`.)"""
        debt = self.debt
        if debt is None:
            if self.fool_player is None and FOOL in result.cards:
                self.fool_played(result)
            return
        if debt.due is None and result.winner == debt.debtor:
            won = 0
            for card in result.cards:
                won |= BITS[card]
            if won & ONE_POINT:
                debt.due = result.number

    def keep_partial_trick(self) -> TrickResult:
        """The trick the record stops in, unwon: it scores no points (no one takes it)."""
        self.points = 0
        return super().keep_partial_trick()

    def fool_played(self, result: TrickResult) -> None:
        """The Fool's trick is over: the Fool goes back to its player, who owes the winner a
        1-point card, due at once if his pile holds one (PIE3-7)."""
        debtor = (result.leader + result.cards.index(FOOL)) % N
        winner: int = result.winner  # type: ignore[assignment]  # (a trick won)
        self.fool_player = debtor
        debt = self.debt = Debt(debtor, winner, result.number)
        if self.pile(debtor) & ONE_POINT:
            debt.due = result.number

    # -- the piles -------------------------------------------------------------------------
    def pile(self, seat: int) -> int:
        """The cards ``seat`` has won so far (a mask): the tricks he won, but the Fool is its
        player's (PIE3-7), with the cards given for it moved across; the dealer's discard
        only with ``discard-in-pile=yes`` (PIE3-7a)."""
        mask = 0
        for result in self.report.tricks:
            if result.winner == seat:
                for card in result.cards:
                    mask |= BITS[card]
        mask &= ~FOOL_BIT
        if seat == self.fool_player:
            mask |= FOOL_BIT
        if seat == self.dealer and self.options["discard-in-pile"] == "yes":
            mask |= self.discard or 0
        for card, giver, taker in self.moves:
            if giver == seat:
                mask &= ~BITS[card]
            if taker == seat:
                mask |= BITS[card]
        return mask

    def won_points(self) -> list[int]:
        """Each seat's card points won in play (PIE3-2), the discard aside: the points of
        the tricks he won, the Fool's with its player, the cards given for it moved across
        (PIE3-7)."""
        worth = self.card_points
        totals = [0] * N
        for result in self.report.tricks:
            totals[result.winner] += result.points  # type: ignore[index]  # (tricks all won)
        if self.fool_player is not None:
            totals[self.fool_player] += worth[FOOL]
        for card, giver, taker in self.moves:
            totals[giver] -= worth[card]
            totals[taker] += worth[card]
        return totals

    # -- the Fool's exchange ---------------------------------------------------------------
    def fool_card_due(self) -> int:
        """The 1-point cards (a mask) the Fool's player may give now: none unless he owes
        the exchange and his pile holds one (PIE3-7)."""
        debt = self.debt
        if debt is None or debt.due is None:
            return 0
        return self.pile(debt.debtor) & ONE_POINT

    def give_for_fool(self, card: Card) -> None:
        """The step of the Fool's exchange (a ``fool`` line, or a client of the Hand API
        between tricks): the debtor gives ``card`` from his pile to the winner of the Fool's
        trick, after the trick just played (PIE3-7). Unchecked; :meth:`exchange_line`
        checks a record's line first."""
        debt = self.debt
        assert debt is not None, "no Fool exchange is owed"
        seat, number = debt.debtor, self.done
        self.moves.append((card, seat, debt.creditor))
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
        pile = self.pile(seat)
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
        debtor, creditor = debt.debtor, debt.creditor
        available = self.pile(debtor) & ONE_POINT
        start = self.record.start
        if debt.due is not None and available:
            card = cards_of(available)[0]
            self.moves.append((card, debtor, creditor))
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
        self.moves.append((FOOL, debtor, creditor))
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
        last = tricks[-1] if tricks else None
        for trick in tricks:
            result = self.play_trick(trick, trick is last)
            if result.winner is None:
                break
            if self.done in fools:
                for line in fools[self.done]:
                    self.exchange_line(line)
        else:
            if self.done == R.HAND_SIZE:
                if self.debt is not None:
                    self.settle_debt()
                self.report.complete = True
        report = self.report
        if not report.complete and not report.errors:
            self.say("PARTIAL_RECORD", NOTE, "G-7", loc=self.record.start, count=len(report.tricks))
            return False
        return True
