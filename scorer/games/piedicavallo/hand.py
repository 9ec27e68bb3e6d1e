"""The state of one Piedicavallo deal: :class:`PiedicavalloHand`.

It holds what the phases read and write (the sorted lines, the hands dealt and held, the
discard) and plays the tricks through the one trick loop of :mod:`scorer.games.engine`, with
the game's own steps: sorting the lines, the deal (PIE-2), the discard (PIE-3), and the table
talk checked against the hand just after its card (PIE-5, :mod:`.talk`), in the
:meth:`~PiedicavalloHand.trick_over` hook. The score (:mod:`.scoring`) receives it;
:mod:`.game` drives it.

When some hand, or the discard, is not written, the deal is read after the engine's first
pass (:class:`~scorer.games.engine.FirstPass`: the same loop with every seat unknown and no
hook), which says what each seat played (a hand not written is what its player played, when
the play is complete).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import ClassVar

from ...cardset import cards_of
from ...findings import Severity
from ...record import Item, Line, Record, Trick
from ...report import Report, TrickResult
from ...tricks import MUST_FOLLOW_SUIT, MUST_TRUMP
from ..base import Game
from ..engine import FirstPass, TrickPlay
from . import rules as R
from .messages import LINES, TEMPLATES, TERMS
from .talk import check_remark

__all__ = ["PiedicavalloHand"]


ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
N = 4
DEFAULT_OPTIONS = {option.name: option.default for option in R.OPTIONS}
OUTSIDE_PACK = ~R.PACK


class PiedicavalloHand(TrickPlay):
    """One deal of one record, from its lines to the end of its play. Built, run once,
    discarded; stepped a card at a time through the Hand API
    (:meth:`Piedicavallo.start_play <scorer.games.piedicavallo.Piedicavallo.start_play>`)."""

    templates = TEMPLATES
    terms = TERMS  # the requests of the table talk (PIE-5)
    line_templates = LINES
    illegal_rules: ClassVar[Mapping[str, str]] = {
        MUST_FOLLOW_SUIT: "PIE-4",
        MUST_TRUMP: "PIE-4",
        "MUST_FOLLOW_TRUMPS": "PIE-4",
    }

    def __init__(self, game: Game, record: Record, options: Mapping[str, str] | None) -> None:
        super().__init__(R.TABLE, Report(game.key, tuple(record.players), record.dealer))
        self.report.unit = game.unit
        self.game = game
        self.record = record
        self.words = game.wording(record)  # messages name cards and suits in the record's style
        if options or record.tag("Options") is not None:
            self.options = game.resolve_options(record.options, options)
        else:  # what resolve_options gives without a layer, without reading one
            self.options = dict(DEFAULT_OPTIONS)
        dealer = record.dealer
        self.dealer = dealer if dealer is not None else 0
        self.hand_lines: dict[int, Line] = {}
        self.discard_line: Line | None = None
        self.claims: list[Line] = []  # the result on the sheet: checked after the score
        self.tricks: list[Trick] = []
        self.dealt = [0] * N  # per seat: the cards dealt (the dealer's 17)
        self.start = [0] * N  # per seat: the cards held as play begins
        self.seat_known = [False] * N  # per seat: his hand at play is known
        self.discard: int | None = None
        self.play_complete = False  # the first pass played fifteen whole tricks

    @property
    def eldest(self) -> int:
        """PIE-3: the player to the dealer's right leads the first trick."""
        return (self.dealer + 1) % N

    # -- lines -----------------------------------------------------------------------------
    def sort_lines(self) -> None:
        """The record's lines by kind: hands, the discard, claims, tricks (G-2: a line out of
        place, twice, or of no section of the game stops the replay)."""
        for entry in self.record.body:
            if isinstance(entry, Trick):
                self.tricks.append(entry)
                continue
            if entry.keyword == "claim":
                self.claims.append(entry)
                continue
            if entry.keyword == "hand":
                seat = self.seat_named(entry.subject, entry.loc)
                if seat in self.hand_lines:
                    self.halt("DUPLICATE_LINE", variant="hand", loc=entry.loc, name=entry.subject)
                self.hand_lines[seat] = entry
            elif entry.keyword == "discard":
                if self.discard_line is not None:
                    self.halt("DUPLICATE_LINE", variant="discard", loc=entry.loc)
                self.discard_line = entry
            else:
                self.halt("UNKNOWN_SECTION", loc=entry.loc, keyword=entry.keyword)
            if self.tricks:
                self.halt("LINE_OUT_OF_PLACE", loc=entry.loc, keyword=entry.keyword)

    # -- the play --------------------------------------------------------------------------
    def play_lines(self) -> None:
        """Play the record's trick lines in turn (:meth:`play_trick`) until one stops short."""
        tricks = self.tricks
        last = len(tricks) - 1
        for index, trick in enumerate(tricks):
            if self.play_trick(trick, index == last).winner is None:
                return

    def needs_first_pass(self) -> bool:
        """Whether the deal must know what each seat played before it is read: a hand or
        the discard not written (derived from a complete play), or a discarded card that a
        trick line plays too (PIE-3: found at the discard, as far as the play is possible)."""
        line = self.discard_line
        if len(self.hand_lines) < N or line is None:
            return True
        discarded = set(line.card_tuple)
        discarded.discard(None)
        played = chain.from_iterable([trick.card_tuple for trick in self.tricks])
        return not discarded.isdisjoint(played)

    def first_pass(self) -> None:
        """The engine's first pass (:class:`~scorer.games.engine.FirstPass`: every seat
        unknown, no hook, so no talk): :attr:`played` and whether the play is complete, for
        the deal. What it finds is found again by the play proper, and said there."""
        scout = FirstPass.of(self, self.tricks, self.eldest)
        self.played = scout.played  # (until the play proper begins)
        self.play_complete = scout.complete

    def begin(self) -> None:
        """Start the play proper from the deal: each known hand, the eldest leading, the
        discard out of play (PIE-3)."""
        known = self.seat_known
        hands = [hand if known[seat] else 0 for seat, hand in enumerate(self.start)]
        self.begin_play(hands, known, self.eldest, self.discard or 0)

    # -- hooks of the trick loop -----------------------------------------------------------
    def trick_over(self, result: TrickResult) -> None:
        """PIE-5: the remarks of a trick, each against its speaker's hand just after his card
        (he plays once to a trick, so his hand now)."""
        source = result.source
        # a line of plain cards keeps no items (the reader's fast path): it carries no remark
        if source is not None and source._items is not None:
            self.check_remarks(result, source._items)

    def keep_partial_trick(self) -> TrickResult:
        """The trick a record stops in, its remarks checked as a whole trick's are."""
        result = super().keep_partial_trick()
        source = result.source
        if source is not None and source.has_notes:
            self.check_remarks(result, source.plays[: len(result.cards)])
        return result

    def check_remarks(self, result: TrickResult, items: tuple[Item, ...]) -> None:
        """Check each remark on ``items``, the plays of ``result`` (PIE-5,
        :func:`.talk.check_remark`)."""
        known, hands, cards = self.known, self.hands, result.cards
        leader, number = result.leader, result.number
        for position, item in enumerate(items):
            if item.note is not None:
                speaker = (leader + position) % N
                hand_after = hands[speaker] if known[speaker] else None
                check_remark(self, speaker, cards[position], item, number, position, hand_after)

    # -- PIE-3: deal and discard -----------------------------------------------------------
    def deal(self) -> None:
        """The hands dealt and held, the discard, and which hands are known (PIE-3)."""
        self.read_hands()
        complete = self.play_complete
        self.read_discard(complete)
        discard = self.discard or 0
        for seat in range(N):
            if seat in self.hand_lines:
                hand = self.dealt[seat]
                self.start[seat] = hand & ~discard if seat == self.dealer else hand
            elif complete:
                self.start[seat] = self.played[seat]
                self.dealt[seat] = self.played[seat] | (discard if seat == self.dealer else 0)
        self.seat_known = [
            (seat in self.hand_lines or complete)
            and (seat != self.dealer or self.discard is not None)
            for seat in range(N)
        ]
        if all(self.seat_known):
            self.report.hands = tuple(self.dealt)
        else:
            unknown = tuple(s for s in range(N) if not self.seat_known[s])
            self.say("DEAL_UNKNOWN", NOTE, "G-2", loc=self.record.start, seats=unknown)
        self.report.discard = self.discard

    def read_hands(self) -> None:
        """The hand lines: each card in the pack and dealt once, 15 cards each and the
        dealer's 17 (PIE-1, PIE-3; G-2)."""
        union = 0
        for seat, line in sorted(self.hand_lines.items()):
            size = R.DEALER_CARDS if seat == self.dealer else R.HAND_SIZE
            mask = self.dealt_mask(line, union, R.PACK, seat)
            if mask.bit_count() != size:
                count = mask.bit_count()
                self.halt(
                    "WRONG_HAND_SIZE", "PIE-3", loc=line.loc, seat=seat, count=count, size=size
                )
            union |= mask
            self.dealt[seat] = mask

    def read_discard(self, complete: bool) -> None:
        """PIE-3: two cards; no 5-point card; other trumps only when the hand kept holds only
        trumps and 5-point cards, or no trump at all; the trumps discarded announced. Not
        written, it is the cards nobody played, when the play is complete."""
        line = self.discard_line
        if line is None:
            if complete:
                self.discard = R.PACK & ~sum(self.played)
                where = self.record.start
                self.say("DISCARD_DERIVED", NOTE, "PIE-3", loc=where, discard=self.discard)
            return
        cards = line.card_tuple
        plain = None not in cards  # cards only: no announce=N, no stray word
        mask = self.discard = self.discard_cards(line)
        self.judge_discard(line, mask, complete)
        self.check_announcement(line, plain, (mask & R.TRUMPS).bit_count())
        for item in () if plain else line.items:
            if item.card is None and item.key != "announce":
                self.halt("BAD_DISCARD_ITEM", loc=item.loc, text=item.text)

    def discard_cards(self, line: Line) -> int:
        """The discard's cards as a mask, checked as every game checks a discard
        (:meth:`~scorer.games.replay.Replay.discard_mask`, G-2): of the pack, not twice,
        the dealer's (his hand line's, and no other hand line's), not also played; two of
        them (PIE-1, PIE-3)."""
        dealer = self.dealer
        others = 0  # the other hands written
        for seat in self.hand_lines:
            if seat != dealer:
                others |= self.dealt[seat]
        held = self.dealt[dealer] if dealer in self.hand_lines else None
        mask = self.discard_mask(
            line, R.PACK, dealer, held, others, sum(self.played), self.record.tricks
        )
        self.check_discard_size(
            mask.bit_count(), R.DISCARD_SIZE, "PIE-3", loc=line.loc, seat=dealer
        )
        return mask

    def judge_discard(self, line: Line, mask: int, complete: bool) -> None:
        """PIE-3: no 5-point card, and a trump only from a hand that keeps nothing but
        trumps and 5-point cards, or no trump at all (violations, G-1)."""
        dealer = self.dealer
        fives = mask & R.FIVES
        if fives:
            cards = tuple(cards_of(fives))
            self.say("BAD_DISCARD", VIOLATION, "PIE-3", loc=line.loc, seat=dealer, cards=cards)
        trumps = mask & R.TRUMPS & ~R.FIVES
        if dealer in self.hand_lines:
            kept: int | None = self.dealt[dealer] & ~mask
        else:
            kept = self.played[dealer] if complete else None
        if trumps and kept is not None:
            no_choice = not kept & ~(R.TRUMPS | R.FIVES)
            if not no_choice and kept & R.TRUMPS:
                cards = tuple(cards_of(trumps))
                where = line.loc
                self.say("TRUMP_DISCARD", VIOLATION, "PIE-3", loc=where, seat=dealer, cards=cards)

    def check_announcement(self, line: Line, plain: bool, count: int) -> None:
        """PIE-3: the dealer announces how many trumps he discards (``announce=N``)."""
        dealer = self.dealer
        announce = None if plain else line.options().get("announce")
        if announce is None:
            if count:
                where = line.loc
                self.say(
                    "TRUMPS_NOT_ANNOUNCED", VIOLATION, "PIE-3", loc=where, seat=dealer, count=count
                )
            return
        value = announce.value
        if not value.isdecimal() or len(value) > 2:
            self.halt("BAD_ANNOUNCEMENT", loc=announce.loc, announced=value)
        elif int(value) != count:
            self.say(
                "WRONG_ANNOUNCEMENT",
                VIOLATION,
                "PIE-3",
                loc=announce.loc,
                seat=dealer,
                announced=value,
                count=count,
            )
