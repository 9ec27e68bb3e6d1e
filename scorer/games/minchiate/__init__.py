"""Minchiate (``minchiate``), the 97-card game of four in partnerships.

The modules point one way: :mod:`.game` (the engine and :class:`MinchiateReplay`, which
drives the replay) -> the phases (:mod:`.play`, :mod:`.scoring`, :mod:`.session` for giri and
sets, :mod:`.generator`) -> :mod:`.hand` (the state of one game, :class:`MinchiateHand`) ->
:mod:`.rules`.
"""

from __future__ import annotations

from .game import Minchiate, MinchiateReplay
from .generator import random_record, random_session
from .hand import MinchiateHand

__all__ = ["Minchiate", "MinchiateHand", "MinchiateReplay", "random_record", "random_session"]
