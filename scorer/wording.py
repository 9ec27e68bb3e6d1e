"""How findings and score lines name cards and suits: in the suit style of the record.

A record's ``Suits`` tag (or its game's default) says how its writer spells suits, and the
letters differ between styles: ``C`` is cups in Italian letters but clubs in French ones. A
message that names a card must therefore use the record's letters, or a French-suited player
who wrote ``QC`` (Queen of Clubs) would read "does not hold QB". One :class:`Wording` per
style, shared:

>>> from scorer.cards import Card, Suit
>>> wording("french").card(Card.parse("QC", "french")), wording("italian").card(Card.parse("QB"))
('QC', 'QB')
>>> wording("french").suit(Suit.CUPS), wording("italian").suit(Suit.CUPS)
('hearts', 'cups')
>>> wording("french").category(4), wording("french").category(3, "Tarots")
('trumps', 'diamonds')
>>> wording("symbols").mask(Card.parse("KS").bit | Card.parse("21").bit)
'K♠ 21'
>>> ITALIAN.cards([Card.parse("1"), Card.parse("2")]), ITALIAN.notation(Card.parse("1"))
('I (the Bagatto) 2', '1')
>>> wording(None).style, wording("klingon").style  # no tag, or one the reader refused
('italian', 'italian')
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CARDS, SUIT_STYLES

__all__ = ["BAGATTO", "ITALIAN", "SUIT_NAMES", "Wording", "wording"]

#: Trump I in words for people (the notation writes ``1``).
BAGATTO = "I (the Bagatto)"

#: The suits' names in messages, per suit style (the symbols are the French suits').
SUIT_NAMES: dict[str, tuple[str, str, str, str]] = {
    "italian": ("swords", "batons", "cups", "coins"),
    "french": ("spades", "clubs", "hearts", "diamonds"),
    "symbols": ("spades", "clubs", "hearts", "diamonds"),
}


class Wording:
    """Card and suit names in one suit style. Immutable and shared per style."""

    __slots__ = ("names", "style", "suits", "texts")

    #: What separates cards named for people (:meth:`cards`, :meth:`mask`): English names
    #: them as written, so a space; a language that names them in words uses a comma.
    separator = " "
    #: What joins the last two of a list of names (``players_and``, ``groupings``).
    conjunction = " and "

    def __init__(self, style: str) -> None:
        self.style = style
        #: each card's text as the notation writes it, by index
        self.texts: tuple[str, ...] = tuple(card.text(style) for card in CARDS)
        #: each card as messages name it for people: its text, but trump I is "I (the
        #: Bagatto)", as a bare ``1`` reads as a number (#23.13)
        self.names: tuple[str, ...] = tuple(
            BAGATTO if card.is_trump and card.rank == 1 else text
            for card, text in zip(CARDS, self.texts, strict=True)
        )
        self.suits = SUIT_NAMES[style]

    def card(self, card: int) -> str:
        """One card for people, e.g. ``QC``, ``I (the Bagatto)``."""
        return self.names[card]

    def notation(self, card: int) -> str:
        """One card as the record writes it, e.g. ``QC``, ``1``."""
        return self.texts[card]

    def cards(self, cards: Iterable[int]) -> str:
        """Cards in the order given, separated by spaces."""
        return self.separator.join(map(self.names.__getitem__, cards))

    def mask(self, mask: int) -> str:
        """The cards of a bitmask, lowest index first, separated by spaces."""
        texts = self.names
        out = []
        while mask:
            low = mask & -mask
            out.append(texts[low.bit_length() - 1])
            mask ^= low
        return self.separator.join(out)

    def notations(self, mask: int) -> str:
        """The cards of a bitmask as the record writes them, lowest index first: a few cards
        one bit at a time, more a byte at a time (the style's tables built on first use)."""
        texts = self.texts
        out: list[str] = []
        if mask.bit_count() <= 4:
            while mask:
                low = mask & -mask
                out.append(texts[low.bit_length() - 1])
                mask ^= low
            return " ".join(out)
        tables = _TEXT_BYTES.get(self.style) or _text_bytes(self)
        for index, byte in enumerate(mask.to_bytes(13, "little")):  # 97 cards: 13 bytes
            if byte:
                out += tables[index][byte]
        return " ".join(out)

    def suit(self, suit: int) -> str:
        """A suit's name (0 swords/spades .. 3 coins/diamonds)."""
        return self.suits[suit]

    def category(self, category: int, trumps: str = "trumps") -> str:
        """A led category's name: a suit's (0..3), else the trumps' (the game's word for
        them, the same in every style: Nice says ``Tarots``)."""
        return self.suits[category] if category < 4 else trumps

    def ordinal(self, number: int) -> str:
        """``number`` as an ordinal: ``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``
        (another language's wording says it its own way)."""
        teens = number % 100 in (11, 12, 13)
        suffix = "th" if teens else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
        return f"{number}{suffix}"

    def __repr__(self) -> str:
        return f"wording({self.style!r})"


#: :meth:`Wording.notations`'s tables by suit style: per byte of a mask, per value of the
#: byte, the texts of its cards.
_TEXT_BYTES: dict[str, tuple[tuple[tuple[str, ...], ...], ...]] = {}


def _text_bytes(words: Wording) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The byte tables of :meth:`Wording.notations` for the style of ``words``, built once."""
    texts = words.texts
    tables = tuple(
        tuple(
            tuple(
                texts[8 * index + bit]
                for bit in range(8)
                if byte >> bit & 1 and 8 * index + bit < len(texts)
            )
            for byte in range(256)
        )
        for index in range(13)
    )
    _TEXT_BYTES[words.style] = tables
    return tables


_WORDINGS = {style: Wording(style) for style in SUIT_STYLES}
ITALIAN = _WORDINGS["italian"]


def wording(style: str | None) -> Wording:
    """The shared :class:`Wording` of a suit style (a ``Suits`` tag's value, any case); the
    Italian one when the style is missing or unknown (the reader reports a bad tag)."""
    if style is None:
        return ITALIAN
    return _WORDINGS.get(style.strip().lower(), ITALIAN)
