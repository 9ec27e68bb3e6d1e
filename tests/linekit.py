"""Whole-line edits of a record's text for the mutation and fast-path tests.

Several tests damage records line by line (a line swapped with another, dropped, repeated,
or its cards moved to another line) before adding edits of their own game; the shared kinds
live here so each test keeps only what is particular to it.
"""

from __future__ import annotations

#: The edits :func:`edit_lines` knows.
LINE_EDITS = ("swap", "drop", "dup", "move")


def body_lines(lines: list[str]) -> list[int]:
    """The indices of the non-empty lines that are not tags: the places an edit may touch."""
    return [i for i, line in enumerate(lines) if line and not line.startswith("[")]


def edit_lines(lines: list[str], kind: str, i: int, j: int) -> bool:
    """Apply the whole-line edit ``kind`` to ``lines`` in place, at lines ``i`` and ``j``:
    ``swap`` them, ``drop`` line i, ``dup`` line i before line j, or ``move`` the items after
    the colons of the two lines. False, with nothing changed, for any other kind (the
    caller's own)."""
    if kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "drop":
        del lines[i]
    elif kind == "dup":
        lines.insert(j, lines[i])
    elif kind == "move":
        head, _, rest = lines[i].partition(": ")
        other, _, rest2 = lines[j].partition(": ")
        if rest and rest2:
            lines[i], lines[j] = f"{head}: {rest2}", f"{other}: {rest}"
    else:
        return False
    return True
