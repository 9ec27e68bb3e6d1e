"""Naming the proof of a revoke in a record kept without the deal.

When a player's hand is not written down it is derived from the cards he plays, so a revoke
is known only from a later trick: the player who did not follow swords at trick 3 plays a
sword at trick 11. The finding then names both tricks, so a director can check the paper at
the two places that matter. The Fool proves no revoke: a revoke is a failure to play the suit
led or a trump, and the Fool is neither; it is among the legal cards only because it excuses
a play (NICE-3, MIN-11, PINCH-6, PIE3-7, PIE-4), so his playing it later shows nothing about
the suits he held.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .cards import FOOL
from .record import Record
from .report import Report
from .tricks import MUST_FOLLOW_SUIT, MUST_FOLLOW_TRUMPS, MUST_OVERTRUMP, MUST_TRUMP
from .wording import ITALIAN, Wording

__all__ = ["REVOKES", "name_proofs"]

REVOKES = frozenset({MUST_FOLLOW_SUIT, MUST_TRUMP, MUST_FOLLOW_TRUMPS, MUST_OVERTRUMP})


def name_proofs(
    record: Record, report: Report, wording: Callable[[Record], Wording] = lambda _record: ITALIAN
) -> None:
    """Add to each revoke by a player whose hand the record does not give the later trick
    where he played one of the cards he should have played (the proof of the revoke), the
    card named in the record's suit style (``wording(record)``, asked only when needed).
    The Fool, legal whatever he held, is no such card."""
    if not any(f.code in REVOKES for f in report.findings):
        return
    words = wording(record)
    written = {(line.subject or "").strip().casefold() for line in record.lines("hand")}
    for index, finding in enumerate(report.findings):
        seat, number = finding.seat, finding.trick
        if finding.code not in REVOKES or seat is None or number is None or not finding.legal:
            continue
        player = report.players[seat]
        if player.casefold() in written:
            continue
        legal = set(finding.legal) - {FOOL}
        proof = next(
            (
                (trick.number, card)
                for trick in report.tricks
                if trick.number > number
                for who, card in zip(trick.seats, trick.cards, strict=True)
                if who == seat and card in legal
            ),
            None,
        )
        if proof is not None:
            report.findings[index] = replace(
                finding,
                message=(
                    f"{finding.message}; proved by trick {proof[0]}, where {player} played "
                    f"{words.card(proof[1])}"
                ),
            )
