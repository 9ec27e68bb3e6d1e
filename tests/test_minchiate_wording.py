"""Minchiate names cards and suits in the record's own suit style (``Suits`` tag).

In Italian letters ``C`` is cups and ``B`` batons; in French letters ``C`` is clubs (batons)
and ``H`` hearts (cups). A French-suited record whose player wrote ``QC`` must read ``QC`` in
its findings and score lines, never the Italian ``QB``, and "hearts" where the Italian record
reads "cups". Each test writes the same game in Italian letters, French letters and symbols
(the same record, only the ``Suits`` tag differs, so lines and columns agree), then checks the
messages word for word and that the reports are otherwise identical. The hands are chosen so
the cards named are batons or cups, whose letters differ between the styles (swords/spades
and coins/diamonds share theirs): a message left in Italian letters fails the test.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from minchiatekit import build, weak_side_deck

from records.mutate import MUTATIONS
from records.notation import read
from records.writer import write
from scorer.cards import CARDS, Card
from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.minchiate import rules as R
from scorer.report import Report
from scorer.wording import ITALIAN, wording

GAME = get_game("minchiate")
STYLES = ("italian", "french", "symbols")
#: The Italian suit names and their French ones (the symbols are the French suits).
FRENCH_SUITS = {"swords": "spades", "batons": "clubs", "cups": "hearts", "coins": "diamonds"}
#: Italian card text -> index, written from the cards module (not the Wording under test).
ITALIAN_CARD = {card.text("italian"): int(card) for card in CARDS}
_TOKEN = re.compile(r"[^\s(),;:=]+")  # "swords=N" too
#: A suit card in Italian letters, as a whole word (what a symbols message must never hold).
_ITALIAN_SUIT_CARD = re.compile(r"(?<![\w=])(?:[AJCQK]|10|[2-9])[SBCD](?!\w)")


def restyle(text: str, style: str) -> str:
    """The record of ``text`` written again with ``[Suits "style"]`` (cards in its letters)."""
    [parsed] = read(text)
    record = parsed.record
    tags = (*((k, v) for k, v in record.tags if k != "Suits"), ("Suits", style))
    return write(replace(record, tags=tags))


def translate(message: str, style: str) -> str:
    """An Italian-style message as the ``style`` record should word it: every card text and
    suit name mapped, the rest (trumps, the Fool, names, numbers) unchanged."""
    if style == "italian":
        return message

    def one(match: re.Match[str]) -> str:
        token = match.group()
        if token in FRENCH_SUITS:
            return FRENCH_SUITS[token]
        card = ITALIAN_CARD.get(token)
        return token if card is None else CARDS[card].text(style)

    return _TOKEN.sub(one, message)


def view(report: Report, style: str = "italian") -> object:
    """Everything the report says, its messages and labels put into ``style`` (the trick
    log without its items, whose texts are the record's own)."""
    tricks = [
        (t.number, t.leader, t.cards, t.winner, t.points, t.flags, t.players, t.seats)
        for t in report.tricks
    ]
    findings = [replace(f, message=translate(f.message, style)) for f in report.findings]
    lines = [replace(line, label=translate(line.label, style)) for line in report.lines]
    return (
        report.players,
        report.dealer,
        findings,
        tricks,
        report.hands,
        report.discard,
        report.contract,
        report.sides,
        lines,
        report.complete,
        report.status,
        report.settlement,
    )


def texts(report: Report) -> list[str]:
    return [f.message for f in report.findings] + [line.label for line in report.lines]


def verify_styles(text: str) -> dict[str, Report]:
    """The record of ``text`` verified in each style."""
    reports = {}
    for style in STYLES:
        [parsed] = read(restyle(text, style))
        assert not parsed.errors, [str(e) for e in parsed.errors]
        assert parsed.record.tag("Suits") == style
        report = GAME.verify(parsed.record)
        reports[style] = report
    return reports


def assert_worded_in_each_style(reports: dict[str, Report]) -> None:
    """The reports agree but for the words; the French and symbols ones do differ in words
    from the Italian one, and no symbols message holds a suit card in letters."""
    italian = reports["italian"]
    for style in ("french", "symbols"):
        assert view(reports[style]) != view(italian)  # the wording is not Italian
        assert view(italian, style) == view(reports[style])
    for message in texts(reports["symbols"]):
        assert not _ITALIAN_SUIT_CARD.search(message), message


def message(report: Report, code: str) -> str:
    [found] = [f.message for f in report.findings if f.code == code]
    return found


# -- findings ----------------------------------------------------------------------------------
def test_a_revoke_names_the_card_and_the_suit_in_the_record_style() -> None:
    built = build(11, revoke_at=2)
    assert built.revokes == [(2, 1)]  # Bruno, in trick 2, on a lead of cups
    reports = verify_styles(built.text)
    assert message(reports["italian"], "MUST_FOLLOW_SUIT").startswith(
        "Bruno played 2B but held cups and had to follow suit"
    )
    french = message(reports["french"], "MUST_FOLLOW_SUIT")
    assert french.startswith("Bruno played 2C but held hearts and had to follow suit")
    assert "cups" not in french and "2B" not in french
    assert message(reports["symbols"], "MUST_FOLLOW_SUIT").startswith(
        "Bruno played 2♣ but held hearts"
    )
    assert_worded_in_each_style(reports)


def test_the_king_rule_names_the_king_and_the_suit_in_the_record_style() -> None:
    built = build(11, break_king=True)
    assert built.king_breaks  # Bruno kept the King of batons on its first lead, trumped
    reports = verify_styles(built.text)
    assert message(reports["italian"], "KING_NOT_PLAYED").startswith(
        "Bruno held KB: the first lead of batons was trumped"
    )
    french = message(reports["french"], "KING_NOT_PLAYED")
    assert french.startswith("Bruno held KC: the first lead of clubs was trumped")
    assert "batons" not in french and "KB" not in french
    assert message(reports["symbols"], "KING_NOT_PLAYED").startswith(
        "Bruno held K♣: the first lead of clubs"
    )
    assert_worded_in_each_style(reports)


def test_a_card_not_held_is_named_as_the_record_writes_it() -> None:
    built = build(11)
    lines = built.text.split("\n")
    hands = {
        line.split(":")[0]: line.split(": ")[1].split()
        for line in lines
        if line.startswith("hand ")
    }
    trick = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    plays = lines[trick].split(" ")
    holder = next(name for name, cards in hands.items() if "QB" in cards)
    assert holder != "hand Anna" and "QB" not in plays
    plays[1] = "QB"  # eldest (Anna) leads trick 1 with a card another player holds
    lines[trick] = " ".join(plays)
    reports = verify_styles("\n".join(lines))
    name = holder.removeprefix("hand ")  # who holds it, said too (#32.10)
    assert message(reports["italian"], "CARD_NOT_HELD") == f"Anna does not hold QB; {name} holds it"
    assert message(reports["french"], "CARD_NOT_HELD") == f"Anna does not hold QC; {name} holds it"
    assert message(reports["symbols"], "CARD_NOT_HELD") == f"Anna does not hold Q♣; {name} holds it"
    for style in ("french", "symbols"):
        assert view(reports["italian"], style) == view(reports[style])


def test_a_wrong_folla_count_names_the_suit_in_the_record_style() -> None:
    built = build(9)
    folla = next(line for line in built.text.split("\n") if line.startswith("folla:"))
    assert "batons=2" in folla
    reports = verify_styles(built.text.replace(folla, folla.replace("batons=2", "batons=5")))
    assert "announced 5 batons in the folla; it holds 2" in message(
        reports["italian"], "WRONG_FOLLA_COUNT"
    )
    for style in ("french", "symbols"):
        worded = message(reports[style], "WRONG_FOLLA_COUNT")
        assert "announced 5 clubs in the folla; it holds 2" in worded
        assert "batons" not in worded
    assert_worded_in_each_style(reports)


@pytest.mark.parametrize(
    ("style", "key", "counted"),
    [
        ("italian", "c", "cups"),
        ("italian", "h", "cups"),
        ("italian", "coppe", "cups"),
        ("italian", "b", "batons"),
        ("french", "c", "batons"),
        ("french", "clubs", "batons"),
        ("french", "h", "cups"),
        ("french", "hearts", "cups"),
        ("french", "cups", "cups"),
        ("symbols", "c", "batons"),
        ("symbols", "diamonds", "coins"),
    ],
)
def test_folla_counts_are_keyed_in_the_records_letters_and_names_MIN5(
    style: str, key: str, counted: str
) -> None:
    """A suit count's key is a suit's name or the record's letter for it: ``c`` counts cups
    in an Italian record and clubs (batons) in a French one, as ``C`` does in its cards."""
    built = build(9)
    folla = next(line for line in built.text.split("\n") if line.startswith("folla:"))
    counts = dict(re.findall(r"(\w+)=(\d+)", folla))
    written = re.sub(rf"\b{counted}=\d+", f"{key}={int(counts[counted]) + 1}", folla)
    [parsed] = read(restyle(built.text.replace(folla, written), style))
    assert not parsed.errors, [str(e) for e in parsed.errors]
    [wrong] = [f for f in GAME.verify(parsed.record).findings if f.code == "WRONG_FOLLA_COUNT"]
    name = wording(style).suits[R.SUIT_WORDS["italian"][counted]]
    assert f"announced {int(counts[counted]) + 1} {name} in the folla" in wrong.message


@pytest.mark.parametrize(("style", "key"), [("italian", "hearts"), ("italian", "clubs")])
def test_french_suit_names_are_no_key_in_an_italian_record_MIN5(style: str, key: str) -> None:
    built = build(9)
    folla = next(line for line in built.text.split("\n") if line.startswith("folla:"))
    [parsed] = read(restyle(built.text.replace(folla, folla.replace("cups=", f"{key}=")), style))
    [bad] = [f for f in GAME.verify(parsed.record).findings if f.code == "BAD_ANNOUNCEMENT"]
    assert bad.message.endswith("announced as swords=N batons=N cups=N coins=N")


def test_cascare_lays_the_hand_open_in_the_record_style() -> None:
    """Anna and Carla hold no trumps: their open hands (more than four cards: the byte
    tables of :func:`minchiate.rules.show`) are listed in the record's letters."""
    built = build(5, deck=weak_side_deck(5))
    reports = verify_styles(built.text)
    italian = [f.message for f in reports["italian"].findings if f.code == "CASCARE"]
    french = [f.message for f in reports["french"].findings if f.code == "CASCARE"]
    assert len(italian) == len(french) >= 2
    assert any(re.search(r"\b\w+B\b", m) for m in italian)  # batons in the hand
    assert not any(re.search(r"\b\w+B\b", m) for m in french)  # no B in French letters
    assert any(re.search(r"\b\w+H\b", m) for m in french)  # hearts, where Italian has C
    assert_worded_in_each_style(reports)


def edit(text: str, start: str, new: str) -> str:
    """``text`` with its line that starts with ``start`` replaced by ``new``."""
    lines = text.split("\n")
    [index] = [i for i, line in enumerate(lines) if line.startswith(start)]
    lines[index] = new
    return "\n".join(lines)


def extend(text: str, start: str, more: str) -> str:
    """``text`` with ``more`` added at the end of its line that starts with ``start``."""
    [line] = [line for line in text.split("\n") if line.startswith(start)]
    return edit(text, start, f"{line} {more}")


def scoperto_deck(seed: int, card: str) -> list[Card]:
    """The kit's pack for ``seed``, nothing robbed, with ``card`` first in the talon: the
    dealer turns it up (scoprire, MIN-5)."""
    deck = list(cards_of(R.PACK))
    random.Random(seed).shuffle(deck)
    plain = next(i for i, c in enumerate(deck) if not c.bit & R.ROBBABLE)
    deck[0], deck[plain] = deck[plain], deck[0]
    at = deck.index(Card.parse(card))
    deck[84], deck[at] = deck[at], deck[84]  # 80 dealt and 4 face up: the talon's first
    return deck


def _cascare(seed: int) -> str:
    text = build(seed, deck=weak_side_deck(seed)).text
    [first] = [line for line in text.split("\n") if line.startswith("1. ")]
    return edit(text, "1. ", f"{first}\ncascare Anna: 5B")  # Anna holds more than 5B


#: A damaged or steered record, the code or rule of the line that names its cards, and that
#: line's words in Italian letters, French letters and symbols. The cards named are batons
#: or cups, whose letters differ between all three styles.
SITES = {
    "robbed plain card (MIN-3) and the duplicate it makes": (
        lambda: extend(build(9).text, "rob Carla:", "4B"),
        ("BAD_ROB", "DUPLICATE_CARD"),
        ("robbed: 4B", "4B appears twice in the deal (the folla)"),
        ("robbed: 4C", "4C appears twice in the deal (the folla)"),
        ("robbed: 4♣", "4♣ appears twice in the deal (the folla)"),
    ),
    "plain card turned up (MIN-5)": (
        lambda: extend(build(9).text, "scoprire:", "4B"),
        ("BAD_SCOPERTO",),
        ("sopraventi: 4B",),
        ("sopraventi: 4C",),
        ("sopraventi: 4♣",),
    ),
    "plain card taken (MIN-5)": (
        lambda: extend(build(9).text, "pigliare:", "10B"),
        ("BAD_PIGLIATO",),
        ("only counting cards: 10B",),
        ("only counting cards: 10C",),
        ("only counting cards: 10♣",),
    ),
    "a card missing from the folla (MIN-4)": (
        lambda: build(9).text.replace(" 4B 10B 7C", " 10B 7C", 1),
        ("CARDS_MISSING",),
        ("leave out 4B",),
        ("leave out 4C",),
        ("leave out 4♣",),
    ),
    "a discard not held (MIN-6)": (
        lambda: edit(build(9).text, "discard Carla:", "discard Carla: 3S 4B"),
        ("CARD_NOT_HELD",),
        ("Carla discards 4B he does not hold",),
        ("Carla discards 4C he does not hold",),
        ("Carla discards 4♣ he does not hold",),
    ),
    "a discard also played": (
        lambda: edit(build(9).text, "discard Carla:", "discard Carla: 3S JB"),
        ("DUPLICATE_CARD",),
        ("JB is discarded and also played",),
        ("JC is discarded and also played",),
        ("J♣ is discarded and also played",),
    ),
    "a declared card not held (MIN-7)": (
        lambda: extend(build(16).text, "declare Carla:", "9C"),
        ("DECLARED_NOT_HELD",),
        ("Carla declares 9C he does not hold",),
        ("Carla declares 9H he does not hold",),
        ("Carla declares 9♥ he does not hold",),
    ),
    "a declared card in no versicola (MIN-7)": (
        lambda: extend(build(16).text, "declare Carla:", "4C"),
        ("BAD_VERSICOLA",),
        ("cards in no versicola: 4C",),
        ("cards in no versicola: 4H",),
        ("cards in no versicola: 4♥",),
    ),
    "a King left in the folla (MIN-5)": (
        lambda: build(2, leave_in_folla=True).text,
        ("COUNTING_LEFT_IN_FOLLA",),
        ("he left KB",),
        ("he left KC",),
        ("he left K♣",),
    ),
    "a cascare line with other cards (MIN-14)": (
        lambda: _cascare(5),
        ("BAD_CASCARE",),
        ("CS 5B 6B 9B QB 2C",),
        ("CS 5C 6C 9C QC 2H",),
        ("C♠ 5♣ 6♣ 9♣ Q♣ 2♥",),
    ),
    "a replacement not won (MIN-11)": (
        lambda: edit(build(5).text, "replace:", "replace: 7B"),
        ("CARD_NOT_WON",),
        ("7B is not among the cards",),
        ("7C is not among the cards",),
        ("7♣ is not among the cards",),
    ),
    "a counting replacement (MIN-11) and the card given": (
        lambda: edit(build(5).text, "replace:", "replace: KB"),
        ("BAD_REPLACEMENT", "MIN-11"),
        ("not by KB", "give KB for the Fool"),
        ("not by KC", "give KC for the Fool"),
        ("not by K♣", "give K♣ for the Fool"),
    ),
    "the scoperti marked (MIN-5)": (
        lambda: build(4, deck=scoperto_deck(4, "KB")).text,
        ("MIN-5",),
        ("scoperti by Dario (KB",),
        ("scoperti by Dario (KC",),
        ("scoperti by Dario (K♣",),
    ),
}


@pytest.mark.parametrize("site", sorted(SITES))
def test_each_message_names_its_cards_in_the_record_style(site: str) -> None:
    """Every finding and mark that lists cards (robbed, turned up, taken, missing, discarded,
    declared, left in the folla, laid open, given for the Fool) uses the record's letters."""
    make, keys, *words = SITES[site]
    reports = verify_styles(make())
    for style, fragments in zip(STYLES, words, strict=True):
        report = reports[style]
        said = [f.message for f in report.findings if f.code in keys] + [
            line.label for line in report.lines if line.rule in keys
        ]
        for fragment in fragments:
            assert any(fragment in text for text in said), (style, fragment, said)
        if style != "italian":
            for fragment in words[0]:  # the Italian words are not the French ones here
                assert not any(fragment in text for text in said), (style, fragment, said)
    assert_worded_in_each_style(reports)


# -- score lines -------------------------------------------------------------------------------
def test_a_versicola_of_kings_is_marked_with_its_cards_in_the_record_style() -> None:
    built = build(16)
    reports = verify_styles(built.text)
    [italian] = [
        line.label
        for line in reports["italian"].lines
        if line.label.startswith("versicola of Kings")
    ]
    assert "declared by Carla (KB KC KD)" in italian
    [french] = [
        line.label
        for line in reports["french"].lines
        if line.label.startswith("versicola of Kings")
    ]
    assert "declared by Carla (KC KH KD)" in french
    [symbols] = [
        line.label
        for line in reports["symbols"].lines
        if line.label.startswith("versicola of Kings")
    ]
    assert "declared by Carla (K♣ K♥ K♦)" in symbols
    assert_worded_in_each_style(reports)


def test_the_end_count_and_muore_marks_name_the_cards_in_the_record_style() -> None:
    built = build(16)
    reports = verify_styles(built.text)
    for style in STYLES:
        labels = [line.label for line in reports[style].lines]
        ends = [label for label in labels if label.startswith("end count")]
        muore = [label for label in labels if ": muore " in label]
        assert len(ends) == 2 and muore
        kings = {"italian": ("KB", "KC"), "french": ("KC", "KH"), "symbols": ("K♣", "K♥")}[style]
        shown = " ".join(end.split("counting cards")[1] for end in ends)
        assert all(king in shown.split() or f"({king}" in shown for king in kings), shown
        if style != "italian":
            assert "KB" not in " ".join(ends + muore)
    assert_worded_in_each_style(reports)


@pytest.mark.parametrize(
    "steer",
    [
        {"revoke_at": 2},
        {"break_king": True},
        {"replace": False},
        {"declare": False},
        {"leave_in_folla": True},
    ],
    ids=str,
)
@pytest.mark.parametrize("seed", [11, 16, 23])
def test_steered_games_read_the_same_in_every_style(seed: int, steer: dict) -> None:
    """Revokes, the King rule, the Fool's card derived at the end, versicole not declared,
    a counting card left in the folla: the same report, worded in each record's style."""
    assert_worded_in_each_style(verify_styles(build(seed, **steer).text))


def test_a_lost_fool_game_reads_the_same_in_every_style() -> None:
    built = build(3, deck=weak_side_deck(3), replace=False)
    reports = verify_styles(built.text)
    assert any(line.rule == "MIN-11" for line in reports["italian"].lines)
    assert_worded_in_each_style(reports)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(MUTATIONS)), st.integers(0, 2**32))
