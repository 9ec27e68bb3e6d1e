"""Piedmontese three-hand Tarocchi with bargaining (``piemonte3``): replay and verification.

The replay follows the game: the bargaining sessions after deal rounds 2, 3 and 4 (PIE3-4),
which may settle and throw the hand in (G-4); the deal (PIE3-3) and the dealer's discard
(PIE3-5); the declarations (PIE3-6); then every trick (PIE3-1), with the Fool's exchange
(PIE3-7). Illegal plays and moves are flagged and taken as played (G-1); impossible records
stop the replay where they become impossible (G-2). Payments: :mod:`.scoring`; the state of
one replay: :mod:`.hand`, which this module drives through the phases.

A ``hand`` line may be left out when the play shows it: the player's hand is then the cards
he is seen to play (and, for the dealer, the discard), and a revoke is proved by a later play
of the suit.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...findings import Finding, Severity
from ...messages import Said, render
from ...record import Line, Record
from ...report import Report, Status
from ..base import DealLine, EntryShape, Game
from ..engine import reach_play
from ..replay import ReplayStop
from . import generator
from . import rules as R
from .actions import Piemonte3Actions
from .bargain import Session, parse_move
from .declare import check_declarations, note_better_groupings
from .hand import NOTE, VIOLATION, N, _round
from .messages import LINES, SESSION, TEMPLATES, TERMS
from .play import Piemonte3Play
from .scoring import score_hand

__all__ = ["Piemonte3", "Piemonte3Replay"]


class Piemonte3(Game):
    key = "piemonte3"
    title = "Piedmontese three-hand Tarocchi with bargaining"
    source = R.SOURCE
    brief = R.BRIEF
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
    actions = Piemonte3Actions()  # the phases' actions (#32.3)
    entry = EntryShape(  # PIE3-3: 25 cards each, 28 to the dealer, who discards 3
        R.PACK,
        (DealLine("hand", R.HAND_SIZE, R.HAND_SIZE + R.DISCARD_SIZE),),
        before_play=("bargain", "discard", "declare"),
        lead_rulings=("PIE3-3", "PIE3-4"),
    )
    rulings = R.RULINGS
    templates = TEMPLATES
    session_templates = SESSION
    terms = TERMS
    lines = LINES
    hand_size = R.HAND_SIZE

    def replay(self, record: Record, options: Mapping[str, str] | None = None) -> Report:
        return Piemonte3Replay(self, record, options).run()

    def start_play(
        self, record: Record, options: Mapping[str, str] | None = None
    ) -> Piemonte3Replay:
        """The Hand API (:meth:`Game.start_play <scorer.games.base.Game.start_play>`): the
        state as play begins, after the bargaining, the deal, the discard and the
        declarations; between tricks, :meth:`~.play.Piemonte3Play.fool_card_due` and
        :meth:`~.play.Piemonte3Play.give_for_fool` make the Fool's exchange (PIE3-7)."""
        return reach_play(Piemonte3Replay(self, record, options))

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        return generator.random_record(self, rng, players, dealer)

    def session_findings(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[int, Finding]]:
        """A session is kept in one unit: whole game points, or thirds with ``fool=5``."""
        out = []
        units = [r.unit for r in reports]
        for number, unit in enumerate(units, start=1):
            if unit != units[0]:
                facts = {"hand": number, "unit": unit, "session_unit": units[0]}
                record = records[number - 1]
                message = render(
                    TEMPLATES["UNIT_MIXED"],
                    facts,
                    self.wording(record),
                    reports[number - 1].players,
                )
                finding = Finding(
                    "UNIT_MIXED",
                    Severity.VIOLATION,
                    message,
                    "PIE3-2",
                    loc=record.start,
                    facts=facts,
                )
                out.append((number, finding))
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
        out: list[str] = [
            Said.of(
                SESSION,
                "piemonte3.hands",
                count=len(reports),
                played=played,
                bargained=bargained,
                passed=passed,
            )
        ]
        top = max(balances.values(), default=0)
        leaders = [name for name, amount in balances.items() if amount == top]
        if top > 0:
            ahead = Said.of(SESSION, "piemonte3.ahead", leaders=tuple(leaders), top=top, unit=unit)
            out.append(ahead)
        return out


