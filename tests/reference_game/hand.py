"""The state of one replay of the reference game: :class:`ReferenceHand`.

It is the play of the one trick loop (:class:`~scorer.games.engine.TrickPlay`) with what the
phases read and write (the sorted lines, the hands dealt) and the steps that need no phase:
sorting the lines and the deal (REF-1), a hand left out derived from the play by the
engine's first pass (:class:`~scorer.games.engine.FirstPass`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from scorer.findings import Severity
from scorer.games.base import Game
from scorer.games.engine import FirstPass, TrickPlay
from scorer.record import Line, Record, Trick
from scorer.report import Report

from . import rules as R
from .messages import LINES, TEMPLATES

__all__ = ["ReferenceHand"]

NOTE = Severity.NOTE
N = R.PLAYERS


@dataclass
class Lines:
    """The record's lines by keyword."""

    hands: dict[int, Line] = field(default_factory=dict)
    claims: list[Line] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)


class ReferenceHand(TrickPlay):
    """One replay of one record: the trick loop's state and the deal's. Built, run once,
    discarded."""

    templates = TEMPLATES
    line_templates = LINES
    #: The ruling each play against the rules of play breaks (REF-2; G-1 says it is flagged).
    illegal_rules: ClassVar[Mapping[str, str]] = dict.fromkeys(
        ("MUST_FOLLOW_SUIT", "MUST_FOLLOW_TRUMPS", "MUST_TRUMP"), "REF-2"
    )

    def __init__(
        self, game: Game, record: Record, options: Mapping[str, str] | None = None
    ) -> None:
        report = Report(game.key, tuple(record.players), record.dealer, unit=game.unit)
        self.options = game.resolve_options(record.options, options)
        super().__init__(R.play_table(self.options["must-trump"] == "yes"), report)
        self.game = game
        self.record = record
        self.words = game.wording(record)  # cards and suits in the record's style
        self.dealer = record.dealer if record.dealer is not None else 0
        self.eldest = (self.dealer + 1) % N
        self.lines = Lines()
        self.dealt = [0] * N
        self.known_hands = [True] * N  # per seat: written, or derived from a complete play

    def sort_lines(self) -> None:
        """File the record's lines by keyword; a hand line after a trick stops (G-2)."""
        lines = self.lines
        for entry in self.record.body:
            if isinstance(entry, Trick):
                lines.tricks.append(entry)
            elif entry.keyword == "claim":
                lines.claims.append(entry)
            elif entry.keyword == "hand":
                if lines.tricks:
                    self.halt("LINE_OUT_OF_PLACE", loc=entry.loc, keyword=entry.keyword)
                seat = self.seat_named(entry.subject, entry.loc)
                if seat in lines.hands:
                    self.halt("DUPLICATE_LINE", variant="hand", loc=entry.loc, name=entry.subject)
                lines.hands[seat] = entry

    def deal(self) -> None:
        """REF-1: the hands dealt, each of the pack, no card twice, 26 cards (G-2); a hand
        left out is what its player is seen to play, known when the play is complete."""
        union = 0
        for seat, line in sorted(self.lines.hands.items()):
            mask = self.dealt_mask(line, union, R.PACK, seat)
            if mask.bit_count() != R.HAND_SIZE:
                self.halt(
                    "WRONG_HAND_SIZE",
                    "REF-1",
                    loc=line.loc,
                    seat=seat,
                    count=mask.bit_count(),
                    size=R.HAND_SIZE,
                )
            union |= mask
            self.dealt[seat] = mask
        missing = [seat for seat in range(N) if seat not in self.lines.hands]
        if not missing:
            return
        scout = FirstPass.of(self, self.lines.tricks, self.eldest)
        for seat in missing:
            # a card dealt to another is not his: his play of it is impossible (G-2)
            self.dealt[seat] = scout.played[seat] & ~union
            self.known_hands[seat] = scout.complete
        if not scout.complete and self.lines.tricks:
            self.say("DEAL_UNKNOWN", NOTE, "G-2", loc=self.record.start)

    def start_hands(self) -> None:
        """The play begins (REF-1): eldest leads; a hand not known is played unchecked."""
        if all(self.known_hands):
            self.report.hands = tuple(self.dealt)
        hands = [
            dealt if known else 0 for dealt, known in zip(self.dealt, self.known_hands, strict=True)
        ]
        self.begin_play(hands, self.known_hands, leader=self.eldest)
