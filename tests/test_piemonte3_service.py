"""Piedmontese Tarocchi everywhere the other games are: the command line (verify, rules,
random, format, bench) and the service (``POST /api/verify``, a session and its ledger in
game points). Expected figures come from the golden records' hand counts
(``examples/piemonte3/*.expected.json``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import Tournament
from flask.testing import FlaskClient

from tarocco.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "piemonte3"


def text(name: str) -> str:
    return (EXAMPLES / f"{name}.txt").read_text()


def expected(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.expected.json").read_text())


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


# -- the command line -----------------------------------------------------------------------------
def test_verify_a_clean_hand(runner: CliRunner) -> None:
    result = runner.invoke(main, ["verify", str(EXAMPLES / "mixed-fool-delayed.txt")])
    assert result.exit_code == 0, result.output
    assert "CLEAN" in result.output
    assert "Mixed Honours declared by Anna [PIE3-6]" in result.output
    assert "Card points [PIE3-8]" in result.output
    assert "Bruno gave 10C to Carla for the Fool of trick 1, after trick 13" in result.output


def test_verify_flags_the_illegal_bargaining_move(runner: CliRunner) -> None:
    result = runner.invoke(main, ["verify", str(EXAMPLES / "offer-then-demand.txt")])
    assert result.exit_code == 1, result.output
    assert "OFFERED_THEN_DEMANDED [PIE3-4]" in result.output
    assert "THROWN-IN" in result.output


def test_verify_a_session_prints_its_ledger_in_game_points(runner: CliRunner) -> None:
    result = runner.invoke(main, ["verify", "--json", str(EXAMPLES / "bargains.txt")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["report"]["status"] for r in data["records"]] == ["thrown-in"] * 3
    ledger = data["ledger"]
    assert ledger["unit"] == "game points"
    assert ledger["balances"] == expected("bargains")["ledger"]["balances"]
    assert ledger["findings"] == []


def test_rules_lists_options_rulings_and_the_rule_text(runner: CliRunner) -> None:
    """``tarocco rules piemonte3``: its options, its rulings in full and the rule text it
    follows, cited as the text names itself (#33.6; the notation's sections are the
    notation page's)."""
    result = runner.invoke(main, ["rules", "piemonte3"])
    assert result.exit_code == 0
    for needle in (
        "fool=4|5",
        "abundance-fool=plain|trump",
        "discard-in-pile=no|yes",
        "PIE3-7a",
        "bargain",
        "declare",
        "Tarocchi; by Philebus",
        "PIE3-4",
        "PIE3-8",
        "G-6",
    ):
        assert needle in result.output, needle
    listing = runner.invoke(main, ["rules"])
    assert "piemonte3" in listing.output


def test_random_session_verifies(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["random", "piemonte3", "--seed", "7", "--count", "6"])
    assert result.exit_code == 0
    path = tmp_path / "session.txt"
    path.write_text(result.output)
    checked = runner.invoke(main, ["verify", "--json", str(path)])
    assert checked.exit_code == 0, checked.output
    data = json.loads(checked.output)
    assert len(data["records"]) == 6
    assert sum(data["ledger"]["balances"].values()) == 0
    formatted = runner.invoke(main, ["format", str(path)])
    assert formatted.output == result.output  # generated records are canonical
    as_json = runner.invoke(main, ["random", "piemonte3", "--seed", "7", "--json"])
    assert json.loads(as_json.output)[0]["tags"][0] == ["Game", "piemonte3"]


def test_bench_runs(runner: CliRunner) -> None:
    result = runner.invoke(main, ["bench", "piemonte3", "--hands", "20", "--json", "--no-fail"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "piemonte3" and data["hands"] == 20


def test_option_on_the_command_line(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["verify", "--json", "-o", "fool=5", str(EXAMPLES / "mixed-fool-delayed.txt")]
    )
    report = json.loads(result.output)["records"][0]["report"]
    assert sum(side["total"] for side in report["sides"]) == 130
    assert sum(report["settlement"].values()) == 0


# -- the service -----------------------------------------------------------------------------------
def test_api_verify(client: FlaskClient) -> None:
    response = client.post("/api/verify", json={"text": text("kings-reuse")})
    assert response.status_code == 200
    [record] = response.get_json()["records"]
    report = record["report"]
    want = expected("kings-reuse")["records"][0]
    assert report["status"] == want["status"]
    assert report["settlement"] == want["settlement"]
    codes = [f["code"] for f in report["findings"] if f["severity"] != "note"]
    assert codes == want["findings"]
    assert "BETTER_GROUPING" in [f["code"] for f in report["findings"]]


def test_api_session_ledger(client: FlaskClient, tournament: Tournament) -> None:
    response = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={"game": "piemonte3", "players": ["Anna", "Bruno", "Carla"]},
        headers=tournament.headers,
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    sid = response.get_json()["id"]
    upload = client.post(
        f"/api/sessions/{sid}/hands", json={"text": text("bargains")}, headers=tournament.headers
    )
    assert upload.status_code == 201, upload.get_data(as_text=True)
    assert [h["status"] for h in upload.get_json()["hands"]] == ["thrown-in"] * 3
    ledger = client.get(f"/api/sessions/{sid}/ledger").get_json()
    assert ledger["game"] == "piemonte3" and ledger["unit"] == "game points"
    assert ledger["start"] == 0
    assert ledger["balances"] == expected("bargains")["ledger"]["balances"]


def test_golden_records_cover_the_issue() -> None:
    """Issue 7's list: a bargain settled in each session, an illegal move, all passing, each
    declaration and a mixed grouping, a delayed Fool exchange, a revoke (checked by
    tests/test_golden.py against their hand-worked ``.expected.json``)."""
    names = {p.stem for p in EXAMPLES.glob("*.txt") if p.with_suffix(".expected.json").exists()}
    assert {
        "bargains",
        "offer-then-demand",
        "all-pass",
        "abundance-mitigati",
        "kings-reuse",
        "mixed-fool-delayed",
        "revoke",
    } <= names
    sessions = [
        line.split(":")[0] for line in text("bargains").splitlines() if line.startswith("bargain ")
    ]
    settled_after = [json.loads(json.dumps(r))["status"] for r in expected("bargains")["records"]]
    assert settled_after == ["thrown-in"] * 3 and sessions[-1] == "bargain 4"
    declared = {
        line.split()[2]
        for name in ("abundance-mitigati", "kings-reuse", "mixed-fool-delayed")
        for line in text(name).splitlines()
        if line.startswith("declare ")
    }
    assert declared == {"abundance", "mitigati", "kings", "mixed"}


def test_session_summary_names_the_leader(runner: CliRunner) -> None:
    result = runner.invoke(main, ["verify", str(EXAMPLES / "bargains.txt")])
    assert "3 hand(s): 0 played out, 3 settled by a bargain, 0 thrown in" in result.output
    assert "Carla ahead with +8 game points" in result.output
