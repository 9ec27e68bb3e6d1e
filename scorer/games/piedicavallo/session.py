"""The Piedicavallo game of four deals (PIE-7): the running lead, the early end, the tie.

A session is one game: its records are the deals in order, one per dealer, the deal passing
to the right (G-6, checked by the ledger). Each deal gives each partner his side's points
minus the average of 57 (:func:`~scorer.games.piedicavallo.score`), so a player's balance in
the ledger is his side's lead, as the players keep it at the table. The game ends

* after three deals when one side leads by more than 57 (a vola in the fourth deal, worth 57,
  could not catch it up);
* after four deals, the side ahead winning;
* after a tie at four deals, after two more deals (both are played: level after four, no side
  can lead by more than 57 after the fifth); still tied, a draw.

A deal recorded after the game's end is flagged (``DEAL_AFTER_GAME_END``) and counts in no
balance (:func:`hands_not_counted`: the ledger shows it as not counted); a change of players or
partners within the game is flagged too (``PARTNERS_CHANGED``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...findings import Finding, Severity
from ...messages import Said, render
from ...record import Record
from ...report import Report, Status
from ...results import GameResult
from ...wording import ITALIAN
from ..base import Game
from . import rules as R
from .messages import ENDINGS, SESSION, TEMPLATES, TERMS

RULE = "PIE-7"
DEALS = 4
EXTRA = 2


@dataclass
class Progress:
    """The game so far: per deal the lead of the first side after it (``None`` when the deal
    could not be scored), and the deal after which the game ended (``None``: not yet)."""

    sides: tuple[tuple[str, str], tuple[str, str]]
    gains: list[int | None] = field(default_factory=list)
    leads: list[int] = field(default_factory=list)
    ended_after: int | None = None
    ended: str = ""  # how: a key of :data:`.messages.ENDINGS`

    @property
    def lead(self) -> int:
        """The first side's lead over the average after the last deal of the game."""
        deals = self.ended_after or len(self.leads)
        return self.leads[deals - 1] if deals else 0

    def name(self, side: int) -> str:
        return " and ".join(self.sides[side])


def progress(game: Game, records: Sequence[Record], reports: Sequence[Report]) -> Progress:
    """Follow the game through ``records`` (in order) and their ``reports``."""
    first = records[0].players if records else []
    names = list(first) + ["?"] * (4 - len(first))
    state = Progress(((names[0], names[2]), (names[1], names[3])))
    lead = 0
    for number, report in enumerate(reports, start=1):
        gain = None
        if report.status in (Status.CLEAN, Status.FLAGGED) and names[0] in report.players:
            gain = report.settlement[report.players.index(names[0])]
            lead += gain
        state.gains.append(gain)
        state.leads.append(lead)
        if state.ended_after is not None:
            continue
        ahead = abs(lead)
        if number == 3 and ahead > R.AVERAGE:
            state.ended_after, state.ended = 3, "three_deals"
        elif number == DEALS and lead:
            state.ended_after, state.ended = DEALS, "four_deals"
        elif number == DEALS + EXTRA:
            state.ended_after, state.ended = number, "extra_deals" if lead else "level"
    return state


def game_over(game: Game, records: Sequence[Record], reports: Sequence[Report]) -> bool:
    return progress(game, records, reports).ended_after is not None


def session_findings(
    game: Game, records: Sequence[Record], reports: Sequence[Report]
) -> list[tuple[int, Finding]]:
    """PIE-7: deals after the game's end; players or partners changed within the game."""
    if not records:
        return []
    state = progress(game, records, reports)
    out: list[tuple[int, Finding]] = []
    pairs = {frozenset(state.sides[0]), frozenset(state.sides[1])}
    for number, record in enumerate(records, start=1):
        players = record.players
        if (
            len(players) == 4
            and {frozenset((players[0], players[2])), frozenset((players[1], players[3]))} != pairs
        ):
            sides = {"side0": state.sides[0], "side1": state.sides[1]}
            out.append((number, _finding("PARTNERS_CHANGED", record, deal=number, **sides)))
        if state.ended_after is not None and number > state.ended_after:
            finding = _finding("DEAL_AFTER_GAME_END", record, deal=number, ended=state.ended)
            out.append((number, finding))
    return out


