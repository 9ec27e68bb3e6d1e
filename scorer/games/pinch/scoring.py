"""Pinch: the score sheet of a hand and of a game (PINCH-2, PINCH-5, PINCH-7, PINCH-8).

A hand's sheet is the rule text's: a column per player and, per hand, each player's melds
(``10T``, ``2T``, ``10G``, ``10F``, ``5C`` ...), the Bagatto ultimo (``20B``) and the deck
points (91 in all). Each entry is a :class:`~scorer.report.ScoreLine` naming its ruling; the
hand's settlement is each player's total for the hand, and the session ledger keeps the
running totals. Nothing is paid between the players: pinch is not zero-sum.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...record import Record
from ...report import Report, SideTally, Status
from ...results import GameResult
from ..base import Game
from . import rules as R
from .hand import PinchHand
from .melds import Meld

BAGATTO_POINTS = 20  # PINCH-7
DECK_TOTAL = 91  # PINCH-2: 52 card points and 39 tricks


def _to(seat: int, amount: int) -> tuple[int, int]:
    return (amount, 0) if seat == 0 else (0, amount)


#: The cards of each point value (PINCH-2: 4, 3, 2, 1), as masks: a pile's points are four
#: counts of bits instead of a step per card.
_POINT_MASKS = tuple(
    (value, sum(1 << card for card, points in enumerate(R.POINTS) if points == value))
    for value in sorted(set(R.POINTS) - {0}, reverse=True)
)


def pile_points(pile: int) -> int:
    """PINCH-2: the card points of the cards in ``pile`` (a mask)."""
    return sum([value * (pile & cards).bit_count() for value, cards in _POINT_MASKS])


def deck_points(h: PinchHand) -> list[SideTally]:
    """PINCH-2: the card points in each player's pile, plus 1 for every two cards in it."""
    out = []
    for seat in (0, 1):
        pile = h.piles[seat]
        card_points = pile_points(pile)
        pairs = pile.bit_count() // 2
        out.append(
            SideTally(
                h.name(seat), (seat,), card_points, h.won[seat], pairs, 0, card_points + pairs
            )
        )
    return out


def score_hand(h: PinchHand, melds: Sequence[Meld]) -> None:
    """The hand's sheet: ``melds`` (those accepted) in the order shown, the Bagatto ultimo,
    the deck points."""
    report = h.report
    lines = report.lines
    for meld in melds:
        lines.append(
            h.score_line(
                "meld",
                _to(meld.seat, meld.points),
                "PINCH-5",
                code=meld.code,
                meld=meld.description,
                seat=meld.seat,
                when=meld.when,
                cards=meld.cards,
            )
        )
    if h.bagatto is not None and h.options["bagatto-ultimo"] == "on":
        player, winner = h.bagatto
        lines.append(
            h.score_line(
                "bagatto" if player == winner else "bagatto.other",
                _to(winner, BAGATTO_POINTS),
                "PINCH-7",
                points=BAGATTO_POINTS,
                player=player,
                winner=winner,
            )
        )
    report.sides = deck_points(h)
    totals = [side.total for side in report.sides]
    first, second = (
        ("deck", s.name, s.total, s.card_points, s.trick_points, s.trick_points * 2)
        for s in report.sides
    )
    lines.append(
        h.score_line(
            "deck", (totals[0], totals[1]), "PINCH-2", first=first, second=second, total=sum(totals)
        )
    )
    if h.covered is not None:
        report.contract["Fool covered with"] = h.text(h.covered)


def hands_per_game(game: Game, records: Sequence[Record]) -> int:
    """PINCH-8: the number of hands in a game, from the first record's options."""
    try:
        options = game.resolve_options(records[0].options if records else None)
    except ValueError:
        options = game.resolve_options()
    return int(options["hands"])


def session_results(
    game: Game, records: Sequence[Record], reports: Sequence[Report]
) -> list[GameResult]:
    """PINCH-8: each game of the session (its hands in order, the deal alternating), its
    totals and its winner; a game not finished is said so."""
    size = hands_per_game(game, records)
    out = []
    for start in range(0, len(reports), size):
        chunk = reports[start : start + size]
        names: list[str] = []
        totals: dict[str, int] = {}
        unscored = 0
        for report in chunk:
            if report.status in (Status.INVALID, Status.PARTIAL):
                unscored += 1
            for name, amount in zip(report.players, report.settlement, strict=True):
                if name not in totals:
                    names.append(name)
                    totals[name] = 0
                totals[name] += amount
        first, last = start + 1, start + len(chunk)
        number = start // size + 1
        span = f"hand {first}" if first == last else f"hands {first}-{last}"
        scores = ", ".join(f"{name} {totals[name]}" for name in names)
        head = f"game {number} ({span}): {scores}"
        extra = f"; {unscored} hand(s) not scored" if unscored else ""
        if len(chunk) < size:
            text = (
                f"{head}: {len(chunk)} of {size} hands played, the game is not finished"
                f"{extra} (PINCH-8)"
            )
            out.append(GameResult(number, text, "PINCH-8", players=tuple(names)))
            continue
        best = max(totals.values(), default=0)
        leaders = [name for name in names if totals[name] == best]
        winners = tuple(leaders) if len(leaders) == 1 else ()
        verdict = f"{leaders[0]} wins" if winners else "a draw (equal totals)"
        text = f"{head}: {verdict}{extra} (PINCH-8)"
        out.append(GameResult(number, text, "PINCH-8", True, winners, tuple(names)))
    return out


def session_summary(game: Game, records: Sequence[Record], reports: Sequence[Report]) -> list[str]:
    """PINCH-8: each game of the session in words (:func:`session_results`)."""
    return [result.text for result in session_results(game, records, reports)]
