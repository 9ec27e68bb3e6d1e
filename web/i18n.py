"""The pages in English, Italian and French (#33), through Flask-Babel and gettext catalogs.

The catalogs are kept as text in the package (``web/translations/<lang>/LC_MESSAGES/
messages.po``, made and brought up to date with the commands of ``docs/translating.md``)
and compiled in memory the first time a language is asked for, so that a plain
``pip install .`` serves them with no build step and no compiled file in the repository.

The language of a page is, in order: ``?lang=it|fr|en`` (a shared link; the choice is then
remembered in a cookie), the remembered choice (the switch on every page sets it), the
browser's ``Accept-Language``, English. ``<html lang>`` says it on every page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from babel.dates import format_skeleton
from babel.lists import format_list
from babel.support import NullTranslations
from flask import Flask, Response, request
from flask_babel import (
    Babel,
    Domain,
    format_decimal,
    format_time,
    get_locale,
    gettext,
    ngettext,
)
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup
from werkzeug.utils import cached_property

from records.language import DEFAULT, LANGUAGES, compile_po
from records.words import word_finding
from scorer.findings import Finding

__all__ = [
    "COOKIE",
    "LANGUAGES",
    "N_",
    "TRANSLATIONS",
    "catalog",
    "engine_words",
    "init_app",
    "language_links",
    "listing",
    "number",
    "script_words",
    "select_language",
    "stamp",
    "word",
]

COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 60 * 60
TRANSLATIONS = Path(__file__).parent / "translations"


def N_(message: str) -> str:
    """Mark ``message`` for extraction only; it is translated where it is shown."""
    return message


#: The words of the data's own values as a page shows them: a verdict, a finding's
#: severity, a sheet row's kind, a seat's place at the table. The values stay English in
#: the data, the API and the pages' classes; only the words shown are said in the page's
#: language.
WORDS = {
    "clean": N_("clean"),
    "flagged": N_("flagged"),
    "partial": N_("partial"),
    "thrown-in": N_("thrown-in"),
    "invalid": N_("invalid"),
    "ruling": N_("ruling"),
    "penalty": N_("penalty"),
    "error": N_("error"),
    "violation": N_("violation"),
    "note": N_("note"),
    "south": N_("south"),
    "east": N_("east"),
    "north": N_("north"),
    "west": N_("west"),
}


def word(value: object) -> str:
    """The page's word for one of the data's values (:data:`WORDS`); any other as it is."""
    text = str(getattr(value, "value", value) or "")
    return gettext(WORDS[text]) if text in WORDS else text


def stamp(value: str | None) -> str:
    """A stored moment (ISO 8601, UTC) as the page's language writes a date and time to the
    minute; English keeps the plain ``2026-11-28 08:50`` its pages have always shown."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value)
    if select_language() == DEFAULT:
        return moment.strftime("%Y-%m-%d %H:%M")
    locale = get_locale()  # the date with the year in full, then the time: 28/11/2026 09:24
    return f"{format_skeleton('yMd', moment, locale=locale)} {format_time(moment, 'short')}"


def engine_words(value: object) -> Markup:
    """``value``, words of the engine's catalogs (a game's title, a unit, a finding), marked
    as such inside a sentence of the page: ``<span data-engine-words>``. The mark tells the
    pages' language test (``tests/test_browser_languages.py``) that these words are not the
    pages' catalog's to translate."""
    return Markup("<span data-engine-words>{}</span>").format(value)


def finding_words(finding: Finding, game: str, players: Sequence[str]) -> str:
    """A finding of ``game`` (a session's: a deal out of turn, G-6) in the page's language
    (:func:`records.words.word_finding`)."""
    return word_finding(finding, game, players, select_language())


def number(value: float) -> str:
    """A count or amount with the page's language's digits grouping (1,234 / 1.234 /
    1 234)."""
    return format_decimal(value)


def listing(items: Iterable[str]) -> str:
    """Words joined as the page's language joins a list: "a, b and c", "a, b e c",
    "a, b et c"."""
    words = [str(item) for item in items]
    if select_language() == DEFAULT and len(words) > 1:
        return ", ".join(words[:-1]) + " and " + words[-1]  # as the English pages always did
    return format_list(words, locale=str(get_locale() or DEFAULT))


