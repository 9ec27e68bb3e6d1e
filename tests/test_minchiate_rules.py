"""Minchiate: a test per ruling (MIN-3 .. MIN-16), each built from a record that shows it.

Records come from :mod:`tests.minchiatekit` (a seeded deal played by a fixed policy); each test
first asserts the situation it needs, then the rule. Figures are checked against
:func:`minchiatekit.recount`, a second count written straight from the rulings.
"""

from __future__ import annotations

import re

import pytest
from minchiatekit import Built, build, fool_then, joining, recount

from records.notation import read
from scorer.cards import FOOL, Card
from scorer.cardset import cards_of
from scorer.findings import Severity
from scorer.games import get_game
from scorer.games.minchiate.scoring import rests
from scorer.ledger import build_ledger
from scorer.report import Report, Status

GAME = get_game("minchiate")


def verify(text: str, **options: str) -> Report:
    [parsed] = read(text)
    assert not parsed.errors, [str(e) for e in parsed.errors]
    return GAME.verify(parsed.record, options or None)


def codes(report: Report, severity: Severity | None = None) -> list[str]:
    return [f.code for f in report.findings if severity is None or f.severity is severity]


def line_of(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(start))


def replace_line(text: str, start: str, new: str) -> str:
    old = line_of(text, start)
    return text.replace(old + "\n", new + ("\n" if new else ""), 1)


def marks(report: Report, rule: str) -> list[str]:
    return [line.label for line in report.lines if line.rule == rule]


# -- MIN-3: robbing ----------------------------------------------------------------------------
def test_robbed_cards_are_marked_for_the_robbers_side_MIN3() -> None:
    built = build(9)
    assert "rob Carla:" in built.text  # Carla is the dealer's left
    robbed = [Card.parse(t) for t in line_of(built.text, "rob Carla:").split(":")[1].split()]
    report = built.verify()
    value = sum(GAME_VALUE(c) for c in robbed)
    [label] = marks(report, "MIN-3")
    assert label.startswith("robbed by Carla") and f": {value} to Anna & Carla" in label
    assert report.lines[0].rule == "MIN-3"  # robbed cards are marked first (MIN-9)


def GAME_VALUE(card: Card) -> int:
    from scorer.games.minchiate import rules as R

    return R.VALUE[card]


def test_only_the_cutter_robs_MIN3() -> None:
    built = build(9)
    text = built.text.replace("rob Carla:", "rob Anna:")
    report = verify(text)
    assert report.status is Status.INVALID and codes(report, Severity.ERROR) == ["NOT_THE_CUTTER"]


def test_a_plain_card_robbed_is_a_violation_MIN3() -> None:
    built = build(9)
    rob = line_of(built.text, "rob Carla:")
    discard = line_of(built.text, "discard Carla:")
    robbed = rob.split(":")[1].split()
    dropped = discard.split(":")[1].split()
    assert robbed and dropped
    # Carla robbed robbed[0] and discarded dropped[0]: write it as though she had robbed the
    # plain card and been dealt the counting one (the same cards in her hands, so it replays).
    hand = line_of(built.text, "hand Carla:")
    assert dropped[0] in hand.split()
    text = built.text.replace(rob, rob.replace(robbed[0], dropped[0]))
    text = text.replace(hand, " ".join(robbed[0] if t == dropped[0] else t for t in hand.split()))
    report = verify(text)
    assert "BAD_ROB" in codes(report, Severity.VIOLATION)


# -- MIN-4: the deal ---------------------------------------------------------------------------
def test_face_up_cards_are_marked_from_eldest_round_to_the_dealer_MIN4() -> None:
    built = build(1)
    report = built.verify()
    labels = marks(report, "MIN-4")
    names = [re.match(r"face-up 21st card of (\w+)", label).group(1) for label in labels]
    order = ["Anna", "Bruno", "Carla", "Dario"]  # Dario deals: Anna is eldest
    assert names == sorted(names, key=order.index)
    for label in labels:
        card = Card.parse(re.search(r"\((\S+)\)", label).group(1))
        assert f": {GAME_VALUE(card)} to" in label


