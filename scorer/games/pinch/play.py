"""Pinch: the replay of one record (:class:`PinchReplay`), its lines in the order written,
then the score (PINCH-2 .. PINCH-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress

from ...findings import Severity
from ...record import Line, Record, Trick
from ...report import Report
from ..base import Game
from ..replay import ReplayStop
from . import rules as R
from .hand import PinchHand
from .melds import MeldBook, declare
from .scoring import score_hand

__all__ = ["PinchReplay"]


class PinchReplay(PinchHand):
    """The replay of one record: the driver over the state of :class:`PinchHand`, with its
    meld book (PINCH-5). Built, run once (:meth:`run`), discarded; or, for the Hand API,
    brought to its first trick (:meth:`open_play`) and stepped."""

    melds: MeldBook

    def __init__(
        self, game: Game, record: Record, options: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(game, record, options)
        # melds (PINCH-5): what was declared, and what was held at each moment one could be
        self.melds = MeldBook(self)

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        """Replay the record and score it; the report."""
        try:
            return self.verify_record()
        finally:
            # The meld book refers back to this replay: drop the cycle so the record and
            # the replay are freed as soon as the caller drops the report (not at the next
            # collection, which then has the whole record to walk).
            self.melds.h = None

    def verify_record(self) -> Report:
        """Every line in turn, then the score of a complete hand (or why there is none)."""
        with suppress(ReplayStop):
            self.open_play()
            self.replay(self.first_trick())
        report = self.report
        if self.complete and not report.errors:
            self.end_of_hand()
            score_hand(self, self.melds.accepted)
            report.complete = True
            with suppress(ReplayStop):  # a malformed claim line is an error (G-2), no escape
                self.check_claims()
        elif not report.errors and not any(f.code == "PARTIAL_RECORD" for f in report.findings):
            self.say(
                "PARTIAL_RECORD",
                Severity.NOTE,
                "G-7",
                loc=self.record.start,
                done=self.done,
                tricks=R.TRICKS,
            )
        report.sort_findings()
        return report

    def open_play(self) -> bool:
        """The step before play: the lines before the first trick, two players, the lines
        sorted, the deal (a missing hand derived), the melds shown before the first card
        (PINCH-5). True (a hand of pinch is always played; a stop is G-2)."""
        if len(self.report.players) != 2:
            self.halt("WRONG_PLAYERS", loc=self.record.start)
        self.sort_lines()
        self.deal()
        self.replay_lines(0, self.first_trick())
        return True

    def first_trick(self) -> int:
        """The index of the first trick line among the events (their count when none)."""
        for index, entry in enumerate(self.events):
            if isinstance(entry, Trick):
                return index
        return len(self.events)

    def replay(self, start: int) -> None:
        """The events from ``start`` (the first trick) in the order written, until the play
        stops (a short last line, an unknown card); the hand is complete after 39 tricks."""
        events = self.events
        last_trick = len(events) - 1
        while last_trick >= 0 and not isinstance(events[last_trick], Trick):
            last_trick -= 1
        if last_trick >= 0:
            line = events[last_trick]
            assert isinstance(line, Trick)
            self.last_trick_line = line
        play_trick, draw_line = self.play_trick, self.draw_line
        for index, entry in enumerate(events[start:], start):
            if isinstance(entry, Trick):
                if self.pending:
                    self.check_draws_done(entry)
                if play_trick(entry, index == last_trick).winner is None:
                    return
            elif entry.keyword == "draw":
                draw_line(entry)
            else:
                self.replay_line(entry)
        if self.done == R.TRICKS:
            self.complete = True

    def replay_lines(self, start: int, stop: int) -> None:
        """The events ``start`` to ``stop``, none of them a trick."""
        for entry in self.events[start:stop]:
            assert not isinstance(entry, Trick)
            self.replay_line(entry)

    def replay_line(self, line: Line) -> None:
        """A draw, meld or cover line (sorted out by :meth:`sort_lines`)."""
        keyword = line.keyword
        if keyword == "draw":
            self.draw_line(line)
        elif keyword == "meld":
            declare(self, line)
        else:
            self.cover_line(line)
