"""Piedmontese Tarocchi, a test per rule: cards and play (PIE3-1, G-1, G-2, G-3), points
(PIE3-2, PIE3-8), the discard (PIE3-5), declarations (PIE3-6, G-5) and the Fool (PIE3-7).

Whole hands come from ``tests/piemonte3kit.py``; each test first asserts the situation it
needs (who holds what, who won which trick) and then the rule, so a change to the kit cannot
quietly turn a test into a no-op. Expected card points come from the kit's own count.
"""

from __future__ import annotations

import pytest
from piemonte3kit import PLAYERS, by_name, cards, codes, count, hand, mask, play_out, verify

from scorer.cards import Card
from scorer.cardset import cards_of
from scorer.games.piemonte3 import rules as R
from scorer.games.piemonte3.declare import best_grouping, value
from scorer.report import Status

C = Card.parse


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def replace_line(text: str, prefix: str, new: str | None) -> str:
    rows = lines_of(text)
    index = next(i for i, row in enumerate(rows) if row.startswith(prefix))
    if new is None:
        del rows[index]
    else:
        rows[index] = new
    return "\n".join(rows)


# -- PIE3-1: ranks ------------------------------------------------------------------------------
def test_the_angel_is_the_highest_trump_PIE3_1() -> None:
    assert R.RULES.winner([C("21"), C("20"), C("19")]) == 1
    assert R.RULES.winner([C("1"), C("21"), C("19")]) == 1


def test_suit_orders_PIE3_1() -> None:
    # swords and batons: K Q C V 10 .. 1; cups and coins: K Q C V 1 .. 10
    assert R.RULES.winner([C("AS"), C("10S"), C("2S")]) == 1
    assert R.RULES.winner([C("10C"), C("AC"), C("2C")]) == 1
    assert R.RULES.winner([C("10D"), C("9D"), C("JD")]) == 2
    assert R.RULES.winner([C("10B"), C("KB"), C("5")]) == 2  # any trump beats the suit


def test_the_fool_never_wins_and_led_lets_the_second_card_set_the_suit_G3() -> None:
    assert R.RULES.winner([C("Fool"), C("2S"), C("KS")]) == 2
    assert R.RULES.led_category([C("Fool"), C("2S")]) == 0
    hand_mask = mask("3S 4C 5")
    assert cards_of(R.RULES.legal(hand_mask, [C("Fool"), C("2S")])) == [C("3S")]


# -- PIE3-2 and PIE3-8: points ------------------------------------------------------------------
def test_points_total_129_and_130_with_fool_5_PIE3_2() -> None:
    table = R.card_points(False)
    assert sum(table[c] for c in cards_of(R.PACK)) == 129
    assert sum(R.card_points(True)[c] for c in cards_of(R.PACK)) == 130
    assert [table[C(t)] for t in ("20", "1", "Fool", "21", "KS", "QC", "CB", "JD", "10S")] == [
        5,
        5,
        4,
        1,
        5,
        4,
        3,
        2,
        1,
    ]


def test_settlement_is_card_points_less_43_PIE3_8() -> None:
    scenario = hand()
    report = scenario.report()
    assert report.status is Status.CLEAN
    totals = scenario.tally.totals
    assert [s.total for s in report.sides] == [totals[p] for p in PLAYERS]
    assert sum(totals.values()) == 129
    assert by_name(report) == {p: totals[p] - 43 for p in PLAYERS}
    assert report.lines[-1].rule == "PIE3-8"


def test_fool_5_keeps_thirds_exactly_zero_sum_PIE3_2() -> None:
    scenario = hand(fixed={"Anna": "KS KB 20 1"}, declares=["Anna: mixed KS KB 20 1"])
    report = scenario.report({"fool": "5"})
    tally = count(scenario.tricks, scenario.leader, "Carla", scenario.build.discard, fool=5)
    assert sum(tally.totals.values()) == 130
    assert [s.total for s in report.sides] == [tally.totals[p] for p in PLAYERS]
    assert report.unit == "thirds of a game point"
    # Mixed Honours 10 from each, in thirds 30; card points 3 x points - 130
    expected = {p: 3 * tally.totals[p] - 130 + (60 if p == "Anna" else -30) for p in PLAYERS}
    assert by_name(report) == expected
    assert sum(report.settlement) == 0


