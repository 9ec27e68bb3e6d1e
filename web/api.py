"""The JSON API. Views are thin: load the request (schemas), call :mod:`records.service` or
the store, dump the result. Rules live in ``scorer``; errors become JSON in :mod:`web.errors`.
"""

from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from typing import Any

from flask import Flask, Response, current_app, request
from flask_smorest import Api, Blueprint

from records import service
from records.notation import read
from records.pipeline import check_parsed, check_text, session_ledger
from records.schemas import LedgerSchema, dump_report
from records.service import ServiceError
from records.store import NotFound
from scorer.games import GAMES, OptionError, UnknownGame, get_game
from scorer.rulings import rulings_for

from . import schemas as S
from .auth import check_readable, require_director
from .bodies import DIRECTOR_VERIFY_RECORDS, verify_record_limit
from .db import get_store
from .errors import register_errors

api_blp = Blueprint(
    "api",
    __name__,
    url_prefix="/api",
    description="Verify records; tournaments, sessions, hands and ledgers.",
)


def _ok_json_or(
    fmt: str,
    data: Any,
    csv_text: str | None = None,
    notation: str | None = None,
    filename: str = "export",
) -> Any:
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


# -- stateless ----------------------------------------------------------------------------
@api_blp.route("/", strict_slashes=False)
@api_blp.response(200, S.ApiIndex)
def index() -> dict:
    """Where things are: the OpenAPI document, the documentation, the version.

    Answers at /api and /api/ alike: `tarocco serve` prints the first."""
    base = request.host_url.rstrip("/")
    try:
        version = package_version("tarocco")
    except PackageNotFoundError:  # run from a source tree that was never installed
        version = "unknown"
    return {
        "service": "tarocco",
        "version": version,
        "api_version": current_app.config["API_VERSION"],
        "openapi": f"{base}/api/openapi.json",
        "docs": "docs/api.md",
        "rules": f"{base}/api/rules",
        "pages": f"{base}/",
    }


@api_blp.route("/verify", methods=["POST"])
@api_blp.arguments(S.VerifyRequest)
@api_blp.response(200, S.VerifyResponse)
@api_blp.alt_response(422, schema=S.ErrorOut, description="an unknown rule option")
@api_blp.alt_response(
    413,
    schema=S.ErrorOut,
    description="a body or a count of records over the limit (smaller without a director token)",
)
def verify(body: dict) -> dict:
    """Verify records without storing them: a report per record, and a ledger for several.

    Without a director token the body may hold at most 256 KiB and 100 records (the work
    grows with them, and anyone may ask); with one, 8 MiB and 5,000 records."""
    parsed = read(body["text"])
    limit = verify_record_limit()
    if len(parsed) > limit:
        raise ServiceError(
            413,
            "TOO_MANY_RECORDS",
            f"at most {limit:,} records in one verify"
            + ("" if limit == DIRECTOR_VERIFY_RECORDS else " without a director token"),
        )
    options = {k.lower(): v.lower() for k, v in body["options"].items()}
    try:
        checked = (
            [check_parsed(item, options) for item in parsed]
            if parsed
            else check_text(body["text"], options=options)
        )
    except OptionError as exc:
        raise ServiceError(422, "BAD_OPTION", str(exc)) from exc
    ledger = session_ledger(checked) if len(checked) > 1 else None
    return {
        "records": [
            {
                "line": c.parsed.record.start.line
                if c.parsed.record and c.parsed.record.start
                else None,
                "report": dump_report(c.report),
            }
            for c in checked
        ],
        "ledger": LedgerSchema().dump(ledger) if ledger is not None else None,
    }


def _rules(key: str) -> dict:
    game = GAMES[key]
    return {
        "key": game.key,
        "title": game.title,
        "seed": game.seed,
        "players": game.num_players,
        "unit": game.unit,
        "options": [
            {
                "name": o.name,
                "values": list(o.values),
                "default": o.default,
                "ruling": o.ruling,
                "help": o.help,
            }
            for o in game.options
        ],
        "rulings": [
            {"id": r.id, "title": r.title, "summary": r.summary} for r in rulings_for(game.rulings)
        ],
        "sections": {k: spec.help for k, spec in game.keywords.items()},
    }


@api_blp.route("/rules")
@api_blp.response(200, S.GameRules(many=True))
def rules() -> list[dict]:
    """Every game: its rule options (with default and ruling) and the rulings it applies."""
    return [_rules(key) for key in GAMES]


