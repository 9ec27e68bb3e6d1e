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

The play goes through the one trick loop of :mod:`scorer.games.engine`, with Minchiate's rules
in the hooks of :class:`~scorer.games.minchiate.play.MinchiatePlay`; :class:`MinchiateReplay`
here drives the phases in the order of the game. :meth:`Minchiate.start_play` gives the state
as the play begins (the Hand API).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from contextlib import suppress

from ...claims import claim_findings
from ...findings import Finding
from ...record import Record
from ...report import Report
from ..base import DealLine, EntryShape, Game
from ..engine import reach_play
from ..replay import ReplayStop
from . import generator, session
from . import rules as R
from . import scoring as S
from .actions import MinchiateActions
from .hand import NOTE
from .messages import LINES, SESSION, TEMPLATES, TERMS
from .play import MinchiatePlay

__all__ = ["Minchiate", "MinchiateReplay"]


class Minchiate(Game):
    """Minchiate, four players in two fixed partnerships, scored in rests (MIN-1 .. MIN-16)."""

    key = "minchiate"
    title = "Minchiate (97 cards, 40 trumps)"
    source = R.SOURCE
    brief = R.BRIEF
    num_players = 4
    default_suits = "italian"
    unit = "rest"
    claim_field = "rests"
    start_balance = 0
    highest_trump = 40  # MIN-1
    ledger_rule = "MIN-15"  # a session stands by its rests
    penalty_rulings = ("MIN-13",)  # a revoke costs two rests to each opponent, applied here
    session_lines = ("draw",)  # the draw for partnerships that opens a set (MIN-16)
    discards_shown_at_first_card = "MIN-6"  # shown after the first card is played
    zero_sum = True
    keywords = R.KEYWORDS
    options = R.OPTIONS
    actions = MinchiateActions()  # the phases' actions (#32.3)
    entry = EntryShape(  # MIN-4: 21 cards each, 20 face down and the 21st face up
        R.PACK,
        (DealLine("hand", R.TRICKS - 1), DealLine("faceup", 1)),
        before_deal=("draw", "rob"),
        before_play=("scoprire", "pigliare", "folla", "discard", "declare"),
        lead_rulings=("MIN-3", "MIN-4"),
    )
    rulings = R.RULINGS
    templates = TEMPLATES
    session_templates = SESSION
    terms = TERMS
    lines = LINES

    def replay(self, record: Record, options: Mapping[str, str] | None = None) -> Report:
        """The replay of ``record`` (:class:`MinchiateReplay`)."""
        return MinchiateReplay(self, record, options).run()

    def start_play(
        self, record: Record, options: Mapping[str, str] | None = None
    ) -> MinchiateReplay:
        """The Hand API: the game as its play begins, after the deal, the discards and the
        declarations of ``record`` (:class:`~scorer.games.engine.NoPlay` if they stop)."""
        return reach_play(MinchiateReplay(self, record, options))

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        return generator.random_record(self, rng, players, dealer)

    def random_session(self, rng: random.Random, count: int) -> list[Record]:
        return generator.random_session(self, rng, count)

    def session_findings(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[int, Finding]]:
        return session.session_findings(records, reports)

    def session_summary(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[str]:
        return session.session_summary(records, reports, balances)

    def session_payments(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[dict[str, int], str]]:
        return session.session_payments(records, reports)


class MinchiateReplay(MinchiatePlay):
    """The replay of one record: runs the phases over the state in the order of the game.
    Built, run once, discarded."""

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        try:
            self.open_play()
            self.play_record()
        except ReplayStop:
            self.stopped = True
            self.note_unknown_card()
        try:
            return self.finish()
        finally:
            # Marks refers back to this replay: drop the cycle so the record and the replay
            # are freed as soon as the caller drops the report (not at the next collection).
            with suppress(AttributeError):
                del self.marks

    def open_play(self) -> bool:
        """The step before play: the lines before the first trick, the deal, the folla and
        the discards (with what each seat played, when the deal needs it), the marks before
        play, the versicole; the play begins (:meth:`start_tricks`). True: a game of
        Minchiate is always played (a stop is G-2)."""
        if len(self.report.players) != 4:
            self.halt("WRONG_PLAYERS", loc=self.record.start, count=len(self.report.players))
        self.sort_lines()
        if self.needs_first_pass():
            self.first_pass()
        self.deal()
        self.marks = S.Marks(self)
        self.marks.before_play()
        self.declarations()
        self.marks.declared()
        self.start_tricks()
        return True

    def finish(self) -> Report:
        report = self.report
        if report.complete and not report.errors:
            S.score_end(self, self.marks)
            report.findings += claim_findings(self.lines.claims, report, "rests", "MIN-15")
        elif not report.errors and not report.complete:
            report.lines.clear()
        if report.errors:
            report.lines.clear()
        report.sort_findings()
        return report

    # -- play ------------------------------------------------------------------------------
    def play_record(self) -> None:
        """Every trick line in turn; the game is complete when all 21 are won."""
        self.play_lines()
        if self.done == R.TRICKS:
            self.report.complete = True
        elif not self.report.errors:
            self.say(
                "PARTIAL_RECORD",
                NOTE,
                "G-7",
                loc=self.record.start,
                count=len(self.report.tricks),
            )
