"""The game engines, by the key a record's ``Game`` tag uses.

>>> {"nice4", "nice3"} <= set(GAMES)
True
>>> get_game("nice4").title
'Mitigatti of Nice, four players'
"""

from __future__ import annotations

from ..memo import clear_memos
from ..rulings import RULINGS
from .base import Game, Option, OptionError
from .minchiate import Minchiate
from .nice import Nice3, Nice4
from .piedicavallo import Piedicavallo
from .piemonte3 import Piemonte3
from .pinch import Pinch

__all__ = [
    "GAMES",
    "Game",
    "Option",
    "OptionError",
    "UnknownGame",
    "get_game",
    "register",
    "unregister",
]

# One engine a line, in the order the rules pages and the API list them (the seeds' order).
ENGINES: tuple[Game, ...] = (
    Nice4(),
    Nice3(),
    Minchiate(),
    Pinch(),
    Piemonte3(),
    Piedicavallo(),
)
#: Every game a record may name: the engines above, and any game :func:`register` adds.
GAMES: dict[str, Game] = {}


class UnknownGame(KeyError):
    """A game key no engine answers to."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known: {', '.join(sorted(GAMES))}"


def get_game(key: str) -> Game:
    try:
        return GAMES[key.strip().lower()]
    except KeyError:
        raise UnknownGame(key) from None


def register(game: Game) -> None:
    """Add ``game`` to :data:`GAMES` (after the engines above) and its own rulings
    (:attr:`Game.own_rulings <scorer.games.base.Game.own_rulings>`) to the catalogue, for a
    game that is not one of :data:`ENGINES` (the test suite's reference game): from then on
    the reader, the service and the pages know it. The memo tables are emptied, as what they
    hold was worked out without the game. A key or a ruling ID already taken is refused
    (``ValueError``)."""
    _add(game)
    clear_memos()


def _add(game: Game) -> None:
    """``game`` into :data:`GAMES` and its own rulings into the catalogue (refused when a
    key or an ID is taken)."""
    if game.key in GAMES:
        raise ValueError(f"a game {game.key!r} is already registered")
    taken = [ruling.id for ruling in game.own_rulings if ruling.id in RULINGS]
    if taken:
        raise ValueError(f"rulings already in the catalogue: {', '.join(taken)}")
    GAMES[game.key] = game
    for ruling in game.own_rulings:
        RULINGS[ruling.id] = ruling


def unregister(key: str) -> Game:
    """Take the game ``key`` that :func:`register` added out of :data:`GAMES`, with its own
    rulings, and empty the memo tables (what they hold may name it); the game. An engine of
    :data:`ENGINES` stays (``ValueError``)."""
    game = get_game(key)
    if game in ENGINES:
        raise ValueError(f"{game.key!r} is one of the engines, not a registered game")
    del GAMES[game.key]
    for ruling in game.own_rulings:
        RULINGS.pop(ruling.id, None)
    clear_memos()
    return game


for _engine in ENGINES:
    _add(_engine)
