"""Session ledgers kept by the writes that change them (#31.1): no read replays a session.

A session's ledger is a fold over its hands (:class:`scorer.ledger.LedgerFold`). It is kept
in the database and brought up to date by every write that changes it, inside that write's
transaction (:func:`keep_ledger`), so that a read never does the work a write caused:

* each stored revision keeps the :class:`~records.streaming.Facts` of its record (some 300
  bytes: what the ledger reads of a record and its report), worked out when it is verified
  at upload: the ledger is folded from facts, never from a replay;
* ``ledger_rows`` keeps the entries of the hands, in order, each hand's with the findings of
  the deal's rotation (G-6) and followed by the director's rulings after it; a write folds
  again from the first hand it changes, starting from the balances and abeyance (NICE-17)
  of the entry before it: a new hand at the end costs that hand; a correction, a restore or
  a ruling on hand ``k`` folds the hands from ``k`` on (their balances move);
* ``session_ledgers`` keeps the session's end (the rulings on no hand, the payments and
  findings of the game's session rules, its summary and results) and its standing, under
  the session's ``version`` (raised by triggers on every write that touches the session,
  migration 003) and :data:`ENGINE_FINGERPRINT`.

The end is worked out on every write. In nice4 and nice3 it reads only the final balances.
The games with session rules that span hands read the facts of every hand for it (never a
replay): Minchiate's giri and sets (MIN-16), pinch's games to a number of points (PINCH-8),
Piedicavallo's four-deal game (PIE-7, which also leaves hands after the game's end out of
every balance), and piemonte3's one unit per session (PIE3-2) with its summary.

A read finds the kept ledger when its version and fingerprint are the session's and the
code's; otherwise (another release of the rules, until :func:`refresh_stale` has run: the
server runs it at start) it replays the session without keeping anything. Invariant: the
kept ledger equals the ledger a full replay gives (``tests/test_ledger_invariant.py``,
``tarocco check``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import Any, overload

from sqlite_utils import Database

import scorer
from scorer.findings import Finding, Severity
from scorer.games import GAMES
from scorer.ledger import Adjustment, Ledger, LedgerFold, LedgerRow
from scorer.messages import Said
from scorer.record import Record
from scorer.report import Report, Status
from scorer.results import GameResult

from .findingjson import finding_from_json, finding_to_json
from .notation import read
from .packdict import pack_revision, unpack_revision
from .pipeline import check_parsed
from .schemas import dump_findings, result_json
from .streaming import Facts, StandIns, pack_facts, slim, unpack_facts

__all__ = [
    "ENGINE_FINGERPRINT",
    "VOID",
    "attention_finding",
    "create_tables",
    "engine_fingerprint",
    "findings_if_appended",
    "hand_facts",
    "keep_ledger",
    "kept_ledger",
    "kept_standing",
    "ledger_from_json",
    "ledger_to_json",
    "refresh_session",
    "refresh_stale",
    "replaced_rulings",
    "restamp",
    "ruling_counts",
    "stale_sessions",
    "standing_of",
]


@cache
def engine_fingerprint() -> str:
    """A digest of the source of ``scorer`` and ``records`` (the rules, the reader, the
    ledger): results computed by other code are not reused."""
    digest = hashlib.sha256()
    for package in (Path(scorer.__file__).parent, Path(__file__).parent):
        for path in sorted(package.rglob("*.py")):
            digest.update(path.relative_to(package.parent).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


ENGINE_FINGERPRINT = engine_fingerprint()


# -- the ledger as JSON and back ----------------------------------------------------------
def _result_from_json(data: dict[str, Any]) -> GameResult:
    return GameResult(
        data["number"],
        data["text"],
        data["rule"],
        data["finished"],
        tuple(data["winners"]),
        tuple(data["players"]),
    )


def ledger_to_json(ledger: Ledger) -> str:
    """Everything of ``ledger``, as JSON that :func:`ledger_from_json` reads back equal."""
    return json.dumps(
        {
            "game": ledger.game,
            "unit": ledger.unit,
            "players": ledger.players,
            "start": ledger.start,
            "rows": [_row_json(row) for row in ledger.rows],
            "findings": [[hand, finding_to_json(f)] for hand, f in ledger.findings],
            "summary": ledger.summary,
            "summary_said": said_json(ledger.summary),
            "results": [result_json(r) for r in ledger.results],
        },
        ensure_ascii=False,
    )


def ledger_from_json(text: str) -> Ledger:
    data = json.loads(text)
    return Ledger(
        data["game"],
        data["unit"],
        data["players"],
        data["start"],
        [_row_from_json(row) for row in data["rows"]],
        [(hand, finding_from_json(f)) for hand, f in data["findings"]],
        said_from_json(data["summary"], data.get("summary_said")),
        [_result_from_json(r) for r in data["results"]],
    )


def standing_of(ledger: Ledger) -> dict[str, Any]:
    """What the tournament's standings and attention list need of a session, small enough
    to read in bulk: its game and unit, the hands, each player's net result, how its games
    came out, and the session's own findings that need a director (a deal out of turn, G-6;
    #32.11), each with the hand it concerns."""
    hands = sum(1 for row in ledger.rows if row.status is not None)
    return _standing(ledger, hands, ledger.balances, _needing_director(ledger.findings))


