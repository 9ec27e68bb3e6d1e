"""Heavy work bounded (issue #30.2): what an audit or a session's what-if costs, priced
before any of it is done, and its results kept by content.

**The unit: a trick line replayed.** Every dispute tool replays the record through its
engine, and a replay's work grows with the record's trick lines (a repair candidate copies
the record and replays it up to its first error). An audit of ``R`` records costs, per
record of ``T`` trick lines: ``T`` for its verdict, ``T`` for the claims, ``T`` per other
value of each rule option (what-if), and ``T`` per replay of the repair search (at most
:func:`scorer.disputes.repair.replays_at_most`, never more than 20,000). A session's what-if
replays every hand once as applied and once per other option value. On this project's
machines a trick line replayed costs 20 µs or less (a 19-trick Nice record verifies in
0.4 ms), so :data:`ANONYMOUS_BUDGET` is about a second of work and
:data:`DIRECTOR_BUDGET` under a minute.

**The budget.** What every tool must do whatever happens (the verdicts, claims, what-if) is
refused up front when it alone passes the budget: 422 ``OVER_BUDGET``, with the cost, the
limit and the ways past it. The repair search is what grows without bound (a record of 1,000
trick lines has millions of candidate swaps), so it gets what remains, shared equally among
the records, and each record's ``repair_search`` says when it was cut short.

**Kept results** (:class:`KeptWork`): a result is kept in the process under a digest of
everything it depends on (the text, options, tools, limit and budget of an audit; the
session and its ``version`` for a what-if, which SQLite triggers raise on every write to
the session) and :data:`~records.ledgers.ENGINE_FINGERPRINT`; the least recently used go
first past :data:`KEPT_BYTES`. Identical requests at once compute it once: the others wait
for it.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.disputes.repair import REPLAYS
from scorer.games import get_game
from scorer.games.base import Game
from scorer.record import Record

from .ledgers import ENGINE_FINGERPRINT
from .service import ServiceError
from .store import Store

__all__ = [
    "ANONYMOUS_BUDGET",
    "DIRECTOR_BUDGET",
    "KEPT_BYTES",
    "AuditPlan",
    "KeptWork",
    "audit_key",
    "over_budget",
    "plan_audit",
    "price_session_what_if",
    "what_if_cost",
    "what_if_key",
]

ANONYMOUS_BUDGET = 50_000
"""Trick lines replayed per request without a director's credentials (about a second)."""
DIRECTOR_BUDGET = 2_000_000
"""With a director's token or page login: 20 records' whole repair searches fit."""
KEPT_BYTES = 32 * 1024 * 1024
"""Kept results per worker process at most, measured as their JSON."""

_TRICK_LINE = re.compile(r"^[ \t]*\d{1,4}[ \t]*[.)]", re.MULTILINE)  # the reader's trick line


def _other_values(game: Game) -> int:
    """How many alternatives a what-if replays: every other value of each option."""
    return sum(len(option.values) - 1 for option in game.options)


def over_budget(what: str, cost: int, budget: int) -> ServiceError:
    """The 422 for work over the budget: its cost, the limit, and the ways past it."""
    raised = (
        f"; a director's token (or page login) raises the limit to {DIRECTOR_BUDGET:,}"
        if budget < DIRECTOR_BUDGET
        else ""
    )
    return ServiceError(
        422,
        "OVER_BUDGET",
        f"{what} replays {cost:,} trick lines (records x replays x trick lines), over the "
        f"limit of {budget:,} for one request{raised}; or run `tarocco audit` on your own "
        "machine, which has no limit",
    )


@dataclass(frozen=True)
class AuditPlan:
    """An audit priced: the trick lines its fixed part replays, and each record's share of
    the rest as repair replays."""

    fixed: int
    repair_budgets: tuple[int, ...]


def plan_audit(records: Sequence[Record], tools: Sequence[str], budget: int) -> AuditPlan:
    """Price an audit of ``records`` before doing it; :func:`over_budget` when its fixed part
    alone passes ``budget``. The rest is shared equally among the records' repair searches,
    each in replays of its own record (at most a whole search)."""
    lines = [max(1, len(record.tricks)) for record in records]
    fixed = 0
    for record, count in zip(records, lines, strict=True):
        replays = 1 + ("claims" in tools)
        if "what-if" in tools:
            replays += _other_values(get_game(record.game))
        fixed += replays * count
    if fixed > budget:
        raise over_budget(f"this audit of {len(records)} record(s)", fixed, budget)
    share = (budget - fixed) // max(1, len(records))
    repairs = tuple(min(REPLAYS, share // count) if "repair" in tools else 0 for count in lines)
    return AuditPlan(fixed, repairs)


def what_if_cost(store: Store, session: dict[str, Any]) -> int:
    """What a session's what-if replays, from its stored texts without reading them as
    records: every trick line, once as applied and once per other option value."""
    lines = sum(
        len(_TRICK_LINE.findall(row["original_text"]))
        for row in store.hands(session["id"], full=True)
    )
    return lines * (1 + _other_values(get_game(session["game"])))


def price_session_what_if(
    store: Store, session: dict[str, Any], budget: int, cost: int | None = None
) -> int:
    """A session's what-if priced (``cost``: :func:`what_if_cost`, when already known);
    :func:`over_budget` past ``budget``."""
    cost = what_if_cost(store, session) if cost is None else cost
    if cost > budget:
        raise over_budget(f"the what-if of session {session['id']}", cost, budget)
    return cost


def _digest(*parts: Any) -> str:
    text = json.dumps([ENGINE_FINGERPRINT, *parts], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def audit_key(
    text: str, options: dict[str, str], tools: Sequence[str], limit: int, budget: int
) -> str:
    """An audit's key: everything its result depends on (the budget bounds its repairs)."""
    return _digest("audit", text, options, sorted(set(tools)), limit, budget)


def what_if_key(store: Store, session_id: int) -> str:
    """A session's what-if's key: the session at its current version."""
    return _digest("what-if", session_id, store.session_version(session_id))


class KeptWork:
    """Results kept by key in this process, least recently used dropped first past
    ``max_bytes`` (each measured as its JSON); :meth:`compute` computes a missing one once
    however many threads ask for it at the same time."""

    def __init__(self, max_bytes: int = KEPT_BYTES) -> None:
        self.max_bytes = max_bytes
        self.computed = 0  # how many results were computed (the tests count them)
        self._kept: OrderedDict[str, tuple[Any, int]] = OrderedDict()
        self._size = 0
        self._guard = threading.Lock()
        self._computing: dict[str, threading.Lock] = {}

    def get(self, key: str) -> Any | None:
        with self._guard:
            kept = self._kept.get(key)
            if kept is None:
                return None
            self._kept.move_to_end(key)
            return kept[0]

    def compute(self, key: str, work: Callable[[], Any]) -> Any:
        """The kept result, else ``work()``'s, kept; one thread computes, others wait."""
        with self._guard:
            lock = self._computing.setdefault(key, threading.Lock())
        with lock:
            kept = self.get(key)
            if kept is not None:
                return kept
            try:
                result = work()
                self.computed += 1
                self._keep(key, result)
            finally:
                with self._guard:
                    self._computing.pop(key, None)
            return result

    def _keep(self, key: str, result: Any) -> None:
        size = len(json.dumps(result, default=str))
        with self._guard:
            if size > self.max_bytes:
                return
            self._kept[key] = (result, size)
            self._size += size
            while self._size > self.max_bytes:
                _, (_, dropped) = self._kept.popitem(last=False)
                self._size -= dropped

    def clear(self) -> None:
        with self._guard:
            self._kept.clear()
            self._size = 0
