"""The Hand API of Nice (#22): a deal's state as its play begins (``start_play``), stepped a
card at a time: whose turn it is, the legal cards, a checked ``play`` that refuses an illegal
card and an unchecked ``push`` that plays and flags it as a record's play would be, the trick
on the table, each seat's cards. A whole hand played through it verifies clean.
"""

from __future__ import annotations

import pytest
from nicekit import PLAYERS, Build, hand

from records.notation import read
from scorer.cards import Card
from scorer.cardset import CardSet
from scorer.games import get_game
from scorer.games.engine import IllegalPlay, NoPlay
from scorer.games.nice.hand import NiceHand
from scorer.report import Status

A, B, C, D = PLAYERS["nice4"]


def start_of(build: Build) -> NiceHand:
    """The state of ``build``'s deal as its play begins (its trick lines left out)."""
    build.tricks = ()
    [parsed] = read(build.text())
    state = get_game(build.game).start_play(parsed.record)
    assert isinstance(state, NiceHand)
    return state


def revoke_deal() -> NiceHand:
    """Anna holds 2C and leads it; Bruno holds 5C and QB: he must follow with 5C."""
    scenario = hand(fixed={A: "2C", B: "5C QB", C: "6C", D: "7C"}, force={(1, A): "2C"})
    return start_of(scenario.build)


def test_whose_turn_and_each_seats_cards() -> None:
    """NICE-10: eldest (Anna, the dealer being Dario) leads; each seat holds its 19 cards
    (the dealer without his discard), and any card may be led."""
    state = revoke_deal()
    assert state.to_play() == 0
    assert [len(state.hand(seat)) for seat in range(4)] == [19, 19, 19, 19]
    assert state.legal_cards() == state.hand(0)
    assert state.current_trick == ()


def test_legal_cards_follow_the_suit_led() -> None:
    """G-1: after Anna's 2C, Bruno's legal cards are his cups only (and the Fool if held)."""
    state = revoke_deal()
    state.play(Card.parse("2C"))
    assert state.to_play() == 1
    assert state.current_trick == (Card.parse("2C"),)
    legal = state.legal_cards()
    assert Card.parse("5C") in legal and Card.parse("QB") not in legal
    assert all(card.suit == 2 or card.is_fool for card in legal)


def test_checked_play_refuses_an_illegal_card_and_changes_nothing() -> None:
    """``play`` refuses Bruno's QB on a cups lead (MUST_FOLLOW_SUIT) and a card he does not
    hold (CARD_NOT_HELD); his hand, the turn and the trick stay as they were."""
    state = revoke_deal()
    state.play(Card.parse("2C"))
    before = state.hand(1)
    with pytest.raises(IllegalPlay) as refused:
        state.play(Card.parse("QB"))
    assert refused.value.code == "MUST_FOLLOW_SUIT"
    with pytest.raises(IllegalPlay) as not_his:
        state.play(Card.parse("6C"))  # Carla's
    assert not_his.value.code == "CARD_NOT_HELD"
    assert state.hand(1) == before and state.to_play() == 1
    assert state.current_trick == (Card.parse("2C"),)
    assert state.report.findings == []


def test_unchecked_push_plays_and_flags_an_illegal_card() -> None:
    """``push`` plays Bruno's QB as a record would have it: flagged (G-1) in Nice's words,
    and the trick goes on."""
    state = revoke_deal()
    state.push(Card.parse("2C"))
    state.push(Card.parse("QB"))
    [finding] = state.report.findings
    assert (finding.code, finding.rule, finding.seat, finding.trick) == (
        "MUST_FOLLOW_SUIT",
        "G-1",
        1,
        1,
    )
    assert finding.message.startswith("Bruno played QB but held cups")
    assert Card.parse("QB") not in state.hand(1)
    assert state.to_play() == 2


def test_a_trick_is_won_as_its_cards_say() -> None:
    """NICE-4: once four cards are played the trick is won, its winner leads the next."""
    state = revoke_deal()
    for _ in range(4):
        state.play(min(state.legal_cards()))
    [trick] = state.report.tricks
    assert state.current_trick == ()
    assert state.to_play() == trick.winner


@pytest.mark.parametrize("game", ["nice4", "nice3"])
def test_a_whole_hand_played_through_the_api_verifies_clean(game: str) -> None:
    """Every card chosen from ``legal_cards`` and played with ``play``; the trick lines the
    state's report holds, written into the record, verify clean with the same tricks."""
    dealer = PLAYERS[game][-1]
    scenario = hand(game, dealer=dealer)
    build = scenario.build
    state = start_of(build)
    while (seat := state.to_play()) is not None:
        legal = state.legal_cards()
        assert legal and not int(legal) & ~int(state.hand(seat))
        state.play(max(legal))  # the highest legal card: another play than the kit's
    assert state.hand(0) == CardSet()
    build.tricks = [list(trick.cards) for trick in state.report.tricks]
    report = scenario.report()
    assert report.status is Status.CLEAN, [f.message for f in report.findings]
    assert [t.cards for t in report.tricks] == [t.cards for t in state.report.tricks]
    assert [t.winner for t in report.tricks] == [t.winner for t in state.report.tricks]


def test_no_play_when_the_deal_ends_before_it() -> None:
    """A surrender (NICE-9), a deal thrown in (NICE-5) and an impossible deal (G-2) have
    no play to step: NoPlay, with the report that says why."""
    surrender = hand(fixed={D: "KS"}, call="KS surrender").build
    with pytest.raises(NoPlay) as refused:
        start_of(surrender)
    assert refused.value.report.complete and not refused.value.report.errors
    thrown = Build(mountain=("mountain mountain mountain mountain",))
    with pytest.raises(NoPlay):
        start_of(thrown)
    broken = hand().build
    broken.discard = "KS"  # one card, and a King
    with pytest.raises(NoPlay) as impossible:
        start_of(broken)
    assert impossible.value.report.errors
