"""What the API's resources share: a format switch for exports, reading a session or a hand
only where the request may read its tournament, and bodies of plain text.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Request, Response, current_app, request
from flask_smorest import Blueprint
from marshmallow import Schema
from webargs.flaskparser import FlaskParser

from records.service import ServiceError
from records.store import NotFound
from scorer.record import parse_options

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


def expected_versions() -> set[str] | None:
    """The versions a change states it was based on: the entity tags of its ``If-Match``
    (``None`` when it sent none, or ``*``: based on whatever is current). A weak tag never
    matches (If-Match compares strongly). With ``REQUIRE_IF_MATCH`` set
    (``TAROCCO_REQUIRE_IF_MATCH=1``), a change without one is refused: ``428``."""
    header = request.if_match
    if header and not header.star_tag:
        return set(header.as_set())
    if current_app.config.get("REQUIRE_IF_MATCH") and not header:
        raise ServiceError(
            428,
            "PRECONDITION_REQUIRED",
            "this change needs the version it is based on: send If-Match with the ETag "
            "of the thing as you read it",
        )
    return None


def idempotency_key() -> str | None:
    """The request's ``Idempotency-Key`` (at most 200 characters), kept apart per token: a
    create sent again with the same key makes nothing and answers with what the first
    made."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if not key:
        return None
    if len(key) > 200 or not key.isprintable():
        raise ServiceError(
            400, "BAD_IDEMPOTENCY_KEY", "an Idempotency-Key is at most 200 printable characters"
        )
    token = request.headers.get("Authorization", "")
    return "api:" + hashlib.sha256(f"{token}\n{key}".encode()).hexdigest()


def with_etag(data: Any, etag: str, status: int = 200) -> tuple[Any, int, dict[str, str]]:
    """A view's answer with its version as the ``ETag`` header (what ``If-Match`` takes)."""
    return data, status, {"ETag": f'"{etag}"'}


#: The content types whose body is taken as plain text where a request's schema has a
#: ``text`` field: ``text/plain``, and what ``curl --data-binary @hand.txt`` sends when no
#: type is given (``application/x-www-form-urlencoded``), or no type at all.
TEXT_TYPES = frozenset({"text/plain", "application/x-www-form-urlencoded", ""})


class TextOrJsonParser(FlaskParser):
    """flask-smorest's argument parser, which also takes a body of plain text (#34.10): where
    the request's schema has a ``text`` field (``POST /api/verify``, an upload), a body of
    one of :data:`TEXT_TYPES` is that field, and the schema's other fields come from the
    query string (:func:`plain_text_body`). A JSON body is read as before. The body limits
    are the same for both (:mod:`web.bodies` checks every body before the views)."""

    def load_json(self, req: Request, schema: Schema) -> Any:
        if req.mimetype in TEXT_TYPES and "text" in schema.fields:
            return plain_text_body(req)
        return super().load_json(req, schema)


def plain_text_body(req: Request) -> dict[str, Any]:
    """A body of plain text as the ``text`` field, in the charset its content type names
    (UTF-8 by default; 400 ``NOT_TEXT`` when it does not decode), with the query string's
    fields: ``options`` written as in the ``Options`` tag (``honours=world
    first-lead=declarer``, spaces or commas), ``true`` and ``false`` as booleans
    (``allow_duplicates=true``), anything else as text for the schema to judge."""
    charset = req.mimetype_params.get("charset", "utf-8")
    try:
        text = req.get_data(cache=True).decode(charset)
    except (LookupError, UnicodeDecodeError) as exc:
        raise ServiceError(
            400,
            "NOT_TEXT",
            f"the body is not {charset} text ({exc}): send the records as UTF-8, or as JSON",
        ) from exc
    body: dict[str, Any] = {"text": text}
    for name, value in req.args.items():
        if name == "options":
            body[name] = parse_options(value)
        else:
            body[name] = {"true": True, "false": False}.get(value, value)
    return body


def text_or_json(blueprint: Blueprint) -> Blueprint:
    """``blueprint`` with the parser that takes plain text bodies (:class:`TextOrJsonParser`)."""
    blueprint.ARGUMENTS_PARSER = TextOrJsonParser()
    return blueprint
