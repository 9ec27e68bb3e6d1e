"""One focused test (or more) per ruling of pinch tarot: PINCH-1 .. PINCH-8, with G-1, G-2, G-5.

Each test builds a record with :mod:`pinchkit` (pinned cards, a known stock, deterministic or
seeded play, forced plays where the situation needs them, meld schedules), asserts that the
situation it is about really occurs, then asserts what the ruling says. Figures come from the
kit's own tally (written from the seed's tables, not the engine's) or are worked out here.
"""

from __future__ import annotations

import random

import pytest
from pinchkit import (
    PLAYERS,
    Played,
    at_random,
    cards,
    codes,
    deal,
    lowest,
    mask,
    play,
    sheet,
    value,
    verify,
)

from records.notation import read
from scorer.cards import FOOL, Card
from scorer.games import get_game
from scorer.games.pinch import rules as R
from scorer.ledger import build_ledger
from scorer.report import Report, Status

A, B = PLAYERS


def finding(report: Report, code: str):
    found = [f for f in report.findings if f.code == code]
    assert found, f"no {code} in {codes(report, notes=True)}"
    return found[0]


def random_hand(seed: int = 1, dealer: str = B, **kw) -> Played:
    rng = random.Random(seed)
    hands, stock = deal(kw.pop("fixed", None), kw.pop("stock_top", ""), rng=rng)
    return play(dealer, hands, stock, at_random, rng, **kw)


def replace_line(text: str, old: str, new: str) -> str:
    lines = text.splitlines()
    index = lines.index(old)
    lines[index] = new
    return "\n".join(lines) + "\n"


def insert_after(text: str, anchor: str, new: str) -> str:
    lines = text.splitlines()
    lines.insert(lines.index(anchor) + 1, new)
    return "\n".join(lines) + "\n"


def first_trick(
    lead: str, answer: str, pins: dict[str, str] | None = None, options: str | None = None
) -> tuple[Played, Report]:
    """A whole hand whose first trick is Anna's ``lead`` and Bruno's ``answer`` (Bruno deals,
    so Anna leads), the rest played lowest-first."""
    pins = pins or {}
    fixed = {A: " ".join([lead, pins.get(A, "")]), B: " ".join([answer, pins.get(B, "")])}
    hands, stock = deal(fixed, rng=random.Random(3))
    p = play(B, hands, stock, lowest, force={(1, A): lead, (1, B): answer}, options=options)
    return p, verify(p.text())


# -- PINCH-1: ranking -------------------------------------------------------------------------
def test_pinch1_twenty_beats_twentyone() -> None:
    _, report = first_trick("21", "20")
    assert report.tricks[0].cards == tuple(cards("21 20"))
    assert report.tricks[0].winner == 1  # Bruno's 20
    _p, report = first_trick("20", "21")
    assert report.tricks[0].winner == 0  # Anna's 20


def test_pinch1_trumps_by_number_otherwise() -> None:
    _, report = first_trick("19", "5")
    assert report.tricks[0].winner == 0
    _, report = first_trick("5", "19")
    assert report.tricks[0].winner == 1


@pytest.mark.parametrize(
    "lead, answer, winner",
    [("10H", "9H", 0), ("9H", "10H", 1), ("10H", "JH", 1), ("KS", "QS", 0), ("AD", "2D", 1)],
)
def test_pinch1_suits_ascend_one_to_ten_then_courts(lead: str, answer: str, winner: int) -> None:
    _, report = first_trick(lead, answer)
    assert report.status is Status.CLEAN
    assert report.tricks[0].winner == winner


def test_pinch1_option_historic_reverses_the_pips_of_hearts_and_diamonds_only() -> None:
    _, report = first_trick("10H", "9H", options="pip-order=historic")
    assert report.tricks[0].winner == 1  # 9 beats 10 in hearts
    _, report = first_trick("10S", "9S", options="pip-order=historic")
    assert report.tricks[0].winner == 0  # spades unchanged
    _, report = first_trick("10H", "JH", options="pip-order=historic")
    assert report.tricks[0].winner == 1  # courts still above the pips