def test_a_hand_of_nineteen_is_impossible_MIN4() -> None:
    built = build(1)
    hand = line_of(built.text, "hand Anna:")
    report = verify(built.text.replace(hand, hand.rsplit(" ", 1)[0]))
    assert codes(report, Severity.ERROR) == ["WRONG_HAND_SIZE"]
    assert report.lines == []


def test_every_player_needs_a_face_up_card_MIN4() -> None:
    built = build(1)
    report = verify(replace_line(built.text, "faceup Bruno:", ""))
    assert codes(report, Severity.ERROR) == ["MISSING_FACEUP"]


# -- MIN-5: scoprire, pigliare, the folla -------------------------------------------------------
def test_scoperti_are_marked_pigliati_are_not_MIN5() -> None:
    built = build(9)
    assert "scoprire:" in built.text and "pigliare:" in built.text
    report = built.verify()
    [label] = marks(report, "MIN-5")
    assert label.startswith("scoperti by Dario")
    assert not any("pigliat" in line.label for line in report.lines)


def test_wrong_folla_count_is_a_violation_MIN5() -> None:
    built = build(1)
    folla = line_of(built.text, "folla:")
    count = re.search(r"cups=(\d+)", folla).group(1)
    report = verify(
        built.text.replace(folla, folla.replace(f"cups={count}", f"cups={int(count) + 1}"))
    )
    assert codes(report, Severity.VIOLATION) == ["WRONG_FOLLA_COUNT"]
    assert report.status is Status.FLAGGED


def test_the_folla_may_be_left_out_and_is_derived_MIN5() -> None:
    built = build(1)
    report = verify(replace_line(built.text, "folla:", ""))
    assert report.status is Status.CLEAN
    assert report.settlement == built.verify().settlement


def test_a_counting_card_left_in_the_folla_MIN5() -> None:
    built = build(9, leave_in_folla=True)
    report = built.verify()
    [finding] = [f for f in report.findings if f.code == "COUNTING_LEFT_IN_FOLLA"]
    assert finding.rule == "MIN-5" and len(finding.cards) == 1
    assert report.status is Status.FLAGGED


def test_a_plain_card_turned_up_or_taken_MIN5() -> None:
    built = build(9)
    folla = line_of(built.text, "folla:")
    plain = next(t for t in folla.split(":")[1].split() if "=" not in t)
    discard = line_of(built.text, "discard Dario:")
    for section in ("scoprire:", "pigliare:"):
        taken = line_of(built.text, section)
        text = built.text.replace(taken, f"{taken} {plain}")
        text = text.replace(
            folla,
            "folla: "
            + " ".join(t for t in folla.split(":")[1].split() if t != plain and "=" not in t),
        )
        text = text.replace(discard, f"{discard} {plain}")  # he discards it again
        report = verify(text)
        code = "BAD_SCOPERTO" if section == "scoprire:" else "BAD_PIGLIATO"
        assert codes(report, Severity.VIOLATION) == [code], section


# -- MIN-6: discards ---------------------------------------------------------------------------
def test_discards_as_many_as_taken_MIN6() -> None:
    built = build(1)
    discard = line_of(built.text, "discard Dario:")
    report = verify(built.text.replace(discard, discard.rsplit(" ", 1)[0]))
    assert codes(report, Severity.ERROR) == ["WRONG_DISCARD_SIZE"]


def test_the_discards_count_for_the_dealers_side_MIN6() -> None:
    built = build(1)
    report = built.verify()
    dealer_side = report.sides[1]  # Dario deals: Bruno & Dario
    assert "the folla" in next(
        line.label for line in report.lines if line.label.startswith("end count, Bruno & Dario")
    )
    assert dealer_side.total == recount(built.record)["end"][1]


# -- MIN-7: declared versicole -----------------------------------------------------------------
def test_declared_versicole_are_marked_MIN7() -> None:
    built = build(1)
    report = built.verify()
    declared = marks(report, "MIN-7")
    assert declared
    for label in declared:
        cards = [Card.parse(t) for t in re.search(r"\(([^)]*)\)", label).group(1).split()]
        value = sum(5 if c == Card.parse("29") else GAME_VALUE(c) for c in cards)
        if "with the Fool's 5" in label:
            value += 5
        assert f": {value} to " in label


