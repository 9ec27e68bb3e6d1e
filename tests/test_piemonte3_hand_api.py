"""Piedmontese Tarocchi through the Hand API (issue #22, item 3): ``Piemonte3.start_play``
gives the state as play begins, which says whose turn it is and which cards are legal, refuses
an illegal card when checked and flags it when pushed, shows the trick on the table and each
seat's cards, and makes the Fool's exchange between tricks (PIE3-7). A hand played through it
and written out verifies clean. Also: a hand left out of a record is what its player is seen to
play, but never a card written in another player's hand (G-2).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from piemonte3kit import PLAYERS, Build, Scenario, hand, mask, verify

from records.notation import read
from scorer.cards import Card
from scorer.cardset import CardSet
from scorer.games import get_game
from scorer.games.engine import IllegalPlay, NoPlay
from scorer.games.piemonte3.play import Piemonte3Play
from scorer.games.replay import ReplayStop
from scorer.report import Status
from scorer.tricks import SUIT_MASKS

C = Card.parse
GAME = get_game("piemonte3")
ANNA, BRUNO, CARLA = range(3)


def start(build: Build) -> Piemonte3Play:
    """The state as play begins of ``build``'s record (its trick lines left out)."""
    parsed = read(dataclasses.replace(build, tricks=(), fools={}).text())
    play = GAME.start_play(parsed[0].record)
    assert isinstance(play, Piemonte3Play)
    return play


@pytest.fixture
def opening() -> Piemonte3Play:
    """Carla deals; Anna (eldest) holds KS, Bruno 3S and trumps, Carla discards 2C 3C 4C."""
    scenario = hand(
        fixed={"Anna": "KS", "Bruno": "3S 5 6", "Carla": "2C 3C 4C"}, discard="2C 3C 4C"
    )
    return start(scenario.build)


def test_whose_turn_and_each_seats_cards_as_play_begins(opening: Piemonte3Play) -> None:
    assert opening.to_play() == ANNA  # eldest leads (PIE3-3)
    assert opening.current_trick == ()
    assert [len(opening.hand(seat)) for seat in range(3)] == [25, 25, 25]
    assert C("2C") not in opening.hand(CARLA)  # the discard is out of play (PIE3-5)
    assert opening.legal_cards() == opening.hand(ANNA)  # a leader may lead anything


def test_legal_cards_follow_the_suit_led_PIE3_1(opening: Piemonte3Play) -> None:
    opening.play(C("KS"))
    assert opening.to_play() == BRUNO and opening.current_trick == (C("KS"),)
    spades = CardSet(int(opening.hand(BRUNO)) & SUIT_MASKS[0])
    assert C("3S") in spades
    assert opening.legal_cards() == spades


def test_checked_play_refuses_an_illegal_card_and_changes_nothing_G1(
    opening: Piemonte3Play,
) -> None:
    opening.play(C("KS"))
    before = opening.hand(BRUNO)
    with pytest.raises(IllegalPlay) as refused:
        opening.play(C("5"))  # Bruno holds spades
    assert refused.value.code == "MUST_FOLLOW_SUIT"
    assert opening.hand(BRUNO) == before
    assert opening.current_trick == (C("KS"),) and opening.to_play() == BRUNO
    assert opening.report.findings == []


def test_unchecked_push_plays_an_illegal_card_and_flags_it_G1(opening: Piemonte3Play) -> None:
    opening.play(C("KS"))
    opening.push(C("5"))
    [finding] = opening.report.findings
    assert (finding.code, finding.rule, finding.seat, finding.cards) == (
        "MUST_FOLLOW_SUIT",
        "G-1",
        BRUNO,
        (C("5"),),
    )
    assert C("3S") in finding.legal
    assert finding.message == "Bruno played 5 but held swords and had to follow suit"
    assert opening.current_trick == (C("KS"), C("5")) and opening.to_play() == CARLA


def test_a_discarded_card_cannot_be_played_PIE3_5(opening: Piemonte3Play) -> None:
    opening.play(C("KS"))
    opening.push(C("3S"))
    with pytest.raises(IllegalPlay) as refused:
        opening.play(C("2C"))
    assert refused.value.code == "CARD_NOT_HELD"
    with pytest.raises(ReplayStop):
        opening.push(C("2C"))
    assert opening.report.errors[-1].message == "2C lies in the discard, out of play"


def test_a_hand_thrown_in_at_the_bargaining_has_no_play_PIE3_4() -> None:
    scenario = hand(bargains=("pass pass pass",))
    text = dataclasses.replace(scenario.build, tricks=(), fools={}, discard=None).text()
    with pytest.raises(NoPlay):
        GAME.start_play(read(text)[0].record)


