"""Piedmontese three-hand Tarocchi with bargaining: the rule set, its tables and keywords.

The replay lives in :mod:`scorer.games.piemonte3`; the bargaining in
:mod:`scorer.games.piemonte3.bargain`, the declarations in :mod:`scorer.games.piemonte3.declare`,
the payments in :mod:`scorer.games.piemonte3.scoring`. Rulings PIE3-1 .. PIE3-8
(``shared/rulings.md``) decide what the seed leaves open.

>>> sum(card_points(False)) , sum(card_points(True))
(129, 130)
>>> RULES.winner([trump(21), trump(20), trump(19)])  # PIE3-1: the Angel is the highest trump
1
"""

from __future__ import annotations

from functools import cache

from ...cards import CARDS, FOOL, suit_card, trump
from ...cardset import mask_of
from ...record import KeywordSpec
from ...tricks import SUIT_MASKS, TRUMP_MASK, TrickRules
from ..base import Option
from ..engine import PlayTable

__all__ = [
    "ANGEL",
    "BAGATTO",
    "DEAL_ROUNDS",
    "HONOURS",
    "KEYWORDS",
    "KINGS",
    "OPTIONS",
    "PACK",
    "RULES",
    "RULINGS",
    "TRUMPS",
    "card_points",
    "play_table",
]

#: The rulings this engine implements (``shared/rulings.md``), as the rules pages list them.
RULINGS: tuple[str, ...] = (
    *(f"PIE3-{n}" for n in range(1, 9)),
    "PIE3-7a",
    *("G-1", "G-2", "G-3", "G-4", "G-4a", "G-5", "G-6", "G-7"),
)

#: The 78-card pack: every suit card, trumps I..XXI, the Fool.
PACK = sum(SUIT_MASKS) | (TRUMP_MASK & ((1 << 77) - 1)) | FOOL.bit
TRUMPS = TRUMP_MASK & PACK  # the 21 numbered trumps (the Fool is not one, PIE3-6)
KINGS = mask_of(suit_card(s, 14) for s in range(4))
ANGEL = trump(20)
BAGATTO = trump(1)
#: PIE3-1: the Honours are XX (the Angel), I (the Bagatto) and the Fool.
HONOURS = ANGEL.bit | BAGATTO.bit | FOOL.bit

#: PIE3-1: trumps I .. XIX, XXI, XX (the Angel highest); swords and batons K Q C V 10 .. 1,
#: cups and coins K Q C V 1 .. 10 (the defaults of :meth:`TrickRules.simple`). A player void
#: in the suit led must trump; no obligation to overtrump.
RULES = TrickRules.simple(trump_order=[*range(1, 20), 21, 20])

#: PIE3-3: five rounds of packets of 5, the dealer's last packet 8; bargaining after rounds
#: 2, 3 and 4 (when each player holds 10, 15, 20 cards).
DEAL_ROUNDS = 5
PACKET = 5
DEALER_LAST_PACKET = 8
BARGAIN_ROUNDS = (2, 3, 4)
HAND_SIZE = 25  # cards at play, and tricks
DISCARD_SIZE = 3  # PIE3-5
BREAK_EVEN = 43  # PIE3-8: 129 / 3


@cache
def card_points(fool_five: bool = False) -> tuple[int, ...]:
    """PIE3-2: Angel and Bagatto 5, the Fool 4 (5 with ``fool=5``), Kings 5, Queens 4,
    Cavaliers 3, Valets 2, every other card 1: 129 (130) counted singly."""
    table = [0] * 97
    for card in CARDS[:56]:
        table[card] = {14: 5, 13: 4, 12: 3, 11: 2}.get(card.rank, 1)
    for number in range(1, 22):
        table[trump(number)] = 1
    table[ANGEL] = table[BAGATTO] = 5
    table[FOOL] = 5 if fool_five else 4
    return tuple(table)


@cache
def one_point_cards() -> int:
    """PIE3-7: the cards worth 1 point, which the Fool's player may give in exchange."""
    points = card_points(False)
    return mask_of(c for c in CARDS if PACK >> c & 1 and points[c] == 1)


@cache
def play_table(fool_five: bool = False) -> PlayTable:
    """The play as data for the one trick loop (:mod:`scorer.games.engine`): three players,
    25 tricks, the 78-card pack, :data:`RULES` and the card points (PIE3-2, ``fool=5``)."""
    return PlayTable(3, HAND_SIZE, PACK, RULES, card_points(fool_five))


#: Declarations (PIE3-6): canonical name and accepted spellings.
DECLARATIONS = {
    "abundance": ("abundance", "abbondanza", "trumps", "tarocchi"),
    "kings": ("kings", "four-kings", "re", "quattro-re"),
    "mitigati": ("mitigati", "mitigatti", "honours", "honors", "onori"),
    "mixed": ("mixed", "mixed-honours", "mixed-honors", "misti"),
}
DECLARATION_ALIASES = {alias: name for name, aliases in DECLARATIONS.items() for alias in aliases}

#: Bargaining words (PIE3-4); ``demand=N`` and ``offer=N`` carry their amount.
PASS_WORDS = ("pass", "passo", "p")
CONTINUE_WORDS = ("continue", "continua", "c", "play")
DEMAND_KEYS = ("demand", "d", "chiedo")
OFFER_KEYS = ("offer", "o", "offro")

KEYWORDS = {
    "hand": KeywordSpec(
        "player",
        "cards",
        "the cards dealt to a player: 25, the dealer's 28 "
        "before his discard; in a thrown-in deal, the cards dealt by then",
    ),
    "bargain": KeywordSpec(
        "number",
        "words",
        "bargaining after deal round 2, 3 or 4, from eldest: pass | demand=N | offer=N | continue",
    ),
    "discard": KeywordSpec("none", "cards", "the dealer's three discards (no Honour, no King)"),
    "declare": KeywordSpec(
        "player",
        "mixed",
        "a declaration and its cards: abundance | kings | mitigati | mixed, then the cards used",
    ),
    "fool": KeywordSpec(
        "player",
        "cards",
        "after a trick: the 1-point card the Fool's player gives the winner of the Fool's trick",
    ),
    "claim": KeywordSpec("word", "words", "the result written on paper: claim points: Anna +3 ..."),
}

OPTIONS = (
    Option(
        "fool",
        ("4", "5"),
        "PIE3-2",
        "the Fool's card points: 4 (129 in all, 43 to break even) or 5 (130; game points "
        "kept in thirds)",
    ),
    Option(
        "abundance-fool",
        ("plain", "trump"),
        "PIE3-6",
        "whether the Fool counts as a trump for Abundance",
    ),
    Option(
        "discard-in-pile",
        ("no", "yes"),
        "PIE3-7a",
        "whether the dealer may give the Fool's 1-point card from his discard (no: the "
        "discard is not his pile during play)",
    ),
)
