"""Tarocchi of Piedicavallo (``piedicavallo``): replay and verification of one deal.

Four players in fixed partnerships, partners opposite (seats 0 and 2 against 1 and 3 in the
``Players`` order). The replay reads a record in the order of the game: the deal and the
dealer's discard (PIE-1, PIE-3), then every trick (follow suit, else trump, the Fool excusing:
PIE-4, G-3) with the table talk said as each card was played (PIE-5), and scores the deal
(PIE-2, PIE-6). The state of one deal is in :mod:`.hand`, the play in :mod:`.play`, the talk in
:mod:`.talk`, the score in :mod:`.scoring`, the game of four deals in :mod:`.session`. Illegal
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
from ...findings import Finding, Loc
from ...record import Record
from ...report import Report
from ...results import GameResult
from ..base import Game
from . import rules as R
from .hand import NOTE, N, PiedicavalloHand, _Stop
from .play import Fallback, fast_play, play
from .scoring import score

__all__ = ["Piedicavallo", "PiedicavalloReplay"]


class Piedicavallo(Game):
    """The rule set: four players, 15 cards each, points in a deal, a game of four deals."""

    key = "piedicavallo"
    title = "Tarocchi of Piedicavallo"
    seed = "004_0bdd049b43c30c8f.txt"
    num_players = 4
    unit = "points"
    claim_field = "score"  # claim score: each player's deal score over the average (PIE-7)
    point_total = 114  # PIE-2
    start_balance = 0  # PIE-7: each side's lead over the average starts at nothing
    zero_sum = True
    keywords = R.KEYWORDS
    trick_notes = True  # PIE-5: table talk is written on the card it was said with
    options = R.OPTIONS
    rulings = R.RULINGS
    ranked_by_games = True  # PIE-7: a session is one game, won by a side
    ledger_rule = "PIE-7"

    def replay(
        self, record: Record, options: Mapping[str, str] | None = None, *, single_pass: bool = True
    ) -> Report:
        report = PiedicavalloReplay(self, record, options).run_fast() if single_pass else None
        if report is None:  # something unusual: the general replay says what and where
            report = PiedicavalloReplay(self, record, options).run()
        return report

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        from .generator import random_record

        return random_record(self, rng, players, dealer)

    def random_session(self, rng: random.Random, count: int) -> list[Record]:
        """Up to ``count`` deals of one game, the deal passing to the right (G-6); the game
        may end sooner (PIE-7: after three deals with a lead over 57, after four, or after
        the two extra deals of a tie), and then the session ends with it."""
        from .session import game_over

        records: list[Record] = []
        dealer = rng.randrange(N)
        reports: list[Report] = []
        for _ in range(count):
            record = self.random_record(rng, dealer=dealer)
            records.append(record)
            reports.append(self.verify(record))
            if game_over(self, records, reports):
                break
            dealer = (dealer + 1) % N
        return records

    def session_findings(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[int, Finding]]:
        from .session import session_findings

        return session_findings(self, records, reports)

    def hands_not_counted(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> dict[int, str]:
        """PIE-7: the deals recorded after the game ended."""
        from .session import hands_not_counted

        return hands_not_counted(self, records, reports)

    def session_summary(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[str]:
        from .session import session_summary

        return session_summary(self, records, reports)

    def session_results(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[GameResult]:
        from .session import session_results

        return session_results(self, records, reports)


class PiedicavalloReplay(PiedicavalloHand):
    """The replay of one deal: the single pass (:meth:`run_fast`) or the general replay
    (:meth:`run`) over the state of :class:`PiedicavalloHand`, then the score. Built, run once,
    discarded."""

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        report = self.report
        try:
            if len(report.players) != N:
                self.stop(
                    "WRONG_PLAYERS",
                    f"Piedicavallo has four players, the record names {len(report.players)}",
                    loc=self.record.start,
                )
            self.sort_lines()
            halted = self.seat_before_replay()  # G-2: the tricks before it are still replayed
            self.deal()
            play(self)
            if halted:
                raise _Stop
            if self.complete:
                report.complete = True
            elif not report.errors:
                self.flag(
                    "PARTIAL_RECORD",
                    NOTE,
                    f"the record stops after {len(self.seated)} trick line(s); nothing is scored",
                    "G-2",
                    loc=self.record.start,
                )
        except _Stop:
            self.forget_later_halt()
        if report.complete and not report.errors:
            score(self)
            report.findings += claim_findings(self.claims, report, "score", "PIE-7")
        report.findings.sort(key=lambda f: (f.loc is None, f.loc or Loc(0, 0)))
        return report

    def run_fast(self) -> Report | None:
        """The single pass for the common record: every hand and the discard written, 15
        whole tricks of cards held. Returns ``None`` (and the caller runs :meth:`run`) at
        anything else, so the general path alone reports errors and their places."""
        report = self.report
        try:
            if len(report.players) != N:
                return None
            self.sort_lines()
            if (
                len(self.hand_lines) != N
                or self.discard_line is None
                or len(self.tricks) != R.HAND_SIZE
            ):
                return None
            self.deal()
            if report.errors or not self.known:
                return None
            fast_play(self)
        except (_Stop, Fallback):
            return None
        report.complete = True
        if not report.errors:  # an unreadable remark (BAD_REMARK, G-2) leaves it unscored
            score(self)
            if self.claims:
                report.findings += claim_findings(self.claims, report, "score", "PIE-7")
        if report.findings:
            report.findings.sort(key=lambda f: (f.loc is None, f.loc or Loc(0, 0)))
        return report
