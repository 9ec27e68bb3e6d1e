"""The actions of a hand of Mitigatti of Nice (#32.3), for :class:`scorer.games.actions.HandState`:
which actions exist at each point, never whether they are legal (the replay says that).

The phases, in the order of the game: the mountain words of each deal round, a word at a time
from eldest (NICE-5; four ``mountain`` throw the deal in, and the hands are then the cards
dealt so far, NICE-5a), the dealer's discard a card at a time (NICE-6; ``announce=N`` written
with the last card when Tarots are discarded), in nice4 the Solo and the call (NICE-7 ..
NICE-9) and the Solo player's exchange (NICE-7), then the play: 10 Tarocche offered before
the first card (NICE-12), each card, and Mitigatti or Quatre Rei with the card that completes
the set (NICE-13).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...cards import FOOL, Card
from ...cardset import cards_of
from ...record import Line
from ...tricks import TRUMP_MASK
from ..actions import Action, HandState, cards_line, declaration, discard_steps, section, words_line
from ..engine import TrickPlay
from . import rules as R
from .hand import NiceHand

__all__ = ["NiceActions"]


@dataclass(frozen=True)
class NiceActions:
    """The actions of ``nice4`` or ``nice3``: the deal rounds' sizes, the dealer's extra
    cards (his discard)."""

    unfinished: ClassVar[frozenset[str]] = frozenset(
        ("BAD_MOUNTAIN", "WRONG_DISCARD_SIZE", "MISSING_EXCHANGE")
    )

    rounds: tuple[int, ...]
    extra: int

    def deal(self, state: HandState, deck: Sequence[Card]) -> list[Line]:
        """The hand lines of ``deck``: each seat's cards in one run from eldest round, the
        dealer's with his extra cards (NICE-5)."""
        return [
            cards_line("hand", state.players[s], _dealt(self, state, deck, s))
            for s in range(state.n)
        ]

    def feed(self, play: TrickPlay, line: Line) -> None:
        """No line between tricks steps the play."""

    def candidates(self, state: HandState) -> list[Action]:
        for step in (self._mountain, self._discard, self._contract, self._play):
            found = step(state)
            if found is not None:
                return found
        return []

    # -- NICE-5: the mountain --------------------------------------------------------
    def _mountain(self, state: HandState) -> list[Action] | None:
        """The next mountain word, or ``[]`` when the deal is thrown in; ``None`` once every
        round has kept."""
        said = {line.subject: [i.text for i in line.items] for line in state.lines("mountain")}
        for number in range(1, len(self.rounds) + 1):
            words = said.get(str(number))
            if words is None:
                return self._words(state, number, [])
            if "keep" not in words:
                if len(words) >= state.n:
                    return []  # thrown in
                return self._words(state, number, words)
        return None

    def _words(self, state: HandState, number: int, words: list[str]) -> list[Action]:
        seat = (state.dealer + 1 + len(words)) % state.n
        out = []
        for word in ("keep", "mountain"):
            said = [*words, word]
            line = words_line("mountain", str(number), said)
            thrown = said == ["mountain"] * state.n
            unfinished = word == "mountain" and not thrown
            redeal = self._so_far(state, number) if thrown and number < len(self.rounds) else ()
            out.append(
                section(
                    state,
                    "mountain",
                    f"mountain.{word}",
                    seat,
                    line,
                    "NICE-5",
                    extends=bool(words),
                    waits=_waits(unfinished, thrown and not redeal and number < len(self.rounds)),
                    redeal=redeal,
                )
            )
        return out

    def _so_far(self, state: HandState, number: int) -> tuple[Line, ...]:
        """NICE-5a: the hands as dealt by round ``number``, when the deal's order is known."""
        if state.deck is None:
            return ()
        size = sum(self.rounds[:number])
        return tuple(
            cards_line("hand", state.players[s], _dealt(self, state, state.deck, s)[:size])
            for s in range(state.n)
        )

    # -- NICE-6: the discard ---------------------------------------------------------
    def _discard(self, state: HandState) -> list[Action] | None:
        dealer = state.dealer
        return discard_steps(
            state, dealer, state.held()[dealer], self.extra, "NICE-6", announce=True
        )

    # -- NICE-7 .. NICE-9: the contract (nice4) --------------------------------------
    def _contract(self, state: HandState) -> list[Action] | None:
        if state.n != 4:
            return None
        solo = state.lines("solo")
        if not solo:
            out = [
                section(state, "solo", "solo.player", s, words_line("solo", None, [p]), "NICE-7")
                for s, p in enumerate(state.players)
            ]
            return [
                *out,
                section(
                    state, "solo", "solo.none", None, words_line("solo", None, ["none"]), "NICE-7"
                ),
            ]
        taker = state.seat_of(solo[0].items[0].text if solo[0].items else None)
        calls = state.lines("call")
        if not calls:
            return self._calls(state, taker)
        if taker is not None and not state.lines("exchange"):
            return self._exchange(state, taker, calls[0])
        return None

    def _calls(self, state: HandState, taker: int | None) -> list[Action]:
        hands = state.held()
        if taker is None:  # NICE-8: the dealer calls a King, or XX holding all four
            caller = state.dealer
            out = []
            for card in [*cards_of(R.KINGS), R.ANGEL]:
                words: tuple[str, ...] = ("",)
                if hands[caller] >> card & 1:
                    words = ("surrender", "sans-prendre")
                for word in words:
                    line = cards_line("call", None, [card], tail=(word,) if word else ())
                    label = f"call.{word}" if word else "call.card"
                    out.append(
                        section(state, "call", label, caller, line, "NICE-8", card=int(card))
                    )
            return out
        out = [
            section(
                state,
                "call",
                "call.card",
                taker,
                cards_line("call", None, [c]),
                "NICE-7",
                waits="MISSING_EXCHANGE",  # the exchange comes next
                card=int(c),
            )
            for c in cards_of(R.PACK & ~hands[taker])
        ]
        return [
            *out,
            section(
                state, "call", "call.none", taker, words_line("call", None, ["none"]), "NICE-7"
            ),
        ]

    def _exchange(self, state: HandState, taker: int, call: Line) -> list[Action] | None:
        """NICE-7: the Solo player passes a card back when another player holds the card he
        called (not when it lies in the discard, nor for a Solo sans prendre)."""
        called = call.cards()
        hands = state.held()
        discard = state.lines("discard")
        if not called or any(called[0] in line.cards() for line in discard):
            return None
        holder = next((s for s in range(4) if hands[s] >> called[0] & 1), None)
        if holder is None or holder == taker:
            return None
        return [
            section(
                state,
                "exchange",
                "exchange",
                taker,
                cards_line("exchange", None, [c]),
                "NICE-7",
                card=int(c),
            )
            for c in cards_of(hands[taker])
        ]

    # -- the play: NICE-12, NICE-13 --------------------------------------------------
    def _play(self, state: HandState) -> list[Action]:
        play = state.play()
        if play is None:
            return []
        out: list[Action] = []
        if not state.tricks_begun:
            out += self._tarocche(state, play)
        honours = play.honours if isinstance(play, NiceHand) else R.honours()

        def notes(seat: int, card: int) -> list[str]:
            left = int(play.hand(seat)) & ~(1 << card)
            sets = (("mitigatti", honours), ("quatre-rei", R.KINGS))
            return [name for name, need in sets if need >> card & 1 and not left & need]

        return out + state.card_actions(notes)

    def _tarocche(self, state: HandState, play: TrickPlay) -> list[Action]:
        """NICE-12: 10 Tarocche shown before the first trick, by a player with ten Tarots
        (the Fool counting): the ten highest offered."""
        out = []
        declared = {line.subject for line in state.lines("declare")}
        for seat in range(state.n):
            name = state.players[seat]
            tarots = cards_of(int(play.hand(seat)) & (TRUMP_MASK | FOOL.bit))
            if len(tarots) < 10 or name in declared:
                continue
            shown = sorted(tarots, key=lambda c: (c != FOOL, c))[-10:]
            out.append(
                declaration(state, seat, "10-tarocche", shown, "NICE-12", head=("10-tarocche",))
            )
        return out


def _waits(unfinished: bool, unknown_deal: bool) -> str | None:
    """What a mountain word leaves for later: the round's other words, or the hands as dealt
    by a round thrown in, when they were entered whole (NICE-5a)."""
    if unfinished:
        return "BAD_MOUNTAIN"
    return "WRONG_HAND_SIZE" if unknown_deal else None


def _dealt(rules: NiceActions, state: HandState, deck: Sequence[Card], seat: int) -> list[Card]:
    """``seat``'s cards of ``deck`` in the order dealt: one run per seat from eldest."""
    n = state.n
    size = sum(rules.rounds)
    position = 0
    for step in range(1, n + 1):
        s = (state.dealer + step) % n
        take = size + (rules.extra if s == state.dealer else 0)
        if s == seat:
            return list(deck[position : position + take])
        position += take
    raise ValueError(seat)
