"""The reference game's rule set as data: the pack, the card points, the rules of play, the
options, the keywords and the rulings.

The reference game is a teaching example, not a historical game: the plain trick game that
``docs/adding-a-game.md`` builds step by step. Three players are dealt the whole 78-card
pack, 26 cards each; each plays for himself and is paid by his card points. Its rulings
(REF-1 .. REF-4) are its own and are kept here, as data, with the game.

>>> sum(POINTS)
52
>>> RULES.winner([trump(21), trump(1), trump(2)])  # REF-2: XXI is the highest trump
0
"""

from __future__ import annotations

from functools import cache

from scorer.cards import CARDS, FOOL, trump
from scorer.claims import CLAIM_KEYWORD
from scorer.games.base import Option, Ruling, Source
from scorer.games.engine import PlayTable
from scorer.record import KeywordSpec
from scorer.tricks import SUIT_MASKS, TRUMP_MASK, TrickRules

__all__ = [
    "BRIEF",
    "HAND_SIZE",
    "KEYWORDS",
    "OPTIONS",
    "OWN_RULINGS",
    "PACK",
    "POINTS",
    "RULES",
    "RULINGS",
    "SOURCE",
    "play_table",
]

#: The rulings of the game's own, as data (:class:`scorer.games.base.Ruling`: ID, title, one
#: line, full text); the catalogue of :mod:`scorer.rulings` takes them in when the game is
#: registered.
OWN_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "REF-1",
        "Deal and lead",
        "The dealer deals the whole pack, 26 cards each; eldest leads.",
        "The dealer deals the whole 78-card pack, 26 cards to each player; the player on the "
        "dealer's right (eldest) leads to the first trick, and each trick's winner to the next.",
    ),
    Ruling(
        "REF-2",
        "Play",
        "Follow suit; void, trump (option must-trump=no: any card); XXI highest.",
        "A player must follow the suit led; void in it, he must play a trump if he has one "
        "(with the option must-trump=no, any card). The Fool may be played at any time and "
        "never wins. Trumps rank XXI highest down to I.",
    ),
    Ruling(
        "REF-3",
        "Card points",
        "Kings and the Honours XXI, I and the Fool 4, Queens 3, Cavaliers 2, Valets 1: 52.",
        "Each King and the Honours (XXI, I and the Fool) count 4, each Queen 3, each Cavalier "
        "2, each Valet 1: 52 points in the pack. The Fool's points stay with its player.",
    ),
    Ruling(
        "REF-4",
        "Payment",
        "Each player receives three times his card points less 52 (zero-sum).",
        "Each player receives three times his card points less 52, so that the three "
        "payments of a hand add up to nothing.",
    ),
)

#: What the rules pages cite as the game's rule text: this guide (it is no historical game).
SOURCE = Source(title="The reference game of docs/adding-a-game.md", author="the tarocco authors")

#: The game in brief, for players (the rules pages, ``tarocco rules``).
BRIEF: tuple[tuple[str, str], ...] = (
    ("players", "Three, each for himself."),
    ("pack", "The 78-card tarot pack."),
    ("deal", "The whole pack, 26 cards each."),
    ("aim", "Take card points in tricks: Kings and the Honours 4, Queens 3, Cavaliers 2."),
    ("play", "Follow suit, else trump; the highest trump, else the highest of the suit, wins."),
    ("scoring", "Each player receives three times his card points less 52."),
)

#: The rulings this engine implements, as the rules pages list them.
RULINGS: tuple[str, ...] = (
    *(ruling.id for ruling in OWN_RULINGS),
    *("G-1", "G-2", "G-3", "G-6", "G-7"),
)

#: REF-1: the 78-card pack: every suit card, trumps I..XXI and the Fool.
PACK = sum(SUIT_MASKS) | (TRUMP_MASK & ((1 << 77) - 1)) | FOOL.bit
HAND_SIZE = 26  # REF-1: cards dealt to each player, and tricks
PLAYERS = 3


def _points() -> tuple[int, ...]:
    """REF-3: each card's points, by card index (97 entries, 0 for a card not of the pack)."""
    table = [0] * 97
    for card in CARDS[:56]:
        table[card] = {14: 4, 13: 3, 12: 2, 11: 1}.get(card.rank, 0)
    for honour in (trump(21), trump(1), FOOL):
        table[honour] = 4
    return tuple(table)


POINTS = _points()
POINT_TOTAL = 52  # REF-3

#: REF-2: trumps I .. XXI, XXI highest; the suits in :meth:`TrickRules.simple`'s default
#: orders (swords and batons K Q C V 10 .. 1, cups and coins K Q C V 1 .. 10). A player void
#: in the suit led must trump; no overtrumping.
RULES = TrickRules.simple(trump_order=list(range(1, 22)))
#: REF-2 with the option ``must-trump=no``: a player void in the suit led plays any card.
RULES_ANY_CARD = TrickRules.simple(trump_order=list(range(1, 22)), must_trump=False)


@cache
def play_table(must_trump: bool = True) -> PlayTable:
    """The play as data for the one trick loop: three players, 26 tricks, the pack, the
    rules of play (REF-2, by the option ``must-trump``) and the card points (REF-3)."""
    return PlayTable(PLAYERS, HAND_SIZE, PACK, RULES if must_trump else RULES_ANY_CARD, POINTS)


KEYWORDS = {
    "hand": KeywordSpec("player", "cards", "the 26 cards dealt to a player"),
    "claim": CLAIM_KEYWORD,
}

OPTIONS = (
    Option(
        "must-trump",
        ("yes", "no"),
        "REF-2",
        "whether a player void in the suit led must play a trump if he has one",
    ),
)
