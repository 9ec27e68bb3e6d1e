"""Garbage in: the reader reports, it never crashes; the engine judges what parses.

Contract under test: ``records.notation.read`` raises nothing in its default mode and gives
every error a 1-based line and column; with ``strict=True`` the only exception is
:class:`NotationError` (a ``ValueError`` with a ``loc``). Records that read without errors go to
their engine, whose ``verify`` must return a report, whatever the record says. Inputs include
random text and bytes, near misses of real records, odd unicode (RTL marks, combining
characters, emoji, NUL), very long lines and very long records (``MAX_RECORD_LINES``).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.notation import MAX_RECORD_LINES, NotationError, read
from records.pipeline import check_text
from records.writer import write
from scorer.games import GAMES, get_game
from scorer.report import Status

TAGS = '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Dario"]\n'
ODD = [
    "\u200f",
    "\u200e",
    "\u202e",
    "\u0301",
    "\u0308",
    "😀",
    "🂡",
    "\U0001f0e0",
    "\x00",
    "\ufeff",
    "\u00a0",
    "\u2028",
    "\u3000",
    "\ufe0f",
    "ｋ",
    "²",
    "١",
    "Ⅻ",
    "\x0b",
    "\x1c",
]
NOTATION_CHARS = list(' \t\n:.,;*?-()[]{}"=\\0123456789KQCJASBDHFRVNXIL♠♥') + ODD
WORDS = [
    "mountain",
    "keep",
    "none",
    "surrender",
    "sans-prendre",
    "announce=1",
    "discard",
    "hand",
    "call",
    "solo",
    "exchange",
    "declare",
    "claim",
    "marca",
    "Anna",
    "Zed",
    "10-tarocche",
    "mitigatti",
    "quatre-rei",
    "Fool",
    "XXI",
    "?",
    "-",
    "*KS",
    "KS(x)",
]


def lines_of(text: str) -> int:
    return len(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))


def check_read(text: str) -> list:
    """Both modes of the reader on ``text``; returns the default mode's results."""
    parsed = read(text)
    total = lines_of(text)
    for result in parsed:
        for error in result.errors:
            assert isinstance(error, NotationError)
            assert 1 <= error.loc.line <= total and error.loc.column >= 1, error
            assert str(error).startswith(f"{error.loc.line}:{error.loc.column}: ")
    try:
        strict = read(text, strict=True)
    except NotationError as error:
        assert error.loc.line >= 1 and error.loc.column >= 1
        first = next(e for r in parsed for e in r.errors)
        assert (error.loc, error.message) == (first.loc, first.message)
    else:
        assert all(r.ok for r in parsed)
        assert [r.record for r in strict] == [r.record for r in parsed]
    return parsed


def check_engine(parsed: list) -> None:
    """Every record that read cleanly and names a known game verifies without an exception."""
    for result in parsed:
        record = result.record
        if result.errors or record is None or record.game not in GAMES:
            continue
        report = get_game(record.game).verify(record)
        assert isinstance(report.status, Status)
        assert all(f.code and f.message for f in report.findings)
        if report.status in (Status.CLEAN, Status.FLAGGED) and get_game(record.game).zero_sum:
            assert sum(report.settlement) == -report.abeyance


def check_pipeline(text: str) -> None:
    """The command line's path: read and verify every record; only reports come out."""
    for checked in check_text(text):
        assert isinstance(checked.report.status, Status)
        if checked.parsed.errors:
            assert checked.report.status is Status.INVALID


# -- random text ---------------------------------------------------------------------------------
@settings(max_examples=200)
@given(st.text())
def test_random_text(text: str) -> None:
    check_engine(check_read(text))


@settings(max_examples=200)
@given(st.text(alphabet=st.sampled_from(NOTATION_CHARS), max_size=300))
def test_random_notation_characters(text: str) -> None:
    check_engine(check_read(text))
    check_engine(check_read(TAGS + text))


@settings(max_examples=150)
@given(st.binary(max_size=400), st.sampled_from(["utf-8", "latin-1", "utf-16"]))
def test_decoded_bytes(data: bytes, encoding: str) -> None:
    text = data.decode(encoding, errors="replace")
    check_engine(check_read(text))
    check_engine(check_read(TAGS + text))


@settings(max_examples=150)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(WORDS),
            st.sampled_from(ODD),
            st.text(alphabet=st.sampled_from(NOTATION_CHARS), max_size=6),
        ),
        max_size=40,
    )
)
def test_word_salad_after_tags(words: list[str]) -> None:
    text = TAGS + " ".join(words)
    check_engine(check_read(text))
    check_pipeline(text)


