"""Piedicavallo table talk (PIE-5): remarks on plays, their limits and their truth.

Each test takes a deal built by ``piedikit``, finds a play of the kind it needs (a trump, a
suit card with cards of the other colour held, the dealer's play, a play after the partner's),
writes a remark on it, and checks the engine's verdict. The truth is judged on the hand just
after the card is played (``piedikit.hand_after``, computed without the engine).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from piedikit import Deal, codes, hand_after, make_from, shuffled, verify

from records.notation import read
from scorer.cards import FOOL, Card
from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.piedicavallo import PiedicavalloHand
from scorer.games.piedicavallo import rules as R
from scorer.games.piedicavallo.talk import _compile
from scorer.record import Record
from scorer.report import Status
from scorer.wording import ITALIAN

SUITS = ("swords", "batons", "cups", "coins")


def deal(seed: int = 0, dealer: str = "Dario") -> Deal:
    return make_from(dealer, shuffled(dealer, seed))


def find(d: Deal, want: Callable[[Deal, int, int, Card], bool]) -> tuple[int, int, Card]:
    for trick in range(1, 16):
        for position in range(4):
            card = d.tricks[trick - 1][position]
            if want(d, trick, position, card):
                return trick, position, card
    raise AssertionError("no such play")


def say(d: Deal, trick: int, position: int, note: str, options: dict | None = None):
    d.notes = {(trick, position): note}
    return verify(d.text(), options)


def trump_play(d: Deal, t: int, p: int, c: Card) -> bool:
    return c.is_trump and bool(hand_after(d, t, p) & R.TRUMPS)


def suit_play(d: Deal, t: int, p: int, c: Card) -> bool:
    return c.suit is not None and bool(hand_after(d, t, p) & R.SUITS[c.suit])


def the_finding(report, code: str):
    return next(f for f in report.findings if f.code == code)


# -- statements about held cards ---------------------------------------------------------------
def test_true_trump_statement_is_clean_PIE5() -> None:
    d = deal()
    t, p, _c = find(d, trump_play)
    held = hand_after(d, t, p) & R.TRUMPS
    top = cards_of(held)[-1]
    report = say(d, t, p, f"have {top} +{held.bit_count() - 1}")
    assert codes(report) == [] and report.status is Status.CLEAN


def test_count_of_trumps_must_be_exact_PIE5() -> None:
    d = deal()
    t, p, c = find(d, trump_play)
    n = (hand_after(d, t, p) & R.TRUMPS).bit_count()
    report = say(d, t, p, f"have +{n + 1}")
    assert codes(report) == ["FALSE_REMARK"]
    f = the_finding(report, "FALSE_REMARK")
    assert f.rule == "PIE-5" and f.trick == t and f.cards == (c,)
    assert f"{n + 1} trumps claimed, {n} held" in f.message
    assert report.status is Status.FLAGGED and report.sides  # scored as played (G-1)


def test_truth_is_judged_after_the_card_is_played_PIE5() -> None:
    d = deal()
    t, p, c = find(d, trump_play)
    n = (hand_after(d, t, p) & R.TRUMPS).bit_count()
    assert codes(say(d, t, p, f"have +{n}")) == []
    assert codes(say(d, t, p, f"have {c}")) == ["FALSE_REMARK"]  # just played: not held


def test_option_at_least_counts_PIE5() -> None:
    d = deal()
    t, p, _c = find(
        d,
        lambda d, t, p, c: (
            trump_play(d, t, p, c) and (hand_after(d, t, p) & R.TRUMPS).bit_count() >= 2
        ),
    )
    assert codes(say(d, t, p, "have +1")) == ["FALSE_REMARK"]
    assert codes(say(d, t, p, "have +1", {"remark-counts": "at-least"})) == []


def test_naming_a_card_not_held_is_false_PIE5() -> None:
    d = deal()
    t, p, _c = find(d, trump_play)
    missing = next(x for x in cards_of(R.TRUMPS) if not hand_after(d, t, p) >> x & 1)
    report = say(d, t, p, f"have {missing}")
    assert codes(report) == ["FALSE_REMARK"]
    # named for people: trump I is "I (the Bagatto)" (#23.13)
    assert f"{ITALIAN.card(missing)} not held" in the_finding(report, "FALSE_REMARK").message


def test_suit_count_and_court_letters_name_the_suit_played_PIE5() -> None:
    d = deal()
    t, p, c = find(
        d,
        lambda d, t, p, c: (
            suit_play(d, t, p, c)
            and any(x.is_court for x in cards_of(hand_after(d, t, p) & R.SUITS[c.suit]))
        ),
    )
    held = hand_after(d, t, p) & R.SUITS[c.suit]
    court = next(x for x in cards_of(held) if x.is_court)
    letter = "KQCJ"[14 - court.rank]
    assert codes(say(d, t, p, f"have {letter} +{held.bit_count() - 1}")) == []
    assert codes(say(d, t, p, f"have {court} +{held.bit_count() - 1}")) == []
    assert codes(say(d, t, p, f"have +{held.bit_count()}")) == []
    assert codes(say(d, t, p, f"have +{held.bit_count() + 2}")) == ["FALSE_REMARK"]


def test_have_none_PIE5() -> None:
    d = deal()
    t, p, _c = find(
        d, lambda d, t, p, c: c.suit is not None and not hand_after(d, t, p) & R.SUITS[c.suit]
    )
    assert codes(say(d, t, p, "have none")) == []
    t, p, _c = find(d, suit_play)
    assert codes(say(d, t, p, "have none")) == ["FALSE_REMARK"]


# -- the limits (PIE-5) --------------------------------------------------------------------------
def test_playing_a_trump_one_speaks_only_of_trumps_PIE5() -> None:
    d = deal()
    t, p, _c = find(d, trump_play)
    held_suit = next(x for x in cards_of(hand_after(d, t, p)) if x.suit is not None)
    report = say(d, t, p, f"have {held_suit}")  # true, but out of bounds
    assert codes(report) == ["REMARK_OUT_OF_BOUNDS"]
    assert "only of trumps and the Fool" in the_finding(report, "REMARK_OUT_OF_BOUNDS").message
    assert codes(say(d, t, p, "other-colour 1")) == ["REMARK_OUT_OF_BOUNDS"]


def test_playing_a_suit_card_one_may_not_speak_of_trumps_PIE5() -> None:
    d = deal()
    t, p, _c = find(
        d, lambda d, t, p, c: c.suit is not None and bool(hand_after(d, t, p) & R.TRUMPS)
    )
    trump = cards_of(hand_after(d, t, p) & R.TRUMPS)[0]
    report = say(d, t, p, f"have {trump}")
    assert codes(report) == ["REMARK_OUT_OF_BOUNDS"]
    assert "may not speak of" in the_finding(report, "REMARK_OUT_OF_BOUNDS").message
    assert codes(say(d, t, p, "lead trumps")) == ["REMARK_OUT_OF_BOUNDS"]


def test_not_the_other_suit_of_the_same_colour_PIE5() -> None:
    d = deal()
    t, p, c = find(
        d, lambda d, t, p, c: c.suit is not None and bool(hand_after(d, t, p) & R.SUITS[c.suit ^ 1])
    )
    other = cards_of(hand_after(d, t, p) & R.SUITS[c.suit ^ 1])[0]
    report = say(d, t, p, f"have {other}")
    assert codes(report) == ["REMARK_OUT_OF_BOUNDS"]
    message = the_finding(report, "REMARK_OUT_OF_BOUNDS").message
    assert "the other suit of the same colour" in message and SUITS[c.suit ^ 1] in message
    assert codes(say(d, t, p, f"lead {SUITS[c.suit ^ 1]}")) == ["REMARK_OUT_OF_BOUNDS"]


def test_other_colour_only_unnamed_PIE5() -> None:
    d = deal()
    t, p, c = find(
        d, lambda d, t, p, c: c.suit is not None and bool(hand_after(d, t, p) & R.SUITS[c.suit ^ 2])
    )
    held = hand_after(d, t, p) & R.SUITS[c.suit ^ 2]
    named = cards_of(held)[0]
    assert codes(say(d, t, p, f"have {named}")) == ["REMARK_OUT_OF_BOUNDS"]
    assert codes(say(d, t, p, f"other-colour {held.bit_count()}")) == []
    assert codes(say(d, t, p, f"alto {held.bit_count()}")) == []
    counts = {(hand_after(d, t, p) & R.SUITS[s]).bit_count() for s in (c.suit ^ 2, c.suit ^ 3)}
    wrong = next(n for n in range(16) if n not in counts)
    assert codes(say(d, t, p, f"other-colour {wrong}")) == ["FALSE_REMARK"]
    assert codes(say(d, t, p, "lead other-colour high")) == []
    assert codes(say(d, t, p, f"lead other-colour {named}")) == ["REMARK_OUT_OF_BOUNDS"]


def test_other_colour_courts_PIE5() -> None:
    d = deal()
    t, p, c = find(
        d,
        lambda d, t, p, c: (
            c.suit is not None
            and any(
                x.is_court
                for s in (c.suit ^ 2, c.suit ^ 3)
                for x in cards_of(hand_after(d, t, p) & R.SUITS[s])
            )
        ),
    )
    for suit in (c.suit ^ 2, c.suit ^ 3):
        held = hand_after(d, t, p) & R.SUITS[suit]
        courts = [x for x in cards_of(held) if x.is_court]
        if courts:
            letter = "KQCJ"[14 - courts[0].rank]
            assert codes(say(d, t, p, f"other-colour {letter} +{held.bit_count() - 1}")) == []
            break
    missing = [
        r
        for r in "KQCJ"
        if all(
            not hand_after(d, t, p) >> (s * 14 + 14 - "KQCJ".index(r) - 1) & 1
            for s in (c.suit ^ 2, c.suit ^ 3)
        )
    ]
    if missing:
        assert codes(say(d, t, p, f"other-colour {missing[0]}")) == ["FALSE_REMARK"]


def test_fool_speaks_of_trumps_and_the_fool_PIE5() -> None:
    d = deal()
    t, p, _c = find(d, lambda d, t, p, c: c == FOOL)
    held = hand_after(d, t, p) & R.TRUMPS
    assert codes(say(d, t, p, f"have +{held.bit_count()}")) == []
    t2, p2, _c2 = find(d, lambda d, t, p, c: c.is_trump and hand_after(d, t, p) >> FOOL & 1)
    n = (hand_after(d, t2, p2) & R.TRUMPS).bit_count()
    assert codes(say(d, t2, p2, f"have Fool +{n}")) == []


# -- requests ---------------------------------------------------------------------------------
@pytest.mark.parametrize("request_", ["win-this", "farlo", "play-low", "put-points", "few-points"])
def test_requests_about_this_trick_need_partner_still_to_play_PIE5(request_: str) -> None:
    d = deal()
    assert codes(say(d, 1, 1, request_)) == []
    report = say(d, 1, 2, request_)
    assert codes(report) == ["REMARK_OUT_OF_BOUNDS"]
    assert "not yet played" in the_finding(report, "REMARK_OUT_OF_BOUNDS").message


def test_cover_is_asked_by_the_leader_PIE5() -> None:
    d = deal()
    assert codes(say(d, 1, 0, "cover")) == []
    assert codes(say(d, 1, 1, "cover")) == ["REMARK_OUT_OF_BOUNDS"]


def test_play_a_named_card_of_the_suit_played_PIE5() -> None:
    d = deal()
    t, p, c = find(d, lambda d, t, p, c: c.suit is not None and p < 2)
    same = next(x for x in cards_of(R.SUITS[c.suit]) if x != c)
    other = cards_of(R.SUITS[c.suit ^ 1])[0]
    assert codes(say(d, t, p, f"play {same}")) == []
    assert codes(say(d, t, p, f"play {other}")) == ["REMARK_OUT_OF_BOUNDS"]


def test_lead_requests_PIE5() -> None:
    d = deal()
    t, p, c = find(d, lambda d, t, p, c: c.is_trump)
    assert codes(say(d, t, p, "lead trumps high")) == []
    assert codes(say(d, t, p, "lead trumps 21")) == []
    assert codes(say(d, t, p, "lead swords")) == ["REMARK_OUT_OF_BOUNDS"]
    t, p, c = find(d, lambda d, t, p, c: c.suit is not None)
    assert codes(say(d, t, p, f"lead {SUITS[c.suit]} low; lead this points")) == []
    assert codes(say(d, t, p, f"lead {SUITS[c.suit]} 21")) == ["REMARK_OUT_OF_BOUNDS"]
    same = next(x for x in cards_of(R.SUITS[c.suit]) if x != c)
    assert codes(say(d, t, p, f"other-colour {same}")) == ["BAD_REMARK"]


def test_no_trump_lead_is_asked_with_the_fool_PIE5a() -> None:
    """PIE-5a: a trump lead may be asked for only while playing a trump, not the Fool; with
    the Fool (or a trump) a request to play the Fool or a named trump stays legal."""
    d = deal()
    t, p, _c = find(d, lambda d, t, p, c: c.is_fool and p < 2)
    report = say(d, t, p, "lead trumps")
    assert codes(report) == ["REMARK_OUT_OF_BOUNDS"]
    breach = the_finding(report, "REMARK_OUT_OF_BOUNDS")
    assert "PIE-5a" in breach.message and breach.rule == "PIE-5a"  # its ruling, cited (#32.8)
    assert codes(say(d, t, p, "lead this high")) == ["REMARK_OUT_OF_BOUNDS"]  # this: trumps
    assert codes(say(d, t, p, "play 21")) == []
    t, p, _c = find(d, lambda d, t, p, c: c.is_trump and p < 2)
    assert codes(say(d, t, p, "lead trumps")) == []
    assert codes(say(d, t, p, "play Fool")) == []
    assert codes(say(d, t, p, "play 21")) == []


def test_a_word_after_a_card_out_of_bounds_is_still_read_NICE9a() -> None:
    """NICE-9a: a word of a remark that cannot be read is an error even when a card before it
    in the same statement is out of bounds: the breach does not hide it."""
    d = deal()
    t, p, c = find(d, lambda d, t, p, c: c.suit is not None and p < 2)
    other = cards_of(R.SUITS[c.suit ^ 1])[0]
    assert codes(say(d, t, p, f"have {other}")) == ["REMARK_OUT_OF_BOUNDS"]
    report = say(d, t, p, f"have {other} whatever")
    assert codes(report) == ["BAD_REMARK"] and report.status is Status.INVALID


# -- the dealer's sleeping cards ---------------------------------------------------------------
def test_sleeping_cards_only_for_the_dealer_and_true_PIE5() -> None:
    d = deal()  # Dario deals; his discard is two suit cards
    discard = [Card.parse(x) for x in d.discard.split()]
    t, p, c = find(d, lambda d, t, p, c: d.seat_of(t, p) == "Dario" and c.suit is not None)
    in_suit = sum(1 for x in discard if x.suit == c.suit)
    assert codes(say(d, t, p, f"sleeping +{in_suit}")) == []
    assert codes(say(d, t, p, f"sleeping +{in_suit + 1}")) == ["FALSE_REMARK"]
    t2, p2, _ = find(d, lambda d, t, p, c: d.seat_of(t, p) != "Dario")
    report = say(d, t2, p2, "sleeping none")
    assert codes(report) == ["REMARK_OUT_OF_BOUNDS"]
    assert "only the dealer" in the_finding(report, "REMARK_OUT_OF_BOUNDS").message


def test_sleeping_number_cards_are_counted_not_named_PIE5() -> None:
    for seed in range(30):
        d = deal(seed)
        number = next(Card.parse(x) for x in d.discard.split() if not Card.parse(x).is_court)
        if any(
            d.seat_of(t, p) == "Dario" and d.tricks[t - 1][p].suit == number.suit
            for t in range(1, 16)
            for p in range(4)
        ):
            break
    t, p, _c = find(d, lambda d, t, p, c: d.seat_of(t, p) == "Dario" and c.suit == number.suit)
    report = say(d, t, p, f"sleeping {number}")
    assert codes(report) == ["REMARK_OUT_OF_BOUNDS"]
    assert "counted" in the_finding(report, "REMARK_OUT_OF_BOUNDS").message


# -- several statements; unreadable remarks --------------------------------------------------
def test_each_statement_is_checked_PIE5() -> None:
    d = deal()
    t, p, _c = find(d, lambda d, t, p, c: trump_play(d, t, p, c) and p >= 2)
    n = (hand_after(d, t, p) & R.TRUMPS).bit_count()
    report = say(d, t, p, f"have +{n + 3}; win-this, lead trumps")
    assert sorted(codes(report)) == ["FALSE_REMARK", "REMARK_OUT_OF_BOUNDS"]


@pytest.mark.parametrize(
    "note",
    ["hello", "have", "have 4S", "lead nowhere", "have +x", "win-this now", "play", "other-colour"],
)
def test_unreadable_remark_is_an_error_G2(note: str) -> None:
    d = deal()
    t, p, _c = find(d, lambda d, t, p, c: c.suit is not None and p < 2)
    report = say(d, t, p, note)
    assert codes(report) == ["BAD_REMARK"]
    assert report.status is Status.INVALID and report.lines == []


# -- the truth of counts, against an oracle -----------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 30), st.integers(1, 15), st.integers(0, 3), st.integers(-2, 2))
def test_counts_are_false_exactly_when_wrong_PIE5(
    seed: int, trick: int, position: int, delta: int
) -> None:
    """``have +N`` about the group played, ``other-colour N`` about a suit card: the engine
    calls them false exactly when the hand after the card (counted here, without the engine)
    does not match."""
    d = deal(seed, "Bruno")
    card = d.tricks[trick - 1][position]
    after = hand_after(d, trick, position)
    group = card.suit if card.suit is not None else None
    held = (after & (R.SUITS[group] if group is not None else R.TRUMPS)).bit_count()
    claim = held + delta
    if claim >= 0:
        want = [] if delta == 0 else ["FALSE_REMARK"]
        assert codes(say(d, trick, position, f"have +{claim}")) == want
    if group is not None:
        counts = [(after & R.SUITS[s]).bit_count() for s in (group ^ 2, group ^ 3)]
        said = counts[0] + delta
        if said >= 0:
            want = [] if said in counts else ["FALSE_REMARK"]
            assert codes(say(d, trick, position, f"other-colour {said}")) == want


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(" \t\u00a0\x1c,;;ab+0K()")), max_size=24))
def test_remark_statements_split_as_the_pattern_did_PIE5(note: str) -> None:
    """A remark's statements, cut at ``,`` and ``;`` by string methods, are those of the
    pattern ``[;,]`` (empty ones dropped), and the remark's plan quotes each as its words
    joined by one space."""
    from scorer.games.piedicavallo.talk import _plan, statements

    words = tuple(tuple(w) for w in (part.split() for part in re.split("[;,]", note)) if w)
    assert statements.__wrapped__(note) == words
    for played in (0, 4):
        assert [said for said, _rule in _plan.__wrapped__(note, played)] == [
            " ".join(w) for w in words if _compile(" ".join(w), played)[0] != "ok"
        ]


def test_options_without_a_layer_are_the_defaults_PIE5() -> None:
    """The replay takes the rule options' defaults without resolving when neither the record
    (no Options tag) nor the caller gives any; with either, they are resolved as ever."""
    from scorer.games.piedicavallo.hand import DEFAULT_OPTIONS

    GAME = get_game("piedicavallo")
    assert DEFAULT_OPTIONS == GAME.resolve_options() == {"remark-counts": "exact"}
    record = GAME.random_record(random.Random(2))
    assert PiedicavalloHand(GAME, record, None).options == DEFAULT_OPTIONS
    assert PiedicavalloHand(GAME, record, {}).options == DEFAULT_OPTIONS
    assert PiedicavalloHand(GAME, record, {"remark-counts": "at-least"}).options == {
        "remark-counts": "at-least"
    }
    tagged = Record((*record.tags, ("Options", "remark-counts=at-least")), record.body)
    assert PiedicavalloHand(GAME, tagged, None).options == {"remark-counts": "at-least"}
    assert PiedicavalloHand(GAME, tagged, {"remark-counts": "exact"}).options == DEFAULT_OPTIONS
    # a count true only "at least": false by default, clean when the record's tag says so
    d = deal()
    t, p, _c = find(
        d,
        lambda d, t, p, c: (
            trump_play(d, t, p, c) and (hand_after(d, t, p) & R.TRUMPS).bit_count() >= 2
        ),
    )
    d.notes = {(t, p): "have +1"}
    text = d.text()
    tagged_text = text.replace("]\n", ']\n[Options "remark-counts=at-least"]\n', 1)
    assert [f.code for f in GAME.verify(read(text)[0].record).findings] == ["FALSE_REMARK"]
    assert GAME.verify(read(tagged_text)[0].record).findings == []
