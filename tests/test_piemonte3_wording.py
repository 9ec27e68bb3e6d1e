"""Piedmontese Tarocchi names cards and suits in the record's own suit style.

Each test builds a record with Italian letters (``tests/piemonte3kit.py``), writes the same
record again with ``[Suits "french"]`` (or ``"symbols"``) and that style's letters, and checks:
the French messages name the cards and suits as a French-suited player wrote them (``QC`` is
the Queen of batons, ``hearts`` are cups) and never in Italian letters, the Italian messages
keep the Italian text, and the two reports are otherwise the same finding for finding (codes,
places, rules, cards, score lines, totals). The cards chosen are batons and cups, whose letters
differ between the styles, so every check fails if a message falls back to Italian text.
"""

from __future__ import annotations

import re

import pytest
from piemonte3kit import PLAYERS, hand, mask, verify

from scorer.cards import Card
from scorer.findings import Finding, Loc
from scorer.report import Report, Status

#: an Italian suit card as written in a record or a message (trumps and the Fool are alike in
#: every style)
ITALIAN_CARD = re.compile(r"(?<![\w♠♣♥♦])(?:[AKQCJ2-9]|10)[SBCD](?![\w♠♣♥♦])")
ITALIAN_SUIT = re.compile(r"\b(swords|batons|cups|coins)\b")
SUIT_NAMES = {"swords": "spades", "batons": "clubs", "cups": "hearts", "coins": "diamonds"}
#: the record lines whose words after the prefix are cards (or, for declare, a kind first)
CARD_ROW = re.compile(r"((?:\d+\. )|(?:(?:hand|discard|declare|fool)\b[^:]*: ))(.*)")


def card_text(italian: str, style: str) -> str:
    """One card written with Italian letters, in ``style``'s letters."""
    return Card.parse(italian).text(style)


def restyle(text: str, style: str) -> str:
    """The record ``text`` (Italian letters) written in ``style``, with its ``Suits`` tag."""
    rows = []
    for row in text.split("\n"):
        match = CARD_ROW.fullmatch(row)
        if match is not None:
            head, body = match.groups()
            row = head + ITALIAN_CARD.sub(lambda m: card_text(m.group(), style), body)
        rows.append(row)
        if row.startswith("[Game "):
            rows.append(f'[Suits "{style}"]')
    return "\n".join(rows)


def translate(message: str, style: str) -> str:
    """What an Italian-lettered message should read in ``style``: every card and suit name
    in that style's words (an independent reading, without :mod:`scorer.wording`)."""
    message = ITALIAN_CARD.sub(lambda m: card_text(m.group(), style), message)
    return ITALIAN_SUIT.sub(lambda m: SUIT_NAMES[m.group()], message)


def shape(report: Report, tag_line: int = 0) -> tuple:
    """Everything in a report but the words of its messages and the Fool exchange's text;
    places after an added ``Suits`` tag at ``tag_line`` are taken one line up."""

    def place(loc: Loc | None) -> Loc | None:
        if loc is None or not tag_line or loc.line < tag_line:
            return loc
        assert loc.line != tag_line, loc
        return Loc(loc.line - 1, loc.column)

    findings = [
        (f.code, f.severity, f.rule, place(f.loc), f.trick, f.seat, f.cards, f.legal)
        for f in report.findings
    ]
    tricks = [
        (t.number, t.leader, t.cards, t.winner, t.points, dict(t.flags)) for t in report.tricks
    ]
    contract = {k: v for k, v in report.contract.items() if k != "fool"}
    return (
        findings,
        tricks,
        [(x.label, x.amounts, x.rule) for x in report.lines],
        report.status,
        report.settlement,
        report.hands,
        report.discard,
        report.sides,
        report.unit,
        contract,
    )


def both(text: str, style: str = "french") -> tuple[Report, Report]:
    """The reports of ``text`` as written (Italian letters) and restyled, checked to be the
    same report but for the wording, which must be ``style``'s throughout."""
    styled = restyle(text, style)
    assert styled != text and f'[Suits "{style}"]' in styled
    italian, other = verify(text), verify(styled)
    tag_line = styled.split("\n").index(f'[Suits "{style}"]') + 1
    assert shape(other, tag_line) == shape(italian)
    assert [f.message for f in other.findings] == [
        translate(f.message, style) for f in italian.findings
    ]
    fool = italian.contract.get("fool")
    assert other.contract.get("fool") == (None if fool is None else translate(fool, style))
    return italian, other


