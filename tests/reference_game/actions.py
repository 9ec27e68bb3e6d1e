"""The actions of a hand of the reference game, for the action API
(:class:`scorer.games.actions.HandState`): which actions exist at each point, never whether
they are legal (the game's replay says that). A plain trick game has one phase after the
deal: each card played in turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from scorer.cards import Card
from scorer.games.actions import Action, HandState, cards_line
from scorer.games.engine import TrickPlay
from scorer.record import Line

from . import rules as R

__all__ = ["ReferenceActions"]


class ReferenceActions:
    """The actions of ``reference``."""

    unfinished: ClassVar[frozenset[str]] = frozenset()  # no line is written a card at a time

    def deal(self, state: HandState, deck: Sequence[Card]) -> list[Line]:
        """REF-1: the whole pack, 26 cards each, from the dealer's right round to him."""
        hands: dict[int, Sequence[Card]] = {}
        for step in range(state.n):
            seat = (state.dealer + 1 + step) % state.n
            hands[seat] = deck[step * R.HAND_SIZE : (step + 1) * R.HAND_SIZE]
        return [cards_line("hand", state.players[s], hands[s]) for s in range(state.n)]

    def candidates(self, state: HandState) -> list[Action]:
        """Each card of the player to play (REF-2 judges them); none before the deal."""
        return state.card_actions()

    def feed(self, play: TrickPlay, line: Line) -> None:
        """No line is written between tricks."""
