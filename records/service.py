"""What the service does, independent of HTTP: upload and correct hands, rule on a session,
compute ledgers and standings, export. The Flask views and the command line both call these.

Errors are :class:`ServiceError` values with a stable code, an HTTP-style status and, for
records, every finding with its place; the web layer turns them into JSON in one place.
"""

from __future__ import annotations

import difflib
import hashlib
import io
import json
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from typing import Any

from scorer.findings import Severity
from scorer.games import GAMES, OptionError, UnknownGame, get_game
from scorer.ledger import Adjustment, Ledger, build_ledger
from scorer.report import Status

from .csvcells import spreadsheet_writer
from .disputes import payments_beside
from .ledgers import (
    VOID,
    findings_if_appended,
    hand_facts,
    keep_ledger,
    kept_ledger,
    kept_standing,
    replaced_rulings,
    ruling_counts,
    standing_of,
)
from .names import clean_name
from .notation import Parsed, read
from .pipeline import Checked, check_parsed, check_text
from .schemas import LedgerSchema, dump_findings, result_json
from .store import AlreadySubmitted, NotFound, Stale, Store, replayed_report
from .streaming import slim
from .writer import write

__all__ = [
    "NEEDS_CONFIRMATION",
    "VOID",
    "Preview",
    "ServiceError",
    "Standing",
    "StandingsTable",
    "UploadResult",
    "amend_ruling",
    "compare_revisions",
    "content_hash",
    "correct_hand",
    "create_session",
    "findings_of",
    "hand_changes",
    "hand_etag",
    "hand_revisions",
    "is_current_correction",
    "ledger_csv",
    "ledger_csv_lines",
    "needs_director",
    "preview_correction",
    "preview_upload",
    "restore_revision",
    "revision_of",
    "ruling_changes",
    "ruling_etag",
    "ruling_states",
    "session_etag",
    "session_ledger",
    "session_records",
    "session_result",
    "session_ruling",
    "session_rulings",
    "session_what_if",
    "set_privacy",
    "standings",
    "standings_csv",
    "standings_json",
    "table_label",
    "tournament_etag",
    "tournament_version",
    "update_session",
    "upload",
    "upload_parsed",
    "withdraw_ruling",
]

MAX_RECORDS_PER_UPLOAD = 5_000

#: The most a director's ruling moves for one player (#21.2), in the game's unit. No hand of
#: any game pays a player more than a few hundred (pinch's 91 deck points and its melds,
#: Piedicavallo's 114, a few marca in the Nice and Piedmontese games), and an upload holds at
#: most :data:`MAX_RECORDS_PER_UPLOAD` hands: a ruling can undo a whole session's worth,
#: and every balance stays a number that JSON, SQLite and the pages' chart can hold.
MAX_RULING_AMOUNT = 1_000_000


@dataclass
class ServiceError(Exception):
    """A request the service refuses: ``status`` 4xx, a stable ``code``, a message, and the
    findings (with line:column) when a record is at fault."""

    status: int
    code: str
    message: str
    findings: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # more of the body: ``current``

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


# -- versions: what a change was based on (#30.1) ------------------------------------------
def hand_etag(hand: Mapping[str, Any]) -> str:
    """A hand's version as an entity tag: it changes with every new revision."""
    return f"hand-{hand['id']}-r{hand['revision']}"


def ruling_etag(ruling: Mapping[str, Any]) -> str:
    """A ruling's version (:func:`ruling_states` row): it changes once, when the ruling is
    withdrawn or amended."""
    state = "standing" if ruling["replaced_by"] is None else f"replaced-{ruling['replaced_by']}"
    return f"ruling-{ruling['id']}-{state}"


def tournament_etag(tournament: Mapping[str, Any]) -> str:
    return f"tournament-{tournament['id']}-r{tournament['revision']}"


def session_etag(session: Mapping[str, Any]) -> str:
    """A session's version: it changes with every write that touches the session (a hand,
    a revision, a ruling, its name or table; the triggers of migrations 003 and 006)."""
    return f"session-{session['id']}-v{session['version']}"


def _stale(sent: bool, message: str, current: str) -> ServiceError:
    """The refusal of a change whose base is not current any more: ``412`` when the client
    stated its version (``If-Match``, a page form's hidden field) and it is stale, ``409``
    when it stated none and the thing changed while the request was being handled. Nothing
    was stored; ``current`` is the version now."""
    if sent:
        return ServiceError(412, "PRECONDITION_FAILED", message, extra={"current": current})
    return ServiceError(409, "CONFLICT", message, extra={"current": current})


def _when(at: str | None) -> str:
    return (at or "")[:19].replace("T", " ")


def _check_base(
    current: str, expected: Collection[str] | None, changed: Callable[[int | None], str]
) -> None:
    """Refuse (412) a change based on another version than ``current``; ``expected`` is what
    the client sent (``None``: nothing, the change is based on ``current`` as read now).
    ``changed(base)`` says what changed since the client's version ``base`` (``None`` when
    its tag is not one of this thing's)."""
    if expected is not None and current not in expected:
        raise _stale(True, changed(_sent_number(current, expected)), current)


def _sent_number(current: str, expected: Collection[str]) -> int | None:
    """The revision or version number of the tag the client sent for the thing whose tag is
    ``current`` (``hand-7-r2`` -> 2), if it sent one."""
    prefix = current.rstrip("0123456789")
    for tag in expected:
        if tag.startswith(prefix) and tag[len(prefix) :].isdigit():
            return int(tag[len(prefix) :])
    return None


@dataclass
class UploadResult:
    """One uploaded record: its hand, its verdict, whether the session already held the same
    record (``duplicate``: the same canonical text as a hand's current revision, or as an
    earlier record of the upload) and whether a new hand was stored for it (``stored``:
    ``False`` for a duplicate, whose existing hand is given, unless duplicates were allowed)."""

    hand_id: int
    position: int
    status: str
    duplicate: bool
    findings: list[dict[str, Any]]
    stored: bool = True


def findings_of(checked: Checked) -> list[dict[str, Any]]:
    findings: list[dict[str, Any]] = dump_findings(checked.report)
    return findings


MAX_TABLE_CHARS = 40


def table_label(table: str | None) -> str | None:
    """The table label a session is stored with: stripped, ``None`` when empty or not given.

    Cleaned as every name is (:func:`records.names.clean_name`: NFC, and no control, format
    or invisible character, no line break), and refused (422 ``BAD_TABLE``, the message
    naming the character at fault) when it holds one or is longer than
    :data:`MAX_TABLE_CHARS` characters: the label is a heading on the tournament page and a
    column of the session, one short line.

    >>> table_label("  Table 2 "), table_label("   "), table_label(None)
    ('Table 2', None, None)
    """
    if table is None or not table.strip():
        return None
    try:
        label = clean_name(table, "table label")
    except ServiceError as exc:  # the label's own code, with the name's message
        raise ServiceError(422, "BAD_TABLE", exc.message) from exc
    if len(label) > MAX_TABLE_CHARS:
        raise ServiceError(
            422,
            "BAD_TABLE",
            f"a table label has at most {MAX_TABLE_CHARS} characters (this one has {len(label)})",
        )
    return label


