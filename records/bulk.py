"""Bulk import: every record in a file, a folder or an archive becomes a hand of a session.

The inputs: a text file; a folder (every ``*.txt``, ``*.zip``, ``*.tar``, ``*.tar.gz`` and
``*.tgz`` inside, recursively, in sorted order); or an archive (its ``*.txt`` members, in
sorted order). Archives are read in memory, never extracted: a member whose name is absolute
or climbs out with ``..``, a link, or a member larger than :data:`MAX_TEXT_BYTES` is skipped
and reported, so a hostile archive can neither write anywhere nor exhaust memory.

Each file is read whole first; a file with a malformed record (or a record of another game or
table) is skipped entirely and every problem is reported as ``file:line:column: message``.
A good file is stored through :func:`records.service.upload_parsed`, the path of the web API's
uploads without reading the text again, in batches of :data:`BATCH_RECORDS` records, each
batch one transaction: an import killed half-way leaves whole records only, and running it
again stores nothing twice (the service recognises a record already in the session by its
canonical content).

>>> from records.store import Store
>>> store = Store(":memory:")
>>> tid = store.create_tournament("Cup")
>>> sid = store.create_session(tid, "nice4", ["A", "B", "C", "D"], {})
>>> summary = import_text(store, sid, "[Game \\"nice4\\"]\\n", "x.txt", "doctest")
>>> summary.problems
['x.txt:1:1: the Players tag is missing', 'x.txt:1:1: the Dealer tag is missing']
"""

from __future__ import annotations

import os
import posixpath
import tarfile
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorer.games import GAMES

from .notation import Parsed, read
from .service import ServiceError, upload_parsed
from .store import NotFound, Store

__all__ = [
    "ARCHIVE_SUFFIXES",
    "BATCH_RECORDS",
    "MAX_TEXT_BYTES",
    "ImportSummary",
    "InputFile",
    "import_path",
    "import_text",
    "input_files",
    "survey",
]

MAX_TEXT_BYTES = 16 * 1024 * 1024
"""The largest text read at once: a file, or one archive member (read in memory)."""
MAX_MEMBERS = 100_000
"""The most members an archive may list (a guard against a hostile index)."""
BATCH_RECORDS = 200
"""Records per transaction."""
TEXT_SUFFIXES = (".txt",)
ARCHIVE_SUFFIXES = (".zip", ".tar", ".tar.gz", ".tgz")

Progress = Callable[[int], None]


@dataclass
class InputFile:
    """One text to import: its display name (``archive.zip:inner/name.txt`` for a member),
    its size in bytes, and its text, or why it cannot be read."""

    name: str
    size: int
    text: str | None = None
    problem: str | None = None


@dataclass
class ImportSummary:
    """What an import did: files read, records found, hands stored and duplicates (records
    already in the session), records by status, and the files skipped with their problems."""

    files: int = 0
    records: int = 0
    stored: int = 0
    duplicates: int = 0
    by_status: Counter[str] = field(default_factory=Counter)
    skipped_files: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def add(self, other: ImportSummary) -> None:
        self.files += other.files
        self.records += other.records
        self.stored += other.stored
        self.duplicates += other.duplicates
        self.by_status.update(other.by_status)
        self.skipped_files += other.skipped_files
        self.problems += other.problems

    def line(self) -> str:
        """One line for people: ``3 files, 30 records: 20 stored, 10 duplicates; clean 28,
        flagged 2``, and the files skipped if any."""
        files = f"{self.files} file{'s' if self.files != 1 else ''}"
        statuses = ", ".join(
            f"{status} {count}"
            for status, count in sorted(self.by_status.items(), key=lambda kv: (-kv[1], kv[0]))
        )
        text = (
            f"{files}, {self.records} records: {self.stored} stored, {self.duplicates} duplicates"
        )
        if statuses:
            text += f"; {statuses}"
        if self.skipped_files:
            count = len(self.skipped_files)
            text += f"; {count} file{'s' if count != 1 else ''} skipped"
        return text


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


def _unsafe_member(name: str) -> str | None:
    """Why an archive member's name is refused (absolute, or climbing out), if it is."""
    normal = name.replace("\\", "/")
    if normal.startswith("/") or (len(normal) > 1 and normal[1] == ":"):
        return "an absolute path in an archive"
    if ".." in posixpath.normpath(normal).split("/") or ".." in normal.split("/"):
        return "a path climbing out of the archive (..)"
    return None


def _decode(name: str, data: bytes) -> InputFile:
    if len(data) > MAX_TEXT_BYTES:
        return InputFile(name, len(data), problem=f"larger than {MAX_TEXT_BYTES // 2**20} MiB")
    try:
        return InputFile(name, len(data), text=data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        return InputFile(name, len(data), problem=f"not UTF-8 text (byte {exc.start})")


def _zip_members(path: Path) -> Iterator[InputFile]:
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            yield InputFile(str(path), 0, problem=f"more than {MAX_MEMBERS} members")
            return
        wanted = sorted(
            (i for i in infos if not i.is_dir() and _suffix_in(i.filename, TEXT_SUFFIXES)),
            key=lambda i: i.filename,
        )
        for info in wanted:
            name = f"{path}:{info.filename}"
            why = _unsafe_member(info.filename)
            if why is None and info.file_size > MAX_TEXT_BYTES:
                why = f"larger than {MAX_TEXT_BYTES // 2**20} MiB"
            if why is not None:
                yield InputFile(name, info.file_size, problem=why)
                continue
            try:
                with archive.open(info) as handle:
                    data = handle.read(MAX_TEXT_BYTES + 1)  # the header's size may lie
            except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError) as exc:
                yield InputFile(name, info.file_size, problem=f"cannot be read: {exc}")
                continue
            yield _decode(name, data)


