"""The reference game (``tests/reference_game/``), held to what every engine is held to.

The reference game is the small plain trick game ``docs/adding-a-game.md`` builds step by
step. It is offered to no user: :func:`game` registers it (:func:`scorer.games.register`)
while this module's tests run and takes it out after. The tests that hold every registered
engine to the contracts (``tests/test_engine_contract.py``, ``tests/test_hand_api.py``, the
package checks of ``tests/test_import_graph.py``) run on it here as they are, and the
golden findings, the rulings its findings cite and its part of ``docs/notation.md`` are
checked as the guide says a new game's are: so the guide's game stays a working one.
"""

from __future__ import annotations

import doctest
import importlib
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import findingcodes
import golden_findings
import pytest
import test_api
import test_campaign
import test_director_forms
import test_disputes
import test_engine_contract as contract
import test_hand_api as hand_api
import test_helppages
import test_import_graph as graph
import test_notation
import test_pages
import test_seating
import test_where_messages
from conftest import Tournament
from finding_rulings import CITES, cited
from flask.testing import FlaskClient
from reference_game import Reference

from records.mutate import MUTATIONS, mutate
from records.notation import read, read_one
from records.store import Store
from records.writer import write
from scorer import GAMES, Game, Status
from scorer.cards import CARDS
from scorer.games import register, unregister
from scorer.rulings import RULINGS

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "reference_game"
KEY = "reference"
#: The golden finding entries of the reference game (as ``tests/golden/findings.json`` holds
#: a registered game's), their records under ``tests/golden/findings/reference/``.
GOLDEN = ROOT / "tests" / "golden" / "reference_findings.json"
#: Its part of ``docs/notation.md``, as the guide has a new game add it there.
NOTATION = FOLDER / "notation.md"
#: The lines the guide has a new game add to the tables of ``tests/finding_rulings.py``: the
#: codes whose ruling differs by game, with the reference game's.
CITES_OF_THE_GAME = {
    "MUST_FOLLOW_SUIT": "REF-2",
    "MUST_FOLLOW_TRUMPS": "REF-2",
    "MUST_TRUMP": "REF-2",
    "WRONG_HAND_SIZE": "REF-1",
    "CLAIM_MISMATCH": "REF-4",
}


@pytest.fixture(scope="module")
def game() -> Iterator[Game]:
    """The reference game, registered while the module's tests run and taken out after
    (where a scratch branch has made it one of the engines, as the guide's last step does,
    the engine registered)."""
    if KEY in GAMES:
        yield GAMES[KEY]
        return
    reference = Reference()
    register(reference)
    try:
        yield reference
    finally:
        unregister(KEY)


# -- the contracts every engine meets ------------------------------------------------------
CONTRACTS: list[Callable[[Game], None]] = [
    contract.test_a_revoke_without_the_deal_names_the_trick_that_proves_it,
    contract.test_payments_are_zero_sum,
    contract.test_a_played_out_hand_shares_the_point_total,
    contract.test_the_notation_round_trip_keeps_record_and_report,
    contract.test_a_verified_report_is_freed_without_the_cycle_collector,
    contract.test_a_card_dealt_twice_is_stopped_at_with_its_place_and_seat,
    contract.test_an_unknown_card_in_a_hand_line_is_stopped_at_with_its_seat,
    contract.test_the_entry_shape_is_the_games_own,
    contract.test_every_option_value_is_accepted_from_the_caller_and_the_tag,
    contract.test_an_option_value_not_allowed_is_refused_with_its_values_and_ruling,
]
HAND_API: list[Callable[[str], None]] = [
    hand_api.test_stepping_a_record_card_by_card_gives_its_replay,
    hand_api.test_each_seat_holds_what_it_has_yet_to_play,
    hand_api.test_a_checked_play_refuses_an_illegal_card_and_changes_nothing,
    hand_api.test_a_card_not_held_is_refused,
    hand_api.test_a_record_that_does_not_reach_the_play_has_no_hand,
]
HAND_API_PATCHED: list[Callable[[str, pytest.MonkeyPatch], None]] = [
    hand_api.test_every_game_reaches_the_play_by_one_step,
    hand_api.test_unwritten_hands_come_from_the_engines_first_pass,
]


@pytest.mark.parametrize("check", CONTRACTS, ids=lambda check: check.__name__)
def test_the_engine_contract(game: Game, check: Callable[[Game], None]) -> None:
    check(game)


@pytest.mark.parametrize("check", HAND_API, ids=lambda check: check.__name__)
def test_the_hand_api(game: Game, check: Callable[[str], None]) -> None:
    check(game.key)


