"""Mitigatti of Nice, four players (``nice4``) and three (``nice3``).

The modules point one way: :mod:`.game` (the engines and :class:`NiceReplay`, which drives
the replay) -> the phases (:mod:`.contract`, :mod:`.declare`, :mod:`.play`, :mod:`.scoring`,
:mod:`.generator`) -> :mod:`.hand` (the state of one replay, :class:`NiceHand`, a
:class:`~scorer.games.engine.TrickPlay` whose tricks go through the one trick loop, with
the Bagatte watch) -> :mod:`.rules` (options, tables, the rules of play) and :mod:`.messages`
(the findings' sentences). ``NiceGame.start_play`` is the Hand API:
the state of a deal as its play begins, to be stepped a card at a time.
"""

from __future__ import annotations

from .game import Nice3, Nice4, NiceGame, NiceReplay
from .generator import random_record
from .hand import NiceHand

__all__ = ["Nice3", "Nice4", "NiceGame", "NiceHand", "NiceReplay", "random_record"]
