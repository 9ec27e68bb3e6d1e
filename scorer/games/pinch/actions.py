"""The actions of a hand of pinch (#32.3), for :class:`scorer.games.actions.HandState`: which
actions exist at each point, never whether they are legal (the replay says that).

After each of the first 24 tricks the winner, then the loser, draws the stock's next card
(PINCH-3); while the trick on the table is empty a player may show the melds his hand holds
(PINCH-5: the replay says whether the moment is his); once the Fool's owner has won a trick
after it, he may cover it with a card of that trick (PINCH-6); and each card is played
(PINCH-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...cards import Card
from ...cardset import cards_of
from ...record import Item, Line
from ..actions import Action, HandState, cards_line, section
from ..engine import TrickPlay
from . import rules as R
from .hand import PinchHand

__all__ = ["PinchActions"]


class PinchActions:
    """The actions of ``pinch``."""

    unfinished: ClassVar[frozenset[str]] = frozenset()

    def deal(self, state: HandState, deck: Sequence[Card]) -> list[Line]:
        """PINCH-3: fifteen cards to the dealer's opponent, fifteen to the dealer, the rest
        the stock, top first."""
        leader = 1 - state.dealer
        hands = {leader: deck[: R.HAND_SIZE], state.dealer: deck[R.HAND_SIZE : 2 * R.HAND_SIZE]}
        lines = [cards_line("hand", state.players[s], hands[s]) for s in (0, 1)]
        stock = deck[2 * R.HAND_SIZE :]
        return [*lines, Line("stock", None, tuple(Item(str(c), c) for c in stock))]

    def feed(self, play: TrickPlay, line: Line) -> None:
        """A draw or a cover steps the Hand API's state as the record's line does."""
        assert isinstance(play, PinchHand)
        if line.keyword == "draw":
            play.draw_line(line)
        elif line.keyword == "cover":
            play.cover_line(line)

    def candidates(self, state: HandState) -> list[Action]:
        play = state.play()
        if not isinstance(play, PinchHand):
            return []
        drawer = play.to_draw()
        if drawer is not None:
            return _draw(state, play, drawer)
        out: list[Action] = []
        if not play.current_trick:  # between tricks
            if play.to_play() is not None:
                out += _melds(state, play)
            out += _cover(state, play)
        return out + state.card_actions()


def _draw(state: HandState, play: PinchHand, seat: int) -> list[Action]:
    """PINCH-3: the seat due to draw takes the stock's next card (every card unseen, when
    the record does not give the stock)."""
    if play.stock is not None:
        cards = [play.stock[play.stock_pos]]
    else:
        cards = list(cards_of(R.PACK & ~play.drawn & ~int(play.hand(0)) & ~int(play.hand(1))))
    name = state.players[seat]
    return [
        section(state, "draw", "draw", seat, cards_line("draw", name, [c]), "PINCH-3", card=int(c))
        for c in cards
    ]


def _melds(state: HandState, play: PinchHand) -> list[Action]:
    """PINCH-5: each meld a hand holds, offered to both players: all its trumps when ten or
    more, the gatti, a family, four or three of a kind."""
    out = []
    for seat in (0, 1):
        hand = int(play.hand(seat))
        found: list[tuple[str, int]] = []
        if (hand & R.TRUMPS).bit_count() >= 10:
            found.append(("trumps", hand & R.TRUMPS))
        if hand & R.GATTI == R.GATTI:
            found.append(("gatti", R.GATTI))
        found += [("family", f) for f in R.FAMILIES if hand & f == f]
        for same in R.KINDS.values():
            held = hand & same
            if held.bit_count() >= 3:
                found.append(("four" if held == same else "three", held))
        name = state.players[seat]
        for kind, cards in found:
            line = cards_line("meld", name, cards_of(cards), head=(kind,))
            out.append(
                section(
                    state,
                    "meld",
                    "meld",
                    seat,
                    line,
                    "PINCH-5",
                    optional=True,
                    kind=kind,
                    cards=tuple(cards_of(cards)),
                )
            )
    return out


def _cover(state: HandState, play: PinchHand) -> list[Action]:
    """PINCH-6: the Fool's owner covers it with a card of a trick he won after it."""
    owner = play.fool_owner
    if owner is None or play.covered is not None or not play.fool_after:
        return []
    name = state.players[owner]
    return [
        section(
            state,
            "cover",
            "cover",
            owner,
            cards_line("cover", name, [c]),
            "PINCH-6",
            optional=play.to_play() is not None,
            card=int(c),
        )
        for c in cards_of(play.fool_after)
    ]
