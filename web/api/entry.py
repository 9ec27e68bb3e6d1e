"""What comes next in a record being entered: ``POST /api/next`` (#24.6), for the guided
entry page (``/enter``) and any other client. The logic is :func:`records.entry.next_step`."""

from __future__ import annotations

from flask_smorest import Blueprint

from records.entry import next_step

from .. import schemas as S

entry_blp = Blueprint("entry", __name__, description="What comes next in a record being entered.")
# nested in the ``api`` blueprint (web/api/__init__.py): URLs under /api, tagged api


@entry_blp.route("/next", methods=["POST"])
@entry_blp.arguments(S.NextRequest)
@entry_blp.response(200, S.NextStep)
@entry_blp.alt_response(
    422,
    schema=S.ErrorOut,
    description="not one readable record of a known game with its players and dealer (the "
    "findings say where), or an unknown rule option",
)
def next_in_record(body: dict) -> dict:
    """Given one record so far, what comes next: the phase (``deal``, ``before-play``,
    ``play``, ``done``), the player to act, for the deal the cards not yet dealt and what
    each hand still needs, for the play the legal cards, the trick on the table and each
    seat's cards, the keywords of the game with their help, and the verdict so far (the
    verify report's status and findings). Nothing is stored."""
    return next_step(body["text"], body["options"])
