"""Is the database whole, and does what it stores agree with a replay of its texts?

:func:`check_database` answers for a database file (``tarocco check``, and a backup before it
is trusted): SQLite's own checks (``PRAGMA integrity_check``, ``PRAGMA foreign_key_check``),
the migrations, each hand's rows (its revisions numbered 1 to the current one, in its
session), then, per session, a full replay of every current revision's text
(:func:`records.service.compute_ledger`) compared with what is stored:

* each current revision's stored verdict (the ``status`` column, which the hand's page, the
  API and the attention list show) with its verdict in the replay, and with the stored
  report's;
* the ledger its writes kept (:mod:`records.ledgers`: the rows of its hands, its end, its
  standing), when it is the one the service would serve: kept at the session's current
  ``version`` by this engine code (:data:`records.ledgers.ENGINE_FINGERPRINT`). A ledger
  kept by other code is never served (reads replay until the server's start refreshes it),
  so it is counted as out of date, not as a problem; one kept by this code at another
  version is a problem (a write that did not keep it).

A stored verdict is written when the hand is stored, by the engine of that day, and no
fingerprint of that engine is kept with it. So a verdict that differs from the replay's means
either damage or a release whose rules judge the record differently; both are reported,
because the service then shows a verdict its own ledger does not use (a correction stores
the record again under the current rules).

Each check gives :class:`Problem` values, so a caller can compare another kept result (an
incremental ledger, say) with a full replay the same way (:func:`compare_ledgers`).
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorer.ledger import Ledger

from .ledgers import ENGINE_FINGERPRINT, kept_ledger, kept_standing, ledger_to_json, standing_of
from .service import compute_ledger
from .store import MIGRATIONS, Store, unpack_revision

__all__ = [
    "CheckResult",
    "Problem",
    "check_database",
    "check_hands",
    "check_schema",
    "check_session",
    "compare_ledgers",
]


@dataclass(frozen=True)
class Problem:
    """One thing wrong: what kind (``integrity``, ``foreign-key``, ``migration``, ``hand``,
    ``verdict``, ``ledger``, ``standing``, ``replay``), where (a session, a hand) and what."""

    kind: str
    message: str
    session_id: int | None = None
    hand_id: int | None = None

    def __str__(self) -> str:
        where = [f"session {self.session_id}"] if self.session_id is not None else []
        where += [f"hand {self.hand_id}"] if self.hand_id is not None else []
        return f"{', '.join(where) or 'database'}: {self.kind}: {self.message}"


@dataclass
class CheckResult:
    """What :func:`check_database` found, and how much it looked at."""

    problems: list[Problem] = field(default_factory=list)
    sessions: int = 0
    hands: int = 0
    kept_compared: int = 0  # kept ledgers that would be served, compared with the replay
    kept_out_of_date: int = 0  # kept at an older version or by other code: never served

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        verdict = "ok" if self.ok else f"{len(self.problems)} problem(s)"
        return (
            f"{verdict}: {self.sessions} sessions and {self.hands} hands replayed, "
            f"{self.kept_compared} kept ledgers compared, {self.kept_out_of_date} out of date "
            "(never served)"
        )


# -- the file ----------------------------------------------------------------------------
def check_schema(conn: sqlite3.Connection) -> list[Problem]:
    """SQLite's integrity and foreign-key checks, and the migrations: every one of this code
    applied, none unknown to it."""
    problems = [
        Problem("integrity", row[0])
        for row in conn.execute("PRAGMA integrity_check")
        if row[0] != "ok"
    ]
    for table, rowid, parent, _key in conn.execute("PRAGMA foreign_key_check"):
        problems.append(
            Problem("foreign-key", f"{table} row {rowid} names a {parent} row that is not there")
        )
    tables = {row[0] for row in conn.execute("select name from sqlite_master where type='table'")}
    done = (
        {row[0] for row in conn.execute("select name from _migrations")}
        if "_migrations" in tables
        else set()
    )
    known = [name for name, _migration in MIGRATIONS]
    problems += [
        Problem("migration", f"{name} is not applied") for name in known if name not in done
    ]
    problems += [
        Problem("migration", f"{name} is unknown to this tarocco (a newer release?)")
        for name in sorted(done - set(known))
    ]
    return problems


def check_database(path: str) -> CheckResult:
    """Check the database file at ``path`` (see the module's text); nothing stored in it is
    changed. The sessions are checked only when the schema is this code's (the store would
    otherwise migrate it first)."""
    if not Path(path).is_file():
        raise FileNotFoundError(f"no database at {path}")
    with closing(sqlite3.connect(path)) as conn:  # only read (see records.backup._copy)
        result = CheckResult(check_schema(conn))
    if any(problem.kind == "migration" for problem in result.problems):
        return result
    store = Store(path)
    try:
        for session_id in [row[0] for row in store.db.execute("select id from sessions")]:
            with _snapshot(store):
                result.problems += check_session(store, session_id, result)
    finally:
        store.close()
    return result


@contextmanager
def _snapshot(store: Store) -> Iterator[None]:
    """One read transaction: every query inside sees the same committed state (WAL), even
    while the service writes."""
    store.db.execute("BEGIN")
    try:
        yield
    finally:
        store.db.execute("ROLLBACK")


# -- a session ---------------------------------------------------------------------------
def check_hands(store: Store, session_id: int) -> list[Problem]:
    """The session's hands as rows: positions 1 to n, each hand's revisions numbered 1 to
    its current one and in its session, the stored report agreeing with its own columns."""
    problems = []
    hands = list(
        store.db.query(
            "select id, position, revision from hands where session_id = ? order by position",
            [session_id],
        )
    )
    for expected, hand in enumerate(hands, start=1):
        if hand["position"] != expected:
            problems.append(
                Problem(
                    "hand",
                    f"at position {hand['position']}, expected {expected}",
                    session_id,
                    hand["id"],
                )
            )
        problems += _revision_rows(store, session_id, hand)
    return problems


def _revision_rows(store: Store, session_id: int, hand: dict[str, Any]) -> list[Problem]:
    rows = list(
        store.db.query(
            "select number, session_id, status, packed from revisions "
            "where hand_id = ? order by number",
            [hand["id"]],
        )
    )
    numbers = [row["number"] for row in rows]
    problems = []
    if numbers != list(range(1, hand["revision"] + 1)):
        problems.append(
            Problem(
                "hand", f"revisions {numbers}, current {hand['revision']}", session_id, hand["id"]
            )
        )
    for row in rows:
        message = _revision_row_fault(row, session_id)
        if message:
            problems.append(
                Problem("hand", f"revision {row['number']}: {message}", session_id, hand["id"])
            )
    return problems


def _revision_row_fault(row: dict[str, Any], session_id: int) -> str | None:
    """What is wrong with one stored revision's columns among themselves, if anything."""
    if row["session_id"] != session_id:
        return f"stored in session {row['session_id']}"
    try:
        _original, _canonical, kept = unpack_revision(row["packed"])
        report = json.loads(kept) if kept is not None else []
    except (TypeError, ValueError, zlib.error) as exc:
        return f"its stored report cannot be read ({exc})"
    if isinstance(report, list):  # its findings only (#31.4): the verdict is replayed
        return None
    if not isinstance(report, dict) or report.get("status") != row["status"]:
        status = report.get("status") if isinstance(report, dict) else None
        return f"its verdict is {row['status']!r} but its stored report says {status!r}"
    if not isinstance(report.get("findings"), list):
        return "its stored report holds no findings"
    return None


