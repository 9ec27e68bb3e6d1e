"""The state of one piemonte3 replay: :class:`Piemonte3Hand`.

It is the play of the one trick loop (:class:`~scorer.games.engine.TrickPlay`) with what the
phases read and write (the sorted lines, the hands dealt, the discard, the declarations, the
cards moved for the Fool) and the steps that need no phase: sorting the lines, the deal and the
discard (PIE3-3, PIE3-5), the hands when play begins, the claims. The phases (:mod:`.bargain`,
:mod:`.declare`, :mod:`.play`, :mod:`.scoring`) receive it or build on it; :mod:`.game` drives
them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

from ...cards import Card
from ...cardset import cards_of
from ...claims import claim_findings
from ...findings import Loc, Severity
from ...record import Line, Record, Trick
from ...report import Report, ScoreLine
from ..base import Game
from ..engine import FirstPass, TrickPlay
from . import rules as R
from .messages import LINES, TEMPLATES, TERMS

__all__ = ["Piemonte3Hand"]


ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
N = 3
# the order of the sections at the table; a line may not come after a later phase
_PHASE = {"hand": 0, "bargain": 0, "discard": 1, "declare": 2}
_CARDS_OF = attrgetter("card_tuple")


@dataclass
class _Lines:
    """The record's section lines by keyword, each with the number of tricks before it."""

    hands: dict[int, Line] = field(default_factory=dict)
    bargains: list[Line] = field(default_factory=list)
    discard: Line | None = None
    declares: list[tuple[int, Line]] = field(default_factory=list)
    fools: dict[int, list[Line]] = field(default_factory=dict)  # after trick N
    claims: list[Line] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    after_bargain: list[Line | Trick] = field(default_factory=list)  # discard and later