# -- PIE3-5: the discard ------------------------------------------------------------------------
def test_discard_counts_for_the_dealer_PIE3_5() -> None:
    scenario = hand(fixed={"Carla": "QS QB QC"}, discard="QS QB QC")  # 12 points
    report = scenario.report()
    assert report.sides[2].discard_points == 12
    assert report.sides[2].total == scenario.tally.totals["Carla"]


def test_no_king_or_honour_in_the_discard_PIE3_5() -> None:
    dealt_king = next(c for c in cards_of(hand().dealt["Carla"] & R.KINGS))
    scenario = hand(discard=f"{dealt_king} 3S 6S")
    report = scenario.report()
    assert codes(report) == ["BAD_DISCARD"]
    assert report.status is Status.FLAGGED
    assert report.violations[0].cards == (dealt_king,) and report.violations[0].rule == "PIE3-5"


def test_discard_size_and_holding_G2() -> None:
    scenario = hand()
    text = replace_line(scenario.text, "discard:", "discard: 3S 6S")
    assert codes(verify(text)) == ["WRONG_DISCARD_SIZE"]
    text = replace_line(scenario.text, "discard:", "discard: 3S 6S AS")  # Anna's AS
    assert codes(verify(text)) == ["CARD_NOT_HELD"]
    text = replace_line(scenario.text, "discard:", "discard: 3S 3S 6S")
    assert codes(verify(text)) == ["DUPLICATE_CARD"]
    without_hands = hand(write_hands=False)
    text = replace_line(without_hands.text, "discard:", "discard: 3S 6S AS")  # Anna plays AS
    assert codes(verify(text))[0] in ("DUPLICATE_CARD", "CARD_NOT_HELD")


# -- G-1 and G-2: play -----------------------------------------------------------------------------
def _hands_before(scenario, trick: int) -> dict[str, int]:
    hands = dict(scenario.start)
    lead = PLAYERS.index(scenario.leader)
    from piemonte3kit import trick_winner

    for played in scenario.tricks[: trick - 1]:
        for position, card in enumerate(played):
            hands[PLAYERS[(lead + position) % 3]] &= ~card.bit
        lead = (lead + trick_winner(played)) % 3
    return hands, lead


def _first(scenario, want):
    """The first (trick, player, card) where ``want(hand, trick cards, card)`` finds an
    alternative card for that player."""
    from piemonte3kit import trick_winner

    lead = PLAYERS.index(scenario.leader)
    hands = dict(scenario.start)
    for number, played in enumerate(scenario.tricks, start=1):
        for position, card in enumerate(played):
            name = PLAYERS[(lead + position) % 3]
            other = want(hands[name], played[:position], card)
            if other is not None:
                return number, name, other
            hands[name] &= ~card.bit
        lead = (lead + trick_winner(played)) % 3
    raise AssertionError("no such moment")


def test_must_trump_when_void_G1() -> None:
    def plain_instead_of_trump(hand_mask, before, card):
        if before and card.is_trump and not before[0].is_trump and not before[0].is_fool:
            others = [
                c for c in cards_of(hand_mask) if c.suit is not None and c.suit != before[0].suit
            ]
            return others[0] if others else None
        return None

    no_spades = {"Bruno": "AS 2S 3S 4S 5S 6S 7S", "Carla": "8S 9S 10S JS CS QS KS"}
    number, name, other = _first(hand(fixed=no_spades), plain_instead_of_trump)
    scenario = hand(fixed=no_spades, force={(number, name): str(other)})
    report = scenario.report()
    assert codes(report) == ["MUST_TRUMP"]
    finding = report.violations[0]
    assert finding.trick == number and finding.seat == PLAYERS.index(name)
    assert finding.legal and all(c.is_trump or c.is_fool for c in finding.legal)
    assert report.status is Status.FLAGGED and report.lines  # scored as played (G-1)
    assert by_name(report) == {p: scenario.tally.totals[p] - 43 for p in PLAYERS}


