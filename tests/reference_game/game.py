"""The reference game (``reference``): the engine and the replay that drives the phases.

The replay follows the game: the deal (REF-1), every trick (REF-2), the payment of a hand
played out (REF-3, REF-4) and the claims written on the sheet. Illegal plays are flagged and
taken as played (G-1); an impossible record stops where it becomes impossible (G-2).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from scorer.claims import claim_findings
from scorer.games.base import DealLine, EntryShape, Game
from scorer.games.engine import reach_play
from scorer.games.replay import ReplayStop
from scorer.record import Record
from scorer.report import Report

from . import generator
from . import rules as R
from .actions import ReferenceActions
from .messages import LINES, TEMPLATES
from .play import ReferencePlay
from .scoring import score_hand

__all__ = ["Reference", "ReferenceReplay"]


class Reference(Game):
    """The reference game: a teaching example of a plain trick game for three."""

    key = "reference"
    title = "Reference trick game (a teaching example)"
    source = R.SOURCE  # no historical rule text: the rules are REF-1 .. REF-4
    brief = R.BRIEF
    num_players = 3
    unit = "marks"
    claim_field = "marks"  # claim marks: the payments as written (scorer.claims)
    point_total = R.POINT_TOTAL  # REF-3
    zero_sum = True  # REF-4: a hand's payments add up to nothing
    default_suits = "italian"  # the suit letters of a record without a Suits tag
    redeal_thrown_in = True  # G-6 (no deal of this game is thrown in, so it never applies)
    penalty_rulings = ()  # no payment of the engine's is a penalty (MIN-13 is Minchiate's)
    keywords = R.KEYWORDS
    options = R.OPTIONS
    rulings = R.RULINGS
    own_rulings = R.OWN_RULINGS
    actions = ReferenceActions()  # the action API's phases: the cards in turn
    templates = TEMPLATES
    lines = LINES  # the score lines' templates (messages.py), worded in every language
    entry = EntryShape(
        R.PACK,
        (DealLine("hand", R.HAND_SIZE),),  # REF-1: 26 cards to each player
        lead_rulings=("REF-1",),  # who leads first, quoted to the person entering
    )

    def replay(self, record: Record, options: Mapping[str, str] | None = None) -> Report:
        return ReferenceReplay(self, record, options).run()

    def start_play(
        self, record: Record, options: Mapping[str, str] | None = None
    ) -> ReferenceReplay:
        """The Hand API: the state as the play of ``record`` begins (its deal replayed)."""
        return reach_play(ReferenceReplay(self, record, options))

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        return generator.random_record(self, rng, players, dealer)


class ReferenceReplay(ReferencePlay):
    """The replay of one record: runs the phases in the order of the game."""

    def run(self) -> Report:
        """Replay the record and score it: its report."""
        try:
            if self.open_play():
                self.play_tricks()
        except ReplayStop:
            pass
        return self.finish()

    def open_play(self) -> bool:
        """The step before play: the lines sorted, the deal (REF-1); the play begun."""
        if len(self.report.players) != R.PLAYERS or self.record.dealer is None:
            self.halt("BAD_PLAYERS", loc=self.record.start)
        self.sort_lines()
        self.deal()
        self.start_hands()
        return True

    def finish(self) -> Report:
        """The report: paid when the hand was played out and is possible (G-2, G-7), the
        claims checked against it, the findings in the record's order."""
        report = self.report
        if report.complete and not report.errors:
            score_hand(self)
            report.findings += claim_findings(self.lines.claims, report, "marks", "REF-4")
        report.sort_findings()
        return report
