"""Pinch's records as read, and the engine's fast path against its general one.

* The reader keeps plain trick lines and plain ``keyword Name: cards`` lines (the ``draw``
  lines, about half of a pinch record) as their cards and text (the one tokenizer's normal
  case); its tests check what every reading must show (``tests/readerkit.py``).
* The engine's single pass (``scorer.games.pinch.play.PinchReplay.single_pass``) replays the usual
  tricks and draws inline and hands everything else to the general methods;
  ``Pinch.verify_general`` replays every line through them.

Each engine test verifies the same text both ways and compares everything a caller can see
(the views of ``tests/test_fastpath.py``); each reader test checks every item at its place:
generated records, the golden examples, records
with lines mutated (swapped, dropped, repeated, cards replaced, contents exchanged), texts
with edited draw and trick lines, records without their stock or hand lines. Two tests check
that the fast paths really run, so the comparisons are never vacuous.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from linekit import body_lines, edit_lines
from readerkit import check_reading
from test_fastpath import report_view

from records.notation import read
from records.writer import write
from scorer.cards import FOOL
from scorer.games import get_game
from scorer.games.pinch import PinchReplay

GAME = get_game("pinch")
EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "pinch").glob("*.txt"))
seeds = st.integers(min_value=0, max_value=2**32 - 1)

#: Edits of one body line: spacing, case, names, comments, marks, unknown or extra cards.
LINE_EDITS = [
    lambda line: "  " + line,
    lambda line: line + "  ",
    lambda line: line + "\t",
    lambda line: line.lower(),
    lambda line: line.upper(),
    lambda line: line.replace(": ", ":", 1),
    lambda line: line.replace(": ", " : ", 1),
    lambda line: line.replace(": ", ":\t", 1),
    lambda line: line.replace(": ", ":  ", 1),
    lambda line: line.replace(": ", ": \u3000", 1),
    lambda line: line.replace(":", "::", 1),
    lambda line: line.replace(" ", "\u2028", 1),
    lambda line: line + "\u2028",
    lambda line: line.replace(" ", "  ", 1),
    lambda line: line.replace(" ", "\t", 1),
    lambda line: line.replace("Anna", "anna").replace("Bruno", "BRUNO"),
    lambda line: line.replace("Anna", "Zed"),
    lambda line: line.replace("Bruno", "Bruno Maria"),
    lambda line: line.replace(":", "", 1),
    lambda line: line.replace("draw ", "draw: ", 1),
    lambda line: line.replace("draw ", "drew ", 1),
    lambda line: line.replace("draw ", "Draw ", 1),
    lambda line: line.replace("draw ", "cover ", 1),
    lambda line: line.replace("draw ", "meld ", 1),
    lambda line: line.replace("draw ", "hand ", 1),
    lambda line: line.replace("draw ", "stock ", 1),
    lambda line: line.replace("draw ", "claim ", 1),
    lambda line: line + " ; a comment",
    lambda line: line + " {brace}",
    lambda line: line + "(note)",
    lambda line: line + " ?",
    lambda line: line + " KX",
    lambda line: line + " 7S",
    lambda line: line + ", 3S",
    lambda line: line + " -",
    lambda line: line + ":",
    lambda line: line + " x=1",
    lambda line: "*" + line,
    lambda line: line.rsplit(" ", 1)[0] + " ?",
    lambda line: line.rsplit(" ", 1)[0] + " XXI",
    lambda line: line.rsplit(" ", 1)[0] + " 5♥",
    lambda line: line.rsplit(" ", 1)[0] + " fool",
    lambda line: line.rsplit(" ", 1)[0],
    lambda line: line.replace(" ", "\u00a0", 1),
    lambda line: line.replace(". ", ". Anna: ", 1),
    lambda line: line.replace(". ", ". Bruno: ", 1),
    lambda line: "",
    lambda line: line + "\n" + line,
    lambda line: '[Game "pinch"]',
]


def edited(text: str, rng: random.Random, edits: int) -> str:
    """``text`` with ``edits`` random edits of its body lines, mostly draw lines."""
    lines = text.split("\n")
    for _ in range(edits):
        draws = [i for i, line in enumerate(lines) if line.startswith("draw ")]
        body = [i for i, line in enumerate(lines) if line and not line.startswith("[")]
        index = rng.choice(draws) if draws and rng.random() < 0.7 else rng.choice(body)
        lines[index] = rng.choice(LINE_EDITS)(lines[index])
    return "\n".join(lines)


def mutated(text: str, rng: random.Random, count: int) -> str:
    """Whole-line mutations, as in ``test_pinch_properties.test_mutations_never_crash``."""
    lines = text.splitlines()
    for _ in range(count):
        body = body_lines(lines)
        i, j = rng.choice(body), rng.choice(body)
        kind = rng.choice(("swap", "drop", "dup", "card", "move", "nostock", "nohand"))
        if edit_lines(lines, kind, i, j):
            continue
        if kind == "card":
            tokens = lines[i].split(" ")
            tokens[-1] = rng.choice(["5H", "21", "20", "Fool", "KS", "?", "1", "QD", "AC"])
            lines[i] = " ".join(tokens)
        else:
            prefix = "stock" if kind == "nostock" else "hand " + rng.choice(("Anna", "Bruno"))
            lines = [line for line in lines if not line.startswith(prefix)]
    return "\n".join(lines) + "\n"


def generated(seed: int, count: int = 1) -> str:
    rng = random.Random(seed)
    return "\n".join(write(GAME.random_record(rng)) for _ in range(count))


def assert_same_reports(text: str) -> None:
    """Read ``text`` (with the checks of every reading) and verify each pinch record both
    ways: the reports must agree in every field."""
    check_reading(text)
    for parsed in read(text):
        record = parsed.record
        if record is None or record.game != "pinch" or parsed.errors:
            continue
        for options in (None, {"overtrump": "required"}, {"pip-order": "historic"}):
            assert report_view(GAME.verify(record, options)) == report_view(
                GAME.verify_general(record, options)
            )


# -- the reader --------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seeds)
def test_reader_reads_generated_pinch_records(seed: int) -> None:
    check_reading(generated(seed, 2))


@settings(max_examples=80, deadline=None)
@given(seeds, st.integers(1, 5), st.randoms(use_true_random=False))
def test_reader_reads_edited_pinch_records(seed: int, edits: int, rng: random.Random) -> None:
    check_reading(edited(generated(seed), rng, edits))


def test_reader_edge_cases_for_section_lines() -> None:
    head = '[Game "pinch"]\n[Players "Anna, Bruno"]\n[Dealer "Anna"]\n'
    for body in [
        "draw Anna: 7S\n",
        "draw Anna: 7S 8S\n",
        "draw anna :7S\n1. 7S 8S\n",
        "draw Anna:  7S\ndraw Bruno:\t7S\n",
        "draw Anna Bruno: 7S\n",
        "draw Anna: 7S\x0b\n",
        "draw Anna:\x0b7S\n",
        "draw\x0bAnna: 7S\n",
        "stock Anna: 7S\n",
        "claim Anna: 7S\n",
        "cover Anna: 7S\n",
        "meld Anna: family JS CS QS KS\n",
        "hand Anna: 7S\nhand Anna: 7S\n",
        "draw Anna: 7S\n" * 2001,
    ]:
        check_reading(head + body)
    # an unknown game: no keywords, so section lines are scanned precisely
    check_reading(
        '[Game "nope"]\n[Players "Anna, Bruno"]\n[Dealer "Anna"]\ndraw Anna: 7S\n1. 7S 8S\n'
    )
    # players whose names fold to the same
    check_reading(
        '[Game "pinch"]\n[Players "Anna, ANNA"]\n[Dealer "Anna"]\ndraw anna: 7S\n1. Anna: 7S 8S\n'
    )


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_paths_agree_on_pinch_examples(path: Path) -> None:
    assert_same_reports(path.read_text())


def test_reader_keeps_draw_lines_as_text() -> None:
    """Not vacuous: a generated record's draw lines and plain trick lines are kept as their
    cards and text (the normal case), their items built only when asked."""
    record = read(generated(7))[0].record
    assert record is not None
    draws = [line for line in record.body if getattr(line, "keyword", "") == "draw"]
    assert len(draws) == 48
    assert all(line._items is None for line in draws)
    assert sum(trick._items is None for trick in record.tricks) >= 30


# -- the engine --------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seeds)
def test_engine_paths_agree_on_generated_pinch_records(seed: int) -> None:
    assert_same_reports(generated(seed))


@settings(max_examples=80, deadline=None)
@given(seeds, st.integers(1, 4), st.randoms(use_true_random=False))
def test_engine_paths_agree_on_mutated_pinch_records(
    seed: int, count: int, rng: random.Random
) -> None:
    assert_same_reports(mutated(generated(seed), rng, count))


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(1, 3), st.randoms(use_true_random=False))
def test_engine_paths_agree_on_edited_pinch_texts(
    seed: int, edits: int, rng: random.Random
) -> None:
    assert_same_reports(edited(generated(seed), rng, edits))


@settings(max_examples=20, deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_engine_paths_agree_on_mutated_examples(seed: int, rng: random.Random) -> None:
    path = EXAMPLES[seed % len(EXAMPLES)]
    assert_same_reports(mutated(path.read_text(), rng, 1 + seed % 3))


def test_engine_takes_the_single_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a generated record the single pass replays the draws and every trick itself, the
    Fool's included (PINCH-6): the general methods see none of them."""
    calls = {"draw": 0, "trick_full": 0, "trick": 0, "single_pass": 0}
    for name in calls:
        original = getattr(PinchReplay, name)

        def counted(self, *args, _original=original, _name=name):  # type: ignore[no-untyped-def]
            calls[_name] += 1
            return _original(self, *args)

        monkeypatch.setattr(PinchReplay, name, counted)
    text = generated(11)
    assert "stock:" in text
    report = GAME.verify(read(text)[0].record)
    assert report.complete and not report.errors and len(report.tricks) == 39
    assert calls["single_pass"] == 1 and calls["draw"] == 0 and calls["trick"] == 0
    assert calls["trick_full"] == 0
    assert any(FOOL in trick.cards for trick in report.tricks)


