"""A finding as plain JSON and back, equal: what the kept ledgers (:mod:`records.ledgers`)
and the facts kept of each hand (:func:`records.streaming.pack_facts`) store of a finding.

Unlike the API's form of a finding (:mod:`records.schemas`), which names cards and players
for people, this form keeps every field as the engine made it, cards by their index.
"""

from __future__ import annotations

from typing import Any

from scorer.cards import CARDS
from scorer.findings import Finding, Loc, Severity

__all__ = ["finding_from_json", "finding_to_json"]


def finding_to_json(finding: Finding) -> dict[str, Any]:
    """Every field of ``finding`` as JSON values (:func:`finding_from_json` reads it back)."""
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


def finding_from_json(data: dict[str, Any]) -> Finding:
    """The finding :func:`finding_to_json` wrote, equal to the one it was given."""
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
