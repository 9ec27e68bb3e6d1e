"""One focused test (or more) per ruling of Mitigatti of Nice: NICE-1 .. NICE-18 and G-1 .. G-6.

Each test builds a small record with :mod:`nicekit` (explicit or pinned cards, deterministic
play, forced plays where the situation needs them), first asserts that the situation it is
about really occurs in that record, then asserts what the ruling says. Test names carry the
ruling ID. Figures asserted here were worked out from the rules, not read off the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from nicekit import (
    PLAYERS,
    Build,
    Scenario,
    by_name,
    cards,
    codes,
    deal,
    hand,
    mask,
    show,
    verify,
)

from records.notation import read
from scorer.cards import FOOL, Card
from scorer.cardset import cards_of
from scorer.findings import Severity
from scorer.games import get_game
from scorer.games.nice import rules as R
from scorer.ledger import build_ledger
from scorer.report import Report, Status

A, B, C, D = PLAYERS["nice4"]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


# -- helpers ---------------------------------------------------------------------------------
def paid(report: Report, rule: str) -> list[dict[str, int]]:
    """The score lines of one ruling, as {player: amount}."""
    return [
        dict(zip(report.players, line.amounts, strict=True))
        for line in report.lines
        if line.rule == rule
    ]


def each_other_pays(player: str, amount: int, players: list[str] | None = None) -> dict[str, int]:
    players = players or PLAYERS["nice4"]
    return {p: amount * (len(players) - 1) if p == player else -amount for p in players}


def finding(report: Report, code: str):
    found = [f for f in report.findings if f.code == code]
    assert found, f"no {code} in {codes(report, notes=True)}"
    return found[0]


def first_trick(
    plays: dict[str, str], extra: dict[str, str] | None = None, leader: str = A
) -> tuple[Scenario, Report]:
    """A partial record whose trick 1 is ``plays`` (player -> card, in any order; the play
    order starts with ``leader``); each player is dealt the card he plays plus ``extra``."""
    fixed = {name: card + " " + (extra or {}).get(name, "") for name, card in plays.items()}
    for name, more in (extra or {}).items():
        fixed.setdefault(name, more)
    scenario = hand(
        fixed=fixed,
        force={(1, name): card for name, card in plays.items()},
        tricks=1,
        leader=leader,
    )
    return scenario, scenario.report()


def winner_of(report: Report, trick: int = 1) -> str:
    return report.players[report.tricks[trick - 1].winner]


# Whole deals found once by search over deals and written out, so the tests never depend on
# a random generator. Each test re-asserts the situation it needs.
DEAL_36 = {  # partnership, declarer's side exactly 36 (NICE-15)
    A: "AS 4S 7S KS AB 7B QB 4C 5C 4D 5D 6D 7D 4 5 9 11 12 17",
    B: "5S 9S JS CS 4B JB AC CC KC 2D 8D 10D JD KD 1 7 10 20 21",
    C: "6S 10S QS 5B 3C 6C 7C 8C QC AD 3D 9D CD 2 6 8 13 15 Fool",
    D: "2S 3S 8S 2B 3B 6B 8B 9B 10B CB KB 2C 9C 10C JC QD 3 14 16 18 19",
}
DEAL_37 = {  # partnership, declarer's side exactly 37 (NICE-15)
    A: "AS 4S 9S QS 2B 4B QB 5C JC 7D 8D KD 2 5 7 8 9 14 17",
    B: "2S 7S KS AB 7B JB KB AC 7C 10C KC 3D 5D 6D 10D 4 6 15 Fool",
    C: "6S 10S 9B 3C 4C 6C 8C 9C AD 2D 4D 9D CD 1 3 10 11 16 19",
    D: "3S 5S 8S JS CS 3B 5B 6B 8B 10B CB 2C CC QC JD QD 12 13 18 20 21",
}
DEAL_SOLO_UNDER_18 = {  # Bruno's Solo sans prendre leaves the opponents under 18 (NICE-15)
    A: "AS JS CS 2B 4B 7B AC 5C 7C 8C 3D 7D 8D 1 2 4 6 7 12",
    B: "5S QS KS CB 2C CC QC KC QD KD 13 14 15 16 17 18 19 20 21",
    C: "3S 4S 10S 3B 6B 9B 10B JB 3C 10C JC AD 4D 9D JD CD 9 10 11",
    D: "2S 6S 7S 8S 9S AB 5B 8B QB KB 4C 6C 9C 2D 5D 6D 10D 3 5 8 Fool",
}
DEAL_ULTIMU = {  # Bruno keeps I to the end and wins the last trick with it (NICE-14)
    A: "3S 5S 8S JS CS 4B 7B 8B KB 5C CC 5D 6D 9D KD 2 3 12 16",
    B: "2S 9S AB 2B 10B JB 2C 6C 8C 3D 7D QD 1 6 8 13 15 20 21",
    C: "6S QS 9B QB AC 4C 7C 9C 10C JC QC AD 2D 8D JD CD 9 17 19",
    D: "AS 4S 7S 10S KS 3B 5B 6B CB 3C KC 4D 10D 4 5 7 10 11 14 18 Fool",
}
DEAL_PETAR = {  # Bruno keeps I to the end and it is beaten in the last trick (NICE-14)
    A: "6S 7S 9S 4B KB 6C 9C JC CC 4D 7D 8D 10D CD 7 8 10 11 16",
    B: "5S 10S 3B 6B 7B 8B 9B 3C 7C 8C 2D 5D 9D 1 4 6 12 13 15",
    C: "AS 3S 4S QS KS 10B CB QB AC 4C QC AD 3D QD KD 3 5 19 Fool",
    D: "2S 8S JS CS AB 2B 5B JB 2C 5C 10C KC 6D JD 2 9 14 17 18 20 21",
}
DEAL_SOLO_CALLS_I = {  # Carla's Solo calls I from Bruno and wins the last trick with it
    A: "AS 2S JS 5B 8B 10B AC 2C 7C 8C 3D 6D 7D 4 6 7 8 13 18",
    B: "4S 5S 6S QS KS AB CB 5C 9C AD 2D 8D 9D JD KD 1 3 12 16",
    C: "3S 8S 9S 3B 4B 6B 7B JB QB KB JC CC 4D CD 2 5 14 15 17",
    D: "7S 10S CS 2B 9B 3C 4C 6C 10C QC KC 5D 10D QD 9 10 11 19 20 21 Fool",
}
DEAL_17 = {  # partnership, declarer's side exactly 17 (NICE-15)
    A: "4S KS AB 3B 5B CB AC 4C 6C 5D 8D 9D 3 6 7 11 16 17 19",
    B: "5S 4B 6B 9B JB 10C QC AD 2D 3D 6D 7D 10D 2 4 10 14 18 Fool",
    C: "6S 8S 10S CS QS 8B KB 2C 5C 7C 4D JD CD QD 5 9 12 20 21",
    D: "AS 2S 3S 7S 9S JS 2B 7B 10B QB 3C 8C 9C JC CC KC KD 1 8 13 15",
}
DEAL_3_25_26 = {  # nice3: 26 / 25 / 27 (NICE-17)
    A: "AS 3S 5S 7S JS QS 5B CB 6C 7C 8C 9C QC 2D 3D 6D 10D JD 3 5 6 7 11 18 20",
    B: "6S 3B 7B 8B 10B QB KB AC 4C 10C JC CC KC AD 5D 7D 8D CD 2 4 10 12 14 15 16",
    C: "2S 4S 8S 9S 10S CS KS AB 2B 4B 6B 9B JB 2C 3C 5C 4D 9D QD KD 1 8 9 13 17 19 21 Fool",
}
DEAL_3_13 = {  # nice3: 13 / 18 / 47 (NICE-17)
    A: "AS 4S 9S QS AB 2B 4B QB AC 5C JC 3D 5D 7D 8D 10D KD 2 5 7 8 9 14 17 Fool",
    B: "2S 7S 10S KS 7B 9B JB KB 4C 6C 7C 8C 9C 10C KC 2D 4D 6D CD 4 6 11 15 16 19",
    C: "3S 5S 6S 8S JS CS 3B 5B 6B 8B 10B CB 2C 3C CC QC AD 9D JD QD 1 3 10 12 13 18 20 21",
}
DEAL_3_12 = {  # nice3: 14 / 52 / 12 (NICE-17)
    A: "4S 5S 6S 7S 9S 10S 4B 6B 8B 10B CB 2C 3C 6C 10C QC 4D 7D 10D 4 5 11 13 14 20",
    B: "8S QS AB 9B KB AC 5C 7C CC AD 3D 6D 8D 9D JD QD 2 3 6 9 12 15 18 19 Fool",
    C: "AS 2S 3S JS CS KS 2B 3B 5B 7B JB QB 4C 8C 9C JC KC 2D 5D CD KD 1 7 8 10 16 17 21",
}
DEAL_3_TIE = {  # nice3: 26 / 26 / 26 (NICE-17)
    A: "2S 4S KS 2B 4B CB QB 3C 4C 8C JC KC 7D 8D 10D CD QD KD 1 5 6 10 11 14 19",
    B: "AS 5S JS 3B 8B 10B JB AC 5C 6C 7C 10C CC QC AD 5D 6D JD 3 8 13 15 16 17 18",
    C: "3S 6S 7S 8S 9S 10S CS QS AB 5B 6B 7B 9B KB 2C 9C 2D 3D 4D 9D 2 4 7 9 12 20 21 Fool",
}


TEN = "21 19 18 17 16 15 14 13 12 11"  # ten Tarots for 10 Tarocche (NICE-12)


def ultimu(**kwargs) -> Scenario:
    return hand(fixed=DEAL_ULTIMU, keep={B: "1"}, **kwargs)


# -- NICE-1 card points ----------------------------------------------------------------------
def test_nice1_card_values_total_52() -> None:
    """NICE-1: Honours (XX, I, Fool) and Kings 4, Queens 3, Cavaliers 2, Jacks 1: 52 in all."""
    table = R.card_points()
    values = {str(c): table[c] for c in cards("20 1 Fool KS QB CC JD AS 10S 21 19 5")}
    assert values == {
        "20": 4,
        "1": 4,
        "Fool": 4,
        "KS": 4,
        "QB": 3,
        "CC": 2,
        "JD": 1,
        "AS": 0,
        "10S": 0,
        "21": 0,
        "19": 0,
        "5": 0,
    }
    assert sum(table[c] for c in range(97) if R.PACK >> c & 1) == 52
    world = R.card_points(world=True)
    assert (world[Card.parse("21")], world[Card.parse("20")]) == (4, 0)
    assert sum(world[c] for c in range(97) if R.PACK >> c & 1) == 52


def test_nice1_card_points_in_a_played_hand_add_to_52() -> None:
    """NICE-1: whatever the play, the card points of the sides and the discard make 52."""
    report = hand().report()
    discard_cards = sum(side.discard_points for side in report.sides) - 1
    assert sum(side.card_points for side in report.sides) + discard_cards == 52


def test_nice1_option_honours_world_moves_the_four_points_from_xx_to_xxi() -> None:
    """NICE-1 option honours=world: XXI counts 4 and XX 0 (the total is unchanged)."""
    scenario = hand(fixed={A: "21", D: "20"})
    winners = scenario.winners()
    xx_winner = winners[scenario.played_by("20")[0] - 1]
    xxi_winner = winners[scenario.played_by("21")[0] - 1]
    default = scenario.report()
    declarers = {default.contract["declarer"], default.contract["partner"]}
    assert xx_winner in declarers and xxi_winner not in declarers  # the situation
    world = scenario.report({"honours": "world"})
    assert [s.total for s in default.sides] == [66, 6]
    assert [s.total for s in world.sides] == [62, 10]


def test_nice1_option_honours_world_mitigatti_needs_xxi() -> None:
    """NICE-1 option honours=world: Mitigatti is XXI, I and the Fool (NICE-13)."""
    scenario = hand(fixed={C: "21 1 Fool"})
    scenario.annotate(C, "21 1 Fool", "mitigatti")
    world = scenario.report({"honours": "world"})
    assert paid(world, "NICE-16") == [each_other_pays(C, 1)]
    default = scenario.report()
    assert "DECLARATION_NOT_HELD" in codes(default)
    assert paid(default, "NICE-16") == []


def test_nice1_option_honours_world_changes_what_may_be_discarded() -> None:
    """NICE-1 with NICE-6: XXI may be discarded by default, but is an Honour under world."""
    scenario = hand(fixed={D: "21 2S"}, discard="21 2S", announce=1)
    assert codes(scenario.report()) == []
    assert codes(scenario.report({"honours": "world"})) == ["BAD_DISCARD"]


# -- NICE-2 side totals ----------------------------------------------------------------------
def test_nice2_four_player_totals_make_72() -> None:
    """NICE-2: card points + 1 per trick + 1 for the discard (to the dealer's side) = 72."""
    report = hand(fixed={D: "QS CS"}, discard="QS CS").report()
    assert sum(s.total for s in report.sides) == 72
    assert sum(s.tricks for s in report.sides) == 19
    dealer_side = next(s for s in report.sides if 3 in s.seats)
    other = next(s for s in report.sides if 3 not in s.seats)
    assert (dealer_side.discard_points, other.discard_points) == (3 + 2 + 1, 0)
    for side in report.sides:
        assert side.total == side.card_points + side.trick_points + side.discard_points


def test_nice2_three_player_totals_make_78() -> None:
    """NICE-2: with three players 52 + 25 tricks + 1 = 78; the discard counts for the dealer."""
    report = hand(game="nice3", dealer=C, fixed={C: "QS 2B 3B"}, discard="QS 2B 3B").report()
    assert sum(s.total for s in report.sides) == 78
    assert sum(s.tricks for s in report.sides) == 25
    assert [s.discard_points for s in report.sides] == [0, 0, 4]


# -- NICE-3 the Fool -------------------------------------------------------------------------
def test_nice3_fool_points_stay_with_the_side_that_played_it() -> None:
    """NICE-3: the Fool never wins, is never captured, and its 4 points stay with its side;
    the trick it was played to still counts 1 for its winner."""
    scenario = hand()
    number, fool_player = scenario.played_by("Fool")
    report = scenario.report()
    trick = report.tricks[number - 1]
    winner = report.players[trick.winner]
    declarers = {report.contract["declarer"], report.contract["partner"]}
    assert (fool_player in declarers) != (winner in declarers)  # the situation
    assert trick.plays[0].card == FOOL  # and the Fool was even led (G-3)
    # Rebuild each side's card points from the trick log: the Fool goes to its player's side.
    for side in report.sides:
        names = {report.players[s] for s in side.seats}
        won = sum(t.points for t in report.tricks if report.players[t.winner] in names)
        fool = 4 if fool_player in names else 0
        assert side.card_points == won + fool
        assert side.tricks == sum(report.players[t.winner] in names for t in report.tricks)
    assert trick.points == sum(R.card_points()[p.card] for p in trick.plays) - 4


# -- NICE-4 trick winner ---------------------------------------------------------------------
def test_nice4_xx_beats_xxi() -> None:
    """NICE-4: XX (the Angel) is the highest Tarot, above XXI."""
    _, report = first_trick({A: "21", B: "20", C: "19", D: "18"})
    assert report.status is Status.PARTIAL
    assert winner_of(report) == B


def test_nice4_xxi_beats_xix() -> None:
    """NICE-4: after XX come XXI, then XIX, XVIII ..."""
    _, report = first_trick({A: "19", B: "18", C: "21", D: "6"})
    assert winner_of(report) == C


def test_nice4_papotes_tie_later_played_wins() -> None:
    """NICE-4: V, IV, III, II are equal; when they are the best Tarots the last played wins."""
    _, report = first_trick({A: "5", B: "3", C: "2", D: "4"})
    assert winner_of(report) == D
    _, report = first_trick({A: "2", B: "5", C: "4", D: "1"})
    assert winner_of(report) == C  # I is below the Papotes


def test_nice4_papotes_lose_to_vi_and_beat_i() -> None:
    """NICE-4: VI beats every Papote whenever it is played; I is the lowest Tarot."""
    _, report = first_trick({A: "6", B: "5", C: "4", D: "3"})
    assert winner_of(report) == A
    _, report = first_trick({A: "KS", B: "1", C: "2", D: "QS"})
    assert winner_of(report) == C


def test_nice4_black_suit_order_ace_fifth_ten_high() -> None:
    """NICE-4 / seed: swords and batons K Q C J A 10 9 ... 2."""
    _, report = first_trick({A: "2S", B: "10S", C: "9S", D: "3S"})
    assert winner_of(report) == B
    _, report = first_trick({A: "10S", B: "AS", C: "9S", D: "2S"})
    assert winner_of(report) == B
    _, report = first_trick({A: "AB", B: "JB", C: "10B", D: "2B"})
    assert winner_of(report) == B


def test_nice4_red_suit_order_ace_fifth_two_high() -> None:
    """NICE-4 / seed: cups and coins K Q C J A 2 3 ... 10."""
    _, report = first_trick({A: "10C", B: "2C", C: "5C", D: "9C"})
    assert winner_of(report) == B
    _, report = first_trick({A: "2D", B: "3D", C: "AD", D: "10D"})
    assert winner_of(report) == C


def test_nice4_a_trump_beats_the_led_suit_and_other_suits_never_win() -> None:
    """NICE-4: the highest Tarot wins; without Tarots, the best card of the suit led."""
    _, report = first_trick({A: "7S", B: "KB", C: "8S", D: "2S"}, extra={B: "AC"})
    assert winner_of(report) == C  # KB is another suit (Bruno is void in swords)


# -- NICE-5 dealing and the mountain ---------------------------------------------------------
def test_nice5_all_mountain_throws_the_deal_in() -> None:
    """NICE-5 / G-4: all four say mountain after a round: thrown in, nothing paid."""
    report = verify(Build(mountain=["mountain mountain mountain mountain"]).text())
    assert report.status is Status.THROWN_IN
    assert report.settlement == (0, 0, 0, 0)
    dealt = deal("nice4", D)
    report = verify(Build(hands=dealt, mountain=["keep", "mountain " * 4]).text())
    assert report.status is Status.THROWN_IN


def test_nice5_three_players_speak_after_three_rounds() -> None:
    """NICE-5: three players have three rounds; all mountain in the third throws it in."""
    text = Build(game="nice3", dealer=C, mountain=["keep", "mountain keep", "m m m"]).text()
    assert verify(text).status is Status.THROWN_IN


def test_nice5_first_keep_ends_the_speaking() -> None:
    """NICE-5: once someone keeps, nobody else speaks in that round."""
    scenario = hand(mountain=["mountain mountain keep", "keep"])
    assert scenario.report().status is Status.CLEAN
    scenario = hand(mountain=["keep mountain", "keep"])
    report = scenario.report()
    assert report.status is Status.INVALID
    assert codes(report) == ["SPOKE_AFTER_KEEP"]


def test_nice5_speaking_cannot_stop_before_a_keep() -> None:
    """NICE-5: a round with fewer words than players and no keep is not possible."""
    report = verify(Build(mountain=["mountain mountain"]).text())
    assert codes(report) == ["BAD_MOUNTAIN"]


def test_nice5_deal_sizes() -> None:
    """NICE-5: 19 cards each and 21 to the dealer (nice4)."""
    dealt = deal("nice4", D)
    short = dict(dealt)
    short[D] &= ~mask(show(dealt[D]).split()[0])  # the dealer gets only 20
    report = verify(Build(hands=short).text())
    assert codes(report) == ["WRONG_HAND_SIZE"]


# -- NICE-6 discard --------------------------------------------------------------------------
def test_nice6_discarding_a_king_is_flagged_and_scored_as_played() -> None:
    """NICE-6: Kings may not be discarded: a violation; the hand is still scored (G-1)."""
    scenario = hand(fixed={D: "KS 2S"}, discard="KS 2S")
    report = scenario.report()
    assert codes(report) == ["BAD_DISCARD"]
    assert finding(report, "BAD_DISCARD").cards == (Card.parse("KS"),)
    assert report.status is Status.FLAGGED
    assert any(report.settlement)
    assert next(s for s in report.sides if 3 in s.seats).discard_points == 4 + 1


def test_nice6_discarding_an_honour_is_flagged() -> None:
    """NICE-6: Honours (XX, I, the Fool) may not be discarded either."""
    for honour in ("Fool", "20", "1"):
        announce = 1 if honour != "Fool" else None
        scenario = hand(fixed={D: f"{honour} 2S"}, discard=f"{honour} 2S", announce=announce)
        assert codes(scenario.report()) == ["BAD_DISCARD"], honour


def test_nice6_tarots_in_the_discard_must_be_announced() -> None:
    """NICE-6: the announced number of Tarots discarded is checked: missing or wrong is a
    violation, right is clean."""

    def report(announce):
        return hand(fixed={D: "3 19 2S"}, discard="3 19", announce=announce).report()

    assert codes(report(2)) == []
    assert codes(report(None)) == ["TAROTS_NOT_ANNOUNCED"]
    assert codes(report(1)) == ["WRONG_ANNOUNCEMENT"]
    plain = hand(fixed={D: "2S 3S"}, discard="2S 3S", announce=1).report()
    assert codes(plain) == ["WRONG_ANNOUNCEMENT"]
    assert codes(hand(fixed={D: "2S 3S"}, discard="2S 3S", announce=0).report()) == []


def test_nice6_discard_size() -> None:
    """NICE-6: two cards with four players, three with three."""
    report = hand(game="nice3", dealer=C, fixed={C: "2S 3S 4S"}, discard="2S 3S").report()
    assert codes(report) == ["WRONG_DISCARD_SIZE"]
    assert report.status is Status.INVALID


# -- NICE-7 Solo -----------------------------------------------------------------------------
def test_nice7_solo_with_call_and_exchange() -> None:
    """NICE-7: the holder gives the called card and receives the Solo player's card; the Solo
    plays alone against three (NICE-15: each opponent pays or receives 1, the Solo 3)."""
    scenario = hand(fixed={C: "21 19 18 17 16 KS KC 2S", A: "20"}, solo=C, call="20", exchange="2S")
    assert scenario.played_by("20")[1] == C and scenario.played_by("2S")[1] == A
    report = scenario.report()
    assert codes(report) == []
    assert report.contract == {"declarer": C, "type": "solo", "called": "20", "given": "2S"}
    solo_total = report.sides[0].total
    sign = 1 if solo_total >= 37 else -1
    unit = 2 if min(s.total for s in report.sides) < 18 else 1
    assert by_name(report) == {
        A: -sign * unit,
        B: -sign * unit,
        C: 3 * sign * unit,
        D: -sign * unit,
    }


def test_nice7_exchange_moves_the_cards() -> None:
    """NICE-7: after the exchange the holder no longer has the called card (G-2 if he plays
    it) and the exchange line is required."""
    scenario = hand(fixed={C: "21 19 18 17 16 KS KC 2S", A: "20"}, solo=C, call="20")
    assert codes(scenario.report()) == ["MISSING_EXCHANGE"]
    # Add the exchange to a record played without it: Anna still plays XX.
    text = scenario.text.replace("call: 20\n", "call: 20\nexchange: 2S\n")
    report = verify(text)
    assert report.status is Status.INVALID
    assert "CARD_NOT_HELD" in codes(report)


def test_nice7_the_fool_may_not_be_called() -> None:
    """NICE-7: any card but the Fool may be called."""
    scenario = hand(fixed={C: "21 19 18 2S", A: "Fool"}, solo=C, call="Fool", exchange="2S")
    report = scenario.report()
    assert codes(report) == ["BAD_CALL"]
    assert report.status is Status.FLAGGED


def test_nice7_sans_prendre_doubles_the_partida() -> None:
    """NICE-7 / NICE-15: a Solo sans prendre (call: none) pays double."""
    report = hand(fixed=DEAL_PETAR, solo=D, call="none").report()
    assert report.contract == {"declarer": D, "type": "solo sans prendre"}
    assert [s.total for s in report.sides] == [39, 33]  # a win, nobody under 18
    assert by_name(report) == {A: -2, B: -2, C: -2, D: 6}
    report = hand(fixed=DEAL_37, solo=D, call="none").report()
    assert [s.total for s in report.sides] == [31, 41]  # a loss, nobody under 18
    assert by_name(report) == {A: 2, B: 2, C: 2, D: -6}


def test_nice7_called_card_in_the_discard() -> None:
    """NICE-7: a called card in the dealer's discard: no exchange and no doubling; option
    called-in-discard=sans-prendre doubles as sans prendre."""
    scenario = hand(
        fixed={D: "19 2S", B: "21 18 17 16 15 KS"}, discard="19 2S", announce=1, solo=B, call="19"
    )
    as_called = scenario.report()
    assert codes(as_called) == []
    assert as_called.contract["called"] == "19 (in the discard)"
    doubled = scenario.report({"called-in-discard": "sans-prendre"})
    assert [2 * a for a in as_called.settlement] == list(doubled.settlement)
    assert any(as_called.settlement)
    text = scenario.text.replace("call: 19\n", "call: 19\nexchange: 2S\n")
    assert codes(verify(text)) == ["BAD_EXCHANGE"]


@pytest.mark.parametrize("word", ["surrender", "sans-prendre"])
def test_nice9a_a_choice_word_for_a_card_in_the_discard_is_an_error(word: str) -> None:
    """NICE-9a: the Solo's called card lies in the dealer's discard, so surrender or
    sans-prendre does not apply: an error at the word, not a plain Solo with the word
    dropped."""
    scenario = hand(
        fixed={D: "19 2S", B: "21 18 17 16 15 KS"}, discard="19 2S", announce=1, solo=B, call="19"
    )
    assert scenario.report().contract["called"] == "19 (in the discard)"
    text = scenario.text.replace("call: 19\n", f"call: 19 {word}\n")
    report = verify(text)
    assert report.status is Status.INVALID
    error = finding(report, "BAD_CHOICE")
    line = text.splitlines().index(f"call: 19 {word}") + 1
    assert error.rule == "NICE-9a" and error.loc == (line, len("call: 19 ") + 1)
    assert report.lines == []


def test_nice9a_a_declaration_takes_one_word() -> None:
    """NICE-9a: in an annotation only a declaration's name is read; a word after it is an
    error at the card, not dropped. Two declarations on one card are parted by ';'."""
    text = (EXAMPLES / "nice4" / "declarations.txt").read_text()
    assert "KB(quatre-rei)" in text
    report = verify(text.replace("KB(quatre-rei)", "KB(quatre-rei whatever)"))
    assert report.status is Status.INVALID
    assert "'whatever'" in finding(report, "BAD_DECLARATION").message
    # declared twice with one card (;): read as two declarations, the second paid once
    twice = verify(text.replace("KB(quatre-rei)", "KB(quatre-rei; quatre-rei)"))
    assert codes(twice) == ["DUPLICATE_DECLARATION"]


# -- NICE-8 calling a partner ----------------------------------------------------------------
def test_nice8_holder_of_the_called_king_is_the_partner() -> None:
    """NICE-8: the dealer calls a King he does not hold; its holder is his partner."""
    scenario = hand(fixed={C: "KB", D: "KS"}, call="KB")
    report = scenario.report()
    assert report.contract["partner"] == C
    assert report.sides[0].seats == (2, 3)


def test_nice8_dealer_must_call_a_king() -> None:
    """NICE-8: without a Solo the call is a King (flagged otherwise, scored as played)."""
    scenario = hand(fixed={C: "QB"}, call="QB")
    report = scenario.report()
    assert codes(report) == ["BAD_CALL"]
    assert report.contract["partner"] == C


def test_nice8_holding_four_kings_the_dealer_calls_xx() -> None:
    """NICE-8: holding all four Kings the dealer calls XX; its holder is the partner."""
    four = "KS KB KC KD"
    scenario = hand(fixed={D: four, B: "20"}, call="20")
    report = scenario.report()
    assert codes(report) == []
    assert report.contract["partner"] == B
    assert codes(hand(fixed={D: four, B: "QB"}, call="QB").report()) == ["BAD_CALL"]


def test_nice8_four_kings_and_xx_must_play_solo() -> None:
    """NICE-8: holding all four Kings and XX the dealer must play Solo."""
    scenario = hand(fixed={D: "KS KB KC KD 20 2S", B: "21"}, call="21")
    assert codes(scenario.report()) == ["MUST_PLAY_SOLO"]
    solo = hand(fixed={D: "KS KB KC KD 20 2S", B: "21"}, solo=D, call="21", exchange="2S")
    assert codes(solo.report()) == []


# -- NICE-9 calling one's own card -----------------------------------------------------------
def test_nice9_surrender_pays_one_each_and_combinations_held() -> None:
    """NICE-9: surrender: 1 marca to each other player; every combination held is paid."""
    fixed = {A: TEN, C: "20 1 Fool", D: "KS 2S 3S"}
    dealt = deal("nice4", D, fixed)
    report = verify(Build(hands=dealt, discard="2S 3S", solo="none", call="KS surrender").text())
    assert report.status is Status.CLEAN
    assert paid(report, "NICE-9") == [
        each_other_pays(D, -1),
        each_other_pays(A, 1),
        each_other_pays(C, 1),
    ]
    assert by_name(report) == {A: 3, B: -1, C: 3, D: -5}


def test_nice9_surrender_with_only_some_hands_written() -> None:
    """NICE-9: with only the dealer's hand written, his own combination is still paid (the
    others cannot be checked) and the contract is reported as a surrender."""
    dealt = deal("nice4", D, {D: f"KS 2S 3S {TEN}"})
    report = verify(
        Build(hands={D: dealt[D]}, discard="2S 3S", solo="none", call="KS surrender").text()
    )
    assert report.status is Status.CLEAN
    assert report.contract == {"declarer": D, "type": "surrender", "called": "KS"}
    assert paid(report, "NICE-9") == [each_other_pays(D, -1), each_other_pays(D, 1)]
    assert "DEAL_UNKNOWN" in codes(report, notes=True)


def test_nice9_surrender_only_for_ones_own_card() -> None:
    """NICE-9: the choice is for a player who called a card he holds, not otherwise."""
    dealt = deal("nice4", D, {B: "KS", D: "2S 3S"})
    report = verify(Build(hands=dealt, discard="2S 3S", solo="none", call="KS surrender").text())
    assert codes(report) == ["BAD_CHOICE"]


def test_nice9_sans_prendre_choice_is_a_solo_sans_prendre() -> None:
    """NICE-9: calling one's own card and choosing sans prendre: Solo sans prendre (x2)."""
    report = hand(fixed=DEAL_PETAR, call="KC sans-prendre").report()
    assert report.contract == {"declarer": D, "type": "solo sans prendre", "called": "KC"}
    assert report.sides[0].seats == (3,)
    assert [s.total for s in report.sides] == [39, 33]  # the same play as a Solo sans prendre
    assert by_name(report) == {A: -2, B: -2, C: -2, D: 6}


def test_nice9_the_record_must_state_the_choice() -> None:
    """NICE-9: a call of one's own card without surrender / sans-prendre is an error."""
    report = hand(fixed=DEAL_PETAR, call="KC").report()
    assert codes(report) == ["MISSING_CHOICE"]
    assert report.status is Status.INVALID


def test_nice9_surrender_ends_the_deal() -> None:
    """NICE-9 / G-4: after a surrender there is no play."""
    scenario = hand(fixed=DEAL_PETAR, call="KC surrender")
    report = scenario.report()
    assert codes(report) == ["PLAY_AFTER_END"]


# -- NICE-10 first lead ----------------------------------------------------------------------
def test_nice10_eldest_leads_even_in_a_solo() -> None:
    """NICE-10: eldest leads to trick 1; a record showing the Solo leading is out of turn."""
    scenario = hand(fixed={C: "21 19 18"}, solo=C, call="none", leader=C)
    scenario.build.leaders = {1: C}
    report = scenario.report()
    assert codes(report) == ["PLAY_OUT_OF_TURN"]
    assert report.status is Status.INVALID


def test_nice10_option_first_lead_declarer() -> None:
    """NICE-10 option first-lead=declarer: the Solo player leads to trick 1."""
    scenario = hand(fixed={C: "21 19 18"}, solo=C, call="none", leader=C)
    scenario.build.leaders = {1: C}
    report = scenario.report({"first-lead": "declarer"})
    assert report.status is Status.CLEAN
    assert report.tricks[0].leader == 2
    scenario.build.options = "first-lead=declarer"
    assert scenario.report().status is Status.CLEAN
    eldest = hand(fixed={C: "21 19 18"}, solo=C, call="none")
    assert eldest.report({"first-lead": "declarer"}).status is Status.INVALID


def test_nice10_option_has_no_effect_without_a_solo() -> None:
    """NICE-10: in a partnership hand eldest leads under either option."""
    scenario = hand()
    assert scenario.report({"first-lead": "declarer"}).status is Status.CLEAN


# -- NICE-11 no overtrumping and the duty to trump -------------------------------------------
VOID_B = "AB 2B 3B 4B 5B 6B 7B 8B 9B 10B JB CB QB KB 2 3 4 20 21"  # Bruno: no swords/cups/coins


def test_nice11_may_play_a_lower_tarot_on_a_tarot_lead() -> None:
    """NICE-11: answering a Tarot lead, any Tarot will do; no need to beat."""
    _, report = first_trick({A: "19", B: "2"}, extra={B: "20 21"})
    assert codes(report) == []


def test_nice11_void_player_must_trump_but_may_undertrump() -> None:
    """NICE-11: void in the suit led with Tarots, a player must play a Tarot, any Tarot."""
    scenario = hand(
        fixed={B: VOID_B, A: "2S 19", C: "5S 6S"},
        force={(1, A): "2S", (1, B): "2", (1, C): "5S"},
        tricks=1,
    )
    assert codes(scenario.report()) == []
    scenario = hand(fixed={B: VOID_B, A: "2S"}, force={(1, A): "2S", (1, B): "AB"}, tricks=1)
    report = scenario.report()
    assert codes(report) == ["MUST_TRUMP"]
    assert set(finding(report, "MUST_TRUMP").legal) == set(cards("2 3 4 20 21"))


def test_nice11_tarot_led_must_be_answered_with_a_tarot() -> None:
    """NICE-11: holding Tarots, a player must answer a Tarot lead with one (or the Fool)."""
    _, report = first_trick({A: "19", B: "AB"}, extra={B: "2"})
    assert codes(report) == ["MUST_FOLLOW_TRUMPS"]
    _, report = first_trick({A: "19", B: "Fool"}, extra={B: "2"})
    assert codes(report) == []


# -- NICE-12 10 Tarocche ---------------------------------------------------------------------


def test_nice12_ten_tarocche_shown_before_play_is_paid() -> None:
    """NICE-12 / NICE-16: 10 Tarocche shown before the holder's first play: 1 from each."""
    report = hand(fixed={A: TEN}, declares=[f"{A}: 10-tarocche {TEN}"]).report()
    assert codes(report) == []
    assert [f.seat for f in report.findings] == [3]  # only Dario's undeclared Mitigatti (G-5)
    assert paid(report, "NICE-16") == [each_other_pays(A, 1)]


def test_nice12_the_fool_counts_as_a_tarot() -> None:
    """NICE-12: nine Tarots and the Fool make 10 Tarocche."""
    nine = "21 19 18 17 16 15 14 13 12 Fool"
    report = hand(fixed={A: nine}, declares=[f"{A}: 10-tarocche {nine}"]).report()
    assert paid(report, "NICE-16") == [each_other_pays(A, 1)]


def test_nice12_exactly_ten_cards_held_and_all_tarots() -> None:
    """NICE-12: the declaration names exactly ten Tarots the player holds; else not paid."""
    nine = "21 19 18 17 16 15 14 13 12"
    for shown, code in (
        (nine, "DECLARATION_MALFORMED"),
        (f"{nine} KS", "DECLARATION_MALFORMED"),
        (f"{nine} 20", "DECLARATION_NOT_HELD"),
    ):
        report = hand(fixed={A: f"{TEN} KS"}, declares=[f"{A}: 10-tarocche {shown}"]).report()
        assert codes(report) == [code], shown
        assert paid(report, "NICE-16") == []


def test_nice12_shown_after_play_began_is_not_paid() -> None:
    """NICE-12: shown during the play instead of before it: a violation, not paid."""
    scenario = hand(fixed={A: TEN})
    scenario.build.extra = [f"declare {A}: 10-tarocche {TEN}"]
    report = scenario.report()
    assert codes(report) == ["DECLARATION_TIMING"]
    assert paid(report, "NICE-16") == []


def test_nice12_shown_cards_must_be_in_hand_after_discard_and_exchange() -> None:
    """NICE-12: the dealer cannot show a discarded Tarot; a Solo may show the called card."""
    scenario = hand(
        fixed={D: f"{TEN} 10"}, discard="10 11", announce=2, declares=[f"{D}: 10-tarocche {TEN}"]
    )  # 11 is shown and discarded
    assert codes(scenario.report()) == ["DECLARATION_NOT_HELD"]
    nine = "21 19 18 17 16 15 14 13 12"
    scenario = hand(
        fixed={C: f"{nine} 2S", A: "20"},
        solo=C,
        call="20",
        exchange="2S",
        declares=[f"{C}: 10-tarocche {nine} 20"],
    )
    report = scenario.report()
    assert codes(report) == []
    assert paid(report, "NICE-16") == [each_other_pays(C, 1)]


# -- NICE-13 Mitigatti and Quatre Rei --------------------------------------------------------
def test_nice13_mitigatti_declared_with_the_last_honour_is_paid() -> None:
    """NICE-13: Mitigatti, declared on the card that completes the three Honours."""
    scenario = hand(fixed={C: "20 1 Fool"})
    scenario.annotate(C, "20 1 Fool", "mitigatti")
    report = scenario.report()
    assert codes(report, notes=True) == []
    assert paid(report, "NICE-16") == [each_other_pays(C, 1)]


def test_nice13_declared_on_an_earlier_card_is_not_paid_unless_lenient() -> None:
    """NICE-13: declared anywhere but on the last of the set: violation, not paid; option
    declaration-timing=lenient accepts it."""
    scenario = hand(fixed={C: "20 1 Fool"})
    scenario.annotate(C, "20 1 Fool", "mitigatti", last=False)
    strict = scenario.report()
    assert codes(strict) == ["DECLARATION_TIMING"]
    assert paid(strict, "NICE-16") == []
    lenient = scenario.report({"declaration-timing": "lenient"})
    assert codes(lenient) == []
    assert paid(lenient, "NICE-16") == [each_other_pays(C, 1)]


def test_nice13_quatre_rei_declared_with_the_fourth_king() -> None:
    """NICE-13: Quatre Rei on the fourth King played."""
    scenario = hand(fixed={B: "KS KB KC KD"}, call="KS")
    scenario.annotate(B, "KS KB KC KD", "quatre-rei")
    report = scenario.report()
    assert codes(report, notes=True) == []
    assert paid(report, "NICE-16") == [each_other_pays(B, 1)]


def test_nice13_declare_line_before_play_only_when_lenient() -> None:
    """NICE-13: a declare line for Mitigatti is the wrong moment (strict); lenient accepts it."""
    scenario = hand(fixed={C: "20 1 Fool"}, declares=[f"{C}: mitigatti"])
    assert codes(scenario.report()) == ["DECLARATION_TIMING"]
    lenient = scenario.report({"declaration-timing": "lenient"})
    assert paid(lenient, "NICE-16") == [each_other_pays(C, 1)]


def test_nice13_must_hold_the_whole_set_when_play_began() -> None:
    """NICE-13: a player who lacked one of the set when play began is not paid."""
    scenario = hand(fixed={C: "20 1", A: "Fool"})
    number, player = scenario.played_by("20")
    assert player == C
    scenario.build.notes = {
        (number, scenario.tricks[number - 1].index(Card.parse("20"))): "mitigatti"
    }
    report = scenario.report({"declaration-timing": "lenient"})
    assert codes(report) == ["DECLARATION_NOT_HELD"]
    assert paid(report, "NICE-16") == []


# -- NICE-14 Bagatte Ultimu ------------------------------------------------------------------
def test_nice14_bagatte_ultimu_pays_two_from_each() -> None:
    """NICE-14: the holder of I keeps it, obeys the lead rule, wins the last trick with it."""
    scenario = ultimu()
    assert scenario.played_by("1") == (19, B) and scenario.winners()[-1] == B
    report = scenario.report()
    assert codes(report, notes=True) == []
    assert paid(report, "NICE-14") == [each_other_pays(B, 2)]


def test_nice14_petar_bagatte_pays_two_to_each() -> None:
    """NICE-14: I kept to the last trick and beaten there: Petar Bagatte."""
    scenario = hand(fixed=DEAL_PETAR, keep={B: "1"})
    assert scenario.played_by("1") == (19, B) and scenario.winners()[-1] != B
    report = scenario.report()
    assert codes(report, notes=True) == []
    assert paid(report, "NICE-14") == [each_other_pays(B, -2)]


def test_nice14_lead_rule_broken_means_no_payment() -> None:
    """NICE-14: after leading a plain suit he must lead it again while he holds it; leading a
    Tarot or another suit ends the attempt: no payment even though I wins the last trick."""
    base = ultimu()
    # The situation: Bruno leads 2B in trick 4 and is on lead again in tricks 11 and 13 with
    # batons still in hand (he leads 10B and JB there when he keeps the rule).
    assert (base.seat_of(4, 0), base.tricks[3][0]) == (B, Card.parse("2B"))
    assert (base.seat_of(11, 0), base.tricks[10][0]) == (B, Card.parse("10B"))
    assert (base.seat_of(13, 0), base.tricks[12][0]) == (B, Card.parse("JB"))
    for force in ({(11, B): "15"}, {(13, B): "3D"}):  # a Tarot / another suit instead
        broken = ultimu(force=force)
        assert broken.played_by("1") == (19, B) and broken.winners()[-1] == B
        report = broken.report()
        assert codes(report, notes=True) == ["BAGATTE_LEAD_RULE"]
        assert paid(report, "NICE-14") == []


def test_nice14_bagatte_played_before_the_last_trick_earns_nothing() -> None:
    """NICE-14: I played earlier than the last trick: nothing either way."""
    scenario = hand(fixed=DEAL_PETAR)  # Bruno does not keep I
    assert scenario.played_by("1")[0] < 19
    assert paid(scenario.report(), "NICE-14") == []


def test_nice14_sans_prendre_doubles_every_bagatte_payment() -> None:
    """NICE-14 / NICE-16: in a sans-prendre hand the Bagatte payment is doubled, whoever
    makes it (here an opponent of the Solo)."""
    scenario = ultimu(solo=D, call="none")
    assert scenario.winners()[-1] == B
    assert paid(scenario.report(), "NICE-14") == [each_other_pays(B, 4)]


def test_nice14_a_solo_who_called_i_may_attempt_it() -> None:
    """NICE-14: a Solo player who called I holds it when play begins and may attempt."""
    scenario = hand(fixed=DEAL_SOLO_CALLS_I, solo=C, call="1", exchange="3S", keep={C: "1"})
    assert scenario.played_by("1") == (19, C) and scenario.winners()[-1] == C
    report = scenario.report()
    assert codes(report) == []
    assert paid(report, "NICE-14") == [each_other_pays(C, 2)]


# -- NICE-15 partida -------------------------------------------------------------------------
def test_nice15_thirty_seven_wins() -> None:
    """NICE-15: the declarer's side wins with 37 of 72 (opponents 1 each to each partner)."""
    report = hand(fixed=DEAL_37).report()
    assert report.contract["partner"] == B
    assert [s.total for s in report.sides] == [37, 35]
    assert by_name(report) == {A: -1, B: 1, C: -1, D: 1}


def test_nice15_thirty_six_loses() -> None:
    """NICE-15: with 36 the declarer's side loses; the payments are reversed."""
    report = hand(fixed=DEAL_36).report()
    assert report.contract["partner"] == A
    assert [s.total for s in report.sides] == [36, 36]
    assert by_name(report) == {A: -1, B: 1, C: 1, D: -1}


def test_nice15_a_side_under_18_doubles() -> None:
    """NICE-15: either side under 18 points doubles the partida."""
    report = hand().report()
    assert [s.total for s in report.sides] == [66, 6]
    assert report.contract["partner"] == B
    assert by_name(report) == {A: -2, B: 2, C: -2, D: 2}


def test_nice15_seventeen_doubles_eighteen_does_not() -> None:
    """NICE-15: "fewer than 18" doubles: 17 does, 18 does not (the Bagatte Ultimu example has
    the opponents on exactly 18)."""
    report = hand(fixed=DEAL_17).report()
    assert report.contract["partner"] == A
    assert [s.total for s in report.sides] == [17, 55]
    assert by_name(report) == {A: -2, B: 2, C: 2, D: -2}
    text = (EXAMPLES / "nice4" / "bagatte-ultimu.txt").read_text()
    report = verify(text)
    assert [s.total for s in report.sides] == [54, 18]
    assert paid(report, "NICE-15") == [{A: -1, B: 1, C: -1, D: 1}]


def test_nice15_sans_prendre_under_18_is_multiplicative() -> None:
    """NICE-15: under 18 and sans prendre: 4 marca per opponent, 12 to the Solo."""
    report = hand(fixed=DEAL_SOLO_UNDER_18, solo=B, call="none").report()
    assert [s.total for s in report.sides] == [60, 12]
    assert by_name(report) == {A: -4, B: 12, C: -4, D: -4}


def test_nice15_solo_loses_three() -> None:
    """NICE-15: a Solo with fewer than 37 pays each opponent 1 (3 in all)."""
    report = hand(fixed=DEAL_37, solo=C, call="20", exchange="6S").report()
    assert [s.total for s in report.sides] == [33, 39]
    assert by_name(report) == {A: 1, B: 1, C: -3, D: 1}


# -- NICE-16 personal payments ---------------------------------------------------------------
def test_nice16_partner_pays_for_the_declarers_combination() -> None:
    """NICE-16: declarations are personal: the partner pays like everyone else."""
    scenario = hand(fixed={D: TEN, B: "KS"}, call="KS", declares=[f"{D}: 10-tarocche {TEN}"])
    report = scenario.report()
    assert report.contract["partner"] == B
    assert paid(report, "NICE-16") == [each_other_pays(D, 1)]


def test_nice16_sans_prendre_does_not_double_declarations() -> None:
    """NICE-16: a declaration is 1 from each other player even in a Solo sans prendre."""
    scenario = hand(fixed={B: TEN}, solo=B, call="none", declares=[f"{B}: 10-tarocche {TEN}"])
    report = scenario.report()
    assert report.contract["type"] == "solo sans prendre"
    assert paid(report, "NICE-16") == [each_other_pays(B, 1)]


# -- NICE-17 three players -------------------------------------------------------------------
P3 = PLAYERS["nice3"]


def nice3_payments(totals: list[int]) -> dict[str, int]:
    """NICE-17 as stated: 13..25 pay 1 and under 13 pay 2 to a sole top scorer."""
    top = max(totals)
    winner = totals.index(top)
    owe = [0 if t >= 26 else 1 if t >= 13 else 2 for t in totals]
    out = {p: -owe[i] for i, p in enumerate(P3)}
    out[P3[winner]] = sum(owe[i] for i in range(3) if i != winner)
    return out


def test_nice17_three_players_pay_one_or_two_to_the_top_scorer() -> None:
    """NICE-17: 13 to 25 pays 1 to the player with most, under 13 pays 2."""
    report = hand(game="nice3", dealer=C).report()
    totals = [s.total for s in report.sides]
    assert totals == [15, 18, 45]
    assert by_name(report) == {A: -1, B: -1, C: 2}
    assert by_name(report) == nice3_payments(totals)
    assert report.sole_top == 2 and report.abeyance == 0


@pytest.mark.parametrize(
    ("deal_", "totals", "amounts"),
    [
        (DEAL_3_25_26, [26, 25, 27], {A: 0, B: -1, C: 1}),  # 26 pays nothing, 25 pays 1
        (DEAL_3_13, [13, 18, 47], {A: -1, B: -1, C: 2}),  # 13 pays 1
        (DEAL_3_12, [14, 52, 12], {A: -1, B: 3, C: -2}),  # 12 pays 2
    ],
    ids=["25-26", "13", "12"],
)
def test_nice17_payment_boundaries(deal_, totals, amounts) -> None:
    """NICE-17: 13 to 25 pays 1, under 13 pays 2, 26 or more pays nothing."""
    report = hand(game="nice3", dealer=C, fixed=deal_).report()
    assert [s.total for s in report.sides] == totals
    assert by_name(report) == amounts == nice3_payments(totals)


def test_nice17_no_solo_or_call_with_three_players() -> None:
    """NICE-17: the three-player game has no Solo and no call (no such sections)."""
    text = hand(game="nice3", dealer=C).text.replace("discard:", "solo: none\ndiscard:")
    assert read(text)[0].errors


def test_nice17_tie_for_most_puts_the_payment_in_abeyance() -> None:
    """NICE-17: two players tie for most: the third's payment goes into abeyance."""
    text = (EXAMPLES / "nice3" / "tie-for-most.txt").read_text()
    report = verify(text)
    assert [s.total for s in report.sides] == [24, 27, 27]
    assert by_name(report) == {A: -1, B: 0, C: 0}
    assert report.abeyance == 1 and report.sole_top is None


def test_nice17_three_way_tie_pays_nothing() -> None:
    """NICE-17: 26 / 26 / 26: nobody pays, nothing goes into abeyance."""
    report = hand(game="nice3", dealer=C, fixed=DEAL_3_TIE).report()
    assert [s.total for s in report.sides] == [26, 26, 26]
    assert report.settlement == (0, 0, 0)
    assert report.abeyance == 0 and report.sole_top is None


def test_nice17_abeyance_collected_by_the_next_sole_top_scorer() -> None:
    """NICE-17 / NICE-18: the next hand's sole top scorer collects the abeyance."""
    parsed = read((EXAMPLES / "nice3" / "session.txt").read_text())
    records = [p.record for p in parsed]
    reports = [get_game("nice3").verify(r) for r in records]
    assert reports[0].abeyance == 2 and reports[1].sole_top == 2
    ledger = build_ledger(records, reports)
    assert [row.pot for row in ledger.rows] == [2, 0, 0]
    assert ledger.rows[1].amounts == (-1, 0, 1 + 2)
    assert ledger.is_zero_sum()


def test_nice17_open_abeyance_at_the_end_of_a_session() -> None:
    """NICE-17: an abeyance not yet collected stays open in the ledger."""
    text = (EXAMPLES / "nice3" / "tie-for-most.txt").read_text()
    record = read(text)[0].record
    ledger = build_ledger([record], [get_game("nice3").verify(record)])
    assert ledger.pot == 1
    assert dict(zip(ledger.players, ledger.balances, strict=True)) == {A: 9, B: 10, C: 10}
    assert ledger.is_zero_sum()


# -- NICE-18 ledger --------------------------------------------------------------------------
def test_nice18_ledger_starts_at_ten_and_may_go_below_zero() -> None:
    """NICE-18: 10 marca each at the start; balances may go negative; always zero-sum."""
    scenario = hand(fixed=DEAL_SOLO_UNDER_18, solo=B, call="none")
    record = read(scenario.text)[0].record
    report = scenario.report()
    ledger = build_ledger([record] * 3, [report] * 3)
    assert ledger.start == 10
    assert dict(zip(ledger.players, ledger.balances, strict=True)) == {
        A: 10 - 12,
        B: 10 + 36,
        C: 10 - 12,
        D: 10 - 12,
    }
    assert ledger.is_zero_sum()


# -- G-1 illegal plays are flagged -----------------------------------------------------------
def test_g1_revoke_is_flagged_and_scored_as_played() -> None:
    """G-1: a failure to follow suit is a violation with trick, seat and legal cards; the
    hand is scored with the card as played."""
    base = hand(fixed={A: "2S", B: "5S 20", C: "6S", D: "7S"}, force={(1, A): "2S"})
    revoke = hand(fixed={A: "2S", B: "5S 20", C: "6S", D: "7S"}, force={(1, A): "2S", (1, B): "20"})
    assert base.tricks[0][1] != Card.parse("20")
    report = revoke.report()
    assert report.status is Status.FLAGGED
    assert codes(report) == ["MUST_FOLLOW_SUIT"]
    found = finding(report, "MUST_FOLLOW_SUIT")
    assert (found.trick, found.seat, found.cards) == (1, 1, (Card.parse("20"),))
    assert found.rule == "G-1" and found.severity is Severity.VIOLATION
    assert Card.parse("5S") in found.legal and Card.parse("20") not in found.legal
    assert found.loc is not None
    assert report.tricks[0].winner == 1  # XX as played wins the trick
    assert report.tricks[0].plays[1].codes == ("MUST_FOLLOW_SUIT",)
    assert any(report.settlement) and sum(report.settlement) == 0


def test_g1_revoke_proved_by_a_later_play_without_hand_lines() -> None:
    """G-1: without hand lines, a revoke is proved when the player later plays the suit."""
    scenario = hand(
        fixed={A: "2S", B: "5S 20", C: "6S", D: "7S"},
        force={(1, A): "2S", (1, B): "20"},
        write_hands=False,
    )
    report = scenario.report()
    assert codes(report) == ["MUST_FOLLOW_SUIT"]
    assert report.status is Status.FLAGGED


# -- G-2 impossible records ------------------------------------------------------------------
def with_revoke() -> tuple[Scenario, list[str]]:
    """A whole hand with a revoke in trick 1 (Bruno trumps with XX holding 5S), as lines."""
    scenario = hand(
        fixed={A: "2S", B: "5S 20", C: "6S", D: "7S"}, force={(1, A): "2S", (1, B): "20"}
    )
    assert codes(scenario.report()) == ["MUST_FOLLOW_SUIT"]
    return scenario, scenario.text.splitlines()


def trick_line(lines: list[str], number: int) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(f"{number}. "))


