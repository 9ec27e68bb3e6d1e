"""Ligurian pinch tarot (taròcchi à pessigo): the rule set, its tables and notation keywords.

The replay lives in :mod:`scorer.games.pinch`, melds in :mod:`scorer.games.pinch.melds`, the
score sheet in :mod:`scorer.games.pinch.scoring`. Rulings PINCH-1 .. PINCH-8
(:data:`OWN_RULINGS`, with
their full text) decide what the rule text (:data:`SOURCE`) leaves open.

>>> from scorer.cards import Card
>>> RULES.winner([Card.parse("21"), Card.parse("20")])  # PINCH-1: 20 beats 21
1
>>> sum(POINTS) # PINCH-2: 52 card points
52
"""

from __future__ import annotations

from functools import cache

from ...cards import CARDS, FOOL, suit_card, trump
from ...cardset import mask_of
from ...record import KeywordSpec
from ...tricks import SUIT_MASKS, TRUMP_MASK, TrickRules
from ..base import Option, Ruling, Source

__all__ = [
    "BAGATTO",
    "BRIEF",
    "COURT_RANKS",
    "FAMILIES",
    "GATTI",
    "HAND_SIZE",
    "KEYWORDS",
    "KINDS",
    "OPTIONS",
    "OWN_RULINGS",
    "PACK",
    "POINTS",
    "RULINGS",
    "SOURCE",
    "STOCK_SIZE",
    "TRICKS",
    "TRUMPS",
    "rules",
]

#: The rulings this engine implements (its own, :data:`OWN_RULINGS`, and the general ones of
#: :mod:`scorer.rulings`), as the rules pages list them.
RULINGS: tuple[str, ...] = (*(f"PINCH-{n}" for n in range(1, 9)), "G-1", "G-2", "G-5", "G-6", "G-7")

#: The rule text the game follows, cited as it names itself (the rules pages, ``tarocco rules``).
SOURCE = Source(
    title="“Pinch” Tarot: a two-handed Ligurian tarot game",
    site="Sbiro.eu – Traditional Ligurian card games",
    based_on="the rules shared by Romano Romani and Patrizia Cuneo of Genoa",
)

#: The game in brief, for players (the rules pages, ``tarocco rules``).
BRIEF: tuple[tuple[str, str], ...] = (
    (
        "players",
        "Two, each for himself; the deal alternates.",
    ),
    (
        "pack",
        (
            "The 78-card tarot pack. The suits rank 1 to 10, J, C, Q, K; the trumps by "
            "number, except that 20 beats 21; and the Fool."
        ),
    ),
    (
        "deal",
        (
            "15 cards each; the other 48 are the stock. After each trick, while the stock "
            "lasts, the winner draws a card, then the loser."
        ),
    ),
    (
        "aim",
        (
            "Score more points than the opponent over the hands of a game: the counting "
            "cards and 1 point per two cards taken (the deck points), the melds and the "
            "Bagatto ultimo."
        ),
    ),
    (
        "play",
        (
            "The dealer's opponent leads first. Follow suit, else trump, else any card. The"
            " Fool is never captured: its owner covers it with a card of a later trick he "
            "wins. Melds (trumps, gatti, family, four and three of a kind) are declared "
            "before one's first card and after each draw."
        ),
    ),
    (
        "scoring",
        (
            "In points: each hand's melds, Bagatto ultimo and deck points (91 in all) on "
            "the score sheet; the higher total after the game's hands wins."
        ),
    ),
)

