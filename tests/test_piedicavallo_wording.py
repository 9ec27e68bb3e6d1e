"""Piedicavallo's findings name cards and suits in the record's suit style (``Suits`` tag).

The letters differ between styles: ``C`` is cups in Italian letters and clubs in French ones,
so a French-suited record must read ``QC`` for the Queen of batons, ``hearts`` for cups. Each
test writes one deal twice, with ``[Suits "italian"]`` and with ``[Suits "french"]`` (or
``"symbols"``), the same cards in each style's letters (``records.writer.write``) and the same
remarks with the style's suit names, and checks that the findings name cards and suits the
writer's way, and that the two reports are otherwise equal: codes, severities, rules,
places, cards, legal cards, scores. Both replays (the single pass and the general one) are
checked: they must word a finding the same way.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from piedikit import Deal, make

from records.notation import read
from records.writer import write
from scorer.cards import Card
from scorer.games import get_game
from scorer.record import Record
from scorer.report import Report, Status

GAME = get_game("piedicavallo")
#: Suit names per style, as a remark may say them and as a finding names them.
NAMES = {
    "italian": ("swords", "batons", "cups", "coins"),
    "french": ("spades", "clubs", "hearts", "diamonds"),
    "symbols": ("spades", "clubs", "hearts", "diamonds"),
}


def styled(text: str, style: str, notes: dict[str, str] | None = None) -> Record:
    """An Italian-letter record rewritten in ``style`` with a ``Suits`` tag (the Italian one
    too, so lines and columns match), each remark of ``notes`` (Italian: this style's)
    replaced."""
    [parsed] = read(text)
    record = parsed.record
    out = write(Record((*record.tags, ("Suits", style)), record.body))
    for italian, other in (notes or {}).items():
        assert f"({italian})" in out
        out = out.replace(f"({italian})", f"({other})")
    [parsed] = read(out)
    assert not parsed.errors, [str(e) for e in parsed.errors]
    return parsed.record


def verified(record: Record) -> Report:
    """The record's report."""
    return GAME.verify(record)


WORDED = {"said"}


def unworded(report: Report) -> tuple:
    """Everything a report says but the words of its findings: their sentences, and the
    remark as the record words it (``said``); every other fact is the same in every style."""
    findings = [
        replace(f, message="", facts={k: v for k, v in f.facts.items() if k not in WORDED})
        for f in report.findings
    ]
    return (
        findings,
        report.status,
        report.hands,
        report.discard,
        report.sides,
        [(t.number, t.leader, t.cards, t.winner, t.points, t.flags) for t in report.tricks],
        report.lines,
        report.settlement,
    )


def messages(report: Report, code: str) -> list[str]:
    found = [f.message for f in report.findings if f.code == code]
    assert found, f"no {code} in {[f.code for f in report.findings]}"
    return found


def revoke_deal() -> Deal:
    """Anna leads 5B; Bruno, holding 6B, plays AC (the Ace of cups); Dario, fourth, plays 9B
    (batons: he may speak of batons, or of the other colour without naming it)."""
    d = make(
        "Dario",
        {"Anna": "5B 7B", "Bruno": "6B AC 2C", "Carla": "8B", "Dario": "9B"},
        force={(1, "Anna"): "5B", (1, "Bruno"): "AC"},
    )
    assert d.tricks[0] == [Card.parse(c) for c in ("5B", "AC", "8B", "9B")]
    return d


# -- PIE-4: an illegal play names the card and the suit led ----------------------------------
@pytest.mark.parametrize(("style", "ace"), [("french", "AH"), ("symbols", "A♥")])
def test_revoke_names_card_and_suit_in_the_records_style(style: str, ace: str) -> None:
    text = revoke_deal().text()
    italian, other = verified(styled(text, "italian")), verified(styled(text, style))
    [said] = messages(italian, "MUST_FOLLOW_SUIT")
    assert said == "Bruno played AC but held batons and had to follow suit"
    [said] = messages(other, "MUST_FOLLOW_SUIT")
    assert said == f"Bruno played {ace} but held clubs and had to follow suit"
    assert "batons" not in said and "AC" not in said
    assert unworded(italian) == unworded(other)
    assert italian.status is Status.FLAGGED


def test_the_record_without_suits_tag_words_as_before() -> None:
    """No ``Suits`` tag: the game's default, Italian, as the engine always worded it."""
    report = verified(read(revoke_deal().text())[0].record)
    assert messages(report, "MUST_FOLLOW_SUIT") == [
        "Bruno played AC but held batons and had to follow suit"
    ]


# -- G-2: a card not held, on the general path --------------------------------------------------
def test_card_not_held_names_the_card_in_the_records_style() -> None:
    d = revoke_deal()
    queen = "QB" if not d.dealt["Anna"] >> Card.parse("QB") & 1 else "QC"
    text = d.text().replace("\n1. 5B ", f"\n1. {queen} ", 1)
    italian, french = verified(styled(text, "italian")), verified(styled(text, "french"))
    assert italian.status is Status.INVALID
    french_queen = Card.parse(queen).text("french")
    holder = next(p for p, m in d.dealt.items() if m >> Card.parse(queen) & 1)  # (#32.10)
    assert messages(italian, "CARD_NOT_HELD") == [f"Anna does not hold {queen}; {holder} holds it"]
    assert messages(french, "CARD_NOT_HELD") == [
        f"Anna does not hold {french_queen}; {holder} holds it"
    ]
    assert unworded(italian) == unworded(french)


# -- PIE-3: the discard's findings name its cards -------------------------------------------
def test_discard_findings_name_cards_in_the_records_style() -> None:
    d = make("Dario", {"Dario": "KB CC"}, discard="KB CC")
    text = d.text()
    italian, french = verified(styled(text, "italian")), verified(styled(text, "french"))
    [said] = messages(italian, "BAD_DISCARD")
    assert said.endswith(": KB")
    [said] = messages(french, "BAD_DISCARD")
    assert said.endswith(": KC")  # the King of clubs, which Italian letters write KB
    assert unworded(italian) == unworded(french)
    # the discard not written, derived from the play: named as the writer writes cards
    derived = text.replace("discard: KB CC\n", "")
    italian, french = verified(styled(derived, "italian")), verified(styled(derived, "french"))
    [said] = messages(italian, "DISCARD_DERIVED")
    assert said.endswith("cards nobody played: KB CC")
    [said] = messages(french, "DISCARD_DERIVED")
    assert said.endswith("cards nobody played: KC CH")
    assert unworded(italian) == unworded(french)


def test_discard_not_held_or_played_names_the_card_in_the_records_style() -> None:
    d = make("Dario", {"Dario": "KB 5C", "Anna": "CC"}, discard="5C 6C")
    played = d.text().replace("discard: 5C 6C", "discard: 5C KB")  # the dealer plays KB
    italian, french = verified(styled(played, "italian")), verified(styled(played, "french"))
    assert messages(italian, "DUPLICATE_CARD") == ["KB is discarded and also played in trick 7"]
    assert messages(french, "DUPLICATE_CARD") == ["KC is discarded and also played in trick 7"]
    assert unworded(italian) == unworded(french)
    # Anna's CC: the dealer did not hold it (#32.2: said first, as in every game)
    text = d.text().replace("discard: 5C 6C", "discard: 5C CC")
    assert "CC" not in text.split("\n1. ")[1].split("\n")[0]  # not played to trick 1
    italian, french = verified(styled(text, "italian")), verified(styled(text, "french"))
    assert messages(italian, "CARD_NOT_HELD") == ["the dealer did not hold CC"]
    assert messages(french, "CARD_NOT_HELD") == ["the dealer did not hold CH"]
    assert unworded(italian) == unworded(french)
    # the play cut after trick 1, before Anna plays CC: the dealer did not hold it
    cut = text[: text.index("\n2. ") + 1]
    italian, french = verified(styled(cut, "italian")), verified(styled(cut, "french"))
    assert messages(italian, "CARD_NOT_HELD") == ["the dealer did not hold CC"]
    assert messages(french, "CARD_NOT_HELD") == ["the dealer did not hold CH"]
    assert unworded(italian) == unworded(french)


# -- PIE-5: table talk names the suits of the record's style --------------------------------
REMARK = "have K +9, lead cups, lead swords"
FRENCH_REMARK = "have K +9, lead hearts, lead spades"


def remark_reports(style: str) -> tuple[Report, Report]:
    """Dario plays 9B (batons) saying he holds the King and nine other batons, and asks for a
    lead of cups (the other colour, named) and of swords (the other suit of his colour)."""
    d = revoke_deal()
    d.notes = {(1, 3): REMARK}
    text = d.text()
    italian = verified(styled(text, "italian"))
    other = verified(styled(text, style, {REMARK: FRENCH_REMARK}))
    return italian, other


@pytest.mark.parametrize("style", ["french", "symbols"])
def test_remark_findings_name_suits_and_cards_in_the_records_style_PIE5(style: str) -> None:
    italian, other = remark_reports(style)
    king = Card.parse("KB").text(style)
    out_of_bounds = [
        "playing batons one may speak of the other colour only without naming the suit "
        "(a lead of cups); say other-colour ...",
        "playing batons one may not speak of swords, the other suit of the same colour",
    ]
    assert [m.split(": ", 1)[1] for m in messages(italian, "REMARK_OUT_OF_BOUNDS")] == out_of_bounds
    [false] = messages(italian, "FALSE_REMARK")
    assert false.startswith(f"Dario played 9B saying '{REMARK.split(',')[0]}': KB not held")
    words = [m.split(": ", 1)[1] for m in messages(other, "REMARK_OUT_OF_BOUNDS")]
    assert words == [
        "playing clubs one may speak of the other colour only without naming the suit "
        "(a lead of hearts); say other-colour ...",
        "playing clubs one may not speak of spades, the other suit of the same colour",
    ]
    [false] = messages(other, "FALSE_REMARK")
    assert false.startswith(
        f"Dario played {Card.parse('9B').text(style)} saying 'have K +9': {king} not held"
    )
    for said in (*words, false):
        assert not {"batons", "cups", "swords", "coins"} & set(said.replace(",", " ").split())
    assert unworded(italian) == unworded(other)


def test_remark_counts_name_the_suit_in_the_records_style_PIE5() -> None:
    d = revoke_deal()
    d.notes = {(1, 3): "have +9"}
    text = d.text()
    italian, french = verified(styled(text, "italian")), verified(styled(text, "french"))
    [said] = messages(italian, "FALSE_REMARK")
    assert "9 batons claimed" in said
    [said] = messages(french, "FALSE_REMARK")
    assert "9 clubs claimed" in said and "batons" not in said
    assert unworded(italian) == unworded(french)


def test_remark_suit_names_read_in_the_records_style_PIE5() -> None:
    """A French-suited record may ask for a lead of ``clubs`` (batons) as its writer names
    the suit; the Italian names are still read in every record, and an Italian record does
    not read the French names (a remark it could not read before stays unread)."""
    d = revoke_deal()
    d.notes = {(1, 3): "lead this"}
    text = d.text()
    understood = unworded(verified(styled(text, "italian")))
    assert [f.code for f in verified(styled(text, "italian")).findings] == ["MUST_FOLLOW_SUIT"]
    for style, said in (
        ("french", "lead clubs"),
        ("french", "lead batons"),
        ("symbols", "lead clubs"),
        ("italian", "lead batons"),
    ):
        report = verified(styled(text, style, {"lead this": said}))
        assert unworded(report) == understood, (style, said, report.findings)
    report = verified(styled(text, "italian", {"lead this": "lead clubs"}))
    assert [f.code for f in report.findings] == ["MUST_FOLLOW_SUIT", "BAD_REMARK"]


@pytest.mark.parametrize(("style", "king"), [("french", "KC"), ("symbols", "K♣")])
def test_remark_cards_read_in_the_records_letters_PIE5(style: str, king: str) -> None:
    """Dario, playing batons, says he holds the King of batons: ``KB`` in Italian letters,
    ``KC`` in French ones. The French remark is read as the King of clubs (batons), not of
    cups (Italian ``C``), which would be a remark about the other colour naming its suit."""
    d = revoke_deal()
    d.notes = {(1, 3): "have KB +9"}
    text = d.text()
    italian = verified(styled(text, "italian"))
    other = verified(styled(text, style, {"have KB +9": f"have {king} +9"}))
    assert [f.code for f in italian.findings] == ["MUST_FOLLOW_SUIT", "FALSE_REMARK"]
    assert unworded(other) == unworded(italian)
    [said] = messages(other, "FALSE_REMARK")
    assert f": {king} not held" in said
