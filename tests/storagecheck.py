"""Bytes a stored hand takes, per game (#31.2): a session of random legal hands uploaded into a
fresh database, checkpointed and vacuumed; what the file grew by from the same database with
its sessions and no hand (the first page of each table and index, which any database has),
divided by the hands.

    python tests/storagecheck.py [--hands 1000] [--before] [GAME ...]

``--before`` stores the revisions as migration 001 did (every derived column beside the text,
unpacked), for the figure before migration 007. The numbers go in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest

from records import ledgers, service
from records import store as store_module
from records.store import Store
from records.writer import write_many
from scorer.games import GAMES


def bytes_per_hand(game: str, hands: int, before: bool) -> float:
    """The database's size per stored hand for a session of ``hands`` random hands."""
    rng = random.Random(2026)
    records: list = []
    while len(records) < hands:  # a Piedicavallo game is four deals, a session no more
        records += GAMES[game].random_session(rng, min(100, hands - len(records)))
    tables: dict[tuple[str, ...], list] = {}
    for record in records:  # Minchiate draws seats again for each set: a session a seating
        tables.setdefault(tuple(record.players), []).append(record)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "size.sqlite")
        with pytest.MonkeyPatch.context() as patch:
            if before:
                patch.setattr(store_module, "MIGRATIONS", store_module.MIGRATIONS[:6])
                patch.setattr(store_module, "_packed", as_migration_001_stored)
                without_kept_ledgers(patch)
            return _fill(path, game, tables, len(records))


def _fill(path: str, game: str, tables: dict, count: int) -> float:
    """Store each table's hands as a session, 500 a write; the bytes per hand, past the
    size of the database with its sessions and no hand."""
    store = Store(path)
    tid = store.create_tournament("size")
    sessions = {
        players: service.create_session(store, tid, game, list(players), {}, "", "t")
        for players in tables
    }
    empty = _settled_size(store, path)
    for players, played in tables.items():
        for start in range(0, len(played), 500):
            batch = write_many(played[start : start + 500])
            service.upload(store, sessions[players], batch, "t")
    size = _settled_size(store, path)
    store.close()
    return (size - empty) / count


def _settled_size(store: Store, path: str) -> int:
    """The database file's size with its log written into it and its free pages given back."""
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.db.execute("VACUUM")
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return os.path.getsize(path)


def as_migration_001_stored(revision: dict) -> dict:
    """A revision's columns as the store kept them before migration 007: every derived
    column beside the text."""
    row = store_module.RevisionRow(revision)
    kept = {key: value for key, value in revision.items() if key != "facts"}  # 008's column
    return {
        **kept,
        "report_json": row["report_json"],  # #31.4 keeps only the findings
        "findings": row["findings"],
        "record_json": row["record_json"],
    }


def without_kept_ledgers(patch: pytest.MonkeyPatch) -> None:
    """Writes as the code before migration 008 made them: no ledger kept by the write."""
    patch.setattr(ledgers, "keep_ledger", lambda *args, **kwargs: None)
    patch.setattr(service, "keep_ledger", lambda *args, **kwargs: None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--before", action="store_true")
    args = parser.parse_args()
    for game in args.games:
        print(f"{game:<14} {bytes_per_hand(game, args.hands, args.before):8.0f} bytes a hand")


if __name__ == "__main__":
    main()
