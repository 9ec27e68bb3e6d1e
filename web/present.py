"""What the pages show, computed from report and ledger data (no Flask here, no HTML).

Everything works from the JSON shape of :func:`records.schemas.dump_report` and from
:class:`scorer.ledger.Ledger`, which every engine produces, so a game registered in
``scorer.games`` gets its pages without any code here. Where a game wants something of its
own, a small mapping keyed by game key says so:

* :data:`GAME_FACES`: the suit symbols its cards are drawn with (``italian`` or ``french``),
  when the engine's ``default_suits`` is not the pack's look;
* :data:`SHEET_TEMPLATES`: a template of its own for the score sheet (pinch keeps melds and
  deck points on paper; until its engine is registered, every game uses the plain sheet).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.games import GAMES
from scorer.ledger import Ledger

__all__ = [
    "GAME_FACES",
    "SEAT_PLACES",
    "SHEET_TEMPLATES",
    "Chart",
    "annotate",
    "balance_chart",
    "face_style",
    "held_cards",
    "seat_places",
    "sheet_rows",
    "trick_views",
]

#: Suit symbols per game key, where the engine's ``default_suits`` is not what its pack
#: looks like (the notation may write a pack's suits with other letters than it shows).
GAME_FACES: dict[str, str] = {}

#: A score-sheet template per game key (under ``templates/``); others use ``sheet.html``.
#: Pinch players keep melds and deck points on paper (the rule text's "How to Mark the
#: Score"): its sheet shows them as they write them, above the plain ledger.
SHEET_TEMPLATES: dict[str, str] = {"pinch": "sheet_pinch.html"}

#: The ruling of the deck-points line, per game with a paper sheet (PINCH-2).
DECK_RULES: dict[str, str] = {"pinch": "PINCH-2"}

#: Where the seats sit around the table, in playing order from the first seat (play passes
#: to the right, counter-clockwise as seen from above: south, east, north, west).
SEAT_PLACES: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("south", "east", "west"),
    4: ("south", "east", "north", "west"),
}


def face_style(game: str, suits_tag: str | None = None) -> str:
    """``italian`` or ``french`` faces for a record of ``game`` (its ``Suits`` tag wins)."""
    if suits_tag in ("french", "symbols"):
        return "french"
    if game in GAME_FACES:
        return GAME_FACES[game]
    engine = GAMES.get(game)
    default = engine.default_suits if engine is not None else "italian"
    return "french" if default in ("french", "symbols") else "italian"


def seat_places(count: int) -> tuple[str, ...]:
    """Table places for ``count`` seats (more than four go round in order)."""
    return SEAT_PLACES.get(count, tuple(f"seat{i}" for i in range(count)))


# -- the record's text, annotated ---------------------------------------------------------
@dataclass
class Segment:
    text: str
    finding: int | None = None  # index into the findings list
    severity: str | None = None


@dataclass
class SourceLine:
    number: int
    segments: list[Segment]
    severity: str | None = None  # the worst finding on the line
    findings: list[int] = field(default_factory=list)


_SEVERITY_ORDER = {"error": 0, "violation": 1, "note": 2}
_TOKEN_END = re.compile(r"\s")


def _worst(a: str | None, b: str) -> str:
    if a is None or _SEVERITY_ORDER.get(b, 9) < _SEVERITY_ORDER.get(a, 9):
        return b
    return a


def annotate(text: str, findings: Sequence[Mapping[str, Any]]) -> list[SourceLine]:
    """The text's lines, each cut into segments so that the token a finding points at
    (from its line:column to the next blank) is its own segment, marked with the finding."""
    lines = text.splitlines() or [""]
    out = [SourceLine(n, [Segment(line)]) for n, line in enumerate(lines, start=1)]
    marks: dict[int, list[tuple[int, int, int, str]]] = {}
    for index, finding in enumerate(findings):
        number = finding.get("line")
        if not isinstance(number, int) or not 1 <= number <= len(lines):
            continue
        severity = str(finding.get("severity", "note"))
        entry = out[number - 1]
        entry.severity = _worst(entry.severity, severity)
        entry.findings.append(index)
        line = lines[number - 1]
        column = finding.get("column")
        if isinstance(column, int) and 1 <= column <= len(line):
            start = column - 1
            end_match = _TOKEN_END.search(line, start)
            end = end_match.start() if end_match else len(line)
            marks.setdefault(number, []).append((start, max(end, start + 1), index, severity))
    for number, spans in marks.items():
        line = lines[number - 1]
        segments: list[Segment] = []
        position = 0
        for start, end, index, severity in sorted(spans):
            if start < position:  # two findings on one token: the first one marks it
                continue
            if start > position:
                segments.append(Segment(line[position:start]))
            segments.append(Segment(line[start:end], index, severity))
            position = end
        if position < len(line):
            segments.append(Segment(line[position:]))
        out[number - 1].segments = segments
    return out


# -- the replay ---------------------------------------------------------------------------
@dataclass
class PlayView:
    seat: int
    player: str
    card: str
    led: bool
    won: bool
    findings: list[Mapping[str, Any]]

    @property
    def flagged(self) -> bool:
        return bool(self.findings)


@dataclass
class TrickView:
    number: int
    leader: int | None
    winner: int | None
    points: int
    plays: list[PlayView]
    findings: list[Mapping[str, Any]]  # every finding of this trick, flagged plays or not


def trick_views(report: Mapping[str, Any]) -> list[TrickView]:
    """The tricks as the stepper shows them: who led, who won, and each play's findings
    (a flagged play carries its finding, with the reason and the legal cards)."""
    players = list(report.get("players") or [])
    seat_of = {name: seat for seat, name in enumerate(players)}
    findings = list(report.get("findings") or [])
    views = []
    for trick in report.get("tricks") or []:
        number = trick["number"]
        here = [f for f in findings if f.get("trick") == number]
        leader = seat_of.get(trick.get("leader"))
        winner = seat_of.get(trick.get("winner"))
        plays = []
        for position, play in enumerate(trick.get("plays") or []):
            seat = seat_of.get(play.get("seat"), -1)
            codes = set(play.get("codes") or [])
            mine = [f for f in here if f.get("code") in codes and f.get("seat") == play["seat"]]
            plays.append(
                PlayView(
                    seat,
                    play.get("seat") or "?",
                    play["card"],
                    position == 0,
                    seat == winner and winner is not None,
                    mine,
                )
            )
        views.append(TrickView(number, leader, winner, trick.get("points", 0), plays, here))
    return views


@dataclass
class Held:
    """A card in a seat's hand from step ``start`` up to (not including) step ``stop``.

    Step 0 is the deal; step *k* is the table after trick *k*. ``legal_at`` lists the tricks
    in which this card was one of the legal cards of a flagged play by this seat."""

    card: str
    start: int
    stop: int
    legal_at: list[int] = field(default_factory=list)
    drawn: bool = False  # drawn from a stock during the play (shown from the trick before)


def held_cards(report: Mapping[str, Any]) -> dict[str, list[Held]]:
    """Each player's hand over the steps of the replay, game-neutrally.

    A dealt card stays until its holder plays it; a dealt card that someone else plays (an
    exchange) or that is discarded leaves before the first trick; a card a player plays
    without having been dealt it (received in an exchange) is in hand from the first trick
    (from the deal when the deal is not recorded) until played; in a game with a stock
    (a player plays more cards than dealt) such a card is shown from the trick before its
    play, the last moment it is sure to have been drawn. A card never played stays to the
    end (a partial record)."""
    players = list(report.get("players") or [])
    hands = report.get("hands") or {}
    discard = set(report.get("discard") or [])
    played: dict[str, tuple[str, int]] = {}
    for trick in report.get("tricks") or []:
        for play in trick.get("plays") or []:
            played.setdefault(play["card"], (play.get("seat"), trick["number"]))
    legal: dict[tuple[str, str], list[int]] = {}
    for finding in report.get("findings") or []:
        if finding.get("trick") and finding.get("seat"):
            for card in finding.get("legal") or []:
                legal.setdefault((finding["seat"], card), []).append(finding["trick"])
    end = len(report.get("tricks") or []) + 1
    out: dict[str, list[Held]] = {}
    for player in players:
        dealt = list(hands.get(player) or [])
        cards: list[Held] = []
        for card in dealt:
            holder, number = played.get(card, (None, None))
            if holder == player:
                stop = number
            elif holder is not None or card in discard:
                stop = 1
            else:
                stop = end
            cards.append(Held(card, 0, stop, legal.get((player, card), [])))
        dealt_set = set(dealt)
        mine = sum(1 for holder, _ in played.values() if holder == player)
        drawing = bool(dealt) and mine > len(dealt)  # a stock: cards drawn during the play
        for card, (holder, number) in played.items():
            if holder == player and card not in dealt_set:
                # Drawn from a stock, the card is known to be in hand only once the trick
                # before its play is over; received before the play (an exchange), from the
                # first trick; with no deal recorded, from the start.
                start = max(number - 1, 1) if drawing else (1 if dealt else 0)
                cards.append(Held(card, start, number, legal.get((player, card), []), drawing))
        out[player] = cards
    return out


# -- the session sheet --------------------------------------------------------------------
@dataclass
class SheetRow:
    kind: str  # "hand", "ruling" (the director's) or "penalty" (the engine's, by ``rule``)
    position: int
    hand_id: int | None
    status: str | None
    cells: list[tuple[int, int]]  # (amount, balance) per player
    pot: int
    note: str
    rule: str | None = None  # the ruling behind an engine's penalty


def sheet_rows(ledger: Ledger, hand_ids: Mapping[int, int]) -> list[SheetRow]:
    """The ledger's entries as rows of the score sheet; ``hand_ids`` maps a hand's position
    in the session to its id (for links)."""
    rows = []
    for row in ledger.rows:
        is_hand = row.status is not None
        rows.append(
            SheetRow(
                row.kind,
                row.hand,
                hand_ids.get(row.hand) if is_hand else None,
                row.status.value if row.status is not None else None,
                list(zip(row.amounts, row.balances, strict=True)),
                row.pot,
                row.note,
                row.rule,
            )
        )
    return rows


@dataclass
class PaperBlock:
    """One hand on a paper sheet: what each player wrote (meld codes such as ``10T`` or
    ``20B``), the deck points, and the hand's total per player."""

    position: int
    hand_id: int
    status: str
    marks: list[list[str]]  # per player
    deck: list[int | None]
    totals: list[int]


