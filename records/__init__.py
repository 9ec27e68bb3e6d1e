"""Text and storage: the notation reader and writer, the text-to-report pipeline, the JSON
schemas, and the service without HTTP (SQLite through sqlite-utils).

>>> from records import check_text
>>> [c.report.status.value for c in check_text('[Game "nice4"]')]
['invalid']

Reading, writing and checking load at once; the schemas (marshmallow) and the store and
service (sqlite-utils) load when first named, so the command line's ``verify`` stays quick.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .names import clean_name
from .notation import NotationError, Parsed, iter_read, read
from .pipeline import Checked, check_text, session_ledger
from .writer import write, write_many

if TYPE_CHECKING:
    from .schemas import LedgerSchema, RecordSchema, dump_report
    from .service import ServiceError
    from .store import NotFound, Store

__all__ = [
    "Checked",
    "LedgerSchema",
    "NotFound",
    "NotationError",
    "Parsed",
    "RecordSchema",
    "ServiceError",
    "Store",
    "check_text",
    "clean_name",
    "dump_report",
    "iter_read",
    "read",
    "session_ledger",
    "write",
    "write_many",
]

# The names whose modules load only when first asked for, and where they live.
_LAZY = {
    "LedgerSchema": "schemas",
    "RecordSchema": "schemas",
    "dump_report": "schemas",
    "ServiceError": "service",
    "NotFound": "store",
    "Store": "store",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'records' has no attribute {name!r}")
    return getattr(import_module(f".{_LAZY[name]}", __name__), name)
