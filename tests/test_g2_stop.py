"""G-2 as documented: the replay stops at the first impossibility, and what came before it
(the contract, the declarations accepted, the tricks) is still reported.

Each case takes a golden record and makes it impossible twice: a card exchanged between
trick 2 and trick 6 (so a player plays in trick 2 a card he does not hold), and a wrong
leader named on trick 9 (a play out of turn). Only the first, in trick 2, decides the report;
what the checker finds after it (#24.8) is marked so and changes nothing else.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from records.notation import read
from scorer.games import get_game
from scorer.report import Report, Status

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
CASES = [
    "nice4/tour.txt",
    "nice3/plain.txt",
    "minchiate/revoke.txt",
    "pinch/revoke.txt",
    "piemonte3/revoke.txt",
    "piedicavallo/vola.txt",
]


def _first_record_lines(name: str) -> list[str]:
    text = (EXAMPLES / name).read_text()
    return text.split("\n[Game")[0].split("\n")


def _trick_rows(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if re.match(r"\d+\. ", line)]


def _exchange(lines: list[str]) -> list[str]:
    """Trick 2's first card and trick 6's second card exchanged: impossible in trick 2."""
    out = list(lines)
    a, b = _trick_rows(out)[1], _trick_rows(out)[5]
    first, second = out[a].split(";")[0].split(), out[b].split(";")[0].split()
    first[1], second[2] = second[2], first[1]
    out[a], out[b] = " ".join(first), " ".join(second)
    return out


def _wrong_leader(lines: list[str], players: list[str]) -> list[str]:
    """Trick 9 with a leader named who did not win trick 8: a play out of turn."""
    row = _trick_rows(lines)[8]
    number, *cards = lines[row].split(";")[0].split()
    for name in players:
        out = list(lines)
        out[row] = f"{number} {name}: {' '.join(cards)}"
        if _errors(_verify(out)) == [("PLAY_OUT_OF_TURN", 9)]:
            return out
    raise AssertionError("no leader makes trick 9 out of turn")


def _verify(lines: list[str]) -> Report:
    parsed = read("\n".join(lines))
    assert len(parsed) == 1 and parsed[0].ok, parsed[0].errors
    record = parsed[0].record
    return get_game(record.game).verify(record)


def _errors(report: Report) -> list[tuple[str, int | None]]:
    return [(f.code, f.trick) for f in report.errors]


@pytest.mark.parametrize("name", CASES)
def test_g2_nothing_after_the_first_impossibility_counts(name: str) -> None:
    """G-2: a card not held in trick 2 is the record's first error and decides it; the
    checker goes on (#24.8) and lists the other end of the exchange, trick 6, marked after
    the first error: the status, the trick log and the payments are those of the stop. The
    play out of turn in trick 9, reported when it is the only fault, is past that second
    impossibility, where the checking ends."""
    lines = _first_record_lines(name)
    players = read("\n".join(lines))[0].record.players
    out_of_turn = _wrong_leader(lines, players)
    for text in (_exchange(lines), _exchange(out_of_turn)):
        report = _verify(text)
        assert _errors(report) == [("CARD_NOT_HELD", 2)], name  # the errors that count
        later = [f for f in report.findings if f.after_first_error]
        assert [(f.code, f.trick) for f in later if f.severity.value == "error"] == [
            ("CARD_NOT_HELD", 6)
        ], name
        first = [f for f in report.findings if not f.after_first_error]
        assert first[-1].code == "CARD_NOT_HELD" or first[-1].severity.value == "note"
        assert report.status is Status.INVALID and report.lines == []
        assert [t.number for t in report.tricks] == [1]  # the trick before is reported


def test_g2_an_invalid_nice_hand_keeps_its_contract_and_declarations() -> None:
    """G-2: the contract and the declarations came before the error; they are reported (the
    contract came out empty), though nothing is paid."""
    lines = (EXAMPLES / "nice4" / "declarations.txt").read_text().split("\n")
    clean = _verify(lines)
    row = next(i for i, line in enumerate(lines) if line.startswith("12. "))
    lines[row] = lines[row].replace("12. ", "12. Bruno: ")  # Anna won trick 11
    report = _verify(lines)
    assert _errors(report) == [("PLAY_OUT_OF_TURN", 12)]
    expected = {k: v for k, v in clean.contract.items()}
    expected["declared"] = "Anna 10-tarocche; Carla mitigatti; Bruno quatre-rei"
    assert report.contract == expected and report.lines == []
    assert len(report.tricks) == 11
