"""Cards: small immutable values with one canonical text form.

Every card of the three packs the project needs (78-card tarot, 97-card Minchiate, 62-card
Piedicavallo) has one index in a single 97-slot universe, so a set of cards is an ``int``
bitmask and every game shares one vocabulary:

* suit cards ``0..55``: ``suit * 14 + rank - 1`` with suits swords, batons, cups, coins and
  ranks 1 (Ace) .. 10, 11 Jack, 12 Cavalier, 13 Queen, 14 King;
* trumps ``56..95``: trump *n* is ``55 + n`` (1..40; a tarot pack uses 1..21);
* the Fool ``96``.

A :class:`Card` is an ``int`` subclass, so it hashes, compares and indexes tables at C speed,
and prints in canonical form:

>>> Card.parse("ks"), Card.parse("XXI"), Card.parse("fuole")
(Card.parse('KS'), Card.parse('21'), Card.parse('Fool'))
>>> str(Card.parse("10 of cups".split()[0] + "C"))
'10C'
>>> Card.parse("CC", suits="french").text("french")
'CC'
>>> Card.parse("CC").text("french")  # Italian C is cups, which is hearts in French letters
'CH'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from enum import IntEnum
from typing import ClassVar

from .memo import BoundedMemo

__all__ = [
    "CARDS",
    "FOOL",
    "PIEDICAVALLO_PACK",
    "SUIT_STYLES",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "card_spellings",
    "suit_card",
    "trump",
]


class Suit(IntEnum):
    """The four suits, by their Italian names; French equivalents in the docstrings."""

    SWORDS = 0  #: spade; spades
    BATONS = 1  #: bastoni; clubs
    CUPS = 2  #: coppe; hearts
    COINS = 3  #: denari; diamonds


class Rank(IntEnum):
    """Suit-card ranks as numbers; court cards above 10."""

    ACE = 1
    JACK = 11
    CAVALIER = 12
    QUEEN = 13
    KING = 14


SUIT_STYLES = ("italian", "french", "symbols")
"""Ways of writing suits: a record's ``Suits`` tag picks one (default per game)."""

