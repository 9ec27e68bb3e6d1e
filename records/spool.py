"""A list kept in a temporary file: what a long run of records leaves behind, in flat memory.

``tarocco verify`` reads a session of any length a record at a time (#31.4); what it must
keep to the end (each record's ledger facts, then each ledger entry) goes to a
:class:`Spool`, which writes each item packed to a temporary file and reads it back when
asked. In memory it keeps a write buffer and eight bytes a item (where each item starts), so
a million records cost some 8 MB instead of the items themselves.
"""

from __future__ import annotations

import tempfile
from array import array
from collections.abc import Callable, Iterable, Iterator, MutableSequence
from typing import IO, Generic, TypeVar, overload

__all__ = ["Spool"]

_T = TypeVar("_T")

#: Bytes kept in memory before the file is written (and the file's read size).
BUFFER = 1 << 20


class Spool(MutableSequence[_T], Generic[_T]):
    """A list of items that are appended, then read (by index, slice or in order): each
    packed to bytes by ``pack`` and read back by ``unpack``. Only :meth:`append` (and
    ``extend``) add items; an item is never replaced, inserted or removed."""

    def __init__(self, pack: Callable[[_T], bytes], unpack: Callable[[bytes], _T]) -> None:
        self._pack, self._unpack = pack, unpack
        self._starts = array("Q", [0])  # item i is bytes starts[i] .. starts[i + 1]
        self._buffer = bytearray()
        self._written = 0  # bytes in the file; the buffer's come after them
        self._file: IO[bytes] | None = None

    def __len__(self) -> int:
        return len(self._starts) - 1

    def append(self, value: _T) -> None:
        self._buffer += self._pack(value)
        self._starts.append(self._written + len(self._buffer))
        if len(self._buffer) >= BUFFER:
            self._spill()

    def _spill(self) -> None:
        """Write the buffer to the file (made when first needed)."""
        if self._file is None:
            self._file = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()
        self._file.seek(self._written)
        self._file.write(self._buffer)
        self._written += len(self._buffer)
        self._buffer = bytearray()

    def _bytes(self, start: int, end: int) -> bytes:
        """Bytes ``start`` to ``end`` of the spooled data, from the file or the buffer."""
        if start >= self._written:
            return bytes(self._buffer[start - self._written : end - self._written])
        assert self._file is not None
        self._file.seek(start)
        data = self._file.read(min(end, self._written) - start)
        return data + bytes(self._buffer[: max(0, end - self._written)])

    @overload
    def __getitem__(self, index: int) -> _T: ...
    @overload
    def __getitem__(self, index: slice) -> list[_T]: ...
    def __getitem__(self, index: int | slice) -> _T | list[_T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        count = len(self)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("spool index out of range")
        return self._unpack(self._bytes(self._starts[index], self._starts[index + 1]))

    def __iter__(self) -> Iterator[_T]:
        """The items in order, the file read a block at a time."""
        block, block_start = b"", 0
        for index in range(len(self)):
            start, end = self._starts[index], self._starts[index + 1]
            if end > block_start + len(block):
                block, block_start = self._bytes(start, max(end, start + BUFFER)), start
            yield self._unpack(block[start - block_start : end - block_start])

    def extend(self, values: Iterable[_T]) -> None:
        for value in values:
            self.append(value)

    def close(self) -> None:
        """Remove the file (the items are gone)."""
        if self._file is not None:
            self._file.close()
            self._file = None
        self._starts = array("Q", [0])
        self._buffer = bytearray()
        self._written = 0

    # A spool only grows at its end.
    def __setitem__(self, index: object, value: object) -> None:
        raise TypeError("a spool's items are not replaced")

    def __delitem__(self, index: object) -> None:
        raise TypeError("a spool's items are not removed")

    def insert(self, index: int, value: _T) -> None:
        raise TypeError("a spool only grows at its end: append")
