"""Tarocchi of Piedicavallo (``piedicavallo``), four players in partnerships.

The modules point one way: :mod:`.game` (the engine and :class:`PiedicavalloReplay`, which
drives the replay) -> the phases (:mod:`.scoring`, :mod:`.session` for the game of four deals,
:mod:`.generator`) -> :mod:`.hand` (the state of one deal, :class:`PiedicavalloHand`, which
plays through the one trick loop of :mod:`scorer.games.engine`) -> the leaves it uses
(:mod:`.talk`, the table talk its trick hook checks; :mod:`.messages`, the findings'
templates) -> :mod:`.rules`.
"""

from __future__ import annotations

from .game import Piedicavallo, PiedicavalloReplay
from .generator import random_record
from .hand import PiedicavalloHand

__all__ = ["Piedicavallo", "PiedicavalloHand", "PiedicavalloReplay", "random_record"]
