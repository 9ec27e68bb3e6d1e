"""Minchiate: the marks during play, the rests paid as the difference reaches 60, the end count
and the rests at the end (MIN-8 .. MIN-11, MIN-13, MIN-15).

Every mark is a :class:`~scorer.report.ScoreLine` with no payment that says what was marked,
for whom, under which ruling, and where the running difference stands; each rest is a line
with its payment (each player of the side paid receives it, each of the other side pays it,
MIN-15). The report's lines are therefore the score sheet in the order of the game.
"""

from __future__ import annotations

from typing import Any

from ...cards import FOOL, Card
from ...cardset import cards_of
from ...findings import Severity
from ...record import Line
from ...report import ScoreLine, SideTally
from . import rules as R
from .hand import MinchiateHand

ZERO = (0, 0, 0, 0)
_FOOL_BIT = FOOL.bit
_DYING = R.COUNTING & ~_FOOL_BIT  # cards that can die (MIN-8)
_PLAIN = R.PACK & ~R.COUNTING  # the non-counting cards: what the Fool is replaced by (MIN-11)
GROWING = R.PAPI | R.HIGH_RUN | R.DIECINE | R.KINGS  # cards that can extend (MIN-8)
REST = 60  # MIN-9: a rest is 60 points
MAZZETTI_CARDS = 42  # MIN-10: 14 mazzetti of three cards
ULTIMA = 10
FOOL_LOST_EXTRA = 14  # MIN-11


def rests(side: int, amount: int) -> tuple[int, ...]:
    """MIN-15: each player of ``side`` receives ``amount``, each of the other side pays it."""
    return tuple(amount if seat & 1 == side else -amount for seat in range(4))


