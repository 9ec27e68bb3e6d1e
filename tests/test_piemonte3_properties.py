"""Properties of Piedmontese hands over ``tarocco random piemonte3`` records, and mutations.

For every seed the generator's record survives the text and JSON round trips, verifies clean
or thrown in (G-4), accounts for each of the 78 cards once (PIE3-3, PIE3-5), counts 129 card
points in the piles (PIE3-2; 130 with ``fool=5``), and pays out zero-sum (PIE3-8); a session's
ledger is zero-sum and deals in turn (G-6). Mutated records never crash the engine.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from piemonte3kit import count

from records.notation import read
from records.pipeline import check_text
from records.schemas import RecordSchema
from records.writer import write
from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.piemonte3 import rules as R
from scorer.ledger import build_ledger
from scorer.record import Item, Line, Record, Trick
from scorer.report import Report, Status

ENGINE = get_game("piemonte3")
PACK = cards_of(R.PACK)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_record(seed: int) -> Record:
    return ENGINE.random_record(random.Random(seed))


def invariants(record: Record, report: Report, pack_points: int = 129) -> None:
    assert isinstance(report.status, Status)
    for finding in report.findings:
        assert finding.code and finding.message and finding.severity
    if report.status in (Status.CLEAN, Status.FLAGGED):
        assert sum(side.total for side in report.sides) == pack_points
        assert len(report.tricks) == R.HAND_SIZE
    if report.status in (Status.CLEAN, Status.FLAGGED, Status.THROWN_IN):
        assert sum(report.settlement) == 0
    if report.status in (Status.INVALID, Status.PARTIAL):
        assert report.lines == []


def conservation(record: Record, report: Report) -> None:
    """Every card of the pack once: in the tricks and the discard for a hand played out, in
    the hands for a deal thrown in (only the cards dealt by then)."""
    if report.thrown_in:
        dealt = Counter(c for line in record.lines("hand") for c in line.cards())
        assert max(dealt.values(), default=1) == 1
        return
    played = Counter(c for trick in record.tricks for c in trick.card_tuple)
    discard = record.lines("discard")[0].cards()
    assert played + Counter(discard) == Counter(PACK)
    dealt = Counter(c for line in record.lines("hand") for c in line.cards())
    assert dealt == Counter(PACK)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_random_records_are_legal_and_add_up(seed: int) -> None:
    record = random_record(seed)
    text = write(record)
    [parsed] = read(text)
    assert parsed.ok, parsed.errors
    assert parsed.record == record and write(parsed.record) == text
    assert RecordSchema().load(RecordSchema().dump(record)) == record
    report = ENGINE.verify(parsed.record)
    assert report.status in (Status.CLEAN, Status.THROWN_IN), [
        (f.code, f.message) for f in report.findings
    ]
    assert not report.violations and not report.errors
    invariants(record, report)
    conservation(record, report)


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_kit_count_agrees_with_the_engine(seed: int) -> None:
    """The engine's piles against the kit's plain count of the same tricks (PIE3-2, PIE3-7)."""
    record = random_record(seed)
    report = ENGINE.verify(record)
    if report.status is not Status.CLEAN:
        return
    players = record.players
    leader = players[(record.dealer + 1) % 3]
    tricks = [list(t.card_tuple) for t in record.tricks]
    discard = " ".join(map(str, record.lines("discard")[0].cards()))
    tally = count(tricks, leader, players[record.dealer], discard, players)
    assert [side.total for side in report.sides] == [tally.totals[p] for p in players]


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_fool_5_counts_130_in_exact_thirds(seed: int) -> None:
    record = random_record(seed)
    report = ENGINE.verify(record, {"fool": "5"})
    invariants(record, report, pack_points=130)
    if report.status is Status.CLEAN:
        assert report.unit == "thirds of a game point"
        card_line = report.lines[-1]
        assert card_line.rule == "PIE3-8"
        assert list(card_line.amounts) == [3 * s.total - 130 for s in report.sides]


@settings(max_examples=20, deadline=None)
@given(seeds, st.integers(2, 12))
def test_session_ledger_is_zero_sum_and_in_turn(seed: int, hands: int) -> None:
    records = ENGINE.random_session(random.Random(seed), hands)
    reports = [ENGINE.verify(r) for r in records]
    ledger = build_ledger(records, reports)
    assert ledger.unit == "game points" and ledger.start == 0
    assert ledger.is_zero_sum() and sum(ledger.balances) == 0
    assert ledger.findings == []


# -- mutations ------------------------------------------------------------------------------------
def _tricks(record: Record) -> list[int]:
    return [i for i, e in enumerate(record.body) if isinstance(e, Trick)]


def swap_plays(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    positions = _tricks(record)
    if len(positions) < 2:
        return record
    a, b = data.draw(st.lists(st.sampled_from(positions), min_size=2, max_size=2, unique=True))
    ta, tb = list(body[a].card_tuple), list(body[b].card_tuple)
    i, j = data.draw(st.integers(0, len(ta) - 1)), data.draw(st.integers(0, len(tb) - 1))
    ta[i], tb[j] = tb[j], ta[i]
    body[a] = Trick(body[a].number, None, tuple(Item(str(c), c) for c in ta))
    body[b] = Trick(body[b].number, None, tuple(Item(str(c), c) for c in tb))
    return Record(record.tags, tuple(body))


def replace_item(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    index = data.draw(st.integers(0, len(body) - 1))
    entry = body[index]
    items = list(entry.plays if isinstance(entry, Trick) else entry.items)
    if not items:
        return record
    position = data.draw(st.integers(0, len(items) - 1))
    word = data.draw(
        st.sampled_from(
            [
                "pass",
                "continue",
                "demand=3",
                "offer=2",
                "demand=1",
                "mixed",
                "kings",
                "abundance",
                "?",
                "offer=9",
            ]
        )
    )
    card = data.draw(st.sampled_from(PACK))
    items[position] = data.draw(st.sampled_from([Item(str(card), card), Item(word)]))
    if isinstance(entry, Trick):
        body[index] = Trick(entry.number, entry.leader, tuple(items))
    else:
        body[index] = Line(entry.keyword, entry.subject, tuple(items))
    return Record(record.tags, tuple(body))


def drop_or_move_line(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    entry = body.pop(data.draw(st.integers(0, len(body) - 1)))
    if data.draw(st.booleans()):
        body.insert(data.draw(st.integers(0, len(body))), entry)
    return Record(record.tags, tuple(body))


def add_line(record: Record, data: st.DataObject) -> Record:
    body = list(record.body)
    card = data.draw(st.sampled_from(PACK))
    name = data.draw(st.sampled_from(record.players))
    line = data.draw(
        st.sampled_from(
            [
                Line("fool", name, (Item(str(card), card),)),
                Line("declare", name, (Item("mixed"), Item(str(card), card))),
                Line("bargain", data.draw(st.sampled_from(["2", "3", "4", "5"])), (Item("pass"),)),
                Line("discard", None, (Item(str(card), card),)),
                Line("claim", "points", (Item(name), Item("+3"))),
            ]
        )
    )
    body.insert(data.draw(st.integers(0, len(body))), line)
    return Record(record.tags, tuple(body))


def change_tags(record: Record, data: st.DataObject) -> Record:
    dealer = data.draw(st.sampled_from(record.players))
    options = data.draw(
        st.sampled_from(
            [
                "",
                "fool=5",
                "abundance-fool=trump",
                "discard-in-pile=no",
                "fool=5 discard-in-pile=no",
            ]
        )
    )
    tags = tuple((n, dealer if n == "Dealer" else v) for n, v in record.tags)
    return Record((*tags, ("Options", options)) if options else tags, record.body)


MUTATIONS = [swap_plays, replace_item, drop_or_move_line, add_line, change_tags]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3), st.data())
def test_mutated_records_never_crash(seed: int, mutations, data) -> None:
    record = random_record(seed)
    for mutate in mutations:
        record = mutate(record, data)
    report = ENGINE.verify(record)
    fool_five = "fool=5" in (record.tag("Options") or "")
    invariants(record, report, pack_points=130 if fool_five else 129)
    [parsed] = read(write(record))
    if parsed.ok:
        again = ENGINE.verify(parsed.record)
        assert again.status == report.status and again.settlement == report.settlement
    for checked in check_text(write(record)):
        assert isinstance(checked.report.status, Status)


@settings(max_examples=40, deadline=None)
@given(seeds, st.data())
def test_a_card_played_twice_is_impossible(seed: int, data) -> None:
    record = random_record(seed)
    positions = _tricks(record)
    if len(positions) < 2:
        return
    a, b = data.draw(st.lists(st.sampled_from(positions), min_size=2, max_size=2, unique=True))
    body = list(record.body)
    cards = list(body[a].card_tuple)
    cards[data.draw(st.integers(0, 2))] = data.draw(st.sampled_from(body[b].card_tuple))
    body[a] = Trick(body[a].number, None, tuple(Item(str(c), c) for c in cards))
    report = ENGINE.verify(Record(record.tags, tuple(body)))
    assert report.status is Status.INVALID and report.lines == []


@settings(max_examples=30, deadline=None)
@given(seeds, st.booleans(), st.booleans())
def test_the_deal_fool_lines_and_discard_may_be_left_out(
    seed: int, drop_fools: bool, drop_discard: bool
) -> None:
    """A hand played out scores the same without its ``hand`` lines (the hands are what the
    play shows), without its ``fool`` lines (the exchange is made for the record, PIE3-7) and
    without its discard (the cards nobody played, PIE3-5)."""
    record = random_record(seed)
    report = ENGINE.verify(record)
    if report.status is not Status.CLEAN:
        return
    dropped = (
        {"hand"} | ({"fool"} if drop_fools else set()) | ({"discard"} if drop_discard else set())
    )
    body = tuple(e for e in record.body if isinstance(e, Trick) or e.keyword not in dropped)
    again = ENGINE.verify(Record(record.tags, body))
    assert again.status is Status.CLEAN, [(f.code, f.message) for f in again.findings]
    assert again.settlement == report.settlement
    assert [s.total for s in again.sides] == [s.total for s in report.sides]


def test_the_generator_covers_the_games_branches() -> None:
    """Over 300 seeds the generator settles bargains (some with all three passing), plays
    hands out, declares, notes lesser groupings, and writes Fool exchanges at once and
    delayed, so the properties above exercise every part of the engine."""
    statuses: Counter = Counter()
    notes: Counter = Counter()
    delayed = immediate = passed = 0
    kinds: set[str] = set()
    for seed in range(300):
        record = random_record(seed)
        report = ENGINE.verify(record)
        statuses[report.status] += 1
        notes.update(f.code for f in report.findings)
        passed += report.thrown_in and not any(report.settlement)
        kinds |= {line.items[0].text for line in record.lines("declare")}
        fool = report.contract.get("fool", "")
        delayed += "after trick" in fool
        immediate += "at once" in fool
    assert statuses[Status.CLEAN] > 200 and statuses[Status.THROWN_IN] > 5
    assert passed >= 1 and delayed > 5 and immediate > 5
    assert kinds == {"abundance", "kings", "mitigati", "mixed"}
    assert notes["BETTER_GROUPING"] and notes["UNDECLARED_COMBINATION"]
