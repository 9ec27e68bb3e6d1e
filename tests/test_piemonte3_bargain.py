"""Piedmontese Tarocchi: the deal in packets and the bargaining (PIE3-3, PIE3-4, G-4, G-6).

Each test writes a short record, thrown in or stopped during the bargaining, or a whole hand
from the kit when the bargaining ends with "continue", and checks what the rule says.
"""

from __future__ import annotations

import pytest
from piemonte3kit import by_name, codes, hand, verify

from scorer.games import get_game
from scorer.games.piemonte3.bargain import Move, Session, allowed_moves, move_fault, parse_move
from scorer.ledger import build_ledger
from scorer.report import Status

HEAD = '[Game "piemonte3"]\n[Players "Anna, Bruno, Carla"]\n[Dealer "Carla"]\n'  # Anna eldest


def bargain(*sessions: str, head: str = HEAD, tail: str = "") -> str:
    return (
        head
        + "".join(f"bargain {n}: {w}\n" for n, w in zip((2, 3, 4), sessions, strict=False))
        + tail
    )


# -- PIE3-4: the moves, checked against what the player said before ------------------------------
@pytest.mark.parametrize(
    ("before", "move", "fault"),
    [
        (None, Move("demand", 9), None),
        (None, Move("offer", 1), None),
        (Move("pass"), Move("demand", 5), None),  # after a pass: anything
        (Move("pass"), Move("offer", 5), None),
        (Move("pass"), Move("pass"), None),
        (Move("demand", 5), Move("demand", 4), None),  # after demanding: demand less...
        (Move("demand", 5), Move("demand", 5), "DEMAND_NOT_LOWER"),
        (Move("demand", 5), Move("demand", 6), "DEMAND_NOT_LOWER"),
        (Move("demand", 5), Move("offer", 2), None),  # ...or offer, or pass
        (Move("demand", 5), Move("pass"), None),
        (Move("offer", 3), Move("offer", 4), None),  # after offering: offer more...
        (Move("offer", 3), Move("offer", 3), "OFFER_NOT_HIGHER"),
        (Move("offer", 3), Move("offer", 2), "OFFER_NOT_HIGHER"),
        (Move("offer", 3), Move("demand", 1), "OFFERED_THEN_DEMANDED"),
        (Move("offer", 3), Move("pass"), None),  # ...or pass
        (Move("offer", 3), Move("continue"), None),  # continue is always allowed
        (Move("demand", 3), Move("continue"), None),
    ],
)
def test_each_transition_PIE3_4(before, move, fault) -> None:
    assert move_fault(before, move) == fault
    legal = allowed_moves(before, 9)
    assert (move in legal) == (fault is None)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("pass", Move("pass")),
        ("PASS", Move("pass")),
        ("continue", Move("continue")),
        ("demand=12", Move("demand", 12)),
        ("offer=1", Move("offer", 1)),
        ("d=3", Move("demand", 3)),
        ("demand=0", None),
        ("offer=-2", None),
        ("offer=x", None),
        ("bid=3", None),
        ("hello", None),
        ("demand=²", None),
    ],
)
def test_bargaining_words(text: str, move: Move | None) -> None:
    assert parse_move(text) == move


def test_offered_then_demanded_is_flagged_and_taken_as_said_PIE3_4() -> None:
    report = verify(bargain("offer=2 pass pass demand=2 offer=2"))
    assert codes(report) == ["OFFERED_THEN_DEMANDED"]
    finding = report.violations[0]
    assert finding.rule == "PIE3-4" and finding.seat == 0
    assert (finding.loc.line, finding.loc.column) == (4, 30)
    # G-1: the demand stands: Anna's 2 demanded meets Bruno's 2 offered, the hand is thrown in
    assert report.status is Status.THROWN_IN
    assert by_name(report) == {"Anna": 2, "Bruno": -2, "Carla": 0}


def test_demanding_more_and_offering_less_are_flagged_PIE3_4() -> None:
    report = verify(bargain("demand=4 offer=3 pass demand=5 offer=2 continue"))
    assert codes(report) == ["DEMAND_NOT_LOWER", "OFFER_NOT_HIGHER"]
    assert report.status is Status.PARTIAL  # the record stops after the bargaining


