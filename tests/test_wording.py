"""Messages name cards and suits in the record's suit style (scorer/wording.py).

A French-suited record writes the Queen of batons ``QC`` (clubs); its Italian text is ``QB``,
and Italian ``QC`` is the Queen of cups (``QH`` in French letters). These tests take Italian
records, rewrite them with ``[Suits "french"]`` (same cards, French letters) and check that
what the shared tools say about them (revoke proofs, repair suggestions, the terminal
report) uses the letters the record uses. Each engine's own messages are tested in its
``test_<game>_wording.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from records.notation import read
from records.pipeline import check_text
from records.writer import write
from scorer.cards import CARDS, SUIT_STYLES, Card, Suit
from scorer.disputes import suggest_repairs
from scorer.games import get_game
from scorer.record import Record
from scorer.wording import ITALIAN, SUIT_NAMES, wording
from tarocco.render import render_checked

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NICE4 = get_game("nice4")


def record_of(text: str) -> Record:
    [parsed] = read(text)
    assert not parsed.errors, parsed.errors
    return parsed.record


def in_style(record: Record, style: str) -> str:
    """The same record written with ``[Suits style]``: the same cards in other letters."""
    tags = (*((k, v) for k, v in record.tags if k != "Suits"), ("Suits", style))
    return write(Record(tags, record.body, record.source, record.start))


@pytest.mark.parametrize("style", SUIT_STYLES)
def test_every_card_text_reads_back_as_that_card(style: str) -> None:
    words = wording(style)
    for card in CARDS:
        assert Card.parse(words.notation(card), style) == card
        # for people the same text, but trump I is named (#23.13)
        named = "I (the Bagatto)" if card.is_trump and card.rank == 1 else words.notation(card)
        assert words.card(card) == named
    assert words.suits == SUIT_NAMES[style]


def test_letters_and_names_differ_where_the_styles_do() -> None:
    queen_of_batons = Card.parse("QB")
    assert (ITALIAN.card(queen_of_batons), wording("french").card(queen_of_batons)) == ("QB", "QC")
    assert wording("symbols").card(queen_of_batons) == "Q♣"
    assert [wording("french").suit(s) for s in Suit] == ["spades", "clubs", "hearts", "diamonds"]
    assert ITALIAN.suit(Suit.CUPS) == "cups"
    assert wording(" French ").style == "french"  # a tag's value as written
    assert wording(None) is ITALIAN and wording("klingon") is ITALIAN


def test_game_wording_follows_the_suits_tag_then_the_game() -> None:
    pinch = get_game("pinch")
    record = record_of((EXAMPLES / "nice4" / "tour.txt").read_text())
    assert NICE4.wording(record).style == "italian"
    assert pinch.wording(record).style == pinch.default_suits == "french"
    assert NICE4.wording(record_of(in_style(record, "symbols"))).style == "symbols"


def test_a_revoke_proof_names_the_card_in_the_records_letters() -> None:
    """examples/nice4/no-deal.txt proves Bruno's revoke at trick 11 with 4C (four of cups):
    the same record in French letters says 4H."""
    record = record_of((EXAMPLES / "nice4" / "no-deal.txt").read_text())
    french = record_of(in_style(record, "french"))
    [italian_revoke] = NICE4.verify(record).violations
    [french_revoke] = NICE4.verify(french).violations
    assert italian_revoke.message.endswith("; proved by trick 11, where Bruno played 4C")
    assert french_revoke.message.endswith("; proved by trick 11, where Bruno played 4H")


def test_repair_suggestions_name_cards_in_the_records_letters() -> None:
    """examples/disputes/repair-swap.txt: Anna's 4 and 5C (five of cups) copied into each
    other's tricks. In French letters the same suggestion names 5H, and the repaired record
    is written in French letters too."""
    record = record_of((EXAMPLES / "disputes" / "repair-swap.txt").read_text())
    french = record_of(in_style(record, "french"))
    _, italian_repairs = suggest_repairs(NICE4, record)
    _, french_repairs = suggest_repairs(NICE4, french)
    said = [e.description for e in italian_repairs[0].edits]
    french_said = [e.description for e in french_repairs[0].edits]
    assert any("(5C)" in text for text in said), said
    assert any("(5H)" in text for text in french_said), french_said
    assert not any("5C" in text for text in french_said), french_said
    assert [text.replace("5H", "5C") for text in french_said] == said
    fixed = write(french_repairs[0].record)
    assert "5H" in fixed and "15. 13 18 5H 4H" in fixed
    assert NICE4.verify(record_of(fixed)).status.value == "clean"


def test_the_terminal_report_lists_legal_cards_in_the_records_letters() -> None:
    text = (EXAMPLES / "disputes" / "repair-swap.txt").read_text()
    italian = render_checked(check_text(text)[0])
    french = render_checked(check_text(in_style(record_of(text), "french"))[0])
    assert "(legal: 4 11 19)" in italian and "(legal: 4 11 19)" in french  # trumps alike
    assert "5C" in italian.split("findings:")[1].split("points:")[0]
    assert "played 5H" in french and "5C" not in french.split("findings:")[1].split("points:")[0]


def test_messages_name_the_bagatto() -> None:
    """#23.13: examples/nice4/revoke.txt has Anna play trump I on a coin lead; the message
    names it "I (the Bagatto)", not a bare 1, while the record's text stays ``1``."""
    text = (Path(__file__).resolve().parent.parent / "examples/nice4/revoke.txt").read_text()
    checked = check_text(text)[0]
    messages = [f.message for f in checked.report.findings if f.code == "MUST_FOLLOW_SUIT"]
    assert messages == ["Anna played I (the Bagatto) but held coins and had to follow suit"]
    assert any(Card.parse("1") in t.card_tuple for t in checked.parsed.record.tricks)
    assert "1" in write(checked.parsed.record).split()