#: The words the pages' scripts (``web/static/*.js``) write, as each script writes them in
#: English, ``%(name)s`` standing for the ``{name}`` it fills in. A script looks each up by
#: its English in the page's ``#script-words`` block (:func:`script_words`); an English
#: page has no block and the scripts keep their own words. A badge's words (:data:`WORDS`)
#: and some of the pages' own messages are theirs too (:data:`SCRIPT_REUSED`).
SCRIPT_WORDS = (
    # pages.js: the replay's stepper and what it says to a screen reader
    N_("Trick %(number)s of %(count)s"),
    N_("%(player)s wins."),
    N_("Unfinished."),
    # live.js: the tournament page and the wall refreshing themselves
    N_("Updated at %(time)s."),
    N_("Could not refresh (%(status)s); trying again."),
    N_("Offline; trying again."),
    # editor.js: the verdict while typing, a correction's check
    N_("record %(index)s:"),
    N_("cannot be stored: %(why)s"),
    N_("could not check (offline, or logged out?); the Check button checks on the server"),
    N_("Verified: %(verdicts)s. The verdict and the findings are below the form."),
    # enter.js: the entry page
    N_("Saved on this device at %(time)s."),
    N_(
        "Not saved on this device: the browser keeps nothing here (private mode?). Download "
        "the record to keep it."
    ),
    N_("Resume"),
    N_("Delete"),
    N_("No draft on this device yet."),
    N_("That draft is not kept on this device (another browser, or deleted)."),
    N_("A record"),
    N_("%(player)s's %(line)s has its %(count)s cards: pick another line to deal to."),
    N_("the %(line)s has its %(count)s cards: pick another line to deal to."),
    N_("%(card)s, dealt to %(player)s"),
    N_("set aside"),
    N_("%(player)s's %(line)s needs %(needs)s more cards; the run has %(count)s: nothing written."),
    N_("the %(line)s needs %(needs)s more cards; the run has %(count)s: nothing written."),
    N_("No card can be dealt or played now."),
    N_("the server could not be asked (offline?)."),
    N_("%(card)s cannot be played or dealt now: it is not among the cards shown."),
    N_("“%(token)s” was not taken: %(why)s"),
    N_("Type or paste the cards of %(line)s as a run"),
    N_("Write them"),
    N_("Earlier trick"),
    N_("Later trick"),
    N_("Back to the play"),
    N_("won by %(player)s"),
    N_("illegal: why?"),
    N_("The score line by line"),
    N_("Next hand (%(player)s deals)"),
    N_("Payments"),
    N_("Rule"),
    N_("The score could not be worked out: %(why)s"),
    N_("Dealer: %(dealer)s; eldest (the dealer's right): %(eldest)s. In the words of the rules:"),
    N_("Give each player a different name without commas or quotes."),
    N_("Could not ask the server what comes next (offline?)."),
    N_("The text cannot be followed yet: %(why)s. Fix it in the text below, or undo."),
    N_("Before the play"),
    N_("The play"),
    N_("The hand is over"),
    N_("Trick %(number)s, led by %(player)s:"),
    N_("Trick %(number)s won by %(player)s."),
    N_("%(game)s: %(dealer)s deals; %(eldest)s is eldest. The rules"),
    N_("seat %(number)s"),
    N_("eldest"),
    N_("to play"),
    N_("dealing to"),
    N_("%(player)s's cards"),
    N_("Play %(card)s, legal"),
    N_("Play %(card)s, not legal"),
    N_("Draw %(card)s"),
    N_("hand not recorded"),
    N_("deal to %(player)s"),
    N_("Leave the rest of the deal out"),
    N_("Dealing: %(line)s (%(count)s more)"),
    N_(
        "where the notation allows it: the play then says what each hand held; pinch's draws "
        "are then entered as they happen"
    ),
    N_("The pack: the cards not yet dealt can be clicked"),
    N_("Deal %(card)s to %(player)s"),
    N_("Deal %(card)s"),
    N_("nobody named"),
    N_("the player"),
    N_("the number"),
    N_("the word"),
    N_("cards"),
    N_("words"),
    N_("mixed"),
    N_("Write %(keyword)s"),
    N_("Another line:"),
    N_("Lines written during the play"),
    N_("Note on the next card played (a declaration, a remark)"),
    N_("Trick %(number)s:"),
    N_("The deal."),
    N_("Deal: click the cards of %(player)s's %(line)s (%(count)s more)."),
    N_("Deal: click the cards of the %(line)s (%(count)s more)."),
    N_("Before the play: write the lines below (%(keywords)s)."),
    N_(
        "%(player)s draws from the stock: tap the card drawn in %(player)s's cards, or write it "
        "in the draw line below."
    ),
    N_("%(player)s to play to trick %(number)s; the legal cards are lit."),
    N_("The hand is over: the score is below."),
    N_("Verdict so far: %(status)s"),
    N_("Copied."),
    N_("Select the text and copy it (Ctrl+C)."),
    N_("What may be done now"),
    N_("to act"),
    N_("%(player)s to act: tap a choice below, or a lit card of the hand."),
)

