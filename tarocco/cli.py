"""The ``tarocco`` command: a thin shell over the library (each command calls one library
function and prints its result).

Exit status of ``verify`` (G-7): 0 when every record is consistent and legal, 1 when violations
were flagged, 2 when a record is malformed or impossible (G-2) or the input cannot be read, 3
when a record is partial (it stops before the end: verified as far as it goes, scored nothing).
For several records the worst wins in the order 2, 3, 1.
"""

from __future__ import annotations

import errno
import gc
import json
import os
import random
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from records.notation import NotationError, comment_lines, read
from records.pipeline import check_text, exit_status, session_ledger
from records.schemas import LedgerSchema, RecordSchema, dump_report
from records.writer import write_many
from scorer.games import GAMES, OptionError, UnknownGame, get_game
from scorer.record import split_players
from scorer.rulings import rulings_for

from .audit import audit
from .campaign import campaign
from .inputs import InputError, parse_option_flags, read_input
from .render import render_checked, render_ledger

if TYPE_CHECKING:
    from records.store import Store

DEFAULT_DB = "tarocco.sqlite"  # the web app's default too (web.DEFAULT_DATABASE)


@click.group()
@click.version_option(package_name="tarocco")
def main() -> None:
    """Score and verify hand records of historical Italian tarot games."""


main.add_command(audit)
main.add_command(campaign)


@main.command()
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
def verify(
    files: tuple[str, ...], as_json: bool, options: tuple[str, ...], quiet: bool, strict: bool
) -> None:
    """Verify hand records: FILES in the notation, or - for standard input.

    Several records (in one file or several) are taken as one session, in order, and give a
    ledger of balances after each hand.

    \b
    Exit status (G-7):
      0  every record consistent and legal (or thrown in)
      1  violations flagged (G-1)
      2  a record malformed or impossible (G-2), or the input unreadable
      3  a record partial: it stops before the end and scores nothing
    For several records: 2 if any is impossible, else 3 if any is partial, else 1 if any has
    violations.
    """
    overrides = parse_option_flags(options)
    checked = []
    for path in files:
        text = read_input(path)
        try:
            checked += check_text(
                text, source=None if path == "-" else path, options=overrides, strict=strict
            )
        except OptionError as exc:
            raise click.UsageError(str(exc)) from exc
        except NotationError as exc:
            raise InputError(str(exc)) from exc
    ledger = session_ledger(checked) if len(checked) > 1 else None
    if as_json:
        data = {
            "records": [
                {
                    "source": c.source,
                    "line": (
                        c.parsed.record.start.line
                        if c.parsed.record and c.parsed.record.start
                        else None
                    ),
                    "report": dump_report(c.report),
                }
                for c in checked
            ]
        }
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
        click.echo(f"  {ruling.id:<8} {ruling.title}: {ruling.summary}")


@main.command("random")
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


@main.command("format")
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="The records as JSON.")
@click.option(
    "--no-comments",
    is_flag=True,
    help="Leave out the comments (; to the end of a line, {braces}); kept by default.",
)
def format_command(file: str, as_json: bool, no_comments: bool) -> None:
    """Rewrite FILE's records in canonical notation (or JSON) on standard output.

    Comments are kept: a comment line before the tag or line that follows it, the comments
    on a line at its end. Formatting the result again changes nothing.
    """
    text = read_input(file)
    parsed = read(text, source=None if file == "-" else file)
    errors = [e for p in parsed for e in p.errors]
    if errors:
        for error in errors:
            click.echo(str(error), err=True)
        sys.exit(2)
    records = [p.record for p in parsed if p.record is not None]  # all read: no errors
    if as_json:
        click.echo(json.dumps(RecordSchema(many=True).dump(records), indent=2, ensure_ascii=False))
    else:
        opening = records[0].start.line if records and records[0].start else 1
        heading = [] if no_comments else comment_lines(text, opening)
        click.echo("".join(f"{line}\n" for line in heading), nl=False)
        click.echo(write_many(records, comments=not no_comments), nl=False)


@main.command()
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
    from .bench import run_bench_all

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
    from .bench import load_note

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
    from .bench import load_note, run_bench, run_bench_jobs, target_met, verdict

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


# -- the service ----------------------------------------------------------------------------
# The storage and web stacks load only for these commands, so `tarocco verify` stays quick.


