"""Minchiate (``minchiate``), the 97-card game of four in partnerships.

The modules point one way: :mod:`.game` (the engine, :class:`Minchiate`, and
:class:`MinchiateReplay`, which drives the replay) -> :mod:`.play` (:class:`MinchiatePlay`:
the play through the one trick loop of :mod:`scorer.games.engine`, Minchiate's rules in its
hooks) -> :mod:`.scoring` (the marks and the count) -> :mod:`.hand` (the state of one game,
:class:`MinchiateHand`: the lines, the deal, the declarations) -> :mod:`.rules` and
:mod:`.messages` (the findings' sentences). :mod:`.generator` plays random games through the
Hand API (:meth:`Minchiate.start_play`); :mod:`.session` holds giri and sets.
"""

from __future__ import annotations

from .game import Minchiate, MinchiateReplay
from .generator import random_record, random_session
from .hand import MinchiateHand
from .play import MinchiatePlay

__all__ = [
    "Minchiate",
    "MinchiateHand",
    "MinchiatePlay",
    "MinchiateReplay",
    "random_record",
    "random_session",
]