def _needing_director(findings: Sequence[tuple[int, Finding]]) -> list[list[Any]]:
    """The session findings a director must see (not the notes), as the standing keeps
    them."""
    return [
        [hand, attention_finding(finding)]
        for hand, finding in findings
        if finding.severity is not Severity.NOTE
    ]


def _standing(
    ledger: Ledger, hands: int, balances: Sequence[int], findings: list[list[Any]]
) -> dict[str, Any]:
    """:func:`standing_of`, given the number of hands, the final balances and the findings
    (:func:`_needing_director`)."""
    return {
        "game": ledger.game,
        "unit": ledger.unit,
        "hands": hands,
        "net": {
            player: balance - ledger.start
            for player, balance in zip(ledger.players, balances, strict=True)
        },
        "results": [result_json(r) for r in ledger.results],
        "findings": findings,
    }


def attention_finding(finding: Finding) -> dict[str, Any]:
    """A finding as the attention list shows why a hand waits: its sentence, code, rule and
    place (the line and column of the hand's own text)."""
    loc = finding.loc
    return {
        "code": finding.code,
        "severity": finding.severity.value,
        "message": finding.message,
        "rule": finding.rule,
        "line": loc.line if loc is not None else None,
        "column": loc.column if loc is not None else None,
        "trick": finding.trick,
    }


# -- the director's rulings that count ----------------------------------------------------
VOID = "void"
"""The kind of a withdrawal or amendment that an earlier release stored after the ruling
had already been replaced (two at once): kept, counted nowhere (migration 006)."""


def replaced_rulings(rulings: Sequence[Mapping[str, Any]]) -> dict[int, int]:
    """The rulings a later entry withdrew or amended: their id, and that entry's."""
    return {
        r["replaces"]: r["id"]
        for r in rulings
        if r.get("replaces") is not None and r.get("kind") != VOID
    }


def ruling_counts(ruling: Mapping[str, Any], replaced: Mapping[int, int]) -> bool:
    """Whether a ruling's amounts count in the ledger now (``replaced``: see
    :func:`replaced_rulings`): a withdrawal never does; an amendment counts in place of the
    ruling it amends until it is itself withdrawn or amended (#23.4)."""
    return (ruling.get("kind") or "ruling") not in ("withdrawal", VOID) and ruling[
        "id"
    ] not in replaced


def _adjustments(db: Database, session_id: int) -> list[Adjustment]:
    """The session's rulings that count, as ledger adjustments after the hand they follow
    (``None``: on no hand, at the end)."""
    rulings = list(
        db.query(
            "select r.id, r.amounts, r.reason, r.kind, r.replaces, h.position from rulings r "
            "left join hands h on h.id = r.hand_id where r.session_id = ? order by r.id",
            [session_id],
        )
    )
    replaced = replaced_rulings(rulings)
    return [
        Adjustment(json.loads(r["amounts"]), r["reason"], r["position"])
        for r in rulings
        if ruling_counts(r, replaced)
    ]


# -- the facts of the hands ---------------------------------------------------------------
def hand_facts(record: Record | None, report: Report) -> bytes:
    """What a stored revision keeps for the ledger: the packed :class:`Facts` of its record
    and report (:func:`records.streaming.pack_facts`)."""
    return pack_facts(slim(record, report))


