"""Each finding cites the ruling that decides it (#32.8).

The oracle is :data:`finding_rulings.CITES` (code -> ruling, kept in the repository): every
finding code the engines can emit has its ruling there, each ruling named there is one the
game carries as data (``rules.RULINGS``) and one of :data:`scorer.rulings.RULINGS`, and the
engines cite what it says, seen two ways: in the source (every call that makes a finding
with a code and a ruling written out) and in the findings of real records (the golden
records, typed mistakes of random records, and the corners an audit found: ``PARTIAL_RECORD``
cited G-2, ``20(mitigati)`` cited NICE-12, the 10 Tarocche ruling).
"""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import findingcodes
import golden_findings
import pytest
from finding_rulings import CITES, NoCitation, cited

from records.mutate import MUTATIONS, mutate
from records.notation import read
from records.writer import write
from scorer import build_ledger
from scorer.findings import Finding
from scorer.games import ENGINES, get_game
from scorer.rulings import RULINGS

#: The calls that make a finding, and where their ruling stands among the positional
#: arguments (``halt`` cites G-2 unless told: :meth:`scorer.games.replay.Replay.halt`).
RULE_ARGUMENT = {"say": 2, "halt": 1, "Finding": 3}
HALT_DEFAULT = "G-2"


def package_of(game: str) -> str:
    """The package of a game's engine: ``nice`` for ``nice4`` and ``nice3``."""
    return type(get_game(game)).__module__.split(".")[2]


def carried(package: str) -> set[str]:
    """The rulings the games of ``package`` carry as data (their ``rules.RULINGS``); for
    ``*`` (code shared by every game) those every game carries."""
    if package == "*":
        return set.intersection(*(set(g.rulings) for g in ENGINES))
    return {r for g in ENGINES if package_of(g.key) == package for r in g.rulings}


