"""Piedmontese three-hand Tarocchi with bargaining (``piemonte3``): replay and verification.

The replay follows the game: the bargaining sessions after deal rounds 2, 3 and 4 (PIE3-4),
which may settle and throw the hand in (G-4); the deal (PIE3-3) and the dealer's discard
(PIE3-5); the declarations (PIE3-6); then every trick (PIE3-1), with the Fool's exchange
(PIE3-7). Illegal plays and moves are flagged and taken as played (G-1); impossible records
stop the replay where they become impossible (G-2). Payments: :mod:`.piemonte3_scoring`.

A ``hand`` line may be left out when the play shows it: the player's hand is then the cards
he is seen to play (and, for the dealer, the discard), and a revoke is proved by a later play
of the suit.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..cardset import cards_of
from ..claims import claim_findings
from ..findings import Finding, Loc, Severity
from ..record import Line, Record, Trick
from ..report import Report, ScoreLine, Status
from ..tricks import (
    MUST_FOLLOW_SUIT,
    MUST_FOLLOW_TRUMPS,
    MUST_TRUMP,
)
from ..wording import Wording
from . import piemonte3_rules as R
from .base import Game
from .piemonte3_bargain import REASONS, Session, parse_move
from .replay import Replay, ReplayStop

__all__ = ["Piemonte3"]

ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
BITS = tuple(1 << i for i in range(97))
N = 3
_PLAY_REASONS = {
    MUST_FOLLOW_SUIT: "held {suit} and had to follow suit",
    MUST_TRUMP: "had no {suit} but held trumps, so had to trump",
    MUST_FOLLOW_TRUMPS: "held trumps and a trump was led",
}
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


class Piemonte3(Game):
    key = "piemonte3"
    title = "Piedmontese three-hand Tarocchi with bargaining"
    seed = "003_6bc13211b3b0e267.txt"
    num_players = 3
    unit = "game points"
    claim_field = "points"  # claim points: the payments as written (scorer.claims)
    point_total = 129  # PIE3-2 (130 with the option fool=5)
    ledger_rule = "PIE3-8"  # a session stands by its game points
    start_balance = 0
    zero_sum = True
    redeal_thrown_in = False  # the seed: a thrown-in hand passes the deal to the next player
    keywords = R.KEYWORDS
    options = R.OPTIONS
    rulings = (
        *(f"PIE3-{n}" for n in range(1, 9)),
        "PIE3-7a",
        *("G-1", "G-2", "G-3", "G-4", "G-4a", "G-5", "G-6", "G-7"),
    )
    hand_size = R.HAND_SIZE

    def replay(
        self, record: Record, options: Mapping[str, str] | None = None, *, single_pass: bool = True
    ) -> Report:
        return _Hand(self, record, options).run()

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        from .piemonte3_random import random_record

        return random_record(self, rng, players, dealer)

    def session_findings(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[int, Finding]]:
        """A session is kept in one unit: whole game points, or thirds with ``fool=5``."""
        out = []
        units = [r.unit for r in reports]
        for number, unit in enumerate(units, start=1):
            if unit != units[0]:
                out.append(
                    (
                        number,
                        Finding(
                            "UNIT_MIXED",
                            Severity.VIOLATION,
                            f"hand {number} is paid in {unit}, the "
                            f"session in {units[0]}: set option fool alike for every hand",
                            "PIE3-2",
                            loc=records[number - 1].start,
                        ),
                    )
                )
        return out

    def session_summary(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[str]:
        """Who is ahead, and how the hands ended (played out, bargained, thrown in)."""
        if not reports:
            return []
        unit = reports[0].unit
        played = sum(1 for r in reports if r.status in (Status.CLEAN, Status.FLAGGED))
        bargained = sum(1 for r in reports if r.status is Status.THROWN_IN and any(r.settlement))
        passed = sum(1 for r in reports if r.status is Status.THROWN_IN and not any(r.settlement))
        out = [
            f"{len(reports)} hand(s): {played} played out, {bargained} settled by a "
            f"bargain, {passed} thrown in with all passing (PIE3-4, PIE3-8)"
        ]
        top = max(balances.values(), default=0)
        leaders = [name for name, amount in balances.items() if amount == top]
        if top > 0:
            out.append(
                f"{' and '.join(leaders)} ahead with {top:+d} {unit}; the ledger is "
                "zero-sum (PIE3-8)"
            )
        return out


class _Hand(Replay):
    """One replay of one record. Built, run once, discarded."""

    def __init__(self, game: Piemonte3, record: Record, options: Mapping[str, str] | None):
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

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        try:
            if len(self.report.players) != N or self.record.dealer is None:
                self.stop(
                    "BAD_PLAYERS",
                    "a piemonte3 record names three players and the dealer among them",
                    loc=self.record.start,
                )
            self.sort_lines()
            if not self.bargaining():
                self.deal()
                self.read_discard()
                self.start_hands()
                from .piemonte3_declare import check_declarations

                check_declarations(self)
                from .piemonte3_play import play

                play(self)
        except _Stop:
            self.stopped = True
        return self.finish()

    def finish(self) -> Report:
        report = self.report
        if not report.errors:
            if report.thrown_in:
                report.lines += self.bargain_lines
            elif report.complete:
                from .piemonte3_scoring import score_hand

                score_hand(self)
            try:
                self.check_claims()
            except _Stop:
                self.stopped = True
        if report.errors or report.status is Status.PARTIAL:
            report.lines = []  # an impossible or unfinished record pays nothing (G-2)
        report.findings.sort(key=lambda f: (f.loc is None, f.loc or Loc(0, 0)))
        return report

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

    # -- PIE3-4: bargaining ----------------------------------------------------------------
    def bargaining(self) -> bool:
        """Replay each session; True when the hand ends in the bargaining (thrown in, or the
        record stops in the middle of a session)."""
        expected = list(R.BARGAIN_ROUNDS)
        for index, line in enumerate(self.lines.bargains):
            round_no = _round(line.subject)
            for missing in expected[: expected.index(round_no)]:
                self.flag(
                    "BARGAIN_NOT_RECORDED",
                    NOTE,
                    f"the bargaining after round {missing} is not in the record",
                    "PIE3-4",
                    loc=line.loc,
                )
            expected = expected[expected.index(round_no) + 1 :]
            session = Session(N, self.eldest)
            for item in line.items:
                move = parse_move(item.text)
                if move is None:
                    self.stop(
                        "BAD_BARGAIN",
                        f"{item.text!r} is not a bargaining word: pass, "
                        "demand=N, offer=N or continue (N a whole number from 1)",
                        "PIE3-4",
                        loc=item.loc,
                    )
                if session.over:
                    self.stop(
                        "SPOKE_AFTER_END",
                        f"{item.text!r} comes after the session "
                        f"ended ({'continue' if session.continued else 'settled'})",
                        "PIE3-4",
                        loc=item.loc,
                    )
                seat = session.speaker
                before = session.said[seat]
                fault = session.speak(move)
                if fault is not None:
                    self.flag(
                        fault,
                        VIOLATION,
                        f"{self.name(seat)} said {move}: " + REASONS[fault].format(before=before),
                        "PIE3-4",
                        loc=item.loc,
                        seat=seat,
                    )
            if session.settled:
                later = self.lines.bargains[index + 1 :]
                if later:
                    self.stop(
                        "PLAY_AFTER_END",
                        f"the hand was thrown in after round {round_no}"
                        ", yet the record goes on bargaining (PIE3-4, G-4)",
                        "G-4",
                        loc=later[0].loc,
                    )
                self.thrown_in(round_no, session, line)
                return True
            if not session.continued:
                later = self.lines.bargains[index + 1 :] or self.lines.after_bargain
                if later:
                    self.stop(
                        "BARGAIN_UNFINISHED",
                        f"the bargaining after round {round_no} "
                        "neither settles nor ends with continue, yet the record goes on",
                        "PIE3-4",
                        loc=line.loc,
                    )
                self.flag(
                    "PARTIAL_RECORD",
                    NOTE,
                    f"the record stops during the bargaining "
                    f"after round {round_no}; nothing is scored",
                    "G-2",
                    loc=line.loc,
                )
                self.check_hands(5 * round_no)
                return True
        return False

    def thrown_in(self, round_no: int, session: Session, line: Line) -> None:
        """G-4: the bargain settled; the hand ends and only the bargain is paid."""
        report = self.report
        report.thrown_in = report.complete = True
        payments = session.payments()
        if any(payments):
            parts = [
                f"{self.name(s)} {'receives' if a > 0 else 'pays'} {abs(a)}"
                for s, a in enumerate(payments)
                if a
            ]
            label = (
                f"Bargain after round {round_no}: demands equal offers "
                f"({session.demanded()}), the hand is thrown in; " + ", ".join(parts)
            )
        else:
            label = (
                f"Bargain after round {round_no}: all three passed, the hand is thrown "
                "in with no payment"
            )
        self.bargain_lines.append(
            ScoreLine(label, tuple(a * self.scale for a in payments), "PIE3-4")
        )
        report.contract["bargaining"] = f"thrown in after round {round_no}"
        if self.lines.after_bargain:
            first = self.lines.after_bargain[0]
            self.stop(
                "PLAY_AFTER_END",
                f"the record goes on although the hand was thrown in "
                f"after round {round_no} (PIE3-4, G-4)",
                "G-4",
                loc=first.loc,
            )
        self.check_hands(5 * round_no)

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


def _played_by_seat(h: _Hand) -> list[int]:
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


def illegal_reason(code: str, led: int, words: Wording) -> str:
    """Why a card was illegal, naming the suit led in the record's style (``words``); the
    trumps keep this engine's name in every style."""
    return _PLAY_REASONS[code].format(suit=words.category(led))