def _facts(db: Database, session_id: int, low: int, high: int) -> list[Facts]:
    """The facts of the current revisions of the session's hands ``low`` to ``high``."""
    rows = db.execute(
        "select r.facts from hands h join revisions r on r.hand_id = h.id "
        "and r.number = h.revision where h.session_id = ? and h.position between ? and ? "
        "order by h.position",
        [session_id, low, high],
    ).fetchall()
    return [unpack_facts(row[0]) for row in rows]


class _AllFacts(Sequence[Facts]):
    """The facts of every hand of a session, read from the database the first time a game's
    session rule looks at them (nice4's and nice3's rules only count them)."""

    def __init__(self, count: int, load: Callable[[], list[Facts]]) -> None:
        self.size = count
        self.load = load

    @cached_property
    def loaded(self) -> list[Facts]:
        return self.load()

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Facts: ...
    @overload
    def __getitem__(self, index: slice) -> list[Facts]: ...
    def __getitem__(self, index: int | slice) -> Facts | list[Facts]:
        return self.loaded[index]

    def __iter__(self) -> Iterator[Facts]:
        return iter(self.loaded)


# -- keeping the ledger, inside a write -----------------------------------------------------
def create_tables(db: Database) -> None:
    """The tables of the kept ledgers (migration 008; an entry's ``said``, its note's
    template and facts, since 010)."""
    db.execute(
        "CREATE TABLE ledger_rows (session_id INTEGER NOT NULL REFERENCES sessions(id), "
        "seq INTEGER NOT NULL, hand INTEGER NOT NULL, status TEXT, amounts TEXT NOT NULL, "
        "balances TEXT NOT NULL, pot INTEGER NOT NULL, note TEXT NOT NULL, rule TEXT, "
        "findings TEXT, said TEXT, PRIMARY KEY (session_id, seq)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TABLE session_ledgers (session_id INTEGER PRIMARY KEY REFERENCES sessions(id), "
        "version INTEGER NOT NULL, engine TEXT NOT NULL, hands INTEGER NOT NULL, "
        "ending TEXT NOT NULL, standing TEXT NOT NULL, computed_at TEXT NOT NULL)"
    )


def keep_ledger(db: Database, session_id: int, first: int = 1) -> None:
    """Inside a write: bring the session's kept ledger up to date after a change from hand
    ``first`` on (a hand appended there, a correction of it, a ruling after it; past the
    last hand: only the session's end), folding from the entry before it. A ledger kept by
    other code (or none) is kept again whole, its facts worked out again
    (:func:`refresh_session`)."""
    kept = db.execute(
        "select engine, ending from session_ledgers where session_id = ?", [session_id]
    ).fetchone()
    if kept is None or kept[0] != ENGINE_FINGERPRINT:
        refresh_session(db, session_id)
        return
    _fold(db, session_id, first, json.loads(kept[1]).get("hand_findings", []))


def _fold(db: Database, session_id: int, first: int, hand_findings: list[list[Any]]) -> None:
    """Fold the kept ledger again from hand ``first`` (see :func:`keep_ledger`);
    ``hand_findings``: those the kept ledger had on its hands (the deal out of turn, G-6)."""
    game, players, count = _session_table(db, session_id)
    first = max(1, min(first, count + 1))
    adjustments = _adjustments(db, session_id)
    every = _AllFacts(count, lambda: _facts(db, session_id, 1, count))
    new = every.loaded if first == 1 else _facts(db, session_id, first, count)
    names = _names(players, adjustments)
    if any(p not in names for facts in new for p in facts.players):
        first, new = 1, every.loaded  # a name outside the table: the order of all of them
        names = _names(players, adjustments, every.loaded)
    fold = _resumed(db, session_id, game, names, adjustments, first, every)
    fold.hands(
        [f.record() for f in new],
        [f.report() for f in new],
        fold.not_counted(StandIns(every, Facts.record), StandIns(every, Facts.report)),
        first,
        _previous(db, session_id, first),
    )
    _store_rows(db, session_id, fold.ledger)
    hand_findings = [f for f in hand_findings if f[0] < first] if first > 1 else []
    hand_findings += _needing_director(fold.ledger.findings)
    body = (len(fold.ledger.rows), len(fold.ledger.findings))
    fold.close(StandIns(every, Facts.record), StandIns(every, Facts.report))
    _store_ending(db, session_id, fold, count, body, hand_findings)