@pytest.mark.parametrize("check", HAND_API_PATCHED, ids=lambda check: check.__name__)
def test_the_hand_api_in_one_step(
    game: Game, check: Callable[[str, pytest.MonkeyPatch], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    check(game.key, monkeypatch)


# -- the tests over every registered game ---------------------------------------------------
BY_KEY: list[Callable[[str], None]] = [
    test_campaign.test_small_campaign_per_game,
    test_disputes.test_every_game_checks_and_explains_a_claim_of_its_payments,
    test_disputes.test_every_game_names_the_proof_of_a_revoke_without_the_deal,
    test_notation.test_the_writer_writes_a_line_kept_as_tokens_as_its_items_say,
    test_where_messages.test_every_game_words_every_place_a_card_can_be,
    test_seating.test_random_hands_written_reversed_are_told_their_order,
]
PAGES: list[Callable[[FlaskClient, str], None]] = [
    test_api.test_rules_of_one_game,
    test_helppages.test_a_rules_page_shows_the_example_and_the_editor_opens_it,
    test_pages.test_rules_page_per_game,
]


@pytest.mark.parametrize("check", BY_KEY, ids=lambda check: check.__name__)
def test_what_every_registered_game_is_held_to(game: Game, check: Callable[[str], None]) -> None:
    check(game.key)


@pytest.mark.parametrize("check", PAGES, ids=lambda check: check.__name__)
def test_its_pages(
    game: Game, client: FlaskClient, check: Callable[[FlaskClient, str], None]
) -> None:
    check(client, game.key)


def test_its_session_pages_and_forms(
    game: Game, client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    test_pages.test_every_game_gets_its_pages(client, store, tournament, game.key)
    test_director_forms.test_the_session_form_offers_each_options_values_with_its_ruling(
        client, tournament, game.key
    )


def test_the_loops_over_every_registered_game(
    game: Game, client: FlaskClient, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tests that loop over the registry themselves, run while it holds the game."""
    test_seating.test_every_game_can_be_reseated()
    test_pages.test_face_style_per_game(monkeypatch)
    test_director_forms.test_the_session_form_names_seats_as_the_entry_page_does(client, tournament)


def test_random_records_verify_clean_and_alike_each_time(game: Game) -> None:
    """The generator's records are legal and played out; a record drawn twice from one
    seed is the same, and verifying it twice gives the same report."""
    for seed in range(20):
        record = game.random_record(random.Random(seed))
        assert record == game.random_record(random.Random(seed))
        report = game.verify(read_one(write(record)).record)
        assert report.status is Status.CLEAN, [f.message for f in report.findings]
        assert len(report.tricks) == 26 and sum(report.settlement) == 0
        again = game.verify(read_one(write(record)).record)
        assert contract.report_fields(report) == contract.report_fields(again)


def test_a_claim_of_the_right_settlement_draws_no_finding(game: Game) -> None:
    text = contract.random_text(game.key, 0)
    report = game.verify(read_one(text).record)
    claim = " ".join(f"{p} {a:+d}" for p, a in zip(report.players, report.settlement, strict=True))
    claimed = game.verify(read_one(text + f"claim {game.claim_field}: {claim}\n").record)
    assert claimed.findings == []
    amounts = list(report.settlement)
    amounts[0], amounts[1] = amounts[0] + 3, amounts[1] - 3
    wrong = " ".join(f"{p} {a:+d}" for p, a in zip(report.players, amounts, strict=True))
    mismatched = game.verify(read_one(text + f"claim {game.claim_field}: {wrong}\n").record)
    assert [(f.code, f.rule) for f in mismatched.findings] == [("CLAIM_MISMATCH", "REF-4")] * 2


def _trick_lines(text: str) -> dict[int, int]:
    """Trick number -> index of its line in ``text.split("\\n")``."""
    lines = text.split("\n")
    return {int(line.split(".")[0]): i for i, line in enumerate(lines) if line[:1].isdigit()}


def test_a_revoke_and_a_card_not_held_cite_their_rulings(game: Game) -> None:
    """A card of another player is impossible (G-2, the replay stops there); a card held
    against the rule of play is a violation of REF-2, scored as played (G-1)."""
    text = contract.random_text(game.key, 3)
    lines = text.split("\n")
    index = _trick_lines(text)[1]
    number, cards = lines[index].split(". ")
    first, second, third = cards.split()
    lines[index] = f"{number}. {first} {third} {second}"  # each plays the other's card
    report = game.verify(read_one("\n".join(lines)).record)
    [error] = report.errors
    assert (error.code, error.rule, error.trick) == ("CARD_NOT_HELD", "G-2", 1)
    found = contract.a_proved_revoke(game)
    assert found is not None
    revoked = found[1]
    revokes = [f for f in revoked.findings if f.code in contract.REVOKE_CODES]
    assert revokes and {f.rule for f in revokes} == {"REF-2"}
    assert revoked.status is Status.FLAGGED and revoked.lines


# -- the golden findings, the rulings they cite --------------------------------------------
def _entries() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return entries


@pytest.mark.parametrize("entry", _entries(), ids=golden_findings.entry_id)
def test_golden_findings(game: Game, entry: dict[str, Any]) -> None:
    observed = golden_findings.observe(entry)
    assert entry["code"] in {finding["code"] for finding in observed["findings"]}
    assert observed == {"notation_errors": entry["notation_errors"], "findings": entry["findings"]}


def test_every_code_the_package_names_has_a_golden() -> None:
    named = findingcodes.codes_in_source(FOLDER)
    covered = {entry["code"] for entry in _entries()}
    assert set(named) - covered == set(), set(named) - covered
    assert all(entry["game"] == KEY for entry in _entries())


@pytest.fixture
def cites(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tests/finding_rulings.py`` with the reference game's lines added, as the guide says."""
    for code, ruling in CITES_OF_THE_GAME.items():
        value = CITES[code]
        assert isinstance(value, dict), code
        monkeypatch.setitem(CITES, code, {**value, KEY: ruling})


def _findings(game: Game) -> Iterator[Any]:
    """The findings of the golden records and of random records with a typed mistake."""
    for entry in _entries():
        text = (golden_findings.RECORDS / entry["file"]).read_text(encoding="utf-8")
        for item in read(text):
            if item.record is not None:
                yield from game.verify(item.record).findings
    rng = random.Random(32)
    for seed in range(4):
        text = contract.random_text(game.key, seed)
        for kind in MUTATIONS:
            changed = mutate(text, kind, rng)
            for item in read(changed or ""):
                if item.record is not None and not item.errors:
                    yield from game.verify(item.record).findings


@pytest.mark.usefixtures("cites")
def test_each_finding_cites_the_ruling_the_table_gives(game: Game) -> None:
    seen = set()
    for finding in _findings(game):
        expected = cited(KEY, finding.code, finding.variant, finding.facts)
        assert finding.rule == expected, (finding.code, finding.rule, expected)
        assert expected is None or (expected in game.rulings and expected in RULINGS)
        seen.add(finding.code)
    assert {"CARD_NOT_HELD", "WRONG_HAND_SIZE", "PARTIAL_RECORD"} <= seen, seen


# -- the package and its documentation -----------------------------------------------------
@pytest.mark.parametrize("name", sorted(path.stem for path in FOLDER.glob("*.py")))
def test_doctests(name: str) -> None:
    module = importlib.import_module(
        f"reference_game.{name}" if name != "__init__" else "reference_game"
    )
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


def test_the_package_says_what_is_public() -> None:
    graph.says_what_is_public(FOLDER, "reference_game")


def test_the_package_points_one_way_without_a_cycle() -> None:
    imports = graph.import_graph(FOLDER)
    graph.points_one_way(imports, "reference_game")
    assert graph.find_cycle(imports) is None


def test_the_rulings_and_options_are_data_of_its_rules() -> None:
    from reference_game import rules

    assert Reference.rulings is rules.RULINGS and Reference.options is rules.OPTIONS
    assert Reference.own_rulings is rules.OWN_RULINGS
    assert set(Reference.entry.lead_rulings if Reference.entry else ()) <= set(rules.RULINGS)


def test_its_part_of_the_notation_names_its_keywords_and_options(game: Game) -> None:
    """The part the guide has a new game add to docs/notation.md: under the heading the
    contract tests find (``## Title (`key`)``), each keyword and option value named."""
    section = contract._doc_section(NOTATION.read_text(encoding="utf-8"), game.key)
    assert section.startswith(f"(`{game.key}`)\n")
    for keyword in game.keywords:
        assert f"`{keyword}" in section, keyword
    for option in game.options:
        assert option.ruling in game.rulings and option.name in section
        assert all(value in section for value in option.values), option


def test_its_own_rulings_are_in_the_catalogue_while_it_is_registered(game: Game) -> None:
    for ruling in game.own_rulings:
        assert RULINGS[ruling.id] is ruling
    assert {ruling.id for ruling in game.own_rulings} <= set(game.rulings)


@pytest.mark.parametrize("seed", range(3))
def test_a_whole_hand_through_the_action_api(game: Game, seed: int) -> None:
    """The guide's `actions` step: a hand dealt from a shuffled pack and played through
    ``legal_actions`` and ``apply`` alone ends in the report its written record gives."""
    rng = random.Random(seed)
    deck = [card for card in CARDS if game.entry is not None and game.entry.pack >> card & 1]
    rng.shuffle(deck)
    state = game.start_hand(["Anna", "Bruno", "Carla"], seed % 3, deck)
    applied = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        applied += 1
    assert applied == 78  # REF-1: the whole pack, a card at a time
    result = state.result()
    again = game.verify(read_one(write(state.record())).record)
    assert result.status is again.status is Status.CLEAN
    assert result.settlement == again.settlement and sum(result.settlement) == 0  # REF-4