def check_session(
    store: Store, session_id: int, result: CheckResult | None = None
) -> list[Problem]:
    """Every check of one session: its rows (:func:`check_hands`), then a full replay of its
    texts against each stored verdict and the kept ledger and standing. ``result``, if given,
    counts what was looked at."""
    result = result if result is not None else CheckResult()
    problems = check_hands(store, session_id)
    session = store.session(session_id)
    hands = store.hands(session_id)
    try:
        ledger = compute_ledger(store, session)
    except Exception as exc:  # a text the engine cannot replay: damage, reported, not raised
        return [*problems, Problem("replay", f"the replay fails: {exc!r}", session_id)]
    result.sessions += 1
    result.hands += len(hands)
    problems += _verdicts(
        session_id, hands, [row.status for row in ledger.rows if row.status is not None]
    )
    return problems + _kept_problems(store, session_id, ledger, result)


def _kept_problems(
    store: Store, session_id: int, ledger: Ledger, result: CheckResult
) -> list[Problem]:
    """The kept ledger and standing of a session against its replayed ``ledger``."""
    row = store.db.execute(
        "select k.engine, k.version = s.version from session_ledgers k join sessions s "
        "on s.id = k.session_id where k.session_id = ?",
        [session_id],
    ).fetchone()
    if row is None or row[0] != ENGINE_FINGERPRINT:
        result.kept_out_of_date += 1
        return []
    if not row[1]:
        return [
            Problem(
                "ledger",
                "the kept ledger is behind its session (a write that did not keep it: reads "
                "replay the session until the server's next start refreshes it)",
                session_id,
            )
        ]
    result.kept_compared += 1
    try:
        kept = kept_ledger(store.db, session_id)
    except (ValueError, KeyError, TypeError) as exc:
        return [Problem("ledger", f"the kept ledger cannot be read: {exc!r}", session_id)]
    problems = [
        Problem("ledger", m, session_id)
        for m in compare_ledgers(ledger_to_json(kept) if kept else "", ledger_to_json(ledger))
    ]
    if kept_standing(store.db, session_id) != json.loads(json.dumps(standing_of(ledger))):
        problems.append(
            Problem("standing", "the kept standing differs from the replay's", session_id)
        )
    return problems