class Piemonte3Replay(Piemonte3Play):
    """The replay of one record: runs the phases over the state of
    :class:`~.play.Piemonte3Play` in the order of the game. Built, run once, discarded."""

    # -- driver ----------------------------------------------------------------------------
    def run(self) -> Report:
        """Replay the record and score it: its report."""
        try:
            if self.open_play() and self.play_tricks():
                note_better_groupings(self)
        except ReplayStop:
            self.stopped = True
        return self.finish()

    def open_play(self) -> bool:
        """The step before play: the lines before the first trick, the bargaining, the
        deal, the discard, the declarations; True when they reach the play (begun:
        :meth:`start_hands`), False when the hand ends in the bargaining; stops at an
        impossible line (G-2, :class:`~scorer.games.replay.ReplayStop`)."""
        if len(self.report.players) != N or self.record.dealer is None:
            self.halt("BAD_PLAYERS", loc=self.record.start)
        self.sort_lines()
        if self.bargaining():
            return False
        self.deal()
        self.read_discard()
        self.start_hands()
        check_declarations(self)
        return True

    def finish(self) -> Report:
        """The report: paid when the hand was played out or settled by a bargain, nothing
        when it is impossible or unfinished (G-2); the claims checked against it."""
        report = self.report
        if not report.errors:
            if report.thrown_in:
                report.lines += self.bargain_lines
            elif report.complete:
                score_hand(self)
            try:
                self.check_claims()
            except ReplayStop:
                self.stopped = True
        if report.errors or report.status is Status.PARTIAL:
            report.lines = []  # an impossible or unfinished record pays nothing (G-2)
        report.sort_findings()
        return report

    # -- PIE3-4: bargaining ----------------------------------------------------------------
    def bargaining(self) -> bool:
        """Replay each session; True when the hand ends in the bargaining (thrown in, or the
        record stops in the middle of a session)."""
        expected = list(R.BARGAIN_ROUNDS)
        for index, line in enumerate(self.lines.bargains):
            round_no = _round(line.subject)
            for missing in expected[: expected.index(round_no)]:
                self.say("BARGAIN_NOT_RECORDED", NOTE, "PIE3-4", loc=line.loc, round=missing)
            expected = expected[expected.index(round_no) + 1 :]
            session = self.bargain_session(line)
            if session.settled:
                later = self.lines.bargains[index + 1 :]
                if later:
                    self.halt(
                        "PLAY_AFTER_END", "G-4", variant="bargain", loc=later[0].loc, round=round_no
                    )
                self.thrown_in(round_no, session)
                return True
            if not session.continued:
                self.unfinished_session(round_no, line, self.lines.bargains[index + 1 :])
                return True
        return False

    def bargain_session(self, line: Line) -> Session:
        """One session's words in turn from eldest, each checked against what its speaker
        said before (PIE3-4: flagged and taken as said, G-1)."""
        session = Session(N, self.eldest)
        for item in line.items:
            move = parse_move(item.text)
            if move is None:
                self.halt("BAD_BARGAIN", "PIE3-4", loc=item.loc, word=item.text)
            if session.over:
                how = "continue" if session.continued else "settled"
                self.halt("SPOKE_AFTER_END", "PIE3-4", loc=item.loc, word=item.text, how=how)
            assert move is not None  # (halted above)
            seat = session.speaker
            before = session.said[seat]
            fault = session.speak(move)
            if fault is not None:
                self.say(
                    fault,
                    VIOLATION,
                    "PIE3-4",
                    loc=item.loc,
                    seat=seat,
                    move=str(move),
                    before=str(before),
                )
        return session

    def unfinished_session(self, round_no: int, line: Line, later_bargains: list[Line]) -> None:
        """A session that neither settles nor ends with continue: the record must stop there
        (G-2), and nothing is scored."""
        later = later_bargains or self.lines.after_bargain
        if later:
            self.halt("BARGAIN_UNFINISHED", "PIE3-4", loc=line.loc, round=round_no)
        self.say("PARTIAL_RECORD", NOTE, "G-7", variant="bargain", loc=line.loc, round=round_no)
        self.check_hands(5 * round_no)

    def thrown_in(self, round_no: int, session: Session) -> None:
        """G-4: the bargain settled; the hand ends and only the bargain is paid."""
        report = self.report
        report.thrown_in = report.complete = True
        payments = session.payments()
        parts = tuple(
            ("receives" if a > 0 else "pays", s, abs(a)) for s, a in enumerate(payments) if a
        )
        self.bargain_lines.append(
            self.score_line(
                "bargain" if parts else "bargain.passed",
                tuple(a * self.scale for a in payments),
                "PIE3-4",
                round=round_no,
                demanded=session.demanded(),
                parts=parts,
            )
        )
        report.contract["bargaining"] = f"thrown in after round {round_no}"
        if self.lines.after_bargain:
            first = self.lines.after_bargain[0]
            self.halt("PLAY_AFTER_END", "G-4", loc=first.loc, round=round_no)
        self.check_hands(5 * round_no)
