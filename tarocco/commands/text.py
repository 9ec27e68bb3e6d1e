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
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from records.language import translations
from records.notation import comment_lines, read
from records.schemas import RecordSchema
from records.slips import worded_errors
from records.writer import write_many
from scorer.games import GAMES, UnknownGame, get_game

from ..inputs import lang_option, parse_option_flags, read_records
from ..verifying import Settings, jobs_wanted, run_verify

if TYPE_CHECKING:
    from records.rulebook import Rulebook


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


@click.command(short_help="The games, or one game's rules, rulings and source.")
@click.argument("game", required=False)
@lang_option
def rules(game: str | None, lang: str) -> None:
    """The rule sets: without GAME, the games; with it, the game in brief, its rule options,
    its rulings in full and the rule text it follows (in --lang)."""
    from records.rulebook import rulebook

    language = lang
    say = _words(language)
    if game is None:
        for key in GAMES:
            book = rulebook(key, language)
            click.echo(f"{key:<14} {book.title}  ({book.players} {say('players')}, {book.unit})")
        click.echo("\n" + say("`tarocco rules GAME` shows a game's rules in full."))
        return
    try:
        key = get_game(game).key
    except UnknownGame as exc:
        raise click.UsageError(str(exc)) from exc
    click.echo("\n".join(_rulebook_lines(rulebook(key, language), say)))


def _words(language: str) -> Callable[[str], str]:
    """The command's own words in ``language`` (:data:`records.rulebook.LABELS`)."""

    return translations(language, "rulings").gettext


def _wrapped(text: str, indent: int) -> list[str]:
    return textwrap.wrap(text, 92, initial_indent=" " * indent, subsequent_indent=" " * indent)


def _rulebook_lines(book: Rulebook, say: Callable[[str], str]) -> list[str]:
    """A game's rules as ``tarocco rules GAME`` prints them: the same as its rules page."""
    lines = [
        f"{book.key}: {book.title}",
        f"  {book.players} {say('players')}; {say('paid in')} {book.unit}",
    ]
    lines += ["", say("In brief")]
    for aspect in book.brief:
        lines += _wrapped(f"{aspect.label}: {aspect.text}", 2)
    lines += [
        "",
        say(
            "Rule options (the first value is the default; "
            'set one with [Options "name=value"] or -o)'
        ),
    ]
    for option in book.options:
        lines += _wrapped(
            f"{option.name}={'|'.join(option.values)}  [{option.ruling}] {option.help}", 2
        )
    if not book.options:
        lines.append("  " + say("This game has no rule options."))
    for heading, rulings in (
        (say("The game's rulings"), book.own),
        (say("Rulings of every game"), book.general),
    ):
        lines += ["", heading]
        for ruling in rulings:
            lines += [f"  {ruling.id} {ruling.title}", *_wrapped(ruling.text, 6)]
    lines += ["", say("The rule text"), *_wrapped(_citation(book, say), 2)]
    from records.rulebook import example_record

    seed, _text = example_record(book.key)
    lines += ["", say("An example record"), f"  tarocco random {book.key} --seed {seed}"]
    return lines


def _citation(book: Rulebook, say: Callable[[str], str]) -> str:
    """The rule text as it names itself: title; by author; site (url); based on ..."""
    source = book.source
    parts = [source.title]
    if source.author:
        parts.append(f"{say('by')} {source.author}")
    if source.site:
        parts.append(source.site + (f" ({source.url})" if source.url else ""))
    elif source.url:
        parts.append(source.url)
    if source.based_on:
        parts.append(f"{say('based on')} {source.based_on}")
    return "; ".join(parts)


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