def test_g2_card_not_held_stops_the_replay_after_earlier_findings() -> None:
    """G-2: a card not held stops the replay where it happens; earlier findings stay."""
    scenario, lines = with_revoke()
    # Swap trick 3's lead with a card Carla plays later: the leader of trick 3 is not Carla,
    # so he plays a card he never held (every card still appears exactly once).
    assert scenario.seat_of(3, 0) != C
    lead = scenario.tricks[2][0]
    later = next(
        (n, i, c)
        for n, t in enumerate(scenario.tricks, 1)
        if n > 3
        for i, c in enumerate(t)
        if scenario.seat_of(n, i) == C
    )
    index3, index_later = trick_line(lines, 3), trick_line(lines, later[0])
    lines[index3] = lines[index3].replace(f" {lead} ", f" {later[2]} ", 1)
    lines[index_later] = lines[index_later].replace(f" {later[2]}", f" {lead}", 1)
    report = verify("\n".join(lines) + "\n")
    assert report.status is Status.INVALID
    assert codes(report) == ["MUST_FOLLOW_SUIT", "CARD_NOT_HELD"]
    error = finding(report, "CARD_NOT_HELD")
    assert error.trick == 3 and error.cards == (later[2],)
    assert error.loc is not None and error.loc.line == index3 + 1
    assert len(report.tricks) == 2  # the tricks before the error are still reported
    assert report.settlement == (0, 0, 0, 0)


