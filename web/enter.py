"""The guided entry page, ``/enter`` (#24.1-5): a hand entered at a drawn table by clicking
cards, the record written live beside it.

The page is drawn by its script (``web/static/enter.js``) from what ``POST /api/next``
(:func:`records.entry.next_step`) says comes next; the record's text, in the /verify page's
editor, is the one state of the page, so switching to the text and back loses nothing. This
view gives the games, their options and seats, and for a logged-in director the sessions to
store the record in (through /verify's preview before storing). The view joins
:data:`web.pages.pages_blp` (its CSP, CSRF and error pages).
"""

from __future__ import annotations

from typing import Any

from flask import render_template

from scorer.games import GAMES
from scorer.rulings import RULINGS

from .pages import _director_sessions, director, pages_blp
from .present import face_style, seat_places


def _game_choices() -> list[dict[str, Any]]:
    """Each game as the setup form offers it: players, seats, faces, options."""
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
                {"name": o.name, "values": list(o.values), "ruling": o.ruling, "help": o.help}
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
    return render_template(
        "enter.html",
        games=_game_choices(),
        director=director(),
        sessions=_director_sessions(),
    )
