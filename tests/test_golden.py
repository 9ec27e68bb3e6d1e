"""Golden examples: every ``examples/*/*.txt`` with a sibling ``NAME.expected.json``.

The expected figures were counted by hand from the rules (each example's comment header shows
the count), not copied from the engine, so this test fails if the engine changes any of them:
a record's status, its settlement per player, its side totals, the codes of its errors and
violations, and for session files the ledger's closing balances and open abeyance.

Expected file format::

    {"records": [{"status": "clean", "settlement": {"Anna": 3, ...},
                  "side_totals": [40, 32], "findings": ["CODE", ...]}],
     "ledger": {"balances": {"Anna": 13, ...}, "pot": 0, "findings": []}}

``side_totals`` is omitted for hands without play (thrown in, surrendered); ``ledger`` is
optional, and its ``findings`` (ledger finding codes, e.g. ``DEALER_OUT_OF_TURN``) too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from records.notation import read
from scorer.findings import Severity
from scorer.games import get_game
from scorer.ledger import build_ledger

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
CASES = sorted(p for p in EXAMPLES.glob("*/*.txt") if p.with_suffix(".expected.json").exists())


def test_there_are_golden_examples() -> None:
    """Guard against the glob silently matching nothing (a moved directory)."""
    names = {f"{p.parent.name}/{p.stem}" for p in CASES}
    assert {"nice4/called-king", "nice4/session", "nice3/tie-for-most"} <= names


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))
    parsed = read(path.read_text(encoding="utf-8"), source=path.name)
    assert len(parsed) == len(expected["records"]), "number of records in the file"
    records, reports = [], []
    for number, (item, want) in enumerate(zip(parsed, expected["records"], strict=True), 1):
        where = f"{path.name} record {number}"
        assert not item.errors, f"{where}: notation errors {[str(e) for e in item.errors]}"
        report = get_game(item.record.game).verify(item.record)
        records.append(item.record)
        reports.append(report)
        assert report.status.value == want["status"], where
        settlement = dict(zip(report.players, report.settlement, strict=True))
        assert settlement == want["settlement"], where
        if get_game(item.record.game).zero_sum:  # pinch scores each player (PINCH-8)
            assert sum(settlement.values()) + report.abeyance == 0, f"{where}: not zero-sum"
        if "side_totals" in want:
            assert [side.total for side in report.sides] == want["side_totals"], where
        found = [
            f.code for f in report.findings if f.severity in (Severity.ERROR, Severity.VIOLATION)
        ]
        assert found == want["findings"], where
    if "ledger" in expected:
        ledger = build_ledger(records, reports)
        want = expected["ledger"]
        assert dict(zip(ledger.players, ledger.balances, strict=True)) == want["balances"]
        assert ledger.pot == want["pot"]
        assert ledger.is_zero_sum() or not get_game(records[0].game).zero_sum
        if "findings" in want:
            assert [f.code for _, f in ledger.findings] == want["findings"]
        if want.get("summary"):  # the game's conclusion in words (e.g. the winner, PIE-7)
            assert ledger.summary and ledger.summary[-1] == want["summary"]
