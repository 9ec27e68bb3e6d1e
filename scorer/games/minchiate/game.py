"""Minchiate (``minchiate``): replay and verification of one game of the 97-card pack.

The replay reads a record in the order of the game: the cut and the robbed cards (MIN-3), the
deal with its face-up 21st cards (MIN-4), what the dealer turned up and took from the folla
(MIN-5), the discards (MIN-6), the versicole declared at the first trick (MIN-7, MIN-7a), then
every trick with its marks (MIN-8, MIN-8a, MIN-9), the King rule (MIN-12), revokes (MIN-13), the
Fool and its replacement card, given as soon as it is due (MIN-11, MIN-11a, MIN-8b), and cascare
(MIN-14); the end count and the rests are in :mod:`scorer.games.minchiate.scoring`. Illegal
plays are flagged and scored as played (G-1); impossible records stop the replay where they
become impossible (G-2). Findings and score lines name cards and suits in the record's suit style
(``Suits``, :mod:`scorer.wording`).

Seats: the ``Players`` tag lists the players in playing (anticlockwise) order; partners sit
opposite, so the first and third players are one side, the second and fourth the other.

Two paths, one result: a record with the four hands and all 21 tricks written is replayed by
the single pass (:func:`~scorer.games.minchiate.play.single_pass`: seating, legality, replay
and the marks of each trick in one loop); anything it does not settle itself sends the record
to the general path (seat every trick, then play it), replayed from scratch.
:meth:`Minchiate.verify_general` runs the general path alone, the reference that
``tests/test_minchiate_fastpath.py`` holds the single pass to. The state of one replay is
:class:`~.hand.MinchiateHand`; :class:`MinchiateReplay` here drives the phases over it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...claims import claim_findings
from ...findings import Finding, Loc
from ...record import Record
from ...report import Report
from ..base import Game
from . import play as P
from . import rules as R
from . import scoring as S
from .hand import NOTE, MinchiateHand, _Stop

__all__ = ["Minchiate", "MinchiateReplay"]


class Minchiate(Game):
    """Minchiate, four players in two fixed partnerships, scored in rests (MIN-1 .. MIN-16)."""

    key = "minchiate"
    title = "Minchiate (97 cards, 40 trumps)"
    seed = "001_fd2dcc6cba00f95d.txt"
    num_players = 4
    default_suits = "italian"
    unit = "rest"
    claim_field = "rests"
    start_balance = 0
    highest_trump = 40  # MIN-1
    ledger_rule = "MIN-15"  # a session stands by its rests
    penalty_rulings = ("MIN-13",)  # a revoke costs two rests to each opponent, applied here
    zero_sum = True
    keywords = R.KEYWORDS
    options = R.OPTIONS
    rulings = R.RULINGS

    def replay(
        self, record: Record, options: Mapping[str, str] | None = None, *, single_pass: bool = True
    ) -> Report:
        return MinchiateReplay(self, record, options, single_pass=single_pass).run()

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        from .generator import random_record

        return random_record(self, rng, players, dealer)

    def random_session(self, rng: random.Random, count: int) -> list[Record]:
        from .generator import random_session

        return random_session(self, rng, count)

    def session_findings(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[int, Finding]]:
        from .session import session_findings

        return session_findings(records, reports)

    def session_summary(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[str]:
        from .session import session_summary

        return session_summary(records, reports, balances)

    def session_payments(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[dict[str, int], str]]:
        from .session import session_payments

        return session_payments(records, reports)


class MinchiateReplay(MinchiateHand):
    """The replay of one record: runs the phases over the state of :class:`MinchiateHand` in
    the order of the game, on the single pass when it can. Built, run once, discarded."""

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        try:
            if len(self.report.players) != 4:
                self.stop(
                    "WRONG_PLAYERS",
                    f"Minchiate has four players, the record names {len(self.report.players)}",
                    "MIN-16",
                    loc=self.record.start,
                )
            self.sort_lines()
            if self.single_pass and self.single_pass_ready():
                return self.run_single_pass()
            halted = self.seat_before_replay()  # G-2: the tricks before it are still replayed
            self.deal()
            self.marks = S.Marks(self)
            self.marks.before_play()
            self.declarations()
            self.marks.declared()
            self.play()
            if halted:
                raise _Stop
        except _Stop:
            self.stopped = True
            self.forget_later_halt()
        try:
            return self.finish()
        finally:
            # Marks refers back to this replay: drop the cycle so the record and the replay
            # are freed as soon as the caller drops the report (not at the next collection).
            if getattr(self, "marks", None) is not None:
                self.marks.h = None

    def run_single_pass(self) -> Report:
        """The deal, the marks before play and the declarations as on the general path, then
        one replay loop (:func:`~scorer.games.minchiate.play.single_pass`). On anything
        unusual (an error, a card not held, a trick out of order, an unknown card) the record
        is replayed from scratch on the general path, which then finds and words every
        problem: the single pass only ever accepts what the general path accepts, with the
        same findings. (Seating comes first on the general path, but with every hand written
        the deal does not depend on it: a discarded card that is also played is not held.)"""
        try:
            self.deal()
            self.marks = S.Marks(self)
            self.marks.before_play()
            self.declarations()
            self.marks.declared()
            P.single_pass(self)
        except (_Stop, P.Fallback):
            if self.marks is not None:
                self.marks.h = None
            return MinchiateReplay(
                self.game, self.record, self.given_options, single_pass=False
            ).run()
        self.report.complete = True
        try:
            return self.finish()
        finally:
            self.marks.h = None

    def finish(self) -> Report:
        report = self.report
        if report.complete and not report.errors:
            S.score_end(self)
            report.findings += claim_findings(self.lines.claims, report, "rests", "MIN-15")
        elif not report.errors and not report.complete:
            report.lines.clear()
        if report.errors:
            report.lines.clear()
        report.findings.sort(key=lambda f: (f.loc is None, f.loc or Loc(0, 0)))
        return report

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
