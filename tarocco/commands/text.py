"""Commands on record text, without a database: ``verify``, ``rules``, ``random``,
``format``.

Exit status of ``verify`` (G-7): 0 when every record is consistent and legal, 1 when violations
were flagged, 2 when a record is malformed or impossible (G-2) or the input cannot be read, 3
when a record is partial (it stops before the end: verified as far as it goes, scored nothing).
For several records the worst wins in the order 2, 3, 1.
"""

from __future__ import annotations

import json
import random
import sys

import click

from records.language import translations
from records.notation import comment_lines, read
from records.schemas import RecordSchema
from records.slips import worded_errors
from records.writer import write_many
from scorer.games import GAMES, UnknownGame, get_game
from scorer.rulings import rulings_for

from ..inputs import lang_option, parse_option_flags, read_records
from ..verifying import Settings, jobs_wanted, run_verify


@click.command(short_help="Verify hand records: findings, score, a session's ledger.")
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the reports (and ledger) as JSON.")
@click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rule option overriding the records' own (see `tarocco rules GAME`).",
)
@click.option("--quiet", "-q", is_flag=True, help="Only the verdict line per record.")
@click.option("--strict", is_flag=True, help="Stop at the first notation error.")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    metavar="N",
    help="Verify in N processes (0: one per core); the output is the same, in the same order.",
)
@lang_option
def verify(
    files: tuple[str, ...],
    as_json: bool,
    options: tuple[str, ...],
    quiet: bool,
    strict: bool,
    jobs: int,
    lang: str,
) -> None:
    """Verify hand records: FILES in the notation, or - for standard input.

    Several records (in one file or several) are taken as one session, in order, and give a
    ledger of balances after each hand. Each report is printed as soon as it is verified
    and only what the ledger needs is kept, so memory does not grow with the reports; with
    --jobs the records are verified in several processes and printed in their order.

    \b
    Exit status (G-7):
      0  every record consistent and legal (or thrown in)
      1  violations flagged (G-1)
      2  a record malformed or impossible (G-2), or the input unreadable
      3  a record partial: it stops before the end and scores nothing
    For several records: 2 if any is impossible, else 3 if any is partial, else 1 if any has
    violations.
    """
    settings = Settings(
        parse_option_flags(options), as_json, quiet, strict, jobs_wanted(jobs), lang
    )
    sys.exit(run_verify(files, settings))


@click.command(short_help="The games, or one game's rule options and rulings.")
@click.argument("game", required=False)
@lang_option
def rules(game: str | None, lang: str) -> None:
    """The rule sets: without GAME, the games; with it, its options and rulings (their
    titles and summaries in --lang where the rulings' catalog has them)."""
    said = translations(lang, "rulings").gettext
    if game is None:
        for key, engine in GAMES.items():
            click.echo(f"{key:<14} {engine.title}  (seed {engine.seed})")
        click.echo("\n`tarocco rules GAME` lists a game's options and rulings.")
        return
    try:
        engine = get_game(game)
    except UnknownGame as exc:
        raise click.UsageError(str(exc)) from exc
    click.echo(f"{engine.key}: {engine.title}")
    click.echo(
        f"  rule text: shared/seeds/{engine.seed}; {engine.num_players} players; "
        f"paid in {engine.unit}"
    )
    click.echo('\noptions (first value is the default; set with [Options "name=value"] or -o):')
    for option in engine.options:
        click.echo(f"  {option.name}={'|'.join(option.values)}  [{option.ruling}] {option.help}")
    click.echo("\nnotation sections:")
    for keyword, spec in engine.keywords.items():
        click.echo(f"  {keyword:<10} {spec.help}")
    click.echo("\nrulings applied:")
    for ruling in rulings_for(engine.rulings):
        click.echo(f"  {ruling.id:<8} {said(ruling.title)}: {said(ruling.summary)}")


@click.command("random", short_help="Legal random records of GAME (a seeded session).")
@click.argument("game")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the generator.")
@click.option(
    "--count",
    type=click.IntRange(1, 1_000_000),
    default=1,
    show_default=True,
    help="Records to make: the hands of one session, in order.",
)
@click.option("--json", "as_json", is_flag=True, help="Records as JSON instead of notation.")
def random_command(game: str, seed: int, count: int, as_json: bool) -> None:
    """Legal random records of GAME on standard output (a seeded session)."""
    try:
        engine = get_game(game)
    except UnknownGame as exc:
        raise click.UsageError(str(exc)) from exc
    records = engine.random_session(random.Random(seed), count)
    if as_json:
        click.echo(json.dumps(RecordSchema(many=True).dump(records), indent=2))
    else:
        click.echo(write_many(records), nl=False)


@click.command("format", short_help="Rewrite records in canonical notation, or as JSON.")
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="The records as JSON.")
@click.option(
    "--no-comments",
    is_flag=True,
    help="Leave out the comments (; to the end of a line, {braces}); kept by default.",
)
@lang_option
def format_command(file: str, as_json: bool, no_comments: bool, lang: str) -> None:
    """Rewrite FILE's records in canonical notation (or JSON) on standard output.

    Comments are kept: a comment line before the tag or line that follows it, the comments
    on a line at its end. Formatting the result again changes nothing. The notation is the
    same in every language (--lang is taken for the commands' sake; the reader's errors
    are in English).
    """
    del lang  # the notation is language-neutral
    text = read_records(file)
    parsed = read(text, source=None if file == "-" else file)
    errors = [message for p in parsed for message in worded_errors(p)]
    if errors:
        for message in errors:
            click.echo(message, err=True)
        sys.exit(2)
    records = [p.record for p in parsed if p.record is not None]  # all read: no errors
    if as_json:
        click.echo(json.dumps(RecordSchema(many=True).dump(records), indent=2, ensure_ascii=False))
    else:
        opening = records[0].start.line if records and records[0].start else 1
        heading = [] if no_comments else comment_lines(text, opening)
        click.echo("".join(f"{line}\n" for line in heading), nl=False)
        click.echo(write_many(records, comments=not no_comments), nl=False)