def test_must_answer_a_trump_lead_with_a_trump_G1() -> None:
    def plain_on_trump(hand_mask, before, card):
        if before and before[0].is_trump and card.is_trump:
            others = [c for c in cards_of(hand_mask) if c.suit is not None]
            return others[0] if others else None
        return None

    lead = {"fixed": {"Anna": "2"}, "force": {(1, "Anna"): "2"}}  # Anna leads a trump
    number, name, other = _first(hand(**lead), plain_on_trump)
    assert number == 1
    report = hand(fixed={"Anna": "2"}, force={(1, "Anna"): "2", (1, name): str(other)}).report()
    assert codes(report) == ["MUST_FOLLOW_TRUMPS"]


def test_card_not_held_stops_the_replay_with_its_place_G2() -> None:
    scenario = hand()
    rows = lines_of(scenario.text)
    index = next(i for i, row in enumerate(rows) if row.startswith("3. "))
    _first_card, *rest = rows[index][3:].split()
    stranger = next(c for c in cards_of(scenario.start["Bruno"]))  # not the leader's card
    rows[index] = "3. " + " ".join([str(stranger), *rest])
    report = verify("\n".join(rows))
    assert report.status is Status.INVALID
    error = report.errors[0]
    assert error.code in ("CARD_NOT_HELD", "DUPLICATE_CARD")
    assert error.trick == 3 and error.loc.line == index + 1
    assert len(report.tricks) == 2 and report.lines == []


def test_hands_may_be_left_out_and_a_revoke_is_still_proved() -> None:
    low = str(
        cards_of(
            hand(dealer="Bruno", fixed={"Carla": "20 1", "Anna": "Fool"}).dealt["Anna"] & R.TRUMPS
        )[0]
    )
    scenario = hand(
        dealer="Bruno",
        fixed={"Carla": "20 1", "Anna": "Fool"},
        force={(1, "Anna"): low},
        write_hands=False,
    )
    report = scenario.report()
    assert codes(report) == ["MUST_FOLLOW_SUIT"]
    assert by_name(report) == {p: scenario.tally.totals[p] - 43 for p in PLAYERS}
    clean = hand(write_hands=False).report()
    assert clean.status is Status.CLEAN


def test_partial_play_scores_nothing_G2() -> None:
    report = hand(tricks=7).report()
    assert report.status is Status.PARTIAL and report.lines == []


# -- PIE3-6: declarations -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "text", "worth"),
    [
        ("abundance", "1 2 3 4 5 6 7 8 9 10", 10),
        ("abundance", "1 2 3 4 5 6 7 8 9 10 11 12", 12),
        ("kings", "KS KB KC KD", 20),
        ("kings", "KS KB KC KD 20 1", 30),
        ("mitigati", "20 1 Fool", 15),
        ("mitigati", "20 1 Fool KS", 20),
        ("mixed", "KS 20 1 Fool", 10),
        ("mixed", "KS KB KC 20 1", 15),
    ],
)
def test_declaration_values_PIE3_6(kind: str, text: str, worth: int) -> None:
    assert value(kind, mask(text)) == worth


def test_each_declaration_is_paid_by_each_opponent_PIE3_6() -> None:
    scenario = hand(
        fixed={"Bruno": "KS KB KC KD 20 1 Fool"},
        declares=["Bruno: kings KS KB KC KD", "Bruno: mitigati 20 1 Fool"],
    )
    report = scenario.report()
    assert report.status is Status.CLEAN
    paid = [(line.label.split(":")[0], line.amounts) for line in report.lines[:-1]]
    assert paid == [
        ("Kings declared by Bruno", (-20, 40, -20)),
        ("Mitigati declared by Bruno", (-15, 30, -15)),
    ]
    # 35 is the best grouping of 4 Kings and 3 Honours: nothing to note for Bruno
    assert [f.code for f in report.findings if f.seat == 1] == []


