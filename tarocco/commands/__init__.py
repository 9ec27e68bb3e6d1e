"""The ``tarocco`` command's subcommands, a module per group; :mod:`tarocco.cli` gathers them
under ``main``.

================  ==========================================================================
module            commands
================  ==========================================================================
``text``          ``verify``, ``rules``, ``random``, ``format``: record text, no database
``serve``         ``serve``: the web service on gunicorn
``tournaments``   ``tournament``, ``token``, ``session``: the director's records
``imports``       ``import``: bulk import into a session
``measure``       ``bench``, ``loadtest`` (``campaign`` is in :mod:`tarocco.campaign`)
``audit``         ``audit``: the dispute tools
``maintenance``   ``backup``, ``check``: a consistent copy of the database, and its check
``database``      what the database commands share: ``--db``, opening the store
================  ==========================================================================
"""

from __future__ import annotations

from .audit import audit
from .imports import import_command
from .maintenance import backup, check
from .measure import bench, loadtest
from .serve import serve
from .text import format_command, random_command, rules, verify
from .tournaments import session, token, tournament

__all__ = [
    "audit",
    "backup",
    "bench",
    "check",
    "format_command",
    "import_command",
    "loadtest",
    "random_command",
    "rules",
    "serve",
    "session",
    "token",
    "tournament",
    "verify",
]
