"""Every mistake at once (#24.8): a card that cannot be read is read as unknown (``?``) and the
record is replayed past it; every notation error is listed; after the first impossible play
(G-2) the checker goes on, as a compiler does, and lists further problems marked "after the
first error", while the status, the trick log and the score stay those of the first error.

The record is a real pinch hand (``examples/pinch/fool-lost.txt``, clean) copied with five
slips (``pinchkit.FIVE_SLIPS``): two revokes around a card its player does not hold, and two
notation typos. Before #24.8 a pass showed the two typos alone; mended, the first revoke and
the impossible play; the revoke after it never.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from flask.testing import FlaskClient
from pinchkit import FIVE_SLIP_PLACES, FIVE_SLIPS, with_slips

from records.notation import read_one
from records.pipeline import check_text
from scorer.findings import Severity
from scorer.games import get_game
from scorer.report import Report, Status
from tarocco.cli import main

#: The slips in the play alone (the revoke of trick 7, Bruno's 21 in trick 9, the revoke of
#: trick 14), without the typos.
PLAY_SLIPS = FIVE_SLIPS[:5]


def problems(report: Report) -> list[tuple[int, int, str, bool]]:
    """Each error and violation: its line and column, code, and whether after the first error."""
    return [
        (f.loc.line, f.loc.column, f.code, f.after_first_error)
        for f in report.findings
        if f.severity is not Severity.NOTE and f.loc is not None
    ]


def test_five_slips_are_all_reported_in_one_pass() -> None:
    [checked] = check_text(with_slips())
    report = checked.report
    assert problems(report) == [
        (77, 8, "NOTATION", False),  # the notation errors decide: the record cannot be read
        (100, 8, "NOTATION", False),
        # found by the replay past the unknown cards: listed after the first error, never
        # above it, though they stand earlier in the text (#32.10)
        (32, 7, "MUST_FOLLOW_SUIT", True),
        (38, 4, "CARD_NOT_HELD", True),
        (53, 8, "MUST_FOLLOW_SUIT", True),
    ]
    assert sorted((line, column) for line, column, _c, _a in problems(report)) == [
        (line, column) for line, column, _token in FIVE_SLIP_PLACES
    ]
    # still a record that cannot be read: invalid, nothing scored, no trick log
    assert report.status is Status.INVALID and report.lines == [] and report.tricks == []
    assert [e.message for e in checked.parsed.errors] == [
        "not a card: '1OH'",
        "not a card: 'JDD'",
    ]


def test_a_trick_line_is_played_past_its_unreadable_card() -> None:
    """Anna's 7C of trick 3 mistyped: the play goes on past it (her hand unknown from then
    on: the card she played there is not known), and Bruno's 21 of trick 9 is found."""
    typo = ("3. 7C 6C", "3. 7CC 6C")
    [checked] = check_text(with_slips([typo, FIVE_SLIPS[2]]))
    assert problems(checked.report) == [
        (20, 4, "NOTATION", False),
        (38, 4, "CARD_NOT_HELD", True),
    ]


def test_the_record_itself_knows_its_unreadable_cards() -> None:
    """No mode of the replay: the record read keeps where its text held a card it could not
    read (``Record.unreadable``), so a game's own ``verify`` plays past it as the pipeline
    does, and finds Bruno's 21 of trick 9."""
    parsed = read_one(with_slips([("3. 7C 6C", "3. 7CC 6C"), FIVE_SLIPS[2]]))
    assert parsed.record is not None
    assert parsed.record.unreadable == {error.loc for error in parsed.errors}
    report = get_game("pinch").verify(parsed.record)
    assert [(f.loc, f.code) for f in report.findings if f.code == "CARD_NOT_HELD"] == [
        ((38, 4), "CARD_NOT_HELD")
    ]


def test_an_unknown_card_written_as_such_still_ends_the_play() -> None:
    """A ``?`` written in the record is a partial record's (G-2): verified as far as it
    goes, nothing after it, as before #24.8."""
    report = verify(with_slips([("3. 7C 6C", "3. ? 6C"), FIVE_SLIPS[2]]))
    assert report.status is Status.PARTIAL and problems(report) == []
    assert [f.code for f in report.findings if f.code == "UNKNOWN_CARD"] == ["UNKNOWN_CARD"]


def test_a_line_that_cannot_be_read_at_all_is_not_replayed_without() -> None:
    """A line left out (not a card typo) would make the replay blame what follows it: the
    record is then not replayed, and its notation error is all there is."""
    text = with_slips([*PLAY_SLIPS, ("22. 2H 10H", "22. 2H 10H(")])
    [checked] = check_text(text)
    assert problems(checked.report) == [(77, 11, "NOTATION", False)]


