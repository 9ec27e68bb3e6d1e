"""The dispute tools on text: a record's claims against the rules, the hand under other rule
options, and repair suggestions, as JSON-ready data (the command line, the API and the hand
page all show this). The rules work is in :mod:`scorer.disputes`; this adds reading and
writing: each repair comes as a unified diff of the canonical text and the corrected text a
director can store as a revision.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Any

from scorer.disputes import compare_claims, suggest_repairs, what_if
from scorer.disputes.claims import ClaimDiff
from scorer.disputes.repair import Repair, needs_repair
from scorer.disputes.whatif import Alternative, session_what_if
from scorer.games import get_game
from scorer.ledger import Adjustment
from scorer.record import Record

from .schemas import dump_report
from .writer import write

__all__ = ["TOOLS", "audit_record", "dump_alternatives", "session_alternatives"]

TOOLS = ("claims", "what-if", "repair")


def audit_record(
    record: Record,
    options: Mapping[str, str] | None = None,
    tools: Sequence[str] = TOOLS,
    limit: int = 3,
) -> dict[str, Any]:
    """Run the chosen dispute tools on one record that was read without notation errors."""
    game = get_game(record.game)
    base = game.verify(record, options)
    out: dict[str, Any] = {
        "game": game.key,
        "players": list(record.players),
        "status": base.status.value,
        "unit": game.unit,
        "settlement": dict(zip(record.players, base.settlement, strict=True)),
    }
    if "claims" in tools:
        out["claims"] = [_claim(diff) for diff in compare_claims(game, record, base, options)]
    if "what-if" in tools:
        _, alternatives = what_if(game, record, options, base)
        out["what_if"] = dump_alternatives(record.players, alternatives)
    if "repair" in tools:
        _, repairs = suggest_repairs(game, record, limit=limit, options=options, report=base)
        original = write(record)
        out["repairs"] = [_repair(original, repair) for repair in repairs]
        out["repairs_needed"] = needs_repair(base)
    return out


def session_alternatives(
    game_key: str,
    records: Sequence[Record],
    options: Mapping[str, str] | None,
    adjustments: Sequence[Adjustment],
    players: Sequence[str],
) -> dict[str, Any]:
    """A session's final balances under each other rule option value, side by side."""
    game = get_game(game_key)
    names, base, alternatives = session_what_if(game, records, options, adjustments, players)
    return {
        "game": game.key,
        "unit": game.unit,
        "players": names,
        "balances": dict(zip(names, base, strict=True)),
        "what_if": dump_alternatives(names, alternatives),
    }


def dump_alternatives(
    players: Sequence[str], alternatives: Sequence[Alternative]
) -> list[dict[str, Any]]:
    """Alternatives as JSON. ``impossible`` says the record is impossible under this value
    (not as applied): ``impossible_hands`` numbers those hands (1 for a single hand), which
    are left out of ``amounts`` and ``delta`` (scored as applied), so that a hand that
    cannot be played does not read as a change of payments."""
    return [
        {
            "option": alt.option,
            "value": alt.value,
            "ruling": alt.ruling,
            "help": alt.help,
            "status": alt.status.value,
            "findings": alt.findings,
            "amounts": dict(zip(players, alt.amounts, strict=True)),
            "delta": dict(zip(players, alt.delta, strict=True)),
            "changes_anything": alt.changes_anything,
            "impossible": bool(alt.impossible),
            "impossible_hands": list(alt.impossible),
        }
        for alt in alternatives
    ]


def _claim(diff: ClaimDiff) -> dict[str, Any]:
    loc = diff.row.loc
    return {
        "field": diff.row.field,
        "kind": diff.kind,
        "explanation": diff.explanation,
        "rule": diff.rule,
        "options": list(diff.alternatives),
        "line": loc.line if loc else None,
        "column": loc.column if loc else None,
        "players": [
            {"player": f.player, "claimed": f.claimed, "computed": f.computed, "differs": f.differs}
            for f in diff.fields
        ],
    }


def _repair(original: str, repair: Repair) -> dict[str, Any]:
    text = write(repair.record)
    diff = difflib.unified_diff(
        original.splitlines(keepends=True), text.splitlines(keepends=True), "recorded", "repaired"
    )
    report = dump_report(repair.report)
    return {
        "edits": [
            {"kind": e.kind, "description": e.description, "cost": e.cost} for e in repair.edits
        ],
        "reason": repair.reason,
        "clean": repair.clean,
        "cost": repair.cost,
        "status": repair.report.status.value,
        "remaining": repair.remaining,
        "findings": report["findings"],
        "diff": "".join(diff),
        "text": text,
    }