def test_equal_demands_and_offers_settle_only_once_all_have_spoken_PIE3_4() -> None:
    session = Session(3, first=0)
    session.speak(Move("demand", 3))
    session.speak(Move("offer", 3))  # equal, but Carla has not spoken yet
    assert not session.over
    session.speak(Move("pass"))
    assert session.settled and session.payments() == (3, -3, 0)


def test_settlement_splits_between_two_offerers_PIE3_4() -> None:
    report = verify(bargain("demand=5 offer=3 offer=2"))
    assert report.status is Status.THROWN_IN and report.thrown_in
    assert by_name(report) == {"Anna": 5, "Bruno": -3, "Carla": -2}
    assert [line.rule for line in report.lines] == ["PIE3-4"]


def test_settlement_pays_two_demanders_PIE3_4() -> None:
    report = verify(bargain("continue", "pass demand=4 offer=6 demand=2"))
    assert by_name(report) == {"Anna": 2, "Bruno": 4, "Carla": -6}
    assert report.contract["bargaining"] == "thrown in after round 3"


def test_all_three_passing_throws_in_for_nothing_PIE3_4() -> None:
    report = verify(bargain("pass pass pass"))
    assert report.status is Status.THROWN_IN
    assert report.settlement == (0, 0, 0)
    assert "all three passed" in report.lines[0].label


def test_unequal_standing_goes_round_again_PIE3_4() -> None:
    """Two passes after a demand do not settle: the demand still stands, and the speaking goes
    round again."""
    report = verify(bargain("demand=3 pass pass demand=2 pass continue"))
    assert report.status is Status.PARTIAL  # the record stops after the bargaining
    assert codes(report) == []


def test_a_pass_replaces_the_players_own_demand_PIE3_4() -> None:
    """What stands is each player's last word: the demander who now passes leaves nothing
    standing, and with all three passes standing the hand is thrown in for nothing."""
    report = verify(bargain("demand=3 pass pass pass"))
    assert report.status is Status.THROWN_IN
    assert report.settlement == (0, 0, 0)


def test_continue_ends_the_session_and_the_hand_is_played_PIE3_4() -> None:
    scenario = hand(bargains=("demand=3 offer=3 continue", "continue", "offer=9 continue"))
    report = scenario.report()
    assert report.status is Status.CLEAN
    assert report.contract["bargaining"] == "continued"


def test_a_word_after_the_session_ended_is_an_error_PIE3_4() -> None:
    report = verify(bargain("continue pass"))
    assert codes(report) == ["SPOKE_AFTER_END"]
    report = verify(bargain("pass pass pass demand=1"))
    assert codes(report) == ["SPOKE_AFTER_END"]


def test_a_session_that_never_ends_cannot_be_followed_by_more_PIE3_4() -> None:
    report = verify(bargain("pass demand=2", "continue"))
    assert codes(report) == ["BARGAIN_UNFINISHED"]
    assert report.status is Status.INVALID


def test_record_stopping_inside_a_session_is_partial_G2() -> None:
    report = verify(bargain("pass demand=2"))
    assert report.status is Status.PARTIAL
    assert "PARTIAL_RECORD" in codes(report, notes=True)
    assert report.lines == []


@pytest.mark.parametrize("word", ["demand=0", "raise=2", "offer"])
def test_a_word_that_is_no_move_is_an_error_PIE3_4(word: str) -> None:
    report = verify(bargain(f"pass {word}"))
    assert codes(report) == ["BAD_BARGAIN"]
    assert report.errors[0].loc.column == len("bargain 2: pass ") + 1


def test_sessions_follow_rounds_2_3_4_in_order_PIE3_3() -> None:
    assert codes(verify(bargain().replace(HEAD, HEAD) + "bargain 5: continue\n")) == ["BAD_BARGAIN"]
    text = HEAD + "bargain 3: continue\nbargain 2: continue\n"
    assert codes(verify(text)) == ["BAD_BARGAIN"]


def test_a_session_left_out_is_noted_PIE3_4() -> None:
    report = verify(HEAD + "bargain 3: pass pass pass\n")
    assert report.status is Status.THROWN_IN
    assert "BARGAIN_NOT_RECORDED" in codes(report, notes=True)


