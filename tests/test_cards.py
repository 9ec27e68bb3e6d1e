"""Cards and card sets: one canonical text per card, and the spellings paper players use.

Every card of the 97-slot universe (56 suit cards, trumps 1..40, the Fool) must read back from
its canonical text in every suit style; the reader accepts the usual variants (Roman trumps, the
Fool's names, Italian and French rank letters, suit symbols, full-width digits) and rejects
anything else with a :class:`CardParseError` that quotes the token.
"""

from __future__ import annotations

import doctest
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scorer.cards
import scorer.cardset
from scorer.cards import (
    CARDS,
    FOOL,
    SUIT_STYLES,
    Card,
    CardParseError,
    Rank,
    Suit,
    card_spellings,
    suit_card,
    trump,
)
from scorer.cardset import CardSet, cards_of, mask_of

SUIT_CARDS = CARDS[:56]
TRUMPS = CARDS[56:96]
ROMAN = {
    1: "I",
    2: "II",
    3: "III",
    4: "IV",
    5: "V",
    6: "VI",
    7: "VII",
    8: "VIII",
    9: "IX",
    10: "X",
    11: "XI",
    12: "XII",
    13: "XIII",
    14: "XIV",
    15: "XV",
    16: "XVI",
    17: "XVII",
    18: "XVIII",
    19: "XIX",
    20: "XX",
    21: "XXI",
    39: "XXXIX",
    40: "XL",
}
ITALIAN_LETTERS = {Suit.SWORDS: "S", Suit.BATONS: "B", Suit.CUPS: "C", Suit.COINS: "D"}
FRENCH_LETTERS = {Suit.SWORDS: "S", Suit.BATONS: "C", Suit.CUPS: "H", Suit.COINS: "D"}
SYMBOLS = {Suit.SWORDS: "♠", Suit.BATONS: "♣", Suit.CUPS: "♥", Suit.COINS: "♦"}

cards = st.sampled_from(CARDS)
styles = st.sampled_from(SUIT_STYLES)


# -- the universe --------------------------------------------------------------------------
def test_universe_layout() -> None:
    """56 suit cards, trumps 1..40, the Fool: 97 interned cards indexed by value."""
    assert len(CARDS) == 97
    assert all(int(c) == i and isinstance(c, Card) for i, c in enumerate(CARDS))
    assert FOOL is CARDS[96] and FOOL.is_fool and not FOOL.is_trump
    assert FOOL.suit is None and FOOL.rank == 0
    assert sum(c.is_trump for c in CARDS) == 40
    assert [c.rank for c in TRUMPS] == list(range(1, 41))
    for suit in Suit:
        for rank in range(1, 15):
            card = suit_card(suit, rank)
            assert card.suit is suit and card.rank == rank and not card.is_trump
            assert card.is_king == (rank == Rank.KING)
            assert card.is_court == (rank >= Rank.JACK)
            assert card.bit == 1 << card
    assert trump(21) is CARDS[76] and trump(1) is CARDS[56] and trump(40) is CARDS[95]


@pytest.mark.parametrize("number", [0, 41, -1])
def test_trump_out_of_range(number: int) -> None:
    with pytest.raises(CardParseError):
        trump(number)


def test_cards_are_interned_through_pickle() -> None:
    """Copies and pickles give back the one instance per index."""
    for card in CARDS:
        assert pickle.loads(pickle.dumps(card)) is card


