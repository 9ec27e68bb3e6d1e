"""Tarocchi of Piedicavallo (``piedicavallo``): replay and verification of one deal.

Four players in fixed partnerships, partners opposite (seats 0 and 2 against 1 and 3 in the
``Players`` order). The replay reads a record in the order of the game: the deal and the
dealer's discard (PIE-1, PIE-3), then every trick (follow suit, else trump, the Fool excusing:
PIE-4, G-3) with the table talk said as each card was played (PIE-5), and scores the deal
(PIE-2, PIE-6). The state of one deal and its play are in :mod:`.hand` (through the one trick
loop, :mod:`scorer.games.engine`), the talk in :mod:`.talk`, the score in :mod:`.scoring`, the
game of four deals in :mod:`.session`, the findings' words in :mod:`.messages`. Illegal
plays and remarks are flagged and scored as played (G-1); impossible records stop the replay
where they become impossible (G-2).

When the deal is not written down but the play is complete, each hand is what its player
played (the dealer's plus the discard), so a revoke is still proved by a later play of the
suit and every remark is still checked against the cards played after it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...claims import claim_findings
from ...findings import Finding
from ...record import Record
from ...report import Report
from ...results import GameResult
from ..base import DealLine, EntryShape, Game
from ..engine import reach_play
from ..replay import ReplayStop
from . import generator, session
from . import rules as R
from .actions import PiedicavalloActions
from .hand import NOTE, N, PiedicavalloHand
from .messages import LINES, SESSION, TEMPLATES, TERMS
from .scoring import score

__all__ = ["Piedicavallo", "PiedicavalloReplay"]


class Piedicavallo(Game):
    """The rule set: four players, 15 cards each, points in a deal, a game of four deals."""

    key = "piedicavallo"
    title = "Tarocchi of Piedicavallo"
    source = R.SOURCE
    brief = R.BRIEF
    num_players = 4
    unit = "points"
    claim_field = "score"  # claim score: each player's deal score over the average (PIE-7)
    point_total = 114  # PIE-2
    start_balance = 0  # PIE-7: each side's lead over the average starts at nothing
    zero_sum = True
    keywords = R.KEYWORDS
    entry = EntryShape(  # PIE-3: 15 cards each, 17 to the dealer, who discards 2
        R.PACK,
        (DealLine("hand", R.HAND_SIZE, R.DEALER_CARDS),),
        before_play=("discard",),
        lead_rulings=("PIE-3", "PIE-4"),
    )
    trick_notes = True  # PIE-5: table talk is written on the card it was said with
    options = R.OPTIONS
    actions = PiedicavalloActions()  # the phases' actions (#32.3)
    rulings = R.RULINGS
    templates = TEMPLATES
    session_templates = SESSION
    terms = TERMS
    lines = LINES
    ranked_by_games = True  # PIE-7: a session is one game, won by a side
    ledger_rule = "PIE-7"

    def replay(self, record: Record, options: Mapping[str, str] | None = None) -> Report:
        """The replay of one deal (:class:`PiedicavalloReplay`)."""
        return PiedicavalloReplay(self, record, options).run()

    def start_play(
        self, record: Record, options: Mapping[str, str] | None = None
    ) -> PiedicavalloReplay:
        """The Hand API: the deal of ``record`` as its play begins (its hand and discard
        lines read, its trick lines not played). :class:`~scorer.games.engine.NoPlay` when
        those lines do not reach the play (an error: a hand not of 15 cards, ...)."""
        return reach_play(PiedicavalloReplay(self, record, options))

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        return generator.random_record(self, rng, players, dealer)

    def random_session(self, rng: random.Random, count: int) -> list[Record]:
        """Up to ``count`` deals of one game, the deal passing to the right (G-6); the game
        may end sooner (PIE-7: after three deals with a lead over 57, after four, or after
        the two extra deals of a tie), and then the session ends with it."""
        records: list[Record] = []
        dealer = rng.randrange(N)
        reports: list[Report] = []
        for _ in range(count):
            record = self.random_record(rng, dealer=dealer)
            records.append(record)
            reports.append(self.verify(record))
            if session.game_over(self, records, reports):
                break
            dealer = (dealer + 1) % N
        return records

    def session_findings(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[int, Finding]]:
        return session.session_findings(self, records, reports)

    def hands_not_counted(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> dict[int, str]:
        """PIE-7: the deals recorded after the game ended."""
        return session.hands_not_counted(self, records, reports)

    def session_summary(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[str]:
        return session.session_summary(self, records, reports)

    def session_results(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[GameResult]:
        return session.session_results(self, records, reports)


class PiedicavalloReplay(PiedicavalloHand):
    """The replay of one deal: its lines in the order of the game over the state of
    :class:`PiedicavalloHand`, then the score. Built, run once, discarded."""

    def open_play(self) -> bool:
        """The step before play: the lines before the first trick, the players, the lines
        sorted, the deal and the discard (after a first pass when they need the play, PIE-3);
        the play begins. True (a deal of Piedicavallo is always played); stops at an
        impossible line (G-2, :class:`~scorer.games.replay.ReplayStop`)."""
        if len(self.report.players) != N:
            self.halt("WRONG_PLAYERS", loc=self.record.start, count=len(self.report.players))
        self.sort_lines()
        if self.needs_first_pass():
            self.first_pass()
        self.deal()
        self.begin()
        return True

    def run(self) -> Report:
        """Replay the record and score it when its play is complete and possible."""
        report = self.report
        try:
            self.open_play()
            self.play_lines()
            if self.done == R.HAND_SIZE:
                report.complete = True
            elif not report.errors:
                count = len(report.tricks)
                self.say("PARTIAL_RECORD", NOTE, "G-7", loc=self.record.start, count=count)
        except ReplayStop:
            pass
        if report.complete and not report.errors:  # a BAD_REMARK (G-2) leaves it unscored
            score(self)
            if self.claims:
                report.findings += claim_findings(self.claims, report, "score", "PIE-7")
        if report.findings:
            report.sort_findings()
        return report
