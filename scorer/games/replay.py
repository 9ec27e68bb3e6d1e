"""What every game's replay of one record shares: recording findings, stopping at an
impossible point (G-2), naming players, and seating the plays of trick lines.

Each engine replays a record in a small object built for that record alone (OpenSpiel's
"state"); this mixin gives it the findings plumbing, so every engine reports alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import Card
from ..findings import Finding, Loc, Severity, namespace
from ..messages import GENERAL, render
from ..record import Line, Trick
from ..report import Report
from ..tricks import CATEGORY, FOOL_CATEGORY, TRUMP
from ..wording import ITALIAN, Wording

__all__ = ["Replay", "ReplayStop", "Seating", "SeatingReplay", "check_trick_place"]


class ReplayStop(Exception):
    """Ends a replay at an impossible point (G-2); the finding is already recorded."""


class Replay:
    """Mixin for a one-record replay with a ``report`` attribute. Messages name cards and
    suits through ``words``, in the record's suit style (the engine sets it from
    :meth:`Game.wording <scorer.games.base.Game.wording>`)."""

    report: Report
    words: Wording = ITALIAN
    #: The game's templates for its findings' sentences (:mod:`scorer.messages`): the shared
    #: ones, and the game's own over them. Each game package keeps its table in one module.
    templates: ClassVar[Mapping[str, str]] = GENERAL
    #: The game's word for the trumps in its sentences (Nice: ``Tarots``).
    trumps_name: ClassVar[str] = "trumps"

    def say(
        self,
        code: str,
        severity: Severity,
        rule: str | None,
        *,
        loc: Loc | None = None,
        trick: int | None = None,
        seat: int | None = None,
        cards: tuple[Card, ...] = (),
        legal: tuple[Card, ...] = (),
        variant: str = "",
        **facts: Any,
    ) -> None:
        """Record a finding from its facts; its sentence is the game's template for ``code``
        (and ``variant``) filled from them (:mod:`scorer.messages`)."""
        key = f"{code}.{variant}" if variant else code
        words = namespace(seat, trick, cards, legal, facts)
        message = render(
            self.templates[key], words, self.words, self.report.players, self.trumps_name
        )
        self.report.add(
            Finding(code, severity, message, rule, loc, trick, seat, cards, legal, facts, variant)
        )

    def halt(self, code: str, rule: str = "G-2", **where: Any) -> None:
        """Record an error (:meth:`say`) and end the replay (G-2)."""
        self.say(code, Severity.ERROR, rule, **where)
        raise ReplayStop

    def flag(self, code: str, severity: Severity, message: str, rule: str | None, **where) -> None:
        """Record a finding (``where``: ``loc``, ``trick``, ``seat``, ``cards``, ``legal``)."""
        self.report.add(Finding(code, severity, message, rule, **where))

    def stop(self, code: str, message: str, rule: str = "G-2", **where) -> None:
        """Record an error and end the replay (G-2)."""
        self.flag(code, Severity.ERROR, message, rule, **where)
        raise ReplayStop

    def name(self, seat: int) -> str:
        return self.report.players[seat]

    def seat_named(self, name: str | None, loc: Loc | None) -> int:
        """The seat of the player ``name`` (case-insensitive); an unknown name stops."""
        wanted = (name or "").strip().casefold()
        for seat, player in enumerate(self.report.players):
            if player.casefold() == wanted:
                return seat
        self.stop("UNKNOWN_PLAYER", f"{name!r} is not one of the players", "G-2", loc=loc)
        raise AssertionError  # unreachable: stop raises


@dataclass(frozen=True, slots=True)
class Seating:
    """What :meth:`SeatingReplay.seat_tricks` needs to know of a game: its players, tricks
    and pack, how trumps and suits rank, and whether equal trumps go to the later card
    (Nice's Papotes, NICE-4)."""

    players: int
    tricks: int
    pack: int
    strength: tuple[int, ...]
    ties_to_later: bool
    pack_name: str  # for the message: "the 78-card pack"
    hand_name: str  # for the message: "a hand of nice4"


class SeatingReplay(Replay):
    """A replay that seats the plays of trick lines from the trick winners (cards alone
    decide them), checking numbering, leaders, pack membership and duplicates. Subclasses
    hold ``seated`` (trick, leader, cards, winner or ``None``) and ``played`` (a mask per
    seat), and name their :class:`Seating` in ``seating``."""

    seating: Seating
    seated: list
    played: list[int]
    seating_halt: Finding | None = None  # the impossible trick seating stopped at (G-2)

    def seat_plays(self) -> None:
        """Seat the record's trick lines (each engine calls :meth:`seat_tricks` with its
        tricks and first leader)."""
        raise NotImplementedError

    def seat_before_replay(self) -> bool:
        """Seat the plays (``seat_plays``) before the replay proper. At an impossible trick
        (G-2: out of turn, a card twice, ...) keep the tricks before it for the replay and
        return True; the replay then stops there, or earlier (:meth:`forget_later_halt`)."""
        try:
            self.seat_plays()
        except ReplayStop:
            if self.report.findings[-1].trick is None:
                raise
            self.seating_halt = self.report.findings[-1]
            return True
        return False

    def forget_later_halt(self) -> None:
        """G-2: the replay stops at the first impossibility. When the replay of the tricks
        before the one seating stopped at finds an earlier one (a card not held), the
        seating's error, which comes after it, is not reported."""
        halt = self.seating_halt
        findings = self.report.findings
        if halt is not None and any(
            f is not halt and f.severity is Severity.ERROR for f in findings
        ):
            findings.remove(halt)

    def check_hand_cards(self, seat: int, line: Line, union: int) -> int:
        """The slow path of a deal's hand-line check (a line whose mask did not add up):
        stop at the first bad card, with its place (G-2): unknown, outside the pack, or
        dealt twice (in this line or in ``union``, the hands before it). Returns the
        line's mask when every card is good."""
        pack, pack_name = self.seating.pack, self.seating.pack_name
        text = self.words.card
        mask = 0
        for item in line.items:
            card = item.card
            if card is None:
                self.stop("UNKNOWN_CARD", "hands must be written in full", loc=item.loc)
            if not pack >> card & 1:
                self.stop(
                    "CARD_NOT_IN_PACK",
                    f"{text(card)} is not in {pack_name}",
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
            mask |= 1 << card
        return mask

    def seat_tricks(self, tricks: list[Trick], leader: int) -> None:
        """One tight loop per trick (the hot path of the general replays). Stops at an
        impossible play (G-2); at an unknown card seats what is known and returns."""
        rules = self.seating
        n, total, pack, strength = rules.players, rules.tricks, rules.pack, rules.strength
        later = rules.ties_to_later
        seen = 0
        played = self.played
        category_of = CATEGORY
        last_index = len(tricks) - 1
        for index, trick in enumerate(tricks):
            number = index + 1
            check_trick_place(self.stop, trick, number, total, rules.hand_name)
            if trick.leader is not None and trick.leader != leader:
                self.stop(
                    "PLAY_OUT_OF_TURN",
                    f"the record has {self.name(trick.leader)} "
                    f"leading trick {number}, but {self.name(leader)} won the lead",
                    loc=trick.loc,
                    trick=number,
                    seat=trick.leader,
                )
            cards = trick.card_tuple
            if len(cards) > n:
                self.stop(
                    "TOO_MANY_CARDS",
                    f"{len(cards)} cards in a trick of {n}",
                    loc=trick.plays[n].loc,
                    trick=number,
                )
            if None in cards:
                cards = self.check_trick_cards(trick, leader, seen)
                if cards is None:  # an unknown card: the replay stops before it
                    return
            seat = leader
            best = -1
            winner = leader
            led = None
            seen_before = seen
            for card in cards:
                bit = 1 << card
                if seen & bit or not pack & bit:
                    self.check_trick_cards(trick, leader, seen_before)  # raises
                seen |= bit
                played[seat] |= bit
                category = category_of[card]
                if category == TRUMP:
                    key = 1000 + strength[card]
                    if key > best or (later and key == best):
                        best = key
                        winner = seat
                elif category != FOOL_CATEGORY:
                    if led is None:
                        led = category
                    if category == led and strength[card] > best:
                        best = strength[card]
                        winner = seat
                seat = seat + 1 if seat + 1 < n else 0
            self.seated.append((trick, leader, cards, winner if len(cards) == n else None))
            if len(cards) < n:
                if index != last_index:
                    self.stop(
                        "SHORT_TRICK",
                        f"trick {number} has {len(cards)} cards and is not the last line",
                        loc=trick.loc,
                        trick=number,
                    )
                return
            leader = winner

    def check_trick_cards(self, trick: Trick, leader: int, seen: int) -> tuple[Card, ...] | None:
        """The slow path of :meth:`seat_tricks`: find the first bad play and say where.
        Returns the known cards before an unknown one (seated, then ``None``)."""
        n = self.seating.players
        number = trick.number
        for position, item in enumerate(trick.plays):
            seat = (leader + position) % n
            card = item.card
            if card is None:
                self.flag(
                    "UNKNOWN_CARD",
                    Severity.NOTE,
                    "an unknown card: the replay stops here",
                    "G-2",
                    loc=item.loc,
                    trick=number,
                    seat=seat,
                )
                known = tuple(i.card for i in trick.plays[:position])
                for offset, known_card in enumerate(known):
                    self.played[(leader + offset) % n] |= 1 << known_card
                self.seated.append((trick, leader, known, None))
                return None
            if not self.seating.pack >> card & 1:
                self.stop(
                    "CARD_NOT_IN_PACK",
                    f"{self.words.card(card)} is not in {self.seating.pack_name}",
                    loc=item.loc,
                    trick=number,
                    seat=seat,
                    cards=(card,),
                )
            if seen >> card & 1:
                self.stop(
                    "DUPLICATE_CARD",
                    f"{self.words.card(card)} was already played",
                    loc=item.loc,
                    trick=number,
                    seat=seat,
                    cards=(card,),
                )
            seen |= 1 << card
        return trick.card_tuple  # type: ignore[return-value]


def check_trick_place(
    stop: Callable[..., None], trick: Trick, number: int, total: int, hand_name: str
) -> None:
    """G-2: the trick line that comes ``number``-th must say so, and a hand has ``total``
    tricks (``hand_name`` names it: "a hand of nice4"); ``stop`` is the replay's."""
    if trick.number != number:
        stop(
            "TRICK_NUMBER",
            f"trick numbered {trick.number}, expected {number}",
            loc=trick.loc,
            trick=number,
        )
    if number > total:
        stop("TOO_MANY_TRICKS", f"{hand_name} has {total} tricks", loc=trick.loc, trick=number)
