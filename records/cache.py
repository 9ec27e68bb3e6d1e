"""Session ledgers kept up to date instead of recomputed on every read (issue #21.7).

A session's ledger means replaying every hand of it, which for a large session takes
seconds. It is computed once per change of the session and kept in the database
(``session_results``, see :mod:`records.store`) under two keys:

* the session's ``version``, which SQLite triggers raise on every write that touches the
  session (a hand, a revision, a ruling, its options or players), so that a read after a
  write never finds a kept result that matches: it is never stale;
* :data:`ENGINE_FINGERPRINT`, a digest of the rules engine's and the reader's source, so
  that a new release of the rules recomputes every ledger instead of serving the old one.

The kept rows are shared by every worker process and survive a restart. A read whose row
matches costs one small query and a JSON parse. Within a process, one thread computes a
missing result while the others asking for the same session wait for it, so a burst of
readers after a write replays the session once, not once each.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import scorer
from scorer.findings import Finding, Loc, Severity
from scorer.ledger import Ledger, LedgerRow
from scorer.report import Status
from scorer.results import GameResult

from .schemas import result_json
from .store import Store

__all__ = [
    "ENGINE_FINGERPRINT",
    "attention_finding",
    "engine_fingerprint",
    "kept_ledger",
    "kept_standing",
    "ledger_from_json",
    "ledger_to_json",
    "standing_of",
]


@cache
def engine_fingerprint() -> str:
    """A digest of the source of ``scorer`` and ``records`` (the rules, the reader, the
    ledger): results computed by other code are not reused."""
    digest = hashlib.sha256()
    for package in (Path(scorer.__file__).parent, Path(__file__).parent):
        for path in sorted(package.rglob("*.py")):
            digest.update(path.relative_to(package.parent).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


ENGINE_FINGERPRINT = engine_fingerprint()


# -- the ledger as JSON and back ----------------------------------------------------------
def _finding_to_json(finding: Finding) -> dict[str, Any]:
    return {
        "code": finding.code,
        "severity": finding.severity.value,
        "message": finding.message,
        "rule": finding.rule,
        "loc": list(finding.loc) if finding.loc is not None else None,
        "trick": finding.trick,
        "seat": finding.seat,
        "cards": [int(card) for card in finding.cards],
        "legal": [int(card) for card in finding.legal],
        "facts": dict(finding.facts),
        "variant": finding.variant,
    }


def _finding_from_json(data: dict[str, Any]) -> Finding:
    from scorer.cards import CARDS

    return Finding(
        data["code"],
        Severity(data["severity"]),
        data["message"],
        data["rule"],
        Loc(*data["loc"]) if data["loc"] is not None else None,
        data["trick"],
        data["seat"],
        tuple(CARDS[i] for i in data["cards"]),
        tuple(CARDS[i] for i in data["legal"]),
        {name: _tuples(value) for name, value in data["facts"].items()},
        data["variant"],
    )


def _tuples(value: Any) -> Any:
    """A fact read back from JSON: its lists tuples again, as the engine made them."""
    return tuple(map(_tuples, value)) if isinstance(value, list) else value


def _result_from_json(data: dict[str, Any]) -> GameResult:
    return GameResult(
        data["number"],
        data["text"],
        data["rule"],
        data["finished"],
        tuple(data["winners"]),
        tuple(data["players"]),
    )


def ledger_to_json(ledger: Ledger) -> str:
    """Everything of ``ledger``, as JSON that :func:`ledger_from_json` reads back equal."""
    return json.dumps(
        {
            "game": ledger.game,
            "unit": ledger.unit,
            "players": ledger.players,
            "start": ledger.start,
            "rows": [
                [
                    row.hand,
                    row.status.value if row.status is not None else None,
                    list(row.amounts),
                    list(row.balances),
                    row.pot,
                    row.note,
                    row.rule,
                ]
                for row in ledger.rows
            ],
            "findings": [[hand, _finding_to_json(f)] for hand, f in ledger.findings],
            "summary": ledger.summary,
            "results": [result_json(r) for r in ledger.results],
        },
        ensure_ascii=False,
    )


def ledger_from_json(text: str) -> Ledger:
    data = json.loads(text)
    return Ledger(
        data["game"],
        data["unit"],
        data["players"],
        data["start"],
        [
            LedgerRow(
                hand,
                Status(status) if status is not None else None,
                tuple(amounts),
                tuple(balances),
                pot,
                note,
                rule,
            )
            for hand, status, amounts, balances, pot, note, rule in data["rows"]
        ],
        [(hand, _finding_from_json(f)) for hand, f in data["findings"]],
        data["summary"],
        [_result_from_json(r) for r in data["results"]],
    )


def standing_of(ledger: Ledger) -> dict[str, Any]:
    """What the tournament's standings and attention list need of a session, small enough
    to read in bulk: its game and unit, the hands, each player's net result, how its games
    came out, and the session's own findings that need a director (a deal out of turn, G-6;
    #32.11), each with the hand it concerns."""
    return {
        "game": ledger.game,
        "unit": ledger.unit,
        "hands": sum(1 for row in ledger.rows if row.status is not None),
        "net": {
            player: balance - ledger.start
            for player, balance in zip(ledger.players, ledger.balances, strict=True)
        },
        "results": [result_json(r) for r in ledger.results],
        "findings": [
            [hand, attention_finding(finding)]
            for hand, finding in ledger.findings
            if finding.severity is not Severity.NOTE
        ],
    }


