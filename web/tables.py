"""Sessions grouped by the table they sit at, for the tournament page (issue 4: "sessions
per table").

A session's table is a free label given when it is opened (``--table "Table 2"``, column
``table_name``). A bare number is shown as "Table 2"; any other label as written. Sessions
whose labels name the same table ("2", "Table 2", "table  2": the same heading up to case
and spacing) form one group, headed as its first session's label is. Groups are in natural
order, the way a director numbers tables: digit runs compare as numbers, so "Table 2" comes
before "Table 10" and "2" before "10"; letters compare without regard to case. Sessions with
no table come last, in one group headed "No table given". Within a group the sessions keep
the order they are given in (the store's: by id, the order they were opened).

>>> rows = [{"id": 1, "table_name": "Table 10"}, {"id": 2, "table_name": None},
...         {"id": 3, "table_name": "7"}, {"id": 4, "table_name": "table 10"}]
>>> [(g.heading, [s["id"] for s in g.sessions]) for g in group_by_table(rows)]
[('Table 7', [3]), ('Table 10', [1, 4]), ('No table given', [2])]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

__all__ = ["NO_TABLE", "TableGroup", "group_by_table", "natural_key", "table_heading"]

NO_TABLE = "No table given"  # said in the page's language by table_heading
_DIGITS = re.compile(r"(\d+)")


def table_heading(label: str | None) -> str:
    """How a table is named on the pages: a bare number is "Table 2", any other label as
    the director wrote it ("Table 2", "Terrace"), and no label :data:`NO_TABLE`.

    >>> [table_heading(t) for t in ("2", "Table 2", "Terrace", None, "")]
    ['Table 2', 'Table 2', 'Terrace', 'No table given', 'No table given']
    """
    if not label:
        return _("No table given")
    return _("Table %(number)s", number=label) if label.isdigit() else label


def natural_key(label: str) -> tuple[tuple[int | str, ...], str]:
    """A sort key that orders digit runs by their value and letters without case, then (to
    keep the order total) by the label itself.

    The split always starts with a text piece (maybe empty) and alternates text and number,
    so two keys compare text with text and number with number.

    >>> sorted(["10", "2", "Table 10", "table 3", "Table 2", "B", "a"], key=natural_key)
    ['2', '10', 'a', 'B', 'Table 2', 'table 3', 'Table 10']
    """
    pieces = _DIGITS.split(label.casefold())
    return tuple(int(p) if i % 2 else p for i, p in enumerate(pieces)), label


@dataclass(frozen=True)
class TableGroup:
    """The sessions of one table: its heading on the page (:func:`table_heading` of the
    first session's label, :data:`NO_TABLE` for the sessions with none) and its sessions in
    the order given."""

    heading: str
    sessions: list[Mapping[str, Any]]
    labelled: bool = True


def _same_table(heading: str) -> str:
    """The key under which headings name the same table: case and runs of spaces aside."""
    return " ".join(heading.split()).casefold()


def group_by_table(sessions: Iterable[Mapping[str, Any]]) -> list[TableGroup]:
    """The sessions grouped by table: labelled tables in natural order of their headings
    (:func:`natural_key`), then the sessions with no table, if any."""
    headings: dict[str, str] = {}
    groups: dict[str, list[Mapping[str, Any]]] = {}
    unlabelled: list[Mapping[str, Any]] = []
    for session in sessions:
        label = session.get("table_name")
        if not label:
            unlabelled.append(session)
            continue
        heading = table_heading(label)
        key = _same_table(heading)
        headings.setdefault(key, heading)
        groups.setdefault(key, []).append(session)
    ordered = [
        TableGroup(headings[key], groups[key])
        for key in sorted(groups, key=lambda k: natural_key(headings[k]))
    ]
    if unlabelled:
        ordered.append(TableGroup(_(NO_TABLE), unlabelled, labelled=False))
    return ordered