def create_session(
    store: Store,
    tournament_id: int,
    game: str,
    players: list[str],
    options: Mapping[str, str],
    name: str,
    actor: str,
    table: str | None = None,
    submission: str | None = None,
) -> int:
    """Open a session (a table sitting) after checking the game, players, options and the
    optional table label (:func:`table_label`). Every name is cleaned (NFC) or refused
    (422 ``BAD_NAME``) by :func:`records.names.clean_name`. ``submission``: a one-time key
    of the request; sent again, it opens nothing and gives the session the first one
    opened."""
    label = table_label(table)
    name = clean_name(name, "session name")
    players = [clean_name(p, "player name") for p in players]
    try:
        engine = get_game(game)
    except UnknownGame as exc:
        raise ServiceError(422, "UNKNOWN_GAME", str(exc)) from exc
    # Names are compared as stored (stripped), and must be writable in a Players tag.
    players = [p.strip() for p in players]
    if (
        len(players) != engine.num_players
        or len({p.casefold() for p in players}) != len(players)
        or not all(p and not set(p) & set(',"\r\n') for p in players)
    ):
        raise ServiceError(
            422,
            "BAD_PLAYERS",
            f"{engine.key} needs {engine.num_players} "
            "different player names (no commas or quotes), in seat order",
        )
    try:
        chosen = engine.resolve_options({k.lower(): str(v).lower() for k, v in options.items()})
    except OptionError as exc:
        raise ServiceError(422, "BAD_OPTION", str(exc)) from exc
    explicit = {k: v for k, v in chosen.items() if k in {o.lower() for o in options}}
    try:
        return store.create_session(
            tournament_id, engine.key, players, explicit, name, actor, label, submission
        )
    except AlreadySubmitted as done:
        return done.entity_id


def _check_for_session(session: dict[str, Any], text: str) -> list[Parsed]:
    """Read ``text`` and refuse what cannot join the session (see :func:`_check_records`)."""
    parsed = read(text)
    if not parsed:
        raise ServiceError(
            422,
            "MALFORMED_RECORD",
            "record 1 cannot be read; nothing was stored",
            findings_of(check_text(text)[0]),
        )
    _check_records(session, parsed)
    return parsed


def _check_records(session: dict[str, Any], parsed: Sequence[Parsed]) -> None:
    """Refuse too many records (413), a malformed record and a record of another game or
    table (422, the first one at fault, with every finding); nothing is verified yet."""
    if len(parsed) > MAX_RECORDS_PER_UPLOAD:
        raise ServiceError(
            413, "TOO_MANY_RECORDS", f"at most {MAX_RECORDS_PER_UPLOAD} records in one upload"
        )
    for index, item in enumerate(parsed, start=1):
        record = item.record
        if item.errors or record is None or record.game not in GAMES:
            raise ServiceError(
                422,
                "MALFORMED_RECORD",
                f"record {index} cannot be read; nothing was stored",
                findings_of(check_parsed(item)),
            )
        if record.game != session["game"]:
            raise ServiceError(
                422,
                "WRONG_GAME",
                f"record {index} is {record.game}; this session plays {session['game']}",
            )
        if record.players != session["players"]:
            raise ServiceError(
                422,
                "WRONG_PLAYERS",
                f"record {index} has players "
                f"{', '.join(record.players)}; this session seats "
                f"{', '.join(session['players'])} in that order",
            )


def content_hash(canonical: str) -> str:
    """What recognises a record already stored: the digest of its canonical text (comments
    and layout left out)."""
    return hashlib.sha256(canonical.encode()).hexdigest()