def test_reader_reads_past_the_shared_locations() -> None:
    """Lines from 4096 on get their own column-1 locations."""
    text = generated(3, 45)
    assert text.count("\n") > 4200
    check_reading(text)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**97 - 1))
def test_pile_points_by_point_masks_is_the_sum_of_the_card_points(pile: int) -> None:
    from scorer.games.pinch import rules as R
    from scorer.games.pinch.scoring import pile_points

    assert pile_points(pile) == sum(R.POINTS[card] for card in range(97) if pile >> card & 1)


def test_engine_paths_agree_on_melds_never_declared() -> None:
    """Without their meld lines, generated records hold melds never declared (G-5): the
    single pass's meld moments (only the melds of the drawn card) must find every one the
    general path finds. The records used show every kind of meld so noted."""
    noted = ""
    for seed in range(60):
        text = "\n".join(
            line for line in generated(seed).split("\n") if not line.startswith("meld ")
        )
        assert_same_reports(text)
        report = GAME.verify(read(text)[0].record)
        noted += " ".join(f.message for f in report.findings if f.code == "UNDECLARED_MELD")
    for kind in ("trumps", "gatti", "the family of", "three", "four"):
        assert kind in noted, kind


def test_meld_checks_let_through_every_draw_that_makes_a_meld() -> None:
    """The single pass asks :meth:`MeldBook.moment_for` about a drawn card only when
    ``MELD_CHECKS`` says a meld with it may be held (PINCH-5). For every card of the pack
    in many hands: when the checks say no, the book learns nothing it would report (G-5):
    no gatti, family or kind, and fewer than ten trumps."""
    from types import SimpleNamespace

    from scorer.cards import CARDS
    from scorer.games.pinch import rules as R
    from scorer.games.pinch.melds import MELD_CHECKS, MeldBook

    rng = random.Random(5)
    pack = [card for card in CARDS if R.PACK >> card & 1]
    trumps = [card for card in pack if R.TRUMPS >> card & 1]
    for card in pack:
        for size in (5, 10, 15, 20, 25):
            for _ in range(6):
                # a hand of ``size`` cards with ``card``, trumps and courts often crowded in
                pool = trumps + pack if size > 10 else pack
                hand = 1 << card | sum(1 << c for c in rng.sample(pool, size))
                book = MeldBook(SimpleNamespace(hands=[hand, 0]))  # type: ignore[arg-type]
                book.moment_for(0, card)
                passes = any(
                    (hand & cards).bit_count() >= enough for cards, enough in MELD_CHECKS[card]
                )
                learned = (
                    book.held_gatti[0]
                    or book.held_families[0]
                    or book.held_kinds[0]
                    or book.held_trumps[0] >= R.TRUMP_MELD
                )
                assert passes or not learned, (card, hand)
    # and the checks are not vacuous: a family completed by its last card passes them
    family = R.FAMILIES[0]
    last = max(c for c in pack if family >> c & 1)
    assert any((family & cards).bit_count() >= enough for cards, enough in MELD_CHECKS[last])