class Marks:
    """The running difference between the sides (positive: the first side ahead, MIN-9)."""

    def __init__(self, h: MinchiateHand) -> None:
        self.h = h
        self.show = h.show  # cards as the record writes them (a function: no cycle through h)
        self.diff = 0
        self.lines = h.report.lines
        self.names = (h.side_name(0), h.side_name(1))
        self.accrescimento = h.options["accrescimento"] == "on"
        self.extendable: list[dict[str, int]] = [{}, {}]  # declared cards per side and kind
        #: per side, the cards that could extend what it declared (none: accrescimento off)
        self.reach = [0, 0]
        #: the last trick a replace line follows (-1: none): a card owed for the Fool that the
        #: record gives later is not derived (MIN-11a)
        self.last_replace = max((tricks for tricks, _line in h.lines.replaces), default=-1)

    def standing_term(self) -> str | tuple[str, int, str]:
        """:meth:`standing` as a term of :data:`.messages.TERMS`, for a line's facts."""
        if not self.diff:
            return "level"
        return ("ahead", abs(self.diff), self.names[0 if self.diff > 0 else 1])

    def mark(self, side: int, points: int, what: tuple[Any, ...], rule: str) -> None:
        """Mark ``points`` for ``side``; pay a rest each time the difference reaches 60.
        ``what`` says what is marked, as a term of :data:`.messages.TERMS` (a key and its
        values)."""
        if not points:
            return
        self.diff = self.diff + (points if side == 0 else -points)
        self.lines.append(
            self.h.score_line(
                "mark",
                ZERO,
                rule,
                what=what,
                points=points,
                side=self.names[side],
                standing=self.standing_term(),
            )
        )
        diff = self.diff
        if -REST < diff < REST:
            return
        while abs(self.diff) >= REST:
            winner = 0 if self.diff > 0 else 1
            self.diff += -REST if winner == 0 else REST
            self.lines.append(
                self.h.score_line(
                    "rest_in_play",
                    rests(winner, 1),
                    "MIN-9",
                    rest=REST,
                    side=self.names[winner],
                    standing=self.standing_term(),
                )
            )

    # -- MIN-9: the marks before the first trick, in order ----------------------------------
    def before_play(self) -> None:
        h = self.h
        value_of = R.value_of
        # (a mark of 0 points is no mark: its label is made only for cards that count)
        points = value_of(h.robbed)
        if points:
            self.mark(
                h.cutter & 1,
                points,
                ("robbed_by", h.cutter, self.show(h.robbed)),
                "MIN-3",
            )
        for offset in range(1, 5):
            seat = (h.dealer + offset) % 4
            card = h.faceup[seat]
            points = value_of(card)
            if points:
                self.mark(
                    seat & 1,
                    points,
                    ("faceup_of", seat, self.show(card)),
                    "MIN-4",
                )
        points = value_of(h.scoperti)
        if points:
            self.mark(
                h.dealer & 1,
                points,
                ("scoperti_by", h.dealer, self.show(h.scoperti)),
                "MIN-5",
            )

    def declared(self) -> None:
        """MIN-7: declared versicole, from eldest round to the dealer."""
        h = self.h
        for offset in range(1, 5):
            seat = (h.dealer + offset) % 4
            for versicola in h.declared.get(seat, ()):
                fool = versicola.kind != "matto" and h.holds_fool(seat)
                self.mark(
                    seat & 1,
                    versicola.value,
                    (
                        "declared_by.fool" if fool else "declared_by",
                        versicola.kind,
                        seat,
                        self.show(versicola.cards),
                    ),
                    "MIN-7",
                )
                if versicola.kind in R.EXTENDABLE:
                    kinds = self.extendable[seat & 1]
                    kinds[versicola.kind] = kinds.get(versicola.kind, 0) | versicola.cards
                    if self.accrescimento:
                        self.reach[seat & 1] |= R.EXTENDABLE[versicola.kind]

    # -- MIN-8: the marks of a trick --------------------------------------------------------
    def trick(self, number: int, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        h = self.h
        side = winner & 1
        c0, c1, c2, c3 = cards
        leaders = 1 << c0 | 1 << c2  # the cards of the leader's side, then the others'
        others = 1 << c1 | 1 << c3
        mask = leaders | others
        if mask & _FOOL_BIT:
            fool_seat = (leader + cards.index(FOOL)) & 3
            if fool_seat & 1 != side:  # MIN-11: the Fool stays with its side, a card is owed
                mask &= ~_FOOL_BIT
                h.piles[fool_seat & 1] |= _FOOL_BIT
                h.fool_owed = (fool_seat & 1, side, number)
        h.piles[side] |= mask
        h.tricks_won[side] += 1
        lost = (others if side == leader & 1 else leaders) & _DYING
        if lost:  # the trick's dying cards are marked together as it is gathered
            self.muore(number, leader, cards, side, lost)
        if mask & self.reach[side]:
            self.extend(side, mask, number)

    def muore(
        self, number: int, leader: int, cards: tuple[Card, ...], side: int, lost: int
    ) -> None:
        """MIN-8: the losers' counting cards of trick ``number`` (``lost``) die, marked to
        the winners (``side``) as one line."""
        seat = leader
        value = R.VALUE
        texts = self.h.words.texts
        points = 0
        dead = []
        for card in cards:
            if lost >> card & 1:
                points += value[card]
                dead.append(("of", texts[card], seat))
            seat = (seat + 1) & 3
        self.mark(side, points, ("muore", number, tuple(dead)), "MIN-8")

    def extend(
        self, side: int, won_now: int, number: int, when: tuple[Any, ...] | None = None
    ) -> None:
        """Accrescimento (MIN-8): cards won that join a versicola the side declared, with any
        cards it had won before that the new card joins to it. A card that joins two runs the
        side declared (37 between 34-36 and 38-40) makes them one, marked once (MIN-8a);
        ``when`` says how the card came (the Fool's replacement, MIN-8b), else trick
        ``number``."""
        kinds = self.extendable[side]
        pile = self.h.piles[side]
        for kind, declared in list(kinds.items()):
            universe = R.EXTENDABLE[kind]
            if not won_now & universe:
                continue
            grown = declared | (pile & universe)
            if kind in ("papi", "sopratrenta"):
                grown = _blocks_touching(
                    grown, declared, 1 if kind == "papi" else 28, 5 if kind == "papi" else 40
                )
            added = grown & ~declared
            if added:
                kinds[kind] = grown
                points = sum(R.IN_VERSICOLA[c] for c in cards_of(added))
                self.mark(
                    side,
                    points,
                    ("accrescimento", when or ("trick", number), self.show(added), kind),
                    "MIN-8",
                )

    # -- MIN-11: the Fool's replacement card -------------------------------------------------
    def replace(self, line: Line, number: int) -> None:
        h = self.h
        owed = h.fool_owed
        if owed is None:
            h.halt("LINE_OUT_OF_PLACE", "MIN-11", variant="no_fool", loc=line.loc)
            raise AssertionError  # unreachable: halt raises
        fool_side, winners, _trick = owed
        card_mask = h.cards_line(line, "replacement", 0)
        if card_mask.bit_count() != 1:
            h.halt("BAD_REPLACEMENT", "MIN-11", variant="count", loc=line.loc)
        cards = tuple(cards_of(card_mask))
        pile = h.piles[fool_side] & ~_FOOL_BIT
        if not card_mask & pile:
            h.halt(
                "CARD_NOT_WON",
                "MIN-11",
                loc=line.loc,
                cards=cards,
                side=fool_side,
                partner=fool_side + 2,
            )
        if card_mask & R.COUNTING and pile & ~R.COUNTING:
            h.say("BAD_REPLACEMENT", Severity.VIOLATION, "MIN-11", loc=line.loc, cards=cards)
        due = h.fool_due
        if due is not None and due < number:
            h.say(
                "LATE_REPLACEMENT",
                Severity.VIOLATION,
                "MIN-11a",
                loc=line.loc,
                cards=cards,
                due=due,
                number=number,
                side=fool_side,
                partner=fool_side + 2,
            )
        self.give(fool_side, winners, card_mask, ("after_trick", number))

    def owed(self, number: int) -> None:
        """MIN-11a, after trick ``number`` and the lines that follow it, while a card is owed
        for the Fool: once the Fool's side has a non-counting card in its pile, the card is
        due. With no replace line to come, it is the one MIN-11 then forces, the lowest such
        card (given now, not chosen from the pile at the end); with one, a line later than
        this is flagged as it is read (:meth:`replace`)."""
        h = self.h
        fool_side, winners, _trick = h.fool_owed  # type: ignore[misc]
        plain = h.piles[fool_side] & _PLAIN
        if not plain:
            return
        if h.fool_due is None:
            h.fool_due = number
        if self.last_replace > number:
            return
        card = _lowest_plain(plain)
        h.say(
            "FOOL_REPLACEMENT_DERIVED",
            Severity.NOTE,
            "MIN-11a",
            variant="now",
            loc=h.record.start,
            cards=(card,),
            side=fool_side,
            partner=fool_side + 2,
            number=number,
        )
        self.give(fool_side, winners, card.bit, ("after_trick", number))

    def give(
        self, fool_side: int, winners: int, card_mask: int, when: str | tuple[str, int]
    ) -> None:
        """Hand the Fool's replacement to the winners; it counts as won by them from then on
        and may extend a versicola they declared (MIN-8b)."""
        h = self.h
        h.piles[fool_side] &= ~card_mask
        h.piles[winners] |= card_mask
        h.fool_owed = None
        self.lines.append(
            h.score_line(
                "fool_given",
                ZERO,
                "MIN-11",
                giver=h.side_name(fool_side),
                cards=card_mask,
                winners=h.side_name(winners),
                when=when,
            )
        )
        if self.accrescimento and card_mask & GROWING and self.extendable[winners]:
            self.extend(winners, card_mask, 0, ("fool_card", when))


_WINDOWS = {1: (R.T(1), 0x1F), 28: (R.T(28), 0x1FFF)}  # shift and width mask of each run


def _blocks_touching(mask: int, core: int, low: int, high: int) -> int:
    """The maximal runs of consecutive trumps ``low..high`` (1..5 or 28..40) in ``mask`` that
    hold a card of ``core``: the core's cards in ``mask`` grown one neighbour at a time
    (at most 13 steps; no table, so nothing is built on first use)."""
    shift, width = _WINDOWS[low]
    held = mask >> shift & width
    grown = core >> shift & held
    while True:
        wider = (grown | grown << 1 | grown >> 1) & held
        if wider == grown:
            return grown << shift
        grown = wider


def _lowest_plain(plain: int) -> Card:
    """The lowest of these non-counting cards (by the pack's order: suit cards, then trumps,
    so 29 last), the card MIN-11 forces for the Fool."""
    return cards_of(plain)[0]


def settle_fool(h: MinchiateHand, marks: Marks) -> None:
    """MIN-11 at the end: a card still owed for the Fool (its side never had a non-counting
    card to give, MIN-11a) is the lowest counting card the side won; a side that won no trick
    loses the Fool."""
    owed = h.fool_owed
    if owed is None:
        return
    fool_side, winners, number = owed
    if not h.tricks_won[fool_side]:
        h.piles[fool_side] &= ~_FOOL_BIT
        h.piles[winners] |= _FOOL_BIT
        h.fool_owed = None
        h.fool_lost = True
        marks.lines.append(
            h.score_line(
                "fool_lost",
                ZERO,
                "MIN-11",
                giver=h.side_name(fool_side),
                winners=h.side_name(winners),
                number=number,
            )
        )
        return
    # (a non-counting card is given as soon as it is won, so the pile holds none by now)
    card = min(cards_of(h.piles[fool_side] & ~_FOOL_BIT), key=lambda c: (R.VALUE[c], c))
    h.say(
        "FOOL_REPLACEMENT_DERIVED",
        Severity.NOTE,
        "MIN-11",
        variant="end",
        loc=h.record.start,
        cards=(card,),
        side=fool_side,
        partner=fool_side + 2,
    )
    marks.give(fool_side, winners, card.bit, "at_the_end")


def score_end(h: MinchiateHand, marks: Marks) -> None:
    """MIN-10: the end count of each side's pile, added to the running difference; the rests
    at the end (doubled, and 14 more, when the Fool's side won no trick, MIN-11); the revoke
    penalties (MIN-13)."""
    settle_fool(h, marks)
    folla = h.folla | h.discards[0] | h.discards[1] | h.discards[2] | h.discards[3]
    piles = list(h.piles)
    piles[h.dealer & 1] |= folla
    last_winner = h.report.tricks[-1].winner & 1  # type: ignore[operator]
    h.report.sides = [end_count(h, marks, side, piles[side], last_winner) for side in (0, 1)]
    end = [h.report.sides[0].total, h.report.sides[1].total]
    rests_at_the_end(h, marks, end)
    for seat, number, _code in h.revokes:
        h.report.lines.append(
            h.score_line(
                "revoke",
                tuple(-4 if s == seat else (2 if s & 1 != seat & 1 else 0) for s in range(4)),
                "MIN-13",
                seat=seat,
                trick=number,
            )
        )
    h.report.contract.update(
        {
            "sides": f"{marks.names[0]} v {marks.names[1]}",
            "dealer": h.name(h.dealer),
            "cutter": h.name(h.cutter),
            "end count": f"{end[0]} to {end[1]}",
        }
    )


def end_count(h: MinchiateHand, marks: Marks, side: int, pile: int, last_winner: int) -> SideTally:
    """MIN-10: one side's end count (its pile, with the folla for the dealer's side): the
    mazzetti, the versicole in the pile, the ultima and the counting cards, as a score line
    and the side's tally."""
    show = marks.show
    name = marks.names[side]
    count = pile.bit_count()
    mazzetti = max(0, count - MAZZETTI_CARDS)
    found = R.versicole(pile)
    fool = bool(pile & _FOOL_BIT)
    vers = sum(versicola.value for versicola in found)
    shown = tuple(
        (
            "in_pile.fool" if fool and v.kind != "matto" else "in_pile",
            v.kind,
            show(v.cards),
            v.value,
        )
        for v in found
    ) or ("none",)
    ultima = ULTIMA if side == last_winner else 0
    values = R.value_of(pile)
    total = mazzetti + vers + ultima + values
    h.report.lines.append(
        h.score_line(
            "end_count.folla" if side == h.dealer & 1 else "end_count",
            ZERO,
            "MIN-10",
            side=name,
            mazzetti=mazzetti,
            count=count,
            cards=MAZZETTI_CARDS,
            versicole=vers,
            shown=shown,
            ultima=ultima,
            values=values,
            counting=show(pile & R.COUNTING),
            total=total,
        )
    )
    seats = (side, side + 2)
    return SideTally(name, seats, values, h.tricks_won[side], mazzetti, vers + ultima, total)


def rests_at_the_end(h: MinchiateHand, marks: Marks, end: list[int]) -> None:
    """MIN-10: the difference after play and the end counts, one rest per 60 begun to the
    side ahead; doubled, and 14 rests more, when the Fool's side won no trick (MIN-11)."""
    lines = h.report.lines
    diff = marks.diff + end[0] - end[1]
    leader = 0 if diff > 0 else 1
    count = -(-abs(diff) // REST) if diff else 0
    if diff:
        key = "end.doubled" if h.fool_lost else "end"
    else:
        key = "end.level_doubled" if h.fool_lost else "end.level"
    summary = h.score_line(
        key,
        ZERO,
        "MIN-10",
        standing=marks.standing_term(),
        ends=tuple(end),
        difference=abs(diff),
        side=marks.names[leader],
        count=count,
        doubled=2 * count,
    )
    if h.fool_lost:
        count *= 2
    paid = rests(leader, count) if count else ZERO
    lines.append(ScoreLine(summary.label, paid, "MIN-10", summary.template, summary.facts))
    if h.fool_lost:
        fool_side = 1 - _fool_winner(h)
        lines.append(
            h.score_line(
                "fool_lost_extra",
                rests(1 - fool_side, FOOL_LOST_EXTRA),
                "MIN-11",
                side=marks.names[fool_side],
                extra=FOOL_LOST_EXTRA,
            )
        )


def _fool_winner(h: MinchiateHand) -> int:
    """The side that took the Fool after the other side won no trick."""
    return 0 if h.piles[0] & _FOOL_BIT else 1
