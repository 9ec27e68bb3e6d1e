"""How the games of a session came out: one :class:`GameResult` per game, as each engine
judges it (PINCH-8, PIE-7), or who is ahead in a session that is not played as games.

Standings are made from these, so that a pinch match counts games won and never card points
added to another game's marca (issue #20.13).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["GameResult", "leaders"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game of a session came out, or (``number`` 0, in games that are not played
    as games of several hands) who is ahead in the session as a whole.

    ``winners`` are the players who won a finished game (a side's two players in
    Piedicavallo), or who lead the session; empty for a draw, a game not finished, or a
    session where nobody is ahead. ``text`` says it in words, naming ``rule``.
    """

    number: int
    text: str
    rule: str | None = None
    finished: bool = False
    winners: tuple[str, ...] = ()
    players: tuple[str, ...] = ()

    @property
    def draw(self) -> bool:
        return self.finished and not self.winners


def leaders(balances: Mapping[str, int], start: int, unit: str, rule: str | None) -> GameResult:
    """The session as a whole (``number`` 0): who is ahead of the starting stake, in words.

    >>> leaders({"Anna": 12, "Bruno": 8, "Carla": 10}, 10, "marca", "NICE-18").text
    'ahead: Anna with +2 marca (NICE-18)'
    >>> leaders({"Anna": 0, "Bruno": 0}, 0, "rests", "MIN-15").text
    'nobody is ahead: every balance is +0 rests (MIN-15)'
    """
    cite = f" ({rule})" if rule else ""
    if not balances:
        return GameResult(0, f"no hand scored yet{cite}", rule)
    best = max(balances.values())
    ahead = tuple(name for name, amount in balances.items() if amount == best)
    net = best - start
    if len(ahead) == len(balances):
        return GameResult(0, f"nobody is ahead: every balance is {net:+d} {unit}{cite}", rule)
    return GameResult(
        0,
        f"ahead: {' and '.join(ahead)} with {net:+d} {unit}{cite}",
        rule,
        winners=ahead,
        players=tuple(balances),
    )
