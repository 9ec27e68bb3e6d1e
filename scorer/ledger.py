"""A session's ledger: the hands of one table in order, with running balances.

Each game says where balances start (``Game.start_balance``: for Nice 10 marca, NICE-18).
The three-player abeyance (NICE-17) is carried as a pot that the next sole top scorer
collects. The deal must pass to the right, except that a thrown-in deal is redealt by the same
dealer (G-6); a dealer out of turn is flagged. The game adds its own session rules and its
conclusion (``Game.session_findings``, ``Game.session_summary``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .findings import Finding, Severity
from .games import GAMES
from .record import Record
from .report import Report, Status
from .results import GameResult

__all__ = ["Adjustment", "GameResult", "Ledger", "LedgerRow", "build_ledger", "ruling_cited"]

_RULING_ID = re.compile(r"\(([A-Z][A-Z0-9]*-\d+[a-z]?)\)")


def ruling_cited(text: str) -> str | None:
    """The last ruling ID a text cites in brackets (``... (MIN-16)`` gives ``MIN-16``).

    >>> ruling_cited("game 4 not played, Carla's folla is paid 2 rests (MIN-16)")
    'MIN-16'
    """
    found = _RULING_ID.findall(text)
    return found[-1] if found else None


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One entry of the ledger: a hand; a director's ruling (``status`` ``None``); or a
    payment the game's own rules make (``status`` ``None`` and ``rule`` the ruling that makes
    it, e.g. MIN-16's unfinished giro): with what each player won or lost and the balances
    after it."""

    hand: int  # 1-based position in the session (for a ruling: the hand it follows, or 0)
    status: Status | None
    amounts: tuple[int, ...]  # per player of the ledger
    balances: tuple[int, ...]
    pot: int  # open abeyance after this entry
    note: str = ""
    rule: str | None = None  # the ruling behind an engine's own payment (never a director's)

    @property
    def kind(self) -> str:
        """``hand``, ``ruling`` (the director's) or ``penalty`` (the engine's, by ``rule``)."""
        if self.status is not None:
            return "hand"
        return "penalty" if self.rule is not None else "ruling"


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A director's ruling: amounts per player name (zero-sum), entered after hand ``after``
    (0: before the first hand; ``None``: at the end of the session), with its reason."""

    amounts: dict[str, int]
    reason: str
    after: int | None = None


@dataclass
class Ledger:
    game: str
    unit: str
    players: list[str]
    start: int
    rows: list[LedgerRow] = field(default_factory=list)
    findings: list[tuple[int, Finding]] = field(default_factory=list)  # (hand, finding)
    summary: list[str] = field(default_factory=list)  # the game's conclusion, in words
    results: list[GameResult] = field(default_factory=list)  # who won each game, or leads

    @property
    def balances(self) -> tuple[int, ...]:
        return self.rows[-1].balances if self.rows else tuple(self.start for _ in self.players)

    @property
    def pot(self) -> int:
        return self.rows[-1].pot if self.rows else 0

    def is_zero_sum(self) -> bool:
        """Balances plus the open abeyance always add up to the starting stakes."""
        return all(
            sum(row.balances) + row.pot == self.start * len(self.players) for row in self.rows
        )


def build_ledger(
    records: Sequence[Record],
    reports: Sequence[Report],
    adjustments: Sequence[Adjustment] = (),
    players: Sequence[str] = (),
    game: str = "",
    unit: str | None = None,
) -> Ledger:
    """The ledger of a session: ``records`` in playing order with their ``reports``, and the
    director's ``adjustments`` each as its own entry after the hand it follows.

    Invalid and partial hands pay nothing (they are listed with a note), nor do the hands the
    game's own rules leave out (``Game.hands_not_counted``: a Piedicavallo deal after the game
    ended, PIE-7); flagged hands pay as played (G-1). Players are ``players`` then any others
    in order of first appearance.
    """
    game = reports[0].game if reports else game
    unit = reports[0].unit if reports else (unit or "marca")
    players = list(players)
    for report in reports:
        players += [p for p in report.players if p not in players]
    for adjustment in adjustments:
        players += [p for p in adjustment.amounts if p not in players]
    engine = GAMES.get(game)
    start = engine.start_balance if engine is not None else 0
    ledger = Ledger(game, unit, players, start)
    penalty_rules = set(engine.penalty_rulings) if engine is not None else set()
    balances = [start] * len(players)
    pot = 0

    def adjust(after: int | None) -> None:
        nonlocal balances
        for adjustment in adjustments:
            if adjustment.after == after:
                amounts = [adjustment.amounts.get(p, 0) for p in players]
                balances = [b + a for b, a in zip(balances, amounts, strict=True)]
                ledger.rows.append(
                    LedgerRow(
                        len(records) if after is None else after,
                        None,
                        tuple(amounts),
                        tuple(balances),
                        pot,
                        f"director's ruling: {adjustment.reason}",
                    )
                )

    adjust(0)
    not_counted = engine.hands_not_counted(records, reports) if engine is not None else {}
    previous: tuple[Record, Report] | None = None
    for number, (record, report) in enumerate(zip(records, reports, strict=True), start=1):
        amounts = [0] * len(players)
        note = ""
        if report.status in (Status.INVALID, Status.PARTIAL):
            note = f"{report.status.value}: not scored"
        elif number in not_counted:
            note = not_counted[number]
        else:
            for seat, amount in enumerate(report.settlement):
                amounts[players.index(report.players[seat])] += amount
            if pot and report.sole_top is not None:
                amounts[players.index(report.players[report.sole_top])] += pot
                note = f"{report.players[report.sole_top]} collects {pot} in abeyance (NICE-17)"
                pot = 0
            if report.abeyance:
                pot += report.abeyance
                note = f"{report.abeyance} into abeyance (NICE-17)"
            penalties = [
                line.label
                for line in report.lines
                if line.rule in penalty_rules and any(line.amounts)
            ]
            if penalties:
                cited = sorted({line.rule for line in report.lines if line.rule in penalty_rules})
                note = "; ".join(
                    filter(
                        None,
                        [
                            note,
                            f"includes the engine's penalty ({', '.join(cited)}): "
                            + "; ".join(penalties),
                        ],
                    )
                )
        if previous is not None:
            _check_rotation(ledger, number, previous, (record, report))
        previous = (record, report)
        balances = [b + a for b, a in zip(balances, amounts, strict=True)]
        ledger.rows.append(
            LedgerRow(number, report.status, tuple(amounts), tuple(balances), pot, note)
        )
        adjust(number)
    adjust(None)
    if engine is not None:
        for amounts_by_name, reason in engine.session_payments(records, reports):
            players += [p for p in amounts_by_name if p not in players]
            balances += [start] * (len(players) - len(balances))
            amounts = [amounts_by_name.get(p, 0) for p in players]
            balances = [b + a for b, a in zip(balances, amounts, strict=True)]
            ledger.rows.append(
                LedgerRow(
                    len(records),
                    None,
                    tuple(amounts),
                    tuple(balances),
                    pot,
                    reason,
                    ruling_cited(reason) or engine.key,
                )
            )
        ledger.findings += engine.session_findings(records, reports)
        final = dict(zip(players, balances, strict=True))
        ledger.summary = engine.session_summary(records, reports, final)
        ledger.results = engine.session_results(records, reports, final)
    return ledger


def _check_rotation(
    ledger: Ledger, number: int, before: tuple[Record, Report], now: tuple[Record, Report]
) -> None:
    """G-6: the previous eldest deals next; a thrown-in deal is redealt by the same dealer."""
    (old_record, old_report), (record, _report) = before, now
    if old_record.players != record.players or old_record.dealer is None:
        return
    n = len(record.players)
    expected = old_record.dealer
    engine = GAMES.get(record.game)
    redeal = engine.redeal_thrown_in if engine is not None else True
    if old_report.status is not Status.THROWN_IN or not redeal:
        expected = (old_record.dealer + 1) % n
    if record.dealer is not None and record.dealer != expected:
        ledger.findings.append(
            (
                number,
                Finding(
                    "DEALER_OUT_OF_TURN",
                    Severity.VIOLATION,
                    f"hand {number} is dealt by {record.players[record.dealer]}; the deal passes "
                    f"to {record.players[expected]}",
                    "G-6",
                    loc=record.start,
                ),
            )
        )
