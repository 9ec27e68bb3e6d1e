"""Mitigatti of Nice, four players (``nice4``) and three (``nice3``): replay and verification.

The replay reads a record in the order of the game: the mountain words (NICE-5), the deal and
the dealer's discard (NICE-6), the Solo or the call (NICE-7 .. NICE-9), declarations before play
(NICE-12), then every trick (NICE-3, NICE-4, NICE-10, NICE-11) with the declarations made in
play (NICE-13) and the Bagatte lead rule (NICE-14). Illegal plays are flagged and scored as
played (G-1); impossible records stop the replay where they become impossible (G-2).

The tricks are played through the one trick loop (:mod:`scorer.games.engine`). When the deal
is not written down, the trick lines are first played through the same loop with every hand
unknown, to see the cards each seat plays: when the play is complete, the hands are derived
from them, the discard and the exchange; a revoke is then proved by the later play of the
suit.

This module drives the phases over the state in :mod:`.hand`; no phase imports it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from contextlib import suppress
from functools import cached_property

from ...record import Record
from ...report import Report
from ..base import DealLine, EntryShape, Game
from ..engine import reach_play
from . import contract as C
from . import declare as D
from . import generator
from . import play as P
from . import rules as R
from .actions import NiceActions
from .hand import NOTE, NiceHand, _Stop
from .messages import LINES, TEMPLATES, TERMS, TRUMPS_NAME
from .scoring import contract_summary, score_hand

__all__ = ["Nice3", "Nice4", "NiceGame", "NiceReplay"]


class NiceGame(Game):
    """Shared by ``nice4`` and ``nice3``; the subclasses set the sizes."""

    source = R.SOURCE
    rounds: tuple[int, ...] = ()
    dealer_extra = 0
    discard_size = 0
    start_balance = 10  # NICE-18
    ledger_rule = "NICE-18"  # a session stands by its marca balances
    claim_field = "marca"  # claim marca: the payments as written (NICE-18)
    trick_notes = True  # NICE-13: Mitigatti and Quatre Rei are written on the card played
    rulings = R.RULINGS
    templates = TEMPLATES
    trumps_name = TRUMPS_NAME
    terms = TERMS
    lines = LINES

    @cached_property
    def hand_size(self) -> int:
        """Cards each player holds at the start of play, which is also the number of tricks."""
        return sum(self.rounds)

    def replay(self, record: Record, options: Mapping[str, str] | None = None) -> Report:
        """The replay of ``record`` (:class:`NiceReplay`)."""
        return NiceReplay(self, record, options).run()

    def start_play(self, record: Record, options: Mapping[str, str] | None = None) -> NiceHand:
        """The Hand API: the state of ``record``'s deal as its play begins (the lines before
        the first trick replayed), to be stepped with ``to_play``, ``legal_cards``, ``play``
        and ``push``. :class:`~scorer.games.engine.NoPlay` when those lines do not reach the
        play (an error, a deal thrown in, a surrender)."""
        return reach_play(NiceReplay(self, record, options))

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        return generator.random_record(self, rng, players, dealer)


class Nice4(NiceGame):
    key = "nice4"
    title = "Mitigatti of Nice, four players"
    num_players = 4
    rounds = (9, 10)
    dealer_extra = 2
    discard_size = 2
    keywords = R.KEYWORDS_4
    options = R.OPTIONS_4
    brief = R.BRIEF_4
    actions = NiceActions(rounds, dealer_extra)  # the phases' actions (#32.3)
    entry = EntryShape(  # NICE-5: 19 cards each, 21 to the dealer, who discards 2
        R.PACK,
        (DealLine("hand", sum(rounds), sum(rounds) + dealer_extra),),
        before_play=("mountain", "discard", "solo", "call", "exchange", "declare"),
        lead_rulings=("NICE-5", "NICE-10"),
    )
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
    brief = R.BRIEF_3
    actions = NiceActions(rounds, dealer_extra)  # the phases' actions (#32.3)
    entry = EntryShape(  # NICE-5, NICE-17: 25 cards each, 28 to the dealer, who discards 3
        R.PACK,
        (DealLine("hand", sum(rounds), sum(rounds) + dealer_extra),),
        before_play=("mountain", "discard", "declare"),
        lead_rulings=("NICE-5", "NICE-17"),
    )
    point_total = 78  # NICE-2: 52 in cards, 25 tricks, 1 for the discard


class NiceReplay(NiceHand):
    """The replay of one record: runs the phases over the state of :class:`NiceHand` in the
    order of the game. Built, run once, discarded."""

    def run(self) -> Report:
        """Replay the whole record and return its report."""
        try:
            if self.open_play():
                P.play(self)
        except _Stop:
            pass
        return self.finish()

    def open_play(self) -> bool:
        """The step before play: the lines before the first trick, the players, the
        mountain (NICE-5), the deal and the discard (NICE-6), the contract (NICE-7 ..
        NICE-9) and the declarations before play (NICE-12). True when the play begins (its
        state is then set up); False when the deal ends before it (thrown in, surrendered,
        or the record stops first)."""
        report = self.report
        if len(report.players) != self.n:  # nothing else can be seated (G-2)
            self.halt(
                "WRONG_PLAYERS",
                loc=self.record.start,
                game=self.game.key,
                players=self.n,
                count=len(report.players),
            )
        self.sort_lines()
        if self.mountain():
            return False
        self.deal()
        if self.n == 4 and "call" not in self.lines.single and not self.lines.tricks:
            self.say("PARTIAL_RECORD", NOTE, "G-7", variant="call", loc=self.record.start)
            return False
        if self.n == 4:
            C.settle_contract(self)
        else:
            self.start_hands()
        if self.contract.surrender:
            report.complete = True
            self.check_no_play_after("surrender", contract_lines=False)
            return False
        D.declarations_before_play(self)
        self.begin_tricks()
        return True

    def finish(self) -> Report:
        report = self.report
        if self.missing_round() is not None:  # NICE-5a: partial however far the play goes
            report.complete = False
        if report.complete and not report.errors and not report.thrown_in:
            score_hand(self)
            with suppress(_Stop):  # a malformed claim line is an error (G-2), nothing more
                self.check_claims()
        elif self.contract_known and not report.thrown_in:
            # G-2: what came before the stop is reported; with nothing paid, the declarations
            # accepted so far are named here rather than as payments
            report.contract.update(contract_summary(self))
            if self.declared:
                report.contract["declared"] = "; ".join(
                    f"{self.name(seat)} {name}" for seat, name in self.declared
                )
        report.sort_findings()
        return report