def test_nothing_may_follow_a_settled_bargain_G4() -> None:
    report = verify(bargain("pass pass pass", tail="discard: 2S 3S 4S\n"))
    assert codes(report) == ["PLAY_AFTER_END"]
    report = verify(bargain("pass pass pass", "continue"))
    assert codes(report) == ["PLAY_AFTER_END"]


# -- PIE3-3: packets of 5, the dealer's 8 ---------------------------------------------------------
def _hands(each: int) -> str:
    from scorer.cardset import cards_of
    from scorer.games.piemonte3 import rules as R

    pack = [str(c) for c in cards_of(R.PACK)]
    return "".join(
        f"hand {name}: {' '.join(pack[i * each : (i + 1) * each])}\n"
        for i, name in enumerate(("Anna", "Bruno", "Carla"))
    )


@pytest.mark.parametrize(
    ("sessions", "each"),
    [
        (("pass pass pass",), 10),
        (("continue", "pass pass pass"), 15),
        (("continue", "continue", "pass pass pass"), 20),
    ],
)
def test_thrown_in_hands_show_the_cards_dealt_by_then_PIE3_3(sessions, each: int) -> None:
    assert verify(bargain(*sessions, head=HEAD + _hands(each))).status is Status.THROWN_IN
    report = verify(bargain(*sessions, head=HEAD + _hands(each + 5)))
    assert codes(report) == ["WRONG_HAND_SIZE"]
    assert report.errors[0].rule == "PIE3-3"


def test_a_thrown_in_deal_with_a_card_dealt_twice_is_an_error_G4a() -> None:
    """G-4a: a bargain settles the hand, but its deal is checked as far as it went: a card
    dealt to two players is an error (G-2), not a clean throw-in."""
    hands = _hands(10)
    first_card = hands.split(": ", 1)[1].split()[0]
    twice = hands.replace("hand Carla: ", f"hand Carla: {first_card} ", 1)
    carla = twice.splitlines()[2].split()
    twice = twice.replace(" ".join(carla), " ".join(carla[:-1]))  # still ten cards each
    report = verify(bargain("pass pass pass", head=HEAD + twice))
    assert codes(report) == ["DUPLICATE_CARD"] and report.status is Status.INVALID


def test_a_full_deal_is_25_25_and_28_PIE3_3() -> None:
    scenario = hand()
    assert sorted(m.bit_count() for m in scenario.dealt.values()) == [25, 25, 28]
    lines = scenario.text.split("\n")
    index = next(i for i, ln in enumerate(lines) if ln.startswith("hand Carla:"))
    lines[index] = lines[index].rsplit(" ", 1)[0]  # the dealer's 27th card is his last
    report = verify("\n".join(lines))
    assert codes(report) == ["WRONG_HAND_SIZE"] and report.errors[0].seat == 2


# -- G-6 and the seed: a thrown-in hand passes the deal --------------------------------------------
def test_thrown_in_hand_passes_the_deal_G6() -> None:
    engine = get_game("piemonte3")
    first = verify(bargain("pass pass pass"))
    records = []
    from records.notation import read

    for dealer in ("Carla", "Anna", "Carla"):
        records.append(
            read(
                bargain(
                    "pass pass pass", head=HEAD.replace('[Dealer "Carla"]', f'[Dealer "{dealer}"]')
                )
            )[0].record
        )
    reports = [engine.verify(r) for r in records]
    assert first.status is Status.THROWN_IN
    ledger = build_ledger(records, reports)
    # Carla then Anna is the rotation; Anna then Carla again skips Bruno
    assert [(hand_no, f.code) for hand_no, f in ledger.findings] == [(3, "DEALER_OUT_OF_TURN")]


def test_generated_sessions_rotate_after_throw_ins_G6() -> None:
    import random

    engine = get_game("piemonte3")
    records = engine.random_session(random.Random(4), 40)
    reports = [engine.verify(r) for r in records]
    assert any(r.status is Status.THROWN_IN for r in reports)
    ledger = build_ledger(records, reports)
    assert ledger.findings == [] and ledger.is_zero_sum()