def _verdicts(
    session_id: int, hands: list[dict[str, Any]], replayed: Iterable[Any]
) -> list[Problem]:
    """Each hand's stored verdict against its verdict in the replay, in order."""
    statuses = [status.value for status in replayed]
    if len(statuses) != len(hands):
        return [
            Problem("replay", f"{len(hands)} hands stored, {len(statuses)} replayed", session_id)
        ]
    return [
        Problem(
            "verdict",
            f"hand {hand['position']} is stored {hand['status']!r}, a replay of its text gives "
            f"{status!r} (damage, or rules that changed since it was stored)",
            session_id,
            hand["id"],
        )
        for hand, status in zip(hands, statuses, strict=True)
        if hand["status"] != status
    ]


# -- ledgers -----------------------------------------------------------------------------
def _loads(text: str | None) -> Any:
    try:
        return json.loads(text or "")
    except ValueError:
        return None


def _brief(row: Any) -> str:
    """A ledger row of :func:`records.ledgers.ledger_to_json` in words: its status, amounts
    and balances (a row that is not one, as it is)."""
    if isinstance(row, list) and len(row) in (7, 9):  # 9: with its note's template, facts
        return f"{row[1] or 'ruling'} amounts {row[2]} balances {row[3]}"
    return repr(row)


def compare_ledgers(stored: str, replayed: str) -> list[str]:
    """How a stored ledger differs from a replayed one, both as
    :func:`records.ledgers.ledger_to_json` writes them: one sentence per differing part (the
    first differing row, with its hand), none when they are equal."""
    old, new = _loads(stored), _loads(replayed)
    if not isinstance(old, dict) or not isinstance(new, dict):
        return ["the kept ledger cannot be read"]
    differences = []
    old_rows, new_rows = old.get("rows", []), new.get("rows", [])
    if len(old_rows) != len(new_rows):
        differences.append(f"{len(old_rows)} rows kept, {len(new_rows)} replayed")
    for index, (kept_row, row) in enumerate(zip(old_rows, new_rows, strict=False), start=1):
        if kept_row != row:
            differences.append(
                f"row {index} (hand {row[0]}) differs: kept {_brief(kept_row)}, "
                f"replayed {_brief(row)}"
            )
            break
    differences += [
        f"its {part} differs from the replay's"
        for part in sorted(set(old) | set(new))
        if part != "rows" and old.get(part) != new.get(part)
    ]
    return differences
