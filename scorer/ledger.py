"""A session's ledger: the hands of one table in order, with running balances.

Each game says where balances start (``Game.start_balance``: for Nice 10 marca, NICE-18).
The three-player abeyance (NICE-17) is carried as a pot that the next sole top scorer
collects. The deal must pass to the right, except that a thrown-in deal is redealt by the same
dealer (G-6); a dealer out of turn is flagged. The game adds its own session rules and its
conclusion (``Game.session_findings``, ``Game.session_summary``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any

from .findings import Finding, Severity
from .games import GAMES
from .messages import GENERAL, LEDGER, Said, render
from .record import Record
from .report import Report, Status
from .results import GameResult
from .wording import ITALIAN

__all__ = [
    "Adjustment",
    "GameResult",
    "Ledger",
    "LedgerFold",
    "LedgerRow",
    "build_ledger",
    "next_dealer",
    "ruling_cited",
]

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
    after it.

    ``note`` is in English. ``template`` (the key of its sentence in the game's
    ``session_templates``) and ``facts`` say how it was made, as a score line's do, so that
    another language words it again (``records.words``); neither counts when entries are
    compared, and a note no table has (none: ``template`` empty) stays as it is."""

    hand: int  # 1-based position in the session (for a ruling: the hand it follows, or 0)
    status: Status | None
    amounts: tuple[int, ...]  # per player of the ledger
    balances: tuple[int, ...]
    pot: int  # open abeyance after this entry
    note: str = ""
    rule: str | None = None  # the ruling behind an engine's own payment (never a director's)
    template: str = field(default="", compare=False)
    facts: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

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
    rows: MutableSequence[LedgerRow] = field(default_factory=list)  # a list, or spooled
    findings: list[tuple[int, Finding]] = field(default_factory=list)  # (hand, finding)
    summary: list[str] = field(default_factory=list)  # the game's conclusion (Said lines)
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
    rows: MutableSequence[LedgerRow] | None = None,
) -> Ledger:
    """The ledger of a session: ``records`` in playing order with their ``reports``, and the
    director's ``adjustments`` each as its own entry after the hand it follows.

    Invalid and partial hands pay nothing (they are listed with a note), nor do the hands the
    game's own rules leave out (``Game.hands_not_counted``: a Piedicavallo deal after the game
    ended, PIE-7); flagged hands pay as played (G-1). Players are ``players`` then any others
    in order of first appearance. ``rows``: where the entries go (an empty sequence that
    keeps them elsewhere than in memory, for a session of any length), a list by default.
    """
    game = reports[0].game if reports else game
    unit = reports[0].unit if reports else (unit or "marca")
    names = list(players)
    for report in reports:
        names += [p for p in report.players if p not in names]
    for adjustment in adjustments:
        names += [p for p in adjustment.amounts if p not in names]
    fold = LedgerFold(game, unit, names, adjustments)
    if rows is not None:
        fold.ledger.rows = rows
    fold.hands(records, reports, fold.not_counted(records, reports))
    fold.close(records, reports)
    return fold.ledger