@api_blp.route("/rules/<string:game>")
@api_blp.response(200, S.GameRules)
@api_blp.alt_response(404, schema=S.ErrorOut)
def game_rules(game: str) -> dict:
    """One game's rule options and rulings."""
    try:
        return _rules(get_game(game).key)
    except UnknownGame as exc:
        raise ServiceError(404, "UNKNOWN_GAME", str(exc)) from exc


# -- tournaments --------------------------------------------------------------------------
def _tournament_out(row: dict) -> dict:
    return {**row, "private": bool(row["private"])}


@api_blp.route("/tournaments")
@api_blp.response(200, S.TournamentOut(many=True))
def tournaments() -> list[dict]:
    """Public tournaments (a private one is listed only for its own director)."""
    from .auth import bearer_token

    token = bearer_token()
    mine = get_store().tournament_for_token(token) if token else None
    return [
        _tournament_out(t) for t in get_store().tournaments() if not t["private"] or t["id"] == mine
    ]


@api_blp.route("/tournaments/<int:tournament_id>")
@api_blp.response(200, S.TournamentOut)
@api_blp.alt_response(404, schema=S.ErrorOut)
def tournament(tournament_id: int) -> dict:
    return _tournament_out(check_readable(tournament_id))


@api_blp.route("/tournaments/<int:tournament_id>", methods=["PATCH"])
@api_blp.arguments(S.TournamentPatch)
@api_blp.response(200, S.TournamentOut)
@api_blp.alt_response(401, schema=S.ErrorOut)
@api_blp.alt_response(403, schema=S.ErrorOut)
def update_tournament(body: dict, tournament_id: int) -> dict:
    """Make a tournament private or public (director only)."""
    actor = require_director(tournament_id)
    get_store().set_private(tournament_id, body["private"], actor)
    return _tournament_out(get_store().tournament(tournament_id))


@api_blp.route("/tournaments/<int:tournament_id>/standings")
@api_blp.arguments(S.FormatArgs, location="query")
@api_blp.response(200, S.StandingsOut)
def standings(args: dict, tournament_id: int) -> Any:
    """Standings per game, each in its own unit (never added together): nice4, nice3,
    minchiate and piemonte3 by net result; pinch (PINCH-8) and piedicavallo (PIE-7) by games
    won. Ties ranked ``3=``. Kept up to date as the sessions change, not recomputed."""
    check_readable(tournament_id)
    tables = service.standings(get_store(), tournament_id)
    return _ok_json_or(
        args["format"],
        service.standings_json(tables),
        service.standings_csv(tables),
        filename=f"tournament-{tournament_id}-standings",
    )


@api_blp.route("/tournaments/<int:tournament_id>/attention")
@api_blp.response(200, S.AttentionOut(many=True))
def attention(tournament_id: int) -> list[dict]:
    """Hands that need a director: flagged, partial or invalid."""
    check_readable(tournament_id)
    return service.needs_director(get_store(), tournament_id)


@api_blp.route("/tournaments/<int:tournament_id>/audit")
@api_blp.response(200, S.AuditOut(many=True))
def audit(tournament_id: int) -> list[dict]:
    """The audit log of the tournament's sessions and hands (director only)."""
    require_director(tournament_id)
    store = get_store()
    sessions = {s["id"] for s in store.sessions(tournament_id)}
    hands = {h["id"] for sid in sessions for h in store.hands(sid)}
    return [
        row
        for row in store.audit_log(limit=None)  # the whole log, not its first 1000
        if (row["entity"] == "tournament" and row["entity_id"] == tournament_id)
        or (row["entity"] == "session" and row["entity_id"] in sessions)
        or (row["entity"] == "hand" and row["entity_id"] in hands)
    ]


@api_blp.route("/tournaments/<int:tournament_id>/sessions")
@api_blp.response(200, S.SessionOut(many=True))
def sessions(tournament_id: int) -> list[dict]:
    check_readable(tournament_id)
    return get_store().sessions(tournament_id)


@api_blp.route("/tournaments/<int:tournament_id>/sessions", methods=["POST"])
@api_blp.arguments(S.SessionIn)
@api_blp.response(201, S.SessionOut)
@api_blp.alt_response(422, schema=S.ErrorOut)
def create_session(body: dict, tournament_id: int) -> dict:
    """Open a session: a table sitting with its game, rule options, players in seat order
    and, optionally, the label of its table (``table``)."""
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
    )
    return get_store().session(sid)