def paper_sheet(
    hands: Sequence[Mapping[str, Any]], players: Sequence[str], game: str
) -> list[PaperBlock]:
    """The session's hands as blocks of the paper sheet: each score line that is not the
    deck points is written as its code (the first word of its label, e.g. ``5C`` for
    three cavaliers) in the column of the player it pays; then the deck points; then the
    hand's total. ``hands`` are the store's rows (with ``report_json``)."""
    import json

    deck_rule = DECK_RULES.get(game)
    blocks = []
    for row in hands:
        report = json.loads(row["report_json"])
        marks: list[list[str]] = [[] for _ in players]
        deck: list[int | None] = [None for _ in players]
        totals = [0 for _ in players]
        for line in report.get("lines") or []:
            for seat, player in enumerate(players):
                amount = (line.get("amounts") or {}).get(player, 0)
                if line.get("rule") == deck_rule:
                    deck[seat] = amount
                elif amount:
                    label = str(line.get("label") or "").split()
                    marks[seat].append(label[0] if label else str(amount))
        if report.get("status") not in ("invalid", "partial"):
            totals = [(report.get("settlement") or {}).get(p, 0) for p in players]
        blocks.append(PaperBlock(row["position"], row["id"], row["status"], marks, deck, totals))
    return blocks


PALETTE = ("#1f6feb", "#c2410c", "#15803d", "#9333ea", "#b91c1c", "#0e7490", "#a16207", "#be185d")