def _tar_members(path: Path) -> Iterator[InputFile]:
    with tarfile.open(path, "r:*") as archive:
        members = []
        for member in archive:
            members.append(member)
            if len(members) > MAX_MEMBERS:
                yield InputFile(str(path), 0, problem=f"more than {MAX_MEMBERS} members")
                return
        wanted = sorted(
            (m for m in members if _suffix_in(m.name, TEXT_SUFFIXES) and not m.isdir()),
            key=lambda m: m.name,
        )
        for member in wanted:
            name = f"{path}:{member.name}"
            why = _unsafe_member(member.name)
            if why is None and not member.isfile():
                why = "a link or special file, not a regular file"
            if why is None and member.size > MAX_TEXT_BYTES:
                why = f"larger than {MAX_TEXT_BYTES // 2**20} MiB"
            if why is not None:
                yield InputFile(name, member.size, problem=why)
                continue
            handle = archive.extractfile(member)
            data = handle.read(MAX_TEXT_BYTES + 1) if handle is not None else b""
            yield _decode(name, data)


def read_inputs(path: Path) -> Iterator[InputFile]:
    """Every text below ``path`` (see :func:`input_files`), read one at a time; archives
    opened in memory. An input that cannot be read comes with its ``problem``."""
    for file in input_files(path):
        name = str(file)
        try:
            if _suffix_in(name, (".zip",)):
                yield from _zip_members(file)
            elif _suffix_in(name, (".tar", ".tar.gz", ".tgz")):
                yield from _tar_members(file)
            else:
                with open(file, "rb") as handle:
                    data = handle.read(MAX_TEXT_BYTES + 1)
                yield _decode(name, data)
        except (OSError, zipfile.BadZipFile, tarfile.TarError, EOFError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            yield InputFile(name, 0, problem=f"cannot be read: {reason}")


def survey(path: Path) -> int:
    """The bytes :func:`import_path` will read (for a progress bar): file sizes, and the
    sizes of archive members as their index gives them. Unreadable inputs count nothing."""
    total = 0
    for file in input_files(path):
        name = str(file)
        try:
            if _suffix_in(name, (".zip",)):
                with zipfile.ZipFile(file) as archive:
                    total += sum(
                        i.file_size
                        for i in archive.infolist()
                        if _suffix_in(i.filename, TEXT_SUFFIXES)
                    )
            elif _suffix_in(name, (".tar", ".tar.gz", ".tgz")):
                with tarfile.open(file, "r:*") as archive:
                    total += sum(
                        m.size for m in archive if m.isfile() and _suffix_in(m.name, TEXT_SUFFIXES)
                    )
            else:
                total += file.stat().st_size
        except (OSError, zipfile.BadZipFile, tarfile.TarError, EOFError):
            continue
    return total


# -- reading and storing ---------------------------------------------------------------------
def _problems(parsed: list[Parsed], session: dict[str, Any], name: str) -> list[str]:
    """Everything that keeps a file out of the session (the service's own checks, each with
    the file name and the record's line:column)."""
    if not parsed:
        return [f'{name}: no record found: a record starts with [Game "..."]']
    out = []
    for item in parsed:
        out += [str(error) for error in item.errors]
        record = item.record
        if record is None or item.errors:
            continue
        where = f"{name}:{record.start}" if record.start else name
        if record.game not in GAMES:
            out.append(f"{where}: no known game {record.game!r}")
        elif record.game != session["game"]:
            out.append(
                f"{where}: the record is {record.game}; this session plays {session['game']}"
            )
        elif record.players != session["players"]:
            out.append(
                f"{where}: the record seats {', '.join(record.players)}; this session "
                f"seats {', '.join(session['players'])} in that order"
            )
    return out


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
) -> ImportSummary:
    """Import the records of one text (see the module's docstring). ``progress`` is called
    with a share of ``size`` (bytes) as batches are stored."""
    session = _session(store, session_id)
    size = len(text.encode()) if size is None else size
    summary = ImportSummary(files=1)
    parsed = read(text, source=name)
    problems = _problems(parsed, session, name)
    if problems:
        summary.skipped_files.append(name)
        summary.problems += problems
        if progress:
            progress(size)
        return summary
    summary.records = len(parsed)
    reported = 0
    for start in range(0, len(parsed), batch_records):
        try:
            results = upload_parsed(store, session_id, parsed[start : start + batch_records], actor)
        except ServiceError as exc:  # the checks above make this a race (a session deleted)
            summary.skipped_files.append(name)
            summary.problems.append(
                f"{name}: {exc.message} (stopped after {summary.stored} stored)"
            )
            break
        for result in results:
            summary.by_status[result.status] += 1
            if result.duplicate:
                summary.duplicates += 1
            else:
                summary.stored += 1
        if progress:
            done = size * min(start + batch_records, len(parsed)) // len(parsed)
            progress(done - reported)
            reported = done
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
) -> ImportSummary:
    """Import every record below ``path`` into the session, file by file (see the module's
    docstring); raises :class:`~records.service.ServiceError` (404) for an unknown session."""
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
            )
        )
    return summary


def _session(store: Store, session_id: int) -> dict[str, Any]:
    try:
        return store.session(session_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc
