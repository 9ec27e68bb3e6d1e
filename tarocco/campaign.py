"""``tarocco campaign``: invariants and typed mutations over many random records of a game.

Method: draw ``records`` legal records with the game's seeded generator. For each record:

* **invariants**: it verifies clean (or thrown in); its side totals add up to the game's point
  total (``Game.point_total``) when it is played out; its payments are zero-sum when the game
  is (``Game.zero_sum``, with the three-player abeyance); its text reads back to the same
  record and writes to the same text; its JSON form loads back to the same record and text.
  Every 25 records, a session of four hands from ``Game.random_session`` must give a
  zero-sum ledger (for zero-sum games).
* **mutations**: each kind of :data:`records.mutate.MUTATIONS` damages the record's text once
  (every other record without its ``hand`` lines, when it is still clean so, as records
  kept without the deal are: there a misplaced card is a revoke to flag, not a card not held);
  the damaged text goes through the whole pipeline (read, verify, score) and the outcome is
  counted: *flagged* (violations), *rejected* (a notation error or an impossible record,
  G-2), *legal* (it still reads as a consistent legal record, perhaps partial or thrown in),
  *no place* (nothing of that kind to damage, or the damage changed nothing), and *crash*
  (any exception: there must be none).

Figures and the first few failures are returned; nothing is timed but the whole run.
"""

from __future__ import annotations

import json
import random
import sys
import time
import traceback
from collections import Counter
from typing import Any

import click

from records.mutate import MUTATIONS
from records.notation import read
from records.pipeline import check_text
from records.schemas import RecordSchema
from records.writer import write
from scorer.games import Game, UnknownGame, get_game
from scorer.ledger import build_ledger
from scorer.report import Status

__all__ = ["OUTCOMES", "OUTCOME_MEANINGS", "campaign", "check_invariants", "run_campaign"]

#: The columns of the mutation table: what the pipeline made of a damaged record, and what
#: each means (printed under the table and in ``--help``).
OUTCOME_MEANINGS = {
    "flagged": "read and replayed, with violations flagged (G-1)",
    "rejected": "a notation error or an impossible record (G-2)",
    "legal": "still a consistent legal record (perhaps partial or thrown in)",
    "no place": "nothing of that kind to damage, or the damage changed nothing",
    "crash": "the pipeline raised an exception: a bug (there must be none)",
}
OUTCOMES = tuple(OUTCOME_MEANINGS)
KEEP_EXAMPLES = 5


def check_invariants(game: Game, text: str) -> list[str]:
    """What is wrong with one generated record's text (empty when every invariant holds)."""
    problems = []
    [parsed] = read(text)
    record = parsed.record
    if parsed.errors or record is None:
        return [f"does not read: {parsed.errors[0]}"]
    report = game.verify(record)
    if report.status not in (Status.CLEAN, Status.THROWN_IN):
        first = (report.errors + report.violations)[:1]
        problems.append(f"verifies {report.status.value}: {first}")
    if game.point_total is not None and report.complete and report.sides:
        total = sum(side.total for side in report.sides)
        if total != game.point_total:
            problems.append(f"side totals add up to {total}, not {game.point_total}")
    if game.zero_sum and sum(report.settlement) + report.abeyance != 0:
        problems.append(f"payments {report.settlement} are not zero-sum")
    if write(record) != text:
        problems.append("text -> record -> text is not the same text")
    schema = RecordSchema()
    loaded = schema.load(schema.dump(record))
    if loaded != record or write(loaded) != text:
        problems.append("record -> JSON -> record is not the same record")
    return problems


def _session_problems(game: Game, rng: random.Random) -> list[str]:
    records = game.random_session(rng, 4)
    ledger = build_ledger(records, [game.verify(r) for r in records])
    if game.zero_sum and not ledger.is_zero_sum():
        return ["a session's ledger is not zero-sum"]
    if any(f.code == "DEALER_OUT_OF_TURN" for _, f in ledger.findings):
        return ["a generated session deals out of turn"]
    return []


def _without_deal(game: Game, text: str) -> str:
    """The record without its ``hand`` lines, if it still verifies clean (else the text)."""
    lines = text.split("\n")
    stripped = "\n".join(line for line in lines if not line.startswith("hand "))
    if stripped == text:
        return text
    [parsed] = read(stripped)
    if parsed.errors or parsed.record is None:
        return text
    status = game.verify(parsed.record).status
    return stripped if status in (Status.CLEAN, Status.THROWN_IN) else text


