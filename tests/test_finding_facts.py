"""A finding's facts are values, not English (#22.5): indices, card masks, numbers, seats and
keys of the game's terms, worded only by its template (:mod:`scorer.messages`), so that a page
in another language can word the finding from them. (Every sentence stays word for word what
it was: ``tests/test_findings_golden.py``.) Each test reads a golden record
(``tests/golden/findings/``) whose finding once carried a ready-made English phrase, or a
card mask beside the same cards in ``cards``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import golden_findings
import pytest

from records.notation import read
from records.schemas import dump_report
from scorer import build_ledger, get_game
from scorer.findings import Finding
from scorer.games import Game
from scorer.games.piedicavallo.messages import REQUESTS
from scorer.games.piedicavallo.talk import CURRENT_TRICK
from scorer.games.pinch.messages import TERMS as PINCH_TERMS
from scorer.games.replay import Replay
from scorer.messages import render
from scorer.report import Report
from scorer.wording import wording


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


@pytest.mark.parametrize(
    ("game", "code", "facts"),
    [
        ("nice3", "CARD_NOT_IN_PACK", {"pack_size": 78}),
        ("piedicavallo", "CARD_NOT_IN_PACK", {"pack_size": 62}),
        ("piemonte3", "CARD_NOT_IN_PACK", {"pack_size": 78}),
        ("nice3", "TOO_MANY_TRICKS", {"tricks": 25, "players": 3}),
        ("minchiate", "TOO_MANY_TRICKS", {"tricks": 21, "players": 4}),
        ("pinch", "TOO_MANY_TRICKS", {"tricks": 39, "players": 2}),
    ],
)
def test_the_pack_and_the_hand_are_numbers_not_phrases(
    game: str, code: str, facts: dict[str, int]
) -> None:
    """The pack and the hand were facts in English ("the 78-card pack", "a hand of
    nice3"); now numbers, and the game's template names its pack and its hand."""
    reports, [finding] = _verified(game, code)
    assert not {"pack_name", "hand_name"} & set(finding.facts)
    assert facts.items() <= finding.facts.items()
    assert _api_facts(reports[0], code)[0].items() >= facts.items()


def test_pinch_derived_hands_name_seats_only() -> None:
    reports, [finding] = _verified("pinch", "HANDS_DERIVED")
    assert "names" not in finding.facts
    players = reports[0].players
    names = " and ".join(players[seat] for seat in finding.facts["seats"])
    assert finding.message == f"the deal of {names} is derived from the play and the draws"


def test_pinch_melds_are_keys_and_values() -> None:
    _, [finding] = _verified("pinch", "MELD_REPEATED")
    assert finding.facts == {"meld": ("four", "C")}
    assert finding.message.startswith("Bruno declares four cavaliers again;")
    reports, [finding] = _verified("pinch", "UNDECLARED_MELD")
    assert finding.facts == {"missed": (("trumps", 10),)}
    assert "held 10 trumps at a moment to meld" in finding.message
    assert _api_facts(reports[0], "UNDECLARED_MELD") == [{"missed": [["trumps", 10]]}]


def test_pinch_meld_terms_word_every_meld_in_the_records_suits() -> None:
    missed = ("gatti", ("family", 1), ("three", "C"), ("four", "K"), ("trumps", 12))
    said = render("{missed:terms}", {"missed": missed}, wording("french"), (), terms=PINCH_TERMS)
    assert said == "gatti, the family of clubs, three cavaliers, four kings, 12 trumps"


def _golden_text(game: str, code: str, old: str, new: str) -> str:
    """The golden record of ``code`` in ``game`` with ``old`` written ``new``."""
    text = (golden_findings.RECORDS / game / f"{code}.txt").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_the_words_a_line_may_take_are_a_list() -> None:
    """A word that is no meld (pinch) or declaration (Nice) is answered with the words that
    are, given as a list of the notation's words."""
    text = _golden_text("pinch", "MELD_REPEATED", "meld Bruno: three", "meld Bruno: sequence")
    report = get_game("pinch").verify(read(text)[0].record)
    [finding] = [f for f in report.findings if f.template == "BAD_MELD.word"]
    assert finding.facts["kinds"] == ("trumps", "gatti", "family", "four", "three")
    assert finding.message == (
        "'sequence' is not a meld of pinch (trumps, gatti, family, four, three)"
    )
    text = _golden_text("nice4", "DUPLICATE_DECLARATION", "Anna: 10-tarocche", "Anna: sequence")
    report = get_game("nice4").verify(read(text)[0].record)
    [finding] = [f for f in report.findings if f.template == "BAD_DECLARATION"]
    assert isinstance(finding.facts["names"], tuple) and "mitigatti" in finding.facts["names"]
    assert finding.message == (
        f"'sequence' is not a declaration of nice4 ({', '.join(finding.facts['names'])})"
    )


def test_minchiate_sections_and_versicole_are_keys() -> None:
    _, [finding] = _verified("minchiate", "UNKNOWN_CARD")
    assert finding.facts == {"what": "faceup"}
    assert finding.message == "the face-up cards must be written in full"
    _, [finding] = _verified("minchiate", "DUPLICATE_CARD")
    assert finding.facts == {"what": "hands"} and finding.message.endswith("(hands)")
    _, [finding] = _verified("minchiate", "VERSICOLA_SHORTER_THAN_HELD")
    assert finding.facts["kind"] == "papi"
    assert "held the longer versicola dei papi 1 2 3 4" in finding.message


def test_piedicavallo_a_request_is_its_word() -> None:
    _, [finding] = _verified("piedicavallo", "REMARK_OUT_OF_BOUNDS")
    assert finding.facts == {"said": "farlo", "request": "farlo"}
    assert "a request about this trick (win this trick) needs" in finding.message


def test_every_request_of_the_table_talk_has_its_words() -> None:
    assert set(REQUESTS) == {*CURRENT_TRICK, "play"}


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


def _state_classes(game: Game) -> Iterator[type[Replay]]:
    """The classes that say the game's findings: those with the game's table of templates."""
    todo = [Replay]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.templates is game.templates:
            yield cls


@pytest.mark.parametrize("entry", golden_findings.load(), ids=golden_findings.entry_id)
def test_every_golden_finding_is_its_template_filled_from_its_facts(entry: dict[str, Any]) -> None:
    """The API's promise (#22.5): the template named by a finding and its facts give its
    sentence word for word (with the game's terms and its word for the trumps), so nothing
    the sentence says is missing from the facts."""
    game = get_game(entry["game"])
    states = [(cls.terms, cls.trumps_name) for cls in _state_classes(game)]
    assert states and all(state == states[0] for state in states)
    terms, trumps = states[0]
    text = (golden_findings.RECORDS / entry["file"]).read_text(encoding="utf-8")
    records = [item.record for item in read(text)]
    if entry.get("built_lines"):
        records = [golden_findings._with_built_lines(records[0], text, entry["built_lines"])]
    reports = [game.verify(record, entry.get("options") or None) for record in records]
    said = [(report, f) for report in reports for f in report.findings]
    if entry.get("session"):
        said += [(reports[hand - 1], f) for hand, f in build_ledger(records, reports).findings]
    words = game.wording(records[0])
    for report, finding in said:
        template = game.templates.get(finding.template)
        if template is None:  # added outside the engine (a claim, the ledger's G-6)
            continue
        again = render(template, finding.namespace(), words, report.players, trumps, terms)
        assert again == finding.message.split("; proved by")[0], finding
