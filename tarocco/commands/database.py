"""What the commands on the service's database share: the ``--db`` option, opening the
store, finding a tournament by name or id. The storage and web stacks load only inside these
commands, so `tarocco verify` stays quick.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from records.store import Store

DEFAULT_DB = "tarocco.sqlite"  # the web app's default too (web.DEFAULT_DATABASE)


def db_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """The --db option (or TAROCCO_DB) of every command on the service's database."""
    return click.option(
        "--db",
        default=DEFAULT_DB,
        envvar="TAROCCO_DB",
        show_default=True,
        show_envvar=True,
        metavar="FILE",
        help="The service's SQLite database file.",
    )(command)


def check_database_folder(db: str) -> None:
    """Refuse a database path in a folder that does not exist, naming the path and the folder
    (SQLite itself says only "unable to open database file")."""
    if db == ":memory:":
        return
    folder = os.path.dirname(os.path.abspath(db))
    if not os.path.isdir(folder):
        raise click.ClickException(
            f"--db {db}: the folder {folder} does not exist (make it, or give --db or "
            "TAROCCO_DB a path in a folder that exists)"
        )


def open_store(db: str, *, create: bool = False) -> Store:
    """The store on ``db``; a missing file is an error unless this command may create it."""
    from records.store import Store

    check_database_folder(db)
    if db != ":memory:" and not create and not os.path.exists(db):
        raise click.ClickException(
            f"no database at {db} (`tarocco serve` or `tarocco "
            "tournament create` makes one; or give --db)"
        )
    try:
        return Store(db)
    except Exception as exc:  # sqlite3.Error and sqlite-utils errors alike
        raise click.ClickException(f"{db}: cannot open the database: {exc}") from exc


def find_tournament(store: Store, name_or_id: str) -> dict[str, Any] | None:
    """A tournament by id (digits) or by name."""
    from records.store import NotFound

    if name_or_id.strip().isdigit():
        try:
            return store.tournament(int(name_or_id))
        except NotFound:
            pass
    return store.tournament_named(name_or_id.strip())


def tournament_or_fail(store: Store, name_or_id: str) -> dict[str, Any]:
    tournament = find_tournament(store, name_or_id)
    if tournament is None:
        raise click.ClickException(f"no tournament {name_or_id!r} (see `tarocco tournament list`)")
    return tournament
