"""Checking the result written on the sheet: a record's ``claim`` lines against its report.

A claim line names a field and gives a figure per player::

    claim rests: Anna +2 Bruno -2 Carla +2 Dario -2    ; the game's own payment field
    claim points: Anna 70 Bruno 44                        ; a side's point total

The payment field is the game's (``Game.claim_field``: ``marca`` for Nice, ``rests`` for
Minchiate, ``score`` for Piedicavallo, ...); ``points`` is a side's total (its card points and
what the game adds to them) wherever the game's own field is another. A figure that
disagrees is a violation (the sheet is wrong, not the play); a line that cannot be read is an
error. :mod:`scorer.disputes.claims` explains the disagreements.

>>> from scorer.record import Item, Line
>>> line = Line("claim", "rests", (Item("Anna"), Item("+2"), Item("Bruno"), Item("x")))
>>> read_claim(line)
({'Anna': 2}, ["'x' is not a whole number"])
"""

from __future__ import annotations

from collections.abc import Sequence

from .findings import Finding, Loc, Severity, namespace
from .messages import CLAIMS, render
from .record import KeywordSpec, Line
from .report import Report
from .wording import ITALIAN

__all__ = ["CLAIM_KEYWORD", "claim_findings", "read_claim"]

CLAIM_KEYWORD = KeywordSpec(
    "word",
    "words",
    "the result written on the sheet: claim FIELD: "
    "NAME N NAME N ... (checked; tarocco audit explains a difference)",
)


def read_claim(line: Line) -> tuple[dict[str, int], list[str]]:
    """The figures of one claim line by player name, and what could not be read."""
    amounts, problems, _where = _read(line)
    return amounts, problems


def _read(line: Line) -> tuple[dict[str, int], list[str], dict[str, Loc | None]]:
    items = line.items
    problems = [] if len(items) % 2 == 0 else ["a claim lists a player and an amount each"]
    amounts: dict[str, int] = {}
    where: dict[str, Loc | None] = {}
    for name, amount in zip(items[::2], items[1::2], strict=False):
        try:
            amounts[name.text] = int(amount.text.replace("−", "-"))
            where[name.text] = amount.loc
        except ValueError:
            problems.append(f"{amount.text!r} is not a whole number")
    return amounts, problems, where


def claim_findings(
    lines: Sequence[Line], report: Report, field: str, rule: str, signed: bool = True
) -> list[Finding]:
    """Findings for the claim ``lines`` of a scored ``report``: the payment ``field`` against
    the settlement (citing ``rule``), ``points`` against the side totals. ``signed`` writes
    the figures with their sign (payments between players) or without (scores)."""
    out = []
    seats = {name.casefold(): seat for seat, name in enumerate(report.players)}
    sign = "" if signed else ".unsigned"
    for line in lines:
        subject = (line.subject or "").casefold()
        amounts, problems, where = _read(line)
        problems += [
            f"{name!r} is not one of the players"
            for name in amounts
            if name.casefold() not in seats
        ]
        if problems:
            out.append(
                Finding("BAD_CLAIM", Severity.ERROR, "; ".join(problems), "G-2", loc=line.loc)
            )
            continue
        if subject not in (field, "points"):
            facts = {"subject": subject, "field": field}
            message = render(CLAIMS["BAD_CLAIM.unchecked"], facts, ITALIAN, report.players)
            out.append(
                Finding(
                    "BAD_CLAIM",
                    Severity.NOTE,
                    message,
                    None,
                    loc=line.loc,
                    facts=facts,
                    variant="unchecked",
                )
            )
            continue
        for name, claimed in amounts.items():
            seat = seats[name.casefold()]
            if subject == field:
                computed, variant = report.settlement[seat], "amount" + sign
            else:
                side = next((s for s in report.sides if seat in s.seats), None)
                if side is None:
                    continue
                computed, variant = side.total, "points" + sign
            if claimed != computed:
                figures = {"claimed": claimed, "computed": computed}
                words = namespace(seat, None, (), (), figures)
                template = CLAIMS[f"CLAIM_MISMATCH.{variant}"]
                out.append(
                    Finding(
                        "CLAIM_MISMATCH",
                        Severity.VIOLATION,
                        render(template, words, ITALIAN, report.players),
                        rule,
                        loc=where.get(name) or line.loc,
                        seat=seat,
                        facts=figures,
                        variant=variant,
                    )
                )
    return out