def test_g2_duplicate_card_stops_after_earlier_findings() -> None:
    """G-2: a card written twice stops the replay there; what came before is reported."""
    scenario, lines = with_revoke()
    index = trick_line(lines, 5)
    words = lines[index].split()
    words[2] = str(scenario.tricks[0][2])  # a card already played in trick 1
    lines[index] = " ".join(words)
    report = verify("\n".join(lines) + "\n")
    assert report.status is Status.INVALID
    assert codes(report) == ["MUST_FOLLOW_SUIT", "DUPLICATE_CARD"]
    assert finding(report, "DUPLICATE_CARD").trick == 5
    assert len(report.tricks) >= 4


def test_g2_play_out_of_turn_stops_after_earlier_findings() -> None:
    """G-2: a trick led by the wrong player stops the replay; earlier findings stay."""
    scenario, _ = with_revoke()
    winner = scenario.winners()[2]
    scenario.build.leaders = {4: next(p for p in PLAYERS["nice4"] if p != winner)}
    report = scenario.report()
    assert codes(report) == ["MUST_FOLLOW_SUIT", "PLAY_OUT_OF_TURN"]
    assert len(report.tricks) == 3


def test_g2_duplicate_card() -> None:
    """G-2: a card played twice is impossible."""
    scenario = hand(tricks=2)
    lines = scenario.text.splitlines()
    second = next(i for i, ln in enumerate(lines) if ln.startswith("2. "))
    words = lines[second].split()
    words[2] = str(scenario.tricks[0][1])
    lines[second] = " ".join(words)
    report = verify("\n".join(lines) + "\n")
    assert "DUPLICATE_CARD" in codes(report)
    assert report.status is Status.INVALID


