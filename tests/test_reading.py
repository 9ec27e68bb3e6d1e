"""The reader's one tokenizer: what every reading must show.

The reader (``records.notation``) has one tokenizer: a line of plain tokens is kept as its
cards and text, its items built when asked; any other line is scanned precisely. These tests
check what every reading must show (``tests/readerkit.py``: each item at its token's column,
cards and words that agree with the items, records that write back the same) on generated
records, the golden examples and edited texts, and the readings of hand-written lines.
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
from scorer.findings import Loc
from scorer.games import get_game
from scorer.record import Trick
from scorer.report import Report

GAMES = ["nice4", "nice3"]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EXAMPLE_TEXTS = sorted(p for game in GAMES for p in (EXAMPLES / game).glob("*.txt"))
seeds = st.integers(min_value=0, max_value=2**32 - 1)
games = st.sampled_from(GAMES)


# -- what a caller can see ---------------------------------------------------------------------
def report_view(report: Report) -> object:
    """Every field of a report, the trick log with its plays and flags included (other
    games' tests compare reports with it)."""
    tricks = [
        (t.number, t.leader, t.cards, t.winner, t.points, t.flags, t.players, t.seats, t.plays)
        for t in report.tricks
    ]
    return (
        report.game,
        report.players,
        report.dealer,
        report.findings,
        tricks,
        report.hands,
        report.discard,
        report.stock,
        report.draws,
        report.contract,
        report.sides,
        report.lines,
        report.unit,
        report.complete,
        report.thrown_in,
        report.abeyance,
        report.sole_top,
        report.status,
        report.settlement,
    )


# -- the reader --------------------------------------------------------------------------------
TRICK_EDITS = [
    lambda line, rng: "  " + line,
    lambda line, rng: "\t" + line + "  \t",
    lambda line, rng: line.lower(),
    lambda line, rng: line.replace(". ", ".    ", 1),
    lambda line, rng: line.replace(". ", ") ", 1),
    lambda line, rng: line.replace(". ", ".", 1),
    lambda line, rng: line.replace(". ", ". Anna: ", 1),
    lambda line, rng: line.replace(". ", ". bruno : ", 1),
    lambda line, rng: line.replace(". ", ". Zed: ", 1),
    lambda line, rng: line.replace(". ", ". Anna Maria: ", 1),
    lambda line, rng: line.replace(". ", ". : ", 1),
    lambda line, rng: line + " ; a comment",
    lambda line, rng: line + " {brace}",
    lambda line, rng: line + "(mitigatti)",
    lambda line, rng: line + " ?",
    lambda line, rng: line + " KX",
    lambda line, rng: line + ", 3S",
    lambda line, rng: line + " -",
    lambda line, rng: line + ":",
    lambda line, rng: "*" + line,
    lambda line, rng: line.replace(" ", " *", 1),
    lambda line, rng: "99999. " + line,
    lambda line, rng: "0" + line,
    lambda line, rng: line.replace(" ", " XXI ", 1),
    lambda line, rng: line.replace(" ", "\u00a0", 1),
    lambda line, rng: line.replace(" ", "\u2028", 1),
    lambda line, rng: line + "\u3000",
    lambda line, rng: line.replace(". ", ".\t", 1),
    lambda line, rng: line.replace(". ", ". \t", 1),
    lambda line, rng: "\u0661" + line[1:],  # an Arabic-Indic digit: a number to the pattern
    lambda line, rng: "1" + line,
    lambda line, rng: line.split(" ", 1)[0],
    lambda line, rng: "",
    lambda line, rng: '[Game "nice4"]',
    lambda line, rng: line + "\n" + line,
    lambda line, rng: " ".join("?" if i == 1 else t for i, t in enumerate(line.split(" "))),
    lambda line, rng: " ".join(t if i < 3 else "?" for i, t in enumerate(line.split(" "))),
]


def edited_text(text: str, rng: random.Random, edits: int) -> str:
    """``text`` with ``edits`` random edits of its lines, mostly trick lines."""
    lines = text.split("\n")
    for _ in range(edits):
        tricks = [i for i, line in enumerate(lines) if line[:1].isdigit()]
        index = rng.choice(tricks) if tricks and rng.random() < 0.8 else rng.randrange(len(lines))
        lines[index] = rng.choice(TRICK_EDITS)(lines[index], rng)
    return "\n".join(lines)


@settings(max_examples=40, deadline=None)
@given(games, seeds)
def test_reader_reads_generated_records(game: str, seed: int) -> None:
    rng = random.Random(seed)
    text = "\n".join(write(get_game(game).random_record(rng)) for _ in range(2))
    assert all(parsed.ok for parsed in check_reading(text))


@settings(max_examples=80, deadline=None)
@given(games, seeds, st.integers(1, 4), st.randoms(use_true_random=False))
def test_reader_reads_edited_records(game: str, seed: int, edits: int, rng: random.Random) -> None:
    text = write(get_game(game).random_record(random.Random(seed)))
    check_reading(edited_text(text, rng, edits))


@pytest.mark.parametrize("path", EXAMPLE_TEXTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_reader_reads_examples(path: Path) -> None:
    check_reading(path.read_text())


def test_reader_edge_cases() -> None:
    """Spacing, case, a leader's name, repeated numbers: each line read with its places."""
    head = '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Dario"]\n'
    for body in [
        "1. KS QS CS JS\n2. Anna: 7S 8S 9S 10S\n",
        "1. ks qs cs js\n 2.\tdario :7S 8S\n",
        "1. KS QS CS JS\n1. KS QS CS JS\n3. AS\n",
        "hand Anna: KS\n1. KS QS\nmountain 1: keep\n2. 7S\n",
    ]:
        [parsed] = check_reading(head + body)
        assert parsed.ok
    [parsed] = check_reading(head + "1. ks qs cs js\n 2.\tdario :7S 8S\n")
    first, second = parsed.record.tricks
    assert [str(card) for card in first.card_tuple] == ["KS", "QS", "CS", "JS"]
    assert (second.number, second.leader, second.loc) == (2, 3, Loc(5, 2))
    assert [item.loc for item in second.plays] == [Loc(5, 12), Loc(5, 15)]


def test_reader_leader_whose_name_two_players_share() -> None:
    """Two players whose names fold to the same (an error of the tags): a trick's leader
    named so is the seat of the later name, on a plain line as on one scanned precisely."""
    clash = '[Game "nice4"]\n[Players "Anna, anna, Carla, Dario"]\n[Dealer "Dario"]\n'
    [parsed] = check_reading(clash + "1. ANNA: KS QS CS JS\n2. ANNA: KS(x) QS CS JS\n")
    assert [str(e) for e in parsed.errors] == ["2:11: two players have the same name"]
    assert [trick.leader for trick in parsed.record.tricks] == [1, 1]


def test_reader_keeps_plain_tricks_as_text() -> None:
    """Not vacuous: a generated record's plain trick lines are kept as their cards and text,
    with no items until asked (the reader's normal case)."""
    text = write(get_game("nice4").random_record(random.Random(5)))
    [parsed] = read(text)
    plain = [t for t in parsed.record.tricks if t._items is None]
    assert len(plain) >= 15


# -- mixed lines (pinch melds) in the body block -----------------------------------------------
MELD_WORDS = [
    "family",
    "Family",
    "three",
    "four",
    "gatti",
    "trumps",
    "KS",
    "Ks",
    "XXI",
    "K♠",
    "0",
    "Fool",
    "E",
    "T",
    "?",
    "KX",
    "k=v",
    "family(x)",
    "*KS",
    "three,",
]


def pinch_text_with_meld(words: list[str]) -> str:
    """A generated pinch record with a meld line of ``words`` after the third trick's draws."""
    text = write(get_game("pinch").random_record(random.Random(11)))
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("4. "))
    lines.insert(at, "meld Anna: " + " ".join(words))
    return "\n".join(lines)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(MELD_WORDS), min_size=1, max_size=5))
