"""Heavy requests (audits, a hand's audit, a session's what-if, and the pages that show them)
bounded per worker process, so that light ones (the rules, verifying a record, pages,
standings) always find a thread (issue #30.2).

* **Priced first**: each is priced in trick lines replayed before any work
  (:mod:`records.heavy`) against the caller's budget: :data:`~records.heavy.ANONYMOUS_BUDGET`
  without credentials, :data:`~records.heavy.DIRECTOR_BUDGET` with a valid director token
  or page login.
* **Kept**: a result kept for the same content is answered at once, without a slot.
* **Slots**: otherwise it needs one of the process's heavy slots, half its threads (2 of the
  default 4), of which anonymous callers may hold a quarter (1). Past them: ``503`` with
  ``Retry-After`` (:data:`RETRY_AFTER` seconds) and the API's JSON error body (an HTML
  error page for a page), at once rather than queued, so the other threads stay free for
  light requests. Anonymous callers are refused first: they find their slot taken while a
  director still finds one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from records import disputes, service
from records.heavy import (
    ANONYMOUS_BUDGET,
    DIRECTOR_BUDGET,
    KeptWork,
    audit_key,
    plan_audit,
    price_session_what_if,
    what_if_cost,
    what_if_key,
)
from records.service import ServiceError
from scorer.games import OptionError
from scorer.record import Record

from .bodies import has_director_credentials
from .db import get_store

__all__ = [
    "RETRY_AFTER",
    "Busy",
    "HeavySlots",
    "budget",
    "kept_audit",
    "kept_session_what_if",
    "kept_work",
    "register_heavy",
    "run_heavy",
]

RETRY_AFTER = 5
"""Seconds a refused heavy request is told to wait (most heavy requests take less)."""


class Busy(HTTPException):
    """Every heavy slot this caller may use is taken: 503 with ``Retry-After``."""

    code = 503

    def __init__(self, director: bool) -> None:
        busy = (
            _(
                "the service is busy with other audits and what-ifs: try again in %(seconds)s s,"
                " or run `tarocco audit` on your own machine",
                seconds=RETRY_AFTER,
            )
            if director
            else _(
                "the service is busy with other audits and what-ifs for callers without a"
                " director token: try again in %(seconds)s s, or run `tarocco audit` on your"
                " own machine",
                seconds=RETRY_AFTER,
            )
        )
        super().__init__(busy)

    def get_headers(self, *args: Any, **kwargs: Any) -> list[tuple[str, str]]:
        return [*super().get_headers(*args, **kwargs), ("Retry-After", str(RETRY_AFTER))]


class HeavySlots:
    """How many heavy requests this process runs at once: ``total`` of them (half its
    threads), at most ``anonymous`` (a quarter) without credentials. With one thread
    (``--threads 1``) the one slot is the only thread: light requests then wait behind a
    heavy one, so the service runs with 2 or more (4 by default). An identical request that
    arrives while the first computes waits for its result in a slot of its own."""

    def __init__(self, threads: int) -> None:
        self.total = max(1, threads // 2)
        self.anonymous = max(1, threads // 4)
        self.running = {True: 0, False: 0}  # by director or not
        self._guard = threading.Lock()

    def take(self, director: bool) -> bool:
        with self._guard:
            if sum(self.running.values()) >= self.total:
                return False
            if not director and self.running[False] >= self.anonymous:
                return False
            self.running[director] += 1
            return True

    def give_back(self, director: bool) -> None:
        with self._guard:
            self.running[director] -= 1


def heavy_slots() -> HeavySlots:
    """This process's slots, sized on its threads (``WORKER_THREADS``, set by ``serve``)."""
    slots = current_app.extensions.get("tarocco_heavy_slots")
    if slots is None:
        threads = int(current_app.config.get("WORKER_THREADS", 4))
        slots = current_app.extensions.setdefault("tarocco_heavy_slots", HeavySlots(threads))
    assert isinstance(slots, HeavySlots)
    return slots


def kept_work() -> KeptWork:
    """This app's kept results (one app per process in service; one per database, so a
    session's id and version always name the same session)."""
    kept = current_app.extensions.get("tarocco_kept_work")
    if kept is None:
        kept = current_app.extensions.setdefault("tarocco_kept_work", KeptWork())
    assert isinstance(kept, KeptWork)
    return kept


def budget(director: bool) -> int:
    """A request's budget in trick lines replayed, by whether it carries director
    credentials (:func:`web.bodies.has_director_credentials`)."""
    return DIRECTOR_BUDGET if director else ANONYMOUS_BUDGET


def run_heavy(
    key: str,
    work: Callable[[], Any],
    director: bool,
    price: Callable[[], object] | None = None,
) -> Any:
    """The result kept under ``key``; else priced (``price`` raises when over the budget),
    a slot taken (:class:`Busy` when none is free; ``director``: whether the caller carries
    director credentials) and ``work()`` computed and kept."""
    work_kept = kept_work()
    kept = work_kept.get(key)
    if kept is not None:
        return kept
    if price is not None:
        price()
    slots = heavy_slots()
    if not slots.take(director):
        raise Busy(director)
    try:
        return work_kept.compute(key, work)
    finally:
        slots.give_back(director)


def kept_audit(
    records: Sequence[Record], text: str, options: dict[str, str], tools: list[str], limit: int
) -> list[dict[str, Any]]:
    """Each record audited (:func:`records.disputes.audit_record`) within the request's
    budget, each repair search on its share; kept by content."""
    director = has_director_credentials()
    allowed = budget(director)
    plan = plan_audit(records, tools, allowed)

    def work() -> list[dict[str, Any]]:
        try:
            return [
                disputes.audit_record(record, options, tools, limit, replays)
                for record, replays in zip(records, plan.repair_budgets, strict=True)
            ]
        except OptionError as exc:
            raise ServiceError(422, "BAD_OPTION", str(exc)) from exc

    key = audit_key(text, options, tools, limit, allowed)
    return run_heavy(key, work, director)  # type: ignore[no-any-return]


def kept_session_what_if(session: dict[str, Any]) -> dict[str, Any]:
    """The session's what-if (:func:`records.service.session_what_if`) until it changes."""
    store = get_store()
    director = has_director_credentials()
    key = what_if_key(store, session["id"])

    def price() -> None:
        # the cost is kept with the results: a what-if refused again and again (an
        # anonymous caller on a large session) unpacks the session's texts once a version
        cost = kept_work().compute(f"cost:{key}", lambda: what_if_cost(store, session))
        price_session_what_if(store, session, budget(director), cost)

    return run_heavy(  # type: ignore[no-any-return]
        key, lambda: service.session_what_if(store, session["id"]), director, price
    )


def _busy(error: Busy) -> Response:
    if request.path.startswith("/api"):  # the API's error shape (web.errors)
        body = {"code": "BUSY", "status": 503, "message": error.description or "busy"}
        response = jsonify(body)
    else:
        text = render_template(
            "error.html", status=503, title=_("Busy"), message=error.description or _("busy")
        )
        response = Response(text, content_type="text/html; charset=utf-8")
    response.status_code = 503
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def register_heavy(app: Flask) -> None:
    app.register_error_handler(Busy, _busy)
