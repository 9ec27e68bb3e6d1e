"""CSV for spreadsheets: a text cell that a spreadsheet would run as a formula is written
as text (#21.15).

A player named ``=1+1`` (or ``@SUM(A1)``, ``+cmd``, ``-2+3``) in a ledger or standings
export ran as a formula when the file was opened in a spreadsheet. Every CSV export writes
through :func:`spreadsheet_writer`, which puts an apostrophe before a *text* cell that starts
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (OWASP's advice; spreadsheets
show the text without the apostrophe). Numbers stay numbers: ``-6`` in an amount column is
an ``int`` and is written as ``-6``.

>>> import io
>>> out = io.StringIO()
>>> _ = spreadsheet_writer(out).writerow(["=1+1", -6, "Anna", "-x", 3.5, "@a", ""])
>>> out.getvalue()
"'=1+1,-6,Anna,'-x,3.5,'@a,\\r\\n"
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any

__all__ = ["FORMULA_STARTS", "safe_cell", "spreadsheet_writer"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell a spreadsheet will not run: text starting like a formula gets
    a leading apostrophe; numbers and everything else are kept as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _SafeWriter:
    """A ``csv.writer`` whose rows pass through :func:`safe_cell`."""

    def __init__(self, out: Any) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([safe_cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def spreadsheet_writer(out: Any) -> _SafeWriter:
    """``csv.writer(out)`` for files people open in a spreadsheet (every CSV export)."""
    return _SafeWriter(out)