def test_reader_reads_meld_lines(words: list[str]) -> None:
    """A meld line's words and cards (a token Card.parse reads though it is no plain
    spelling, like ``Ks`` or ``XXI``, is a card), each at its place."""
    check_reading(pinch_text_with_meld(words))


def test_reader_meld_line_words_and_cards() -> None:
    """A meld line of words and card spellings is kept as text (items built when asked), its
    word kept as written and its cards in canonical form; a spelling only Card.parse reads
    (``K♠``) is a card as well."""
    [parsed] = read(pinch_text_with_meld(["family", "ks", "QS"]))
    meld = next(line for line in parsed.record.body if getattr(line, "keyword", None) == "meld")
    assert meld._items is None
    assert [(item.text, item.card is None) for item in meld.items] == [
        ("family", True),
        ("KS", False),
        ("QS", False),
    ]
    [parsed] = read(pinch_text_with_meld(["family", "K♠"]))
    meld = next(line for line in parsed.record.body if getattr(line, "keyword", None) == "meld")
    assert [(item.text, item.card is None) for item in meld.items] == [
        ("family", True),
        ("KS", False),
    ]


@settings(max_examples=120, deadline=None)
@given(
    st.lists(st.sampled_from(MELD_WORDS), min_size=1, max_size=5),
    st.sampled_from(["meld Anna: ", "meld Anna:\t", "3. Anna: ", "3. "]),
)
def test_word_texts_are_the_items_without_a_card(words: list[str], head: str) -> None:
    """``word_texts()`` (read from a line kept as text, so no items are built) gives what
    the items say, before and after they are built."""
    text = pinch_text_with_meld(words).replace("meld Anna: ", head, 1)
    parsed = read(text)
    for entry in parsed[0].record.body:
        kept = entry.word_texts()
        items = entry.plays if isinstance(entry, Trick) else entry.items
        assert kept == [item.text for item in items if item.card is None]
        assert entry.word_texts() == kept  # the same once the items are built
