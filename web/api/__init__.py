"""The JSON API under ``/api``: a flask-smorest blueprint per resource. Views are thin: load
the request (schemas), call :mod:`records.service` or the store, dump the result. Rules live
in ``scorer``; errors become JSON in :mod:`web.errors`.

=================  ======================================================================
module             resource
=================  ======================================================================
``verify``         the ``api`` blueprint: the index (``/api``) and ``POST /api/verify``
``rules``          ``/api/rules``: every game's rule options and rulings
``tournaments``    ``/api/tournaments/...``: tournaments, standings, attention, audit log,
                   a tournament's sessions
``sessions``       ``/api/sessions/...``: a session, its hands, ledger, rulings, export
``hands``          ``/api/hands/...``: a hand, its revisions, its export
``entry``          ``POST /api/next``: what comes next in a record being entered
                   and ``GET /api/card``: one typed card read as the notation does
``drafts``         ``/api/sessions/{id}/drafts``, ``/api/drafts/{id}``: hands in progress
                   parked in a session by its director
``disputes``       the ``disputes`` blueprint: audit, what-if, repairs
``common``         what they share: reading a session or hand, the export formats
``words``          the answers' findings and score lines in the ``Accept-Language`` language
=================  ======================================================================

The resource blueprints nest in ``api``, so every operation keeps the ``api`` tag and the
``/api`` prefix; ``disputes`` is registered beside it with its own tag.
"""

from __future__ import annotations

from flask import Flask
from flask_smorest import Api

from .. import schemas as S
from ..errors import register_errors
from .disputes import disputes_blp
from .drafts import drafts_blp
from .entry import entry_blp
from .hands import hands_blp
from .rules import rules_blp
from .sessions import sessions_blp
from .tournaments import tournaments_blp
from .verify import api_blp
from .words import register_words

__all__ = ["TaroccoApi", "register_api"]

# Nested once, at import: a blueprint cannot take children after its first registration.
for _resource in (rules_blp, tournaments_blp, sessions_blp, hands_blp, entry_blp, drafts_blp):
    api_blp.register_blueprint(_resource)
# every answer's findings and score lines in the request's language (Accept-Language)
register_words(api_blp, disputes_blp)


class TaroccoApi(Api):
    """flask-smorest's Api, documenting the error bodies this service sends
    (:class:`web.schemas.ErrorOut`: ``code`` a string, ``status`` the HTTP status as an
    integer) in place of its own error schema, which has them the other way round."""

    ERROR_SCHEMA = S.ErrorOut


def register_api(app: Flask) -> None:
    api = TaroccoApi(app)
    api.register_blueprint(api_blp)
    api.register_blueprint(disputes_blp)
    register_errors(app)
