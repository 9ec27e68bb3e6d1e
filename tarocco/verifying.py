"""``tarocco verify`` over many records: in bounded memory, and in several processes (#31.4).

Each record is printed as soon as it is verified (after those before it) and only its slim
facts are kept for the session ledger (:class:`records.streaming.SessionTally`), so memory
does not grow with the whole reports. Two things wait for more than one record:

* the ``session seating`` line comes before the records it explains, and is only worked out
  for at most :data:`~records.pipeline.SESSION_SEATING_RECORDS` records: the first ones (and
  their reports) are held until there are more than that (no such line then) or the input
  ends;
* what stops the command before any output (an input that cannot be read, an option a
  record's game does not have, a notation error with ``--strict``) is looked for in a first
  pass over the inputs, so that nothing is printed before it, as before.

With ``jobs`` above 1 the texts are cut into pieces of records
(:func:`records.streaming.record_chunks`) that worker processes read, verify and render; the
parent prints their output in order, with a bounded number of pieces in flight. A session
short enough for its seating to be checked is verified in this process.
"""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field, replace

import click

from records.notation import NotationError, iter_read
from records.pipeline import SESSION_SEATING_RECORDS, Checked, session_seating
from records.schemas import LedgerSchema, dump_checked, dump_verify
from records.streaming import Chunk, Facts, SessionTally, check_chunk, record_chunks, slim
from records.words import word_json
from scorer.games import GAMES, OptionError
from scorer.ledger import Ledger

from .inputs import InputError, read_records
from .render import ledger_lines, render_checked

__all__ = [
    "CHUNK_RECORDS",
    "Settings",
    "jobs_wanted",
    "ledger_json",
    "render",
    "run_verify",
    "verify_chunk",
]

#: Records per piece of work given to a worker process.
CHUNK_RECORDS = 64

#: One record's output and its facts for the ledger (:func:`records.streaming.slim`).
Outcome = tuple[str, Facts]


@dataclass(frozen=True)
class Settings:
    """How ``verify`` runs: rule ``options`` overriding the records' own, JSON or text,
    the verdict line only (``quiet``), ``strict`` reading, and worker processes."""

    options: Mapping[str, str] = field(default_factory=dict)
    as_json: bool = False
    quiet: bool = False
    strict: bool = False
    jobs: int = 1
    language: str = "en"


def _indented(text: str, spaces: int) -> str:
    """``text`` (JSON written with ``indent=2``) as nested ``spaces`` deep in a larger one:
    a JSON text holds no raw newline but between its lines."""
    return text.replace("\n", "\n" + " " * spaces)


def _json(data: object, spaces: int) -> str:
    return _indented(json.dumps(data, indent=2, ensure_ascii=False), spaces)


def render(checked: Checked, settings: Settings) -> str:
    """One record's output: its report as text (the verdict line alone when ``quiet``), or
    its entry of the JSON ``records`` list."""
    if settings.as_json:
        return _json(word_json(dump_checked(checked), settings.language), 4)
    text = render_checked(checked, settings.language)
    return text.splitlines()[0] if settings.quiet else text + "\n"


def verify_chunk(chunk: Chunk, settings: Settings) -> list[Outcome]:
    """A worker's share: the records of ``chunk`` verified, each rendered, with its slim
    facts."""
    return [
        (render(checked, settings), slim(checked.parsed.record, checked.report))
        for checked in check_chunk(chunk, settings.options)
    ]


def _first_pass(files: tuple[str, ...], settings: Settings) -> tuple[list[str], int]:
    """Look for what stops the command before any output (see the module); the texts of
    standard input (each ``-`` reads on from where the one before stopped), and the records
    that surely start in all (counted up to one more than :data:`SESSION_SEATING_RECORDS`)."""
    stdin: list[str] = []
    starts = 0
    for path in files:
        text = read_records(path)
        if path == "-":
            stdin.append(text)
        source = None if path == "-" else path
        if settings.strict or settings.options:
            _check_options(text, source, settings)
        if settings.jobs > 1 and starts <= SESSION_SEATING_RECORDS:
            for _chunk in record_chunks(text, source, 1):
                starts += 1
                if starts > SESSION_SEATING_RECORDS:
                    break
    return stdin, starts


def _check_options(text: str, source: str | None, settings: Settings) -> None:
    """Raise what reading ``text`` strictly, then verifying it with the options given,
    raises first: a notation error, an option a record's game does not have."""
    try:
        if settings.strict:
            for _parsed in iter_read(text, source=source, strict=True):
                pass
        if settings.options:
            _check_overrides(text, source, settings.options)
    except OptionError as exc:
        raise click.UsageError(str(exc)) from exc
    except NotationError as exc:
        raise InputError(str(exc)) from exc


def _check_overrides(text: str, source: str | None, options: Mapping[str, str]) -> None:
    """Raise the :class:`OptionError` the first record verified with ``options`` would: the
    first whose game is known and which is replayed (no notation error but unreadable
    cards)."""
    taken: set[str] = set()
    for parsed in iter_read(text, source=source):
        record = parsed.record
        game = GAMES.get(record.game) if record is not None else None
        replayed = all(error.read_as_unknown for error in parsed.errors)
        if game is not None and game.key not in taken and replayed:
            game.resolve_options(options)
            taken.add(game.key)


