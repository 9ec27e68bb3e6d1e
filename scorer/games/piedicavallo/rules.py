"""Tarocchi of Piedicavallo: the rule set as tables, its options and its notation keywords.

The replay lives in :mod:`scorer.games.piedicavallo`, the table talk in
:mod:`scorer.games.piedicavallo.talk`, the game of four deals in
:mod:`scorer.games.piedicavallo.session`. Rulings PIE-1 .. PIE-7 (``shared/rulings.md``) decide
what the seed leaves open.
"""

from __future__ import annotations

from ...cards import CARDS, FOOL, PIEDICAVALLO_PACK, suit_card, trump
from ...cardset import mask_of
from ...claims import CLAIM_KEYWORD
from ...record import KeywordSpec
from ...tricks import SUIT_MASKS, TRUMP_MASK, TrickRules
from ..base import Option
from ..engine import PlayTable

__all__ = [
    "AVERAGE",
    "DEALER_CARDS",
    "DISCARD_SIZE",
    "FIVES",
    "HAND_SIZE",
    "KEYWORDS",
    "OPTIONS",
    "PACK",
    "POINTS",
    "RULES",
    "RULINGS",
    "TABLE",
    "TOTAL",
    "TRUMPS",
    "TRUMPS_NAME",
]

#: The rulings this engine implements (``shared/rulings.md``), as the rules pages list them.
RULINGS: tuple[str, ...] = (
    *(f"PIE-{n}" for n in range(1, 8)),
    "PIE-5a",
    "G-1",
    "G-2",
    "G-3",
    "G-6",
    "G-7",
)

#: PIE-1: the 62-card pack as a bitmask.
PACK = mask_of(PIEDICAVALLO_PACK)
TRUMPS = TRUMP_MASK & PACK  # the 21 numbered trumps
SUITS = tuple(mask & PACK for mask in SUIT_MASKS)  # the ten cards of each suit
KINGS = mask_of(suit_card(s, 14) for s in range(4))
WORLD = trump(21)
BAGATTO = trump(1)
#: PIE-3: the 5-point cards, never discarded: the Kings, 21, 1 and the Fool.
FIVES = KINGS | WORLD.bit | BAGATTO.bit | FOOL.bit

HAND_SIZE = 15  # PIE-3: cards each player holds at play, and the number of tricks
DEALER_CARDS = 17  # PIE-3: the dealer's cards before he discards
DISCARD_SIZE = 2
TOTAL = 114  # PIE-2
AVERAGE = 57  # PIE-7: half the points of a deal

#: PIE-1: trumps 1 (lowest) .. 21 (highest); swords and batons K Q C J 10 .. 5, cups and coins
#: K Q C J 1 .. 6 (the round suits' numerals rank in the opposite order).
RULES = TrickRules.simple(
    trump_order=list(range(1, 22)),
    black=(14, 13, 12, 11, 10, 9, 8, 7, 6, 5),
    red=(14, 13, 12, 11, 1, 2, 3, 4, 5, 6),
)


def _points() -> tuple[int, ...]:
    """PIE-2: Kings, 21, 1 and the Fool 5; Queens 4; Cavaliers 3; Jacks 2; all else 1."""
    table = [0] * 97
    for card in CARDS:
        if PACK >> card & 1:
            table[card] = {14: 5, 13: 4, 12: 3, 11: 2}.get(card.rank, 1) if card < 56 else 1
    for card in (WORLD, BAGATTO, FOOL):
        table[card] = 5
    return tuple(table)


POINTS: tuple[int, ...] = _points()
assert sum(POINTS) == TOTAL

#: The play as data for the trick loop (:mod:`scorer.games.engine`): four players, fifteen
#: tricks, the 62-card pack, PIE-1's ranks and PIE-4's legality, PIE-2's points.
TABLE = PlayTable(4, HAND_SIZE, PACK, RULES, POINTS)

#: The suits' names as every record's remarks may write them (``lead cups``, PIE-5); messages
#: name suits in the record's own style instead (``Wording.category``; group 4, trumps and
#: the Fool, is "trumps" in every style).
SUIT_NAMES = ("swords", "batons", "cups", "coins")
TRUMPS_NAME = "trumps"


KEYWORDS = {
    "claim": CLAIM_KEYWORD,
    "hand": KeywordSpec(
        "player",
        "cards",
        "the cards dealt to a player: 15 each, the dealer's 17 before he discards",
    ),
    "discard": KeywordSpec(
        "none",
        "cards",
        "the dealer's two discards, with announce=N the trumps among them",
        frozenset({"announce"}),
    ),
}

OPTIONS = (
    Option(
        "remark-counts",
        ("exact", "at-least"),
        "PIE-5",
        "a count in a remark (have 20 +4, other-colour 3) states exactly that many, or at "
        "least that many",
    ),
)
