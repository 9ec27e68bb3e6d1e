"""Every page in Italian and in French (#33), anonymous and logged in as a director: Playwright
drives Debian's ``chromium`` against the real server, asks each page with ``?lang=``, and
checks that ``<html lang>`` says the language, that axe-core finds nothing (as
``tests/test_accessibility.py`` checks the English pages), and that no English is left.

The English detector: every word a reader meets on the page (its text nodes, hidden ones
too, its title and the ``aria-label``, ``title``, ``placeholder`` and ``alt`` of its
elements, after the scripts have run) is looked up in :data:`ENGLISH`, a list of common
English words that are no Italian or French word; one found is an untranslated label.
Left out of the check, as not the pages' catalog's to translate:

* the records and code samples: ``code``, ``pre``, ``kbd``, ``textarea`` and scripts;
* the engine's words, which ``records/translations`` (a colleague's catalogs) translates:
  every element marked ``data-engine-words`` (findings' sentences, score lines, rulings'
  and games' names) and the cards, ``svg.card`` and the entry page's ``.card-button``
  (their names, in the button's label too). **Once those catalogs
  are merged, drop** :data:`ENGINE_WORDS` **from** :data:`LEFT_OUT` so that this test
  checks the engine's words too;
* the language switch (each language named in its own words) and ``translate="no"``;
* the names and reasons the test's own data gave in English (:data:`DATA_WORDS`).

The rules, a game's rules and the notation pages are a colleague's (``web/docpages.py``)
and are not visited here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import PLAYERS, REVOKE_TOUR, TOUR, World, live_server, seed
from playwright.sync_api import Browser, BrowserContext, Page, expect

from records import service
from records.store import Store

LANGUAGES = ("it", "fr")
ROLES = ("anonymous", "director")

#: Common English words that are neither Italian nor French words (so not "in", "a",
#: "no", "on", "or", "all", "compare", "page", "table", "note", "total", "balance",
#: "public", "options"). An address (``/verify``) is not a word.
ENGLISH = frozenset(
    re.findall(
        r"\w+",
        """
    the and of to is are was were be been has have will can cannot with by for from this
    that these those there here which what who why when not nothing none yet each every
    only one two your you yours its after before first last next previous into out
    up left right back show open save store stored changed amend withdraw made
    make new current hand hands trick tricks deal dealer record records player players
    ruling rulings director session sessions finding findings revision revisions score
    payments standings card cards rule rules line lines ledger sheet draft drafts game
    games undo redo copy download print enter log login private won led verify verified
    """,
    )
)

#: The engine's words, translated by records/translations: left out until it is merged.
ENGINE_WORDS = "[data-engine-words], svg.card, .card-button"
#: Every element whose words are left out of the check (see the module's docstring).
LEFT_OUT = "script, style, code, pre, kbd, textarea, .languages, [translate=no], " + ENGINE_WORDS

#: The names, labels and reasons the seed wrote (in English, as a director would).
DATA_WORDS = (
    "Anna's revoke in trick 1 (NICE-11): 1 marca to each opponent",
    "Anna's 4 and 5C were written in each other's tricks",
    "head director",
    "club director",
    "Autumn cup",
    "Closed club",
)

#: What the page's text is taken from: text nodes (hidden ones too), the attributes a
#: reader meets and the words CSS draws (``content``), outside the elements left out.
COLLECT = """(leftOut) => {
  const kept = (el) => el && !el.closest(leftOut);
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    if (kept(walker.currentNode.parentElement)) texts.push(walker.currentNode.textContent);
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (!kept(el)) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
    }
    for (const pseudo of ["::before", "::after"]) {  // words drawn by CSS
      const content = getComputedStyle(el, pseudo).content;
      if (content.startsWith('"')) texts.push(content.slice(1, -1));
    }
  }
  return texts;
}"""


def page_paths(world: World, waiting: int) -> dict[str, str]:
    """Every page but the colleague's (rules, a game's rules, notation), by a short name:
    ``waiting`` is a hand with a revoke, the seed's revoked hand is corrected."""
    hand = world.revoke_hand
    return {
        "home": "/",
        "login": "/login",
        "verify": "/verify",
        "verify-example": "/verify?example=minchiate",
        "enter": "/enter",
        "hand": f"/hands/{waiting}",
        "hand-seat": f"/hands/{waiting}?seat=0",
        "hand-audit": f"/hands/{waiting}/audit",
        "hand-correct": f"/hands/{waiting}/correct",
        "hand-corrected": f"/hands/{hand}",
        "session": f"/sessions/{world.session}",
        "session-ruled": f"/sessions/{world.revoke_session}",
        "session-what-if": f"/sessions/{world.session}/what-if",
        "tournament": f"/tournaments/{world.tournament}",
        "tournament-wall": f"/tournaments/{world.tournament}/wall",
        "not-found": "/hands/999999",
        "revisions": f"/hands/{hand}/revisions",
        "revision": f"/hands/{hand}/revisions/1",
        "revision-diff": f"/hands/{hand}/revisions/diff",
        "session-new": f"/tournaments/{world.tournament}/sessions/new?game=nice4",
        "tokens": f"/tournaments/{world.tournament}/tokens",
    }


class Served(NamedTuple):
    base: str
    world: World
    paths: dict[str, str]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The server, its data and every page's address."""
    db: Path = tmp_path_factory.mktemp("languages") / "pages.sqlite"
    Store(str(db)).close()
    world = seed(db)
    waiting = corrected_and_waiting(db, world)
    with live_server(db) as base:
        yield Served(base, world, page_paths(world, waiting))


