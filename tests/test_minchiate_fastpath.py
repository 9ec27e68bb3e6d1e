"""Minchiate's single pass gives exactly what the general path gives.

The engine's single pass (``scorer.games.minchiate.play.single_pass``) seats, checks, replays
and marks every trick in one loop when the four hands and all 21 tricks are written; anything
unusual (a card not held, an unknown card, a trick out of order, any error on the way) sends
the record back to the general path, replayed from scratch. ``Minchiate.verify_general`` runs
the general path only (seat every trick, then play it, with ``Marks.trick`` per trick).

Each test verifies the same record both ways and compares every field a caller can see (the
views of ``tests/test_fastpath.py``: findings with locations and legal sets, the trick log with
its flagged plays, the score sheet line by line, tallies, payments, status), under the default
options and ``accrescimento=off`` (MIN-8). Records: generated hands, the golden examples, the
typed mutations of ``records.mutate`` and whole-line mutations of both, and steered games
(revokes, the King rule, the Fool kept to the last trick or lost, no replace line) whose
illegal plays were held, so the single pass must judge them itself. Two tests check that the
single pass really runs and that the unusual record really falls back, so no comparison is
vacuous.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from linekit import body_lines, edit_lines
from minchiatekit import build, fool_then, joining, lowest, weak_side_deck
from test_fastpath import report_view

from records.mutate import MUTATIONS
from records.notation import read
from records.writer import write
from scorer.cards import CARDS, FOOL, trump
from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.minchiate import play as minchiate_play
from scorer.games.minchiate import rules as R
from scorer.games.minchiate.hand import MinchiateHand, _seat_table
from scorer.games.minchiate.scoring import _blocks_touching
from scorer.games.replay import Replay, ReplayStop, SeatingReplay
from scorer.record import Record
from scorer.tricks import TRUMP_MASK, TrickRules

GAME = get_game("minchiate")
EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "minchiate").glob("*.txt"))
OPTION_SETS = (None, {"accrescimento": "off"})
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def assert_same_reports(record: Record) -> None:
    """Verify ``record`` both ways under each option set: the reports agree in every field."""
    for options in OPTION_SETS:
        assert report_view(GAME.verify(record, options)) == report_view(
            GAME.verify_general(record, options)
        )


def assert_same_for_text(text: str) -> int:
    """:func:`assert_same_reports` for every Minchiate record ``text`` reads; how many."""
    compared = 0
    for parsed in read(text):
        if parsed.record is not None and parsed.record.game == "minchiate":
            assert_same_reports(parsed.record)
            compared += 1
    return compared


def generated(seed: int) -> str:
    return write(GAME.random_record(random.Random(seed)))


def line_mutated(text: str, rng: random.Random, count: int) -> str:
    """Whole-line damage: lines swapped, dropped, repeated; a card exchanged between two
    lines or replaced (a hand, a discard, a trick); every hand line of one player gone."""
    lines = text.split("\n")
    for _ in range(count):
        body = body_lines(lines)
        if not body:
            break
        i, j = rng.choice(body), rng.choice(body)
        kind = rng.choice(("swap", "drop", "dup", "exchange", "card", "nohand"))
        if edit_lines(lines, kind, i, j):
            continue
        if kind == "exchange":
            a, b = lines[i].split(" "), lines[j].split(" ")
            if len(a) > 1 and len(b) > 1:
                x, y = rng.randrange(1, len(a)), rng.randrange(1, len(b))
                a[x], b[y] = b[y], a[x]
                lines[i], lines[j] = " ".join(a), " ".join(b)
        elif kind == "card":
            tokens = lines[i].split(" ")
            tokens[rng.randrange(len(tokens))] = rng.choice(
                ["Fool", "40", "1", "13", "28", "29", "20", "30", "10", "KS", "KD", "5C", "?"]
            )
            lines[i] = " ".join(tokens)
        else:
            name = rng.choice(("Anna", "Bruno", "Carla", "Dario"))
            lines = [line for line in lines if not line.startswith(f"hand {name}:")]
    return "\n".join(lines)


# -- generated, golden and mutated records -----------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seeds)
def test_paths_agree_on_generated_records(seed: int) -> None:
    assert assert_same_for_text(generated(seed)) == 1


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_paths_agree_on_the_examples(path: Path) -> None:
    assert assert_same_for_text(path.read_text()) >= 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.lists(st.sampled_from(sorted(MUTATIONS)), min_size=1, max_size=3), seeds)
def test_paths_agree_on_typed_mutations(seed: int, kinds: list[str], damage: int) -> None:
    """``records.mutate``: plays swapped, cards replaced, dropped or moved, seats rotated,
    tags corrupted, texts cut short."""
    rng = random.Random(damage)
    text = generated(seed)
    for kind in kinds:
        text = MUTATIONS[kind](text, rng) or text
    assert_same_for_text(text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.integers(1, 3), seeds)
def test_paths_agree_on_line_mutations(seed: int, count: int, damage: int) -> None:
    assert_same_for_text(line_mutated(generated(seed), random.Random(damage), count))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(sorted(MUTATIONS)), seeds)
def test_paths_agree_on_mutated_examples(pick: int, kind: str, damage: int) -> None:
    rng = random.Random(damage)
    text = EXAMPLES[pick % len(EXAMPLES)].read_text()
    text = MUTATIONS[kind](text, rng) or text
    assert_same_for_text(line_mutated(text, rng, 1 + pick % 2))


# -- steered games: illegal plays that were held ----------------------------------------------
def keep_fool(number, seat, hand, legal, trick):
    """The lowest legal card other than the Fool while there is one (the Fool kept to the
    last trick, MIN-11)."""
    return cards_of(legal & ~FOOL.bit or legal)[0]


def reneging() -> object:
    """A play policy that once fails to trump a suit it lacks (MUST_TRUMP) and once fails to
    answer a trump lead (MUST_FOLLOW_TRUMPS), from trick 3 on (MIN-13)."""
    due = {"trump", "trumps"}

    def policy(number, seat, hand, legal, trick):
        led = TrickRules.led_category(trick)
        wrong = hand & ~legal & ~FOOL.bit
        if led is not None and number >= 3 and wrong:
            if led < 4 and "trump" in due and wrong & ~TRUMP_MASK:
                due.discard("trump")
                return cards_of(wrong & ~TRUMP_MASK)[0]
            if led == 4 and "trumps" in due:
                due.discard("trumps")
                return cards_of(wrong)[0]
        return lowest(number, seat, hand, legal, trick)

    return policy


STEERED = {
    "not trumping": lambda seed: build(seed, policy=reneging()),
    "revoke": lambda seed: build(seed, revoke_at=1 + seed % 15),
    "king rule": lambda seed: build(seed, break_king=True),
    "king rule broken by a trump": lambda seed: build(seed, break_king="trump"),
    "fool to the last trick": lambda seed: build(seed, policy=keep_fool),
    "no replace line": lambda seed: build(seed, replace=False),
    "no declarations": lambda seed: build(seed, declare=False),
    "counting card left in the folla": lambda seed: build(seed, leave_in_folla=True),
    "revoke, other dealer": lambda seed: build(seed, dealer=seed % 4, revoke_at=3),
}


@pytest.mark.parametrize("kind", sorted(STEERED))
def test_paths_agree_on_steered_games(kind: str) -> None:
    for seed in range(8):
        built = STEERED[kind](seed)
        assert assert_same_for_text(built.text) == 1


def test_paths_agree_when_the_fools_side_wins_no_trick() -> None:
    built = build(3, deck=weak_side_deck(3))
    report = GAME.verify(built.record)
    assert any("won no trick" in line.label for line in report.lines)
    assert_same_reports(built.record)


def test_paths_agree_on_the_fools_card_derived_late_or_extending() -> None:
    """The Fool's card derived when first due or written late (MIN-11a), extending the
    receiving side's run as it is handed over (MIN-8b); a card joining two declared runs
    (MIN-8a). Not vacuous: the derived card, the late line and both marks occur."""
    first_29 = {0: ["Fool", "31"], 1: ["40", "28"], 2: ["29", "6"], 3: ["30", "7"]}
    extends = {0: ["Fool", "33"], 1: ["40", "1"], 2: ["29", "6"], 3: ["30", "31", "32", "7", "2"]}
    texts = []
    for seed in range(4):
        for replace in (True, False):
            second = {1: "28", 2: "29", 3: "30", 0: "31"}
            texts.append(fool_then(seed, first_29, second, replace=replace).text)
            second = {1: "1", 2: "29", 3: "2", 0: "33"}
            texts.append(fool_then(seed, extends, second, replace=replace).text)
        written = texts[-4]  # first_29 with its replace line after trick 2, moved after trick 5
        texts.append(written.replace("replace: 29\n", "").replace("\n6. ", "\nreplace: 29\n6. ", 1))
        texts.append(joining(seed).text)
    seen: set[str] = set()
    for text in texts:
        assert assert_same_for_text(text) == 1
        [parsed] = read(text)
        report = GAME.verify(parsed.record)
        seen |= {finding.code for finding in report.findings}
        handed = [line for line in report.lines if line.label.startswith("the card for the Fool")]
        seen |= {"MIN-8b"} if handed else set()
    assert {"FOOL_REPLACEMENT_DERIVED", "LATE_REPLACEMENT", "MIN-8b"} <= seen


def test_the_single_pass_judges_illegal_plays_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not vacuous: revokes and King-rule breaks with every hand written reach the single
    pass, which flags them (the general play loop is not allowed to run), and the reports are
    the general path's."""
    records = [build(seed, revoke_at=1 + seed % 15).record for seed in range(12)]
    records += [build(seed, break_king=True).record for seed in range(12)]
    records += [build(seed, break_king="trump").record for seed in range(6, 8)]
    records += [build(seed, policy=keep_fool).record for seed in range(4)]
    records += [build(seed, policy=reneging()).record for seed in range(4)]
    expected = [report_view(GAME.verify_general(record)) for record in records]

    def refused(*args: object) -> None:
        raise AssertionError("the general play loop ran")

    monkeypatch.setattr(minchiate_play, "play", refused)
    codes: set[str] = set()
    for record, view in zip(records, expected, strict=True):
        report = GAME.verify(record)
        assert report_view(report) == view
        codes |= {finding.code for finding in report.findings}
    assert {
        "MUST_FOLLOW_SUIT",
        "MUST_TRUMP",
        "MUST_FOLLOW_TRUMPS",
        "KING_NOT_PLAYED",
        "FOOL_IN_LAST_TRICK",
    } <= codes


