"""Mitigatti of Nice (Cason 1930): the rule set, its tables and its notation keywords.

The replay lives in :mod:`scorer.games.nice`, the payments in :mod:`scorer.games.nice.scoring`.
Rulings NICE-1 .. NICE-18 (``shared/rulings.md``) decide what the seed leaves open.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from ...cards import CARDS, FOOL, suit_card, trump
from ...cardset import mask_of
from ...record import KeywordSpec
from ...tricks import SUIT_MASKS, TRUMP_MASK, TrickRules
from ..base import Option

__all__ = [
    "COMBINATIONS",
    "KEYWORDS_3",
    "KEYWORDS_4",
    "KINGS",
    "OPTIONS_3",
    "OPTIONS_4",
    "PACK",
    "RULES",
    "RULINGS",
    "card_points",
    "honours",
    "trick_rules",
]

#: The rulings this engine implements (``shared/rulings.md``), as the rules pages list them.
RULINGS: tuple[str, ...] = (
    *(f"NICE-{n}" for n in range(1, 19)),
    *("NICE-5a", "NICE-9a"),
    *("G-1", "G-2", "G-3", "G-4", "G-4a", "G-5", "G-6", "G-7"),
)

#: The 78-card tarot pack: every suit card, trumps 1..21, the Fool.
PACK = sum(SUIT_MASKS) | (TRUMP_MASK & ((1 << 77) - 1)) | FOOL.bit
TAROTS = TRUMP_MASK & PACK  # the 21 numbered trumps
KINGS = mask_of(suit_card(s, 14) for s in range(4))
ANGEL = trump(20)
WORLD = trump(21)
BAGATTE = trump(1)

#: NICE-4: XX above XXI above XIX..VI; the Papotes V..II equal (later played wins); I lowest.
#: Black suits K Q C J A 10..2, red K Q C J A 2..10 (the Ace always fifth).
RULES = TrickRules.simple(
    trump_order=[1, [2, 3, 4, 5], *range(6, 20), 21, 20],  # type: ignore[list-item]  # (a tie)
    black=(14, 13, 12, 11, 1, *range(10, 1, -1)),
    red=(14, 13, 12, 11, 1, *range(2, 11)),
    ties_to_later=True,  # NICE-4: equal Papotes go to the later card played
)


def trick_rules(options: Mapping[str, str]) -> TrickRules:
    """The rules of play under ``options`` (NICE-4's ranks; NICE-11: no overtrumping). The
    one place a house rule of play goes: the engine applies what these rules say."""
    return RULES


@cache
def honours(world: bool = False) -> int:
    """NICE-1: the Honours are XX, I and the Fool (XXI instead of XX with ``honours=world``)."""
    return (WORLD if world else ANGEL).bit | BAGATTE.bit | FOOL.bit


@cache
def card_points(world: bool = False) -> tuple[int, ...]:
    """NICE-1: Honours and Kings 4, Queens 3, Cavaliers 2, Jacks 1, all else 0 (52 in all)."""
    table = [0] * 97
    for card in CARDS[:56]:
        table[card] = {14: 4, 13: 3, 12: 2, 11: 1}.get(card.rank, 0)
    for card in (WORLD if world else ANGEL, BAGATTE, FOOL):
        table[card] = 4
    return tuple(table)


#: Declarable combinations (accusassions), canonical name and accepted spellings.
COMBINATIONS = {
    "10-tarocche": ("10-tarocche", "10-tarots", "dix-tarots", "tarocche", "10t"),
    "mitigatti": ("mitigatti", "honours", "honors"),
    "quatre-rei": ("quatre-rei", "four-kings", "kings", "4-kings"),
}
COMBINATION_RULES = {"10-tarocche": "NICE-12", "mitigatti": "NICE-13", "quatre-rei": "NICE-13"}

_COMMON_KEYWORDS = {
    "hand": KeywordSpec("player", "cards", "the cards dealt to a player (dealer before discard)"),
    "mountain": KeywordSpec("number", "words", "words spoken after a round: keep | mountain"),
    "discard": KeywordSpec(
        "none", "cards", "the dealer's discard, with announce=N tarots", frozenset({"announce"})
    ),
    "declare": KeywordSpec("player", "mixed", "a declaration: 10-tarocche and its 10 cards"),
    "claim": KeywordSpec("word", "words", "the result written on paper: claim marca: Anna +3 ..."),
}
KEYWORDS_3 = dict(_COMMON_KEYWORDS)
KEYWORDS_4 = {
    **_COMMON_KEYWORDS,
    "solo": KeywordSpec("none", "words", "who plays Solo, or none"),
    "call": KeywordSpec("none", "mixed", "the called card (or none); surrender | sans-prendre"),
    "exchange": KeywordSpec("none", "cards", "the card the Solo player gives for the called card"),
}

_HONOURS = Option(
    "honours",
    ("angel", "world"),
    "NICE-1",
    "which trump is the third Honour besides I and the Fool",
)
_TIMING = Option(
    "declaration-timing",
    ("strict", "lenient"),
    "NICE-13",
    "Mitigatti / Quatre Rei only with the last card of the set, or at any point of the play",
)
OPTIONS_3 = (_HONOURS, _TIMING)
OPTIONS_4 = (
    _HONOURS,
    Option(
        "called-in-discard",
        ("as-called", "sans-prendre"),
        "NICE-7",
        "a Solo whose called card lies in the discard plays as called, or counts as sans prendre",
    ),
    Option(
        "first-lead",
        ("eldest", "declarer"),
        "NICE-10",
        "who leads to the first trick: eldest always, or the Solo player in a Solo",
    ),
    _TIMING,
)
