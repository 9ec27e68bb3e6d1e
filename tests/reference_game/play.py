"""The reference game's play: every trick line through the one trick loop (REF-2).

Nothing is particular to the game during play, so no hook of the loop is overridden: the
rules of play are the table's (:data:`.rules.RULES`), and the loop judges and wins by them.
"""

from __future__ import annotations

from scorer.findings import Severity

from . import rules as R
from .hand import ReferenceHand

__all__ = ["ReferencePlay"]


class ReferencePlay(ReferenceHand):
    """The state of one replay with the driver of the record's trick lines."""

    def play_tricks(self) -> bool:
        """Replay every trick line: illegal plays flagged (G-1), the impossible stops
        (G-2). False when the record stops before the last trick (nothing is scored, G-7)."""
        tricks = self.lines.tricks
        last = tricks[-1] if tricks else None
        for trick in tricks:
            if self.play_trick(trick, trick is last).winner is None:
                break
        self.report.complete = self.done == R.HAND_SIZE
        if not self.report.complete:
            count = len(self.report.tricks)
            self.say("PARTIAL_RECORD", Severity.NOTE, "G-7", loc=self.record.start, count=count)
        return self.report.complete
