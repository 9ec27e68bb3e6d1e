"""Piedmontese Tarocchi: what a hand played out is worth, in game points (PIE3-6, PIE3-8).

Each player counts the cards of his own pile singly (PIE3-2: 129 in all; the dealer's discard
is his) and wins or loses a game point for every card point over or under 43 (PIE3-8).
Declarations are paid by each opponent (PIE3-6). With option ``fool=5`` the pack counts 130
and the break-even is 130/3: every amount is kept in thirds of a game point, so the hand stays
exactly zero-sum (3 x points - 130 per player).
"""

from __future__ import annotations

from ...cardset import cards_of
from ...report import SideTally
from . import rules as R
from .play import Piemonte3Play

N = 3


def score_hand(h: Piemonte3Play) -> None:
    """The payments of a hand played out: declarations (PIE3-6) and card points against the
    break-even (PIE3-8), each player's pile with the dealer's discard (PIE3-5)."""
    report = h.report
    scale = h.scale
    totals = h.won_points()
    discard_points = sum(h.card_points[card] for card in cards_of(h.discard or 0))
    totals[h.dealer] += discard_points  # the discard is his, in his pile or apart (PIE3-7a)
    tricks = [0] * N
    for trick in report.tricks:
        if trick.winner is not None:  # (a hand scored is played out: every trick is won)
            tricks[trick.winner] += 1
    sides = []
    for seat in range(N):
        extra = discard_points if seat == h.dealer else 0
        sides.append(
            SideTally(
                h.name(seat), (seat,), totals[seat] - extra, tricks[seat], 0, extra, totals[seat]
            )
        )
    report.sides = sides
    for seat, kind, _cards, worth, _loc in h.declared:
        amounts = tuple(worth * scale * (2 if s == seat else -1) for s in range(N))
        report.lines.append(
            h.score_line("declared", amounts, "PIE3-6", kind=kind, seat=seat, worth=worth)
        )
    pack = sum(totals)
    if scale == 1:
        amounts = tuple(t - R.BREAK_EVEN for t in totals)
    else:
        amounts = tuple(3 * t - pack for t in totals)
    report.lines.append(
        h.score_line(
            "card_points" if scale == 1 else "card_points.thirds",
            amounts,
            "PIE3-8",
            seats=tuple(range(N)),
            totals=tuple(totals),
            pack=pack,
            even=R.BREAK_EVEN,
        )
    )
    report.contract["bargaining"] = "continued" if h.lines.bargains else "not recorded"
    if h.exchanges:
        report.contract["fool"] = "; ".join(h.exchanges)