@dataclass
class Series:
    player: str
    colour: str
    points: list[tuple[float, float, int, str]]  # x, y, balance, entry label

    @property
    def path(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y, _, _ in self.points)


@dataclass
class Chart:
    width: int
    height: int
    left: int
    top: int
    bottom: int
    right: int
    series: list[Series]
    y_ticks: list[tuple[float, int]]
    x_ticks: list[tuple[float, str]]
    baseline: float  # y of the starting stake


def balance_chart(ledger: Ledger, width: int = 640, height: int = 260) -> Chart:
    """Each player's balance after every entry of the ledger, as SVG coordinates: entry 0
    is the starting stake, then one step per hand or ruling."""
    left, right, top, bottom = 44, 12, 12, 30
    entries = [("start", ledger.start, [ledger.start] * len(ledger.players))]
    for row in ledger.rows:
        label = {"hand": f"hand {row.hand}", "penalty": f"penalty ({row.rule})"}.get(
            row.kind, "ruling"
        )
        entries.append((label, 0, list(row.balances)))
    values = [b for _, _, balances in entries for b in balances]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    span_x = max(len(entries) - 1, 1)
    plot_w, plot_h = width - left - right, height - top - bottom

    def x_of(i: int) -> float:
        return left + plot_w * i / span_x

    def y_of(v: float) -> float:
        return top + plot_h * (high - v) / (high - low)

    series = []
    for seat, player in enumerate(ledger.players):
        points = [
            (x_of(i), y_of(balances[seat]), balances[seat], label)
            for i, (label, _, balances) in enumerate(entries)
        ]
        series.append(Series(player, PALETTE[seat % len(PALETTE)], points))
    step = _nice_step((high - low) / 5)
    first = int(-(-low // step) * step)
    y_ticks = [(y_of(v), v) for v in range(first, high + 1, step)]
    every = max(1, len(entries) // 12)
    x_ticks = [(x_of(i), "0" if i == 0 else str(i)) for i in range(0, len(entries), every)]
    return Chart(
        width, height, left, top, bottom, right, series, y_ticks, x_ticks, y_of(ledger.start)
    )


def _nice_step(raw: float) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if step >= raw:
            return step
    return int(raw) + 1


def rulings_cited(lines: Iterable[Mapping[str, Any]]) -> list[str]:
    """The ruling IDs a report's score lines cite, in order, once each."""
    seen: list[str] = []
    for line in lines:
        rule = line.get("rule")
        if rule and rule not in seen:
            seen.append(rule)
    return seen
