"""Seat order: does the record fit another seating of its players better than the one written?

The ``Players`` tag lists the players in playing order, each the right-hand neighbour of the
one before (play goes anticlockwise). A scorer who writes them clockwise, or round the table
in some other order, gets a record that the engine replays with the cards, leads and tricks
credited to the wrong players. When the record carries evidence of who sat where (a named or
marked leader, a dealt hand, a declaration, a called card and its exchange, a revoke proved
by a later card, the result written on the sheet), the wrong seating shows as errors or
violations that another seating does not have.

:func:`check_seating` verifies the record again under every other seating (every cyclic order
of the players: the reversed one, and for four players the four others) and says which one
fits best, when one fits strictly better than the written order: fewer errors (G-2), then a
replay that goes further before it stops, then fewer violations (G-1). Notes are not counted:
a combination held but not declared is no evidence of a seat. A record that is consistent as
written has nothing to fit better, and is left alone (so a record with no leaders, no hands
and nothing else tied to a seat cannot be told apart from its reseating: write the leaders).

Each trick is taken in play order, as written: a leader named or marked in the record keeps
its name under every seating.

A session (several records of one table) has more evidence: the deal passes to the right
(G-6), so dealers that go round the wrong way are flagged by the ledger even when every hand
is clean. :func:`check_session_seating` reseats every record of the session alike and counts
the ledger's violations with the records' own.

>>> from scorer.games import get_game
>>> from scorer.games.nice.generator import random_record
>>> import random
>>> game = get_game("nice4")
>>> record = random_record(game, random.Random(3))
>>> check_seating(game, record) is None  # a consistent record: nothing to say
True
>>> reversed_record = reseated(record, [record.players[0], *record.players[:0:-1]])
>>> fit = check_seating(game, reversed_record)
>>> fit is not None and fit.better.players == tuple(record.players)
True
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..findings import Severity
from ..games.base import Game
from ..ledger import build_ledger
from ..record import Line, Record, Trick
from ..report import Report, Status

__all__ = [
    "Seating",
    "SeatingFit",
    "check_seating",
    "check_session_seating",
    "reseated",
    "seating_fit",
]


@dataclass(frozen=True, slots=True)
class SeatingFit:
    """How well one seating fits the record: its verdict and the figures compared."""

    players: tuple[str, ...]
    status: Status
    errors: int
    violations: int
    tricks: int  # tricks replayed before the replay stopped (all of them when it did not)

    @property
    def key(self) -> tuple[int, int, int]:
        """Smaller fits better: errors first, then how far the replay went, then violations."""
        return (self.errors, -self.tricks, self.violations)

    def describe(self) -> str:
        """``clean``, or the verdict with its errors and violations counted."""
        parts = [self.status.value]
        if self.errors:
            parts.append(f"{self.errors} error{'s' if self.errors != 1 else ''}")
        if self.violations:
            parts.append(f"{self.violations} violation{'s' if self.violations != 1 else ''}")
        return parts[0] + (": " + ", ".join(parts[1:]) if len(parts) > 1 else "")


@dataclass(frozen=True, slots=True)
class Seating:
    """The written seating and the one that fits the record better (``alternatives``: every
    other seating that fits as well as ``better``, if any)."""

    written: SeatingFit
    better: SeatingFit
    alternatives: tuple[SeatingFit, ...] = ()
    session: bool = False  # the fit of a whole session (its dealers too), not one record

    @property
    def message(self) -> str:
        """What to tell the scorer, naming the order that fits."""
        others = "".join(
            f' (or "{", ".join(alt.players)}", {alt.describe()})' for alt in self.alternatives
        )
        subject = "these records fit" if self.session else "the record fits"
        return (
            f"the players look seated in the wrong order: {subject} "
            f'[Players "{", ".join(self.better.players)}"] ({self.better.describe()}){others} '
            f"better than the order written ({self.written.describe()}); the Players tag "
            "lists them in playing order, each the right-hand neighbour of the one before"
        )


def seating_fit(report: Report, players: Sequence[str]) -> SeatingFit:
    """The figures of ``report`` that :func:`check_seating` compares."""
    return SeatingFit(
        tuple(players),
        report.status,
        len(report.errors),
        len(report.violations),
        sum(1 for trick in report.tricks if trick.winner is not None),
    )


def seatings(players: Sequence[str]) -> list[tuple[str, ...]]:
    """Every cyclic order of ``players`` but the written one, the first player kept first
    (a rotation of the list is the same seating). The reversed order comes first."""
    first, rest = players[0], list(players[1:])
    reverse = (first, *reversed(rest))
    orders = [(first, *other) for other in itertools.permutations(rest)]
    return [reverse] + [o for o in orders if o not in (reverse, tuple(players))]


def reseated(record: Record, players: Sequence[str]) -> Record:
    """``record`` with its ``Players`` tag in the order ``players`` (the same names); every
    leader the record names or marks keeps its name."""
    written = record.players
    folded = [name.casefold() for name in players]
    seat = {name: folded.index(name.casefold()) for name in written}
    tags = tuple(
        (name, ", ".join(players) if name == "Players" else value) for name, value in record.tags
    )
    body: list[Line | Trick] = []
    for line in record.body:
        if isinstance(line, Trick) and line.leader is not None and line.leader < len(written):
            line = Trick(line.number, seat[written[line.leader]], line.plays, line.loc)
        body.append(line)
    return dataclasses.replace(record, tags=tags, body=tuple(body))


def check_seating(
    game: Game,
    record: Record,
    options: Mapping[str, str] | None = None,
    base: Report | None = None,
) -> Seating | None:
    """The seating of the record's players that fits it strictly better than the written
    order, or ``None``: when the record is consistent and legal as written (nothing can fit
    better), when it has too few players or a name twice, or when no other order fits
    better. ``base`` is the report as written, when the caller has it."""
    players = record.players
    if len(players) < 3 or len({p.casefold() for p in players}) != len(players):
        return None  # two players sit one way only; a name twice cannot be reseated
    base = base if base is not None else game.verify(record, options)
    if not base.errors and not base.violations:
        return None
    written = seating_fit(base, players)
    fits = [
        seating_fit(game.verify(reseated(record, order), options), order)
        for order in seatings(players)
    ]
    best = min(fit.key for fit in fits)
    if best >= written.key:
        return None
    winners = [fit for fit in fits if fit.key == best]
    return Seating(written, winners[0], tuple(winners[1:]))


def _session_fit(
    game: Game, records: Sequence[Record], reports: Sequence[Report], players: Sequence[str]
) -> SeatingFit:
    """The fit of a whole session: its records' figures added, with the ledger's violations
    (a dealer out of turn, G-6)."""
    ledger = build_ledger(records, reports, (), (), game.key, game.unit)
    session_violations = sum(1 for _, f in ledger.findings if f.severity is Severity.VIOLATION)
    fits = [seating_fit(report, players) for report in reports]
    errors = sum(f.errors for f in fits)
    violations = sum(f.violations for f in fits) + session_violations
    status = Status.INVALID if errors else Status.FLAGGED if violations else Status.CLEAN
    return SeatingFit(tuple(players), status, errors, violations, sum(f.tricks for f in fits))


def check_session_seating(
    game: Game,
    records: Sequence[Record],
    options: Mapping[str, str] | None = None,
    reports: Sequence[Report] | None = None,
) -> Seating | None:
    """The seating of a session's players (the same players at every hand) that fits the
    whole session strictly better than the order written, or ``None`` (also for a single
    record: :func:`check_seating`). ``reports`` are the records' reports as written, when the
    caller has them."""
    if len(records) < 2:
        return None
    players = records[0].players
    names = {p.casefold() for p in players}
    if len(players) < 3 or len(names) != len(players):
        return None
    if any({p.casefold() for p in r.players} != names for r in records):
        return None  # not one table: nothing to reseat alike
    reports = reports if reports is not None else [game.verify(r, options) for r in records]
    written = _session_fit(game, records, reports, players)
    if not written.errors and not written.violations:
        return None
    fits = []
    for order in seatings(players):
        moved = [reseated(r, order) for r in records]
        fits.append(_session_fit(game, moved, [game.verify(r, options) for r in moved], order))
    best = min(fit.key for fit in fits)
    if best >= written.key:
        return None
    winners = [fit for fit in fits if fit.key == best]
    return Seating(written, winners[0], tuple(winners[1:]), session=True)
