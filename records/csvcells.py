"""CSV for spreadsheets: a text cell that a spreadsheet would run as a formula is written
as text (#21.15).

A player named ``=1+1`` (or ``@SUM(A1)``, ``+cmd``, ``-2+3``) in a ledger or standings
export ran as a formula when the file was opened in a spreadsheet. Every CSV export writes
through :func:`spreadsheet_writer`, which puts an apostrophe before a *text* cell that starts
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (OWASP's advice; spreadsheets
show the text without the apostrophe). Numbers stay numbers: ``-6`` in an amount column is
an ``int`` and is written as ``-6``.

No control character reaches a cell either (#30.3): a NUL ends a C string in the program
that reads the file, an escape sequence drives the terminal it is printed on, and a name
holding one was exported raw. In a text cell a tab or a line break (a ruling's reason may
run over lines) becomes a space, so the text reads on as it did; every other control
character (category Cc: C0, DEL, C1) becomes U+FFFD, the replacement character, so that the
reader sees that something was there rather than nothing. The formula guard then looks at
the cell as written, after any leading spaces.

>>> import io
>>> out = io.StringIO()
>>> _ = spreadsheet_writer(out).writerow(["=1+1", -6, "Anna", "-x", 3.5, "@a", ""])
>>> out.getvalue()
"'=1+1,-6,Anna,'-x,3.5,'@a,\\r\\n"
>>> safe_cell("Anna\\x00\\x1b[31m"), safe_cell("two\\r\\nlines"), safe_cell("\\t=1+1")
('Anna\ufffd\ufffd[31m', 'two lines', "' =1+1")
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any

__all__ = ["CONTROL_REPLACEMENTS", "FORMULA_STARTS", "safe_cell", "spreadsheet_writer"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: What each control character becomes in a text cell (see the module's docstring).
CONTROL_REPLACEMENTS = {code: "\ufffd" for code in (*range(0x20), *range(0x7F, 0xA0))} | {
    ord(char): " " for char in "\t\n\r"
}


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell a spreadsheet will not run and that holds no control
    character: in text, a tab or line break becomes a space and any other control character
    U+FFFD; then text starting like a formula (after leading spaces) gets a leading
    apostrophe. Numbers and everything else are kept as they are."""
    if not isinstance(value, str):
        return value
    if not value.isprintable():  # the usual cell is printable: nothing to replace
        value = value.replace("\r\n", "\n").translate(CONTROL_REPLACEMENTS)
    if value.lstrip(" ").startswith(FORMULA_STARTS):
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