# -- sessions -----------------------------------------------------------------------------
def readable_session(session_id: int) -> dict:
    """The session, if the request may read its tournament; else 404 as for a missing one."""
    try:
        session = get_store().session(session_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc
    check_readable(session["tournament_id"], hidden_as=f"no session {session_id}")
    return session


@api_blp.route("/sessions/<int:session_id>")
@api_blp.response(200, S.SessionDetailOut)
def session(session_id: int) -> dict:
    """A session, with its result: who won each game (PINCH-8, PIE-7), or who is ahead."""
    row = readable_session(session_id)
    return {**row, "result": service.session_result(get_store(), session_id)}


@api_blp.route("/sessions/<int:session_id>/hands")
@api_blp.response(200, S.HandSummary(many=True))
def hands(session_id: int) -> list[dict]:
    """The session's hands in order, with the status of each current revision."""
    readable_session(session_id)
    return get_store().hands(session_id)


@api_blp.route("/sessions/<int:session_id>/hands", methods=["POST"])
@api_blp.arguments(S.UploadIn)
@api_blp.response(201, S.UploadResponse)
@api_blp.alt_response(422, schema=S.ErrorOut, description="a malformed record: nothing stored")
def upload(body: dict, session_id: int) -> dict:
    """Upload one record or several (bulk, in playing order). Each is verified and stored as
    a new hand; a record already in the session is not stored twice (``duplicate``)."""
    session = readable_session(session_id)
    actor = require_director(session["tournament_id"])
    results = service.upload(get_store(), session_id, body["text"], actor)
    return {"hands": [vars(r) for r in results]}


@api_blp.route("/sessions/<int:session_id>/ledger")
@api_blp.arguments(S.FormatArgs, location="query")
@api_blp.response(200)
def ledger(args: dict, session_id: int) -> Any:
    """Balances after each hand and each director's ruling, from the current revisions."""
    readable_session(session_id)
    result = service.session_ledger(get_store(), session_id)
    return _ok_json_or(
        args["format"],
        LedgerSchema().dump(result),
        service.ledger_csv(result),
        filename=f"session-{session_id}-ledger",
    )


@api_blp.route("/sessions/<int:session_id>/rulings")
@api_blp.response(200, S.RulingOutRow(many=True))
def rulings(session_id: int) -> list[dict]:
    """Every ruling, withdrawal and amendment of the session, oldest first, each saying
    whether it stands (counts in the ledger) and what replaced it."""
    readable_session(session_id)
    return service.session_rulings(get_store(), session_id)


def _ruling_out(session_id: int, ruling_id: int) -> dict:
    return next(r for r in service.session_rulings(get_store(), session_id) if r["id"] == ruling_id)


@api_blp.route("/sessions/<int:session_id>/rulings", methods=["POST"])
@api_blp.arguments(S.RulingIn)
@api_blp.response(201, S.RulingOutRow)
@api_blp.alt_response(422, schema=S.ErrorOut)
def add_ruling(body: dict, session_id: int) -> dict:
    """A director's ruling: a zero-sum adjustment with its reason, its own ledger entry."""
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
    )
    return _ruling_out(session_id, rid)


@api_blp.route("/sessions/<int:session_id>/rulings/<int:ruling_id>/withdraw", methods=["POST"])
@api_blp.arguments(S.RulingWithdrawIn)
@api_blp.response(201, S.RulingOutRow)
@api_blp.alt_response(404, schema=S.ErrorOut)
@api_blp.alt_response(422, schema=S.ErrorOut, description="the ruling no longer stands")
def withdraw_ruling(body: dict, session_id: int, ruling_id: int) -> dict:
    """Withdraw a standing ruling: a new entry with its reason (nothing is deleted); the
    ruling no longer counts in the ledger."""
    session = readable_session(session_id)
    actor = require_director(session["tournament_id"])
    rid = service.withdraw_ruling(
        get_store(), session_id, ruling_id, body["reason"], body["author"], actor
    )
    return _ruling_out(session_id, rid)


@api_blp.route("/sessions/<int:session_id>/rulings/<int:ruling_id>/amend", methods=["POST"])
@api_blp.arguments(S.RulingAmendIn)
@api_blp.response(201, S.RulingOutRow)
@api_blp.alt_response(404, schema=S.ErrorOut)
@api_blp.alt_response(422, schema=S.ErrorOut, description="the ruling no longer stands")
def amend_ruling(body: dict, session_id: int, ruling_id: int) -> dict:
    """Amend a standing ruling: a new entry whose amounts replace the ruling's, at its place
    in the ledger, with its reason (nothing is deleted)."""
    session = readable_session(session_id)
    actor = require_director(session["tournament_id"])
    rid = service.amend_ruling(
        get_store(), session_id, ruling_id, body["amounts"], body["reason"], body["author"], actor
    )
    return _ruling_out(session_id, rid)


