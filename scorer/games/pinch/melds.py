"""Pinch melds (PINCH-5, G-5): declared with their cards, at the right moments, once each.

A ``meld NAME: KIND cards`` line shows a meld. ``KIND`` is ``trumps`` (10 or more trumps, the
Fool not one), ``gatti`` (the Fool, 1 and 21), ``family`` (J C Q K of a suit), ``four`` or
``three`` (of Jacks, Cavaliers, Queens or Kings); it may be left out when the cards say it.
A player may meld before his first card (a line before trick 1) and after each of his draws
(a line after his ``draw`` line, before the next trick), only with cards then in his hand.
Trumps are raised by showing more of them, all those declared before included, for the
difference; three of a kind is raised to four for 5 more. Each meld is declared once a hand.
Melds held at such a moment but never declared are noted (G-5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...cards import Card
from ...cardset import cards_of, mask_of
from ...findings import Loc, Severity
from ...record import Line
from . import rules as R
from .hand import PinchHand

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
_ALIASES = {alias: name for name, aliases in R.MELD_WORDS.items() for alias in aliases}
_KIND_NUMBER = {3: "three", 4: "four"}
#: A meld as a fact: a key of :data:`.messages.TERMS`, or a key and its values.
MeldTerm = str | tuple[str, int | str] | tuple[str, int, int]
#: The suit of the family and the rank of the kinds a court card belongs to.
_FAMILY_OF: dict[int, int] = {
    card: suit for suit, family in enumerate(R.FAMILIES) for card in cards_of(family)
}
_KIND_OF: dict[int, int] = {card: rank for rank, kind in R.KINDS.items() for card in cards_of(kind)}
_COURTS = sum(R.FAMILIES)  # the sixteen court cards
_SUIT_OF_FAMILY = {family: suit for suit, family in enumerate(R.FAMILIES)}


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld accepted for scoring: who, its sheet code (``10T``, ``2T``, ``5C`` ...), its
    points, a short description and when it was shown, each a term of the game
    (:data:`.messages.TERMS`: a key, or a key and its values)."""

    seat: int
    code: str
    points: int
    description: MeldTerm
    when: MeldTerm
    cards: int
    loc: Loc | None


class MeldBook:
    """What each player declared, and the best of each meld he held at a declaring moment."""

    def __init__(self, h: PinchHand) -> None:
        self.h: PinchHand | None = h  # None once the replay is over (no cycle)
        self.trumps = [0, 0]  # trumps declared (mask)
        self.gatti = [False, False]
        self.families = [0, 0]  # suits declared, as bits
        self.kinds: list[dict[int, int]] = [{}, {}]  # rank -> 3 or 4 declared
        self.accepted: list[Meld] = []
        self.held_trumps = [0, 0]  # most trumps held at a moment
        self.held_gatti = [False, False]
        self.held_families = [0, 0]
        self.held_kinds: list[dict[int, int]] = [{}, {}]

    def moment(self, seat: int) -> None:
        """A moment at which ``seat`` may meld: remember what his hand holds (for G-5)."""
        h = self.h
        assert h is not None
        if not h.known[seat]:
            return
        hand = h.hands[seat]
        count = (hand & R.TRUMPS).bit_count()
        if count > self.held_trumps[seat]:
            self.held_trumps[seat] = count
        if hand & R.GATTI == R.GATTI:
            self.held_gatti[seat] = True
        if (hand & _COURTS).bit_count() < 3:  # neither a family nor three of a kind
            return
        for suit, family in enumerate(R.FAMILIES):
            if hand & family == family:
                self.held_families[seat] |= 1 << suit
        held = self.held_kinds[seat]
        for rank, kind in R.KINDS.items():
            count = (hand & kind).bit_count()
            if count >= R.KIND_MELD and count > held.get(rank, 0):
                held[rank] = count

    def drew(self, seat: int, card: int) -> None:
        """A draw opens a declaring moment (:meth:`moment`). Since ``seat``'s last moment
        cards only left his hand, and then ``card`` came in: a meld without ``card`` is held
        now only if it was then, and is remembered already. So look at the melds ``card``
        is part of alone. (The draw calls it only when the hand then holds enough of one of
        them to make it, :data:`.rules.MELDS_WITH`.)"""
        h = self.h
        assert h is not None
        if not h.known[seat]:
            return
        hand = h.hands[seat]
        bit = 1 << card
        if bit & R.TRUMPS:
            count = (hand & R.TRUMPS).bit_count()
            if count > self.held_trumps[seat]:
                self.held_trumps[seat] = count
        if bit & R.GATTI and hand & R.GATTI == R.GATTI:
            self.held_gatti[seat] = True
        suit = _FAMILY_OF.get(card)
        if suit is None:
            return
        family = R.FAMILIES[suit]
        if hand & family == family:
            self.held_families[seat] |= 1 << suit
        rank = _KIND_OF[card]
        count = (hand & R.KINDS[rank]).bit_count()
        held = self.held_kinds[seat]
        if count >= R.KIND_MELD and count > held.get(rank, 0):
            held[rank] = count

    def note_undeclared(self) -> None:
        """G-5: a meld held at a declaring moment but never declared is not paid: noted."""
        h = self.h
        assert h is not None
        for seat in (0, 1):
            if not h.known[seat]:
                continue
            missed: list[MeldTerm] = []
            if self.held_trumps[seat] >= R.TRUMP_MELD and not self.trumps[seat]:
                missed.append(("trumps", self.held_trumps[seat]))
            if self.held_gatti[seat] and not self.gatti[seat]:
                missed.append("gatti")
            for suit in range(4):
                if self.held_families[seat] >> suit & 1 and not self.families[seat] >> suit & 1:
                    missed.append(("family", suit))
            for rank, count in sorted(self.held_kinds[seat].items()):
                if count > self.kinds[seat].get(rank, 0):
                    missed.append((_KIND_NUMBER[count], R.RANK_LETTER[rank]))
            if missed:
                h.say(
                    "UNDECLARED_MELD",
                    NOTE,
                    "G-5",
                    loc=h.record.start,
                    seat=seat,
                    missed=tuple(missed),
                )