def test_a_versicola_declared_late_is_not_marked_G5_MIN7() -> None:
    built = build(1)
    declare = line_of(built.text, "declare ")
    text = built.text.replace(declare + "\n", "")
    text = text.replace("\n3. ", f"\n{declare}\n3. ", 1)
    report = verify(text)
    assert "DECLARED_LATE" in codes(report, Severity.VIOLATION)
    assert len(marks(report, "MIN-7")) < len(marks(built.verify(), "MIN-7"))


def test_declaring_a_card_not_held_MIN7() -> None:
    built = build(1)
    declare = line_of(built.text, "declare ")
    name = declare.split()[1].rstrip(":")
    shown = declare.split(":")[1].split()
    hand = set(line_of(built.text, f"hand {name}:").split(":")[1].split())
    stranger = next(
        t for t in ("1", "2", "3", "40", "13", "28") if t not in hand and t not in shown
    )
    report = verify(built.text.replace(declare, declare + " " + stranger))
    assert "DECLARED_NOT_HELD" in codes(report, Severity.VIOLATION)


def test_a_card_outside_any_versicola_MIN7() -> None:
    built = build(1)
    declare = line_of(built.text, "declare ")
    seat = built.record.players.index(declare.split()[1].rstrip(":"))
    plain = next(
        c for c in cards_of(built.hands[seat]) if not c.is_trump and not c.is_king and not c.is_fool
    )
    report = verify(built.text.replace(declare, f"{declare} {plain}"))
    assert "BAD_VERSICOLA" in codes(report, Severity.VIOLATION)
    assert marks(report, "MIN-7") == marks(built.verify(), "MIN-7")  # the rest still counts


def test_a_versicola_not_declared_is_noted_and_not_marked_G5() -> None:
    built = build(1, declare=False)
    report = built.verify()
    assert "VERSICOLA_NOT_DECLARED" in codes(report, Severity.NOTE)
    assert not marks(report, "MIN-7") and report.status is Status.CLEAN


def test_the_fools_five_are_added_when_the_fool_is_not_shown_MIN7a() -> None:
    """Anna holds the Fool and 30 31 32; her declare line leaves the Fool out. Its 5 are hers
    all the same (20, not 15), with a note that it was not shown; the sheet is the one of the
    record that shows it."""
    built = build(5)
    declare = line_of(built.text, "declare Anna:")
    assert declare.split(":")[1].split() == ["30", "31", "32", "Fool"]
    report = verify(built.text.replace(declare, "declare Anna: 30 31 32"))
    [label] = [label for label in marks(report, "MIN-7") if "declared by Anna" in label]
    assert label.startswith("versicola of the high trumps declared by Anna (30 31 32) with")
    assert ": 20 to Anna & Carla" in label
    [note] = [f for f in report.findings if f.code == "FOOL_NOT_SHOWN"]
    assert (note.severity, note.rule, note.seat, note.cards) == (
        Severity.NOTE,
        "MIN-7a",
        0,
        (FOOL,),
    )
    assert report.status is Status.CLEAN
    shown = built.verify()
    assert "FOOL_NOT_SHOWN" not in codes(shown)
    assert report.lines == shown.lines and report.settlement == shown.settlement


