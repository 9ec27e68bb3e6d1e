"""The dispute tools in the API (claims against the rules, what-if, repair suggestions):
thin views over :mod:`records.disputes`. A repair is accepted by posting its ``text`` as a
new revision of the hand (``POST /api/hands/<id>/revisions``) with its ``reason``."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from records.disputes import TOOLS
from records.notation import read
from records.schemas import FindingSchema
from records.service import ServiceError

from ..db import get_store
from ..heavy import kept_audit, kept_session_what_if
from ..schemas import MAX_TEXT, ErrorOut
from .common import readable_hand, readable_session

disputes_blp = Blueprint(
    "disputes", __name__, url_prefix="/api", description="Dispute tools: claims, what-if, repairs."
)

__all__ = ["disputes_blp"]

MAX_AUDIT_RECORDS = 20  # a repair search replays a record thousands of times


class AuditRequest(Schema):
    text = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_TEXT),
        metadata={"description": "one or more records in the notation"},
    )
    options = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)
    tools = fields.List(
        fields.String(validate=validate.OneOf(TOOLS)), load_default=lambda: list(TOOLS)
    )
    limit = fields.Integer(
        load_default=3,
        validate=validate.Range(1, 20),
        metadata={"description": "repairs offered per record at most"},
    )


class AuditArgs(Schema):
    tools = fields.List(
        fields.String(validate=validate.OneOf(TOOLS)), load_default=lambda: list(TOOLS)
    )
    limit = fields.Integer(load_default=3, validate=validate.Range(1, 20))


class RepairPaymentOut(Schema):
    player = fields.String()
    recorded = fields.Integer(
        allow_none=True, metadata={"description": "null: the record pays nothing (invalid)"}
    )
    repaired = fields.Integer(
        allow_none=True, metadata={"description": "null: the repaired record pays nothing"}
    )
    change = fields.Integer(metadata={"description": "repaired minus recorded (null as 0)"})


class RepairPlayOut(Schema):
    seat = fields.String(allow_none=True, metadata={"description": "null: not replayed"})
    card = fields.String()
    changed = fields.Boolean(metadata={"description": "another card or player than recorded"})


class RepairTrickSideOut(Schema):
    leader = fields.String(allow_none=True)
    winner = fields.String(allow_none=True)
    plays = fields.List(fields.Nested(RepairPlayOut))


class RepairTrickOut(Schema):
    number = fields.Integer()
    recorded = fields.Nested(
        RepairTrickSideOut,
        metadata={"description": "as recorded (where its replay stopped: the cards as written)"},
    )
    repaired = fields.Nested(RepairTrickSideOut)


class RepairOut(Schema):
    """A repair suggestion and its effect (#23.5)."""

    edits = fields.List(fields.Dict(), metadata={"description": "kind, description, cost"})
    reason = fields.String(metadata={"description": "the correction's reason if accepted"})
    clean = fields.Boolean()
    cost = fields.Integer()
    cards_moved = fields.Integer()
    order = fields.String(metadata={"description": "where it stands in repair_order, in words"})
    status = fields.String()
    remaining = fields.Integer(metadata={"description": "errors and violations left"})
    findings = fields.List(fields.Nested(FindingSchema))
    disputed = fields.Nested(
        FindingSchema,
        allow_none=True,
        metadata={"description": "the first finding of the record this repair settles"},
    )
    settles = fields.List(
        fields.Nested(FindingSchema),
        metadata={"description": "every error and violation of the record it settles"},
    )
    players = fields.List(fields.String(), metadata={"description": "the repaired seating"})
    payments = fields.List(fields.Nested(RepairPaymentOut))
    tricks = fields.List(
        fields.Nested(RepairTrickOut), metadata={"description": "the tricks it changes, replayed"}
    )
    diff = fields.String(metadata={"description": "unified diff of the canonical texts"})
    text = fields.String(metadata={"description": "the repaired record, to post as a revision"})


class AlternativeOut(Schema):
    """One other value of a rule option and what it changes (:func:`dump_alternatives`)."""

    option = fields.String()
    value = fields.String()
    ruling = fields.String()
    help = fields.String()
    status = fields.String(metadata={"description": "the worst hand's status under this value"})
    findings = fields.Integer(metadata={"description": "errors and violations under this value"})
    amounts = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        metadata={"description": "payments (a hand) or final balances (a session)"},
    )
    delta = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        metadata={"description": "amounts minus what was applied: the real changes only"},
    )
    changes_anything = fields.Boolean()
    impossible = fields.Boolean(
        metadata={
            "description": "some hand is impossible under this value (not as applied): shown "
            "as such and left out of amounts and delta (scored as applied)"
        }
    )
    impossible_hands = fields.List(
        fields.Integer(), metadata={"description": "those hands' numbers (1 for a single hand)"}
    )


