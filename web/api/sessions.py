"""A session: its hands (upload), ledger, rulings and export (``/api/sessions/...``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from flask import Response, stream_with_context
from flask_smorest import Blueprint

from records import service
from records.schemas import LedgerSchema
from records.words import word_json

from .. import schemas as S
from ..auth import require_director
from ..db import get_store
from .common import (
    expected_versions,
    idempotency_key,
    ok_json_or,
    readable_session,
    text_or_json,
    with_etag,
)
from .words import api_language

sessions_blp = text_or_json(
    Blueprint("sessions", __name__, description="A session's hands, ledger, rulings and export.")
)
# nested in the ``api`` blueprint (web/api/__init__.py): URLs under /api, tagged api


@sessions_blp.route("/sessions/<int:session_id>")
@sessions_blp.response(200, S.SessionDetailOut)
def session(session_id: int) -> Any:
    """A session, with its result: who won each game (PINCH-8, PIE-7), or who is ahead. Its
    ``ETag`` is the session's version (any write to it moves it on)."""
    row = readable_session(session_id)
    data = {**row, "result": service.session_result(get_store(), session_id)}
    return with_etag(data, service.session_etag(row))


@sessions_blp.route("/sessions/<int:session_id>", methods=["PATCH"])
@sessions_blp.arguments(S.SessionPatch)
@sessions_blp.response(200, S.SessionOut)
@sessions_blp.alt_response(422, schema=S.ErrorOut)
@sessions_blp.alt_response(409, schema=S.ErrorOut, description=S.CONFLICT_409)
@sessions_blp.alt_response(412, schema=S.ErrorOut, description=S.STALE_412)
@sessions_blp.alt_response(428, schema=S.ErrorOut, description=S.REQUIRED_428)
def update_session(body: dict, session_id: int) -> Any:
    """Rename a session or move it to another table (director): ``{"name": ..., "table":
    ...}``, with the session's ``ETag`` in ``If-Match``."""
    row = readable_session(session_id)
    actor = require_director(row["tournament_id"])
    updated = service.update_session(get_store(), session_id, body, actor, expected_versions())
    return with_etag(updated, service.session_etag(updated))


@sessions_blp.route("/sessions/<int:session_id>/hands")
@sessions_blp.arguments(S.PageArgs, location="query")
@sessions_blp.response(200, S.HandSummary(many=True))
def hands(args: dict, session_id: int) -> list[dict]:
    """The session's hands in order, with the status of each current revision, a page at a
    time: ``?offset=N&limit=M`` (the first 1,000 by default)."""
    readable_session(session_id)
    low = args["offset"] + 1
    return get_store().hands(session_id, positions=(low, low + args["limit"] - 1))


@sessions_blp.route("/sessions/<int:session_id>/hands", methods=["POST"])
@sessions_blp.arguments(S.UploadIn)
@sessions_blp.response(201, S.UploadResponse)
@sessions_blp.alt_response(422, schema=S.ErrorOut, description="a malformed record: nothing stored")
def upload(body: dict, session_id: int) -> dict:
    """Upload one record or several (bulk, in playing order). Each is verified and stored as
    a new hand; a record already in the session is not stored twice (``duplicate``), unless
    ``allow_duplicates`` asks for it. The body is JSON, or the records as plain text
    (``text/plain``, or no type), then with ``?allow_duplicates=true`` if wanted."""
    session = readable_session(session_id)
    actor = require_director(session["tournament_id"])
    results = service.upload(
        get_store(), session_id, body["text"], actor, allow_duplicates=body["allow_duplicates"]
    )
    # the session's game and players: what a language other than English words the
    # findings with (web/api/words.py)
    return {
        "hands": [vars(r) for r in results],
        "game": session["game"],
        "players": session["players"],
    }


@sessions_blp.route("/sessions/<int:session_id>/ledger")
@sessions_blp.arguments(S.FormatArgs, location="query")
@sessions_blp.response(200)
def ledger(args: dict, session_id: int) -> Any:
    """Balances after each hand and each director's ruling, from the current revisions."""
    readable_session(session_id)
    result = service.session_ledger(get_store(), session_id)
    return ok_json_or(
        args["format"],
        LedgerSchema().dump(result),
        service.ledger_csv(result),
        filename=f"session-{session_id}-ledger",
    )


@sessions_blp.route("/sessions/<int:session_id>/rulings")
@sessions_blp.response(200, S.RulingOutRow(many=True))
def rulings(session_id: int) -> list[dict]:
    """Every ruling, withdrawal and amendment of the session, oldest first, each saying
    whether it stands (counts in the ledger) and what replaced it."""
    readable_session(session_id)
    return service.session_rulings(get_store(), session_id)


def _ruling_out(session_id: int, ruling_id: int, status: int = 201) -> Any:
    """A ruling as the API shows it, with its version as the ``ETag``."""
    row = service.session_ruling(get_store(), session_id, ruling_id)
    return with_etag(row, row["version"], status)


@sessions_blp.route("/sessions/<int:session_id>/rulings/<int:ruling_id>")
@sessions_blp.response(200, S.RulingOutRow)
@sessions_blp.alt_response(404, schema=S.ErrorOut)
def ruling(session_id: int, ruling_id: int) -> Any:
    """One ruling, withdrawal or amendment; its ``ETag`` is its version (send it in
    ``If-Match`` to withdraw or amend it)."""
    readable_session(session_id)
    return _ruling_out(session_id, ruling_id, 200)


