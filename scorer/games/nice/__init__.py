"""Mitigatti of Nice, four players (``nice4``) and three (``nice3``).

The modules point one way: :mod:`.game` (the engines and :class:`NiceReplay`, which drives
the replay) -> the phases (:mod:`.contract`, :mod:`.declare`, :mod:`.play`, :mod:`.scoring`,
:mod:`.generator`) -> :mod:`.hand` (the state of one replay, :class:`NiceHand`) ->
:mod:`.rules` (options, tables).
"""

from __future__ import annotations

from .game import Nice3, Nice4, NiceGame, NiceReplay
from .generator import random_record
from .hand import NiceHand

__all__ = ["Nice3", "Nice4", "NiceGame", "NiceHand", "NiceReplay", "random_record"]