def only(report: Report, code: str) -> Finding:
    [finding] = [f for f in report.findings if f.code == code]
    return finding


def replace_row(text: str, prefix: str, new: str) -> str:
    rows = text.split("\n")
    index = next(i for i, row in enumerate(rows) if row.startswith(prefix))
    rows[index] = new
    return "\n".join(rows)


def assert_worded(italian: str, french: str, it_words: list[str], fr_words: list[str]) -> None:
    """The Italian message names ``it_words`` and none of ``fr_words``; the French the
    reverse (each pair differs, so a message left in Italian letters fails)."""
    for it, fr in zip(it_words, fr_words, strict=True):
        assert it != fr
        assert re.search(rf"(?<!\w){re.escape(it)}(?!\w)", italian), (it, italian)
        assert not re.search(rf"(?<!\w){re.escape(fr)}(?!\w)", italian), (fr, italian)
        assert re.search(rf"(?<!\w){re.escape(fr)}(?!\w)", french), (fr, french)
        assert not re.search(rf"(?<!\w){re.escape(it)}(?!\w)", french), (it, french)


# -- the helpers themselves ----------------------------------------------------------------------
def test_restyle_and_translate_use_the_styles_letters() -> None:
    text = '[Game "piemonte3"]\nhand Anna: QB CC 21 Fool\ndeclare Anna: kings KS KB\n1. 10C QB 3'
    assert restyle(text, "french").split("\n") == [
        '[Game "piemonte3"]',
        '[Suits "french"]',
        "hand Anna: QC CH 21 Fool",
        "declare Anna: kings KS KC",
        "1. 10H QC 3",
    ]
    assert translate("Anna played QB but held cups", "symbols") == (
        "Anna played Q♣ but held hearts"
    )


# -- the play (PIE3-1, G-1, G-2) -----------------------------------------------------------------
def test_a_revoke_names_the_card_and_the_suit_led_in_the_records_style() -> None:
    scenario = hand()
    assert [str(c) for c in scenario.tricks[1]] == ["AB", "2B", "3B"]  # Carla leads batons
    italian, french = both(hand(force={(2, "Anna"): "2"}).text)
    assert [f.code for f in italian.violations] == ["MUST_FOLLOW_SUIT"]
    it, fr = only(italian, "MUST_FOLLOW_SUIT"), only(french, "MUST_FOLLOW_SUIT")
    assert it.message == "Anna played 2 but held batons and had to follow suit"
    assert fr.message == "Anna played 2 but held clubs and had to follow suit"
    assert it.trick == fr.trick == 2 and it.legal == fr.legal and it.legal


def test_must_trump_names_the_void_suit_and_keeps_trumps() -> None:
    # Carla leads batons at trick 2; Bruno, void in batons, discards a cup instead of trumping
    void = {"Carla": "AB 2B 3B 4B 5B 6B 7B 8B 9B 10B JB CB"}
    scenario = hand(fixed=void)
    assert [str(c) for c in scenario.tricks[1]] == ["AB", "KB", "3"]
    assert not scenario.start["Bruno"] & mask("AB 2B 3B 4B 5B 6B 7B 8B 9B 10B JB CB QB KB")
    text = hand(fixed=void, force={(2, "Bruno"): "AC"}).text
    italian, french = both(text)
    it, fr = only(italian, "MUST_TRUMP"), only(french, "MUST_TRUMP")
    assert it.message == "Bruno played AC but had no batons but held trumps, so had to trump"
    assert fr.message == "Bruno played AH but had no clubs but held trumps, so had to trump"


def test_a_trump_lead_keeps_the_engines_name_for_trumps() -> None:
    text = hand(fixed={"Anna": "2"}, force={(1, "Anna"): "2", (1, "Bruno"): "3B"}).text
    italian, french = both(text)
    it, fr = only(italian, "MUST_FOLLOW_TRUMPS"), only(french, "MUST_FOLLOW_TRUMPS")
    assert it.message == "Bruno played 3B but held trumps and a trump was led"
    assert fr.message == "Bruno played 3C but held trumps and a trump was led"


