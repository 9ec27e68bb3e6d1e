"""Repair suggestions: small edits that turn an impossible or much-flagged record into a
consistent, legal one, for the slips people make copying a paper record.

The edits tried, each a kind with a cost (cheaper is likelier):

* ``swap-in-trick`` (1): two cards of one trick exchanged (a card in the wrong seat's
  column, or the order of play miscopied);
* ``numeral`` (1): a trump written with a Roman numeral one stroke away (IV for VI, IX for
  XI, XIV for XVI, ...);
* ``swap-between-tricks`` (2): two cards of different tricks exchanged;
* ``rotate-trick`` (2): one trick's cards written one seat off (every card moved one place);
* ``seats`` (2): the dealer one seat off either way, so every card of the record moves to
  the neighbouring player (the columns of a paper sheet started from the wrong player);
* ``seat-order`` (2): the ``Players`` tag in the wrong order: reversed (the players written
  clockwise, when play goes anticlockwise), so that the cards after each lead go to other
  players. (A rotated tag keeps every player's neighbours: it replays the same.)

Every single edit is replayed; when none yields a clean record, pairs of the single edits
that each removed something are tried. The few best are offered in a stated order
(:data:`ORDER`): clean ones first, then the fewest problems left, the lowest cost, the fewest
cards moved, and the earliest place in the record. A suggestion is only a suggestion: the
director accepts one as a correction, with the reason recorded.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations

from ..cards import CARDS, TRUMP_BASE, Card
from ..findings import Finding
from ..games.base import Game
from ..record import Item, Line, Record, Trick
from ..report import Report
from ..wording import Wording

__all__ = [
    "REPLAYS",
    "Edit",
    "Repair",
    "needs_repair",
    "replays_at_most",
    "roman_neighbours",
    "suggest_repairs",
]

REPLAYS = 20_000
"""The replays a repair search makes at most unless its caller bounds it further."""
PAIRED = 40
"""How many of the single edits that improve the record are tried two at a time."""

COSTS = {
    "swap-in-trick": 1,
    "numeral": 1,
    "swap-between-tricks": 2,
    "rotate-trick": 2,
    "seats": 2,
    "seat-order": 2,
}

#: How repairs are ordered, said for a person (the audit page and the API show it).
ORDER = (
    "clean repairs first, then those leaving the fewest problems; among those, the lowest "
    "cost, then the fewest cards moved, then the earliest place in the record"
)


@dataclass(frozen=True, slots=True)
class Edit:
    """One small change to a record. ``where`` is (body index, position) pairs it touches;
    ``description`` says it for a person; ``moved`` counts the cards that change hands or
    places (by default the places it touches; a change of the deal or of the seating moves
    every card played)."""

    kind: str
    description: str
    where: tuple[tuple[int, int], ...] = ()
    moved: int | None = None

    @property
    def cost(self) -> int:
        return COSTS[self.kind]

    @property
    def cards_moved(self) -> int:
        return len(self.where) if self.moved is None else self.moved


@dataclass(frozen=True, slots=True)
class Repair:
    """A repaired record with the edits that make it and the replay's verdict."""

    edits: tuple[Edit, ...]
    record: Record
    report: Report

    @property
    def cost(self) -> int:
        return sum(edit.cost for edit in self.edits)

    @property
    def clean(self) -> bool:
        return _badness(self.report) == (0, 0) and self.report.complete

    @property
    def remaining(self) -> int:
        """Errors and violations about the play left after the edits."""
        return sum(_badness(self.report))

    @property
    def reason(self) -> str:
        """The correction's reason, as the director will record it."""
        return "repair: " + "; ".join(edit.description for edit in self.edits)

    @property
    def cards_moved(self) -> int:
        return sum(edit.cards_moved for edit in self.edits)

    @property
    def first_place(self) -> tuple[int, int]:
        """The earliest (trick number, card position) the edits touch; (0, 0) for an edit
        of the whole record (the deal, the seating)."""
        places = [
            (entry.number, position)
            for edit in self.edits
            for index, position in edit.where
            if isinstance(entry := self.record.body[index], Trick)
        ]
        return min(places, default=(0, 0))

    @property
    def order_note(self) -> str:
        """Where this repair stands in :data:`ORDER`, in words."""
        trick, card = self.first_place
        place = f"from trick {trick}, card {card + 1}" if trick else "the whole record"
        left = "clean" if self.clean else f"{self.remaining} problem(s) left"
        moved = f"{self.cards_moved} card{'s' if self.cards_moved != 1 else ''} moved"
        return f"{left}; cost {self.cost}; {moved}; {place}"