_SUIT_LETTERS = {
    "italian": ("S", "B", "C", "D"),
    "french": ("S", "C", "H", "D"),
    "symbols": ("♠", "♣", "♥", "♦"),
}
_RANK_TEXT = {1: "A", 11: "J", 12: "C", 13: "Q", 14: "K"}
_ROMAN = [
    "",
    *(
        ("X" * (n // 10) if n < 40 else "XL")
        + ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"][n % 10]
        for n in range(1, 41)
    ),
]
FOOL_INDEX = 96
TRUMP_BASE = 55  # trump n has index TRUMP_BASE + n


class CardParseError(ValueError):
    """A token that names no card."""


class Card(int):
    """A card, as its index in the 97-slot universe. Build with :meth:`parse` or the tables.

    Immutable and interned: ``CARDS[i]`` is the one instance for index ``i``.
    """

    __slots__ = ()
    #: Every accepted spelling per suit style (:func:`_parse_table`).
    _parse_tables: ClassVar[BoundedMemo[str, dict[str, Card]]] = BoundedMemo(
        "cards: every spelling per suit style", 3
    )

    # -- structure ---------------------------------------------------------------------
    @property
    def is_fool(self) -> bool:
        return self == FOOL_INDEX

    @property
    def is_trump(self) -> bool:
        """True for the numbered trumps (the Fool is not one here; games decide its role)."""
        return 56 <= self < FOOL_INDEX

    @property
    def suit(self) -> Suit | None:
        """The card's suit, or ``None`` for trumps and the Fool."""
        return Suit(self // 14) if self < 56 else None

    @property
    def rank(self) -> int:
        """Suit rank (1..14) for suit cards, trump number (1..40) for trumps, 0 for the Fool."""
        if self < 56:
            return self % 14 + 1
        if self < FOOL_INDEX:
            return self - TRUMP_BASE
        return 0

    @property
    def is_king(self) -> bool:
        return self < 56 and self % 14 == 13

    @property
    def is_court(self) -> bool:
        return self < 56 and self % 14 >= 10

    @property
    def bit(self) -> int:
        """This card as a one-card bitmask."""
        return 1 << self

    # -- text --------------------------------------------------------------------------
    def text(self, style: str = "italian") -> str:
        """The canonical text of this card in a suit style (``italian``, ``french``,
        ``symbols``). Trumps are Arabic numerals, the Fool is ``Fool``."""
        if self < 56:
            rank = self % 14 + 1
            return _RANK_TEXT.get(rank, str(rank)) + _SUIT_LETTERS[style][self // 14]
        if self < FOOL_INDEX:
            return str(self - TRUMP_BASE)
        return "Fool"

    def roman(self) -> str:
        """Trumps as Roman numerals (``XXI``); other cards as :meth:`text`."""
        return _ROMAN[self - TRUMP_BASE] if self.is_trump else self.text()

    def __str__(self) -> str:
        return _ITALIAN_TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({_ITALIAN_TEXT[self]!r})"

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        # pickling and copying give back the interned instance
        return (_card_at, (int(self),))

    @classmethod
    def parse(cls, token: str, suits: str = "italian") -> Card:
        """Parse a card token as paper players write it; case-insensitive.

        Trumps: ``21``, ``XXI``, ``T21``; the Fool: ``Fool``, ``F``, ``0``, ``Matto``, ``Fuole``,
        ``Excuse``, ``★``; suit cards: rank (``A``/``1``, ``2``..``10``, ``J``/``V``/``F``,
        ``C``/``N``, ``Q``/``D``, ``K``/``R``) then suit (letters of the ``suits`` style, or
        ``♠ ♣ ♥ ♦`` always). Raises :class:`CardParseError` quoting the token.
        """
        table = _parse_table(suits)
        card = table.get(token.upper())
        if card is None:
            card = table.get(_normalise(token))
            if card is None:
                raise CardParseError(f"not a card: {token!r}")
        return card


def _card_at(index: int) -> Card:
    return CARDS[index]


CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(97))
"""All 97 cards, indexed by their value."""
FOOL: Card = CARDS[FOOL_INDEX]
_ITALIAN_TEXT = tuple(Card.text(c, "italian") for c in CARDS)


def suit_card(suit: Suit | int, rank: int) -> Card:
    """The card of ``suit`` and ``rank`` (1..14)."""
    return CARDS[int(suit) * 14 + rank - 1]


def trump(number: int) -> Card:
    """Trump ``number`` (1..40)."""
    if not 1 <= number <= 40:
        raise CardParseError(f"no trump numbered {number}")
    return CARDS[TRUMP_BASE + number]


#: card_spellings's tables, one per suit style.
_SPELLINGS: BoundedMemo[str, dict[str, Card]] = BoundedMemo(
    "cards: common spellings per suit style", len(SUIT_STYLES)
)


def card_spellings(style: str) -> dict[str, Card]:
    """Token -> card for the spellings met most (each card's canonical text in this style and
    in Italian, in upper, lower and as-written case). A fast first look-up for readers; any
    other spelling goes through :meth:`Card.parse`."""
    table = _SPELLINGS.get(style)
    if table is None:
        table = {}
        for card in CARDS:
            for spelling in {card.text(style), str(card)}:
                for variant in (spelling, spelling.lower(), spelling.upper()):
                    try:
                        if Card.parse(variant, style) == card:
                            table[variant] = card
                    except CardParseError:
                        pass
        _SPELLINGS.put(style, table)
    return table


def _normalise(token: str) -> str:
    """Fold odd unicode (full-width digits, ligatures, variant suit symbols) to table keys."""
    text = unicodedata.normalize("NFKC", token).strip().upper()
    return text.translate(_SYMBOL_FOLD)


_SYMBOL_FOLD = str.maketrans({"♤": "♠", "♧": "♣", "♡": "♥", "♢": "♦", "\ufe0f": None})
_FOOL_WORDS = ("FOOL", "F", "0", "MATTO", "MATT", "FUOLE", "EXCUSE", "SKIS", "MAT", "★")
_RANK_WORDS = {
    1: ("A", "1"),
    11: ("J", "V", "F"),
    12: ("C", "N"),
    13: ("Q", "D"),
    14: ("K", "R"),
}


def _parse_table(style: str) -> dict[str, Card]:
    """Every accepted spelling for a suit style, upper-cased, mapped to its card."""
    table = Card._parse_tables.get(style)
    if table is not None:
        return table
    if style not in _SUIT_LETTERS:
        raise CardParseError(f"unknown suit style {style!r}; use one of {', '.join(SUIT_STYLES)}")
    table = {}
    letters = list(_SUIT_LETTERS["italian" if style == "symbols" else style])
    symbols = _SUIT_LETTERS["symbols"]
    # The letter that only the other letter style uses is still unambiguous: accept it.
    extra = {
        "italian": {"H": Suit.CUPS},
        "symbols": {"H": Suit.CUPS},
        "french": {"B": Suit.BATONS},
    }.get(style, {})
    for suit in Suit:
        spellings = [letters[suit], symbols[suit]] + [k for k, v in extra.items() if v == suit]
        for rank in range(1, 15):
            words = _RANK_WORDS.get(rank, (str(rank),))
            for word in words:
                for s in spellings:
                    table.setdefault(word + s, suit_card(suit, rank))
    for n in range(1, 41):
        card = trump(n)
        for spelling in (str(n), _ROMAN[n], "T" + str(n), "T" + _ROMAN[n]):
            table[spelling] = card
    for n in range(1, 22):  # Unicode tarot trumps U+1F0E1..U+1F0F5
        table[chr(0x1F0E0 + n)] = trump(n)
    for word in (*_FOOL_WORDS, chr(0x1F0E0)):
        table[word] = FOOL
    Card._parse_tables.put(style, table)
    return table


def _piedicavallo_pack() -> tuple[Card, ...]:
    """PIE-1: swords and batons K Q C J 10..5, cups and coins K Q C J 1..6 (the lowest four of
    each suit removed from the 78-card pack), trumps 1..21 and the Fool: 62 cards."""
    black = (5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
    red = (1, 2, 3, 4, 5, 6, 11, 12, 13, 14)
    suits = [suit_card(s, r) for s in Suit for r in (black if s < Suit.CUPS else red)]
    return (*suits, *(trump(n) for n in range(1, 22)), FOOL)


PIEDICAVALLO_PACK: tuple[Card, ...] = _piedicavallo_pack()
"""The 62 cards of Tarocchi of Piedicavallo (PIE-1), in index order."""