def test_a_revoke_proved_by_a_later_trick_names_the_proof_in_the_records_style() -> None:
    text = hand(force={(2, "Anna"): "2"}, write_hands=False).text
    italian, french = both(text)
    it, fr = only(italian, "MUST_FOLLOW_SUIT"), only(french, "MUST_FOLLOW_SUIT")
    assert "clubs" in fr.message and "batons" not in fr.message
    assert "batons" in it.message and "clubs" not in it.message
    proof = re.search(r"proved by trick \d+, where Anna played (\w+B)$", it.message)
    assert proof is not None, it.message  # the later batons card that proves the revoke
    assert_worded(it.message, fr.message, [proof.group(1)], [card_text(proof.group(1), "french")])


def test_a_card_not_held_and_a_card_played_twice_are_named_in_the_records_style() -> None:
    scenario = hand()
    assert scenario.start["Carla"] & Card.parse("QB").bit  # Bruno leads trick 3, not holding QB
    rows = scenario.text.split("\n")
    three = next(row for row in rows if row.startswith("3. "))
    text = replace_row(scenario.text, "3. ", "3. QB " + " ".join(three.split()[2:]))
    italian, french = both(text)
    assert italian.status is french.status is Status.INVALID
    it, fr = only(italian, "CARD_NOT_HELD"), only(french, "CARD_NOT_HELD")
    assert (it.message, fr.message) == (  # and who holds it (#32.10)
        "Bruno does not hold QB; Carla holds it",
        "Bruno does not hold QC; Carla holds it",
    )
    text = replace_row(scenario.text, "3. ", "3. 2B " + " ".join(three.split()[2:]))
    italian, french = both(text)
    it, fr = only(italian, "DUPLICATE_CARD"), only(french, "DUPLICATE_CARD")
    assert_worded(it.message, fr.message, ["2B"], ["2C"])


# -- the deal and the discard (PIE3-3, PIE3-5) -----------------------------------------------------
def test_a_card_dealt_twice_is_named_in_the_records_style() -> None:
    scenario = hand()
    bruno = next(row for row in scenario.text.split("\n") if row.startswith("hand Bruno:"))
    text = replace_row(scenario.text, "hand Bruno:", bruno.replace(" 3B ", " QB ", 1))
    italian, french = both(text)
    it, fr = only(italian, "DUPLICATE_CARD"), only(french, "DUPLICATE_CARD")
    assert (it.message, fr.message) == ("QB is dealt twice", "QC is dealt twice")


def test_discard_findings_name_the_cards_in_the_records_style() -> None:
    scenario = hand()
    assert scenario.dealt["Carla"] & Card.parse("KC").bit  # the dealer holds the King of cups
    italian, french = both(hand(discard="KC 3S 6S").text)
    it, fr = only(italian, "BAD_DISCARD"), only(french, "BAD_DISCARD")
    assert it.message.endswith("Kings: KC") and fr.message.endswith("Kings: KH")
    text = replace_row(scenario.text, "discard:", "discard: 3S 6S 2B")  # Anna's 2B
    italian, french = both(text)
    it, fr = only(italian, "CARD_NOT_HELD"), only(french, "CARD_NOT_HELD")
    assert (it.message, fr.message) == ("the dealer did not hold 2B", "the dealer did not hold 2C")
    text = replace_row(scenario.text, "discard:", "discard: 3S 3S 6S")  # Carla's 3S
    italian, french = both(text)
    it, fr = only(italian, "DUPLICATE_CARD"), only(french, "DUPLICATE_CARD")
    assert (it.message, fr.message) == ("3S twice in the discard", "3S twice in the discard")
    text = replace_row(scenario.text, "discard:", "discard: 5C 3S 6S")  # Carla's 5C, played
    italian, french = both(text)
    it, fr = only(italian, "DUPLICATE_CARD"), only(french, "DUPLICATE_CARD")
    assert (it.message, fr.message) == (
        "5C is discarded and also played in trick 12",
        "5H is discarded and also played in trick 12",
    )
    # without the dealer's hand line, a card discarded that another player holds: not the
    # dealer's either (#32.2: the same finding as with his hand line, in every game)
    text = "\n".join(row for row in scenario.text.split("\n") if not row.startswith("hand Carla:"))
    text = replace_row(text, "discard:", "discard: 3S 6S 2B")
    italian, french = both(text)
    it, fr = only(italian, "CARD_NOT_HELD"), only(french, "CARD_NOT_HELD")
    assert (it.message, fr.message) == ("the dealer did not hold 2B", "the dealer did not hold 2C")


