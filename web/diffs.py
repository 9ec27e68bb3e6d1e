"""A revision diff as a director reads it (#34.9): the changed lines of two record texts in
hunks, each with a few lines of context and the line numbers of both revisions, and the cards
of its changed lines named, so that "5C" out of trick 1 and "4" in reads as the Five of cups
and Trump IV without reading the whole record.

The line diff itself is :func:`records.service.compare_revisions` (every line, with its
number on either side); this groups its lines for the page.

>>> lines = [{"kind": "same", "old": n, "new": n, "text": f"{n}."} for n in range(1, 10)]
>>> lines[4:5] = [{"kind": "removed", "old": 5, "new": None, "text": "5. 10 17 5C 9"},
...               {"kind": "added", "old": None, "new": 5, "text": "5. 10 17 4 9"}]
>>> [hunk] = diff_hunks(lines)
>>> hunk.old_first, hunk.old_last, hunk.new_first, hunk.new_last
(2, 8, 2, 8)
>>> hunk.removed_cards, hunk.added_cards
(['5C'], ['4'])
>>> card_words(hunk.removed_cards, "italian")
['5 of cups (5C)']
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from scorer.cards import Card, CardParseError

from .cardface import card_name

__all__ = ["CONTEXT", "DiffLine", "Hunk", "card_words", "cards_of_line", "diff_hunks"]

CONTEXT = 3  # unchanged lines shown before and after each change, as `diff -u` shows them

_COMMENT = re.compile(r"\{[^}]*\}|;.*$")


@dataclass(frozen=True)
class DiffLine:
    """One line of a hunk: ``same``, ``removed`` (only in the old revision) or ``added``,
    its number in either revision, its text and, on a changed line, its cards."""

    kind: str
    old: int | None
    new: int | None
    text: str
    cards: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Hunk:
    """Changed lines with their context: the lines' span in each revision, the lines, and
    the cards that leave (in removed lines more often than in added ones) and come in."""

    number: int
    lines: list[DiffLine]
    old_first: int | None
    old_last: int | None
    new_first: int | None
    new_last: int | None
    removed_cards: list[str]
    added_cards: list[str]


def cards_of_line(text: str) -> list[str]:
    """The cards a record line names, in their order, as written (``5C``, ``21``): a tag
    line and comments name none, and an annotation is left off its card (``20(mitigatti)``);
    a trick's number (``1.``) and a player's name (``Anna:``) are not cards."""
    if text.lstrip().startswith("["):
        return []
    cards = []
    for token in _COMMENT.sub("", text).split():
        word = token.split("(", 1)[0].rstrip(",;")
        try:
            Card.parse(word)
        except CardParseError:
            continue
        cards.append(word)
    return cards


def card_words(cards: list[str], style: str) -> list[str]:
    """Each card named in words, its notation after it: ``Five of cups (5C)``; a trump's
    name already carries its number (``Trump IV (4)``)."""
    words = []
    for text in cards:
        name = card_name(text, style)
        said = name.endswith(f"({text})") or text.lower() in name.lower()  # 4, the Fool
        words.append(name if said else f"{name} ({text})")
    return words


def diff_hunks(lines: list[dict[str, Any]], context: int = CONTEXT) -> list[Hunk]:
    """The lines of :func:`records.service.compare_revisions` grouped in hunks: each run of
    changed lines with ``context`` unchanged lines around it, runs closer than twice that
    joined in one hunk; no hunk when the texts are the same."""
    changed = [i for i, line in enumerate(lines) if line["kind"] != "same"]
    spans: list[list[int]] = []
    for index in changed:
        start, stop = max(0, index - context), min(len(lines), index + context + 1)
        if spans and start <= spans[-1][1]:
            spans[-1][1] = stop
        else:
            spans.append([start, stop])
    return [_hunk(number, lines[a:b]) for number, (a, b) in enumerate(spans, start=1)]


def _hunk(number: int, rows: list[dict[str, Any]]) -> Hunk:
    """One hunk of ``rows``, its changed lines' cards read, and which cards moved."""
    lines = [
        DiffLine(
            row["kind"],
            row["old"],
            row["new"],
            row["text"],
            cards_of_line(row["text"]) if row["kind"] != "same" else [],
        )
        for row in rows
    ]
    gone = Counter(card for line in lines if line.kind == "removed" for card in line.cards)
    came = Counter(card for line in lines if line.kind == "added" for card in line.cards)
    olds = [line.old for line in lines if line.old is not None]
    news = [line.new for line in lines if line.new is not None]
    return Hunk(
        number,
        lines,
        min(olds, default=None),
        max(olds, default=None),
        min(news, default=None),
        max(news, default=None),
        list((gone - came).elements()),
        list((came - gone).elements()),
    )
