"""Properties of whole hands, over random legal records and mutations of them.

``get_game(k).random_record(rng)`` plays legal hands of Mitigatti of Nice. For every seed the
record must survive the text round trip, verify clean (or thrown in, G-4), add up to the pack's
points (NICE-1, NICE-2: 72 with four players, 78 with three), pay out zero-sum (what is not paid
goes into abeyance, NICE-17), and account for each of the 78 cards exactly once. A session's
ledger is zero-sum (NICE-18). Mutated records (cards swapped, replaced or dropped, players
rotated, tags corrupted) must be flagged, rejected or still legal, never crash the engine.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.notation import read
from records.pipeline import check_text
from records.writer import write
from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.nice import rules as R
from scorer.ledger import build_ledger
from scorer.record import Item, Line, Record, Trick
from scorer.report import Report, Status

GAMES = ["nice4", "nice3"]
TOTAL = {"nice4": 72, "nice3": 78}  # NICE-2
PACK = cards_of(R.PACK)
OK_STATUSES = (Status.CLEAN, Status.THROWN_IN)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
games = st.sampled_from(GAMES)


def random_record(game: str, seed: int) -> Record:
    return get_game(game).random_record(random.Random(seed))


def check_report_invariants(game: str, record: Record, report: Report) -> None:
    """What must hold for any report the engine returns on a record it could replay."""
    assert isinstance(report.status, Status)
    for finding in report.findings:
        assert finding.code and finding.message
        assert finding.loc is None or (finding.loc.line >= 0 and finding.loc.column >= 0)
    if report.status in (Status.CLEAN, Status.FLAGGED):
        if report.sides:
            assert sum(side.total for side in report.sides) == TOTAL[game]
            for side in report.sides:
                assert side.total == side.card_points + side.trick_points + side.discard_points
        assert sum(report.settlement) == -report.abeyance
    if report.status in (Status.INVALID, Status.PARTIAL):
        assert report.lines == [], "a hand that cannot be scored pays nothing"


def check_conservation(game: str, record: Record, report: Report) -> None:
    """Every card of the 78-card pack appears exactly once: in the tricks and the discard for a
    hand played out, in the hands for a deal that ended before play (for a deal thrown in at
    the mountain, the cards dealt by then, each once: G-4a)."""
    played = Counter(card for trick in record.tricks for card in trick.card_tuple)
    if record.tricks:
        discard = record.lines("discard")[0].cards()
        assert Counter(discard) + played == Counter(PACK)
        assert len(record.tricks) == get_game(game).hand_size
    else:
        assert report.thrown_in or report.contract or report.status is Status.CLEAN
        dealt = Counter(card for line in record.lines("hand") for card in line.cards())
        if report.thrown_in:
            assert dealt <= Counter(PACK)
        else:
            assert dealt == Counter(PACK)
    if report.hands is not None:
        total = 0
        for hand in report.hands:
            assert hand & total == 0
            total |= hand
        assert total | (report.discard or 0) == R.PACK or not record.tricks


# -- random legal records ----------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(games, seeds)
def test_random_records_are_clean(game: str, seed: int) -> None:
    record = random_record(game, seed)
    text = write(record)
    [parsed] = read(text)
    assert parsed.ok, parsed.errors
    assert parsed.record == record, "read(write(r)) == r"
    assert write(parsed.record) == text, "the canonical text is a fixed point"

    report = get_game(game).verify(parsed.record)
    assert report.status in OK_STATUSES, [str(f.message) for f in report.findings]
    assert not report.errors and not report.violations
    check_report_invariants(game, record, report)
    check_conservation(game, record, report)
    if report.status is Status.CLEAN and record.tricks:
        assert report.sides, "a hand played out has side tallies"
        assert len(report.tricks) == get_game(game).hand_size
        assert (
            sum(t.points for t in report.tricks) + sum(side.discard_points for side in report.sides)
            >= 0
        )


@pytest.mark.parametrize("game", GAMES)
def test_record_objects_verify_like_their_text(game: str) -> None:
    """Verifying the generator's Record directly gives the same findings as its text."""
    for seed in range(25):
        record = random_record(game, seed)
        direct = get_game(game).verify(record)
        via_text = get_game(game).verify(read(write(record))[0].record)
        assert direct.status == via_text.status
        assert direct.settlement == via_text.settlement
        # findings are sorted by place in the text, which a built Record does not have
        assert sorted(f.code for f in direct.findings) == sorted(f.code for f in via_text.findings)


@settings(max_examples=40, deadline=None)
@given(games, seeds, st.integers(2, 8))
def test_session_ledger_is_zero_sum(game: str, seed: int, count: int) -> None:
    """NICE-18: balances plus the open abeyance always add up to the starting stakes; a
    generated session deals in turn (G-6), so the ledger has no findings."""
    engine = get_game(game)
    records = engine.random_session(random.Random(seed), count)
    reports = [engine.verify(r) for r in records]
    ledger = build_ledger(records, reports)
    assert ledger.is_zero_sum()
    assert len(ledger.rows) == count
    assert ledger.findings == []
    assert sum(ledger.balances) + ledger.pot == ledger.start * len(ledger.players)