def test_a_run_declared_shorter_than_held_is_paid_as_declared_with_a_note_MIN7a() -> None:
    """Bruno holds 1 2 3 4 and declares 1 2 3: paid 11 (as declared, not 14), and a note
    names the run of four he held (not the G-5 note of a versicola never declared)."""
    built = build(4)
    declare = line_of(built.text, "declare Bruno:")
    assert declare == "declare Bruno: 1 2 3 4"
    report = verify(built.text.replace(declare, "declare Bruno: 1 2 3"))
    [label] = [label for label in marks(report, "MIN-7") if "declared by Bruno" in label]
    assert label.startswith("versicola dei papi declared by Bruno (1 2 3): 11 to Bruno & Dario")
    [note] = [f for f in report.findings if f.code == "VERSICOLA_SHORTER_THAN_HELD"]
    assert (note.severity, note.rule, note.seat) == (Severity.NOTE, "MIN-7a", 1)
    assert note.message == (
        "Bruno declared 1 2 3 but held the longer versicola dei papi 1 2 3 4: it is paid as "
        "declared"
    )
    assert note.cards == (Card.parse("4"),)
    assert "VERSICOLA_NOT_DECLARED" not in codes(report)
    assert report.status is Status.CLEAN


# -- MIN-8: muore and accrescimento ------------------------------------------------------------
def test_muore_marks_a_counting_card_won_by_the_other_side_MIN8() -> None:
    built = build(1)
    report = built.verify()
    died = 0
    for trick in report.tricks:
        side = trick.winner % 2
        label = next(
            (
                line.label
                for line in report.lines
                if line.label.startswith(f"trick {trick.number}: muore ")
            ),
            "",
        )
        points = 0
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            dies = GAME_VALUE(card) and seat % 2 != side and card != FOOL
            assert (f"{card} of {report.players[seat]}" in label) == bool(dies)
            points += GAME_VALUE(card) if dies else 0
        if points:
            died += 1
            winners = ("Anna & Carla", "Bruno & Dario")[side]
            assert f": {points} to {winners}" in label
    assert died


def test_accrescimento_and_its_option_MIN8() -> None:
    built = build(0)
    on, off = built.verify(), built.verify(accrescimento="off")
    grown = [line for line in on.lines if "accrescimento" in line.label]
    assert grown and not any("accrescimento" in line.label for line in off.lines)
    assert recount(built.record, True)["settlement"] == on.settlement
    assert recount(built.record, False)["settlement"] == off.settlement


def grown_by(report: Report, side: str) -> list[tuple[list[str], int]]:
    """The cards and points of each accrescimento marked for ``side``, in order."""
    found = re.findall(
        r": accrescimento, ([\d ]+) extend\(s\) .*?: (\d+) to " + side,
        "\n".join(line.label for line in report.lines),
    )
    return [(cards.split(), int(points)) for cards, points in found]


@pytest.mark.parametrize("seed", [0, 1])
def test_a_card_joining_two_declared_versicole_is_marked_once_MIN8a(seed: int) -> None:
    """37 joins the 34-36 and 38-40 Anna and Carla declared: it is marked once (10), the
    declared cards won back in the trick (34, 38) are not marked again, and no card is ever
    marked twice; with seed 1 a later card joins several cards won before, each marked once."""
    built = joining(seed)
    assert "declare Anna: 34 35 36" in built.text and "declare Carla: 38 39 40" in built.text
    report = built.verify()
    grown = grown_by(report, "Anna & Carla")
    assert grown[0] == (["37"], 10)
    assert "trick 1: accrescimento, 37 extend(s)" in "\n".join(marks(report, "MIN-8"))
    marked = [card for cards, _points in grown for card in cards]
    assert len(marked) == len(set(marked))
    assert not set(marked) & {"34", "35", "36", "38", "39", "40"}
    for cards, points in grown:
        assert points == sum(5 if c == "29" else GAME_VALUE(Card.parse(c)) for c in cards)
    assert report.settlement == recount(built.record)["settlement"]


def replacement_29(replace: bool) -> Built:
    """Trick 2 is 28 (Bruno) 29 (Carla) 30 (Dario) 31 (Anna)."""
    cards = {0: ["Fool", "31"], 1: ["40", "28"], 2: ["29", "6"], 3: ["30", "7"]}
    return fool_then(5, cards, {1: "28", 2: "29", 3: "30", 0: "31"}, replace=replace)


