"""The rules pages for players, the glossary and the notation for a beginner (#33.5-7):
in every language, with no module path, class name, docstring or rule-text file name, the
rulings in full, the rule text cited as it names itself, and every term of the glossary
linked from a page that uses it."""

from __future__ import annotations

import html
import re

import pytest
from browserkit import PLAYERS, REVOKE_TOUR
from click.testing import CliRunner
from conftest import Tournament
from flask.testing import FlaskClient
from test_pages import csrf

from records import service
from records.glossary import TERMS
from records.rulebook import rulebook
from records.store import Store
from scorer.games import GAMES
from scorer.rulings import RULINGS
from tarocco.cli import main

LANGUAGES = ["en", "it", "fr"]
#: What a page for players never shows: the code's own names and the files behind it.
PROGRAMMERS = re.compile(
    r"scorer\.|records\.|web\.|:mod:|``|\bdocstring|Hand API|shared/|seeds/|\bthe seed\b"
    r"|\b[0-9a-f_]{10,}\.txt|\b[A-Z][a-z]+(?:Hand|Replay|Play|Game|Spec|Table|Rules)\b"
)


def page(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def main_part(text: str) -> str:
    return text[text.index('<main id="main">') : text.index("</main>")]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_rules_page_is_for_players(client: FlaskClient, game: str, language: str) -> None:
    """In brief, the options, every ruling in full, the example and the source; none of the
    programmer's words."""
    text = main_part(page(client, f"/rules/{game}?lang={language}"))
    assert PROGRAMMERS.search(text) is None, PROGRAMMERS.search(text)
    book = rulebook(game, language)
    unescaped = html.unescape(re.sub(r"<[^>]+>", "", text))
    for aspect in book.brief:
        assert aspect.label in unescaped and aspect.text in unescaped
    for ruling in (*book.own, *book.general):
        assert f'id="{ruling.id}"' in text
        assert ruling.text.replace("`", "") in unescaped, ruling.id  # in full, not one line
    source = GAMES[game].source
    assert html.escape(source.title, quote=False) in text
    assert all(html.escape(part, quote=False) in text for part in (source.author, source.site))
    assert 'href="/glossary#' in text


def test_the_rules_pages_say_the_rulings_in_the_language(client: FlaskClient) -> None:
    italian = page(client, "/rules/minchiate?lang=it")
    assert "La regola del Re" in italian and RULINGS["MIN-12"].title not in italian
    assert '<h2 id="in-brief">Il gioco in breve</h2>' in italian
    french = page(client, "/rules/nice4?lang=fr")
    assert "Mitigatti de Nice, quatre joueurs" in french and "Tarot Games" in french
    index = page(client, "/rules?lang=fr")
    assert "Tarocchi de Piedicavallo" in index and 'href="/glossary"' in index


def test_tarocco_rules_prints_the_rulings_in_full_and_the_source() -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["rules", "pinch", "--lang", "en"]).output
    assert PROGRAMMERS.search(out) is None
    assert "Sbiro.eu" in out and "tarocco random pinch --seed" in out
    assert " ".join(RULINGS["PINCH-6"].text.split()[:12]) in " ".join(out.split())
    italian = runner.invoke(main, ["rules", "minchiate", "--lang", "it"]).output
    assert "La regola del Re" in italian and "mazzetti" in italian
    listing = runner.invoke(main, ["rules", "--lang", "fr"]).output
    assert "Tarocchi de Piedicavallo" in listing and "seed" not in listing


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_glossary_lists_every_term_at_its_anchor(client: FlaskClient, language: str) -> None:
    text = page(client, f"/glossary?lang={language}")
    for term in TERMS.values():
        assert f'<dt id="{term.key}"><dfn>{html.escape(term.word(language))}</dfn>' in text
    assert PROGRAMMERS.search(main_part(text)) is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_term_is_linked_and_every_link_lands(client: FlaskClient, language: str) -> None:
    """Every term the glossary lists is linked from a page that uses it (the rules pages),
    and every link to the glossary, there and on the notation page, is to one of its
    anchors."""
    anchors = set(re.findall(r'<dt id="([\w-]+)">', page(client, f"/glossary?lang={language}")))
    assert anchors == set(TERMS)
    linked: set[str] = set()
    for url in [*(f"/rules/{game}" for game in GAMES), "/rules", "/notation"]:
        links = set(re.findall(r'href="/glossary#([^"]*)"', page(client, f"{url}?lang={language}")))
        assert links <= anchors, (url, links - anchors)
        linked |= links
    assert sorted(anchors - linked) == []


def test_a_hand_s_findings_and_payments_link_their_terms(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """Under a hand's score: the words of the game its findings and payments use."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 2", "t")
    hand = service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id
    text = page(client, f"/hands/{hand}")
    terms = re.search(r'<p class="terms-used muted">(.*?)</p>', text)
    assert terms is not None
    assert 'href="/glossary#' in terms.group(1)


def test_a_verified_minchiate_hand_links_its_terms(client: FlaskClient) -> None:
    record = CliRunner().invoke(main, ["random", "minchiate", "--seed", "3"]).output
    client.get("/?lang=it")
    form = {"csrf_token": csrf(client), "text": record}
    text = client.post("/verify", data=form).get_data(as_text=True)
    terms = re.search(r'<p class="terms-used muted">Parole del gioco: (.*?)</p>', text)
    assert terms is not None and 'href="/glossary#' in terms.group(1)


@pytest.mark.parametrize(
    ("language", "heading", "line"),
    [
        ("en", "Your first record", "What each line means"),
        ("it", "La vostra prima registrazione", "Che cosa vuol dire ogni riga"),
        ("fr", "Votre premier relevé", "Ce que veut dire chaque ligne"),
    ],
)
def test_the_notation_begins_with_a_first_record(
    client: FlaskClient, language: str, heading: str, line: str
) -> None:
    text = page(client, f"/notation?lang={language}")
    first = text.index(f'<h1 id="first-record">{heading}</h1>')
    assert first < text.index(line) < text.index('id="reference"') < text.index("<article")
    assert "bargain 2: pass pass pass" in text
    record = re.search(r'<pre tabindex="0" role="region"[^>]*><code>(.*?)</code>', text, re.S)
    assert record is not None
    verdict = client.post("/api/verify", json={"text": html.unescape(record.group(1))})
    assert verdict.get_json()["records"][0]["report"]["status"] == "thrown-in"