class Piemonte3Hand(TrickPlay):
    """One replay of one record: the trick loop's state and the deal's. Built, run once,
    discarded."""

    templates = TEMPLATES
    terms = TERMS  # the declarations' names (PIE3-6), how a bargaining session ended
    line_templates = LINES

    def __init__(
        self, game: Game, record: Record, options: Mapping[str, str] | None = None
    ) -> None:
        report = Report(game.key, tuple(record.players), record.dealer, unit=game.unit)
        self.options = game.resolve_options(record.options, options)
        fool_five = self.options["fool"] == "5"
        super().__init__(R.play_table(fool_five), report)
        self.game = game
        self.record = record
        self.words = game.wording(record)  # cards and suits in the record's style
        self.scale = 3 if fool_five else 1  # PIE3-2: thirds of a game point with fool=5
        if fool_five:
            report.unit = "thirds of a game point"
        self.card_points = self.table.points
        self.dealer = record.dealer if record.dealer is not None else 0
        self.eldest = (self.dealer + 1) % N
        self.lines = _Lines()
        #: per seat, whether the whole hand is known: written, or derived from a complete play
        self.full_hand = [True] * N
        self.dealt = [0] * N
        self.start = [0] * N
        self.discard: int | None = None
        #: the cards moved between piles after the play of the Fool: (card, giver, taker)
        self.moves: list[tuple[Card, int, int]] = []
        self.declared: list[tuple[int, str, int, int, Loc | None]] = []
        self.bargain_lines: list[ScoreLine] = []
        self.exchanges: list[str] = []
        self.stopped = False
        self.seats = {player: seat for seat, player in enumerate(report.players)}
        self._scout: FirstPass | None = None

    # -- names ------------------------------------------------------------------------------
    def seat_named(self, name: str | None, loc: Loc | None) -> int:
        """The seat of the player ``name``: as written (fast), else case-insensitive; an
        unknown name stops (G-2)."""
        seat = self.seats.get(name) if name is not None else None
        if seat is not None:
            return seat
        return super().seat_named(name, loc)

    # -- lines -----------------------------------------------------------------------------
    def sort_lines(self) -> None:
        """File the record's lines by section, checking their order (a line of an earlier
        phase after a later one stops, G-2)."""
        lines = self.lines
        tricks_seen = 0
        phase = 0
        for entry in self.record.body:
            if isinstance(entry, Trick):
                lines.tricks.append(entry)
                lines.after_bargain.append(entry)
                tricks_seen += 1
                phase = 3
                continue
            keyword = entry.keyword
            if keyword == "claim":
                lines.claims.append(entry)
                continue
            if keyword == "fool":
                lines.fools.setdefault(tricks_seen, []).append(entry)
                lines.after_bargain.append(entry)
                continue
            rank = _PHASE.get(keyword, 0)
            if rank < phase and not (keyword == "declare" and phase == 3):
                self.halt("LINE_OUT_OF_PLACE", loc=entry.loc, keyword=keyword)
            phase = max(phase, rank)
            self.file_line(entry, tricks_seen)

    def file_line(self, entry: Line, tricks_seen: int) -> None:
        """One hand, bargain, discard or declare line into :attr:`lines` (a second hand line
        for a player, a second discard, bargaining rounds out of order stop, G-2)."""
        lines = self.lines
        keyword = entry.keyword
        if keyword == "hand":
            seat = self.seat_named(entry.subject, entry.loc)
            if seat in lines.hands:
                self.halt("DUPLICATE_LINE", variant="hand", loc=entry.loc, name=entry.subject)
            lines.hands[seat] = entry
        elif keyword == "bargain":
            round_no = _round(entry.subject)
            last = _round(lines.bargains[-1].subject) if lines.bargains else 0
            if round_no not in R.BARGAIN_ROUNDS or (lines.bargains and round_no <= last):
                self.halt(
                    "BAD_BARGAIN", "PIE3-3", variant="round", loc=entry.loc, round=entry.subject
                )
            lines.bargains.append(entry)
        elif keyword == "discard":
            if lines.discard is not None:
                self.halt("DUPLICATE_LINE", variant="discard", loc=entry.loc)
            lines.discard = entry
            lines.after_bargain.append(entry)
        elif keyword == "declare":
            lines.declares.append((tricks_seen, entry))
            lines.after_bargain.append(entry)

    # -- PIE3-3: the deal ------------------------------------------------------------------
    def check_hands(self, dealt_each: int | None = None) -> None:
        """The ``hand`` lines: cards of the pack, none twice, the sizes the deal gives
        (``dealt_each`` for a deal stopped after a bargaining session)."""
        union = 0
        for seat, line in sorted(self.lines.hands.items()):
            mask = self.dealt_mask(line, union, R.PACK, seat)
            size = dealt_each
            if size is None:
                size = R.HAND_SIZE + (R.DISCARD_SIZE if seat == self.dealer else 0)
            if mask.bit_count() != size:
                self.halt(
                    "WRONG_HAND_SIZE",
                    "PIE3-3",
                    variant="partial" if dealt_each is not None else "",
                    loc=line.loc,
                    seat=seat,
                    count=mask.bit_count(),
                    size=size,
                )
            union |= mask
            self.dealt[seat] = mask

    def deal(self) -> None:
        """The hands dealt: as written, and a hand left out as what its player is seen to
        play (known in full only when the play is complete)."""
        self.check_hands()
        missing = [s for s in range(N) if s not in self.lines.hands]
        if not missing:
            return
        played = self.played_in_record()
        # a hand left out is known exactly when the play is complete: it is what he played
        complete = self.play_complete()
        written = 0
        for seat in self.lines.hands:
            written |= self.dealt[seat]
        for seat in missing:
            self.full_hand[seat] = complete
            # a card dealt to another is not his: his play of it is impossible (G-2)
            self.dealt[seat] = played[seat] & ~written
        if not complete and self.lines.tricks:
            self.say("DEAL_UNKNOWN", NOTE, "G-2", loc=self.record.start)

    def played_in_record(self) -> list[int]:
        """The cards each seat plays in the record's trick lines, found by the engine's first
        pass (:class:`~scorer.games.engine.FirstPass`): what it finds wrong is left to the
        replay proper, which stops there."""
        return self.scout().played

    def play_complete(self) -> bool:
        """Whether the record's trick lines play the whole hand: all 25 tricks, every card
        known and of the pack (a hand or a discard left out is then what the play shows)."""
        return self.scout().complete

    def scout(self) -> FirstPass:
        """The first pass over the trick lines, made once when asked."""
        if self._scout is None:
            self._scout = FirstPass.of(self, self.lines.tricks, self.eldest)
        return self._scout

    # -- PIE3-5: the discard ---------------------------------------------------------------
    def read_discard(self) -> None:
        """The dealer's discard: as written, or derived from a complete play (the dealer's
        cards never played); no Honour and no King (PIE3-5)."""
        line = self.lines.discard
        if line is None:
            if not self.play_complete():
                if self.lines.tricks:
                    self.say("DISCARD_UNKNOWN", NOTE, "PIE3-5", loc=self.record.start)
                return
            self.discard = self.derived_discard()
        else:
            self.discard = self.written_discard(line)
        forbidden = self.discard & (R.KINGS | R.HONOURS)
        if forbidden:
            self.say(
                "BAD_DISCARD",
                VIOLATION,
                "PIE3-5",
                loc=line.loc if line is not None else self.record.start,
                seat=self.dealer,
                cards=tuple(cards_of(forbidden)),
            )

    def derived_discard(self) -> int:
        """PIE3-5: with no discard line and the play complete, the discard is the dealer's
        cards never played; three of them, else the record is impossible (G-2)."""
        dealer = self.dealer
        played = self.played_in_record()
        if dealer in self.lines.hands:
            discard = self.dealt[dealer] & ~played[dealer]
        else:
            out = 0
            for seat in range(N):
                out |= played[seat] | (self.dealt[seat] if self.full_hand[seat] else 0)
            discard = R.PACK & ~out
            self.dealt[dealer] |= discard
        start = self.record.start
        self.say("DISCARD_DERIVED", NOTE, "PIE3-5", loc=start, discard=discard)
        self.check_discard_size(
            discard.bit_count(), R.DISCARD_SIZE, "PIE3-5", loc=start, variant="derived"
        )
        return discard

    def written_discard(self, line: Line) -> int:
        """The discard line's cards, checked as every game checks a discard
        (:meth:`~scorer.games.replay.Replay.discard_mask`, G-2): of the pack, not twice, the
        dealer's (his hand line's, and no other hand line's), not also played; each a card,
        three of them (PIE3-5)."""
        dealer = self.dealer
        hands = self.lines.hands
        if None in line.card_tuple:
            for item in line.items:
                if item.card is None:
                    self.halt("BAD_DISCARD", "PIE3-5", variant="card", loc=item.loc, word=item.text)
        dealt = self.dealt
        others = sum(dealt[seat] for seat in hands if seat != dealer)  # the other hands written
        held = dealt[dealer] if dealer in hands else None
        mask = self.discard_mask(
            line, R.PACK, dealer, held, others, self.played_also(line), self.record.tricks
        )
        self.check_discard_size(
            mask.bit_count(), R.DISCARD_SIZE, "PIE3-5", loc=line.loc, seat=dealer
        )
        if dealer not in hands:
            self.dealt[dealer] |= mask
        return mask

    def played_also(self, line: Line) -> int:
        """The cards the trick lines show played, when one of ``line``'s is among them (then
        from the first pass, :meth:`scout`), else 0: all a discard's check needs."""
        in_tricks = chain.from_iterable(map(_CARDS_OF, self.lines.tricks))
        if set(line.card_tuple).isdisjoint(in_tricks):
            return 0
        out = 0
        for played in self.scout().played:
            out |= played
        return out

    def start_hands(self) -> None:
        """The hands as play begins (the dealer's without his discard), and the play begun:
        eldest leads, the discard is out of play (PIE3-5)."""
        discard = self.discard or 0
        for seat in range(N):
            # (a hand left out may show a discarded card played: impossible, G-2)
            self.start[seat] = self.dealt[seat] & ~discard
        if all(self.full_hand):
            self.report.hands = tuple(self.dealt)
        self.report.discard = self.discard
        # a hand left out is the cards its player is seen to play: judged like one written,
        # it proves a revoke by a later play of the suit
        self.begin_play(self.start, leader=self.eldest, out_of_play=discard)

    # -- claims ----------------------------------------------------------------------------
    def check_claims(self) -> None:
        """``claim points: NAME +N ...``: the result written on the sheet, against ours."""
        self.report.findings += claim_findings(self.lines.claims, self.report, "points", "PIE3-8")


def _round(subject: str | None) -> int:
    """A bargaining line's round number (0 when it is none: a record built in code or read
    from JSON need not have gone through the notation reader's check)."""
    text = (subject or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else 0
