"""What a hand of the reference game played out is worth (REF-3, REF-4).

Each player counts the card points of the tricks he won (REF-3: 52 in all); the Fool's 4
stay with the player who played it, as the trick loop leaves them. He receives three times
his points less 52: the three amounts add up to nothing.
"""

from __future__ import annotations

from scorer.cards import FOOL
from scorer.report import SideTally

from . import rules as R
from .play import ReferencePlay

__all__ = ["score_hand"]


def won_points(h: ReferencePlay) -> tuple[list[int], list[int]]:
    """Each seat's card points and tricks won (REF-3), the Fool's points with its player."""
    points, tricks = [0] * R.PLAYERS, [0] * R.PLAYERS
    for result in h.report.tricks:
        winner = result.winner
        if winner is None:  # (a hand scored is played out: every trick is won)
            continue
        points[winner] += result.points
        tricks[winner] += 1
        if FOOL in result.cards:
            points[result.seats[result.cards.index(FOOL)]] += R.POINTS[FOOL]
    return points, tricks


def score_hand(h: ReferencePlay) -> None:
    """The sides (one per player) and the payment line of a hand played out (REF-4)."""
    report = h.report
    points, tricks = won_points(h)
    report.sides = [
        SideTally(h.name(seat), (seat,), points[seat], tricks[seat], 0, 0, points[seat])
        for seat in range(R.PLAYERS)
    ]
    amounts = tuple(R.PLAYERS * p - R.POINT_TOTAL for p in points)
    seats = tuple(range(R.PLAYERS))
    report.lines.append(
        h.score_line("points", amounts, "REF-4", seats=seats, points=tuple(points), total=52)
    )
