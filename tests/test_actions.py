"""The action API (#32.3): every phase of every game stepped through ``legal_actions`` and
``apply`` (:mod:`scorer.games.actions`), from the deal to ``result()``.

Each whole hand is played by a seeded random choice among the legal actions alone; its report
must be the replay's report of the record the state writes, and that record, written as text
and read again, must verify the same. An illegal action is refused with the sentence of the
finding the record would get, and changes nothing; pushed unchecked it is recorded and
flagged.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from records import read, write
from records.schemas import dump_report
from scorer.cards import CARDS, Card
from scorer.cardset import cards_of
from scorer.games import GAMES, Game
from scorer.games.actions import HandState, IllegalAction
from scorer.report import Status

NAMES = ["Anna", "Bruno", "Carla", "Dario"]
SEEDS = range(10)
#: The phases each game's hands must have gone through over the seeds.
PHASES = {
    "nice4": {"mountain", "discard", "solo", "call", "exchange", "play"},
    "nice3": {"mountain", "discard", "declare", "play"},
    "minchiate": {"rob", "folla", "discard", "declare", "play"},
    "pinch": {"draw", "meld", "cover", "play"},
    "piemonte3": {"bargain", "discard", "declare", "fool", "play"},
    "piedicavallo": {"discard", "play"},
}


def new_hand(game: Game, seed: int) -> tuple[HandState, random.Random]:
    rng = random.Random(seed)
    assert game.entry is not None
    deck = list(cards_of(game.entry.pack))
    rng.shuffle(deck)
    return game.start_hand(NAMES[: game.num_players], rng.randrange(game.num_players), deck), rng


def play_out(state: HandState, rng: random.Random) -> Counter[str]:
    """Play ``state`` to its end by random legal actions; the phases taken, counted."""
    kinds: Counter[str] = Counter()
    while not state.is_over():
        legal = state.legal_actions()
        assert legal, f"nothing legal: {[a.text for a in state.actions()[:5]]}"
        optional = [a for a in legal if a.optional]  # a declaration, a meld, a remark
        action = rng.choice(optional if optional and rng.random() < 0.5 else legal)
        state.apply(action)
        kinds[action.kind] += 1
        if action.note:
            kinds["note"] += 1
    return kinds


@pytest.mark.parametrize("key", sorted(PHASES))
def test_whole_hands_through_the_actions(key: str) -> None:
    game = GAMES[key]
    seen: Counter[str] = Counter()
    endings = Counter()
    for seed in SEEDS:
        state, rng = new_hand(game, seed)
        seen += play_out(state, rng)
        report = state.result()
        record = state.record()
        assert dump_report(report) == dump_report(game.verify(record))
        assert not report.errors and not report.violations, [f.message for f in report.findings]
        assert report.complete or report.thrown_in
        again = game.verify(read(write(record))[0].record)
        assert (again.status, again.settlement, again.thrown_in) == (
            report.status,
            report.settlement,
            report.thrown_in,
        )
        endings[report.thrown_in] += 1
    assert PHASES[key] <= set(seen), f"phases not reached: {PHASES[key] - set(seen)}"
    if key in ("nice4", "nice3", "piemonte3"):  # a deal thrown in (NICE-5, PIE3-4)
        assert endings[True], "no deal thrown in over the seeds"
    if key == "piedicavallo":  # table talk on the cards (PIE-5)
        assert seen["note"]


@pytest.mark.parametrize("key", ["nice4", "nice3"])
def test_declarations_of_nice(key: str) -> None:
    """NICE-12, NICE-13: a hand dealt ten Tarots, the Honours and the four Kings is offered
    10 Tarocche before the first card, and Mitigatti and Quatre Rei with the card that
    completes each set; taken, they stand in the record without a finding against them."""
    game = GAMES[key]
    strong = [Card.parse(t) for t in STRONG.split()]
    rest = [c for c in cards_of(game.entry.pack) if c not in strong]  # type: ignore[union-attr]
    random.Random(7).shuffle(rest)
    deck = [*strong, *rest]  # eldest is dealt first
    state = game.start_hand(NAMES[: game.num_players], game.num_players - 1, deck)
    rng = random.Random(3)
    taken: Counter[str] = Counter()
    while not state.is_over():
        legal = state.legal_actions()
        wanted = [a for a in legal if a.kind == "declare" or a.note] or [
            a for a in legal if a.label in ("mountain.keep", "solo.none")
        ]
        action = rng.choice(wanted or legal)
        state.apply(action)
        taken[action.note or action.kind] += 1
    report = state.result()
    assert taken["declare"] == 1 and taken["mitigatti"] == 1 and taken["quatre-rei"] == 1
    assert not report.errors and not report.violations, [f.message for f in report.findings]
    paid = [line.label for line in report.lines if line.rule == "NICE-16"]  # each paid
    assert [label.split()[0] for label in paid] == ["10-tarocche", "mitigatti", "quatre-rei"]


STRONG = "1 2 3 4 5 6 7 8 9 10 20 Fool KS KB KC KD"  # ten Tarots, the Honours, the Kings


def mid_play(game: Game) -> HandState:
    """A hand whose play has begun, on the turn of a seat that holds an illegal card."""
    for seed in SEEDS:
        state, rng = new_hand(game, seed)
        while not state.is_over():
            play = state.play()
            if play is not None and play.current_trick and play.to_play() is not None:
                seat = play.to_play()
                assert seat is not None
                if int(play.hand(seat)) & ~int(play.legal_cards()):
                    return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no illegal card to try")


@pytest.mark.parametrize("key", sorted(PHASES))
def test_an_illegal_card_is_refused_with_the_findings_sentence(key: str) -> None:
    game = GAMES[key]
    state = mid_play(game)
    play = state.play()
    assert play is not None
    illegal = [a for a in state.actions() if a.card is not None and a.note is None]
    action = next(a for a in illegal if not int(play.legal_cards()) >> a.card & 1)
    before = state.record()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert state.record() == before, "a refused action changes nothing"
    state.push(action)  # unchecked: recorded and flagged as the record's play would be
    found = [
        f
        for f in state.result().violations
        if f.trick == play.done + 1 - (0 if play.current_trick else 1)
    ]
    assert str(refused.value) in [f.message for f in found]
    assert refused.value.finding.code in {f.code for f in found}


def test_an_illegal_discard_is_refused_by_the_replays_ruling() -> None:
    """NICE-6: a King may not be discarded; the step that finishes the discard with one is
    refused with the replay's sentence, and a first step with a King has no legal finish."""
    game = GAMES["nice4"]
    for seed in SEEDS:
        state, _ = new_hand(game, seed)
        while state.actions() and state.actions()[0].kind == "mountain":
            state.apply(next(a for a in state.legal_actions() if a.label == "mountain.keep"))
        kings = [a for a in state.actions() if a.kind == "discard" and CARDS[a.facts[1][1]].is_king]
        if kings:
            break
    else:
        raise AssertionError("no dealer with a King")
    finding = state.judge(kings[0])
    assert finding is not None and finding.rule == "NICE-6"
    before = state.record()
    with pytest.raises(
        IllegalAction, match=finding.message.replace("(", r"\(").replace(")", r"\)")
    ):
        state.apply(kings[0])
    assert state.record() == before
    assert kings[0] not in state.legal_actions()
    state.push(kings[0])  # unchecked: written, and flagged once the discard is finished
    while state.actions()[0].kind == "discard":
        state.push(state.actions()[-1])
    assert finding.message in [f.message for f in state.result().violations]


