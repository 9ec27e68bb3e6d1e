"""The state of one piemonte3 replay: :class:`Piemonte3Hand`.

It holds what the phases read and write (the sorted lines, the hands dealt and held, the
discard, the contract, the tricks) and the steps that need no phase: sorting the lines, the
deal and the discard (PIE3-2), the hands when play begins, the claims. The phases
(:mod:`.bargain`, :mod:`.declare`, :mod:`.play`, :mod:`.scoring`) receive it; :mod:`.game` drives
them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ...cardset import cards_of
from ...claims import claim_findings
from ...findings import Loc, Severity
from ...record import Line, Record, Trick
from ...report import Report, ScoreLine
from ..base import Game
from ..replay import Replay, ReplayStop
from . import rules as R

__all__ = ["Piemonte3Hand"]


ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
BITS = tuple(1 << i for i in range(97))
N = 3
# the order of the sections at the table; a line may not come after a later phase
_PHASE = {"hand": 0, "bargain": 0, "discard": 1, "declare": 2}


_Stop = ReplayStop  # this engine's name for the shared signal


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


class Piemonte3Hand(Replay):
    """One replay of one record. Built, run once, discarded."""

    def __init__(self, game: Game, record: Record, options: Mapping[str, str] | None):
        self.game = game
        self.record = record
        self.report = Report(game.key, tuple(record.players), record.dealer, unit=game.unit)
        self.options = game.resolve_options(record.options, options)
        self.words = game.wording(record)  # cards and suits in the record's style
        fool_five = self.options["fool"] == "5"
        self.scale = 3 if fool_five else 1  # PIE3-2: thirds of a game point with fool=5
        if fool_five:
            self.report.unit = "thirds of a game point"
        self.points = R.card_points(fool_five)
        self.dealer = record.dealer if record.dealer is not None else 0
        self.eldest = (self.dealer + 1) % N
        self.lines = _Lines()
        self.known = [True] * N
        self.dealt = [0] * N
        self.start = [0] * N
        self.discard: int | None = None
        self.piles = [0] * N
        self.declared: list[tuple[int, str, int, int, Loc | None]] = []
        self.bargain_lines: list[ScoreLine] = []
        self.exchanges: list[str] = []
        self.stopped = False
        self.seats = {player: seat for seat, player in enumerate(self.report.players)}

    # -- names ------------------------------------------------------------------------------
    def seat_named(self, name: str | None, loc: Loc | None) -> int:
        """:meth:`Replay.seat_named`, with the names as written looked up first (fast)."""
        seat = self.seats.get(name) if name is not None else None
        return seat if seat is not None else super().seat_named(name, loc)

    # -- lines -----------------------------------------------------------------------------
    def sort_lines(self) -> None:
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
                self.stop(
                    "LINE_OUT_OF_PLACE",
                    f"the {keyword} line comes after a later phase "
                    "of the hand (deal and bargaining, discard, declarations, play)",
                    loc=entry.loc,
                )
            phase = max(phase, rank)
            if keyword == "hand":
                seat = self.seat_named(entry.subject, entry.loc)
                if seat in lines.hands:
                    self.stop(
                        "DUPLICATE_LINE", f"a second hand line for {entry.subject}", loc=entry.loc
                    )
                lines.hands[seat] = entry
            elif keyword == "bargain":
                round_no = _round(entry.subject)
                done = [_round(b.subject) for b in lines.bargains]
                if round_no not in R.BARGAIN_ROUNDS or (done and round_no <= done[-1]):
                    self.stop(
                        "BAD_BARGAIN",
                        f"bargain {entry.subject}: the sessions follow "
                        "deal rounds 2, 3 and 4, each once and in order",
                        "PIE3-3",
                        loc=entry.loc,
                    )
                lines.bargains.append(entry)
            elif keyword == "discard":
                if lines.discard is not None:
                    self.stop("DUPLICATE_LINE", "a second discard line", loc=entry.loc)
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
        text = self.words.card
        for seat, line in sorted(self.lines.hands.items()):
            cards = line.card_tuple
            mask = 0
            if None not in cards and len(set(cards)) == len(cards):
                mask = sum(map(BITS.__getitem__, cards))
            if mask and not mask & union and not mask & ~R.PACK:
                cards = ()  # the fast path: nothing to report card by card
            else:
                mask = 0
                cards = line.items
            for item in cards:
                card = item.card
                if card is None:
                    self.stop(
                        "UNKNOWN_CARD", "hands must be written in full", loc=item.loc, seat=seat
                    )
                if not R.PACK >> card & 1:
                    self.stop(
                        "CARD_NOT_IN_PACK",
                        f"{text(card)} is not in the 78-card pack",
                        loc=item.loc,
                        seat=seat,
                        cards=(card,),
                    )
                if (union | mask) >> card & 1:
                    self.stop(
                        "DUPLICATE_CARD",
                        f"{text(card)} is dealt twice",
                        loc=item.loc,
                        seat=seat,
                        cards=(card,),
                    )
                mask |= BITS[card]
            size = dealt_each
            if size is None:
                size = R.HAND_SIZE + (R.DISCARD_SIZE if seat == self.dealer else 0)
            if mask.bit_count() != size:
                when = (
                    "by then"
                    if dealt_each is not None
                    else "(25 each, the dealer 28 before his discard)"
                )
                self.stop(
                    "WRONG_HAND_SIZE",
                    f"{self.name(seat)} was dealt "
                    f"{mask.bit_count()} cards; the deal gives {size} {when}",
                    "PIE3-3",
                    loc=line.loc,
                    seat=seat,
                )
            union |= mask
            self.dealt[seat] = mask

    def deal(self) -> None:
        self.check_hands()
        missing = [s for s in range(N) if s not in self.lines.hands]
        if missing:
            played = _played_by_seat(self)
            tricks = self.lines.tricks
            # a hand left out is known exactly when the play is complete: it is what he played
            complete = len(tricks) == R.HAND_SIZE and all(
                len(t.card_tuple) == N and None not in t.card_tuple for t in tricks
            )
            for seat in missing:
                self.known[seat] = complete
                self.dealt[seat] = played[seat]
            if not complete and tricks:
                self.flag(
                    "DEAL_UNKNOWN",
                    NOTE,
                    "the deal is not written in full and the play "
                    "is incomplete: only what the record itself proves is checked",
                    "G-2",
                    loc=self.record.start,
                )

    # -- PIE3-5: the discard ---------------------------------------------------------------
    def read_discard(self) -> None:
        line = self.lines.discard
        dealer = self.dealer
        if line is None:
            if len(self.lines.tricks) < R.HAND_SIZE:
                if self.lines.tricks:
                    self.flag(
                        "DISCARD_UNKNOWN",
                        NOTE,
                        "the record has no discard line and the "
                        "play is not complete: the dealer's plays are checked against "
                        "all 28 cards he was dealt",
                        "PIE3-5",
                        loc=self.record.start,
                    )
                return
            played = _played_by_seat(self)
            if dealer in self.lines.hands:
                self.discard = self.dealt[dealer] & ~played[dealer]
            else:
                self.discard = R.PACK & ~(
                    sum(played) | sum(self.dealt[s] for s in range(N) if self.known[s])
                )
                self.dealt[dealer] |= self.discard
            self.flag(
                "DISCARD_DERIVED",
                NOTE,
                "the discard is not written; it is the dealer's "
                "cards never played: " + self.words.mask(self.discard),
                "PIE3-5",
                loc=self.record.start,
            )
            if self.discard.bit_count() != R.DISCARD_SIZE:
                self.stop(
                    "WRONG_DISCARD_SIZE",
                    f"{self.discard.bit_count()} of the dealer's "
                    "cards were never played; he discards 3",
                    "PIE3-5",
                    loc=self.record.start,
                )
        else:
            mask = 0
            cards = line.card_tuple
            plain = None not in cards and len(set(cards)) == len(cards)
            if plain:
                mask = sum(map(BITS.__getitem__, cards))
                if dealer in self.lines.hands:
                    plain = not mask & ~self.dealt[dealer]
                else:
                    plain = not mask & ~R.PACK and not any(
                        self.dealt[s] & mask for s in range(N) if s != dealer
                    )
            if not plain:
                mask = 0
            text = self.words.card
            for item in () if plain else line.items:  # the slow path says what is wrong
                card = item.card
                if card is None:
                    self.stop("BAD_DISCARD", f"{item.text!r} is not a card", "PIE3-5", loc=item.loc)
                if mask >> card & 1:
                    self.stop(
                        "DUPLICATE_CARD",
                        f"{text(card)} twice in the discard",
                        loc=item.loc,
                        cards=(card,),
                    )
                if not R.PACK >> card & 1:
                    self.stop(
                        "CARD_NOT_IN_PACK",
                        f"{text(card)} is not in the 78-card pack",
                        loc=item.loc,
                        cards=(card,),
                    )
                if dealer in self.lines.hands and not self.dealt[dealer] >> card & 1:
                    self.stop(
                        "CARD_NOT_HELD",
                        f"the dealer did not hold {text(card)}",
                        loc=item.loc,
                        seat=dealer,
                        cards=(card,),
                    )
                if any(self.dealt[s] >> card & 1 for s in range(N) if s != dealer):
                    self.stop(
                        "DUPLICATE_CARD",
                        f"{text(card)} is discarded but another player has it",
                        loc=item.loc,
                        cards=(card,),
                    )
                mask |= card.bit
            if mask.bit_count() != R.DISCARD_SIZE:
                self.stop(
                    "WRONG_DISCARD_SIZE",
                    f"the dealer discards {R.DISCARD_SIZE} cards, not {mask.bit_count()}",
                    "PIE3-5",
                    loc=line.loc,
                    seat=dealer,
                )
            self.discard = mask
            if dealer not in self.lines.hands:
                self.dealt[dealer] |= mask
        forbidden = self.discard & (R.KINGS | R.HONOURS)
        if forbidden:
            self.flag(
                "BAD_DISCARD",
                VIOLATION,
                "the dealer may discard neither Honours nor Kings: " + self.words.mask(forbidden),
                "PIE3-5",
                loc=line.loc if line is not None else self.record.start,
                seat=dealer,
                cards=tuple(cards_of(forbidden)),
            )

    def start_hands(self) -> None:
        for seat in range(N):
            hand = self.dealt[seat]
            if seat == self.dealer and self.discard is not None:
                hand &= ~self.discard
            self.start[seat] = hand
        if all(self.known):
            self.report.hands = tuple(self.dealt)
        self.report.discard = self.discard

    # -- claims ----------------------------------------------------------------------------
    def check_claims(self) -> None:
        """``claim points: NAME +N ...``: the result written on the sheet, against ours."""
        self.report.findings += claim_findings(self.lines.claims, self.report, "points", "PIE3-8")


def _round(subject: str | None) -> int:
    """A bargaining line's round number (0 when it is none: a record built in code or read
    from JSON need not have gone through the notation reader's check)."""
    text = (subject or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else 0


def _played_by_seat(h: Piemonte3Hand) -> list[int]:
    """Who played what, seating each trick from its winner (a quick pass for hands left out
    of the record; the full replay reports anything wrong)."""
    played = [0] * N
    leader = h.eldest
    for trick in h.lines.tricks:
        cards = trick.card_tuple
        if None in cards or len(cards) > N:
            break
        for position, card in enumerate(cards):
            played[(leader + position) % N] |= BITS[card]
        if len(cards) < N:
            break
        leader = (leader + R.RULES.winner(cards)) % N
    return played
