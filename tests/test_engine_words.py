"""The engine's words in Italian and French (#33): the ``engine`` catalogs complete, each
translation with its msgid's placeholders, and a finding or a score line worded in the
language asked for by the API (``Accept-Language``) and the command line (``--lang``,
``LANG``), its code, template and facts unchanged."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner
from conftest import Tournament
from flask.testing import FlaskClient

from records.engine_catalog import POT, engine_messages
from records.language import TRANSLATIONS
from records.notation import read, read_one
from records.schemas import dump_report
from records.words import count_field, local_wording, word_json, word_line
from scorer.cards import Card
from scorer.games import get_game
from tarocco.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
REVOKE = (EXAMPLES / "nice4" / "revoke.txt").read_text()
TRANSLATED = ["it", "fr"]


def catalog(language: str) -> Any:
    path = TRANSLATIONS / language / "LC_MESSAGES" / "engine.po"
    with path.open("rb") as source:
        return read_po(source, locale=language)


def placeholders(text: str) -> set[tuple[str, str, str]]:
    """The fields of a template, each with its format and conversion."""
    return {
        (name, spec or "", conversion or "")
        for _, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    }


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_engine_message_is_translated(language: str) -> None:
    """Every template, score line, term and card word of the engine's tables is in the
    language's catalog, translated and not fuzzy; a counted one has every plural form."""
    po = catalog(language)
    entries = {(m.context or "", m.id if isinstance(m.id, str) else m.id[0]): m for m in po if m.id}
    wanted = [(context, message) for context, message, _ in engine_messages()]
    assert [key for key in wanted if key not in entries] == [], "see docs/translating.md"
    untranslated = [
        key
        for key in wanted
        if entries[key].fuzzy
        or not entries[key].string
        or (isinstance(entries[key].string, tuple) and not all(entries[key].string))
    ]
    assert untranslated == []
    plural = [key for key in wanted if isinstance(entries[key].id, tuple)]
    assert plural == [(c, m) for c, m in wanted if count_field(m) is not None]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_the_placeholders_of_its_msgid(language: str) -> None:
    wrong = []
    for message in catalog(language):
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        wrong += [(msgid, form) for form in forms if placeholders(form) != placeholders(msgid)]
    assert wrong == []


def test_the_template_catalog_is_current() -> None:
    """engine.pot holds exactly the engine's messages (`python -m records.engine_catalog`
    writes it again)."""
    with POT.open("rb") as source:
        pot = read_po(source)
    written = {(m.context or "", m.id if isinstance(m.id, str) else m.id[0]) for m in pot if m.id}
    assert written == {(context, message) for context, message, _ in engine_messages()}


def test_cards_are_named_in_the_language_and_as_each_game_says() -> None:
    king, queen, fool = Card.parse("KS"), Card.parse("QC"), Card.parse("Fool")
    assert local_wording("it", "italian").card(king) == "Re di spade"
    assert local_wording("it", "italian", "minchiate").card(queen) == "Donna di coppe"
    assert local_wording("it", "italian").card(fool) == "il Matto"
    assert local_wording("it", "french").card(king) == "Re di picche"
    assert local_wording("it", "italian").ordinal(2) == "2º"
    assert local_wording("fr", "italian").card(king) == "Roi d'épée"
    assert local_wording("fr", "italian", "nice").card(fool) == "l'Excuse"
    assert local_wording("fr", "italian", "pinch").card(fool) == "le Fou"
    assert local_wording("fr", "french").card(queen) == "Dame de cœur"
    assert local_wording("fr", "italian").ordinal(1) == "1er"
    assert local_wording("en", "italian").card(king) == "KS"  # English: the engine's own


def _report(text: str) -> dict[str, Any]:
    record = read_one(text).record
    assert record is not None
    return dump_report(get_game(record.game).verify(record))


def test_english_is_left_as_it_is() -> None:
    report = _report(REVOKE)
    assert word_json(report, "en") is report


def _verify(client: FlaskClient, language: str | None) -> tuple[Any, dict[str, Any]]:
    headers = {"Accept-Language": language} if language else {}
    response = client.post("/api/verify", json={"text": REVOKE}, headers=headers)
    assert response.status_code == 200
    return response, response.get_json()["records"][0]["report"]