# -- near misses of real records -----------------------------------------------------------------
@st.composite
def near_misses(draw: st.DrawFn) -> str:
    """A random legal record's text with a few characters, tokens or lines disturbed."""
    game = draw(st.sampled_from(sorted(GAMES)))
    text = write(get_game(game).random_record(random.Random(draw(st.integers(0, 2**32)))))
    rows = text.split("\n")
    for _ in range(draw(st.integers(1, 5))):
        row = draw(st.integers(0, len(rows) - 1))
        line = rows[row]
        kind = draw(st.sampled_from(["char", "token", "line", "dup", "swap", "odd"]))
        if kind == "char" and line:
            at = draw(st.integers(0, len(line) - 1))
            new = draw(st.sampled_from(NOTATION_CHARS))
            rows[row] = line[:at] + new + line[at + draw(st.integers(0, 1)) :]
        elif kind == "token":
            tokens = line.split(" ")
            at = draw(st.integers(0, len(tokens) - 1))
            tokens[at] = draw(st.sampled_from(WORDS))
            rows[row] = " ".join(tokens)
        elif kind == "line":
            del rows[row]
        elif kind == "dup":
            rows.insert(row, line)
        elif kind == "swap":
            other = draw(st.integers(0, len(rows) - 1))
            rows[row], rows[other] = rows[other], rows[row]
        else:
            at = draw(st.integers(0, len(line)))
            rows[row] = line[:at] + draw(st.sampled_from(ODD)) + line[at:]
    return "\n".join(rows)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_misses())
def test_near_miss_records(text: str) -> None:
    parsed = check_read(text)
    check_engine(parsed)
    check_pipeline(text)


