"""A hand: its current revision, its revisions (corrections) and its export
(``/api/hands/...``).
"""

from __future__ import annotations

import json
from typing import Any

from flask_smorest import Blueprint

from records import service

from .. import schemas as S
from ..auth import require_director
from ..db import get_store
from .common import expected_versions, ok_json_or, readable_hand, with_etag

hands_blp = Blueprint("hands", __name__, description="A hand, its revisions and its export.")
# nested in the ``api`` blueprint (web/api/__init__.py): URLs under /api, tagged api


@hands_blp.route("/hands/<int:hand_id>")
@hands_blp.response(200, S.HandOut)
def hand(hand_id: int) -> Any:
    """A hand's current revision: its text, canonical text and full report. Its ``ETag`` is
    the hand's version: send it in ``If-Match`` to correct or restore the hand."""
    hand_row = readable_hand(hand_id)
    revision = get_store().current_revision(hand_id)
    data = {
        **hand_row,
        "status": revision["status"],
        "content_hash": revision["content_hash"],
        "original_text": revision["original_text"],
        "canonical_text": revision["canonical_text"],
        "report": json.loads(revision["report_json"]),
    }
    return with_etag(data, service.hand_etag(hand_row))


@hands_blp.route("/hands/<int:hand_id>/revisions")
@hands_blp.response(200, S.RevisionOut(many=True))
def revisions(hand_id: int) -> list[dict]:
    """Every revision of a hand, oldest first, with who corrected it and why."""
    readable_hand(hand_id)
    return get_store().revisions(hand_id)


@hands_blp.route("/hands/<int:hand_id>/revisions", methods=["POST"])
@hands_blp.arguments(S.RevisionIn)
@hands_blp.response(201, S.RevisionResponse)
@hands_blp.alt_response(422, schema=S.ErrorOut)
@hands_blp.alt_response(409, schema=S.ErrorOut, description=S.CONFLICT_409)
@hands_blp.alt_response(412, schema=S.ErrorOut, description=S.STALE_412)
@hands_blp.alt_response(428, schema=S.ErrorOut, description=S.REQUIRED_428)
def correct(body: dict, hand_id: int) -> Any:
    """Correct a hand: the new record becomes its current revision; nothing is overwritten.
    Send the hand's ``ETag`` in ``If-Match``: a correction based on an older revision is
    refused (412) with what changed, so that of two directors correcting at once exactly
    one is stored and the other is told."""
    hand_row = readable_hand(hand_id)
    session = get_store().session(hand_row["session_id"])
    actor = require_director(session["tournament_id"])
    number, result = service.correct_hand(
        get_store(),
        hand_id,
        body["text"],
        body["author"],
        body["reason"],
        actor,
        expected_versions(),
    )
    data = {"revision": number, "hand": vars(result)}
    return with_etag(data, service.hand_etag({"id": hand_id, "revision": number}), 201)


@hands_blp.route("/hands/<int:hand_id>/revisions/<int:number>/restore", methods=["POST"])
@hands_blp.arguments(S.RulingWithdrawIn)
@hands_blp.response(201, S.RevisionResponse)
@hands_blp.alt_response(404, schema=S.ErrorOut)
@hands_blp.alt_response(422, schema=S.ErrorOut, description="that revision is the current one")
@hands_blp.alt_response(409, schema=S.ErrorOut, description=S.CONFLICT_409)
@hands_blp.alt_response(412, schema=S.ErrorOut, description=S.STALE_412)
@hands_blp.alt_response(428, schema=S.ErrorOut, description=S.REQUIRED_428)
def restore(body: dict, hand_id: int, number: int) -> Any:
    """Restore an earlier revision: its text becomes the hand's new current revision, with
    who and why (the reason is stored as ``restores revision N: ...``). ``If-Match`` as for
    a correction."""
    hand_row = readable_hand(hand_id)
    session = get_store().session(hand_row["session_id"])
    actor = require_director(session["tournament_id"])
    new, result = service.restore_revision(
        get_store(), hand_id, number, body["author"], body["reason"], actor, expected_versions()
    )
    data = {"revision": new, "hand": vars(result)}
    return with_etag(data, service.hand_etag({"id": hand_id, "revision": new}), 201)


@hands_blp.route("/hands/<int:hand_id>/export")
@hands_blp.arguments(S.FormatArgs, location="query")
@hands_blp.response(200)
def export_hand(args: dict, hand_id: int) -> Any:
    """A hand's current record in canonical notation or JSON."""
    readable_hand(hand_id)
    revision = get_store().current_revision(hand_id)
    return ok_json_or(
        args["format"],
        json.loads(revision["record_json"]),
        notation=revision["canonical_text"],
        filename=f"hand-{hand_id}",
    )