@pytest.mark.parametrize(
    ("language", "sentence", "line"),
    [
        (
            "it",
            "Anna ha giocato I (la Bagatte) ma aveva denari e doveva rispondere al seme",
            "Partida: la parte del dichiarante perde con 33 su 72 (ne servono 37); "
            "1 marca per avversario",
        ),
        (
            "fr",
            "Anna a joué I (la Bagatte) mais avait des deniers et devait fournir",
            "Partida : le camp du déclarant perd avec 33 sur 72 (37 requis) ; 1 marca par "
            "adversaire",
        ),
    ],
)
def test_the_api_words_a_revoke_in_the_accept_language(
    client: FlaskClient, language: str, sentence: str, line: str
) -> None:
    """The revoke's sentence and the score line in the language asked for; its code,
    template, facts and ruling as in English; the answer says its language."""
    english_response, english = _verify(client, None)
    response, report = _verify(client, f"{language}-CH, {language};q=0.9, en;q=0.5")
    [finding], [english_finding] = report["findings"], english["findings"]
    assert finding["message"] == sentence
    for key in ("code", "template", "facts", "rule", "line", "column", "cards", "legal"):
        assert finding[key] == english_finding[key]
    assert english_finding["message"].startswith("Anna played I (the Bagatto) but held coins")
    assert [entry["label"] for entry in report["lines"]] == [line]
    assert report["lines"][0]["amounts"] == english["lines"][0]["amounts"]
    assert response.headers["Content-Language"] == language
    assert english_response.headers["Content-Language"] == "en"
    assert "Accept-Language" in response.headers["Vary"]


def test_a_score_line_in_italian() -> None:
    """A line worded from its template and facts: the players' payments of a bargain
    (piemonte3, PIE3-4), each a term over a seat and an amount."""
    record = read_one((EXAMPLES / "piemonte3" / "bargains.txt").read_text().split("\n\n")[0])
    assert record.record is not None
    report = get_game("piemonte3").verify(record.record)
    [line] = report.lines
    assert line.label.startswith("Bargain after round 2: demands equal offers (5)")
    assert word_line(line, report.game, report.players, "it") == (
        "Contrattazione dopo il giro 2: le richieste pareggiano le offerte (5), la mano è "
        "annullata; Anna riceve 5, Bruno paga 3, Carla paga 2"
    )
    assert word_line(line, report.game, report.players, "en") == line.label


def _first_tricks(text: str, tricks: int) -> str:
    """``text`` without its trick lines after the first ``tricks``: a partial record."""
    kept = []
    for line in text.splitlines():
        number = line.split(".")[0]
        if not (number.isdigit() and int(number) > tricks):
            kept.append(line)
    return "\n".join(kept) + "\n"


@pytest.mark.parametrize(("tricks", "said"), [(1, "1 riga di presa;"), (2, "2 righe di presa;")])
def test_a_count_chooses_the_plural_form(tricks: int, said: str) -> None:
    report = word_json(_report(_first_tricks(REVOKE, tricks)), "it")
    [message] = [f["message"] for f in report["findings"] if f["code"] == "PARTIAL_RECORD"]
    assert said in message


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_example_is_worded_whole(language: str) -> None:
    """Every example's findings and lines in the language, with no field left unfilled."""
    worded = 0
    for path in sorted(EXAMPLES.glob("*/*.txt")):
        for parsed in read(path.read_text()):
            if parsed.record is None or parsed.errors:
                continue
            report = dump_report(get_game(parsed.record.game).verify(parsed.record))
            said = word_json(report, language)
            texts = [f["message"] for f in said["findings"]] + [x["label"] for x in said["lines"]]
            assert [text for text in texts if "{" in text] == [], path
            worded += texts != [f["message"] for f in report["findings"]] + [
                x["label"] for x in report["lines"]
            ]
    assert worded > 50


