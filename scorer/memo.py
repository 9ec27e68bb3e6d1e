"""Memo tables: answers worked out once and looked up after, each with a size cap.

Every memo of the reader (``records/notation.py``) and of the record model
(``scorer/record.py``) is a :class:`BoundedMemo`: a plain ``dict`` (so a look-up is the
built-in ``get``, as fast as a dict's) that forgets everything once it holds ``limit``
entries. Records of one table repeat the same tags, names and card runs, so the tables fill
quickly and hit often; a text of garbage can only make them start again, never grow without
bound. :data:`MEMOS` holds them all, so a test or a long-running process can see or clear
what they hold.
"""

from __future__ import annotations

import weakref
from typing import Any, TypeVar

__all__ = ["MEMOS", "BoundedMemo", "clear_memos"]

K = TypeVar("K")
V = TypeVar("V")


class BoundedMemo(dict[K, V]):
    """A memo table: a ``dict`` emptied when it is full, named for :data:`MEMOS`.

    Read it as a dict (``memo.get(key)``); add through :meth:`put`, which keeps the cap.
    """

    __slots__ = ("__weakref__", "limit", "name")

    def __init__(self, name: str, limit: int) -> None:
        super().__init__()
        self.name = name
        self.limit = limit
        MEMOS[id(self)] = self

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (emptying the table first if it is full); return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def __repr__(self) -> str:
        return f"BoundedMemo({self.name!r}, {len(self)}/{self.limit})"


#: Every memo table alive (a table inside another, dropped when that one is emptied, goes).
MEMOS: weakref.WeakValueDictionary[int, BoundedMemo[Any, Any]] = weakref.WeakValueDictionary()


def clear_memos() -> None:
    """Empty every memo table (they fill again as records are read)."""
    for memo in list(MEMOS.values()):
        memo.clear()
