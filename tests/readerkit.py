"""What every reading of a text must show, checked on any text (``check_reading``).

The reader has one tokenizer: a line of plain tokens is kept as its cards and its text (its
items built when asked), any other line is scanned precisely. Whichever way a line went, a
caller sees the same things, and these checks hold for every record read:

* reading never raises, and every error has a place in the text;
* every item's line and column point at its token in the text (after its comments are
  taken out, as the reader takes them out), the token spells the item's card (or is the
  item's text), and an annotation follows its token;
* a line's ``card_tuple`` and ``word_texts()`` say what its items say, before and after the
  items are built;
* a record read without error writes back to a text that reads as the same record.
"""

from __future__ import annotations

import re

from records.notation import Parsed, read, split_comment
from records.writer import write
from scorer.cards import SUIT_STYLES, Card
from scorer.games import GAMES
from scorer.record import Item, Record, Trick

_WRITTEN_TOKEN = re.compile(r"\*?[^\s,()]+")


def check_reading(text: str) -> list[Parsed]:
    """Read ``text`` and check what every reading must show (the module's list)."""
    parsed = read(text)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for result in parsed:
        for error in result.errors:
            assert 1 <= error.loc.line <= len(lines) + 1 and error.loc.column >= 1, error
        if result.record is not None:
            _check_record(result.record, lines)
        if result.ok and result.record is not None:
            [again] = read(write(result.record))
            assert again.ok and again.record == result.record
    return parsed


def _style(record: Record) -> str:
    """The suit style the reader read the record's cards in."""
    tags = dict(record.tags)
    if tags.get("Suits") in SUIT_STYLES:
        return tags["Suits"]
    game = GAMES.get(tags.get("Game", ""))
    return game.default_suits if game is not None else "italian"


def _check_record(record: Record, lines: list[str]) -> None:
    style = _style(record)
    for entry in record.body:
        words = entry.word_texts()  # before the items are built (a line kept as text)
        items = entry.plays if isinstance(entry, Trick) else entry.items
        assert entry.card_tuple == tuple(item.card for item in items)
        assert words == entry.word_texts() == [item.text for item in items if item.card is None]
        assert entry.loc is not None
        for item in items:
            assert item.line == entry.loc.line
            _check_item(item, split_comment(lines[item.line - 1])[0], style)


def _reads_as_card(token: str, style: str) -> bool:
    try:
        Card.parse(token, style)
    except ValueError:
        return False
    return True


def _check_item(item: Item, line: str, style: str) -> None:
    """``item`` is the token written at its column of ``line`` (a line without comments)."""
    found = _WRITTEN_TOKEN.match(line, item.column - 1)
    assert found is not None, (item, line)
    written = found.group().lstrip("*")
    if item.card is None:  # a word, or ? written or read for a card that cannot be (#24.8)
        unreadable = item.text.lstrip("*") == "?" and not _reads_as_card(written, style)
        assert written == item.text.lstrip("*") or unreadable, (item, line)
    else:
        assert Card.parse(written, style) == item.card, (item, line)
    if item.note is not None:
        assert line.startswith(f"({item.note})", found.end()), (item, line)
