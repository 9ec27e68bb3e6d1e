"""Findings in words: one template per finding code, rendered from the finding's facts.

A finding carries its facts as plain values (seats, card indices, card masks, counts, words of
the record) in :attr:`Finding.facts <scorer.findings.Finding.facts>`; its English sentence is
made from them here, in one place, by a template whose fields say how each fact reads for
people. Another language is another table of templates over the same facts, and a page can
word a finding without parsing its message.

A field's format names the kind of fact:

``player``  a seat, as the player's name;
``card``    a card index, as people name it (``I (the Bagatto)`` for trump I);
``notation`` a card index, as the record writes it (``1``);
``cards``   a tuple of cards in the order given;
``mask``    a set of cards as a bitmask, lowest first;
``notations`` a set of cards as a bitmask, lowest first, as the record writes them (a tuple
            of masks: each so, separated by ``;``);
``suit``    a led category, as its name (the game's word for the trumps when it has one);
(none)      any other value, as ``format`` writes it (``!r`` quotes a word of the record).

>>> from scorer.cards import Card
>>> from scorer.wording import ITALIAN
>>> render("{seat:player} does not hold {card:card}", {"seat": 1, "card": int(Card.parse("1"))},
...        ITALIAN, ("Anna", "Bruno"))
'Bruno does not hold I (the Bagatto)'
>>> render("{seat:player} held {led:suit}", {"seat": 0, "led": 4}, ITALIAN, ("Anna",), "Tarots")
'Anna held Tarots'
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .wording import Wording

__all__ = ["GENERAL", "render"]


_FORMATTER = string.Formatter()


def _format(value: Any, spec: str, words: Wording, players: Sequence[str], trumps: str) -> str:
    """One field of a template: ``value`` read as its format ``spec`` names (see the
    module), or as :func:`format` writes it."""
    if spec == "player":
        return players[value] if 0 <= value < len(players) else f"seat {value}"
    if spec == "card":
        return words.card(value)
    if spec == "notation":
        return words.notation(value)
    if spec == "cards":
        return words.cards(value)
    if spec == "mask":
        return words.mask(value)
    if spec == "notations":  # a mask, or several, each a group of cards
        if isinstance(value, tuple):
            return "; ".join(map(words.notations, value))
        return words.notations(value)
    if spec == "suit":
        return words.category(value, trumps)
    return format(value, spec)


def render(
    template: str,
    facts: Mapping[str, Any],
    words: Wording,
    players: Sequence[str],
    trumps: str = "trumps",
) -> str:
    """``template`` with its fields filled from ``facts``, cards named in ``words`` and seats
    by ``players``; ``trumps`` is the game's word for the trumps (Nice: ``Tarots``). What
    :meth:`string.Formatter.vformat` does, with the template parsed once (findings are made
    in the replay's loop: a record's cascare notes, marks, revokes)."""
    out = []
    names: Mapping[str, Any] | None = None
    for literal, field, spec, conversion in _pieces(template):
        out.append(literal)
        if field is None:
            continue
        if field in facts:
            value = facts[field]
        elif field == "trumps":
            value = trumps
        else:  # an attribute or an index: ``{legal[0]}``
            names = names or {"trumps": trumps, **facts}
            value = _FORMATTER.get_field(field, (), names)[0]
        if conversion:
            value = _FORMATTER.convert_field(value, conversion)
        out.append(_format(value, spec or "", words, players, trumps))
    return "".join(out)


@cache
def _pieces(template: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """A template cut into its literal texts and its fields (as :meth:`string.Formatter.parse`
    does), once per template."""
    return tuple(_FORMATTER.parse(template))


#: The templates of the findings every engine shares: naming players and the replay's G-2
#: checks of trick lines (:mod:`scorer.games.engine`).
GENERAL: dict[str, str] = {
    "UNKNOWN_PLAYER": "{name!r} is not one of the players",
    "UNKNOWN_CARD": "an unknown card: the replay stops here",
    "UNKNOWN_CARD.hand": "hands must be written in full",
    "CARD_NOT_IN_PACK": "{card:card} is not in {pack_name}",
    "DUPLICATE_CARD.dealt": "{card:card} is dealt twice",
    "DUPLICATE_CARD.played": "{card:card} was already played",
    "CARD_NOT_HELD": "{seat:player} does not hold {card:card}",
    "PLAY_OUT_OF_TURN": (
        "the record has {seat:player} leading trick {trick}, but {leader:player} won the lead"
    ),
    "TOO_MANY_CARDS": "{count} cards in a trick of {players}",
    "SHORT_TRICK": "trick {trick} has {count} cards and is not the last line",
    "TRICK_NUMBER": "trick numbered {written}, expected {trick}",
    "TOO_MANY_TRICKS": "{hand_name} has {tricks} tricks",
    # illegal plays (G-1), in words each game may replace with its own
    "MUST_FOLLOW_SUIT": (
        "{seat:player} played {card:card} but held {led:suit} and had to follow suit"
    ),
    "MUST_TRUMP": (
        "{seat:player} played {card:card} but had no {led:suit} but held {trumps}, so had to trump"
    ),
    "MUST_FOLLOW_TRUMPS": (
        "{seat:player} played {card:card} but held {trumps} and {trumps} were led"
    ),
    "MUST_OVERTRUMP": (
        "{seat:player} played {card:card} but held a higher trump and had to overtrump"
    ),
}
