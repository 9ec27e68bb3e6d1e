"""A game's rules for players, in English, Italian or French (#33): what the rules pages
(``/rules/<game>``) and ``tarocco rules GAME`` show, worked out once for both.

A :class:`Rulebook` is the game in brief (players, pack, deal, aim, play, scoring), its rule
options with their help, its rulings in full (its own, then the general ones), the rule text
it follows cited as that text names itself, and an example record. The English words are
the engine's data (each game's ``rules.py``, :mod:`scorer.rulings`); their Italian and French
are the ``rulings`` catalog of :mod:`records.language`, whose template
``records/translations/rulings.pot`` this module writes (``docs/translating.md``)::

    python -m records.rulebook records/translations/rulings.pot

>>> book = rulebook("minchiate", "en")
>>> book.own[0].id, book.brief[0].label
('MIN-1', 'Players')
>>> rulebook("minchiate", "it").brief[0].label, rulebook("minchiate", "fr").own[9].title
('Giocatori', 'Versicole réunies')
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from babel.support import NullTranslations

from scorer.games import GAMES
from scorer.games.base import Option
from scorer.report import Status
from scorer.rulings import RULINGS, Ruling, rulings_for

from .glossary import TERMS
from .language import TRANSLATIONS, translations
from .writer import write_many

__all__ = [
    "ASPECTS",
    "EXAMPLE_SEEDS",
    "LABELS",
    "Citation",
    "Rulebook",
    "example_record",
    "messages",
    "rulebook",
    "write_pot",
]

#: The parts of a game in brief, in order, with their headings.
ASPECTS = {
    "players": "Players",
    "pack": "The pack",
    "deal": "The deal",
    "aim": "The aim",
    "play": "The play",
    "scoring": "Scoring",
}
#: What a game is paid in (``Game.unit``), as a heading says it.
UNITS = {"marca": "marca", "rest": "rests", "points": "points", "game points": "game points"}
#: The words ``tarocco rules`` prints around the rules (the pages have their own).
LABELS = (
    "players",
    "paid in",
    "In brief",
    'Rule options (the first value is the default; set one with [Options "name=value"] or -o)',
    "This game has no rule options.",
    "The game's rulings",
    "Rulings of every game",
    "The rule text",
    "by",
    "based on",
    "An example record",
    "`tarocco rules GAME` shows a game's rules in full.",
)
#: The seeds tried for a game's example record, in order (``tarocco random GAME --seed N``).
EXAMPLE_SEEDS = range(1, 100)


@dataclass(frozen=True, slots=True)
class Citation:
    """The rule text a game follows, as it names itself; only ``based_on`` is translated
    (a title is cited as published)."""

    title: str
    author: str
    site: str
    url: str
    based_on: str


@dataclass(frozen=True, slots=True)
class Aspect:
    """One part of the game in brief: its key, its heading and its text."""

    key: str
    label: str
    text: str


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A game's rules for players in one language (see the module)."""

    key: str
    title: str
    players: int
    unit: str
    brief: tuple[Aspect, ...]
    options: tuple[Option, ...]  # their help in the language
    own: tuple[Ruling, ...]  # in the language
    general: tuple[Ruling, ...]
    source: Citation


def _ruling(ruling: Ruling, say: NullTranslations) -> Ruling:
    """``ruling`` in the language of ``say``."""
    return Ruling(
        ruling.id, say.gettext(ruling.title), say.gettext(ruling.summary), say.gettext(ruling.text)
    )


@cache
def rulebook(key: str, language: str) -> Rulebook:
    """The rules of the game ``key`` (a key of :data:`scorer.games.GAMES`) in ``language``
    (an unknown language: English)."""
    game = GAMES[key]
    say = translations(language, "rulings")
    rulings = [_ruling(ruling, say) for ruling in rulings_for(game.rulings)]
    source = game.source
    return Rulebook(
        key=game.key,
        title=say.gettext(game.title),
        players=game.num_players,
        unit=say.gettext(UNITS.get(game.unit, game.unit)),
        brief=tuple(
            Aspect(aspect, say.gettext(ASPECTS[aspect]), say.gettext(text))
            for aspect, text in game.brief
        ),
        options=tuple(
            Option(o.name, o.values, o.ruling, say.gettext(o.help)) for o in game.options
        ),
        own=tuple(r for r in rulings if not r.id.startswith("G-")),
        general=tuple(r for r in rulings if r.id.startswith("G-")),
        source=Citation(
            source.title,
            source.author,
            source.site,
            source.url,
            say.gettext(source.based_on) if source.based_on else "",
        ),
    )


@cache
def example_record(key: str) -> tuple[int, str]:
    """A legal record of the game ``key`` in the notation, played out to its last trick (not
    thrown in or surrendered): the engine's random hand with the first such seed of
    :data:`EXAMPLE_SEEDS`, and that seed (``tarocco random GAME --seed N`` writes it)."""
    engine = GAMES[key]
    first = None
    for seed in EXAMPLE_SEEDS:
        records = engine.random_session(random.Random(seed), 1)
        first = first or (seed, records)
        report = engine.verify(records[0])
        if report.status is Status.CLEAN and report.tricks:
            return seed, write_many(records)
    assert first is not None, "EXAMPLE_SEEDS is not empty"
    seed, records = first
    return seed, write_many(records)


def messages() -> Iterator[tuple[str, str]]:
    """Every English message of the ``rulings`` catalog, each with a note for the
    translator: the rulings (title, one line, full text), the games' titles, briefs,
    options and sources, the glossary's explanations and the command line's words."""
    for ruling in RULINGS.values():
        yield ruling.title, f"ruling {ruling.id}: title"
        yield ruling.summary, f"ruling {ruling.id}: one line"
        yield ruling.text, f"ruling {ruling.id}: full text"
    for game in GAMES.values():
        yield game.title, f"{game.key}: the game's title"
        for aspect, text in game.brief:
            yield text, f"{game.key}: in brief, {aspect}"
        for option in game.options:
            yield option.help, f"{game.key}: option {option.name}"
        if game.source.based_on:
            yield game.source.based_on, f"{game.key}: what the rule text draws on"
    for term in TERMS.values():
        yield term.explanation, f"glossary: {term.key} ({term.en}, {term.it}, {term.fr})"
    for aspect, label in ASPECTS.items():
        yield label, f"in brief: the heading of {aspect}"
    for unit in UNITS.values():
        yield unit, "what a game is paid in"
    for label in LABELS:
        yield label, "tarocco rules"


def write_pot(path: Path) -> None:
    """Write the ``rulings`` catalog's template (every message of :func:`messages`)."""
    catalog = Catalog(project="tarocco", copyright_holder="the tarocco authors")
    for message, note in messages():
        existing = catalog.get(message)
        if existing is not None:
            existing.auto_comments.append(note)
        else:
            catalog.add(message, auto_comments=[note])
    with path.open("wb") as out:
        write_po(out, catalog, sort_output=True, omit_header=False, width=100)


if __name__ == "__main__":  # python -m records.rulebook [PATH]
    write_pot(Path(sys.argv[1]) if len(sys.argv) > 1 else TRANSLATIONS / "rulings.pot")
