"""JSON forms (marshmallow) of records, reports and ledgers.

A record's JSON round-trips: ``load(dump(r)) == r``. Cards are written in canonical Italian
text (``"KS"``, ``"21"``, ``"Fool"``), seats by player name.

>>> from records.notation import read
>>> text = '[Game "nice4"]\\n[Players "A, B, C, D"]\\n[Dealer "D"]\\n1. A: KS 2S 3S 4S\\n'
>>> record = read(text)[0].record
>>> data = RecordSchema().dump(record)
>>> data["body"][0]["plays"][0]
{'text': 'KS', 'card': 'KS', 'note': None}
>>> RecordSchema().load(data) == record
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, pre_dump, validates_schema

from scorer.cards import Card, CardParseError
from scorer.cardset import cards_of
from scorer.disputes.seating import Seating, SeatingFit
from scorer.findings import Finding
from scorer.games import GAMES
from scorer.ledger import Ledger
from scorer.messages import GENERAL, Said, plain_facts
from scorer.record import Item, Line, Record, Trick
from scorer.report import Play, Report, ScoreLine
from scorer.results import GameResult

from .pipeline import Checked

__all__ = [
    "LedgerSchema",
    "RecordSchema",
    "ReportSchema",
    "SeatingSchema",
    "dump_checked",
    "dump_findings",
    "dump_record",
    "dump_report",
    "dump_seating",
    "dump_verify",
]


class CardField(fields.Field[Any]):
    """A card as its canonical text; ``None`` for a word or an unknown card."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else str(value)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Card:
        if not isinstance(value, str):
            raise ValidationError("a card is a string such as 'KS', '21' or 'Fool'")
        try:
            return Card.parse(value)
        except CardParseError as exc:
            raise ValidationError(str(exc)) from exc


class ItemSchema(Schema):
    text = fields.String(required=True)
    card = CardField(allow_none=True, load_default=None)
    note = fields.String(allow_none=True, load_default=None)

    @post_load
    def make(self, data: dict[str, Any], **kwargs: Any) -> Item:
        return Item(data["text"], data["card"], data["note"])


