"""``tarocco import``: bulk import of records into a session."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import click

from .database import db_option, open_store


@click.command("import", short_help="Store every record of PATH as hands of a session.")
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option(
    "--session",
    "session_id",
    type=int,
    required=True,
    metavar="ID",
    help="The session the hands join, in order.",
)
@click.option(
    "--allow-duplicates",
    is_flag=True,
    help="Store a record already in the session again, as a new hand (a hand really "
    "played twice the same way); without it, such a record is counted and not stored.",
)
@db_option
def import_command(path: Path, session_id: int, allow_duplicates: bool, db: str) -> None:
    """Store every record of PATH as hands of a session.

    PATH is a text file, a folder (every *.txt, *.zip, *.tar, *.tar.gz and *.tgz inside,
    recursively, in sorted order) or an archive (its *.txt members, and archives inside it
    two levels deep). Records are stored in batches of 200 as they are read. Records already
    in the session are recognised and not stored again, so an import can be re-run
    (unless --allow-duplicates asks for them to be stored again). A
    malformed record stops its file there (the records before it are stored); it, an archive
    member over the bounds, damaged data and a file that is not a regular one are reported
    as file[:member]:line:column: message, the rest goes on, and the exit status is 1.
    """
    from records.bulk import import_path, survey
    from records.service import ServiceError
    from records.store import NotFound

    store = open_store(db)
    try:  # refused before anything is shown: no "importing" line over an error
        store.session(session_id)
    except NotFound as exc:
        raise click.ClickException(f"{exc} (see `tarocco session list`)") from exc
    total = survey(path)
    # Reading and verifying records make many objects and no reference cycles: the cyclic
    # collector's passes over the growing heap cost a fifth of an import, for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        with click.progressbar(
            length=max(total, 1), label="importing", file=sys.stderr, show_eta=True
        ) as bar:
            summary = import_path(
                store,
                session_id,
                path,
                "cli import",
                progress=bar.update,
                allow_duplicates=allow_duplicates,
            )
    except ServiceError as exc:
        raise click.ClickException(exc.message) from exc
    finally:
        if collecting:
            gc.enable()
    for problem in summary.problems:
        click.echo(problem, err=True)
    for name in summary.skipped_files:
        click.echo(f"skipped: {name}", err=True)
    click.echo(summary.line())
    if summary.skipped_files:
        sys.exit(1)
