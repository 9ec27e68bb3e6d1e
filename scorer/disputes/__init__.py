"""Dispute tools for a director: what the players wrote against what the rules give, the
same hand under other rule options, the seat order that fits the record, and small repairs
of a mistyped record.

Each tool works on a :class:`~scorer.record.Record` and its game engine only, so it serves
every game the registry holds; the notation and the service turn the results into text.
"""

from __future__ import annotations

from .claims import ClaimDiff, ClaimRow, compare_claims, read_claims
from .repair import Edit, Repair, suggest_repairs
from .seating import Seating, SeatingFit, check_seating
from .whatif import Alternative, what_if

__all__ = [
    "Alternative",
    "ClaimDiff",
    "ClaimRow",
    "Edit",
    "Repair",
    "Seating",
    "SeatingFit",
    "check_seating",
    "compare_claims",
    "read_claims",
    "suggest_repairs",
    "what_if",
]
