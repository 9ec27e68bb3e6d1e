"""The actions of a deal of Piedicavallo (#32.3), for :class:`scorer.games.actions.HandState`:
which actions exist at each point, never whether they are legal (the replay says that).

The phases: the dealer's discard, a card at a time, ``announce=N`` written with the last card
when trumps are discarded (PIE-3); then each card, alone or with a remark (PIE-5). The table
talk is a language of its own, too large to list: the remarks offered with a card are a few of
its statements (what the player holds of the card's topic after it, and the requests about the
trick or a later lead); each is judged by the replay like any other action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...cards import Card
from ...record import Line
from ..actions import Action, HandState, cards_line, discard_steps
from ..engine import TrickPlay
from . import rules as R
from .talk import COUNTED, group_of

__all__ = ["PiedicavalloActions"]


class PiedicavalloActions:
    """The actions of ``piedicavallo``."""

    unfinished: ClassVar[frozenset[str]] = frozenset(("WRONG_DISCARD_SIZE",))

    def deal(self, state: HandState, deck: Sequence[Card]) -> list[Line]:
        """PIE-3: fifteen cards each from the dealer's right round to him, who takes 17."""
        hands: list[list[Card]] = [[] for _ in range(state.n)]
        position = 0
        for step in range(1, state.n + 1):
            seat = (state.dealer + step) % state.n
            size = R.DEALER_CARDS if seat == state.dealer else R.HAND_SIZE
            hands[seat] = list(deck[position : position + size])
            position += size
        return [cards_line("hand", state.players[s], hands[s]) for s in range(state.n)]

    def feed(self, play: TrickPlay, line: Line) -> None:
        """No line between tricks steps the play."""

    def candidates(self, state: HandState) -> list[Action]:
        dealer = state.dealer
        discard = discard_steps(
            state, dealer, state.held()[dealer], R.DISCARD_SIZE, "PIE-3", announce=True
        )
        if discard is not None:
            return discard
        play = state.play()
        if play is None:
            return []

        def remarks(seat: int, card: int) -> list[str]:
            return _remarks(play, seat, card)

        return state.card_actions(remarks)


def _remarks(play: TrickPlay, seat: int, card: int) -> list[str]:
    """A few statements of PIE-5 for ``seat`` playing ``card``: how many cards of its topic
    he holds after it, and the requests about the trick (while his partner has yet to
    play) and a later lead."""
    group = group_of(card)
    left = int(play.hand(seat)) & ~(1 << card) & COUNTED[group]
    out = [f"have +{left.bit_count()}" if left else "have none"]
    position = len(play.current_trick)
    if position < 2:
        out.append("win-this")
    if position == 0:
        out.append("cover")
    if group < 4:
        out.append("lead this")
    return out