def test_the_single_pass_runs_on_generated_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not vacuous: a generated record with its four hands written is replayed by the single
    pass, never by the general seat-then-play loops."""
    calls = []
    real = minchiate_play.single_pass

    def counted(h: MinchiateHand) -> None:
        calls.append(h)
        real(h)

    def refused(*args: object) -> None:
        raise AssertionError("the general path ran")

    monkeypatch.setattr(minchiate_play, "single_pass", counted)
    monkeypatch.setattr(minchiate_play, "play", refused)
    monkeypatch.setattr(SeatingReplay, "seat_tricks", refused)
    rng = random.Random(5)
    replayed = 0
    while replayed < 10:
        record = GAME.random_record(rng)
        if sum(1 for line in record.body if getattr(line, "keyword", "") == "hand") < 4:
            continue  # a hand left for the play to show: the general path derives it
        report = GAME.verify(record)
        assert report.complete and not report.errors and len(report.tricks) == 21
        replayed += 1
    assert len(calls) == 10


def test_an_unusual_record_falls_back_to_the_general_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card not held (here two plays exchanged between tricks) makes the single pass give
    up; the general path then replays the record from scratch and names the problem."""
    fallbacks = []
    real = minchiate_play.single_pass

    def watched(h: MinchiateHand) -> None:
        try:
            real(h)
        except minchiate_play.Fallback:
            fallbacks.append(h)
            raise

    monkeypatch.setattr(minchiate_play, "single_pass", watched)
    text = generated(8)
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    second = next(i for i, line in enumerate(lines) if line.startswith("2. "))
    a, b = lines[first].split(" "), lines[second].split(" ")
    a[1], b[-1] = b[-1], a[1]
    lines[first], lines[second] = " ".join(a), " ".join(b)
    [parsed] = read("\n".join(lines))
    report = GAME.verify(parsed.record)
    assert fallbacks
    assert report.errors and report.errors[0].code == "CARD_NOT_HELD"
    assert report_view(report) == report_view(GAME.verify_general(parsed.record))


