"""``tarocco serve``: the web service on gunicorn."""

from __future__ import annotations

import errno
import os
import socket

import click

from .database import check_database_folder, db_option, open_store


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


@click.command(short_help="Run the web service: the pages and the JSON API.")
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
    from ..server import ServeConfig, url_for
    from ..server import serve as run_server

    check_database_folder(db)
    _check_port_free(host, port)
    open_store(db, create=True).close()  # any other bad path is reported here, naming it
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
