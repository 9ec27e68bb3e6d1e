"""The ``tarocco`` command line (click) over :mod:`records` and :mod:`scorer`, and ``tarocco
serve``, which runs :mod:`web` on gunicorn. The commands are in :mod:`tarocco.commands`;
:func:`main` (:mod:`tarocco.cli`) is the entry point.
"""

from __future__ import annotations

from .cli import main

__all__ = ["main"]
