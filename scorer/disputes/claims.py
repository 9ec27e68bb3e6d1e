"""Claimed against computed: the result the players wrote down (``claim`` lines) compared
field by field with what the rules give, each difference explained when it can be.

A claim line names a field and gives a value per player (see :mod:`scorer.claims`)::

    claim marca: Anna -8 Bruno 0 Carla +8 Dario 0     ; the payments (``Game.claim_field``)
    claim points: Anna 16 Bruno 56                     ; a side's (or player's) point total

For each differing field the diff says which of three explanations fits, tried in order:

* **option**: another value of one rule option gives exactly the claimed figures (the table
  may play that variant: say which, with its ruling);
* **rule**: the claimed payments are what the rules give with one score line left out,
  doubled, halved or reversed (or two left out): that line's rule was misapplied;
* **arithmetic**: the claimed payments do not add up to zero in a zero-sum game, or the claimed
  points are the computed ones with a component left out, or nothing above fits: a slip in
  the adding up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from ..claims import read_claim
from ..findings import Loc
from ..games.base import Game
from ..record import Record
from ..report import Report, ScoreLine
from .whatif import what_if

__all__ = ["ClaimDiff", "ClaimRow", "FieldDiff", "compare_claims", "read_claims"]


@dataclass(frozen=True, slots=True)
class ClaimRow:
    """One claim line: the field (``marca``, ``points``, ...) and an amount per player name.
    ``problems`` lists what could not be read (a missing amount, an unknown player)."""

    field: str
    amounts: dict[str, int]
    loc: Loc | None = None
    problems: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FieldDiff:
    """One player's figure in one claimed field: claimed against computed."""

    field: str
    player: str
    claimed: int
    computed: int

    @property
    def differs(self) -> bool:
        return self.claimed != self.computed


@dataclass(frozen=True, slots=True)
class ClaimDiff:
    """A claim row compared: every player's figure, and the explanation of the differences
    (``kind`` is ``agrees``, ``option``, ``rule``, ``arithmetic`` or ``unchecked``)."""

    row: ClaimRow
    fields: tuple[FieldDiff, ...]
    kind: str
    explanation: str
    rule: str | None = None
    alternatives: tuple[str, ...] = field(default=())


def read_claims(record: Record) -> list[ClaimRow]:
    """The record's ``claim FIELD: NAME AMOUNT ...`` lines, read leniently (a bad token is a
    problem of its row, not an exception: a dispute tool must work on damaged records)."""
    rows = []
    for line in record.lines("claim"):
        amounts, problems = read_claim(line)
        rows.append(ClaimRow((line.subject or "").casefold(), amounts, line.loc, tuple(problems)))
    return rows


def _seat(players: Sequence[str], name: str) -> int | None:
    folded = name.casefold()
    return next((i for i, p in enumerate(players) if p.casefold() == folded), None)


def _seats(players: Sequence[str], names: Sequence[str]) -> dict[str, int]:
    """The seat of each name of a claim row (:func:`compare_claims` has checked them all)."""
    out = {}
    for name in names:
        seat = _seat(players, name)
        if seat is None:
            raise ValueError(f"no player {name!r}")
        out[name] = seat
    return out


def compare_claims(
    game: Game, record: Record, report: Report | None = None, options: dict[str, str] | None = None
) -> list[ClaimDiff]:
    """Every claim row of ``record`` against ``report`` (verified here unless given)."""
    report = report if report is not None else game.verify(record, options)
    out = []
    for row in read_claims(record):
        players = report.players
        unknown = [name for name in row.amounts if _seat(players, name) is None]
        if row.problems or unknown:
            problems = [*row.problems, *(f"no player {name!r}" for name in unknown)]
            out.append(ClaimDiff(row, (), "unchecked", "; ".join(problems)))
        elif row.field == (game.claim_field or game.unit):
            out.append(_payments(game, record, report, row, options))
        elif row.field == "points":
            out.append(_points(report, row))
        else:
            out.append(
                ClaimDiff(
                    row,
                    (),
                    "unchecked",
                    f"claims of {row.field!r} are not "
                    f"checked; write claim {game.claim_field or game.unit}: or "
                    "claim points:",
                )
            )
    return out


