"""The Piedicavallo game of four deals (PIE-7): the running lead, the early end, the tie, the
winner, and the session's own findings; the CLI, the API and the ledger for the game.

Deals come from ``piedicavallo``'s golden records and from ``piedikit`` (whose point count is
independent of the engine), so each lead below is the sum of known deal results.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner
from flask.testing import FlaskClient
from piedikit import TOP_TRUMPS, make, make_from, shuffled

from records.notation import read
from records.pipeline import check_text, session_ledger
from scorer.games import get_game
from scorer.games.piedicavallo.session import progress
from scorer.ledger import build_ledger
from tarocco.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "piedicavallo"
GAME = get_game("piedicavallo")
ROT = ["Dario", "Anna", "Bruno", "Carla", "Dario", "Anna", "Bruno"]


def ledger_of(texts: list[str]):
    records = [p.record for text in texts for p in read(text)]
    return build_ledger(records, [GAME.verify(r) for r in records])


def example(name: str) -> str:
    return (EXAMPLES / f"{name}.txt").read_text()


def deals(seeds: list[int]) -> list[str]:
    """Deals of one game, dealt in turn from Dario, from shuffled packs."""
    return [make_from(ROT[k], shuffled(ROT[k], seed)).text() for k, seed in enumerate(seeds)]


def test_lead_after_each_deal_PIE7() -> None:
    ledger = ledger_of([example("game")])
    # golden game.txt: Anna and Carla -17, +26, -14, +19 (hand-counted in the record)
    assert [row.balances[0] for row in ledger.rows] == [-17, 9, -5, 14]
    assert ledger.summary[:4] == [
        "deal 1 (dealt by Dario): Anna and Carla 40, Bruno and Dario 74; Bruno and Dario lead "
        "by 17 (PIE-7)",
        "deal 2 (dealt by Anna): Anna and Carla 83, Bruno and Dario 31; Anna and Carla lead by "
        "9 (PIE-7)",
        "deal 3 (dealt by Bruno): Anna and Carla 43, Bruno and Dario 71; Bruno and Dario lead "
        "by 5 (PIE-7)",
        "deal 4 (dealt by Carla): Anna and Carla 76, Bruno and Dario 38; Anna and Carla lead by "
        "14 (PIE-7)",
    ]
    assert ledger.summary[-1] == "Anna and Carla win the game by 14 after four deals (PIE-7)"
    assert ledger.findings == [] and ledger.is_zero_sum()


def test_a_fourth_deal_after_the_early_end_is_flagged_PIE7() -> None:
    fourth = make_from("Carla", shuffled("Carla", 0)).text()
    ledger = ledger_of([example("early-end"), fourth])
    assert [f.code for _, f in ledger.findings] == ["DEAL_AFTER_GAME_END"]
    hand, finding = ledger.findings[0]
    assert hand == 4 and finding.rule == "PIE-7"
    assert ledger.summary[-1].startswith("Anna and Carla win the game by 92 after three deals")


def test_a_deal_after_the_end_counts_in_no_balance_PIE7() -> None:
    """PIE-7: a deal recorded after the game ended is shown, marked as not counted, and moves
    no balance: the lead stays the one the game was won by (it read 44 beside "won by 59")."""
    fourth = make_from("Carla", shuffled("Carla", 0)).text()
    alone = ledger_of([fourth])
    assert any(alone.rows[0].amounts)  # the deal by itself does pay
    ledger = ledger_of([example("early-end"), fourth])
    after_three = ledger.rows[2].balances
    row = ledger.rows[3]
    assert row.hand == 4 and row.amounts == (0, 0, 0, 0)
    assert "not counted (PIE-7)" in row.note
    assert ledger.balances == after_three and after_three[0] == 92
    assert ledger.summary[-1].startswith("Anna and Carla win the game by 92")
    assert ledger.is_zero_sum()


def test_exactly_57_after_three_deals_does_not_end_the_game_PIE7() -> None:
    # Dario deals, Anna holds trumps 7..21 and wins every trick: Anna and Carla +57; then two
    # deals of 0 (seeds whose sides take 57 each)
    first = make("Dario", {"Anna": TOP_TRUMPS}).text()
    texts = [first, *deals([0, 10, 10])[1:3]]
    ledger = ledger_of(texts)
    assert [row.balances[0] for row in ledger.rows] == [57, 57, 57]
    assert ledger.summary[-1] == "the game goes on: 1 more deal(s) to play (PIE-7)"
    records = [read(t)[0].record for t in texts]
    assert progress(GAME, records, [GAME.verify(r) for r in records]).ended_after is None


def test_tie_after_four_deals_then_two_more_PIE7() -> None:
    ledger = ledger_of([example("tie")])
    assert ledger.rows[3].balances[0] == 0
    assert len(ledger.rows) == 6 and ledger.findings == []
    assert "after the two extra deals of a tie" in ledger.summary[-1]
    four = ledger_of(deals([0, 0, 1, 1]))
    assert four.summary[-1] == (
        "the game goes on: a tie after four deals: two more deals to play (PIE-7)"
    )


def test_still_level_after_six_deals_is_a_draw_PIE7() -> None:
    ledger = ledger_of(deals([0, 0, 1, 1, 2, 2]))
    assert [row.balances[0] for row in ledger.rows] == [-17, 0, -26, 0, -14, 0]
    assert ledger.summary[-1] == (
        "the game is a draw: the sides are still level after the two extra deals (PIE-7)"
    )
    seventh = ledger_of(deals([0, 0, 1, 1, 2, 2, 3]))
    assert [f.code for _, f in seventh.findings] == ["DEAL_AFTER_GAME_END"]
    assert seventh.findings[0][1].message == (
        "deal 7 comes after the game ended (the sides are still level after the two extra "
        "deals); it is not part of the game and counts in no balance"
    )


def test_partners_are_fixed_for_the_game_PIE7() -> None:
    second = deals([0, 1])[1].replace("Anna, Bruno, Carla, Dario", "Anna, Carla, Bruno, Dario")
    ledger = ledger_of([deals([0])[0], second])
    [changed] = [f for _, f in ledger.findings if f.code == "PARTNERS_CHANGED"]
    assert changed.message == (
        "deal 2 is played by Anna and Bruno against Carla and Dario; the game keeps its "
        "partnerships (Anna and Carla against Bruno and Dario)"
    )


def test_deal_rotation_is_checked_G6() -> None:
    texts = deals([0, 1])
    texts[1] = texts[1].replace('[Dealer "Anna"]', '[Dealer "Carla"]')
    ledger = ledger_of(texts)
    assert "DEALER_OUT_OF_TURN" in [f.code for _, f in ledger.findings]


def test_random_session_is_one_game_PIE7() -> None:
    for seed in range(15):
        records = GAME.random_session(random.Random(seed), 10)
        reports = [GAME.verify(r) for r in records]
        state = progress(GAME, records, reports)
        assert state.ended_after == len(records), "the session stops with the game"
        assert 3 <= len(records) <= 6
        ledger = build_ledger(records, reports)
        assert ledger.findings == [] and ledger.is_zero_sum()
        lead = sum(r.settlement[0] for r in reports)
        assert ledger.balances[0] == lead == state.lead
        if len(records) == 3:
            assert abs(lead) > 57
        if len(records) == 6:
            assert ledger.rows[3].balances[0] == 0
        assert "win the game" in ledger.summary[-1] or "draw" in ledger.summary[-1]


# -- the command line and the service ----------------------------------------------------------
def test_cli_verify_prints_the_ledger_and_the_winner() -> None:
    result = CliRunner().invoke(main, ["verify", str(EXAMPLES / "game.txt")])
    assert result.exit_code == 0, result.output
    assert "Anna and Carla win the game by 14 after four deals (PIE-7)" in result.output
    assert "Lead over the average [PIE-7]" in result.output


def test_cli_flags_a_false_remark_with_exit_1() -> None:
    result = CliRunner().invoke(main, ["verify", str(EXAMPLES / "false-remark.txt")])
    assert result.exit_code == 1
    assert "FALSE_REMARK [PIE-5]" in result.output


def test_cli_rules_random_bench() -> None:
    runner = CliRunner()
    rules = runner.invoke(main, ["rules", "piedicavallo"])
    assert rules.exit_code == 0 and "remark-counts" in rules.output and "PIE-5" in rules.output
    generated = runner.invoke(main, ["random", "piedicavallo", "--seed", "4", "--count", "3"])
    assert generated.exit_code == 0
    checked = check_text(generated.output)
    assert len(checked) == 3 and all(c.report.status.value == "clean" for c in checked)
    assert session_ledger(checked) is not None
    bench = runner.invoke(main, ["bench", "piedicavallo", "--hands", "20", "--json", "--no-fail"])
    assert bench.exit_code == 0 and json.loads(bench.output)["hands"] == 20


def test_api_verify_and_ledger_in_points(client: FlaskClient) -> None:
    response = client.post("/api/verify", json={"text": example("game")})
    assert response.status_code == 200
    body = response.get_json()
    assert [r["report"]["status"] for r in body["records"]] == ["clean"] * 4
    assert body["records"][0]["report"]["settlement"] == {
        "Anna": -17,
        "Bruno": 17,
        "Carla": -17,
        "Dario": 17,
    }
    ledger = body["ledger"]
    assert ledger["unit"] == "points" and ledger["start"] == 0
    assert ledger["balances"] == {"Anna": 14, "Bruno": -14, "Carla": 14, "Dario": -14}
    assert ledger["summary"][-1] == "Anna and Carla win the game by 14 after four deals (PIE-7)"
    flagged = client.post("/api/verify", json={"text": example("wrong-suit-remark")})
    report = flagged.get_json()["records"][0]["report"]
    assert report["status"] == "flagged"
    assert [f["code"] for f in report["findings"]] == ["REMARK_OUT_OF_BOUNDS"]


def test_an_invalid_deal_is_not_scored_and_the_summary_says_so_PIE7() -> None:
    texts = deals([0, 1])
    texts[1] = texts[1].replace("\n1. ", "\n1. 4S ", 1)  # not in the pack: invalid (G-2)
    ledger = ledger_of(texts)
    assert [row.status.value for row in ledger.rows] == ["clean", "invalid"]
    assert [row.balances[0] for row in ledger.rows] == [-17, -17]
    assert ledger.summary[1].startswith("deal 2 (dealt by Anna): invalid, not scored")
    assert ledger.summary[-1] == (
        "some deals could not be scored: the lead counts only the deals scored"
    )


def test_service_session_ledger_in_points_PIE7(client: FlaskClient, store) -> None:
    """A tournament session of the game: upload the four deals, read the ledger (points, the
    lead after each deal, the winner) and its CSV."""
    tournament = store.create_tournament("Valle Cervo")
    headers = {"Authorization": f"Bearer {store.create_token(tournament, 'director')}"}
    response = client.post(
        f"/api/tournaments/{tournament}/sessions",
        json={"game": "piedicavallo", "players": ["Anna", "Bruno", "Carla", "Dario"]},
        headers=headers,
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    session = response.get_json()["id"]
    response = client.post(
        f"/api/sessions/{session}/hands", json={"text": example("game")}, headers=headers
    )
    assert response.status_code == 201
    assert [h["status"] for h in response.get_json()["hands"]] == ["clean"] * 4
    ledger = client.get(f"/api/sessions/{session}/ledger").get_json()
    assert (ledger["game"], ledger["unit"], ledger["start"]) == ("piedicavallo", "points", 0)
    assert [row["balances"]["Anna"] for row in ledger["rows"]] == [-17, 9, -5, 14]
    assert ledger["summary"][-1] == "Anna and Carla win the game by 14 after four deals (PIE-7)"
    csv_text = client.get(f"/api/sessions/{session}/ledger?format=csv").get_data(as_text=True)
    assert "Anna points" in csv_text.splitlines()[0]
