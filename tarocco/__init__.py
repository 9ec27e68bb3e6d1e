"""The ``tarocco`` command line (click) over :mod:`records` and :mod:`scorer`, and ``tarocco
serve``, which runs :mod:`web` on gunicorn. The commands are in :mod:`tarocco.commands`;
:func:`main` (:mod:`tarocco.cli`) is the entry point.

``main`` loads when first named, not on ``import tarocco``: ``python -m tarocco.cli`` runs
that module once, and the service's worker (:mod:`tarocco.worker`) loads no command.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cli import main

__all__ = ["main"]


def __getattr__(name: str) -> Any:
    if name != "main":
        raise AttributeError(f"module 'tarocco' has no attribute {name!r}")
    return import_module(".cli", __name__).main