def _chunks(files: tuple[str, ...], stdin: list[str], records: int) -> Iterator[Chunk]:
    """The inputs in pieces of about ``records`` records, in order."""
    piped = iter(stdin)
    for path in files:
        text = next(piped) if path == "-" else read_records(path)
        yield from record_chunks(text, None if path == "-" else path, records)


def _serial(chunks: Iterator[Chunk], settings: Settings) -> Iterator[tuple[Outcome, Checked]]:
    for chunk in chunks:
        for checked in check_chunk(chunk, settings.options):
            outcome = (render(checked, settings), slim(checked.parsed.record, checked.report))
            yield outcome, checked


def _parallel(chunks: Iterator[Chunk], settings: Settings) -> Iterator[tuple[Outcome, None]]:
    """The chunks' outcomes in order, verified by ``settings.jobs`` processes, with at most
    two pieces per process in flight (so that memory stays bounded)."""
    with ProcessPoolExecutor(max_workers=settings.jobs) as pool:
        pending: deque[Future[list[Outcome]]] = deque()
        for chunk in chunks:
            pending.append(pool.submit(verify_chunk, chunk, settings))
            if len(pending) >= 2 * settings.jobs:
                yield from ((outcome, None) for outcome in pending.popleft().result())
        while pending:
            yield from ((outcome, None) for outcome in pending.popleft().result())


class _Printer:
    """Prints records as they come (a few at a time), after holding the first ones while a
    session seating may still be said before them."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.held: list[tuple[str, Checked | None]] = []
        self.holding = True
        self.printed = 0
        self.batch: list[str] = []

    def take(self, out: str, checked: Checked | None) -> None:
        if not self.holding:
            self.emit(out)
            return
        self.held.append((out, checked))
        if len(self.held) > SESSION_SEATING_RECORDS:
            self.release()

    def release(self) -> None:
        self.holding = False
        for out, _checked in self.held:
            self.emit(out)
        self.held = []

    def emit(self, out: str) -> None:
        if not self.settings.as_json:
            self.batch.append(out + "\n")
        else:
            self.batch.append((",\n    " if self.printed else '{\n  "records": [\n    ') + out)
        self.printed += 1
        if len(self.batch) >= CHUNK_RECORDS:
            self.flush()

    def flush(self) -> None:
        click.echo("".join(self.batch), nl=False)
        self.batch = []

    def finish(self, ledger: Ledger | None) -> None:
        """The session seating (first, in text), the records held, and the ledger."""
        held = [checked for _out, checked in self.held]
        seating = None
        if self.holding and ledger is not None and all(c is not None for c in held):
            seating = session_seating([c for c in held if c is not None])
        if seating is not None and not self.settings.as_json:
            click.echo(f"session seating: {seating.message}\n")
        self.release()
        if not self.settings.as_json:
            lines = ledger_lines(ledger, self.settings.language) if ledger is not None else ()
            for line in lines:
                self.batch.append(line + "\n")
                if len(self.batch) >= CHUNK_RECORDS:
                    self.flush()
            self.flush()
            return
        self.batch.append("\n  ]")
        # the keys after the records as records.schemas.dump_verify gives them; the ledger's
        # rows written one at a time (ledger_json)
        for key, value in dump_verify([], None, seating).items():
            if key == "records":
                continue
            self.batch.append(f',\n  "{key}": ')
            if key == "ledger" and ledger is not None:
                for piece in ledger_json(ledger, self.settings.language):
                    self.batch.append(piece)
                    if len(self.batch) >= CHUNK_RECORDS:
                        self.flush()
            else:
                self.batch.append(_json(value, 2))
        self.batch.append("\n}\n")
        self.flush()


def ledger_json(ledger: Ledger, language: str = "en") -> Iterator[str]:
    """The ledger's JSON (``LedgerSchema``) as an entry of the output, in pieces: its rows
    one at a time, so that a long session's rows are never held as JSON data whole; its
    findings in ``language``."""
    schema = LedgerSchema()
    data = schema.dump(replace(ledger, rows=ledger.rows[-1:]))  # the last row: the balances
    data = word_json(data, language)
    yield "{"
    for number, (key, value) in enumerate(data.items()):
        yield f'{"," if number else ""}\n    "{key}": '
        if key != "rows" or not ledger.rows:
            yield _json(value, 4)
            continue
        yield "["
        for index, row in enumerate(ledger.rows):
            (entry,) = schema.dump_rows(replace(ledger, rows=[row]))
            yield f"{',' if index else ''}\n      {_json(entry, 6)}"
        yield "\n    ]"
    yield "\n  }"


def jobs_wanted(jobs: int) -> int:
    """The processes ``--jobs`` asks for: ``0`` is one per core this process may use."""
    if jobs:
        return jobs
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run_verify(files: tuple[str, ...], settings: Settings) -> int:
    """Verify ``files`` (``-``: standard input) as one session, print every report (and
    the ledger) as ``tarocco verify`` does, and give its exit status (G-7)."""
    stdin, starts = _first_pass(files, settings)
    chunks = _chunks(files, stdin, CHUNK_RECORDS)
    parallel = settings.jobs > 1 and starts > SESSION_SEATING_RECORDS
    outcomes = _parallel(chunks, settings) if parallel else _serial(chunks, settings)
    tally = SessionTally()
    printer = _Printer(settings)
    for (out, facts), checked in outcomes:
        tally.add(facts)
        printer.take(out, checked)
    ledger = tally.ledger()
    printer.finish(ledger)
    return tally.exit_status(ledger)
