"""Director tokens: ``Authorization: Bearer tar_...``, scoped to one tournament.

Writes need a token of the resource's tournament; reads are public unless the tournament is
private, when they need such a token too, and to anyone without one a private tournament, its
sessions and its hands answer as missing ones do (404).
"""

from __future__ import annotations

from flask import request

from records.service import ServiceError
from records.store import NotFound, token_actor

from .db import get_store

LOGIN_KEY = "login"  # the pages' session cookie's key for a director's login id (web.pages)


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def actor() -> str:
    """Who is writing, for the audit log: the token's label and id."""
    token = bearer_token()
    row = get_store().token_row(token) if token else None
    return token_actor(row) if row else "anonymous"


def require_director(tournament_id: int) -> str:
    """Check the request's token against a tournament; return the actor for the audit log."""
    token = bearer_token()
    if token is None:
        raise ServiceError(
            401, "TOKEN_REQUIRED", "this needs a director token (Authorization: Bearer ...)"
        )
    row = get_store().token_row(token)
    if row is None:
        raise ServiceError(401, "BAD_TOKEN", "unknown or revoked token")
    if row["tournament_id"] != tournament_id:
        raise ServiceError(403, "WRONG_TOURNAMENT", "this token belongs to another tournament")
    return token_actor(row)


def check_readable(tournament_id: int, hidden_as: str | None = None) -> dict:
    """The tournament's row, if the request may read it: public, or private with a token of
    its own. Otherwise 404, worded exactly as for an id that does not exist (``hidden_as``:
    the message for the thing asked for, by default "no tournament N"), so that a reader
    without the right token cannot tell a private id from a missing one (#21.18)."""
    store = get_store()
    not_found = ServiceError(404, "NOT_FOUND", hidden_as or f"no tournament {tournament_id}")
    try:
        tournament = store.tournament(tournament_id)
    except NotFound:
        raise not_found from None
    if tournament["private"]:
        token = bearer_token()
        row = store.token_row(token) if token else None
        if row is None or row["tournament_id"] != tournament_id:
            raise not_found
    return tournament
