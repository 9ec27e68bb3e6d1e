"""One :class:`~records.store.Store` per request, on ``flask.g`` (the Flask tutorial's
pattern), closed when the request ends. An in-memory database is shared for the app's life
(tests only)."""

from __future__ import annotations

from flask import Flask, current_app, g

from records.store import Store


def get_store() -> Store:
    if "store" not in g:
        path = current_app.config["DATABASE"]
        if path == ":memory:":
            store = current_app.extensions.get("tarocco_memory_store")
            if store is None:
                store = current_app.extensions["tarocco_memory_store"] = Store(":memory:")
            g.store = store
        else:
            g.store = Store(path)
    return g.store


def close_store(_exc: BaseException | None = None) -> None:
    store = g.pop("store", None)
    if store is not None and current_app.config["DATABASE"] != ":memory:":
        store.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_store)
