"""Piemonte tarot for three (``piemonte3``).

The modules point one way: :mod:`.game` (the engine, :class:`Piemonte3Replay`, which drives
the replay, and the Hand API's :meth:`Piemonte3.start_play`) -> the phases (:mod:`.bargain`,
:mod:`.declare`, :mod:`.play` with :class:`Piemonte3Play`, the Fool's exchange as the trick
loop's hook, :mod:`.scoring`, :mod:`.generator`) -> :mod:`.hand` (the state of one replay,
:class:`Piemonte3Hand`, a :class:`~scorer.games.engine.TrickPlay`) -> :mod:`.rules` and
:mod:`.messages` (the sentences of its findings).
"""

from __future__ import annotations

from .game import Piemonte3, Piemonte3Replay
from .generator import random_record
from .hand import Piemonte3Hand
from .play import Piemonte3Play

__all__ = ["Piemonte3", "Piemonte3Hand", "Piemonte3Play", "Piemonte3Replay", "random_record"]
