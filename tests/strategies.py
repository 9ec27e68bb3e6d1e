"""Hypothesis strategies built on the games' own seeded generators: a drawn integer seeds
``Game.random_record``, so every example is a legal record and shrinks to a smaller seed."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from records.writer import write
from scorer.games import GAMES
from scorer.record import Record

__all__ = ["game_keys", "record_texts", "records"]

game_keys = st.sampled_from(sorted(GAMES))


@st.composite
def records(draw: st.DrawFn, game: str | None = None) -> Record:
    """A legal random record of ``game`` (or of any registered game)."""
    key = game or draw(game_keys)
    return GAMES[key].random_record(random.Random(draw(st.integers(0, 2**32 - 1))))


@st.composite
def record_texts(draw: st.DrawFn, game: str | None = None) -> tuple[str, str]:
    """``(game key, canonical text)`` of a legal random record."""
    record = draw(records(game))
    return record.game, write(record)
