"""The guided entry page, ``/enter`` (#24.1-5): a hand entered at a drawn table by clicking
cards, the record written live beside it.

The page is drawn by its script (``web/static/enter.js``) from what ``POST /api/next``
(:func:`records.entry.next_step`) says comes next; the record's text, in the /verify page's
editor, is the one state of the page, so switching to the text and back loses nothing. This
view gives the games, their options and seats, and for a logged-in director the sessions to
store the record in (through /verify's preview before storing). The view joins
:data:`web.pages.pages_blp` (its CSP, CSRF and error pages).

A hand in progress is kept in the browser as it is entered (the script's drafts); a
logged-in director may also park it in a session on the server (``POST /enter/park``,
:func:`records.service.park_draft`) to pick it up on another device: ``/enter?parked=ID``
opens it, and parking it again replaces it if it is still at the version the page was drawn
from (#30.1), else says what changed; nothing is lost, the browser keeps its copy.
"""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from records import service
from records.service import ServiceError
from records.store import NotFound
from scorer.games import GAMES
from scorer.rulings import RULINGS

from .db import get_store
from .pages import (
    _director_actor,
    _director_sessions,
    _rule_url,
    director,
    form_versions,
    pages_blp,
)
from .present import face_style, seat_places


def _game_choices() -> list[dict[str, Any]]:
    """Each game as the setup form offers it: players, seats, faces, options (each with
    the address of its ruling on the rules page, as the session form links it)."""
    return [
        {
            "key": game.key,
            "title": game.title,
            "players": game.num_players,
            "places": list(seat_places(game.num_players)),
            "faces": face_style(game.key),
            "rules": [
                {"id": r, "title": RULINGS[r].title, "summary": RULINGS[r].summary}
                for r in game.entry.lead_rulings
            ],
            "options": [
                {
                    "name": o.name,
                    "values": list(o.values),
                    "ruling": o.ruling,
                    "ruling_url": _rule_url(game.key, o.ruling),
                    "help": o.help,
                }
                for o in game.options
            ],
        }
        for game in GAMES.values()
        if game.entry is not None  # (a game says how its records are entered)
    ]


@pages_blp.get("/enter")
def enter() -> str:
    """Enter a hand by clicking: the game and players, the deal, the lines before the play,
    the play; the notation written beside the table."""
    sessions = _director_sessions()
    return render_template(
        "enter.html",
        games=_game_choices(),
        director=director(),
        sessions=sessions,
        parked=_parked_to_open(sessions),
        parked_list=_parked_list(sessions),
    )


def _parked_list(sessions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The drafts parked in the logged-in director's sessions, each with its session."""
    by_id = {row["id"]: row for row in sessions}
    drafts = service.parked_drafts(get_store(), list(by_id)) if by_id else []
    return [{**draft, "session": by_id[draft["session_id"]]} for draft in drafts]


def _parked_to_open(sessions: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The parked draft ``?parked=ID`` names, if it is in one of the director's sessions."""
    raw = request.args.get("parked", "")
    if not raw.isdigit() or len(raw) > 18:
        return None
    try:
        draft = service.parked_draft(get_store(), int(raw))
    except ServiceError:
        return None
    return draft if draft["session_id"] in {row["id"] for row in sessions} else None


@pages_blp.post("/enter/park")
def park_draft() -> Any:
    """Park the hand in progress in the session picked (a director of its tournament): a new
    parked draft, or the one the page was opened from, replaced if it is still at the
    version the page was drawn from. Back to the page, which keeps the browser's draft."""
    form = request.form
    session_id = form.get("session_id", "")
    if not session_id.isdigit() or len(session_id) > 18:
        return redirect(url_for("pages.enter"))
    row = _session_row(int(session_id))
    if row is None:
        flash(_("No session %(id)s: nothing was parked.", id=session_id), "warning")
        return redirect(url_for("pages.enter"))
    actor = _director_actor(row["tournament_id"])
    text = form.get("text", "")
    parked_id = form.get("parked_id", "")
    try:
        if parked_id.isdigit() and _parked_in(int(parked_id), row["id"]):
            draft = service.repark_draft(get_store(), int(parked_id), text, actor, form_versions())
        else:
            draft = service.park_draft(get_store(), row["id"], text, actor)
    except ServiceError as exc:
        flash(
            _(
                "Nothing was parked: %(why)s. The hand is still kept in this browser.",
                why=exc.message,
            ),
            "warning",
        )
        return redirect(_back_to_enter(parked_id, form.get("draft", "")))
    name = row["name"] or _("session %(id)s", id=row["id"])
    flash(_("Parked in %(session)s as draft %(id)s.", session=name, id=draft["id"]))
    return redirect(_back_to_enter(str(draft["id"]), form.get("draft", "")))


def _session_row(session_id: int) -> dict[str, Any] | None:
    try:
        return get_store().session(session_id)
    except NotFound:
        return None


def _parked_in(draft_id: int, session_id: int) -> bool:
    try:
        return service.parked_draft(get_store(), draft_id)["session_id"] == session_id
    except ServiceError:
        return False


def _back_to_enter(parked_id: str, draft: str) -> str:
    """The entry page with the parked draft and the browser's draft it came from."""
    args: dict[str, Any] = {}
    if parked_id.isdigit():
        args["parked"] = parked_id
    if draft.isalnum() and len(draft) <= 40:
        args["draft"] = draft
    return url_for("pages.enter", **args)