def test_the_command_line_follows_lang_and_the_environment(tmp_path: Path) -> None:
    runner = CliRunner()
    record = tmp_path / "revoke.txt"
    record.write_text(REVOKE)
    italian = "Anna ha giocato I (la Bagatte) ma aveva denari"
    chosen = runner.invoke(main, ["verify", "--lang", "it", str(record)])
    assert italian in chosen.output
    environment = {"LANG": "it_IT.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
    assert italian in runner.invoke(main, ["verify", str(record)], env=environment).output
    english = runner.invoke(main, ["verify", "--lang", "en", str(record)], env=environment)
    assert "Anna played I (the Bagatto) but held coins" in english.output
    assert chosen.exit_code == english.exit_code == 1
    french = runner.invoke(main, ["verify", "--lang", "fr", str(record)])
    assert "Anna a joué I (la Bagatte) mais avait des deniers et devait fournir" in french.output
    assert "le camp du déclarant perd avec 33 sur 72" in french.output
    assert "(jouables\u00a0: As de denier, 4 de denier)" in french.output
    as_json = runner.invoke(main, ["verify", "--json", "--lang", "fr", str(record)])
    [finding] = json.loads(as_json.output)["records"][0]["report"]["findings"]
    assert finding["message"].startswith("Anna a joué I (la Bagatte)")
    assert (finding["code"], finding["template"], finding["facts"]) == (
        "MUST_FOLLOW_SUIT",
        "MUST_FOLLOW_SUIT",
        {"led": 3},
    )


def test_the_verify_page_words_the_engine_in_the_page_language(client: FlaskClient) -> None:
    """The page's findings and score lines in its language (?lang=), marked
    ``data-engine-words`` (what a check for English left on a page leaves out)."""
    form = client.get("/verify?lang=fr").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form)
    assert token is not None
    page = client.post(
        "/verify?lang=fr", data={"csrf_token": token.group(1), "text": REVOKE}
    ).get_data(as_text=True)
    sentence = "Anna a joué I (la Bagatte) mais avait des deniers et devait fournir"
    assert re.search(r"<span class=\"message\" data-engine-words>" + re.escape(sentence), page)
    assert re.search(r"<span data-engine-words>.*le camp du déclarant perd", page)


def test_a_stored_hand_and_the_upload_answer_in_the_language_asked(
    client: FlaskClient, tournament: Tournament
) -> None:
    """A hand kept in the store (its report kept as English JSON) is worded when it is read,
    and so is the upload's answer."""
    made = client.post(
        f"/api/tournaments/{tournament.id}/sessions",
        json={"game": "nice4", "players": ["Anna", "Bruno", "Carla", "Dario"]},
        headers=tournament.headers,
    )
    session = made.get_json()["id"]
    uploaded = client.post(
        f"/api/sessions/{session}/hands",
        json={"text": REVOKE},
        headers={**tournament.headers, "Accept-Language": "it"},
    )
    assert uploaded.status_code == 201
    [hand] = uploaded.get_json()["hands"]
    [finding] = hand["findings"]
    assert finding["message"].startswith("Anna ha giocato I (la Bagatte)")
    italian = client.get(f"/api/hands/{hand['hand_id']}", headers={"Accept-Language": "it"})
    english = client.get(f"/api/hands/{hand['hand_id']}")
    assert italian.headers["Content-Language"] == "it"
    [said] = italian.get_json()["report"]["findings"]
    [english_finding] = english.get_json()["report"]["findings"]
    assert said["message"].startswith("Anna ha giocato I (la Bagatte)")
    assert english_finding["message"].startswith("Anna played I (the Bagatto)")
    assert said["facts"] == english_finding["facts"] and said["code"] == english_finding["code"]


def test_the_next_step_verdict_in_the_language_asked(client: FlaskClient) -> None:
    """POST /api/next: what the record being entered has wrong so far, in the language."""
    text = _first_tricks(REVOKE, 6)
    answer = client.post("/api/next", json={"text": text}, headers={"Accept-Language": "fr"})
    assert answer.headers["Content-Language"] == "fr"
    messages = [f["message"] for f in answer.get_json()["verdict"]["findings"]]
    assert "Anna a joué I (la Bagatte) mais avait des deniers et devait fournir" in messages


def test_facts_that_do_not_fill_the_template_keep_the_english() -> None:
    """A document another version of the engine wrote (a template with other facts) is
    left in English, never an error."""
    report = _report(REVOKE)
    [finding] = report["findings"]
    broken = {**report, "findings": [{**finding, "facts": {}}]}
    assert word_json(broken, "it")["findings"][0]["message"] == finding["message"]