@pytest.mark.parametrize(
    ("stray", "code"),
    [
        ("hand Anna: 5S", "LINE_OUT_OF_PLACE"),
        ("stock: 5S", "LINE_OUT_OF_PLACE"),
        ("exchange Anna: 5S", "UNKNOWN_SECTION"),
        ("claim points: Anna 40 Bruno 51", None),
    ],
)
@pytest.mark.parametrize("where", ["after trick 5", "at the end", "after an error"])
def test_single_pass_hands_stray_lines_to_the_general_path(
    stray: str, code: str | None, where: str
) -> None:
    """The single pass takes the lines after the deal as they come: a line it does not
    replay (a hand or stock line once play began, a keyword pinch does not have) sends the
    record to the general path from the start, which reports it where the rules say (G-2);
    a claim line is kept as the general path keeps it. The reports agree either way."""
    from scorer.record import Line, Record

    text = generated(3)
    if where == "after an error":  # trick 3's first card written twice: the replay stops
        trick = next(line for line in text.splitlines() if line.startswith("3. "))
        first = trick.split()[-2]
        text = text.replace(trick, f"3. {first} {first}")
    record = read(text)[0].record
    keyword = stray.split(":")[0].split()[0]
    # the line as read at the end of the record; a keyword pinch does not have is built,
    # since the reader itself refuses it
    line = (
        read(text + stray + "\n")[0].record.body[-1]
        if keyword != "exchange"
        else Line(keyword, "Anna", None, None, cards=(None,))
    )
    at = (
        len(record.body)
        if where == "at the end"
        else next(i for i, entry in enumerate(record.body) if getattr(entry, "number", 0) == 6)
    )
    body = (*record.body[:at], line, *record.body[at:])
    stray_record = Record(record.tags, body, record.source, record.start)
    for options in (None, {"overtrump": "required"}):
        assert report_view(GAME.verify(stray_record, options)) == report_view(
            GAME.verify_general(stray_record, options)
        )
    report = GAME.verify(stray_record)
    codes = [finding.code for finding in report.errors]
    if code is None:  # a claim line changes nothing here
        assert line.keyword == "claim"
        assert report.complete == (where != "after an error") == (not codes)
    else:  # the line is reported, before any error of the play (sort_lines comes first)
        assert codes == [code] and line.keyword == keyword
