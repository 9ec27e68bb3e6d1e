"""Tarocchi of Piedicavallo: the rule set as tables, its options and its notation keywords.

The replay lives in :mod:`scorer.games.piedicavallo`, the table talk in
:mod:`scorer.games.piedicavallo.talk`, the game of four deals in
:mod:`scorer.games.piedicavallo.session`. Rulings PIE-1 .. PIE-7 (:data:`OWN_RULINGS`, with
their full text) decide what the rule text (:data:`SOURCE`) leaves open.
"""

from __future__ import annotations

from ...cards import CARDS, FOOL, PIEDICAVALLO_PACK, suit_card, trump
from ...cardset import mask_of
from ...claims import CLAIM_KEYWORD
from ...record import KeywordSpec
from ...tricks import SUIT_MASKS, TRUMP_MASK, TrickRules
from ..base import Option, Ruling, Source
from ..engine import PlayTable

__all__ = [
    "AVERAGE",
    "BRIEF",
    "DEALER_CARDS",
    "DISCARD_SIZE",
    "FIVES",
    "HAND_SIZE",
    "KEYWORDS",
    "OPTIONS",
    "OWN_RULINGS",
    "PACK",
    "POINTS",
    "RULES",
    "RULINGS",
    "SOURCE",
    "TABLE",
    "TOTAL",
    "TRUMPS",
    "TRUMPS_NAME",
]

#: The rulings this engine implements (its own, :data:`OWN_RULINGS`, and the general ones of
#: :mod:`scorer.rulings`), as the rules pages list them.
RULINGS: tuple[str, ...] = (
    *(f"PIE-{n}" for n in range(1, 8)),
    "PIE-5a",
    "G-1",
    "G-2",
    "G-3",
    "G-6",
    "G-7",
)

#: The rule text the game follows, cited as it names itself (the rules pages, ``tarocco rules``).
SOURCE = Source(
    title="Tarocchi in Piedicavallo",
    based_on=(
        "the description by Zorio Prachin Gian Vittorio on the Pro Loco Piedicavallo web "
        "site, and games played in Piedicavallo by John McLeod and Sally Prime in May 2011"
    ),
)

#: The game in brief, for players (the rules pages, ``tarocco rules``).
BRIEF: tuple[tuple[str, str], ...] = (
    (
        "players",
        (
            "Four, in fixed partnerships, partners sitting opposite. Deal and play go to "
            "the right (anticlockwise). Partners may talk about their cards within set "
            "limits (table talk)."
        ),
    ),
    (
        "pack",
        (
            "62 cards: swords and batons King to 5, cups and coins King to 6, trumps 21 "
            "(the highest) down to 1, and the Fool."
        ),
    ),
    (
        "deal",
        (
            "15 cards each and 17 to the dealer, who discards 2 (no 5-point card) and says "
            "how many trumps he discarded."
        ),
    ),
    (
        "aim",
        (
            "Take more of the 114 card points than the other side over four deals (Kings, "
            "21, 1 and the Fool 5; Queens 4; Cavaliers 3; Jacks 2; every other card 1)."
        ),
    ),
    (
        "play",
        (
            "Follow suit, else trump, else any card. The Fool may be played to any trick "
            "and never wins. A side that takes every trick makes a vola."
        ),
    ),
    (
        "scoring",
        (
            "The side ahead keeps its lead over the average of 57 a deal from deal to deal;"
            " more than 57 ahead after three deals ends the game; a tie after four deals, "
            "two more deals."
        ),
    ),
)

