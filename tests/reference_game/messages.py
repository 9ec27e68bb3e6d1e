"""The sentences of the reference game's findings: one template per code (and variant),
filled from the finding's facts (:mod:`scorer.messages`), over the ones every engine shares.
"""

from __future__ import annotations

from scorer.messages import GENERAL

__all__ = ["TEMPLATES"]

TEMPLATES: dict[str, str] = {
    **GENERAL,
    "BAD_PLAYERS": "a reference record names three players and the dealer among them",
    "LINE_OUT_OF_PLACE": "the {keyword} line comes after the play has begun",
    "DUPLICATE_LINE.hand": "a second hand line for {name}",
    "WRONG_HAND_SIZE": "{seat:player} was dealt {count} cards; the deal gives {size}",
    "DEAL_UNKNOWN": (
        "the deal is not written in full and the play is incomplete: only what the record "
        "itself proves is checked"
    ),
    "PARTIAL_RECORD": "the record stops after {count} trick(s); nothing is scored",
}