class RepairSearchOut(Schema):
    replays = fields.Integer(metadata={"description": "replays the search could make"})
    whole = fields.Integer(metadata={"description": "replays a whole search makes"})
    bounded = fields.Boolean(
        metadata={
            "description": "the search was cut short by the request's budget: a director's "
            "token, or `tarocco audit` on your own machine, searches further"
        }
    )


class AuditRecordOut(Schema):
    """One record audited (:func:`records.disputes.audit_record`); a tool not asked for is
    left out."""

    line = fields.Integer(allow_none=True)
    hand_id = fields.Integer()
    game = fields.String()
    players = fields.List(fields.String())
    status = fields.String()
    unit = fields.String()
    settlement = fields.Dict(keys=fields.String(), values=fields.Integer())
    claims = fields.List(
        fields.Dict(),
        metadata={"description": "field by field, with the kind of difference and its reason"},
    )
    what_if = fields.List(fields.Nested(AlternativeOut))
    repairs_needed = fields.Boolean()
    repair_order = fields.String(metadata={"description": "how the repairs are ordered"})
    repairs = fields.List(fields.Nested(RepairOut))
    repair_search = fields.Nested(
        RepairSearchOut,
        metadata={"description": "how far the repair search went within the request's budget"},
    )


class AuditResultOut(Schema):
    records = fields.List(fields.Nested(AuditRecordOut))


class SessionWhatIfOut(Schema):
    game = fields.String()
    unit = fields.String()
    players = fields.List(fields.String())
    balances = fields.Dict(keys=fields.String(), values=fields.Integer())
    what_if = fields.List(fields.Nested(AlternativeOut))


def _lowered(options: dict[str, str]) -> dict[str, str]:
    return {k.lower(): v.lower() for k, v in options.items()}


def _readable_records(text: str) -> list[Any]:
    """The records of an audit's text, each read whole (422 otherwise)."""
    parsed = read(text)
    if len(parsed) > MAX_AUDIT_RECORDS:
        raise ServiceError(
            422, "TOO_MANY_RECORDS", f"at most {MAX_AUDIT_RECORDS} records in one audit"
        )
    records = []
    for number, item in enumerate(parsed, start=1):
        if item.errors or item.record is None:
            raise ServiceError(
                422,
                "MALFORMED_RECORD",
                f"record {number} cannot be read: fix the notation first",
                [
                    {
                        "code": "NOTATION",
                        "severity": "error",
                        "message": e.message,
                        "line": e.loc.line,
                        "column": e.loc.column,
                    }
                    for e in item.errors
                ],
            )
        records.append(item.record)
    if not records:
        raise ServiceError(
            422, "MALFORMED_RECORD", 'no record found: a record starts with [Game "..."]'
        )
    return records


_HEAVY_RESPONSES = [
    (
        422,
        "unreadable records, too many records, an unknown rule option, or work over the "
        "request's budget (OVER_BUDGET: its cost in trick lines replayed and the limit)",
    ),
    (503, "every heavy slot of the worker is taken (BUSY): try again after Retry-After"),
]


def _heavy_responses(view: Any) -> Any:
    """The 422 and 503 answers every heavy endpoint documents (the 503 with Retry-After)."""
    for status, description in _HEAVY_RESPONSES:
        headers = (
            {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}
            if status == 503
            else None
        )
        view = disputes_blp.alt_response(
            status, schema=ErrorOut, description=description, headers=headers
        )(view)
    return view


@disputes_blp.route("/audit", methods=["POST"])
@disputes_blp.arguments(AuditRequest)
@disputes_blp.response(200, AuditResultOut)
@_heavy_responses
def audit(body: dict) -> dict:
    """Audit records without storing them: claims, what-if and repair suggestions, priced
    and bounded (docs/api.md, "Heavy requests")."""
    records = _readable_records(body["text"])
    data = kept_audit(
        records, body["text"], _lowered(body["options"]), body["tools"], body["limit"]
    )
    return {
        "records": [
            {"line": record.start.line if record.start else None, **item}
            for record, item in zip(records, data, strict=True)
        ]
    }


@disputes_blp.route("/hands/<int:hand_id>/audit")
@disputes_blp.arguments(AuditArgs, location="query")
@disputes_blp.response(200, AuditResultOut)
@_heavy_responses
def hand_audit(args: dict, hand_id: int) -> dict:
    """Audit a stored hand's current revision under its session's options."""
    hand = readable_hand(hand_id)
    session = get_store().session(hand["session_id"])
    text = get_store().current_revision(hand_id)["original_text"]
    record = read(text)[0].record
    assert record is not None, "a stored hand's text was read whole when it was stored"
    data = kept_audit([record], text, session["options"], args["tools"], args["limit"])
    return {"records": [{"line": 1, "hand_id": hand_id, **data[0]}]}


@disputes_blp.route("/sessions/<int:session_id>/what-if")
@disputes_blp.response(200, SessionWhatIfOut)
@_heavy_responses
def session_what_if(session_id: int) -> dict:
    """The session's final balances under every other value of each rule option (kept until
    the session changes)."""
    return kept_session_what_if(readable_session(session_id))