def test_g2_play_out_of_turn_leader_named_wrongly() -> None:
    """G-2: a trick whose named (or *-marked) leader is not the previous winner."""
    scenario = hand(tricks=3)
    assert scenario.winners()[:2] == [D, C]  # Carla leads trick 3
    assert [str(c) for c in scenario.tricks[2]] == ["7S", "4", "5S", "6S"]  # C, D, A, B
    scenario.build.leaders = {3: B}
    report = scenario.report()
    assert codes(report) == ["PLAY_OUT_OF_TURN"]
    assert (
        finding(report, "PLAY_OUT_OF_TURN").trick,
        finding(report, "PLAY_OUT_OF_TURN").seat,
    ) == (3, 1)
    scenario.build.leaders = {3: C}
    assert scenario.report().status is Status.PARTIAL
    # The same trick in seat order (Anna Bruno Carla Dario), the leader's card marked *.
    text = scenario.text.replace("3. Carla: 7S 4 5S 6S", "3. 5S 6S *7S 4")
    assert verify(text).status is Status.PARTIAL
    text = scenario.text.replace("3. Carla: 7S 4 5S 6S", "3. *5S 6S 7S 4")
    assert codes(verify(text)) == ["PLAY_OUT_OF_TURN"]


def test_g2_in_a_trick_the_first_impossible_card_stops_the_replay() -> None:
    """G-2, in play order within a trick too: trick 3 written with Dario playing a card of
    Anna's (not his) before Bruno replays a card of trick 1. The replay stops at Dario's
    card: not held. (The engine that seated every trick before replaying it named Bruno's
    duplicate, the later of the two.)"""
    scenario = hand(tricks=3)
    assert [str(c) for c in scenario.tricks[2]] == ["7S", "4", "5S", "6S"]  # C, D, A, B
    played = {card for trick in scenario.tricks for card in trick}
    anna_later = next(c for c in cards_of(scenario.start[A]) if c not in played)
    first = str(scenario.tricks[0][0])
    text = scenario.text.replace("3. 7S 4 5S 6S", f"3. 7S {anna_later} 5S {first}")
    report = verify(text)
    assert codes(report) == ["CARD_NOT_HELD"]
    assert (report.errors[0].trick, report.errors[0].seat) == (3, 3)  # Dario, trick 3


