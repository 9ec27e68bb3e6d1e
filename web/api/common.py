"""What the API's resources share: a format switch for exports, and reading a session or
a hand only where the request may read its tournament.
"""

from __future__ import annotations

from typing import Any

from flask import Response

from records.service import ServiceError
from records.store import NotFound

from ..auth import check_readable
from ..db import get_store


def ok_json_or(
    fmt: str,
    data: Any,
    csv_text: str | None = None,
    notation: str | None = None,
    filename: str = "export",
) -> Any:
    """``data`` as JSON, or the CSV or notation text when ``fmt`` asks for it and this
    resource offers it (``?format=``); any other format is a 400."""
    if fmt == "csv" and csv_text is not None:
        return Response(
            csv_text,
            mimetype="text/csv",
            headers={"Content-Disposition": f"attachment; filename={filename}.csv"},
        )
    if fmt == "notation" and notation is not None:
        return Response(notation, content_type="text/plain; charset=utf-8")
    if fmt != "json":
        raise ServiceError(400, "BAD_FORMAT", f"format={fmt} is not offered here")
    return data


def readable_session(session_id: int) -> dict:
    """The session, if the request may read its tournament; else 404 as for a missing one."""
    try:
        session = get_store().session(session_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc
    check_readable(session["tournament_id"], hidden_as=f"no session {session_id}")
    return session


def readable_hand(hand_id: int) -> dict:
    """The hand, if the request may read its tournament; else 404 as for a missing one."""
    try:
        hand = get_store().hand(hand_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc
    session = get_store().session(hand["session_id"])
    check_readable(session["tournament_id"], hidden_as=f"no hand {hand_id}")
    return hand