@settings(max_examples=30, deadline=None)
@given(games, st.lists(seeds, min_size=1, max_size=6))
def test_ledger_of_unrelated_hands_is_zero_sum(game: str, hand_seeds: list[int]) -> None:
    """Any sequence of hands, dealt in turn or not, keeps the ledger zero-sum."""
    engine = get_game(game)
    records = [random_record(game, s) for s in hand_seeds]
    ledger = build_ledger(records, [engine.verify(r) for r in records])
    assert ledger.is_zero_sum()


# -- mutations ---------------------------------------------------------------------------------
def _trick(trick: Trick, cards: list) -> Trick:
    return Trick(trick.number, trick.leader, tuple(Item(str(c), c) for c in cards))


def _replace_body(record: Record, body: list) -> Record:
    return Record(record.tags, tuple(body))


def swap_between_tricks(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    positions = [i for i, entry in enumerate(body) if isinstance(entry, Trick)]
    if len(positions) < 2:
        return record
    a, b = data.draw(st.lists(st.sampled_from(positions), min_size=2, max_size=2, unique=True))
    ta, tb = list(body[a].card_tuple), list(body[b].card_tuple)
    i, j = data.draw(st.integers(0, len(ta) - 1)), data.draw(st.integers(0, len(tb) - 1))
    ta[i], tb[j] = tb[j], ta[i]
    body[a], body[b] = _trick(body[a], ta), _trick(body[b], tb)
    return _replace_body(record, body)


def swap_within_trick(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    positions = [i for i, entry in enumerate(body) if isinstance(entry, Trick)]
    if not positions:
        return record
    a = data.draw(st.sampled_from(positions))
    cards = list(body[a].card_tuple)
    i, j = data.draw(st.integers(0, len(cards) - 1)), data.draw(st.integers(0, len(cards) - 1))
    cards[i], cards[j] = cards[j], cards[i]
    body[a] = _trick(body[a], cards)
    return _replace_body(record, body)


def replace_card(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    if not body:
        return record
    index = data.draw(st.integers(0, len(body) - 1))
    entry = body[index]
    items = list(entry.plays if isinstance(entry, Trick) else entry.items)
    if not items:
        return record
    position = data.draw(st.integers(0, len(items) - 1))
    new = data.draw(st.sampled_from(PACK))
    items[position] = Item(str(new), new)
    if isinstance(entry, Trick):
        body[index] = Trick(entry.number, entry.leader, tuple(items))
    else:
        body[index] = Line(entry.keyword, entry.subject, tuple(items))
    return _replace_body(record, body)


def drop_card(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    if not body:
        return record
    index = data.draw(st.integers(0, len(body) - 1))
    entry = body[index]
    items = list(entry.plays if isinstance(entry, Trick) else entry.items)
    if not items:
        return record
    del items[data.draw(st.integers(0, len(items) - 1))]
    if isinstance(entry, Trick):
        body[index] = Trick(entry.number, entry.leader, tuple(items))
    else:
        body[index] = Line(entry.keyword, entry.subject, tuple(items))
    return _replace_body(record, body)


def drop_line(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    if not body:
        return record
    del body[data.draw(st.integers(0, len(body) - 1))]
    return _replace_body(record, body)


def move_line(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    if len(body) < 2:
        return record
    entry = body.pop(data.draw(st.integers(0, len(body) - 1)))
    body.insert(data.draw(st.integers(0, len(body))), entry)
    return _replace_body(record, body)


def rotate_players(record: Record, data: st.DataObject) -> Record:
    players = record.players
    k = data.draw(st.integers(1, len(players) - 1))
    rotated = players[k:] + players[:k]
    tags = tuple((n, ", ".join(rotated) if n == "Players" else v) for n, v in record.tags)
    return Record(tags, record.body)


def change_dealer(record: Record, data: st.DataObject) -> Record:
    dealer = data.draw(st.sampled_from(record.players))
    tags = tuple((n, dealer if n == "Dealer" else v) for n, v in record.tags)
    return Record(tags, record.body)


def add_options(record: Record, data: st.DataObject) -> Record:
    engine = get_game(record.game)
    chosen = {
        o.name: data.draw(st.sampled_from(o.values))
        for o in engine.options
        if data.draw(st.booleans())
    }
    value = " ".join(f"{k}={v}" for k, v in chosen.items())
    return Record((*record.tags, ("Options", value)), record.body)


RECORD_MUTATIONS = [
    swap_between_tricks,
    swap_within_trick,
    replace_card,
    drop_card,
    drop_line,
    move_line,
    rotate_players,
    change_dealer,
    add_options,
]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, seeds, st.lists(st.sampled_from(RECORD_MUTATIONS), min_size=1, max_size=3), st.data())
def test_mutated_records_never_crash(game: str, seed: int, mutations, data) -> None:
    """The engine flags, rejects or accepts a mutated record; it never raises."""
    record = random_record(game, seed)
    for mutate in mutations:
        record = mutate(record, data)
    report = get_game(game).verify(record)
    check_report_invariants(game, record, report)
    if report.status is Status.CLEAN and record.tricks and record.lines("discard"):
        check_conservation(game, record, report)  # still legal: still every card once
    # the text of the mutated record reads back to it and verifies the same way
    [parsed] = read(write(record))
    if parsed.ok:
        again = get_game(game).verify(parsed.record)
        assert again.status == report.status
        assert again.settlement == report.settlement


@settings(max_examples=100, deadline=None)
@given(games, seeds, st.data())
def test_swapping_cards_between_players_is_caught(game: str, seed: int, data) -> None:
    """Two plays of different tricks exchanged: with the hands written down, either the replay
    finds a card not held (an error) or the swap happened to stay legal and consistent."""
    record = random_record(game, seed)
    if not record.tricks:
        return
    mutated = swap_between_tricks(record, data)
    report = get_game(game).verify(mutated)
    check_report_invariants(game, mutated, report)
    if mutated != record and report.status is Status.CLEAN:
        check_conservation(game, mutated, report)


@settings(max_examples=100, deadline=None)
@given(games, seeds, st.data())
def test_a_duplicated_card_is_an_error(game: str, seed: int, data) -> None:
    """A card replaced by another card already played elsewhere cannot have happened (G-2)."""
    record = random_record(game, seed)
    tricks = [i for i, e in enumerate(record.body) if isinstance(e, Trick)]
    if len(tricks) < 2:
        return
    a, b = data.draw(st.lists(st.sampled_from(tricks), min_size=2, max_size=2, unique=True))
    body = list(record.body)
    source = data.draw(st.sampled_from(body[b].card_tuple))
    cards = list(body[a].card_tuple)
    cards[data.draw(st.integers(0, len(cards) - 1))] = source
    body[a] = _trick(body[a], cards)
    report = get_game(game).verify(Record(record.tags, tuple(body)))
    assert report.status is Status.INVALID
    assert report.errors and all(f.loc is None or f.loc.line >= 0 for f in report.errors)


@settings(max_examples=100, deadline=None)
@given(games, seeds, st.data())
def test_dropping_a_play_is_never_clean(game: str, seed: int, data) -> None:
    """A trick short of a card: the record is partial (last trick) or impossible."""
    record = random_record(game, seed)
    tricks = [i for i, e in enumerate(record.body) if isinstance(e, Trick)]
    if not tricks:
        return
    index = data.draw(st.sampled_from(tricks))
    body = list(record.body)
    cards = list(body[index].card_tuple)
    del cards[data.draw(st.integers(0, len(cards) - 1))]
    body[index] = _trick(body[index], cards)
    report = get_game(game).verify(Record(record.tags, tuple(body)))
    assert report.status in (Status.INVALID, Status.PARTIAL)
    assert report.lines == []


TEXT_MUTATIONS = {
    "game": lambda v, rng: rng.choice(["nice3", "nice4", "nice5", "", "NICE4 ", "tarot"]),
    "players": lambda v, rng: rng.choice(
        [
            "Anna, Bruno",
            "Anna, Anna, Bruno, Carla",
            "",
            ", ".join(reversed(v.split(", "))),
            v + ", Ezio",
        ]
    ),
    "dealer": lambda v, rng: rng.choice(["Zed", "", "anna", "ANNA", "Bruno", v.upper()]),
    "options": lambda v, rng: rng.choice(
        [
            "honours=moon",
            "first-lead=declarer",
            "x",
            "=",
            "honours=world declaration-timing=lenient",
            "called-in-discard=sans-prendre",
            "first-lead",
        ]
    ),
    "suits": lambda v, rng: rng.choice(["french", "symbols", "german", ""]),
}


@settings(max_examples=150, deadline=None)
@given(games, seeds, st.sampled_from(sorted(TEXT_MUTATIONS)), st.randoms(use_true_random=False))
def test_corrupted_tags_are_rejected_or_verified(game: str, seed: int, tag: str, rng) -> None:
    """A corrupted tag in the text: the pipeline reports a notation error or verifies the
    record; it never raises. The Suits tag only changes how cards are read."""
    record = random_record(game, seed)
    name = tag.capitalize()
    value = rng.choice([v for n, v in record.tags if n == name] or [""])
    new = TEXT_MUTATIONS[tag](value, rng)
    tags = [(n, new if n == name else v) for n, v in record.tags]
    if name not in dict(record.tags):
        tags.append((name, new))
    text = "".join(f'[{n} "{v}"]\n' for n, v in tags) + write(record).split("\n\n", 1)[1]
    [checked] = check_text(text)
    report = checked.report
    assert isinstance(report.status, Status)
    if checked.parsed.errors:
        assert report.status is Status.INVALID
        assert all(e.loc.line >= 1 and e.loc.column >= 1 for e in checked.parsed.errors)
    elif report.game:
        check_report_invariants(report.game, checked.parsed.record, report)
