"""The bargaining state machine of Piedmontese Tarocchi (PIE3-4).

After deal rounds 2, 3 and 4 the players speak in turn from eldest. Each may pass, demand N
game points, offer N game points to end the hand, or say "continue", which ends the session
and lets the deal go on. Every move is checked against what that player said before in the
same session: after a pass anything goes; after demanding d: pass, demand less than d, or
offer; after offering o: pass or offer more than o; "continue" is always allowed. Once all
three have spoken, as soon as the standing demands equal the standing offers (a pass stands
for 0) the hand is thrown in and each offerer pays his offer, the demanders receiving their
demands. All three passing throws the hand in with no payment.

>>> session = Session(3, first=1)
>>> [session.speak(m) for m in (Move("demand", 6), Move("offer", 2), Move("offer", 4))]
[None, None, None]
>>> session.settled, session.payments()
(True, (-4, 6, -2))
>>> s = Session(3, first=0)
>>> s.speak(Move("offer", 3)), s.speak(Move("pass")), s.speak(Move("pass"))
(None, None, None)
>>> s.speak(Move("demand", 3))
'OFFERED_THEN_DEMANDED'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from . import rules as R

__all__ = ["Move", "Session", "allowed_moves", "move_fault", "parse_move"]

PASS, DEMAND, OFFER, CONTINUE = "pass", "demand", "offer", "continue"


class Move(NamedTuple):
    """One word of the bargaining: ``kind`` is pass, demand, offer or continue."""

    kind: str
    amount: int = 0

    def __str__(self) -> str:
        return f"{self.kind}={self.amount}" if self.kind in (DEMAND, OFFER) else self.kind


def parse_move(text: str) -> Move | None:
    """A bargaining word as written (``pass``, ``continue``, ``demand=5``, ``offer=3``), or
    ``None`` when it is not one (amounts are whole numbers of at least 1)."""
    word = text.casefold()
    if word in R.PASS_WORDS:
        return Move(PASS)
    if word in R.CONTINUE_WORDS:
        return Move(CONTINUE)
    key, sep, value = word.partition("=")
    if not sep or not value.isascii() or not value.isdigit() or int(value) < 1:
        return None
    if key in R.DEMAND_KEYS:
        return Move(DEMAND, int(value))
    if key in R.OFFER_KEYS:
        return Move(OFFER, int(value))
    return None


def move_fault(before: Move | None, move: Move) -> str | None:
    """The PIE3-4 code a move breaks given the player's previous move, or ``None``."""
    if before is None or before.kind == PASS or move.kind in (PASS, CONTINUE):
        return None
    if before.kind == DEMAND:
        if move.kind == DEMAND and move.amount >= before.amount:
            return "DEMAND_NOT_LOWER"
        return None
    # before.kind == OFFER
    if move.kind == DEMAND:
        return "OFFERED_THEN_DEMANDED"
    if move.amount <= before.amount:
        return "OFFER_NOT_HIGHER"
    return None


def allowed_moves(before: Move | None, top: int) -> list[Move]:
    """The moves PIE3-4 allows after ``before``, amounts 1 .. ``top`` (for the generator)."""
    out = [Move(PASS), Move(CONTINUE)]
    for amount in range(1, top + 1):
        for kind in (DEMAND, OFFER):
            move = Move(kind, amount)
            if move_fault(before, move) is None:
                out.append(move)
    return out


@dataclass
class Session:
    """One bargaining session: the speakers in turn from ``first`` (eldest), each player's
    standing move, and whether it ended (``continued`` or ``settled``)."""

    players: int
    first: int
    said: list[Move | None] = field(default_factory=list)
    spoken: int = 0
    continued: bool = False
    settled: bool = False

    def __post_init__(self) -> None:
        self.said = [None] * self.players

    @property
    def over(self) -> bool:
        return self.continued or self.settled

    @property
    def speaker(self) -> int:
        """The seat whose turn it is."""
        return (self.first + self.spoken) % self.players

    def speak(self, move: Move) -> str | None:
        """The next speaker says ``move``; returns the PIE3-4 fault code or ``None``. The move
        stands as said either way (G-1: flagged, then taken as played)."""
        seat = self.speaker
        fault = move_fault(self.said[seat], move)
        self.said[seat] = move
        self.spoken += 1
        if move.kind == CONTINUE:
            self.continued = True
        elif self.spoken >= self.players and self.demanded() == self.offered():
            self.settled = True
        return fault

    def demanded(self) -> int:
        return sum(m.amount for m in self.said if m is not None and m.kind == DEMAND)

    def offered(self) -> int:
        return sum(m.amount for m in self.said if m is not None and m.kind == OFFER)

    def payments(self) -> tuple[int, ...]:
        """PIE3-4: each offerer pays his offer, each demander receives his demand (the two sums
        are equal when the session settles, so this is zero-sum)."""
        out = []
        for move in self.said:
            if move is not None and move.kind == DEMAND:
                out.append(move.amount)
            elif move is not None and move.kind == OFFER:
                out.append(-move.amount)
            else:
                out.append(0)
        return tuple(out)
