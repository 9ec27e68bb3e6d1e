"""What every engine must do (#22.7), one test parametrised over all six.

Each test states a contract of the public behaviour (``scorer.get_game(key)``'s ``verify`` and
``random_record``, the reader and the writer of ``records``), so a new engine, or a rebuilt
one, is held to it without a line of its own:

* a record kept without the deal whose later play proves a revoke names the proving trick;
* the payments of a zero-sum game add up to nothing (what is not paid is in abeyance);
* the sides of a played-out hand share the game's point total;
* the notation round trip (read, write, read) gives the same record and the same report;
* a verified report and its record are freed by reference counting alone (no cycles);
* every section keyword the game declares is read, and documented in ``docs/notation.md``;
* every value of every rule option is accepted, from the caller and from the record's
  ``Options`` tag alike, and a value not allowed is refused naming its values and ruling;
  each option cites a ruling the engine applies and is documented with its values;
* the game says how its records are entered (``Game.entry``, for ``POST /api/next`` and
  ``/enter``): keywords of its own, rulings it applies, and the deal's lines of the sizes a
  random record of the game deals.

Records: random legal ones (fixed seeds), the golden examples (``examples/``), the golden
finding records (``tests/golden/findings/``) and mutations of random ones
(:mod:`records.mutate`).
"""

from __future__ import annotations

import gc
import random
import re
import weakref
from collections.abc import Iterator
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from crossversion import report_fields

from records.mutate import MUTATIONS, mutate
from records.notation import read, read_one
from records.writer import write
from scorer import Game, OptionError, Status, build_ledger
from scorer.cards import FOOL, Card
from scorer.games import ENGINES, GAMES

ROOT = Path(__file__).resolve().parent.parent
REVOKE_CODES = frozenset({"MUST_FOLLOW_SUIT", "MUST_TRUMP", "MUST_FOLLOW_TRUMPS", "MUST_OVERTRUMP"})
SEEDS = range(40)

engines = pytest.mark.parametrize("game", ENGINES, ids=lambda game: game.key)


@cache
def random_text(key: str, seed: int) -> str:
    """The canonical text of random record ``seed`` of a game (made once per test run)."""
    return write(GAMES[key].random_record(random.Random(seed)))


def corpus(game: Game) -> Iterator[tuple[str, str]]:
    """``(name, text)`` of every record text of the game the tests keep: random records,
    the golden examples and the golden finding records (one file may hold a session)."""
    for seed in SEEDS:
        yield f"random {seed}", random_text(game.key, seed)
    paths = sorted(ROOT.glob("examples/*/*.txt")) + sorted(
        ROOT.glob(f"tests/golden/findings/{game.key}/*.txt")
    )
    for path in paths:
        text = path.read_text(encoding="utf-8")
        if f'[Game "{game.key}"]' in text:
            yield str(path.relative_to(ROOT)), text


def verified(game: Game, text: str) -> list[tuple[Any, Any]]:
    """``(record, report)`` for each record of ``text`` read without a notation error."""
    out = []
    for parsed in read(text):
        if parsed.record is not None and not parsed.errors and parsed.record.game == game.key:
            out.append((parsed.record, game.verify(parsed.record)))
    return out


# -- a revoke in a record without the deal names the trick that proves it ------------------
def _without_hands(text: str) -> str:
    return "".join(line for line in text.splitlines(True) if not line.startswith("hand "))


_TRICK_LINE = re.compile(r"^(\d+)\.\s+(?:\S+:\s+)?")


def _exchanged(text: str, first: int, a: int, later: int, b: int) -> str:
    """``text`` with the ``a``-th card of trick ``first`` and the ``b``-th of trick
    ``later`` exchanged (cards counted in the order of the trick line)."""
    lines = text.split("\n")
    where = {}
    for index, line in enumerate(lines):
        match = _TRICK_LINE.match(line)
        if match:
            where[int(match.group(1))] = (index, match.end())
    (i, head_i), (j, head_j) = where[first], where[later]
    cards_i, cards_j = lines[i][head_i:].split(), lines[j][head_j:].split()
    cards_i[a], cards_j[b] = cards_j[b], cards_i[a]
    lines[i] = lines[i][:head_i] + " ".join(cards_i)
    lines[j] = lines[j][:head_j] + " ".join(cards_j)
    return "\n".join(lines)