def corrected_and_waiting(db: Path, world: World) -> int:
    """A revoked tour no ruling names (the attention list has a hand waiting: its id), and
    the ruled hand corrected (its revisions, their diff, the session's corrections)."""
    store = Store(str(db))
    try:
        sid = service.create_session(store, world.tournament, "nice4", PLAYERS, {}, "Round 3", "t")
        waiting = service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id
        service.correct_hand(store, world.revoke_hand, TOUR, "head director", DATA_WORDS[1], "t")
    finally:
        store.close()
    return waiting


@pytest.fixture(scope="module")
def pages(browser: Browser, served: Served) -> Iterator[dict[str, Page]]:
    """A desktop page per role, the director's logged in with the tournament's token."""
    base, world = served.base, served.world
    made: list[BrowserContext] = []
    found = {}
    for role in ROLES:
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        made.append(context)
        page = context.new_page()
        if role == "director":
            page.goto(f"{base}/login")
            page.fill("#token", world.token)
            page.click("button[type=submit].primary")
            page.wait_for_load_state()
        found[role] = page
    yield found
    for context in made:
        context.close()


def english_left(page: Page) -> list[str]:
    """Each piece of the page's text outside :data:`LEFT_OUT` that holds a word of
    :data:`ENGLISH`, with the words found."""
    found = []
    for text in page.evaluate(COLLECT, LEFT_OUT):
        for data in DATA_WORDS:
            text = text.replace(data, " ")
        words = set(re.findall(r"[a-z]+", re.sub(r"/\S*", " ", text.lower()))) & ENGLISH
        if words:
            found.append(f"{' '.join(text.split())[:120]!r}: {sorted(words)}")
    return found


def violations(page: Page) -> list[str]:
    """axe-core's violations on the page as it stands, one line each."""
    results = Axe().run(page)
    return [
        f"{rule['id']} ({rule['impact']}): {rule['help']} at "
        + ", ".join(str(node["target"]) for node in rule["nodes"][:3])
        for rule in results.response["violations"]
    ]


def visit(page: Page, base: str, path: str, language: str) -> None:
    """The page at ``path`` in ``language`` (``?lang=``), once its scripts have run."""
    page.goto(base + path + ("&" if "?" in path else "?") + "lang=" + language)
    page.wait_for_load_state("load")


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_speaks_the_language(
    pages: dict[str, Page], served: Served, language: str, role: str
) -> None:
    """Each page: its ``lang``, axe clean, no English outside the parts left out."""
    page = pages[role]
    problems = {}
    for name, path in served.paths.items():
        visit(page, served.base, path, language)
        found = []
        lang = page.evaluate("document.documentElement.lang")
        if lang != language:
            found.append(f"<html lang={lang!r}>")
        found += violations(page) + english_left(page)
        if found:
            problems[name] = found
    assert problems == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_verified_record_speaks_the_language(
    pages: dict[str, Page], served: Served, language: str
) -> None:
    """The verify page's answer (the verdict, the findings, the replay, the score) and the
    live verdict the editor's script writes, in the page's language."""
    page = pages["anonymous"]
    visit(page, served.base, "/verify", language)
    page.fill("#text", REVOKE_TOUR)
    page.click("button[value=verify]")
    page.wait_for_selector("#verify-results .verdict")
    expect(page.locator("#live-verdict")).not_to_be_empty()
    assert page.evaluate("document.documentElement.lang") == language
    assert violations(page) + english_left(page) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_entry_table_speaks_the_language(
    pages: dict[str, Page], served: Served, language: str
) -> None:
    """The entry page once a record is started: the table, the deal, the status, the
    record's verdict, all written by enter.js, in the page's language."""
    page = pages["director"]
    visit(page, served.base, "/enter", language)
    page.click("#enter-setup button[type=submit]")
    expect(page.locator("#enter-deal")).to_be_visible()
    expect(page.locator("#enter-deal h3")).not_to_be_empty()
    assert page.evaluate("document.documentElement.lang") == language
    assert violations(page) + english_left(page) == []


def test_a_flash_speaks_the_language(browser: Browser, served: Served) -> None:
    """A flash (the login's) is said in the language the visitor chose, on the page the
    login leads to."""
    context = browser.new_context()
    try:
        page = context.new_page()
        visit(page, served.base, "/login", "fr")
        page.fill("#token", served.world.token)
        page.click("button[type=submit].primary")
        expect(page.locator(".flashes")).to_have_text("Connecté comme head director de ce tournoi.")
        assert english_left(page) == []
    finally:
        context.close()


def test_the_detector_finds_an_untranslated_label(pages: dict[str, Page], served: Served) -> None:
    """The check is not blind: the English page, and one English label put into the
    Italian page, are caught; the same words marked as the engine's are not."""
    page = pages["anonymous"]
    visit(page, served.base, served.paths["hand"], "en")
    assert len(english_left(page)) > 10
    visit(page, served.base, served.paths["hand"], "it")
    assert english_left(page) == []
    page.evaluate("document.querySelector('h1').append(' Score of the hand')")
    assert english_left(page) == ["'Score of the hand': ['hand', 'of', 'score', 'the']"]
    page.evaluate("document.querySelector('h1').setAttribute('data-engine-words', '')")
    assert english_left(page) == []