# -- canonical text ------------------------------------------------------------------------
@pytest.mark.parametrize("card", CARDS, ids=str)
def test_canonical_text_round_trips_in_every_style(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert str(card) == card.text() == card.text("italian")
    assert eval(repr(card), {"Card": Card}) is card
    for style in SUIT_STYLES:
        assert Card.parse(card.text(style), style) is card


@given(cards, styles)
def test_parse_text_property(card: Card, style: str) -> None:
    """parse(str(c)) == c and parse(c.text(s), s) == c for every card and style."""
    assert Card.parse(str(card)) == card
    assert Card.parse(card.text(style), suits=style) == card
    assert Card.parse(card.text(style).lower(), suits=style) == card


def test_canonical_forms() -> None:
    """Trumps Arabic, the Fool 'Fool', suit cards rank letter then suit letter."""
    assert [str(trump(n)) for n in (1, 10, 21, 40)] == ["1", "10", "21", "40"]
    assert str(FOOL) == "Fool"
    assert [str(suit_card(Suit.SWORDS, r)) for r in range(1, 15)] == [
        "AS",
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "7S",
        "8S",
        "9S",
        "10S",
        "JS",
        "CS",
        "QS",
        "KS",
    ]
    assert [suit_card(s, 14).text("italian") for s in Suit] == ["KS", "KB", "KC", "KD"]
    assert [suit_card(s, 14).text("french") for s in Suit] == ["KS", "KC", "KH", "KD"]
    assert [suit_card(s, 14).text("symbols") for s in Suit] == ["K♠", "K♣", "K♥", "K♦"]
    assert trump(7).text("french") == "7" and FOOL.text("symbols") == "Fool"


def test_roman() -> None:
    """Card.roman(): trumps in Roman numerals, anything else as its text."""
    for number, roman in ROMAN.items():
        assert trump(number).roman() == roman
    assert len({c.roman() for c in TRUMPS}) == 40
    assert Card.parse("KS").roman() == "KS"
    assert FOOL.roman() == "Fool"
    for card in TRUMPS:
        assert Card.parse(card.roman()) is card


# -- spellings -----------------------------------------------------------------------------
@pytest.mark.parametrize("number", range(1, 41))
def test_trump_spellings(number: int) -> None:
    card = trump(number)
    roman = card.roman()
    for token in (str(number), roman, roman.lower(), f"T{number}", f"t{number}", f"T{roman}"):
        assert Card.parse(token) is card, token


@pytest.mark.parametrize(
    "token",
    [
        "Fool",
        "FOOL",
        "fool",
        "F",
        "f",
        "0",
        "Matto",
        "matto",
        "Fuole",
        "FUOLE",
        "Excuse",
        "Mat",
        "Skis",
        "★",
        "\U0001f0e0",
    ],
)
def test_fool_spellings(token: str) -> None:
    assert Card.parse(token) is FOOL
    assert Card.parse(token, "french") is FOOL


@pytest.mark.parametrize(
    ("rank", "words"),
    [
        (1, ["A", "1"]),
        (11, ["J", "V", "F"]),
        (12, ["C", "N"]),
        (13, ["Q", "D"]),
        (14, ["K", "R"]),
        *((r, [str(r)]) for r in range(2, 11)),
    ],
)
def test_rank_spellings(rank: int, words: list[str]) -> None:
    """A or 1 for aces; J, V (valet) or F (fante) jacks; C or N cavaliers; Q or D (dama)
    queens; K or R (re) kings; in both letter styles and with symbols."""
    for suit in Suit:
        card = suit_card(suit, rank)
        for word in words:
            assert Card.parse(word + ITALIAN_LETTERS[suit]) is card
            assert Card.parse((word + ITALIAN_LETTERS[suit]).lower()) is card
            assert Card.parse(word + FRENCH_LETTERS[suit], suits="french") is card
            for style in SUIT_STYLES:
                assert Card.parse(word + SYMBOLS[suit], suits=style) is card


def test_letter_c_changes_meaning_with_the_style() -> None:
    """C is cups in Italian letters and clubs (batons) in French; H and B are unambiguous."""
    assert Card.parse("KC") is suit_card(Suit.CUPS, 14)
    assert Card.parse("KC", suits="french") is suit_card(Suit.BATONS, 14)
    assert Card.parse("CC") is suit_card(Suit.CUPS, 12)
    assert Card.parse("CC", suits="french") is suit_card(Suit.BATONS, 12)
    assert Card.parse("KH") is suit_card(Suit.CUPS, 14)
    assert Card.parse("KB", suits="french") is suit_card(Suit.BATONS, 14)
    assert Card.parse("DD") is suit_card(Suit.COINS, 13)  # dama of denari
    assert Card.parse("DD", suits="french") is suit_card(Suit.COINS, 13)


def test_symbol_variants_and_unicode_folding() -> None:
    """Hollow suit symbols, the emoji variation selector and full-width text fold (NFKC)."""
    assert Card.parse("K♤") is suit_card(Suit.SWORDS, 14)
    assert Card.parse("K♧", "french") is suit_card(Suit.BATONS, 14)
    assert Card.parse("Q♡") is suit_card(Suit.CUPS, 13)
    assert Card.parse("A♢") is suit_card(Suit.COINS, 1)
    assert Card.parse("K♥\ufe0f") is suit_card(Suit.CUPS, 14)
    assert Card.parse("２１") is trump(21)
    assert Card.parse("１０Ｃ") is suit_card(Suit.CUPS, 10)
    assert Card.parse("ｋｓ") is suit_card(Suit.SWORDS, 14)
    assert Card.parse("Ⅻ") is trump(12)  # ROMAN NUMERAL TWELVE folds to XII
    assert Card.parse(" KS ") is suit_card(Suit.SWORDS, 14)
    assert Card.parse("\U0001f0f5") is trump(21)  # the Unicode tarot trump XXI


@given(cards, st.sampled_from(["upper", "lower", "swapcase", "title"]))
def test_case_insensitive(card: Card, how: str) -> None:
    for style in SUIT_STYLES:
        token = getattr(card.text(style), how)()
        assert Card.parse(token, style) is card


@pytest.mark.parametrize(
    "token",
    [
        "",
        " ",
        "XY",
        "K",
        "S",
        "KX",
        "SK",
        "0S",
        "11S",
        "15S",
        "1S1",
        "KSS",
        "41",
        "XLI",
        "IIII",
        "T0",
        "T41",
        "Fo ol",
        "10 C",
        "K S",
        "ks?",
        "-",
        "?",
        "*KS",
        "KS(x)",
        "\x00",
        "K\u200fS",
        "🂡x",
        "22.5",
    ],
)
def test_rejects_with_the_token_quoted(token: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(token)
    assert isinstance(info.value, ValueError)
    assert repr(token) in str(info.value)


def test_french_style_rejects_italian_only_meanings_it_cannot_have() -> None:
    """In French letters there is no H-less cups: 'KC' is clubs, and an unknown style fails."""
    assert Card.parse("KH", "french") is suit_card(Suit.CUPS, 14)
    with pytest.raises(CardParseError):
        Card.parse("KS", suits="german")


@given(st.text(max_size=8))
def test_parse_never_raises_anything_else(token: str) -> None:
    """Any text either reads as a card or raises CardParseError."""
    for style in SUIT_STYLES:
        try:
            card = Card.parse(token, style)
        except CardParseError as exc:
            assert repr(token) in str(exc)
        else:
            assert isinstance(card, Card) and card is CARDS[card]


def test_card_spellings_table_agrees_with_parse() -> None:
    """The reader's fast look-up table never disagrees with Card.parse."""
    for style in SUIT_STYLES:
        table = card_spellings(style)
        for card in CARDS:
            assert table[card.text(style)] is card
            assert table[str(card).lower()] is Card.parse(str(card).lower(), style)
        for token, card in table.items():
            assert Card.parse(token, style) is card


# -- card sets -----------------------------------------------------------------------------
def test_cardset_operations() -> None:
    hand = CardSet.parse("KS 21 Fool 3C")
    assert str(hand) == "KS 3C 21 Fool"  # index order: swords .. coins, trumps, the Fool
    assert len(hand) == 4 and bool(hand) and not CardSet()
    assert Card.parse("21") in hand and Card.parse("20") not in hand
    assert "KS" not in hand and 200 not in hand and -1 not in hand
    other = CardSet.parse("ks, 20")
    assert str(hand | other) == "KS 3C 20 21 Fool"
    assert str(hand & other) == "KS"
    assert str(hand - other) == "3C 21 Fool"
    assert hand == CardSet.parse("Fool 3C XXI RS") and hash(hand) == hash(CardSet(int(hand)))
    assert hand != other and hand != int(hand)
    assert list(hand) == [Card.parse(t) for t in ("KS", "3C", "21", "Fool")]
    assert int(hand) == mask_of(hand) and cards_of(int(hand)) == list(hand)
    assert hand.text("french") == "KS 3H 21 Fool"
    assert hand.text("symbols") == "K♠ 3♥ 21 Fool"
    assert eval(repr(hand), {"CardSet": CardSet}) == hand
    assert CardSet.parse("KC", "french") == CardSet.parse("KB")
    with pytest.raises(CardParseError):
        CardSet.parse("KS QX")


@given(st.sets(cards), st.sets(cards))
def test_cardset_matches_python_sets(a: set[Card], b: set[Card]) -> None:
    sa, sb = CardSet(a), CardSet(b)
    assert set(sa | sb) == a | b
    assert set(sa & sb) == a & b
    assert set(sa - sb) == a - b
    assert len(sa) == len(a)
    assert list(sa) == sorted(a)
    assert CardSet.parse(str(sa)) == sa
    for style in SUIT_STYLES:
        assert CardSet.parse(sa.text(style), style) == sa


@pytest.mark.parametrize("module", [scorer.cards, scorer.cardset], ids=lambda m: m.__name__)
def test_docstring_examples(module) -> None:
    """The examples in the modules' docstrings hold."""
    assert doctest.testmod(module).failed == 0