def attention_finding(finding: Finding) -> dict[str, Any]:
    """A finding as the attention list shows why a hand waits: its sentence, code, rule and
    place (the line and column of the hand's own text)."""
    loc = finding.loc
    return {
        "code": finding.code,
        "severity": finding.severity.value,
        "message": finding.message,
        "rule": finding.rule,
        "line": loc.line if loc is not None else None,
        "column": loc.column if loc is not None else None,
        "trick": finding.trick,
    }


# -- kept results --------------------------------------------------------------------------
_locks: dict[int, threading.Lock] = {}
_locks_guard = threading.Lock()


def _lock_for(session_id: int) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(session_id, threading.Lock())


def _kept(
    store: Store, session_id: int, column: str, compute: Callable[[], Ledger]
) -> tuple[str | None, Ledger | None]:
    """The kept ``column`` of the session at its current version, or the ledger just
    computed (and kept) when there is none."""
    version = store.session_version(session_id)
    kept = store.kept_result(session_id, version, ENGINE_FINGERPRINT, column)
    if kept is not None:
        return kept, None
    with _lock_for(session_id):
        version = store.session_version(session_id)
        kept = store.kept_result(session_id, version, ENGINE_FINGERPRINT, column)
        if kept is not None:  # another thread computed it while this one waited
            return kept, None
        # Computed from data at least as new as ``version`` (read before): if a write comes
        # in meanwhile, the version moves on and this row is never read.
        ledger = compute()
        store.keep_result(
            session_id,
            version,
            ENGINE_FINGERPRINT,
            ledger_to_json(ledger),
            json.dumps(standing_of(ledger), ensure_ascii=False),
        )
        return None, ledger


def kept_ledger(store: Store, session_id: int, compute: Callable[[], Ledger]) -> Ledger:
    """The session's ledger: the one kept for its current version, else ``compute()``'s
    (kept for the next read)."""
    kept, ledger = _kept(store, session_id, "ledger", compute)
    return ledger if ledger is not None else ledger_from_json(kept or "")


def kept_standing(store: Store, session_id: int, compute: Callable[[], Ledger]) -> dict[str, Any]:
    """The session's :func:`standing_of`, kept like its ledger (:func:`kept_ledger`)."""
    kept, ledger = _kept(store, session_id, "standing", compute)
    return standing_of(ledger) if ledger is not None else json.loads(kept or "{}")