def a_proved_revoke(game: Game) -> tuple[str, Any] | None:
    """A text without hand lines, made from a clean random record by exchanging one
    player's cards of two tricks, that replays without an error and with a revoke; and its
    report. ``None`` if no seed of :data:`SEEDS` gives one."""
    for seed in SEEDS:
        text = _without_hands(random_text(game.key, seed))
        report = game.verify(read_one(text).record)
        if report.status is not Status.CLEAN:
            continue
        for first, later in combinations(report.tricks, 2):
            if later.number < first.number + 2:
                continue
            for a, (seat_a, card_a) in enumerate(zip(first.seats, first.cards, strict=True)):
                for b, (seat_b, card_b) in enumerate(zip(later.seats, later.cards, strict=True)):
                    if a == 0 or seat_a != seat_b or card_a == card_b:
                        continue
                    edited = _exchanged(text, first.number, a, later.number, b)
                    parsed = read_one(edited)
                    if parsed.errors:
                        continue
                    result = game.verify(parsed.record)
                    if not result.errors and REVOKE_CODES & {f.code for f in result.findings}:
                        return edited, result
    return None


@engines
def test_a_revoke_without_the_deal_names_the_trick_that_proves_it(game: Game) -> None:
    found = a_proved_revoke(game)
    assert found is not None, "no revoke could be made: the test would prove nothing"
    text, report = found
    record = read_one(text).record
    style = record.tag("Suits") or game.default_suits
    revokes = [f for f in report.findings if f.code in REVOKE_CODES]
    for finding in revokes:
        match = re.search(r"; proved by trick (\d+), where (.+) played (\S+)$", finding.message)
        assert match, finding.message
        number, player, card = int(match[1]), match[2], Card.parse(match[3], suits=style)
        assert number > finding.trick and player == report.players[finding.seat]
        assert card in finding.legal
        later = [  # the first later trick where the player played a card he should have
            (trick.number, played)  # (the Fool, legal whatever he held, proves nothing)
            for trick in report.tricks
            if trick.number > finding.trick
            for seat, played in zip(trick.seats, trick.cards, strict=True)
            if seat == finding.seat and played in finding.legal and played != FOOL
        ]
        assert later[0] == (number, card)


# -- payments and points -------------------------------------------------------------------
def _mutated_texts(game: Game) -> Iterator[str]:
    kinds = sorted(MUTATIONS)
    for seed in SEEDS:
        rng = random.Random(seed)
        damaged = mutate(random_text(game.key, seed), kinds[seed % len(kinds)], rng)
        if damaged is not None:
            yield damaged


@pytest.mark.parametrize("game", [g for g in ENGINES if g.zero_sum], ids=lambda game: game.key)
def test_payments_are_zero_sum(game: Game) -> None:
    """Every hand's payments, and the open abeyance, add up to nothing; so does a session's
    ledger (G-1: a flagged hand is scored as played, so mutated records count too)."""
    texts = [text for _name, text in corpus(game)] + list(_mutated_texts(game))
    scored = 0
    for text in texts:
        for _record, report in verified(game, text):
            assert sum(report.settlement) + report.abeyance == 0, text
            scored += bool(report.lines)
    assert scored >= len(SEEDS)
    records = game.random_session(random.Random(5), 8)
    ledger = build_ledger(records, [game.verify(r) for r in records])
    assert ledger.is_zero_sum()


def test_the_zero_sum_games_are_those_the_rules_say() -> None:
    """Pinch scores each player (PINCH-8); every other game pays between players."""
    assert {g.key for g in ENGINES if not g.zero_sum} == {"pinch"}


