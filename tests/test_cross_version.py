"""Cross-version comparison (#22.7): every report field equals the old code's (commit
``ac0a5fb``, the last before the rebuild) on random and mutated records of every game, on
random records under rule options drawn at random and on mutations of records without the
deal.

The runner is :mod:`tests.crossversion` (see its docstring for the method). The number of
records per game and kind is ``TAROCCO_CROSS_VERSION_RECORDS`` (default 10,000; e.g. 500 for
a quick run). The counts are printed (``pytest -s``) and written to
``$TMPDIR/tarocco-cross-version/<game>.txt``. The only differences allowed are those listed in
``crossversion.ALLOWED_DIFFERENCES``, each naming its ruling or issue item; fields the new code
adds are listed as added, not compared.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import crossversion
import pytest

from scorer import GAMES

SUMMARY = Path(tempfile.gettempdir()) / "tarocco-cross-version"


@pytest.fixture(scope="module")
def old_code(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The old commit's ``scorer`` and ``records``, unpacked once for the module."""
    try:
        return crossversion.extract_old_code(tmp_path_factory.mktemp("old-code"))
    except RuntimeError as exc:
        pytest.fail(str(exc))


@pytest.mark.parametrize("game", list(GAMES))
def test_reports_equal_the_old_codes(game: str, old_code: Path) -> None:
    count = crossversion.records_count()
    tally = crossversion.compare(game, count, old_code)
    lines = tally.lines()
    print("\n" + "\n".join(lines))
    SUMMARY.mkdir(exist_ok=True)
    (SUMMARY / f"{game}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    extra = crossversion.extra_count(count)
    assert tally.compared["random"] == tally.compared["mutated"] == count
    assert tally.compared["options"] == tally.compared["dealless"] == extra
    assert tally.ok, "\n".join(lines) + "\n" + json.dumps(tally.examples, indent=1)


def test_a_changed_message_is_caught(old_code: Path, tmp_path: Path) -> None:
    """The harness itself: old code whose every message ends in "!" is reported different,
    by the field that differs (so an all-equal run cannot be an empty comparison)."""
    changed = tmp_path / "changed"
    changed.mkdir()
    for package in ("scorer", "records"):
        for path in (old_code / package).rglob("*.py"):
            target = changed / path.relative_to(old_code)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    replay = changed / "scorer" / "report.py"
    text = replay.read_text(encoding="utf-8")
    marker = "    def add(self, finding: Finding) -> None:\n        self.findings.append(finding)"
    assert marker in text, "the old Report.add this test changes"
    replay.write_text(
        text.replace(
            marker,
            "    def add(self, finding: Finding) -> None:\n"
            "        import dataclasses\n"
            "        finding = dataclasses.replace(finding, message=finding.message + '!')\n"
            "        self.findings.append(finding)",
        ),
        encoding="utf-8",
    )
    tally = crossversion.compare("nice4", 20, changed)
    assert not tally.ok
    assert "records[].report.findings[].message" in tally.changed_fields
    assert tally.different["mutated"] > 0


def test_a_missing_old_commit_fails_with_a_clear_message(tmp_path: Path) -> None:
    """Without the old commit the comparison cannot run: it says why (never a skip)."""
    with pytest.raises(RuntimeError, match=r"is not in the repository .*fetch it"):
        crossversion.extract_old_code(tmp_path, commit="0" * 40)


def test_a_field_only_the_new_code_has_is_counted_not_compared() -> None:
    """A field the new code adds (``facts`` on findings, #22.5) leaves the reports equal and
    is listed with the number of records that have it; a changed field does not."""
    old = {"records": [{"report": {"findings": [{"code": "X", "message": "m"}]}}]}
    tally = crossversion.Tally("test")
    for message in ("m", "m", "changed"):
        new = {"records": [{"report": {"findings": [{"code": "X", "message": message}]}}]}
        new["records"][0]["report"]["findings"][0]["facts"] = {"seat": 1}
        tally.add("random", "text", json.dumps(old, sort_keys=True), new)
    assert tally.equal["random"] == 2 and tally.different["random"] == 1
    assert tally.added_fields == {"records[].report.findings[].facts": 3}
    assert tally.changed_fields == {"records[].report.findings[].message": 1}


def test_an_allowed_difference_names_its_game_or_holds_for_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An allow-list entry ``game:path`` allows the change in that game only."""
    monkeypatch.setitem(crossversion.ALLOWED_DIFFERENCES, "pinch:a", "a ruling")
    old = json.dumps({"a": 1})
    for game, counted in (("pinch", "allowed"), ("nice4", "different")):
        tally = crossversion.Tally(game)
        tally.add("random", "text", old, {"a": 2})
        assert getattr(tally, counted)["random"] == 1, game


def test_a_whole_record_is_excused_only_when_both_sides_find_it_impossible() -> None:
    """The G-2 rule of :data:`crossversion.ALLOWED_RECORDS` excuses another error named in an
    impossible record, never a change of what a hand pays or of its status."""
    error = {"code": "CARD_NOT_HELD", "severity": "error"}
    other = {"code": "DUPLICATE_CARD", "severity": "error"}

    def snap(status: str, findings: list[dict[str, str]], settlement: list[int]) -> dict:
        report = {"status": status, "findings": findings, "settlement": settlement, "lines": []}
        return {"records": [{"report": report}]}

    old = snap("invalid", [other], [0, 0, 0])
    assert crossversion.allowed_record(old, snap("invalid", [error], [0, 0, 0])) is not None
    assert crossversion.allowed_record(old, snap("invalid", [error], [1, -1, 0])) is None
    assert crossversion.allowed_record(old, snap("clean", [], [0, 0, 0])) is None
    assert crossversion.allowed_record(snap("clean", [], [0, 0, 0]), old) is None
