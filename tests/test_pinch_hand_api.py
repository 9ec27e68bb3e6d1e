"""The Hand API of pinch (``Pinch.start_play``): whose turn, the legal cards, a checked play that
refuses an illegal card and an unchecked one that flags it, the trick on the table, each seat's
cards, the draws between tricks (PINCH-3), and a whole hand played through it verifying clean.
"""

from __future__ import annotations

import random

import pytest
from pinchkit import PLAYERS, cards, deal, mask, show

from records.notation import read
from scorer.cards import Card
from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.engine import IllegalPlay, NoPlay
from scorer.games.pinch import PinchHand
from scorer.games.replay import ReplayStop
from scorer.report import Status

GAME = get_game("pinch")
A, B = PLAYERS
NO_HEARTS = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S AC 2C 3C 1"


def opening(hands: dict[str, int], stock: list[Card], extra: str = "") -> str:
    """A record's lines before the first trick: Bruno deals, so Anna leads (PINCH-3)."""
    lines = ['[Game "pinch"]', f'[Players "{A}, {B}"]', f'[Dealer "{B}"]']
    lines += [f"hand {name}: {show(hands[name])}" for name in PLAYERS]
    lines.append(f"stock: {show(stock)}")
    return "\n".join(lines) + "\n" + extra


def start(text: str) -> PinchHand:
    hand = GAME.start_play(read(text)[0].record)
    assert isinstance(hand, PinchHand)
    return hand


def card(text: str) -> Card:
    return Card.parse(text, "french")


@pytest.fixture
def hand() -> PinchHand:
    """Anna holds 5H and 9C; Bruno's only heart is 7H, so he must answer a heart with it
    (PINCH-4)."""
    hands, stock = deal({A: "5H 9C", B: "7H " + NO_HEARTS}, rng=random.Random(3))
    return start(opening(hands, stock))


def test_whose_turn_and_each_seats_cards(hand: PinchHand) -> None:
    assert hand.to_play() == 0  # Anna, the dealer's opponent, leads (PINCH-3)
    assert hand.to_draw() is None
    assert len(hand.hand(0)) == len(hand.hand(1)) == 15
    assert mask("7H " + NO_HEARTS) == int(hand.hand(1))
    assert hand.current_trick == ()


def test_legal_cards_follow_the_led_suit(hand: PinchHand) -> None:
    assert int(hand.legal_cards()) == int(hand.hand(0))  # the leader may lead anything
    hand.play(card("5H"))
    assert hand.current_trick == (card("5H"),)
    assert hand.to_play() == 1
    assert list(hand.legal_cards()) == cards("7H")  # PINCH-4: follow suit


def test_checked_play_refuses_an_illegal_card_and_changes_nothing(hand: PinchHand) -> None:
    hand.play(card("5H"))
    before = int(hand.hand(1))
    with pytest.raises(IllegalPlay) as refused:
        hand.play(card("2S"))
    assert refused.value.code == "MUST_FOLLOW_SUIT"
    with pytest.raises(IllegalPlay) as not_held:
        hand.play(card("9C"))  # Anna's card
    assert not_held.value.code == "CARD_NOT_HELD"
    assert int(hand.hand(1)) == before and hand.current_trick == (card("5H"),)
    assert hand.report.findings == []


def test_unchecked_push_plays_and_flags_an_illegal_card(hand: PinchHand) -> None:
    hand.push(card("5H"))
    hand.push(card("2S"))  # a revoke, as a record may show it (G-1)
    [finding] = hand.report.findings
    assert (finding.code, finding.rule, finding.seat) == ("MUST_FOLLOW_SUIT", "PINCH-4", 1)
    assert finding.message == "Bruno played 2S but held hearts and had to follow suit"
    [trick] = hand.report.tricks
    assert trick.winner == 0 and trick.plays[1].codes == ("MUST_FOLLOW_SUIT",)


def test_draws_follow_each_trick_winner_first(hand: PinchHand) -> None:
    stock = list(hand.stock or ())
    hand.play(card("5H"))
    hand.play(card("7H"))  # Bruno wins (PINCH-1)
    assert hand.to_play() is None and hand.to_draw() == 1
    with pytest.raises(IllegalPlay) as early:
        hand.play(card("9C"))
    assert early.value.code == "DRAW_MISSING"
    with pytest.raises(IllegalPlay) as wrong:
        hand.draw(stock[1])
    assert wrong.value.code == "DRAW_MISMATCH"
    assert hand.draw() == stock[0] and hand.hand(1).mask >> stock[0] & 1
    assert hand.to_draw() == 0
    assert hand.draw() == stock[1]
    assert hand.to_draw() is None and hand.to_play() == 1  # the winner leads the next trick
    assert hand.report.draws == [(1, 1, stock[0]), (1, 0, stock[1])]
    with pytest.raises(IllegalPlay):
        hand.draw()  # nobody is due to draw


def test_an_unchecked_play_while_a_draw_is_due_is_impossible(hand: PinchHand) -> None:
    hand.play(card("5H"))
    hand.play(card("7H"))
    with pytest.raises(ReplayStop):
        hand.push(card("9C"))
    assert hand.report.errors[0].code == "DRAW_MISSING"


def test_melds_before_the_first_card_are_replayed() -> None:
    hands, stock = deal({A: "JS CS QS KS"}, rng=random.Random(5))
    hand = start(opening(hands, stock, f"meld {A}: family JS CS QS KS\n"))
    assert [meld.code for meld in hand.melds.accepted] == ["10F"]  # type: ignore[attr-defined]
    assert hand.to_play() == 0


def test_lines_that_do_not_reach_the_play_raise_no_play() -> None:
    hands, stock = deal(rng=random.Random(7))
    short = opening(hands, stock).replace(show(hands[A]), show(hands[A]).rsplit(" ", 1)[0], 1)
    with pytest.raises(NoPlay) as stopped:
        start(short)
    assert stopped.value.report.errors[0].code == "WRONG_HAND_SIZE"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_hand_played_through_the_api_verifies_clean(seed: int) -> None:
    """Lowest legal card each time, the stock's next card at each draw, the Fool covered as
    soon as its owner may: the record written from the state's tricks and draws is clean."""
    rng = random.Random(seed)
    hands, stock = deal(rng=rng)
    head = opening(hands, stock)
    hand = start(head)
    lines = []
    while True:
        seat = hand.to_draw()
        if seat is not None:
            lines.append(f"draw {PLAYERS[seat]}: {hand.draw().text('french')}")
            continue
        if hand.to_play() is None:
            break
        hand.play(min(hand.legal_cards()))
        if not hand.current_trick:
            trick = hand.report.tricks[-1]
            lines.append(f"{trick.number}. " + " ".join(c.text("french") for c in trick.cards))
            owner = hand.fool_owner
            if owner is not None and hand.covered is None and hand.fool_after:
                low = min(cards_of(hand.fool_after))
                hand.cover(low)
                lines.append(f"cover {PLAYERS[owner]}: {low.text('french')}")
    assert hand.done == 39 and not hand.report.findings
    report = GAME.verify(read(head + "\n".join(lines) + "\n")[0].record)
    assert report.status is Status.CLEAN, [f.message for f in report.findings]
    assert [t.winner for t in report.tricks] == [t.winner for t in hand.report.tricks]
    assert report.draws == hand.report.draws


def test_the_generator_plays_through_the_api() -> None:
    """The random records (written by the generator through the Hand API) verify clean."""
    for seed in range(5):
        report = GAME.verify(GAME.random_record(random.Random(seed)))
        assert report.status is Status.CLEAN, [f.message for f in report.findings]
