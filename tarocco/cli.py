"""The ``tarocco`` command: a thin shell over the library (each command calls one library
function and prints its result). The commands live in :mod:`tarocco.commands`, a module per
group; this module gathers them under :func:`main`, the entry point.

Exit status of ``verify`` (G-7): 0 when every record is consistent and legal, 1 when violations
were flagged, 2 when a record is malformed or impossible (G-2) or the input cannot be read, 3
when a record is partial (it stops before the end: verified as far as it goes, scored nothing).
For several records the worst wins in the order 2, 3, 1.
"""

from __future__ import annotations

import click

from .campaign import campaign
from .commands import (
    audit,
    backup,
    bench,
    check,
    format_command,
    import_command,
    loadtest,
    random_command,
    rules,
    serve,
    session,
    token,
    tournament,
    verify,
)
from .commands.database import DEFAULT_DB

__all__ = ["DEFAULT_DB", "main"]


@click.group()
@click.version_option(package_name="tarocco")
def main() -> None:
    """Score and verify hand records of historical Italian tarot games."""


for _command in (
    verify,
    rules,
    random_command,
    format_command,
    bench,
    serve,
    tournament,
    token,
    session,
    import_command,
    loadtest,
    audit,
    campaign,
    backup,
    check,
):
    main.add_command(_command)


if __name__ == "__main__":
    main()
