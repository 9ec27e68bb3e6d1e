"""The session ledger's own words in Italian and French (#33): its deal out of turn (G-6),
its entries' notes and the games' session summaries, through the API, the session page and
``tarocco verify --lang``; the code, template key and facts the same in every language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import PLAYERS
from click.testing import CliRunner
from conftest import Tournament
from flask.testing import FlaskClient

from records import service
from records.store import Store
from records.words import word_said, word_summary
from scorer.ledger import LedgerRow
from scorer.messages import LEDGER, Said
from tarocco.cli import main

ROOT = Path(__file__).resolve().parent.parent
CALLED_KING = (ROOT / "examples" / "nice4" / "called-king.txt").read_text()
#: The same hand again, its record stopped after trick 18: partial, not scored; and dealt by
#: Dario again, out of turn (G-6: Anna, the eldest, deals next).
PARTIAL = CALLED_KING[: CALLED_KING.index("19. ")]

DEALT_OUT_OF_TURN = {
    "it": "la mano 2 è distribuita da Dario; la distribuzione spetta a Anna",
    "fr": "la donne 2 est distribuée par Dario\u00a0; la donne revient à Anna",
}
DEALT_OUT_OF_TURN_EN = "hand 2 is dealt by Dario; the deal passes to Anna"
NOT_SCORED = {"it": "parziale: non conteggiata", "fr": "partielle\u00a0: non comptée"}
RULING = {
    "it": "decisione del direttore: dealt out of turn, agreed",
    "fr": "décision du directeur\u00a0: dealt out of turn, agreed",
}


def _session(store: Store, tournament: Tournament) -> int:
    """A session of two hands, the second dealt out of turn and partial, with a director's
    ruling after it."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 1", "t")
    results = service.upload(store, sid, f"{CALLED_KING}\n{PARTIAL}", "t")
    amounts = {p: 0 for p in PLAYERS} | {"Anna": 1, "Bruno": -1}
    reason = "dealt out of turn, agreed"
    service.add_ruling(store, sid, amounts, reason, "TD", results[1].hand_id, "t")
    return sid


def _ledger(client: FlaskClient, sid: int, language: str) -> dict[str, Any]:
    answer = client.get(f"/api/sessions/{sid}/ledger", headers={"Accept-Language": language})
    assert answer.status_code == 200
    assert answer.headers["Content-Language"] == language
    data: dict[str, Any] = answer.get_json()
    return data


@pytest.mark.parametrize("language", ["it", "fr"])
def test_the_api_words_the_ledgers_finding_and_notes(
    client: FlaskClient, store: Store, tournament: Tournament, language: str
) -> None:
    sid = _session(store, tournament)
    english, worded = _ledger(client, sid, "en"), _ledger(client, sid, language)
    [finding] = english["findings"]
    assert finding["message"] == DEALT_OUT_OF_TURN_EN
    [said] = worded["findings"]
    assert said["message"] == DEALT_OUT_OF_TURN[language]
    for key in ("code", "template", "facts", "rule", "hand"):
        assert said[key] == finding[key]
    assert finding["template"] == "DEALER_OUT_OF_TURN.rotation"
    assert finding["facts"] == {"hand": 2, "dealer": "Dario", "expected": "Anna"}

    notes = [(row["template"], row["facts"], row["note"]) for row in english["rows"]]
    assert notes[1:] == [
        ("ledger.partial", {}, "partial: not scored"),
        (
            "ledger.ruling",
            {"reason": "dealt out of turn, agreed"},
            "director's ruling: dealt out of turn, agreed",
        ),
    ]
    assert [row["note"] for row in worded["rows"]][1:] == [NOT_SCORED[language], RULING[language]]
    for row, other in zip(english["rows"], worded["rows"], strict=True):
        assert (row["template"], row["facts"], row["amounts"]) == (
            other["template"],
            other["facts"],
            other["amounts"],
        )


