"""Minchiate (97 cards, 40 trumps): the pack, counting values, versicole and notation keywords.

The replay lives in :mod:`scorer.games.minchiate`, the marks and rests in
:mod:`scorer.games.minchiate.scoring`. Rulings MIN-1 .. MIN-16 (``shared/rulings.md``) decide
what the seed leaves open.

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
from ..base import Option

__all__ = [
    "COUNTING",
    "KEYWORDS",
    "KINGS",
    "OPTIONS",
    "PACK",
    "RULES",
    "RULINGS",
    "SOPRAVENTI",
    "VALUE",
    "Versicola",
    "versicola_total",
    "versicole",
]

#: The rulings this engine implements (``shared/rulings.md``), as the rules pages list them.
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
