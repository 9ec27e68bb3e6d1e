"""The games' own words (#33.4, #33.5): the ``rulings`` catalog complete in Italian and
French, and every catalog (the rulings', the pages', the engine's) using the terms table's
word for each term, so that a thing has one name on every page."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from records.engine_catalog import games_of as engine_games
from records.glossary import TERMS, glossary, missing_terms
from records.language import LANGUAGES, TRANSLATIONS
from records.rulebook import games_of as rulings_games
from records.rulebook import messages, rulebook
from scorer.games import GAMES
from scorer.rulings import RULINGS
from web.i18n import TRANSLATIONS as PAGE_TRANSLATIONS

TRANSLATED = [code for code in LANGUAGES if code != "en"]


def catalog(path: Path, language: str) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=language)


def pairs(po: Catalog) -> list[tuple[str, str, str]]:
    """Each translated message of ``po`` as (context, English, translation), plural forms
    apart."""
    found = []
    for message in po:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        found += [
            (message.context or "", ids[min(n, len(ids) - 1)], text)
            for n, text in enumerate(strings)
            if text
        ]
    return found


def test_the_template_holds_every_message_of_the_data() -> None:
    """``records/translations/rulings.pot`` is what ``python -m records.rulebook`` writes
    from the data today (the extract step of docs/translating.md)."""
    template = catalog(TRANSLATIONS / "rulings.pot", "en")
    assert {m.id for m in template if m.id} == {message for message, _note in messages()}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_ruling_and_term_is_translated(language: str) -> None:
    """Every message of the ``rulings`` domain (the rulings' titles, one lines and full
    texts, the games in brief, options and sources, the glossary) has its translation, none
    fuzzy, each keeping its placeholders."""
    po = catalog(TRANSLATIONS / language / "LC_MESSAGES" / "rulings.po", language)
    translated = {m.id: m for m in po if m.id}
    wanted = {message for message, _note in messages()}
    assert sorted(wanted - set(translated)) == [], "run the update step of docs/translating.md"
    assert [m.id for m in translated.values() if not m.string or m.fuzzy] == []
    assert [(m.id, errors) for m, errors in po.check()] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_rulebook_reads_in_the_language(language: str) -> None:
    book = rulebook("minchiate", language)
    ruling = RULINGS["MIN-10"]
    assert book.title != GAMES["minchiate"].title
    assert next(r for r in book.own if r.id == "MIN-10").text not in ("", ruling.text)
    english = [text for _aspect, text in GAMES["minchiate"].brief]
    assert [aspect.text for aspect in book.brief] != english


def catalogs(language: str) -> list[Path]:
    """The catalogs of ``language``: the rulings', the pages' and the engine's (when there)."""
    found = [
        TRANSLATIONS / language / "LC_MESSAGES" / "rulings.po",
        PAGE_TRANSLATIONS / language / "LC_MESSAGES" / "messages.po",
        TRANSLATIONS / language / "LC_MESSAGES" / "engine.po",
    ]
    return [path for path in found if path.is_file()]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_uses_the_terms_table(language: str) -> None:
    """A message whose English uses a term (``discard``, ``Fool``, ``versicola``, ``rests``,
    ...) is translated with the table's word for it (*scarto*, *Matto*, *versicola*,
    *resti* in Italian; *écart*, *Excuse*, *versicola*, *restes* in French): an engine
    message with the forms of the games it belongs to (pinch's Fool is *le Fou* in French,
    Nice's *l'Excuse*), a ruling or a game's brief likewise, any other with any of the
    term's forms."""
    assert len(catalogs(language)) >= 2
    engine, rulings = engine_games(), rulings_games()

    def games(domain: str, context: str, english: str) -> tuple[str, ...] | None:
        if domain == "engine":
            return engine.get((context, english))
        return rulings.get(english) if domain == "rulings" else None

    wrong = [
        (path.parent.parent.parent.parent.name, term.key, term.word(language), english[:80])
        for path in catalogs(language)
        for context, english, translated in pairs(catalog(path, language))
        for term in missing_terms(english, translated, language, games(path.stem, context, english))
    ]
    assert wrong == []


def test_the_terms_table_names_each_term_in_every_language() -> None:
    for term in TERMS.values():
        assert all(term.word(language) for language in LANGUAGES), term.key
        assert set(term.games) <= set(GAMES), term.key
    assert [entry.key for entry in glossary("fr")] == list(TERMS)
    assert glossary("it")[0].explanation != glossary("en")[0].explanation


def test_a_msgstr_with_another_word_is_caught() -> None:
    """The check itself: a French discard called *défausse* is not the table's *écart*."""
    assert [t.key for t in missing_terms("The discard counts.", "La défausse compte.", "fr")] == [
        "discard"
    ]
    assert missing_terms("The discard counts.", "L'écart compte.", "fr") == []
    assert missing_terms("the rest of the deal", "il resto della mano", "it") == []  # not a term


def test_a_game_says_a_term_its_own_way() -> None:
    """The Fool is *le Fou* in pinch's and Piedicavallo's French, *l'Excuse* in Nice's: a
    message of one game is held to its own word, one of no known game to any listed."""
    fool = "{seat:player} has not played the Fool"
    assert missing_terms(fool, "{seat:player} n'a pas joué le Fou", "fr", ["piedicavallo"]) == []
    assert missing_terms(fool, "{seat:player} n'a pas joué l'Excuse", "fr", ["nice4"]) == []
    wrong = missing_terms(fool, "{seat:player} n'a pas joué le Fou", "fr", ["nice4", "nice3"])
    assert [t.key for t in wrong] == ["fool"]
    assert missing_terms(fool, "{seat:player} n'a pas joué le Fou", "fr") == []
    assert [t.key for t in missing_terms(fool, "{seat:player} non ha giocato il Fou", "it")] == [
        "fool"
    ]


def test_the_notation_stays_as_written() -> None:
    """A term's English word the translation keeps as written is the record's keyword
    (``a meld line``, ``keep nor mountain``, ``(hand, discard, claim)``), not the term; the
    same word used as the term must be translated, and a placeholder is no word."""
    assert missing_terms("a meld line is a kind word", "une ligne meld est un mot", "fr") == []
    assert (
        missing_terms(
            "{word!r} is neither keep nor mountain", "{word!r} non è né keep né mountain", "it"
        )
        == []
    )
    assert [t.key for t in missing_terms("a meld is shown", "une combinaison se montre", "fr")] == [
        "melds"
    ]
    assert (
        missing_terms("{code} {meld:term}: {cards:mask}", "{code} {meld:term} : {cards:mask}", "fr")
        == []
    )
    assert [t.key for t in missing_terms("the Fool", "the Fool", "fr")] == ["fool"]