def test_damaged_records_are_worded_in_their_style(seed: int, kind: str, damage: int) -> None:
    """``records.mutate`` damage (cards not held, duplicated, dropped, moved; seats rotated):
    whatever the findings, each style's report is the Italian one in its own words."""
    text = MUTATIONS[kind](build(seed % 500).text, random.Random(damage))
    if text is None:
        return
    [parsed] = read(text)
    if parsed.errors or parsed.record.game != "minchiate":
        return
    reports = {}
    for style in STYLES:
        [styled] = read(restyle(text, style))
        if styled.errors:
            return
        reports[style] = GAME.verify(styled.record)
    for style in ("french", "symbols"):
        assert view(reports["italian"], style) == view(reports[style])
    for line in texts(reports["symbols"]):
        assert not _ITALIAN_SUIT_CARD.search(line), line


# -- the renderer ------------------------------------------------------------------------------
masks = st.integers(min_value=0, max_value=2**97 - 1)


@settings(max_examples=200, deadline=None)
@given(masks, st.integers(0, 4), st.sampled_from(STYLES))
def test_show_words_a_mask_in_each_style(mask: int, thin: int, style: str) -> None:
    """``show`` (a bit at a time up to four cards, else a byte at a time) lists the cards of a
    mask in the style asked, lowest first; canonical (Italian) text by default."""
    for _ in range(thin):  # fewer cards: the bit-at-a-time branch too
        mask &= mask >> 7 | mask >> 31
    cards = [card for card in range(97) if mask >> card & 1]
    assert R.show(mask, wording(style)) == " ".join(CARDS[c].text(style) for c in cards)
    assert R.show(mask) == R.show(mask, ITALIAN) == " ".join(str(CARDS[c]) for c in cards)
