"""Every slip in one pass (#34.8): the README's tour with three slips made at the table, a
typo in a hand line (Anna's ``10B`` typed ``1OB``), a trick line left short (trick 2 with
three cards in a four-player game) and a card not held (Anna's ``2B`` of trick 6 written
``9C``, Dario's card), is reported whole in one pass, on ``POST /api/verify`` and on the
``/verify`` page, each slip at its line and column.

Before #34.8 the hand line's typo stopped the replay at the deal: the first pass showed the
typo alone, the second the short trick alone (G-2 stopped there), the third the card.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from flask.testing import FlaskClient

from records.notation import read_one
from records.pipeline import check_text
from records.slips import meant_cards, one_edit_apart
from records.writer import write
from scorer.findings import Severity
from scorer.games import get_game
from scorer.report import Report, Status

ROOT = Path(__file__).resolve().parent.parent
TOUR = (ROOT / "examples" / "nice4" / "tour.txt").read_text()
HAND = "hand Anna: AS 2S 3S 2B 5B 10B JB 2C 5C 7C 10C KC 5D 6D 7D 9D 4 11 19"


def slipped(hand_typo: str = "1OB") -> str:
    """The tour with the three slips (the hand line's typo as given)."""
    text = TOUR.replace(HAND, HAND.replace("10B", hand_typo))
    text = text.replace("2. 2D 9D QD 3D\n", "2. 2D 9D QD\n")
    text = text.replace("6. 8B AB KB 2B\n", "6. 8B AB KB 9C\n")
    assert text.count("\n") == TOUR.count("\n") and text != TOUR
    return text


#: Each slip: line, column, code, whether listed after the first error.
THREE_SLIPS = [
    (6, 27, "NOTATION", False),  # 1OB, the first error: the record cannot be read
    (18, 1, "SHORT_TRICK", True),  # trick 2, three cards
    (22, 13, "CARD_NOT_HELD", True),  # trick 6, Anna's 9C
]


def report_problems(report: Report) -> list[tuple[int, int, str, bool]]:
    return [
        (f.loc.line, f.loc.column, f.code, f.after_first_error)
        for f in report.findings
        if f.severity is not Severity.NOTE and f.loc is not None
    ]


def test_the_three_slips_are_reported_in_one_pass() -> None:
    [checked] = check_text(slipped())
    report = checked.report
    assert report_problems(report) == THREE_SLIPS
    typo, short, not_held = [f for f in report.findings if f.severity is not Severity.NOTE]
    assert typo.message == "not a card: '1OB'; did you mean 10B?"
    assert short.message == "trick 2 has 3 cards and is not the last line"
    assert not_held.message == "Anna does not hold 9C; Dario holds it"  # #32.10
    # the typo decides: the record cannot be read, nothing is scored
    assert report.status is Status.INVALID and report.lines == [] and report.tricks == []


def test_the_api_reports_the_three_slips_in_one_pass(client: FlaskClient) -> None:
    response = client.post("/api/verify", json={"text": slipped()})
    assert response.status_code == 200
    report = response.get_json()["records"][0]["report"]
    assert report["status"] == "invalid"
    found = [
        (f["line"], f["column"], f["code"], f["after_first_error"])
        for f in report["findings"]
        if f["severity"] != "note"
    ]
    assert found == THREE_SLIPS
    typo = report["findings"][0]
    assert typo["message"].endswith("did you mean 10B?")
    assert typo["facts"] == {"written": "1OB", "meant": "10B"}


def test_the_verify_page_shows_the_three_slips_in_one_pass(client: FlaskClient) -> None:
    page = client.get("/verify").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    response = client.post("/verify", data={"csrf_token": token.group(1), "text": slipped()})
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "status-invalid" in page
    for line, column, code, _after in THREE_SLIPS:
        assert f'href="#L{line}" target="_self">line {line}:{column}</a>' in page, code
        assert f"<code>{code}</code>" in page
    assert "did you mean 10B?" in page


def test_a_typo_no_card_of_the_deal_is_near_is_not_named() -> None:
    """``JDD`` is two edits from 10B, the one card the deal leaves out: not named, and the
    hand not being known, the replay stops at the deal (the notation error alone)."""
    [checked] = check_text(slipped("JDD"))
    assert report_problems(checked.report) == [(6, 27, "NOTATION", False)]
    assert checked.report.findings[0].message == "not a card: 'JDD'"


def test_two_typos_are_named_only_where_each_has_its_one_card() -> None:
    """Two cards mistyped: the deal leaves out both, each typo is named by the one of the
    two it is near; when both are near the same card, neither is named."""
    two = TOUR.replace(HAND, HAND.replace("10B", "1OB").replace("JB", "JBB"))
    [checked] = check_text(two)
    named = [f.facts.get("meant") for f in checked.report.findings if f.code == "NOTATION"]
    assert named == ["10B", "JB"]
    assert [f for f in checked.report.findings if f.after_first_error] == []  # tour is clean
    both = TOUR.replace(HAND, HAND.replace("10B", "1OB").replace("JB", "10BB"))
    parsed = read_one(both)
    assert parsed.record is not None
    assert meant_cards(parsed.record, get_game("nice4"), parsed.errors) == {}


def test_the_card_meant_is_named_in_the_records_suits() -> None:
    """In a French record the tour's 10B (batons) is written 10C (clubs)."""
    [checked] = check_text(_french_typo())
    typo = checked.report.findings[0]
    assert typo.message == "not a card: '1OC'; did you mean 10C?"
    assert typo.facts == {"written": "1OC", "meant": "10C"}


def _french_typo() -> str:
    """The tour written with French suits (its cards in French letters), with 10C typed
    1OC in Anna's hand."""
    record = read_one(TOUR).record
    assert record is not None
    text = write(replace(record, tags=(*record.tags, ("Suits", "french"))))
    hand = next(line for line in text.splitlines() if line.startswith("hand Anna:"))
    assert " 10C " in hand
    return text.replace(hand, hand.replace(" 10C ", " 1OC "))


def test_a_short_trick_alone_is_read_as_far_as_it_goes() -> None:
    """With no notation error: the short trick is the first error (G-2) and decides the
    report, as before; the card not held after it is listed, marked."""
    text = slipped().replace("1OB", "10B")
    [checked] = check_text(text)
    assert report_problems(checked.report) == [
        (18, 1, "SHORT_TRICK", False),
        (22, 13, "CARD_NOT_HELD", True),
    ]
    assert checked.report.status is Status.INVALID


def test_one_edit_apart() -> None:
    assert one_edit_apart("1ob", "10b")  # changed
    assert one_edit_apart("10bb", "10b") and one_edit_apart("0b", "10b")  # added, dropped
    assert one_edit_apart("b01", "0b1")  # swapped
    assert not one_edit_apart("10b", "10b") and not one_edit_apart("jdd", "10b")
    assert not one_edit_apart("b1o", "10b")


def test_format_names_the_card_meant_too() -> None:
    """``tarocco format`` lists the notation errors: the card meant is said there too."""
    from click.testing import CliRunner

    from tarocco.cli import main

    result = CliRunner().invoke(main, ["format", "-"], input=slipped())
    assert result.exit_code == 2
    assert result.stderr == "6:27: not a card: '1OB'; did you mean 10B?\n"
