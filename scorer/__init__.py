"""The rules engine: pure Python, no I/O. A game's engine replays a record and reports.

>>> from scorer import get_game
>>> get_game("nice4").title
'Mitigatti of Nice, four players'

``get_game(key).verify(record, options)`` gives a :class:`Report`; ``build_ledger`` puts a
table's hands and rulings in order with running balances. Records are read from text by
:mod:`records.notation`. ``get_game(key).start_hand(players, dealer, deck)`` is a
:class:`HandState`: a hand played a step at a time, each :class:`Action` of its
``legal_actions()`` taken by ``apply`` (:class:`IllegalAction` for one that is not legal).
"""

from __future__ import annotations

from .games import GAMES, Game, Option, OptionError, UnknownGame, get_game
from .games.actions import Action, HandState, IllegalAction
from .ledger import Adjustment, Ledger, build_ledger
from .record import Record
from .report import Report, Status

__all__ = [
    "GAMES",
    "Action",
    "Adjustment",
    "Game",
    "HandState",
    "IllegalAction",
    "Ledger",
    "Option",
    "OptionError",
    "Record",
    "Report",
    "Status",
    "UnknownGame",
    "build_ledger",
    "get_game",
]
