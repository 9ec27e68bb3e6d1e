"""The golden findings (#22.7): per finding code, a small real record and every finding it gets.

``tests/golden/findings.json`` lists the entries; each names a record file under
``tests/golden/findings/<game>/`` and says what verifying it gives: the notation errors (text,
``line:col: message``) and every finding, with its code, severity, rule, ``loc``
(``line:col``), trick, seat, cards, legal cards and the exact message. A ``session`` entry
holds several records of one table and lists the findings of the session (the ledger's, G-6,
and the game's own session rules) with the hand each concerns.

An entry with ``built_lines`` has lines the reader refuses (a section unknown to the game, a
word in a discard): a program that builds :class:`scorer.record.Record` objects itself can still
hand them to an engine, and the engine must stop on them. The test builds those text lines as
the engine's :class:`~scorer.record.Line` values and puts them in the body where they stand in
the text (:func:`build_line`).

Regenerating (only after a change of wording or of a rule that a ruling decided)::

    python tests/golden_findings.py

rewrites the expected values in ``findings.json`` from today's code, keeping each entry's
record, options and notes. The diff must be read and checked against the rule text
(each game's ``Game.source``) and the rulings (:data:`scorer.rulings.RULINGS`) in review:
a golden that changed without a ruling is a regression, not a new golden. A new finding code
comes with a new entry (a record file and a skeleton entry: ``code``, ``game``, ``file``),
then this command.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "findings.json"
RECORDS = HERE / "golden" / "findings"

#: The keys of an entry that say what it is (kept by a regeneration); the rest is computed.
IDENTITY = ("code", "game", "file", "session", "options", "built_lines", "checked")


def load() -> list[dict[str, Any]]:
    """The golden entries, in file order."""
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def entry_id(entry: Mapping[str, Any]) -> str:
    return f"{entry['game']}/{entry['code']}"


def build_line(text: str, number: int) -> Any:
    """Line ``number`` of a record's text (``keyword [subject]: tokens``) as the engine's
    :class:`~scorer.record.Line`, each token an :class:`~scorer.record.Item` at its column
    (a card when it reads as one)."""
    from scorer.cards import Card, CardParseError
    from scorer.findings import Loc
    from scorer.record import Item, Line

    head, _, rest = text.partition(":")
    keyword, _, subject = head.strip().partition(" ")
    items = []
    column = len(head) + 2
    for token in rest.split(" "):
        if token:
            try:
                card: Card | None = Card.parse(token)
            except CardParseError:
                card = None
            items.append(Item(token, card, None, Loc(number, column)))
        column += len(token) + 1
    return Line(keyword, subject.strip() or None, tuple(items), Loc(number, 1))


def _with_built_lines(record: Any, text: str, numbers: list[int]) -> Any:
    """``record`` with the text's lines ``numbers`` built by :func:`build_line`, each in
    place of the body entry read from that line (if any), else before the first entry
    after it."""
    from scorer.record import Record

    lines = text.split("\n")
    body = list(record.body)
    for number in numbers:
        line = build_line(lines[number - 1], number)
        body = [e for e in body if e.loc is None or e.loc.line != number]
        after = [i for i, e in enumerate(body) if e.loc is not None and e.loc.line > number]
        body.insert(after[0] if after else len(body), line)
    return Record(record.tags, tuple(body), record.source, record.start)


def finding_fields(finding: Any, hand: int | None = None) -> dict[str, Any]:
    """A finding as the golden file writes it."""
    out: dict[str, Any] = {} if hand is None else {"hand": hand}
    out.update(
        code=finding.code,
        severity=finding.severity.value,
        rule=finding.rule,
        loc=str(finding.loc) if finding.loc is not None else None,
        trick=finding.trick,
        seat=finding.seat,
        cards=[str(card) for card in finding.cards],
        legal=[str(card) for card in finding.legal],
        message=finding.message,
    )
    return out


def observe(entry: Mapping[str, Any]) -> dict[str, Any]:
    """What today's code makes of an entry's record(s): notation errors and findings."""
    from records.notation import read
    from scorer import build_ledger, get_game

    text = (RECORDS / entry["file"]).read_text(encoding="utf-8")
    parsed = read(text)
    errors = [str(error) for item in parsed for error in item.errors]
    records = [item.record for item in parsed]
    if entry.get("built_lines"):
        records = [_with_built_lines(records[0], text, entry["built_lines"])]
    game = get_game(entry["game"])
    reports = [game.verify(record, entry.get("options") or None) for record in records]
    if entry.get("session"):
        ledger = build_ledger(records, reports)
        findings = [finding_fields(f, hand) for hand, f in ledger.findings]
    else:
        findings = [finding_fields(f) for report in reports for f in report.findings]
    return {"notation_errors": errors, "findings": findings}


def regenerate() -> None:
    """Rewrite the expected values of every entry from today's code."""
    entries = []
    for entry in load():
        kept = {key: entry[key] for key in IDENTITY if entry.get(key)}
        entries.append({**kept, **observe(kept)})
    GOLDEN.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: this tree's code
    regenerate()