def test_labels_and_lines() -> None:
    """Each action names its player and its cards in the rules' words and writes a line of
    the notation that the reader reads back."""
    game = GAMES["pinch"]
    state, rng = new_hand(game, 1)
    seen = set()
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        label = action.words(state.words, state.players)
        if action.seat is not None:
            assert state.players[action.seat] in label
        if action.kind not in seen:
            seen.add(action.kind)
            head = '[Game "pinch"]\n[Players "Anna, Bruno"]\n[Dealer "Anna"]\n'
            parsed = read(head + action.text)
            assert not parsed[0].errors and parsed[0].record.body, action.text
        state.apply(action)
    assert {"draw", "play"} <= seen
    assert state.result().status in (Status.CLEAN, Status.FLAGGED)


@pytest.mark.parametrize("key", sorted(PHASES))
def test_a_record_as_written_offers_the_same_actions(key: str) -> None:
    """The state of a record being entered (``Game.hand_state``, the notation read back)
    offers the same legal actions as the state that wrote it, every seventh step of a hand
    once dealt."""
    game = GAMES[key]
    state, rng = new_hand(game, 2)
    step = 0
    while not state.is_over():
        legal = state.legal_actions()
        if step % 7 == 0 and state.lines("hand"):  # once dealt (a cut is chosen first, MIN-3)
            entered = game.hand_state(read(write(state.record()))[0].record)
            assert [a.text for a in entered.legal_actions()] == [a.text for a in legal]
            assert entered.to_act() == state.to_act()
        state.apply(rng.choice(legal))
        step += 1
    assert game.hand_state(read(write(state.record()))[0].record).is_over()
