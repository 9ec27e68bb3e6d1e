"""Request and response schemas of the API (marshmallow), from which flask-smorest writes
the OpenAPI document. Report and ledger shapes come from :mod:`records.schemas`."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from records.schemas import FindingSchema, ReportSchema

MAX_TEXT = 4 * 1024 * 1024


class VerifyRequest(Schema):
    text = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_TEXT),
        metadata={"description": "one or more records in the notation"},
    )
    options = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        load_default=dict,
        metadata={"description": "rule options overriding the records'"},
    )


class CheckedRecord(Schema):
    line = fields.Integer(allow_none=True, metadata={"description": "first line of the record"})
    report = fields.Nested(ReportSchema)


class VerifyResponse(Schema):
    records = fields.List(fields.Nested(CheckedRecord))
    ledger = fields.Dict(allow_none=True)


class OptionOut(Schema):
    name = fields.String()
    values = fields.List(fields.String())
    default = fields.String()
    ruling = fields.String()
    help = fields.String()


class RulingOut(Schema):
    id = fields.String()
    title = fields.String()
    summary = fields.String()


class GameRules(Schema):
    key = fields.String()
    title = fields.String()
    seed = fields.String()
    players = fields.Integer()
    unit = fields.String()
    options = fields.List(fields.Nested(OptionOut))
    rulings = fields.List(fields.Nested(RulingOut))
    sections = fields.Dict(keys=fields.String(), values=fields.String())


class TournamentOut(Schema):
    id = fields.Integer()
    name = fields.String()
    private = fields.Boolean()
    created_at = fields.String()


class TournamentPatch(Schema):
    private = fields.Boolean(required=True)


class SessionIn(Schema):
    game = fields.String(required=True, validate=validate.Length(min=1, max=40))
    players = fields.List(
        fields.String(validate=validate.Length(min=1, max=80)),
        required=True,
        validate=validate.Length(min=2, max=6),
    )
    options = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)
    name = fields.String(load_default="", validate=validate.Length(max=200))
    table = fields.String(
        load_default=None,
        allow_none=True,
        metadata={
            "description": 'the table the session sits at, a label such as "Table 2" '
            "(stripped; empty or null: none given). At most 40 characters, no control "
            "characters, else 422 BAD_TABLE. The tournament page groups sessions by it."
        },
    )


class SessionOut(Schema):
    id = fields.Integer()
    tournament_id = fields.Integer()
    name = fields.String()
    table = fields.String(
        attribute="table_name",
        allow_none=True,
        metadata={"description": "the table label, null when none given"},
    )
    game = fields.String()
    players = fields.List(fields.String())
    options = fields.Dict(keys=fields.String(), values=fields.String())
    created_at = fields.String()


class UploadIn(Schema):
    text = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_TEXT),
        metadata={"description": "one record, or several in order (bulk)"},
    )


class UploadOut(Schema):
    hand_id = fields.Integer()
    position = fields.Integer()
    status = fields.String()
    duplicate = fields.Boolean()
    findings = fields.List(fields.Nested(FindingSchema))


class UploadResponse(Schema):
    hands = fields.List(fields.Nested(UploadOut))


class HandSummary(Schema):
    id = fields.Integer()
    session_id = fields.Integer()
    position = fields.Integer()
    revision = fields.Integer()
    status = fields.String()
    content_hash = fields.String()
    created_at = fields.String()


class HandOut(HandSummary):
    original_text = fields.String()
    canonical_text = fields.String()
    report = fields.Nested(ReportSchema)


class RevisionIn(Schema):
    text = fields.String(required=True, validate=validate.Length(min=1, max=MAX_TEXT))
    author = fields.String(required=True, validate=validate.Length(min=1, max=200))
    reason = fields.String(required=True, validate=validate.Length(min=1, max=2000))


class RevisionOut(Schema):
    number = fields.Integer()
    status = fields.String()
    content_hash = fields.String()
    author = fields.String(allow_none=True)
    reason = fields.String(allow_none=True)
    created_at = fields.String()
    original_text = fields.String()


class RevisionResponse(Schema):
    revision = fields.Integer()
    hand = fields.Nested(UploadOut)


class RulingIn(Schema):
    # strict: a non-integer amount (1.5) is refused, not truncated to 1
    amounts = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True), required=True)
    reason = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    author = fields.String(required=True, validate=validate.Length(min=1, max=200))
    hand_id = fields.Integer(load_default=None, allow_none=True, strict=True)


class RulingWithdrawIn(Schema):
    """Who and why: a ruling's withdrawal, or a revision's restoration."""

    reason = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    author = fields.String(required=True, validate=validate.Length(min=1, max=200))


class RulingAmendIn(RulingWithdrawIn):
    amounts = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(strict=True),
        required=True,
        metadata={"description": "the amounts that replace the amended ruling's"},
    )


class RulingOutRow(Schema):
    id = fields.Integer()
    session_id = fields.Integer()
    hand_id = fields.Integer(allow_none=True)
    amounts = fields.Dict(keys=fields.String(), values=fields.Integer())
    reason = fields.String()
    author = fields.String(allow_none=True)
    created_at = fields.String()
    kind = fields.String(
        validate=validate.OneOf(["ruling", "withdrawal", "amendment"]),
        metadata={
            "description": "ruling; withdrawal (withdraws the ruling it replaces, no amounts);"
            " amendment (its amounts replace those of the ruling it replaces)"
        },
    )
    replaces = fields.Integer(
        allow_none=True,
        metadata={"description": "the ruling this withdrawal or amendment is about"},
    )
    replaced_by = fields.Integer(
        allow_none=True,
        metadata={"description": "the later withdrawal or amendment of this ruling, if any"},
    )
    standing = fields.Boolean(
        metadata={"description": "whether its amounts count in the ledger now"}
    )


class StandingOut(Schema):
    rank = fields.String()
    player = fields.String()
    total = fields.Integer()
    sessions = fields.Integer()
    hands = fields.Integer()


class AttentionOut(Schema):
    hand_id = fields.Integer()
    session_id = fields.Integer()
    position = fields.Integer()
    status = fields.String()


class AuditOut(Schema):
    id = fields.Integer()
    at = fields.String()
    actor = fields.String()
    action = fields.String()
    entity = fields.String()
    entity_id = fields.Integer(allow_none=True)
    detail = fields.Dict()


class FormatArgs(Schema):
    format = fields.String(
        load_default="json", validate=validate.OneOf(["json", "csv", "notation"])
    )


class ErrorOut(Schema):
    code = fields.String()
    status = fields.Integer()
    message = fields.String()
    errors = fields.Dict()
    findings = fields.List(fields.Nested(FindingSchema))
