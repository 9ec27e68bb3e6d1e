"""Bulk import: every record in a file, a folder or an archive becomes a hand of a session.

The inputs: a text file; a folder (every ``*.txt``, ``*.zip``, ``*.tar``, ``*.tar.gz`` and
``*.tgz`` inside, recursively, in sorted order); or an archive (its ``*.txt`` members, in
sorted order, and the archives inside it, read the same way down to :data:`MAX_NESTING`
levels). Archives are read in memory, never extracted, and bounded, so that a hostile one can
neither write anywhere nor exhaust memory or time: a member whose name is absolute or climbs
out with ``..``, a link, a member larger than :data:`MAX_TEXT_BYTES`, one compressed more than
:data:`MAX_RATIO` to 1, or the one that takes an archive's members past
:data:`MAX_ARCHIVE_BYTES` in all (and those after it) are not read, and each is reported; so
is damaged data (a corrupt deflate stream, a damaged tar header), the members before it being
read. Only regular files are opened: a FIFO or a device named ``*.txt`` is reported, not
waited on.

A text is read a record at a time (:func:`~records.notation.iter_read`) and its records are
stored through :func:`records.service.upload_parsed`, the path of the web API's uploads
without reading the text again, in batches of :data:`BATCH_RECORDS` records, each batch one
transaction, as soon as a batch is read: an import killed half-way leaves whole records only,
and running it again stores nothing twice (the service recognises a record already in the
session by its canonical content). A record that cannot join the session (malformed, or of
another game or table) stops the storing of its file there, so that the file's hands stay in
order: the records before it are stored, and the rest of the file is read only to report its
problems. Every problem is a line ``file[:member]:line:column: message``, and the summary
counts the records not stored and the files skipped.

>>> from records.store import Store
>>> store = Store(":memory:")
>>> tid = store.create_tournament("Cup")
>>> sid = store.create_session(tid, "nice4", ["A", "B", "C", "D"], {})
>>> summary = import_text(store, sid, "[Game \\"nice4\\"]\\n", "x.txt", "doctest")
>>> summary.problems[:2]
['x.txt:1:1: the Players tag is missing', 'x.txt:1:1: the Dealer tag is missing']
"""

from __future__ import annotations

import io
import os
import posixpath
import stat
import tarfile
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from scorer.games import GAMES

from .notation import Parsed, iter_read
from .service import ServiceError, upload_parsed
from .store import NotFound, Store

__all__ = [
    "ARCHIVE_SUFFIXES",
    "BATCH_RECORDS",
    "MAX_ARCHIVE_BYTES",
    "MAX_NESTING",
    "MAX_RATIO",
    "MAX_TEXT_BYTES",
    "ImportSummary",
    "InputFile",
    "import_path",
    "import_text",
    "input_files",
    "read_inputs",
    "survey",
]

MAX_TEXT_BYTES = 16 * 1024 * 1024
"""The largest text read at once: a file, or one archive member (read in memory)."""
MAX_ARCHIVE_BYTES = 128 * 1024 * 1024
"""The most an archive given to an import may hold uncompressed, nested archives included
(some 200,000 records)."""
MAX_RATIO = 200
"""The most a member may be compressed, uncompressed size to compressed: records compress
about 4 to 1, the same record over and over about 170 to 1; a compression bomb 1,000 to 1."""
_RATIO_FLOOR = 16 * 1024
"""Compressed sizes are counted as at least this much against :data:`MAX_RATIO` (a short
text of blank lines may compress 100 to 1 and more, harmlessly)."""
MAX_NESTING = 2
"""How deep archives inside an archive are read (an archive in an archive in an archive)."""
MAX_MEMBERS = 100_000
"""The most members an archive may list (a guard against a hostile index)."""
BATCH_RECORDS = 200
"""Records per transaction."""
TEXT_SUFFIXES = (".txt",)
ARCHIVE_SUFFIXES = (".zip", ".tar", ".tar.gz", ".tgz")
_MIB = 2**20
_READ_ERRORS = (OSError, EOFError, zlib.error, zipfile.BadZipFile, tarfile.TarError)
"""What damaged or unreadable data raises while an input is read (``OSError`` includes
``gzip.BadGzipFile``)."""

Progress = Callable[[int], None]


@dataclass
class InputFile:
    """One text to import: its display name (``archive.zip:inner/name.txt`` for a member),
    its share of the progress (bytes of the input on disk), and its text, or why it is not
    read."""

    name: str
    size: int
    text: str | None = None
    problem: str | None = None


