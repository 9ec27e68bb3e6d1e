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
from typing import Any

from .wording import Wording

__all__ = ["GENERAL", "render"]


class _Renderer(string.Formatter):
    """A :class:`string.Formatter` whose format specs name a kind of fact (see the module)."""

    def __init__(self, words: Wording, players: Sequence[str], trumps: str) -> None:
        self.words = words
        self.players = players
        self.trumps = trumps

    def format_field(self, value: Any, format_spec: str) -> str:
        words = self.words
        if format_spec == "player":
            return self.players[value] if 0 <= value < len(self.players) else f"seat {value}"
        if format_spec == "card":
            return words.card(value)
        if format_spec == "notation":
            return words.notation(value)
        if format_spec == "cards":
            return words.cards(value)
        if format_spec == "mask":
            return words.mask(value)
        if format_spec == "suit":
            return words.category(value, self.trumps)
        return str(super().format_field(value, format_spec))


def render(
    template: str,
    facts: Mapping[str, Any],
    words: Wording,
    players: Sequence[str],
    trumps: str = "trumps",
) -> str:
    """``template`` with its fields filled from ``facts``, cards named in ``words`` and seats
    by ``players``; ``trumps`` is the game's word for the trumps (Nice: ``Tarots``)."""
    return _Renderer(words, players, trumps).vformat(template, (), {"trumps": trumps, **facts})


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