def test_g2_what_a_trick_shows_before_its_impossible_card_is_reported() -> None:
    """G-2: "everything before that point is still reported", within the trick that stops:
    Bruno's revoke in trick 1 (G-1) comes before Dario replays Anna's lead, so both are
    reported, the revoke first."""
    _, lines = with_revoke()
    row = trick_line(lines, 1)
    words = lines[row].split()
    assert words[1:3] == ["2S", "20"]  # Anna leads 2S, Bruno trumps holding 5S
    words[4] = "2S"  # Dario's card: Anna's lead again
    lines[row] = " ".join(words)
    report = verify("\n".join(lines) + "\n")
    assert codes(report) == ["MUST_FOLLOW_SUIT", "DUPLICATE_CARD"]
    assert [f.trick for f in report.findings] == [1, 1]
    assert report.tricks == []  # the trick that stops is not won


def test_g2_a_trick_whose_annotation_is_malformed_is_kept_in_the_trick_log() -> None:
    """G-2 (with NICE-9a): a malformed annotation stops the replay at its card, after that
    card's trick was played: the trick log keeps the trick (its cards were played before
    the annotation was read), and nothing after it."""
    text = (EXAMPLES / "nice4" / "declarations.txt").read_text()
    lines = text.splitlines()
    [row] = [i for i, ln in enumerate(lines) if "KB(quatre-rei)" in ln]
    number = int(lines[row].split(".")[0])
    report = verify(text.replace("KB(quatre-rei)", "KB(quatre-rei whatever)"))
    [error] = report.errors
    assert (error.code, error.loc.line) == ("BAD_DECLARATION", row + 1)
    assert [t.number for t in report.tricks] == list(range(1, number + 1))
    assert report.tricks[-1].winner is not None


