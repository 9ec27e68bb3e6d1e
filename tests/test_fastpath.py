"""The reader's fast path gives exactly what its general path gives.

The reader's body block (``records.notation.Reader.body_block``) reads runs of plain trick
lines, ``N. cards`` or ``N. Leader: cards``, in one loop with their items built only when
asked; ``Reader.fast = False`` sends every line through the general path. Each test reads the
same text both ways and compares everything a caller can see: records, locations of every
line and item, and notation errors. Texts come from the seeded generators, the golden
examples, and edits of both, so that the fast path can never drift from the general one
without a failing test.

(The Nice engine's single pass, once compared here with its general replay, is gone: every
engine plays its tricks through the one loop of :mod:`scorer.games.engine`, #22.)
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from records.notation import Reader, read
from records.writer import write
from scorer.games import get_game
from scorer.record import Record, Trick
from scorer.report import Report

GAMES = ["nice4", "nice3"]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EXAMPLE_TEXTS = sorted(p for game in GAMES for p in (EXAMPLES / game).glob("*.txt"))
seeds = st.integers(min_value=0, max_value=2**32 - 1)
games = st.sampled_from(GAMES)


# -- what a caller can see ---------------------------------------------------------------------
def record_view(record: Record | None) -> object:
    """Everything of a record, locations included (record equality ignores them)."""
    if record is None:
        return None
    body = []
    for entry in record.body:
        if isinstance(entry, Trick):
            head = ("trick", entry.number, entry.leader, entry.loc, entry.has_notes)
            items = entry.plays
        else:
            head = ("line", entry.keyword, entry.subject, entry.loc)
            items = entry.items
        body.append((*head, entry.card_tuple, [(i.text, i.card, i.note, i.loc) for i in items]))
    return (record.tags, record.source, record.start, body)


def read_view(text: str, fast: bool) -> object:
    """Records and errors as read with the reader's fast path on or off."""
    previous = Reader.fast
    Reader.fast = fast
    try:
        parsed = read(text)
    finally:
        Reader.fast = previous
    return [(record_view(p.record), [(e.message, e.loc) for e in p.errors]) for p in parsed]


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


def assert_same_reading(text: str) -> None:
    assert read_view(text, fast=True) == read_view(text, fast=False)


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
def test_reader_paths_agree_on_generated_records(game: str, seed: int) -> None:
    rng = random.Random(seed)
    text = "\n".join(write(get_game(game).random_record(rng)) for _ in range(2))
    assert_same_reading(text)


@settings(max_examples=80, deadline=None)
@given(games, seeds, st.integers(1, 4), st.randoms(use_true_random=False))
def test_reader_paths_agree_on_edited_records(
    game: str, seed: int, edits: int, rng: random.Random
) -> None:
    text = write(get_game(game).random_record(random.Random(seed)))
    assert_same_reading(edited_text(text, rng, edits))


@pytest.mark.parametrize("path", EXAMPLE_TEXTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_reader_paths_agree_on_examples(path: Path) -> None:
    assert_same_reading(path.read_text())


def test_reader_edge_cases_agree() -> None:
    head = '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Dario"]\n'
    for body in [
        "1. KS QS CS JS\n2. Anna: 7S 8S 9S 10S\n",
        "1. ks qs cs js\n 2.\tdario :7S 8S\n",
        "1. KS QS CS JS\n1. KS QS CS JS\n3. AS\n",
        "hand Anna: KS\n1. KS QS\nmountain 1: keep\n2. 7S\n",
    ]:
        assert_same_reading(head + body)
    # two players whose names fold to the same: the leader resolves as on the general path
    clash = '[Game "nice4"]\n[Players "Anna, anna, Carla, Dario"]\n[Dealer "Dario"]\n'
    assert_same_reading(clash + "1. ANNA: KS QS CS JS\n")


def test_reader_takes_the_fast_path_for_plain_tricks() -> None:
    """Not vacuous: a generated record's plain trick lines are read by the trick block, whose
    tricks carry no items until asked."""
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
def test_reader_paths_agree_on_meld_lines(words: list[str]) -> None:
    """A meld line's words and cards (a token Card.parse reads though it is no plain
    spelling, like ``Ks`` or ``XXI``, is a card) read the same on both paths."""
    assert_same_reading(pinch_text_with_meld(words))


def test_reader_block_takes_meld_lines() -> None:
    """Not vacuous: a meld line between tricks is read by the block (items built when asked),
    its word kept as written and its cards in canonical form."""
    [parsed] = read(pinch_text_with_meld(["family", "ks", "QS"]))
    meld = next(line for line in parsed.record.body if getattr(line, "keyword", None) == "meld")
    assert meld._items is None
    assert [(item.text, item.card is None) for item in meld.items] == [
        ("family", True),
        ("KS", False),
        ("QS", False),
    ]


@settings(max_examples=120, deadline=None)
@given(
    st.lists(st.sampled_from(MELD_WORDS), min_size=1, max_size=5),
    st.sampled_from(["meld Anna: ", "meld Anna:\t", "3. Anna: ", "3. "]),
    st.booleans(),
)
def test_word_texts_are_the_items_without_a_card(words: list[str], head: str, fast: bool) -> None:
    """``word_texts()`` (read from a line kept as text, so no items are built) gives what
    the items say, before and after they are built, on both reader paths."""
    text = pinch_text_with_meld(words).replace("meld Anna: ", head, 1)
    Reader.fast = fast
    try:
        parsed = read(text)
    finally:
        Reader.fast = True
    for entry in parsed[0].record.body:
        kept = entry.word_texts()
        items = entry.plays if isinstance(entry, Trick) else entry.items
        assert kept == [item.text for item in items if item.card is None]
        assert entry.word_texts() == kept  # the same once the items are built
