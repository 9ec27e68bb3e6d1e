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
from dataclasses import dataclass, field

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

#: A trump's rank key is above every suit card's (:attr:`TrickRules.key`).
TRUMP_KEY = 1000


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
    """One game's rules of play, as tables: the one source of legality and rank, which the
    trick loop (:mod:`scorer.games.engine`) reads through the tables built here.

    ``strength[c]`` orders cards within their category (trumps among trumps, suit cards within
    their suit). ``ties_to_later``: equal cards (Nice's Papotes, NICE-4) go to the later card
    played; otherwise the earlier keeps the trick (a card must beat the best to take it).

    Built from the fields (so :func:`dataclasses.replace` rebuilds them):

    - ``key[c]``: the card's rank in any trick, a trump above every suit card; the trick goes
      to the highest key among the cards of the led category and the trumps (:meth:`winner`);
    - ``suspect[led][category]``: the cards of the hand that can make a card of ``category``
      illegal in a trick led in ``led``: a card may be illegal only if the hand before it
      holds one of them (the led category; a trump too where a void player must trump). A
      card of the led category is judged only where ``judge_all[led]``: a trump led under
      overtrumping. So the loop judges (:meth:`illegal`) only what this table says may be
      illegal, and the property test ``tests/test_loop_follows_rules.py`` ties the two.
    """

    strength: tuple[int, ...]
    must_trump: bool = True  # a player void in the led suit must trump if able
    overtrump: bool = False  # answering a trump lead, beat the best trump if able (PINCH-4)
    ties_to_later: bool = False  # equal cards: the later played wins (NICE-4)
    key: tuple[int, ...] = field(init=False, repr=False, compare=False)
    suspect: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    judge_all: tuple[bool, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        strength = self.strength
        key = tuple(
            TRUMP_KEY + strength[c] if CATEGORY[c] == TRUMP else strength[c] for c in range(97)
        )
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "suspect", tuple(map(self._suspects, range(5))))
        judge_all = tuple(led == TRUMP and self.overtrump for led in range(5))
        object.__setattr__(self, "judge_all", judge_all)

    def _suspects(self, led: int) -> tuple[int, ...]:
        """Per category played, the cards whose presence in the hand can make a card of that
        category illegal in a trick led in ``led`` (:meth:`illegal`'s cases, as masks)."""
        out = []
        for category in range(FOOL_CATEGORY + 1):
            if category in (led, FOOL_CATEGORY):
                out.append(0)  # following, or the Fool: legal but for overtrumping (judge_all)
                continue
            mask = CATEGORY_MASK[led]  # MUST_FOLLOW_SUIT, MUST_FOLLOW_TRUMPS
            if self.must_trump and category != TRUMP and led != TRUMP:
                mask |= TRUMP_MASK  # MUST_TRUMP
            out.append(mask)
        return tuple(out)

    @classmethod
    def simple(
        cls,
        trump_order: Sequence[int],
        black: Sequence[int] = (14, 13, 12, 11, *range(10, 0, -1)),
        red: Sequence[int] = (14, 13, 12, 11, *range(1, 11)),
        **switches: bool,
    ) -> TrickRules:
        """Rules from a trump order (lowest first; a list inside the list ties those trumps:
        the earlier played keeps the trick, unless ``ties_to_later=True``) and the two suit
        orders (highest first); ``switches``: ``must_trump``, ``overtrump``,
        ``ties_to_later``."""
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

        The highest trump wins, else the highest card of the led suit (by :attr:`key`);
        equal cards go to the later only with ``ties_to_later`` (NICE-4). The Fool never
        wins (NICE-3 and every other game).
        """
        key = self.key
        later = self.ties_to_later
        led = self.led_category(trick)
        best_index: int | None = None
        best = -1
        for index, card in enumerate(trick):
            category = CATEGORY[card]
            if category in (led, TRUMP):
                rank = key[card]
                if rank > best or (later and rank == best):
                    best, best_index = rank, index
        return best_index