@sessions_blp.route("/sessions/<int:session_id>/rulings", methods=["POST"])
@sessions_blp.arguments(S.RulingIn)
@sessions_blp.response(201, S.RulingOutRow)
@sessions_blp.alt_response(422, schema=S.ErrorOut)
def add_ruling(body: dict, session_id: int) -> Any:
    """A director's ruling: a zero-sum adjustment with its reason, its own ledger entry. With
    an ``Idempotency-Key`` header, the same request sent again stores nothing and answers
    with the ruling the first one stored."""
    session = readable_session(session_id)
    actor = require_director(session["tournament_id"])
    rid = service.add_ruling(
        get_store(),
        session_id,
        body["amounts"],
        body["reason"],
        body["author"],
        body["hand_id"],
        actor,
        submission=idempotency_key(),
    )
    return _ruling_out(session_id, rid)


@sessions_blp.route("/sessions/<int:session_id>/rulings/<int:ruling_id>/withdraw", methods=["POST"])
@sessions_blp.arguments(S.RulingWithdrawIn)
@sessions_blp.response(201, S.RulingOutRow)
@sessions_blp.alt_response(404, schema=S.ErrorOut)
@sessions_blp.alt_response(422, schema=S.ErrorOut, description="the ruling no longer stands")
@sessions_blp.alt_response(409, schema=S.ErrorOut, description=S.CONFLICT_409)
@sessions_blp.alt_response(412, schema=S.ErrorOut, description=S.STALE_412)
@sessions_blp.alt_response(428, schema=S.ErrorOut, description=S.REQUIRED_428)
def withdraw_ruling(body: dict, session_id: int, ruling_id: int) -> Any:
    """Withdraw a standing ruling: a new entry with its reason (nothing is deleted); the
    ruling no longer counts in the ledger. Send the ruling's ``ETag`` in ``If-Match``: a
    ruling is withdrawn or amended once, so of two such requests at once exactly one is
    stored and the other gets 412 (409 without If-Match) saying what the first did."""
    session = readable_session(session_id)
    actor = require_director(session["tournament_id"])
    rid = service.withdraw_ruling(
        get_store(),
        session_id,
        ruling_id,
        body["reason"],
        body["author"],
        actor,
        expected_versions(),
    )
    return _ruling_out(session_id, rid)


@sessions_blp.route("/sessions/<int:session_id>/rulings/<int:ruling_id>/amend", methods=["POST"])
@sessions_blp.arguments(S.RulingAmendIn)
@sessions_blp.response(201, S.RulingOutRow)
@sessions_blp.alt_response(404, schema=S.ErrorOut)
@sessions_blp.alt_response(422, schema=S.ErrorOut, description="the ruling no longer stands")
@sessions_blp.alt_response(409, schema=S.ErrorOut, description=S.CONFLICT_409)
@sessions_blp.alt_response(412, schema=S.ErrorOut, description=S.STALE_412)
@sessions_blp.alt_response(428, schema=S.ErrorOut, description=S.REQUIRED_428)
def amend_ruling(body: dict, session_id: int, ruling_id: int) -> Any:
    """Amend a standing ruling: a new entry whose amounts replace the ruling's, at its place
    in the ledger, with its reason (nothing is deleted). ``If-Match`` as for a withdrawal."""
    session = readable_session(session_id)
    actor = require_director(session["tournament_id"])
    rid = service.amend_ruling(
        get_store(),
        session_id,
        ruling_id,
        body["amounts"],
        body["reason"],
        body["author"],
        actor,
        expected_versions(),
    )
    return _ruling_out(session_id, rid)


@sessions_blp.route("/sessions/<int:session_id>/export")
@sessions_blp.arguments(S.FormatArgs, location="query")
@sessions_blp.response(200)
def export_session(args: dict, session_id: int) -> Any:
    """The session's current records: canonical notation, JSON, or the ledger as CSV; each
    streamed as it is read, a batch of hands at a time, so that an export of any size takes
    the same memory (#31.3)."""
    readable_session(session_id)
    fmt = args["format"]
    if fmt == "notation":
        return Response(
            stream_with_context(_notation(session_id)), content_type="text/plain; charset=utf-8"
        )
    result = service.session_ledger(get_store(), session_id)
    if fmt == "csv":
        return Response(
            stream_with_context(service.ledger_csv_lines(result)),
            mimetype="text/csv",
            headers={"Content-Disposition": f"attachment; filename=session-{session_id}.csv"},
        )
    if fmt != "json":
        return ok_json_or(fmt, None)
    language = api_language()  # streamed: worded here, not after the request (api/words.py)
    dumped = word_json(LedgerSchema().dump(result), language)
    ledger = json.dumps(dumped, separators=(",", ":"))
    response = Response(stream_with_context(_json(session_id, ledger)), mimetype="application/json")
    response.headers["Content-Language"] = language
    return response


def _notation(session_id: int) -> Iterator[str]:
    """The session's records in canonical notation, a blank line between two."""
    for index, row in enumerate(service.session_records(get_store(), session_id)):
        yield ("\n" if index else "") + row["canonical_text"]


def _json(session_id: int, ledger: str) -> Iterator[str]:
    """``{"records": [...], "ledger": {...}}``, a record at a time."""
    yield '{"records":['
    for index, row in enumerate(service.session_records(get_store(), session_id)):
        yield ("," if index else "") + row["record_json"]
    yield '],"ledger":' + ledger + "}"