def test_pinch1_a_trump_beats_any_suit_card() -> None:
    _, report = first_trick("KH", "1", pins={B: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S AC 2C 3C 4C"})
    assert report.tricks[0].winner == 1


# -- PINCH-2: points ---------------------------------------------------------------------------
def test_pinch2_card_points_total_52() -> None:
    assert sum(R.POINTS) == 52
    assert [R.POINTS[c] for c in cards("1 21 Fool KH QH CH JH 10H 20")] == [
        4,
        4,
        4,
        4,
        3,
        2,
        1,
        0,
        0,
    ]
    assert sum(value(c) for c in range(97) if R.PACK >> c & 1) == 52  # the kit's table agrees


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_pinch2_deck_points_are_pile_pairs_plus_card_points_and_make_91(seed: int) -> None:
    p = random_hand(seed)
    report = verify(p.text())
    assert report.status is Status.CLEAN, codes(report)
    decks = [side.total for side in report.sides]
    assert decks == [p.deck(A), p.deck(B)]  # the kit's independent count
    assert sum(decks) == 91
    for side, name in zip(report.sides, PLAYERS, strict=True):
        assert side.card_points == p.card_points(name)
        assert side.trick_points == p.piles[name].bit_count() // 2 == p.won[name]
    deck_line = [line for line in report.lines if line.rule == "PINCH-2"]
    assert [tuple(line.amounts) for line in deck_line] == [tuple(decks)]


# -- PINCH-3: deal, stock and draws -------------------------------------------------------------
def test_pinch3_the_dealers_opponent_leads_first() -> None:
    p = random_hand(2, dealer=B)
    text = p.text()
    first = next(line for line in text.splitlines() if line.startswith("1. "))
    assert verify(text).status is Status.CLEAN
    wrong = replace_line(text, first, first.replace("1. ", f"1. {B}: "))
    report = verify(wrong)
    assert codes(report) == ["PLAY_OUT_OF_TURN"]


def test_pinch3_the_winner_draws_first() -> None:
    p = random_hand(4)
    text = p.text()
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("draw "))
    winner = p.tricks[0][2]
    assert lines[i].startswith(f"draw {winner}:")
    swapped = [*lines[:i], lines[i + 1], lines[i], *lines[i + 2 :]]
    report = verify("\n".join(swapped) + "\n")
    assert codes(report) == ["DRAW_OUT_OF_ORDER"]
    assert finding(report, "DRAW_OUT_OF_ORDER").rule == "PINCH-3"
    assert report.status is Status.INVALID


def test_pinch3_a_draw_must_be_the_stocks_next_card() -> None:
    p = random_hand(5)
    lines = p.text().splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("draw "))
    name, _card = lines[i].split(": ")
    other = p.stock[5].text("french")
    lines[i] = f"{name}: {other}"
    report = verify("\n".join(lines) + "\n")
    bad = finding(report, "DRAW_MISMATCH")
    assert bad.rule == "PINCH-3" and p.stock[0].text("french") in bad.message
    assert report.status is Status.INVALID and report.lines == []


def test_pinch3_without_the_stock_line_draws_still_cannot_repeat_a_card() -> None:
    p = random_hand(6)
    text = p.text(write_stock=False)
    assert verify(text).status is Status.CLEAN
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("draw "))
    held = next(
        iter(
            cards(
                lines[next(j for j, x in enumerate(lines) if x.startswith("hand "))].split(": ")[1]
            )
        )
    )
    lines[i] = lines[i].split(": ")[0] + ": " + held.text("french")
    assert codes(verify("\n".join(lines) + "\n")) == ["DUPLICATE_CARD"]


def test_pinch3_a_missing_draw_is_an_error() -> None:
    p = random_hand(7)
    lines = p.text().splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("draw "))
    del lines[i + 1]
    assert codes(verify("\n".join(lines) + "\n")) == ["DRAW_MISSING"]


def test_pinch3_no_draw_once_the_stock_is_exhausted() -> None:
    p = random_hand(8)
    text = insert_after(
        p.text(), next(x for x in p.text().splitlines() if x.startswith("25. ")), f"draw {A}: 5H"
    )
    report = verify(text)
    assert codes(report) == ["DRAW_OUT_OF_PLACE"]
    assert "exhausted" in finding(report, "DRAW_OUT_OF_PLACE").message