#: The game's own rulings (PINCH-1 ..): what its rule text leaves open, silent or
#: contradictory, decided; each with its title, its one line and its full text.
OWN_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "PINCH-1",
        "Ranking",
        (
            "Suits 1 .. 10, J, C, Q, K ascending in every suit (option pip-order=historic "
            "reverses the pips of hearts and diamonds); trumps by number, except that 20 "
            "beats 21."
        ),
        (
            "Suits 1 ... 10, J, C, Q, K ascending in every suit. Option `pip-order=historic` "
            "reverses the pips of hearts and diamonds (cups and coins). Trumps by number, "
            "except that 20 beats 21."
        ),
    ),
    Ruling(
        "PINCH-2",
        "Points",
        (
            "Bagatto (1), World (21), Fool and Kings 4; Queens 3; Cavaliers 2; Jacks 1; plus "
            "1 per two cards in a player's pile at the end: 91 in all (52 + 39)."
        ),
        (
            "Bagatto (1), World (21), Fool and Kings 4; Queens 3; Cavaliers 2; Jacks 1; plus "
            "1 per two cards in a player's pile at the end: 91 in all (52 + 39)."
        ),
    ),
    Ruling(
        "PINCH-3",
        "Deal and stock",
        (
            "15 cards each, 48 in the stock; the dealer's opponent leads first; after each "
            "trick while the stock lasts the winner draws, then the loser; the record lists "
            "the draws (a draw not the stock's next card, or out of turn, is impossible)."
        ),
        (
            "15 cards each; 48 in the stock. The dealer's opponent leads first. After each "
            "trick while the stock lasts, the winner draws, then the loser; every drawn card "
            "is shown, so the record lists the draws."
        ),
    ),
    Ruling(
        "PINCH-4",
        "Play",
        (
            "Follow suit, else trump, else any card; a trump lead is answered with a trump if"
            " able. Option overtrump=required: that trump must beat the one led if the player"
            " can."
        ),
        (
            "Follow suit; else trump; else any card. Trump led: trump if able. Option "
            "`overtrump=required`: a trump answering a trump lead must beat it if the player "
            "can."
        ),
    ),
    Ruling(
        "PINCH-5",
        "Melds",
        (
            "Before one's first card and after each of one's draws, with cards then in hand: "
            "trumps (10+, the Fool not one) 1 each, gatti (Fool, 1, 21) 10, family (J C Q K "
            "of a suit) 10, four of a kind 10, three of a kind 5. Trumps raised for the "
            "difference (still holding those declared); three raised to four for 5 more; each"
            " meld once a hand."
        ),
        (
            "Melds may be declared before the player's first card and after each of his "
            "draws, only with cards then in hand: Trumps (10 or more trumps, the Fool not "
            "counted) 1 per trump; Gatti (Fool, 1, 21) 10; Family (J C Q K of one suit) 10; "
            "Four of a kind (J, C, Q or K) 10; Three of a kind 5. One card may serve several "
            "melds. Trumps may be raised later (the player still holding all trumps already "
            "declared) for the difference; three of a kind may be raised to four for 5 more. "
            "Each meld is declared once per hand."
        ),
    ),
    Ruling(
        "PINCH-6",
        "The Fool",
        (
            "Always playable, never wins, never captured: led, the other card wins; second, "
            "the leader wins. Its owner covers it with a card of a trick he wins later, given"
            " to the opponent; not covered by the end, the Fool goes to the opponent (a "
            "violation if he had won a later trick)."
        ),
        (
            "The Fool may always be played, never wins and is never captured. Led, the other "
            "player's card wins; played second, the leader wins. Its owner takes it back and "
            "must cover it: on winning a later trick he gives the opponent one card of that "
            "trick (the record names it). Not covered by the end, the Fool goes to the "
            "opponent; failing to cover after winning a later trick is also a violation."
        ),
    ),
    Ruling(
        "PINCH-7",
        "Bagatto ultimo",
        (
            "Option bagatto-ultimo=on (default): the Bagatto played to the last trick scores "
            "20 for whoever wins that trick."
        ),
        (
            "Bagatto ultimo (option `bagatto-ultimo=on`, the default): I played to the last "
            "trick and winning it scores 20 for its player; losing it, 20 for the opponent."
        ),
    ),
    Ruling(
        "PINCH-8",
        "The game",
        (
            "A number of hands (default 2, option hands=N), the deal alternating; the higher "
            "total wins, equal totals draw; the sheet shows melds, Bagatto and deck points "
            "per hand."
        ),
        (
            "The game is a number of hands (default 2), the deal alternating; the higher "
            "total wins; equal totals are a draw. The score sheet shows melds, Bagatto and "
            "deck points per hand as in the rule text's example."
        ),
    ),
)

#: The 78-card tarot pack: every suit card, trumps 1..21, the Fool.
PACK = sum(SUIT_MASKS) | (TRUMP_MASK & ((1 << 77) - 1)) | FOOL.bit
TRUMPS = TRUMP_MASK & PACK  # the 21 numbered trumps (the Fool is not a trump for melds)
BAGATTO = trump(1)
WORLD = trump(21)
HAND_SIZE = 15  # PINCH-3: fifteen cards each
STOCK_SIZE = 48  # PINCH-3: the rest is the stock
TRICKS = 39  # 78 cards, two a trick
STOCK_TRICKS = STOCK_SIZE // 2  # tricks followed by draws (24)

#: PINCH-5: Gatti is the Fool with trumps 1 and 21.
GATTI = FOOL.bit | BAGATTO.bit | WORLD.bit
COURT_RANKS = (11, 12, 13, 14)  # J C Q K
#: Family of a suit: its J C Q K (by suit index).
FAMILIES = tuple(mask_of(suit_card(s, r) for r in COURT_RANKS) for s in range(4))
#: Cards of one court rank in the four suits (by rank 11..14).
KINDS = {r: mask_of(suit_card(s, r) for s in range(4)) for r in COURT_RANKS}
TRUMP_MELD = 10  # PINCH-5: ten trumps or more
KIND_MELD = 3  # PINCH-5: three or four cards of one court rank
#: PINCH-5, per card: the melds it takes part in, each as its cards and how many of them make
#: it (every trump: ten trumps; the Fool, 1 and 21: Gatti; a court: its family and its kind).
#: A draw can make a new meld only when the hand then holds that many of one of them.
MELDS_WITH: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (cards, least)
        for cards, least in (
            (TRUMPS, TRUMP_MELD),
            (GATTI, GATTI.bit_count()),
            *((family, family.bit_count()) for family in FAMILIES),
            *((kind, KIND_MELD) for kind in KINDS.values()),
        )
        if cards >> card & 1
    )
    for card in range(97)
)
RANK_LETTER = {11: "J", 12: "C", 13: "Q", 14: "K"}
RANK_NAME = {11: "jacks", 12: "cavaliers", 13: "queens", 14: "kings"}