@pytest.mark.parametrize(
    "game", [g for g in ENGINES if g.point_total is not None], ids=lambda game: game.key
)
def test_a_played_out_hand_shares_the_point_total(game: Game) -> None:
    """The sides of a complete hand take the pack's points between them (NICE-2, PINCH-2,
    PIE3-2, PIE-2), whatever the play, legal or flagged."""
    played = 0
    for _name, text in corpus(game):
        for record, report in verified(game, text):
            if report.complete and not report.thrown_in and not report.errors and report.sides:
                if record.options:  # the total is the default options' (PIE3-2: fool=5)
                    continue
                assert sum(side.total for side in report.sides) == game.point_total, text
                played += 1
    assert played >= len(SEEDS) // 2


def test_every_game_but_minchiate_has_a_point_total() -> None:
    """Minchiate's count is relative (MIN-10: beyond 42 cards, versicole): no fixed total."""
    assert {g.key for g in ENGINES if g.point_total is None} == {"minchiate"}


# -- the notation round trip ---------------------------------------------------------------
def _without_places(value: Any) -> Any:
    """A report's plain fields without text locations (a rewritten text moves lines)."""
    if isinstance(value, dict):
        out = {k: _without_places(v) for k, v in value.items() if k != "loc"}
        if "plays" in out:
            out["plays"] = [play[:2] + play[3:] for play in value["plays"]]
        return out
    if isinstance(value, list):
        return [_without_places(item) for item in value]
    return value


@engines
def test_the_notation_round_trip_keeps_record_and_report(game: Game) -> None:
    """read -> write -> read gives an equal record and an equal report (but for the places
    in the text: the canonical text drops comments); the canonical text is a fixed point."""
    checked = 0
    for name, text in corpus(game):
        for record, report in verified(game, text):
            canonical = write(record)
            again = read_one(canonical)
            assert not again.errors, (name, again.errors)
            assert again.record == record, name
            assert write(again.record) == canonical, name
            assert _without_places(report_fields(game.verify(again.record))) == _without_places(
                report_fields(report)
            ), name
            checked += 1
    assert checked >= len(SEEDS)


# -- no reference cycles -------------------------------------------------------------------
@engines
def test_a_verified_report_is_freed_without_the_cycle_collector(game: Game) -> None:
    """Reading and verifying makes no reference cycle: with the collector off, dropping the
    report and the record frees them at once (a cycle would keep a whole record alive until
    the collector walks it). Everything the collector would have had to free is listed."""
    texts = [random_text(game.key, seed) for seed in range(10)]
    texts += list(_mutated_texts(game))[:10]
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for text in texts:
            parsed = read_one(text)
            if parsed.record is None:
                continue
            report = game.verify(parsed.record)
            dead_report, dead_record = weakref.ref(report), weakref.ref(parsed.record)
            del parsed, report
            assert dead_report() is None and dead_record() is None, text
        gc.collect()
        kept = sorted({type(obj).__qualname__ for obj in gc.garbage})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert kept == []


# -- the deal ------------------------------------------------------------------------------
#: The engines whose ``hand`` lines are the deal, read by ``Replay.dealt_mask`` (Minchiate's
#: deal is its cut, hands, folla and face-up cards, each a section of its own: MIN-3 .. 6).
DEALT_BY_HAND_LINES = [g for g in ENGINES if g.key != "minchiate"]


def _hand_lines(text: str) -> tuple[list[str], list[int]]:
    lines = text.splitlines()
    return lines, [i for i, line in enumerate(lines) if line.startswith("hand ")]


