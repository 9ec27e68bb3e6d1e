"""What every game's replay of one record shares: recording findings, stopping at an
impossible point (G-2), and naming players.

Each engine replays a record in a small object built for that record alone (OpenSpiel's
"state"); this mixin gives it the findings plumbing, so every engine reports alike.
"""

from __future__ import annotations

from ..findings import Finding, Loc, Severity
from ..report import Report

__all__ = ["Replay", "ReplayStop"]


class ReplayStop(Exception):
    """Ends a replay at an impossible point (G-2); the finding is already recorded."""


class Replay:
    """Mixin for a one-record replay with a ``report`` attribute."""

    report: Report

    def flag(self, code: str, severity: Severity, message: str, rule: str | None,
             **where) -> None:
        """Record a finding (``where``: ``loc``, ``trick``, ``seat``, ``cards``, ``legal``)."""
        self.report.add(Finding(code, severity, message, rule, **where))

    def stop(self, code: str, message: str, rule: str = "G-2", **where) -> None:
        """Record an error and end the replay (G-2)."""
        self.flag(code, Severity.ERROR, message, rule, **where)
        raise ReplayStop

    def name(self, seat: int) -> str:
        return self.report.players[seat]

    def seat_named(self, name: str | None, loc: Loc | None) -> int:
        """The seat of the player ``name`` (case-insensitive); an unknown name stops."""
        wanted = (name or "").strip().casefold()
        for seat, player in enumerate(self.report.players):
            if player.casefold() == wanted:
                return seat
        self.stop("UNKNOWN_PLAYER", f"{name!r} is not one of the players", "G-2", loc=loc)
        raise AssertionError  # unreachable: stop raises
