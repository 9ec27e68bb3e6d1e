"""The API's root blueprint ``api`` (under ``/api``): the index and the stateless verify.
The other resources' blueprints nest in it (:func:`web.api.register_api`).
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version

from flask import current_app, request
from flask_smorest import Blueprint

from records.notation import read
from records.pipeline import check_parsed, check_text, session_ledger, session_seating
from records.schemas import dump_checked, dump_verify
from records.service import ServiceError
from scorer.games import OptionError

from .. import schemas as S
from ..bodies import DIRECTOR_VERIFY_RECORDS, verify_record_limit
from .common import text_or_json

api_blp = text_or_json(
    Blueprint(
        "api",
        __name__,
        url_prefix="/api",
        description="Verify records; tournaments, sessions, hands and ledgers.",
    )
)


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


#: The seat-order check verifies a record with errors again under each other seating of its
#: players (five more times for four players): done for the first this many records only.
SEATING_CHECKS = 200


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

    The body is JSON, or the records themselves as plain text (``text/plain``, or no type:
    ``curl --data-binary @hand.txt``), then with ``?options=name=value,...`` for the options.

    Without a director token the body may hold at most 256 KiB and 100 records (the work
    grows with them, and anyone may ask); with one, 8 MiB and 5,000 records. ``seating``
    names an order of the players that fits a record better than the one written (for the
    first 200 records), else null; the top-level ``seating`` does so for several records of
    one table as a session (up to 200), its dealers' turns included."""
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
    entries = [dump_checked(c, number < SEATING_CHECKS) for number, c in enumerate(checked)]
    return dump_verify(entries, ledger, session_seating(checked))