@dataclass
class ImportSummary:
    """What an import did: texts read, records found, hands stored and duplicates (records
    already in the session), records by status, the records not stored, and the files
    skipped (in whole or in part) with their problems."""

    files: int = 0
    records: int = 0
    stored: int = 0
    duplicates: int = 0
    not_stored: int = 0
    by_status: Counter[str] = field(default_factory=Counter)
    skipped_files: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def add(self, other: ImportSummary) -> None:
        self.files += other.files
        self.records += other.records
        self.stored += other.stored
        self.duplicates += other.duplicates
        self.not_stored += other.not_stored
        self.by_status.update(other.by_status)
        self.skipped_files += other.skipped_files
        self.problems += other.problems

    def line(self) -> str:
        """One line for people: ``3 files, 30 records: 20 stored, 10 duplicates; clean 28,
        flagged 2``, and the records not stored and the files skipped if any."""
        statuses = ", ".join(
            f"{status} {count}"
            for status, count in sorted(self.by_status.items(), key=lambda kv: (-kv[1], kv[0]))
        )
        text = (
            f"{counted(self.files, 'file')}, {counted(self.records, 'record')}: "
            f"{self.stored} stored, {counted(self.duplicates, 'duplicate')}"
        )
        if statuses:
            text += f"; {statuses}"
        if self.not_stored:
            text += f"; {self.not_stored} not stored"
        if self.skipped_files:
            text += f"; {counted(len(self.skipped_files), 'file')} skipped"
        return text


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural unless one: ``1 record``, ``0 records``, ``2 records``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


# -- finding the inputs ------------------------------------------------------------------
def _suffix_in(name: str, suffixes: tuple[str, ...]) -> bool:
    return name.lower().endswith(suffixes)


def input_files(path: Path) -> list[Path]:
    """The files an import reads: ``path`` itself, or for a folder every text file and
    archive below it, in sorted order (links to folders are not followed)."""
    if not path.is_dir():
        return [path]
    found = []
    for root, dirs, files in os.walk(path):
        dirs.sort()
        for name in files:
            if _suffix_in(name, TEXT_SUFFIXES + ARCHIVE_SUFFIXES):
                found.append(Path(root) / name)
    return sorted(found, key=lambda p: p.relative_to(path).as_posix())


class NotRegular(OSError):
    """An input that is not a regular file (reading a FIFO would wait for ever)."""


def _file_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def open_regular(path: Path) -> IO[bytes]:
    """``path`` opened for reading if it is a regular file; :class:`NotRegular` if not. The
    file is opened without waiting (a FIFO's open would wait for a writer) and then looked
    at, so that nothing can be swapped in between."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(f"not a regular file ({_file_kind(mode)}): not read")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _unsafe_member(name: str) -> str | None:
    """Why an archive member's name is refused (absolute, or climbing out), if it is."""
    normal = name.replace("\\", "/")
    if normal.startswith("/") or (len(normal) > 1 and normal[1] == ":"):
        return "an absolute path in an archive"
    if ".." in posixpath.normpath(normal).split("/") or ".." in normal.split("/"):
        return "a path climbing out of the archive (..)"
    return None


