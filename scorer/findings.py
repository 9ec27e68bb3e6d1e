"""Findings: what verification says about a record, as values.

Three severities follow the rulings: a *violation* (G-1) is an illegal play or declaration that
did happen on the table and is scored as played; an *error* (G-2) is a record that cannot have
happened as written (or cannot be read) and stops the replay; a *note* informs without blame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from .cards import Card

__all__ = ["Finding", "Loc", "Severity", "namespace"]


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

    ``facts`` holds the other values the message speaks of (counts, a second seat, a word of
    the record), so that the sentence can be made again, in another language too, from
    :meth:`namespace` and the template named by :attr:`template` (:mod:`scorer.messages`).
    ``variant`` tells apart two sentences of one code (a card "dealt twice" or "already
    played").

    ``after_first_error`` marks a problem found after the record's first error (a notation
    error, or the first impossible play, G-2), as a compiler lists further errors (#24.8):
    shown so that every slip is seen at once, but it neither scores nor counts in the
    verdict, which the first error decides; it may follow from that error.
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
    facts: Mapping[str, Any] = field(default_factory=dict, hash=False)
    variant: str = ""
    after_first_error: bool = False

    @property
    def template(self) -> str:
        """The key of this finding's sentence in a table of templates: its code, and its
        variant after a dot when it has one (``DUPLICATE_CARD.played``)."""
        return f"{self.code}.{self.variant}" if self.variant else self.code

    def namespace(self) -> dict[str, Any]:
        """What a template may name: the seat, trick, cards (``card``: the first), legal
        cards and every fact."""
        return namespace(self.seat, self.trick, self.cards, self.legal, self.facts)

    def where(self) -> str:
        """``line:col`` and ``trick N`` as available, for one-line output."""
        parts = []
        if self.loc is not None:
            parts.append(str(self.loc))
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        return ", ".join(parts)


def namespace(
    seat: int | None,
    trick: int | None,
    cards: tuple[Card, ...],
    legal: tuple[Card, ...],
    facts: Mapping[str, Any],
) -> dict[str, Any]:
    """The names a finding's template may use (see :meth:`Finding.namespace`)."""
    out: dict[str, Any] = {"seat": seat, "trick": trick, "cards": cards, "legal": legal}
    if cards:
        out["card"] = cards[0]
    out.update(facts)
    return out
