"""The Hand API, the same for every engine (#22.3): ``Game.start_play`` gives the state of a
deal as its play begins, and the play steps through the one trick loop
(:mod:`scorer.games.engine`): whose turn, the legal cards, a checked ``play`` and an
unchecked ``push``, the trick on the table, each seat's cards.

Each test runs over every engine, on random records of its own generator; a record's replay
and the same cards stepped one by one through the API must come out the same.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scorer.cardset import CardSet
from scorer.games import GAMES, Game
from scorer.games.engine import FirstPass, IllegalPlay, NoPlay, TrickPlay
from scorer.games.pinch import PinchHand
from scorer.proof import REVOKES
from scorer.record import Record, Trick
from scorer.report import Report

ENGINES = sorted(GAMES)
SEEDS = range(12)


def before_play(record: Record) -> Record:
    """``record`` up to its first trick line: the deal and the phases before the play."""
    body = record.body
    first = next(i for i, entry in enumerate(body) if isinstance(entry, Trick))
    return replace(record, body=body[:first])


def played_records(game: Game) -> list[tuple[Record, Report]]:
    """Random records of ``game`` whose play is complete and clean (not thrown in)."""
    out = []
    for seed in SEEDS:
        record = game.random_record(random.Random(seed))
        report = game.verify(record)
        if report.complete and not report.thrown_in and report.tricks:
            out.append((record, report))
    assert len(out) >= len(SEEDS) // 2, "the generator should mostly play its hands out"
    return out


def step(hand: TrickPlay, report: Report, checked: bool = True) -> None:
    """Play ``report``'s tricks card by card through the API, checking the turn and, for a
    play the replay did not flag, that the card is legal."""
    for result in report.tricks:
        for position, (seat, card) in enumerate(zip(result.seats, result.cards, strict=True)):
            assert hand.to_play() == seat, f"trick {result.number}: turn"
            assert hand.current_trick == result.cards[:position]
            if position not in result.flags:
                assert card in hand.legal_cards()
            if checked and position not in result.flags:
                hand.play(card)
            else:
                hand.push(card)
        before_draws(hand, result.number, report)


def before_draws(hand: TrickPlay, number: int, report: Report) -> None:
    """After a trick, the steps a game takes before the next card: pinch's draws from the
    stock (PINCH-3), the replay's, taken with the state's own step for them
    (:meth:`PinchHand.to_draw <scorer.games.pinch.PinchHand.to_draw>` and ``draw``); no
    card may be played until they are."""
    assert hand.done == number
    if not isinstance(hand, PinchHand):
        return
    for after, seat, card in report.draws:
        if after == number:
            assert hand.to_play() is None and hand.to_draw() == seat
            hand.draw(card)
    assert hand.to_draw() is None


@pytest.mark.parametrize("key", ENGINES)
def test_stepping_a_record_card_by_card_gives_its_replay(key: str) -> None:
    game = GAMES[key]
    for record, report in played_records(game):
        hand = game.start_play(before_play(record))
        step(hand, report)
        assert hand.to_play() is None
        assert [(t.leader, t.cards, t.winner, t.points) for t in hand.report.tricks] == [
            (t.leader, t.cards, t.winner, t.points) for t in report.tricks
        ]


# pinch's players draw from the stock during the play (PINCH-3): not all their cards are in
# hand when it begins
@pytest.mark.parametrize("key", [key for key in ENGINES if key != "pinch"])
def test_each_seat_holds_what_it_has_yet_to_play(key: str) -> None:
    game = GAMES[key]
    record, report = played_records(game)[0]
    hand = game.start_play(before_play(record))
    still_to_play = [0] * game.num_players
    for result in report.tricks:
        for seat, card in zip(result.seats, result.cards, strict=True):
            still_to_play[seat] |= 1 << card
    assert [int(hand.hand(seat)) for seat in range(game.num_players)] == still_to_play


@pytest.mark.parametrize("key", ENGINES)
def test_a_checked_play_refuses_an_illegal_card_and_changes_nothing(key: str) -> None:
    game = GAMES[key]
    refused = 0
    for record, report in played_records(game):
        hand = game.start_play(before_play(record))
        for result in report.tricks:
            hand.push(result.cards[0])  # the lead: any card may lead
            seat = hand.to_play()
            assert seat is not None
            illegal = CardSet(int(hand.hand(seat)) & ~int(hand.legal_cards()))
            if illegal:
                card = next(iter(illegal))
                cards_before = hand.hand(seat)
                with pytest.raises(IllegalPlay) as refusal:
                    hand.play(card)
                assert refusal.value.code in REVOKES
                assert hand.hand(seat) == cards_before and hand.to_play() == seat
                refused += 1
                hand.push(card)  # unchecked: played, and flagged as a record's play is
                flagged = [f for f in hand.report.findings if f.code in REVOKES]
                assert flagged and flagged[-1].seat == seat and flagged[-1].cards == (card,)
                break
            for card in result.cards[1:]:
                hand.push(card)
            before_draws(hand, result.number, report)
    assert refused, "some record should give a player a card they may not play"


@pytest.mark.parametrize("key", ENGINES)
def test_a_card_not_held_is_refused(key: str) -> None:
    game = GAMES[key]
    record, _report = played_records(game)[0]
    hand = game.start_play(before_play(record))
    seat = hand.to_play()
    assert seat is not None
    other = (seat + 1) % game.num_players
    card = next(iter(hand.hand(other)))
    with pytest.raises(IllegalPlay) as refusal:
        hand.play(card)
    assert refusal.value.code == "CARD_NOT_HELD"


@pytest.mark.parametrize("key", ENGINES)
def test_a_record_that_does_not_reach_the_play_has_no_hand(key: str) -> None:
    game = GAMES[key]
    record, _report = played_records(game)[0]
    broken = replace(record, tags=tuple((k, v) for k, v in record.tags if k != "Players"))
    with pytest.raises(NoPlay):
        game.start_play(before_play(broken))


@pytest.mark.parametrize("key", ENGINES)
def test_every_game_reaches_the_play_by_one_step(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """#32.2: every game's ``start_play`` is ``reach_play`` over the state's one step before
    play, ``open_play``, the step its replay runs too: a stop there is ``NoPlay``."""
    game = GAMES[key]
    record, _report = played_records(game)[0]
    state_class = type(game.start_play(before_play(record)))
    assert state_class.open_play is not TrickPlay.open_play

    def stops(self: TrickPlay) -> bool:
        self.halt("UNKNOWN_PLAYER", loc=None, name="Nobody")
        raise AssertionError  # (halt raises)

    monkeypatch.setattr(state_class, "open_play", stops)
    with pytest.raises(NoPlay) as refused:
        game.start_play(before_play(record))
    assert [f.code for f in refused.value.report.errors] == ["UNKNOWN_PLAYER"]
    assert game.verify(record).errors[0].code == "UNKNOWN_PLAYER"  # the replay runs it too


#: The games whose unwritten hands the engine's first pass works out (#32.2; pinch keeps
#: its own tally, which the cross-version comparison pins).
FIRST_PASS_GAMES = ("nice3", "nice4", "minchiate", "piemonte3", "piedicavallo")


@pytest.mark.parametrize("key", FIRST_PASS_GAMES)
def test_unwritten_hands_come_from_the_engines_first_pass(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#32.2: a record without its hand lines is read after one first pass, the engine's
    ``FirstPass``, and its hands derived from a complete play are the hands dealt."""
    calls: list[int] = []
    real = FirstPass.of.__func__  # type: ignore[attr-defined]

    def spy(cls: type[FirstPass], state: TrickPlay, tricks: list[Trick], leader: int) -> FirstPass:
        calls.append(len(tricks))
        return real(cls, state, tricks, leader)

    monkeypatch.setattr(FirstPass, "of", classmethod(spy))
    game = GAMES[key]
    record, report = played_records(game)[0]
    body = tuple(e for e in record.body if isinstance(e, Trick) or e.keyword != "hand")
    derived = game.verify(replace(record, body=body))
    assert calls == [len(report.tricks)]
    assert not derived.errors and derived.hands == report.hands