# -- the tables and look-ups the speed-up added ------------------------------------------------
masks = st.integers(min_value=0, max_value=2**97 - 1)


@settings(max_examples=200, deadline=None)
@given(masks, st.integers(0, 4))
def test_values_and_texts_a_byte_at_a_time_are_the_card_by_card_ones(mask: int, thin: int) -> None:
    """``value_of`` and ``show`` read a mask a byte at a time (more than four cards) or a bit
    at a time; both give the sum and the list of the cards one by one (MIN-2)."""
    for _ in range(thin):  # fewer cards: the bit-at-a-time branch too
        mask &= mask >> 7 | mask >> 31
    cards = [card for card in range(97) if mask >> card & 1]
    assert R.value_of(mask) == sum(R.VALUE[card] for card in cards)
    assert R.show(mask) == " ".join(str(CARDS[card]) for card in cards)


@settings(max_examples=200, deadline=None)
@given(masks, st.booleans())
def test_versicola_cards_are_the_cards_of_the_versicole(mask: int, fool: bool) -> None:
    """The undeclared-versicola check (G-5) takes only the cards: the same versicole, in the
    same order, as :func:`versicole` (MIN-7)."""
    if fool:
        mask |= R.FOOL_SET
    assert R.versicola_cards(mask) == [v.cards for v in R.versicole(mask)]