def _session_table(db: Database, session_id: int) -> tuple[str, list[str], int]:
    """A session's game, its players in seat order and how many hands it holds."""
    game, players = db.execute(
        "select game, players from sessions where id = ?", [session_id]
    ).fetchone()
    count = db.execute(  # the positions are 1 to n: the index's last entry, not a count
        "select coalesce(max(position), 0) from hands where session_id = ?", [session_id]
    ).fetchone()[0]
    return game, json.loads(players), count


def _names(
    players: list[str], adjustments: Sequence[Adjustment], every: Sequence[Facts] = ()
) -> list[str]:
    """The ledger's players as :func:`scorer.ledger.build_ledger` orders them."""
    names = list(players)
    for facts in every:
        names += [p for p in facts.players if p not in names]
    for adjustment in adjustments:
        names += [p for p in adjustment.amounts if p not in names]
    return names


def _resumed(
    db: Database,
    session_id: int,
    game: str,
    names: list[str],
    adjustments: Sequence[Adjustment],
    first: int,
    every: _AllFacts,
) -> LedgerFold:
    """A fold that starts again before hand ``first``: the kept entries from it on are
    dropped, and the balances and abeyance of the entry before it taken up."""
    engine = GAMES.get(game)
    unit = engine.unit if engine is not None else "marca"
    if len(every):
        unit = (every.loaded if first == 1 else _facts(db, session_id, 1, 1))[0].unit
    if first == 1:
        db.execute("delete from ledger_rows where session_id = ?", [session_id])
        return LedgerFold(game, unit, names, adjustments)
    # The rows are in hand order: read back from the end to the last entry before ``first``
    # (one row for a hand appended), and drop the ones after it.
    last = db.execute(
        "select seq, balances, pot from ledger_rows where session_id = ? and hand < ? "
        "order by seq desc limit 1",
        [session_id, first],
    ).fetchone()
    kept = last[0] if last is not None else 0
    db.execute("delete from ledger_rows where session_id = ? and seq > ?", [session_id, kept])
    if last is None:
        return LedgerFold(game, unit, names, adjustments)
    return LedgerFold(game, unit, names, adjustments, json.loads(last[1]), last[2])


def _previous(db: Database, session_id: int, first: int) -> Any:
    """The record and report (stand-ins) of the hand before ``first``, whose dealer the
    rotation of the next deal follows (G-6); ``None`` before the first hand."""
    if first == 1:
        return None
    [facts] = _facts(db, session_id, first - 1, first - 1)
    return facts.record(), facts.report()


def _store_rows(db: Database, session_id: int, ledger: Ledger) -> None:
    """Append the entries of the hands just folded (each hand's with its rotation
    findings) after the kept ones."""
    found: dict[int, list[Any]] = {}
    for hand, finding in ledger.findings:
        found.setdefault(hand, []).append(finding_to_json(finding))
    top = db.execute(
        "select coalesce(max(seq), 0) from ledger_rows where session_id = ?", [session_id]
    ).fetchone()[0]
    db.conn.executemany(
        "insert into ledger_rows (session_id, seq, hand, status, amounts, balances, pot, note, "
        "rule, findings, said) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                session_id,
                top + index,
                row.hand,
                row.status.value if row.status is not None else None,
                _compact(row.amounts),
                _compact(row.balances),
                row.pot,
                row.note,
                row.rule,
                json.dumps(found.pop(row.hand), ensure_ascii=False)
                if row.status is not None and row.hand in found
                else None,
                json.dumps([row.template, dict(row.facts)], ensure_ascii=False)
                if row.template
                else None,
            )
            for index, row in enumerate(ledger.rows, start=1)
        ],
    )


def _compact(numbers: Sequence[int]) -> str:
    return json.dumps(list(numbers), separators=(",", ":"))