def test_g2_card_not_in_the_pack() -> None:
    """G-2: a card missing from the 78-card pack (a Minchiate trump) cannot be played."""
    scenario = hand(tricks=3)
    text = scenario.text.replace("3. 7S 4 5S 6S", "3. 7S 25 5S 6S")
    report = verify(text)
    assert codes(report) == ["CARD_NOT_IN_PACK"]
    assert len(report.tricks) == 2


def test_g2_partial_record_scores_nothing() -> None:
    """G-2: a record that stops before the end is partial: checked as far as it goes."""
    report = hand(tricks=7).report()
    assert report.status is Status.PARTIAL
    assert "PARTIAL_RECORD" in codes(report, notes=True)
    assert report.settlement == (0, 0, 0, 0) and report.sides == []
    assert len(report.tricks) == 7


def test_g2_unknown_card_ends_the_replay_as_partial() -> None:
    """G-2: '?' (an unknown card) stops the replay; the record is partial, not invalid."""
    scenario = hand(tricks=4)
    text = scenario.text.replace("4. " + str(scenario.tricks[3][0]), "4. ?")
    report = verify(text)
    assert report.status is Status.PARTIAL
    assert "UNKNOWN_CARD" in codes(report, notes=True)


# -- G-3 the Fool led ------------------------------------------------------------------------
def test_g3_fool_led_second_card_sets_the_suit() -> None:
    """G-3: the Fool led: the second card sets the suit the others must follow."""
    _, report = first_trick({A: "Fool", B: "7S", C: "2", D: "KS"}, extra={C: "3S"})
    assert codes(report) == ["MUST_FOLLOW_SUIT"]
    assert finding(report, "MUST_FOLLOW_SUIT").seat == 2
    _, report = first_trick({A: "Fool", B: "7S", C: "3S", D: "KS"})
    assert codes(report) == []
    assert winner_of(report) == D  # the Fool never wins; KS is the best sword


