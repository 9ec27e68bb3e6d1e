"""``backup`` and ``check``: a consistent copy of the service's database, taken while the
service runs, and the check that a database (the live one or a copy) is whole and agrees with
a replay of its texts. The work is done by :mod:`records.backup` and
:mod:`records.integrity`; these commands print what they found.
"""

from __future__ import annotations

import sqlite3

import click

from .database import check_database_folder, db_option


def _size(size: int) -> str:
    return f"{size / 2**20:.1f} MiB" if size >= 2**20 else f"{size / 2**10:.0f} KiB"


@click.command(short_help="Copy the database consistently, even while it is served.")
@click.argument("dest", metavar="DEST")
@db_option
@click.option("--force", is_flag=True, help="Replace DEST if it exists.")
def backup(dest: str, db: str, force: bool) -> None:
    """Copy the database to DEST consistently, even while `tarocco serve` writes to it.

    The copy (SQLite's online backup API) goes to a temporary file beside DEST, passes
    SQLite's integrity check, and is then renamed to DEST. Check it with `tarocco check
    --db DEST`.
    """
    from records.backup import BackupError
    from records.backup import backup as copy_database

    check_database_folder(db)
    try:
        copied = copy_database(db, dest, force=force)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from exc
    words = {"audit": "audit lines"}
    counts = ", ".join(f"{n} {words.get(table, table)}" for table, n in copied.counts.items())
    click.echo(f"{db} -> {copied.path}: {_size(copied.size)}; {counts}")


@click.command(short_help="Check a database: integrity, migrations, every session.")
@db_option
def check(db: str) -> None:
    """Check the database: SQLite's integrity and foreign keys, the migrations, and every
    session replayed from its texts against the verdicts and ledgers stored.

    Prints each problem with its session and hand, then a summary; the exit status is 0 when
    all is well, 1 when a problem is found. Nothing stored is changed.
    """
    from records.integrity import check_database

    check_database_folder(db)
    try:
        result = check_database(db)
    except FileNotFoundError as exc:
        raise click.ClickException(str(exc)) from exc
    except sqlite3.Error as exc:
        raise click.ClickException(f"{db}: cannot check the database: {exc}") from exc
    for problem in result.problems:
        click.echo(str(problem))
    click.echo(f"{db}: {result.summary()}")
    if not result.ok:
        raise SystemExit(1)
