"""The measuring commands: ``bench`` (speed of the engines on one core) and ``loadtest``
(a running service under concurrent clients). ``campaign`` lives in :mod:`tarocco.campaign`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from scorer.games import UnknownGame, get_game


@click.command(short_help="Time verifying generated records against the speed target.")
@click.argument("game", metavar="GAME|all")
@click.option(
    "--hands",
    type=click.IntRange(1, 10_000_000),
    default=10_000,
    show_default=True,
    help="Generated records to time (per game with all).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the generator.")
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Processes at once (the cores to use); 1 measures one core.",
)
@click.option("--json", "as_json", is_flag=True, help="The figures as JSON.")
@click.option(
    "--no-fail",
    is_flag=True,
    help="Exit with 0 even when a target is not met (for exploring).",
)
def bench(game: str, hands: int, seed: int, jobs: int, as_json: bool, no_fail: bool) -> None:
    """Time parse, replay + score of generated GAME records on one core (or --jobs), against
    the game's speed target; GAME all runs every game in turn and prints a table.

    Exit status 1 when a target is not met (unless --no-fail). A loaded machine lowers the
    figures: compare runs on an idle one.
    """
    from ..bench import run_bench_all

    if game == "all":
        if jobs > 1:
            raise click.UsageError("bench all measures one core; use --jobs with one game")
        summary = run_bench_all(hands, seed)
        _print_bench_all(summary, hands, seed, as_json)
        met = summary["all_met"]
    else:
        try:
            engine = get_game(game)
        except UnknownGame as exc:
            raise click.UsageError(str(exc)) from exc
        met = _bench_one(engine, hands, seed, jobs, as_json)
    if not met and not no_fail:
        click.echo("a speed target is not met (exit status 1; --no-fail exits 0)", err=True)
        sys.exit(1)


def _print_bench_all(summary: dict[str, Any], hands: int, seed: int, as_json: bool) -> None:
    """`bench all`'s table (or its JSON)."""
    from ..bench import load_note

    if as_json:
        click.echo(json.dumps(summary, indent=2))
        return
    click.echo(
        f"every game: {hands} generated records each, seed {seed}, "
        f"Python {summary['python']}; hands per second on one core"
    )
    click.echo(f"  {'game':<13}{'parse':>9}{'replay':>9}{'score':>10}{'total':>9}  target")
    for r in summary["games"]:
        click.echo(
            f"  {r['game']:<13}{r['parse_hands_per_second']:>9,.0f}"
            f"{r['replay_hands_per_second']:>9,.0f}"
            f"{r['score_hands_per_second']:>10,.0f}"
            f"{r['total_hands_per_second']:>9,.0f}  {r['verdict']}"
        )
    click.echo(f"  slowest game: {summary['slowest']}, {summary['slowest_verdict']}")
    click.echo(load_note())


def _bench_one(engine: Any, hands: int, seed: int, jobs: int, as_json: bool) -> bool:
    """Bench one game and print its figures; whether its target is met (no target, or
    several processes, which no target is set for: met)."""
    from ..bench import load_note, run_bench, run_bench_jobs, target_met, verdict

    if jobs > 1:
        result = run_bench_jobs(engine, hands, seed, jobs)
        if as_json:
            click.echo(json.dumps(result, indent=2))
        else:
            rates = ", ".join(f"{rate:,.0f}" for rate in result["per_job_hands_per_second"])
            click.echo(
                f"{result['game']}: {hands} generated records in {jobs} processes, "
                f"Python {result['python']}\n  total   {result['total_seconds']:8.3f} s  "
                f"{result['total_hands_per_second']:>10,.0f} hands/s  "
                f"(each process: {rates})"
            )
            click.echo(load_note())
        return True
    result = run_bench(engine, hands, seed)
    result["target_met"] = target_met(result["game"], result["total_hands_per_second"])
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return result["target_met"] is not False
    click.echo(
        f"{result['game']}: {result['hands']} generated records "
        f"({result['cards_played']} cards played), Python {result['python']}"
    )
    for phase in ("parse", "verify", "replay", "score", "total"):
        note = ""
        if phase in ("replay", "score"):
            share = result["score_share_of_verify"]
            note = f"  (~{share if phase == 'score' else 1 - share:.0%} of verify, by profile)"
        click.echo(
            f"  {phase:<7} {result[phase + '_seconds']:8.3f} s  "
            f"{result[phase + '_hands_per_second']:>10,.0f} hands/s{note}"
        )
    click.echo(f"  target  {verdict(result['game'], result['total_hands_per_second'])}")
    click.echo(load_note())
    return result["target_met"] is not False


@click.command(short_help="Load a running service's /api/verify; print its latency.")
@click.option(
    "--url",
    required=True,
    metavar="http://127.0.0.1:PORT",
    help="The running service (this machine only: 127.0.0.1, localhost or ::1).",
)
@click.option(
    "--clients",
    type=click.IntRange(1, 256),
    default=8,
    show_default=True,
    help="Concurrent clients (threads, one keep-alive connection each).",
)
@click.option(
    "--requests",
    "count",
    type=click.IntRange(1, 100_000),
    default=1000,
    show_default=True,
    help="Requests in all (one generated record each).",
)
@click.option(
    "--game", default="nice4", show_default=True, help="The game of the generated records."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the generator.")
@click.option("--json", "as_json", is_flag=True, help="The figures as JSON.")
def loadtest(url: str, clients: int, count: int, game: str, seed: int, as_json: bool) -> None:
    """Load a running service's POST /api/verify with generated records; print throughput
    and latency percentiles (see BENCHMARKS.md)."""
    from ..loadtest import run_loadtest, target

    try:
        target(url)
        get_game(game)
    except (ValueError, UnknownGame) as exc:
        raise click.UsageError(str(exc)) from exc
    result = run_loadtest(url, clients, count, game=game, seed=seed)
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        click.echo(
            f"{result['url']}: {result['requests']} {game} records from "
            f"{result['clients']} clients in {result['seconds']:.2f} s"
        )
        click.echo(
            f"  throughput {result['requests_per_second']:,.0f} requests/s; latency "
            f"p50 {result['p50_ms']:.1f} ms, p90 {result['p90_ms']:.1f} ms, "
            f"p99 {result['p99_ms']:.1f} ms, max {result['max_ms']:.1f} ms"
        )
        if result["errors"]:
            click.echo(f"  {result['errors']} errors, e.g. {'; '.join(result['error_samples'])}")
    if result["errors"]:
        sys.exit(1)
