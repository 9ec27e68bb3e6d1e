"""The state of one pinch hand: :class:`PinchHand`, on the one trick loop.

It holds what the replay reads and writes (the sorted lines, the hands, the stock, the piles,
the Fool's fate) and the steps of one line each: the deal and the stock (PINCH-3), a draw, a
cover, the end of the hand, the claims. Tricks go through the engine's loop
(:class:`~scorer.games.engine.TrickPlay`; PINCH-1, PINCH-4); what pinch adds comes in through
its hooks: the draws due before the next trick, the piles and the Fool after each trick
(PINCH-6), the reasons a card is not held. The replay (:mod:`.play`), the melds
(:mod:`.melds`) and the score (:mod:`.scoring`) receive it.

As a Hand (the engine's API), a pinch hand also draws: after each of the first 24 tricks
:meth:`PinchHand.to_draw` names the seat due to draw (the winner first, PINCH-3) and
:meth:`PinchHand.to_play` is ``None`` until both have drawn with :meth:`PinchHand.draw`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from operator import attrgetter
from typing import Any, Protocol

from ...cards import CARDS, FOOL, Card
from ...cardset import BITS, cards_of
from ...claims import claim_findings
from ...findings import Loc, Severity
from ...record import Item, Line, Record, Trick
from ...report import Report, TrickResult
from ...tricks import MUST_FOLLOW_SUIT, MUST_FOLLOW_TRUMPS, MUST_OVERTRUMP, MUST_TRUMP
from ..base import Game
from ..engine import IllegalPlay, PlayTable, TrickPlay
from ..replay import ReplayStop
from . import rules as R
from .messages import LINES, TEMPLATES, TERMS

__all__ = ["Melds", "PinchHand", "play_table"]


ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
FOOL_BIT = FOOL.bit

# The keywords of the deal's lines, and of the lines of the play (a trick's is ""), in order.
_DEAL_KEYWORDS = frozenset(("hand", "stock"))
_EVENT_KEYWORDS = frozenset(("", "draw", "meld", "cover"))
_KEYWORD = attrgetter("keyword")
# Who still draws after a trick (PINCH-3: the winner first), and who may meld now (PINCH-5),
# as shared tuples: a replay moves between these states without making new ones.
_TO_DRAW = ((0, 1), (1, 0))
_STOCK_TRICKS = R.STOCK_TRICKS
_MELDS_WITH = R.MELDS_WITH
_CLOSED = (False, False)
_OPEN_FOR = ((True, False), (False, True))
_BOTH_OPEN = (True, True)


@cache
def play_table(historic: bool = False, overtrump: bool = False) -> PlayTable:
    """Pinch's play as data, per the options ``pip-order`` (PINCH-1) and ``overtrump``
    (PINCH-4): two players, 39 tricks, the 78-card pack, the card points (PINCH-2)."""
    return PlayTable(
        2,
        R.TRICKS,
        R.PACK,
        R.rules(historic, overtrump),
        R.POINTS,
    )


class Melds(Protocol):
    """The meld book as the steps here use it (:class:`.melds.MeldBook`, which the replay in
    :mod:`.play` makes): this module needs no import of the melds."""

    def moment(self, seat: int) -> None: ...

    def drew(self, seat: int, card: Card) -> None: ...

    def note_undeclared(self) -> None: ...


class _Tally(TrickPlay):
    """The first pass of a record without a hand line (PINCH-3): the same trick loop, both
    hands unknown and nothing judged, to learn what each seat played. A card played twice is
    counted once; a card outside the pack ends the tally."""

    def not_in_hand(self, position: int, seat: int, card: int, seen: int) -> None:
        """Every card is "not in hand" here (both hands unknown): nothing to say."""

    def unplayable(self, position: int, seat: int, card: int | None) -> None:
        raise ReplayStop


class PinchHand(TrickPlay):
    """The state of one pinch hand and the steps of one line each. Built per record, run
    once (as :class:`.play.PinchReplay`), discarded; or stepped through the Hand API."""

    templates = TEMPLATES
    terms = TERMS  # the melds' names (PINCH-5)
    line_templates = LINES
    illegal_rules = dict.fromkeys(
        (MUST_FOLLOW_SUIT, MUST_TRUMP, MUST_FOLLOW_TRUMPS, MUST_OVERTRUMP), "PINCH-4"
    )

    # what each player declared and held at each moment one could be (PINCH-5); made by the
    # replay, :class:`.play.PinchReplay`
    melds: Melds

    # pinch's state in slots, as the trick loop's are: what is left in the instance dict stays
    # under the 30 names past which Python's attribute access slows down.
    __slots__ = (
        "bagatto",
        "claims",
        "complete",
        "covered",
        "dealer",
        "dealt",
        "drawn",
        "events",
        "fool_after",
        "fool_due",
        "fool_due_at",
        "fool_owner",
        "fool_trick",
        "game",
        "hand_lines",
        "last_trick_line",
        "melds",
        "options",
        "pending",
        "piles",
        "record",
        "rules",
        "seats",
        "stock",
        "stock_line",
        "stock_mask",
        "stock_pos",
        "windows",
        "won",
        "words",
        "written",
    )

    def __init__(
        self, game: Game, record: Record, options: Mapping[str, str] | None = None
    ) -> None:
        self.options = game.resolve_options(record.options, options)
        table = play_table(
            self.options["pip-order"] == "historic", self.options["overtrump"] == "required"
        )
        players = tuple(record.players)
        super().__init__(table, Report(game.key, players, record.dealer, unit=game.unit))
        self.game = game
        self.record = record
        self.rules = table.rules
        self.words = game.wording(record)  # cards and suits in the record's style
        self.dealer = record.dealer if record.dealer is not None else 0
        self.hand_lines: dict[int, Line] = {}
        self.stock_line: Line | None = None
        self.events: list[Line | Trick] = []
        self.claims: list[Line] = []  # the totals written on the sheet (checked when scored)
        self.last_trick_line: Trick | None = None  # the record's last trick line
        self.dealt = [0, 0]
        self.piles = [0, 0]  # cards each player has captured (his pile), as masks
        self.won = [0, 0]  # tricks won
        self.stock: Sequence[Card] | None = None
        self.stock_mask = 0  # the written stock's cards, none dealt
        self.stock_pos = 0
        self.drawn = 0  # cards drawn so far
        self.pending: tuple[int, ...] = ()  # seats still to draw after the last trick
        self.windows: tuple[bool, bool] = _BOTH_OPEN  # may this seat meld now (PINCH-5)?
        self.leader = 1 - self.dealer  # PINCH-3: the dealer's opponent leads first
        self.seats: dict[str, int] = {}  # folded name -> seat (the first, as seat_named)
        for seat, name in enumerate(players):
            self.seats.setdefault(name.casefold(), seat)
        # a name as written -> its seat (the same seat: a draw line's subject at one look-up)
        self.written: dict[str | None, int] = {
            name: self.seats[name.casefold()] for name in players
        }
        self.complete = False
        # the Fool (PINCH-6)
        self.fool_owner: int | None = None
        self.fool_trick = 0
        self.fool_due = False  # its owner has won a trick since
        self.fool_due_at = 0  # the first such trick
        self.fool_after = 0  # cards of the tricks its owner won after it
        self.covered: Card | None = None
        self.bagatto: tuple[int, int] | None = None  # (who played it, who won) in the last trick

    # -- words -----------------------------------------------------------------------------
    def text(self, card: int) -> str:
        """A card as the record writes it (score lines)."""
        return self.words.texts[card]

    def texts(self, mask: int) -> str:
        """The cards of a mask, for people (score lines)."""
        return self.words.mask(mask)

    def seat_named(self, name: str | None, loc: Loc | None) -> int:
        """The seat of the player ``name`` (case-insensitive); an unknown name stops (G-2)."""
        seat = self.seats.get((name or "").strip().casefold())
        if seat is None:
            self.halt("UNKNOWN_PLAYER", loc=loc, name=name)
            raise AssertionError  # unreachable: halt raises
        return seat

    # -- the lines -------------------------------------------------------------------------
    def sort_lines(self) -> None:
        """Hands and the stock come before the play; every other line is an event in order,
        the claims apart (checked once the hand is scored). The usual record, its hand and
        stock lines first and then only tricks, draws, melds and covers, is sorted at once
        (the keywords read in one step); any other goes line by line (:meth:`sort_each`)."""
        body = self.record.body
        head = 0
        for entry in body:
            if entry.keyword not in _DEAL_KEYWORDS:
                break
            head += 1
        if not _EVENT_KEYWORDS.issuperset(map(_KEYWORD, body[head:])):
            self.sort_each()
            return
        for line in body[:head]:
            self.sort_deal_line(line)  # type: ignore[arg-type]  # (a trick's keyword is "")
        self.events.extend(body[head:])

    def sort_each(self) -> None:
        """:meth:`sort_lines` line by line, saying where a line is out of place (G-2)."""
        started = False
        for entry in self.record.body:
            if isinstance(entry, Trick):
                started = True
                self.events.append(entry)
                continue
            keyword = entry.keyword
            if keyword in ("hand", "stock"):
                if started:
                    self.halt("LINE_OUT_OF_PLACE", loc=entry.loc, keyword=keyword)
                self.sort_deal_line(entry)
            elif keyword in ("draw", "meld", "cover"):
                self.events.append(entry)
            elif keyword == "claim":
                self.claims.append(entry)
            else:
                self.halt("UNKNOWN_SECTION", loc=entry.loc, keyword=keyword)

    def sort_deal_line(self, line: Line) -> None:
        """A hand or stock line: one of each, the hands one per player (G-2)."""
        if line.keyword == "stock":
            if self.stock_line is not None:
                self.halt("DUPLICATE_LINE", variant="stock", loc=line.loc)
            self.stock_line = line
            return
        seat = self.seat_named(line.subject, line.loc)
        if seat in self.hand_lines:
            self.halt("DUPLICATE_LINE", variant="hand", loc=line.loc, subject=line.subject)
        self.hand_lines[seat] = line

    # -- PINCH-3: the deal and the stock ---------------------------------------------------
    def deal(self) -> None:
        """The hands and the stock as written (PINCH-3), a missing hand derived from the
        play; the play begins, and both players may meld before their first card."""
        union = 0
        for seat, line in sorted(self.hand_lines.items()):
            mask = self.dealt_mask(line, union, R.PACK, seat)
            if mask.bit_count() != R.HAND_SIZE:
                self.halt(
                    "WRONG_HAND_SIZE",
                    "PINCH-3",
                    loc=line.loc,
                    seat=seat,
                    count=mask.bit_count(),
                    size=R.HAND_SIZE,
                )
            union |= mask
            self.dealt[seat] = mask
        stock_line = self.stock_line
        if stock_line is not None:
            mask = self.dealt_mask(stock_line, union, R.PACK, None, "stock")
            if mask.bit_count() != R.STOCK_SIZE:
                self.halt(
                    "WRONG_STOCK_SIZE",
                    "PINCH-3",
                    loc=stock_line.loc,
                    size=R.STOCK_SIZE,
                    count=mask.bit_count(),
                )
            self.stock = stock_line.card_tuple  # type: ignore[assignment]  # dealt_mask: all known
            self.stock_mask = mask
            self.report.stock = tuple(stock_line.card_tuple)  # type: ignore[arg-type]
        known = [True, True]
        missing = [seat for seat in (0, 1) if seat not in self.hand_lines]
        if missing:
            known = self.derive_hands(missing)
        self.begin_play(list(self.dealt), known, self.leader)
        if all(known):
            self.report.hands = tuple(self.dealt)
        self.melds.moment(0)
        self.melds.moment(1)

    def derive_hands(self, missing: list[int]) -> list[bool]:
        """A hand not written is what its player played less what he drew, when the play is
        complete (every card of a pinch hand is then accounted for): a first pass through the
        trick loop with both hands unknown (:class:`_Tally`) says who played what. Returns
        which hands are known."""
        tally = _Tally(self.table, Report(self.report.game, self.report.players, None))
        tally.begin_play([0, 0], [False, False], self.leader)
        drawn = [0, 0]
        for entry in self.events:
            if isinstance(entry, Trick):
                cards = entry.card_tuple
                if len(cards) != 2 or None in cards or cards == (FOOL, FOOL):
                    break  # the play is not complete, or impossible: the replay says where
                tally.clear_trick(entry)
                try:
                    tally.advance(cards)  # (two cards: the trick is won)
                except ReplayStop:
                    break
            elif entry.keyword == "draw":
                seat = self.seat_named(entry.subject, entry.loc)
                for card in entry.cards():
                    drawn[seat] |= 1 << card
        if tally.done < R.TRICKS:
            self.say("DEAL_UNKNOWN", NOTE, "G-2", loc=self.record.start)
            return [seat not in missing for seat in (0, 1)]
        played = tally.played
        stock = self.stock_mask  # never dealt: a stock card played but not drawn by its
        for seat in missing:  # player is one he did not hold, which the replay says
            self.dealt[seat] = played[seat] & ~drawn[seat] & ~self.dealt[1 - seat] & ~stock
        self.say(
            "HANDS_DERIVED",
            NOTE,
            "PINCH-3",
            loc=self.record.start,
            seats=tuple(missing),
        )
        for seat in missing:
            count = self.dealt[seat].bit_count()
            if count != R.HAND_SIZE and not played[seat] & ~drawn[seat] & stock:
                self.halt(
                    "WRONG_HAND_SIZE",
                    "PINCH-3",
                    variant="derived",
                    loc=self.record.start,
                    seat=seat,
                    count=count,
                    size=R.HAND_SIZE,
                )
        return [True, True]

    # -- the trick loop's hooks (PINCH-1, PINCH-4, PINCH-6) --------------------------------
    def check_draws_done(self, trick: Trick) -> None:
        """A trick line while a draw is due: impossible (PINCH-3, G-2), said after a wrong
        trick number (the engine's check of the line)."""
        if trick.number != self.done + 1:
            self.check_trick_line(trick)
        self.halt(
            "DRAW_MISSING",
            "PINCH-3",
            loc=trick.loc,
            trick=self.done + 1,
            seat=self.pending[0],
            after=self.done,
        )

    def keep_partial_trick(self) -> TrickResult:
        """The trick the record stops in: kept when it is the record's last trick line,
        played in full; not when an unknown card cut it short, nor a short line that is not
        the last (impossible, G-2): nothing of those is reported, as the play stops before
        them."""
        source = self.source
        if source is not None and (
            source is not self.last_trick_line or len(self.current) < len(source.card_tuple)
        ):
            return TrickResult(self.done + 1, self.leader, tuple(self.current), None, 0, None, 2)
        return super().keep_partial_trick()

    def card_elsewhere(self, card: int) -> tuple[str, dict[str, Any]]:
        """Where a card its player does not hold is, when no hand holds it (G-2, #32.10):
        still in the stock, when the stock is written."""
        if self.stock is not None and card in self.stock[self.stock_pos :]:
            return "stock", {}
        return super().card_elsewhere(card)

    def unknown_seat_plays(self, position: int, seat: int, card: int) -> None:
        """A seat whose hand is unknown plays any card not seen, except one the other holds."""
        if self.hands[1 - seat] >> card & 1:
            self.card_not_held(position, seat, card)

    def trick_over(self, result: TrickResult) -> None:
        """The winner takes the trick, the Fool back to its owner's pile (PINCH-6); the
        draws fall due, winner first (PINCH-3); the last trick's Bagatto is remembered
        (PINCH-7)."""
        number, winner = result.number, self.leader  # (the winner leads the next trick)
        first, second = result.cards
        mask = BITS[first] | BITS[second]
        piles = self.piles
        if mask & FOOL_BIT:
            owner = result.leader if first == FOOL else 1 - result.leader
            self.fool_owner, self.fool_trick = owner, number
            piles[owner] |= FOOL_BIT
            mask &= ~FOOL_BIT
        piles[winner] |= mask
        self.won[winner] += 1
        if self.fool_owner == winner and self.covered is None and self.fool_trick < number:
            if not self.fool_due:
                self.fool_due, self.fool_due_at = True, number
            self.fool_after |= mask
        self.windows = _CLOSED
        if number <= _STOCK_TRICKS:
            self.pending = _TO_DRAW[winner]  # PINCH-3: the winner draws first
        elif number == R.TRICKS and R.BAGATTO in (first, second):
            leader = result.leader
            self.bagatto = (leader if first == R.BAGATTO else 1 - leader, winner)

    # -- the Hand API: the draws between tricks (PINCH-3) ----------------------------------
    def to_play(self) -> int | None:
        """The seat whose turn it is to play; ``None`` when every trick is played, or while a
        draw is due (:meth:`to_draw`)."""
        if self.pending:
            return None
        return super().to_play()

    def to_draw(self) -> int | None:
        """The seat due to draw from the stock now (after each of the first 24 tricks, the
        winner then the other, PINCH-3), or ``None``."""
        return self.pending[0] if self.pending else None

    def draw(self, card: int | None = None) -> Card:
        """The seat due to draw (:meth:`to_draw`) draws ``card``, by default the stock's next
        card (the stock must be known); returns the card. Checked: :class:`IllegalPlay` when
        no draw is due or the card is not the stock's next (nothing changes then). The draw
        is made as a record's ``draw`` line is (:meth:`draw_line`)."""
        seat = self.to_draw()
        if seat is None:
            raise IllegalPlay("DRAW_OUT_OF_PLACE", -1 if card is None else card)
        stock = self.stock
        if card is None:
            if stock is None:
                raise ValueError("the stock is not known: name the card drawn")
            card = stock[self.stock_pos]
        elif stock is not None and card != stock[self.stock_pos]:
            raise IllegalPlay("DRAW_MISMATCH", card)
        drawn = CARDS[card]
        self.draw_line(Line("draw", self.name(seat), (Item(str(drawn), drawn),)))
        return drawn

    def push(self, card: int) -> None:
        """The engine's unchecked play; while a draw is due, impossible (G-2)."""
        if self.pending:
            self.halt(
                "DRAW_MISSING",
                "PINCH-3",
                trick=self.done + 1,
                seat=self.pending[0],
                after=self.done,
            )
        super().push(card)

    def play(self, card: int) -> None:
        """The engine's checked play; while a draw is due, refused (``DRAW_MISSING``)."""
        if self.pending:
            raise IllegalPlay("DRAW_MISSING", card)
        super().play(card)

    # -- PINCH-3: draws --------------------------------------------------------------------
    def draw_line(self, line: Line) -> None:
        """One ``draw`` line (PINCH-3): the seat due to draw takes the stock's next card
        (any card not seen, when the stock is not written), checked (G-2); a moment to meld
        opens (PINCH-5). The usual line is read from its cards alone (the hot path)."""
        pending, stock, position = self.pending, self.stock, self.stock_pos
        seat = self.written.get(line.subject)  # (None for no subject, or one not as written)
        found = line.card_tuple
        if not (
            pending
            and seat == pending[0]
            and stock
            and len(found) == 1
            and found[0] == stock[position]
        ):
            seat = self.check_draw(line, seat)  # the unusual draw: say what is wrong, if anything
        card: Card = found[0]  # type: ignore[assignment]  # (check_draw: one card)
        bit = BITS[card]
        self.stock_pos = position + 1
        self.drawn |= bit
        hand = self.hands[seat] = self.hands[seat] | bit
        self.report.draws.append((self.done, seat, card))
        self.pending = pending[1:]
        self.windows = _BOTH_OPEN if self.windows[1 - seat] else _OPEN_FOR[seat]
        for cards, least in _MELDS_WITH[card]:  # only then can the draw make a new meld
            if (hand & cards).bit_count() >= least:
                self.melds.drew(seat, card)
                break

    def check_draw(self, line: Line, seat: int | None) -> int:
        """The slow path of :meth:`draw_line`: say what is wrong with the draw (G-2), or
        return the seat drawing (named as written, or otherwise, ``seat`` if found)."""
        if seat is None:
            subject = line.subject
            seat = self.seats.get(subject.casefold()) if subject else None
            if seat is None:
                seat = self.seat_named(subject, line.loc)
        found = line.card_tuple
        if len(found) != 1 or found[0] is None:
            self.halt("BAD_DRAW", loc=line.loc, seat=seat)
        card = found[0]
        number = self.done
        where: dict[str, Any] = {"loc": line.loc, "seat": seat}
        if not self.pending:
            variant = (
                "first" if number == 0 else "exhausted" if number >= R.STOCK_TRICKS else "drawn"
            )
            self.halt(
                "DRAW_OUT_OF_PLACE",
                "PINCH-3",
                variant=variant,
                trick=number or None,
                stock_tricks=R.STOCK_TRICKS,
                after=number,
                missing=number + 1,  # draws follow draws: a trick line seems left out
                **where,
            )
        if seat != self.pending[0] and self.after_error is not None and self.after_error.in_doubt:
            self.pending, self.leader = (seat, 1 - seat), seat  # the winner in doubt (#24.8)
        if seat != self.pending[0]:
            winner = self.leader
            self.halt(
                "DRAW_OUT_OF_ORDER",
                "PINCH-3",
                trick=number,
                winner=winner,
                loser=1 - winner,
                **where,
            )
        bit = 1 << card
        seen = self.dealt[0] | self.dealt[1] | self.drawn | self.seen
        if self.stock is None and R.PACK & bit and not seen & bit:
            return seat  # no stock written: a card not seen before is all one can check
        where["loc"] = line.items[0].loc
        if self.stock is not None:
            expected = self.stock[self.stock_pos]
            if card != expected:
                self.halt(
                    "DRAW_MISMATCH",
                    "PINCH-3",
                    trick=number,
                    cards=(card,),
                    expected=expected,
                    **where,
                )
        elif not R.PACK & bit:
            self.halt("CARD_NOT_IN_PACK", trick=number, cards=(card,), **where)
        elif seen & bit:
            self.halt(
                "DUPLICATE_CARD", "PINCH-3", variant="drawn", trick=number, cards=(card,), **where
            )
        return seat

    # -- PINCH-6: covering the Fool --------------------------------------------------------
    def cover_line(self, line: Line) -> None:
        """One ``cover`` line: the Fool's owner gives one card of his pile (PINCH-6)."""
        seat = self.seat_named(line.subject, line.loc)
        found = line.card_tuple
        if len(found) != 1 or found[0] is None:
            self.halt("BAD_COVER", loc=line.loc, seat=seat)
            raise AssertionError  # unreachable: halt raises
        self.cover_with(seat, found[0], line.items[0].loc)

    def cover(self, card: int) -> None:
        """The Hand API's cover: the Fool's owner gives ``card`` (PINCH-6), checked as a
        record's ``cover`` line is (an impossible cover ends the play, G-2)."""
        if self.fool_owner is None:
            raise IllegalPlay("BAD_COVER", card)
        self.cover_with(self.fool_owner, CARDS[card], None)

    def cover_with(self, seat: int, card: Card, loc: Loc | None) -> None:
        """``seat`` covers the Fool with ``card``: his, from his pile, from a trick won after
        the Fool (a violation otherwise, PINCH-6)."""
        if not (
            self.fool_owner == seat
            and self.covered is None
            and card != FOOL
            and (self.piles[seat] & self.fool_after) >> card & 1
        ):  # not the usual cover
            self.check_cover(seat, card, loc)
        bit = 1 << card
        self.piles[seat] &= ~bit
        self.piles[1 - seat] |= bit
        self.covered = card

    def check_cover(self, seat: int, card: Card, loc: Loc | None) -> None:
        """The slow path of :meth:`cover_with`: say what is wrong with the cover."""
        where: dict[str, Any] = {"loc": loc, "seat": seat, "cards": (card,)}
        if self.fool_owner != seat:
            self.halt("BAD_COVER", "PINCH-6", variant="owner", **where)
        if self.covered is not None:
            self.halt("BAD_COVER", "PINCH-6", variant="again", covered=self.covered, **where)
        if card == FOOL or not self.piles[seat] >> card & 1:
            self.halt("COVER_NOT_IN_PILE", "PINCH-6", **where)
        if not self.fool_after >> card & 1:
            self.say(
                "COVER_WRONG_TRICK",
                VIOLATION,
                "PINCH-6",
                variant="before" if self.fool_due else "early",
                legal=tuple(cards_of(self.fool_after)),
                **where,
            )

    # -- the end of the hand ---------------------------------------------------------------
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
                source = self.report.tricks[due - 1].source
                self.say(
                    "FOOL_NOT_COVERED",
                    VIOLATION,
                    "PINCH-6",
                    loc=source.loc if source is not None else None,
                    trick=due,
                    seat=owner,
                    fool_trick=self.fool_trick,
                    other=1 - owner,
                )
            else:
                self.say(
                    "FOOL_TO_OPPONENT",
                    NOTE,
                    "PINCH-6",
                    loc=self.record.start,
                    seat=owner,
                    fool_trick=self.fool_trick,
                    other=1 - owner,
                )
        self.melds.note_undeclared()