def db_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """The --db option (or TAROCCO_DB) of every command on the service's database."""
    return click.option(
        "--db",
        default=DEFAULT_DB,
        envvar="TAROCCO_DB",
        show_default=True,
        show_envvar=True,
        metavar="FILE",
        help="The service's SQLite database file.",
    )(command)


def _check_database_folder(db: str) -> None:
    """Refuse a database path in a folder that does not exist, naming the path and the folder
    (SQLite itself says only "unable to open database file")."""
    if db == ":memory:":
        return
    folder = os.path.dirname(os.path.abspath(db))
    if not os.path.isdir(folder):
        raise click.ClickException(
            f"--db {db}: the folder {folder} does not exist (make it, or give --db or "
            "TAROCCO_DB a path in a folder that exists)"
        )


def _open_store(db: str, *, create: bool = False) -> Store:
    """The store on ``db``; a missing file is an error unless this command may create it."""
    from records.store import Store

    _check_database_folder(db)
    if db != ":memory:" and not create and not os.path.exists(db):
        raise click.ClickException(
            f"no database at {db} (`tarocco serve` or `tarocco "
            "tournament create` makes one; or give --db)"
        )
    try:
        return Store(db)
    except Exception as exc:  # sqlite3.Error and sqlite-utils errors alike
        raise click.ClickException(f"{db}: cannot open the database: {exc}") from exc


def _find_tournament(store: Store, name_or_id: str) -> dict[str, Any] | None:
    """A tournament by id (digits) or by name."""
    from records.store import NotFound

    if name_or_id.strip().isdigit():
        try:
            return store.tournament(int(name_or_id))
        except NotFound:
            pass
    return store.tournament_named(name_or_id.strip())


def _tournament_or_fail(store: Store, name_or_id: str) -> dict[str, Any]:
    tournament = _find_tournament(store, name_or_id)
    if tournament is None:
        raise click.ClickException(f"no tournament {name_or_id!r} (see `tarocco tournament list`)")
    return tournament


def _check_port_free(host: str, port: int) -> None:
    """Refuse, in one line, an address the service cannot listen on (a port in use, most
    often), before gunicorn starts: gunicorn would retry for five seconds, printing a raw
    line each time, then exit."""
    where = f"{host}:{port}"
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        with socket.socket(family, kind, proto) as probe:
            # as gunicorn binds: a port left in TIME_WAIT by a server just stopped is free
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise click.ClickException(
                f"port {port} is in use on {host}: stop what listens there, or choose "
                "another port with --port or TAROCCO_PORT"
            ) from exc
        reason = exc.strerror or str(exc)
        raise click.ClickException(
            f"cannot listen on {where}: {reason} (see --host or TAROCCO_HOST, --port or "
            "TAROCCO_PORT)"
        ) from exc


@main.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    envvar="TAROCCO_HOST",
    show_envvar=True,
    help="Address to listen on (0.0.0.0 for every interface).",
)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8000,
    show_default=True,
    envvar="TAROCCO_PORT",
    show_envvar=True,
    help="Port to listen on.",
)
@db_option
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=2,
    show_default=True,
    envvar="TAROCCO_WORKERS",
    show_envvar=True,
    help="Worker processes.",
)
@click.option(
    "--threads",
    type=click.IntRange(1, 256),
    default=4,
    show_default=True,
    envvar="TAROCCO_THREADS",
    show_envvar=True,
    help="Threads per worker.",
)
def serve(host: str, port: int, db: str, workers: int, threads: int) -> None:
    """Run the web service (the pages at /, the JSON API under /api) on gunicorn.

    The database file is created or migrated at start, so the service is ready at once; a
    port in use is refused at once. Stop it with Ctrl-C (or SIGTERM).
    """
    from .server import ServeConfig, url_for
    from .server import serve as run_server

    _check_database_folder(db)
    _check_port_free(host, port)
    _open_store(db, create=True).close()  # any other bad path is reported here, naming it
    config = ServeConfig(host=host, port=port, db=db, workers=workers, threads=threads)

    def ready() -> None:
        click.echo(
            f"tarocco serving on {url_for(host, port)}/api  (the pages at "
            f"{url_for(host, port)}/; database {os.path.abspath(db)}; {workers} "
            f"workers x {threads} threads)"
        )

    try:
        run_server(config, on_ready=ready)
    except Exception as exc:  # a bad database path, say: say so without a traceback
        raise click.ClickException(str(exc)) from exc


@main.group()
def tournament() -> None:
    """Create and list tournaments (the service's top level: sessions and tokens)."""


