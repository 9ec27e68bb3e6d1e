"""Hands in progress parked in a session by a director (#34.1): ``/api/sessions/{id}/drafts``
and ``/api/drafts/{id}``. The guided entry page keeps every draft in the browser; parking one
on the server hands it on to another device. A parked draft is no hand: no ledger reads it.
Every change names the version it was based on (``If-Match``, #30.1)."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from records import service

from .. import schemas as S
from ..auth import require_director
from ..db import get_store
from .common import expected_versions, readable_session, with_etag

drafts_blp = Blueprint("drafts", __name__, description="Hands in progress parked in a session.")
# nested in the ``api`` blueprint (web/api/__init__.py): URLs under /api, tagged api


def _directed_draft(draft_id: int) -> tuple[dict[str, Any], str]:
    """A parked draft and the director of its session's tournament who asks for it."""
    draft = service.parked_draft(get_store(), draft_id)
    session = readable_session(draft["session_id"])
    return draft, require_director(session["tournament_id"])


@drafts_blp.route("/sessions/<int:session_id>/drafts")
@drafts_blp.response(200, S.DraftOut(many=True))
def session_drafts(session_id: int) -> list[dict]:
    """The drafts parked in a session, the last changed first (its director)."""
    require_director(readable_session(session_id)["tournament_id"])
    return service.parked_drafts(get_store(), [session_id])


@drafts_blp.route("/sessions/<int:session_id>/drafts", methods=["POST"])
@drafts_blp.arguments(S.DraftIn)
@drafts_blp.response(201, S.DraftOut)
@drafts_blp.alt_response(
    422, schema=S.ErrorOut, description="not one readable record of the session's game and players"
)
def park(body: dict, session_id: int) -> Any:
    """Park a hand in progress in a session (its director): ``{"text": ...}``, the record
    as far as it goes. The answer's ``ETag`` is the draft's version."""
    actor = require_director(readable_session(session_id)["tournament_id"])
    draft = service.park_draft(get_store(), session_id, body["text"], actor)
    return with_etag(draft, draft["version"], 201)


@drafts_blp.route("/drafts/<int:draft_id>")
@drafts_blp.response(200, S.DraftOut)
def draft(draft_id: int) -> Any:
    """A parked draft (its session's director), its ``ETag`` its version."""
    row, _actor = _directed_draft(draft_id)
    return with_etag(row, row["version"])


@drafts_blp.route("/drafts/<int:draft_id>", methods=["PUT"])
@drafts_blp.arguments(S.DraftIn)
@drafts_blp.response(200, S.DraftOut)
@drafts_blp.alt_response(422, schema=S.ErrorOut)
@drafts_blp.alt_response(409, schema=S.ErrorOut, description=S.CONFLICT_409)
@drafts_blp.alt_response(412, schema=S.ErrorOut, description=S.STALE_412)
@drafts_blp.alt_response(428, schema=S.ErrorOut, description=S.REQUIRED_428)
def repark(body: dict, draft_id: int) -> Any:
    """Replace a parked draft's text, with its ``ETag`` in ``If-Match``."""
    _row, actor = _directed_draft(draft_id)
    new = service.repark_draft(get_store(), draft_id, body["text"], actor, expected_versions())
    return with_etag(new, new["version"])


@drafts_blp.route("/drafts/<int:draft_id>", methods=["DELETE"])
@drafts_blp.response(204)
@drafts_blp.alt_response(409, schema=S.ErrorOut, description=S.CONFLICT_409)
@drafts_blp.alt_response(412, schema=S.ErrorOut, description=S.STALE_412)
@drafts_blp.alt_response(428, schema=S.ErrorOut, description=S.REQUIRED_428)
def unpark(draft_id: int) -> None:
    """Delete a parked draft (stored, or given up), with its ``ETag`` in ``If-Match``."""
    _row, actor = _directed_draft(draft_id)
    service.unpark_draft(get_store(), draft_id, actor, expected_versions())