_ASCENDING = (14, 13, 12, 11, *range(10, 0, -1))  # PINCH-1: K Q C J 10 .. 1, highest first
_HISTORIC = (14, 13, 12, 11, *range(1, 11))  # option pip-order=historic: ... J 1 2 .. 10
_TRUMP_ORDER = [*range(1, 20), 21, 20]  # PINCH-1: by number, except that 20 beats 21


@cache
def rules(historic: bool = False, overtrump: bool = False) -> TrickRules:
    """PINCH-1 and PINCH-4 as trick rules: suits ascending (hearts and diamonds reversed with
    ``pip-order=historic``), 20 over 21; follow suit, else trump; a trump lead answered with
    a trump (beating it when able with ``overtrump=required``). The Fool is always legal."""
    return TrickRules.simple(
        trump_order=_TRUMP_ORDER,
        black=_ASCENDING,
        red=_HISTORIC if historic else _ASCENDING,
        overtrump=overtrump,
    )


RULES = rules()


def _trumps_above() -> tuple[int, ...]:
    """For each trump of the pack, the trumps that beat it (PINCH-1: by number, 20 over 21;
    the same under every option) as a mask; 0 for other cards. A trump answering a trump
    lead must be one of them when the answer holds one (``overtrump=required``, PINCH-4)."""
    strength = RULES.strength
    trumps = [card for card in CARDS if card.is_trump and PACK >> card & 1]
    return tuple(
        sum(1 << t for t in trumps if strength[t] > strength[card]) if card in trumps else 0
        for card in CARDS
    )


TRUMPS_ABOVE = _trumps_above()


def _points() -> tuple[int, ...]:
    """PINCH-2: Bagatto, World, Fool and Kings 4; Queens 3; Cavaliers 2; Jacks 1 (52)."""
    table = [0] * 97
    for card in CARDS[:56]:
        table[card] = {14: 4, 13: 3, 12: 2, 11: 1}.get(card.rank, 0)
    for card in (BAGATTO, WORLD, FOOL):
        table[card] = 4
    return tuple(table)


POINTS = _points()

#: Meld kinds (PINCH-5), canonical name and accepted spellings.
MELD_WORDS = {
    "trumps": ("trumps", "tarocchi", "taroks", "trump"),
    "gatti": ("gatti", "gatto"),
    "family": ("family", "famiglia", "familia"),
    "four": ("four", "four-of-a-kind", "quattro", "4-of-a-kind"),
    "three": ("three", "three-of-a-kind", "tre", "3-of-a-kind"),
}

KEYWORDS = {
    "hand": KeywordSpec("player", "cards", "the fifteen cards dealt to a player (PINCH-3)"),
    "stock": KeywordSpec("none", "cards", "the 48 cards of the stock, top first (PINCH-3)"),
    "draw": KeywordSpec(
        "player", "cards", "the card a player draws after a trick, winner first (PINCH-3)"
    ),
    "meld": KeywordSpec(
        "player", "mixed", "a meld shown: trumps|gatti|family|four|three and its cards (PINCH-5)"
    ),
    "cover": KeywordSpec(
        "player", "cards", "the card the Fool's owner gives to cover it (PINCH-6)"
    ),
    "claim": KeywordSpec(
        "word",
        "words",
        "the hand's totals written on the sheet: claim points: Anna 58 Bruno 75 (PINCH-8)",
    ),
}

OPTIONS = (
    Option(
        "pip-order",
        ("ascending", "historic"),
        "PINCH-1",
        "suit cards 1..10 ascending in every suit, or reversed in hearts and diamonds",
    ),
    Option(
        "overtrump",
        ("free", "required"),
        "PINCH-4",
        "a trump answering a trump lead may be any trump, or must beat it when able",
    ),
    Option(
        "bagatto-ultimo",
        ("on", "off"),
        "PINCH-7",
        "20 points for the Bagatto played to the last trick, to whoever wins that trick",
    ),
    Option(
        "hands",
        ("2", "1", "3", "4", "5", "6", "8", "10"),
        "PINCH-8",
        "hands in a game; the higher total after them wins",
    ),
)