def test_the_session_export_and_page_word_them_too(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = _session(store, tournament)
    exported = client.get(f"/api/sessions/{sid}/export?format=json&lang=fr")
    assert exported.headers["Content-Language"] == "fr"
    ledger = exported.get_json()["ledger"]
    assert ledger["findings"][0]["message"] == DEALT_OUT_OF_TURN["fr"]
    assert [row["note"] for row in ledger["rows"]][1:] == [NOT_SCORED["fr"], RULING["fr"]]
    page = client.get(f"/sessions/{sid}?lang=it").get_data(as_text=True)
    assert DEALT_OUT_OF_TURN["it"] in page and NOT_SCORED["it"] in page


def test_tarocco_verify_in_french_words_the_ledger(tmp_path: Path) -> None:
    path = tmp_path / "session.txt"
    path.write_text(f"{CALLED_KING}\n{PARTIAL}")
    out = CliRunner().invoke(main, ["verify", "--lang", "fr", str(path)]).output
    assert DEALT_OUT_OF_TURN["fr"] in out and NOT_SCORED["fr"] in out
    assert "dealt by" not in out and "not scored" not in out
    # the command line's own headings, from the pages' catalog
    for french in ("joueurs\u00a0:", "constats\u00a0: aucun", "paiements (marca)\u00a0:"):
        assert french in out
    assert "comptes de la séance (marca, 10 chacun au départ (NICE-18))\u00a0:" in out
    assert "donne 2\u00a0: infraction DEALER_OUT_OF_TURN [G-6]" in out
    assert "PARTIELLE" in out and "CONFORME" in out
    english = ("players:", "findings:", "payments (", "points:", "session ledger", "hand 2:")
    assert not [heading for heading in english if heading in out]


def test_tarocco_verify_in_english_is_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "session.txt"
    path.write_text(f"{CALLED_KING}\n{PARTIAL}")
    out = CliRunner().invoke(main, ["verify", "--lang", "en", str(path)]).output
    assert "session ledger (marca, starting at 10 each (NICE-18)):" in out
    assert "  2     partial" in out and "partial: not scored" in out
    assert "  hand 2: violation DEALER_OUT_OF_TURN [G-6]: " + DEALT_OUT_OF_TURN_EN in out


def test_a_note_and_a_summary_line_keep_the_english_and_are_worded_again() -> None:
    note = Said.of(LEDGER, "ledger.abeyance", amount=3)
    assert note == "3 into abeyance (NICE-17)" and note.key == "ledger.abeyance"
    row = LedgerRow(1, None, (0,), (0,), 3, note, None, note.key, note.facts)
    assert row == LedgerRow(1, None, (0,), (0,), 3, "3 into abeyance (NICE-17)")
    assert word_said(row.note, row.template, row.facts, "nice3", "it") == (
        "3 messi in sospeso (NICE-17)"
    )
    # a director's own words (no key) stay as they are
    assert word_summary(["as agreed", note], "nice3", "fr") == [
        "as agreed",
        "3 mis en suspens (NICE-17)",
    ]


SIDES = {
    "it": ["parte del dichiarante (Bruno, Dario)", "avversari (Anna, Carla)"],
    "fr": ["camp du déclarant (Bruno, Dario)", "adversaires (Anna, Carla)"],
}


@pytest.mark.parametrize("language", ["it", "fr"])
def test_the_sides_names_in_the_language_asked(client: FlaskClient, language: str) -> None:
    def sides(language: str) -> list[dict[str, Any]]:
        headers = {"Accept-Language": language}
        answer = client.post("/api/verify", json={"text": CALLED_KING}, headers=headers)
        report: dict[str, Any] = answer.get_json()["records"][0]["report"]
        return list(report["sides"])

    english, worded = sides("en"), sides(language)
    assert [s["name"] for s in english] == [
        "declarer's side (Bruno, Dario)",
        "opponents (Anna, Carla)",
    ]
    assert [s["name"] for s in worded] == SIDES[language]
    assert [(s["template"], s["facts"]) for s in worded] == [
        ("declarer's side ({side:players})", {"side": ["Bruno", "Dario"]}),
        ("opponents ({side:players})", {"side": ["Anna", "Carla"]}),
    ]
    assert [(s["template"], s["facts"]) for s in english] == [
        (s["template"], s["facts"]) for s in worded
    ]
    out = CliRunner().invoke(main, ["verify", "--lang", language, "-"], input=CALLED_KING).output
    assert all(name in out for name in SIDES[language])


def test_a_minchiate_session_in_italian_its_rotation_and_summary() -> None:
    """Minchiate's own DEALER_OUT_OF_TURN (its giro's first deal, MIN-16) is another
    sentence than the ledger's (G-6): each is worded from its own template."""
    paths = [
        str(ROOT / "examples" / "minchiate" / f) for f in ("fool-lost.txt", "fool-replacement.txt")
    ]
    out = CliRunner().invoke(main, ["verify", "--lang", "it", *paths]).output
    assert "DEALER_OUT_OF_TURN [G-6]: la mano 2 è distribuita da Dario" in out
    assert "  2 partite: serie 1, giro 1, partita 2 di 4 (MIN-16)" in out
    assert "alla folla di Anna si pagano 2 resti (MIN-16)" in out
    assert "  in vantaggio: Bruno, Dario con +31 resti (MIN-15)" in out
