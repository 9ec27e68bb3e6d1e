"""The state of one Piedicavallo replay: :class:`PiedicavalloHand`.

It holds what the phases read and write (the sorted lines, the hands dealt and held, the
discard, the seated tricks) and the steps that need no phase: sorting the lines, the deal
(PIE-2) and the discard (PIE-3). The play and the talk (:mod:`.play`, :mod:`.talk`) and the
score (:mod:`.scoring`) receive it; :mod:`.game` drives them.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...cards import Card
from ...cardset import cards_of
from ...findings import Severity
from ...record import Line, Record, Trick
from ...report import Report
from ..base import Game
from ..replay import ReplayStop, Seating, SeatingReplay
from . import rules as R

__all__ = ["PiedicavalloHand"]


ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
BITS = tuple(1 << i for i in range(97))
N = 4
SEATING = Seating(
    N,
    R.HAND_SIZE,
    R.PACK,
    R.RULES.strength,
    False,
    "the 62-card pack (PIE-1)",
    "a deal of Piedicavallo",
)


_Stop = ReplayStop  # this engine's name for the shared signal
DEFAULT_OPTIONS = {option.name: option.default for option in R.OPTIONS}
OUTSIDE_PACK = ~R.PACK


class PiedicavalloHand(SeatingReplay):
    """One replay of one record. Built, run once, discarded."""

    seating = SEATING

    def __init__(self, game: Game, record: Record, options: Mapping[str, str] | None):
        self.game = game
        self.record = record
        self.report = Report(game.key, tuple(record.players), record.dealer, unit=game.unit)
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
        # per trick: the line, its leader's seat, its cards, the winner's seat (None: unfinished)
        self.seated: list[tuple[Trick, int, tuple[Card, ...], int | None]] = []
        self.played = [0] * N
        self.dealt = [0] * N
        self.start = [0] * N
        self.known = False  # every hand at play is known (written, or derived from the play)
        self.seat_known = [False] * N  # per seat: his hand at play is known
        self.discard: int | None = None

    @property
    def complete(self) -> bool:
        seated = self.seated
        return len(seated) == R.HAND_SIZE and seated[-1][3] is not None

    # -- lines -----------------------------------------------------------------------------
    def sort_lines(self) -> None:
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
                    self.stop(
                        "DUPLICATE_LINE", f"a second hand line for {entry.subject}", loc=entry.loc
                    )
                self.hand_lines[seat] = entry
            elif entry.keyword == "discard":
                if self.discard_line is not None:
                    self.stop("DUPLICATE_LINE", "a second discard line", loc=entry.loc)
                self.discard_line = entry
            else:
                self.stop(
                    "UNKNOWN_SECTION",
                    f"{entry.keyword!r} is not a section of piedicavallo (hand, discard, claim)",
                    loc=entry.loc,
                )
            if self.tricks:
                self.stop(
                    "LINE_OUT_OF_PLACE",
                    f"the {entry.keyword} line comes after play began",
                    loc=entry.loc,
                )

    # -- seats: who played each card -------------------------------------------------------
    def seat_plays(self) -> None:
        """Seat the plays from the trick winners, the player to the dealer's right leading
        (PIE-3; :meth:`SeatingReplay.seat_tricks`)."""
        self.seat_tricks(self.tricks, (self.dealer + 1) % N)

    # -- PIE-3: deal and discard -----------------------------------------------------------
    def deal(self) -> None:
        union = 0
        for seat, line in sorted(self.hand_lines.items()):
            size = R.DEALER_CARDS if seat == self.dealer else R.HAND_SIZE
            cards = line.card_tuple
            # a sum of bits has as many as the cards only when no card is there twice
            mask = sum(map(BITS.__getitem__, cards)) if None not in cards else -1
            if mask.bit_count() != len(cards) or mask & union or mask & OUTSIDE_PACK:
                mask = self.check_hand_cards(seat, line, union)  # which card, and where
            if mask.bit_count() != size:
                self.stop(
                    "WRONG_HAND_SIZE",
                    f"{self.name(seat)} was dealt {mask.bit_count()} cards; the deal gives {size}",
                    "PIE-3",
                    loc=line.loc,
                    seat=seat,
                )
            union |= mask
            self.dealt[seat] = mask
        complete = self.complete
        self.read_discard(complete)
        for seat in range(N):
            if seat in self.hand_lines:
                hand = self.dealt[seat]
                if seat == self.dealer:
                    hand &= ~(self.discard or 0)
                self.start[seat] = hand
            elif complete:
                self.start[seat] = self.played[seat]
                self.dealt[seat] = self.played[seat] | (
                    (self.discard or 0) if seat == self.dealer else 0
                )
        self.seat_known = [
            (seat in self.hand_lines or complete)
            and (seat != self.dealer or self.discard is not None)
            for seat in range(N)
        ]
        self.known = all(self.seat_known)
        if self.known:
            self.report.hands = tuple(self.dealt)
        else:
            self.flag(
                "DEAL_UNKNOWN",
                NOTE,
                "the hands are not all known (deal or discard not "
                "written, play incomplete): plays and remarks of "
                + ", ".join(self.name(s) for s in range(N) if not self.seat_known[s])
                + " are checked only against what the record shows",
                "G-2",
                loc=self.record.start,
            )
        self.report.discard = self.discard

    def read_discard(self, complete: bool) -> None:
        """PIE-3: two cards; no 5-point card; other trumps only when the hand kept holds only
        trumps and 5-point cards, or no trump at all; the trumps discarded announced."""
        line = self.discard_line
        dealer = self.dealer
        if line is None:
            if complete:
                self.discard = R.PACK & ~sum(self.played)
                self.flag(
                    "DISCARD_DERIVED",
                    NOTE,
                    "the discard is not written; it is the "
                    "cards nobody played: " + self.words.mask(self.discard),
                    "PIE-3",
                    loc=self.record.start,
                )
            return
        played = sum(self.played)
        cards = line.card_tuple
        plain = None not in cards  # cards only: no announce=N, no stray word
        mask = sum(map(BITS.__getitem__, cards)) if plain else 0  # a card twice: fewer bits
        if not (
            plain
            and len(cards) == R.DISCARD_SIZE == mask.bit_count()
            and not mask & OUTSIDE_PACK
            and not mask & played
            and (dealer not in self.hand_lines or not mask & ~self.dealt[dealer])
        ):
            mask = self.check_discard_cards(line, played)  # says which card and where
        self.discard = mask
        fives = mask & R.FIVES
        if fives:
            self.flag(
                "BAD_DISCARD",
                VIOLATION,
                "the 5-point cards (Kings, 21, 1, the Fool) "
                "may not be discarded: " + self.words.mask(fives),
                "PIE-3",
                loc=line.loc,
                seat=dealer,
                cards=tuple(cards_of(fives)),
            )
        trumps = mask & R.TRUMPS & ~R.FIVES
        kept = (
            self.dealt[dealer] & ~mask
            if dealer in self.hand_lines
            else self.played[dealer]
            if complete
            else None
        )
        if trumps and kept is not None:
            no_choice = not kept & ~(R.TRUMPS | R.FIVES)
            if not no_choice and kept & R.TRUMPS:
                self.flag(
                    "TRUMP_DISCARD",
                    VIOLATION,
                    "a trump may be discarded only when the "
                    "hand kept holds nothing but trumps and 5-point cards, or no trump at "
                    "all: " + self.words.mask(trumps),
                    "PIE-3",
                    loc=line.loc,
                    seat=dealer,
                    cards=tuple(cards_of(trumps)),
                )
        count = (mask & R.TRUMPS).bit_count()
        announce = None if plain else line.options().get("announce")
        if announce is None:
            if count:
                self.flag(
                    "TRUMPS_NOT_ANNOUNCED",
                    VIOLATION,
                    f"the discard holds {count} trump(s) and the dealer announced none",
                    "PIE-3",
                    loc=line.loc,
                    seat=dealer,
                )
        elif not announce.value.isdecimal() or len(announce.value) > 2:
            self.stop(
                "BAD_ANNOUNCEMENT", f"announce={announce.value!r} is not a number", loc=announce.loc
            )
        elif int(announce.value) != count:
            self.flag(
                "WRONG_ANNOUNCEMENT",
                VIOLATION,
                f"the dealer announced "
                f"{announce.value} trump(s) discarded; the discard holds {count}",
                "PIE-3",
                loc=announce.loc,
                seat=dealer,
            )
        for item in () if plain else line.items:
            if item.card is None and item.key != "announce":
                self.stop(
                    "BAD_DISCARD_ITEM",
                    f"{item.text!r} in the discard line; write two cards and announce=N",
                    loc=item.loc,
                )

    def check_discard_cards(self, line: Line, played: int) -> int:
        """The discard's cards one by one: each in the pack, once, not also played, held by
        the dealer (when his hand is written), and two of them (PIE-1, PIE-3; G-2 stops the
        replay at the first that is not). Returns them as a mask."""
        dealer = self.dealer
        text = self.words.card  # the record's style
        mask = 0
        for item in line.items:
            card = item.card
            if card is None:
                continue
            if not R.PACK >> card & 1:
                self.stop(
                    "CARD_NOT_IN_PACK",
                    f"{text(card)} is not in the 62-card pack (PIE-1)",
                    loc=item.loc,
                    cards=(card,),
                )
            if mask >> card & 1:
                self.stop(
                    "DUPLICATE_CARD",
                    f"{text(card)} twice in the discard",
                    loc=item.loc,
                    cards=(card,),
                )
            if played >> card & 1:
                self.stop(
                    "DUPLICATE_CARD",
                    f"{text(card)} is discarded and also played",
                    loc=item.loc,
                    cards=(card,),
                )
            if dealer in self.hand_lines and not self.dealt[dealer] >> card & 1:
                self.stop(
                    "CARD_NOT_HELD",
                    f"the dealer did not hold {text(card)}",
                    loc=item.loc,
                    seat=dealer,
                    cards=(card,),
                )
            mask |= BITS[card]
        if mask.bit_count() != R.DISCARD_SIZE:
            self.stop(
                "WRONG_DISCARD_SIZE",
                f"the dealer discards {R.DISCARD_SIZE} cards, not {mask.bit_count()}",
                "PIE-3",
                loc=line.loc,
                seat=dealer,
            )
        return mask