def test_a_derived_discard_is_named_in_the_records_style() -> None:
    scenario = hand(discard="AB 4B 7B", write_hands=False)
    text = "\n".join(row for row in scenario.text.split("\n") if not row.startswith("discard:"))
    italian, french = both(text)
    assert italian.status is Status.CLEAN
    it, fr = only(italian, "DISCARD_DERIVED"), only(french, "DISCARD_DERIVED")
    assert it.message.endswith(": AB 4B 7B") and fr.message.endswith(": AC 4C 7C")


# -- declarations (PIE3-6) -----------------------------------------------------------------------
def test_a_declaration_missing_a_card_is_named_in_the_records_style() -> None:
    text = hand(fixed={"Anna": "KS KB KC KD"}, declares=["Anna: kings KS KB KD"]).text
    italian, french = both(text)
    it, fr = only(italian, "DECLARATION_MALFORMED"), only(french, "DECLARATION_MALFORMED")
    assert it.message.endswith("Kings needs all four Kings; missing KC; it is not paid")
    assert fr.message.endswith("Kings needs all four Kings; missing KH; it is not paid")
    text = hand(fixed={"Anna": "KS KB KC KD 20 1 QB"}, declares=["Anna: kings KS KB KC KD QB"]).text
    italian, french = both(text)
    it, fr = only(italian, "DECLARATION_MALFORMED"), only(french, "DECLARATION_MALFORMED")
    assert_worded(it.message, fr.message, ["QB"], ["QC"])


def test_a_card_listed_twice_in_a_declaration_is_named_in_the_records_style() -> None:
    text = hand(fixed={"Anna": "KS KB KC KD"}, declares=["Anna: kings KS KB KB KC KD"]).text
    italian, french = both(text)
    it, fr = only(italian, "BAD_DECLARATION"), only(french, "BAD_DECLARATION")
    assert (it.message, fr.message) == ("KB is listed twice", "KC is listed twice")


def test_declarations_not_held_or_reused_are_named_in_the_records_style() -> None:
    text = hand(
        fixed={"Anna": "KS KC 20 1", "Bruno": "KB"}, declares=["Anna: mixed KS KB 20 1"]
    ).text
    italian, french = both(text)
    it, fr = only(italian, "DECLARATION_NOT_HELD"), only(french, "DECLARATION_NOT_HELD")
    assert_worded(it.message, fr.message, ["KB"], ["KC"])
    text = hand(
        fixed={"Anna": "KS KB KC KD 20 1 Fool"},
        declares=["Anna: kings KS KB KC KD 20", "Anna: mixed KB KC 20 1"],
    ).text
    italian, french = both(text)
    it, fr = only(italian, "DECLARATION_CARD_REUSED"), only(french, "DECLARATION_CARD_REUSED")
    assert it.message.startswith("KB KC 20 already served")
    assert fr.message.startswith("KC KH 20 already served")
    assert [x.label for x in french.lines] == [x.label for x in italian.lines]
    assert french.lines[0].label == "Kings declared by Anna: 25 from each opponent"