class BodySchema(Schema):
    """One body entry: a section line or a trick (``kind`` says which)."""

    kind = fields.String(required=True)
    keyword = fields.String(allow_none=True)
    subject = fields.String(allow_none=True)
    tokens = fields.List(fields.Nested(ItemSchema), load_default=list, data_key="items")
    number = fields.Integer(allow_none=True)
    leader = fields.String(allow_none=True)
    plays = fields.List(fields.Nested(ItemSchema), load_default=list)

    @validates_schema
    def check_kind(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data["kind"] not in ("line", "trick"):
            raise ValidationError("kind is 'line' or 'trick'", "kind")
        if data["kind"] == "line" and not data.get("keyword"):
            raise ValidationError("a line needs its keyword", "keyword")
        if data["kind"] == "trick" and not data.get("number"):
            raise ValidationError("a trick needs its number", "number")


class RecordSchema(Schema):
    """A record: ``tags`` as ``[name, value]`` pairs in order, and the ordered ``body``."""

    tags = fields.List(fields.Tuple((fields.String(), fields.String())), required=True)
    body = fields.List(fields.Nested(BodySchema), load_default=list)

    @pre_dump
    def flatten(self, record: Record, **kwargs: Any) -> dict[str, Any]:
        players = record.players
        body = []
        for entry in record.body:
            if isinstance(entry, Trick):
                leader = players[entry.leader] if entry.leader is not None else None
                body.append(
                    {
                        "kind": "trick",
                        "number": entry.number,
                        "leader": leader,
                        "plays": entry.plays,
                    }
                )
            else:
                body.append(
                    {
                        "kind": "line",
                        "keyword": entry.keyword,
                        "subject": entry.subject,
                        "tokens": entry.items,
                    }
                )
        return {"tags": [list(tag) for tag in record.tags], "body": body}

    @post_load
    def make(self, data: dict[str, Any], **kwargs: Any) -> Record:
        tags = tuple((name, value) for name, value in data["tags"])
        probe = Record(tags)
        players = [p.casefold() for p in probe.players]
        body: list[Line | Trick] = []
        for index, entry in enumerate(data["body"]):
            if entry["kind"] == "trick":
                leader = entry.get("leader")
                seat = None
                if leader is not None:
                    if leader.casefold() not in players:
                        raise ValidationError({"body": {index: {"leader": ["not a player"]}}})
                    seat = players.index(leader.casefold())
                body.append(Trick(entry["number"], seat, tuple(entry["plays"])))
            else:
                body.append(Line(entry["keyword"], entry.get("subject"), tuple(entry["tokens"])))
        return Record(tags, tuple(body))


def dump_record(record: Record) -> dict[str, Any]:
    """``RecordSchema().dump(record)``, the same data written out by hand: the service stores
    every uploaded record's JSON, and marshmallow's generic walk over a hundred nested items
    was the largest cost of a bulk import. A test keeps the two equal.

    >>> from records.notation import read
    >>> text = '[Game "nice4"]\\n[Players "A, B, C, D"]\\n[Dealer "D"]\\n1. A: KS 2S 3S 4S\\n'
    >>> record = read(text)[0].record
    >>> dump_record(record) == RecordSchema().dump(record)
    True
    """
    players = record.players
    body: list[dict[str, Any]] = []
    for entry in record.body:
        if isinstance(entry, Trick):
            body.append(
                {
                    "kind": "trick",
                    "number": entry.number,
                    "leader": players[entry.leader] if entry.leader is not None else None,
                    "plays": [_item(item) for item in entry.plays],
                }
            )
        else:
            body.append(
                {
                    "kind": "line",
                    "keyword": entry.keyword,
                    "subject": entry.subject,
                    "items": [_item(item) for item in entry.items],
                }
            )
    return {"tags": [(name, value) for name, value in record.tags], "body": body}


def _item(item: Item) -> dict[str, Any]:
    return {
        "text": item.text,
        "card": None if item.card is None else str(item.card),
        "note": item.note,
    }


def _loc(obj: Any, shift: int = 0) -> dict[str, Any]:
    """Where ``obj`` is (its ``loc``), its line moved by ``shift``; nothing when unknown."""
    loc = getattr(obj, "loc", None)
    return {"line": loc.line + shift, "column": loc.column} if loc is not None else {}


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def dump_findings(report: Report, line_shift: int = 0) -> list[dict[str, Any]]:
    """A report's findings as :func:`dump_report` gives them (what a stored hand keeps of its
    report, #31.4)."""
    players = report.players
    engine = GAMES.get(report.game)
    templates = engine.templates if engine is not None else GENERAL

    def name(seat: int | None) -> str | None:
        return players[seat] if seat is not None and 0 <= seat < len(players) else None

    return [_dump_finding(f, name, templates, players, line_shift) for f in report.findings]


def _dump_finding(
    f: Finding,
    name: Callable[[int | None], str | None],
    templates: Mapping[str, str],
    players: tuple[str, ...],
    shift: int = 0,
) -> dict[str, Any]:
    """One finding of :func:`dump_report` (``name`` names a seat; ``shift`` moves its
    line)."""
    return {
        "code": f.code,
        "severity": f.severity.value,
        "message": f.message,
        "rule": f.rule,
        **_loc(f, shift),
        "trick": f.trick,
        "seat": name(f.seat),
        "cards": _cards(f.cards),
        "legal": _cards(f.legal),
        "template": f.template,
        "facts": plain_facts(templates.get(f.template, ""), f.facts, players),
        "after_first_error": f.after_first_error,
    }


def dump_report(report: Report, line_shift: int = 0) -> dict[str, Any]:
    """A report as plain JSON data (the shape ``ReportSchema`` documents); ``line_shift``
    moves every line number it writes (the findings' and the plays' places): the report of
    a record read inside a longer text as if its own text had been read alone."""
    players = report.players

    def name(seat: int | None) -> str | None:
        return players[seat] if seat is not None and 0 <= seat < len(players) else None

    return {
        "game": report.game,
        "players": list(players),
        "dealer": name(report.dealer),
        "status": report.status.value,
        "complete": report.complete,
        "findings": dump_findings(report, line_shift),
        "hands": (
            {name(s): _cards(cards_of(m)) for s, m in enumerate(report.hands)}
            if report.hands is not None
            else None
        ),
        "discard": _cards(cards_of(report.discard)) if report.discard is not None else None,
        "discards": {name(s): _cards(cards_of(m)) for s, m in report.discards.items()},
        "stock": _cards(report.stock) if report.stock is not None else None,
        "draws": [
            {"trick": number, "seat": name(seat), "card": str(card)}
            for number, seat, card in report.draws
        ],
        "contract": dict(report.contract),
        "tricks": [
            {
                "number": t.number,
                "leader": name(t.leader),
                "winner": name(t.winner),
                "points": t.points,
                "plays": [_dump_play(p, name(p.seat), line_shift) for p in t.plays],
            }
            for t in report.tricks
        ],
        "sides": [
            {
                "name": s.name,
                "players": [name(x) for x in s.seats],
                "card_points": s.card_points,
                "tricks": s.tricks,
                "trick_points": s.trick_points,
                "discard_points": s.discard_points,
                "total": s.total,
                **(
                    {"template": s.template, "facts": plain_facts(s.template, s.facts, players)}
                    if s.template
                    else {}
                ),
            }
            for s in report.sides
        ],
        "lines": [_dump_line(line, name, players) for line in report.lines],
        "settlement": {name(s): a for s, a in enumerate(report.settlement)},
        "unit": report.unit,
        "abeyance": report.abeyance,
        **({"suits": report.suits} if report.suits else {}),
    }


def _dump_line(
    line: ScoreLine, name: Callable[[int | None], str | None], players: tuple[str, ...]
) -> dict[str, Any]:
    """One score line of :func:`dump_report`: its label, ruling and amounts, and, for a line
    worded from a template, the template and its facts (as a finding's), so that another
    language can word it again (:mod:`records.words`)."""
    out: dict[str, Any] = {
        "label": line.label,
        "rule": line.rule,
        "amounts": {name(s): a for s, a in enumerate(line.amounts)},
    }
    if line.template:
        out["template"] = line.template
        out["facts"] = plain_facts(line.template, line.facts, players)
    return out


def _dump_play(play: Play, seat: str | None, shift: int) -> dict[str, Any]:
    """One play of a trick of :func:`dump_report` (a report has some eighty of them)."""
    out: dict[str, Any] = {"seat": seat, "card": str(play.card), "codes": list(play.codes)}
    if play.loc is not None:
        out["line"], out["column"] = play.loc.line + shift, play.loc.column
    return out


class FindingSchema(Schema):
    code = fields.String()
    severity = fields.String()
    message = fields.String()
    rule = fields.String(allow_none=True)
    line = fields.Integer()
    column = fields.Integer()
    trick = fields.Integer(allow_none=True)
    seat = fields.String(allow_none=True)
    cards = fields.List(fields.String())
    legal = fields.List(fields.String())
    template = fields.String(
        metadata={"description": "the key of the finding's sentence: its code, or code.variant"}
    )
    facts = fields.Dict(
        keys=fields.String(),
        metadata={
            "description": "the values the sentence is made from, by name: players by name, "
            "cards as notation, card sets as lists, suits as 0-3 (4: the trumps), counts; a "
            "page in another language words the finding from template and facts"
        },
    )
    after_first_error = fields.Boolean(
        metadata={
            "description": "found after the record's first error (a notation error, or the "
            "first impossible play, G-2), as a compiler lists further errors: shown so that "
            "every slip is seen at once, but it does not count in the status, which the first "
            "error decides, and it may follow from that error"
        }
    )


class ReportSchema(Schema):
    """Documents (and validates) the JSON shape of :func:`dump_report`."""

    game = fields.String()
    players = fields.List(fields.String())
    dealer = fields.String(allow_none=True)
    status = fields.String()
    complete = fields.Boolean()
    findings = fields.List(fields.Nested(FindingSchema))
    hands = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), allow_none=True)
    discard = fields.List(fields.String(), allow_none=True)
    discards = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={
            "description": "who discarded which cards of the discard, where more than the "
            "dealer discards (Minchiate's robber, MIN-3); empty: the dealer made it all"
        },
    )
    stock = fields.List(
        fields.String(),
        allow_none=True,
        metadata={"description": "a game with a stock (pinch): the stock as written, in order"},
    )
    draws = fields.List(
        fields.Dict(),
        metadata={
            "description": "each card drawn from the stock: the trick it follows, the seat, "
            "the card (in hand from then on)"
        },
    )
    contract = fields.Dict(keys=fields.String(), values=fields.String())
    tricks = fields.List(fields.Dict())
    sides = fields.List(fields.Dict())
    lines = fields.List(
        fields.Dict(),
        metadata={
            "description": "the payments line by line: label (in the response's language), "
            "rule, amounts by player; a line worded from a template also has its English "
            "template and its facts, read as a finding's"
        },
    )
    settlement = fields.Dict(keys=fields.String(), values=fields.Integer())
    unit = fields.String()
    abeyance = fields.Integer()
    suits = fields.String(
        metadata={
            "description": "the suit style of the record's Suits tag (italian, french, "
            "symbols), only when it has one: how its cards are named"
        }
    )