class LedgerFold:
    """A ledger worked out entry by entry: the balances and the abeyance so far.

    :func:`build_ledger` folds a whole session at once. A ledger kept in storage is folded
    in parts instead (:mod:`records.ledgers`): started again after hand ``n`` from the
    balances and abeyance the entries up to it left (``balances``, ``pot``), it adds the
    entries of the hands from ``n + 1`` on (:meth:`hands`), then the session's end
    (:meth:`close`), and gives the same entries as the whole fold: each rule is here once.
    """

    def __init__(
        self,
        game: str,
        unit: str,
        players: list[str],
        adjustments: Sequence[Adjustment],
        balances: Sequence[int] | None = None,
        pot: int = 0,
    ) -> None:
        engine = GAMES.get(game)
        self.engine = engine
        self.start = engine.start_balance if engine is not None else 0
        self.ledger = Ledger(game, unit, players, self.start)
        self.players = players
        self.adjustments = adjustments
        self.penalty_rules = set(engine.penalty_rulings) if engine is not None else set()
        self.balances = list(balances) if balances is not None else [self.start] * len(players)
        self.pot = pot

    def not_counted(self, records: Sequence[Record], reports: Sequence[Report]) -> dict[int, str]:
        """The hands of the whole session (``records``, ``reports``) that its game's own
        rules leave out of every balance, with why (``Game.hands_not_counted``, PIE-7)."""
        if self.engine is None:
            return {}
        return self.engine.hands_not_counted(records, reports)

    def row(
        self,
        number: int,
        status: Status | None,
        amounts: list[int],
        note: str,
        rule: str | None = None,
    ) -> None:
        """Book ``amounts`` (per player) as the ledger's next entry; a ``note`` that is a
        :class:`~scorer.messages.Said` keeps its template's key and facts."""
        self.balances = [b + a for b, a in zip(self.balances, amounts, strict=True)]
        key, facts = (note.key, note.facts) if isinstance(note, Said) else ("", {})
        self.ledger.rows.append(
            LedgerRow(
                number,
                status,
                tuple(amounts),
                tuple(self.balances),
                self.pot,
                str(note),
                rule,
                key,
                facts,
            )
        )

    def adjust(self, after: int | None, last: int) -> None:
        """The director's rulings that follow hand ``after`` (0: before the first, None: at
        the end, numbered ``last``)."""
        for adjustment in self.adjustments:
            if adjustment.after == after:
                amounts = [adjustment.amounts.get(p, 0) for p in self.players]
                number = last if after is None else after
                note = Said.of(LEDGER, "ledger.ruling", reason=adjustment.reason)
                self.row(number, None, amounts, note)

    def hands(
        self,
        records: Sequence[Record],
        reports: Sequence[Report],
        not_counted: Mapping[int, str],
        first: int = 1,
        previous: tuple[Record, Report] | None = None,
    ) -> None:
        """Each hand's payments in turn, numbered from ``first`` (after ``previous``, the
        hand before it, whose dealer the rotation checks), with the director's rulings that
        follow each; ``not_counted``: see :meth:`not_counted`. From the first hand, the
        rulings before it come first."""
        if first == 1:
            self.adjust(0, 0)
        for number, (record, report) in enumerate(zip(records, reports, strict=True), start=first):
            amounts = [0] * len(self.players)
            note: str
            if report.status in (Status.INVALID, Status.PARTIAL):
                note = Said.of(LEDGER, f"ledger.{report.status.value}")
            elif number in not_counted:
                note = not_counted[number]
            else:
                note = self.payments(report, amounts)
            if previous is not None:
                _check_rotation(self.ledger, number, previous, (record, report))
            previous = (record, report)
            self.row(number, report.status, amounts, note)
            self.adjust(number, number)

    def payments(self, report: Report, amounts: list[int]) -> str:
        """Add a scored hand's payments to ``amounts``, with the abeyance (NICE-17); the
        entry's note (a :class:`~scorer.messages.Said`; the abeyance's and a penalty's
        together, which no game's rules make, stay English)."""
        players = self.players
        note: str = ""
        for seat, amount in enumerate(report.settlement):
            amounts[players.index(report.players[seat])] += amount
        if self.pot and report.sole_top is not None:
            amounts[players.index(report.players[report.sole_top])] += self.pot
            top = report.players[report.sole_top]
            note = Said.of(LEDGER, "ledger.collects", player=top, amount=self.pot)
            self.pot = 0
        if report.abeyance:
            self.pot += report.abeyance
            note = Said.of(LEDGER, "ledger.abeyance", amount=report.abeyance)
        parts = [part for part in (note, self.penalty_note(report)) if part]
        return parts[0] if len(parts) == 1 else "; ".join(parts)

    def penalty_note(self, report: Report) -> str:
        """The engine's own penalties in a hand's payments (G-1: MIN-13's revoke), named."""
        rules = self.penalty_rules
        penalties = [
            line.label for line in report.lines if line.rule in rules and any(line.amounts)
        ]
        if not penalties:
            return ""
        cited = sorted({line.rule for line in report.lines if line.rule in rules})
        return Said.of(LEDGER, "ledger.penalty", rules=tuple(cited), lines="; ".join(penalties))

    def close(self, records: Sequence[Record], reports: Sequence[Report]) -> None:
        """The session's end, after its last hand (``records``, ``reports``: the whole
        session): the director's rulings on no hand, the payments the game's session rules
        make (MIN-16), its findings, summary and results."""
        self.adjust(None, len(records))
        engine, ledger = self.engine, self.ledger
        if engine is None:
            return
        for amounts_by_name, reason in engine.session_payments(records, reports):
            self.players += [p for p in amounts_by_name if p not in self.players]
            self.balances += [self.start] * (len(self.players) - len(self.balances))
            amounts = [amounts_by_name.get(p, 0) for p in self.players]
            self.row(len(records), None, amounts, reason, ruling_cited(reason) or engine.key)
        ledger.findings += engine.session_findings(records, reports)
        final = dict(zip(self.players, self.balances, strict=True))
        ledger.summary = engine.session_summary(records, reports, final)
        ledger.results = engine.session_results(records, reports, final)


def next_dealer(record: Record, report: Report) -> int:
    """G-6: the seat that deals the hand after ``record`` (whose ``report`` is given): the
    previous eldest (the deal passes to the right), or the same dealer again when the deal
    was thrown in and the game redeals it so (``Game.redeal_thrown_in``). The ledger checks
    a session's rotation with it; the entry page proposes the next hand's dealer with it."""
    assert record.dealer is not None
    engine = GAMES.get(record.game)
    redeal = engine.redeal_thrown_in if engine is not None else True
    if report.status is Status.THROWN_IN and redeal:
        return record.dealer
    return (record.dealer + 1) % len(record.players)


def _check_rotation(
    ledger: Ledger, number: int, before: tuple[Record, Report], now: tuple[Record, Report]
) -> None:
    """G-6: the previous eldest deals next; a thrown-in deal is redealt by the same dealer."""
    (old_record, old_report), (record, _report) = before, now
    if old_record.players != record.players or old_record.dealer is None:
        return
    expected = next_dealer(old_record, old_report)
    if record.dealer is not None and record.dealer != expected:
        facts = {
            "hand": number,
            "dealer": record.players[record.dealer],
            "expected": record.players[expected],
        }
        ledger.findings.append(
            (
                number,
                Finding(
                    "DEALER_OUT_OF_TURN",
                    Severity.VIOLATION,
                    render(GENERAL["DEALER_OUT_OF_TURN.rotation"], facts, ITALIAN, ()),
                    "G-6",
                    loc=record.start,
                    facts=facts,
                    variant="rotation",
                ),
            )
        )