def _outcome(text: str) -> str:
    checked = check_text(text)
    statuses = {c.report.status for c in checked}
    if Status.INVALID in statuses:
        return "rejected"
    if Status.FLAGGED in statuses:
        return "flagged"
    return "legal"


def run_campaign(
    game: Game, records: int, seed: int = 1, kinds: tuple[str, ...] = tuple(MUTATIONS)
) -> dict[str, Any]:
    """Run the campaign; returns counts per mutation kind and outcome, the invariant
    failures and the crashes (first few of each, with the text that caused them)."""
    rng = random.Random(seed)
    counts = {kind: Counter({outcome: 0 for outcome in OUTCOMES}) for kind in kinds}
    failures: list[dict[str, str]] = []
    crashes: list[dict[str, str]] = []
    invariant_failures = 0
    started = time.perf_counter()
    for number in range(records):
        text = write(game.random_record(rng))
        problems = check_invariants(game, text)
        if number % 25 == 0:
            problems += _session_problems(game, rng)
        if problems:
            invariant_failures += 1
            if len(failures) < KEEP_EXAMPLES:
                failures.append({"problems": "; ".join(problems), "text": text})
        base = _without_deal(game, text) if number % 2 else text
        for kind in kinds:
            damaged = MUTATIONS[kind](base, rng)
            if damaged is None or damaged == base:
                counts[kind]["no place"] += 1
                continue
            try:
                counts[kind][_outcome(damaged)] += 1
            except Exception as exc:  # any exception is what the campaign hunts
                counts[kind]["crash"] += 1
                if len(crashes) < KEEP_EXAMPLES:
                    crashes.append(
                        {
                            "kind": kind,
                            "error": repr(exc),
                            "traceback": traceback.format_exc(limit=6),
                            "text": damaged,
                        }
                    )
    return {
        "game": game.key,
        "records": records,
        "seed": seed,
        "seconds": time.perf_counter() - started,
        "invariant_failures": invariant_failures,
        "failures": failures,
        "mutations": {kind: dict(counter) for kind, counter in counts.items()},
        "crashes": sum(counter["crash"] for counter in counts.values()),
        "crash_examples": crashes,
    }


#: ``tarocco campaign --help``: the method in short, and the table's columns.
CAMPAIGN_HELP = (
    "Invariants and typed mutations over random GAME records (see RELIABILITY.md).\n\n"
    "Each record must verify clean, add up and read back (the invariants); then each kind "
    "of mutation damages it once, and the table counts, per kind (a row), what the "
    "pipeline made of the damaged records (a column):\n\n\b\n"
    + "\n".join(f"  {outcome:<9} {meaning}" for outcome, meaning in OUTCOME_MEANINGS.items())
    + "\n\nExit status 1 when an invariant failed or a damaged record crashed the pipeline."
)


@click.command(
    help=CAMPAIGN_HELP, short_help="Invariants and mutations over random records of GAME."
)
@click.argument("game")
@click.option(
    "--records",
    type=click.IntRange(1, 10_000_000),
    default=1_000,
    show_default=True,
    help="Random records to draw (each also damaged once per mutation kind).",
)
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Seed of the generator and the damage."
)
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    type=click.Choice(tuple(MUTATIONS)),
    help="Only these mutation kinds (repeatable); all by default.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def campaign(game: str, records: int, seed: int, kinds: tuple[str, ...], as_json: bool) -> None:
    """The ``campaign`` command (its help is :data:`CAMPAIGN_HELP`)."""
    try:
        engine = get_game(game)
    except UnknownGame as exc:
        raise click.UsageError(str(exc)) from exc
    result = run_campaign(engine, records, seed, kinds or tuple(MUTATIONS))
    if as_json:
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        click.echo(
            f"{engine.key}: {records} random records, seed {seed}, {result['seconds']:.1f} s"
        )
        click.echo(f"  invariants: {records - result['invariant_failures']} of {records} hold")
        for failure in result["failures"]:
            click.echo(f"    {failure['problems']}")
        click.echo("  mutations (records damaged once by each kind, by outcome):")
        click.echo(f"    {'kind':<13}" + "".join(f"{o:>10}" for o in OUTCOMES))
        for kind, counter in result["mutations"].items():
            click.echo(f"    {kind:<13}" + "".join(f"{counter[o]:>10}" for o in OUTCOMES))
        click.echo("  columns:")
        for outcome, meaning in OUTCOME_MEANINGS.items():
            click.echo(f"    {outcome:<10} {meaning}")
        for crash in result["crash_examples"]:
            click.echo(f"  crash ({crash['kind']}): {crash['error']}\n{crash['traceback']}")
    sys.exit(1 if result["crashes"] or result["invariant_failures"] else 0)
