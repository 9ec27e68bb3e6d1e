"""Mitigatti of Nice, four players (``nice4``) and three (``nice3``): replay and verification.

The replay reads a record in the order of the game: the mountain words (NICE-5), the deal and
the dealer's discard (NICE-6), the Solo or the call (NICE-7 .. NICE-9), declarations before play
(NICE-12), then every trick (NICE-3, NICE-4, NICE-10, NICE-11) with the declarations made in
play (NICE-13) and the Bagatte lead rule (NICE-14). Illegal plays are flagged and scored as
played (G-1); impossible records stop the replay where they become impossible (G-2).

When the deal is not written down but the play is complete, the hands are derived from the
plays, the discard and the exchange; a revoke is then proved by the later play of the suit.

This module drives the phases over the state in :mod:`.hand`; no phase imports it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cached_property

from ...findings import Loc
from ...record import Record
from ...report import Report
from ..base import Game
from ..replay import Seating
from . import contract as C
from . import declare as D
from . import play as P
from . import rules as R
from .hand import NOTE, NiceHand, _Stop
from .scoring import contract_summary, score_hand

__all__ = ["Nice3", "Nice4", "NiceGame", "NiceReplay"]


class NiceGame(Game):
    """Shared by ``nice4`` and ``nice3``; the subclasses set the sizes."""

    seed = "000_c2331cd3c085e9c3.txt"
    rounds: tuple[int, ...] = ()
    dealer_extra = 0
    discard_size = 0
    start_balance = 10  # NICE-18
    ledger_rule = "NICE-18"  # a session stands by its marca balances
    claim_field = "marca"  # claim marca: the payments as written (NICE-18)
    trick_notes = True  # NICE-13: Mitigatti and Quatre Rei are written on the card played
    rulings = R.RULINGS

    @cached_property
    def seating(self) -> Seating:
        """How trick lines are seated (NICE-4: equal Papotes go to the later card)."""
        return Seating(
            self.num_players,
            self.hand_size,
            R.PACK,
            R.RULES.strength,
            True,
            "the 78-card pack",
            f"a hand of {self.key}",
        )

    @cached_property
    def hand_size(self) -> int:
        """Cards each player holds at the start of play, which is also the number of tricks."""
        return sum(self.rounds)

    def replay(
        self, record: Record, options: Mapping[str, str] | None = None, *, single_pass: bool = True
    ) -> Report:
        return NiceReplay(self, record, options, single_pass=single_pass).run()

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        from .generator import random_record

        return random_record(self, rng, players, dealer)


class Nice4(NiceGame):
    key = "nice4"
    title = "Mitigatti of Nice, four players"
    num_players = 4
    rounds = (9, 10)
    dealer_extra = 2
    discard_size = 2
    keywords = R.KEYWORDS_4
    options = R.OPTIONS_4
    point_total = 72  # NICE-2: 52 in cards, 19 tricks, 1 for the discard


class Nice3(NiceGame):
    key = "nice3"
    title = "Mitigatti of Nice, three players"
    num_players = 3
    rounds = (9, 6, 10)
    dealer_extra = 3
    discard_size = 3
    keywords = R.KEYWORDS_3
    options = R.OPTIONS_3
    point_total = 78  # NICE-2: 52 in cards, 25 tricks, 1 for the discard


class NiceReplay(NiceHand):
    """The replay of one record: runs the phases over the state of :class:`NiceHand` in the
    order of the game. Built, run once, discarded."""

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        report = self.report
        try:
            if len(report.players) != self.n:  # nothing else can be seated (G-2)
                self.stop(
                    "WRONG_PLAYERS",
                    f"{self.game.key} is played by {self.n} players; "
                    f"the record names {len(report.players)}",
                    "G-2",
                    loc=self.record.start,
                )
            self.sort_lines()
            if self.mountain():
                return self.finish()
            if self.single_pass and self.single_pass_ready():
                return self.run_single_pass()
            halted = self.seat_before_replay()  # G-2: the tricks before it are still replayed
            self.deal()
            if self.n == 4 and "call" not in self.lines.single and not self.lines.tricks:
                self.flag(
                    "PARTIAL_RECORD",
                    NOTE,
                    "the record stops before the call; nothing is scored",
                    "G-2",
                    loc=self.record.start,
                )
                return self.finish()
            if self.n == 4:
                self.settle_contract()
            else:
                self.start_hands()
            if self.contract.surrender:
                report.complete = True
                self.check_no_play_after(
                    "the surrender ends the deal (NICE-9)", contract_lines=False
                )
            else:
                self.declarations_before_play()
                self.play()
            if halted:
                raise _Stop
        except _Stop:
            self.stopped = True
            self.forget_later_halt()
        return self.finish()

    def run_single_pass(self) -> Report:
        """Deal, contract and declarations as on the general path, then one replay loop
        (:func:`~scorer.games.nice.play.single_pass`). On anything unusual (an error, a card
        not held, a trick out of order, a surrender with play) the record is replayed from
        scratch on the general path, which then finds and words every problem: the single
        pass only ever accepts what the general path accepts, with the same findings."""
        try:
            self.deal()
            if self.n == 4:
                self.settle_contract()
            else:
                self.start_hands()
            if self.contract.surrender:
                raise P.Fallback
            self.declarations_before_play()
            P.single_pass(self)
        except (_Stop, P.Fallback):
            return NiceReplay(self.game, self.record, self.given_options, single_pass=False).run()
        self.report.complete = True
        return self.finish()

    def finish(self) -> Report:
        report = self.report
        if report.complete and not report.errors and not report.thrown_in:
            score_hand(self)
            try:  # a malformed claim line is an error (G-2), not an escaping _Stop
                self.check_claims()
            except _Stop:
                self.stopped = True
        elif self.contract_known and not report.thrown_in:
            # G-2: what came before the stop is reported; with nothing paid, the declarations
            # accepted so far are named here rather than as payments
            report.contract.update(contract_summary(self))
            if self.declared:
                report.contract["declared"] = "; ".join(
                    f"{self.name(seat)} {name}" for seat, name in self.declared
                )
        report.findings.sort(key=lambda f: (f.loc is None, f.loc or Loc(0, 0)))
        return report

    # -- NICE-7 .. NICE-9: Solo, call, exchange, surrender ---------------------------------
    def settle_contract(self) -> None:
        C.settle_contract(self)

    # -- NICE-12 and NICE-13: declarations -------------------------------------------------
    def declarations_before_play(self) -> None:
        D.declarations_before_play(self)

    # -- play ------------------------------------------------------------------------------
    def play(self) -> None:
        P.play(self)
        if self.play_complete and not self.stopped:
            self.report.complete = True
        elif not self.report.errors:
            self.flag(
                "PARTIAL_RECORD",
                NOTE,
                f"the record stops after {len(self.seated)} trick line(s); nothing is scored",
                "G-2",
                loc=self.record.start,
            )
