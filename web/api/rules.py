"""The games' rule options and rulings: ``/api/rules``."""

from __future__ import annotations

from flask_smorest import Blueprint

from records.service import ServiceError
from scorer.games import GAMES, UnknownGame, get_game
from scorer.rulings import rulings_for

from .. import schemas as S

rules_blp = Blueprint("rules", __name__, description="Every game's rule options and rulings.")
# nested in the ``api`` blueprint (web/api/__init__.py): URLs under /api, tagged api


def _rules(key: str) -> dict:
    game = GAMES[key]
    return {
        "key": game.key,
        "title": game.title,
        "source": {
            "title": game.source.title,
            "author": game.source.author,
            "site": game.source.site,
            "url": game.source.url,
            "based_on": game.source.based_on,
        },
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
            {"id": r.id, "title": r.title, "summary": r.summary, "text": r.text}
            for r in rulings_for(game.rulings)
        ],
        "sections": {k: spec.help for k, spec in game.keywords.items()},
    }


@rules_blp.route("/rules")
@rules_blp.response(200, S.GameRules(many=True))
def rules() -> list[dict]:
    """Every game: its rule options (with default and ruling) and the rulings it applies."""
    return [_rules(key) for key in GAMES]


@rules_blp.route("/rules/<string:game>")
@rules_blp.response(200, S.GameRules)
@rules_blp.alt_response(404, schema=S.ErrorOut)
def game_rules(game: str) -> dict:
    """One game's rule options and rulings."""
    try:
        return _rules(get_game(game).key)
    except UnknownGame as exc:
        raise ServiceError(404, "UNKNOWN_GAME", str(exc)) from exc