def test_a_replacement_extends_the_receiving_sides_versicola_MIN8b() -> None:
    """Dario declared 30 31 32; trick 2 is 1 (Bruno) 29 (Carla) 2 (Dario) 33 (Anna). The 29
    Anna & Carla give for the Fool counts as won by Bruno & Dario when handed over: it
    extends Dario's run at once (5), written or derived."""
    cards = {0: ["Fool", "33"], 1: ["40", "1"], 2: ["29", "6"], 3: ["30", "31", "32", "7", "2"]}
    for replace in (True, False):
        built = fool_then(1, cards, {1: "1", 2: "29", 3: "2", 0: "33"}, replace=replace)
        assert built.fool == (1, 0) and "declare Dario: 30 31 32" in built.text
        report = built.verify()
        labels = [line.label for line in report.lines]
        given = labels.index("Anna & Carla give 29 for the Fool to Bruno & Dario (after trick 2)")
        assert labels[given + 1].startswith(
            "the card for the Fool (after trick 2): accrescimento, 29 extend(s) the "
            "versicola of the high trumps declared: 5 to Bruno & Dario"
        )
        assert report.lines[given + 1].rule == "MIN-8"
        assert [cards for cards, _ in grown_by(report, "Bruno & Dario")].count(["29"]) == 1
        assert report.status is Status.CLEAN
        assert report.settlement == recount(built.record)["settlement"]


# -- MIN-9, MIN-10, MIN-15: rests ---------------------------------------------------------------
def test_a_rest_is_paid_when_the_difference_reaches_60_MIN9() -> None:
    built = build(28)
    report = built.verify()
    paid = [line for line in report.lines if line.rule == "MIN-9"]
    assert len(paid) == 1 and paid[0].amounts == rests(1, 1)
    assert recount(built.record)["during"] == [-1, 1, -1, 1]


@pytest.mark.parametrize("seed", [18, 1, 9, 28, 0, 6])
def test_end_count_and_rests_agree_with_a_second_count_MIN10(seed: int) -> None:
    built = build(seed)
    report = built.verify()
    again = recount(built.record)
    assert [side.total for side in report.sides] == again["end"]
    assert report.settlement == again["settlement"]
    assert again["cards"] == 97