@pytest.mark.parametrize("game", DEALT_BY_HAND_LINES, ids=lambda game: game.key)
def test_a_card_dealt_twice_is_stopped_at_with_its_place_and_seat(game: Game) -> None:
    """G-2: the second seat's hand line given the first seat's first card is impossible,
    said at that card (line and column) and for that seat, whatever the game."""
    lines, hands = _hand_lines(random_text(game.key, 0))
    first, second = hands[:2]
    card = lines[first].partition(": ")[2].split()[0]
    head, _, cards = lines[second].partition(": ")
    lines[second] = f"{head}: {card} {' '.join(cards.split()[1:])}"
    report = game.verify(read_one("\n".join(lines)).record)
    [error] = report.errors
    assert (error.code, error.variant) == ("DUPLICATE_CARD", "dealt")
    assert error.loc is not None
    assert (error.loc.line, error.loc.column) == (second + 1, len(head) + 3)
    assert error.seat == report.players.index(head.removeprefix("hand "))
    assert error.cards == (Card.parse(card),)


@pytest.mark.parametrize("game", DEALT_BY_HAND_LINES, ids=lambda game: game.key)
def test_an_unknown_card_in_a_hand_line_is_stopped_at_with_its_seat(game: Game) -> None:
    """G-2: a hand must be written in full; ``?`` for a card of it stops the replay there."""
    lines, hands = _hand_lines(random_text(game.key, 1))
    head, _, cards = lines[hands[-1]].partition(": ")
    lines[hands[-1]] = f"{head}: ? {' '.join(cards.split()[1:])}"
    report = game.verify(read_one("\n".join(lines)).record)
    [error] = report.errors
    assert (error.code, error.variant) == ("UNKNOWN_CARD", "hand")
    assert error.loc is not None and error.loc.line == hands[-1] + 1
    assert error.seat == report.players.index(head.removeprefix("hand "))
    assert "must be written in full" in error.message


# -- keywords ------------------------------------------------------------------------------
def _doc_section(doc: str, key: str) -> str:
    """The part of ``docs/notation.md`` about one game: from its heading to the next; a part
    that begins "The same sections" (nice3) includes the part before it (nice4)."""
    start = doc.index(f"(`{key}`)\n")
    end = doc.find("\n## ", start)
    section = doc[start : end if end != -1 else len(doc)]
    if section.split("\n\n", 2)[1].startswith("The same sections"):
        before = doc.rindex("\n## ", 0, doc.rindex("\n## ", 0, start))
        section = doc[before:start] + section
    return section


@engines
def test_every_keyword_is_read_and_documented(game: Game) -> None:
    """Each section keyword the game declares is read without a notation error in a real
    record of the game (a claim line is added to a random record: every game takes one)
    and is named in the game's part of docs/notation.md (claims in their own part)."""
    read_keywords: set[str] = set()
    report = game.verify(read_one(random_text(game.key, 0)).record)
    claim = " ".join(f"{p} {a:+d}" for p, a in zip(report.players, report.settlement, strict=True))
    texts = [text for _name, text in corpus(game)]
    texts.append(random_text(game.key, 0) + f"claim {game.claim_field}: {claim}\n")
    for text in texts:
        for parsed in read(text):
            if parsed.record is None or parsed.record.game != game.key:
                continue
            wrong = {error.loc.line for error in parsed.errors}
            for entry in parsed.record.body:
                keyword = getattr(entry, "keyword", None)
                if keyword and entry.loc is not None and entry.loc.line not in wrong:
                    read_keywords.add(keyword)
    assert set(game.keywords) <= read_keywords, set(game.keywords) - read_keywords
    doc = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section, claims = _doc_section(doc, game.key), doc[doc.index("## Claims") :]
    for keyword in game.keywords:
        assert f"`{keyword}" in section or (keyword == "claim" and "`claim" in claims), keyword


