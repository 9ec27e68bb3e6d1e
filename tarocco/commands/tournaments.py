"""The director's commands on the service's database: ``tournament``, ``token`` and
``session`` (create, list; revoke a token).
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

import click

from scorer.record import split_players

from ..inputs import parse_option_flags
from .database import db_option, find_tournament, open_store, tournament_or_fail

if TYPE_CHECKING:
    from records.store import Store


def clean_name_or_fail(value: str, what: str, hint: str) -> str:
    """``value`` cleaned as every name is (:func:`records.names.clean_name`: NFC, stripped);
    one it refuses is the command's usage error, naming the character, not a traceback."""
    from records.names import clean_name
    from records.service import ServiceError

    try:
        return clean_name(value, what)
    except ServiceError as exc:
        raise click.BadParameter(exc.message, param_hint=hint) from exc


@click.group(short_help="Create and list tournaments.")
def tournament() -> None:
    """Create and list tournaments (the service's top level: sessions and tokens)."""


@tournament.command("create")
@click.argument("name")
@click.option("--private", is_flag=True, help="Reads need a token of the tournament too.")
@db_option
def tournament_create(name: str, private: bool, db: str) -> None:
    """Create tournament NAME; prints its id."""
    name = clean_name_or_fail(name, "tournament name", "NAME")
    if not name:
        raise click.BadParameter("a tournament needs a name", param_hint="NAME")
    store = open_store(db, create=True)
    existing = store.tournament_named(name)
    if existing is not None:
        raise click.ClickException(f"tournament {name!r} exists already (id {existing['id']})")
    tid = store.create_tournament(name, private=private, actor="cli")
    click.echo(tid)
    click.echo(
        f"created {'private' if private else 'public'} tournament {name!r} (id {tid}) in {db}",
        err=True,
    )


@tournament.command("list", short_help="List the tournaments: id, name, privacy, sessions.")
@db_option
def tournament_list(db: str) -> None:
    """The tournaments: id, name, public or private, sessions, created."""
    store = open_store(db)
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


@click.group(short_help="Make, list and revoke director tokens.")
def token() -> None:
    """Director tokens: the bearer tokens that let the API write to one tournament."""


@token.command("create", short_help="Make a director token for a tournament (shown once).")
@click.option(
    "--tournament",
    "name_or_id",
    required=True,
    metavar="NAME_OR_ID",
    help="The tournament, by name or id (see `tarocco tournament list`).",
)
@click.option(
    "--create",
    is_flag=True,
    help="Create the tournament if no tournament has this name (else a new name is refused, "
    "so that a mistyped one does not make a second tournament).",
)
@click.option("--label", default="", help="Who or what the token is for.")
@db_option
def token_create(name_or_id: str, create: bool, label: str, db: str) -> None:
    """A new director token for a tournament, printed once (only its hash is kept)."""
    name_or_id = clean_name_or_fail(name_or_id, "tournament name", "--tournament")
    label = clean_name_or_fail(label, "token label", "--label")
    store = open_store(db, create=create)
    found = find_tournament(store, name_or_id)
    tid = _new_tournament(store, name_or_id.strip(), create) if found is None else found["id"]
    secret = store.create_token(tid, label, actor="cli")
    row = store.token_row(secret)
    assert row is not None, "the token just made is stored and not revoked"
    token_id = row["id"]
    click.echo(secret)
    click.echo(
        f"token {token_id} for tournament {tid}: shown only now, it cannot be shown "
        "again (revoke with `tarocco token revoke "
        f"{token_id}`)",
        err=True,
    )


def _new_tournament(store: Store, name: str, create: bool) -> int:
    """The id of tournament ``name``, made now: only with ``--create``; without it, a usage
    error that names the tournaments whose names are close (a typo, most likely)."""
    if name.isdigit():
        raise click.ClickException(f"no tournament {name} (give a name and --create to make one)")
    if not name:
        raise click.BadParameter("a tournament needs a name", param_hint="--tournament")
    if not create:
        raise click.ClickException(_unknown_tournament(store, name))
    tid = store.create_tournament(name, actor="cli")
    click.echo(f"created tournament {name!r} (id {tid})", err=True)
    return tid


def _unknown_tournament(store: Store, name: str) -> str:
    """Why ``name`` is refused: no such tournament; the close names, if any (difflib's
    ratio of at least 0.6, case aside), else the existing ones; and how to create it."""
    rows = store.tournaments()
    by_key = {row["name"].casefold(): row for row in rows}
    close = difflib.get_close_matches(name.casefold(), list(by_key), n=5)
    shown = [by_key[key] for key in close] if close else rows[:10]
    listed = ", ".join(f"{row['name']!r} (id {row['id']})" for row in shown)
    if close:
        known = f"; close names: {listed}"
    elif rows:
        known = f"; the tournaments: {listed}" + (", ..." if len(rows) > len(shown) else "")
    else:
        known = "; there are no tournaments yet"
    return (
        f"no tournament {name!r}{known}. Give one of them, or add --create to create "
        f"tournament {name!r}."
    )


@token.command("revoke")
@click.argument("token_id", type=int, metavar="ID")
@db_option
def token_revoke(token_id: int, db: str) -> None:
    """Revoke token ID: requests with it are refused from now on."""
    from records.store import NotFound

    store = open_store(db)
    try:
        store.revoke_token(token_id, actor="cli")
    except NotFound as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"token {token_id} revoked")


@token.command("list", short_help="List director tokens by id (never the token).")
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
    store = open_store(db)
    only = tournament_or_fail(store, name_or_id)["id"] if name_or_id is not None else None
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


@click.group(short_help="Open and list sessions (a table sitting).")
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
    store = open_store(db)
    found = tournament_or_fail(store, name_or_id)
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


@session.command("list", short_help="List the sessions and their ids.")
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
    store = open_store(db)
    if name_or_id is not None:
        tournaments = [tournament_or_fail(store, name_or_id)]
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
