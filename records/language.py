"""The engine's words in Italian and French (#33): catalogs any layer above the engine reads.

The engine (:mod:`scorer`) speaks English only and stays free of I/O: each finding carries a
template and its facts, each ruling its English title and text. What a user reads in another
language is looked up here, in gettext catalogs kept as text in the package
(``records/translations/<lang>/LC_MESSAGES/<domain>.po``), one *domain* per kind of words so
that each has its own catalog:

``engine``   the findings' templates, the score lines, the card faces and the games' terms;
``rulings``  the rulings' titles, summaries and texts, the glossary and the rule sources.

The API (``Accept-Language``), the pages (the page's language) and the command line
(``--lang``, ``LANG``) all read the same catalogs through :func:`translations`, so a finding
reads the same in Italian everywhere. A catalog is compiled in memory the first time it is
asked for; there is no compiled file to build or commit. The pages' own words are a separate
catalog of ``web`` (``web/i18n.py``) read through the same :func:`compile_po`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

__all__ = [
    "DEFAULT",
    "DOMAINS",
    "LANGUAGES",
    "TRANSLATIONS",
    "compile_po",
    "language_from",
    "translations",
]

#: The languages offered, each named in its own words.
LANGUAGES = {"en": "English", "it": "Italiano", "fr": "Français"}
DEFAULT = "en"
#: The catalogs of the engine's words (see the module).
DOMAINS = ("engine", "rulings")
TRANSLATIONS = Path(__file__).parent / "translations"


def compile_po(path: Path, language: str) -> NullTranslations:
    """The catalog of the ``.po`` file ``path``, compiled in memory (no catalog: the
    messages as written)."""
    if not path.is_file():
        return NullTranslations()
    with path.open("rb") as source:
        messages = read_po(source, locale=language)
    compiled = BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return Translations(compiled)


@cache
def translations(language: str, domain: str = "engine") -> NullTranslations:
    """The engine's words of ``domain`` in ``language`` (English, an unknown language or
    domain: the messages as written, never an error)."""
    if language == DEFAULT or language not in LANGUAGES or domain not in DOMAINS:
        return NullTranslations()
    return compile_po(TRANSLATIONS / language / "LC_MESSAGES" / f"{domain}.po", language)


def language_from(candidates: Iterable[str | None]) -> str:
    """The first offered language among ``candidates``, each a language tag or a locale
    setting as ``LANG`` holds it (``it``, ``fr-CH``, ``it_IT.UTF-8``, ``fr_FR@euro``); English
    when none is offered.

    >>> language_from([None, "", "fr_FR.UTF-8"])
    'fr'
    >>> language_from(["de_DE", "C.UTF-8"])
    'en'
    """
    for candidate in candidates:
        if not candidate:
            continue
        tag = candidate.split(".")[0].split("@")[0].replace("_", "-").lower()
        primary = tag.split("-")[0]
        if primary in LANGUAGES:
            return primary
    return DEFAULT