def _payments(
    game: Game, record: Record, report: Report, row: ClaimRow, options: dict[str, str] | None
) -> ClaimDiff:
    seats = _seats(report.players, list(row.amounts))
    settlement = report.settlement
    diffs = tuple(
        FieldDiff(row.field, report.players[seat], row.amounts[name], settlement[seat])
        for name, seat in seats.items()
    )
    if not any(d.differs for d in diffs):
        return ClaimDiff(row, diffs, "agrees", "the claim agrees with the rules")

    def matches(amounts: Sequence[int]) -> bool:
        return all(amounts[seat] == row.amounts[name] for name, seat in seats.items())

    total = sum(row.amounts.values())
    if game.zero_sum and len(row.amounts) == len(report.players) and total:
        return ClaimDiff(
            row,
            diffs,
            "arithmetic",
            f"the claimed payments add up to {total:+d}, not 0: a slip in the adding up",
        )
    _base, alternatives = what_if(game, record, options, report)
    fitting = [alt for alt in alternatives if matches(alt.amounts)]
    if fitting:
        names = tuple(f"{alt.option}={alt.value}" for alt in fitting)
        return ClaimDiff(
            row,
            diffs,
            "option",
            "the claim is what the rules give with "
            f"option {' or '.join(names)} ({fitting[0].ruling}): "
            f"{fitting[0].help}",
            fitting[0].ruling,
            names,
        )
    misapplied = _misapplied(report.lines, settlement, matches)
    if misapplied is not None:
        how, line = misapplied
        return ClaimDiff(
            row,
            diffs,
            "rule",
            f"the claim is what the rules give with {line.label!r} {how}: {line.rule} misapplied",
            line.rule,
        )
    return ClaimDiff(
        row,
        diffs,
        "arithmetic",
        "no rule option or single misapplied rule "
        "explains the claim: check the adding up against the breakdown",
    )


def _misapplied(
    lines: Sequence[ScoreLine],
    settlement: Sequence[int],
    matches: Callable[[list[int]], bool],
) -> tuple[str, ScoreLine] | None:
    """The first way of misapplying one score line (or leaving out two) that gives the
    claim: left out, doubled, halved, reversed."""

    def without(*dropped: ScoreLine) -> list[int]:
        out = list(settlement)
        for line in dropped:
            for seat, amount in enumerate(line.amounts):
                out[seat] -= amount
        return out

    for line in lines:
        if matches(without(line)):
            return "left out", line
        doubled = [s + a for s, a in zip(settlement, line.amounts, strict=True)]
        if matches(doubled):
            return "doubled", line
        halved = [s - a // 2 for s, a in zip(settlement, line.amounts, strict=True)]
        if all(a % 2 == 0 for a in line.amounts) and matches(halved):
            return "halved", line
        if matches([s - 2 * a for s, a in zip(settlement, line.amounts, strict=True)]):
            return "paid the wrong way", line
    for first, second in combinations(lines, 2):
        if matches(without(first, second)):
            return f"and {second.label!r} left out", first
    return None


def _points(report: Report, row: ClaimRow) -> ClaimDiff:
    diffs = []
    notes = []
    for name, claimed in row.amounts.items():
        seat = _seat(report.players, name)
        side = next((s for s in report.sides if seat in s.seats), None)
        if side is None:
            return ClaimDiff(row, (), "unchecked", "the report has no point totals to compare")
        diffs.append(FieldDiff(row.field, name, claimed, side.total))
        if claimed == side.total:
            continue
        if side.discard_points and claimed == side.total - side.discard_points:
            notes.append(f"{name}: the discard's {side.discard_points} left out")
        elif side.trick_points and claimed == side.total - side.trick_points:
            notes.append(f"{name}: the {side.trick_points} for tricks left out")
        else:
            notes.append(
                f"{name}: {claimed} written, {side.total} counted "
                f"({side.card_points} in cards + {side.trick_points} for tricks + "
                f"{side.discard_points} in the discard)"
            )
    if not notes:
        return ClaimDiff(row, tuple(diffs), "agrees", "the claim agrees with the count")
    return ClaimDiff(row, tuple(diffs), "arithmetic", "; ".join(notes))
