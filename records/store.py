"""Storage on SQLite through sqlite-utils.

Tables: tournaments, director tokens (hashed), directors' page logins (hashed ids),
sessions (a table sitting: game, rule options,
players in seat order, and an optional table label, column ``table_name``), hands (a place
in a session) with their revisions (the original text is the source of truth; canonical
text, JSON, status and findings are derived columns beside it), director's rulings (ledger
adjustments), and an append-only audit log.

A session's ledger and its standing are kept by the writes that change them, in the same
transaction (:mod:`records.ledgers`), under the session's ``version``, which triggers raise
on every write touching the session (migration 003).

Every write runs in one ``BEGIN IMMEDIATE`` transaction (:meth:`Store.write`), so concurrent
writers queue on SQLite's lock (with a busy timeout) instead of failing half-way; the database
runs in WAL mode so readers never wait for writers.

>>> store = Store(":memory:")
>>> tid = store.create_tournament("Autumn cup")
>>> token = store.create_token(tid, "main director")
>>> store.tournament_for_token(token) == tid
True
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlite_utils import Database

from . import ledgers
from .notation import Parsed, read
from .packdict import pack_revision, unpack_revision
from .pipeline import check_parsed
from .schemas import dump_record, dump_report

__all__ = [
    "MIGRATIONS",
    "AlreadySubmitted",
    "NotFound",
    "Stale",
    "Store",
    "hash_token",
    "now",
    "pack_revision",
    "replayed_report",
    "token_actor",
    "unpack_revision",
]

BUSY_TIMEOUT_MS = 10_000
PAGE_SIZE = 8192  # bytes a database page of a new file takes


class NotFound(LookupError):
    """No row with that id."""


class Stale(Exception):
    """A conditional write found the row changed since the version it was based on: nothing
    was written (#30.1)."""


class AlreadySubmitted(Exception):
    """A one-time submission key was already used: what it made is ``entity_id``."""

    def __init__(self, entity: str, entity_id: int) -> None:
        super().__init__(f"{entity} {entity_id} was already made with this key")
        self.entity = entity
        self.entity_id = entity_id


def now() -> str:
    """The current UTC time, ISO 8601 to the millisecond (the storage's only clock)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def token_actor(row: dict[str, Any]) -> str:
    """Who a director's token is, as the audit log names the writer: its id and label."""
    return f"token {row['id']} ({row['label']})"


def _row_id(value: object) -> int:
    """A new row's id, as SQLite gives it (``lastrowid``, sqlite-utils' ``last_pk``)."""
    if not isinstance(value, int):
        raise TypeError(f"expected a row id, got {value!r}")
    return value


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# -- schema ------------------------------------------------------------------------------
def _m001_initial(db: Database) -> None:
    """The first schema: tournaments and their director tokens, sessions and their hands,
    the hands' revisions, the directors' rulings and the append-only audit log."""
    _create_tournaments(db)
    _create_sessions(db)
    _create_revisions(db)
    _create_rulings(db)
    _create_audit(db)


def _create_tournaments(db: Database) -> None:
    """Tournaments and their director tokens (only the tokens' hashes)."""
    db.table("tournaments").create(
        {"id": int, "name": str, "private": int, "created_at": str},
        pk="id",
        not_null={"name", "private", "created_at"},
    )
    db.table("tokens").create(
        {
            "id": int,
            "tournament_id": int,
            "token_hash": str,
            "label": str,
            "created_at": str,
            "revoked_at": str,
        },
        pk="id",
        not_null={"tournament_id", "token_hash", "created_at"},
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )
    db.table("tokens").create_index(["token_hash"], unique=True)


def _create_sessions(db: Database) -> None:
    """Sessions (a table sitting) and their hands (a place in a session)."""
    db.table("sessions").create(
        {
            "id": int,
            "tournament_id": int,
            "name": str,
            "game": str,
            "options": str,
            "players": str,
            "created_at": str,
        },
        pk="id",
        not_null={"tournament_id", "game", "options", "players", "created_at"},
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )
    db.table("sessions").create_index(["tournament_id"])
    db.table("hands").create(
        {"id": int, "session_id": int, "position": int, "revision": int, "created_at": str},
        pk="id",
        not_null={"session_id", "position", "revision", "created_at"},
        foreign_keys=[("session_id", "sessions", "id")],
    )
    db.table("hands").create_index(["session_id", "position"], unique=True)


def _create_revisions(db: Database) -> None:
    """A hand's revisions: the original text, the source of truth, and what is derived."""
    db.table("revisions").create(
        {
            "id": int,
            "hand_id": int,
            "session_id": int,
            "number": int,
            "original_text": str,
            "canonical_text": str,
            "record_json": str,
            "content_hash": str,
            "status": str,
            "findings": str,
            "report_json": str,
            "author": str,
            "reason": str,
            "created_at": str,
        },
        pk="id",
        not_null={
            "hand_id",
            "session_id",
            "number",
            "original_text",
            "content_hash",
            "status",
            "findings",
            "report_json",
            "created_at",
        },
        foreign_keys=[("hand_id", "hands", "id"), ("session_id", "sessions", "id")],
    )
    db.table("revisions").create_index(["hand_id", "number"], unique=True)
    db.table("revisions").create_index(["session_id", "content_hash"])
    db.table("revisions").create_index(["status"])


def _create_rulings(db: Database) -> None:
    """The director's rulings (ledger adjustments)."""
    db.table("rulings").create(
        {
            "id": int,
            "session_id": int,
            "hand_id": int,
            "amounts": str,
            "reason": str,
            "author": str,
            "created_at": str,
        },
        pk="id",
        not_null={"session_id", "amounts", "reason", "created_at"},
        foreign_keys=[("session_id", "sessions", "id"), ("hand_id", "hands", "id")],
    )
    db.table("rulings").create_index(["session_id"])


def _create_audit(db: Database) -> None:
    """The audit log, append-only."""
    db.table("audit").create(
        {
            "id": int,
            "at": str,
            "actor": str,
            "action": str,
            "entity": str,
            "entity_id": int,
            "detail": str,
        },
        pk="id",
        not_null={"at", "actor", "action", "entity"},
    )
    db.table("audit").create_index(["entity", "entity_id"])
    # The audit log is append-only: the database itself refuses to change or drop a row.
    db.executescript("""
        CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
        CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    """)


def _m002_session_table(db: Database) -> None:
    """Sessions get an optional table label (issue 4: sessions per table). A nullable column
    added in place: existing sessions keep every value and have no table (NULL)."""
    db.execute("ALTER TABLE sessions ADD COLUMN table_name TEXT")


def _m003_session_results(db: Database) -> None:
    """Ledgers and standings kept up to date instead of recomputed on every read (issue
    #21.7): each session gets a ``version`` that triggers raise on every write touching it
    (a hand, a revision, a ruling, its options or players), and ``session_results`` keeps
    the last computed ledger under the version it was computed at (and the engine code's
    fingerprint). A row whose version or fingerprint differs is never read, so a read after
    a write always recomputes; every worker process shares the table and it survives
    restarts."""
    db.execute("ALTER TABLE sessions ADD COLUMN version INTEGER NOT NULL DEFAULT 0")
    db.table("session_results").create(
        {
            "session_id": int,
            "version": int,
            "engine": str,
            "ledger": str,
            "standing": str,
            "computed_at": str,
        },
        pk="session_id",
        not_null={"version", "engine", "ledger", "standing", "computed_at"},
        foreign_keys=[("session_id", "sessions", "id")],
    )
    bump = "UPDATE sessions SET version = version + 1 WHERE id = {}; END"
    triggers = {
        "revisions_bump": ("AFTER INSERT ON revisions", "NEW.session_id"),
        "hands_bump": ("AFTER UPDATE ON hands", "NEW.session_id"),
        "hands_delete_bump": ("AFTER DELETE ON hands", "OLD.session_id"),
        "rulings_insert_bump": ("AFTER INSERT ON rulings", "NEW.session_id"),
        "rulings_update_bump": ("AFTER UPDATE ON rulings", "NEW.session_id"),
        "rulings_delete_bump": ("AFTER DELETE ON rulings", "OLD.session_id"),
        "sessions_bump": ("AFTER UPDATE OF game, options, players ON sessions", "NEW.id"),
    }
    for name, (when, session) in triggers.items():
        db.execute(f"CREATE TRIGGER {name} {when} BEGIN {bump.format(session)}")


def _m004_logins(db: Database) -> None:
    """Directors' logins on the pages (#21.14): the browser's cookie holds only a random
    login id, whose hash is kept here with the token it was opened with; logging out (or
    revoking the token) ends it, and a copy of the cookie is worth nothing after."""
    db.table("logins").create(
        {"id": int, "token_id": int, "login_hash": str, "created_at": str, "ended_at": str},
        pk="id",
        not_null={"token_id", "login_hash", "created_at"},
        foreign_keys=[("token_id", "tokens", "id")],
    )
    db.table("logins").create_index(["login_hash"], unique=True)
    db.table("logins").create_index(["token_id"])


def _m005_ruling_replaces(db: Database) -> None:
    """Rulings can be withdrawn or amended (issue 23.4) by later entries, never by changing
    or deleting a row: ``kind`` is ``withdrawal`` or ``amendment`` for those (NULL for a
    plain ruling) and ``replaces`` the id of the ruling they withdraw or amend. Existing
    rulings keep every value and stand as before."""
    db.execute("ALTER TABLE rulings ADD COLUMN kind TEXT")
    db.execute("ALTER TABLE rulings ADD COLUMN replaces INTEGER REFERENCES rulings(id)")


def _m006_versions(db: Database) -> None:
    """Versions for changes made at once by several directors (#30.1).

    * ``tournaments.revision`` counts the edits of a tournament (its privacy), so that an
      edit can state the revision it was based on;
    * a session's ``version`` is raised by an edit of its name or table too;
    * a ruling is withdrawn or amended at most once: a unique index on ``replaces`` over
      withdrawals and amendments, so that of two such entries sent at once the database
      takes exactly one. Entries that an earlier release stored twice for one ruling (a
      double click, two directors at once) are kept but marked ``void`` (the first one
      stands; the later ones, and whatever withdrew or amended them, count nowhere), each
      with an audit line saying so;
    * ``submissions`` remembers each page form (and API request with an ``Idempotency-Key``)
      that made something, by its one-time key, in the transaction that made it: a form
      sent twice makes it once."""
    db.execute("ALTER TABLE tournaments ADD COLUMN revision INTEGER NOT NULL DEFAULT 1")
    db.execute(
        "CREATE TRIGGER sessions_edit_bump AFTER UPDATE OF name, table_name ON sessions "
        "BEGIN UPDATE sessions SET version = version + 1 WHERE id = NEW.id; END"
    )
    _void_racing_replacements(db)
    db.execute(
        "CREATE UNIQUE INDEX rulings_replaced_once ON rulings (replaces) "
        "WHERE kind IN ('withdrawal', 'amendment')"
    )
    db.table("submissions").create(
        {"key": str, "entity": str, "entity_id": int, "created_at": str},
        pk="key",
        not_null={"entity", "entity_id", "created_at"},
    )


def _void_racing_replacements(db: Database) -> None:
    """Mark ``void`` every withdrawal or amendment of a ruling that an earlier one already
    replaced, and every entry that replaces a void one (see :func:`_m006_versions`)."""
    rows = list(
        db.query(
            "select id, session_id, replaces from rulings "
            "where kind in ('withdrawal', 'amendment') order by id"
        )
    )
    first: dict[int, int] = {}
    void: set[int] = set()
    for row in rows:
        if row["replaces"] in void or row["replaces"] in first:
            void.add(row["id"])
            reason = (
                f"ruling {row['replaces']} was already replaced by entry "
                f"{first.get(row['replaces'], row['replaces'])}"
            )
            db.execute("update rulings set kind = 'void' where id = ?", [row["id"]])
            detail = {"ruling": row["id"], "why": reason}
            Store.audit(db, "migration 006", "void ruling", "session", row["session_id"], detail)
        else:
            first[row["replaces"]] = row["id"]


def _m007_compact_revisions(db: Database) -> None:
    """Revisions stored compactly (#31.2): the original text, the canonical text and the
    report are kept together in ``packed``, compressed with a preset dictionary
    (:func:`pack_revision`); the record's JSON and the findings, which they give, are no
    longer kept apart. A nice4 hand took some 20 KB, 18 of them these columns; now about
    2.4 KB. The store's reads give the same keys as before (:class:`RevisionRow`)."""
    db.execute("ALTER TABLE revisions ADD COLUMN packed BLOB")
    rows = db.execute("select id, original_text, canonical_text, report_json from revisions")
    while batch := rows.fetchmany(500):
        db.conn.executemany(
            "update revisions set packed = ? where id = ?",
            [
                (pack_revision(text, canonical, report), rid)
                for rid, text, canonical, report in batch
            ],
        )
    for column in PACKED:
        db.execute(f"ALTER TABLE revisions DROP COLUMN {column}")


def _m008_kept_ledgers(db: Database) -> None:
    """Ledgers kept by the writes that change them (#31.1, :mod:`records.ledgers`): each
    revision keeps the facts of its record that the ledger reads (``facts``), the entries of
    each session's hands are kept in ``ledger_rows`` and its end and standing in
    ``session_ledgers``, all brought up to date inside every write. ``session_results``,
    computed by the first read after a write, is dropped. Every hand's current revision is
    verified again here, once, so that no reader pays for it."""
    db.execute("ALTER TABLE revisions ADD COLUMN facts BLOB")
    db.execute("DROP TABLE session_results")
    ledgers.create_tables(db)
    for (session_id,) in db.execute("select id from sessions order by id").fetchall():
        ledgers.refresh_session(db, session_id)


def _m010_ledger_words(db: Database) -> None:
    """The kept ledgers' notes keep how they were made (#33): each entry's template key and
    facts (``said``, JSON), so that a kept ledger is worded in a reader's language; every
    session's ledger is kept again with them."""
    if "said" not in db["ledger_rows"].columns_dict:  # made by 008 since (create_tables)
        db.execute("ALTER TABLE ledger_rows ADD COLUMN said TEXT")
    for (session_id,) in db.execute("select id from sessions order by id").fetchall():
        ledgers.refresh_session(db, session_id)


def _m009_parked_drafts(db: Database) -> None:
    """Hands in progress parked in a session by a director (#34.1): the text entered so far,
    who parked it and when, and a revision that every change moves on (a change names the
    revision it was based on, #30.1). A parked draft is no hand: no ledger reads it."""
    db.table("parked_drafts").create(
        {
            "id": int,
            "session_id": int,
            "text": str,
            "author": str,
            "created_at": str,
            "updated_at": str,
            "revision": int,
        },
        pk="id",
        not_null={"session_id", "text", "author", "created_at", "updated_at", "revision"},
        foreign_keys=[("session_id", "sessions", "id")],
    )
    db.table("parked_drafts").create_index(["session_id"])


class RevisionRow(dict[str, Any]):
    """A revision as the store gives it: its columns, its texts and its ``findings`` (JSON)
    unpacked, and what they give worked out when first asked for: the ``record_json`` (the
    original text read again) and the ``report_json`` (the text replayed under the session's
    ``options``, which never change: the report it gave when stored, #31.4), so that a row
    read only for its verdict or its findings costs no parse. A revision packed before
    #31.4 kept its whole report, and gives its findings from it."""

    options: Mapping[str, str] = {}

    def __missing__(self, key: str) -> Any:
        if key == "findings":
            report = json.loads(self["report_json"])
            value: Any = json.dumps(report["findings"], ensure_ascii=False)
        elif key == "record_json":
            value = _record_json(self["original_text"])
        elif key == "report_json":
            value = replayed_report(self["original_text"], self.options)
        else:
            raise KeyError(key)
        self[key] = value
        return value


def replayed_report(text: str, options: Mapping[str, str]) -> str:
    """The report JSON of a stored record's text, replayed under ``options``: what was
    stored for it, since a stored text is its record's own (its lines from its first tag)."""
    checked = check_parsed(_stored_record(text), options)
    return json.dumps(dump_report(checked.report), ensure_ascii=False)


def _stored_record(text: str) -> Parsed:
    """A stored record's text read again (it was read whole when it was stored)."""
    parsed = read(text)[0]
    if parsed.record is None:  # pragma: no cover - a stored text was read whole when stored
        raise ValueError("a stored record could not be read again")
    return parsed


def _record_json(text: str) -> str:
    """The JSON form of a stored record's text."""
    record = _stored_record(text).record
    assert record is not None
    return json.dumps(dump_record(record), ensure_ascii=False)


@cache
def _insert_sql(table: str, columns: tuple[str, ...]) -> str:
    """The statement that inserts ``columns`` into ``table`` (made once per shape)."""
    names = ", ".join(f"[{name}]" for name in columns)
    return f"insert into [{table}] ({names}) values ({', '.join('?' for _ in columns)})"


def _unpacked(row: dict[str, Any], options: Mapping[str, str] | None = None) -> RevisionRow:
    """A row with a ``packed`` column as :class:`RevisionRow` (the same keys as before
    migration 007); ``options``: its session's, to replay a report left out."""
    out = RevisionRow(row)
    out.options = options or {}
    packed = out.pop("packed", None)
    if packed is not None:
        out["original_text"], out["canonical_text"], kept = unpack_revision(packed)
        if kept is None:
            out["findings"] = "[]"
        elif kept.startswith("["):
            out["findings"] = kept
        else:  # packed before #31.4: the whole report
            out["report_json"] = kept
    return out


PACKED = ("original_text", "canonical_text", "record_json", "findings", "report_json")
"""What a revision held in columns of their own before migration 007."""


def _packed(revision: dict[str, Any]) -> dict[str, Any]:
    """A revision's columns as stored: its texts and report packed, what they give left
    out."""
    row = {key: value for key, value in revision.items() if key not in PACKED}
    row["packed"] = pack_revision(
        revision["original_text"], revision["canonical_text"], revision.get("findings")
    )
    return row


MIGRATIONS: list[tuple[str, Callable[[Database], None]]] = [
    ("001_initial", _m001_initial),
    ("002_session_table", _m002_session_table),
    ("003_session_results", _m003_session_results),
    ("004_logins", _m004_logins),
    ("005_ruling_replaces", _m005_ruling_replaces),
    ("006_versions", _m006_versions),
    ("007_compact_revisions", _m007_compact_revisions),
    ("008_kept_ledgers", _m008_kept_ledgers),
    ("009_parked_drafts", _m009_parked_drafts),
    ("010_ledger_words", _m010_ledger_words),
]
"""Schema changes in order; each runs once, in its own transaction, and is recorded."""


class Store:
    """The repository: one SQLite database, opened on a path (or ``:memory:`` in tests)."""

    def __init__(self, path: str) -> None:
        conn = sqlite3.connect(
            path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        self.db = Database(conn)
        self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        self.db.execute("PRAGMA foreign_keys = ON")
        if path != ":memory:":
            # A new file only (an existing one keeps its pages): a revision of some 2.5 KB
            # packed leaves a third of a 4 KB page empty, of an 8 KB one a tenth.
            self.db.execute(f"PRAGMA page_size = {PAGE_SIZE}")
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")
        # PRAGMA user_version counts the migrations applied: a cheap check on every open.
        if self.db.execute("PRAGMA user_version").fetchone()[0] < len(MIGRATIONS):
            applied = self.migrate()
            if "007_compact_revisions" in applied and path != ":memory:":
                self.db.execute("VACUUM")  # give back the space the old columns held

    def close(self) -> None:
        self.db.close()

    # -- transactions and migrations -----------------------------------------------------
    @contextmanager
    def write(self) -> Iterator[Database]:
        """One write transaction, taken with ``BEGIN IMMEDIATE`` (waits on the busy timeout
        for other writers instead of failing when it upgrades a read lock)."""
        conn = self.db.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        else:
            conn.execute("COMMIT")

    def migrate(self) -> list[str]:
        """Apply the migrations not yet applied; returns their names."""
        applied = []
        with self.write() as db:
            if "_migrations" not in db.table_names():
                db.table("_migrations").create({"name": str, "applied_at": str}, pk="name")
            done = {row["name"] for row in db.table("_migrations").rows}
            for name, migration in MIGRATIONS:
                if name not in done:
                    migration(db)
                    db.table("_migrations").insert({"name": name, "applied_at": now()})
                    applied.append(name)
            db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        return applied

    @staticmethod
    def audit(
        db: Database,
        actor: str,
        action: str,
        entity: str,
        entity_id: int | None,
        detail: dict[str, Any] | None = None,
    ) -> None:
        """Append to the audit log (call inside :meth:`write`)."""
        # Plain SQL: the same row as ``db["audit"].insert(...)`` without sqlite-utils' per-call
        # work, which showed in bulk imports (three inserts a hand).
        db.execute(
            "insert into audit (at, actor, action, entity, entity_id, detail) "
            "values (?, ?, ?, ?, ?, ?)",
            [now(), actor, action, entity, entity_id, json.dumps(detail or {}, ensure_ascii=False)],
        )

    # -- tournaments and tokens ----------------------------------------------------------
    def create_tournament(self, name: str, private: bool = False, actor: str = "cli") -> int:
        with self.write() as db:
            tid = _row_id(
                db.table("tournaments")
                .insert({"name": name, "private": int(private), "created_at": now()})
                .last_pk
            )
            self.audit(db, actor, "create", "tournament", tid, {"name": name})
        return tid

    def tournament(self, tournament_id: int) -> dict[str, Any]:
        return self._get("tournaments", tournament_id)

    def tournaments(self) -> list[dict[str, Any]]:
        return list(self.db.table("tournaments").rows_where(order_by="id"))

    def tournament_named(self, name: str) -> dict[str, Any] | None:
        rows = list(
            self.db.table("tournaments").rows_where("name = ?", [name], order_by="id", limit=1)
        )
        return rows[0] if rows else None

    def set_private(
        self, tournament_id: int, private: bool, actor: str, base: int | None = None
    ) -> int:
        """Make the tournament private or public; its new revision. With ``base``, only if
        its revision is still ``base`` (else :class:`Stale`, nothing written)."""
        with self.write() as db:
            row = self._get("tournaments", tournament_id)
            expected = row["revision"] if base is None else base
            changed = db.execute(
                "update tournaments set private = ?, revision = revision + 1 "
                "where id = ? and revision = ?",
                [int(private), tournament_id, expected],
            ).rowcount
            if changed != 1:
                raise Stale(f"tournament {tournament_id} is no longer at revision {base}")
            self.audit(db, actor, "update", "tournament", tournament_id, {"private": private})
        return expected + 1

    def create_token(
        self,
        tournament_id: int,
        label: str = "",
        actor: str = "cli",
        submission: str | None = None,
    ) -> str:
        """A new director token for a tournament; only its hash is stored, so the returned
        text is the one chance to see it. ``submission``: the one-time key of the form that
        asked for it (:meth:`claim_submission`)."""
        token = "tar_" + secrets.token_urlsafe(24)
        with self.write() as db:
            self._get("tournaments", tournament_id)
            self.claim_submission(db, submission, "token")
            token_id = _row_id(
                db.table("tokens")
                .insert(
                    {
                        "tournament_id": tournament_id,
                        "label": label,
                        "token_hash": hash_token(token),
                        "created_at": now(),
                    }
                )
                .last_pk
            )
            self.audit(db, actor, "create", "token", token_id, {"label": label})
            self.record_submission(db, submission, "token", token_id)
        return token

    def revoke_token(self, token_id: int, actor: str = "cli") -> None:
        """Revoke a token, and end every page login opened with it."""
        with self.write() as db:
            self._get("tokens", token_id)
            db.table("tokens").update(token_id, {"revoked_at": now()})
            db.execute(
                "update logins set ended_at = ? where token_id = ? and ended_at is null",
                [now(), token_id],
            )
            self.audit(db, actor, "revoke", "token", token_id)

    def tokens(self, tournament_id: int | None = None) -> list[dict[str, Any]]:
        """The tokens (of one tournament, or all) in the order made: id, tournament_id, label,
        created_at, revoked_at; never the hash (and the token itself is never kept)."""
        where, values = ("where tournament_id = ?", [tournament_id]) if tournament_id else ("", [])
        return list(
            self.db.query(
                "select id, tournament_id, label, created_at, revoked_at from tokens "
                f"{where} order by id",
                values,
            )
        )

    # -- page logins (the cookie holds a login id, never the token) ---------------------
    def start_login(self, token: str) -> str | None:
        """Open a login for a valid token; the random login id to put in the cookie (only
        its hash is stored), or ``None`` when the token is unknown or revoked."""
        row = self.token_row(token)
        if row is None:
            return None
        login = secrets.token_urlsafe(32)
        with self.write() as db:
            db.table("logins").insert(
                {"token_id": row["id"], "login_hash": hash_token(login), "created_at": now()}
            )
            self.audit(db, token_actor(row), "login", "tournament", row["tournament_id"])
        return login

    def login_token_row(self, login: str) -> dict[str, Any] | None:
        """The token row of an open login (not ended, its token not revoked), else ``None``."""
        rows = list(
            self.db.query(
                "select t.* from logins l join tokens t on t.id = l.token_id "
                "where l.login_hash = ? and l.ended_at is null and t.revoked_at is null",
                [hash_token(login)],
            )
        )
        return rows[0] if rows else None

    def end_login(self, login: str) -> None:
        """End a login (logout): its id opens nothing any more. The audit log says so, once,
        for a login that was open."""
        with self.write() as db:
            rows = list(
                db.query(
                    "select t.* from logins l join tokens t on t.id = l.token_id "
                    "where l.login_hash = ? and l.ended_at is null",
                    [hash_token(login)],
                )
            )
            db.execute(
                "update logins set ended_at = ? where login_hash = ? and ended_at is null",
                [now(), hash_token(login)],
            )
            for row in rows:
                self.audit(db, token_actor(row), "logout", "tournament", row["tournament_id"])

    def token_row(self, token: str) -> dict[str, Any] | None:
        rows = list(
            self.db.query(
                "select * from tokens where token_hash = ? and revoked_at is null",
                [hash_token(token)],
            )
        )
        return rows[0] if rows else None

    def tournament_for_token(self, token: str) -> int | None:
        row = self.token_row(token)
        return row["tournament_id"] if row else None

    # -- sessions ------------------------------------------------------------------------
    def create_session(
        self,
        tournament_id: int,
        game: str,
        players: list[str],
        options: dict[str, str],
        name: str = "",
        actor: str = "cli",
        table: str | None = None,
        submission: str | None = None,
    ) -> int:
        """A new session; ``table`` is the label of the table it sits at (``None``: none
        given), stored as given (the service checks and strips it). ``submission``: the
        one-time key of the form that sent it (:meth:`claim_submission`)."""
        with self.write() as db:
            self._get("tournaments", tournament_id)
            self.claim_submission(db, submission, "session")
            sid = _row_id(
                db.table("sessions")
                .insert(
                    {
                        "tournament_id": tournament_id,
                        "name": name,
                        "game": game,
                        "options": json.dumps(options),
                        "players": json.dumps(players),
                        "created_at": now(),
                        "table_name": table,
                    }
                )
                .last_pk
            )
            detail: dict[str, Any] = {"game": game, "players": players, "options": options}
            if table is not None:
                detail["table"] = table
            self.audit(db, actor, "create", "session", sid, detail)
            self.record_submission(db, submission, "session", sid)
            ledgers.keep_ledger(db, sid)
        return sid

    def session(self, session_id: int) -> dict[str, Any]:
        row = self._get("sessions", session_id)
        return {**row, "options": json.loads(row["options"]), "players": json.loads(row["players"])}

    def sessions(self, tournament_id: int) -> list[dict[str, Any]]:
        rows = self.db.table("sessions").rows_where(
            "tournament_id = ?", [tournament_id], order_by="id"
        )
        return [
            {**r, "options": json.loads(r["options"]), "players": json.loads(r["players"])}
            for r in rows
        ]

    def update_session(
        self,
        session_id: int,
        changes: dict[str, Any],
        actor: str,
        base: int,
    ) -> None:
        """Change a session's ``name`` and/or ``table_name`` if its version is still ``base``
        (else :class:`Stale`, nothing written); its version moves on (migration 006)."""
        columns: dict[str, Any] = {
            key: changes[key] for key in ("name", "table_name") if key in changes
        }
        with self.write() as db:
            self._get("sessions", session_id)
            assignments = ", ".join(f"{column} = ?" for column in columns)
            changed = db.execute(
                f"update sessions set {assignments} where id = ? and version = ?",
                [*columns.values(), session_id, base],
            ).rowcount
            if changed != 1:
                raise Stale(f"session {session_id} is no longer at version {base}")
            self.audit(db, actor, "update", "session", session_id, columns)
            ledgers.restamp(db, session_id)

    # -- drafts parked in a session (#34.1) ------------------------------------------------
    def park_draft(self, session_id: int, text: str, author: str) -> int:
        """Park a hand in progress in a session; its id (revision 1)."""
        with self.write() as db:
            self._get("sessions", session_id)
            at = now()
            row = {"session_id": session_id, "text": text, "author": author}
            table = db.table("parked_drafts")
            draft_id = _row_id(
                table.insert({**row, "created_at": at, "updated_at": at, "revision": 1}).last_pk
            )
            self.audit(db, author, "park", "draft", draft_id, {"session_id": session_id})
        return draft_id

    def parked_draft(self, draft_id: int) -> dict[str, Any]:
        """One parked draft (:class:`NotFound` if there is none)."""
        return self._get("parked_drafts", draft_id)

    def parked_drafts(self, session_ids: list[int]) -> list[dict[str, Any]]:
        """The drafts parked in these sessions, the last changed first."""
        if not session_ids:
            return []
        marks = ", ".join("?" for _ in session_ids)
        return list(
            self.db["parked_drafts"].rows_where(
                f"session_id in ({marks})", session_ids, order_by="updated_at desc, id desc"
            )
        )

    def repark_draft(self, draft_id: int, text: str, author: str, base: int) -> None:
        """Replace a parked draft's text if it is still at revision ``base`` (else
        :class:`Stale`, nothing written); its revision moves on."""
        with self.write() as db:
            self._get("parked_drafts", draft_id)
            changed = db.execute(
                "update parked_drafts set text = ?, author = ?, updated_at = ?, "
                "revision = revision + 1 where id = ? and revision = ?",
                [text, author, now(), draft_id, base],
            ).rowcount
            if changed != 1:
                raise Stale(f"draft {draft_id} is no longer at revision {base}")
            self.audit(db, author, "repark", "draft", draft_id)

    def unpark_draft(self, draft_id: int, actor: str, base: int) -> None:
        """Delete a parked draft if it is still at revision ``base`` (else :class:`Stale`)."""
        with self.write() as db:
            self._get("parked_drafts", draft_id)
            gone = db.execute(
                "delete from parked_drafts where id = ? and revision = ?", [draft_id, base]
            ).rowcount
            if gone != 1:
                raise Stale(f"draft {draft_id} is no longer at revision {base}")
            self.audit(db, actor, "unpark", "draft", draft_id)

    # -- one-time submission keys (a form sent twice makes one thing, #30.1) ----------------
    @staticmethod
    def claim_submission(db: Database, key: str | None, entity: str) -> None:
        """Inside a write: refuse a key already used (:class:`AlreadySubmitted`, naming what
        it made); ``None`` (no key) passes."""
        if key is None:
            return
        row = db.execute(
            "select entity, entity_id from submissions where key = ?", [key]
        ).fetchone()
        if row is not None:
            raise AlreadySubmitted(row[0], row[1])

    @staticmethod
    def record_submission(db: Database, key: str | None, entity: str, entity_id: int) -> None:
        """Inside the write that made ``entity_id``: the key is used (its primary key keeps
        it used once, whatever runs at the same time)."""
        if key is not None:
            db.execute(
                "insert into submissions (key, entity, entity_id, created_at) values (?, ?, ?, ?)",
                [key, entity, entity_id, now()],
            )

    def hand_count(self, session_id: int) -> int:
        """How many hands the session holds (without reading them): its last position, as
        positions run from 1 with no gap (one index probe, not a count)."""
        row = self.db.execute(
            "select coalesce(max(position), 0) from hands where session_id = ?", [session_id]
        ).fetchone()
        return int(row[0])

    # -- hands and revisions -------------------------------------------------------------
    def find_duplicate(self, session_id: int, content_hash: str) -> int | None:
        """The hand of this session whose current revision has this content, if any."""
        # Driven by the (session_id, content_hash) index of revisions: one index probe, not
        # a walk over every hand of the session (a bulk import asks this once per record).
        rows = list(
            self.db.query(
                "select h.id from revisions r join hands h on h.id = r.hand_id "
                "and h.revision = r.number where r.session_id = ? and r.content_hash = ?",
                [session_id, content_hash],
            )
        )
        return rows[0]["id"] if rows else None

    def add_hand(
        self,
        db: Database,
        session_id: int,
        revision: dict[str, Any],
        actor: str,
        position: int | None = None,
    ) -> int:
        """A new hand at the end of the session with its first revision (inside
        :meth:`write`, which then keeps the ledger once for the hands it added:
        :func:`records.ledgers.keep_ledger`). ``position``: the session's next, when the
        caller adding several hands counts them (:meth:`hand_count` plus one, then on)."""
        if position is None:
            position = self.hand_count(session_id) + 1
        hand_id = _row_id(
            db.execute(
                "insert into hands (session_id, position, revision, created_at) "
                "values (?, ?, 1, ?)",
                [session_id, position, now()],
            ).lastrowid
        )
        self._insert(
            db,
            "revisions",
            {
                **_packed(revision),
                "hand_id": hand_id,
                "session_id": session_id,
                "number": 1,
                "created_at": now(),
            },
        )
        self.audit(
            db,
            actor,
            "upload",
            "hand",
            hand_id,
            {
                "session": session_id,
                "position": position,
                "hash": revision["content_hash"],
                "status": revision["status"],
            },
        )
        return hand_id

    def add_revision(self, hand_id: int, revision: dict[str, Any], actor: str, base: int) -> int:
        """A correction: a new current revision; the old ones stay. Only if the hand's
        current revision is still ``base`` (else :class:`Stale`, nothing written): the check
        and the write are one conditional update in one transaction."""
        with self.write() as db:
            hand = self._get("hands", hand_id)
            moved = db.execute(
                "update hands set revision = revision + 1 where id = ? and revision = ?",
                [hand_id, base],
            ).rowcount
            if moved != 1:
                raise Stale(f"hand {hand_id} is no longer at revision {base}")
            number = base + 1
            self._insert(
                db,
                "revisions",
                {
                    **_packed(revision),
                    "hand_id": hand_id,
                    "session_id": hand["session_id"],
                    "number": number,
                    "created_at": now(),
                },
            )
            self.audit(
                db,
                actor,
                "correct",
                "hand",
                hand_id,
                {
                    "revision": number,
                    "reason": revision.get("reason"),
                    "author": revision.get("author"),
                    "status": revision["status"],
                },
            )
            ledgers.keep_ledger(db, hand["session_id"], hand["position"])
        return number

    def hand(self, hand_id: int) -> dict[str, Any]:
        return self._get("hands", hand_id)

    def hands(
        self,
        session_id: int,
        *,
        full: bool = False,
        positions: tuple[int, int] | None = None,
    ) -> list[dict[str, Any]]:
        """The session's hands in order (``positions``: from the first to the last given),
        each with its current revision's verdict; ``full``: its texts and report too (and,
        when asked for, its findings and record JSON: :class:`RevisionRow`)."""
        packed = ", r.packed" if full else ""
        low, high = positions if positions is not None else (1, 2**62)
        rows = self.db.query(
            "select h.id, h.session_id, h.position, h.revision, h.created_at, r.status, "
            f"r.created_at as revised_at, r.content_hash{packed} from hands h join revisions r "
            "on r.hand_id = h.id and r.number = h.revision where h.session_id = ? "
            "and h.position between ? and ? order by h.position",
            [session_id, low, high],
        )
        if not full:
            return list(rows)
        options = self._options(session_id)
        return [_unpacked(row, options) for row in rows]

    def _options(self, session_id: int) -> dict[str, str]:
        """A session's rule options (what a report left out is replayed under)."""
        row = self.db.execute("select options from sessions where id = ?", [session_id]).fetchone()
        return json.loads(row[0]) if row is not None else {}

    def corrections(self, session_id: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Every revision after the first of the session's hands, in hand and revision order,
        each as (the hand's position and id, the revision's verdict, who, why and when)."""
        rows = self.db.query(
            "select h.id, h.position, r.number, r.status, r.author, r.reason, r.created_at "
            "from revisions r join hands h on h.id = r.hand_id where r.session_id = ? "
            "and r.number > 1 order by h.position, r.number",
            [session_id],
        )
        return [({"id": row["id"], "position": row["position"]}, row) for row in rows]

    def revisions(self, hand_id: int) -> list[dict[str, Any]]:
        hand = self._get("hands", hand_id)
        options = self._options(hand["session_id"])
        rows = self.db.table("revisions").rows_where("hand_id = ?", [hand_id], order_by="number")
        return [_unpacked(row, options) for row in rows]

    def current_revision(self, hand_id: int) -> dict[str, Any]:
        hand = self._get("hands", hand_id)
        rows = list(
            self.db.table("revisions").rows_where(
                "hand_id = ? and number = ?", [hand_id, hand["revision"]]
            )
        )
        row = _unpacked(rows[0], self._options(hand["session_id"]))
        row["position"] = hand["position"]
        return row

    # -- rulings -------------------------------------------------------------------------
    def add_ruling(
        self,
        session_id: int,
        amounts: dict[str, int],
        reason: str,
        author: str,
        hand_id: int | None,
        actor: str,
        kind: str | None = None,
        replaces: int | None = None,
        submission: str | None = None,
    ) -> int:
        """A director's ruling; or, with ``kind`` ``withdrawal`` or ``amendment`` and the id
        it ``replaces``, a later entry that withdraws or amends one (the service checks
        which may be replaced). A ruling is replaced at most once: a second replacement is
        refused by the database's unique index (:class:`Stale`, nothing written), so of two
        sent at once exactly one is stored. ``submission``: the one-time key of the form
        that sent it (:meth:`claim_submission`)."""
        with self.write() as db:
            self._get("sessions", session_id)
            self.claim_submission(db, submission, "ruling")
            try:
                rid = _row_id(
                    db.table("rulings")
                    .insert(
                        {
                            "session_id": session_id,
                            "hand_id": hand_id,
                            "amounts": json.dumps(amounts),
                            "reason": reason,
                            "author": author,
                            "created_at": now(),
                            # only on a withdrawal or amendment (migration 005's columns)
                            **({"kind": kind, "replaces": replaces} if kind else {}),
                        }
                    )
                    .last_pk
                )
            except sqlite3.IntegrityError as exc:
                if replaces is None:
                    raise
                raise Stale(f"ruling {replaces} was already withdrawn or amended") from exc
            self.record_submission(db, submission, "ruling", rid)
            detail: dict[str, Any] = {
                "ruling": rid,
                "hand": hand_id,
                "amounts": amounts,
                "reason": reason,
            }
            if replaces is not None:
                detail["replaces"] = replaces
            actions = {"withdrawal": "withdraw ruling", "amendment": "amend ruling"}
            self.audit(db, actor, actions.get(kind or "", "ruling"), "session", session_id, detail)
            after = self._get("hands", hand_id)["position"] if hand_id is not None else 2**31
            ledgers.keep_ledger(db, session_id, after)
        return rid

    # -- computed results, kept per session version (issue #21.7) ---------------------------
    def session_version(self, session_id: int) -> int:
        """How many writes have touched the session (raised by triggers, migration 003)."""
        row = self.db.execute("select version from sessions where id = ?", [session_id]).fetchone()
        if row is None:
            raise NotFound(f"no session {session_id}")
        return int(row[0])

    def tournament_version(self, tournament_id: int) -> tuple[int, int]:
        """How many sessions the tournament has and the sum of their versions: both only
        grow, and one of them grows with every write to a hand, revision, ruling or session
        of the tournament (the triggers of migration 003), so the pair changes exactly when
        its standings or attention list may have."""
        row = self.db.execute(
            "select count(*), coalesce(sum(version), 0) from sessions where tournament_id = ?",
            [tournament_id],
        ).fetchone()
        return int(row[0]), int(row[1])

    def tournament_hand_rows(self, tournament_id: int) -> list[dict[str, Any]]:
        """Each hand of the tournament's sessions with its current status, without its texts
        (the tournament page's counts and the hands needing a director, at any size)."""
        return list(
            self.db.query(
                "select h.id as hand_id, h.session_id, h.position, r.status from hands h "
                "join sessions s on s.id = h.session_id join revisions r on r.hand_id = h.id "
                "and r.number = h.revision where s.tournament_id = ? "
                "order by h.session_id, h.position",
                [tournament_id],
            )
        )

    def attention_revisions(
        self, tournament_id: int, statuses: tuple[str, ...]
    ) -> list[dict[str, Any]]:
        """The revisions that decide the tournament's attention list: every revision whose
        status is one of ``statuses`` (it needed a director), and each hand's current one,
        in session, position and revision order. A revision's findings come only with the
        wanted statuses (a clean current revision's are not needed)."""
        marks = ", ".join("?" for _ in statuses)
        rows = self.db.query(
            "select h.id as hand_id, h.session_id, h.position, h.revision as current, "
            f"r.number, r.status, case when r.status in ({marks}) then r.packed end "
            "as packed, s.options, r.author, r.reason, r.created_at from hands h "
            "join sessions s on s.id = h.session_id join revisions r on r.hand_id = h.id "
            f"where s.tournament_id = ? and (r.number = h.revision or r.status in ({marks})) "
            "order by h.session_id, h.position, r.number",
            [*statuses, tournament_id, *statuses],
        )
        out = []
        for row in rows:
            packed, options = row.pop("packed"), json.loads(row.pop("options"))
            row["findings"] = _unpacked({"packed": packed}, options)["findings"] if packed else None
            out.append(row)
        return out

    def tournament_rulings(self, tournament_id: int) -> list[dict[str, Any]]:
        """The tournament's rulings, withdrawals and amendments, oldest first, without their
        amounts (the attention list asks which stand and which hands they name)."""
        return list(
            self.db.query(
                "select r.id, r.session_id, r.hand_id, r.reason, r.author, r.created_at, "
                "r.kind, r.replaces from rulings r join sessions s on s.id = r.session_id "
                "where s.tournament_id = ? order by r.id",
                [tournament_id],
            )
        )

    def rulings(self, session_id: int) -> list[dict[str, Any]]:
        rows = self.db.table("rulings").rows_where("session_id = ?", [session_id], order_by="id")
        return [{**r, "amounts": json.loads(r["amounts"])} for r in rows]

    def audit_log(
        self, entity: str | None = None, entity_id: int | None = None, limit: int | None = 1000
    ) -> list[dict[str, Any]]:
        where: list[str] = []
        args: list[object] = []
        if entity is not None:
            where.append("entity = ?")
            args.append(entity)
        if entity_id is not None:
            where.append("entity_id = ?")
            args.append(entity_id)
        rows = self.db.table("audit").rows_where(
            " and ".join(where) or None, args, order_by="id", limit=limit
        )
        return [{**r, "detail": json.loads(r["detail"])} for r in rows]

    def tournament_audit(
        self, tournament_id: int, offset: int = 0, limit: int = 1000
    ) -> list[dict[str, Any]]:
        """The audit log of a tournament, its sessions and their hands, oldest first, from
        entry ``offset`` on, at most ``limit`` entries: one query, whatever the log's size."""
        rows = self.db.query(
            "select * from audit where (entity = 'tournament' and entity_id = :t) or "
            "(entity = 'session' and entity_id in (select id from sessions "
            "where tournament_id = :t)) or (entity = 'hand' and entity_id in (select h.id "
            "from hands h join sessions s on s.id = h.session_id where s.tournament_id = :t)) "
            "order by id limit :limit offset :offset",
            {"t": tournament_id, "limit": limit, "offset": offset},
        )
        return [{**r, "detail": json.loads(r["detail"])} for r in rows]

    def session_audit(self, session_id: int, limit: int = 3) -> list[dict[str, Any]]:
        """The latest audit entries about a session and its hands, newest first."""
        rows = self.db.query(
            "select * from audit where (entity = 'session' and entity_id = ?) or "
            "(entity = 'hand' and entity_id in (select id from hands where session_id = ?)) "
            "order by id desc limit ?",
            [session_id, session_id, limit],
        )
        return [{**r, "detail": json.loads(r["detail"])} for r in rows]

    # -- helpers -------------------------------------------------------------------------
    @staticmethod
    def _insert(db: Database, table: str, row: dict[str, Any]) -> int:
        """``db[table].insert(row)`` in plain SQL (the columns are the code's own names)."""
        return _row_id(db.execute(_insert_sql(table, tuple(row)), list(row.values())).lastrowid)

    def _get(self, table: str, row_id: int) -> dict[str, Any]:
        if not -(2**63) <= row_id < 2**63:  # no SQLite INTEGER (it would raise OverflowError)
            raise NotFound(f"no {table[:-1]} {row_id}")
        rows = list(self.db[table].rows_where("id = ?", [row_id]))
        if not rows:
            raise NotFound(f"no {table[:-1]} {row_id}")
        return rows[0]
