"""Minchiate sessions: giri of four games, sets of three giri, partnerships by the draw and the
two rests per game of an unfinished giro (MIN-16).

A set opens with a record that has a ``draw`` line (the players, highest cut first). In giro
*g* (1..3) the first dealer partners the player who cut *g+1*-th highest; the first game of
each giro is dealt by the first dealer, and within a giro the deal passes to the right (the
ledger checks that, G-6). When the session ends inside a giro, each game left unplayed pays
2 rests to each player of the side of the player who would have dealt it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...findings import Finding, Loc, Severity
from ...messages import Said, render
from ...record import Record
from ...report import Report
from ...wording import ITALIAN
from .messages import SESSION, TEMPLATES

GAMES_PER_GIRO = 4
GIRI_PER_SET = 3
UNFINISHED_RESTS = 2


def _finding(code: str, severity: Severity, loc: Loc | None, **facts: Any) -> Finding:
    """A finding about the session (MIN-16), its sentence from its facts (players named as
    each record names them)."""
    message = render(TEMPLATES[code], facts, ITALIAN, ())
    return Finding(code, severity, message, "MIN-16", loc, facts=facts)


@dataclass(frozen=True)
class _Place:
    """Where a record stands in its session: set, giro and game (all 1-based)."""

    set: int
    giro: int
    game: int
    draw: tuple[str, ...] | None


def _places(records: Sequence[Record]) -> tuple[list[_Place], list[tuple[int, Finding]]]:
    places: list[_Place] = []
    findings: list[tuple[int, Finding]] = []
    draw: tuple[str, ...] | None = None
    set_no, count = 0, 0
    for number, record in enumerate(records, start=1):
        lines = record.lines("draw")
        if lines:
            if count % (GAMES_PER_GIRO * GIRI_PER_SET) and set_no:
                findings.append(
                    (
                        number,
                        _finding("DRAW_IN_SET", Severity.VIOLATION, lines[0].loc, game=count + 1),
                    )
                )
            draw = tuple(item.text for item in lines[0].items)
            set_no, count = set_no + 1, 0
        elif not set_no or count == GAMES_PER_GIRO * GIRI_PER_SET:
            if set_no:
                findings.append(
                    (
                        number,
                        _finding("DRAW_MISSING", Severity.NOTE, record.start),
                    )
                )
            set_no, count = set_no + 1, 0
        giro, game = divmod(count, GAMES_PER_GIRO)
        places.append(_Place(set_no, giro + 1, game + 1, draw))
        count += 1
    return places, findings


def session_findings(
    records: Sequence[Record], reports: Sequence[Report]
) -> list[tuple[int, Finding]]:
    """MIN-16: partnerships by the draw, the first dealer opening every giro, the seats kept
    within a giro."""
    places, findings = _places(records)
    first_dealer: str | None = None
    for number, (record, place) in enumerate(zip(records, places, strict=True), start=1):
        players = record.players
        if len(players) != 4:  # not a Minchiate table: the hand itself says so (G-2)
            continue
        dealer = players[record.dealer] if record.dealer is not None else None
        if place.giro == 1 and place.game == 1:
            first_dealer = place.draw[0] if place.draw else dealer
        if place.draw and first_dealer in players and len(place.draw) == 4:
            seat = players.index(first_dealer)
            partner = place.draw[place.giro] if place.giro < len(place.draw) else None
            if partner is not None and players[(seat + 2) % 4] != partner:
                findings.append(
                    (
                        number,
                        _finding(
                            "WRONG_PARTNERS",
                            Severity.VIOLATION,
                            record.start,
                            giro=place.giro,
                            first=first_dealer,
                            partner=partner,
                            cut=place.giro + 1,
                            opposite=players[(seat + 2) % 4],
                        ),
                    )
                )
        if place.game == 1 and first_dealer is not None and dealer != first_dealer:
            findings.append(
                (
                    number,
                    _finding(
                        "DEALER_OUT_OF_TURN",
                        Severity.VIOLATION,
                        record.start,
                        giro=place.giro,
                        first=first_dealer,
                        dealer=dealer,
                    ),
                )
            )
        if place.game > 1 and records[number - 2].players != players:
            findings.append(
                (
                    number,
                    _finding("SEATS_CHANGED", Severity.VIOLATION, record.start),
                )
            )
    return findings


def session_payments(
    records: Sequence[Record], reports: Sequence[Report]
) -> list[tuple[dict[str, int], str]]:
    """MIN-16: 2 rests to each player of the would-be dealer's side, from each player of the
    other side, for each game of the last giro left unplayed."""
    if not records:
        return []
    places, _ = _places(records)
    last, record = places[-1], records[-1]
    if last.game == GAMES_PER_GIRO or record.dealer is None or len(record.players) != 4:
        return []
    players = record.players
    out: list[tuple[dict[str, int], str]] = []
    for offset in range(1, GAMES_PER_GIRO - last.game + 1):
        dealer = (record.dealer + offset) % 4
        side = {players[dealer], players[(dealer + 2) % 4]}
        amounts = {p: UNFINISHED_RESTS if p in side else -UNFINISHED_RESTS for p in players}
        out.append(
            (
                amounts,
                Said.of(
                    SESSION,
                    "minchiate.unfinished",
                    giro=last.giro,
                    game=last.game + offset,
                    player=players[dealer],
                    rests=UNFINISHED_RESTS,
                ),
            )
        )
    return out


def session_summary(
    records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
) -> list[str]:
    """Where the session stands in its sets and giri, and who is ahead, in rests."""
    if not records:
        return []
    places, _ = _places(records)
    last = places[-1]
    place = {"set": last.set, "giro": last.giro, "game": last.game, "games": GAMES_PER_GIRO}
    lines: list[str] = [Said.of(SESSION, "minchiate.place", count=len(records), **place)]
    for _amounts, reason in session_payments(records, reports):
        lines.append(reason)
    if balances:
        best = max(balances.values())
        leaders = [p for p, b in balances.items() if b == best]
        lines.append(Said.of(SESSION, "minchiate.ahead", leaders=tuple(leaders), best=best))
    return lines
