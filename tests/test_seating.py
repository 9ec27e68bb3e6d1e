"""The seat-order check (issue 24 item 9): a record whose players are written in the wrong
order (clockwise instead of in playing order) is reported with the order that fits.

The clockwise records are golden examples with their ``Players`` reversed after the first
name (clockwise round the same table), their ``hand`` lines and named leaders left out (the
notation allows both when the play is complete): the scorer's sheet as the issue describes it
(:func:`seatkit.clockwise`).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient
from seatkit import clockwise

from records.notation import read
from records.pipeline import check_text, session_seating
from scorer.disputes.seating import check_seating, reseated, seatings
from scorer.games import GAMES, get_game
from tarocco.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: Golden records written in the wrong seat order on purpose, and the order that fits.
MISSEATED = {"disputes/repair-players.txt": ("Anna", "Bruno", "Carla", "Dario")}


def only_record(text: str):
    [parsed] = read(text)
    assert parsed.errors == []
    return parsed.record


@pytest.mark.parametrize(
    ("example", "playing_order"),
    [
        ("nice4/tour.txt", ("Anna", "Bruno", "Carla", "Dario")),
        ("minchiate/quiet.txt", ("Anna", "Bruno", "Carla", "Dario")),
        ("piemonte3/mixed-fool-delayed.txt", ("Anna", "Bruno", "Carla")),
    ],
)
def test_a_clockwise_record_is_reported_with_the_order_that_fits(
    example: str, playing_order: tuple[str, ...]
) -> None:
    golden = (EXAMPLES / example).read_text(encoding="utf-8")
    record = only_record(clockwise(golden))
    game = get_game(record.game)
    assert tuple(record.players) != playing_order  # written clockwise
    assert game.verify(record).errors  # the cards do not fit that seating

    seating = check_seating(game, record)

    assert seating is not None
    assert seating.better.players == playing_order
    assert seating.alternatives == ()
    assert seating.better.status.value == "clean"
    assert seating.better.errors == 0 < seating.written.errors
    assert f'[Players "{", ".join(playing_order)}"]' in seating.message
    # under the order that fits, the money goes where the golden record sends it
    fixed = game.verify(reseated(record, playing_order))
    expected = game.verify(only_record(golden))
    assert dict(zip(fixed.players, fixed.settlement, strict=True)) == dict(
        zip(expected.players, expected.settlement, strict=True)
    )


def test_named_leaders_keep_their_names_under_another_seating() -> None:
    """A leader named on a trick line is a seat of the written order: reseated, it is the same
    player, and the leaders then fit (no PLAY_OUT_OF_TURN, G-2)."""
    text = (EXAMPLES / "nice4/tour.txt").read_text(encoding="utf-8")
    reversed_players = text.replace(
        '[Players "Anna, Bruno, Carla, Dario"]', '[Players "Anna, Dario, Carla, Bruno"]'
    )
    record = only_record(reversed_players)
    game = get_game("nice4")
    assert game.verify(record).status.value == "invalid"
    leaders = {t.number: record.players[t.leader] for t in record.tricks if t.leader is not None}
    fixed = reseated(record, ("Anna", "Bruno", "Carla", "Dario"))
    assert {t.number: fixed.players[t.leader] for t in fixed.tricks if t.leader is not None} == (
        leaders
    )
    seating = check_seating(game, record)
    assert seating is not None and seating.better.players == ("Anna", "Bruno", "Carla", "Dario")


@pytest.mark.parametrize(
    "path", sorted(EXAMPLES.glob("*/*.txt")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_no_golden_record_is_said_to_be_seated_wrong(path: Path) -> None:
    """The golden records are written in playing order, flagged ones included: the check
    names no other order for any of them, but for the one written clockwise on purpose
    (examples/disputes/repair-players.txt), which is told the tour's playing order."""
    misseated = MISSEATED.get(f"{path.parent.name}/{path.name}")
    for checked in check_text(path.read_text(encoding="utf-8")):
        if misseated is None:
            assert checked.seating is None, checked.seating and checked.seating.message
        else:
            assert checked.seating is not None
            assert checked.seating.better.players == misseated


def test_a_record_with_nothing_tied_to_a_seat_is_left_alone() -> None:
    """examples/nice3/plain.txt written clockwise, without hands and leaders, replays clean
    under both seatings of three players: its cards say nothing of who sat where, so the
    check says nothing (the docs tell scorers to write the leaders)."""
    record = only_record(clockwise((EXAMPLES / "nice3/plain.txt").read_text(encoding="utf-8")))
    game = get_game("nice3")
    assert game.verify(record).status.value == "clean"
    assert check_seating(game, record) is None


def test_the_seatings_tried_are_every_other_cyclic_order() -> None:
    assert seatings(["A", "B", "C"]) == [("A", "C", "B")]
    four = seatings(["A", "B", "C", "D"])
    assert four[0] == ("A", "D", "C", "B")  # the reversed order first
    assert len(four) == len(set(four)) == 5  # 3! cyclic orders with A first, less the written
    assert ("A", "B", "C", "D") not in four


