"""Tournaments: listing, privacy, standings, the attention list, the audit log, and the
sessions of a tournament (``/api/tournaments/...``).
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request
from flask_smorest import Blueprint

from records import service

from .. import schemas as S
from ..auth import check_readable, require_director
from ..db import get_store
from .common import expected_versions, idempotency_key, ok_json_or, with_etag

tournaments_blp = Blueprint(
    "tournaments", __name__, description="Tournaments, their standings and their sessions."
)
# nested in the ``api`` blueprint (web/api/__init__.py): URLs under /api, tagged api


def _tournament_out(row: dict) -> dict:
    return {**row, "private": bool(row["private"])}


@tournaments_blp.route("/tournaments")
@tournaments_blp.response(200, S.TournamentOut(many=True))
def tournaments() -> list[dict]:
    """Public tournaments (a private one is listed only for its own director)."""
    from ..auth import bearer_token

    token = bearer_token()
    mine = get_store().tournament_for_token(token) if token else None
    return [
        _tournament_out(t) for t in get_store().tournaments() if not t["private"] or t["id"] == mine
    ]


@tournaments_blp.route("/tournaments/<int:tournament_id>")
@tournaments_blp.response(200, S.TournamentOut)
@tournaments_blp.alt_response(404, schema=S.ErrorOut)
def tournament(tournament_id: int) -> Any:
    """A tournament; its ``ETag`` is its version (send it in ``If-Match`` to change it)."""
    row = check_readable(tournament_id)
    return with_etag(_tournament_out(row), service.tournament_etag(row))


@tournaments_blp.route("/tournaments/<int:tournament_id>", methods=["PATCH"])
@tournaments_blp.arguments(S.TournamentPatch)
@tournaments_blp.response(200, S.TournamentOut)
@tournaments_blp.alt_response(401, schema=S.ErrorOut)
@tournaments_blp.alt_response(403, schema=S.ErrorOut)
@tournaments_blp.alt_response(409, schema=S.ErrorOut, description=S.CONFLICT_409)
@tournaments_blp.alt_response(412, schema=S.ErrorOut, description=S.STALE_412)
@tournaments_blp.alt_response(428, schema=S.ErrorOut, description=S.REQUIRED_428)
def update_tournament(body: dict, tournament_id: int) -> Any:
    """Make a tournament private or public (director only), with its ``ETag`` in
    ``If-Match``."""
    actor = require_director(tournament_id)
    row = service.set_privacy(
        get_store(), tournament_id, body["private"], actor, expected_versions()
    )
    return with_etag(_tournament_out(row), service.tournament_etag(row))


@tournaments_blp.route("/tournaments/<int:tournament_id>/standings")
@tournaments_blp.arguments(S.FormatArgs, location="query")
@tournaments_blp.response(200, S.StandingsOut)
def standings(args: dict, tournament_id: int) -> Any:
    """Standings per game, each in its own unit (never added together): nice4, nice3,
    minchiate and piemonte3 by net result; pinch (PINCH-8) and piedicavallo (PIE-7) by games
    won. Ties ranked ``3=``. Kept up to date as the sessions change, not recomputed."""
    check_readable(tournament_id)
    tables = service.standings(get_store(), tournament_id)
    return ok_json_or(
        args["format"],
        service.standings_json(tables),
        service.standings_csv(tables),
        filename=f"tournament-{tournament_id}-standings",
    )


@tournaments_blp.route("/tournaments/<int:tournament_id>/attention")
@tournaments_blp.response(200, S.AttentionOut(many=True))
def attention(tournament_id: int) -> list[dict]:
    """Hands that need a director: flagged, partial or invalid."""
    check_readable(tournament_id)
    return service.needs_director(get_store(), tournament_id)


@tournaments_blp.route("/tournaments/<int:tournament_id>/version")
@tournaments_blp.response(200, S.VersionOut)
@tournaments_blp.alt_response(304, description="unchanged since the ETag given in If-None-Match")
def tournament_version(tournament_id: int) -> Any:
    """A tag that changes whenever the standings or the attention list may have: poll it
    (its ``ETag`` in ``If-None-Match`` gets an empty 304 while nothing changed) and fetch
    the standings again only when it changes (#23.8)."""
    check_readable(tournament_id)
    tag = service.tournament_version(get_store(), tournament_id)
    response = Response(status=304) if tag in request.if_none_match else jsonify({"version": tag})
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@tournaments_blp.route("/tournaments/<int:tournament_id>/audit")
@tournaments_blp.arguments(S.PageArgs, location="query")
@tournaments_blp.response(200, S.AuditOut(many=True))
def audit(args: dict, tournament_id: int) -> list[dict]:
    """The audit log of the tournament, its sessions and hands, oldest first (director
    only), a page at a time: ``?offset=N&limit=M`` (1,000 entries by default)."""
    require_director(tournament_id)
    return get_store().tournament_audit(tournament_id, args["offset"], args["limit"])


@tournaments_blp.route("/tournaments/<int:tournament_id>/sessions")
@tournaments_blp.response(200, S.SessionOut(many=True))
def sessions(tournament_id: int) -> list[dict]:
    check_readable(tournament_id)
    return get_store().sessions(tournament_id)


@tournaments_blp.route("/tournaments/<int:tournament_id>/sessions", methods=["POST"])
@tournaments_blp.arguments(S.SessionIn)
@tournaments_blp.response(201, S.SessionOut)
@tournaments_blp.alt_response(422, schema=S.ErrorOut)
def create_session(body: dict, tournament_id: int) -> dict:
    """Open a session: a table sitting with its game, rule options, players in seat order
    and, optionally, the label of its table (``table``). With an ``Idempotency-Key`` header,
    the same request sent again opens nothing and answers with the session the first
    opened."""
    check_readable(tournament_id)
    actor = require_director(tournament_id)
    sid = service.create_session(
        get_store(),
        tournament_id,
        body["game"],
        body["players"],
        body["options"],
        body["name"],
        actor,
        table=body["table"],
        submission=idempotency_key(),
    )
    return get_store().session(sid)
