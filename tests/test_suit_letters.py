"""The suit-letter hint (#32.9): a record that cannot be replayed in its game's suit letters
but reads cleanly in the other ones says so and names the ``Suits`` tag to add.

Pinch is written in French letters unless tagged; the same hand written in Italian letters
used to fail with ``DUPLICATE_CARD [G-2]: ... is dealt twice`` alone (Italian ``C`` is cups,
French ``C`` clubs), which sends its writer looking for a card written twice.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from records.letters import suit_letters_hint
from records.notation import read_one
from records.pipeline import check_text
from scorer.cards import Card, CardParseError
from scorer.findings import Severity
from scorer.report import Status
from tarocco.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def in_letters(text: str, written: str, wanted: str) -> str:
    """``text`` with every card token of its body, read in ``written`` letters, spelled in
    ``wanted`` letters (tags and comments as they are)."""
    out = []
    for line in text.splitlines():
        if line.startswith(("[", ";")):
            out.append(line)
            continue
        tokens = []
        for token in line.split(" "):
            try:
                tokens.append(Card.parse(token, written).text(wanted))
            except CardParseError:
                tokens.append(token)
        out.append(" ".join(tokens))
    return "\n".join(out) + "\n"


PINCH = (EXAMPLES / "pinch" / "revoke.txt").read_text(encoding="utf-8")
PINCH_ITALIAN = in_letters(PINCH, "french", "italian")
TOUR = (EXAMPLES / "nice4" / "tour.txt").read_text(encoding="utf-8")


def test_a_pinch_record_in_italian_letters_names_the_tag_to_add() -> None:
    assert "[Suits" not in PINCH_ITALIAN and PINCH_ITALIAN != PINCH
    [checked] = check_text(PINCH_ITALIAN)
    report = checked.report
    assert report.status is Status.INVALID  # the verdict stays the text's as read
    assert [f.code for f in report.errors] == ["DUPLICATE_CARD"]
    [hint] = [f for f in report.findings if f.code == "SUIT_LETTERS"]
    assert hint.severity is Severity.NOTE and hint.loc is not None and hint.loc.line == 1
    assert '[Suits "italian"]' in hint.message and "cups" in hint.message
    assert report.findings[0] is hint  # read first, before the error it explains
    tagged = check_text('[Suits "italian"]\n' + PINCH_ITALIAN)[0].report
    assert tagged.status is Status.FLAGGED  # the revoke the example is about
    assert "SUIT_LETTERS" not in {f.code for f in tagged.findings}


def test_a_nice_record_in_french_letters_names_the_french_tag() -> None:
    """Nice reads Italian letters: French ``H`` is no Italian suit (a notation error)."""
    [checked] = check_text(in_letters(TOUR, "italian", "french"))
    assert checked.report.status is Status.INVALID
    [hint] = [f for f in checked.report.findings if f.code == "SUIT_LETTERS"]
    assert '[Suits "french"]' in hint.message


def test_no_hint_when_the_other_letters_do_not_help() -> None:
    """A card dealt twice in the record's own letters stays an error in the other ones; a
    clean record and a record with its Suits tag get no hint."""
    broken = PINCH.replace("hand Anna: ", "hand Anna: KD ", 1)
    report = check_text(broken)[0].report
    assert report.status is Status.INVALID
    assert "SUIT_LETTERS" not in {f.code for f in report.findings}
    clean = check_text(TOUR)[0].report
    assert clean.status is Status.CLEAN and not clean.findings
    assert suit_letters_hint(read_one('[Suits "italian"]\n' + PINCH_ITALIAN)) is None


def test_the_command_line_shows_the_hint() -> None:
    result = CliRunner().invoke(main, ["verify", "-"], input=PINCH_ITALIAN)
    assert result.exit_code == 2
    assert 'add the tag [Suits "italian"]' in result.output
