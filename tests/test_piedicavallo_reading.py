"""Piedicavallo's remark lines as read.

A trick line whose cards carry remarks, ``4C(have none, other-colour 1)``, about six lines of
every Piedicavallo record, is scanned precisely (the reader's one tokenizer takes no
annotation in its normal case). Each test reads a text and checks what every reading must
show (``tests/readerkit.py``: each item, its note included, at its line and column, cards and
words that agree with the items, records that write back the same): generated records, the
golden examples, generated texts with their remark lines edited (commas, spaces, odd
parentheses, marks, unknown cards, leader names, comments), and hand-written lines with the
reading they must give, errors and their places included.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from readerkit import check_reading

from records.notation import read
from records.writer import write
from scorer.games import get_game
from scorer.record import Record

GAME = get_game("piedicavallo")
EXAMPLES = sorted(
    (Path(__file__).resolve().parent.parent / "examples" / "piedicavallo").glob("*.txt")
)
HEAD = '[Game "piedicavallo"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Bruno"]\n'
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def noted(line: str) -> bool:
    """A trick line with a remark on one of its cards."""
    return line[:1].isdigit() and "(" in line


#: Edits of one remark line: what the noted path must read as the token pattern does, or
#: leave to it (spacing, marks, commas, odd parentheses, unknown cards, names, comments).
NOTE_EDITS = [
    lambda line: "  " + line,
    lambda line: "\t" + line + "  \t",
    lambda line: line.lower(),
    lambda line: line.upper(),
    lambda line: line.replace(". ", ".    ", 1),
    lambda line: line.replace(". ", ") ", 1),
    lambda line: line.replace(". ", ".", 1),
    lambda line: line.replace(" ", "  "),
    lambda line: line.replace(" ", "\t"),
    lambda line: line.replace(" ", "\u00a0", 2),
    lambda line: line.replace(" ", "\x1c", 2),
    lambda line: line.replace(". ", ". Anna: ", 1),
    lambda line: line.replace(". ", ". bruno : ", 1),
    lambda line: line.replace(". ", ". Zed: ", 1),
    lambda line: line.replace(". ", ". Anna Maria: ", 1),
    lambda line: line.replace(". ", ". : ", 1),
    lambda line: line.replace(")", ": x)", 1),
    lambda line: line.replace("(", " (", 1),
    lambda line: line.replace("(", "((", 1),
    lambda line: line.replace(")", "))", 1),
    lambda line: line.replace(")", ")(", 1),
    lambda line: line.replace(")", ")(win-this)", 1),
    lambda line: line.replace(")", "", 1),
    lambda line: line.replace("(", "", 1),
    lambda line: line.replace("(", "(a(b ", 1),
    lambda line: line.replace("(", "()", 1),
    lambda line: line[: line.index("(") + 1] + ")" if "(" in line else line,
    lambda line: line.replace(",", ";", 1),
    lambda line: line.replace(", ", ",", 1),
    lambda line: line.replace("(", "(have 5Z, ", 1),
    lambda line: line.replace("(", "(play XXI, ", 1),
    lambda line: line.replace("(", "(\t", 1),
    lambda line: line.replace(") ", ")", 1),
    lambda line: line + ", 3S",
    lambda line: line + " ,",
    lambda line: line + " *",
    lambda line: line + " ?",
    lambda line: line + " -",
    lambda line: line + " KX",
    lambda line: line + " 5♥",
    lambda line: line + " fool",
    lambda line: line + " announce=1",
    lambda line: line + "(more)",
    lambda line: line + " (more)",
    lambda line: line + " ; a comment",
    lambda line: line + " {brace (x)}",
    lambda line: line + ":",
    lambda line: "*" + line,
    lambda line: line.replace(" ", " *", 1),
    lambda line: line.replace("(", "*(", 1),
    lambda line: line.replace(" ", " ?", 1),
    lambda line: line.replace(" ", " - ", 1),
    lambda line: line.split("(")[0],
    lambda line: line.split(" ", 1)[0],
    lambda line: "99999. " + line,
    lambda line: "",
    lambda line: line + "\n" + line,
]


def edited(text: str, rng: random.Random, edits: int) -> str:
    """``text`` with ``edits`` random edits of its remark lines (any line if it has none)."""
    lines = text.split("\n")
    for _ in range(edits):
        targets = [i for i, line in enumerate(lines) if noted(line)] or list(range(len(lines)))
        index = rng.choice(targets)
        lines[index] = rng.choice(NOTE_EDITS)(lines[index])
    return "\n".join(lines)


def generated(seed: int) -> str:
    return write(GAME.random_record(random.Random(seed)))


# -- the reader --------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seeds)
def test_reader_reads_generated_records(seed: int) -> None:
    rng = random.Random(seed)
    check_reading("\n".join(write(GAME.random_record(rng)) for _ in range(2)))


@settings(max_examples=100, deadline=None)
@given(seeds, st.integers(1, 4), st.randoms(use_true_random=False))
def test_reader_reads_edited_remark_lines(seed: int, edits: int, rng: random.Random) -> None:
    check_reading(edited(generated(seed), rng, edits))


@pytest.mark.parametrize("edit", range(len(NOTE_EDITS)))
def test_reader_reads_each_edit(edit: int) -> None:
    """Every edit at least once, on every remark line of some records."""
    for seed in range(3):
        lines = generated(seed).split("\n")
        assert any(noted(line) for line in lines)
        check_reading("\n".join(NOTE_EDITS[edit](line) if noted(line) else line for line in lines))


@pytest.mark.parametrize("style", ["italian", "french", "symbols"])
def test_reader_reads_every_suit_style(style: str) -> None:
    """Remark lines' cards are read in the record's own spellings (``[Suits ...]``)."""
    for seed in range(3):
        record = GAME.random_record(random.Random(seed))
        text = write(Record((*record.tags, ("Suits", style)), record.body))
        body = text.split("\n\n", 1)[1]
        assert (style == "italian") == (body == write(record).split("\n\n", 1)[1])
        check_reading(text)
        [parsed] = read(text)
        assert parsed.ok and parsed.record.body == record.body


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_reader_reads_examples(path: Path) -> None:
    check_reading(path.read_text())


#: Hand-written remark lines, odd ones included, each item checked at its place.
CRAFTED = [
    "1. KS QS(have CS +1) CS JS",
    "1. KS(a) QS(b) CS(c) JS(d)",
    "1. KS(a)QS(b) CS JS",
    "1. KS() QS CS JS",
    "1. KS( ) QS CS JS",
    "1. KS(have 9S CS +1, sleeping none) QS CS JS",
    "1. KS(have 9S CS +1; sleeping none) QS CS JS",
    "1. KS(a, b,, c ,) QS CS JS",
    "1. KS(  spaced   out  ) QS CS JS",
    "1. KS(a(b) QS CS JS",
    "1. KS(a(b)c) QS CS JS",
    "1. KS(a)) QS CS JS",
    "1. KS((a) QS CS JS",
    "1. KS(a)(b) QS CS JS",
    "1. KS (a) QS CS JS",
    "1. KS(a QS CS JS",
    "1. KS QS CS JS(a",
    "1. KS QS CS JS)",
    "1. (a) KS QS CS JS",
    "1. KS QS CS JS (a)",
    "1. KS(have 5Z) QS CS JS",
    "1. KZ(have KS) QS CS JS",
    "1. KS(have KS) ? CS JS",
    "1. KS(have KS) QS - JS",
    "1. KS(have KS) QS CS *JS",
    "1. *KS(have KS) QS CS JS",
    "1. KS(have KS), QS, CS, JS",
    "1. KS(have KS) QS CS JS,",
    "1. KS(have KS) QS CS JS x=1",
    "1. ks(have ks) qs cs js",
    "1. 21(have 18 Fool +4) 20 19 Fool",
    "1. xxi(have 18) XX 19 fool",
    "1. KS(a)\tQS  CS\u00a0JS(b)",
    "1. KS(a)\x1cQS CS JS",
    "1. Anna: KS(have CS) QS CS JS",
    "1. anna : KS(have CS) QS CS JS",
    "1. Zed: KS(have CS) QS CS JS",
    "1. Anna Maria: KS(have CS) QS CS JS",
    "1. : KS(have CS) QS CS JS",
    "1. KS(note: with a colon) QS CS JS",
    "1. Anna: KS(note: with a colon) QS CS JS",
    "1. KS(x) QS CS JS ; a comment (y)",
    "1. KS(x; y) QS CS JS",
    "1. KS(x) QS {brace} CS JS",
    "1) KS(x) QS CS JS",
    "1.KS(x) QS CS JS",
    "   1.  KS(x)   QS   CS   JS   ",
    "99999. KS(x) QS CS JS",
    "1. KS(x)",
    "1. ( )",
]


@pytest.mark.parametrize("line", CRAFTED)
def test_reader_reads_crafted_lines(line: str) -> None:
    check_reading(HEAD + "hand Anna: KS\n" + line + "\n2. 7S 8S(y) 9S 10S\n")


def test_reader_leaders_whose_names_clash() -> None:
    """Two players whose names fold to the same: a remark line's leader is the seat of the
    later of the two names, by its place in the Players tag, and the record reports the
    clash."""
    clash = '[Game "piedicavallo"]\n[Players "Anna, anna, Carla, Dario"]\n[Dealer "Dario"]\n'
    for line in [
        "1. ANNA: KS(have CS) QS CS JS",
        "1. anna: KS(x) QS(y) CS JS",
        "1. Carla: KS(x) QS CS JS",
        "1. Dario : KS(x) QS CS JS",
    ]:
        check_reading(clash + line + "\n")
    [parsed] = read(clash + "1. anna: KS(x) QS CS JS\n")
    assert [error.message for error in parsed.errors] == ["two players have the same name"]
    for name in ("anna", "Anna", "ANNA"):
        [parsed] = read(clash + f"1. {name}: KS(x) QS CS JS\n")
        assert parsed.record.tricks[0].leader == 1


def test_noted_line_reads_notes_and_columns() -> None:
    """Each card with its note, at its column."""
    [parsed] = read(HEAD + "3. Anna: KS(have 9S, +1)  QS\tCS(win-this)JS\n")
    assert parsed.ok
    [trick] = parsed.record.tricks
    assert (trick.number, trick.leader, tuple(trick.loc)) == (3, 0, (4, 1))
    assert [(i.text, i.note, tuple(i.loc)) for i in trick.plays] == [
        ("KS", "have 9S, +1", (4, 10)),
        ("QS", None, (4, 27)),
        ("CS", "win-this", (4, 30)),
        ("JS", None, (4, 42)),
    ]
    assert trick.has_notes and trick.card_tuple == tuple(i.card for i in trick.plays)


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        ("1. KS (a) QS CS JS", "unexpected '('", 7),
        ("1. KS(a)(b) QS CS JS", "unexpected '('", 9),
        ("1. KS(a)) QS CS JS", "unexpected ')'", 9),
        ("1. KZ(a) QS CS JS", "not a card", 4),
        ("1. Zed: KS(a) QS CS JS", "'Zed' is not one of the players", 4),
        ("1. KS(note: x) QS CS JS", "is not one of the players", 4),
    ],
)
def test_noted_line_errors_and_their_places(line: str, message: str, column: int) -> None:
    """A remark line's error, at its line:column."""
    [parsed] = read(HEAD + line + "\n")
    assert len(parsed.errors) == 1 and message in parsed.errors[0].message, parsed.errors
    assert tuple(parsed.errors[0].loc) == (4, column)
