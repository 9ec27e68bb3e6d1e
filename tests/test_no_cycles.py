"""Reading and verifying a record makes no reference cycles.

A replay that refers to itself (a helper holding the replay that holds it) keeps the whole
record alive until the garbage collector runs, and the collector then walks every line of
it: that once cost pinch and Minchiate a tenth of their speed (BENCHMARKS.md's history).
Objects freed by reference counting never reach ``gc.garbage``; with ``DEBUG_SAVEALL`` everything
the collector had to free does, so an empty list means no cycle was made.
"""

from __future__ import annotations

import gc
import random

import pytest

from records.notation import read
from records.writer import write
from scorer.games import ENGINES


@pytest.mark.parametrize("game", ENGINES, ids=lambda game: game.key)
def test_reading_and_verifying_leave_no_garbage_cycles(game) -> None:
    rng = random.Random(7)
    texts = [write(game.random_record(rng)) for _ in range(20)]
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for text in texts:
            parsed = read(text)[0]
            report = game.verify(parsed.record)
            assert report.complete or report.findings  # a real replay ran
            del parsed, report
        gc.collect()
        found = sorted({type(obj).__qualname__ for obj in gc.garbage})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert found == []
