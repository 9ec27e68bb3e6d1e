"""Piedmontese three-hand Tarocchi with bargaining: the rule set, its tables and keywords.

The replay lives in :mod:`scorer.games.piemonte3`; the bargaining in
:mod:`scorer.games.piemonte3.bargain`, the declarations in :mod:`scorer.games.piemonte3.declare`,
the payments in :mod:`scorer.games.piemonte3.scoring`. Rulings PIE3-1 .. PIE3-8
(:data:`OWN_RULINGS`, with
their full text) decide what the rule text (:data:`SOURCE`) leaves open.

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
from ..base import Option, Ruling, Source
from ..engine import PlayTable

__all__ = [
    "ANGEL",
    "BAGATTO",
    "BRIEF",
    "DEAL_ROUNDS",
    "HONOURS",
    "KEYWORDS",
    "KINGS",
    "OPTIONS",
    "OWN_RULINGS",
    "PACK",
    "RULES",
    "RULINGS",
    "SOURCE",
    "TRUMPS",
    "card_points",
    "play_table",
]

#: The rulings this engine implements (its own, :data:`OWN_RULINGS`, and the general ones of
#: :mod:`scorer.rulings`), as the rules pages list them.
RULINGS: tuple[str, ...] = (
    *(f"PIE3-{n}" for n in range(1, 9)),
    "PIE3-7a",
    *("G-1", "G-2", "G-3", "G-4", "G-4a", "G-5", "G-6", "G-7"),
)

#: The rule text the game follows, cited as it names itself (the rules pages, ``tarocco rules``).
SOURCE = Source(
    title="Tarocchi",
    author="Philebus",
    site="Queen of Tarot",
)

#: The game in brief, for players (the rules pages, ``tarocco rules``).
BRIEF: tuple[tuple[str, str], ...] = (
    (
        "players",
        "Three, each for himself. Deal and play go to the right (anticlockwise).",
    ),
    (
        "pack",
        (
            "The 78-card Piedmontese pack. The Angel (XX) is the highest trump, then XXI, "
            "XIX down to I. The Honours are the Angel, the Bagatto (I) and the Fool."
        ),
    ),
    (
        "deal",
        (
            "25 cards each in packets of 5, the dealer's last packet 8. After the second, "
            "third and fourth rounds the players bargain: demands and offers may end the "
            "hand with a payment. The dealer discards 3 cards, neither Honours nor Kings."
        ),
    ),
    (
        "aim",
        (
            "Take more than 43 of the 129 card points (the Angel, the Bagatto and the Kings"
            " 5, the Fool and the Queens 4, Cavaliers 3, Valets 2, every other card 1)."
        ),
    ),
    (
        "play",
        (
            "First the declarations (Abundance, Kings, Mitigati, Mixed Honours). Then "
            "follow suit, else trump, else any card. The Fool excuses any play and is taken"
            " back for a 1-point card."
        ),
    ),
    (
        "scoring",
        (
            "In game points: each player's card points minus 43, plus the declarations and "
            "the bargains; every hand is zero-sum."
        ),
    ),
)

#: The game's own rulings (PIE3-1 ..): what its rule text leaves open, silent or
#: contradictory, decided; each with its title, its one line and its full text.
OWN_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "PIE3-1",
        "Cards",
        (
            "Honours XX (the Angel), I (the Bagatto) and the Fool; trumps XX, XXI, XIX .. I "
            "(the Angel highest); swords and batons K Q C V 10 .. 1, cups and coins K Q C V 1"
            " .. 10."
        ),
        (
            "Honours: XX (the Angel), I (the Bagatto), the Fool. Trumps XX, XXI, XIX ... I "
            "(the Angel highest). Swords and batons K Q C V 10 ... 1; cups and coins K Q C V "
            "1 ... 10."
        ),
    ),
    Ruling(
        "PIE3-2",
        "Points, counted singly",
        (
            "Angel and Bagatto 5, Fool 4, Kings 5, Queens 4, Cavaliers 3, Valets 2, all else "
            "1: 129 = 3 x 43. Option fool=5: the Fool counts 5, 130 in all, game points kept "
            "in thirds."
        ),
        (
            "Angel 5, Bagatto 5, Fool 4, Kings 5, Queens 4, Cavaliers 3, Valets 2, every "
            'other card 1: 129 = 3 × 43, the totals the text states. (Its table\'s "Honours 5"'
            " gives 130, which cannot split into thirds of 43; the traditional Piedmontese "
            "value of the Fool is 4.) Option `fool=5`: the Fool counts 5, the break-even is "
            "130/3 and game points are kept in exact thirds."
        ),
    ),
    Ruling(
        "PIE3-3",
        "Deal",
        (
            "Five rounds of packets of 5, the dealer's last packet 8 (25, 25, 28); bargaining"
            " sessions after rounds 2, 3 and 4."
        ),
        (
            "Five rounds of packets of 5; the dealer's last packet is 8 (25, 25, 28). "
            "Bargaining sessions follow rounds 2, 3 and 4."
        ),
    ),
    Ruling(
        "PIE3-4",
        "Bargaining",
        (
            "From eldest: pass, demand N, offer N or continue (ends the session). After a "
            "demand d: pass, demand less, or offer; after an offer o: pass or offer more. "
            "Once all three have spoken, demands equal to offers (a pass is 0) throw the hand"
            " in: offerers pay, demanders receive; all passing pays nothing."
        ),
        (
            'Speakers in turn from eldest. Each may: pass; demand N; offer N; "continue" '
            "(ends the session, the deal goes on). After a pass a player may later pass, "
            "demand or offer; after demanding d: pass, demand less than d, or offer; after "
            "offering o: pass or offer more than o. Once all three have spoken in the "
            "session, as soon as the standing demands equal the standing offers (a pass "
            "stands for 0), the hand is thrown in: each offerer pays his offer, split among "
            "the demanders by their demands. All three passing throws the hand in with no "
            "payment."
        ),
    ),
    Ruling(
        "PIE3-5",
        "Discard",
        "The dealer discards 3, neither Honours nor Kings; they count for him.",
        "The dealer discards 3, no Honour (so not the Fool) and no King; they count for him.",
    ),
    Ruling(
        "PIE3-6",
        "Declarations",
        (
            "After the discard, paid by each opponent: Abundance (10+ trumps, the Fool not "
            "one; option abundance-fool=trump) 10 + 1 per trump over 10; Kings 20 + 5 per "
            "Honour added; Mitigati 15 + 5 per King added; Mixed Honours (4+ Kings and "
            "Honours, one of each at least) 10 + 5 per card over 4. Abundance cards may serve"
            " one other; a card serves at most one of the others. A better grouping held is "
            "noted."
        ),
        (
            "Declarations after the discard, before play, paid by each opponent in game "
            "points: Abundance, 10 or more trumps (the Fool not a trump; option "
            "`abundance-fool=trump`), shown: 10 + 1 per trump over 10. Kings, all four: 20 + "
            "5 per Honour added. Mitigati, all three Honours: 15 + 5 per King added. Mixed "
            "Honours, Kings and Honours totalling 4 or more, at least one of each: 10 + 5 per"
            " card over 4. Abundance cards may also serve one other declaration; a card "
            "serves at most one of Kings, Mitigati, Mixed Honours (and cards used in one "
            'cannot be "added" to another). The record lists the cards of each declaration; '
            "the engine checks them and notes when a higher legal grouping existed."
        ),
    ),
    Ruling(
        "PIE3-7",
        "The Fool",
        (
            "Excuses any play, never wins; its player takes it back and gives the trick's "
            "winner a 1-point card from his pile as soon as he has one; with none by the end,"
            " the Fool goes to that winner."
        ),
        (
            "The Fool excuses any play, never wins; after the trick its player takes it and "
            "gives the trick's winner a 1-point card from his own pile, as soon as he has "
            "one. If he has none by the end, the Fool goes to that trick's winner instead."
        ),
    ),
    Ruling(
        "PIE3-7a",
        "The discard is not the dealer's pile during play",
        (
            "The dealer cannot give the Fool's 1-point card from his discard (default "
            "discard-in-pile=no); option discard-in-pile=yes lets him."
        ),
        (
            "The dealer's three discarded cards count for him at the end (PIE3-5) but are not"
            " in his trick pile while the hand is played, so he cannot give the Fool's "
            "1-point card from them. Default `discard-in-pile=no`; option "
            "`discard-in-pile=yes` lets him."
        ),
    ),
    Ruling(
        "PIE3-8",
        "Settlement",
        (
            "Each player's card points (the discard to the dealer) minus 43 in game points, "
            "plus declarations and bargains; zero-sum."
        ),
        (
            "Each player's card points (the dealer's discard included) minus 43, in game "
            "points; plus declarations and bargains. Zero-sum."
        ),
    ),
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
