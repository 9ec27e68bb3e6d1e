"""The sentences of the reference game's findings: one template per code (and variant),
filled from the finding's facts (:mod:`scorer.messages`), over the ones every engine shares;
and its score lines', by key, filled the same way (so that another language words them).
"""

from __future__ import annotations

from scorer.messages import GENERAL

__all__ = ["LINES", "TEMPLATES"]

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

#: The score lines' templates, by key (``Replay.score_line``).
LINES: dict[str, str] = {
    "points": (
        "Card points: {seats[0]:player} {points[0]}, {seats[1]:player} {points[1]}, "
        "{seats[2]:player} {points[2]} of {total}, three times each less 52"
    ),
}
