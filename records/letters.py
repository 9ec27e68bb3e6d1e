"""The suit-letter hint (#32.9): a record written in the other suit letters says so.

The letters differ between suit styles (``C`` is cups in Italian letters, clubs in French
ones), and a record without a ``Suits`` tag is read in its game's letters. A pinch record
(French letters by default) written in Italian letters then reads ``CC``, the Cavalier of
cups, as the Cavalier of clubs, which ``CB`` already is: ``DUPLICATE_CARD [G-2]: CC is dealt
twice``, true of the text as read but no help to its writer. So when a record without the
tag cannot be replayed (an error, G-2, or a notation error), it is read again in the other
letters; if it reads cleanly then (no notation error, no error in the replay), a note says
so and names the tag to add. The record's verdict is unchanged: the letters are the
writer's to confirm.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorer.findings import Finding, Severity
from scorer.games import GAMES
from scorer.messages import render
from scorer.wording import SUIT_NAMES, wording

from .notation import Parsed, read

__all__ = ["OTHER_LETTERS", "SUIT_LETTERS", "suit_letters_hint"]

#: The style whose letters a record may have been written in instead of its game's default
#: (the symbols style reads its letters as the Italian ones).
OTHER_LETTERS = {"italian": "french", "symbols": "french", "french": "italian"}

CODE = "SUIT_LETTERS"

#: The hint's sentence, filled from its facts (:func:`scorer.messages.render`).
SUIT_LETTERS = (
    "read in {style} suit letters ({suits:words}) this record has no error: if that is how "
    "it is written, add the tag {tag}"
)


def suit_letters_hint(parsed: Parsed, options: Mapping[str, str] | None = None) -> Finding | None:
    """The note that ``parsed`` (a record that cannot be replayed as read) reads cleanly in
    the other suit letters, with the ``Suits`` tag to add; ``None`` when it has the tag, its
    game is unknown, or it does not read cleanly in those letters either."""
    record = parsed.record
    if record is None or record.tag("Suits") is not None or not record.source:
        return None
    game = GAMES.get(record.game)
    if game is None:
        return None
    style = OTHER_LETTERS[game.default_suits]
    tag = f'[Suits "{style}"]'
    again = read(f"{tag}\n{record.source}")
    if len(again) != 1 or again[0].errors or again[0].record is None:
        return None
    if game.verify(again[0].record, options).errors:
        return None
    facts = {"style": style, "tag": tag, "suits": SUIT_NAMES[style]}
    message = render(SUIT_LETTERS, facts, wording(style), record.players)
    return Finding(CODE, Severity.NOTE, message, None, loc=record.start, facts=facts)
