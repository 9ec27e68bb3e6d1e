"""Typed mutations of a record's text, for the reliability campaigns and the fuzz tests: the
slips and damage real uploads show, each a named kind.

Each mutator takes the canonical text of one record and a seeded ``random.Random`` and returns
the damaged text, or ``None`` when the record offers no place for that kind (no trick with
two cards, say). Mutations work on the text, so they also exercise the reader.

>>> import random
>>> text = '[Game "nice4"]\\n[Players "A, B, C, D"]\\n[Dealer "D"]\\n\\n1. KS 2S 3S 4S\\n'
>>> MUTATIONS["swap-plays"](text, random.Random(1)).splitlines()[-1]
'1. 2S KS 3S 4S'
>>> MUTATIONS["truncate"](text, random.Random(1)) != text
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

__all__ = ["MUTATIONS", "Mutator", "mutate"]

Mutator = Callable[[str, random.Random], "str | None"]

_TRICK = re.compile(r"^(\d+\.\s+(?:[^:\s]+:\s+)?)(.*)$")
_TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
GARBAGE_CARDS = ("ZZ", "0S", "15S", "XLI", "KX", "*", "??", "K♠♠", "22", "IIII", "1O")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _tricks(lines: list[str]) -> list[tuple[int, str, list[str]]]:
    """(line index, head, card tokens) of each trick line."""
    out = []
    for index, line in enumerate(lines):
        match = _TRICK.match(line)
        if match and match.group(2).strip():
            out.append((index, match.group(1), match.group(2).split()))
    return out


def _card_tokens(lines: list[str]) -> list[str]:
    """Every card-like token of the record's trick and section lines (the pack it uses)."""
    tokens = []
    for _, _, cards in _tricks(lines):
        tokens += cards
    return tokens


def swap_plays(text: str, rng: random.Random) -> str | None:
    """Two cards of one trick exchanged (the order of play, or two seats' columns)."""
    lines = _lines(text)
    tricks = [t for t in _tricks(lines) if len(t[2]) > 1]
    if not tricks:
        return None
    index, head, cards = rng.choice(tricks)
    a, b = rng.sample(range(len(cards)), 2)
    cards[a], cards[b] = cards[b], cards[a]
    lines[index] = head + " ".join(cards)
    return "\n".join(lines)


def replace_card(text: str, rng: random.Random) -> str | None:
    """One card replaced by another card of the record's pack, or now and then by garbage."""
    lines = _lines(text)
    tricks = _tricks(lines)
    if not tricks:
        return None
    index, head, cards = rng.choice(tricks)
    position = rng.randrange(len(cards))
    pool = _card_tokens(lines)
    cards[position] = rng.choice(GARBAGE_CARDS) if rng.random() < 0.1 else rng.choice(pool)
    lines[index] = head + " ".join(cards)
    return "\n".join(lines)


def drop_card(text: str, rng: random.Random) -> str | None:
    """One card left out of a trick."""
    lines = _lines(text)
    tricks = _tricks(lines)
    if not tricks:
        return None
    index, head, cards = rng.choice(tricks)
    del cards[rng.randrange(len(cards))]
    lines[index] = (head + " ".join(cards)) if cards else head.rstrip()
    return "\n".join(lines)


def move_card(text: str, rng: random.Random) -> str | None:
    """One card moved from its trick to another trick."""
    lines = _lines(text)
    tricks = _tricks(lines)
    if len(tricks) < 2:
        return None
    (i, head_i, cards_i), (j, head_j, cards_j) = rng.sample(tricks, 2)
    card = cards_i.pop(rng.randrange(len(cards_i)))
    cards_j.insert(rng.randrange(len(cards_j) + 1), card)
    lines[i] = (head_i + " ".join(cards_i)) if cards_i else head_i.rstrip()
    lines[j] = head_j + " ".join(cards_j)
    return "\n".join(lines)


def rotate_seats(text: str, rng: random.Random) -> str | None:
    """Every seat moved one place: the dealer written one seat off, so each card is read as
    the neighbouring player's. (Rotating the Players tag itself changes nothing: seating is
    a circle.)"""
    lines = _lines(text)
    tags = [match for match in map(_TAG.match, lines) if match is not None]
    players = next((tag.group(2) for tag in tags if tag.group(1) == "Players"), None)
    if players is None:
        return None
    names = [n.strip() for n in (players.split(",") if "," in players else players.split())]
    for index, line in enumerate(lines):
        match = _TAG.match(line)
        if match and match.group(1) == "Dealer" and match.group(2) in names:
            seat = names.index(match.group(2))
            lines[index] = f'[Dealer "{names[(seat + rng.choice((1, -1))) % len(names)]}"]'
            return "\n".join(lines)
    return None


def corrupt_tag(text: str, rng: random.Random) -> str | None:
    """A tag damaged: its quote, bracket or value mangled, or the tag lost."""
    lines = _lines(text)
    tags = [i for i, line in enumerate(lines) if _TAG.match(line)]
    if not tags:
        return None
    index = rng.choice(tags)
    line = lines[index]
    how = rng.randrange(5)
    if how == 0:
        lines[index] = line.replace('"', "", 1)
    elif how == 1:
        lines[index] = line.rstrip("]")
    elif how == 2:
        name = _TAG.match(line).group(1)  # type: ignore[union-attr]
        lines[index] = f'[{name} "{rng.choice(["", "x", "nice5", "Zed", "?", "🂡"])}"]'
    elif how == 3:
        del lines[index]
    else:
        lines[index] = line.replace("[", "[X", 1)
    return "\n".join(lines)


def truncate(text: str, rng: random.Random) -> str | None:
    """The text cut at a random place (an upload or a copy stopped short)."""
    if len(text) < 2:
        return None
    return text[: rng.randrange(1, len(text))]


MUTATIONS: dict[str, Mutator] = {
    "swap-plays": swap_plays,
    "replace-card": replace_card,
    "drop-card": drop_card,
    "move-card": move_card,
    "rotate-seats": rotate_seats,
    "corrupt-tag": corrupt_tag,
    "truncate": truncate,
}


def mutate(text: str, kind: str, rng: random.Random) -> str | None:
    """``MUTATIONS[kind](text, rng)``: the damaged text, or ``None`` if there is no place."""
    return MUTATIONS[kind](text, rng)
