"""Minchiate (97 cards, 40 trumps): the pack, counting values, versicole and notation keywords.

The replay lives in :mod:`scorer.games.minchiate`, the marks and rests in
:mod:`scorer.games.minchiate.scoring`. Rulings MIN-1 .. MIN-16 (:data:`OWN_RULINGS`, with
their full text) decide what the rule text (:data:`SOURCE`) leaves open.

>>> from scorer.cardset import CardSet
>>> versicola_total(int(CardSet.parse("1 2 3")))
11
>>> versicola_total(int(CardSet.parse("1 Fool 40")))
20
>>> versicola_total(int(CardSet.parse("1 13 28")))
15
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ...cards import CARDS, FOOL, suit_card, trump
from ...cardset import mask_of
from ...claims import CLAIM_KEYWORD
from ...record import KeywordSpec
from ...tricks import SUIT_MASKS, TRUMP_MASK, TrickRules
from ...wording import ITALIAN, Wording
from ..base import Option, Ruling, Source

__all__ = [
    "BRIEF",
    "COUNTING",
    "KEYWORDS",
    "KINGS",
    "OPTIONS",
    "OWN_RULINGS",
    "PACK",
    "RULES",
    "RULINGS",
    "SOPRAVENTI",
    "SOURCE",
    "VALUE",
    "Versicola",
    "versicola_total",
    "versicole",
]

#: The rulings this engine implements (its own, :data:`OWN_RULINGS`, and the general ones of
#: :mod:`scorer.rulings`), as the rules pages list them.
RULINGS: tuple[str, ...] = (
    *(f"MIN-{n}" for n in range(1, 8)),
    "MIN-7a",
    "MIN-8",
    "MIN-8a",
    "MIN-8b",
    *(f"MIN-{n}" for n in range(9, 12)),
    "MIN-11a",
    *(f"MIN-{n}" for n in range(12, 17)),
    "G-1",
    "G-2",
    "G-3",
    "G-5",
    "G-6",
    "G-7",
)

#: The rule text the game follows, cited as it names itself (the rules pages, ``tarocco rules``).
SOURCE = Source(
    title="Minchiate",
    site="tarock.info",
    url="http://www.tarock.info/Minchiatta.htm",
    based_on=(
        "Michael Dummett and John McLeod, A History of Games Played with the Tarot Pack, "
        "Mellen Press, 2004"
    ),
)

#: The game in brief, for players (the rules pages, ``tarocco rules``).
BRIEF: tuple[tuple[str, str], ...] = (
    (
        "players",
        (
            "Four, in two partnerships, partners sitting opposite. Deal and play go to the "
            "right (anticlockwise)."
        ),
    ),
    (
        "pack",
        (
            "97 cards: four suits of 14 cards, 40 trumps (the 40, the Tromba, highest) and "
            "the Fool, which belongs to no suit."
        ),
    ),
    (
        "deal",
        (
            "The cutter may rob the counting cards at the cut. Each player gets 21 cards, "
            "the 21st face up; the rest is the folla, from which the dealer takes its "
            "counting cards (scoprire and pigliare). Robbed and taken cards are discarded "
            "again, into the folla."
        ),
    ),
    (
        "aim",
        (
            "Mark more than the other side: the counting cards (carte di conto) won from "
            "it, the versicole declared and formed, the mazzetti, the last trick (ultima). "
            "Each 60 of difference is a rest."
        ),
    ),
    (
        "play",
        (
            "Follow suit, else trump; no overtrumping. The King rule: on the first lead of "
            "a suit, once it is trumped, a later player holding its King must play it. The "
            "Fool may be played to any trick but the last and is replaced by a card of its "
            "side."
        ),
    ),
    (
        "scoring",
        (
            "In rests: each player of the side ahead receives them from each player of the "
            "other side. Four games make a giro, three giri a set."
        ),
    ),
)

#: The game's own rulings (MIN-1 ..): what its rule text leaves open, silent or
#: contradictory, decided; each with its title, its one line and its full text.
OWN_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "MIN-1",
        "Pack",
        (
            "97 cards: swords and batons K Q C J 10..1, cups and coins K Q C J 1..10, trumps "
            "1..40 (40 the Tromba highest), the Fool in no suit."
        ),
        (
            "97 cards. Long suits (swords, batons): K Q C J 10 ... 1; red suits (cups, "
            "coins): K Q C J 1 ... 10. Trumps 1-40, 40 (Tromba) highest. The Fool belongs to "
            "no suit."
        ),
    ),
    Ruling(
        "MIN-2",
        "Counting cards",
        (
            "Trumps 2-5: 3; Kings, the Fool, trumps 1, 10, 13, 20, 28, 30-35: 5; the Arie "
            "36-40: 10; 142 in all. Trump 29 counts 0 alone, 5 inside a versicola."
        ),
        (
            "Trumps 2-5: 3 each. Kings, the Fool, trumps 1, 10, 13, 20, 28 and 30-35: 5 each."
            " Trumps 36-40 (the Arie): 10 each. Trump 29 counts 0 alone and 5 inside a "
            "versicola. Total outside versicole: 142."
        ),
    ),
    Ruling(
        "MIN-3",
        "Robbing",
        (
            "The cutter (dealer's left) keeps the run of counting cards and sopraventi "
            "(20-29) at the cut; their values are marked for his side; he discards as many."
        ),
        (
            "The cutter (dealer's left) may keep the run of cards at the cut that are "
            "counting cards or sopraventi (20-29), stopping at the first other card; their "
            "counting values are marked for his side; he later discards as many cards as he "
            "robbed."
        ),
    ),
    Ruling(
        "MIN-4",
        "Deal",
        (
            "20 cards each and a 21st face up (the dealer's after counting the talon); "
            "face-up counting cards are marked; the folla is 13 less the robbed cards."
        ),
        (
            "Each player but the dealer gets 20 cards and a 21st dealt face up; the dealer "
            "gets 20 and, after counting the talon, a face-up 21st. Face-up counting cards "
            "are marked for their side. The rest is the folla (13 cards less the number "
            "robbed)."
        ),
    ),
    Ruling(
        "MIN-5",
        "Scoprire and pigliare",
        (
            "The dealer turns up the folla's counting cards and sopraventi from the top "
            "(marked), then takes its other counting cards (not marked), and discards as "
            "many; his partner announces the folla's suit counts."
        ),
        (
            "The dealer turns the folla's top card while it is a counting card or a "
            "sopraventi, taking it face up and marking it; then he takes every counting card "
            "(not sopraventi) from the rest, shown but not marked. These cards join his hand "
            "and he discards as many. His partner announces the folla's suit counts "
            "(information only)."
        ),
    ),
    Ruling(
        "MIN-6",
        "Discards and the folla",
        (
            "Discards are any cards, shown after the first card is played, into the folla; "
            "the folla counts for the dealer's side at the end, nothing in it dies."
        ),
        (
            "Discards may be any cards, are shown after the first card is played and go into "
            "the folla. At the end the folla belongs to the dealer's side: its cards count "
            "for the mazzetti, its counting cards for their values and end versicole, but "
            'nothing in it "dies".'
        ),
    ),
    Ruling(
        "MIN-7",
        "Declared versicole",
        (
            "During the first trick each player shows his versicole (runs of 3+ within 1-5 or"
            " 28-40, 1+Fool+40, 1+13+28, Diecine, 3 or 4 Kings), marked at the sum of their "
            "cards; the Fool adds 5 to each."
        ),
        (
            "After the first card of the first trick is led and before that trick is "
            "gathered, each player declares and shows the versicole in his hand; their values"
            " are marked for his side. A versicola is: a maximal run of 3 or more consecutive"
            " trumps within 1-5 or within 28-40; 1+Fool+40; 1+13+28; 20+30 with 10 and/or 40 "
            "(Diecine); 3 or 4 Kings. Its value is the sum of its cards (29 = 5 inside it). "
            "The Fool adds 5 to each versicola of the player who holds it; it never replaces "
            'a required card. One card may serve in several versicole. "74 dell\'uno", "54", '
            '"68", "62" and "40 dell\'uno" in the text are consistent with this and are test '
            "cases."
        ),
    ),
    Ruling(
        "MIN-7a",
        "How a declaration is written and paid",
        (
            "The Fool's 5 are its holder's whether or not his declare line writes it (a note "
            "says so when the deal is known); a declared run shorter than the run held is "
            "paid as declared, with a note naming the longer run; a replace line where "
            "nothing is owed is an error."
        ),
        (
            "The Fool's 5 (MIN-7) belong to the player who holds it whether or not the record"
            " writes the Fool on his declare line: when the deal is known, the engine adds "
            "them, with a note that the Fool was not shown. A declared run that is shorter "
            "than the run the player holds is paid as declared, with a note naming the longer"
            " run he held; the same holds for Diecine and Kings declared with fewer cards "
            "than held (20 30 40 declared while holding 10 is paid as 20 30 40, with a note)."
            " A replace line where no replacement is owed is an error (G-2)."
        ),
    ),
    Ruling(
        "MIN-8",
        "Marks during play",
        (
            "Muore: a counting card won by the side that did not play it is marked for the "
            "winners; accrescimento: a won card extending a declared versicola is marked "
            "(option accrescimento=off)."
        ),
        (
            '"Muore": when a counting card is won by the side that did not play it, the '
            'winners mark its value (29 marks 0). "In casa" nothing is marked. Accrescimento:'
            " when a side wins a card (whoever played it) that extends a versicola it "
            "declared, it marks that card's value in the versicola, together with any cards "
            "it had already won that the new card joins to the versicola. Option "
            "`accrescimento=off`."
        ),
    ),
    Ruling(
        "MIN-8a",
        "Joined versicole",
        (
            "A won card joining two versicole one side declared of the same kind makes them "
            "one: the new card and the won cards the join brings in are marked once each; "
            "declared cards are not marked again."
        ),
        (
            "When a won card joins two versicole that one side declared of the same kind "
            "(e.g. 34-36 and 38-40 joined by 37), they become one versicola: the side marks "
            "the new card and any cards it had won that the join brings in, once each. No "
            "card is marked twice for accrescimento, and declared cards are not marked again "
            "(MIN-7 runs are maximal)."
        ),
    ),
    Ruling(
        "MIN-8b",
        "The Fool's replacement",
        (
            "The card given for the Fool counts as won by the receiving side when handed "
            "over: it can extend that side's declared versicola (accrescimento)."
        ),
        (
            "The Fool's replacement (MIN-11) counts as won by the receiving side when it is "
            "handed over: it can extend that side's declared versicola (accrescimento) like a"
            " card won in a trick."
        ),
    ),
    Ruling(
        "MIN-9",
        "Rests during play",
        (
            "One running difference; each time it reaches 60 the leading side is paid a rest."
            " Order: robbed, face-up, scoperti, declared versicole, then trick by trick."
        ),
        (
            "Marks are kept as one running difference between the sides. Whenever it reaches "
            "60, the leading side is paid one rest and the difference drops by 60. Marks are "
            "made in this order: robbed cards; face-up 21st cards from eldest round to the "
            "dealer; scoperti; declared versicole from eldest round; then, trick by trick, "
            "muore and accrescimento. Robbed cards stay marked even if later discarded."
        ),
    ),
    Ruling(
        "MIN-10",
        "End of the hand",
        (
            "Mazzetti (1 per card beyond 42), versicole in the pile (+5 each with the Fool), "
            "ultima 10, the counting cards again: added to the difference; the side ahead is "
            "paid one rest per 60 begun."
        ),
        (
            "Each side's pile is its tricks (plus the folla for the dealer's side). In order:"
            " mazzetti, 1 point per card beyond 42 in the pile; versicole formed in the pile "
            "(MIN-7 shapes), with 5 more on each for the side holding the Fool; 10 for the "
            "last trick (ultima); every counting card in the pile, the Fool included, at its "
            "value. These are added to the running difference, and the side ahead is paid "
            "ceil(difference / 60) rests (61 to 120 is two rests)."
        ),
    ),
    Ruling(
        "MIN-11",
        "The Fool",
        (
            "Played to any trick but the last, never wins, stays with its side, replaced by a"
            " non-counting card of the side's pile (at the end the lowest counting card); a "
            "side winning no trick loses it: end rests doubled and 14 rests more."
        ),
        (
            "The Fool may be played to any trick but the last (keeping it to the last trick "
            "is a violation), never wins, stays with its side, and is replaced by a "
            "non-counting card from that side's pile given to the trick's winners (as soon as"
            " the side has one; at the end, the lowest counting card if it has none). If the "
            "Fool's side wins no trick, the Fool goes to the winners of the trick it was "
            "played to; the end rests of MIN-10 are doubled, whichever side they go to, and "
            "the Fool's side pays 14 rests more; rests paid during play are not doubled."
        ),
    ),
    Ruling(
        "MIN-11a",
        "Which card replaces the Fool",
        (
            "Unless the record says, the card MIN-11 forces as soon as the side has a "
            "non-counting card in its pile: the lowest it then has, not a card chosen at the "
            "end; a replacement written later than that is a violation."
        ),
        (
            "When the record does not say, the replacement is the card that MIN-11 forces at "
            "the moment the side first has a non-counting card in its pile (the lowest such "
            "card then held in the pile, lowest by the order of play: suit cards below "
            "trumps, within a suit by its rank order), not a card chosen at the end. A "
            "replacement written later than the side could have given one is a violation "
            "(G-1)."
        ),
    ),
    Ruling(
        "MIN-12",
        "The King rule",
        (
            "On the first lead of a suit, once trumped, a later player holding its King must "
            "play it; after a Fool lead the second card is the lead."
        ),
        (
            "The first time a suit is led, once the trick has been trumped, each later player"
            " holding the King of that suit must play it (not even the Fool excuses him). "
            "From the second lead of the suit on, the King may be kept. After a Fool lead, "
            "the second card counts as the lead of its suit."
        ),
    ),
    Ruling(
        "MIN-13",
        "Revoke penalty",
        (
            "Not following suit or not trumping when able costs two rests to each opponent; "
            "the tricks stand."
        ),
        (
            "A failure to follow suit or to trump when able costs the offender two rests to "
            "each player of the other side; the tricks stand."
        ),
    ),
    Ruling(
        "MIN-14",
        "Cascare",
        "A player out of trumps lays the hand open: noted, legality unchanged.",
        (
            "Cascare (a player out of trumps lays his hand open) is noted in the report; it "
            "does not change what is legal."
        ),
    ),
    Ruling(
        "MIN-15",
        "Rests per side",
        (
            "Each player of the side paid receives the rests, each of the other side pays "
            "them: zero-sum."
        ),
        (
            "Each player of the winning side receives, and each player of the losing side "
            "pays, the number of rests won. The ledger is zero-sum."
        ),
    ),
    Ruling(
        "MIN-16",
        "Giro and set",
        (
            "Four games a giro, three giri a set; the first dealer partners the 2nd, 3rd, "
            "then lowest cutter; the deal passes to the right; each game of an unfinished "
            "giro pays 2 rests to the would-be dealer's side."
        ),
        (
            "Four games make a giro, three giri a set. The first dealer partners the "
            "second-highest cutter in giro 1, the third in giro 2, the lowest in giro 3. The "
            "deal passes to the right. For each game left unplayed in an unfinished giro, the"
            " side of the player who would have dealt is paid 2 rests by the other side."
        ),
    ),
)

TRICKS = 21  # MIN-4: 21 cards each, one trick per card
#: MIN-1: the 97-card pack is the whole card universe: 56 suit cards, trumps 1..40, the Fool.
PACK = sum(SUIT_MASKS) | TRUMP_MASK | FOOL.bit
KINGS = mask_of(suit_card(s, 14) for s in range(4))
T = trump  # short alias for the tables below

#: MIN-1: trumps 1 (lowest) .. 40 (Tromba); long suits K Q C J 10..1, red suits K Q C J 1..10
#: (the defaults of :meth:`TrickRules.simple`). A void player must trump; no overtrumping.
RULES = TrickRules.simple(trump_order=list(range(1, 41)))

#: MIN-2: counting values; trump 29 counts 0 alone (5 inside a versicola, :data:`IN_VERSICOLA`).
_VALUE = [0] * 97
for _n in (2, 3, 4, 5):
    _VALUE[T(_n)] = 3
for _card in (
    *(CARDS[k] for k in range(56) if CARDS[k].rank == 14),
    FOOL,
    *(T(n) for n in (1, 10, 13, 20, 28, 30, 31, 32, 33, 34, 35)),
):
    _VALUE[_card] = 5
for _n in range(36, 41):
    _VALUE[T(_n)] = 10
VALUE: tuple[int, ...] = tuple(_VALUE)
IN_VERSICOLA: tuple[int, ...] = tuple(5 if c == T(29) else v for c, v in enumerate(VALUE))
#: The carte di conto (MIN-2): every card with a value, the Fool included; 29 is not one.
COUNTING = mask_of(c for c in range(97) if VALUE[c])
#: The sopraventi 20..29 (MIN-3, MIN-5: robbed and scoperti cards are counting or sopraventi).
SOPRAVENTI = mask_of(T(n) for n in range(20, 30))
ROBBABLE = COUNTING | SOPRAVENTI
TOTAL_VALUE = sum(VALUE)  # 142 (MIN-2)

TWENTY_NINE = T(29)
ONE, TEN, THIRTEEN, TWENTY, TWENTY_EIGHT, THIRTY, FORTY = (
    T(n) for n in (1, 10, 13, 20, 28, 30, 40)
)
PAPI = mask_of(T(n) for n in range(1, 6))
HIGH_RUN = mask_of(T(n) for n in range(28, 41))
DIECINE = mask_of(T(n) for n in (10, 20, 30, 40))
FOOL_SET = ONE.bit | FOOL.bit | FORTY.bit
THIRTEEN_SET = ONE.bit | THIRTEEN.bit | TWENTY_EIGHT.bit
_FOOL_BIT = FOOL.bit
FOOL_BONUS = 5  # MIN-7: the Fool adds 5 to each versicola of its holder


class Versicola(NamedTuple):
    """One versicola: its kind (``papi``, ``sopratrenta``, ``matto``, ``tredici``, ``diecine``,
    ``re``), its cards as a mask and its value (the Fool's 5 included when it applies)."""

    kind: str
    cards: int
    value: int


def _run_table(width: int) -> tuple[tuple[int, ...], ...]:
    """For every pattern of ``width`` consecutive trumps held, its maximal runs of 3 or more
    (as patterns of the same width): the versicole runs by table look-up."""
    table = []
    for pattern in range(1 << width):
        runs, run = [], 0
        for position in range(width + 1):
            bit = 1 << position if position < width else 0
            if pattern & bit:
                run |= bit
                continue
            if run.bit_count() >= 3:
                runs.append(run)
            run = 0
        table.append(tuple(runs))
    return tuple(table)


_PAPI_SHIFT, _HIGH_SHIFT = T(1), T(28)  # trumps 1..5 are bits 56..60, 28..40 bits 83..95
_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {}


def _shifted(width: int, shift: int) -> tuple[tuple[int, ...], ...]:
    """:func:`_run_table` with each run moved to its place in the card mask."""
    return tuple(tuple(run << shift for run in runs) for runs in _run_table(width))


_PAPI_RUNS = _shifted(5, _PAPI_SHIFT)


def _high_runs() -> tuple[tuple[int, ...], ...]:
    """The runs table of the 13 trumps 28..40 (8,192 entries), built on first use."""
    table = _TABLES.get(13)
    if table is None:
        table = _TABLES[13] = _shifted(13, _HIGH_SHIFT)
    return table


def versicole(mask: int, fool: bool | None = None) -> list[Versicola]:
    """MIN-7: every versicola formed by the cards in ``mask``.

    Maximal runs of 3+ within 1..5 and within 28..40 (29 counts 5 inside them); 1+Fool+40;
    1+13+28; Diecine (20 and 30 with 10 and/or 40); 3 or 4 Kings. ``fool`` says whether the
    holder has the Fool, which adds 5 to each versicola that does not already need it (by
    default: whether ``mask`` holds it). One card may serve in several versicole.
    """
    if fool is None:
        fool = bool(mask & _FOOL_BIT)
    bonus = FOOL_BONUS if fool else 0
    out = [
        Versicola("papi", run, _value(run) + bonus)
        for run in _PAPI_RUNS[mask >> _PAPI_SHIFT & 0x1F]
    ]
    high = _TABLES.get(13) or _high_runs()
    for run in high[mask >> _HIGH_SHIFT & 0x1FFF]:
        out.append(Versicola("sopratrenta", run, _value(run) + bonus))
    if mask & THIRTEEN_SET == THIRTEEN_SET:
        out.append(Versicola("tredici", THIRTEEN_SET, _THIRTEEN_VALUE + bonus))
    if mask & _TWENTY_THIRTY == _TWENTY_THIRTY and mask & _TEN_FORTY:
        cards = mask & DIECINE
        out.append(Versicola("diecine", cards, _value(cards) + bonus))
    kings = mask & KINGS
    if kings.bit_count() >= 3:
        out.append(Versicola("re", kings, _value(kings) + bonus))
    if mask & FOOL_SET == FOOL_SET:  # the Fool is in it: no 5 more
        out.insert(0, Versicola("matto", FOOL_SET, _value(FOOL_SET)))
    return out


_VALUES: dict[int, int] = {}  # the value of each versicola's cards, by mask (a few hundred)


def _value(cards: int) -> int:
    """The value of a versicola's cards (29 counts 5 inside it, MIN-7); remembered per mask:
    the masks are runs within 1..5 and 28..40 and subsets of a few fixed sets, so the memo
    stays small."""
    total = _VALUES.get(cards)
    if total is None:
        total = 0
        rest = cards
        while rest:
            low = rest & -rest
            total += IN_VERSICOLA[low.bit_length() - 1]
            rest ^= low
        _VALUES[cards] = total
    return total


def versicola_cards(mask: int) -> list[int]:
    """The cards of each versicola in ``mask``, in the order of :func:`versicole` (without
    their values: enough to tell which ones a player held and did not declare)."""
    out = [
        *_PAPI_RUNS[mask >> _PAPI_SHIFT & 0x1F],
        *(_TABLES.get(13) or _high_runs())[mask >> _HIGH_SHIFT & 0x1FFF],
    ]
    if mask & THIRTEEN_SET == THIRTEEN_SET:
        out.append(THIRTEEN_SET)
    if mask & _TWENTY_THIRTY == _TWENTY_THIRTY and mask & _TEN_FORTY:
        out.append(mask & DIECINE)
    if (mask & KINGS).bit_count() >= 3:
        out.append(mask & KINGS)
    if mask & FOOL_SET == FOOL_SET:
        out.insert(0, FOOL_SET)
    return out


_THIRTEEN_VALUE = _value(THIRTEEN_SET)
_TWENTY_THIRTY = TWENTY.bit | THIRTY.bit
_TEN_FORTY = TEN.bit | FORTY.bit


def versicola_total(mask: int, fool: bool | None = None) -> int:
    """The value of all versicole in ``mask`` (MIN-7)."""
    return sum(v.value for v in versicole(mask, fool))


_BYTES = 13  # 97 cards fit in 13 bytes


def _byte_tables(of_card: Callable[[int], int]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each byte of a card mask, a table from the byte's 256 values to ``of_card`` of
    its cards, lowest first."""
    return tuple(
        tuple(
            tuple(
                of_card(8 * index + bit)
                for bit in range(8)
                if byte >> bit & 1 and 8 * index + bit < 97
            )
            for byte in range(256)
        )
        for index in range(_BYTES)
    )


_VALUE_BYTES = tuple(
    tuple(sum(entry) for entry in table) for table in _byte_tables(VALUE.__getitem__)
)


def value_of(mask: int) -> int:
    """The counting values of the cards in ``mask`` (MIN-2; 29 counts 0): a few cards one
    bit at a time, more a byte at a time."""
    mask &= COUNTING
    total = 0
    if mask.bit_count() <= 4:
        while mask:
            low = mask & -mask
            total += VALUE[low.bit_length() - 1]
            mask ^= low
        return total
    tables = _VALUE_BYTES  # (no zip: its keyword argument costs more than this loop)
    for index, byte in enumerate(mask.to_bytes(_BYTES, "little")):
        if byte:
            total += tables[index][byte]
    return total


def show(mask: int, words: Wording = ITALIAN) -> str:
    """The cards of ``mask`` in the suit style of ``words`` (the record's; canonical text by
    default), lowest index first, for messages and score lines
    (:meth:`~scorer.wording.Wording.notations`)."""
    return words.notations(mask)


KIND_NAMES = {
    "papi": "versicola dei papi",
    "sopratrenta": "versicola of the high trumps",
    "matto": "versicola del matto (1, Fool, 40)",
    "tredici": "versicola del tredici (1, 13, 28)",
    "diecine": "versicola delle diecine",
    "re": "versicola of Kings",
}

#: Accrescimento (MIN-8): the kinds a won card can extend, with the cards that may join each.
EXTENDABLE = {"papi": PAPI, "sopratrenta": HIGH_RUN, "diecine": DIECINE, "re": KINGS}

_ITALIAN_WORDS = {
    "swords": 0,
    "spade": 0,
    "batons": 1,
    "bastoni": 1,
    "cups": 2,
    "coppe": 2,
    "coins": 3,
    "denari": 3,
}
_FRENCH_WORDS = {
    **_ITALIAN_WORDS,
    "spades": 0,
    "clubs": 1,
    "hearts": 2,
    "diamonds": 3,
    "s": 0,
    "c": 1,
    "b": 1,
    "h": 2,
    "d": 3,
}
#: The keys of the folla's suit counts (MIN-5, ``cups=4``), per suit style: the suits' names
#: (the Italian ones in every record; the French ones too in a French or symbols record)
#: and the record's suit letters, so ``c`` counts cups in an Italian record and clubs in a
#: French one, as ``C`` does in its cards (``h`` and ``b`` as the card letters accept them).
SUIT_WORDS: dict[str, dict[str, int]] = {
    "italian": {**_ITALIAN_WORDS, "s": 0, "b": 1, "c": 2, "h": 2, "d": 3},
    "french": _FRENCH_WORDS,
    "symbols": _FRENCH_WORDS,
}

KEYWORDS = {
    "claim": CLAIM_KEYWORD,
    "draw": KeywordSpec(
        "none",
        "words",
        "the initial cut for seats, players highest first (first record of a set; MIN-16)",
    ),
    "rob": KeywordSpec(
        "optional-player", "cards", "the cards the cutter robbed at the cut (MIN-3)"
    ),
    "hand": KeywordSpec("player", "cards", "the 20 cards dealt face down to a player (MIN-4)"),
    "faceup": KeywordSpec("player", "cards", "the 21st card dealt face up to a player (MIN-4)"),
    "scoprire": KeywordSpec(
        "none", "cards", "the cards the dealer turned up from the folla (MIN-5)"
    ),
    "pigliare": KeywordSpec(
        "none", "cards", "the counting cards the dealer took from the folla (MIN-5)"
    ),
    "folla": KeywordSpec(
        "none",
        "cards",
        "the folla his partner looked through, with the "
        "announced counts swords=N batons=N cups=N coins=N (MIN-5)",
        None,  # the suit words depend on the record's Suits style: the engine checks them
    ),
    "discard": KeywordSpec("player", "cards", "the cards a robber or the dealer discarded (MIN-6)"),
    "declare": KeywordSpec(
        "player",
        "cards",
        "the cards a player showed as his versicole during the first trick (MIN-7)",
    ),
    "replace": KeywordSpec(
        "none", "cards", "the card given to the winners in place of the Fool (MIN-11)"
    ),
    "cascare": KeywordSpec("player", "cards", "a player out of trumps lays the hand open (MIN-14)"),
}

OPTIONS = (
    Option(
        "accrescimento",
        ("on", "off"),
        "MIN-8",
        "mark a won card that extends a versicola the side declared",
    ),
)