def _finding(code: str, record: Record, **facts: Any) -> Finding:
    """A violation of PIE-7 about ``record`` as a whole, worded from the game's template for
    ``code`` (:mod:`.messages`) and ``facts`` (``names``: the record's players in order)."""
    facts["names"] = tuple(record.players)
    message = render(TEMPLATES[code], facts, ITALIAN, record.players, terms=TERMS)
    return Finding(code, Severity.VIOLATION, message, RULE, loc=record.start, facts=facts)


def hands_not_counted(
    game: Game, records: Sequence[Record], reports: Sequence[Report]
) -> dict[int, str]:
    """PIE-7: a deal recorded after the game ended is no part of it: shown, not counted."""
    if not records:
        return {}
    state = progress(game, records, reports)
    if state.ended_after is None:
        return {}
    note = Said.of(SESSION, "piedicavallo.not_counted", deal=state.ended_after)
    return {number: note for number in range(state.ended_after + 1, len(records) + 1)}


def session_results(
    game: Game, records: Sequence[Record], reports: Sequence[Report]
) -> list[GameResult]:
    """PIE-7: the session's one game: the side that won it and by how much, a draw, or a
    game not finished (its words are the last line of :func:`session_summary`)."""
    if not records:
        return []
    state = progress(game, records, reports)
    players = (*state.sides[0], *state.sides[1])
    text = _verdict(state, len(records))
    if state.ended_after is None:
        return [GameResult(1, text, RULE, players=players)]
    lead = state.lead
    winners = state.sides[0 if lead > 0 else 1] if lead else ()
    return [GameResult(1, text, RULE, True, tuple(winners), players)]


def _verdict(state: Progress, played: int) -> str:
    """The game's result in words: the winners and their margin, a draw, or what is left."""
    lead = state.lead
    if state.ended_after is None:
        if played < DEALS:
            left = f"{DEALS - played} more deal(s) to play"
        elif lead == 0 and played == DEALS:
            left = "a tie after four deals: two more deals to play"
        else:
            left = f"{DEALS + EXTRA - played} more deal(s) to play after the tie"
        return f"the game goes on: {left} (PIE-7)"
    ended = ENDINGS[state.ended]
    if lead:
        return f"{state.name(0 if lead > 0 else 1)} win the game by {abs(lead)} {ended} (PIE-7)"
    return f"the game is a draw: {ended} (PIE-7)"


def session_summary(game: Game, records: Sequence[Record], reports: Sequence[Report]) -> list[str]:
    """The running lead deal by deal, and the result: the winner, a draw, or what is left."""
    if not records:
        return []
    state = progress(game, records, reports)
    out = []
    last = state.ended_after or len(records)
    for number in range(1, last + 1):
        record = records[number - 1]
        dealer = record.players[record.dealer] if record.dealer is not None else "?"
        gain = state.gains[number - 1]
        lead = state.leads[number - 1]
        standing = (
            f"{state.name(0 if lead > 0 else 1)} lead by {abs(lead)}"
            if lead
            else "the sides are level"
        )
        if gain is None:
            out.append(
                f"deal {number} (dealt by {dealer}): {reports[number - 1].status.value},"
                f" not scored; {standing} (PIE-7)"
            )
        else:
            out.append(
                f"deal {number} (dealt by {dealer}): {state.name(0)} "
                f"{R.AVERAGE + gain}, {state.name(1)} {R.AVERAGE - gain}; {standing} "
                "(PIE-7)"
            )
    out.append(_verdict(state, len(records)))
    if None in state.gains[:last]:
        out.append("some deals could not be scored: the lead counts only the deals scored")
    return out