def rulings_in(value: Any) -> Iterator[str]:
    """Every ruling ID a value of :data:`CITES` names."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from rulings_in(inner)


# -- the table itself ------------------------------------------------------------------------
def test_every_code_the_engines_emit_has_its_ruling() -> None:
    codes = {key.partition(".")[0] for key in CITES}
    missing = sorted(set(findingcodes.codes_in_source()) - codes)
    assert not missing, f"codes without a ruling in tests/finding_rulings.py: {missing}"


def test_every_ruling_of_the_table_is_in_the_catalogue() -> None:
    unknown = {key: r for key, v in CITES.items() for r in rulings_in(v) if r not in RULINGS}
    assert not unknown, f"rulings not in scorer.rulings: {unknown}"


def test_a_games_ruling_in_the_table_is_one_the_game_carries() -> None:
    """Per game package: the rulings the table gives its findings are in its rules.py."""
    wrong = []
    for key, value in CITES.items():
        if isinstance(value, dict):
            wrong += [
                (key, package, r)
                for package, inner in value.items()
                for r in rulings_in(inner)
                if r not in carried(package)
            ]
    assert not wrong, wrong


# -- the source ------------------------------------------------------------------------------
def _literals(node: ast.expr | None) -> list[str] | None:
    return [""] if node is None else findingcodes._strings(node)


def _cited_in_source() -> Iterator[tuple[str, str, str, str, str | None]]:
    """(place, package, code, variant, ruling) of each call under ``scorer/`` that makes a
    finding with its code, variant and ruling written as strings (a ruling computed at run
    time is seen in the findings of records instead). ``package`` is ``*`` outside a game."""
    for path in sorted(findingcodes.SCORER.rglob("*.py")):
        parts = path.relative_to(findingcodes.SCORER).parts
        package = parts[1] if parts[0] == "games" and len(parts) > 2 else "*"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name not in RULE_ARGUMENT:
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            index = RULE_ARGUMENT[name]
            rule_node = node.args[index] if len(node.args) > index else keywords.get("rule")
            codes = findingcodes._strings(node.args[0])
            variants = _literals(keywords.get("variant"))
            if rule_node is None:
                rules: list[str | None] | None = [HALT_DEFAULT if name == "halt" else None]
            elif isinstance(rule_node, ast.Constant) and rule_node.value is None:
                rules = [None]
            else:
                rules = list(findingcodes._strings(rule_node) or []) or None
            if not codes or variants is None or rules is None:
                continue
            pairs = [(v, r) for v in variants for r in rules]
            if len(variants) == len(rules) == 2:  # "a" if x else "b" for both: paired
                pairs = list(zip(variants, rules, strict=True))
            place = f"{path.relative_to(findingcodes.SCORER)}:{node.lineno}"
            for code in codes:
                for variant, rule in pairs:
                    yield place, package, code, variant, rule


def test_the_source_cites_each_codes_ruling() -> None:
    seen = 0
    wrong = []
    for place, package, code, variant, rule in _cited_in_source():
        seen += 1
        if package == "*" and isinstance(CITES.get(code), dict):
            expected: Any = set(CITES[code].values())  # type: ignore[union-attr]
            ok = rule in expected
        else:
            try:
                expected = cited(package, code, variant)
            except NoCitation as missing:
                wrong.append(f"{place}: {code}.{variant} not in the table ({missing})")
                continue
            ok = rule == expected and (rule is None or rule in carried(package))
        if not ok:
            wrong.append(f"{place}: {code}.{variant} cites {rule}, the table {expected}")
    assert seen > 150, seen  # the finder sees the calls
    assert not wrong, "\n".join(wrong)


# -- the findings of records -----------------------------------------------------------------
def _golden_findings() -> Iterator[tuple[str, Finding]]:
    for entry in golden_findings.load():
        text = (golden_findings.RECORDS / entry["file"]).read_text(encoding="utf-8")
        records = [item.record for item in read(text)]
        if entry.get("built_lines"):
            records = [golden_findings._with_built_lines(records[0], text, entry["built_lines"])]
        game = get_game(entry["game"])
        reports = [game.verify(record, entry.get("options") or None) for record in records]
        for report in reports:
            for finding in report.findings:
                yield entry["game"], finding
        for _hand, finding in build_ledger(records, reports).findings:
            yield entry["game"], finding


def _mistaken_findings() -> Iterator[tuple[str, Finding]]:
    """The findings of random records of every game, each with one typed mistake."""
    rng = random.Random(32)
    for engine in ENGINES:
        for _ in range(4):
            text = write(engine.random_record(rng))
            for kind in MUTATIONS:
                changed = mutate(text, kind, rng)
                if changed is None:
                    continue
                for item in read(changed):
                    if not item.errors:
                        for finding in engine.verify(item.record).findings:
                            yield engine.key, finding


def _wrong(findings: Iterator[tuple[str, Finding]]) -> tuple[int, list[str]]:
    count, wrong = 0, []
    for game, finding in findings:
        count += 1
        try:
            expected = cited(package_of(game), finding.code, finding.variant, finding.facts)
        except NoCitation as missing:
            wrong.append(f"{game}: {finding.code}.{finding.variant} not in the table ({missing})")
            continue
        if finding.rule != expected:
            wrong.append(
                f"{game}: {finding.code}.{finding.variant} cites {finding.rule}, the table "
                f"{expected}: {finding.message}"
            )
        elif expected is not None and expected not in carried(package_of(game)):
            wrong.append(f"{game}: {finding.code} cites {expected}, not in its rules.RULINGS")
    return count, sorted(set(wrong))


def test_the_golden_records_findings_cite_their_rulings() -> None:
    count, wrong = _wrong(_golden_findings())
    assert count > 300, count
    assert not wrong, "\n".join(wrong)


def test_typed_mistakes_findings_cite_their_rulings() -> None:
    count, wrong = _wrong(_mistaken_findings())
    assert count > 50, count
    assert not wrong, "\n".join(wrong)


# -- the corners the audit found -------------------------------------------------------------
TOUR = Path(__file__).resolve().parent.parent / "examples" / "nice4" / "tour.txt"


def _nice4(text: str) -> list[Finding]:
    [item] = read(text)
    return get_game("nice4").verify(item.record).findings


@pytest.mark.parametrize(
    ("change", "code", "rule"),
    [
        # a misspelled declaration is a word the line does not take, not 10 Tarocche
        (("20(mitigatti)", "20(mitigati)"), "BAD_DECLARATION", "NICE-9a"),
        # a record that stops before its last trick is partial (G-7), not impossible (G-2)
        (("\n19. ", "\n; 19. "), "PARTIAL_RECORD", "G-7"),
    ],
)
def test_the_corners_the_audit_found_cite_their_rulings(
    change: tuple[str, str], code: str, rule: str
) -> None:
    text = TOUR.read_text(encoding="utf-8")
    assert change[0] in text
    [finding] = [f for f in _nice4(text.replace(*change)) if f.code == code]
    assert finding.rule == rule, finding.message
