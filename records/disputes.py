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
from scorer.disputes.repair import ORDER, REPLAYS, Repair, needs_repair, replays_at_most
from scorer.disputes.whatif import Alternative, session_what_if
from scorer.games import get_game
from scorer.ledger import Adjustment
from scorer.record import Record, Trick

from .schemas import dump_report
from .writer import write

__all__ = [
    "TOOLS",
    "audit_record",
    "dump_alternatives",
    "payments_beside",
    "session_alternatives",
]

TOOLS = ("claims", "what-if", "repair")


def audit_record(
    record: Record,
    options: Mapping[str, str] | None = None,
    tools: Sequence[str] = TOOLS,
    limit: int = 3,
    repair_budget: int = REPLAYS,
) -> dict[str, Any]:
    """Run the chosen dispute tools on one record that was read without notation errors.
    ``repair_budget`` bounds the repair search's replays (a request's share of its cost
    budget, :mod:`records.heavy`); ``repair_search`` says how far the search went: the
    replays it may make, how many a whole search makes, and whether it was cut short."""
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
        out["claims"] = [
            _claim(diff)
            for diff in compare_claims(
                game, record, base, dict(options) if options is not None else None
            )
        ]
    if "what-if" in tools:
        _, alternatives = what_if(game, record, options, base)
        out["what_if"] = dump_alternatives(record.players, alternatives)
    if "repair" in tools:
        _, repairs = suggest_repairs(
            game, record, limit=limit, budget=repair_budget, options=options, report=base
        )
        original = write(record)
        recorded = dump_report(base)
        written = _written_tricks(record)
        out["repairs"] = [_repair(original, recorded, written, repair) for repair in repairs]
        out["repairs_needed"] = needs_repair(base)
        out["repair_order"] = ORDER
        whole = replays_at_most(game, record)
        out["repair_search"] = {
            "replays": min(whole, repair_budget),
            "whole": whole,
            "bounded": out["repairs_needed"] and repair_budget < whole,
        }
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


def _repair(
    original: str, recorded: dict[str, Any], written: dict[int, list[str]], repair: Repair
) -> dict[str, Any]:
    """One repair as JSON: its edits, reason and diff, the corrected text, and its effect
    (#23.5): the findings of the record it settles (``disputed``, the first of them), the
    payments it gives against the record's, and the tricks it changes replayed both ways."""
    text = write(repair.record)
    diff = difflib.unified_diff(
        original.splitlines(keepends=True), text.splitlines(keepends=True), "recorded", "repaired"
    )
    report = dump_report(repair.report)
    settled = _settled(recorded["findings"], report["findings"])
    return {
        "edits": [
            {"kind": e.kind, "description": e.description, "cost": e.cost} for e in repair.edits
        ],
        "reason": repair.reason,
        "clean": repair.clean,
        "cost": repair.cost,
        "cards_moved": repair.cards_moved,
        "order": repair.order_note,
        "status": repair.report.status.value,
        "remaining": repair.remaining,
        "findings": report["findings"],
        "disputed": settled[0] if settled else None,
        "settles": settled,
        "players": report["players"],
        "payments": payments_beside(recorded, report),
        "tricks": _changed_tricks(recorded, written, report, repair),
        "diff": "".join(diff),
        "text": text,
    }


#: A record with one of these verdicts pays (an invalid or partial one pays nothing, G-2).
_PAYS = ("clean", "flagged", "thrown-in")


def _problem(finding: dict[str, Any]) -> bool:
    """An error or violation about the play (a disagreeing claim is judged apart)."""
    return finding["severity"] in ("error", "violation") and "CLAIM" not in finding["code"]


def _settled(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The record's problems (errors and violations about the play) that the repaired record
    no longer has, matched by code, trick and seat."""
    left = {(f["code"], f["trick"], f["seat"]) for f in after if _problem(f)}
    return [f for f in before if _problem(f) and (f["code"], f["trick"], f["seat"]) not in left]


def payments_beside(recorded: dict[str, Any], repaired: dict[str, Any]) -> list[dict[str, Any]]:
    """Per player (in the seating of ``repaired``): what each of two reports (as
    :func:`records.schemas.dump_report` gives them) pays, ``None`` when that record pays
    nothing (invalid or partial, G-2), and the change: a repair against the record, or a
    correction against the current revision."""

    def paid(report: dict[str, Any]) -> dict[str, int] | None:
        return dict(report["settlement"]) if report["status"] in _PAYS else None

    before, after = paid(recorded), paid(repaired)
    rows = []
    for player in repaired["players"]:
        old = before.get(player) if before is not None else None
        new = after.get(player) if after is not None else None
        rows.append(
            {
                "player": player,
                "recorded": old,
                "repaired": new,
                "change": (new or 0) - (old or 0),
            }
        )
    return rows


def _written_tricks(record: Record) -> dict[int, list[str]]:
    """Each trick's cards as written, in play order (``?`` for an unknown card)."""
    return {
        trick.number: [str(card) if card is not None else "?" for card in trick.card_tuple]
        for trick in record.tricks
    }


def _changed_tricks(
    recorded: dict[str, Any],
    written: dict[int, list[str]],
    repaired: dict[str, Any],
    repair: Repair,
) -> list[dict[str, Any]]:
    """The tricks the edits touch (for an edit of the whole record, the first trick whose
    plays differ), each as recorded and as repaired: who led, who won, and each play with
    whether it changed. Where the record's replay stopped before the trick, the recorded
    side is its cards as written, with no players (``seat`` and ``leader`` ``None``)."""
    numbers = sorted(
        {
            entry.number
            for edit in repair.edits
            for index, _ in edit.where
            if isinstance(entry := repair.record.body[index], Trick)
        }
    )
    before = {t["number"]: t for t in recorded["tricks"]}
    after = {t["number"]: t for t in repaired["tricks"]}
    if not numbers:
        numbers = [
            n for n in sorted(after) if n not in before or _plays(before[n]) != _plays(after[n])
        ][:1]
    out = []
    for number in numbers:
        old, new = before.get(number), after.get(number)
        if new is None:
            continue
        if old is None:
            cards = written.get(number, [])
            old = {
                "leader": None,
                "winner": None,
                "plays": [{"seat": None, "card": card} for card in cards],
            }
        out.append({"number": number, "recorded": _trick(old, None), "repaired": _trick(new, old)})
    return out


def _plays(trick: dict[str, Any]) -> list[tuple[str, str]]:
    return [(play["seat"], play["card"]) for play in trick["plays"]]


def _trick(trick: dict[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    """A replayed trick: leader, winner, and each play; ``changed`` says that the play
    differs from the same place of ``before`` (another card, or another player)."""
    earlier = before["plays"] if before is not None else []
    plays = []
    for position, play in enumerate(trick["plays"]):
        was = earlier[position] if position < len(earlier) else None
        changed = before is not None and (
            was is None
            or was["card"] != play["card"]
            or (was["seat"] is not None and was["seat"] != play["seat"])
        )
        plays.append({"seat": play["seat"], "card": play["card"], "changed": changed})
    return {"leader": trick["leader"], "winner": trick["winner"], "plays": plays}
