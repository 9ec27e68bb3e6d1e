"""Tarocchi of Piedicavallo (``piedicavallo``): replay and verification of one deal.

Four players in fixed partnerships, partners opposite (seats 0 and 2 against 1 and 3 in the
``Players`` order). The replay reads a record in the order of the game: the deal and the
dealer's discard (PIE-1, PIE-3), then every trick (follow suit, else trump, the Fool excusing:
PIE-4, G-3) with the table talk said as each card was played (PIE-5), and scores the deal
(PIE-2, PIE-6). The play is in :mod:`~scorer.games.piedicavallo_play`, the talk in
:mod:`~scorer.games.piedicavallo_talk`, the score in :mod:`~scorer.games.piedicavallo_scoring`,
the game of four deals in :mod:`~scorer.games.piedicavallo_game`. Illegal
plays and remarks are flagged and scored as played (G-1); impossible records stop the replay
where they become impossible (G-2).

When the deal is not written down but the play is complete, each hand is what its player
played (the dealer's plus the discard), so a revoke is still proved by a later play of the
suit and every remark is still checked against the cards played after it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..cards import Card
from ..cardset import cards_of
from ..claims import claim_findings
from ..findings import Finding, Loc, Severity
from ..record import Line, Record, Trick
from ..report import Report
from ..results import GameResult
from . import piedicavallo_rules as R
from .base import Game
from .piedicavallo_play import Fallback, fast_play, play
from .piedicavallo_scoring import score
from .replay import ReplayStop, Seating, SeatingReplay

__all__ = ["Piedicavallo"]

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


class Piedicavallo(Game):
    """The rule set: four players, 15 cards each, points in a deal, a game of four deals."""

    key = "piedicavallo"
    title = "Tarocchi of Piedicavallo"
    seed = "004_0bdd049b43c30c8f.txt"
    num_players = 4
    unit = "points"
    claim_field = "score"  # claim score: each player's deal score over the average (PIE-7)
    point_total = 114  # PIE-2
    start_balance = 0  # PIE-7: each side's lead over the average starts at nothing
    zero_sum = True
    keywords = R.KEYWORDS
    trick_notes = True  # PIE-5: table talk is written on the card it was said with
    options = R.OPTIONS
    rulings = (*(f"PIE-{n}" for n in range(1, 8)), "PIE-5a", "G-1", "G-2", "G-3", "G-6", "G-7")
    ranked_by_games = True  # PIE-7: a session is one game, won by a side
    ledger_rule = "PIE-7"

    def replay(
        self, record: Record, options: Mapping[str, str] | None = None, *, single_pass: bool = True
    ) -> Report:
        report = _Deal(self, record, options).run_fast() if single_pass else None
        if report is None:  # something unusual: the general replay says what and where
            report = _Deal(self, record, options).run()
        return report

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        from .piedicavallo_random import random_record

        return random_record(self, rng, players, dealer)

    def random_session(self, rng: random.Random, count: int) -> list[Record]:
        """Up to ``count`` deals of one game, the deal passing to the right (G-6); the game
        may end sooner (PIE-7: after three deals with a lead over 57, after four, or after
        the two extra deals of a tie), and then the session ends with it."""
        from .piedicavallo_game import game_over

        records: list[Record] = []
        dealer = rng.randrange(N)
        reports: list[Report] = []
        for _ in range(count):
            record = self.random_record(rng, dealer=dealer)
            records.append(record)
            reports.append(self.verify(record))
            if game_over(self, records, reports):
                break
            dealer = (dealer + 1) % N
        return records

    def session_findings(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[int, Finding]]:
        from .piedicavallo_game import session_findings

        return session_findings(self, records, reports)

    def hands_not_counted(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> dict[int, str]:
        """PIE-7: the deals recorded after the game ended."""
        from .piedicavallo_game import hands_not_counted

        return hands_not_counted(self, records, reports)

    def session_summary(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[str]:
        from .piedicavallo_game import session_summary

        return session_summary(self, records, reports)

    def session_results(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[GameResult]:
        from .piedicavallo_game import session_results

        return session_results(self, records, reports)


class _Deal(SeatingReplay):
    """One replay of one record. Built, run once, discarded."""

    seating = SEATING

    def __init__(self, game: Piedicavallo, record: Record, options: Mapping[str, str] | None):
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

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        report = self.report
        try:
            if len(report.players) != N:
                self.stop(
                    "WRONG_PLAYERS",
                    f"Piedicavallo has four players, the record names {len(report.players)}",
                    loc=self.record.start,
                )
            self.sort_lines()
            halted = self.seat_before_replay()  # G-2: the tricks before it are still replayed
            self.deal()
            play(self)
            if halted:
                raise _Stop
            if self.complete:
                report.complete = True
            elif not report.errors:
                self.flag(
                    "PARTIAL_RECORD",
                    NOTE,
                    f"the record stops after {len(self.seated)} trick line(s); nothing is scored",
                    "G-2",
                    loc=self.record.start,
                )
        except _Stop:
            self.forget_later_halt()
        if report.complete and not report.errors:
            score(self)
            report.findings += claim_findings(self.claims, report, "score", "PIE-7")
        report.findings.sort(key=lambda f: (f.loc is None, f.loc or Loc(0, 0)))
        return report

    def run_fast(self) -> Report | None:
        """The single pass for the common record: every hand and the discard written, 15
        whole tricks of cards held. Returns ``None`` (and the caller runs :meth:`run`) at
        anything else, so the general path alone reports errors and their places."""
        report = self.report
        try:
            if len(report.players) != N:
                return None
            self.sort_lines()
            if (
                len(self.hand_lines) != N
                or self.discard_line is None
                or len(self.tricks) != R.HAND_SIZE
            ):
                return None
            self.deal()
            if report.errors or not self.known:
                return None
            fast_play(self)
        except (_Stop, Fallback):
            return None
        report.complete = True
        if not report.errors:  # an unreadable remark (BAD_REMARK, G-2) leaves it unscored
            score(self)
            if self.claims:
                report.findings += claim_findings(self.claims, report, "score", "PIE-7")
        if report.findings:
            report.findings.sort(key=lambda f: (f.loc is None, f.loc or Loc(0, 0)))
        return report

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
