"""A golden record per finding code (#22.7): the record, every finding it gets, their wording.

The entries are in ``tests/golden/findings.json`` with their records under
``tests/golden/findings/<game>/``; ``tests/golden_findings.py`` says how they were made and how
to regenerate them (a regeneration is reviewed against the rule text). The codes are found in
``scorer/``'s source (``tests/findingcodes.py``): a code an engine can emit without a golden
entry fails :func:`test_every_code_in_the_engines_has_a_golden`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import findingcodes
import golden_findings
import pytest

from scorer import GAMES
from scorer.games import ENGINES

ENTRIES = golden_findings.load()


def test_every_code_in_the_engines_has_a_golden() -> None:
    in_source = findingcodes.codes_in_source()
    covered = {entry["code"] for entry in ENTRIES}
    missing = {code: files for code, files in in_source.items() if code not in covered}
    assert not missing, (
        f"finding codes without a golden entry in {golden_findings.GOLDEN.name} (add a record "
        f"and an entry, see tests/golden_findings.py): {missing}"
    )


def _games_of_package(package: str) -> set[str]:
    """The keys of the engines whose class lives in ``scorer/games/<package>/``."""
    return {g.key for g in ENGINES if type(g).__module__.startswith(f"scorer.games.{package}.")}


def test_every_game_that_names_a_code_has_a_golden_for_it() -> None:
    """A code named in a game's own package (``scorer/games/nice/...``) has a golden for one
    of that package's games (nice4 or nice3): each game's wording of a shared code is seen."""
    covered = {(entry["code"], entry["game"]) for entry in ENTRIES}
    missing = []
    for code, files in findingcodes.codes_in_source().items():
        packages = {f.split("/")[1] for f in files if f.startswith("games/") and f.count("/") > 1}
        for package in sorted(packages):
            games = _games_of_package(package)
            if games and not any((code, game) in covered for game in games):
                missing.append(f"{code} ({package}: {', '.join(sorted(games))})")
    assert not missing, f"no golden entry for: {missing}"


def test_every_golden_code_is_still_in_the_engines() -> None:
    stale = {entry["code"] for entry in ENTRIES} - set(findingcodes.codes_in_source())
    assert not stale, f"golden entries for codes no engine emits any more: {sorted(stale)}"


def test_the_code_finder_sees_every_way_a_code_is_named(tmp_path: Path) -> None:
    """The finder is the meta-test's eyes: it sees a code passed to a call that makes a
    finding as a literal (of any spelling), a sum of strings or ``code or "X"``, a code kept
    in a constant or used as a table's key, a key of a ``messages.py`` table of templates
    (with or without its variant; not a one-letter key), and skips the names in
    ``__all__``."""
    (tmp_path / "engine.py").write_text(
        """__all__ = ["SUIT_STYLES", "play"]
MUST_FOLLOW_SUIT = "MUST_FOLLOW_SUIT"
REASONS = {"OFFER_NOT_HIGHER": "after offering {before} ..."}


def play(h, key, code):
    h.stop("CARD_NOT_HELD", "not held")
    h.flag("CASCARE", "a note")
    h.flag("BAD_" + ("SCOPERTO" if key == "scoprire" else "PIGLIATO"), "wrong")
    h.flag(key, "from a variable")
    h.say("SPOKE", NOTE, "MIN-14")
    h.halt("STOPPED", variant="hand")
    raise IllegalPlay(code or "KING_NOT_PLAYED", 3)
""",
        encoding="utf-8",
    )
    (tmp_path / "messages.py").write_text(
        """TEMPLATES = {"MELD": "...", "BAD_CASCARE.trumps": "...", "lower": "..."}
COURTS = {"K": 14}
""",
        encoding="utf-8",
    )
    engine = ["engine.py"]
    assert findingcodes.codes_in_source(tmp_path) == {
        "BAD_CASCARE": ["messages.py"],
        "BAD_PIGLIATO": engine,
        "BAD_SCOPERTO": engine,
        "CARD_NOT_HELD": engine,
        "CASCARE": engine,
        "KING_NOT_PLAYED": engine,
        "MELD": ["messages.py"],
        "MUST_FOLLOW_SUIT": engine,
        "OFFER_NOT_HIGHER": engine,
        "SPOKE": engine,
        "STOPPED": engine,
    }


def test_every_engine_has_goldens() -> None:
    assert {entry["game"] for entry in ENTRIES} == set(GAMES)


def test_entries_are_unique_and_their_records_exist() -> None:
    ids = [golden_findings.entry_id(entry) for entry in ENTRIES]
    assert len(ids) == len(set(ids))
    for entry in ENTRIES:
        assert (golden_findings.RECORDS / entry["file"]).is_file(), entry["file"]


def _expected(entry: dict[str, Any]) -> dict[str, Any]:
    return {"notation_errors": entry["notation_errors"], "findings": entry["findings"]}


@pytest.mark.parametrize("entry", ENTRIES, ids=golden_findings.entry_id)
def test_golden_findings(entry: dict[str, Any]) -> None:
    observed = golden_findings.observe(entry)
    assert entry["code"] in {finding["code"] for finding in observed["findings"]}
    assert observed == _expected(entry)