@pytest.mark.parametrize(
    ("declare", "why"),
    [
        ("abundance 1 2 3 4 5 6 7 8 9 KS", "only trumps"),
        ("abundance 1 2 3 4 5 6 7 8 9", "10 or more"),
        ("abundance 1 2 3 4 5 6 7 8 9 Fool", "the Fool is not a trump"),
        ("kings KS KB KC", "all four Kings"),
        ("mitigati 20 1", "all three Honours"),
        ("mixed KS KB KC", "at least one King and one Honour"),
        ("mixed KS 20 1", "4 or more"),
        ("kings KS KB KC KD 2", "Kings and Honours only"),
    ],
)
def test_malformed_declarations_are_not_paid_PIE3_6(declare: str, why: str) -> None:
    scenario = hand(
        fixed={"Anna": "KS KB KC KD 20 1 Fool 2 3 4 5 6 7 8 9"}, declares=[f"Anna: {declare}"]
    )
    report = scenario.report()
    assert codes(report) == ["DECLARATION_MALFORMED"]
    assert why in report.violations[0].message
    assert [line.rule for line in report.lines] == ["PIE3-8"]


def test_abundance_fool_option_makes_the_fool_a_trump_PIE3_6() -> None:
    scenario = hand(
        fixed={"Anna": "Fool 2 3 4 5 6 7 8 9 10"},
        declares=["Anna: abundance 2 3 4 5 6 7 8 9 10 Fool"],
        options="abundance-fool=trump",
    )
    report = scenario.report()
    assert report.status is Status.CLEAN
    assert report.lines[0].amounts == (20, -10, -10)


def test_a_declaration_not_held_is_not_paid_PIE3_6() -> None:
    report = hand(
        fixed={"Anna": "KS KB 20", "Bruno": "1"}, declares=["Anna: mixed KS KB 20 1"]
    ).report()
    assert codes(report) == ["DECLARATION_NOT_HELD"]
    assert report.violations[0].cards == (C("1"),)


def test_abundance_cards_may_serve_one_other_declaration_PIE3_6() -> None:
    scenario = hand(
        fixed={"Anna": "20 1 Fool KS 2 3 4 5 6 7 8 9"},
        declares=["Anna: abundance 1 2 3 4 5 6 7 8 9 20", "Anna: mitigati 20 1 Fool KS"],
    )
    report = scenario.report()
    assert report.status is Status.CLEAN
    assert [line.amounts for line in report.lines[:2]] == [(20, -10, -10), (40, -20, -20)]


def test_a_card_serves_only_one_of_kings_mitigati_mixed_PIE3_6() -> None:
    scenario = hand(
        fixed={"Anna": "KS KB KC KD 20 1 Fool"},
        declares=["Anna: kings KS KB KC KD 20", "Anna: mitigati 20 1 Fool"],
    )
    report = scenario.report()
    assert codes(report) == ["DECLARATION_CARD_REUSED"]
    assert report.violations[0].cards == (C("20"),)
    assert [line.label.split(":")[0] for line in report.lines] == [
        "Kings declared by Anna",
        "Card points",
    ]
    # and the engine notes that 35 (Kings and Mitigati, or Kings with all three added) existed
    assert "BETTER_GROUPING" in codes(report, notes=True)


def test_abundance_twice_is_paid_once_PIE3_6() -> None:
    scenario = hand(
        fixed={"Anna": "2 3 4 5 6 7 8 9 10 11"},
        declares=["Anna: abundance 2 3 4 5 6 7 8 9 10 11"] * 2,
    )
    assert codes(scenario.report()) == ["DUPLICATE_DECLARATION"]


def test_declaring_during_the_play_is_not_paid_G5() -> None:
    scenario = hand(fixed={"Anna": "KS KB 20 1"})
    text = scenario.text.replace("\n2. ", "\ndeclare Anna: mixed KS KB 20 1\n2. ", 1)
    report = verify(text)
    assert codes(report) == ["DECLARATION_TIMING"]
    assert "UNDECLARED_COMBINATION" in codes(report, notes=True)


def test_a_lesser_grouping_is_paid_as_declared_and_the_better_one_noted_PIE3_6() -> None:
    scenario = hand(fixed={"Anna": "KS KB KC KD 20"}, declares=["Anna: mixed KS KB 20 KC"])
    report = scenario.report()
    assert report.status is Status.CLEAN
    assert report.lines[0].amounts == (20, -10, -10)
    note = next(f for f in report.findings if f.code == "BETTER_GROUPING")
    assert note.rule == "PIE3-6" and "Kings (25)" in note.message