def _fit(fit: SeatingFit) -> dict[str, Any]:
    return {
        "players": list(fit.players),
        "status": fit.status.value,
        "errors": fit.errors,
        "violations": fit.violations,
        "tricks": fit.tricks,
    }


def dump_checked(checked: Checked, seating: bool = True) -> dict[str, Any]:
    """One record's entry in the verify document (:func:`dump_verify`): the file it was read
    from (null when none was named), the line it starts on, its report, and the order of
    its players that fits it better (null, or not worked out when ``seating`` is False)."""
    record = checked.parsed.record
    return {
        "source": checked.source,
        "line": record.start.line if record is not None and record.start else None,
        "report": dump_report(checked.report),
        "seating": dump_seating(checked.seating if seating else None),
    }


def dump_verify(
    entries: list[dict[str, Any]], ledger: Ledger | None, seating: Seating | None
) -> dict[str, Any]:
    """The verify document, the same for ``tarocco verify --json`` and ``POST /api/verify``:
    each record's entry (:func:`dump_checked`), the ledger of several records (null for
    one), and the order of the players that fits the session better (null)."""
    return {
        "records": entries,
        "ledger": LedgerSchema().dump(ledger) if ledger is not None else None,
        "seating": dump_seating(seating),
    }


def dump_seating(seating: Seating | None) -> dict[str, Any] | None:
    """The seat-order check as plain JSON data (the shape ``SeatingSchema`` documents)."""
    if seating is None:
        return None
    return {
        "message": seating.message,
        "players": list(seating.better.players),
        "better": _fit(seating.better),
        "written": _fit(seating.written),
        "alternatives": [_fit(fit) for fit in seating.alternatives],
    }


