"""Piedmontese three-hand Tarocchi with bargaining (``piemonte3``): replay and verification.

The replay follows the game: the bargaining sessions after deal rounds 2, 3 and 4 (PIE3-4),
which may settle and throw the hand in (G-4); the deal (PIE3-3) and the dealer's discard
(PIE3-5); the declarations (PIE3-6); then every trick (PIE3-1), with the Fool's exchange
(PIE3-7). Illegal plays and moves are flagged and taken as played (G-1); impossible records
stop the replay where they become impossible (G-2). Payments: :mod:`.scoring`; the state of
one replay: :mod:`.hand`, which this module drives through the phases.

A ``hand`` line may be left out when the play shows it: the player's hand is then the cards
he is seen to play (and, for the dealer, the discard), and a revoke is proved by a later play
of the suit.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...findings import Finding, Loc, Severity
from ...record import Line, Record
from ...report import Report, ScoreLine, Status
from ..base import Game
from . import rules as R
from .bargain import REASONS, Session, parse_move
from .declare import check_declarations
from .hand import NOTE, VIOLATION, N, Piemonte3Hand, _round, _Stop
from .play import play
from .scoring import score_hand

__all__ = ["Piemonte3", "Piemonte3Replay"]


class Piemonte3(Game):
    key = "piemonte3"
    title = "Piedmontese three-hand Tarocchi with bargaining"
    seed = "003_6bc13211b3b0e267.txt"
    num_players = 3
    unit = "game points"
    claim_field = "points"  # claim points: the payments as written (scorer.claims)
    point_total = 129  # PIE3-2 (130 with the option fool=5)
    ledger_rule = "PIE3-8"  # a session stands by its game points
    start_balance = 0
    zero_sum = True
    redeal_thrown_in = False  # the seed: a thrown-in hand passes the deal to the next player
    keywords = R.KEYWORDS
    options = R.OPTIONS
    rulings = R.RULINGS
    hand_size = R.HAND_SIZE

    def replay(
        self, record: Record, options: Mapping[str, str] | None = None, *, single_pass: bool = True
    ) -> Report:
        return Piemonte3Replay(self, record, options).run()

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        from .generator import random_record

        return random_record(self, rng, players, dealer)

    def session_findings(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[int, Finding]]:
        """A session is kept in one unit: whole game points, or thirds with ``fool=5``."""
        out = []
        units = [r.unit for r in reports]
        for number, unit in enumerate(units, start=1):
            if unit != units[0]:
                out.append(
                    (
                        number,
                        Finding(
                            "UNIT_MIXED",
                            Severity.VIOLATION,
                            f"hand {number} is paid in {unit}, the "
                            f"session in {units[0]}: set option fool alike for every hand",
                            "PIE3-2",
                            loc=records[number - 1].start,
                        ),
                    )
                )
        return out

    def session_summary(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[str]:
        """Who is ahead, and how the hands ended (played out, bargained, thrown in)."""
        if not reports:
            return []
        unit = reports[0].unit
        played = sum(1 for r in reports if r.status in (Status.CLEAN, Status.FLAGGED))
        bargained = sum(1 for r in reports if r.status is Status.THROWN_IN and any(r.settlement))
        passed = sum(1 for r in reports if r.status is Status.THROWN_IN and not any(r.settlement))
        out = [
            f"{len(reports)} hand(s): {played} played out, {bargained} settled by a "
            f"bargain, {passed} thrown in with all passing (PIE3-4, PIE3-8)"
        ]
        top = max(balances.values(), default=0)
        leaders = [name for name, amount in balances.items() if amount == top]
        if top > 0:
            out.append(
                f"{' and '.join(leaders)} ahead with {top:+d} {unit}; the ledger is "
                "zero-sum (PIE3-8)"
            )
        return out


class Piemonte3Replay(Piemonte3Hand):
    """The replay of one record: runs the phases over the state of :class:`Piemonte3Hand` in
    the order of the game. Built, run once, discarded."""

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        try:
            if len(self.report.players) != N or self.record.dealer is None:
                self.stop(
                    "BAD_PLAYERS",
                    "a piemonte3 record names three players and the dealer among them",
                    loc=self.record.start,
                )
            self.sort_lines()
            if not self.bargaining():
                self.deal()
                self.read_discard()
                self.start_hands()
                check_declarations(self)
                play(self)
        except _Stop:
            self.stopped = True
        return self.finish()

    def finish(self) -> Report:
        report = self.report
        if not report.errors:
            if report.thrown_in:
                report.lines += self.bargain_lines
            elif report.complete:
                score_hand(self)
            try:
                self.check_claims()
            except _Stop:
                self.stopped = True
        if report.errors or report.status is Status.PARTIAL:
            report.lines = []  # an impossible or unfinished record pays nothing (G-2)
        report.findings.sort(key=lambda f: (f.loc is None, f.loc or Loc(0, 0)))
        return report

    # -- PIE3-4: bargaining ----------------------------------------------------------------
    def bargaining(self) -> bool:
        """Replay each session; True when the hand ends in the bargaining (thrown in, or the
        record stops in the middle of a session)."""
        expected = list(R.BARGAIN_ROUNDS)
        for index, line in enumerate(self.lines.bargains):
            round_no = _round(line.subject)
            for missing in expected[: expected.index(round_no)]:
                self.flag(
                    "BARGAIN_NOT_RECORDED",
                    NOTE,
                    f"the bargaining after round {missing} is not in the record",
                    "PIE3-4",
                    loc=line.loc,
                )
            expected = expected[expected.index(round_no) + 1 :]
            session = Session(N, self.eldest)
            for item in line.items:
                move = parse_move(item.text)
                if move is None:
                    self.stop(
                        "BAD_BARGAIN",
                        f"{item.text!r} is not a bargaining word: pass, "
                        "demand=N, offer=N or continue (N a whole number from 1)",
                        "PIE3-4",
                        loc=item.loc,
                    )
                if session.over:
                    self.stop(
                        "SPOKE_AFTER_END",
                        f"{item.text!r} comes after the session "
                        f"ended ({'continue' if session.continued else 'settled'})",
                        "PIE3-4",
                        loc=item.loc,
                    )
                seat = session.speaker
                before = session.said[seat]
                fault = session.speak(move)
                if fault is not None:
                    self.flag(
                        fault,
                        VIOLATION,
                        f"{self.name(seat)} said {move}: " + REASONS[fault].format(before=before),
                        "PIE3-4",
                        loc=item.loc,
                        seat=seat,
                    )
            if session.settled:
                later = self.lines.bargains[index + 1 :]
                if later:
                    self.stop(
                        "PLAY_AFTER_END",
                        f"the hand was thrown in after round {round_no}"
                        ", yet the record goes on bargaining (PIE3-4, G-4)",
                        "G-4",
                        loc=later[0].loc,
                    )
                self.thrown_in(round_no, session, line)
                return True
            if not session.continued:
                later = self.lines.bargains[index + 1 :] or self.lines.after_bargain
                if later:
                    self.stop(
                        "BARGAIN_UNFINISHED",
                        f"the bargaining after round {round_no} "
                        "neither settles nor ends with continue, yet the record goes on",
                        "PIE3-4",
                        loc=line.loc,
                    )
                self.flag(
                    "PARTIAL_RECORD",
                    NOTE,
                    f"the record stops during the bargaining "
                    f"after round {round_no}; nothing is scored",
                    "G-2",
                    loc=line.loc,
                )
                self.check_hands(5 * round_no)
                return True
        return False

    def thrown_in(self, round_no: int, session: Session, line: Line) -> None:
        """G-4: the bargain settled; the hand ends and only the bargain is paid."""
        report = self.report
        report.thrown_in = report.complete = True
        payments = session.payments()
        if any(payments):
            parts = [
                f"{self.name(s)} {'receives' if a > 0 else 'pays'} {abs(a)}"
                for s, a in enumerate(payments)
                if a
            ]
            label = (
                f"Bargain after round {round_no}: demands equal offers "
                f"({session.demanded()}), the hand is thrown in; " + ", ".join(parts)
            )
        else:
            label = (
                f"Bargain after round {round_no}: all three passed, the hand is thrown "
                "in with no payment"
            )
        self.bargain_lines.append(
            ScoreLine(label, tuple(a * self.scale for a in payments), "PIE3-4")
        )
        report.contract["bargaining"] = f"thrown in after round {round_no}"
        if self.lines.after_bargain:
            first = self.lines.after_bargain[0]
            self.stop(
                "PLAY_AFTER_END",
                f"the record goes on although the hand was thrown in "
                f"after round {round_no} (PIE3-4, G-4)",
                "G-4",
                loc=first.loc,
            )
        self.check_hands(5 * round_no)
