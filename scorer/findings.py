"""Findings: what verification says about a record, as values.

Three severities follow the rulings: a *violation* (G-1) is an illegal play or declaration that
did happen on the table and is scored as played; an *error* (G-2) is a record that cannot have
happened as written (or cannot be read) and stops the replay; a *note* informs without blame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from .cards import Card

__all__ = ["Finding", "Loc", "Severity"]


class Loc(NamedTuple):
    """A place in the record's text: 1-based line and column (a tuple: cheap, ordered)."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


class Severity(str, Enum):
    ERROR = "error"  # G-2: malformed or impossible; replay stops
    VIOLATION = "violation"  # G-1: flagged, scored as played
    NOTE = "note"  # information (an undeclared combination, a partial record, ...)


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing verification found.

    ``code`` is stable (``MUST_FOLLOW_SUIT``, ``CARD_NOT_HELD``, ...); ``rule`` names the seed
    rule or ruling it applies (``NICE-11``); ``message`` is one line for a human.
    ``trick`` is 1-based, ``seat`` an index into the record's players.
    """

    code: str
    severity: Severity
    message: str
    rule: str | None = None
    loc: Loc | None = None
    trick: int | None = None
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    legal: tuple[Card, ...] = field(default=())

    def where(self) -> str:
        """``line:col`` and ``trick N`` as available, for one-line output."""
        parts = []
        if self.loc is not None:
            parts.append(str(self.loc))
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        return ", ".join(parts)