@tournament.command("create")
@click.argument("name")
@click.option("--private", is_flag=True, help="Reads need a token of the tournament too.")
@db_option
def tournament_create(name: str, private: bool, db: str) -> None:
    """Create tournament NAME; prints its id."""
    if not name.strip():
        raise click.BadParameter("a tournament needs a name", param_hint="NAME")
    store = _open_store(db, create=True)
    existing = store.tournament_named(name.strip())
    if existing is not None:
        raise click.ClickException(f"tournament {name!r} exists already (id {existing['id']})")
    tid = store.create_tournament(name.strip(), private=private, actor="cli")
    click.echo(tid)
    click.echo(
        f"created {'private' if private else 'public'} tournament {name.strip()!r} "
        f"(id {tid}) in {db}",
        err=True,
    )


@tournament.command("list")
@db_option
def tournament_list(db: str) -> None:
    """The tournaments: id, name, public or private, sessions, created."""
    store = _open_store(db)
    rows = store.tournaments()
    if not rows:
        click.echo("no tournaments yet (`tarocco tournament create NAME`)")
        return
    for row in rows:
        sessions = len(store.sessions(row["id"]))
        click.echo(
            f"{row['id']:>4}  {row['name']:<30} "
            f"{'private' if row['private'] else 'public':<8} "
            f"{sessions:>3} session{'s' if sessions != 1 else ' '}  {row['created_at']}"
        )


@main.group()
def token() -> None:
    """Director tokens: the bearer tokens that let the API write to one tournament."""


@token.command("create")
@click.option(
    "--tournament",
    "name_or_id",
    required=True,
    metavar="NAME_OR_ID",
    help="The tournament (created if a name is new).",
)
@click.option("--label", default="", help="Who or what the token is for.")
@db_option
def token_create(name_or_id: str, label: str, db: str) -> None:
    """A new director token for a tournament, printed once (only its hash is kept)."""
    store = _open_store(db, create=True)
    found = _find_tournament(store, name_or_id)
    if found is None:
        if name_or_id.strip().isdigit():
            raise click.ClickException(f"no tournament {name_or_id} (give a name to create one)")
        if not name_or_id.strip():
            raise click.BadParameter("a tournament needs a name", param_hint="--tournament")
        tid = store.create_tournament(name_or_id.strip(), actor="cli")
        click.echo(f"created tournament {name_or_id.strip()!r} (id {tid})", err=True)
    else:
        tid = found["id"]
    secret = store.create_token(tid, label, actor="cli")
    token_id = store.token_row(secret)["id"]
    click.echo(secret)
    click.echo(
        f"token {token_id} for tournament {tid}: shown only now, it cannot be shown "
        "again (revoke with `tarocco token revoke "
        f"{token_id}`)",
        err=True,
    )


@token.command("revoke")
@click.argument("token_id", type=int, metavar="ID")
@db_option
def token_revoke(token_id: int, db: str) -> None:
    """Revoke token ID: requests with it are refused from now on."""
    from records.store import NotFound

    store = _open_store(db)
    try:
        store.revoke_token(token_id, actor="cli")
    except NotFound as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"token {token_id} revoked")


@token.command("list")
@click.option(
    "--tournament",
    "name_or_id",
    default=None,
    metavar="NAME_OR_ID",
    help="Only this tournament's tokens (all tokens when not given).",
)
@db_option
def token_list(name_or_id: str | None, db: str) -> None:
    """Director tokens and their ids, never the token.

    Each: id, label, tournament, created, revoked. The token itself is not kept: make a new
    one if it is lost, and revoke the old one by its id.
    """
    store = _open_store(db)
    only = _tournament_or_fail(store, name_or_id)["id"] if name_or_id is not None else None
    names = {row["id"]: row["name"] for row in store.tournaments()}
    rows = store.tokens(only)
    if not rows:
        click.echo("no tokens yet (`tarocco token create --tournament NAME`)")
        return
    for row in rows:
        state = f"revoked {row['revoked_at']}" if row["revoked_at"] else "active"
        click.echo(
            f"{row['id']:>4}  {row['label'] or '(no label)':<24} "
            f"{names[row['tournament_id']]!r} (id {row['tournament_id']})  "
            f"created {row['created_at']}  {state}"
        )


@main.group()
def session() -> None:
    """Sessions: a table sitting (game, rule options, players in seat order)."""


