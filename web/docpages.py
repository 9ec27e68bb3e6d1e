"""The help pages for players (#33): each game's rules (``/rules/<game>``: in brief, its
options, its rulings in full, an example record, the rule text cited), the glossary of the
games' own words (``/glossary``) and the notation (``/notation``: a first record for a
beginner, then ``docs/notation.md`` rendered with markdown-it-py, raw HTML in the Markdown
left as text), each in the page's language.

What a page says is worked out by :mod:`records.rulebook` and :mod:`records.glossary`, the
same as ``tarocco rules`` prints; this module adds the links: a ruling's ID to its place on its
game's rules page, a game's term to its line in the glossary (:func:`link_words`, and
:func:`terms_used` for the list under a hand's findings and payments).

>>> html = render_markdown("## Cards and tricks\\n\\n| a | b |\\n| --- | --- |\\n| 1 | 2 |\\n")
>>> 'id="cards-and-tricks"' in html and '<table tabindex="0">' in html
True
>>> "<script>" in render_markdown("<script>alert(1)</script>")
False
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from flask import url_for
from flask_babel import get_locale
from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markupsafe import Markup, escape

from records.glossary import TERMS, Entry, find_terms, glossary
from records.language import DEFAULT, LANGUAGES
from records.rulebook import EXAMPLE_SEEDS, example_record, rulebook
from scorer.games import GAMES

__all__ = [
    "EXAMPLE_SEEDS",
    "INSTALLED_NOTATION",
    "NOTATION",
    "example_record",
    "glossary_context",
    "index_context",
    "link_rulings",
    "link_words",
    "notation_html",
    "render_markdown",
    "rules_context",
    "terms_used",
]

NOTATION = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
"""The notation's reference in the source tree (a clone, an editable install)."""
INSTALLED_NOTATION = Path(sys.prefix) / "share" / "tarocco" / "notation.md"
"""Where ``pip install .`` puts it (``[tool.setuptools.data-files]`` in pyproject.toml)."""
_RULING_ID = re.compile(r"\b([A-Z][A-Z0-9]*-\d+[a-z]?)\b")  # NICE-15, PIE3-8, MIN-7a
_CODE = re.compile(r"`([^`]+)`")  # an option or a word of the notation in a ruling's text


def _slug(text: str) -> str:
    """A heading's anchor as GitHub makes it, so the document's own links (``#cards``) work:
    lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")

    def heading_ids(state: StateCore) -> None:
        tokens = state.tokens
        for index, token in enumerate(tokens):
            if token.type == "heading_open":
                token.attrSet("id", _slug(tokens[index + 1].content.replace("`", "")))
            elif token.type == "table_open":  # wide tables scroll on a phone
                token.attrSet("tabindex", "0")

    md.core.ruler.push("heading_ids", heading_ids)
    return md


def render_markdown(text: str) -> Markup:
    """``text`` (Markdown) as HTML; raw HTML in it is escaped, not passed through. Code
    blocks take the keyboard's focus, so that one wider than a phone can be scrolled."""
    return Markup(_markdown().render(text).replace("<pre>", '<pre tabindex="0">'))


def _notation_text() -> str | None:
    for path in (NOTATION, INSTALLED_NOTATION):
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            continue
    return None


@cache
def notation_html() -> Markup | None:
    """``docs/notation.md`` rendered, from the source tree or where ``pip install .`` put it,
    or ``None`` when neither has it."""
    text = _notation_text()
    return None if text is None else render_markdown(text)


@cache
def notation_anchor(key: str) -> str | None:
    """The anchor of the game's own section of ``docs/notation.md`` (its heading names the
    engine key: ``## Minchiate (`minchiate`)``), or ``None``."""
    for line in (_notation_text() or "").splitlines():
        if line.startswith("## ") and f"(`{key}`)" in line:
            return _slug(line[3:].replace("`", ""))
    return None


def page_language() -> str:
    """The language of the page being drawn (:mod:`web.i18n`)."""
    locale = get_locale()
    language = str(locale) if locale is not None else DEFAULT
    return language if language in LANGUAGES else DEFAULT


# -- links: ruling IDs and the games' terms ----------------------------------------------
def _game_terms(game: str) -> set[str]:
    """The keys of the terms that belong to ``game`` (or to every game)."""
    return {term.key for term in TERMS.values() if not term.games or game in term.games}