#: The pages' own messages that a script writes as well.
SCRIPT_REUSED = (
    N_("The deal"),
    N_("Cannot be stored:"),
    N_("Payments in %(unit)s: the current revision's and the correction's"),
    N_("player"),
    N_("now"),
    N_("corrected"),
    N_("change"),
    N_("none"),
    N_("the corrected record is %(status)s (now %(current)s)."),
    N_(
        "the corrected record is %(status)s (now %(current)s); it is the same record as the "
        "current revision."
    ),
    N_("line %(place)s"),
    N_("after the first error"),
    N_("Seat order:"),
    N_("Seat order of the session:"),
    N_("Park in the session"),
    N_("open"),
    N_("%(value)s (default)"),
    N_("dealer"),
    N_("led"),
    N_("won"),
)

#: The numbers a plural's forms are drawn with, by the names ``Intl.PluralRules`` gives
#: them (``one``: 1, and 0 in French; ``many``: a million in Italian and French).
PLURAL_SAMPLES = (("one", 1), ("many", 1_000_000), ("other", 2))


def _braces(message: str) -> str:
    """``Trick %(number)s`` as a script writes it: ``Trick {number}``."""
    return re.sub(r"%\((\w+)\)s", r"{\1}", message)


def _plural_words() -> dict[str, dict[str, str]]:
    """The scripts' words with a plural: each form of the page's language, by the
    English singular."""
    count = "{count}"
    return {
        "{count} finding": {
            form: ngettext("%(count)s finding", "%(count)s findings", n, count=count)
            for form, n in PLURAL_SAMPLES
        },
    }


def script_words() -> Markup:
    """The scripts' words in the page's language, as a JSON data block (the pages' CSP runs
    no inline script; data is not run), keyed by their English; nothing on an English page."""
    if select_language() == DEFAULT:
        return Markup("")
    words: dict[str, Any] = {
        _braces(message): _braces(gettext(message))
        for message in (*SCRIPT_WORDS, *SCRIPT_REUSED, *WORDS.values())
    }
    words.update(_plural_words())
    block = '<script type="application/json" id="script-words">{}</script>'
    return Markup(block).format(htmlsafe_json_dumps(words))


@cache
def catalog(language: str) -> NullTranslations:
    """The compiled catalog of ``language`` (English, and a language without one: the
    messages as written)."""
    if language == DEFAULT:
        return NullTranslations()
    return compile_po(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", language)


class _CatalogDomain(Domain):
    """Flask-Babel's message domain, served from :func:`catalog` instead of ``.mo`` files."""

    def get_translations(self) -> NullTranslations:
        locale = get_locale()
        return catalog(str(locale) if locale is not None else DEFAULT)


class _CatalogBabel(Babel):
    @cached_property
    def domain_instance(self) -> Domain:
        return _CatalogDomain()


def select_language() -> str:
    """The language of this request (see the module's docstring)."""
    asked = request.args.get("lang", "")
    if asked in LANGUAGES:
        return asked
    remembered = request.cookies.get(COOKIE, "")
    if remembered in LANGUAGES:
        return remembered
    return request.accept_languages.best_match(list(LANGUAGES), default=DEFAULT) or DEFAULT


def _remember_choice(response: Response) -> Response:
    """A page asked for with ``?lang=`` keeps that language for the next ones."""
    asked = request.args.get("lang", "")
    if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def language_links() -> list[dict[str, Any]]:
    """The switch's links: this page in each language, the current one marked."""
    current = select_language()
    args = {key: value for key, value in request.args.items() if key != "lang"}
    return [
        {
            "code": code,
            "name": name,
            "url": request.path + "?" + urlencode({**args, "lang": code}),
            "current": code == current,
        }
        for code, name in LANGUAGES.items()
    ]


def init_app(app: Flask) -> None:
    """Serve the pages in the language of each request."""
    _CatalogBabel(app, locale_selector=select_language)
    app.after_request(_remember_choice)
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # {% trans %} blocks join their lines

    app.jinja_env.filters["stamp"] = stamp
    app.jinja_env.filters["number"] = number
    app.jinja_env.filters["listing"] = listing
    app.jinja_env.filters["engine_words"] = engine_words
    app.jinja_env.filters["finding_words"] = finding_words
    app.jinja_env.globals["word"] = word
    app.jinja_env.globals["script_words"] = script_words

    @app.context_processor
    def _language() -> dict[str, Any]:
        return {"language": select_language, "language_links": language_links}