def test_undeclared_combination_is_noted_G5() -> None:
    report = hand(fixed={"Bruno": "20 1 Fool"}).report()
    note = next(f for f in report.findings if f.code == "UNDECLARED_COMBINATION")
    assert note.seat == 1 and "Mitigati" in note.message
    assert all(line.rule == "PIE3-8" for line in report.lines)


def test_best_grouping_PIE3_6() -> None:
    assert best_grouping(mask("KS KB KC KD 20 1 Fool"), False) == [("kings", 35)]
    assert best_grouping(mask("KS KB KC 20 1 Fool"), False) == [("mitigati", 30)]
    assert best_grouping(mask("KS KB 20 1"), False) == [("mixed", 10)]
    assert best_grouping(mask("KS KB 20"), False) == []
    assert best_grouping(mask("Fool 1 2 3 4 5 6 7 8 9"), True) == [("abundance", 10)]
    assert best_grouping(mask("Fool 1 2 3 4 5 6 7 8 9"), False) == []


# -- PIE3-7: the Fool ------------------------------------------------------------------------------
def _fool_scenario(**kwargs):
    """Bruno plays the Fool to trick 1 with an empty pile: his exchange waits."""
    scenario = hand(fixed={"Bruno": "Fool"}, force={(1, "Bruno"): "Fool"}, **kwargs)
    [(after, giver, winner, card)] = scenario.tally.exchanges
    assert giver == "Bruno" and after > 1 and card is not None
    return scenario, after, winner, card


def test_exchange_delayed_until_the_player_wins_a_trick_PIE3_7() -> None:
    scenario, after, _winner, _card = _fool_scenario()
    report = scenario.report()
    assert report.status is Status.CLEAN
    assert f"after trick {after}" in report.contract["fool"]
    assert by_name(report) == {p: scenario.tally.totals[p] - 43 for p in PLAYERS}


def test_exchange_written_late_is_flagged_PIE3_7() -> None:
    scenario, after, _winner, card = _fool_scenario()
    text = scenario.text.replace(f"fool Bruno: {card}\n", "", 1).replace(
        f"\n{after + 1}. ", f"\n{after + 1}. ", 1
    )
    rows = lines_of(text)
    index = next(i for i, row in enumerate(rows) if row.startswith(f"{after + 1}. "))
    rows.insert(index + 1, f"fool Bruno: {card}")
    report = verify("\n".join(rows))
    assert codes(report) == ["FOOL_EXCHANGE_LATE"]
    assert by_name(report) == {p: scenario.tally.totals[p] - 43 for p in PLAYERS}


def test_exchange_before_the_player_has_the_card_is_impossible_PIE3_7() -> None:
    scenario, _after, _winner, card = _fool_scenario()
    text = scenario.text.replace(f"fool Bruno: {card}\n", "", 1)
    rows = lines_of(text)
    index = next(i for i, row in enumerate(rows) if row.startswith("1. "))
    rows.insert(index + 1, f"fool Bruno: {card}")
    report = verify("\n".join(rows))
    assert codes(report) == ["FOOL_CARD_NOT_IN_PILE"]
    assert report.status is Status.INVALID


def test_exchange_with_a_card_worth_more_is_flagged_and_moved_PIE3_7() -> None:
    scenario = hand(
        fixed={"Carla": "Fool QS"},
        discard="QS 3S 6S",
        force={(1, "Carla"): "Fool"},
        discard_in_pile=True,
    )
    [(after, giver, winner, card)] = scenario.tally.exchanges
    assert (after, giver) == (1, "Carla")  # the dealer gives at once, from his discard
    text = scenario.text.replace(f"fool Carla: {card}", "fool Carla: QS")
    report = verify(text, {"discard-in-pile": "yes"})  # PIE3-7a: his discard is his pile
    assert codes(report) == ["FOOL_EXCHANGE_NOT_ONE_POINT"]
    moved = {p: scenario.tally.totals[p] - 43 for p in PLAYERS}
    moved["Carla"] -= 3
    moved[winner] += 3  # the Queen (4) went instead of a 1-point card
    assert by_name(report) == moved