def _decode(name: str, data: bytes, share: int) -> InputFile:
    if len(data) > MAX_TEXT_BYTES:
        return InputFile(name, share, problem=_larger())
    try:
        return InputFile(name, share, text=data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        return InputFile(name, share, problem=f"not UTF-8 text (byte {exc.start})")


def _shares(total: int, count: int) -> list[int]:
    """``total`` bytes of progress split over ``count`` members."""
    return [total * (i + 1) // count - total * i // count for i in range(count)]


def _size(count: int) -> str:
    return f"{count // _MIB} MiB" if count % _MIB == 0 else f"{count:,} bytes"


def _larger() -> str:
    return f"larger than {_size(MAX_TEXT_BYTES)}"


def _compressed_too_much() -> str:
    return f"compressed more than {MAX_RATIO} to 1, as no text of records is: not read"


def _expands_too_much() -> str:
    return (
        f"the archive expands more than {MAX_RATIO} to 1 with this member, as no archive of "
        "records does: it and the members after it are not read"
    )


def _past_the_total() -> str:
    return (
        f"the archive's members come to more than {_size(MAX_ARCHIVE_BYTES)} "
        "uncompressed with this one: it and the members after it are not read"
    )


@dataclass
class _Budget:
    """What is left to read of one archive given to the import, nested archives included;
    ``exhausted`` counts the members not read once it ran out."""

    left: int = field(default_factory=lambda: MAX_ARCHIVE_BYTES)
    exhausted: int = 0


def _too_large(size: int, packed: int, budget: _Budget) -> str | None:
    """Why a member of ``size`` bytes (``packed`` compressed) is not read, if it is not:
    ``""`` for the members after the one that passed the archive's total (counted, and
    reported once)."""
    if budget.exhausted:
        budget.exhausted += 1
        return ""
    if size > MAX_TEXT_BYTES:
        return _larger()
    if size > max(packed, _RATIO_FLOOR) * MAX_RATIO:
        return _compressed_too_much()
    if size > budget.left:
        budget.exhausted = 1
        return _past_the_total()
    return None


def _wanted(name: str) -> bool:
    return _suffix_in(name, TEXT_SUFFIXES + ARCHIVE_SUFFIXES)


def _member(name: str, data: bytes, share: int, budget: _Budget, depth: int) -> Iterator[InputFile]:
    """A member read: a text, or an archive to read in turn (not deeper than MAX_NESTING)."""
    if not _suffix_in(name, ARCHIVE_SUFFIXES):
        yield _decode(name, data, share)
    elif depth >= MAX_NESTING:
        yield InputFile(
            name, share, problem=f"an archive nested more than {MAX_NESTING} levels deep: not read"
        )
    else:
        yield from _archive(name, io.BytesIO(data), len(data), share, budget, depth + 1)


def _archive(
    name: str, source: IO[bytes], packed: int, share: int, budget: _Budget, depth: int
) -> Iterator[InputFile]:
    """The members of the archive ``name`` (a zip or a tar, maybe compressed); a damaged
    archive reported after the members read before the damage."""
    reader = _zip_members if _suffix_in(name, (".zip",)) else _tar_members
    try:
        yield from reader(name, source, packed, share, budget, depth)
    except _READ_ERRORS as exc:
        yield InputFile(name, 0, problem=f"cannot be read: {_reason(exc)}")
    if budget.exhausted > 1 and depth == 0:
        yield InputFile(name, 0, problem=f"{budget.exhausted - 1} more members not read")


def _reason(exc: BaseException) -> str:
    return str(exc.strerror if isinstance(exc, OSError) and exc.strerror else exc)


def _zip_members(
    name: str, source: IO[bytes], _packed: int, share: int, budget: _Budget, depth: int
) -> Iterator[InputFile]:
    with zipfile.ZipFile(source) as archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            yield InputFile(name, share, problem=f"more than {MAX_MEMBERS} members")
            return
        wanted = sorted(
            (i for i in infos if not i.is_dir() and _wanted(i.filename)), key=lambda i: i.filename
        )
        for info, part in zip(wanted, _shares(share, len(wanted)), strict=True):
            member = f"{name}:{info.filename}"
            why = _unsafe_member(info.filename)
            if why is None:
                why = _too_large(info.file_size, info.compress_size, budget)
            if why is not None:
                if why:
                    yield InputFile(member, part, problem=why)
                continue
            # the index's sizes may lie: never read past what the bounds allow
            limit = min(
                MAX_TEXT_BYTES, max(info.compress_size, _RATIO_FLOOR) * MAX_RATIO, budget.left
            )
            try:
                with archive.open(info) as handle:
                    data = handle.read(limit + 1)
            except (*_READ_ERRORS, RuntimeError, NotImplementedError) as exc:
                yield InputFile(member, part, problem=f"cannot be read: {_reason(exc)}")
                continue
            if len(data) > limit:  # more than its index said
                yield InputFile(
                    member, part, problem=_too_large(len(data), info.compress_size, budget)
                )
                continue
            budget.left -= len(data)
            yield from _member(member, data, part, budget, depth)


def _tar_members(
    name: str, source: IO[bytes], packed: int, share: int, budget: _Budget, depth: int
) -> Iterator[InputFile]:
    """A tar's members, listed and read in the archive's order (a compressed tar is read
    forwards only), then given in sorted order. Listing stops at the member that would take
    the archive past its bounds, or at damaged data, which is reported."""
    found: list[tuple[str, bytes | None, str | None]] = []  # name, data, why not read
    damage = None
    expanded = 0  # bytes of the tar stream charged to the budget so far
    origin = source.tell()

    def expands_too_much(upto: int) -> bool:  # the stream so far, against what it came from
        return upto > MAX_RATIO * max(source.tell() - origin, _RATIO_FLOOR)

    with tarfile.open(fileobj=source, mode="r:*") as archive:
        try:
            previous = None
            for count, info in enumerate(archive, 1):
                if count > MAX_MEMBERS:
                    damage = f"more than {MAX_MEMBERS} members"
                    break
                if previous is not None and expands_too_much(info.offset_data):
                    found.append((previous, None, _expands_too_much()))  # a member passed
                    break
                previous = info.name
                end = info.offset_data + info.size  # the stream read up to its end
                if end - expanded > budget.left:
                    budget.exhausted = 1
                    found.append((info.name, None, _past_the_total()))
                    break
                budget.left -= end - expanded
                expanded = end
                if info.isdir() or not _wanted(info.name):
                    continue
                why = _unsafe_member(info.name)
                if why is None and not info.isfile():
                    why = "a link or special file, not a regular file"
                if why is None and info.size > MAX_TEXT_BYTES:
                    why = _larger()
                handle = archive.extractfile(info) if why is None else None
                data = handle.read() if handle else None
                if data is not None and expands_too_much(end):
                    found.append((info.name, None, _expands_too_much()))
                    break
                found.append((info.name, data, why))
            else:
                damage = _tar_end_damage(archive, found)
        except _READ_ERRORS as exc:
            damage = f"{_after(found)}: {_reason(exc)}; the rest is not read"
    found.sort(key=lambda item: item[0])
    for (member, data, why), part in zip(found, _shares(share, len(found)), strict=True):
        if data is None:
            yield InputFile(f"{name}:{member}", part, problem=why)
        else:
            yield from _member(f"{name}:{member}", data, part, budget, depth)
    if damage:
        yield InputFile(name, 0, problem=damage)


def _after(found: list[tuple[str, bytes | None, str | None]]) -> str:
    return f"damaged after member {found[-1][0]!r}" if found else "damaged"


def _tar_end_damage(
    archive: tarfile.TarFile, found: list[tuple[str, bytes | None, str | None]]
) -> str | None:
    """Why a tar whose listing ended did not end as an archive does (its end blocks, or the
    end of the data), if it did not: tarfile stops silently at a damaged header."""
    fileobj = archive.fileobj
    assert fileobj is not None
    fileobj.seek(archive.offset)
    block = fileobj.read(tarfile.BLOCKSIZE)
    if not block or block.count(0) == len(block):
        return None
    return f"{_after(found)}: a damaged header at byte {archive.offset}; the rest is not read"


def read_inputs(path: Path) -> Iterator[InputFile]:
    """Every text below ``path`` (see :func:`input_files`), read one at a time; archives
    opened in memory. An input that cannot be read comes with its ``problem``."""
    for file in input_files(path):
        name = str(file)
        try:
            with open_regular(file) as handle:
                disk = os.fstat(handle.fileno()).st_size
                if _suffix_in(name, ARCHIVE_SUFFIXES):
                    yield from _archive(name, handle, disk, disk, _Budget(), 0)
                else:
                    yield _decode(name, handle.read(MAX_TEXT_BYTES + 1), disk)
        except NotRegular as exc:
            yield InputFile(name, 0, problem=str(exc))
        except _READ_ERRORS as exc:
            yield InputFile(name, 0, problem=f"cannot be read: {_reason(exc)}")


def survey(path: Path) -> int:
    """The bytes :func:`import_path` will report as done (for a progress bar): the sizes of
    the regular input files on disk (archives are not opened here)."""
    total = 0
    for file in input_files(path):
        try:
            status = file.stat()
        except OSError:
            continue
        if stat.S_ISREG(status.st_mode):
            total += status.st_size
    return total


# -- reading and storing ---------------------------------------------------------------------
def _record_problems(item: Parsed, session: dict[str, Any], name: str) -> list[str]:
    """Everything that keeps a record out of the session (the service's own checks, each
    with the file name and the record's line:column)."""
    out = [str(error) for error in item.errors]
    record = item.record
    if record is None or item.errors:
        return out
    where = f"{name}:{record.start}" if record.start else name
    if record.game not in GAMES:
        out.append(f"{where}: no known game {record.game!r}")
    elif record.game != session["game"]:
        out.append(f"{where}: the record is {record.game}; this session plays {session['game']}")
    elif record.players != session["players"]:
        out.append(
            f"{where}: the record seats {', '.join(record.players)}; this session "
            f"seats {', '.join(session['players'])} in that order"
        )
    return out


class _Batches:
    """Stores the records of one text in batches, one transaction each, as they are read."""

    def __init__(
        self,
        store: Store,
        session_id: int,
        actor: str,
        summary: ImportSummary,
        batch_records: int,
        allow_duplicates: bool = False,
    ) -> None:
        self.store, self.session_id, self.actor = store, session_id, actor
        self.allow_duplicates = allow_duplicates
        self.summary = summary
        self.batch_records = batch_records
        self.pending: list[Parsed] = []
        self.failed: str | None = None  # the service refused a batch (a race: see store)

    def add(self, item: Parsed) -> None:
        self.pending.append(item)
        if len(self.pending) >= self.batch_records:
            self.flush()

    def flush(self) -> None:
        """Store the records read and not stored yet."""
        batch, self.pending = self.pending, []
        if not batch or self.failed is not None:
            return
        try:
            results = upload_parsed(
                self.store,
                self.session_id,
                batch,
                self.actor,
                allow_duplicates=self.allow_duplicates,
            )
        except ServiceError as exc:  # the checks before make this a race (a session deleted)
            self.failed = f"{exc.message} (stopped after {self.summary.stored} stored)"
            self.summary.not_stored += len(batch)
            return
        for result in results:
            self.summary.by_status[result.status] += 1
            self.summary.duplicates += result.duplicate
            self.summary.stored += result.stored


def import_text(
    store: Store,
    session_id: int,
    text: str,
    name: str,
    actor: str,
    *,
    batch_records: int = BATCH_RECORDS,
    size: int | None = None,
    progress: Progress | None = None,
    allow_duplicates: bool = False,
) -> ImportSummary:
    """Import the records of one text (see the module's docstring), storing each batch as
    soon as it is read. ``progress`` is called with a share of ``size`` (bytes) as batches
    are stored. With ``allow_duplicates`` a record already in the session is stored again
    (counted both stored and duplicate)."""
    session = _session(store, session_id)
    size = len(text.encode()) if size is None else size
    summary = ImportSummary(files=1)
    batches = _Batches(store, session_id, actor, summary, batch_records, allow_duplicates)
    refused = None  # the first record that cannot join the session: storing stops there
    read_chars = reported = 0
    for item in iter_read(text, source=name):
        summary.records += 1
        problems = _record_problems(item, session, name)
        if problems:
            summary.problems += problems
            if refused is None:
                refused = item
                batches.flush()  # the records before it, in order
        if problems or refused is not None or batches.failed is not None:
            summary.not_stored += 1
            continue
        batches.add(item)
        read_chars += len(item.record.source) if item.record else 0
        if progress and not batches.pending:  # a batch was just stored
            done = min(size, size * read_chars // max(len(text), 1))
            progress(done - reported)
            reported = done
    batches.flush()
    if summary.records == 0:
        summary.problems.append(f'{name}: no record found: a record starts with [Game "..."]')
    elif refused is not None:
        where = f"{name}:{refused.record.start}" if refused.record else name
        summary.problems.append(
            f"{where}: this record and the {summary.not_stored - 1} after it were not stored, "
            "to keep the file's hands in order; the records before it were (fix the file and "
            "import it again: those are recognised)"
        )
    if batches.failed is not None:
        summary.problems.append(f"{name}: {batches.failed}")
    if summary.records == 0 or refused is not None or batches.failed is not None:
        summary.skipped_files.append(name)
    if progress and reported < size:
        progress(size - reported)
    return summary


def import_path(
    store: Store,
    session_id: int,
    path: Path,
    actor: str,
    *,
    batch_records: int = BATCH_RECORDS,
    progress: Progress | None = None,
    allow_duplicates: bool = False,
) -> ImportSummary:
    """Import every record below ``path`` into the session, file by file (see the module's
    docstring); raises :class:`~records.service.ServiceError` (404) for an unknown session.
    ``allow_duplicates``: see :func:`import_text`. Each batch's write keeps the session's
    ledger (:mod:`records.ledgers`): the importer does the work its writes cause, not the
    first reader after it (#31.1)."""
    _session(store, session_id)
    summary = ImportSummary()
    for item in read_inputs(path):
        if item.text is None:
            summary.files += 1
            summary.skipped_files.append(item.name)
            summary.problems.append(f"{item.name}: {item.problem}")
            if progress:
                progress(item.size)
            continue
        summary.add(
            import_text(
                store,
                session_id,
                item.text,
                item.name,
                actor,
                batch_records=batch_records,
                size=item.size,
                progress=progress,
                allow_duplicates=allow_duplicates,
            )
        )
    return summary


def _session(store: Store, session_id: int) -> dict[str, Any]:
    try:
        return store.session(session_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc
