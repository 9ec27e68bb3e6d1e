"""What the pages show, computed from report and ledger data (no Flask here, no HTML).

Everything works from the JSON shape of :func:`records.schemas.dump_report` and from
:class:`scorer.ledger.Ledger`, which every engine produces, so a game registered in
``scorer.games`` gets its pages without any code here. Where a game wants something of its
own, a small mapping keyed by game key says so:

* :data:`GAME_FACES`: the suit symbols its cards are drawn with (``italian`` or ``french``),
  when the engine's ``default_suits`` is not the pack's look;

A game whose players keep a paper score sheet of their own (pinch's melds and deck points)
says so itself (:attr:`Game.paper_sheet_rule <scorer.games.base.Game.paper_sheet_rule>`),
and :func:`sheet_template` gives it the paper layout.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from records.language import DEFAULT
from records.words import word_json, word_note
from scorer.games import GAMES
from scorer.ledger import Ledger
from scorer.wording import wording

__all__ = [
    "GAME_FACES",
    "SEAT_PLACES",
    "Chart",
    "SheetPage",
    "TableView",
    "annotate",
    "balance_chart",
    "face_style",
    "held_cards",
    "page_of_hand",
    "seat_places",
    "sheet_page",
    "sheet_rows",
    "sheet_template",
    "stock_steps",
    "table_view",
    "trick_views",
    "view_seat",
]

#: Suit symbols per game key, where the engine's ``default_suits`` is not what its pack
#: looks like (the notation may write a pack's suits with other letters than it shows).
GAME_FACES: dict[str, str] = {}


def sheet_template(game: str) -> str:
    """The score sheet's template for ``game``: the paper layout (the marks as the players
    write them, above the plain ledger) for a game that keeps one, else the plain sheet."""
    known = GAMES.get(game)
    return "sheet_paper.html" if known is not None and known.paper_sheet_rule else "sheet.html"


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

    Step 0 is the deal; step *k* is the table after trick *k* and the draws that follow it.
    ``legal_at`` lists the tricks in which this card was one of the legal cards of a flagged
    play by this seat."""

    card: str
    start: int
    stop: int
    legal_at: list[int] = field(default_factory=list)
    drawn: bool = False  # drawn from the stock (after trick ``start``)

    def held_at(self, step: int) -> bool:
        return self.start <= step < self.stop


def held_cards(report: Mapping[str, Any]) -> dict[str, list[Held]]:
    """Each player's hand over the steps of the replay, game-neutrally.

    A dealt card stays until its holder plays it; a dealt card that someone else plays (an
    exchange) or that is discarded leaves before the first trick; a card drawn from the stock
    (the report's ``draws``) is in hand from the trick its draw follows until played; any
    other card a player plays without having been dealt it (received in an exchange) is in
    hand from the first trick (from the deal when the deal is not recorded) until played. A
    card never played stays to the end (a partial record)."""
    players = list(report.get("players") or [])
    hands = report.get("hands") or {}
    discard = set(report.get("discard") or [])
    played: dict[str, tuple[str, int]] = {}
    for trick in report.get("tricks") or []:
        for play in trick.get("plays") or []:
            played.setdefault(play["card"], (play.get("seat"), trick["number"]))
    drawn = {draw["card"]: (draw["seat"], draw["trick"]) for draw in report.get("draws") or []}
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
            if holder == player and number is not None:
                stop = number
            elif holder is not None or card in discard:
                stop = 1
            else:
                stop = end
            cards.append(Held(card, 0, stop, legal.get((player, card), [])))
        for card, (holder, after) in drawn.items():
            if holder == player:
                by, number = played.get(card, (None, None))
                stop = number if by == player and number is not None else end
                cards.append(Held(card, after, stop, legal.get((player, card), []), True))
        dealt_set = set(dealt)
        for card, (holder, number) in played.items():
            if holder == player and card not in dealt_set and card not in drawn:
                start = 1 if dealt else 0  # received before the play; or no deal recorded
                cards.append(Held(card, start, number, legal.get((player, card), [])))
        out[player] = cards
    return out


@dataclass
class StockStep:
    """The stock at one step of the replay: the cards left (``None`` when the stock is not
    written), the next card to be drawn (``None`` when exhausted or not known), and the draws
    that followed this step's trick, as (player, card)."""

    left: int | None
    next_card: str | None
    draws: list[tuple[str, str]]


def stock_steps(report: Mapping[str, Any]) -> list[StockStep]:
    """The stock at every step (the deal, then after each trick and its draws); empty for a
    game without a stock (no ``stock`` and no ``draws`` in the report)."""
    stock = report.get("stock")
    draws = list(report.get("draws") or [])
    if stock is None and not draws:
        return []
    steps = []
    taken = 0
    for step in range(len(report.get("tricks") or []) + 1):
        here = [(d["seat"], d["card"]) for d in draws if d["trick"] == step]
        taken += len(here)
        if stock is not None:
            left: int | None = len(stock) - taken
            following = stock[taken] if taken < len(stock) else None
        else:
            left = None
            following = draws[taken]["card"] if taken < len(draws) else None
        steps.append(StockStep(left, following, here))
    return steps


@dataclass
class TableView:
    """What the replay shows: every hand (``seat`` is ``None``), or the table as one seat
    saw it (``?seat=N``), rendered so by the server: only that seat's hand, of the discard
    only what that seat discarded itself (the dealer's, or in Minchiate the robber's and the
    dealer's each to its maker, #32.12), the secret partner only once the called card is
    played (or to the partner, who holds it), the stock's next card to nobody (it lies face
    down, PINCH-3).

    ``places`` gives each seat its place at the table, the viewing seat at the bottom."""

    seat: int | None
    viewer: str | None  # the player at that seat
    places: tuple[str, ...]
    discard: list[str] | None  # the cards of the discard this view shows
    discarded_by: list[str]  # who made the discard (the dealer, or each seat that discarded)
    contract: dict[str, str]  # as known at the deal
    partner: str | None  # the secret partner, once known to this view (see partner_from)
    partner_from: int | None  # the step from which the partner is known
    called_trick: int | None  # the trick in which the called card is played
    left_out: list[str] = field(default_factory=list)  # what this view does not show
    # the discards this view learns once the first card is played (MIN-6), with that ruling
    discards_shown: dict[str, list[str]] = field(default_factory=dict)
    discards_rule: str | None = None

    def shows(self, seat: int) -> bool:
        """Is the hand of ``seat`` shown?"""
        return self.seat is None or seat == self.seat

    def shows_player(self, name: str | None) -> bool:
        """Is the hand of the player ``name`` shown (a finding's legal cards are his hand)?"""
        return self.viewer is None or name == self.viewer

    @property
    def all_hands(self) -> bool:
        return self.seat is None


def _discard_seen(
    report: Mapping[str, Any], viewer: str | None
) -> tuple[list[str] | None, list[str]]:
    """The cards of the report's discard that ``viewer`` knows (every card for ``None``, the
    director's view), and who made the discard. Each seat knows what it discarded itself:
    the report's ``discards`` says who discarded what where more than the dealer does
    (Minchiate's robber, MIN-3); without it (and in a report stored before it) the dealer
    made the whole discard."""
    discard = report.get("discard")
    by_seat: Mapping[str, list[str]] = report.get("discards") or {}
    dealer = report.get("dealer")
    made_by = list(by_seat) or ([dealer] if discard and dealer else [])
    if viewer is None:
        return discard, made_by
    if by_seat:
        return by_seat.get(viewer) or None, made_by
    return (discard if viewer == dealer else None), made_by


def view_seat(value: str | None, players: Sequence[str]) -> int | None:
    """The seat asked for by ``?seat=N``: a seat number, else ``None`` (every hand)."""
    if value is None or not value.strip().isdigit():
        return None
    seat = int(value)
    return seat if 0 <= seat < len(players) else None


def table_view(report: Mapping[str, Any], seat: int | None = None) -> TableView:
    """The replay as seen from ``seat`` (``None``: every hand shown, the director's view).

    A partnership with a called card (``partner`` and ``called`` in the contract, NICE-8) is
    secret until the called card is played: from that trick on every seat knows it."""
    players = list(report.get("players") or [])
    places = seat_places(len(players))
    if seat is not None:
        places = tuple(places[(s - seat) % len(players)] for s in range(len(players)))
    contract = dict(report.get("contract") or {})
    partner = contract.get("partner")
    called = contract.get("called")
    called_trick = None
    if partner is not None and called is not None:
        called_trick = next(
            (
                trick["number"]
                for trick in report.get("tricks") or []
                if any(play.get("card") == called for play in trick.get("plays") or [])
            ),
            None,
        )
    partner_from: int | None = 0
    secret = partner is not None and called is not None
    if secret and seat is not None and players[seat] != partner:
        partner_from = called_trick  # None: the called card is not played in the record
        del contract["partner"]
    viewer = players[seat] if seat is not None else None
    discard, discarded_by = _discard_seen(report, viewer)
    shown_rule = _discards_rule(report) if seat is not None else None
    left_out = []
    if seat is not None:
        left_out.append(_("the other hands"))
        hidden = len(report.get("discard") or []) - len(discard or [])
        if hidden and shown_rule is not None:
            left_out.append(
                _("the other players' discards until the first card (%(rule)s)", rule=shown_rule)
            )
        elif hidden and discard:
            left_out.append(_("the other players' discards"))
        elif hidden:
            left_out.append(_("the discard"))
        if "partner" not in contract and partner is not None:
            left_out.append(_("the called partner until the called card is played"))
        if report.get("stock"):
            left_out.append(_("the stock's next card"))
        left_out.append(_("the record's text"))
    return TableView(
        seat,
        viewer,
        places,
        discard,
        discarded_by,
        contract,
        partner if partner_from is not None else None,
        partner_from,
        called_trick,
        left_out,
        _others_discards(report, viewer) if shown_rule else {},
        shown_rule,
    )


def _discards_rule(report: Mapping[str, Any]) -> str | None:
    """The ruling under which the report's game shows every discard once the first card is
    played (Minchiate's MIN-6), or ``None``."""
    engine = GAMES.get(report.get("game") or "")
    return engine.discards_shown_at_first_card if engine is not None else None


def _others_discards(report: Mapping[str, Any], viewer: str | None) -> dict[str, list[str]]:
    """The discards of the players other than ``viewer``, by player, as the table sees them
    once they are shown."""
    by_seat: Mapping[str, list[str]] = report.get("discards") or {}
    return {player: cards for player, cards in by_seat.items() if player != viewer and cards}


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


SHEET_PAGE = 100
"""Entries of the score sheet on one page: a session of 20,000 hands is 200 pages, each of a
few dozen KB, not one page of 20 MB (#31.3)."""


@dataclass(frozen=True)
class SheetPage:
    """Which entries of the ledger a page of the sheet shows: ``number`` of ``count`` pages,
    the entries ``start`` to ``end`` (0-based, end excluded), and each player's balance
    brought forward from the page before (the starting stake on the first)."""

    number: int
    count: int
    start: int
    end: int
    opening: tuple[int, ...]


def sheet_page(ledger: Ledger, asked: int | None, size: int = SHEET_PAGE) -> SheetPage:
    """The page ``asked`` of the ledger's sheet (1-based; out of range or ``None``: the last,
    where a live session's newest hands are)."""
    count = max(1, -(-len(ledger.rows) // size))
    number = asked if asked is not None and 1 <= asked <= count else count
    start = (number - 1) * size
    end = min(start + size, len(ledger.rows))
    opening = ledger.rows[start - 1].balances if start else (ledger.start,) * len(ledger.players)
    return SheetPage(number, count, start, end, tuple(opening))


def page_of_hand(ledger: Ledger, position: int, size: int = SHEET_PAGE) -> int | None:
    """The page of the sheet that shows hand ``position`` (``None``: no such hand)."""
    for index, row in enumerate(ledger.rows):
        if row.status is not None and row.hand == position:
            return index // size + 1
    return None


def sheet_rows(
    ledger: Ledger,
    hand_ids: Mapping[int, int],
    page: SheetPage | None = None,
    language: str = DEFAULT,
) -> list[SheetRow]:
    """The ledger's entries as rows of the score sheet (those of ``page``, else all), their
    notes in the page's ``language`` (:func:`records.words.word_note`); ``hand_ids`` maps a
    hand's position in the session to its id (for links)."""
    rows = []
    entries = ledger.rows[page.start : page.end] if page is not None else ledger.rows
    for row in entries:
        is_hand = row.status is not None
        rows.append(
            SheetRow(
                row.kind,
                row.hand,
                hand_ids.get(row.hand) if is_hand else None,
                row.status.value if row.status is not None else None,
                list(zip(row.amounts, row.balances, strict=True)),
                row.pot,
                word_note(row, ledger.game, language),
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

    known = GAMES.get(game)
    deck_rule = known.paper_sheet_rule if known is not None else None
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


#: Each player's line has its own marker and dash as well as its colour, so the chart reads
#: without colour (a colour-blind reader, a black-and-white print): #23.10.
MARKERS = ("circle", "square", "triangle", "diamond")
DASHES = ("", "6 3", "2 3", "8 3 2 3")


def marker_path(shape: str, x: float, y: float, r: float = 4.0) -> str:
    """The SVG path of a marker centred on (x, y).

    >>> marker_path("square", 10, 10, 2)
    'M8.3 8.3h3.4v3.4h-3.4Z'
    """
    if shape == "square":
        side = r * 1.7
        return f"M{x - side / 2:.1f} {y - side / 2:.1f}h{side:.1f}v{side:.1f}h{-side:.1f}Z"
    if shape == "triangle":
        top, base = y - r * 1.1, y + r * 0.8
        return f"M{x:.1f} {top:.1f}L{x + r:.1f} {base:.1f}L{x - r:.1f} {base:.1f}Z"
    if shape == "diamond":
        top, low = y - r * 1.2, y + r * 1.2
        return f"M{x:.1f} {top:.1f}L{x + r:.1f} {y:.1f}L{x:.1f} {low:.1f}L{x - r:.1f} {y:.1f}Z"
    arc = f"a{r:.1f} {r:.1f} 0 1 0"
    return f"M{x - r:.1f} {y:.1f}{arc} {2 * r:.1f} 0{arc} {-2 * r:.1f} 0Z"


@dataclass
class Series:
    player: str
    colour: str
    points: list[tuple[float, float, int, str]]  # x, y, balance, entry label
    marker: str = "circle"
    dash: str = ""
    label_y: float = 0.0  # where the player's name is written, right of the last point

    @property
    def path(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y, _, _ in self.points)

    def marker_at(self, x: float, y: float) -> str:
        return marker_path(self.marker, x, y)


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


def _place_labels(series: list[Series], top: float, bottom: float, gap: float = 13) -> None:
    """Each player's name right of the line's end, moved apart so that none overlap."""
    order = sorted(series, key=lambda s: s.points[-1][1])
    y = top - gap
    for s in order:
        y = max(s.points[-1][1] + 4, y + gap)
        s.label_y = y
    overflow = order[-1].label_y - bottom if order else 0
    if overflow > 0:  # pushed below the plot: move them all up
        for s in order:
            s.label_y -= overflow


CHART_POINTS = 120
"""The most entries a balance chart draws: a longer session is drawn from evenly spaced
entries (the first and the last always among them), so the chart stays a few KB (#31.3)."""


def balance_chart(ledger: Ledger, width: int = 640, height: int = 260) -> Chart:
    """Each player's balance after every entry of the ledger (or, past
    :data:`CHART_POINTS` entries, after evenly spaced ones), as SVG coordinates: entry 0 is
    the starting stake, then one step per hand or ruling."""
    left, right, top, bottom = 44, 76, 12, 30
    entries = [(_("start"), ledger.start, [ledger.start] * len(ledger.players))]
    for index in _sampled(len(ledger.rows), CHART_POINTS):
        row = ledger.rows[index]
        label = {
            "hand": _("hand %(number)s", number=row.hand),
            "penalty": _("penalty (%(rule)s)", rule=row.rule),
        }.get(row.kind, _("ruling"))
        entries.append((label, index + 1, list(row.balances)))
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
        series.append(
            Series(
                player,
                PALETTE[seat % len(PALETTE)],
                points,
                MARKERS[seat % len(MARKERS)],
                DASHES[seat % len(DASHES)],
            )
        )
    _place_labels(series, top, height - bottom)
    # Integer steps: a stored ruling may hold an amount no float can (10**309 was stored
    # before amounts were bounded, #21.2), and the page must still draw.
    step = _nice_step(-(-(high - low) // 5))
    first = -(-low // step) * step
    y_ticks = [(y_of(v), v) for v in range(first, high + 1, step)]
    every = max(1, len(entries) // 12)
    x_ticks = [(x_of(i), str(entries[i][1])) for i in range(0, len(entries), every)]
    return Chart(
        width, height, left, top, bottom, right, series, y_ticks, x_ticks, y_of(ledger.start)
    )


def _sampled(count: int, most: int) -> list[int]:
    """At most ``most`` indices of ``range(count)``, evenly spaced, the last always in."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def _nice_step(raw: int) -> int:
    """A round step for the axis of at least ``raw``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if step >= raw:
            return step
    return raw + 1


def rulings_cited(lines: Iterable[Mapping[str, Any]]) -> list[str]:
    """The ruling IDs a report's score lines cite, in order, once each."""
    seen: list[str] = []
    for line in lines:
        rule = line.get("rule")
        if rule and rule not in seen:
            seen.append(rule)
    return seen


def in_language(
    report: Mapping[str, Any], language: str, suits: str | None = None
) -> dict[str, Any]:
    """A report's JSON with its findings and score lines worded in the page's ``language``
    (:func:`records.words.word_json`); ``suits``: the record's ``Suits`` tag, for a report
    kept before it said so itself. The templates mark what shows them ``data-engine-words``."""
    if suits and "suits" not in report:
        report = {**report, "suits": wording(suits).style}
    worded: dict[str, Any] = word_json(report, language)
    return worded