def test_tarocco_verify_names_the_order_before_the_details(tmp_path: Path) -> None:
    path = tmp_path / "clockwise.txt"
    path.write_text(clockwise((EXAMPLES / "nice4/tour.txt").read_text(encoding="utf-8")))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    seat_line = next(i for i, line in enumerate(lines) if line.startswith("  seating:"))
    assert '[Players "Anna, Bruno, Carla, Dario"]' in lines[seat_line]
    assert seat_line < next(i for i, line in enumerate(lines) if line == "  findings:")

    result = CliRunner().invoke(main, ["verify", "--json", str(path)])
    assert '"players": [\n          "Anna",\n          "Bruno"' in result.output


def test_the_verify_api_and_page_name_the_order(client: FlaskClient) -> None:
    text = clockwise((EXAMPLES / "minchiate/quiet.txt").read_text(encoding="utf-8"))
    body = client.post("/api/verify", json={"text": text}).get_json()
    [item] = body["records"]
    assert item["seating"]["players"] == ["Anna", "Bruno", "Carla", "Dario"]
    assert item["seating"]["written"]["errors"] == 1
    assert item["seating"]["better"]["status"] == "clean"

    golden = (EXAMPLES / "minchiate/quiet.txt").read_text(encoding="utf-8")
    clean = client.post("/api/verify", json={"text": golden})
    assert clean.get_json()["records"][0]["seating"] is None

    page = client.get("/verify").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    page = client.post("/verify", data={"csrf_token": token, "text": text}).get_data(as_text=True)
    note = page.index('class="seating-note"')
    assert note < page.index("<h2>Findings</h2>")
    assert "[Players &#34;Anna, Bruno, Carla, Dario&#34;]" in page[note : note + 400]


def test_every_game_can_be_reseated() -> None:
    """reseated() keeps every line but the Players tag; each engine verifies the result (on
    a golden example of the game, or a random record of a game that has none)."""
    for key in GAMES:
        example = next((EXAMPLES / key).glob("*.txt"), None)
        if example is None:
            record = get_game(key).random_record(random.Random(0))
        else:
            record = read(example.read_text(encoding="utf-8"))[0].record
        order = seatings(record.players)[0]
        moved = reseated(record, order)
        assert tuple(moved.players) == order
        assert len(moved.body) == len(record.body)
        get_game(key).verify(moved)


@pytest.mark.parametrize("key", [key for key, game in GAMES.items() if game.num_players >= 3])
def test_random_hands_written_reversed_are_told_their_order(key: str) -> None:
    """Legal random hands (with their deal) of every game of three or four, their players
    written in reverse: each one that was played out is told its own order, alone."""
    game = get_game(key)
    told = 0
    for seed in range(12):
        record = game.random_record(random.Random(seed))
        report = game.verify(record)
        if not report.tricks:  # thrown in before the play: no card tied to a seat
            continue
        seating = check_seating(game, reseated(record, seatings(record.players)[0]))
        assert seating is not None, seed
        assert seating.better.players == tuple(record.players), seed
        assert seating.alternatives == (), seed
        told += 1
    assert told >= 10


@pytest.mark.parametrize(
    ("example", "playing_order"),
    [
        ("nice4/session.txt", ("Anna", "Bruno", "Carla", "Dario")),
        ("nice3/session.txt", ("Anna", "Bruno", "Carla")),
        ("piedicavallo/game.txt", ("Anna", "Bruno", "Carla", "Dario")),
    ],
)
def test_a_session_written_clockwise_is_told_the_order_by_its_dealers(
    example: str, playing_order: tuple[str, ...]
) -> None:
    """Every hand of these sessions written clockwise replays clean (nothing in one hand ties
    a card to a seat), but the deal passes to the right (G-6): the dealers go round the wrong
    way, and the session is told the order that fits."""
    checked = check_text(clockwise((EXAMPLES / example).read_text(encoding="utf-8")))
    assert all(c.report.status.value in ("clean", "thrown-in") for c in checked)
    assert all(c.seating is None for c in checked)  # one hand alone cannot tell
    seating = session_seating(checked)
    assert seating is not None
    assert seating.better.players == playing_order
    assert seating.alternatives == ()
    assert seating.better.status.value == "clean"
    assert seating.written.violations > 0  # DEALER_OUT_OF_TURN
    assert seating.message.startswith(
        f'the players look seated in the wrong order: these records fit [Players "'
        f'{", ".join(playing_order)}"] (clean)'
    )


@pytest.mark.parametrize(
    "path", sorted(EXAMPLES.glob("*/*.txt")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_no_golden_session_is_said_to_be_seated_wrong(path: Path) -> None:
    assert session_seating(check_text(path.read_text(encoding="utf-8"))) is None


def test_a_session_seating_in_the_cli_the_api_and_the_page(
    tmp_path: Path, client: FlaskClient
) -> None:
    text = clockwise((EXAMPLES / "piedicavallo/game.txt").read_text(encoding="utf-8"))
    path = tmp_path / "clockwise.txt"
    path.write_text(text)
    output = CliRunner().invoke(main, ["verify", str(path)]).output
    assert output.startswith(
        'session seating: the players look seated in the wrong order: these records fit [Players "'
        'Anna, Bruno, Carla, Dario"]'
    )
    body = client.post("/api/verify", json={"text": text}).get_json()
    assert body["seating"]["players"] == ["Anna", "Bruno", "Carla", "Dario"]
    assert all(item["seating"] is None for item in body["records"])
    page = client.get("/verify").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    page = client.post("/verify", data={"csrf_token": token, "text": text}).get_data(as_text=True)
    assert "Seat order of the session:" in page
    assert page.index("Seat order of the session:") < page.index("<h2>Findings</h2>")