class SeatingFitSchema(Schema):
    players = fields.List(fields.String(), metadata={"description": "in playing order"})
    status = fields.String()
    errors = fields.Integer()
    violations = fields.Integer()
    tricks = fields.Integer(metadata={"description": "tricks replayed before the replay stopped"})


class SeatingSchema(Schema):
    """Documents :func:`dump_seating`: the order of the players that fits the record better
    than the one written (:mod:`scorer.disputes.seating`)."""

    message = fields.String()
    players = fields.List(
        fields.String(), metadata={"description": "the order that fits best, for the Players tag"}
    )
    better = fields.Nested(SeatingFitSchema)
    written = fields.Nested(SeatingFitSchema)
    alternatives = fields.List(
        fields.Nested(SeatingFitSchema), metadata={"description": "other orders that fit as well"}
    )


def result_json(result: GameResult) -> dict[str, Any]:
    """One game's result (or who leads the session, ``number`` 0) as the API shows it."""
    return {
        "number": result.number,
        "text": result.text,
        "rule": result.rule,
        "finished": result.finished,
        "draw": result.draw,
        "winners": list(result.winners),
        "players": list(result.players),
    }


class LedgerSchema(Schema):
    """A session ledger: rows of per-player amounts and running balances."""

    game = fields.String()
    unit = fields.String()
    players = fields.List(fields.String())
    start = fields.Integer()
    rows = fields.Method("dump_rows")
    balances = fields.Method("dump_balances")
    pot = fields.Integer()
    findings = fields.Method("dump_findings")
    summary = fields.List(fields.String())
    summary_said = fields.Method("dump_summary_said")
    results = fields.Method("dump_results")

    def dump_summary_said(self, ledger: Ledger) -> list[dict[str, Any]]:
        """How each summary line was made: its template's key and facts (#33), as a
        finding's; an empty key for a line no table has."""
        return [
            {"template": line.key, "facts": _json_facts(line.facts)}
            if isinstance(line, Said)
            else {"template": "", "facts": {}}
            for line in ledger.summary
        ]

    def dump_results(self, ledger: Ledger) -> list[dict[str, Any]]:
        return [result_json(result) for result in ledger.results]

    def dump_rows(self, ledger: Ledger) -> list[dict[str, Any]]:
        return [
            {
                "hand": row.hand,
                "kind": row.kind,
                "status": row.status.value if row.status is not None else None,
                "amounts": dict(zip(ledger.players, row.amounts, strict=True)),
                "balances": dict(zip(ledger.players, row.balances, strict=True)),
                "pot": row.pot,
                "note": row.note,
                "rule": row.rule,
                "template": row.template,
                "facts": _json_facts(row.facts),
            }
            for row in ledger.rows
        ]

    def dump_balances(self, ledger: Ledger) -> dict[str, int]:
        return dict(zip(ledger.players, ledger.balances, strict=True))

    def dump_findings(self, ledger: Ledger) -> list[dict[str, Any]]:
        engine = GAMES.get(ledger.game)
        templates = engine.templates if engine is not None else GENERAL
        return [
            {
                "hand": hand,
                "code": f.code,
                "severity": f.severity.value,
                "message": f.message,
                "rule": f.rule,
                **_loc(f),
                **_session_sentence(f, templates, ledger.players),
            }
            for hand, f in ledger.findings
        ]


def _session_sentence(
    f: Finding, templates: Mapping[str, str], players: Sequence[str]
) -> dict[str, Any]:
    """A session finding's template and facts, as a report's finding has them, for one its
    game words from its templates (MIN-16, PIE-7; the ledger's own deal out of turn, G-6, is
    one of every game's)."""
    if f.template not in templates:
        return {}
    return {"template": f.template, "facts": plain_facts(templates[f.template], f.facts, players)}


def _json_facts(facts: Mapping[str, Any]) -> dict[str, Any]:
    """A ledger sentence's facts (names, numbers, words) as JSON values: tuples as lists."""
    return {
        name: list(value) if isinstance(value, tuple) else value for name, value in facts.items()
    }