def _store_ending(
    db: Database,
    session_id: int,
    fold: LedgerFold,
    hands: int,
    body: tuple[int, int],
    hand_findings: list[list[Any]],
) -> None:
    """Keep the session's end (what :meth:`LedgerFold.close` added after the rows of the
    hands) and its standing, under the session's version as this write leaves it;
    ``hand_findings``: those of the hands' rows a director must see, in the standing with
    the end's own."""
    ledger = fold.ledger
    ending_findings = ledger.findings[body[1] :]
    ending = {
        "players": ledger.players,
        "unit": ledger.unit,
        "rows": [_row_json(row) for row in ledger.rows[body[0] :]],
        "findings": [[hand, finding_to_json(f)] for hand, f in ending_findings],
        "summary": ledger.summary,
        "summary_said": said_json(ledger.summary),
        "results": [result_json(r) for r in ledger.results],
        "hand_findings": hand_findings,
    }
    findings = hand_findings + _needing_director(ending_findings)
    standing = _standing(ledger, hands, fold.balances, findings)
    db.execute(
        "insert or replace into session_ledgers (session_id, version, engine, hands, ending, "
        "standing, computed_at) values (?, (select version from sessions where id = ?), ?, ?, "
        "?, ?, datetime('now'))",
        [
            session_id,
            session_id,
            ENGINE_FINGERPRINT,
            hands,
            json.dumps(ending, ensure_ascii=False),
            json.dumps(standing, ensure_ascii=False),
        ],
    )


def _row_json(row: LedgerRow) -> list[Any]:
    return [
        row.hand,
        row.status.value if row.status is not None else None,
        list(row.amounts),
        list(row.balances),
        row.pot,
        row.note,
        row.rule,
        row.template,
        dict(row.facts),
    ]


def _row_from_json(data: list[Any]) -> LedgerRow:
    """A row as :func:`_row_json` writes it (kept before #33: without its note's template
    and facts)."""
    hand, status, amounts, balances, pot, note, rule, *said = data
    template, facts = said if said else ("", {})
    return LedgerRow(
        hand,
        Status(status) if status is not None else None,
        tuple(amounts),
        tuple(balances),
        pot,
        note,
        rule,
        template,
        facts or {},
    )


def said_json(lines: Sequence[str]) -> list[list[Any]]:
    """How each of ``lines`` (a ledger's summary) was made: its template's key and facts
    (``["", {}]`` for a line no table has), so that it is worded again in a language."""
    return [[line.key, dict(line.facts)] if isinstance(line, Said) else ["", {}] for line in lines]


def said_from_json(lines: Sequence[str], said: Sequence[Sequence[Any]] | None) -> list[str]:
    """``lines`` with how they were made (:func:`said_json`) again; kept before #33: as
    they are."""
    if not said or len(said) != len(lines):
        return list(lines)
    return [Said(line, key, facts) for line, (key, facts) in zip(lines, said, strict=True)]


def restamp(db: Database, session_id: int) -> None:
    """Inside a write that moved the session's version without changing its ledger (its
    name or table): the kept ledger stays the current one."""
    db.execute(
        "update session_ledgers set version = (select version from sessions where id = ?) "
        "where session_id = ? and engine = ?",
        [session_id, session_id, ENGINE_FINGERPRINT],
    )


def findings_if_appended(
    db: Database, session_id: int, new: Sequence[Facts]
) -> dict[int, list[dict[str, Any]]]:
    """What the session's ledger would find about each of the ``new`` records (1 for the
    first) were they stored after its hands, that a director must see (a deal out of turn,
    G-6; #32.11): folded on from the kept ledger's last entry, nothing replayed or
    written."""
    game, players, count = _session_table(db, session_id)
    adjustments = _adjustments(db, session_id)
    every = _AllFacts(count + len(new), lambda: [*_facts(db, session_id, 1, count), *new])
    unit = (_facts(db, session_id, 1, 1) if count else list(new))[0].unit
    last = db.execute(
        "select balances, pot from ledger_rows where session_id = ? order by seq desc limit 1",
        [session_id],
    ).fetchone()
    names = _names(players, adjustments)
    if any(p not in names for facts in new for p in facts.players):
        names = _names(players, adjustments, every.loaded)  # as the whole fold orders them
    fold = LedgerFold(game, unit, names, adjustments)
    if last is not None and len(json.loads(last[0])) == len(names):
        fold = LedgerFold(game, unit, names, adjustments, json.loads(last[0]), last[1])
    everything = (StandIns(every, Facts.record), StandIns(every, Facts.report))
    fold.hands(
        [f.record() for f in new],
        [f.report() for f in new],
        fold.not_counted(*everything),
        count + 1,
        _previous(db, session_id, count + 1),
    )
    fold.close(*everything)
    found: dict[int, list[dict[str, Any]]] = {}
    for hand, finding in _needing_director(fold.ledger.findings):
        if hand > count:
            found.setdefault(hand - count, []).append(finding)
    return found


