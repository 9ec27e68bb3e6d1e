"""Mitigatti of Nice (Cason 1930): the rule set, its tables and its notation keywords.

The replay lives in :mod:`scorer.games.nice`, the payments in :mod:`scorer.games.nice.scoring`.
Rulings NICE-1 .. NICE-18 (:data:`OWN_RULINGS`, with
their full text) decide what the rule text (:data:`SOURCE`) leaves open.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from ...cards import CARDS, FOOL, suit_card, trump
from ...cardset import mask_of
from ...record import KeywordSpec
from ...tricks import SUIT_MASKS, TRUMP_MASK, TrickRules
from ..base import Option, Ruling, Source

__all__ = [
    "BRIEF_3",
    "BRIEF_4",
    "COMBINATIONS",
    "KEYWORDS_3",
    "KEYWORDS_4",
    "KINGS",
    "OPTIONS_3",
    "OPTIONS_4",
    "OWN_RULINGS",
    "PACK",
    "RULES",
    "RULINGS",
    "SOURCE",
    "card_points",
    "honours",
    "trick_rules",
]

#: The rulings this engine implements (its own, :data:`OWN_RULINGS`, and the general ones of
#: :mod:`scorer.rulings`), as the rules pages list them.
RULINGS: tuple[str, ...] = (
    *(f"NICE-{n}" for n in range(1, 19)),
    *("NICE-5a", "NICE-9a"),
    *("G-1", "G-2", "G-3", "G-4", "G-4a", "G-5", "G-6", "G-7"),
)

#: The rule text the game follows, cited as it names itself (the rules pages, ``tarocco rules``).
SOURCE = Source(
    title="Mitigatti (Nice, 1930)",
    site="Tarot Games",
    based_on="François Cason, Les Jeux de Cartes à Nice, Armanac Nissart, 1930",
)

#: The four-player game in brief, for players (the rules pages, ``tarocco rules``).
BRIEF_4: tuple[tuple[str, str], ...] = (
    (
        "players",
        (
            "Four. The dealer calls a King he lacks and its holder, unknown to the others, "
            "is his partner; or one player plays Solo against the other three. Deal and "
            "play go to the right (anticlockwise)."
        ),
    ),
    (
        "pack",
        (
            "The 78-card tarot pack: four suits of 14 cards, 21 Tarots and the Fool. The "
            "Honours are XX (the Angel, the highest Tarot), I (the Bagatte) and the Fool; "
            "the Papotes V to II are equal."
        ),
    ),
    (
        "deal",
        (
            "9 cards each, then 10 each and 2 more to the dealer. After each round each "
            "player says keep or mountain; if all say mountain the same dealer deals again."
            " The dealer discards 2 cards, neither Kings nor Honours."
        ),
    ),
    (
        "aim",
        (
            "The dealer's side (or the Solo) wins the Partida with 37 of the 72 points: "
            "card points (Honours and Kings 4, Queens 3, Cavaliers 2, Jacks 1), 1 per trick"
            " and 1 for the discard."
        ),
    ),
    (
        "play",
        (
            "Eldest leads. Follow suit, else play a Tarot (any Tarot: no overtrumping), "
            "else any card; the Fool never wins. 10 Tarocche, Mitigatti (the three Honours)"
            " and Quatre Rei (the four Kings) are declared during play; Bagatte Ultimu is "
            "the I played to the last trick."
        ),
    ),
    (
        "scoring",
        (
            "In marca, each player starting with 10: the Partida 1 marca per opponent, "
            "doubled if a side has under 18 points and again sans prendre; every "
            "declaration and Bagatte Ultimu is paid by each other player."
        ),
    ),
)

#: The three-player game in brief.
BRIEF_3: tuple[tuple[str, str], ...] = (
    (
        "players",
        (
            "Three, each for himself: no call and no Solo. Deal and play go to the right "
            "(anticlockwise)."
        ),
    ),
    (
        "pack",
        (
            "The 78-card tarot pack: four suits of 14 cards, 21 Tarots and the Fool. The "
            "Honours are XX (the Angel, the highest Tarot), I (the Bagatte) and the Fool; "
            "the Papotes V to II are equal."
        ),
    ),
    (
        "deal",
        (
            "9, 6 and 10 cards each and 3 more to the dealer; after each round keep or "
            "mountain, as with four players. The dealer discards 3 cards, neither Kings nor"
            " Honours."
        ),
    ),
    (
        "aim",
        (
            "Take the most of the 78 points: card points, 1 per trick, and 1 for the "
            "discard to the dealer."
        ),
    ),
    (
        "play",
        (
            "Eldest leads. Follow suit, else play a Tarot, else any card. The declarations "
            "and Bagatte Ultimu are those of the four-player game."
        ),
    ),
    (
        "scoring",
        (
            "In marca: a player with 13 to 25 points pays 1 to the top scorer, one with "
            "fewer than 13 pays 2; a tie for most puts the third player's payment in "
            "abeyance for the next hand."
        ),
    ),
)

#: The game's own rulings (NICE-1 ..): what its rule text leaves open, silent or
#: contradictory, decided; each with its title, its one line and its full text.
OWN_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "NICE-1",
        "Card points",
        (
            "Honours (XX, I, Fool) and Kings 4, Queens 3, Cavaliers 2, Jacks 1: 52 card "
            "points. Option honours=world makes XXI the Honour instead of XX."
        ),
        (
            "The three Honours are XX (the Angel), I (the Bagatte) and the Fool (Fuole). "
            "Honours and Kings 4 each, Queens 3, Cavaliers 2, Jacks 1, all other cards 0: 52 "
            'card points. The text\'s "62" contradicts its own totals (62+19+1 is not 72; '
            "62+25+1 is not 78); 52 makes both hold. Option `honours=world`: XXI replaces XX "
            "as an Honour (the Ligurian reading); values and total are unchanged."
        ),
    ),
    Ruling(
        "NICE-2",
        "Side totals",
        (
            "Card points plus 1 per trick, plus 1 for the discard to the dealer's side: 72 "
            "with four players, 78 with three."
        ),
        (
            "A side scores its card points, 1 point per trick won, and the dealer's side 1 "
            "point for the discard: 72 in all with four players (52+19+1), 78 with three "
            "(52+25+1)."
        ),
    ),
    Ruling(
        "NICE-3",
        "The Fool",
        (
            "Never wins, never captured; its 4 points stay with the side that played it; the "
            "trick's point goes to its winner."
        ),
        (
            "The Fool never wins a trick and is never captured; its 4 points count for the "
            "side of the player who played it; no card is given in exchange. The trick it was"
            " played to still counts 1 trick point for its winner."
        ),
    ),
    Ruling(
        "NICE-4",
        "Trick winner",
        "Trumps rank XX, XXI, XIX .. VI, the equal Papotes V-II (the last played wins), then I.",
        (
            "Trumps rank XX, XXI, XIX, XVIII ... VI, then the Papotes V, IV, III, II, which "
            "are equal, then I. When the best trumps in a trick are Papotes, the last of them"
            " played wins."
        ),
    ),
    Ruling(
        "NICE-5",
        "Dealing and the mountain",
        (
            "9 then 10 (+2 to the dealer) with four; 9, 6, 10 (+3) with three. After each "
            "round players say keep or mountain from eldest; the first keep ends it; all "
            "mountain throws the deal in, same dealer."
        ),
        (
            "Four players: 9 each, then 10 each and 2 more to the dealer (21 vs 19). Three "
            "players: 9, 6, 10 each and 3 more to the dealer (28 vs 25). After each round the"
            " players speak in turn from eldest: `keep` or `mountain`. The first `keep` ends "
            "the speaking and the deal goes on; if all say `mountain` the deal is thrown in "
            "and the same dealer deals again. A record lists the words spoken; a thrown-in "
            "deal needs no play."
        ),
    ),
    Ruling(
        "NICE-5a",
        "Every round's words",
        (
            "A record lists the words of every round up to its last (a deal thrown in after "
            "round 2 has mountain 1: and mountain 2:); a later round written without an "
            "earlier one is partial (G-7), with a note naming the round, never thrown in."
        ),
        (
            "A record lists the words of every round spoken up to its last: a thrown-in deal "
            "after the second round has `mountain 1:` (ending in `keep`) and `mountain 2:`. A"
            " record whose later round is written without an earlier one is missing words: it"
            " is partial (G-7), with a note naming the round, and never reported as thrown "
            "in."
        ),
    ),
    Ruling(
        "NICE-6",
        "Discard",
        (
            "The dealer discards 2 (four players) or 3 (three); no Kings or Honours; Tarots "
            "discarded must be announced by number; the discard counts for the dealer's side."
        ),
        (
            "Four players: the dealer discards 2; three players: 3. Kings and Honours (so "
            "also the Fool) may not be discarded. If the discard contains Tarots the dealer "
            "announces how many; the record carries the announced number and a wrong or "
            "missing announcement is a violation. The discard counts for the dealer's side "
            "(NICE-2)."
        ),
    ),
    Ruling(
        "NICE-7",
        "Solo",
        (
            "Asked from eldest to the dealer; the Solo may call any card but the Fool and "
            "gives a card back; sans prendre doubles partida and Bagatte. A called card in "
            "the discard means no exchange (option called-in-discard=sans-prendre)."
        ),
        (
            "After the discard, eldest, then each player in turn and the dealer last, is "
            'asked "Cü va solete?"; the first to accept plays Solo. The Solo player may call '
            "any card except the Fool; its holder gives it and receives a card of the Solo "
            "player's choice (the record names both). `sans prendre` (no call) doubles the "
            "partida and Bagatte payments. If the called card lies in the dealer's discard, "
            "no exchange happens and the Solo is played as called (not doubled). Option "
            "`called-in-discard=sans-prendre`."
        ),
    ),
    Ruling(
        "NICE-8",
        "Calling a partner",
        (
            "Without a Solo the dealer calls a King he lacks; with all four he calls XX; with"
            " all four and XX he must play Solo. The holder is a secret partner."
        ),
        (
            "With no Solo, the dealer calls a King he does not hold; holding all four, he "
            "calls XX. Holding all four Kings and XX, he must play Solo (with the right to "
            "call a card). The holder of the called card is his secret partner."
        ),
    ),
    Ruling(
        "NICE-9",
        "Calling one's own card",
        (
            "The caller must play Solo sans prendre or surrender: pay 1 to each, every "
            "combination held is paid, the deal ends."
        ),
        (
            "A player who calls a card he holds must either play Solo sans prendre or "
            "surrender: he pays 1 marca to each other player, every player holding a "
            "declarable combination (10 Tarocche, Mitigatti, Quatre Rei) at that moment is "
            "paid for it, and the deal ends. The record states the choice."
        ),
    ),
    Ruling(
        "NICE-9a",
        "A word that does not apply",
        (
            "A word on a line (or in an annotation) that does not apply, such as surrender "
            "when the called card lies in the discard, is an error with its location, never "
            "ignored."
        ),
        (
            "A word on a `call` line that does not apply to the situation (such as "
            "`surrender` when the called card is not the caller's own, e.g. it lies in the "
            "dealer's discard) is an error with its location, as on every other line; it is "
            "never silently ignored."
        ),
    ),
    Ruling(
        "NICE-10",
        "First lead",
        "Eldest leads to the first trick; option first-lead=declarer lets the Solo player lead.",
        (
            "Eldest leads to the first trick in every case. Option `first-lead=declarer` (the"
            " Solo player leads, as Dummett reads it)."
        ),
    ),
    Ruling(
        "NICE-11",
        "No overtrumping",
        "A player who must play a Tarot may play any Tarot.",
        "A player who must play a Tarot may play any Tarot.",
    ),
    Ruling(
        "NICE-12",
        "10 Tarocche",
        (
            "Ten or more Tarots (the Fool counts), exactly ten shown before the holder's "
            "first play, held at that moment."
        ),
        (
            "At least 10 Tarots in hand, the Fool counting as a Tarot, shown (exactly 10 "
            "cards named) before the holder's first play. The shown cards must be in the hand"
            " at that moment (after discard and any Solo exchange)."
        ),
    ),
    Ruling(
        "NICE-13",
        "Mitigatti and Quatre Rei",
        (
            "All three Honours / all four Kings held when play began, declared with the play "
            "of the last of them (option declaration-timing=lenient: any time during play)."
        ),
        (
            "Valid if the player held all three Honours (all four Kings) when play began; "
            "declared together with the play of the last of them. A declaration anywhere else"
            " is a violation and is not paid. Option `declaration-timing=lenient` accepts any"
            " point during the play."
        ),
    ),
    Ruling(
        "NICE-14",
        "Bagatte Ultimu",
        (
            "The holder of I who obeys the lead rule and plays I to the last trick receives 2"
            " from each if it wins, pays 2 to each if beaten (Petar Bagatte); otherwise "
            "nothing."
        ),
        (
            "Bagatte Ultimu needs no announcement. The holder of I when play began is "
            "attempting while he keeps I and obeys the lead rule: once he has led a plain "
            "suit, each time he is next on lead he must lead that same suit while he holds "
            "any of it (then he is free again, and the rule restarts with the next plain suit"
            " he leads; leading a Tarot or the Fool while still bound breaks the rule). If he"
            " is attempting and plays I to the last trick: it wins, he receives 2 marca from "
            "each other player; it is beaten, he pays 2 to each (Petar Bagatte). If he broke "
            "the lead rule, or played I earlier, nothing is paid either way. A Solo player "
            "who called I may attempt it."
        ),
    ),
    Ruling(
        "NICE-15",
        "Partida (four players)",
        (
            "37 of 72 wins; 1 marca per opponent (Solo collects 3; partners 1 each); doubled "
            "if a side has under 18, doubled again sans prendre."
        ),
        (
            "The declarer's side wins with 37 or more of 72. Solo: each opponent pays the "
            "Solo 1 marca (or receives 1 if the Solo loses). Partnership: each opponent pays "
            "1 marca and the declarer and partner each receive 1 (reversed on a loss). If "
            "either side has fewer than 18 points the amounts double; sans prendre doubles "
            "again (multiplicative: a sans-prendre Solo under 18 moves 4 marca per opponent)."
        ),
    ),
    Ruling(
        "NICE-16",
        "Declarations and Bagatte are personal",
        (
            "Paid by each other player, partner included; sans prendre doubles Bagatte "
            "payments, not declarations."
        ),
        (
            "Each is paid by each other player, partner included; sans prendre doubles every "
            "Bagatte payment of that hand, whoever makes it, but not declarations (1 marca "
            "from each other player per declaration)."
        ),
    ),
    Ruling(
        "NICE-17",
        "Three players",
        (
            "13 to 25 points pay 1 to the top scorer, under 13 pay 2; a tie for most puts the"
            " third's payment in abeyance for the next sole top scorer; a three-way tie pays "
            "nothing."
        ),
        (
            "No Solo, no call; eldest leads. With 78 points: each player with 13 to 25 points"
            " pays 1 marca to the player with most; each player with fewer than 13 pays 2. If"
            " two players tie for most, the third player's payment goes into abeyance and is "
            "collected by the sole top scorer of the next hand of the session; an open "
            "abeyance at the session's end is shown as such. Three-way ties pay nothing."
        ),
    ),
    Ruling(
        "NICE-18",
        "Marca ledger",
        (
            "Each player starts the session with 10 marca; balances may go below zero; every "
            "hand is zero-sum."
        ),
        (
            "Each player starts a session with 10 marca. Balances may go below zero. The "
            "ledger is zero-sum over every hand."
        ),
    ),
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
