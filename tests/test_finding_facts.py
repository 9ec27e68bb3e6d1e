"""A finding's facts are values, not English (#22.5): indices, card masks, numbers, seats and
keys of the game's terms, worded only by its template (:mod:`scorer.messages`), so that a page
in another language can word the finding from them. Each test reads a golden record
(``tests/golden/findings/``) whose finding once carried a ready-made English phrase, or a
card mask beside the same cards in ``cards``.
"""

from __future__ import annotations

from typing import Any

import golden_findings

from records.notation import read
from records.schemas import dump_report
from scorer import build_ledger, get_game
from scorer.findings import Finding
from scorer.report import Report


def _verified(game: str, code: str) -> tuple[list[Report], list[Finding]]:
    """The reports of the golden record of ``code`` in ``game``, and its findings with that
    code (the ledger's too, for a session)."""
    [entry] = [e for e in golden_findings.load() if e["game"] == game and e["code"] == code]
    text = (golden_findings.RECORDS / entry["file"]).read_text(encoding="utf-8")
    records = [item.record for item in read(text)]
    engine = get_game(game)
    reports = [engine.verify(record, entry.get("options") or None) for record in records]
    findings = [f for report in reports for f in report.findings]
    if entry.get("session"):
        findings += [f for _, f in build_ledger(records, reports).findings]
    found = [f for f in findings if f.code == code]
    assert found, f"no {code} in {[f.code for f in findings]}"
    return reports, found


def _api_facts(report: Report, code: str) -> list[dict[str, Any]]:
    return [f["facts"] for f in dump_report(report)["findings"] if f["code"] == code]


def test_minchiate_bad_announcement_names_the_suits_not_a_phrase() -> None:
    reports, [finding] = _verified("minchiate", "BAD_ANNOUNCEMENT")
    assert finding.facts == {"text": "batons=", "suits": (0, 1, 2, 3)}
    assert finding.message.endswith("announced as swords=N batons=N cups=N coins=N")
    assert _api_facts(reports[0], "BAD_ANNOUNCEMENT") == [
        {"text": "batons=", "suits": [0, 1, 2, 3]}
    ]


def test_minchiate_wrong_partners_gives_the_cut_as_a_number() -> None:
    _, findings = _verified("minchiate", "WRONG_PARTNERS")  # one per game of the giro
    for finding in findings:
        assert finding.facts["cut"] == 2 and "ordinal" not in finding.facts
        assert "(cut 2nd highest)" in finding.message


def test_piemonte3_groupings_are_declarations_and_values() -> None:
    reports, [finding] = _verified("piemonte3", "BETTER_GROUPING")
    assert finding.facts["held"] == (("mixed", 15),)
    assert "the cards held allowed Mixed Honours (15): 15" in finding.message
    [facts] = _api_facts(reports[0], "BETTER_GROUPING")
    assert facts["held"] == [["mixed", 15]]
    _, [finding] = _verified("piemonte3", "UNDECLARED_COMBINATION")
    assert finding.facts["held"] == (("mitigati", 20),)
    assert "held Mitigati (20) but made no declaration" in finding.message


def test_piemonte3_a_declaration_is_named_by_its_key() -> None:
    _, [finding] = _verified("piemonte3", "DECLARATION_CARD_REUSED")
    assert finding.facts["declaration"] == "mixed" and "title" not in finding.facts
    assert "so this Mixed Honours is not paid" in finding.message
    _, [finding] = _verified("piemonte3", "DECLARATION_MALFORMED")
    assert finding.facts["declaration"] == "abundance"
    assert "'s Abundance: " in finding.message


def test_piedicavallo_game_end_and_partnerships_are_values() -> None:
    _, [finding] = _verified("piedicavallo", "DEAL_AFTER_GAME_END")
    assert finding.facts["ended"] == "three_deals"
    assert "(after three deals (more than 57 ahead" in finding.message
    _, [finding] = _verified("piedicavallo", "PARTNERS_CHANGED")
    assert finding.facts["side0"] == ("Anna", "Carla")
    assert finding.facts["side1"] == ("Bruno", "Dario")
    assert "(Anna and Carla against Bruno and Dario)" in finding.message


def test_pinch_derived_hands_name_seats_only() -> None:
    reports, [finding] = _verified("pinch", "HANDS_DERIVED")
    assert "names" not in finding.facts
    players = reports[0].players
    names = " and ".join(players[seat] for seat in finding.facts["seats"])
    assert finding.message == f"the deal of {names} is derived from the play and the draws"


#: Findings whose cards were also given as a mask fact (#22.5): the template words ``cards``.
CARDS_ONCE = [
    ("minchiate", "BAD_ROB"),
    ("minchiate", "BAD_SCOPERTO"),
    ("minchiate", "BAD_PIGLIATO"),
    ("minchiate", "CARDS_MISSING"),
    ("minchiate", "COUNTING_LEFT_IN_FOLLA"),
    ("minchiate", "DECLARED_NOT_HELD"),
    ("nice4", "BAD_DISCARD"),
    ("nice4", "DECLARATION_NOT_HELD"),
    ("pinch", "MELD_MALFORMED"),
    ("pinch", "MELD_NOT_HELD"),
    ("pinch", "MELD_RAISE_NOT_HELD"),
]


def test_cards_are_not_repeated_as_a_mask_fact() -> None:
    for game, code in CARDS_ONCE:
        _, findings = _verified(game, code)
        for finding in findings:
            mask = sum(1 << card for card in finding.cards)
            assert finding.cards and mask not in finding.facts.values(), (game, code, finding)
