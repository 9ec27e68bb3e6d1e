"""The game engines, by the key a record's ``Game`` tag uses.

>>> {"nice4", "nice3"} <= set(GAMES)
True
>>> get_game("nice4").title
'Mitigatti of Nice, four players'
"""

from __future__ import annotations

from .base import Game, Option, OptionError
from .minchiate import Minchiate
from .nice import Nice3, Nice4
from .piedicavallo import Piedicavallo
from .piemonte3 import Piemonte3
from .pinch import Pinch

__all__ = ["GAMES", "Game", "Option", "OptionError", "UnknownGame", "get_game"]

# One engine a line, in the order the rules pages and the API list them (the seeds' order).
ENGINES: tuple[Game, ...] = (
    Nice4(),
    Nice3(),
    Minchiate(),
    Pinch(),
    Piemonte3(),
    Piedicavallo(),
)
GAMES: dict[str, Game] = {game.key: game for game in ENGINES}


class UnknownGame(KeyError):
    """A game key no engine answers to."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known: {', '.join(sorted(GAMES))}"


def get_game(key: str) -> Game:
    try:
        return GAMES[key.strip().lower()]
    except KeyError:
        raise UnknownGame(key) from None