def _shape(mask: int, kind: str | None) -> tuple[str, int] | None:
    """The meld these cards make, as (kind, key): key is the suit of a family, the rank of
    three or four of a kind, else 0. ``None`` when they make no meld (of the kind named)."""
    count = mask.bit_count()
    if kind in (None, "trumps") and count >= R.TRUMP_MELD and not mask & ~R.TRUMPS:
        return "trumps", 0
    if kind in (None, "gatti") and mask == R.GATTI:
        return "gatti", 0
    if kind in (None, "family"):
        suit = _SUIT_OF_FAMILY.get(mask)
        if suit is not None:
            return "family", suit
    if kind in (None, "four", "three") and count >= R.KIND_MELD:
        rank = _KIND_OF.get((mask & -mask).bit_length() - 1)  # the kinds are disjoint: the
        if (
            rank is not None
            and not mask & ~R.KINDS[rank]
            and count
            == (  # lowest card's
                4 if kind == "four" else 3 if kind == "three" else count
            )
        ):
            return _KIND_NUMBER[count], rank
    return None


def declare(h: PinchHand, line: Line) -> None:
    """Check one ``meld`` line and, if it may be paid, book it (PINCH-5)."""
    seat = h.seat_named(line.subject, line.loc)
    kind, cards = _read_meld(h, seat, line)
    mask = mask_of(cards)
    shape = _shape(mask, kind) if mask.bit_count() == len(cards) else None
    if shape is None:
        h.say(
            "MELD_MALFORMED",
            VIOLATION,
            "PINCH-5",
            variant="kind" if kind else "",
            loc=line.loc,
            seat=seat,
            cards=tuple(cards_of(mask)),
            kind=kind,
        )
        return
    if _may_meld(h, seat, mask, line):
        _book(h, _Shown(seat, shape[0], shape[1], mask, line.loc), h.done)


def _read_meld(h: PinchHand, seat: int, line: Line) -> tuple[str | None, list[Card]]:
    """A meld line's kind word (``None`` when left out) and cards; a malformed line is an
    error (G-2)."""
    found = line.card_tuple  # None for a word (or an unknown card)
    kind = None
    if None in found:
        if found[0] is not None or found.count(None) > 1:
            last_word = [item for item in line.items if item.card is None][-1]
            h.halt("BAD_MELD", variant="order", loc=last_word.loc, seat=seat)
        word = line.word_texts()[0]
        kind = _ALIASES.get(word.casefold())
        if kind is None:
            h.halt(
                "BAD_MELD",
                variant="word",
                loc=line.items[0].loc,
                seat=seat,
                word=word,
                kinds=tuple(R.MELD_WORDS),
            )
    cards = [card for card in found if card is not None]
    if not cards:
        h.halt("BAD_MELD", variant="empty", loc=line.loc, seat=seat)
    return kind, cards