#: The game's own rulings (PIE-1 ..): what its rule text leaves open, silent or
#: contradictory, decided; each with its title, its one line and its full text.
OWN_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "PIE-1",
        "Pack",
        (
            "62 cards: swords and batons K Q C J 10..5, cups and coins K Q C J 1..6, trumps "
            "21 (highest) .. 1, the Fool."
        ),
        (
            "62 cards: swords and batons K Q C J 10 9 8 7 6 5; cups and coins K Q C J 1 2 3 4"
            " 5 6; trumps 21 (highest) ... 1; the Fool."
        ),
    ),
    Ruling(
        "PIE-2",
        "Points, counted singly",
        "Kings, 21, 1 and the Fool 5; Queens 4; Cavaliers 3; Jacks 2; every other card 1: 114.",
        "Kings, 21, 1 and the Fool 5; Queens 4; Cavaliers 3; Jacks 2; every other card 1: 114.",
    ),
    Ruling(
        "PIE-3",
        "Deal and discard",
        (
            "15 each to right, partner, left, 17 to the dealer, who discards 2: no 5-point "
            "card; other trumps only if the hand kept holds only trumps and 5-point cards, or"
            " no trump; the trumps discarded announced; the discard counts for the dealer's "
            "side if it wins a trick."
        ),
        (
            "15 each to right, partner, left; 17 to the dealer, who discards 2. No 5-point "
            "card may be discarded. Other trumps only if, after discarding, the hand holds "
            "only trumps and 5-point cards (Kings, the Fool), or no trumps at all. The dealer"
            " announces how many trumps he discarded (checked). The discard counts for the "
            "dealer's side only if that side wins a trick."
        ),
    ),
    Ruling(
        "PIE-4",
        "Play and the Fool",
        (
            "Follow suit, else trump, else any card. The Fool may be played to any trick, "
            "never wins, goes to its side's pile and counts if that side wins a trick; led, "
            "the second card sets the suit."
        ),
        (
            "The Fool may be played to any trick and is never obliged (except as the last "
            "card); it never wins, goes to its side's pile and counts only if that side wins "
            "a trick. Led, the second card sets the suit (G-3)."
        ),
    ),
    Ruling(
        "PIE-5",
        "Table talk",
        (
            "Remarks attached to plays are checked: with a trump or the Fool only trumps and "
            "the Fool; with a suit card that suit, or the other colour unnamed; requests "
            "within the same limits; the dealer's sleeping cards likewise; every statement "
            "true of the hand just after the card. Option remark-counts=at-least."
        ),
        (
            "Table talk is recorded as a structured remark attached to a play, and checked. "
            "When playing a trump or the Fool, a player may speak only of trumps and the Fool"
            " (named cards held, and a count of others). When playing a suit card: of that "
            'suit (named cards or a count), or of "the other colour" without naming which '
            "suit; never of the other suit of the same colour, nor of trumps. Requests to "
            "partner (win this, play low, put points, play a named card of the suit being "
            "played, lead a suit or trumps) follow the same limits. The dealer may speak of "
            'his discard ("sleeping" cards) under the same limits. Every statement about held'
            " cards must be true of the hand just after the card is played. A breach is a "
            "violation (G-1)."
        ),
    ),
    Ruling(
        "PIE-5a",
        "Requests with the Fool",
        (
            "A trump lead is asked for only while playing a trump, not the Fool; with a trump"
            " or the Fool one may ask for the Fool or a named trump in the current trick."
        ),
        (
            "A request to lead trumps may be made only while playing a trump, not the Fool "
            '(the rule text: "a trump lead can only be requested if you are currently playing a '
            'trump"). While playing a trump or the Fool, a request to play the Fool or a '
            "named trump in the current trick is allowed (the Fool goes with the trumps for "
            "talk)."
        ),
    ),
    Ruling(
        "PIE-6",
        "Deal score",
        (
            "A side's points are the cards it won; a side winning every trick (vola) has all "
            "114; a side winning no trick gives up its Fool and, if it dealt, its discard."
        ),
        (
            "A side's points are the cards it won; a side that wins every trick (vola) has "
            "all 114. A side that wins no trick gives up its Fool and, if it dealt, its "
            "discard."
        ),
    ),
    Ruling(
        "PIE-7",
        "The game",
        (
            "Four deals; each side's lead is kept over the average of 57 a deal; more than 57"
            " ahead after three deals ends the game; a tie after four: two more deals, then a"
            " draw. A deal recorded after the game ended is shown, not counted."
        ),
        (
            "Four deals, one per dealer. Each side's lead is kept as points above the average"
            " (57 a deal). The side ahead after four deals wins; if one side leads by more "
            "than 57 after three deals the game ends there. A tie after four deals: two more "
            "deals; still tied after them, a draw."
        ),
    ),
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
