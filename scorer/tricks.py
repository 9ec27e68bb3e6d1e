"""Shared trick-taking machinery: card categories, legal plays and trick winners.

Every game here follows the same skeleton: the led suit must be followed; a player void in it
must (usually) trump; a trump lead must be answered with a trump; the Fool excuses. The games
differ only in rankings and a few switches, which :class:`TrickRules` holds. Everything works
on bitmasks and card indices so that replay is fast.

>>> from scorer.cards import Card
>>> rules = TrickRules.simple(trump_order=list(range(1, 22)))
>>> hand = int(CardSet.parse("3S 7C 21"))
>>> trick = [Card.parse("KS")]
>>> str(CardSet(rules.legal(hand, trick)))
'3S'
>>> rules.illegal(hand, trick, Card.parse("21"))
'MUST_FOLLOW_SUIT'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import FOOL_INDEX, TRUMP_BASE
from .cardset import CardSet

__all__ = [
    "CATEGORY",
    "CATEGORY_MASK",
    "FOOL_BIT",
    "SUIT_MASKS",
    "TRUMP",
    "TRUMP_MASK",
    "TrickRules",
    "suit_strengths",
]

TRUMP = 4  # category of numbered trumps
FOOL_CATEGORY = 5
SUIT_MASKS = tuple(((1 << 14) - 1) << (14 * s) for s in range(4))
TRUMP_MASK = ((1 << 40) - 1) << 56
FOOL_BIT = 1 << FOOL_INDEX
CATEGORY_MASK = (*SUIT_MASKS, TRUMP_MASK, FOOL_BIT)
CATEGORY: tuple[int, ...] = tuple(
    (i // 14) if i < 56 else (TRUMP if i < FOOL_INDEX else FOOL_CATEGORY) for i in range(97)
)

# Reasons a card is not legal, as finding codes.
MUST_FOLLOW_SUIT = "MUST_FOLLOW_SUIT"
MUST_TRUMP = "MUST_TRUMP"
MUST_FOLLOW_TRUMPS = "MUST_FOLLOW_TRUMPS"
MUST_OVERTRUMP = "MUST_OVERTRUMP"


def suit_strengths(black: Sequence[int], red: Sequence[int]) -> list[int]:
    """A strength table for suit cards from two rank orders, highest first.

    ``black`` orders swords and batons, ``red`` cups and coins (ranks 1..14); ranks not listed
    (absent from a short pack) get strength 0.
    """
    table = [0] * 97
    for suit, order in ((0, black), (1, black), (2, red), (3, red)):
        for position, rank in enumerate(order):
            table[suit * 14 + rank - 1] = len(order) - position
    return table


@dataclass(frozen=True, slots=True)
class TrickRules:
    """One game's rules of play, as tables.

    ``strength[c]`` orders cards within their category (trumps among trumps, suit cards within
    their suit); equal trump strengths (Nice's Papotes, NICE-4) go to the later card played.
    """

    strength: tuple[int, ...]
    must_trump: bool = True  # a player void in the led suit must trump if able
    overtrump: bool = False  # answering a trump lead, beat the best trump if able (PINCH-4)

    @classmethod
    def simple(
        cls,
        trump_order: Sequence[int],
        black: Sequence[int] = (14, 13, 12, 11, *range(10, 0, -1)),
        red: Sequence[int] = (14, 13, 12, 11, *range(1, 11)),
        **switches: bool,
    ) -> TrickRules:
        """Rules from a trump order (lowest first; a list inside the list ties those trumps)
        and the two suit orders (highest first)."""
        table = suit_strengths(black, red)
        for position, entry in enumerate(trump_order, start=1):
            for number in entry if isinstance(entry, (list, tuple)) else (entry,):
                table[TRUMP_BASE + number] = position
        return cls(strength=tuple(table), **switches)

    # -- the led category ----------------------------------------------------------------
    @staticmethod
    def led_category(trick: Sequence[int]) -> int | None:
        """The category to follow: that of the first card that is not the Fool (G-3)."""
        for card in trick:
            if card != FOOL_INDEX:
                return CATEGORY[card]
        return None

    # -- legality ----------------------------------------------------------------------
    def legal(self, hand: int, trick: Sequence[int]) -> int:
        """The legal cards (a mask) for a player holding ``hand`` after ``trick``'s plays."""
        led = self.led_category(trick)
        if led is None:
            return hand
        fool = hand & FOOL_BIT
        follow = hand & CATEGORY_MASK[led]
        if follow:
            if led == TRUMP and self.overtrump:
                follow = self._beating(follow, trick) or follow
            return follow | fool
        if led != TRUMP and self.must_trump and hand & TRUMP_MASK:
            return (hand & TRUMP_MASK) | fool
        return hand

    def illegal(self, hand: int, trick: Sequence[int], card: int) -> str | None:
        """Why playing ``card`` (held in ``hand``) to ``trick`` breaks the rules, or ``None``.

        The fast path for replay: a card that follows the led category costs two look-ups.
        """
        category = CATEGORY[card]
        if category == FOOL_CATEGORY:
            return None
        led = self.led_category(trick)
        if led is None:
            return None
        if category == led:
            if led == TRUMP and self.overtrump:
                beating = self._beating(hand & TRUMP_MASK, trick)
                if beating and not beating >> card & 1:
                    return MUST_OVERTRUMP
            return None
        if hand & CATEGORY_MASK[led]:
            return MUST_FOLLOW_TRUMPS if led == TRUMP else MUST_FOLLOW_SUIT
        if category != TRUMP and led != TRUMP and self.must_trump and hand & TRUMP_MASK:
            return MUST_TRUMP
        return None

    def _beating(self, trumps: int, trick: Sequence[int]) -> int:
        """The trumps in ``trumps`` stronger than every trump already in ``trick``."""
        strength = self.strength
        best = max((strength[c] for c in trick if CATEGORY[c] == TRUMP), default=0)
        out = 0
        for card in CardSet(trumps):
            if strength[card] > best:
                out |= 1 << card
        return out

    # -- winner ------------------------------------------------------------------------
    def winner(self, trick: Sequence[int]) -> int | None:
        """Index in ``trick`` of the winning card; ``None`` if only the Fool was played.

        The highest trump wins (ties to the later card, NICE-4); else the highest card of the
        led suit. The Fool never wins (NICE-3 and every other game).
        """
        strength = self.strength
        best_index: int | None = None
        best_trump = -1
        best_suit = -1
        led = self.led_category(trick)
        for index, card in enumerate(trick):
            category = CATEGORY[card]
            if category == TRUMP:
                if strength[card] >= best_trump:
                    best_trump = strength[card]
                    best_index = index
            elif category == led and best_trump < 0 and strength[card] > best_suit:
                best_suit = strength[card]
                best_index = index
        return best_index
