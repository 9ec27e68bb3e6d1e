"""Piedicavallo: what a deal is worth (PIE-2, PIE-3, PIE-4, PIE-6, PIE-7).

Each side counts the cards of the tricks it won; the Fool counts for the side that played it
and the discard for the dealer's side, each given up to the other side when its side won no
trick (so a vola takes all 114). Each player's score is his side's points minus the average
of 57: the deal is zero-sum and a player's running balance is his side's lead (PIE-7).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import FOOL
from ...cardset import cards_of
from ...report import SideTally
from . import rules as R
from .hand import PiedicavalloHand

__all__ = ["score", "side_name"]


def side_name(players: Sequence[str], side: int) -> str:
    """The partners of a side by name: side 0 is seats 0 and 2, side 1 seats 1 and 3."""
    return f"{players[side]} and {players[side + 2]}"


def score(h: PiedicavalloHand) -> None:
    """Each side's card points; the Fool to its side and the discard to the dealer's side,
    each given up to the other side if its side won no trick (PIE-4, PIE-3, PIE-6); the lead
    over the average of 57 for each partner (PIE-7)."""
    report = h.report
    players = report.players
    points = R.POINTS
    won = [0, 0]
    card_points = [0, 0]
    fool_seat = None
    for trick in report.tricks:
        assert trick.winner is not None  # (a complete deal's)
        side = trick.winner & 1
        won[side] += 1
        card_points[side] += trick.points
        if FOOL in trick.cards:
            fool_seat = trick.seats[trick.cards.index(FOOL)]
    names = (side_name(players, 0), side_name(players, 1))
    if fool_seat is not None:
        side = fool_seat & 1
        card_points[side if won[side] else 1 - side] += points[FOOL]
    dealer_side = h.dealer & 1
    discard_points = [0, 0]
    discard_value = sum(map(points.__getitem__, cards_of(h.discard or 0)))
    discard_points[dealer_side if won[dealer_side] else 1 - dealer_side] = discard_value
    totals = [card_points[0] + discard_points[0], card_points[1] + discard_points[1]]
    report.sides = [
        SideTally(names[0], (0, 2), card_points[0], won[0], 0, discard_points[0], totals[0]),
        SideTally(names[1], (1, 3), card_points[1], won[1], 0, discard_points[1], totals[1]),
    ]
    report.contract["sides"] = f"{names[0]} v {names[1]}"
    report.contract["dealer's side"] = names[dealer_side]
    lead = totals[0] - R.AVERAGE
    ahead = 0 if lead >= 0 else 1
    for side in (0, 1):
        if won[side] == 0:
            given = []
            if fool_seat is not None and fool_seat & 1 == side:
                given.append("fool")
            if side == dealer_side:
                given.append("discard")
            other = names[1 - side]
            report.contract["vola"] = other
            report.lines.append(
                h.score_line(
                    "vola.gives" if given else "vola",
                    (0, 0, 0, 0),
                    "PIE-6",
                    winners=(1 - side, 3 - side),
                    total=R.TOTAL,
                    losers=(side, side + 2),
                    given=tuple(given),
                )
            )
    amounts = (lead, -lead, lead, -lead)  # seats 0 and 2 against 1 and 3
    report.lines.append(
        h.score_line(
            "lead" if lead else "lead.level",
            amounts,
            "PIE-7",
            first=(0, 2),
            second=(1, 3),
            totals=tuple(totals),
            total=R.TOTAL,
            ahead=(ahead, ahead + 2),
            lead=abs(lead),
            average=R.AVERAGE,
        )
    )