def test_a_whole_hand_played_through_the_api_verifies_clean_PIE3_7() -> None:
    """Lowest legal card each time; the Fool's exchange made as soon as it is due."""
    scenario = hand(dealer="Bruno", fixed={"Anna": "Fool"})
    play = start(scenario.build)
    fools: dict[int, str] = {}
    while play.to_play() is not None:
        play.play(min(play.legal_cards()))
        due = play.fool_card_due()
        if not play.current_trick and due and play.debt is not None:
            given = min(CardSet(due))
            fools[play.done] = f"{PLAYERS[play.debt.debtor]}: {given}"
            play.give_for_fool(given)
    assert play.done == 25 and fools  # Anna's Fool was exchanged
    tricks = [list(result.cards) for result in play.report.tricks]
    report = verify(dataclasses.replace(scenario.build, tricks=tricks, fools=fools).text())
    assert report.status is Status.CLEAN
    assert [t.winner for t in report.tricks] == [t.winner for t in play.report.tricks]
    assert report.contract["fool"] == "; ".join(play.exchanges)


def without_brunos_hand(scenario: Scenario, **changes: Any) -> Build:
    """The scenario's record without Bruno's hand line (and with ``changes``)."""
    hands = {name: cards for name, cards in scenario.dealt.items() if name != "Bruno"}
    return dataclasses.replace(scenario.build, hands=hands, **changes)


def test_a_hand_left_out_never_holds_a_card_written_in_another_hand_G2() -> None:
    """Bruno's hand is not written and he plays, in trick 1, a card of Anna's written hand:
    the record is impossible there (the old replay took the card as his and stopped only at
    Anna's own play of it, or not at all)."""
    scenario = hand()
    anna_last = [
        card
        for result in scenario.report().tricks[1:]
        for position, card in enumerate(result.cards)
        if (result.leader + position) % 3 == ANNA
    ][-1]
    assert anna_last in CardSet(scenario.dealt["Anna"])
    first = list(scenario.tricks[0])
    assert scenario.leader == "Anna"  # Bruno plays second
    first[1] = anna_last
    build = without_brunos_hand(scenario, tricks=[first, *scenario.tricks[1:]])
    report = verify(build.text())
    [error] = report.errors
    assert (error.code, error.trick, error.seat) == ("CARD_NOT_HELD", 1, BRUNO)
    assert error.message == f"Bruno does not hold {anna_last}; Anna holds it"  # (#32.10)


def test_a_hand_left_out_is_what_its_player_plays_G2() -> None:
    """The same record with every line right: Bruno's hand is derived from his plays and the
    hand verifies as with all hands written."""
    scenario = hand(fixed={"Bruno": "KS"})
    build = without_brunos_hand(scenario)
    full, derived = scenario.report(), verify(build.text())
    assert full.status is Status.CLEAN and derived.status is Status.CLEAN
    assert derived.hands is not None and derived.hands[BRUNO] == mask(
        " ".join(str(c) for c in CardSet(scenario.dealt["Bruno"]))
    )
    assert derived.settlement == full.settlement


def test_a_record_stopping_in_its_last_trick_without_a_discard_line_is_partial_PIE3_5() -> None:
    """25 trick lines, the last one short, no discard line: the play is not complete, so the
    discard is not derived from it (the old replay took the dealer's cards not yet played for
    a discard of four and called the record impossible)."""
    scenario = hand()
    tricks = [*scenario.tricks[:-1], scenario.tricks[-1][:2]]
    build = dataclasses.replace(scenario.build, discard=None, tricks=tricks)
    report = verify(build.text())
    assert report.status is Status.PARTIAL and not report.errors
    assert "DISCARD_UNKNOWN" in [f.code for f in report.findings]


def test_a_card_outside_the_pack_played_by_a_hand_left_out_is_impossible_G2() -> None:
    """Bruno's hand is not written and he plays trump XXII, which the pack has not: the
    record stops there (the old replay took it as one of the cards he was seen to play)."""
    scenario = hand()
    first = list(scenario.tricks[0])
    first[1] = C("22")
    build = without_brunos_hand(scenario, tricks=[first, *scenario.tricks[1:]])
    report = verify(build.text())
    [error] = report.errors
    assert (error.code, error.trick, error.seat) == ("CARD_NOT_IN_PACK", 1, BRUNO)
    assert error.message == "22 is not in the 78-card pack"


def test_a_short_trick_line_before_the_last_stops_the_replay_and_is_kept_as_played_G2() -> None:
    """A trick line of two cards followed by more lines is impossible (G-2): the replay stops
    there, and the report keeps the short trick as played, unwon and worth nothing, as every
    engine's trick loop does (the old piemonte3 replay dropped it from the tricks)."""
    scenario = hand()
    tricks = [*scenario.tricks[:4], scenario.tricks[4][:2], *scenario.tricks[5:]]
    report = verify(dataclasses.replace(scenario.build, tricks=tricks).text())
    [error] = report.errors
    assert (error.code, error.trick) == ("SHORT_TRICK", 5)
    short = report.tricks[-1]
    assert (short.number, short.winner, short.points) == (5, None, 0)
    assert list(short.cards) == scenario.tricks[4][:2]
