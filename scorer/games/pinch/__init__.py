"""Ligurian pinch tarot (``pinch``), two players.

The modules point one way: :mod:`.game` (the engine) -> :mod:`.play` (the replay,
:class:`PinchReplay`) -> the phases (:mod:`.melds`, :mod:`.scoring`; :mod:`.generator` makes
random records) -> :mod:`.hand` (the state of one hand, :class:`PinchHand`, on the engine's
trick loop) -> :mod:`.messages`, :mod:`.rules`.
"""

from __future__ import annotations

from .game import Pinch
from .generator import random_record
from .hand import PinchHand
from .play import PinchReplay

__all__ = ["Pinch", "PinchHand", "PinchReplay", "random_record"]
