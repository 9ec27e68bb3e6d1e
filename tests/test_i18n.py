"""The pages in Italian and French (#33): the catalogs complete and the language chosen as
people expect (``?lang=``, then the remembered choice, then ``Accept-Language``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from web import create_app
from web.i18n import LANGUAGES, TRANSLATIONS, catalog

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def marked_messages() -> set[str]:
    """Every message the code and templates mark for translation, as ``pybabel extract``
    finds them with the project's ``babel.cfg``."""
    method_map = [
        ("web/**.py", "python"),
        ("tarocco/**.py", "python"),
        ("web/templates/**.html", "jinja2"),
    ]
    assert "[jinja2: web/templates/**.html]" in (ROOT / "babel.cfg").read_text()
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(ROOT), method_map):
        found.add(message if isinstance(message, str) else message[0])
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_marked_message_is_translated(language: str) -> None:
    """No message marked in the code is missing, untranslated or fuzzy in a catalog, and
    each translation keeps its placeholders (babel's own checks)."""
    path = TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as source:
        po = read_po(source, locale=language)
    translated = {m.id if isinstance(m.id, str) else m.id[0]: m for m in po if m.id}
    marked = marked_messages()
    assert marked, "nothing is marked for translation"
    assert sorted(marked - set(translated)) == [], "run the update step of docs/translating.md"
    assert [m.id for m in translated.values() if not m.string or m.fuzzy] == []
    assert [(m.id, errors) for m, errors in po.check()] == []


def page_language(client: FlaskClient, url: str, **headers: str) -> tuple[str, str]:
    page = client.get(url, headers=headers).get_data(as_text=True)
    match = re.search(r'<html lang="([a-z]+)"', page)
    skip = re.search(r'class="skip" href="#main">([^<]+)<', page)
    assert match and skip
    return match.group(1), skip.group(1)


@pytest.fixture
def client() -> FlaskClient:
    return create_app({"TESTING": True, "DATABASE": ":memory:"}).test_client()


def test_english_by_default(client: FlaskClient) -> None:
    assert page_language(client, "/") == ("en", "Skip to the content")


def test_the_browser_language_is_followed(client: FlaskClient) -> None:
    assert page_language(client, "/", **{"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.5"}) == (
        "fr",
        "Aller au contenu",
    )
    assert page_language(client, "/rules", **{"Accept-Language": "it"}) == (
        "it",
        "Vai al contenuto",
    )
    assert page_language(client, "/", **{"Accept-Language": "de, es"})[0] == "en"


def test_a_shared_link_chooses_and_the_choice_is_remembered(client: FlaskClient) -> None:
    answer = client.get("/notation?lang=it")
    assert "lang=it" in answer.headers["Set-Cookie"]
    assert {"Accept-Language", "Cookie"} <= set(answer.vary)
    # the next pages stay Italian, whatever the browser prefers, until another choice
    assert page_language(client, "/verify", **{"Accept-Language": "fr"})[0] == "it"
    assert page_language(client, "/?lang=fr")[0] == "fr"
    assert page_language(client, "/enter")[0] == "fr"
    assert page_language(client, "/?lang=xx", **{"Accept-Language": "it"})[0] == "fr"


def test_every_page_has_the_switch_with_the_current_language_marked(
    client: FlaskClient,
) -> None:
    for url in ("/", "/verify", "/rules", "/notation", "/enter", "/login"):
        page = client.get(url + "?lang=fr").get_data(as_text=True)
        switch = re.search(r'<nav aria-label="Langue" class="languages">(.*?)</nav>', page, re.S)
        assert switch, url
        links = re.findall(
            r'<a href="([^"]+)" lang="(\w+)"[^>]*?( aria-current="true")?>', switch.group(1)
        )
        assert [(code, bool(current)) for _href, code, current in links] == [
            ("en", False),
            ("it", False),
            ("fr", True),
        ], url
        assert all(
            href.startswith(url + "?") and href.endswith(f"lang={code}") for href, code, _ in links
        )


def test_a_catalog_compiles_from_its_text() -> None:
    """What the pages use is the .po text compiled in memory: no compiled file to keep."""
    assert catalog("it").gettext("Log out") == "Esci"
    assert catalog("fr").gettext("Log out") == "Se déconnecter"
    assert catalog("en").gettext("Log out") == "Log out"
    assert not list(TRANSLATIONS.rglob("*.mo"))