_ROMAN_DIGITS = "IVXL"


def _to_roman(n: int) -> str:
    out = []
    for value, letters in ((40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def roman_neighbours(n: int, highest: int) -> list[int]:
    """Trumps whose Roman numeral is one slip from ``n``'s: a stroke added, dropped or
    changed, or two neighbouring strokes exchanged.

    >>> roman_neighbours(6, 21)  # VI: I, II, IV (exchanged), V, VII, XI, XVI
    [1, 2, 4, 5, 7, 11, 16]
    >>> 9 in roman_neighbours(11, 21) and 11 in roman_neighbours(9, 21)
    True
    """
    numerals = {_to_roman(m): m for m in range(1, highest + 1)}
    text = _to_roman(n)
    variants = set()
    for i in range(len(text) + 1):
        for letter in _ROMAN_DIGITS:
            variants.add(text[:i] + letter + text[i:])  # a stroke added
    for i in range(len(text)):
        variants.add(text[:i] + text[i + 1 :])  # dropped
        for letter in _ROMAN_DIGITS:
            variants.add(text[:i] + letter + text[i + 1 :])  # changed
        if i + 1 < len(text):
            variants.add(text[:i] + text[i + 1] + text[i] + text[i + 2 :])  # exchanged
    return sorted(numerals[v] for v in variants if v in numerals and numerals[v] != n)


def _trick_cards(record: Record) -> list[tuple[int, Trick]]:
    return [(index, entry) for index, entry in enumerate(record.body) if isinstance(entry, Trick)]


def _with_trick(trick: Trick, cards: list[Card | None], words: Wording) -> Trick:
    plays = tuple(
        Item("?" if card is None else words.notation(card), card, old.note, old.loc)
        for card, old in zip(cards, trick.plays, strict=True)
    )
    return Trick(trick.number, trick.leader, plays, trick.loc)


def _replace(record: Record, changes: dict[int, Trick | Line]) -> Record:
    body = tuple(changes.get(i, entry) for i, entry in enumerate(record.body))
    return Record(record.tags, body, record.source, record.start)


def _text(card: Card | None, words: Wording) -> str:
    """A card named for people in the record's suit style, ``?`` for an unknown one."""
    return "?" if card is None else words.card(card)


def _label(trick: Trick, position: int) -> str:
    return f"trick {trick.number}, card {position + 1}"


def _single_edits(record: Record, game: Game) -> Iterator[tuple[Edit, Record]]:
    tricks = _trick_cards(record)
    highest = game.highest_trump
    words = game.wording(record)
    for index, trick in tricks:
        cards = list(trick.card_tuple)
        for a, b in combinations(range(len(cards)), 2):
            if cards[a] == cards[b]:
                continue
            swapped = cards.copy()
            swapped[a], swapped[b] = swapped[b], swapped[a]
            yield (
                Edit(
                    "swap-in-trick",
                    f"{_label(trick, a)} and card {b + 1}: "
                    f"{_text(cards[b], words)} and {_text(cards[a], words)} exchanged",
                    ((index, a), (index, b)),
                ),
                _replace(record, {index: _with_trick(trick, swapped, words)}),
            )
        for position, card in enumerate(cards):
            if card is None or not card.is_trump:
                continue
            for other in roman_neighbours(card.rank, highest):
                changed = cards.copy()
                changed[position] = CARDS[TRUMP_BASE + other]
                yield (
                    Edit(
                        "numeral",
                        f"{_label(trick, position)}: "
                        f"{_to_roman(card.rank)} read as {_to_roman(other)} "
                        f"({words.card(card)} -> {other})",
                        ((index, position),),
                    ),
                    _replace(record, {index: _with_trick(trick, changed, words)}),
                )
        if len(cards) > 1:
            for step, way in ((1, "later"), (-1, "earlier")):
                rotated = cards[step:] + cards[:step]
                yield (
                    Edit(
                        "rotate-trick",
                        f"trick {trick.number}: every card one seat {way}",
                        tuple((index, p) for p in range(len(cards))),
                    ),
                    _replace(record, {index: _with_trick(trick, rotated, words)}),
                )
    for (i, first), (j, second) in combinations(tricks, 2):
        for a, card_a in enumerate(first.card_tuple):
            for b, card_b in enumerate(second.card_tuple):
                if card_a == card_b:
                    continue
                one, two = list(first.card_tuple), list(second.card_tuple)
                one[a], two[b] = card_b, card_a
                yield (
                    Edit(
                        "swap-between-tricks",
                        f"{_label(first, a)} ({_text(card_a, words)}) "
                        f"and {_label(second, b)} ({_text(card_b, words)}) exchanged",
                        ((i, a), (j, b)),
                    ),
                    _replace(
                        record,
                        {i: _with_trick(first, one, words), j: _with_trick(second, two, words)},
                    ),
                )
    yield from _seating_edits(record)


def _seating_edits(record: Record) -> Iterator[tuple[Edit, Record]]:
    """The ``Players`` tag reversed (a seat-order slip) and the deal one seat off: each
    moves every card played to another player."""
    players = record.players
    played = sum(len(trick.plays) for _, trick in _trick_cards(record))
    if len(players) > 2:
        # Written clockwise: the same first player, the others in the reverse order. A
        # rotation of the written order keeps every player's neighbours, so it replays the
        # same (the dealer and a named leader are kept by name): it is no repair.
        order = players[:1] + players[:0:-1]
        yield (
            Edit(
                "seat-order",
                f"the Players tag reversed (written clockwise): the players in playing order "
                f"are {', '.join(order)}, not {', '.join(players)}",
                moved=played,
            ),
            _seated(record, order),
        )
    if record.dealer is not None and len(players) > 1:
        for step, way in ((1, "next"), (-1, "previous")):
            dealer = players[(record.dealer + step) % len(players)]
            tags = tuple(
                (name, dealer if name == "Dealer" else value) for name, value in record.tags
            )
            yield (
                Edit(
                    "seats",
                    f"the deal one seat off: {dealer} ({way} player) dealt, "
                    f"not {players[record.dealer]}",
                    moved=played,
                ),
                Record(tags, record.body, record.source, record.start),
            )


def _seated(record: Record, order: list[str]) -> Record:
    """The record with the Players tag in ``order``; a trick that names or marks its leader
    keeps that player (its seat index follows the name)."""
    tags = tuple(
        (name, ", ".join(order) if name == "Players" else value) for name, value in record.tags
    )
    seat = {old: order.index(name) for old, name in enumerate(record.players)}
    body = tuple(
        Trick(entry.number, seat[entry.leader], entry.plays, entry.loc)
        if isinstance(entry, Trick) and entry.leader is not None
        else entry
        for entry in record.body
    )
    return Record(tags, body, record.source, record.start)


def _badness(report: Report) -> tuple[int, int]:
    """Errors and violations about the play. A claim that disagrees is the players'
    arithmetic, judged apart (:mod:`scorer.disputes.claims`): no edit of the play should be
    offered to make a wrong sum come out."""

    def count(findings: list[Finding]) -> int:
        return sum(1 for f in findings if "CLAIM" not in f.code)

    return (count(report.errors), count(report.violations))


def suggest_repairs(
    game: Game,
    record: Record,
    *,
    limit: int = 3,
    budget: int = REPLAYS,
    options: Mapping[str, str] | None = None,
    report: Report | None = None,
) -> tuple[Report, list[Repair]]:
    """The record's own report and up to ``limit`` repairs, best first: clean ones (no error,
    no violation) by cost, then, when no edit cleans the record, the pairs of edits that do,
    then the edits that leave the fewest problems. ``budget`` bounds the replays;
    every replay is under ``options`` (the session's, say) over the record's own; ``report``
    is the record's own report under them, when the caller has it already."""
    original = report if report is not None else game.verify(record, options)
    base = _badness(original)
    if not needs_repair(original) or not record.tricks:
        return original, []

    tried: list[Repair] = []
    improving: list[tuple[Edit, Record, Report]] = []
    replays = 0
    for edit, candidate in _single_edits(record, game):
        if replays >= budget:
            break
        replays += 1
        report = game.verify(candidate, options)
        repair = Repair((edit,), candidate, report)
        if _badness(report) < base:
            tried.append(repair)
            if not repair.clean and edit.where:  # not the deal or the seating: a whole-record edit
                improving.append((edit, candidate, report))
    if not any(r.clean for r in tried):
        improving.sort(key=lambda e: (_badness(e[2]), e[0].cost))
        for (edit_a, record_a, _), (edit_b, record_b, _) in combinations(improving[:PAIRED], 2):
            if replays >= budget:
                break
            touched_a = {w[0] for w in edit_a.where}
            if touched_a & {w[0] for w in edit_b.where}:
                continue
            candidate = _replace(
                record,
                {
                    index: changed.body[index]
                    for edit, changed in ((edit_a, record_a), (edit_b, record_b))
                    for index, _ in edit.where
                },
            )
            replays += 1
            report = game.verify(candidate, options)
            if _badness(report) < base:
                tried.append(Repair((edit_a, edit_b), candidate, report))
    tried.sort(key=_order)
    return original, tried[:limit]


def replays_at_most(game: Game, record: Record, budget: int = REPLAYS) -> int:
    """How many replays :func:`suggest_repairs` makes at most on ``record`` with ``budget``,
    counted without replaying anything (the service prices a request before doing it): every
    single edit (each trick's swaps, numeral slips and two rotations, every swap between two
    tricks, the three seating edits), then the pairs of the :data:`PAIRED` best of them.

    >>> from scorer.games import get_game
    >>> from scorer.record import Record
    >>> replays_at_most(get_game("nice4"), Record((), ()))
    0
    """
    tricks = [trick for _, trick in _trick_cards(record)]
    if not tricks:
        return 0
    singles = 3
    for trick in tricks:
        n = len(trick.plays)
        singles += n * (n - 1) // 2 + (2 if n > 1 else 0)
        singles += sum(
            len(roman_neighbours(card.rank, game.highest_trump))
            for card in trick.card_tuple
            if card is not None and card.is_trump
        )
    lengths = [len(trick.plays) for trick in tricks]
    singles += (sum(lengths) ** 2 - sum(n * n for n in lengths)) // 2  # swaps between tricks
    return min(budget, singles + PAIRED * (PAIRED - 1) // 2)


def _order(repair: Repair) -> tuple[bool, tuple[int, int], int, int, tuple[int, int]]:
    """The sort key of :data:`ORDER`."""
    return (
        not repair.clean,
        _badness(repair.report),
        repair.cost,
        repair.cards_moved,
        repair.first_place,
    )


def needs_repair(report: Report) -> bool:
    """True when the play has errors or violations (a disagreeing claim alone needs none)."""
    return _badness(report) != (0, 0)
