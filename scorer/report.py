"""The outcome of verifying one record: findings, the trick log, side tallies and payments.

Everything is a value so a report can be compared, serialised and shown without the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple

from .cards import Card
from .findings import Finding, Loc, Severity
from .messages import render
from .wording import ITALIAN, Wording

__all__ = ["Play", "Report", "ScoreLine", "SideTally", "Status", "TrickResult"]


class Status(str, Enum):
    """A record's verdict, worst first."""

    INVALID = "invalid"  # malformed or impossible (G-2)
    FLAGGED = "flagged"  # complete but with violations (G-1)
    PARTIAL = "partial"  # consistent as far as it goes, but stops before the end
    THROWN_IN = "thrown-in"  # a deal abandoned by the rules (G-4)
    CLEAN = "clean"


class Play(NamedTuple):
    """One card played: by whom, and the finding codes it drew (empty when legal)."""

    seat: int
    card: Card
    loc: Loc | None = None
    codes: tuple[str, ...] = ()
    legal: int | None = None  # mask of the legal cards, recorded only for flagged plays


#: The flags of a trick with no illegal play: one shared, read-only empty mapping (a replay
#: makes a result per trick; nothing writes to a result's flags after it is made).
NO_FLAGS: Mapping[int, tuple[tuple[str, ...], int]] = MappingProxyType({})


@cache
def _seats(players: int, leader: int, count: int) -> tuple[int, ...]:
    """The seats of a trick's ``count`` cards from ``leader``: a few dozen tuples, made once."""
    return tuple((leader + i) % players for i in range(count))