def test_only_the_fools_player_owes_PIE3_7() -> None:
    scenario, _after, winner, card = _fool_scenario()
    text = scenario.text.replace(f"fool Bruno: {card}", f"fool {winner}: {card}")
    assert codes(verify(text)) == ["FOOL_EXCHANGE_UNEXPECTED"]


def test_an_exchange_not_written_is_made_for_the_record_PIE3_7() -> None:
    scenario, _after, _winner, card = _fool_scenario()
    text = scenario.text.replace(f"fool Bruno: {card}\n", "", 1)
    report = verify(text)
    assert report.status is Status.CLEAN
    assert "FOOL_EXCHANGE_DERIVED" in codes(report, notes=True)
    assert by_name(report) == {p: scenario.tally.totals[p] - 43 for p in PLAYERS}


def test_the_fool_goes_to_the_winner_if_never_exchanged_PIE3_7() -> None:
    low = "AS 2S 3S 4S 5S 6S AB 2B 3B 4B 5B 6B 10C 9C 8C 7C 6C 10D 9D 8D 7D 6D 5D 4D Fool"
    scenario = hand(fixed={"Anna": low})
    assert scenario.tally.totals["Anna"] == 0
    [(_after, giver, _winner, card)] = scenario.tally.exchanges
    assert giver == "Anna" and card is None
    report = scenario.report()
    assert report.status is Status.CLEAN
    assert report.sides[0].total == 0
    assert "FOOL_TO_WINNER" in codes(report, notes=True)
    assert by_name(report)["Anna"] == -43


def test_discard_in_pile_option_PIE3_7a() -> None:
    """PIE3-7a: by default the dealer cannot give the Fool's 1-point card from his discard;
    with discard-in-pile=yes he can (and must, at once)."""
    from_discard = hand(fixed={"Carla": "Fool"}, force={(1, "Carla"): "Fool"}, discard_in_pile=True)
    [(after, giver, _winner, card)] = from_discard.tally.exchanges
    assert (after, giver) == (1, "Carla") and card in cards(from_discard.build.discard)
    report = from_discard.report()
    assert codes(report) == ["FOOL_CARD_NOT_IN_PILE"] and report.status is Status.INVALID
    assert report.findings[0].rule == "PIE3-7a"
    assert from_discard.report({"discard-in-pile": "yes"}).status is Status.CLEAN
    from_pile = hand(fixed={"Carla": "Fool"}, force={(1, "Carla"): "Fool"})
    [(after, giver, _winner, card)] = from_pile.tally.exchanges
    assert giver == "Carla" and card not in cards(from_pile.build.discard)
    assert from_pile.report().status is Status.CLEAN


def test_the_kits_count_matches_a_whole_hand_played_by_the_policy() -> None:
    """Guard for the kit itself: lowest-card play leaves no card behind."""
    scenario = hand()
    assert sum(len(t) for t in scenario.tricks) == 75
    again = play_out(scenario.start, scenario.leader)
    assert again == scenario.tricks


# -- claims ----------------------------------------------------------------------------------------
def test_claim_is_checked_PIE3_8() -> None:
    scenario = hand()
    settlement = by_name(scenario.report())
    good = " ".join(f"{p} {settlement[p]:+d}" for p in PLAYERS)
    assert verify(scenario.text + f"claim points: {good}\n").status is Status.CLEAN
    bad = good.replace(f"Anna {settlement['Anna']:+d}", f"Anna {settlement['Anna'] + 1:+d}")
    report = verify(scenario.text + f"claim points: {bad}\n")
    assert codes(report) == ["CLAIM_MISMATCH"]


# -- records without the deal, and the session --------------------------------------------------
def test_discard_derived_when_hands_and_discard_are_left_out_PIE3_5() -> None:
    scenario = hand(write_hands=False)
    text = replace_line(scenario.text, "discard:", None)
    report = verify(text)
    assert report.status is Status.CLEAN
    note = next(f for f in report.findings if f.code == "DISCARD_DERIVED")
    assert note.message.endswith(scenario.build.discard)
    assert by_name(report) == {p: scenario.tally.totals[p] - 43 for p in PLAYERS}


