"""Revisions stored compactly (#31.2, migration 007): a stored nice4 hand takes at most 3,000
bytes on average (about 20,000 before), its texts and report come back exactly as they were
made, and what was derived from them (findings, the record's JSON) is worked out again when
asked for. ``python tests/storagecheck.py`` gives the figure for every game (BENCHMARKS.md).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from storagecheck import bytes_per_hand

from records import service
from records.pipeline import check_text
from records.schemas import dump_record, dump_report
from records.store import Store, pack_revision, unpack_revision
from records.writer import write_many
from scorer.games import GAMES


def test_a_stored_nice4_hand_takes_at_most_3000_bytes() -> None:
    assert bytes_per_hand("nice4", 300, before=False) <= 3000


@given(st.text(), st.text(), st.text())
def test_packing_gives_back_what_it_was_given(original: str, canonical: str, report: str) -> None:
    assert unpack_revision(pack_revision(original, canonical, report)) == (
        original,
        canonical,
        report,
    )


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