class TrickResult:
    """One trick as replayed: cards in play order from ``leader``, the winner's seat (``None``
    while unfinished) and the trick's card points. ``flags`` maps a position in the trick to
    the codes and legal-card mask of an illegal play. ``plays`` builds :class:`Play` values on
    demand, with locations from the record's trick line."""

    __slots__ = ("cards", "flags", "leader", "number", "players", "points", "source", "winner")

    def __init__(
        self,
        number: int,
        leader: int,
        cards: tuple[Card, ...],
        winner: int | None,
        points: int = 0,
        flags: Mapping[int, tuple[tuple[str, ...], int]] | None = None,
        players: int = 4,
        source: Any = None,
    ) -> None:
        self.number = number
        self.leader = leader
        self.cards = cards
        self.winner = winner
        self.points = points
        self.flags = flags or NO_FLAGS
        self.players = players
        self.source = source  # the record's Trick line, for locations

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each card, in play order from the leader."""
        return _seats(self.players, self.leader, len(self.cards))

    @property
    def plays(self) -> tuple[Play, ...]:
        locs = self.source.item_locs() if self.source is not None else ()
        out = []
        for position, (seat, card) in enumerate(zip(self.seats, self.cards, strict=True)):
            loc = locs[position] if position < len(locs) else None
            codes, legal = self.flags.get(position, ((), None))
            out.append(Play(seat, card, loc, codes, legal))
        return tuple(out)

    def __repr__(self) -> str:
        return (
            f"TrickResult({self.number}, leader={self.leader}, cards={self.cards}, "
            f"winner={self.winner}, points={self.points})"
        )


@dataclass(frozen=True, slots=True)
class SideTally:
    """What one side (or one player) took: the figures behind its total.

    ``name`` is in English; a name made from a ``template`` of the game's score lines
    (``declarer's side ({side:players})``) keeps it and its ``facts``, as a score line does,
    so that another language words it again (``records.words``)."""

    name: str
    seats: tuple[int, ...]
    card_points: int
    tricks: int
    trick_points: int
    discard_points: int
    total: int
    template: str = field(default="", compare=False)
    facts: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One payment line: what each seat receives (+) or pays (-), and the rule behind it.

    ``label`` is the line in English. A line made by :meth:`said` also keeps its
    ``template`` and ``facts``, as a finding does, so that another language can word it
    again (``records.words``); neither counts when lines are compared."""

    label: str
    amounts: tuple[int, ...]
    rule: str
    template: str = field(default="", compare=False)
    facts: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def said(
        cls,
        template: str,
        facts: Mapping[str, Any],
        amounts: tuple[int, ...],
        rule: str,
        players: Sequence[str] = (),
        words: Wording = ITALIAN,
        terms: Mapping[str, str] = MappingProxyType({}),
    ) -> ScoreLine:
        """A line worded from ``template`` and ``facts`` (:func:`scorer.messages.render`:
        seats named by ``players``, cards in ``words``, the game's ``terms``)."""
        label = render(template, facts, words, players, terms=terms)
        return cls(label, amounts, rule, template, facts)


@dataclass
class Report:
    """Everything verification says about one record."""

    game: str
    players: tuple[str, ...]
    dealer: int | None
    findings: list[Finding] = field(default_factory=list)
    tricks: list[TrickResult] = field(default_factory=list)
    hands: tuple[int, ...] | None = None  # dealt hands as masks, when known or derived
    discard: int | None = None
    # Who discarded which of those cards (seat -> mask), for a game where more than the
    # dealer discards (Minchiate's robber and dealer, MIN-3, MIN-5): a seat knows its own
    # discard, not the others' (#32.12). Empty: the dealer made the whole discard.
    discards: dict[int, int] = field(default_factory=dict)
    # A game with a stock (pinch): the stock as written, in drawing order, and every draw
    # replayed, as (the trick it follows, seat, card); a drawn card is in hand from then on.
    stock: tuple[Card, ...] | None = None
    draws: list[tuple[int, int, Card]] = field(default_factory=list)
    contract: dict[str, str] = field(default_factory=dict)
    sides: list[SideTally] = field(default_factory=list)
    lines: list[ScoreLine] = field(default_factory=list)
    unit: str = "marca"
    complete: bool = False
    thrown_in: bool = False
    abeyance: int = 0  # amount this hand puts into abeyance (NICE-17)
    sole_top: int | None = None  # seat of the sole top scorer (collects open abeyance)
    # The suit style the record's Suits tag names, when it has one ("": the game's default):
    # how another language names its cards and suits again (records.words).
    suits: str = field(default="", compare=False)

    # -- derived -----------------------------------------------------------------------
    @property
    def errors(self) -> list[Finding]:
        """The errors that count (G-2): not those found after the first error (#24.8)."""
        return [
            f for f in self.findings if f.severity is Severity.ERROR and not f.after_first_error
        ]

    @property
    def violations(self) -> list[Finding]:
        """The violations that count (G-1): not those found after the first error (#24.8)."""
        return [
            f for f in self.findings if f.severity is Severity.VIOLATION and not f.after_first_error
        ]

    @property
    def status(self) -> Status:
        if self.errors:
            return Status.INVALID
        if self.thrown_in:
            return Status.THROWN_IN
        if not self.complete:
            return Status.PARTIAL
        if self.violations:
            return Status.FLAGGED
        return Status.CLEAN

    @property
    def settlement(self) -> tuple[int, ...]:
        """Net payment per seat: the sum of the score lines."""
        totals = [0] * len(self.players)
        for line in self.lines:
            for seat, amount in enumerate(line.amounts):
                totals[seat] += amount
        return tuple(totals)

    def add(self, finding: Finding) -> None:
        self.findings.append(finding)

    def sort_findings(self) -> None:
        """The findings in the record's order: by place, those with no place last (the sort
        keeps the order found among findings at one place); those found after the first
        error (#24.8) after all the others, in the same order, so that none marked "after
        the first error" is listed above it (#32.10: a slip the replay past an unreadable
        card finds may stand earlier in the text than the notation error that decides)."""
        self.findings.sort(key=_place)


def _place(finding: Finding) -> tuple[bool, bool, Loc]:
    return finding.after_first_error, finding.loc is None, finding.loc or _NOWHERE


_NOWHERE = Loc(0, 0)