HAND = "hand Anna: 3S 9S 7C 10C JC KH 5D 7D 10D KD 3 5 7 11 17"


def test_a_hand_line_with_an_unreadable_card_stops_the_replay_at_the_deal() -> None:
    """A card of a hand that the rest of the deal does not fix (``ZZ`` is no card's near
    miss): the hand is not known, so nothing is checked against it; the replay's word at
    the unknown card repeats the notation error and is left out."""
    [checked] = check_text(with_slips([(HAND, HAND.replace("9S", "ZZ")), *PLAY_SLIPS]))
    assert problems(checked.report) == [(11, 15, "NOTATION", False)]
    assert checked.report.findings[0].message == "not a card: 'ZZ'"
    assert checked.parsed.record is not None  # kept, with ? for the card


def test_a_hand_line_typo_the_deal_fixes_is_named_and_replayed_past() -> None:
    """#34.8: ``9SS`` in Anna's hand, where the deal (the hands and the stock: the whole
    pack) leaves out only 9S, one letter away: named ("did you mean 9S?"), and the record
    is replayed with it, so the slips of the play show in the same pass."""
    [checked] = check_text(with_slips([(HAND, HAND.replace("9S", "9SS")), *PLAY_SLIPS]))
    report = checked.report
    assert problems(report) == [
        (11, 15, "NOTATION", False),
        (32, 7, "MUST_FOLLOW_SUIT", True),
        (38, 4, "CARD_NOT_HELD", True),
        (53, 8, "MUST_FOLLOW_SUIT", True),
    ]
    typo = report.findings[0]
    assert typo.message == "not a card: '9SS'; did you mean 9S?"
    assert [str(card) for card in typo.cards] == ["9S"]
    assert typo.facts == {"written": "9SS", "meant": "9S"}
    assert report.status is Status.INVALID and report.lines == []  # the typo still decides


def verify(text: str) -> Report:
    record = read_one(text, strict=True).record
    assert record is not None
    return get_game(record.game).verify(record)


def trick_log(report: Report) -> list[tuple[object, ...]]:
    return [(t.number, t.leader, t.cards, t.winner, t.points) for t in report.tricks]


def test_after_the_first_impossible_play_the_checker_goes_on() -> None:
    """The revoke of trick 7 is a violation (G-1); Bruno's 21 in trick 9 is the first error
    (G-2) and decides the report; the revoke of trick 14 is listed after it, marked, and
    changes nothing else: the report is the one of the record without that revoke."""
    report = verify(with_slips(PLAY_SLIPS))
    assert problems(report) == [
        (32, 7, "MUST_FOLLOW_SUIT", False),
        (38, 4, "CARD_NOT_HELD", False),
        (53, 8, "MUST_FOLLOW_SUIT", True),
    ]
    without = verify(with_slips(PLAY_SLIPS[:3]))
    assert [f for f in report.findings if not f.after_first_error] == without.findings
    assert report.status is without.status is Status.INVALID
    assert trick_log(report) == trick_log(without)
    assert [t.number for t in report.tricks] == list(range(1, 9))
    assert report.lines == without.lines == [] and report.settlement == without.settlement
    assert report.draws == without.draws and report.hands == without.hands


def test_the_api_marks_what_was_found_after_the_first_error(client: FlaskClient) -> None:
    response = client.post("/api/verify", json={"text": with_slips(PLAY_SLIPS)})
    assert response.status_code == 200
    [record] = response.get_json()["records"]
    assert record["report"]["status"] == "invalid"
    found = [(f["code"], f["line"], f["after_first_error"]) for f in record["report"]["findings"]]
    assert [f for f in found if f[0] != "UNDECLARED_MELD"] == [
        ("MUST_FOLLOW_SUIT", 32, False),
        ("CARD_NOT_HELD", 38, False),
        ("MUST_FOLLOW_SUIT", 53, True),
    ]
    schema = client.get("/api/openapi.json").get_json()["components"]["schemas"]["Finding"]
    assert schema["properties"]["after_first_error"]["type"] == "boolean"


def test_the_command_line_says_after_the_first_error(tmp_path: Path) -> None:
    path = tmp_path / "slips.txt"
    path.write_text(with_slips(), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if "after the first error" in line]
    assert [line.split()[0] for line in lines] == ["32:7,", "38:4,", "53:8,"]
    assert "77:8" in result.output and "not a card: '1OH'" in result.output
