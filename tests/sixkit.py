"""A tournament with a session of each of the six games (issue #20.13), from ``examples/``,
for the API, page and browser tests of the per-game standings.

What each session comes to (the examples' ``*.expected.json`` ledgers):

* nice4 ``session.txt``: net marca Dario +7, Carla +1, Bruno -3, Anna -5 (NICE-18);
* nice3 ``session.txt``: Carla +2, Anna 0, Bruno -2;
* minchiate ``revoke.txt``: one game with Bruno's revoke (MIN-13, in the hand's row) and the
  unfinished giro's three payments (MIN-16, the engine's own rows): Anna and Carla +5 rests,
  Dario -3, Bruno -7;
* pinch ``score-sheet.txt``: one game of two hands, Anna 126 to Bruno 118: Anna wins
  (PINCH-8), 1 game won to 0, never 126 points added to marca;
* piemonte3 ``bargains.txt``: Carla +8 game points, Anna and Bruno -4;
* piedicavallo ``game.txt``: Anna and Carla win the game by 14 after four deals (PIE-7).
"""

from __future__ import annotations

from pathlib import Path

from records import service
from records.notation import read
from records.store import Store

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

SIX = {
    "nice4": "nice4/session.txt",
    "nice3": "nice3/session.txt",
    "minchiate": "minchiate/revoke.txt",
    "pinch": "pinch/score-sheet.txt",
    "piemonte3": "piemonte3/bargains.txt",
    "piedicavallo": "piedicavallo/game.txt",
}

#: Per game: its unit in the standings and (rank, player, total) best first.
EXPECTED = {
    "nice4": (
        "marca",
        [("1", "Dario", 7), ("2", "Carla", 1), ("3", "Bruno", -3), ("4", "Anna", -5)],
    ),
    "nice3": ("marca", [("1", "Carla", 2), ("2", "Anna", 0), ("3", "Bruno", -2)]),
    "minchiate": (
        "rest",
        [("1=", "Anna", 5), ("1=", "Carla", 5), ("3", "Dario", -3), ("4", "Bruno", -7)],
    ),
    "pinch": ("games won", [("1", "Anna", 1), ("2", "Bruno", 0)]),
    "piemonte3": ("game points", [("1", "Carla", 8), ("2=", "Anna", -4), ("2=", "Bruno", -4)]),
    "piedicavallo": (
        "games won",
        [("1=", "Anna", 1), ("1=", "Carla", 1), ("3=", "Bruno", 0), ("3=", "Dario", 0)],
    ),
}


def six_sessions(store: Store, tournament_id: int) -> dict[str, int]:
    """A session of each game in the tournament, its example uploaded; the session ids."""
    out = {}
    for game, path in SIX.items():
        text = (EXAMPLES / path).read_text()
        record = read(text)[0].record
        assert record is not None and record.game == game
        sid = service.create_session(
            store, tournament_id, game, list(record.players), {}, f"{game} round", "test"
        )
        service.upload(store, sid, text, "test")
        out[game] = sid
    return out
