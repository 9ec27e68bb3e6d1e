"""Reliability campaigns in small (issue 9): for every registered game, random legal records
keep every invariant, and every typed mutation of them is judged without a crash. The long
runs (10,000 records a game) are `tarocco campaign GAME --records 10000`; RELIABILITY.md
has their figures."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import record_texts

from records.mutate import MUTATIONS
from records.pipeline import check_text
from records.writer import write
from scorer.games import GAMES
from tarocco.campaign import OUTCOMES, check_invariants, run_campaign
from tarocco.cli import main

TOUR_HEAD = '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Bruno"]\n\n'


@pytest.mark.parametrize("key", sorted(GAMES))
def test_small_campaign_per_game(key: str) -> None:
    result = run_campaign(GAMES[key], 12, seed=7)
    assert result["failures"] == [] and result["invariant_failures"] == 0
    assert result["crashes"] == 0, result["crash_examples"]
    for kind, counter in result["mutations"].items():
        assert sum(counter.values()) == 12, kind
        assert set(counter) == set(OUTCOMES)
    damaged = sum(c["flagged"] + c["rejected"] for c in result["mutations"].values())
    assert damaged > 0  # the mutations do damage: the campaign can see a broken record


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record_texts(), st.sampled_from(sorted(MUTATIONS)), st.integers(0, 1000))
def test_mutated_records_never_crash(game_and_text: tuple[str, str], kind: str, seed: int) -> None:
    _game, text = game_and_text
    damaged = MUTATIONS[kind](text, random.Random(seed))
    if damaged is None:
        return
    for checked in check_text(damaged):
        for finding in checked.report.errors:
            assert finding.message  # every rejection says why


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record_texts())
def test_generated_records_keep_the_invariants(game_and_text: tuple[str, str]) -> None:
    game, text = game_and_text
    assert check_invariants(GAMES[game], text) == []


def test_each_mutation_changes_the_text_where_it_can() -> None:
    text = TOUR_HEAD + "1. 10 17 4 9\n2. 2D 9D QD 3D\n"
    for kind, mutator in MUTATIONS.items():
        changed = [mutator(text, random.Random(seed)) for seed in range(20)]
        assert any(c is not None and c != text for c in changed), kind


def test_rotate_seats_moves_the_dealer() -> None:
    damaged = MUTATIONS["rotate-seats"](TOUR_HEAD, random.Random(0))
    assert damaged is not None
    assert '[Dealer "Anna"]' in damaged or '[Dealer "Carla"]' in damaged


def test_no_place_for_trick_mutations_without_tricks() -> None:
    for kind in ("swap-plays", "replace-card", "drop-card", "move-card"):
        assert MUTATIONS[kind](TOUR_HEAD, random.Random(0)) is None


def test_campaign_command() -> None:
    result = CliRunner().invoke(main, ["campaign", "nice4", "--records", "5", "--kind", "truncate"])
    assert result.exit_code == 0, result.output
    assert "invariants: 5 of 5 hold" in result.output
    assert "truncate" in result.output and "swap-plays" not in result.output


def test_campaign_explains_its_columns_in_its_output_and_help() -> None:
    """#34.10: the columns of the mutation table were not explained anywhere."""
    from tarocco.campaign import OUTCOME_MEANINGS, OUTCOMES

    result = CliRunner().invoke(main, ["campaign", "nice4", "--records", "2", "--kind", "truncate"])
    lines = result.output.splitlines()
    header = lines[lines.index("  columns:") - 2]
    assert header.startswith("    kind") and all(outcome in header for outcome in OUTCOMES)
    legend = lines[lines.index("  columns:") + 1 :]
    assert legend == [
        f"    {outcome:<10} {meaning}" for outcome, meaning in OUTCOME_MEANINGS.items()
    ]
    help_text = " ".join(CliRunner().invoke(main, ["campaign", "--help"]).output.split())
    for outcome, meaning in OUTCOME_MEANINGS.items():
        assert f"{outcome} {meaning}" in help_text


def test_bench_with_jobs_splits_the_hands_between_processes() -> None:
    from tarocco.bench import run_bench_jobs

    result = run_bench_jobs(GAMES["nice3"], 11, seed=4, jobs=2)
    assert result["hands"] == 11 and len(result["per_job_hands_per_second"]) == 2
    assert result["total_hands_per_second"] > 0 and result["cards_played"] > 11 * 20
    output = CliRunner().invoke(main, ["bench", "nice3", "--hands", "6", "--jobs", "2"])
    assert output.exit_code == 0 and "in 2 processes" in output.output


def test_a_pinch_trick_of_two_fools_without_the_deal_is_rejected_not_a_crash() -> None:
    """Found by the 10,000-record campaign (replace-card): deriving the hands from the play
    met a trick with no winner and crashed; now the record is impossible (G-2)."""
    text = write(GAMES["pinch"].random_record(random.Random(3)))
    lines = [line for line in text.splitlines() if not line.startswith("hand ")]
    second = next(i for i, line in enumerate(lines) if line.startswith("2. "))
    lines[second] = "2. Fool Fool"
    [checked] = check_text("\n".join(lines) + "\n")
    assert checked.report.status.value == "invalid"
    assert checked.report.errors