# -- the Fool's exchange (PIE3-7) ----------------------------------------------------------------
def test_the_fools_exchange_is_named_in_the_records_style() -> None:
    scenario = hand(  # PIE3-7a: the dealer's discard is his pile with discard-in-pile=yes
        fixed={"Carla": "Fool QB"},
        discard="QB 3S 6S",
        force={(1, "Carla"): "Fool"},
        options="discard-in-pile=yes",
        discard_in_pile=True,
    )
    [(after, giver, _winner, card)] = scenario.tally.exchanges
    assert (after, giver) == (1, "Carla")
    text = scenario.text.replace(f"fool Carla: {card}", "fool Carla: QB")
    italian, french = both(text)
    it = only(italian, "FOOL_EXCHANGE_NOT_ONE_POINT")
    fr = only(french, "FOOL_EXCHANGE_NOT_ONE_POINT")
    assert_worded(it.message, fr.message, ["QB"], ["QC"])
    assert_worded(italian.contract["fool"], french.contract["fool"], ["QB"], ["QC"])
    assert french.contract["fool"].startswith("Carla gave QC to ")
    # given from a pile that does not hold it: the replay stops, naming the card
    text = scenario.text.replace(f"fool Carla: {card}", "fool Carla: KB")
    italian, french = both(text)
    it, fr = only(italian, "FOOL_CARD_NOT_IN_PILE"), only(french, "FOOL_CARD_NOT_IN_PILE")
    assert_worded(it.message, fr.message, ["KB"], ["KC"])


def test_an_exchange_not_written_names_the_card_taken_in_the_records_style() -> None:
    scenario = hand(  # PIE3-7a: the dealer's discard is his pile with discard-in-pile=yes
        fixed={"Carla": "Fool 2B 5B 8B"},
        discard="2B 5B 8B",
        force={(1, "Carla"): "Fool"},
        options="discard-in-pile=yes",
        discard_in_pile=True,
    )
    [(_after, giver, _winner, card)] = scenario.tally.exchanges
    assert giver == "Carla" and str(card) == "2B"  # the lowest 1-point card of her pile
    text = scenario.text.replace(f"fool Carla: {card}\n", "", 1)
    italian, french = both(text)
    it, fr = only(italian, "FOOL_EXCHANGE_DERIVED"), only(french, "FOOL_EXCHANGE_DERIVED")
    assert_worded(it.message, fr.message, ["(2B)"], ["(2C)"])


# -- symbols ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("style", ["french", "symbols"])
def test_a_whole_flagged_hand_reads_alike_in_every_style(style: str) -> None:
    text = hand(
        fixed={"Anna": "KS KB KC KD 2"}, declares=["Anna: kings KS KB KD"], force={(2, "Anna"): "2"}
    ).text
    italian, other = both(text, style)
    assert {f.code for f in italian.violations} == {"DECLARATION_MALFORMED", "MUST_FOLLOW_SUIT"}
    messages = " | ".join(f.message for f in other.findings)
    assert ("missing KH" if style == "french" else "missing K♥") in messages
    assert "held clubs" in messages and "batons" not in messages
    assert [s.name for s in other.sides] == PLAYERS


def test_every_finding_is_its_template_filled_from_its_facts_issue_22_5() -> None:
    """A finding's sentence is made in one place from its code and facts (#22.5): for the
    findings of random and damaged records (the codes named below all occur), re-rendering the
    game's template from the finding's facts gives its message word for word."""
    import random

    from records.mutate import MUTATIONS, mutate
    from records.notation import read_one
    from records.writer import write
    from scorer.games import get_game
    from scorer.games.piemonte3.messages import TEMPLATES, TERMS
    from scorer.messages import render

    game = get_game("piemonte3")
    seen: set[str] = set()
    for seed in range(120):
        text = write(game.random_record(random.Random(seed)))
        kind = sorted(MUTATIONS)[seed % len(MUTATIONS)]
        for variant in (text, mutate(text, kind, random.Random(seed))):
            parsed = read_one(variant) if variant is not None else None
            if parsed is None or not parsed.ok:
                continue
            report = game.verify(parsed.record)
            words = game.wording(parsed.record)
            for finding in report.findings:
                if finding.template not in TEMPLATES:
                    continue  # added outside the engine (a revoke's proof, a claim)
                again = render(
                    TEMPLATES[finding.template], finding.namespace(), words, PLAYERS, terms=TERMS
                )
                assert again == finding.message.split("; proved by")[0], finding
                seen.add(finding.code)
    assert {"CARD_NOT_HELD", "DUPLICATE_CARD", "MUST_FOLLOW_SUIT", "BETTER_GROUPING"} <= seen
