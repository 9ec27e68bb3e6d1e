"""Piemonte tarot for three (``piemonte3``).

The modules point one way: :mod:`.game` (the engine and :class:`Piemonte3Replay`, which
drives the replay) -> the phases (:mod:`.bargain`, :mod:`.declare`, :mod:`.play`,
:mod:`.scoring`, :mod:`.generator`) -> :mod:`.hand` (the state of one replay,
:class:`Piemonte3Hand`) -> :mod:`.rules`.
"""

from __future__ import annotations

from .game import Piemonte3, Piemonte3Replay
from .generator import random_record
from .hand import Piemonte3Hand

__all__ = ["Piemonte3", "Piemonte3Hand", "Piemonte3Replay", "random_record"]
