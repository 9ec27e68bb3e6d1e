"""Verifying a long run of records in bounded memory (#31.4): the text cut into pieces that
each start a record, and a session's ledger kept from the few facts it needs of each record.

``tarocco verify`` used to keep every record and its report (some 20 KB a record) until the
end, for the session ledger and the exit status. These need far less: a record's tags, start
and Minchiate ``draw`` lines; a report's status, payments and the abeyance (NICE-17). The
rest is printed and dropped as each record is verified (:class:`SessionTally`).

The pieces (:func:`record_chunks`) let several processes read and verify one text: each piece
is read on its own, with its first line's number (:func:`~records.notation.iter_read`), and
gives the records the whole text gives there, in the same places.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from scorer.findings import Severity
from scorer.games import GAMES
from scorer.ledger import Ledger, build_ledger
from scorer.record import Record
from scorer.report import Report, ScoreLine, Status

from .notation import _PLAIN_START, iter_read, split_comment
from .pipeline import Checked, check_parsed, empty_checked, status_of

__all__ = ["Chunk", "SessionTally", "check_chunk", "record_chunks", "slim"]


@dataclass(frozen=True)
class Chunk:
    """A piece of a text that starts a record at its first line (number ``first_line`` in
    the whole text), or the whole text (``whole``: a text without a record is reported)."""

    source: str | None
    first_line: int
    text: str
    whole: bool = False


def _sure_starts(text: str) -> Iterator[tuple[int, int]]:
    """(line number, offset) of each tag line right after a body line: whatever came before,
    the reader starts a record there (a tag after a body always does), in the same state as
    at the top of a text. Blank lines and comment-only lines between do not count."""
    after_body = False
    number, offset, size = 1, 0, len(text)
    while offset < size:
        end = text.find("\n", offset)
        end = size if end < 0 else end
        first = text[offset : offset + 1]
        if first in _PLAIN_START:
            after_body = True
        elif first == "[":
            if after_body:
                yield number, offset
            after_body = False
        else:
            stripped = split_comment(text[offset:end])[0].strip()
            if stripped:
                if stripped[0] == "[" and after_body:
                    yield number, offset
                after_body = stripped[0] != "["
        number, offset = number + 1, end + 1


def record_chunks(text: str, source: str | None, records: int = 64) -> Iterator[Chunk]:
    """``text`` in pieces of about ``records`` records each (at least one), in order: each
    piece read on its own gives the records the whole text gives there. A text of one piece
    is ``whole``."""
    if "\r" in text:  # as the reader takes it, so that lines are counted the same
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    begin, first_line = 0, 1
    for count, (number, offset) in enumerate(_sure_starts(text), start=1):
        if count % records == 0:
            yield Chunk(source, first_line, text[begin:offset])
            begin, first_line = offset, number
    yield Chunk(source, first_line, text[begin:], whole=begin == 0)


def check_chunk(chunk: Chunk, options: Mapping[str, str] | None = None) -> Iterator[Checked]:
    """Read and verify the records of ``chunk`` one at a time, as
    :func:`~records.pipeline.check_text` does the whole text (a whole text without a record
    gives the report that says so)."""
    found = False
    for parsed in iter_read(chunk.text, source=chunk.source, first_line=chunk.first_line):
        found = True
        yield check_parsed(parsed, options, chunk.source)
    if not found and chunk.whole:
        yield empty_checked(chunk.source)


def _penalty_rules(game: str) -> frozenset[str]:
    engine = GAMES.get(game)
    return frozenset(engine.penalty_rulings) if engine is not None else frozenset()


def slim(record: Record | None, report: Report) -> tuple[Record | None, Report]:
    """Stand-ins for ``record`` and ``report`` with only what a session's ledger and its
    game's session rules read (:func:`scorer.ledger.build_ledger`): the record's tags, start
    and ``draw`` lines; the report's players, status (one error or violation that decides it
    kept), payments (one line of the total, and the engine's own penalty lines, which the
    ledger names) and abeyance. A few hundred bytes instead of some 20 KB."""
    small_record = (
        Record(record.tags, tuple(record.lines("draw")), "", record.start) if record else None
    )
    rules = _penalty_rules(report.game)
    penalties = [line for line in report.lines if line.rule in rules]
    rest = list(report.settlement)
    for line in penalties:
        rest = [a - b for a, b in zip(rest, line.amounts, strict=True)]
    lines = [*penalties, ScoreLine("", tuple(rest), "")] if report.lines else []
    deciding = [found[0] for found in (report.errors, report.violations) if found]
    return small_record, Report(
        report.game,
        report.players,
        report.dealer,
        findings=deciding,
        lines=lines,
        unit=report.unit,
        complete=report.complete,
        thrown_in=report.thrown_in,
        abeyance=report.abeyance,
        sole_top=report.sole_top,
    )


@dataclass
class SessionTally:
    """What a run of records adds up to, kept as they go by: how many, their statuses, and
    the slim facts (:func:`slim`) of those a ledger is made of, while they are of one game."""

    count: int = 0
    statuses: set[Status] = field(default_factory=set)
    violations: bool = False
    games: set[str] = field(default_factory=set)
    records: list[Record] = field(default_factory=list)
    reports: list[Report] = field(default_factory=list)

    def add(self, record: Record | None, report: Report) -> None:
        """Count one record verified, from its slim facts (:func:`slim`; ``record``
        ``None``: not even its tags were read)."""
        self.count += 1
        self.statuses.add(report.status)
        self.violations = self.violations or bool(report.violations)
        if record is None or not report.game:
            return
        self.games.add(report.game)
        if len(self.games) > 1:  # a mixed run has no ledger: nothing more to keep
            self.records.clear()
            self.reports.clear()
            return
        self.records.append(record)
        self.reports.append(report)

    def ledger(self) -> Ledger | None:
        """The session ledger (``None`` for one record, or records of several games), as
        :func:`~records.pipeline.session_ledger` makes it of the whole reports."""
        if self.count < 2 or len(self.games) != 1:
            return None
        return build_ledger(self.records, self.reports)

    def exit_status(self, ledger: Ledger | None) -> int:
        """The verdict (G-7), as :func:`~records.pipeline.exit_status` gives it."""
        violations = self.violations or (
            ledger is not None and any(f.severity is Severity.VIOLATION for _, f in ledger.findings)
        )
        return status_of(self.statuses, violations)
