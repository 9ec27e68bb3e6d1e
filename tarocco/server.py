"""``tarocco serve``: the web service on gunicorn, a production WSGI server, started from
Python (gunicorn's documented custom-application pattern) rather than from a config file.

The database is created (or migrated) once, here in the master process, before any worker
starts, so the first request finds it ready and workers never race to migrate. Workers are
threaded (:class:`~tarocco.worker.WholeRequestWorker`, gunicorn's ``gthread`` with a front
that reads each request whole before a thread takes it): each process serves several
requests at once on threads, which suits a service whose requests mostly wait on SQLite or
parse short texts, and a slow client holds no thread (a request has 10 s for its head and 30 s
in all, or it is answered 408).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gunicorn.app.base import BaseApplication

from records.ledgers import refresh_stale
from records.store import Store
from web import create_app

from .worker import WholeRequestWorker

__all__ = ["ServeConfig", "TaroccoServer", "prepare_database", "serve", "url_for"]


@dataclass(frozen=True)
class ServeConfig:
    host: str = "127.0.0.1"
    port: int = 8000
    db: str = "tarocco.sqlite"
    workers: int = 2
    threads: int = 4
    timeout: int = 30


def url_for(host: str, port: int) -> str:
    """The base URL people type (an IPv6 address goes in brackets)."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}"


def prepare_database(path: str) -> str:
    """Create or migrate the SQLite file, and keep again the ledgers kept by another release
    of the rules (:func:`records.ledgers.refresh_stale`: the work is done here, before the
    first request, not by the first reader); returns its absolute path (workers open it by
    that path whatever their working directory)."""
    absolute = os.path.abspath(path)
    store = Store(absolute)
    try:
        refresh_stale(store.write, store.db)
    finally:
        store.close()
    return absolute


class TaroccoServer(BaseApplication):
    """gunicorn running one ready-made WSGI app with options given as a dict."""

    def __init__(self, app: Any, options: dict[str, Any]) -> None:
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings and value is not None:
                self.cfg.set(key.lower(), value)

    def load(self) -> Any:
        return self.application


def gunicorn_options(
    config: ServeConfig, on_ready: Callable[[], None] | None = None
) -> dict[str, Any]:
    """gunicorn's settings for ``config``; ``on_ready`` runs once the socket is bound."""
    host = config.host.strip("[]")
    bind = f"[{host}]:{config.port}" if ":" in host else f"{host}:{config.port}"
    return {
        "bind": [bind],
        "workers": config.workers,
        "worker_class": WholeRequestWorker,
        "threads": config.threads,
        "timeout": config.timeout,
        "graceful_timeout": 10,
        "keepalive": 5,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "tarocco",
        "when_ready": (lambda _arbiter: on_ready()) if on_ready else None,
    }


def serve(config: ServeConfig, on_ready: Callable[[], None] | None = None) -> None:
    """Prepare the database, build the app on it and run gunicorn until it is stopped
    (SIGINT or SIGTERM shut it down gracefully); ``on_ready`` runs once it listens."""
    database = prepare_database(config.db)
    # the heavy requests' slots are sized on the threads (web.heavy)
    app = create_app({"DATABASE": database, "WORKER_THREADS": config.threads})
    TaroccoServer(app, gunicorn_options(config, on_ready)).run()
