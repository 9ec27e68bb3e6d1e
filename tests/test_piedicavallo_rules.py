"""Tarocchi of Piedicavallo, one test per rule (PIE-1 .. PIE-4, PIE-6, G-1, G-2, G-3).

Each test builds a record that shows the rule (``piedikit``: explicit deals, lowest-card play,
forced plays), asserts that the situation really occurs, then asserts the engine's verdict.
Table talk (PIE-5) is in ``test_piedicavallo_talk.py``, the game of four deals (PIE-7) in
``test_piedicavallo_game.py``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from piedikit import (
    PLAYERS,
    TOP_TRUMPS,
    Deal,
    cards,
    codes,
    count_points,
    make,
    make_from,
    mask,
    seed_points,
    show,
    shuffled,
    verify,
)

from records.notation import read
from records.writer import write
from scorer.cards import FOOL, PIEDICAVALLO_PACK, Card
from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.piedicavallo import rules as R
from scorer.record import Record
from scorer.report import Report, Status

TOP = TOP_TRUMPS
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def finding(report, code):
    return next(f for f in report.findings if f.code == code)


# -- PIE-1: the pack -------------------------------------------------------------------------
def test_pack_has_62_cards_PIE1() -> None:
    assert len(PIEDICAVALLO_PACK) == 62 == R.PACK.bit_count()
    text = " ".join(map(str, PIEDICAVALLO_PACK))
    assert "4S" not in text.split() and "7C" not in text.split()
    assert {"5S", "10B", "AC", "6D", "21", "Fool"} <= set(text.split())
    for removed in ("AS", "2S", "3S", "4S", "AB", "4B", "7C", "8C", "9C", "10C", "7D", "10D"):
        assert Card.parse(removed) not in PIEDICAVALLO_PACK, removed


def test_card_outside_the_pack_is_an_error_PIE1_G2() -> None:
    d = make_from("Dario", shuffled("Dario", 0))
    text = d.text().replace(f"\n1. {d.tricks[0][0]} ", "\n1. 4S ", 1)
    report = verify(text)
    assert report.status is Status.INVALID
    assert "CARD_NOT_IN_PACK" in codes(report)


def test_trump_21_is_highest_and_red_numerals_rank_1_high_PIE1() -> None:
    rules = R.RULES
    assert rules.winner(cards("20 21 1 19")) == 1
    assert rules.winner(cards("6C AC 2C 5C")) == 1  # cups: 1 above 2 .. 6
    assert rules.winner(cards("5S 10S 6S 9S")) == 1  # swords: 10 above 5
    assert rules.winner(cards("JC AC KC 6C")) == 2


# -- PIE-2: points ---------------------------------------------------------------------------
def test_points_total_114_PIE2() -> None:
    assert sum(R.POINTS) == 114
    assert all(R.POINTS[c] == seed_points(c) for c in PIEDICAVALLO_PACK)
    assert [
        R.POINTS[Card.parse(c)]
        for c in ("KS", "QC", "CB", "JD", "21", "1", "Fool", "20", "5S", "AC")
    ] == [5, 4, 3, 2, 5, 5, 5, 1, 1, 1]


@pytest.mark.parametrize("seed", range(6))
def test_each_deal_scores_114_PIE2_PIE6(seed: int) -> None:
    dealer = PLAYERS[seed % 4]
    d = make_from(dealer, shuffled(dealer, seed))
    report = verify(d.text())
    assert report.status is Status.CLEAN
    totals, _ = count_points(d)
    assert [side.total for side in report.sides] == totals
    assert sum(totals) == 114
    assert report.settlement == (totals[0] - 57, 57 - totals[0]) * 2


# -- PIE-3: deal and discard -----------------------------------------------------------------
def test_hand_sizes_PIE3() -> None:
    d = make_from("Bruno", shuffled("Bruno", 1))
    text = d.text()
    line = next(ln for ln in text.splitlines() if ln.startswith("hand Anna:"))
    report = verify(text.replace(line, line.rsplit(" ", 1)[0]))  # 14 cards
    assert "WRONG_HAND_SIZE" in codes(report)
    assert finding(report, "WRONG_HAND_SIZE").rule == "PIE-3"


def test_first_lead_is_the_dealers_right_PIE3() -> None:
    d = make_from("Bruno", shuffled("Bruno", 2))
    assert d.eldest == "Carla"
    text = d.text().replace("\n1. ", "\n1. Dario: ", 1)
    assert codes(verify(text)) == ["PLAY_OUT_OF_TURN"]
    assert codes(verify(d.text().replace("\n1. ", "\n1. Carla: ", 1))) == []


def test_five_point_card_may_not_be_discarded_PIE3() -> None:
    dealt = shuffled("Anna", 2)
    king = cards_of(dealt["Anna"] & R.KINGS)[0]
    other = next(c for c in cards_of(dealt["Anna"] & ~(R.FIVES | R.TRUMPS)))
    d = make_from("Anna", dealt, discard=f"{king} {other}")
    report = verify(d.text())
    assert codes(report) == ["BAD_DISCARD"]
    f = finding(report, "BAD_DISCARD")
    assert f.rule == "PIE-3" and f.cards == (king,)
    assert report.status is Status.FLAGGED and report.sides  # scored as played (G-1)


def test_trump_discard_is_legal_only_without_choice_PIE3() -> None:
    # with other suit cards and trumps kept: illegal
    d = make_from("Bruno", shuffled("Bruno", 7), discard="7S 2", announce=1)
    assert codes(verify(d.text())) == ["TRUMP_DISCARD"]
    # the hand kept holds only trumps and 5-point cards: legal
    d = make(
        "Dario",
        {"Dario": "8 9 10 11 12 13 14 15 16 17 18 19 20 21 KS 5S 6", "Anna": "Fool"},
        discard="5S 6",
        announce=1,
    )
    kept = d.dealt["Dario"] & ~mask(d.discard)
    assert not kept & ~(R.TRUMPS | R.FIVES)
    assert codes(verify(d.text())) == []
    # no trump at all after discarding: legal
    d = make(
        "Dario",
        {"Dario": "2 3 KS QS JS CS 10S 9S 8S 7S 6S 5S KB QB JB CB 10B"},
        discard="2 3",
        announce=2,
    )
    assert not (d.dealt["Dario"] & ~mask(d.discard)) & R.TRUMPS
    assert codes(verify(d.text())) == []


def test_trumps_discarded_must_be_announced_truly_PIE3() -> None:
    d = make(
        "Dario", {"Dario": "2 3 KS QS JS CS 10S 9S 8S 7S 6S 5S KB QB JB CB 10B"}, discard="2 3"
    )
    assert codes(verify(d.text())) == ["TRUMPS_NOT_ANNOUNCED"]
    d.announce = 1
    report = verify(d.text())
    assert codes(report) == ["WRONG_ANNOUNCEMENT"]
    assert "announced 1" in finding(report, "WRONG_ANNOUNCEMENT").message


def test_discard_counts_for_the_dealers_side_PIE3() -> None:
    d = make_from("Carla", shuffled("Carla", 4), discard=None)
    report = verify(d.text())
    dealer_side = report.sides[0]  # Carla is seat 2: side 0
    value = sum(R.POINTS[c] for c in cards(d.discard))
    assert dealer_side.tricks > 0
    assert dealer_side.discard_points == value and report.sides[1].discard_points == 0


def test_discard_not_held_is_an_error_G2() -> None:
    d = make_from("Carla", shuffled("Carla", 4))
    stranger = cards_of(d.dealt["Anna"] & ~R.FIVES)[0]
    text = d.text().replace(f"discard: {d.discard}", f"discard: {d.discard.split()[0]} {stranger}")
    assert verify(text).status is Status.INVALID


# -- PIE-4: play ------------------------------------------------------------------------------
def _revoke_deal() -> tuple[Deal, str, Card]:
    """A deal where a player who holds the suit led plays a trump instead."""
    for seed in range(40):
        d = make_from("Dario", shuffled("Dario", seed))
        start = dict(d.dealt)
        start["Dario"] &= ~mask(d.discard)
        lead = d.tricks[0][0]
        second = PLAYERS[1]
        if (
            lead.suit is not None
            and start[second] & R.SUITS[lead.suit]
            and start[second] & R.TRUMPS
        ):
            trump = cards_of(start[second] & R.TRUMPS)[0]
            forced = make_from("Dario", d.dealt, force={(1, second): str(trump)})
            return forced, second, trump
    raise AssertionError("no deal found")


def test_must_follow_suit_PIE4_G1() -> None:
    d, who, trump = _revoke_deal()
    report = verify(d.text())
    assert codes(report) == ["MUST_FOLLOW_SUIT"]
    f = finding(report, "MUST_FOLLOW_SUIT")
    assert f.trick == 1 and f.cards == (trump,) and f.seat == PLAYERS.index(who)
    assert f.legal and all(c.suit == d.tricks[0][0].suit or c == FOOL for c in f.legal)
    assert report.status is Status.FLAGGED and sum(s.total for s in report.sides) == 114


def test_must_trump_when_void_PIE4() -> None:
    # Bruno holds no swords but trumps; Anna leads a sword and Bruno discards a cup
    d = make(
        "Dario",
        {
            "Anna": "5S 6S 7S",
            "Bruno": "AC 2C 3C 4C 5C 6C 1 2 3",
            "Carla": "8S 9S",
            "Dario": "10S JS CS QS KS",
        },
        force={(1, "Bruno"): "AC"},
    )
    assert d.tricks[0][:2] == cards("5S AC")
    report = verify(d.text())
    assert "MUST_TRUMP" in codes(report)
    f = finding(report, "MUST_TRUMP")
    assert all(c.is_trump or c == FOOL for c in f.legal)


def test_no_trump_and_void_may_play_anything_PIE4() -> None:
    d = make(
        "Dario",
        {
            "Anna": "5S 6S 7S",
            "Bruno": "AC 2C 3C 4C 5C 6C KC QC CC JC AD 2D 3D 4D 5D",
            "Carla": "8S 9S",
            "Dario": "10S JS CS QS KS",
        },
        force={(1, "Bruno"): "AC"},
    )
    assert codes(verify(d.text())) == []


def test_fool_may_be_played_any_time_and_never_wins_PIE4() -> None:
    d = make("Dario", {"Bruno": "Fool 5S 6S 1", "Anna": "7S 8S"}, force={(1, "Bruno"): "Fool"})
    assert d.tricks[0][1] == FOOL
    report = verify(d.text())
    assert codes(report) == []  # he held spades: still legal
    assert report.tricks[0].winner != 1
    fool_side = report.sides[1]
    assert fool_side.tricks > 0  # Bruno's side won a trick: the Fool's 5 stays with it
    totals, _ = count_points(d)
    assert [s.total for s in report.sides] == totals


def test_fool_led_the_second_card_sets_the_suit_G3() -> None:
    d = make(
        "Dario",
        {"Anna": "Fool 5S", "Bruno": "KC 6S 1", "Carla": "AC 7S", "Dario": "2C 8S"},
        force={(1, "Anna"): "Fool", (1, "Bruno"): "KC"},
    )
    report = verify(d.text())
    assert codes(report) == [], report.findings  # Carla and Dario follow cups: legal
    assert report.tricks[0].winner == PLAYERS.index("Bruno")
    bad = make(
        "Dario",
        {"Anna": "Fool 5S", "Bruno": "KC 6S 1", "Carla": "AC 7S", "Dario": "2C 8S"},
        force={(1, "Anna"): "Fool", (1, "Bruno"): "KC", (1, "Carla"): "7S"},
    )
    assert codes(verify(bad.text())) == ["MUST_FOLLOW_SUIT"]


# -- PIE-6: vola and a side without tricks -----------------------------------------------------
def test_vola_takes_all_114_and_the_losers_give_up_their_fool_PIE6() -> None:
    d = make("Dario", {"Dario": TOP + " 5S 6S", "Anna": "Fool"}, discard="5S 6S")
    report = verify(d.text())
    assert [s.tricks for s in report.sides] == [0, 15]
    assert [s.total for s in report.sides] == [0, 114]
    assert report.settlement == (-57, 57, -57, 57)
    assert report.contract["vola"] == "Bruno and Dario"
    assert any(line.rule == "PIE-6" and "the Fool" in line.label for line in report.lines)


def test_dealers_side_without_a_trick_gives_up_fool_and_discard_PIE6() -> None:
    d = make("Dario", {"Anna": TOP, "Dario": "Fool"})
    report = verify(d.text())
    assert [s.tricks for s in report.sides] == [15, 0]
    assert report.sides[0].discard_points == sum(R.POINTS[c] for c in cards(d.discard))
    assert report.sides[1].total == 0 and report.sides[0].total == 114
    vola = next(line for line in report.lines if line.rule == "PIE-6")
    assert "the Fool and the discard" in vola.label


# -- G-2: impossible records -------------------------------------------------------------------
def test_card_not_held_stops_the_replay_G2() -> None:
    d = make_from("Anna", shuffled("Anna", 5))
    first, second = d.tricks[0][0], d.tricks[1][0]
    text = d.text().replace(f"\n1. {first} ", f"\n1. {second} ", 1)
    report = verify(text)
    assert report.status is Status.INVALID and report.lines == []


def test_a_card_not_held_stops_before_the_same_card_played_again_in_its_trick_G2() -> None:
    """Trick 3 written with its second card twice: the leader plays a card he does not hold,
    and the record is impossible there, before the same card comes again (G-2: the replay
    stops where the record becomes impossible; #22: the old seating pass named the card
    played twice first)."""
    d = make_from("Anna", shuffled("Anna", 5))
    first, second = d.tricks[2][0], d.tricks[2][1]
    text = d.text().replace(f"\n3. {first} {second} ", f"\n3. {second} {second} ", 1)
    report = verify(text)
    [error] = report.errors
    leader = d.seat_of(3, 0)
    assert (error.code, error.trick, error.loc.column) == ("CARD_NOT_HELD", 3, 4)
    holder = d.seat_of(3, 1)  # who holds it, said too (#32.10)
    assert error.message == f"{leader} does not hold {second}; {holder} holds it"
    assert [t.number for t in report.tricks] == [1, 2]


def test_an_unreadable_remark_does_not_hide_a_later_impossible_line_G2() -> None:
    """An unreadable remark in trick 2 is an error that does not stop the replay (G-2:
    every remark is read), so the replay reaches trick 7, numbered 8, and stops there with
    that error too (#22: the old replay dropped it when another error came before)."""
    d = make_from("Anna", shuffled("Anna", 5))
    d.notes = {(2, 0): "zz"}
    text = d.text().replace("\n7. ", "\n8. ", 1)
    report = verify(text)
    assert [(f.code, f.trick) for f in report.errors] == [("BAD_REMARK", 2), ("TRICK_NUMBER", 7)]
    assert [t.number for t in report.tricks] == [1, 2, 3, 4, 5, 6]


def test_partial_record_is_not_scored_G2() -> None:
    d = make_from("Anna", shuffled("Anna", 5))
    text = "\n".join(ln for ln in d.text().splitlines() if not ln.startswith("15. ")) + "\n"
    report = verify(text)
    assert report.status is Status.PARTIAL and report.lines == []
    assert "PARTIAL_RECORD" in codes(report, notes=True)


def test_record_without_hands_derives_them_and_still_finds_a_revoke() -> None:
    d, _, _ = _revoke_deal()
    d.write_hands = False
    report = verify(d.text())
    assert codes(report) == ["MUST_FOLLOW_SUIT"]
    assert [s.total for s in report.sides] == count_points(d)[0]


def test_unknown_section_is_a_notation_error() -> None:
    from records.notation import read

    d = make_from("Anna", shuffled("Anna", 5))
    [parsed] = read(d.text().replace("discard:", "solo: Anna\ndiscard:"))
    assert parsed.errors and "unknown section 'solo'" in parsed.errors[0].message


def test_rules_cli_lists_options_and_rulings() -> None:
    game = get_game("piedicavallo")
    assert {o.name for o in game.options} == {"remark-counts"}
    assert {f"PIE-{n}" for n in range(1, 8)} <= set(game.rulings)
    assert show(mask("KS 21")) == "KS 21"


def read_record(text: str):
    from records.notation import read

    [parsed] = read(text)
    return parsed.record


def test_partial_record_checks_the_hands_it_knows_G2() -> None:
    d, who, _ = _revoke_deal()
    cut = "\n".join(ln for ln in d.text().splitlines() if not ln.startswith("15. ")) + "\n"
    report = verify(cut)
    assert report.status is Status.PARTIAL
    assert codes(report) == ["MUST_FOLLOW_SUIT"]  # Bruno's hand is written: still checked
    no_discard = "\n".join(ln for ln in cut.splitlines() if not ln.startswith("discard:")) + "\n"
    report = verify(no_discard)
    assert report.status is Status.PARTIAL and codes(report) == ["MUST_FOLLOW_SUIT"]
    note = next(f for f in report.findings if f.code == "DEAL_UNKNOWN")
    assert "Dario" in note.message and who not in note.message  # only the dealer is unknown


def test_missing_discard_of_a_complete_play_is_derived_PIE3() -> None:
    d = make_from("Dario", shuffled("Dario", 0))
    text = d.text().replace(f"discard: {d.discard}\n", "")
    report = verify(text)
    assert report.status is Status.CLEAN
    derived = next(f for f in report.findings if f.code == "DISCARD_DERIVED")
    assert derived.message.endswith(d.discard)
    assert [s.total for s in report.sides] == count_points(d)[0]


def with_discard(record: Record, text: str) -> Record:
    """``record`` with its discard line written as ``text``."""
    [parsed] = read(
        write(record).replace(
            "discard: " + write(record).split("discard: ", 1)[1].split("\n", 1)[0],
            "discard: " + text,
            1,
        )
    )
    return parsed.record


@settings(max_examples=60, deadline=None)
@given(
    seeds,
    st.lists(
        st.sampled_from(["own", "own", "other", "played", "outside", "twice"]),
        min_size=0,
        max_size=3,
    ),
)
def test_discard_by_masks_agrees_with_the_discard_item_by_item(seed: int, picks) -> None:
    """PIE-3: a discard of cards only is judged by masks (``PiedicavalloHand.read_discard``); the
    same discard with ``announce=N`` (N its true number of trumps) is judged item by item. Both
    give the same report, but for the missing announcement of trumps (the plain form
    announces none). Discards of the dealer's own cards, others' cards, cards played,
    cards outside the 62-card pack, a card twice, too few or too many."""
    record = get_game("piedicavallo").random_record(random.Random(seed))
    rng = random.Random(seed)
    dealer = record.dealer
    hands = {line.subject: line.cards() for line in record.lines("hand")}
    own = hands[record.players[dealer]]
    other = hands[record.players[(dealer + 1) % 4]]
    chosen: list = []
    for pick in picks:
        if pick == "own":
            chosen.append(rng.choice(own))
        elif pick in ("other", "played"):
            chosen.append(rng.choice(other))
        elif pick == "outside":
            chosen.append(Card.parse("2S"))  # not in the 62-card pack (PIE-1)
        elif chosen:
            chosen.append(chosen[-1])
    plain = with_discard(record, " ".join(map(str, chosen)))
    trumps = sum(1 for card in chosen if card.is_trump)
    announced = with_discard(record, " ".join([*map(str, chosen), f"announce={trumps}"]))
    extra = "TRUMPS_NOT_ANNOUNCED"
    for options in (None, {"remark-counts": "at-least"}):
        game = get_game("piedicavallo")
        one, two = game.verify(plain, options), game.verify(announced, options)
        findings = [f for f in one.findings if f.code != extra]
        assert findings == [f for f in two.findings if f.code != extra]
        assert _view(one) == _view(two)  # all but findings and status
        assert one.status == two.status or len(findings) < len(one.findings)


def _view(report: Report) -> tuple[object, ...]:
    """Everything a report holds but its findings and status."""
    tricks = [(t.number, t.leader, t.cards, t.winner, t.points, t.flags) for t in report.tricks]
    return (tricks, report.hands, report.discard, report.sides, report.lines, report.settlement)
