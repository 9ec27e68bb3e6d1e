"""A consistent copy of the service's database while the service writes to it.

:func:`backup` copies with SQLite's online backup API (``sqlite3.Connection.backup``) in one
step: the whole copy is read inside one read transaction, which in WAL mode (the store's,
:mod:`records.store`) sees one committed state of the database and never blocks a writer.
(Copied a few pages at a time instead, the copy would start again after every write by
another connection, and under a steady write load might never finish.)

The copy is written to a temporary file beside the destination, checked with ``PRAGMA
integrity_check``, flushed to disk, and only then renamed over the destination: a reader of
the destination finds the old file or the whole new copy, never part of one.

>>> import os, tempfile
>>> from records.store import Store
>>> folder = tempfile.mkdtemp()
>>> Store(os.path.join(folder, "live.sqlite")).create_tournament("Cup")
1
>>> copied = backup(os.path.join(folder, "live.sqlite"), os.path.join(folder, "copy.sqlite"))
>>> copied.counts["tournaments"]
1
>>> import shutil; shutil.rmtree(folder)
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from contextlib import closing, suppress
from dataclasses import dataclass

__all__ = ["COUNTED", "BackupError", "Copied", "backup", "counts"]

COUNTED = ("tournaments", "sessions", "hands", "revisions", "rulings", "audit")
"""The tables whose rows a backup counts (what it tells the person who took it)."""


class BackupError(Exception):
    """A backup that cannot be taken, with a sentence saying why (nothing was written)."""


@dataclass(frozen=True)
class Copied:
    """What a backup wrote: where, its size in bytes and the rows of :data:`COUNTED`."""

    path: str
    size: int
    counts: dict[str, int]


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """The number of rows of each table of :data:`COUNTED` (0 for a table not there)."""
    present = {row[0] for row in conn.execute("select name from sqlite_master where type='table'")}
    return {
        table: conn.execute(f"select count(*) from [{table}]").fetchone()[0]
        if table in present
        else 0
        for table in COUNTED
    }


def _check_paths(source: str, dest: str, force: bool) -> None:
    """Refuse, before anything is written, what would lose data or cannot work."""
    if not os.path.isfile(source):
        raise BackupError(f"no database at {source}")
    folder = os.path.dirname(os.path.abspath(dest))
    if not os.path.isdir(folder):
        raise BackupError(f"{dest}: the folder {folder} does not exist")
    if os.path.isdir(dest):
        raise BackupError(f"{dest} is a folder: give the backup's file name")
    if os.path.exists(dest):
        if os.path.samefile(source, dest):
            raise BackupError(f"{dest} is the database itself")
        if not force:
            raise BackupError(f"{dest} exists (give --force to replace it)")
    for suffix in ("-wal", "-shm"):
        if os.path.exists(dest + suffix):
            # A stale write-ahead log beside the new file would be read as part of it.
            raise BackupError(
                f"{dest}{suffix} exists: a program may have {dest} open; stop it, or remove "
                f"{dest}{suffix} if nothing uses it"
            )


def _copy(source: str, temporary: str) -> dict[str, int]:
    """Copy ``source`` into the empty file ``temporary`` in one step, check the copy's
    integrity and return its row counts."""
    with (
        # Not opened read-only: a read-only connection leaves empty -wal and -shm files
        # beside a database nobody else has open; this one only reads, and as the last
        # connection to close it removes them.
        closing(sqlite3.connect(source, timeout=10)) as src,
        closing(sqlite3.connect(temporary)) as dst,
    ):
        src.backup(dst, pages=-1)  # one step: one read transaction, one state of the database
        verdict = [row[0] for row in dst.execute("PRAGMA integrity_check")]
        if verdict != ["ok"]:
            raise BackupError("the copy fails its integrity check: " + "; ".join(verdict[:5]))
        tables = {
            row[0] for row in dst.execute("select name from sqlite_master where type='table'")
        }
        if "tournaments" not in tables:
            raise BackupError(f"{source} is not a tarocco database (it has no tournaments table)")
        return counts(dst)


def backup(source: str, dest: str, *, force: bool = False) -> Copied:
    """Copy the database ``source`` to ``dest`` consistently, even while it is written;
    ``dest`` is replaced only with ``force``. Raises :class:`BackupError` with the reason
    (and leaves nothing behind) when it cannot."""
    _check_paths(source, dest, force)
    folder = os.path.dirname(os.path.abspath(dest))
    handle, temporary = tempfile.mkstemp(
        dir=folder, prefix=f".{os.path.basename(dest)}.", suffix=".tmp"
    )
    os.close(handle)
    try:
        try:
            found = _copy(os.path.abspath(source), temporary)
        except sqlite3.Error as exc:
            raise BackupError(f"{source}: cannot copy the database: {exc}") from exc
        with open(temporary, "rb+") as written:
            os.fsync(written.fileno())
        os.replace(temporary, dest)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)
    return Copied(dest, os.path.getsize(dest), found)


def _sync_folder(folder: str) -> None:
    """Flush the folder's entry for the renamed file (where the system allows it)."""
    with suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