def _places(text: str, game: str, language: str) -> Iterator[tuple[int, int, str, str]]:
    """Where ``text`` names a ruling the game applies or one of its terms (the first time
    each): ``(start, end, kind, key)``, in order, never overlapping."""
    engine = GAMES.get(game)
    known = set(engine.rulings) if engine is not None else set()
    found = [
        (m.start(), m.end(), "rule", m.group(1))
        for m in _RULING_ID.finditer(text)
        if m.group(1) in known
    ]
    own, seen = _game_terms(game), set()
    code = [(m.start(), m.end()) for m in _CODE.finditer(text)]  # a keyword is not a term
    for start, end, term in find_terms(text, language):
        inside = any(a <= start < b for a, b in code)
        if term.key in own and term.key not in seen and not inside:
            seen.add(term.key)
            found.append((start, end, "term", term.key))
    position = 0
    for start, end, kind, key in sorted(found):
        if start >= position:
            position = end
            yield start, end, kind, key


def _plain(text: str) -> Markup:
    """``text`` escaped, an item of the notation in backquotes as code."""
    return Markup(_CODE.sub(r"<code>\1</code>", str(escape(text))))


def link_words(text: str, game: str, language: str | None = None) -> Markup:
    """``text`` escaped, each ruling ID the game applies linked to its place on the game's
    rules page and the first use of each of its terms to the glossary (in the page's
    language), ``code`` in backquotes shown as code."""
    language = language or page_language()
    out, position = [], 0
    for start, end, kind, key in _places(text, game, language):
        out.append(_plain(text[position:start]))
        href = (
            url_for("pages.game_rules", game=game, _anchor=key)
            if kind == "rule"
            else url_for("pages.glossary", _anchor=key)
        )
        out.append(Markup('<a class="{}" href="{}">{}</a>').format(kind, href, text[start:end]))
        position = end
    out.append(_plain(text[position:]))
    return Markup("").join(out)


def link_rulings(text: str, game: str) -> Markup:
    """``text`` escaped, with every ruling ID the game applies (``NICE-15``) linked to its
    place on the game's rules page."""
    engine = GAMES.get(game)
    known = set(engine.rulings) if engine is not None else set()
    key = game if game in GAMES else next(iter(GAMES))
    out, position = [], 0
    for match in _RULING_ID.finditer(text):
        if match.group(1) not in known:
            continue
        out.append(escape(text[position : match.start()]))
        href = url_for("pages.game_rules", game=key, _anchor=match.group(1))
        out.append(Markup('<a class="rule" href="{}">{}</a>').format(href, match.group(1)))
        position = match.end()
    out.append(escape(text[position:]))
    return Markup("").join(out)


def terms_used(texts: Iterable[str], game: str) -> list[Entry]:
    """The glossary's entries (in the page's language) for the game's terms that ``texts``
    use, in the glossary's order: what a hand's findings and payments are worded in. A text
    still in English on another language's page is read in English too."""
    language = page_language()
    own = _game_terms(game)
    used: set[str] = set()
    for text in texts:
        for reading in {language, DEFAULT}:
            used |= {term.key for _s, _e, term in find_terms(text, reading) if term.key in own}
    return [entry for entry in glossary(language) if entry.key in used]


# -- the pages' contexts -------------------------------------------------------------------
def _game_titles(language: str) -> dict[str, str]:
    return {key: rulebook(key, language).title for key in GAMES}


def rules_context(key: str) -> dict[str, Any]:
    """What ``/rules/<game>`` shows, in the page's language: the rulebook, its options by
    the ruling they change, the example record and where the notation says the game."""
    book = rulebook(key, page_language())
    options: dict[str, list[Any]] = {}
    for option in book.options:
        options.setdefault(option.ruling, []).append(option)
    return {
        "book": book,
        "options_by_ruling": options,
        "example": example_record(key),
        "notation_anchor": notation_anchor(key),
    }


def glossary_context() -> dict[str, Any]:
    """What ``/glossary`` shows: every term in the page's language, with the titles of the
    games it belongs to."""
    language = page_language()
    return {"entries": glossary(language), "titles": _game_titles(language)}


def index_context() -> dict[str, Any]:
    """What ``/rules`` lists: each game's rulebook in the page's language."""
    language = page_language()
    return {"books": [rulebook(key, language) for key in GAMES]}