@pytest.mark.parametrize(
    "line",
    [
        "mountain ²: keep",
        "mountain ١: keep",
        "mountain 0: keep",
        "mountain 99999999999: keep",
        "claim marca: Anna",
        "claim marca: Anna +x Bruno",
        "claim marca: Zed +1 Anna -1",
        "claim marca: Anna +99999999999999999999",
        "claim points: Anna 3",
        "hand Anna: ?",
        "discard: announce=x",
        "discard: announce=999999999999999999999",
        "call: Fool",
        "solo: Zed",
        "exchange: ?",
        "declare Anna: 10-tarocche ?",
        "declare Anna: quatre-rei",
        "1. Fool Fool Fool Fool",
        "0. KS QS 2S 3S",
        "9999. KS",
        "1. ? ? ? ?",
        "1. Dario: ?",
        "1. - - *? -",
        "hand Anna: KS KS",
        "mountain 1:",
        "discard:",
    ],
)
def test_near_miss_lines(line: str) -> None:
    """Lines that read (or nearly read) but make no sense: a report, never an exception."""
    rng = random.Random(line)
    for game in ("nice4", "nice3"):
        rows = write(get_game(game).random_record(rng)).split("\n")
        for at in (4, len(rows) // 2, len(rows) - 1):
            text = "\n".join([*rows[:at], line, *rows[at:]])
            check_engine(check_read(text))
            check_pipeline(text)


def test_superscript_round_number_is_a_notation_error() -> None:
    """'²' is a digit to str.isdigit() but not to int(): the reader must reject it
    rather than hand the engine a subject it cannot read."""
    [parsed] = read(TAGS + "mountain ²: keep\n")
    assert [e.message for e in parsed.errors] == [
        "mountain needs a number before the colon, not '²'"
    ]


# -- odd unicode ---------------------------------------------------------------------------------
@pytest.mark.parametrize("odd", ODD)
def test_odd_unicode_everywhere(odd: str) -> None:
    record = write(get_game("nice4").random_record(random.Random(3)))
    rows = record.split("\n")
    variants = [
        record.replace(" ", odd + " ", 5),
        record.replace("\n", odd + "\n", 3),
        odd + record,
        "\n".join(odd.join(row[i : i + 1] for i in range(len(row))) for row in rows),
        record.replace('"Anna', '"' + odd + "Anna"),
        TAGS + f"hand Anna{odd}: KS\n1. K{odd}S QS 2S 3S\n",
        TAGS + f'[Event "{odd * 50}"]\n',
    ]
    for text in variants:
        check_engine(check_read(text))
        check_pipeline(text)


def test_nul_and_control_characters() -> None:
    text = TAGS.replace("Dario", "Da\x00rio") + "1. 7S\x00 8S AS KS\n\x00\x01\x02\n"
    check_engine(check_read(text))
    assert read(text)[0].errors


def test_bidi_marks_around_cards_are_errors_not_crashes() -> None:
    [parsed] = read(TAGS + "1. \u200fKS 8S AS KS\n")
    assert parsed.errors and parsed.errors[0].loc.line == 4


# -- size ----------------------------------------------------------------------------------------
LONG_LINE_PREFIXES = [
    "",
    "1. ",
    "1. x",
    "hand Anna",
    "hand Anna: ",
    "1. Anna",
    '[Event "',
    "claim marca: ",
]
LONG_LINE_FILLERS = [" ", "\t", "KS ", "a ", "x" * 7, "(", "*", ":", "{", ";"]


@pytest.mark.parametrize("filler", LONG_LINE_FILLERS)
@pytest.mark.parametrize("prefix", LONG_LINE_PREFIXES)
def test_very_long_lines_are_read(prefix: str, filler: str) -> None:
    """A 100,000-character line is read and judged like any other."""
    assert check_read(TAGS + prefix + filler * (100_000 // len(filler)) + "y\n")


def test_long_lines_never_hang() -> None:
    """No backtracking blow-up in the patterns (regression: lazy groups followed by \\s*
    made some lines quadratic). Every long-line case, and long runs of spaces, read in one
    child process that must finish within a liveness limit of two minutes: linear reading
    takes a few seconds in all; a quadratic pattern on 100,000 characters would take hours.
    A guard against hanging, not a speed target (speed is `tarocco bench`'s)."""
    script = f"""
from records.notation import read
TAGS = {TAGS!r}
for prefix in {LONG_LINE_PREFIXES!r}:
    for filler in {LONG_LINE_FILLERS!r}:
        read(TAGS + prefix + filler * (100_000 // len(filler)) + "y\\n")
for line in ["1. x" + " " * 50_000 + "y", "hand Anna" + " " * 50_000 + "y", "KS" * 50_000,
             "1. Anna" + " " * 50_000 + "KS"]:
    read(TAGS + line + "\\n")
print("done")
"""
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert result.returncode == 0 and result.stdout.strip() == "done", result.stderr


def test_five_thousand_lines_of_tricks() -> None:
    """Past MAX_RECORD_LINES body lines a record gets one error and the rest is skipped."""
    body = "".join(f"{n % 19 + 1}. 7S 8S AS KS\n" for n in range(5000))
    [parsed] = read(TAGS + body)
    overflow = [e for e in parsed.errors if "lines in one record" in e.message]
    assert len(overflow) == 1
    assert overflow[0].loc.line == 3 + MAX_RECORD_LINES + 1
    assert len(parsed.record.tricks) == MAX_RECORD_LINES
    report = get_game("nice4").verify(parsed.record)
    assert report.status is Status.INVALID
    with pytest.raises(NotationError, match="lines in one record"):
        read(TAGS + body, strict=True)


def test_five_thousand_lines_of_garbage() -> None:
    rng = random.Random(11)
    rows = [
        "".join(rng.choice(NOTATION_CHARS) for _ in range(rng.randint(0, 40))) for _ in range(5000)
    ]
    text = TAGS + "\n".join(rows)
    parsed = check_read(text)
    check_engine(parsed)
    assert any(r.errors for r in parsed)


def test_five_thousand_mixed_garbage_lines_are_capped() -> None:
    """Lines the fast path rejects count towards the cap too."""
    body = "".join(f"{n}. K{n}X\n" if n % 2 else f"{n}. 7S 8S AS KS\n" for n in range(5000))
    [parsed] = read(TAGS + body)
    assert sum("lines in one record" in e.message for e in parsed.errors) == 1
    assert len(parsed.errors) <= MAX_RECORD_LINES // 2 + 2


def test_many_records() -> None:
    """A file of 300 records reads as 300 records (a tag after a body starts the next one;
    tags with no body between them belong to one record, so each here has one line)."""
    one = TAGS + "".join(f'[X{i} "{i}"]\n' for i in range(7)) + "mountain 1: keep\n"
    parsed = read(one * 300)
    assert len(parsed) == 300 and all(p.ok for p in parsed)


def test_empty_and_blank_inputs() -> None:
    for text in ["", "\n", "   \n\t\n", "; only a comment\n", "{ braces }", "\r\n\r\n"]:
        assert read(text) == []
        assert read(text, strict=True) == []
        [checked] = check_text(text)
        assert checked.report.status is Status.INVALID