def _may_meld(h: PinchHand, seat: int, mask: int, line: Line) -> bool:
    """Whether ``seat`` may show ``mask`` now: at a moment to meld, with cards he holds
    (PINCH-5); a violation otherwise, not paid."""
    number = h.done
    if number and not h.windows[seat]:
        h.say("MELD_TIMING", VIOLATION, "PINCH-5", loc=line.loc, trick=number, seat=seat)
        return False
    missing = mask & ~h.hands[seat]
    if h.known[seat] and missing:
        h.say(
            "MELD_NOT_HELD",
            VIOLATION,
            "PINCH-5",
            loc=line.loc,
            seat=seat,
            cards=tuple(cards_of(missing)),
        )
        return False
    return True


@dataclass(frozen=True, slots=True)
class _Shown:
    """A well-formed meld shown at a moment to meld: who, its kind and key (the suit of a
    family, the rank of three or four), its cards and where."""

    seat: int
    kind: str
    key: int
    mask: int
    loc: Loc | None


def _book(h: PinchHand, shown: _Shown, number: int) -> None:
    """Book a meld shown (PINCH-5): a new one, a raise, or one repeated (not paid)."""
    when: MeldTerm = "before_first_card" if not number else ("after_drawing", number)
    book = h.melds
    assert isinstance(book, MeldBook)
    seat, key = shown.seat, shown.key

    def repeated(meld: MeldTerm) -> None:
        h.say("MELD_REPEATED", VIOLATION, "PINCH-5", loc=shown.loc, seat=seat, meld=meld)

    def accept(code: str, points: int, description: MeldTerm) -> None:
        book.accepted.append(Meld(seat, code, points, description, when, shown.mask, shown.loc))

    if shown.kind == "trumps":
        _book_trumps(h, book, shown, accept, repeated)
    elif shown.kind == "gatti":
        if book.gatti[seat]:
            repeated("gatti")
            return
        book.gatti[seat] = True
        accept("10G", 10, "gatti")
    elif shown.kind == "family":
        if book.families[seat] >> key & 1:
            repeated(("family", key))
            return
        book.families[seat] |= 1 << key
        accept("10F", 10, ("family_of", key))
    else:
        _book_kind(book, shown, accept, repeated)


def _book_trumps(
    h: PinchHand,
    book: MeldBook,
    shown: _Shown,
    accept: Callable[[str, int, MeldTerm], None],
    repeated: Callable[[MeldTerm], None],
) -> None:
    """Ten trumps or more, or a raise showing every trump declared before (PINCH-5)."""
    seat, mask = shown.seat, shown.mask
    before = book.trumps[seat]
    count = mask.bit_count()
    if not before:
        book.trumps[seat] = mask
        accept(f"{count}T", count, ("trumps", count))
    elif before & ~mask:
        h.say(
            "MELD_RAISE_NOT_HELD",
            VIOLATION,
            "PINCH-5",
            loc=shown.loc,
            seat=seat,
            cards=tuple(cards_of(before & ~mask)),
        )
    elif count <= before.bit_count():
        repeated(("trumps", count))
    else:
        book.trumps[seat] = mask
        extra = count - before.bit_count()
        accept(f"{extra}T", extra, ("raised", before.bit_count(), count))


def _book_kind(
    book: MeldBook,
    shown: _Shown,
    accept: Callable[[str, int, MeldTerm], None],
    repeated: Callable[[MeldTerm], None],
) -> None:
    """Three or four of a kind; three raised to four for 5 more (PINCH-5)."""
    seat, key = shown.seat, shown.key
    size = 4 if shown.kind == "four" else 3
    before = book.kinds[seat].get(key, 0)
    letter = R.RANK_LETTER[key]
    if before >= size:
        repeated((_KIND_NUMBER[before], letter))
        return
    book.kinds[seat][key] = size
    if before:
        accept(f"5{letter}", 5, ("kind_raised", letter))
    else:
        points = 10 if size == 4 else 5
        accept(f"{points}{letter}", points, (_KIND_NUMBER[size], letter))
