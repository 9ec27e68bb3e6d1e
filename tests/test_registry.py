"""The registry of games (``scorer/games/__init__.py``): a game registered for a while is
known everywhere a record is read, and forgotten when it is taken out.

:func:`scorer.games.register` adds a game that is not one of the engines (the test suite's
reference game, ``tests/test_reference_game.py``), with its own rulings, and
:func:`scorer.games.unregister` takes it out again; neither may touch the engines.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from reference_game import Reference

from records.notation import read_one
from scorer.games import ENGINES, GAMES, UnknownGame, get_game, register, unregister
from scorer.games.base import Ruling
from scorer.rulings import RULINGS

TEXT = '[Game "{key}"]\n[Players "Anna, Bruno, Carla"]\n[Dealer "Anna"]\n'


class Another(Reference):
    """The reference game under another key, with a ruling of its own under another ID."""

    key = "reference-copy"
    own_rulings = (Ruling("COPY-1", "Copied", "A ruling only the copy has.", "Only the copy."),)
    rulings = (*Reference.rulings, "COPY-1")


@pytest.fixture
def another() -> Iterator[Another]:
    game = Another()
    yield game
    if game.key in GAMES:  # (a test that failed before taking it out)
        unregister(game.key)


def test_a_registered_game_is_read_and_then_forgotten(another: Another) -> None:
    text = TEXT.format(key=another.key)
    assert any("unknown game" in str(error) for error in read_one(text).errors)
    register(another)
    assert get_game(another.key) is another and list(GAMES)[-1] == another.key
    assert read_one(text).errors == []
    assert RULINGS["COPY-1"].title == "Copied"
    assert another.key in str(UnknownGame("nobody"))
    assert unregister(another.key) is another
    # the reader's memo of the tags it read is emptied: it no longer knows the game
    assert any("unknown game" in str(error) for error in read_one(text).errors)
    assert "COPY-1" not in RULINGS and another.key not in GAMES


def test_a_key_or_a_ruling_taken_is_refused(another: Another) -> None:
    register(another)
    with pytest.raises(ValueError, match="already registered"):
        register(Another())
    unregister(another.key)
    clash = Another()
    clash.own_rulings = (Ruling("G-1", "Flagged", "A ruling of the catalogue.", "Flagged."),)
    with pytest.raises(ValueError, match="G-1"):
        register(clash)
    assert clash.key not in GAMES and RULINGS["G-1"].title != "Flagged"


def test_the_engines_stay() -> None:
    for engine in ENGINES:
        with pytest.raises(ValueError, match="one of the engines"):
            unregister(engine.key)
        assert GAMES[engine.key] is engine
    with pytest.raises(UnknownGame):
        unregister("no-such-game")