# -- G-4 thrown-in deals ---------------------------------------------------------------------
def test_g4_thrown_in_deal_is_valid_and_play_after_it_is_not() -> None:
    """G-4: a thrown-in record is valid and scores nothing; play after it is impossible."""
    report = verify(Build(mountain=["m m m m"]).text())
    assert report.status is Status.THROWN_IN and report.lines == []
    scenario = hand(mountain=["keep", "mountain mountain mountain mountain"])
    report = scenario.report()
    assert codes(report) == ["PLAY_AFTER_END"]


THROWN_IN = (EXAMPLES / "nice4" / "thrown-in.txt").read_text()
BOTH_ROUNDS = (
    "mountain 1: mountain mountain mountain keep\nmountain 2: mountain mountain mountain mountain"
)


@pytest.mark.parametrize(
    ("changed", "code", "where"),
    [
        # Anna is dealt 3S, which Bruno also holds: a card dealt twice
        (("hand Anna: AS", "hand Anna: 3S"), "DUPLICATE_CARD", "3S is dealt twice"),
        # Anna is dealt 18 cards (AS left out)
        (("hand Anna: AS ", "hand Anna: "), "WRONG_HAND_SIZE", "Anna was dealt 18 cards"),
        # thrown in after the first round, yet every hand has its 19 or 21 cards
        (
            (BOTH_ROUNDS, "mountain 1: mountain mountain mountain mountain"),
            "WRONG_HAND_SIZE",
            "gives 9 in 1 round(s)",
        ),
    ],
)
def test_g4a_thrown_in_deal_that_could_not_happen_is_an_error(
    changed: tuple[str, str], code: str, where: str
) -> None:
    """G-4a: a deal thrown in at the mountain is checked as far as it was dealt: a card dealt
    twice or a hand of the wrong size for the rounds dealt is an error (G-2), not a throw-in."""
    assert changed[0] in THROWN_IN
    report = verify(THROWN_IN.replace(changed[0], changed[1], 1))
    assert report.status is Status.INVALID
    error = finding(report, code)
    assert where in error.message and error.loc is not None


