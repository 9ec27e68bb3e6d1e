"""Verifying a long run of records in bounded memory (#31.4): the text cut into pieces that
each start a record, and a session's ledger kept from the few facts it needs of each record.

``tarocco verify`` used to keep every record and its report (some 20 KB a record) until the
end, for the session ledger and the exit status. These need far less: a record's tags, start
and the body lines its game's session rules read (``Game.session_lines``: Minchiate's
draw); a report's status, payments and the abeyance (NICE-17). The rest is printed and
dropped as each record is verified (:class:`SessionTally`). The same facts are kept with
each stored revision, for its session's kept ledger (:mod:`records.ledgers`).

The pieces (:func:`record_chunks`) let several processes read and verify one text: each piece
is read on its own, with its first line's number (:func:`~records.notation.iter_read`), and
gives the records the whole text gives there, in the same places.
"""

from __future__ import annotations

import json
import pickle
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar, overload

from scorer.cards import CARDS
from scorer.findings import Finding, Loc, Severity
from scorer.games import GAMES
from scorer.ledger import Ledger, LedgerRow, build_ledger
from scorer.record import Item, Line, Record
from scorer.report import Report, ScoreLine, Status

from .findingjson import finding_from_json, finding_to_json
from .notation import _PLAIN_START, BOM, iter_read, split_comment
from .pipeline import Checked, check_parsed, empty_checked, status_of
from .spool import Spool

__all__ = [
    "Chunk",
    "Facts",
    "SessionTally",
    "StandIns",
    "check_chunk",
    "ledger_rows",
    "pack_facts",
    "record_chunks",
    "slim",
    "unpack_facts",
]

_T = TypeVar("_T")


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
    if text[:1] == BOM:  # as the reader takes it: no line starts with the mark
        text = text[1:]
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


class Facts(NamedTuple):
    """What a session's ledger and its game's session rules read of one record and its
    report (:func:`scorer.ledger.build_ledger`), and its verdict: a tuple of some 200 bytes
    (its tags and players shared with the records of its table) where the record and its
    report took some 20 KB. ``tags`` is ``None`` for a record whose tags could not be read."""

    status: Status
    violations: bool
    tags: tuple[tuple[str, str], ...] | None
    start: Loc | None
    draws: tuple[Line, ...]  # the lines its session rules read (Minchiate's draw, MIN-16)
    game: str
    players: tuple[str, ...]
    dealer: int | None
    deciding: tuple[Finding, ...]  # the first error and violation that count: the status
    penalties: tuple[ScoreLine, ...]  # the engine's own penalty lines, which the ledger names
    rest: tuple[int, ...] | None  # the other payments, summed (None: no payment lines)
    unit: str
    complete: bool
    thrown_in: bool
    abeyance: int
    sole_top: int | None

    def record(self) -> Record:
        """A stand-in for the record: its tags, start and draw lines."""
        return Record(self.tags or (), self.draws, "", self.start)

    def report(self) -> Report:
        """A stand-in for the report, with its status, payments and abeyance."""
        lines = [*self.penalties, ScoreLine("", self.rest, "")] if self.rest is not None else []
        return Report(
            self.game,
            self.players,
            self.dealer,
            findings=list(self.deciding),
            lines=lines,
            unit=self.unit,
            complete=self.complete,
            thrown_in=self.thrown_in,
            abeyance=self.abeyance,
            sole_top=self.sole_top,
        )


def _session_lines(record: Record | None, game: str) -> tuple[Line, ...]:
    """The body lines of ``record`` its game's session rules read (``Game.session_lines``)."""
    engine = GAMES.get(game)
    if record is None or engine is None or not engine.session_lines:
        return ()
    keep = engine.session_lines
    return tuple(ln for ln in record.body if isinstance(ln, Line) and ln.keyword in keep)


def slim(record: Record | None, report: Report) -> Facts:
    """The :class:`Facts` of ``record`` (``None``: its tags could not be read) and
    ``report``."""
    rules = _penalty_rules(report.game)
    penalties = tuple(line for line in report.lines if line.rule in rules)
    rest = None
    if report.lines:
        rest = report.settlement
        for line in penalties:
            rest = tuple(a - b for a, b in zip(rest, line.amounts, strict=True))
    return Facts(
        report.status,
        bool(report.violations),
        record.tags if record is not None else None,
        record.start if record is not None else None,
        _session_lines(record, report.game),
        report.game,
        report.players,
        report.dealer,
        tuple(found[0] for found in (report.errors, report.violations) if found),
        penalties,
        rest,
        report.unit,
        report.complete,
        report.thrown_in,
        report.abeyance,
        report.sole_top,
    )


