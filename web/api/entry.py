"""What comes next in a record being entered: ``POST /api/next`` (#24.6), for the guided
entry page (``/enter``) and any other client, and ``GET /api/card``, one typed card read as
the notation reads it (#34.7). The logic is :func:`records.entry.next_step` and
:func:`records.entry.read_card`."""

from __future__ import annotations

from flask_smorest import Blueprint

from records.entry import next_step, read_card

from .. import schemas as S
from .words import api_language

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
    verify report's status and findings). Nothing is stored. The choices' labels and why
    an illegal one is refused, like the verdict's findings, are in the request's language
    (``Accept-Language``, ``?lang=``); their templates and facts are not."""
    return next_step(body["text"], body["options"], api_language())


@entry_blp.route("/card", methods=["GET"])
@entry_blp.arguments(S.CardArgs, location="query")
@entry_blp.response(200, S.CardOut)
@entry_blp.alt_response(
    422,
    schema=S.ErrorOut,
    description="no card (the message says how cards are written), a card the game's pack "
    "does not hold, an unknown game or suit style",
)
def card(args: dict) -> dict:
    """One card as typed (``III``, ``xvii``, ``matto``, ``ks``, ...), read by the notation's
    own card reader in the game's suit style: the card as a record writes it, or why not. The
    entry page's "Type a card" box asks here, so it accepts what the notation accepts."""
    return read_card(args["game"], args.get("suits"), args["card"])
