"""What if: the same hand, or the same session, scored under each other value of every rule
option the game offers (the options the rulings name), side by side with what was applied.

>>> from scorer.games import get_game
>>> from scorer.games.nice.generator import random_record
>>> import random
>>> game = get_game("nice4")
>>> record = random_record(game, random.Random(5))
>>> base, others = what_if(game, record)
>>> sorted({alt.option for alt in others}) == sorted(o.name for o in game.options)
True
>>> all(len(alt.delta) == len(record.players) for alt in others)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..games.base import Game
from ..ledger import Adjustment, build_ledger
from ..record import Record
from ..report import Report, Status

__all__ = ["Alternative", "session_what_if", "what_if"]


@dataclass(frozen=True, slots=True)
class Alternative:
    """One option value other than the one applied, and what it would change.

    ``amounts`` are per player (the record's seats for a hand, the ledger's players for a
    session): the payments (hand) or final balances (session) under this value; ``delta`` is
    ``amounts`` minus what was applied.

    A hand the record makes impossible under this value (an error, G-2) but not as applied
    is no change of its payments: it is listed in ``impossible`` (its number in the session,
    1 for a single hand) and left out of the comparison, scored as applied, so that
    ``delta`` counts only the real changes."""

    option: str
    value: str
    ruling: str
    help: str
    status: Status
    amounts: tuple[int, ...]
    delta: tuple[int, ...]
    findings: int  # errors and violations under this value
    impossible: tuple[int, ...] = ()  # hands impossible under this value only

    @property
    def changes_anything(self) -> bool:
        """A real change: some payment moves, or some hand becomes impossible."""
        return any(self.delta) or bool(self.impossible)


def _made_impossible(report: Report, applied: Report) -> bool:
    """Is ``report`` (under another option value) impossible where ``applied`` was not?"""
    return report.status is Status.INVALID and applied.status is not Status.INVALID


def _alternatives(game: Game, applied: Mapping[str, str]) -> list[tuple[str, str]]:
    return [
        (option.name, value)
        for option in game.options
        for value in option.values
        if value != applied[option.name]
    ]


def what_if(
    game: Game, record: Record, options: Mapping[str, str] | None = None, base: Report | None = None
) -> tuple[Report, list[Alternative]]:
    """The report under the options applied (the record's, then ``options``; ``base`` when
    the caller has it already), and one :class:`Alternative` per other value of each
    option, the rest unchanged."""
    base = base if base is not None else game.verify(record, options)
    applied = game.resolve_options(record.options, options)
    out = []
    for name, value in _alternatives(game, applied):
        report = game.verify(record, {**(options or {}), name: value})
        option = game.option(name)
        impossible = _made_impossible(report, base)
        amounts = base.settlement if impossible else report.settlement
        out.append(
            Alternative(
                name,
                value,
                option.ruling,
                option.help,
                report.status,
                amounts,
                tuple(a - b for a, b in zip(amounts, base.settlement, strict=True)),
                len(report.errors) + len(report.violations),
                (1,) if impossible else (),
            )
        )
    return base, out


def session_what_if(
    game: Game,
    records: Sequence[Record],
    options: Mapping[str, str] | None = None,
    adjustments: Sequence[Adjustment] = (),
    players: Sequence[str] = (),
) -> tuple[list[str], tuple[int, ...], list[Alternative]]:
    """A whole session under each other option value: the ledger's players, their final
    balances as applied, and per alternative the final balances and their change. Every hand
    is scored again under the alternative (options in a record's own tag still yield to it);
    a hand it makes impossible is left out of the comparison (scored as applied, numbered in
    the alternative's ``impossible``)."""

    def balances(reports: Sequence[Report]) -> tuple[list[str], tuple[int, ...]]:
        ledger = build_ledger(records, reports, adjustments, players, game.key, game.unit)
        return ledger.players, ledger.balances

    applied_reports = [game.verify(record, options) for record in records]
    names, base = balances(applied_reports)
    applied = game.resolve_options(options)
    out = []
    for name, value in _alternatives(game, applied):
        chosen = {**(options or {}), name: value}
        reports = [game.verify(record, chosen) for record in records]
        impossible = tuple(
            number
            for number, (report, as_applied) in enumerate(
                zip(reports, applied_reports, strict=True), start=1
            )
            if _made_impossible(report, as_applied)
        )
        compared = [
            as_applied if number in impossible else report
            for number, (report, as_applied) in enumerate(
                zip(reports, applied_reports, strict=True), start=1
            )
        ]
        ledger_players, amounts = balances(compared)
        assert ledger_players == names  # the same hands and rulings: the same players
        worst = min((r.status for r in reports), key=list(Status).index, default=Status.CLEAN)
        option = game.option(name)
        out.append(
            Alternative(
                name,
                value,
                option.ruling,
                option.help,
                worst,
                amounts,
                tuple(a - b for a, b in zip(amounts, base, strict=True)),
                sum(len(r.errors) + len(r.violations) for r in reports),
                impossible,
            )
        )
    return names, base, out
