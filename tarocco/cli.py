"""The ``tarocco`` command: a thin shell over the library (each command calls one library
function and prints its result).

Exit status of ``verify``: 0 when every record is consistent and legal, 1 when violations were
flagged, 2 when a record is malformed or impossible (G-2) or the input cannot be read.
"""

from __future__ import annotations

import json
import random
import sys

import click

from records.notation import NotationError, read
from records.pipeline import check_text, exit_status, session_ledger
from records.schemas import LedgerSchema, RecordSchema, dump_report
from records.writer import write, write_many
from scorer.games import GAMES, OptionError, UnknownGame, get_game
from scorer.rulings import rulings_for

from .render import render_checked, render_ledger

MAX_INPUT_BYTES = 16 * 1024 * 1024


class InputError(click.ClickException):
    """Input that cannot be read at all: exit status 2, like a malformed record."""

    exit_code = 2


def _parse_option_flags(values: tuple[str, ...]) -> dict[str, str]:
    options = {}
    for value in values:
        name, sep, setting = value.partition("=")
        if not sep or not name or not setting:
            raise click.BadParameter(f"{value!r}: write name=value", param_hint="--option")
        options[name.strip().lower()] = setting.strip().lower()
    return options


def _read_input(path: str) -> str:
    """A file's text (or standard input for ``-``), refusing huge or undecodable input."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror}") from exc
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"{path}: larger than {MAX_INPUT_BYTES // 2**20} MiB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start})") from exc


@click.group()
@click.version_option(package_name="tarocco")
def main() -> None:
    """Score and verify hand records of historical Italian tarot games."""


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the reports (and ledger) as JSON.")
@click.option("-o", "--option", "options", multiple=True, metavar="NAME=VALUE",
              help="A rule option overriding the records' own (see `tarocco rules GAME`).")
@click.option("--quiet", "-q", is_flag=True, help="Only the verdict line per record.")
@click.option("--strict", is_flag=True, help="Stop at the first notation error.")
def verify(files: tuple[str, ...], as_json: bool, options: tuple[str, ...], quiet: bool,
           strict: bool) -> None:
    """Verify hand records: FILES in the notation, or - for standard input.

    Several records (in one file or several) are taken as one session, in order, and give a
    ledger of balances after each hand.
    """
    overrides = _parse_option_flags(options)
    checked = []
    for path in files:
        text = _read_input(path)
        try:
            checked += check_text(text, source=None if path == "-" else path,
                                  options=overrides, strict=strict)
        except OptionError as exc:
            raise click.UsageError(str(exc)) from exc
        except NotationError as exc:
            raise InputError(str(exc)) from exc
    ledger = session_ledger(checked) if len(checked) > 1 else None
    if as_json:
        data = {"records": [{"source": c.source, "line": (c.parsed.record.start.line
                             if c.parsed.record and c.parsed.record.start else None),
                             "report": dump_report(c.report)} for c in checked]}
        if ledger is not None:
            data["ledger"] = LedgerSchema().dump(ledger)
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        for c in checked:
            text = render_checked(c)
            click.echo(text.splitlines()[0] if quiet else text + "\n")
        if ledger is not None:
            click.echo(render_ledger(ledger))
    sys.exit(exit_status(checked, ledger))


@main.command()
@click.argument("game", required=False)
def rules(game: str | None) -> None:
    """The rule sets: without GAME, the games; with it, its options and rulings."""
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
    click.echo(f"  rule text: shared/seeds/{engine.seed}; {engine.num_players} players; "
               f"paid in {engine.unit}")
    click.echo("\noptions (first value is the default; set with [Options \"name=value\"] or -o):")
    for option in engine.options:
        click.echo(f"  {option.name}={'|'.join(option.values)}  [{option.ruling}] {option.help}")
    click.echo("\nnotation sections:")
    for keyword, spec in engine.keywords.items():
        click.echo(f"  {keyword:<10} {spec.help}")
    click.echo("\nrulings applied:")
    for ruling in rulings_for(engine.rulings):
        click.echo(f"  {ruling.id:<8} {ruling.title}: {ruling.summary}")


@main.command("random")
@click.argument("game")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the generator.")
@click.option("--count", type=click.IntRange(1, 1_000_000), default=1, show_default=True)
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


@main.command("format")
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="The records as JSON.")
def format_command(file: str, as_json: bool) -> None:
    """Rewrite FILE's records in canonical notation (or JSON) on standard output."""
    parsed = read(_read_input(file), source=None if file == "-" else file)
    errors = [e for p in parsed for e in p.errors]
    if errors:
        for error in errors:
            click.echo(str(error), err=True)
        sys.exit(2)
    records = [p.record for p in parsed]
    if as_json:
        click.echo(json.dumps(RecordSchema(many=True).dump(records), indent=2,
                              ensure_ascii=False))
    else:
        click.echo("\n".join(write(r) for r in records), nl=False)


@main.command()
@click.argument("game")
@click.option("--hands", type=click.IntRange(1, 10_000_000), default=10_000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def bench(game: str, hands: int, seed: int, as_json: bool) -> None:
    """Time parse, replay + score of generated GAME records on one core."""
    from .bench import run_bench

    try:
        engine = get_game(game)
    except UnknownGame as exc:
        raise click.UsageError(str(exc)) from exc
    result = run_bench(engine, hands, seed)
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    click.echo(f"{result['game']}: {result['hands']} generated records "
               f"({result['cards_played']} cards played), Python {result['python']}")
    for phase in ("parse", "verify", "total"):
        click.echo(f"  {phase:<7} {result[phase + '_seconds']:8.3f} s  "
                   f"{result[phase + '_hands_per_second']:>10,.0f} hands/s")


if __name__ == "__main__":
    main()
