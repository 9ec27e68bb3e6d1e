"""Writing records in the canonical notation: ``write(read(text))`` is stable and
``read(write(r))`` gives back ``r``.

Canonical form: tags in roster order (Game, Event, Site, Date, Round, Table, Players, Dealer,
Options, Suits, then the others as read); a blank line; the body lines in the record's order,
cards in the record's suit style, tricks in play order with the leader named when known.

Comments are left out by default (the canonical text the service stores and hashes); with
``comments=True`` they are kept, as a PGN export keeps them, from the record's original text
(``Record.source``): a comment on a line of its own stays before the tag or body line that
follows it (or at the end of the record), and the comments on a line go to the end of that
line in the canonical text, in their order. Writing that text again gives it back unchanged.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from scorer.cards import CARDS
from scorer.games import GAMES
from scorer.record import Item, Line, Record, Trick

from .notation import split_comment, tag_name

__all__ = ["write", "write_many"]

#: What a comment is attached to: a tag by its name, or a body line by its line number.
Anchor = str | int


@dataclass
class _Comments:
    """A record's comments, by what they are attached to."""

    before: defaultdict[Anchor, list[str]] = field(default_factory=lambda: defaultdict(list))
    on: defaultdict[Anchor, list[str]] = field(default_factory=lambda: defaultdict(list))
    end: list[str] = field(default_factory=list)

    def lines_before(self, anchor: Anchor) -> list[str]:
        return self.before.pop(anchor, [])

    def after(self, line: str, anchor: Anchor) -> str:
        """``line`` with the comments written on its own line in the original."""
        found = self.on.pop(anchor, [])
        return " ".join([line, *found]) if found else line

    def left_over(self) -> list[str]:
        """The comments no line took (none when the record was read from its source), then
        the record's closing ones: nothing is lost."""
        rest = [text for texts in self.before.values() for text in texts]
        rest += [text for texts in self.on.values() for text in texts]
        return rest + self.end


def _comments(record: Record) -> _Comments:
    """Where the comments of the record's original text go (see the module's docstring)."""
    placed = _Comments()
    if ";" not in record.source and "{" not in record.source:
        return placed
    first = record.start.line if record.start is not None else 1
    waiting: list[str] = []  # comment lines waiting for the next tag or body line
    for number, raw in enumerate(record.source.split("\n"), first):
        text, found = split_comment(raw)
        if not text.strip():
            if found:
                waiting.append(" ".join(found))
            continue
        name = tag_name(text) if text.lstrip().startswith("[") else None
        anchor: Anchor = name if name is not None else number
        placed.before[anchor] += waiting
        waiting = []
        if found:
            placed.on[anchor].append(" ".join(found))
    placed.end = waiting
    return placed


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _item(item: Item, style: str) -> str:
    text = item.card.text(style) if item.card is not None else item.text
    if item.card is not None and item.text.startswith("*"):
        text = "*" + text
    return f"{text}({item.note})" if item.note is not None else text


def write(record: Record, *, comments: bool = False) -> str:
    """The canonical text of one record, ending with a newline; with ``comments``, the
    comments of its original text kept."""
    game = GAMES.get(record.game)
    style = (record.tag("Suits") or (game.default_suits if game else "italian")).lower()
    players = record.players
    if not comments:  # what the service stores and hashes: no comment to place
        out = [f'[{name} "{_quote(value)}"]' for name, value in record.tags]
        out.append("")
        out += [_entry(entry, style, players) for entry in record.body]
        return "\n".join(out) + "\n"
    placed = _comments(record)
    out = []
    for name, value in record.tags:
        out += placed.lines_before(name)
        out.append(placed.after(f'[{name} "{_quote(value)}"]', name))
    out.append("")
    for entry in record.body:
        number = entry.loc.line if entry.loc is not None else 0
        out += placed.lines_before(number)
        out.append(placed.after(_entry(entry, style, players), number))
    out += placed.left_over()
    return "\n".join(out) + "\n"


def _entry(entry: Line | Trick, style: str, players: Sequence[str]) -> str:
    """One body line as the canonical text writes it."""
    if not isinstance(entry, Trick):
        return _line(entry, style)
    head = f"{entry.number}. "
    if entry.leader is not None and entry.leader < len(players):
        head += f"{players[entry.leader]}: "
    return head + _tokens(entry, style)


def _line(line: Line, style: str) -> str:
    head = line.keyword + (f" {line.subject}" if line.subject else "")
    items = _tokens(line, style)
    return f"{head}: {items}" if items else f"{head}:"


@cache
def _card_texts(style: str) -> tuple[str, ...]:
    """Every card's canonical text in ``style``, by card index (a look-up per card)."""
    return tuple(card.text(style) for card in CARDS)


def _tokens(entry: Line | Trick, style: str) -> str:
    """A line's items as the canonical text writes them. A line the reader kept as plain
    tokens is written from its tokens and cards (a card in the style's canonical text, a
    word as written), which is what its items would say, without building them."""
    texts = _card_texts(style)
    cards = entry.card_tuple
    if entry.plain and None not in cards:  # cards only, nearly every line: no word to keep
        return " ".join([texts[card] for card in cards])  # type: ignore[index]
    written = entry.written_tokens()
    if written is None:
        items = entry.plays if isinstance(entry, Trick) else entry.items
        return " ".join(_item(i, style) for i in items)
    return " ".join(
        token if card is None else texts[card] for token, card in zip(written, cards, strict=True)
    )


def write_many(records: Iterable[Record], *, comments: bool = False) -> str:
    """Several records, separated by blank lines."""
    return "\n".join(write(r, comments=comments) for r in records)