@api_blp.route("/sessions/<int:session_id>/export")
@api_blp.arguments(S.FormatArgs, location="query")
@api_blp.response(200)
def export_session(args: dict, session_id: int) -> Any:
    """The session's current records: canonical notation, JSON, or the ledger as CSV."""
    readable_session(session_id)
    rows = get_store().hands(session_id)
    result = service.session_ledger(get_store(), session_id)
    data = {
        "records": [json.loads(r["record_json"]) for r in rows],
        "ledger": LedgerSchema().dump(result),
    }
    notation = "\n".join(r["canonical_text"] for r in rows)
    return _ok_json_or(
        args["format"], data, service.ledger_csv(result), notation, filename=f"session-{session_id}"
    )


# -- hands --------------------------------------------------------------------------------
def readable_hand(hand_id: int) -> dict:
    """The hand, if the request may read its tournament; else 404 as for a missing one."""
    try:
        hand = get_store().hand(hand_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc
    session = get_store().session(hand["session_id"])
    check_readable(session["tournament_id"], hidden_as=f"no hand {hand_id}")
    return hand


@api_blp.route("/hands/<int:hand_id>")
@api_blp.response(200, S.HandOut)
def hand(hand_id: int) -> dict:
    """A hand's current revision: its text, canonical text and full report."""
    hand_row = readable_hand(hand_id)
    revision = get_store().current_revision(hand_id)
    return {
        **hand_row,
        "status": revision["status"],
        "content_hash": revision["content_hash"],
        "original_text": revision["original_text"],
        "canonical_text": revision["canonical_text"],
        "report": json.loads(revision["report_json"]),
    }


@api_blp.route("/hands/<int:hand_id>/revisions")
@api_blp.response(200, S.RevisionOut(many=True))
def revisions(hand_id: int) -> list[dict]:
    """Every revision of a hand, oldest first, with who corrected it and why."""
    readable_hand(hand_id)
    return get_store().revisions(hand_id)


@api_blp.route("/hands/<int:hand_id>/revisions", methods=["POST"])
@api_blp.arguments(S.RevisionIn)
@api_blp.response(201, S.RevisionResponse)
@api_blp.alt_response(422, schema=S.ErrorOut)
def correct(body: dict, hand_id: int) -> dict:
    """Correct a hand: the new record becomes its current revision; nothing is overwritten."""
    hand_row = readable_hand(hand_id)
    session = get_store().session(hand_row["session_id"])
    actor = require_director(session["tournament_id"])
    number, result = service.correct_hand(
        get_store(), hand_id, body["text"], body["author"], body["reason"], actor
    )
    return {"revision": number, "hand": vars(result)}


@api_blp.route("/hands/<int:hand_id>/revisions/<int:number>/restore", methods=["POST"])
@api_blp.arguments(S.RulingWithdrawIn)
@api_blp.response(201, S.RevisionResponse)
@api_blp.alt_response(404, schema=S.ErrorOut)
@api_blp.alt_response(422, schema=S.ErrorOut, description="that revision is the current one")
def restore(body: dict, hand_id: int, number: int) -> dict:
    """Restore an earlier revision: its text becomes the hand's new current revision, with
    who and why (the reason is stored as ``restores revision N: ...``)."""
    hand_row = readable_hand(hand_id)
    session = get_store().session(hand_row["session_id"])
    actor = require_director(session["tournament_id"])
    new, result = service.restore_revision(
        get_store(), hand_id, number, body["author"], body["reason"], actor
    )
    return {"revision": new, "hand": vars(result)}


@api_blp.route("/hands/<int:hand_id>/export")
@api_blp.arguments(S.FormatArgs, location="query")
@api_blp.response(200)
def export_hand(args: dict, hand_id: int) -> Any:
    """A hand's current record in canonical notation or JSON."""
    readable_hand(hand_id)
    revision = get_store().current_revision(hand_id)
    return _ok_json_or(
        args["format"],
        json.loads(revision["record_json"]),
        notation=revision["canonical_text"],
        filename=f"hand-{hand_id}",
    )


class TaroccoApi(Api):
    """flask-smorest's Api, documenting the error bodies this service sends
    (:class:`web.schemas.ErrorOut`: ``code`` a string, ``status`` the HTTP status as an
    integer) in place of its own error schema, which has them the other way round."""

    ERROR_SCHEMA = S.ErrorOut


def register_api(app: Flask) -> None:
    from .disputes import disputes_blp  # it builds on this module's views

    api = TaroccoApi(app)
    api.register_blueprint(api_blp)
    api.register_blueprint(disputes_blp)
    register_errors(app)