def test_g4a_thrown_in_after_the_first_round_with_nine_cards_each_is_clean() -> None:
    """G-4a: thrown in after round 1, each hand holds the 9 cards of that round."""
    dealt = deal("nice4", D)
    nine = {p: mask(" ".join(show(m).split()[:9])) for p, m in dealt.items()}
    report = verify(Build(hands=nine, mountain=["m m m m"]).text())
    assert report.status is Status.THROWN_IN, codes(report)
    ten = {**nine, A: mask(" ".join(show(dealt[A]).split()[:10]))}
    report = verify(Build(hands=ten, mountain=["m m m m"]).text())
    assert finding(report, "WRONG_HAND_SIZE").seat == 0


def test_nice5a_a_throw_in_without_an_earlier_rounds_words_is_partial() -> None:
    """NICE-5a: a deal thrown in after round 2 written without its ``mountain 1:`` line is
    missing words: partial (G-7), with a note naming round 1, never thrown in."""
    first_round = "mountain 1: mountain mountain mountain keep\n"
    assert first_round in THROWN_IN
    report = verify(THROWN_IN.replace(first_round, ""))
    assert report.status is Status.PARTIAL and not report.thrown_in
    note = finding(report, "PARTIAL_RECORD")
    assert (note.severity, note.rule, note.variant) == (Severity.NOTE, "NICE-5a", "mountain")
    assert note.facts["round"] == 1 and "mountain round 1" in note.message
    assert report.lines == [] and report.settlement == (0, 0, 0, 0)


def test_nice5a_a_played_hand_without_an_earlier_rounds_words_is_partial() -> None:
    """NICE-5a: the words of round 1 missing before round 2's keep: the play is still
    checked (G-7: verified as far as it goes) but nothing is scored."""
    scenario = hand(mountain=["keep", "keep"])
    assert scenario.report().status is Status.CLEAN
    report = verify(scenario.text.replace("mountain 1: keep\n", ""))
    assert report.status is Status.PARTIAL
    assert [f.code for f in report.findings] == ["PARTIAL_RECORD"]
    assert len(report.tricks) == 19 and report.lines == []


def test_nice5a_the_note_names_the_first_missing_round_of_three() -> None:
    """NICE-5a, three players: rounds 1 and 3 written, round 2 missing."""
    text = Build(game="nice3", dealer=C, mountain=["keep", "keep", "m m m"]).text()
    assert verify(text).status is Status.THROWN_IN
    report = verify(text.replace("mountain 2: keep\n", ""))
    assert report.status is Status.PARTIAL
    assert finding(report, "PARTIAL_RECORD").facts == {"round": 2, "later": 3}


# -- G-5 declarations must be made -----------------------------------------------------------
def test_g5_undeclared_combination_is_noted_and_not_paid() -> None:
    """G-5: a combination held but not declared is noted and not paid."""
    report = hand(fixed={A: TEN, C: "20 1 Fool"}).report()
    notes = [f for f in report.findings if f.code == "UNDECLARED_COMBINATION"]
    assert {(f.seat, f.severity) for f in notes} == {(0, Severity.NOTE), (2, Severity.NOTE)}
    assert paid(report, "NICE-16") == []
    assert report.status is Status.CLEAN


# -- G-6 deal rotation -----------------------------------------------------------------------
def _session(*hands: Scenario | Build) -> tuple[list, list]:
    records = [read(h.text() if isinstance(h, Build) else h.text)[0].record for h in hands]
    return records, [get_game(r.game).verify(r) for r in records]


def test_g6_deal_passes_to_the_right() -> None:
    """G-6: the previous eldest deals next; a thrown-in deal is redealt by the same dealer."""
    thrown = Build(dealer=A, mountain=["m m m m"])
    records, reports = _session(hand(dealer=D), thrown, hand(dealer=A), hand(dealer=B))
    assert build_ledger(records, reports).findings == []


def test_g6_dealer_out_of_turn_in_a_session() -> None:
    """G-6: a dealer out of turn is flagged in the ledger (hand number and ruling)."""
    records, reports = _session(hand(dealer=D), hand(dealer=B))
    ledger = build_ledger(records, reports)
    assert [(n, f.code, f.rule) for n, f in ledger.findings] == [(2, "DEALER_OUT_OF_TURN", "G-6")]


def test_g6_thrown_in_deal_is_not_passed_on() -> None:
    """G-6 / NICE-5: after a thrown-in deal the same dealer deals again, not the next."""
    thrown = Build(dealer=A, mountain=["m m m m"])
    records, reports = _session(hand(dealer=D), thrown, hand(dealer=B))
    ledger = build_ledger(records, reports)
    assert [(n, f.code) for n, f in ledger.findings] == [(3, "DEALER_OUT_OF_TURN")]


def test_nice10_option_dealer_own_card_sans_prendre_leads_first() -> None:
    """NICE-9 + NICE-10: a dealer who calls his own King and plays Solo sans prendre is the
    Solo player, so with first-lead=declarer he leads the first trick (eldest otherwise)."""
    from records.notation import read as _read
    from scorer.games import get_game as _get

    text = (
        '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Dario"]\n'
        '[Options "first-lead=declarer"]\n'
        "solo: none\ncall: KS sans-prendre\n1. Dario: KS\n"
    )
    report = _get("nice4").verify(_read(text)[0].record)
    assert "PLAY_OUT_OF_TURN" not in [f.code for f in report.findings]
    eldest = text.replace('[Options "first-lead=declarer"]\n', "")
    report = _get("nice4").verify(_read(eldest)[0].record)
    assert "PLAY_OUT_OF_TURN" in [f.code for f in report.findings]


def test_nice9_surrender_without_the_deal_is_taken_on_trust() -> None:
    """NICE-9: with no hand lines nobody can show who held the called card; the record's
    surrender stands, with a note, and the surrender is paid."""
    from records.notation import read as _read
    from scorer.games import get_game as _get

    text = (
        '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Dario"]\n'
        "solo: none\ncall: KS surrender\n"
    )
    report = _get("nice4").verify(_read(text)[0].record)
    assert report.status.value == "clean"
    assert "HOLDER_UNKNOWN" in [f.code for f in report.findings]
    assert report.settlement == (1, 1, 1, -3)


def test_g2_a_record_without_its_players_is_an_error_not_a_crash() -> None:
    """Found by the fast-path tests' text edits: a line turned into a second ``[Game]`` tag
    starts a record with no Players tag; its surrender used to be scored for player 0 of
    none (IndexError). The record is impossible (G-2): WRONG_PLAYERS, nothing scored."""
    from records.notation import read
    from scorer.games import get_game

    for game, body in (("nice4", "call: KS surrender"), ("nice3", "1. 7S 8S 9S")):
        parsed = read(f'[Game "{game}"]\n{body}\n')[0]
        assert parsed.errors  # the reader says what tags are missing
        report = get_game(game).verify(parsed.record)
        [error] = [f for f in report.findings if f.code == "WRONG_PLAYERS"]
        assert error.rule == "G-2" and "the record names 0" in error.message
        assert not report.lines and not report.complete
