"""Minchiate's Hand API (#22.3): the state of a game as its play begins
(:meth:`Minchiate.start_play`), stepped a card at a time: whose turn, the legal cards (with the
King rule, MIN-12), a checked play that refuses an illegal card and leaves the hand as it was,
an unchecked push that plays it and flags it as a record's play (G-1), the trick on the table,
each seat's cards, and a whole game played through it that verifies clean."""

from __future__ import annotations

import pytest
from minchiatekit import GAME, build

from records.notation import read
from records.writer import write
from scorer.cards import Card
from scorer.cardset import cards_of
from scorer.games.engine import IllegalPlay, NoPlay
from scorer.games.minchiate import rules as R
from scorer.record import Item, Line, Record, Trick
from scorer.report import Status
from scorer.tricks import TRUMP_MASK


def before_play(seed: int) -> Record:
    """A kit game's record without its tricks and the lines after them: the deal only."""
    record = build(seed).record
    body = tuple(
        entry
        for entry in record.body
        if not isinstance(entry, Trick)
        and entry.keyword not in ("declare", "replace", "cascare", "claim")
    )
    return Record(record.tags, body)


def test_eldest_leads_any_card_of_his_hand_MIN_4() -> None:
    record = before_play(1)
    state = GAME.start_play(record)
    eldest = (record.dealer + 1) % 4
    assert state.to_play() == eldest
    assert state.current_trick == ()
    assert state.legal_cards() == state.hand(eldest)
    assert all(len(state.hand(seat)) == R.TRICKS for seat in range(4))
    held = [int(state.hand(seat)) for seat in range(4)]
    assert sum(held) == held[0] | held[1] | held[2] | held[3]  # four disjoint hands


def test_a_follower_must_follow_suit_and_a_checked_play_refuses_a_revoke_MIN_13() -> None:
    for seed in range(40):
        state = GAME.start_play(before_play(seed))
        leader = state.to_play()
        assert leader is not None
        lead = next((c for c in state.hand(leader) if not c.is_trump and not c.is_fool), None)
        if lead is None:
            continue
        state.play(lead)
        seat = state.to_play()
        assert seat is not None
        hand = int(state.hand(seat))
        suit = 0x3FFF << 14 * lead.suit
        off_suit = [c for c in cards_of(hand & ~suit) if not c.is_fool]
        if not hand & suit or not off_suit:
            continue
        assert int(state.legal_cards()) == hand & suit | hand & Card.parse("Fool").bit
        with pytest.raises(IllegalPlay) as refused:
            state.play(off_suit[0])
        assert refused.value.code == "MUST_FOLLOW_SUIT"
        assert int(state.hand(seat)) == hand  # nothing changed
        assert state.current_trick == (lead,)
        state.push(off_suit[0])  # unchecked: played, and flagged as in a record
        assert state.current_trick == (lead, off_suit[0])
        assert int(state.hand(seat)) == hand & ~off_suit[0].bit
        [finding] = state.report.violations
        assert (finding.code, finding.rule, finding.seat) == ("MUST_FOLLOW_SUIT", "MIN-13", seat)
        return
    raise AssertionError("no seed gives a follower who can follow suit")


def test_the_legal_cards_are_the_king_when_the_king_rule_binds_MIN_12() -> None:
    for seed in range(200):
        state = GAME.start_play(before_play(seed))
        while (seat := state.to_play()) is not None:
            legal = state.legal_cards()
            trick = state.current_trick
            if (
                len(legal) == 1
                and next(iter(legal)).rank == 14
                and any(card.bit & TRUMP_MASK for card in trick)
            ):
                king = next(iter(legal))
                other = [c for c in state.hand(seat) if c.suit == king.suit and c != king]
                if other:
                    with pytest.raises(IllegalPlay) as refused:
                        state.play(other[0])
                    assert refused.value.code == "KING_NOT_PLAYED"
                    state.push(other[0])
                    codes = [f.code for f in state.report.violations]
                    assert codes == ["KING_NOT_PLAYED"]
                    return
            state.play(min(legal))
    raise AssertionError("no seed gives a trumped first lead with the King held")


def test_a_whole_game_played_through_the_api_verifies_clean() -> None:
    record = before_play(7)
    state = GAME.start_play(record)
    while state.to_play() is not None:
        legal = state.legal_cards()
        fool = [c for c in legal if c.is_fool]
        state.play(fool[0] if fool else min(legal))
    assert len(state.report.tricks) == R.TRICKS
    assert not state.report.violations and not state.report.errors
    tricks = tuple(
        Trick(t.number, None, tuple(_item(c) for c in t.cards)) for t in state.report.tricks
    )
    [parsed] = read(write(Record(record.tags, (*record.body, *tricks))))
    report = GAME.verify(parsed.record)
    assert report.status is Status.CLEAN, [f.message for f in report.findings]
    assert report.complete and report.settlement


def test_a_record_that_stops_before_play_gives_no_play() -> None:
    record = before_play(3)
    body = tuple(e for e in record.body if not (isinstance(e, Line) and e.keyword == "faceup"))
    with pytest.raises(NoPlay) as stopped:
        GAME.start_play(Record(record.tags, body))
    assert stopped.value.report.errors[0].code == "MISSING_FACEUP"


def _item(card: Card) -> Item:
    """A trick line's item for ``card``."""
    return Item(str(card), card)