def test_rests_at_the_end_are_one_per_60_begun_MIN10() -> None:
    report = build(1).verify()
    [end] = [line for line in report.lines if line.label.startswith("end of the game")]
    difference = int(re.search(r"difference (\d+)", end.label.split(";")[1]).group(1))
    assert abs(end.amounts[0]) == -(-difference // 60)


def test_rests_are_per_side_and_zero_sum_MIN15() -> None:
    for seed in range(5):
        settlement = build(seed).verify().settlement
        assert settlement[0] == settlement[2] and settlement[1] == settlement[3]
        assert sum(settlement) == 0


# -- MIN-11: the Fool ----------------------------------------------------------------------------
def test_the_fool_kept_to_the_last_trick_is_a_violation_MIN11() -> None:
    def keep_fool(number, seat, hand, legal, trick):
        """The lowest legal card other than the Fool while there is one."""
        return cards_of(legal & ~FOOL.bit or legal)[0]

    built = build(1, policy=keep_fool)
    assert built.fool is not None and built.fool[0] == 21
    report = built.verify()
    assert "FOOL_IN_LAST_TRICK" in codes(report, Severity.VIOLATION)


def test_the_replacement_card_is_derived_when_not_written_MIN11() -> None:
    built = build(1, replace=False)
    report = built.verify()
    written = build(1)
    if "replace:" in written.text:
        assert "FOOL_REPLACEMENT_DERIVED" in codes(report, Severity.NOTE)
    assert report.status is Status.CLEAN
    assert recount(built.record)["settlement"] == report.settlement


def test_the_replacement_is_derived_when_it_is_first_due_MIN11a() -> None:
    """No replace line: the card is the one MIN-11 forces as soon as Anna & Carla have a
    non-counting card, 29 after trick 2 (their only one then), not the lowest card of their
    pile at the end. Without 29 their 28 30 31 make no versicola: the end count is the one
    of the record that writes ``replace: 29`` after trick 2, 105 to 125 (not 130 to 125, as
    with a card chosen at the end, which put the other side ahead)."""
    written, derived = replacement_29(True), replacement_29(False)
    assert derived.fool == (1, 0) and "replace:" not in derived.text
    assert "\n2. 28 29 30 31\nreplace: 29\n3. " in written.text
    report, expected = derived.verify(), written.verify()
    [note] = [f for f in report.findings if f.code == "FOOL_REPLACEMENT_DERIVED"]
    assert (note.severity, note.rule, note.cards) == (Severity.NOTE, "MIN-11a", (Card.parse("29"),))
    assert note.message == (
        "no replace line: 29, the lowest non-counting card Anna & Carla had won, is given for "
        "the Fool after trick 2"
    )
    assert report.lines == expected.lines
    assert [side.total for side in report.sides] == [105, 125]
    assert report.settlement == (-1, 1, -1, 1)
    assert report.settlement == expected.settlement == recount(derived.record)["settlement"]
    assert report.status is Status.CLEAN


def test_a_replacement_written_later_than_due_is_a_violation_MIN11a() -> None:
    """``replace: 29`` written after trick 5, when Anna & Carla could give it after trick 2:
    a violation; the card is given where the record says (G-1)."""
    written = replacement_29(True)
    late = written.text.replace("replace: 29\n", "").replace("\n6. ", "\nreplace: 29\n6. ", 1)
    report = verify(late)
    [finding] = [f for f in report.findings if f.code == "LATE_REPLACEMENT"]
    assert (finding.severity, finding.rule) == (Severity.VIOLATION, "MIN-11a")
    assert finding.message == (
        "Anna & Carla could give a card for the Fool after trick 2, not only after trick 5"
    )
    assert finding.loc.line == late.splitlines().index("replace: 29") + 1
    assert "Anna & Carla give 29 for the Fool to Bruno & Dario (after trick 5)" in [
        line.label for line in report.lines
    ]
    assert report.status is Status.FLAGGED
    assert "LATE_REPLACEMENT" not in codes(written.verify())


def test_a_replacement_card_not_won_is_impossible_MIN11() -> None:
    built = build(1)
    line = line_of(built.text, "replace:")
    report = verify(built.text.replace(line, "replace: 40"))
    assert codes(report, Severity.ERROR) == ["CARD_NOT_WON"]


def test_a_replace_line_before_the_fool_is_played_MIN11() -> None:
    built = build(1)
    line = line_of(built.text, "replace:")
    text = built.text.replace(line + "\n", "").replace("\n1. ", f"\n{line}\n1. ", 1)
    assert codes(verify(text), Severity.ERROR) == ["LINE_OUT_OF_PLACE"]


# -- MIN-12, MIN-13: the King rule and revokes --------------------------------------------------
def test_the_king_rule_MIN12() -> None:
    built = build(6, break_king=True)
    assert built.king_breaks
    number, seat = built.king_breaks[0]
    report = built.verify()
    [finding] = [f for f in report.findings if f.code == "KING_NOT_PLAYED"]
    assert (finding.trick, finding.seat, finding.rule) == (number, seat, "MIN-12")
    assert len(finding.legal) == 1 and finding.legal[0].is_king
    assert not any(line.rule == "MIN-13" for line in report.lines)  # no penalty


def test_a_king_rule_breach_that_is_also_a_revoke_is_reported_twice_MIN12_MIN13_G1() -> None:
    """Holding KD and other coins on the first, trumped lead of coins, Carla trumps: she fails
    to follow suit (MIN-13, any coin was legal) and to play the King (MIN-12, only KD was).
    Both are reported, each with its own legal cards; the play's flag in the trick log carries
    both codes and the card legal under both rules. One penalty, for the revoke."""
    built = build(6, break_king="trump")
    assert built.king_breaks == built.revokes == [(7, 2)]
    report = built.verify()
    found = [f for f in report.findings if f.trick == 7 and f.seat == 2]
    assert [f.code for f in found] == ["MUST_FOLLOW_SUIT", "KING_NOT_PLAYED"]
    revoke, king = found
    assert (revoke.rule, king.rule) == ("MIN-13", "MIN-12")
    assert [str(c) for c in revoke.legal] == ["8D", "9D", "CD", "KD"]
    assert [str(c) for c in king.legal] == ["KD"]
    position = report.tricks[6].seats.index(2)
    assert report.tricks[6].flags[position] == (
        ("MUST_FOLLOW_SUIT", "KING_NOT_PLAYED"),
        Card.parse("KD").bit,
    )
    [penalty] = [line for line in report.lines if line.rule == "MIN-13"]
    assert penalty.amounts == (0, 2, -4, 2)  # Carla pays two rests to Bruno and to Dario


def test_a_revoke_costs_two_rests_to_each_opponent_MIN13() -> None:
    built = build(0, revoke_at=4)
    assert built.revokes
    number, seat = built.revokes[0]
    report = built.verify()
    [finding] = [f for f in report.findings if f.code == "MUST_FOLLOW_SUIT"]
    assert (finding.trick, finding.seat) == (number, seat)
    [penalty] = [line for line in report.lines if line.rule == "MIN-13"]
    assert penalty.amounts == tuple(
        -4 if s == seat else (2 if s % 2 != seat % 2 else 0) for s in range(4)
    )
    base = recount(built.record)["settlement"]
    assert report.settlement == tuple(a + b for a, b in zip(base, penalty.amounts, strict=True))


# -- MIN-14: cascare ----------------------------------------------------------------------------
def test_cascare_is_noted_MIN14() -> None:
    report = build(1).verify()
    assert "CASCARE" in codes(report, Severity.NOTE)
    # worded without a gendered pronoun (#23.13)
    notes = [f.message for f in report.findings if f.code == "CASCARE"]
    assert notes and all("lays the cards open" in m and " his " not in m for m in notes)


def test_a_cascare_line_for_a_player_with_trumps_MIN14() -> None:
    built = build(1)
    text = built.text.replace("\n2. ", "\ncascare Anna:\n2. ", 1)
    report = verify(text)
    assert codes(report, Severity.VIOLATION) == ["BAD_CASCARE"]
    [message] = [f.message for f in report.findings if f.code == "BAD_CASCARE"]
    assert message == "Anna still holds trumps after trick 1, so cannot cascare"


# -- MIN-16: sessions ---------------------------------------------------------------------------
def giro(dealers=(3, 0, 1, 2), draw=("Dario", "Bruno", "Carla", "Anna"), players=None):
    records = []
    for game, dealer in enumerate(dealers):
        built = build(
            100 + game, dealer=dealer, draw=list(draw) if game == 0 else None, players=players
        )
        records.append(built.record)
    return records, [GAME.verify(r) for r in records]


def test_a_full_giro_has_no_session_findings_MIN16() -> None:
    records, reports = giro()
    ledger = build_ledger(records, reports)
    assert ledger.findings == [] and ledger.is_zero_sum()
    assert all(row.status is not None for row in ledger.rows)  # no compensation


def test_partners_by_the_draw_MIN16() -> None:
    records, reports = giro(draw=("Dario", "Anna", "Bruno", "Carla"))
    findings = GAME.session_findings(records, reports)
    assert {f.code for _, f in findings} == {"WRONG_PARTNERS"}


def test_the_first_dealer_opens_the_giro_MIN16() -> None:
    records, reports = giro(dealers=(0, 1, 2, 3), draw=("Dario", "Bruno", "Carla", "Anna"))
    findings = GAME.session_findings(records, reports)
    assert [(n, f.code) for n, f in findings] == [(1, "DEALER_OUT_OF_TURN")]


def test_an_unfinished_giro_pays_two_rests_per_game_MIN16() -> None:
    records, reports = giro(dealers=(3, 0))
    ledger = build_ledger(records, reports)
    paid = [row for row in ledger.rows if row.status is None]
    # games 3 and 4 would have been dealt by Bruno and Carla
    assert [row.amounts for row in paid] == [(-2, 2, -2, 2), (2, -2, 2, -2)]
    assert ledger.is_zero_sum()
    assert any("unfinished" in line for line in ledger.summary)


def test_a_session_with_a_broken_record_still_has_a_ledger_MIN16() -> None:
    """A record naming three players (a notation error, G-2) neither crashes the session
    rules nor pays anything."""
    records, reports = giro()
    text = build(103, dealer=2).text.replace("Anna, Bruno, Carla, Dario", "Anna, Bruno, Carla")
    [parsed] = read(text)
    broken = GAME.verify(parsed.record)
    assert broken.status is Status.INVALID
    ledger = build_ledger([*records[:3], parsed.record], [*reports[:3], broken])
    assert ledger.is_zero_sum() and ledger.rows[3].amounts == (0, 0, 0, 0)


#: The cross-version comparison's mutated record da5d98d69b98 (#22.7) with trick 16 made
#: possible again (Carla's 4D for a second 10S): Dario's hand is not written, and he holds
#: the Fool as well as the CS he plays at trick 16.
DARIO_REVOKES_HOLDING_THE_FOOL = """\
[Game "minchiate"]
[Players "Anna, Bruno, Carla, Dario"]
[Dealer "Dario"]

hand Anna: 3S 7S JS QS 5B 8B 9B 10C CC 7D 8D CD 1 7 19 25 27 33 34 39
hand Bruno: 4S 6S 8S AB 7B 2C QC AD 3D 5D JD 5 9 12 15 22 26 30 38 40
hand Carla: AS 10S 2B 3B 6B 10B QB AC 3C 5C 6C 7C 8C JC 4D QD KD 21 24 28
faceup Anna: 4B
faceup Bruno: 9C
faceup Carla: 5S
faceup Dario: 29
scoprire: 3 4 13 36
pigliare: 20
folla: 2S JB 2D 6D 9D 6 11 17 swords=1 batons=1 cups=0 coins=3
discard Dario: 9S 4C 10D 14 16
declare Dario: KS KB KC 2 3 4 35 36 37 Fool
1. QS 8S AS KS
2. 18 7 15 28
3. 10S 4 CD JD
4. 3 1 22 21
5. AD QD Fool 8D
replace: CD
6. 3B CB 4B 7B
7. 23 19 12 24
cascare Carla: 5S 10S 2B 6B 10B QB AC 3C 5C 6C 7C 8C JC KD
8. 10B KB 9B AB
9. 36 34 9 KD
10. 8 27 38 6C
11. 3D QB 29 7D
12. 32 33 40 6B
13. 30 5S 10 39
14. 25 26 8C 2
15. 5 2B 31 10C
16. CS 7S 4S 4D
17. 20 JS 9C JC
18. 35 5B 5D AC
19. KC CC 2C 3C
20. 37 3S 6S 5C
21. 13 8B QC 7C
"""


def test_the_fool_played_later_is_no_proof_of_a_revoke_MIN11_MIN13() -> None:
    """Dario trumps swords at trick 3 while holding CS (played at trick 16): the proof is
    that trick, not trick 5 where he played the Fool, which excuses any play (MIN-11) and
    so shows nothing about the swords he held."""
    report = verify(DARIO_REVOKES_HOLDING_THE_FOOL)
    [revoke] = [f for f in report.findings if f.code == "MUST_FOLLOW_SUIT" and f.seat == 3]
    assert revoke.trick == 3 and FOOL in revoke.legal
    assert revoke.message.endswith("; proved by trick 16, where Dario played CS")


def test_a_hand_not_written_is_derived_and_a_revoke_still_proved_MIN4_MIN13() -> None:
    """Without Bruno's hand line his hand is what he played plus his discards, less his
    face-up card; his revoke is proved by his later play of the suit."""
    built = build(0, revoke_at=4)
    number, seat = built.revokes[0]
    name = built.record.players[seat]
    report = verify(replace_line(built.text, f"hand {name}:", ""))
    assert [(f.code, f.trick) for f in report.findings if f.severity is Severity.VIOLATION] == [
        ("MUST_FOLLOW_SUIT", number)
    ]
    assert report.settlement == built.verify().settlement
    assert report.hands == built.verify().hands