@session.command("create")
@click.option(
    "--tournament",
    "name_or_id",
    required=True,
    metavar="NAME_OR_ID",
    help="The tournament it belongs to (see `tarocco tournament list`).",
)
@click.option("--game", required=True, help="The game (see `tarocco rules`).")
@click.option(
    "--players",
    required=True,
    metavar='"A, B, C, D"',
    help="The players in seat (playing) order, comma-separated.",
)
@click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rule option for every hand of the session.",
)
@click.option("--name", default="", help="A name for the session (a round, a table).")
@click.option(
    "--table",
    default=None,
    metavar="LABEL",
    help='The table it sits at ("Table 2"): the tournament page groups sessions '
    "by table. At most 40 characters.",
)
@db_option
def session_create(
    name_or_id: str,
    game: str,
    players: str,
    options: tuple[str, ...],
    name: str,
    table: str | None,
    db: str,
) -> None:
    """Open a session in a tournament; prints its id."""
    from records.service import ServiceError, create_session

    chosen = parse_option_flags(options)
    store = _open_store(db)
    found = _tournament_or_fail(store, name_or_id)
    try:
        sid = create_session(
            store, found["id"], game, split_players(players), chosen, name, actor="cli", table=table
        )
    except ServiceError as exc:
        raise click.UsageError(exc.message) from exc
    created = store.session(sid)
    click.echo(sid)
    at_table = f", table {created['table_name']!r}" if created["table_name"] else ""
    click.echo(
        f"session {sid}: {created['game']}, {', '.join(created['players'])} "
        f"(tournament {found['name']!r}{at_table})",
        err=True,
    )


@session.command("list")
@click.option(
    "--tournament",
    "name_or_id",
    default=None,
    metavar="NAME_OR_ID",
    help="Only this tournament's sessions (every tournament's when not given).",
)
@db_option
def session_list(name_or_id: str | None, db: str) -> None:
    """Sessions and their ids, to find one again.

    Each: id, tournament, game, name, table, players, hands, created.
    """
    store = _open_store(db)
    if name_or_id is not None:
        tournaments = [_tournament_or_fail(store, name_or_id)]
    else:
        tournaments = store.tournaments()
    listed = 0
    for found in tournaments:
        for row in store.sessions(found["id"]):
            listed += 1
            hands = store.hand_count(row["id"])
            name = f" {row['name']!r}" if row["name"] else ""
            table = f" at {row['table_name']!r}" if row["table_name"] else ""
            click.echo(
                f"{row['id']:>4}  {found['name']!r} (id {found['id']})  {row['game']}{name}"
                f"{table}: {', '.join(row['players'])}; {hands} hand{'s' if hands != 1 else ''}"
                f"; created {row['created_at']}"
            )
    if not listed:
        click.echo("no sessions yet (`tarocco session create --tournament NAME ...`)")


@main.command("import")
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option(
    "--session",
    "session_id",
    type=int,
    required=True,
    metavar="ID",
    help="The session the hands join, in order.",
)
@db_option
def import_command(path: Path, session_id: int, db: str) -> None:
    """Store every record of PATH as hands of a session.

    PATH is a text file, a folder (every *.txt, *.zip, *.tar, *.tar.gz and *.tgz inside,
    recursively, in sorted order) or an archive (its *.txt members, and archives inside it
    two levels deep). Records are stored in batches of 200 as they are read. Records already
    in the session are recognised and not stored again, so an import can be re-run. A
    malformed record stops its file there (the records before it are stored); it, an archive
    member over the bounds, damaged data and a file that is not a regular one are reported
    as file[:member]:line:column: message, the rest goes on, and the exit status is 1.
    """
    from records.bulk import import_path, survey
    from records.service import ServiceError

    store = _open_store(db)
    total = survey(path)
    # Reading and verifying records make many objects and no reference cycles: the cyclic
    # collector's passes over the growing heap cost a fifth of an import, for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        with click.progressbar(
            length=max(total, 1), label="importing", file=sys.stderr, show_eta=True
        ) as bar:
            summary = import_path(store, session_id, path, "cli import", progress=bar.update)
    except ServiceError as exc:
        raise click.ClickException(exc.message) from exc
    finally:
        if collecting:
            gc.enable()
    for problem in summary.problems:
        click.echo(problem, err=True)
    for name in summary.skipped_files:
        click.echo(f"skipped: {name}", err=True)
    click.echo(summary.line())
    if summary.skipped_files:
        sys.exit(1)


@main.command()
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
    from .loadtest import run_loadtest, target

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


if __name__ == "__main__":
    main()