def pack_facts(facts: Facts) -> bytes:
    """``facts`` as compressed JSON, as a stored revision keeps them (:mod:`records.ledgers`:
    the kept ledger is folded from them, never from a replay); :func:`unpack_facts` reads
    them back equal."""
    data = [
        facts.status.value,
        facts.violations,
        facts.tags,
        facts.start,
        [
            [line.keyword, line.loc, [[i.text, _card_index(i)] for i in line.items]]
            for line in facts.draws
        ],
        facts.game,
        facts.players,
        facts.dealer,
        [finding_to_json(finding) for finding in facts.deciding],
        [[line.label, line.amounts, line.rule] for line in facts.penalties],
        facts.rest,
        facts.unit,
        facts.complete,
        facts.thrown_in,
        facts.abeyance,
        facts.sole_top,
    ]
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # A 512-byte window: facts are a few hundred bytes, and a compressor's start-up with the
    # default 32 KB window cost more than the rest of packing them.
    return zlib.compress(text.encode(), 6, 9)


def _card_index(item: Item) -> int | None:
    return int(item.card) if item.card is not None else None


def unpack_facts(packed: bytes) -> Facts:
    """The :class:`Facts` that :func:`pack_facts` packed."""
    (
        status,
        violations,
        tags,
        start,
        draws,
        game,
        players,
        dealer,
        deciding,
        penalties,
        rest,
        unit,
        complete,
        thrown_in,
        abeyance,
        sole_top,
    ) = json.loads(zlib.decompress(packed))
    return Facts(
        Status(status),
        violations,
        tuple((key, value) for key, value in tags) if tags is not None else None,
        Loc(*start) if start is not None else None,
        tuple(_session_line(keyword, loc, items) for keyword, loc, items in draws),
        game,
        tuple(players),
        dealer,
        tuple(finding_from_json(finding) for finding in deciding),
        tuple(ScoreLine(label, tuple(amounts), rule) for label, amounts, rule in penalties),
        tuple(rest) if rest is not None else None,
        unit,
        complete,
        thrown_in,
        abeyance,
        sole_top,
    )


def ledger_rows() -> Spool[LedgerRow]:
    """Where a long session's ledger entries are kept: a :class:`~records.spool.Spool`
    of them, pickled (they are read back by this process only)."""
    return Spool(pickle.dumps, pickle.loads)


def _session_line(keyword: str, loc: list[int] | None, items: list[list[Any]]) -> Line:
    """A body line as :func:`pack_facts` kept it: its keyword, place and items."""
    built = tuple(Item(text, CARDS[card] if card is not None else None) for text, card in items)
    return Line(keyword, None, built, Loc(*loc) if loc is not None else None)


class StandIns(Sequence[_T]):
    """The records (or reports) of a session as stand-ins made from their facts when asked
    (:meth:`Facts.record`, :meth:`Facts.report`), so that only the facts are kept."""

    def __init__(self, facts: Sequence[Facts], make: Callable[[Facts], _T]) -> None:
        self.facts = facts
        self.make = make

    def __len__(self) -> int:
        return len(self.facts)

    @overload
    def __getitem__(self, index: int) -> _T: ...
    @overload
    def __getitem__(self, index: slice) -> list[_T]: ...
    def __getitem__(self, index: int | slice) -> _T | list[_T]:
        if isinstance(index, slice):
            return [self.make(facts) for facts in self.facts[index]]
        return self.make(self.facts[index])

    def __iter__(self) -> Iterator[_T]:
        return map(self.make, self.facts)


@dataclass
class SessionTally:
    """What a run of records adds up to, kept as they go by: how many, their statuses, and
    the :class:`Facts` of those a ledger is made of, while they are of one game, in a
    :class:`~records.spool.Spool` (a temporary file: memory does not grow with the run,
    #31.4)."""

    count: int = 0
    statuses: set[Status] = field(default_factory=set)
    violations: bool = False
    games: set[str] = field(default_factory=set)
    facts: Spool[Facts] = field(default_factory=lambda: Spool(pack_facts, unpack_facts))

    def add(self, facts: Facts) -> None:
        """Count one record verified, from its facts (:func:`slim`)."""
        self.count += 1
        self.statuses.add(facts.status)
        self.violations = self.violations or facts.violations
        if facts.tags is None or not facts.game:
            return
        self.games.add(facts.game)
        if len(self.games) > 1:  # a mixed run has no ledger: nothing more to keep
            self.facts.close()
            return
        self.facts.append(facts)

    def ledger(self) -> Ledger | None:
        """The session ledger (``None`` for one record, or records of several games), as
        :func:`~records.pipeline.session_ledger` makes it of the whole reports; its entries
        spooled too (:func:`ledger_rows`)."""
        if self.count < 2 or len(self.games) != 1:
            return None
        return build_ledger(
            StandIns(self.facts, Facts.record),
            StandIns(self.facts, Facts.report),
            rows=ledger_rows(),
        )

    def exit_status(self, ledger: Ledger | None) -> int:
        """The verdict (G-7), as :func:`~records.pipeline.exit_status` gives it."""
        violations = self.violations or (
            ledger is not None and any(f.severity is Severity.VIOLATION for _, f in ledger.findings)
        )
        return status_of(self.statuses, violations)