# -- reading the kept ledger -----------------------------------------------------------------
def _kept_row(db: Database, session_id: int, column: str) -> str | None:
    """The kept ``ending`` or ``standing`` of the session, if kept at its current version
    by this code."""
    row = db.execute(
        f"select k.{column} from session_ledgers k join sessions s on s.id = k.session_id "
        "where k.session_id = ? and k.version = s.version and k.engine = ?",
        [session_id, ENGINE_FINGERPRINT],
    ).fetchone()
    return row[0] if row is not None else None


def kept_standing(db: Database, session_id: int) -> dict[str, Any] | None:
    """The session's :func:`standing_of` as its last write kept it (``None``: not kept for
    its current version by this code)."""
    kept = _kept_row(db, session_id, "standing")
    return json.loads(kept) if kept is not None else None


def kept_ledger(db: Database, session_id: int) -> Ledger | None:
    """The session's ledger as its writes kept it (``None``: not kept for its current
    version by this code): the rows of its hands, then its end."""
    kept = _kept_row(db, session_id, "ending")
    if kept is None:
        return None
    ending = json.loads(kept)
    game = db.execute("select game from sessions where id = ?", [session_id]).fetchone()[0]
    engine = GAMES.get(game)
    rows, findings = [], []
    for row in db.execute(
        "select hand, status, amounts, balances, pot, note, rule, findings, said from ledger_rows "
        "where session_id = ? order by seq",
        [session_id],
    ):
        hand, status, amounts, balances, pot, note, rule, found, said = row
        rows.append(
            _row_from_json(
                [hand, status, json.loads(amounts), json.loads(balances), pot, note, rule]
                + (json.loads(said) if said else [])
            )
        )
        findings += [(hand, finding_from_json(f)) for f in json.loads(found or "[]")]
    return Ledger(
        game,
        ending["unit"],
        ending["players"],
        engine.start_balance if engine is not None else 0,
        rows + [_row_from_json(r) for r in ending["rows"]],
        findings + [(hand, finding_from_json(f)) for hand, f in ending["findings"]],
        said_from_json(ending["summary"], ending.get("summary_said")),
        [_result_from_json(r) for r in ending["results"]],
    )


# -- after a migration or another release of the rules ---------------------------------------
def refresh_session(db: Database, session_id: int) -> None:
    """Inside a write: verify each hand's current revision again (under the session's
    options), keep its facts, verdict and findings (as a write keeps them), and fold the
    whole ledger again."""
    options = json.loads(
        db.execute("select options from sessions where id = ?", [session_id]).fetchone()[0]
    )
    rows = db.execute(
        "select r.id, r.packed from hands h join revisions r on r.hand_id = h.id "
        "and r.number = h.revision where h.session_id = ?",
        [session_id],
    ).fetchall()
    for revision_id, packed in rows:
        original, canonical, _report = unpack_revision(packed)
        parsed = read(original)[0]
        report = check_parsed(parsed, options).report
        kept = json.dumps(dump_findings(report), ensure_ascii=False) if report.findings else None
        db.execute(
            "update revisions set facts = ?, status = ?, packed = ? where id = ?",
            [
                hand_facts(parsed.record, report),
                report.status.value,
                pack_revision(original, canonical, kept),
                revision_id,
            ],
        )
    _fold(db, session_id, 1, [])


def stale_sessions(db: Database) -> list[int]:
    """The sessions whose kept ledger is missing, was kept by other code, or is behind its
    session (a write that did not keep it: a repair by hand in SQL)."""
    return [
        row[0]
        for row in db.execute(
            "select s.id from sessions s left join session_ledgers k on k.session_id = s.id "
            "where k.engine is null or k.engine != ? or k.version != s.version order by s.id",
            [ENGINE_FINGERPRINT],
        )
    ]


def refresh_stale(
    write: Callable[[], Any], db: Database, progress: Callable[[int], None] | None = None
) -> int:
    """Refresh (:func:`refresh_session`) every stale session, each in its own write
    transaction (``write()``: a context manager that opens one); how many were refreshed."""
    stale = stale_sessions(db)
    for session_id in stale:
        with write():
            refresh_session(db, session_id)
        if progress is not None:
            progress(session_id)
    return len(stale)
