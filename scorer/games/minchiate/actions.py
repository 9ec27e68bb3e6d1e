"""The actions of a game of Minchiate (#32.3), for :class:`scorer.games.actions.HandState`:
which actions exist at each point, never whether they are legal (the replay says that).

When the cut shows a run of counting cards and sopraventi, the cutter robs it or leaves it
(MIN-3); the rest of the deal is what the cards fall to, written with that choice: the
twenty cards each and the face-up 21st (MIN-4), what the dealer turns up and takes from the
folla (MIN-5). Then the dealer's partner announces the folla's suits (MIN-5), the robber and
the dealer discard a card at a time as many as they took (MIN-6), each card is played
(MIN-12), and the versicole are offered once the first trick is gathered, written just
after its line (MIN-7). The Fool's replacement and cascare are left to the replay, which
derives the one and notes the other (MIN-11, MIN-14).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from ...cards import FOOL, Card
from ...cardset import cards_of, mask_of
from ...record import Item, Line, Trick
from ..actions import Action, HandState, cards_line, declaration, discard_steps, section
from ..engine import TrickPlay
from . import rules as R

__all__ = ["MinchiateActions"]

SUITS = ("swords", "batons", "cups", "coins")


class MinchiateActions:
    """The actions of ``minchiate``."""

    unfinished: ClassVar[frozenset[str]] = frozenset(("WRONG_DISCARD_SIZE",))

    def deal(self, state: HandState, deck: Sequence[Card]) -> list[Line]:
        """The deal's lines, or none while the cutter has a run to rob or leave (MIN-3):
        his choice writes them (:func:`_rob`)."""
        return [] if _run(deck) else _dealt(state, deck, 0)

    def feed(self, play: TrickPlay, line: Line) -> None:
        """No line between tricks steps the play."""

    def candidates(self, state: HandState) -> list[Action]:
        for step in (_rob, _folla, _discards, _play):
            found = step(state)
            if found is not None:
                return found
        return []


def _run(deck: Sequence[Card]) -> int:
    """MIN-3: how many cards at the cut are counting cards or sopraventi, before the first
    other card (at most the 13 of the folla)."""
    position = 0
    while position < 13 and deck[position].bit & R.ROBBABLE:
        position += 1
    return position


def _dealt(state: HandState, deck: Sequence[Card], robbed: int) -> list[Line]:
    """MIN-3 .. MIN-5: the robbed cards' line (``robbed`` of them), the hands, the face-up
    cards, what the dealer turns up (scoprire) and takes (pigliare); the folla is the rest."""
    names = state.players
    cutter = (state.dealer + 3) % 4
    lines = [cards_line("rob", names[cutter], deck[:robbed])] if robbed else []
    position = robbed
    order = [(state.dealer + 1 + k) % 4 for k in range(4)]
    hands: dict[int, Sequence[Card]] = {}
    for seat in order:
        hands[seat] = deck[position : position + 20]
        position += 20
    faceup = {seat: deck[position + k] for k, seat in enumerate(order)}
    talon = list(deck[position + 4 :])
    turned = []
    while talon and talon[0].bit & R.ROBBABLE:
        turned.append(talon.pop(0))
    taken = [c for c in talon if c.bit & R.COUNTING]
    lines += [cards_line("hand", names[s], hands[s]) for s in range(4)]
    lines += [cards_line("faceup", names[s], [faceup[s]]) for s in range(4)]
    lines += [cards_line("scoprire", None, turned)] if turned else []
    lines += [cards_line("pigliare", None, taken)] if taken else []
    return lines


def _rob(state: HandState) -> list[Action] | None:
    """MIN-3: the cutter robs the run of counting cards and sopraventi at the cut, or leaves
    it to the deal; either way the deal is written after (a record being entered has its
    deal already: nothing to choose)."""
    deck = state.deck
    if deck is None or state.lines("hand"):
        return None
    run = _run(deck)
    cutter = (state.dealer + 3) % 4
    robbed = _dealt(state, deck, run)
    due = "WRONG_DISCARD_SIZE"  # the discards come next (MIN-6)
    rob = section(
        state, "rob", "rob", cutter, robbed[0], "MIN-3", waits=due, cards=tuple(deck[:run])
    )
    left = Action(
        cutter,
        "rob",
        "rob.none",
        (("seat", cutter),),
        "",
        "MIN-3",
        waits=due,
        then=tuple(_dealt(state, deck, 0)),
    )
    return [replace(rob, then=tuple(robbed[1:])), left]


def _taken(state: HandState) -> tuple[list[int], list[int]]:
    """Each seat's cards before the discards, and how many each must discard (MIN-6)."""
    held = [h | f for h, f in zip(state.held(), state.held("faceup"), strict=True)]
    counts = [0] * 4
    for keyword, seat in (
        ("rob", (state.dealer + 3) % 4),
        ("scoprire", state.dealer),
        ("pigliare", state.dealer),
    ):
        for line in state.lines(keyword):
            cards = mask_of(line.cards())
            held[seat] |= cards
            counts[seat] += cards.bit_count()
    return held, counts


def _folla(state: HandState) -> list[Action] | None:
    """MIN-5: the dealer's partner announces how many cards of each suit the folla holds."""
    if state.lines("folla"):
        return None
    held, _ = _taken(state)
    folla = R.PACK & ~(held[0] | held[1] | held[2] | held[3])
    counts = tuple(f"{SUITS[s]}={(folla >> (14 * s) & 0x3FFF).bit_count()}" for s in range(4))
    partner = (state.dealer + 2) % 4
    line = cards_line("folla", None, cards_of(folla), tail=counts)
    return [section(state, "folla", "folla", partner, line, "MIN-5", counts=", ".join(counts))]


def _discards(state: HandState) -> list[Action] | None:
    """MIN-6: the robber, then the dealer, discard as many cards as they took."""
    held, counts = _taken(state)
    for seat in ((state.dealer + 3) % 4, state.dealer):
        if not counts[seat]:
            continue
        steps = discard_steps(
            state, seat, held[seat], counts[seat], "MIN-6", subject=state.players[seat]
        )
        if steps is not None:
            return steps
    return None


def _play(state: HandState) -> list[Action]:
    play = state.play()
    if play is None:
        return []
    out = _versicole(state, play) if play.done == 1 and not play.current_trick else []
    return out + state.card_actions()


def _versicole(state: HandState, play: TrickPlay) -> list[Action]:
    """MIN-7: each player's versicole, with the Fool, offered until the first trick is
    over (the replay says when a declaration comes too late)."""
    out = []
    declared = {line.subject for line in state.lines("declare")}
    for seat in range(4):
        name = state.players[seat]
        hand = int(play.hand(seat)) | _played(state, seat)
        found = R.versicole(hand)
        if not found or name in declared:
            continue
        shown = 0
        for versicola in found:
            shown |= versicola.cards
        shown |= hand & FOOL.bit
        out.append(declaration(state, seat, "versicole", cards_of(shown), "MIN-7"))
    return out


def _played(state: HandState, seat: int) -> int:
    """The card ``seat`` played in the first trick, if any (a versicola may hold it)."""
    play = state.play()
    if play is None or not state.tricks_begun:
        return 0
    first = next(ln for ln in state.body if isinstance(ln, Trick))
    leader = play.report.tricks[0].leader if play.report.tricks else play.leader
    items: tuple[Item, ...] = first.plays
    for position, item in enumerate(items):
        if (leader + position) % 4 == seat and item.card is not None:
            return 1 << item.card
    return 0
