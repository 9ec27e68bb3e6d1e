"""Pinch: the replay of one record (:class:`PinchReplay`), in one loop for the usual record
(the single pass) or line by line (the general replay), then the score (PINCH-2 .. PINCH-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress

from ...cards import FOOL
from ...findings import Loc
from ...record import Record, Trick
from ...report import NO_FLAGS, Report, TrickResult
from ...tricks import (
    CATEGORY,
    CATEGORY_MASK,
    TRUMP,
    TRUMP_MASK,
)
from ..base import Game
from . import rules as R
from .hand import (
    _BIT,
    _BOTH_OPEN,
    _CLOSED,
    _OPEN_FOR,
    _TO_DRAW,
    FOOL_BIT,
    NOTE,
    PinchHand,
    _Recheck,
    _Stop,
)
from .melds import MELD_CHECKS, MeldBook, declare  # imported once, not per replay
from .scoring import score_hand


class PinchReplay(PinchHand):
    """The replay of one record: the driver over the state of :class:`PinchHand`, with its
    meld book (PINCH-5) and the two replay loops, the single pass for the usual record and the
    general one line by line. Built, run once, discarded."""

    def __init__(
        self,
        game: Game,
        record: Record,
        options: Mapping[str, str] | None,
        single_pass: bool = True,
    ) -> None:
        super().__init__(game, record, options, single_pass)
        # melds (PINCH-5): what was declared, and what was held at each moment one could be
        self.melds = MeldBook(self)

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        try:
            return self.judge()
        finally:
            # The meld book refers back to this replay: drop the cycle so the record and
            # the replay are freed as soon as the caller drops the report (not at the next
            # collection, which then has the whole record to walk).
            self.melds.h = None

    def judge(self) -> Report:
        try:
            if len(self.report.players) != 2:
                self.stop(
                    "WRONG_PLAYERS", "pinch tarot is played by two players", loc=self.record.start
                )
            self.sort_lines()
            self.deal()
            self.replay()
        except _Stop:
            pass
        if self.unchecked and not self.complete and self.stray_lines():
            raise _Recheck
        report = self.report
        if self.complete and not report.errors:
            self.end_of_hand()
            score_hand(self)
            report.complete = True
            with suppress(_Stop):  # a malformed claim line is an error (G-2), not an escape
                self.check_claims()
        elif not report.errors and not any(f.code == "PARTIAL_RECORD" for f in report.findings):
            self.flag(
                "PARTIAL_RECORD",
                NOTE,
                f"the record stops after {self.tricks_done} of "
                f"{R.TRICKS} tricks; nothing is scored",
                "G-2",
                loc=self.record.start,
            )
        report.findings.sort(key=lambda f: (f.loc is None, f.loc or Loc(0, 0)))
        return report

    # -- the play --------------------------------------------------------------------------
    def replay(self) -> None:
        if self.use_single_pass and self.both_known:
            self.single_pass()
            return
        if self.unchecked:  # the general replay takes its events sorted
            raise _Recheck
        self.general_replay()

    def single_pass(self) -> None:
        """:meth:`general_replay` in one loop, for a record whose hands are known (written
        or derived): the usual trick (two held cards, numbered in turn, the leader right if
        written, the second card following or void, a trump answering a trump above it or
        holding none above it when overtrumping is required; or the Fool with another card,
        always legal, PINCH-6) and, right after it, the usual two draws (the winner's then
        the other's, each the written stock's next card, or a card not seen yet when no
        stock is written) are replayed inline with the very state updates of
        :meth:`trick_full`, :meth:`take` and :meth:`draw`; anything else (a possible revoke,
        a card not held, an unknown card, any draw out of the ordinary, melds, covers)
        goes to the general method for that one line, which finds and words every
        problem. ``tests/test_pinch_fastpath.py`` checks that the reports are the same as
        :meth:`general_replay`'s."""
        events = self.events
        count = len(events)
        last_trick = count - 1
        while last_trick >= 0 and events[last_trick].__class__ is not Trick:
            last_trick -= 1
        rules = self.rules
        strength = rules.strength
        overtrump = rules.overtrump
        above = R.TRUMPS_ABOVE
        hands = self.hands
        piles = self.piles
        won = self.won
        stock = self.stock
        # Cards a draw may bring when no stock is written: in the pack, not dealt (then
        # neither drawn nor played before); the stock's own check otherwise.
        unseen = R.PACK & ~(self.dealt[0] | self.dealt[1]) if stock is None else 0
        log = self.report.tricks.append
        log_draw = self.report.draws.append
        points = R.POINTS
        meld_checks = MELD_CHECKS
        seats = self.seats
        # a usual draw line's subject: the seat's name as written (a second name equal to the
        # first, folded, is the first seat's: such a line goes the general way)
        first_name, second_name = self.report.players  # two: judge() checked
        names = (first_name, second_name if seats[second_name.casefold()] == 1 else None)
        moment_for = self.melds.moment_for
        stock_tricks, bagatto, last = R.STOCK_TRICKS, R.BAGATTO, R.TRICKS
        category, category_mask = CATEGORY, CATEGORY_MASK
        new_result = TrickResult.__new__
        bit_of = _BIT  # a card's bit, shared (a shift makes a new integer past bit 30)
        # The replay's state in locals; written back to ``self`` before a line goes to a
        # general method (which reads and updates it there) and read again after.
        done, leader, gone = self.tricks_done, self.leader, self.gone
        stock_pos, drawn, pending, windows = self.stock_pos, self.drawn, self.pending, self.windows
        fool_watch = self.fool_owner if self.covered is None else None
        index = 0
        while index < count:
            entry = events[index]
            index += 1
            if entry.__class__ is Trick:
                cards = entry._cards
                number = done + 1
                winner = fool_by = -1
                if (
                    len(cards) == 2
                    and entry.number == number
                    and not pending
                    and (entry.leader is None or entry.leader == leader)
                    and number <= last
                ):
                    a, b = cards
                    if a is not None and b is not None:  # (an unknown card: the general way)
                        other = 1 - leader
                        first, second = hands[leader], hands[other]
                        bit_a, bit_b = bit_of[a], bit_of[b]
                        if not first & bit_a or not second & bit_b:
                            pass  # a card not held: the general method says which
                        elif a == FOOL or b == FOOL:
                            if a != b:  # PINCH-6: the Fool is always legal, the card wins
                                fool_by, winner = (leader, other) if a == FOOL else (other, leader)
                        else:
                            led, answer = category[a], category[b]
                            if led == answer:
                                if strength[a] > strength[b]:
                                    if led != TRUMP or not overtrump or not second & above[a]:
                                        winner = leader  # PINCH-4: none above to overtrump
                                elif strength[a] < strength[b]:
                                    winner = other
                                # equal: one card written twice, for the general method
                            elif not second & category_mask[led] and (
                                answer == TRUMP or led == TRUMP or not second & TRUMP_MASK
                            ):
                                winner = other if answer == TRUMP else leader
                if winner < 0:
                    self.tricks_done, self.leader, self.gone = done, leader, gone
                    self.stock_pos, self.drawn, self.pending = stock_pos, drawn, pending
                    self.windows = windows
                    going_on = self.trick_full(entry, index - 1 == last_trick)
                    done, leader, gone = self.tricks_done, self.leader, self.gone
                    pending, windows = self.pending, self.windows
                    fool_watch = self.fool_owner if self.covered is None else None
                    if not going_on:
                        return
                    continue
                hands[leader] = first ^ bit_a
                hands[other] = second ^ bit_b
                both = bit_a | bit_b
                gone |= both
                trick_points = points[a] + points[b]
                won[winner] += 1
                if fool_by < 0:
                    piles[winner] |= both
                    if fool_watch == winner:  # PINCH-6: a trick to cover the Fool from
                        if not self.fool_due:
                            self.fool_due, self.fool_due_at = True, number
                        self.fool_after |= both
                else:  # PINCH-6: its owner takes the Fool back, to cover it later
                    piles[fool_by] |= FOOL_BIT
                    piles[winner] |= both ^ FOOL_BIT
                    trick_points -= points[FOOL]
                    self.fool_owner, self.fool_trick = fool_by, number
                    fool_watch = fool_by
                result = new_result(TrickResult)  # TrickResult(...) without a call
                result.number = number
                result.leader = leader
                result.cards = cards
                result.winner = winner
                result.points = trick_points
                result.flags = NO_FLAGS
                result.players = 2
                result.source = entry
                log(result)
                done = number
                windows = _CLOSED
                if number > stock_tricks:
                    if number == last and (a == bagatto or b == bagatto):
                        self.bagatto = (leader if a == bagatto else other, winner)
                    leader = winner
                    continue
                leader = winner
                # PINCH-3: the winner draws first, then the other: the usual two draw lines
                # are taken here; any other line after the trick goes round the loop.
                pending = _TO_DRAW[winner]
                for seat in pending:
                    if index == count:
                        break
                    line = events[index]
                    if line.keyword != "draw" or line.subject != names[seat]:
                        break  # (a trick's keyword is "")
                    try:
                        (card,) = line._cards
                    except ValueError:  # not one card
                        break
                    if stock is not None:
                        if card != stock[stock_pos]:  # (never None: the stock is known)
                            break
                    elif card is None or not unseen & bit_of[card] & ~(drawn | gone):
                        break
                    bit = bit_of[card]
                    index += 1
                    stock_pos += 1
                    drawn |= bit
                    hand = hands[seat] = hands[seat] | bit
                    log_draw((number, seat, card))
                    for cards_of_meld, enough in meld_checks[card]:
                        if (hand & cards_of_meld).bit_count() >= enough:
                            moment_for(seat, card)  # a meld with this card may be new
                            break
                else:
                    pending = ()
                    windows = _BOTH_OPEN
                    continue
                if seat != winner:  # the winner drew, the other did not here
                    pending = pending[1:]
                    windows = _OPEN_FOR[winner]
                continue
            keyword = entry.keyword
            if keyword == "draw":
                subject = entry.subject
                seat = seats.get(subject.casefold()) if subject else None
                found = entry._cards
                if (
                    seat is not None
                    and len(found) == 1
                    and pending
                    and seat == pending[0]
                    and stock
                    and found[0] == stock[stock_pos]
                ):
                    card = found[0]
                    bit = bit_of[card]
                    stock_pos += 1
                    drawn |= bit
                    hand = hands[seat] = hands[seat] | bit
                    log_draw((done, seat, card))
                    pending = pending[1:]
                    windows = _BOTH_OPEN if windows[1 - seat] else _OPEN_FOR[seat]
                    for cards_of_meld, enough in meld_checks[card]:
                        if (hand & cards_of_meld).bit_count() >= enough:
                            moment_for(seat, card)
                            break
                    continue
            self.tricks_done, self.leader, self.gone = done, leader, gone
            self.stock_pos, self.drawn, self.pending = stock_pos, drawn, pending
            self.windows = windows
            if keyword == "draw":
                self.draw(entry)
            elif keyword == "meld":
                declare(self, entry)
            elif keyword == "cover":
                self.cover(entry)
            elif keyword == "claim":  # checked once the hand is scored, as sort_lines keeps it
                self.claims.append(entry)
            else:  # a hand or stock line after the play began, an unknown keyword
                raise _Recheck
            stock_pos, drawn, pending, windows = (
                self.stock_pos,
                self.drawn,
                self.pending,
                self.windows,
            )
            fool_watch = self.fool_owner if self.covered is None else None
        self.tricks_done, self.leader, self.gone = done, leader, gone
        self.stock_pos, self.drawn, self.pending = stock_pos, drawn, pending
        self.windows = windows
        if done == R.TRICKS:
            self.complete = True

    def general_replay(self) -> None:
        """Every line through its own method (:meth:`trick`, :meth:`draw`, the melds, the
        cover), in the order written."""
        last_trick = max((i for i, e in enumerate(self.events) if isinstance(e, Trick)), default=-1)
        for index, entry in enumerate(self.events):
            if isinstance(entry, Trick):
                if not self.trick(entry, index == last_trick):
                    return
            elif entry.keyword == "draw":
                self.draw(entry)
            elif entry.keyword == "meld":
                declare(self, entry)
            else:
                self.cover(entry)
        if self.tricks_done == R.TRICKS:
            self.complete = True
