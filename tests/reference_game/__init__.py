"""The reference game (``reference``): a plain trick game for three, a teaching example.

``docs/adding-a-game.md`` builds it step by step; the test suite registers it while its
tests run (``tests/test_reference_game.py``), so it stays true, but it is offered to no
user. The modules point one way: :mod:`.game` (the engine, :class:`Reference`, and the
replay, :class:`ReferenceReplay`) -> the phases (:mod:`.play`, :mod:`.scoring`,
:mod:`.generator`) -> :mod:`.hand` (the state of one replay, :class:`ReferenceHand`) ->
:mod:`.rules` and :mod:`.messages`.
"""

from __future__ import annotations

from .game import Reference, ReferenceReplay
from .generator import random_record
from .hand import ReferenceHand

__all__ = ["Reference", "ReferenceHand", "ReferenceReplay", "random_record"]
