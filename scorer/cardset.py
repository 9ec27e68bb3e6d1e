"""CardSet: a set of cards stored as one ``int`` bitmask (bit *i* is ``CARDS[i]``).

Engines work on the raw ints; ``CardSet`` is the readable wrapper for edges and tests.

>>> from scorer.cards import Card
>>> hand = CardSet.parse("KS 21 Fool 3C")
>>> str(hand), len(hand), Card.parse("21") in hand
('KS 3C 21 Fool', 4, True)
>>> str(hand - CardSet.parse("ks"))
'3C 21 Fool'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .cards import CARDS, Card

__all__ = ["BITS", "CardSet", "cards_of", "mask_of"]

#: Each card's bit, by its index, made once (a shift makes a new integer past bit 30); an
#: unknown card (``None``) is no index: ``TypeError``.
BITS: tuple[int, ...] = tuple(1 << index for index in range(len(CARDS)))


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards in ``mask``, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


class CardSet:
    """An immutable set of cards with set operators; ``int(s)`` is the bitmask."""

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[int] | int = 0) -> None:
        self.mask = cards if isinstance(cards, int) else mask_of(cards)

    @classmethod
    def parse(cls, text: str, suits: str = "italian") -> CardSet:
        """Parse whitespace- or comma-separated card tokens."""
        return cls(Card.parse(tok, suits) for tok in text.replace(",", " ").split())

    def __int__(self) -> int:
        return self.mask

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 97 and bool(self.mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def text(self, style: str = "italian") -> str:
        return " ".join(card.text(style) for card in self)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"CardSet.parse({self.text()!r})"
