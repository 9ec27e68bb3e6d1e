"""Writing records in the canonical notation: ``write(read(text))`` is stable and
``read(write(r))`` gives back ``r``.

Canonical form: tags in roster order (Game, Event, Site, Date, Round, Table, Players, Dealer,
Options, Suits, then the others as read); a blank line; the body lines in the record's order,
cards in the record's suit style, tricks in play order with the leader named when known.
Comments are not kept here; the record's original text is (``Record.source``).
"""

from __future__ import annotations

from collections.abc import Iterable

from scorer.games import GAMES
from scorer.record import Item, Line, Record, Trick

__all__ = ["write", "write_many"]


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _item(item: Item, style: str) -> str:
    text = item.card.text(style) if item.card is not None else item.text
    if item.card is not None and item.text.startswith("*"):
        text = "*" + text
    return f"{text}({item.note})" if item.note is not None else text


def write(record: Record) -> str:
    """The canonical text of one record, ending with a newline."""
    game = GAMES.get(record.game)
    style = (record.tag("Suits") or (game.default_suits if game else "italian")).lower()
    players = record.players
    out = [f'[{name} "{_quote(value)}"]' for name, value in record.tags]
    out.append("")
    for entry in record.body:
        if isinstance(entry, Trick):
            head = f"{entry.number}. "
            if entry.leader is not None and entry.leader < len(players):
                head += f"{players[entry.leader]}: "
            out.append(head + " ".join(_item(i, style) for i in entry.plays))
        else:
            out.append(_line(entry, style))
    return "\n".join(out) + "\n"


def _line(line: Line, style: str) -> str:
    head = line.keyword + (f" {line.subject}" if line.subject else "")
    items = " ".join(_item(i, style) for i in line.items)
    return f"{head}: {items}" if items else f"{head}:"


def write_many(records: Iterable[Record]) -> str:
    """Several records, separated by blank lines."""
    return "\n".join(write(r) for r in records)
