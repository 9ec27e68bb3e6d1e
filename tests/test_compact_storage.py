"""Revisions stored compactly (#31.2, migration 007): a stored nice4 hand takes at most 3,000
bytes on average (about 20,000 before), its texts and report come back exactly as they were
made, and what was derived from them (findings, the record's JSON) is worked out again when
asked for. ``python tests/storagecheck.py`` gives the figure for every game (BENCHMARKS.md).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sixkit import EXAMPLES
from storagecheck import bytes_per_hand

from records import service
from records import store as store_module
from records.pipeline import check_text
from records.schemas import dump_record, dump_report
from records.store import Store, pack_revision, unpack_revision
from records.writer import write_many
from scorer.games import GAMES

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]  # examples/nice4's seats
REVOKE = (EXAMPLES / "nice4" / "revoke.txt").read_text()


def test_a_stored_nice4_hand_takes_at_most_3000_bytes() -> None:
    assert bytes_per_hand("nice4", 300, before=False) <= 3000


@given(st.text(min_size=1), st.text(min_size=1), st.none() | st.text(min_size=1))
def test_packing_gives_back_what_it_was_given(
    original: str, canonical: str, kept: str | None
) -> None:
    """A stored text is never empty; of the report nothing may be kept (#31.4)."""
    assert unpack_revision(pack_revision(original, canonical, kept)) == (original, canonical, kept)


def test_a_canonical_text_equal_to_the_original_is_not_stored_twice() -> None:
    text = '[Game "nice4"]\n' * 40
    assert len(pack_revision(text, text, None)) < len(pack_revision(text, text + " ", None))
    assert unpack_revision(pack_revision(text, text, None)) == (text, text, None)


def test_bytes_not_packed_by_the_store_are_refused_as_such() -> None:
    for damaged in (b"", b"\x00abc", b"\x07" + b"x" * 10):
        try:
            unpack_revision(damaged)
        except ValueError:
            continue
        raise AssertionError(damaged)


def test_a_stored_revision_reads_back_as_it_was_made(tmp_path: Path) -> None:
    """The store's rows give the texts, the report, the findings and the record's JSON of
    each hand as a fresh check of its text gives them."""
    records = GAMES["pinch"].random_session(random.Random(4), 3)
    text = write_many(records)
    store = Store(str(tmp_path / "t.sqlite"))
    tid = store.create_tournament("t")
    sid = service.create_session(store, tid, "pinch", list(records[0].players), {}, "", "t")
    service.upload(store, sid, text, "t")
    rows = store.hands(sid, full=True)
    assert len(rows) == 3
    for row, record in zip(rows, records, strict=True):
        checked = check_text(row["original_text"])[0]
        report = dump_report(checked.report)
        assert json.loads(row["report_json"]) == report
        assert json.loads(row["findings"]) == report["findings"]
        assert row["record_json"] == json.dumps(dump_record(checked.parsed.record))
        assert row["canonical_text"] == write_many([record])
        assert store.current_revision(row["id"])["report_json"] == row["report_json"]
    assert "report_json" not in store.hands(sid)[0]  # a listing reads no texts


def _kept(store: Store, hand_id: int) -> str | None:
    """What the hand's current revision keeps of its report (#31.4)."""
    (packed,) = store.db.execute(
        "select packed from revisions where hand_id = ?", [hand_id]
    ).fetchone()
    return unpack_revision(packed)[2]


def test_a_hand_keeps_only_its_findings_and_its_report_is_its_text_replayed(
    tmp_path: Path,
) -> None:
    """#31.4: a stored revision keeps its findings (none: nothing) and not the rest of its
    report, which a read works out again under the session's options; the option must count
    (``honours=world`` moves card points between the sides, NICE-1)."""
    text = (EXAMPLES / "nice4" / "session.txt").read_text() + "\n" + REVOKE
    options = {"honours": "world"}
    store = Store(str(tmp_path / "t.sqlite"))
    tid = store.create_tournament("t")
    sid = service.create_session(store, tid, "nice4", PLAYERS, options, "", "t")
    service.upload(store, sid, text, "t")
    rows = store.hands(sid, full=True)
    assert len(rows) == 6
    for row in rows:
        checked = check_text(row["original_text"], options=options)[0]
        report = dump_report(checked.report)
        kept = _kept(store, row["id"])
        assert kept == (json.dumps(report["findings"]) if report["findings"] else None)
        assert json.loads(row["report_json"]) == report
        assert json.loads(row["findings"]) == report["findings"]
        assert json.loads(store.current_revision(row["id"])["report_json"]) == report
    default = dump_report(check_text(rows[0]["original_text"])[0].report)
    assert json.loads(rows[0]["report_json"])["sides"] != default["sides"]
    assert _kept(store, rows[-1]["id"]) is not None  # the revoke's findings


def test_the_attention_list_reads_kept_findings_without_a_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(str(tmp_path / "t.sqlite"))
    tid = store.create_tournament("t")
    sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "", "t")
    service.upload(store, sid, REVOKE, "t")
    monkeypatch.setattr(store_module, "check_parsed", _no_replay)
    [entry] = service.needs_director(store, tid)
    assert entry["finding"]["code"] == "MUST_FOLLOW_SUIT"


def _no_replay(*args: object, **kwargs: object) -> None:
    raise AssertionError("a replay where kept findings suffice")