def test_pinch3_g2_a_card_played_before_it_was_drawn_is_impossible() -> None:
    p = random_hand(9)
    lines = p.text().splitlines()
    # the card Bruno draws after trick 3, played by him already in trick 2
    drawn = [x for x in lines if x.startswith(f"draw {B}: ")][2].split(": ")[1]
    trick2 = next(x for x in lines if x.startswith("2. "))
    lead, answer = trick2[3:].split()
    seat_of_answer = B if p.tricks[1][0] == A else A
    new = f"2. {lead} {drawn}" if seat_of_answer == B else f"2. {drawn} {answer}"
    report = verify(replace_line(p.text(), trick2, new))
    bad = finding(report, "CARD_NOT_HELD")
    assert bad.trick == 2 and "before it is drawn" in bad.message
    assert report.status is Status.INVALID


def test_pinch3_hand_and_stock_sizes() -> None:
    p = random_hand(10)
    text = p.text()
    hand = next(x for x in text.splitlines() if x.startswith(f"hand {A}"))
    assert codes(verify(replace_line(text, hand, hand.rsplit(" ", 1)[0]))) == ["WRONG_HAND_SIZE"]
    stock = next(x for x in text.splitlines() if x.startswith("stock"))
    assert codes(verify(replace_line(text, stock, stock.rsplit(" ", 1)[0]))) == ["WRONG_STOCK_SIZE"]


def test_pinch3_hands_are_derived_from_a_complete_play() -> None:
    p = random_hand(11)
    full = verify(p.text())
    bare = verify(p.text(write_hands=False, write_stock=False))
    assert bare.status is Status.CLEAN
    assert "HANDS_DERIVED" in codes(bare, notes=True)
    assert bare.settlement == full.settlement
    assert bare.hands == (p.hands[A], p.hands[B])


@pytest.mark.parametrize("seed", [3, 11, 19])
def test_pinch3_a_derived_hand_holds_no_card_of_the_stock(seed: int) -> None:
    """Without hand lines, a player who plays a card of the written stock he never drew did
    not hold it (the stock is never dealt): written as the other player's drawn card played
    again in the same trick (``16 16``), the record is impossible at that trick (G-2), where it
    once passed or failed by which replay path judged the tie."""
    p = random_hand(seed)
    text = p.text(write_hands=False)
    lines = text.split("\n")
    drawn = {line.split(": ")[1] for line in lines if line.startswith("draw ")}
    at, trick = next(
        (i, line)
        for i, line in enumerate(lines)
        if line[:1].isdigit() and line.split(". ")[1].split()[0] in drawn
    )
    number, cards = trick.split(". ")
    lines[at] = f"{number}. {cards.split()[0]} {cards.split()[0]}"
    [parsed] = read("\n".join(lines))
    game = get_game("pinch")
    for options in (None, {"overtrump": "required"}):
        report = game.verify(parsed.record, options)
        assert report.status is Status.INVALID
        [error] = report.errors
        assert error.code in ("CARD_NOT_HELD", "DUPLICATE_CARD") and error.trick == int(number)


def test_g2_a_card_outside_the_pack_is_impossible_though_the_hands_are_not_written() -> None:
    """Without hand lines, a trick with a card outside the 78-card pack (trump 22) is
    impossible where it is played (G-2): the deal is not derived with that card in a hand,
    as it once was, which took the card as held and scored the hand."""
    p = random_hand(12)
    text = p.text(write_hands=False)
    lines = text.splitlines()
    drawn = {line.split(": ")[1] for line in lines if line.startswith("draw ")}
    at, trick = next(
        (i, line)
        for i, line in enumerate(lines)
        if line[:1].isdigit()
        and int(line.split(".")[0]) > 24  # no draw after it (PINCH-3)
        and line.split()[2] not in drawn  # a card its player was dealt
        and line.split()[2] != "Fool"
    )
    number, first, _second = trick.split()
    lines[at] = f"{number} {first} 22"
    report = verify("\n".join(lines) + "\n")
    [error] = report.errors
    assert (error.code, error.trick) == ("CARD_NOT_IN_PACK", int(number[:-1]))
    assert error.message == "22 is not in the 78-card pack"
    assert report.hands is None and "HANDS_DERIVED" not in codes(report, notes=True)