@settings(max_examples=200, deadline=None)
@given(masks, masks, st.sampled_from([(1, 5), (28, 40)]))
def test_accrescimento_blocks_are_the_runs_that_touch_the_declared_cards(
    mask: int, core: int, run: tuple[int, int]
) -> None:
    """MIN-8: the maximal runs of consecutive trumps of ``low..high`` in ``mask`` holding a
    card of ``core``, by the definition (grown one neighbour at a time in the code)."""
    low, high = run
    expected = 0
    number = low
    while number <= high:
        if not mask >> trump(number) & 1:
            number += 1
            continue
        block = 0
        while number <= high and mask >> trump(number) & 1:
            block |= 1 << trump(number)
            number += 1
        if block & core:
            expected |= block
    assert _blocks_touching(mask, core, low, high) == expected


def test_players_are_found_by_name_as_the_general_search_finds_them() -> None:
    """The per-record name table gives the seat :meth:`Replay.seat_named` gives: names as
    written, names that fold to the same (the first such player), other spellings."""
    for players in (
        ("Anna", "Bruno", "Carla", "Dario"),
        ("Anna", "ANNA", "anna", "Dario"),
        (" Anna", "Anna", "Bruno ", "bruno"),
    ):
        tags = (("Game", "minchiate"), ("Players", ", ".join(players)), ("Dealer", "Dario"))
        hand = MinchiateHand(GAME, Record(tags), None)
        if hand.report.players != players:  # the tag's reading strips the names
            hand.report.players = players
            hand.seats_by_name = _seat_table(players)
        for name in (*players, *(p.upper() for p in players), *(p.strip() for p in players)):
            try:
                expected = Replay.seat_named(hand, name, None)
            except ReplayStop:
                expected = None
            try:
                got = hand.seat_named(name, None)
            except ReplayStop:
                got = None
            assert got == expected, (players, name)