@engines
def test_the_entry_shape_is_the_games_own(game: Game) -> None:
    """The entry shape names the game's keywords (each in one place), rulings the engine
    applies and the game's pack, and its deal lines, entered in order, are those of a random
    record of the game, card for card in number."""
    from records.entry import deal_parts

    shape = game.entry
    assert shape is not None, f"{game.key} has no entry shape (Game.entry)"
    where = [*shape.deal_keywords, *shape.before_deal, *shape.before_play]
    assert len(where) == len(set(where)) and set(where) <= set(game.keywords), where
    assert set(shape.lead_rulings) <= set(game.rulings), shape.lead_rulings
    for seed in range(3):
        record = read_one(random_text(game.key, seed)).record
        assert record.dealer is not None
        written = [
            (line.keyword, line.subject, len(line.cards()))
            for line in record.body
            if getattr(line, "keyword", None) in shape.deal_keywords
        ]
        parts = [
            (part.keyword, None if part.seat is None else record.players[part.seat], part.size)
            for part in deal_parts(game, record.dealer)
        ]
        assert sorted(written, key=str) == sorted(parts, key=str)
        dealt = [
            card
            for line in record.body
            if getattr(line, "keyword", None) == "hand"
            for card in line.cards()
        ]
        assert all(shape.pack >> card & 1 for card in dealt)


def test_a_claim_of_the_right_settlement_draws_no_finding() -> None:
    """The game's claim field is its payments: the settlement claimed is found right."""
    for game in ENGINES:
        text = random_text(game.key, 0)
        report = game.verify(read_one(text).record)
        amounts = zip(report.players, report.settlement, strict=True)
        sign = "{:+d}" if game.zero_sum else "{:d}"
        claim = " ".join(f"{p} {sign.format(a)}" for p, a in amounts)
        claimed = game.verify(read_one(text + f"claim {game.claim_field}: {claim}\n").record)
        assert [f.code for f in claimed.findings] == [f.code for f in report.findings], game.key


# -- rule options --------------------------------------------------------------------------
def _options_text(text: str, tag: str) -> str:
    """``text`` with a line after its Game tag: ``tag`` (an Options tag or a comment, so
    that both texts have their lines at the same places)."""
    head, _, rest = text.partition("\n")
    return f"{head}\n{tag}\n{rest}"


@engines
def test_every_option_value_is_accepted_from_the_caller_and_the_tag(game: Game) -> None:
    """Each value of each option verifies a record, and the record's ``Options`` tag and the
    caller's options give the same report."""
    text = random_text(game.key, 1)
    for option in game.options:
        for value in option.values:
            tagged = read_one(_options_text(text, f'[Options "{option.name}={value}"]'))
            assert not tagged.errors, (option.name, value, tagged.errors)
            plain = read_one(_options_text(text, f"; {option.name}={value} given by the caller"))
            by_tag = report_fields(game.verify(tagged.record))
            by_caller = report_fields(game.verify(plain.record, {option.name: value}))
            assert by_tag == by_caller, (option.name, value)
            assert game.resolve_options({option.name: value})[option.name] == value


@engines
def test_an_option_value_not_allowed_is_refused_with_its_values_and_ruling(game: Game) -> None:
    record = read_one(random_text(game.key, 1)).record
    for option in game.options:
        with pytest.raises(OptionError) as refused:
            game.verify(record, {option.name: "no-such-value"})
        for word in (option.name, option.ruling, *option.values):
            assert word in str(refused.value)
        tagged = read_one(
            _options_text(random_text(game.key, 1), f'[Options "{option.name}=no-such-value"]')
        )
        assert any(option.ruling in error.message for error in tagged.errors)
    with pytest.raises(OptionError, match="no-such-option"):
        game.verify(record, {"no-such-option": "on"})


@engines
def test_every_option_names_a_ruling_the_engine_applies_and_is_documented(game: Game) -> None:
    """An option is the choice a ruling leaves open: it cites a ruling the engine lists, and
    the game's part of docs/notation.md names it with each of its values."""
    doc = _doc_section((ROOT / "docs" / "notation.md").read_text(encoding="utf-8"), game.key)
    for option in game.options:
        assert option.ruling in game.rulings, option
        assert option.name in doc, option.name
        for value in option.values:
            assert value in doc, (option.name, value)