def test_pinch3_a_revoke_is_found_without_the_hand_lines() -> None:
    p, _report = first_trick("5H", "2S", pins={B: "7H"})
    bare = verify(p.text(write_hands=False))
    assert "MUST_FOLLOW_SUIT" in codes(bare)


# -- PINCH-4: play -----------------------------------------------------------------------------
NO_HEARTS = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S AC 2C 3C 1"


def test_pinch4_follow_suit_g1_scored_as_played() -> None:
    p, report = first_trick("5H", "2S", pins={B: "7H"})
    bad = finding(report, "MUST_FOLLOW_SUIT")
    assert bad.rule == "PINCH-4" and bad.trick == 1 and bad.seat == 1
    assert Card.parse("7H", "french") in bad.legal
    assert report.status is Status.FLAGGED
    assert [side.total for side in report.sides] == [p.deck(A), p.deck(B)]
    assert report.tricks[0].winner == 0  # the spade cannot win a heart lead


def test_pinch4_void_in_the_suit_must_trump() -> None:
    _, report = first_trick("5H", "2S", pins={B: NO_HEARTS})
    bad = finding(report, "MUST_TRUMP")
    assert set(bad.legal) == {Card.parse("1")}


def test_pinch4_void_in_suit_and_trumps_plays_anything() -> None:
    pins = {B: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S AC 2C 3C 4C"}
    _, report = first_trick("5H", "2S", pins=pins)
    assert "MUST_TRUMP" not in codes(report) and "MUST_FOLLOW_SUIT" not in codes(report)


def test_pinch4_trump_led_must_be_answered_with_a_trump() -> None:
    _, report = first_trick("5", "2S", pins={B: "9"})
    assert finding(report, "MUST_FOLLOW_TRUMPS").rule == "PINCH-4"


def test_pinch4_overtrump_only_with_the_option() -> None:
    _, free = first_trick("5", "3", pins={B: "9"})
    assert "MUST_OVERTRUMP" not in codes(free)
    _, required = first_trick("5", "3", pins={B: "9"}, options="overtrump=required")
    bad = finding(required, "MUST_OVERTRUMP")
    assert Card.parse("9") in bad.legal and Card.parse("3") not in bad.legal
    low = "2 AS 2S 3S 4S 5S 6S 7S 8S 9S 10S AC 2C 3C"  # Bruno's only trumps: 2 and 3
    _, cannot = first_trick("5", "3", pins={B: low}, options="overtrump=required")
    assert not [f for f in cannot.findings if f.trick == 1]  # no trump above 5 to play


# -- PINCH-5: melds ----------------------------------------------------------------------------
def meld_hand(
    schedule: dict[tuple[str, int], list[str]],
    fixed: dict[str, str],
    seed: int = 12,
    keep: dict[str, str] | None = None,
    stock_top: str = "",
) -> Played:
    rng = random.Random(seed)
    hands, stock = deal(fixed, stock_top, rng=rng)

    def melds(name: str, number: int, hand: int, done: list[str]) -> list[str]:
        return schedule.get((name, number), [])

    return play(B, hands, stock, at_random, rng, melds=melds, keep=keep)


TEN = "2 3 4 5 6 7 8 9 10 11"


def test_pinch5_values_of_each_meld_before_the_first_card() -> None:
    schedule = {
        (A, 0): [f"trumps {TEN} 12", "family JH CH QH KH"],
        (B, 0): ["gatti Fool 1 21", "three KC KS KD"],
    }
    fixed = {A: f"{TEN} 12 JH CH QH KH", B: "Fool 1 21 KC KS KD"}
    p = meld_hand(schedule, fixed)
    report = verify(p.text())
    assert report.status is Status.CLEAN, codes(report)
    assert sheet(report)[:4] == [
        ("11T", {A: 11}),
        ("10F", {A: 10}),
        ("10G", {B: 10}),
        ("5K", {B: 5}),
    ]
    assert all(line.rule == "PINCH-5" for line in report.lines[:4])


def test_pinch5_kind_may_be_left_out_when_the_cards_say_it() -> None:
    fixed = {A: f"{TEN} JS CS QS KS", B: "Fool 1 21 JC JH JD"}
    p = meld_hand({(A, 0): [TEN, "JS CS QS KS"], (B, 0): ["Fool 1 21", "JC JH JD"]}, fixed)
    report = verify(p.text())
    assert [code for code, _ in sheet(report)][:4] == ["10T", "10F", "10G", "5J"]


def test_pinch5_the_fool_is_not_a_trump_for_the_trumps_meld() -> None:
    fixed = {A: "2 3 4 5 6 7 8 9 10 Fool"}
    p = meld_hand({(A, 0): ["trumps 2 3 4 5 6 7 8 9 10 Fool"]}, fixed)
    report = verify(p.text())
    assert finding(report, "MELD_MALFORMED").rule == "PINCH-5"
    assert not [line for line in report.lines if line.rule == "PINCH-5"]


def raise_hand() -> tuple[str, str, str]:
    """Anna holds ten trumps and keeps them; the stock's first four cards are trumps, so after
    trick 2 she has drawn two of them. Returns the text (Anna's 10T shown before her first
    card), the line after which she may raise, and the two trumps she drew."""
    fixed = {A: TEN, B: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S AC 2C 3C 4C 5C"}
    p = meld_hand({(A, 0): [f"trumps {TEN}"]}, fixed, stock_top="12 13 14 15", keep={A: TEN})
    draws = [x for x in p.text().splitlines() if x.startswith("draw ")][:4]
    drawn = " ".join(x.split(": ")[1] for x in draws if x.startswith(f"draw {A}"))
    assert mask(drawn) & R.TRUMPS == mask(drawn) and len(drawn.split()) == 2
    assert not any(c.bit & mask(TEN) for t in p.tricks[:2] for c in t[1])  # she kept them
    return p.text(), draws[3], drawn


def test_pinch5_trumps_raised_after_a_draw_for_the_difference() -> None:
    text, after, drawn = raise_hand()
    report = verify(insert_after(text, after, f"meld Anna: trumps {TEN} {drawn}"))
    assert report.status is Status.CLEAN, codes(report)
    assert sheet(report)[:2] == [("10T", {A: 10}), ("2T", {A: 2})]


def test_pinch5_a_raise_must_show_the_trumps_declared_before() -> None:
    text, after, drawn = raise_hand()
    report = verify(insert_after(text, after, f"meld Anna: trumps 3 4 5 6 7 8 9 10 11 {drawn}"))
    assert finding(report, "MELD_RAISE_NOT_HELD").cards == (Card.parse("2"),)
    assert [code for code, _ in sheet(report)][:2] == ["10T", "deck"]


def test_pinch5_each_meld_once_a_hand() -> None:
    fixed = {A: "JS CS QS KS"}
    p = meld_hand({(A, 0): ["family JS CS QS KS", "family JS CS QS KS"]}, fixed)
    report = verify(p.text())
    assert finding(report, "MELD_REPEATED").rule == "PINCH-5"
    assert [code for code, _ in sheet(report)].count("10F") == 1


def test_pinch5_three_raised_to_four_for_five_more_but_four_then_three_is_repeated() -> None:
    fixed = {B: "CS CC CH CD"}
    p = meld_hand({(B, 0): ["three CS CC CH", "four CS CC CH CD"]}, fixed)
    assert sheet(verify(p.text()))[:2] == [("5C", {B: 5}), ("5C", {B: 5})]
    p = meld_hand({(B, 0): ["four CS CC CH CD", "three CS CC CH"]}, fixed)
    report = verify(p.text())
    assert sheet(report)[0] == ("10C", {B: 10})
    assert codes(report) == ["MELD_REPEATED"]


def test_pinch5_only_cards_then_in_hand() -> None:
    p = meld_hand({(A, 0): ["family JS CS QS KS"]}, {A: "JS CS QS", B: "KS"})
    report = verify(p.text())
    assert finding(report, "MELD_NOT_HELD").cards == (Card.parse("KS"),)
    assert not [line for line in report.lines if line.rule == "PINCH-5"]


def test_pinch5_timing_after_own_draw_only() -> None:
    fixed = {A: "JS CS QS KS"}
    p = meld_hand({}, fixed, keep={A: "JS CS QS KS"})
    lines = p.text().splitlines()
    # between trick 1 and Anna's own draw; then after the stock is exhausted (trick 30)
    trick1 = next(x for x in lines if x.startswith("1. "))
    first_drawer = p.tricks[0][2]
    if first_drawer == B:
        text = insert_after(
            p.text(),
            next(x for x in lines if x.startswith("draw ")),
            "meld Anna: family JS CS QS KS",
        )
    else:
        text = insert_after(p.text(), trick1, "meld Anna: family JS CS QS KS")
    report = verify(text)
    assert finding(report, "MELD_TIMING").trick == 1
    late = insert_after(
        p.text(), next(x for x in lines if x.startswith("30. ")), "meld Anna: family JS CS QS KS"
    )
    assert "MELD_TIMING" in codes(verify(late))
    ok = insert_after(
        p.text(), [x for x in lines if x.startswith("draw ")][1], "meld Anna: family JS CS QS KS"
    )
    report = verify(ok)
    assert report.status is Status.CLEAN and sheet(report)[0] == ("10F", {A: 10})


def test_g5_melds_held_but_not_declared_are_noted_not_paid() -> None:
    p = meld_hand({}, {A: "JS CS QS KS", B: "Fool 1 21"})
    report = verify(p.text())
    note = [f for f in report.findings if f.code == "UNDECLARED_MELD"]
    assert {f.seat for f in note} == {0, 1} and all(f.rule == "G-5" for f in note)
    assert report.status is Status.CLEAN
    assert not [line for line in report.lines if line.rule == "PINCH-5"]


# -- PINCH-6: the Fool ---------------------------------------------------------------------------
def test_pinch6_fool_led_the_other_card_wins_played_second_the_leader_wins() -> None:
    _, report = first_trick("Fool", "2S")
    assert report.tricks[0].winner == 1
    _, report = first_trick("2S", "Fool", pins={B: "5S"})
    assert report.tricks[0].winner == 0
    assert "MUST_FOLLOW_SUIT" not in codes(report)  # the Fool may always be played


def fool_hand(seed: int, cover: str = "first") -> tuple[Played, int, list[int]]:
    for s in range(seed, seed + 500):
        p = random_hand(s, cover=cover)
        if p.fool is None:
            continue
        n = next(i for i, t in enumerate(p.tricks, 1) if FOOL in t[1])
        later = [i for i, t in enumerate(p.tricks, 1) if i > n and t[2] == p.fool]
        if later and n < 30:
            return p, n, later
    raise AssertionError("no such hand")


def test_pinch6_covering_moves_one_card_and_keeps_the_fool() -> None:
    p, _n, _later = fool_hand(20)
    assert p.cover is not None
    report = verify(p.text())
    assert report.status is Status.CLEAN
    owner, other = p.fool, PLAYERS[1 - PLAYERS.index(p.fool)]
    assert p.piles[owner] >> FOOL & 1  # the Fool stays with its owner...
    assert p.piles[other] >> p.cover & 1  # ...and the cover card goes across
    assert [s.total for s in report.sides] == [p.deck(A), p.deck(B)]


def test_pinch6_fool_not_covered_after_a_later_win_is_a_violation_and_goes_across() -> None:
    p, _n, _later = fool_hand(20, cover="never")
    report = verify(p.text())
    assert codes(report) == ["FOOL_NOT_COVERED"] and report.status is Status.FLAGGED
    other = PLAYERS[1 - PLAYERS.index(p.fool)]
    assert p.piles[other] >> FOOL & 1
    assert [s.total for s in report.sides] == [p.deck(A), p.deck(B)]


def test_pinch6_a_cover_card_must_come_from_a_trick_won_after_the_fool() -> None:
    seed = 30
    while True:  # a hand whose Fool owner also won a trick before playing it
        p, n, later = fool_hand(seed, cover="never")
        owner = p.fool
        earlier = [t for t in p.tricks[: n - 1] if t[2] == owner]
        if earlier:
            break
        seed += 1
    card = min(earlier[0][1]).text("french")
    anchor = next(x for x in p.text().splitlines() if x.startswith(f"{later[0]}. "))
    report = verify(insert_after(p.text(), anchor, f"cover {owner}: {card}"))
    assert codes(report) == ["COVER_WRONG_TRICK"]
    not_won = next(c for c in cards("AS 2S 3S 4S KH") if not p.piles[owner] >> c & 1)
    report = verify(insert_after(p.text(), anchor, f"cover {owner}: {not_won.text('french')}"))
    assert codes(report) == ["COVER_NOT_IN_PILE"]
    other = PLAYERS[1 - PLAYERS.index(owner)]
    report = verify(insert_after(p.text(), anchor, f"cover {other}: {card}"))
    assert codes(report) == ["BAD_COVER"]


def test_pinch6_no_trick_won_after_the_fool_it_goes_to_the_opponent_with_a_note() -> None:
    text = (
        __import__("pathlib").Path(__file__).parent.parent / "examples" / "pinch" / "fool-lost.txt"
    ).read_text()
    report = verify(text)
    assert codes(report) == [] and "FOOL_TO_OPPONENT" in codes(report, notes=True)


# -- PINCH-7: Bagatto ultimo ---------------------------------------------------------------------
def bagatto_hand(won: bool) -> Played:
    for seed in range(300):
        p = random_hand(seed, keep={A: "1"}, fixed={A: "1"})
        if R.BAGATTO in p.tricks[-1][1] and (p.tricks[-1][2] == A) == won:
            return p
    raise AssertionError("no such hand")


@pytest.mark.parametrize("won", [True, False])
def test_pinch7_bagatto_ultimo_20_to_the_winner_of_the_last_trick(won: bool) -> None:
    p = bagatto_hand(won)
    report = verify(p.text())
    line = [ln for ln in report.lines if ln.rule == "PINCH-7"]
    assert [tuple(ln.amounts) for ln in line] == [(20, 0) if won else (0, 20)]
    off = verify(p.text(), {"bagatto-ultimo": "off"})
    assert not [ln for ln in off.lines if ln.rule == "PINCH-7"]
    assert [a - b for a, b in zip(report.settlement, off.settlement, strict=True)] == list(
        line[0].amounts
    )


def test_pinch7_no_bagatto_points_when_it_is_played_earlier() -> None:
    p = random_hand(1)
    assert R.BAGATTO not in p.tricks[-1][1]
    assert not [ln for ln in verify(p.text()).lines if ln.rule == "PINCH-7"]


# -- PINCH-8: the game --------------------------------------------------------------------------
def session(*dealers: str, options: str | None = None) -> tuple[list, list[Report]]:
    texts = [random_hand(40 + i, dealer=d, options=options).text() for i, d in enumerate(dealers)]
    records = [read(t)[0].record for t in texts]
    return records, [get_game("pinch").verify(r) for r in records]


def test_pinch8_two_hands_dealer_alternating_the_higher_total_wins() -> None:
    records, reports = session(B, A)
    ledger = build_ledger(records, reports)
    totals = [sum(r.settlement[i] for r in reports) for i in (0, 1)]
    assert list(ledger.balances) == totals and ledger.findings == []
    winner = PLAYERS[0] if totals[0] > totals[1] else PLAYERS[1]
    assert ledger.summary == [
        f"game 1 (hands 1-2): Anna {totals[0]}, Bruno {totals[1]}: {winner} wins (PINCH-8)"
    ]


def test_pinch8_the_same_dealer_twice_is_flagged() -> None:
    records, reports = session(B, B)
    ledger = build_ledger(records, reports)
    assert [f.code for _, f in ledger.findings] == ["DEALER_OUT_OF_TURN"]


def test_pinch8_an_unfinished_game_and_the_hands_option() -> None:
    records, reports = session(B, A, B)
    summary = build_ledger(records, reports).summary
    assert len(summary) == 2 and "1 of 2 hands played" in summary[1]
    records, reports = session(B, options="hands=1")
    assert build_ledger(records, reports).summary[0].endswith("wins (PINCH-8)")


def test_pinch8_equal_totals_are_a_draw() -> None:
    from scorer.games.pinch.scoring import session_summary

    records, reports = session(B, A)
    a, _b = reports
    a.lines.append(
        type(a.lines[0])(
            "adjust", (0, sum(x.settlement[0] - x.settlement[1] for x in reports)), "test"
        )
    )
    assert "a draw" in session_summary(get_game("pinch"), records, reports)[0]


# -- G-2: partial records -------------------------------------------------------------------------
def test_g2_a_record_that_stops_is_partial_and_scores_nothing() -> None:
    p = random_hand(2)
    lines = p.text().splitlines()
    cut = lines.index(next(x for x in lines if x.startswith("20. ")))
    report = verify("\n".join(lines[:cut]) + "\n")
    assert report.status is Status.PARTIAL and report.lines == []
    unknown = verify("\n".join([*lines[:cut], "20. ?"]) + "\n")
    assert unknown.status is Status.PARTIAL


# -- malformed lines (G-2) ----------------------------------------------------------------------
def test_g2_malformed_meld_cover_and_draw_lines_are_errors_with_their_place() -> None:
    p = random_hand(13)
    text = p.text()
    hand = next(x for x in text.splitlines() if x.startswith("hand Bruno"))
    report = verify(insert_after(text, hand, "meld Anna: quintet 2 3 4"))
    bad = finding(report, "BAD_MELD")
    assert report.status is Status.INVALID and bad.loc is not None and bad.loc.column == 12
    assert "'quintet' is not a meld" in bad.message
    late = verify(insert_after(text, hand, "meld Anna: 2 3 trumps"))
    assert codes(late) == ["BAD_MELD"]
    assert finding(late, "BAD_MELD").loc.column == 16  # at the word out of place
    assert codes(verify(insert_after(text, hand, f"draw {A}: 5H"))) == ["DRAW_OUT_OF_PLACE"]
    first_draw = next(x for x in text.splitlines() if x.startswith("draw "))
    assert codes(verify(replace_line(text, first_draw, first_draw + " 6H"))) == ["BAD_DRAW"]
    trick3 = next(x for x in text.splitlines() if x.startswith("3. "))
    assert codes(verify(replace_line(text, trick3, "4" + trick3[1:]))) == ["TRICK_NUMBER"]


def test_pinch6_the_fool_is_covered_once() -> None:
    p, _n, _later = fool_hand(20)
    lines = p.text().splitlines()
    cover = next(x for x in lines if x.startswith("cover "))
    report = verify(insert_after(p.text(), cover, cover))
    assert codes(report) == ["BAD_COVER"] and report.status is Status.INVALID


def test_pinch5_a_meld_in_italian_letters() -> None:
    fixed = {A: "JS CS QS KS"}
    p = meld_hand({(A, 0): ["family JS CS QS KS"]}, fixed)
    # Italian letters: the same cards are written with B for clubs and C for hearts
    from records.writer import write

    [parsed] = read(p.text())
    italian = write(
        type(parsed.record)((*parsed.record.tags, ("Suits", "italian")), parsed.record.body)
    )
    assert "meld Anna: family JS CS QS KS" in italian  # spades read the same
    report = verify(italian)
    assert sheet(report)[0] == ("10F", {A: 10})
    assert "family of swords" in report.lines[0].label  # the suit named as the record writes it


def test_pinch8_the_totals_written_on_the_sheet_are_checked() -> None:
    p = random_hand(14)
    report = verify(p.text())
    anna, bruno = report.settlement
    right = verify(p.text() + f"claim points: Anna {anna} Bruno {bruno}\n")
    assert right.status is Status.CLEAN and codes(right) == []
    wrong = verify(p.text() + f"claim points: Anna {anna + 1} Bruno {bruno}\n")
    bad = finding(wrong, "CLAIM_MISMATCH")
    assert bad.rule == "PINCH-8" and bad.seat == 0 and wrong.status is Status.FLAGGED
    assert wrong.settlement == report.settlement  # the rules' figures stand
    assert codes(verify(p.text() + "claim points: Anna\n")) == ["BAD_CLAIM"]