def _revision(
    parsed: Parsed, options: Mapping[str, str], author: str | None = None, reason: str | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The stored columns of one record (the store packs its texts and report, and works out
    its findings and record JSON again when asked: :class:`records.store.RevisionRow`), and
    its findings as the uploader sees them (lines of the uploaded text). Of its report only
    the findings are kept: the store replays the text when the rest is asked for (#31.4:
    the report was most of a stored hand's bytes and of an import's time).

    The record is verified once, as read. The report kept has its line numbers moved to the
    record's own text (its lines from its first tag on, the ``original_text`` stored), so
    that they point into the text that is kept, not into the upload."""
    record = parsed.record
    if record is None:  # pragma: no cover - the reader gives a record for every text read
        raise ServiceError(422, "NOTATION", "no record could be read")
    try:
        item = check_parsed(parsed, options)
    except OptionError as exc:  # pragma: no cover - options were checked at creation
        raise ServiceError(422, "BAD_OPTION", str(exc)) from exc
    canonical = write(record)
    revision = {
        "original_text": record.source,
        "canonical_text": canonical,
        "content_hash": content_hash(canonical),
        "status": item.report.status.value,
        "facts": hand_facts(record, item.report),
        "author": author,
        "reason": reason,
    }
    if not item.report.findings:
        return revision, []
    offset = record.start.line - 1 if record.start is not None else 0
    findings = dump_findings(item.report, -offset)
    revision["findings"] = json.dumps(findings, ensure_ascii=False)
    return revision, [_shifted(finding, offset) for finding in findings]


def _shifted(finding: dict[str, Any], delta: int) -> dict[str, Any]:
    """A finding of a stored report with its line moved by ``delta`` (to the upload's)."""
    return {**finding, "line": finding["line"] + delta} if "line" in finding else finding


def upload(
    store: Store, session_id: int, text: str, actor: str, *, allow_duplicates: bool = False
) -> list[UploadResult]:
    """Store every record of ``text`` as a new hand at the end of the session, in one
    transaction. A record already in the session (same canonical text) is not stored
    twice: its existing hand is returned with ``duplicate`` set and ``stored`` not, so a
    retried upload stores each record once. With ``allow_duplicates`` (a hand really
    played twice the same way) it is stored again as a new hand, ``duplicate`` still set."""
    session = _session(store, session_id)
    parsed = _check_for_session(session, text)
    return _store_hands(store, session, parsed, actor, allow_duplicates)


NEEDS_CONFIRMATION = (Status.INVALID.value, Status.PARTIAL.value)
"""Verdicts a page asks the director to confirm before storing (#23.1): the record breaks
the rules in a way that voids it, or lacks what it takes to score it."""


@dataclass
class Preview:
    """What :func:`upload` would store for one record, found without storing anything: its
    verdict under the session's options, whether the session already holds it, and what
    the session's ledger would find about it once stored (a deal out of turn, G-6: no
    verdict of the record shows it; #32.11), as the attention list shows a finding."""

    index: int
    status: str
    duplicate: bool
    session_findings: tuple[dict[str, Any], ...] = ()


def preview_upload(store: Store, session_id: int, text: str) -> list[Preview]:
    """The records of ``text`` as :func:`upload` would store them in the session (the same
    checks, refusing with the same errors), each with its verdict under the session's
    options, whether it is already there, and the session's findings about it once the new
    ones are stored after the session's hands; nothing is written."""
    session = _session(store, session_id)
    out = []
    fresh: list[tuple[int, Parsed]] = []
    for index, item in enumerate(_check_for_session(session, text), start=1):
        revision, _findings = _revision(item, session["options"])
        duplicate = store.find_duplicate(session_id, revision["content_hash"]) is not None
        out.append(Preview(index, revision["status"], duplicate))
        if not duplicate:
            fresh.append((index, item))
    if fresh:
        new = [
            slim(item.record, check_parsed(item, session["options"]).report) for _, item in fresh
        ]
        found = findings_if_appended(store.db, session_id, new)
        for number, (index, _item) in enumerate(fresh, start=1):
            if number in found:
                out[index - 1] = replace(out[index - 1], session_findings=tuple(found[number]))
    return out


def upload_parsed(
    store: Store,
    session_id: int,
    parsed: Sequence[Parsed],
    actor: str,
    *,
    allow_duplicates: bool = False,
) -> list[UploadResult]:
    """:func:`upload` for records already read (a bulk import reads a text a batch at a time
    and checks each record first, to stop its file at the first one refused): the same
    checks, the same storage, one transaction."""
    session = _session(store, session_id)
    if not parsed:
        return []
    _check_records(session, parsed)
    return _store_hands(store, session, parsed, actor, allow_duplicates)


def _store_hands(
    store: Store,
    session: dict[str, Any],
    parsed: Sequence[Parsed],
    actor: str,
    allow_duplicates: bool = False,
) -> list[UploadResult]:
    """Store the records read, in one write transaction; each record's duplicate check is
    made inside it (``BEGIN IMMEDIATE``: no other upload writes between the check and the
    insert), so two uploads of the same records at once store each record once."""
    session_id = session["id"]
    prepared = [_revision(item, session["options"]) for item in parsed]
    results = []
    with store.write() as db:
        first = store.hand_count(session_id) + 1
        added = 0
        seen: dict[str, UploadResult] = {}
        for revision, findings in prepared:
            digest = revision["content_hash"]
            existing = seen.get(digest)
            hand_id = existing.hand_id if existing else store.find_duplicate(session_id, digest)
            if hand_id is not None and not allow_duplicates:
                hand = store.hand(hand_id)
                results.append(
                    UploadResult(
                        hand_id, hand["position"], revision["status"], True, findings, False
                    )
                )
                continue
            duplicate = hand_id is not None
            position = first + added
            hand_id = store.add_hand(db, session_id, revision, actor, position)
            added += 1
            result = UploadResult(hand_id, position, revision["status"], duplicate, findings)
            seen.setdefault(digest, result)
            results.append(result)
        if added:  # the ledger follows the hands added
            keep_ledger(db, session_id, first)
    return results


def correct_hand(
    store: Store,
    hand_id: int,
    text: str,
    author: str,
    reason: str,
    actor: str,
    expected: Collection[str] | None = None,
) -> tuple[int, UploadResult]:
    """A corrected record becomes the hand's new revision (who, when, why); the old ones
    stay and the ledger follows the current one.

    ``expected``: the versions (:func:`hand_etag`) the client based it on; a stale one is
    refused with 412 and what changed. Without it the correction is based on the revision
    current when it arrives, and a revision stored meanwhile makes it a 409: the check and
    the write are one conditional update (:meth:`records.store.Store.add_revision`), so of
    two corrections at once exactly one is stored."""
    author = _correction_author(author, reason)
    hand = _hand(store, hand_id)
    _check_base(hand_etag(hand), expected, partial(hand_changes, store, hand_id))
    return _store_correction(store, hand, text, author, reason, actor, expected is not None)


def _correction_author(author: str, reason: str) -> str:
    """A correction's author, cleaned as every name is; refused (422) without an author or
    a reason."""
    author = clean_name(author, "author")
    if not author or not reason.strip():
        raise ServiceError(422, "MISSING_REASON", "a correction names its author and reason")
    return author


def _store_correction(
    store: Store,
    hand: dict[str, Any],
    text: str,
    author: str,
    reason: str,
    actor: str,
    sent: bool,
) -> tuple[int, UploadResult]:
    """Store ``text`` as the next revision of ``hand`` (as read: its revision is the base of
    the conditional write), or refuse it (412 if the base was ``sent``, else 409)."""
    hand_id = hand["id"]
    session = _session(store, hand["session_id"])
    parsed = _check_for_session(session, text)
    if len(parsed) != 1:
        raise ServiceError(422, "ONE_RECORD", "a correction is exactly one record")
    revision, findings = _revision(parsed[0], session["options"], author, reason)
    try:
        number = store.add_revision(hand_id, revision, actor, base=hand["revision"])
    except Stale:
        now = _hand(store, hand_id)
        raise _stale(sent, hand_changes(store, hand_id, hand["revision"]), hand_etag(now)) from None
    return number, UploadResult(hand_id, hand["position"], revision["status"], False, findings)


def is_current_correction(store: Store, hand_id: int, text: str, author: str, reason: str) -> bool:
    """Whether the hand's current revision is this correction already: the same record
    (canonical text), author and reason; a correction sent twice is then stored once."""
    current = store.current_revision(hand_id)
    parsed = read(text)
    record = parsed[0].record if len(parsed) == 1 else None
    if record is None:
        return False
    return (content_hash(write(record)), author, reason) == (
        current["content_hash"],
        current["author"],
        current["reason"],
    )


def hand_changes(store: Store, hand_id: int, base: int | None) -> str:
    """What became of a hand since revision ``base`` (``None``: since the version the client
    sent, unknown here), in words: each later revision with who, when and why."""
    rows = hand_revisions(store, hand_id)
    current = rows[-1]["number"]
    later = [r for r in rows if base is None or r["number"] > base]
    if base is None:
        later = later[-1:]
    said = "; ".join(
        f"revision {r['number']} by {r['author'] or 'the uploader'} at {_when(r['created_at'])}"
        + (f" ({r['reason']})" if r["reason"] else "")
        for r in later
    )
    since = f"since revision {base}" if base is not None else "since the version you had"
    return (
        f"hand {hand_id} changed {since}: it is at revision {current} ({said}); nothing was "
        "stored: look at the hand as it is now and correct it again if it still needs it"
    )


def preview_correction(store: Store, hand_id: int, text: str) -> dict[str, Any]:
    """What storing ``text`` as the hand's correction would do, without storing it (#23.2):
    its verdict and findings (at their line and column of ``text``) under the session's
    options, the payments beside the current revision's, and whether a page asks the
    director to confirm it before storing it (:data:`NEEDS_CONFIRMATION`). Refused as
    :func:`correct_hand` refuses it (unreadable, another game or seating, not one record),
    with the findings at their places."""
    hand = _hand(store, hand_id)
    session = _session(store, hand["session_id"])
    parsed = _check_for_session(session, text)
    if len(parsed) != 1:
        raise ServiceError(422, "ONE_RECORD", "a correction is exactly one record")
    revision, findings = _revision(parsed[0], session["options"])
    current = store.current_revision(hand_id)
    before = json.loads(current["report_json"])
    options = session["options"]
    after = json.loads(replayed_report(revision["original_text"], options))
    return {
        "status": after["status"],
        "current_status": before["status"],
        "unchanged": revision["content_hash"] == current["content_hash"],
        "findings": findings,
        "payments": payments_beside(before, after),
        "unit": after["unit"],
        "needs_confirmation": after["status"] in NEEDS_CONFIRMATION,
    }


def revision_of(store: Store, hand_id: int, number: int) -> dict[str, Any]:
    """One revision of a hand by its number (404 ``NOT_FOUND`` for a number it never had)."""
    for row in hand_revisions(store, hand_id):
        if row["number"] == number:
            return row
    raise ServiceError(404, "NOT_FOUND", f"hand {hand_id} has no revision {number}")


def restore_revision(
    store: Store,
    hand_id: int,
    number: int,
    author: str,
    reason: str,
    actor: str,
    expected: Collection[str] | None = None,
) -> tuple[int, UploadResult]:
    """An earlier revision's text stored again as the hand's new current revision, with who
    and why (the reason says which revision it restores): nothing is overwritten, and the
    write is a correction like any other (:func:`correct_hand`, ``expected`` included)."""
    old = revision_of(store, hand_id, number)
    hand = _hand(store, hand_id)
    _check_base(hand_etag(hand), expected, partial(hand_changes, store, hand_id))
    if old["number"] == hand["revision"]:
        raise ServiceError(
            422, "ALREADY_CURRENT", f"revision {number} is the hand's current revision"
        )
    author = _correction_author(author, reason)
    return _store_correction(
        store,
        hand,
        old["original_text"],
        author,
        f"restores revision {number}: {reason.strip()}",
        actor,
        expected is not None,
    )


def compare_revisions(store: Store, hand_id: int, old: int, new: int) -> dict[str, Any]:
    """Two revisions of a hand side by side: a line diff of their record texts
    (:mod:`difflib`, every line with its number on either side), their verdicts, and each
    player's payment under both with the change."""
    before, after = revision_of(store, hand_id, old), revision_of(store, hand_id, new)
    old_lines = before["original_text"].splitlines()
    new_lines = after["original_text"].splitlines()
    lines: list[dict[str, Any]] = []
    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            lines += [
                {"kind": "same", "old": i + 1, "new": j + 1, "text": old_lines[i]}
                for i, j in zip(range(i1, i2), range(j1, j2), strict=True)
            ]
            continue
        lines += [
            {"kind": "removed", "old": i + 1, "new": None, "text": old_lines[i]}
            for i in range(i1, i2)
        ]
        lines += [
            {"kind": "added", "old": None, "new": j + 1, "text": new_lines[j]}
            for j in range(j1, j2)
        ]
    old_report, new_report = json.loads(before["report_json"]), json.loads(after["report_json"])
    players = list(dict.fromkeys([*old_report["players"], *new_report["players"]]))
    payments = []
    for player in players:
        a = old_report["settlement"].get(player, 0)
        b = new_report["settlement"].get(player, 0)
        payments.append({"player": player, "old": a, "new": b, "change": b - a})
    return {
        "old": before,
        "new": after,
        "lines": lines,
        "changed": any(line["kind"] != "same" for line in lines),
        "status": {"old": before["status"], "new": after["status"]},
        "unit": new_report.get("unit") or old_report.get("unit"),
        "payments": payments,
    }


def add_ruling(
    store: Store,
    session_id: int,
    amounts: Mapping[str, int],
    reason: str,
    author: str,
    hand_id: int | None,
    actor: str,
    submission: str | None = None,
) -> int:
    """A director's adjustment: zero-sum amounts per seated player, with a reason.

    ``submission``: a one-time key of the request (a page form's, an API client's
    ``Idempotency-Key``); sent again, it stores nothing and gives the ruling the first one
    made, so a double submit is harmless."""
    author = clean_name(author, "author")
    session = _session(store, session_id)
    if not reason.strip():
        raise ServiceError(422, "MISSING_REASON", "a ruling gives its reason")
    _check_amounts(session, amounts)
    if hand_id is not None and _hand(store, hand_id)["session_id"] != session_id:
        raise ServiceError(422, "WRONG_HAND", f"hand {hand_id} is not in session {session_id}")
    try:
        return store.add_ruling(
            session_id, dict(amounts), reason, author, hand_id, actor, submission=submission
        )
    except AlreadySubmitted as done:
        return done.entity_id


def _check_amounts(session: dict[str, Any], amounts: Mapping[str, int]) -> None:
    """A ruling's amounts name seated players, move something (not every amount zero: such
    a ruling would be stored with no amounts, a row of the sheet that does nothing) and, in
    a zero-sum game, add up to zero."""
    if not any(amounts.values()):
        raise ServiceError(
            422,
            "EMPTY_RULING",
            "a ruling moves something: every amount is zero (to cancel a ruling, withdraw it)",
        )
    unknown = [name for name in amounts if name not in session["players"]]
    if unknown:
        raise ServiceError(
            422, "UNKNOWN_PLAYER", f"not seated in this session: {', '.join(unknown)}"
        )
    engine = GAMES[session["game"]]
    too_big = [name for name, amount in amounts.items() if abs(amount) > MAX_RULING_AMOUNT]
    if too_big:
        raise ServiceError(
            422,
            "BAD_AMOUNT",
            f"{too_big[0]}: {amounts[too_big[0]]:,} is out of range; a ruling moves a "
            f"player between -{MAX_RULING_AMOUNT:,} and {MAX_RULING_AMOUNT:,} {engine.unit}",
        )
    if engine.zero_sum and sum(amounts.values()) != 0:
        raise ServiceError(
            422,
            "NOT_ZERO_SUM",
            f"a ruling moves {engine.unit} between players: its amounts add up to zero",
        )


def ruling_states(rulings: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each ruling of a session (oldest first) with what became of it: ``kind``
    (``ruling``, ``withdrawal`` or ``amendment``), ``replaced_by`` (the id of the later entry
    that withdrew or amended it, else ``None``) and ``standing``: whether its amounts count
    in the ledger now (:func:`records.ledgers.ruling_counts`)."""
    replaced_by = replaced_rulings(rulings)
    out = []
    for row in rulings:
        out.append(
            {
                **row,
                "kind": row.get("kind") or "ruling",
                "replaces": row.get("replaces"),
                "replaced_by": replaced_by.get(row["id"]),
                "standing": ruling_counts(row, replaced_by),
            }
        )
        out[-1]["version"] = ruling_etag(out[-1])
    return out


def session_rulings(store: Store, session_id: int) -> list[dict[str, Any]]:
    """The session's rulings as :func:`ruling_states` tells them (404 for no session)."""
    _session(store, session_id)
    return ruling_states(store.rulings(session_id))


def session_ruling(store: Store, session_id: int, ruling_id: int) -> dict[str, Any]:
    """One ruling of the session as :func:`ruling_states` tells it (404 for none)."""
    rows = {r["id"]: r for r in session_rulings(store, session_id)}
    row = rows.get(ruling_id)
    if row is None:
        raise ServiceError(404, "NOT_FOUND", f"session {session_id} has no ruling {ruling_id}")
    return row


def ruling_changes(store: Store, session_id: int, ruling_id: int) -> str:
    """What became of a ruling, in words: the entry that withdrew or amended it, by whom,
    when and why."""
    rows = {r["id"]: r for r in session_rulings(store, session_id)}
    ruling = rows[ruling_id]
    later = rows.get(ruling["replaced_by"]) if ruling["replaced_by"] is not None else None
    if later is None:
        return f"ruling {ruling_id} stands as it was"
    verb = "withdrawn" if later["kind"] == "withdrawal" else "amended"
    return (
        f"ruling {ruling_id} was already {verb} by entry {later['id']} "
        f"({later['author'] or 'a director'} at {_when(later['created_at'])}: "
        f"{later['reason']}); nothing was stored: withdraw or amend entry {later['id']} "
        "if it still needs it"
    )


def _replaceable_ruling(
    store: Store, session_id: int, ruling_id: int, expected: Collection[str] | None
) -> dict[str, Any]:
    """The ruling a withdrawal or amendment is about: in this session, based on its current
    version (412 if ``expected`` is stale), and still standing."""
    row = session_ruling(store, session_id, ruling_id)
    if row["kind"] in ("withdrawal", VOID):
        raise ServiceError(
            422, "NOT_A_RULING", f"ruling {ruling_id} is a {row['kind']}: rule again instead"
        )
    _check_base(
        ruling_etag(row), expected, lambda _base: ruling_changes(store, session_id, ruling_id)
    )
    if row["replaced_by"] is not None:  # replaced before this request: it conflicts (409)
        raise ServiceError(
            409,
            "NO_LONGER_STANDS",
            ruling_changes(store, session_id, ruling_id),
            extra={"current": ruling_etag(row)},
        )
    return row


def _replace_ruling(
    store: Store,
    session_id: int,
    ruling: dict[str, Any],
    amounts: dict[str, int],
    note: tuple[str, str, str],
    kind: str,
    sent: bool,
) -> int:
    """Store the withdrawal or amendment of ``ruling``: the database takes one replacement
    of a ruling, so a second (sent at once, or a double click) is refused with what the
    first did (412 if its base was ``sent``, else 409)."""
    reason, author, actor = note
    try:
        return store.add_ruling(
            session_id, amounts, reason, author, ruling["hand_id"], actor, kind, ruling["id"]
        )
    except Stale:
        now = session_ruling(store, session_id, ruling["id"])
        message = ruling_changes(store, session_id, ruling["id"])
        raise _stale(sent, message, ruling_etag(now)) from None


def withdraw_ruling(
    store: Store,
    session_id: int,
    ruling_id: int,
    reason: str,
    author: str,
    actor: str,
    expected: Collection[str] | None = None,
) -> int:
    """Withdraw a standing ruling: a new entry (``kind`` ``withdrawal``) with its reason; the
    ruling stays in the record, struck through, and no longer counts in the balances.
    ``expected``: the ruling's versions (:func:`ruling_etag`) the client based it on (412
    when stale; without it, 409 when another withdrawal or amendment came first)."""
    author = clean_name(author, "author")
    if not reason.strip():
        raise ServiceError(422, "MISSING_REASON", "a withdrawal gives its reason")
    ruling = _replaceable_ruling(store, session_id, ruling_id, expected)
    note = (reason, author, actor)
    return _replace_ruling(store, session_id, ruling, {}, note, "withdrawal", expected is not None)


def amend_ruling(
    store: Store,
    session_id: int,
    ruling_id: int,
    amounts: Mapping[str, int],
    reason: str,
    author: str,
    actor: str,
    expected: Collection[str] | None = None,
) -> int:
    """Amend a standing ruling: a new entry (``kind`` ``amendment``) whose amounts replace
    the ruling's, at the same place in the ledger, with its reason; the ruling stays in the
    record, struck through. ``expected`` as for :func:`withdraw_ruling`."""
    author = clean_name(author, "author")
    if not reason.strip():
        raise ServiceError(422, "MISSING_REASON", "an amendment gives its reason")
    ruling = _replaceable_ruling(store, session_id, ruling_id, expected)
    _check_amounts(_session(store, session_id), amounts)
    note = (reason, author, actor)
    return _replace_ruling(
        store, session_id, ruling, dict(amounts), note, "amendment", expected is not None
    )


def set_privacy(
    store: Store,
    tournament_id: int,
    private: bool,
    actor: str,
    expected: Collection[str] | None = None,
) -> dict[str, Any]:
    """Make a tournament private or public; the tournament as it is then. ``expected``: the
    versions (:func:`tournament_etag`) the client based it on (412 when stale; without it,
    409 when another edit came in meanwhile)."""
    row = _tournament(store, tournament_id)
    changed = partial(tournament_changes, store, tournament_id)
    _check_base(tournament_etag(row), expected, changed)
    try:
        store.set_private(tournament_id, private, actor, base=row["revision"])
    except Stale:
        now = _tournament(store, tournament_id)
        raise _stale(expected is not None, changed(row["revision"]), tournament_etag(now)) from None
    return _tournament(store, tournament_id)


def tournament_changes(store: Store, tournament_id: int, base: int | None) -> str:
    """What changed in a tournament since its revision ``base``, in words."""
    row = _tournament(store, tournament_id)
    edits = [e for e in store.audit_log("tournament", tournament_id) if e["action"] == "update"]
    latest = edits[-1] if edits else None
    who = f" (last: by {latest['actor']} at {_when(latest['at'])})" if latest else ""
    state = "private" if row["private"] else "public"
    since = f"since revision {base}" if base is not None else "since the version you had"
    return (
        f"tournament {tournament_id} changed {since}: it is at revision "
        f"{row['revision']} and {state}{who}; nothing was changed"
    )


def update_session(
    store: Store,
    session_id: int,
    changes: Mapping[str, Any],
    actor: str,
    expected: Collection[str] | None = None,
) -> dict[str, Any]:
    """Rename a session or move it to another table (``changes``: ``name`` and/or
    ``table``, checked as when it was opened); the session as it is then. ``expected``: the
    versions (:func:`session_etag`) the client based it on: 412 when stale (any write to
    the session moves its version on: a hand, a ruling, an edit); without it, 409 when the
    session changed while this was handled."""
    row = _session(store, session_id)
    columns: dict[str, Any] = {}
    if "name" in changes:
        columns["name"] = str(changes["name"] or "").strip()
    if "table" in changes:
        columns["table_name"] = table_label(changes["table"])
    if not columns:
        raise ServiceError(422, "NOTHING_TO_CHANGE", "send a name or a table to change")
    changed = partial(session_changes, store, session_id)
    _check_base(session_etag(row), expected, changed)
    try:
        store.update_session(session_id, columns, actor, base=row["version"])
    except Stale:
        now = _session(store, session_id)
        raise _stale(expected is not None, changed(row["version"]), session_etag(now)) from None
    return _session(store, session_id)


# -- drafts parked in a session (#34.1) -----------------------------------------------------
def draft_etag(draft: Mapping[str, Any]) -> str:
    """A parked draft's version: it changes with every change of its text."""
    return f"draft-{draft['id']}-r{draft['revision']}"


def _draft(store: Store, draft_id: int) -> dict[str, Any]:
    try:
        row = store.parked_draft(draft_id)
    except NotFound:
        raise ServiceError(404, "NOT_FOUND", f"no parked draft {draft_id}") from None
    return {**row, "version": draft_etag(row)}


def _parkable(store: Store, session_id: int, text: str) -> dict[str, Any]:
    """The session a hand in progress may be parked in: the text is one readable record
    (however far it goes) of the session's game and players; else a 422 that says why."""
    row = _session(store, session_id)
    parsed = read(text)
    if len(parsed) != 1:
        raise ServiceError(422, "ONE_RECORD", f"a draft is one record; this text has {len(parsed)}")
    if parsed[0].errors:
        first = parsed[0].errors[0]
        where = f"line {first.loc.line}:{first.loc.column}: " if first.loc else ""
        raise ServiceError(422, "NOTATION", where + first.message)
    record = parsed[0].record
    assert record is not None  # a record read without errors
    if record.game != row["game"] or list(record.players) != list(row["players"]):
        raise ServiceError(
            422,
            "NOT_THIS_SESSION",
            f"the draft is {record.game} for {', '.join(record.players)}; session "
            f"{session_id} is {row['game']} for {', '.join(row['players'])}",
        )
    return row


def park_draft(store: Store, session_id: int, text: str, actor: str) -> dict[str, Any]:
    """Park a hand in progress in a session (a director at the table hands on to another
    device, or keeps it overnight): the parked draft, with its version."""
    _parkable(store, session_id, text)
    return _draft(store, store.park_draft(session_id, text, actor))


def repark_draft(
    store: Store, draft_id: int, text: str, actor: str, expected: Collection[str] | None
) -> dict[str, Any]:
    """Replace a parked draft's text; ``expected`` its version as the client read it (412
    when stale; without it, 409 when it changed while this was handled)."""
    row = _draft(store, draft_id)
    _parkable(store, row["session_id"], text)
    _check_base(row["version"], expected, partial(_draft_changes, store, draft_id))
    try:
        store.repark_draft(draft_id, text, actor, base=row["revision"])
    except Stale:
        now = _draft(store, draft_id)
        message = _draft_changes(store, draft_id, row["revision"])
        raise _stale(expected is not None, message, now["version"]) from None
    return _draft(store, draft_id)


def unpark_draft(store: Store, draft_id: int, actor: str, expected: Collection[str] | None) -> None:
    """Delete a parked draft (once stored, or given up), at the version the client read."""
    row = _draft(store, draft_id)
    _check_base(row["version"], expected, partial(_draft_changes, store, draft_id))
    try:
        store.unpark_draft(draft_id, actor, base=row["revision"])
    except Stale:
        now = _draft(store, draft_id)
        message = _draft_changes(store, draft_id, row["revision"])
        raise _stale(expected is not None, message, now["version"]) from None


def parked_drafts(store: Store, session_ids: list[int]) -> list[dict[str, Any]]:
    """The drafts parked in these sessions, the last changed first, each with its version."""
    return [{**row, "version": draft_etag(row)} for row in store.parked_drafts(session_ids)]


def parked_draft(store: Store, draft_id: int) -> dict[str, Any]:
    """One parked draft with its version (404 if there is none)."""
    return _draft(store, draft_id)


def _draft_changes(store: Store, draft_id: int, base: int | None) -> str:
    now = store.parked_draft(draft_id)
    since = f"since revision {base}" if base is not None else "since the version you had"
    return (
        f"parked draft {draft_id} changed {since}: it is at revision {now['revision']} "
        f"(by {now['author']} at {_when(now['updated_at'])}); nothing was changed"
    )


def session_changes(store: Store, session_id: int, base: int | None) -> str:
    """What changed in a session since its version ``base``, in words: the latest writes."""
    now = _session(store, session_id)
    entries = store.session_audit(session_id, limit=3)
    said = "; ".join(f"{e['action']} by {e['actor']} at {_when(e['at'])}" for e in entries)
    since = f"since version {base}" if base is not None else "since the version you had"
    return (
        f"session {session_id} changed {since}: it is at version "
        f"{now['version']}" + (f" (latest: {said})" if said else "") + "; nothing was changed"
    )


def session_ledger(store: Store, session_id: int) -> Ledger:
    """The session's ledger from the current revisions, with the director's rulings: as the
    writes keep it (:mod:`records.ledgers`); replayed only when it was kept by other code
    (another release of the rules, before the server's start refreshed it)."""
    session = _session(store, session_id)
    kept = kept_ledger(store.db, session_id)
    return kept if kept is not None else compute_ledger(store, session)


def compute_ledger(store: Store, session: dict[str, Any]) -> Ledger:
    """The session's ledger computed from every hand (each replayed): what
    :func:`session_ledger` keeps."""
    engine = GAMES[session["game"]]
    parsed, adjustments = _session_records(store, session)
    reports = [check_parsed(item, session["options"]).report for item in parsed]
    return build_ledger(
        [item.record for item in parsed if item.record is not None],
        reports,
        adjustments,
        session["players"],
        engine.key,
        engine.unit,
    )


def session_standing(store: Store, session: dict[str, Any]) -> dict[str, Any]:
    """The session's part of the standings and the attention list, as its writes kept it
    (:func:`records.ledgers.standing_of`); replayed only when kept by other code."""
    kept = kept_standing(store.db, session["id"])
    return kept if kept is not None else standing_of(compute_ledger(store, session))


def session_result(store: Store, session_id: int) -> dict[str, Any]:
    """The session's result, as its page shows it at the top: each game's winner (pinch
    PINCH-8, Piedicavallo PIE-7), or who is ahead (the other games); with the balances."""
    return result_of(session_ledger(store, session_id))


def result_of(ledger: Ledger) -> dict[str, Any]:
    """:func:`session_result` of a ledger already at hand."""
    return {
        "unit": ledger.unit,
        "hands": sum(1 for row in ledger.rows if row.status is not None),
        "balances": dict(zip(ledger.players, ledger.balances, strict=True)),
        "games": [result_json(result) for result in ledger.results],
    }


def session_what_if(store: Store, session_id: int) -> dict[str, Any]:
    """The session's final balances under every other value of each rule option, side by
    side with the balances as applied (:func:`records.disputes.session_alternatives`)."""
    from .disputes import session_alternatives

    session = _session(store, session_id)
    parsed, adjustments = _session_records(store, session)
    return session_alternatives(
        session["game"],
        [item.record for item in parsed if item.record is not None],
        session["options"],
        adjustments,
        session["players"],
    )


def _session_records(
    store: Store, session: dict[str, Any]
) -> tuple[list[Parsed], list[Adjustment]]:
    """The session's current records in order, as read, and the director's rulings as
    ledger adjustments (each after the hand it follows)."""
    hands = store.hands(session["id"], full=True)
    parsed = [
        item for row in hands for item in read(row["original_text"])[:1] if item.record is not None
    ]
    positions = {row["id"]: row["position"] for row in hands}
    adjustments = [
        Adjustment(r["amounts"], r["reason"], positions.get(r["hand_id"]) if r["hand_id"] else None)
        for r in ruling_states(store.rulings(session["id"]))
        if r["standing"]  # a withdrawn or amended ruling no longer counts (#23.4)
    ]
    return parsed, adjustments


@dataclass
class Standing:
    rank: str  # "1", "3=" for a tie
    player: str
    total: int  # in the table's unit: net marca, rests, game points; or games won
    sessions: int
    hands: int
    games: int | None = None  # games finished (tables ranked by games won)
    drawn: int | None = None


@dataclass
class StandingsTable:
    """One game's standings: a tournament never adds different units (issue #20.13)."""

    game: str
    title: str
    unit: str  # what ``total`` counts: "marca", "rest", "game points", "games won"
    basis: str  # how the total is made, naming its ruling
    rows: list[Standing]


def _basis(game: str, unit: str) -> str:
    engine = GAMES.get(game)
    rule = f" ({engine.ledger_rule})" if engine is not None and engine.ledger_rule else ""
    if engine is not None and engine.ranked_by_games:
        return f"games won{rule}; a draw is counted apart and wins nothing"
    return f"net {unit} over the sessions: final balance less the starting stake{rule}"


def _table_key(game: str, unit: str) -> str:
    """A game's key, or (for sessions kept in another unit, e.g. piemonte3 with ``fool=5``
    in thirds) the key with the unit, so that no table adds two units."""
    engine = GAMES.get(game)
    if engine is None or engine.ranked_by_games or unit == engine.unit:
        return game
    return f"{game} ({unit})"


def standings(store: Store, tournament_id: int) -> dict[str, StandingsTable]:
    """The tournament's standings, one table per game (never adding different units):
    nice4, nice3, minchiate and piemonte3 by each player's net result in the game's unit;
    pinch (PINCH-8) and piedicavallo (PIE-7) by games won. Best first; equal totals share a
    rank written ``3=``. Each session's part is kept by its writes (:mod:`records.ledgers`)."""
    _tournament(store, tournament_id)
    tables: dict[str, dict[str, list[int]]] = {}
    units: dict[str, tuple[str, str]] = {}
    for session in store.sessions(tournament_id):
        part = session_standing(store, session)
        key = _table_key(session["game"], part["unit"])
        units.setdefault(key, (session["game"], part["unit"]))
        totals = tables.setdefault(key, {})
        by_games = GAMES[session["game"]].ranked_by_games
        for player, net in part["net"].items():
            won = drawn = finished = 0
            for result in part["results"]:
                if by_games and result["finished"] and player in result["players"]:
                    finished += 1
                    won += player in result["winners"]
                    drawn += not result["winners"]
            entry = totals.setdefault(player, [0, 0, 0, 0, 0])
            entry[0] += won if by_games else net
            entry[1] += 1
            entry[2] += part["hands"]
            entry[3] += finished
            entry[4] += drawn
    out = {}
    for key in sorted(tables, key=lambda k: (list(GAMES).index(units[k][0]), k)):
        game, unit = units[key]
        by_games = GAMES[game].ranked_by_games
        shown_unit = "games won" if by_games else unit
        out[key] = StandingsTable(
            game,
            GAMES[game].title,
            shown_unit,
            _basis(game, unit),
            _ranked(tables[key], by_games),
        )
    return out


def _ranked(totals: Mapping[str, list[int]], by_games: bool) -> list[Standing]:
    ordered = sorted(totals.items(), key=lambda kv: (-kv[1][0], kv[0].casefold()))
    scores = [entry[0] for _, entry in ordered]
    out = []
    for player, (total, sessions, hands, finished, drawn) in ordered:
        rank = scores.index(total) + 1
        tied = scores.count(total) > 1
        out.append(
            Standing(
                f"{rank}{'=' if tied else ''}",
                player,
                total,
                sessions,
                hands,
                finished if by_games else None,
                drawn if by_games else None,
            )
        )
    return out


def ledger_csv(ledger: Ledger) -> str:
    """The ledger as CSV: one row per entry, amounts and balances per player."""
    return "".join(ledger_csv_lines(ledger))


def ledger_csv_lines(ledger: Ledger) -> Iterator[str]:
    """:func:`ledger_csv` a line at a time, for an export that streams it (#31.3)."""
    out = io.StringIO()
    writer = spreadsheet_writer(out)

    def line(cells: list[Any]) -> str:
        out.seek(0)
        out.truncate()
        writer.writerow(cells)
        return out.getvalue()

    yield line(
        [
            "entry",
            "hand",
            "status",
            *(f"{p} {ledger.unit}" for p in ledger.players),
            *(f"{p} balance" for p in ledger.players),
            "abeyance",
            "note",
        ]
    )
    for index, row in enumerate(ledger.rows, start=1):
        status = row.status.value if row.status is not None else row.kind  # ruling, penalty
        yield line([index, row.hand, status, *row.amounts, *row.balances, row.pot, row.note])


def session_records(store: Store, session_id: int, batch: int = 500) -> Iterator[dict[str, Any]]:
    """The session's current records in order, read ``batch`` hands at a time (each with its
    texts and report): what an export streams, in memory that does not grow with the
    session (#31.3)."""
    low = 1
    while True:
        rows = store.hands(session_id, full=True, positions=(low, low + batch - 1))
        yield from rows
        if not rows:
            return
        low = rows[-1]["position"] + 1


STANDINGS_CSV_HEADER = [
    "game",
    "unit",
    "rank",
    "player",
    "total",
    "sessions",
    "hands",
    "games",
    "drawn",
]


def standings_csv(tables: Mapping[str, StandingsTable]) -> str:
    """The standings as CSV: every row names its game and the unit of its total, so that no
    spreadsheet adds a game's marca to another's games won; tables in the page's order."""
    out = io.StringIO()
    writer = spreadsheet_writer(out)
    writer.writerow(STANDINGS_CSV_HEADER)
    for key, table in tables.items():
        for row in table.rows:
            writer.writerow(
                [
                    key,
                    table.unit,
                    row.rank,
                    row.player,
                    row.total,
                    row.sessions,
                    row.hands,
                    "" if row.games is None else row.games,
                    "" if row.drawn is None else row.drawn,
                ]
            )
    return out.getvalue()


def standings_json(tables: Mapping[str, StandingsTable]) -> dict[str, Any]:
    """The API's standings: ``{"games": {key: {"game", "title", "unit", "basis",
    "rows"}}}``."""
    return {"games": {key: asdict(table) for key, table in tables.items()}}


def ledger_json(ledger: Ledger) -> dict[str, Any]:
    dumped: dict[str, Any] = LedgerSchema().dump(ledger)
    return dumped


#: The verdicts that put a hand on the attention list (a director must look at it).
NEEDS_DIRECTOR = (Status.FLAGGED.value, Status.PARTIAL.value, Status.INVALID.value)
_SEVERITY_RANK = {Severity.ERROR.value: 0, Severity.VIOLATION.value: 1, Severity.NOTE.value: 2}


def needs_director(store: Store, tournament_id: int) -> list[dict[str, Any]]:
    """The tournament's attention list: every hand whose current revision is flagged,
    partial or invalid, or was until a later revision; each with ``finding``, the worst
    finding of the revision that put it there (why it needs a director), and ``dealt_with``:
    ``None`` while it waits, else what addressed it: a standing ruling (or amendment) naming
    the hand made since its current revision (a withdrawn one deals with nothing), or a
    later revision that is clean (or thrown in, G-4). Then, with ``scope`` ``session``, each
    violation or error the session's ledger finds about a hand (a deal out of turn, G-6;
    #32.11), which no hand's own verdict shows, dealt with by such a ruling too; it leaves
    the list when the session no longer has it. In session and hand order."""
    rulings: dict[int, dict[str, Any]] = {}
    for ruling in ruling_states(store.tournament_rulings(tournament_id)):
        if ruling["standing"] and ruling["hand_id"] is not None:
            rulings[ruling["hand_id"]] = ruling  # the latest standing ruling naming each hand
    by_hand: dict[int, list[dict[str, Any]]] = {}
    for row in store.attention_revisions(tournament_id, NEEDS_DIRECTOR):
        by_hand.setdefault(row["hand_id"], []).append(row)
    out = []
    for revisions in by_hand.values():
        entry = _attention_entry(revisions, rulings.get(revisions[0]["hand_id"]))
        if entry is not None:
            out.append(entry)
    out += _session_entries(store, tournament_id, rulings)
    out.sort(key=lambda e: (e["session_id"], e["position"]))  # (a hand's own entry first)
    return out


def _session_entries(
    store: Store, tournament_id: int, rulings: Mapping[int, dict[str, Any]]
) -> list[dict[str, Any]]:
    """The attention list's entries of the sessions' own findings (:func:`needs_director`),
    read from each session's kept part of the standings (:func:`session_standing`)."""
    out = []
    for session in store.sessions(tournament_id):
        for number, finding in session_standing(store, session).get("findings", []):
            found = store.hands(session["id"], positions=(number, number))
            if not found:
                continue
            hand = found[0]
            ruling = rulings.get(hand["id"])
            dealt = ruling is not None and ruling["created_at"] >= hand["revised_at"]
            out.append(
                {
                    "hand_id": hand["id"],
                    "session_id": session["id"],
                    "position": hand["position"],
                    "status": hand["status"],
                    "flagged_status": (
                        Status.INVALID.value
                        if finding["severity"] == Severity.ERROR.value
                        else Status.FLAGGED.value
                    ),
                    "finding": finding,
                    "dealt_with": _dealt_with_by(ruling) if dealt and ruling else None,
                    "scope": "session",
                }
            )
    return out


def _dealt_with_by(ruling: dict[str, Any]) -> dict[str, Any]:
    """An attention entry's ``dealt_with`` when a standing ruling naming its hand settles it."""
    return {
        "by": "ruling",
        "revision": None,
        "ruling": ruling["id"],
        "author": ruling["author"],
        "reason": ruling["reason"],
        "at": ruling["created_at"],
    }


def _attention_entry(
    revisions: list[dict[str, Any]], ruling: dict[str, Any] | None
) -> dict[str, Any] | None:
    """One hand's place on the attention list (``None``: it never needed a director)."""
    current = revisions[-1]
    flagged = [r for r in revisions if r["status"] in NEEDS_DIRECTOR]
    if not flagged:
        return None
    dealt_with = None
    if current["status"] not in NEEDS_DIRECTOR:
        dealt_with = {
            "by": "revision",
            "revision": current["number"],
            "ruling": None,
            "author": current["author"],
            "reason": current["reason"],
            "at": current["created_at"],
        }
    elif ruling is not None and ruling["created_at"] >= current["created_at"]:
        dealt_with = _dealt_with_by(ruling)
    return {
        "hand_id": current["hand_id"],
        "session_id": current["session_id"],
        "position": current["position"],
        "status": current["status"],
        "flagged_status": flagged[-1]["status"],
        "finding": _worst_finding(json.loads(flagged[-1]["findings"] or "[]")),
        "dealt_with": dealt_with,
        "scope": "hand",
    }


def _worst_finding(findings: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first of the most severe findings (error, then violation, then note), as the
    attention list shows it: its sentence, code, rule and place."""
    if not findings:
        return None
    worst = min(  # (one found after the first error does not count, #24.8)
        findings,
        key=lambda f: (bool(f.get("after_first_error")), _SEVERITY_RANK.get(f["severity"], 3)),
    )
    keys = ("code", "severity", "message", "rule", "line", "column", "trick")
    return {key: worst.get(key) for key in keys}


def tournament_version(store: Store, tournament_id: int) -> str:
    """A short tag that changes whenever the tournament's standings or attention list may
    have (a hand, a correction, a ruling, a new session): what a wall screen polls
    (``ETag``) before it fetches the page again (#23.8)."""
    _tournament(store, tournament_id)
    sessions, writes = store.tournament_version(tournament_id)
    return f"t{tournament_id}-s{sessions}-v{writes}"


def violations_in(findings: list[dict[str, Any]]) -> int:
    return sum(
        1
        for f in findings
        if f["severity"] == Severity.VIOLATION.value and not f.get("after_first_error")
    )


# -- lookups that turn NotFound into 404 ------------------------------------------------
def _session(store: Store, session_id: int) -> dict[str, Any]:
    try:
        return store.session(session_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc


def _hand(store: Store, hand_id: int) -> dict[str, Any]:
    try:
        return store.hand(hand_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc


def hand_revisions(store: Store, hand_id: int) -> list[dict[str, Any]]:
    """A hand's revisions, oldest first (404 for no hand)."""
    try:
        return store.revisions(hand_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc


def _tournament(store: Store, tournament_id: int) -> dict[str, Any]:
    try:
        return store.tournament(tournament_id)
    except NotFound as exc:
        raise ServiceError(404, "NOT_FOUND", str(exc)) from exc
