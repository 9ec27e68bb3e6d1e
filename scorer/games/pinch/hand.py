"""The state of one pinch replay: :class:`PinchHand`.

It holds what the replay reads and writes (the sorted lines, the hands, the stock, the piles,
the Fool's fate) and the steps of one line each: the deal and the stock (PINCH-3), a trick
(PINCH-1, PINCH-4, PINCH-6), a draw, a cover, the end of the hand, the claims. The replay loops
and the melds (:mod:`.play`, :mod:`.melds`) and the score (:mod:`.scoring`) receive it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Protocol

from ...cards import FOOL, Card
from ...cardset import cards_of
from ...claims import claim_findings
from ...findings import Finding, Loc, Severity
from ...record import Line, Record, Trick
from ...report import Report, TrickResult
from ...tricks import (
    CATEGORY,
    CATEGORY_MASK,
    MUST_FOLLOW_SUIT,
    MUST_FOLLOW_TRUMPS,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    TRUMP,
    TRUMP_MASK,
)
from ..base import Game
from ..replay import check_trick_place
from . import rules as R

__all__ = ["Melds", "PinchHand"]


ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
FOOL_BIT = FOOL.bit

_REASONS = {
    MUST_FOLLOW_SUIT: "held {suit} and had to follow suit",
    MUST_TRUMP: "had no {suit} but held trumps, so had to trump",
    MUST_FOLLOW_TRUMPS: "held trumps and a trump was led",
    MUST_OVERTRUMP: "could beat the trump led and had to (overtrump=required)",
}


# The lines of the play, in order: tricks (whose keyword is "") and these sections.
_EVENT_KEYWORDS = frozenset(("", "draw", "meld", "cover", "claim"))
_KEYWORD = attrgetter("keyword")
# Who still draws after a trick (PINCH-3: the winner first), and who may meld now (PINCH-5),
# as shared tuples: a replay moves between these states without making new ones.
_TO_DRAW = ((0, 1), (1, 0))
_BIT = tuple(1 << card for card in range(97))
_CLOSED = (False, False)
_OPEN_FOR = ((True, False), (False, True))
_BOTH_OPEN = (True, True)


class _Stop(Exception):
    """Ends a replay at an impossible point (G-2); the finding is already recorded."""


class _Recheck(Exception):
    """The single pass, which takes the lines after the deal as they come, met a line that
    is no trick, draw, meld, cover or claim (a hand or stock line after the play began, a
    keyword pinch does not have), or stopped short of one: the record is judged again from
    the start on the general path, whose :meth:`PinchHand.sort_lines` reports it where the
    rules say."""


class Melds(Protocol):
    """The meld book as the steps here use it (:class:`.melds.MeldBook`, which the replay in
    :mod:`.play` makes): this module needs no import of the melds."""

    def moment(self, seat: int) -> None: ...

    def drew(self, seat: int, card: Card) -> None: ...

    def note_undeclared(self) -> None: ...


class PinchHand:
    """The state of one replay of one record, and the steps of one line each. Built, run
    once (as :class:`.play.PinchReplay`), discarded."""

    # what each player declared and held at each moment one could be (PINCH-5); made by the
    # replay, :class:`.play.PinchReplay`
    melds: Melds

    def __init__(
        self,
        game: Game,
        record: Record,
        options: Mapping[str, str] | None,
        single_pass: bool = True,
    ) -> None:
        self.game = game
        self.use_single_pass = single_pass
        self.record = record
        self.report = Report(game.key, tuple(record.players), record.dealer, unit=game.unit)
        self.options = game.resolve_options(record.options, options)
        self.rules = R.rules(
            self.options["pip-order"] == "historic", self.options["overtrump"] == "required"
        )
        self.words = game.wording(record)  # cards and suits in the record's style
        self.dealer = record.dealer if record.dealer is not None else 0
        self.hand_lines: dict[int, Line] = {}
        self.stock_line: Line | None = None
        self.events: list[Line | Trick] = []
        self.claims: list[Line] = []  # the totals written on the sheet (checked when scored)
        self.unchecked = False  # events taken as they come, for the single pass (sort_lines)
        self.known = [True, True]  # False: the hand is neither written nor derivable
        self.both_known = True
        self.dealt = [0, 0]
        self.hands = [0, 0]
        self.piles = [0, 0]  # cards each player has captured (his pile), as masks
        self.won = [0, 0]  # tricks won
        self.stock: Sequence[Card] | None = None
        self.stock_mask = 0  # the written stock's cards, none dealt
        self.stock_pos = 0
        self.gone = 0  # cards played so far
        self.drawn = 0  # cards drawn so far
        self.pending: tuple[int, ...] = ()  # seats still to draw after the last trick
        self.windows: tuple[bool, bool] = _BOTH_OPEN  # may this seat meld now (PINCH-5)?
        self.tricks_done = 0
        self.leader = 1 - self.dealer  # PINCH-3: the dealer's opponent leads first
        self.seats: dict[str, int] = {}  # folded name -> seat (the first, as seat_named)
        for seat, name in enumerate(record.players):
            self.seats.setdefault(name.casefold(), seat)
        self.complete = False
        # the Fool (PINCH-6)
        self.fool_owner: int | None = None
        self.fool_trick = 0
        self.fool_due = False  # its owner has won a trick since
        self.fool_due_at = 0  # the first such trick
        self.fool_after = 0  # cards of the tricks its owner won after it
        self.covered: Card | None = None
        self.bagatto: tuple[int, int] | None = None  # (who played it, who won) in the last trick

    # -- findings --------------------------------------------------------------------------
    def flag(self, code: str, severity: Severity, message: str, rule: str | None, **where) -> None:
        self.report.add(Finding(code, severity, message, rule, **where))

    def stop(self, code: str, message: str, rule: str = "G-2", **where) -> None:
        """Record an error and end the replay (G-2)."""
        self.flag(code, ERROR, message, rule, **where)
        raise _Stop

    def name(self, seat: int) -> str:
        return self.report.players[seat]

    def text(self, card: int) -> str:
        return self.words.texts[card]

    def texts(self, mask: int) -> str:
        return self.words.mask(mask)

    def seat_named(self, name: str | None, loc: Loc | None) -> int:
        seat = self.seats.get((name or "").strip().casefold())
        if seat is not None:
            return seat
        self.stop("UNKNOWN_PLAYER", f"{name!r} is not one of the players", loc=loc)
        raise AssertionError  # unreachable

    def sort_lines(self) -> None:
        """Hands and the stock come before the play; every other line is an event in order.

        For the single pass, the lines after the leading hand and stock lines are taken as
        events in one slice, unchecked: the single pass itself sends a record with any
        other line there to the general path (:class:`_Recheck`), which sorts every line
        below (the reference of the equivalence tests)."""
        body = self.record.body
        entries = body
        if self.use_single_pass:
            head = 0
            for entry in body:
                if entry.__class__ is Trick or entry.keyword not in ("hand", "stock"):
                    break
                head += 1
            entries = body[:head]
            self.events.extend(body[head:])
            self.unchecked = True
        started = False
        for entry in entries:
            if isinstance(entry, Trick):
                started = True
                self.events.append(entry)
                continue
            keyword = entry.keyword
            if keyword in ("hand", "stock"):
                if started:
                    self.stop(
                        "LINE_OUT_OF_PLACE",
                        f"the {keyword} line comes after play began",
                        loc=entry.loc,
                    )
                if keyword == "stock":
                    if self.stock_line is not None:
                        self.stop("DUPLICATE_LINE", "a second stock line", loc=entry.loc)
                    self.stock_line = entry
                    continue
                seat = self.seat_named(entry.subject, entry.loc)
                if seat in self.hand_lines:
                    self.stop(
                        "DUPLICATE_LINE", f"a second hand line for {entry.subject}", loc=entry.loc
                    )
                self.hand_lines[seat] = entry
            elif keyword in ("draw", "meld", "cover"):
                self.events.append(entry)
            elif keyword == "claim":
                self.claims.append(entry)
            else:
                self.stop("UNKNOWN_SECTION", f"pinch has no {keyword!r} section", loc=entry.loc)

    # -- PINCH-3: the deal and the stock ---------------------------------------------------
    def card_mask(self, line: Line, union: int, what: str) -> int:
        """The cards of a hand or stock line as a mask; unknown, foreign or repeated cards
        are errors (G-2). The usual line is checked on its card tuple alone."""
        found = line.card_tuple
        try:
            # The sum of the cards' bits is their union when no card repeats, and has fewer
            # bits set when one does (the carry); an unknown card (None) is no index.
            mask = sum(map(_BIT.__getitem__, found))
        except TypeError:
            pass
        else:
            if mask.bit_count() == len(found) and not mask & union and not mask & ~R.PACK:
                return mask
        mask = 0
        for item in line.items:
            card = item.card
            if card is None:
                self.stop("UNKNOWN_CARD", f"the {what} must be written in full", loc=item.loc)
            if not R.PACK >> card & 1:
                self.stop(
                    "CARD_NOT_IN_PACK",
                    f"{self.text(card)} is not in the 78-card pack",
                    loc=item.loc,
                    cards=(card,),
                )
            if (union | mask) >> card & 1:
                self.stop(
                    "DUPLICATE_CARD",
                    f"{self.text(card)} is dealt twice",
                    loc=item.loc,
                    cards=(card,),
                )
            mask |= 1 << card
        return mask

    def deal(self) -> None:
        union = 0
        for seat, line in sorted(self.hand_lines.items()):
            mask = self.card_mask(line, union, "hand")
            if mask.bit_count() != R.HAND_SIZE:
                self.stop(
                    "WRONG_HAND_SIZE",
                    f"{self.name(seat)} was dealt {mask.bit_count()} "
                    f"cards; the deal gives {R.HAND_SIZE}",
                    "PINCH-3",
                    loc=line.loc,
                    seat=seat,
                )
            union |= mask
            self.dealt[seat] = mask
        line = self.stock_line
        if line is not None:
            mask = self.card_mask(line, union, "stock")
            if mask.bit_count() != R.STOCK_SIZE:
                self.stop(
                    "WRONG_STOCK_SIZE",
                    f"the stock holds {R.STOCK_SIZE} cards, not {mask.bit_count()}",
                    "PINCH-3",
                    loc=line.loc,
                )
            self.stock = line.card_tuple  # every card known: card_mask checked
            self.stock_mask = mask
            self.report.stock = tuple(self.stock)
        missing = [seat for seat in (0, 1) if seat not in self.hand_lines]
        if missing:
            self.derive_hands(missing)
        self.hands = list(self.dealt)
        self.both_known = all(self.known)
        if self.both_known:
            self.report.hands = tuple(self.dealt)
        self.melds.moment(0)
        self.melds.moment(1)

    def derive_hands(self, missing: list[int]) -> None:
        """A hand not written is what its player played less what he drew, when the play is
        complete (every card of a pinch hand is then accounted for)."""
        rules = self.rules
        played, drawn = [0, 0], [0, 0]
        leader = self.leader
        tricks = 0
        for entry in self.events:
            if isinstance(entry, Trick):
                cards = entry.card_tuple
                if len(cards) != 2 or None in cards:
                    break
                best = rules.winner(cards)
                if best is None:  # two Fools: impossible, the replay says where (G-2)
                    break
                played[leader] |= 1 << cards[0]
                played[1 - leader] |= 1 << cards[1]
                leader = (leader + best) % 2
                tricks += 1
            elif entry.keyword == "draw":
                seat = self.seat_named(entry.subject, entry.loc)
                for card in entry.cards():
                    drawn[seat] |= 1 << card
        if tricks == R.TRICKS:
            stock = self.stock_mask  # never dealt: a stock card played but not drawn by its
            for seat in missing:  # player is one he did not hold, which the replay says
                self.dealt[seat] = played[seat] & ~drawn[seat] & ~self.dealt[1 - seat] & ~stock
            self.flag(
                "HANDS_DERIVED",
                NOTE,
                "the deal of "
                + " and ".join(self.name(s) for s in missing)
                + " is derived from the play and the draws",
                "PINCH-3",
                loc=self.record.start,
            )
            for seat in missing:
                count = self.dealt[seat].bit_count()
                if count != R.HAND_SIZE and not played[seat] & ~drawn[seat] & stock:
                    self.stop(
                        "WRONG_HAND_SIZE",
                        f"{self.name(seat)} played {count} cards that "
                        f"were not drawn; the deal gives {R.HAND_SIZE}",
                        "PINCH-3",
                        loc=self.record.start,
                        seat=seat,
                    )
            return
        for seat in missing:
            self.known[seat] = False
        self.flag(
            "DEAL_UNKNOWN",
            NOTE,
            "the deal is not written in full and the play is "
            "incomplete: what that player held is not checked",
            "G-2",
            loc=self.record.start,
        )

    def stray_lines(self) -> bool:
        """Whether the unchecked events hold a line the single pass does not replay."""
        return not _EVENT_KEYWORDS.issuperset(map(_KEYWORD, self.events))

    def trick(self, trick: Trick, is_last_line: bool) -> bool:
        """Replay one trick; False when the record stops inside it (an unknown card).

        The fast path takes the usual trick: numbered in turn, two held cards, no Fool, the
        second following the lead or void in it (trumping when it must). Everything else
        (the Fool, an illegal or impossible play, overtrumping to check) goes to
        :meth:`trick_full`, which finds and reports what is wrong."""
        cards = trick.card_tuple
        number = self.tricks_done + 1
        if (
            len(cards) != 2
            or trick.number != number
            or self.pending
            or trick.leader is not None
            or number > R.TRICKS
            or not self.both_known
        ):
            return self.trick_full(trick, is_last_line)
        a, b = cards
        if a is None or b is None or a == FOOL or b == FOOL:
            return self.trick_full(trick, is_last_line)
        leader = self.leader
        other = 1 - leader
        hands = self.hands
        first, second = hands[leader], hands[other]
        bit_a, bit_b = 1 << a, 1 << b
        if not first & bit_a or not second & bit_b:
            return self.trick_full(trick, is_last_line)
        led, answer = CATEGORY[a], CATEGORY[b]
        if led == answer:
            if led == TRUMP and self.rules.overtrump:
                return self.trick_full(trick, is_last_line)
            strength = self.rules.strength
            winner = leader if strength[a] > strength[b] else other
        elif not second & CATEGORY_MASK[led] and (
            answer == TRUMP or led == TRUMP or not second & TRUMP_MASK
        ):
            winner = other if answer == TRUMP else leader
        else:
            return self.trick_full(trick, is_last_line)
        hands[leader] = first ^ bit_a
        hands[other] = second ^ bit_b
        both = bit_a | bit_b
        self.gone |= both
        self.piles[winner] |= both
        self.won[winner] += 1
        if self.fool_owner == winner and self.covered is None:
            if not self.fool_due:
                self.fool_due, self.fool_due_at = True, number
            self.fool_after |= both
        points = R.POINTS
        self.report.tricks.append(
            TrickResult(number, leader, cards, winner, points[a] + points[b], None, 2, trick)
        )
        self.tricks_done = number
        self.leader = winner
        self.windows = _CLOSED
        if number <= R.STOCK_TRICKS:
            self.pending = _TO_DRAW[winner]  # PINCH-3: the winner draws first
        elif number == R.TRICKS and (a == R.BAGATTO or b == R.BAGATTO):
            self.bagatto = (leader if a == R.BAGATTO else other, winner)
        return True

    def trick_full(self, trick: Trick, is_last_line: bool) -> bool:
        """Every check of one trick, with the findings (see :meth:`trick`)."""
        number = self.tricks_done + 1
        check_trick_place(self.stop, trick, number, R.TRICKS, "a hand of pinch")
        if self.pending:
            seat = self.pending[0]
            self.stop(
                "DRAW_MISSING",
                f"{self.name(seat)} draws from the stock after trick "
                f"{number - 1}, before trick {number} is played",
                "PINCH-3",
                loc=trick.loc,
                trick=number,
                seat=seat,
            )
        leader = self.leader
        if trick.leader is not None and trick.leader != leader:
            self.stop(
                "PLAY_OUT_OF_TURN",
                f"the record has {self.name(trick.leader)} leading "
                f"trick {number}, but {self.name(leader)} has the lead",
                loc=trick.loc,
                trick=number,
                seat=trick.leader,
            )
        cards = trick.card_tuple
        if len(cards) > 2:
            self.stop(
                "TOO_MANY_CARDS",
                f"{len(cards)} cards in a trick of two players",
                loc=trick.plays[2].loc,
                trick=number,
            )
        hands = self.hands
        flags: dict[int, tuple[tuple[str, ...], int]] = {}
        for position, card in enumerate(cards):
            seat = leader if position == 0 else 1 - leader
            if card is None:
                self.flag(
                    "UNKNOWN_CARD",
                    NOTE,
                    "an unknown card: the replay stops here",
                    "G-2",
                    loc=trick.plays[position].loc,
                    trick=number,
                    seat=seat,
                )
                self.tricks_done = number - 1
                return False
            bit = 1 << card
            hand = hands[seat]
            if not hand & bit:
                if self.known[seat] or self.gone & bit or hands[1 - seat] & bit or not R.PACK & bit:
                    self.not_held(trick, position, seat, card, number)
                hand |= bit
            if (
                position
                and self.known[seat]
                and (CATEGORY[card] != CATEGORY[cards[0]] or self.rules.overtrump)
            ):
                code = self.rules.illegal(hand, cards[:1], card)
                if code is not None:
                    legal = self.rules.legal(hand, cards[:1])
                    self.illegal(
                        code, seat, card, trick.plays[position].loc, number, cards[0], legal
                    )
                    flags[position] = ((code,), legal)
            hands[seat] = hand & ~bit
            self.gone |= bit
        points = R.POINTS
        if len(cards) < 2:
            if not is_last_line:
                self.stop(
                    "SHORT_TRICK",
                    f"trick {number} has {len(cards)} card and is not the last line",
                    loc=trick.loc,
                    trick=number,
                )
            self.report.tricks.append(
                TrickResult(
                    number,
                    leader,
                    cards,
                    None,
                    sum(points[c] for c in cards if c != FOOL),
                    flags,
                    2,
                    trick,
                )
            )
            self.tricks_done = number - 1
            return False
        winner = (leader + self.rules.winner(cards)) % 2
        self.take(number, leader, cards, winner)
        trick_points = points[cards[0]] + points[cards[1]]
        if FOOL in cards:
            trick_points -= points[FOOL]
        self.report.tricks.append(
            TrickResult(number, leader, cards, winner, trick_points, flags, 2, trick)
        )
        self.tricks_done = number
        self.leader = winner
        self.windows = _CLOSED
        if number <= R.STOCK_TRICKS:
            self.pending = _TO_DRAW[winner]  # PINCH-3: the winner draws first
        if number == R.TRICKS and R.BAGATTO in cards:
            player = leader if cards[0] == R.BAGATTO else 1 - leader
            self.bagatto = (player, winner)
        return True

    def take(self, number: int, leader: int, cards: Sequence[Card], winner: int) -> None:
        """The winner gathers the trick; the Fool goes back to its owner's pile (PINCH-6)."""
        mask = (1 << cards[0]) | (1 << cards[1])
        if mask & FOOL_BIT:
            owner = leader if cards[0] == FOOL else 1 - leader
            self.fool_owner, self.fool_trick = owner, number
            self.piles[owner] |= FOOL_BIT
            mask &= ~FOOL_BIT
        self.piles[winner] |= mask
        self.won[winner] += 1
        if self.fool_owner == winner and self.covered is None and self.fool_trick < number:
            if not self.fool_due:
                self.fool_due, self.fool_due_at = True, number
            self.fool_after |= mask

    def not_held(self, trick: Trick, position: int, seat: int, card: Card, number: int) -> None:
        loc = trick.plays[position].loc
        text = self.text(card)
        if not R.PACK >> card & 1:
            self.stop(
                "CARD_NOT_IN_PACK",
                f"{text} is not in the 78-card pack",
                loc=loc,
                trick=number,
                seat=seat,
                cards=(card,),
            )
        if self.gone >> card & 1:
            self.stop(
                "DUPLICATE_CARD",
                f"{text} was already played",
                loc=loc,
                trick=number,
                seat=seat,
                cards=(card,),
            )
        why = ""
        if self.stock is not None and card in self.stock[self.stock_pos :]:
            why = "; it is still in the stock, and a card cannot be played before it is drawn"
        elif self.hands[1 - seat] >> card & 1:
            why = f"; {self.name(1 - seat)} holds it"
        self.stop(
            "CARD_NOT_HELD",
            f"{self.name(seat)} does not hold {text}{why}",
            loc=loc,
            trick=number,
            seat=seat,
            cards=(card,),
        )

    def illegal(
        self, code: str, seat: int, card: Card, loc: Loc | None, number: int, lead: Card, legal: int
    ) -> None:
        suit = self.words.category(CATEGORY[lead])  # the Fool never leads a trick's category
        self.flag(
            code,
            VIOLATION,
            f"{self.name(seat)} played {self.text(card)} but " + _REASONS[code].format(suit=suit),
            "PINCH-4",
            loc=loc,
            trick=number,
            seat=seat,
            cards=(card,),
            legal=tuple(cards_of(legal)),
        )

    # -- PINCH-3: draws --------------------------------------------------------------------
    def draw(self, line: Line) -> None:
        """One draw (PINCH-3): the seat due to draw, the stock's next card. The common case
        reads the line's cards without building its items (the hot path of a replay)."""
        seat = self.seats.get(line.subject.casefold()) if line.subject else None
        if seat is None:
            seat = self.seat_named(line.subject, line.loc)
        found = line.card_tuple
        if len(found) != 1 or found[0] is None:
            self.stop("BAD_DRAW", "a draw line names the one card drawn", loc=line.loc, seat=seat)
        card = found[0]
        pending = self.pending
        stock = self.stock
        if pending and seat == pending[0] and stock is not None and card == stock[self.stock_pos]:
            pass  # the usual case: all is well
        else:
            self.check_draw(line, seat, card)
        bit = 1 << card
        self.stock_pos += 1
        self.drawn |= bit
        self.hands[seat] |= bit
        self.report.draws.append((self.tricks_done, seat, card))
        self.pending = pending[1:]
        self.windows = _BOTH_OPEN if self.windows[1 - seat] else _OPEN_FOR[seat]
        self.melds.drew(seat, card)

    def check_draw(self, line: Line, seat: int, card: Card) -> None:
        """The slow path of :meth:`draw`: say what is wrong with it (G-2)."""
        number = self.tricks_done
        if not self.pending:
            if number == 0:
                why = "nobody draws before the first trick"
            elif number >= R.STOCK_TRICKS:
                why = f"the stock is exhausted after trick {R.STOCK_TRICKS}"
            else:
                why = f"both players have drawn after trick {number}"
            self.stop(
                "DRAW_OUT_OF_PLACE",
                f"{self.name(seat)} draws, but {why}",
                "PINCH-3",
                loc=line.loc,
                trick=number or None,
                seat=seat,
            )
        if seat != self.pending[0]:
            winner = self.leader
            self.stop(
                "DRAW_OUT_OF_ORDER",
                f"after trick {number} {self.name(winner)}, who won "
                f"it, draws first, then {self.name(1 - winner)}",
                "PINCH-3",
                loc=line.loc,
                trick=number,
                seat=seat,
            )
        bit = 1 << card
        if (
            self.stock is None
            and R.PACK & bit
            and not (self.dealt[0] | self.dealt[1] | self.drawn | self.gone) & bit
        ):
            return  # no stock written: a card not seen before is all one can check
        text = self.text(card)
        loc = line.items[0].loc
        if self.stock is not None:
            expected = self.stock[self.stock_pos]
            if card != expected:
                self.stop(
                    "DRAW_MISMATCH",
                    f"{self.name(seat)} draws {text}, but the next card "
                    f"of the stock is {self.text(expected)}",
                    "PINCH-3",
                    loc=loc,
                    trick=number,
                    seat=seat,
                    cards=(card,),
                )
        elif not R.PACK & bit:
            self.stop(
                "CARD_NOT_IN_PACK",
                f"{text} is not in the 78-card pack",
                loc=loc,
                trick=number,
                seat=seat,
                cards=(card,),
            )
        elif (self.dealt[0] | self.dealt[1] | self.drawn | self.gone) & bit:
            self.stop(
                "DUPLICATE_CARD",
                f"{text} is drawn, but it was dealt, drawn or played already",
                "PINCH-3",
                loc=loc,
                trick=number,
                seat=seat,
                cards=(card,),
            )

    # -- PINCH-6: covering the Fool --------------------------------------------------------
    def cover(self, line: Line) -> None:
        seat = self.seat_named(line.subject, line.loc)
        found = line.card_tuple
        if len(found) != 1 or found[0] is None:
            self.stop("BAD_COVER", "a cover line names the one card given", loc=line.loc, seat=seat)
        card = found[0]
        if (
            self.fool_owner == seat
            and self.covered is None
            and card != FOOL
            and (self.piles[seat] & self.fool_after) >> card & 1
        ):  # the usual cover
            self.give_cover(seat, card)
            return
        loc = line.items[0].loc
        text = self.text(card)
        if self.fool_owner != seat:
            self.stop(
                "BAD_COVER",
                f"{self.name(seat)} has not played the Fool and owes no card",
                "PINCH-6",
                loc=loc,
                seat=seat,
                cards=(card,),
            )
        if self.covered is not None:
            self.stop(
                "BAD_COVER",
                f"the Fool is covered already (with {self.text(self.covered)})",
                "PINCH-6",
                loc=loc,
                seat=seat,
                cards=(card,),
            )
        if card == FOOL or not self.piles[seat] >> card & 1:
            self.stop(
                "COVER_NOT_IN_PILE",
                f"{self.name(seat)} gives {text}, which is not among the cards he has won",
                "PINCH-6",
                loc=loc,
                seat=seat,
                cards=(card,),
            )
        if not self.fool_after >> card & 1:
            when = (
                "before he has won a trick after the Fool"
                if not self.fool_due
                else "from a trick won before the Fool"
            )
            self.flag(
                "COVER_WRONG_TRICK",
                VIOLATION,
                f"{self.name(seat)} covers the Fool with "
                f"{text}, {when}; the card must come from a trick he won after playing "
                "the Fool",
                "PINCH-6",
                loc=loc,
                seat=seat,
                cards=(card,),
                legal=tuple(cards_of(self.fool_after)),
            )
        self.give_cover(seat, card)

    def give_cover(self, seat: int, card: Card) -> None:
        """The Fool's owner gives ``card`` from his pile to the other player (PINCH-6)."""
        bit = 1 << card
        self.piles[seat] &= ~bit
        self.piles[1 - seat] |= bit
        self.covered = card

    def check_claims(self) -> None:
        """``claim points: NAME N ...``: the hand's totals as written on the sheet, against
        what the rules give (PINCH-8); a difference is flagged for the director."""
        if self.claims:
            self.report.findings += claim_findings(
                self.claims, self.report, "points", "PINCH-8", signed=False
            )

    def end_of_hand(self) -> None:
        """PINCH-6: a Fool not covered goes to the opponent; the melds not declared (G-5)."""
        owner = self.fool_owner
        if owner is not None and self.covered is None:
            self.piles[owner] &= ~FOOL_BIT
            self.piles[1 - owner] |= FOOL_BIT
            if self.fool_due:
                due = self.fool_due_at
                self.flag(
                    "FOOL_NOT_COVERED",
                    VIOLATION,
                    f"{self.name(owner)} won trick {due} "
                    f"after playing the Fool in trick {self.fool_trick} but never covered "
                    f"it; the Fool goes to {self.name(1 - owner)}",
                    "PINCH-6",
                    loc=self.report.tricks[due - 1].source.loc,
                    trick=due,
                    seat=owner,
                )
            else:
                self.flag(
                    "FOOL_TO_OPPONENT",
                    NOTE,
                    f"{self.name(owner)} won no trick after "
                    f"playing the Fool (trick {self.fool_trick}); it goes to "
                    f"{self.name(1 - owner)}",
                    "PINCH-6",
                    loc=self.record.start,
                    seat=owner,
                )
        self.melds.note_undeclared()