def test_a_session_keeps_one_unit_PIE3_2() -> None:
    from records.notation import read
    from scorer.games import get_game
    from scorer.ledger import build_ledger

    first = hand(dealer="Carla")
    second = hand(dealer="Anna", options="fool=5")
    records = [read(s.text)[0].record for s in (first, second)]
    engine = get_game("piemonte3")
    reports = [engine.verify(r) for r in records]
    assert [r.unit for r in reports] == ["game points", "thirds of a game point"]
    ledger = build_ledger(records, reports)
    assert [(n, f.code) for n, f in ledger.findings] == [(2, "UNIT_MIXED")]
    assert ledger.is_zero_sum()


def test_declarations_are_checked_against_hands_shown_by_the_play_PIE3_6() -> None:
    scenario = hand(
        fixed={"Anna": "KS KB 20", "Bruno": "1"},
        declares=["Anna: mixed KS KB 20 1"],
        write_hands=False,
    )
    report = scenario.report()
    assert codes(report) == ["DECLARATION_NOT_HELD"]
    assert report.hands is not None  # every hand is known from the complete play


def test_a_malformed_claim_makes_the_record_pay_nothing_G2() -> None:
    report = verify(hand().text + "claim points: Anna +3 Bruno\n")
    assert codes(report) == ["BAD_CLAIM"]
    assert report.status is Status.INVALID and report.lines == []


# -- trick lines -----------------------------------------------------------------------------------
def test_an_unknown_card_makes_the_record_partial_G2() -> None:
    scenario = hand()
    rows = lines_of(scenario.text)
    index = next(i for i, row in enumerate(rows) if row.startswith("12. "))
    rows[index] = "12. " + rows[index].split(" ", 1)[1].rsplit(" ", 1)[0] + " ?"
    report = verify("\n".join(rows[: index + 1]) + "\n")
    assert report.status is Status.PARTIAL and report.lines == []
    assert "UNKNOWN_CARD" in codes(report, notes=True)


def test_a_named_leader_is_checked_G2() -> None:
    scenario = hand()
    right = scenario.text.replace("\n2. ", f"\n2. {scenario.tally.log[0].split()[-2]}: ", 1)
    assert verify(right).status is Status.CLEAN
    wrong_name = next(p for p in PLAYERS if p != scenario.tally.log[0].split()[-2])
    wrong = scenario.text.replace("\n2. ", f"\n2. {wrong_name}: ", 1)
    report = verify(wrong)
    assert codes(report) == ["PLAY_OUT_OF_TURN"] and report.errors[0].trick == 2


def test_tricks_in_seat_order_with_the_lead_marked() -> None:
    scenario = hand()
    rows = lines_of(scenario.text)
    index = next(i for i, row in enumerate(rows) if row.startswith("1. "))
    a, b, c = rows[index][3:].split()  # Anna (eldest) leads: seat order is play order
    rows[index] = f"1. *{a} {b} {c}"
    assert verify("\n".join(rows)).settlement == scenario.report().settlement


def test_a_trick_line_out_of_number_is_an_error_G2() -> None:
    text = hand().text.replace("\n3. ", "\n4. ", 1)
    assert codes(verify(text)) == ["TRICK_NUMBER"]


def test_records_built_in_code_are_checked_like_text_G2() -> None:
    """What the reader rejects in text (player count, dealer, round numbers) a record made in
    code or read from JSON still gets as an error, never an exception."""
    import random

    from scorer.games import get_game
    from scorer.record import Item, Line, Record

    engine = get_game("piemonte3")
    record = engine.random_record(random.Random(1))
    for name, new in (
        ("Players", "Anna, Bruno"),
        ("Players", "Anna, Bruno, Carla, Dario"),
        ("Dealer", "Zed"),
    ):
        tags = tuple((n, new if n == name else v) for n, v in record.tags)
        assert codes(engine.verify(Record(tags, record.body))) == ["BAD_PLAYERS"]
    for subject in ("x", None, "²", "99999999"):
        odd = Record(record.tags, (Line("bargain", subject, (Item("pass"),)),))
        assert codes(engine.verify(odd)) == ["BAD_BARGAIN"]
