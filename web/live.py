"""The tournament page on a wall screen (#23.8): a full-screen standings page, and the small
JSON that both it and the tournament page poll to refresh themselves.

Polling, not a stream: ``live.json`` answers at once with the tournament's version tag (an
``ETag``; ``If-None-Match`` gets an empty 304), so a slow or idle screen never holds a
gunicorn worker, and it works behind any proxy. When the tag changes, ``live.js`` fetches
the page again and swaps its ``[data-live]`` parts (standings, attention list) in place.

The views join :data:`web.pages.pages_blp`, so they share its CSP, CSRF and error pages and
its rule that a private tournament is 404 to everyone but its director.
"""

from __future__ import annotations

from flask import Response, jsonify, render_template, request, url_for
from flask_babel import gettext as _

from records import service

from .db import get_store
from .pages import director, pages_blp, readable_tournament
from .tables import table_heading

#: How often a page asks whether its tournament changed, in seconds (the page's
#: ``data-live-every``): often enough for a wall screen, rare enough for a hall of them.
POLL_SECONDS = 15


@pages_blp.get("/tournaments/<int:tournament_id>/live.json")
def tournament_live(tournament_id: int) -> Response:
    """``{"version": tag, "poll": seconds}``, with the tag as a strong ``ETag``; a request
    whose ``If-None-Match`` holds it gets 304 and no body. Never cached without asking."""
    readable_tournament(tournament_id)
    tag = service.tournament_version(get_store(), tournament_id)
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        response = jsonify(version=tag, poll=POLL_SECONDS)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@pages_blp.get("/tournaments/<int:tournament_id>/wall")
def tournament_wall(tournament_id: int) -> str:
    """The standings full screen, large, for a projector: no site header or footer, the
    hands waiting for a director counted at the foot; it refreshes itself (``live.js``)."""
    row = readable_tournament(tournament_id)
    store = get_store()
    version = service.tournament_version(store, tournament_id)  # before what it tags
    sessions = store.sessions(tournament_id)
    attention = service.needs_director(store, tournament_id)
    return render_template(
        "wall.html",
        tournament=row,
        standings=service.standings(store, tournament_id),
        waiting=[a for a in attention if a["dealt_with"] is None],
        names={s["id"]: s["name"] or _("Session %(id)s", id=s["id"]) for s in sessions},
        at_table={s["id"]: table_heading(s["table_name"]) for s in sessions if s["table_name"]},
        live_url=url_for("pages.tournament_live", tournament_id=tournament_id),
        version=version,
        director=director(),
        embed=True,
        wall=True,
    )
