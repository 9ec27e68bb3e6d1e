"""The extract step of the ``engine`` catalogs (#33): every message of the engine's tables.

The engine's words are data, not ``_()`` calls that ``pybabel extract`` could find: the
findings' templates (:data:`scorer.messages.GENERAL`, each game's ``messages.TEMPLATES``),
the score lines' (each game's ``LINES``), the action API's labels (the choices of
``POST /api/next``, :data:`scorer.games.actions.LABELS`), the games' terms and word for the
trumps, and the words :class:`records.words.LocalWording` names cards with. This module
gathers them all into one template catalog, ``records/translations/engine.pot``;
``pybabel update`` then brings each language's ``engine.po`` up to date with it
(docs/translating.md):

.. code-block:: sh

    .venv/bin/python -m records.engine_catalog
    .venv/bin/pybabel update -D engine -i records/translations/engine.pot \\
        -d records/translations -w 100 --ignore-obsolete

A template that counts (``{count} trick line(s)``) is a plural entry, its msgid and plural
the same English template (:func:`records.words.count_field` picks the number). A word one
game says its own way (Minchiate's Queen) is an entry with the game's package as context.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from scorer.games import GAMES
from scorer.games.actions import LABELS
from scorer.messages import AS_WRITTEN, GENERAL
from scorer.wording import BAGATTO, SUIT_NAMES

from .language import TRANSLATIONS
from .words import AND, FACES, FOOL, OF_SUITS, context_of, count_field

__all__ = ["CONTEXT_WORDS", "POT", "engine_catalog", "engine_messages", "games_of", "main"]

POT = TRANSLATIONS / "engine.pot"

#: The words a game says its own way, as its rule text has them, by the game's context
#: (:func:`records.words.context_of`): Minchiate's Queen is the Donna, Nice's the Dama and
#: its Fool the Excuse, pinch's and Piedicavallo's Fool the Fou in French, pinch's
#: trump I the Bagatto of its Bagatto ultimo.
CONTEXT_WORDS: tuple[tuple[str, str], ...] = (
    ("minchiate", "Queen"),
    ("nice", "Queen"),
    ("nice", FOOL),
    ("nice", BAGATTO),
    ("pinch", FOOL),
    ("pinch", BAGATTO),
    ("piedicavallo", FOOL),
)


def _words() -> Iterator[tuple[str, str]]:
    """The words cards, suits and lists are named with (the context empty)."""
    for message in (*FACES.values(), FOOL, BAGATTO, AND, "trumps"):
        yield "", message
    for style in SUIT_NAMES:
        yield from (("", name) for name in SUIT_NAMES[style])
        yield from (("", of) for of in OF_SUITS[style])
    yield from CONTEXT_WORDS


def engine_messages() -> Iterator[tuple[str, str, str]]:
    """Every message of the engine's tables as (context, msgid, where it comes from), in the
    order of the tables, each (context, msgid) once."""
    seen: set[tuple[str, str]] = set()

    def each(context: str, message: str, where: str) -> Iterator[tuple[str, str, str]]:
        if (context, message) not in seen:
            seen.add((context, message))
            yield context, message, where

    for context, message in _words():
        yield from each(context, message, "a card's or a suit's name")
    tables: list[tuple[str, Mapping[str, str]]] = [
        ("shared findings", GENERAL),
        ("shared findings", AS_WRITTEN),
        ("action labels (the choices of POST /api/next)", LABELS),
    ]
    for key, game in GAMES.items():
        tables += [(f"{key} findings", game.templates), (f"{key} score lines", game.lines)]
        tables.append((f"{key} terms", {**game.terms, "": game.trumps_name}))
        tables.append((f"{key} session ledger", game.session_templates))
    for where, table in tables:
        for code, message in table.items():
            yield from each("", message, f"{where}: {code or 'the trumps'}")


def games_of() -> dict[tuple[str, str], tuple[str, ...]]:
    """The games each (context, msgid) of the engine's tables belongs to (engine keys): a
    game's own word, the games of its context's package; a game's finding, score line or
    term, every game whose tables hold it. The card words and the shared findings belong to
    no game in particular and are not listed (``tests/test_terms.py`` asks them for any of
    a term's forms)."""
    found: dict[tuple[str, str], list[str]] = {}
    common = {entry for entry in _words() if not entry[0]}
    for context, message in CONTEXT_WORDS:
        found[(context, message)] = [
            key for key, game in GAMES.items() if context_of(game) == context
        ]
    for key, game in GAMES.items():
        tables = (game.templates, game.lines, {**game.terms, "": game.trumps_name})
        for message in (m for table in tables for m in table.values()):
            if ("", message) in common:
                continue
            games = found.setdefault(("", message), [])
            if key not in games:
                games.append(key)
    return {entry: tuple(games) for entry, games in found.items()}


def engine_catalog() -> Catalog:
    """The template catalog of the ``engine`` domain (no translations)."""
    catalog = Catalog(
        project="tarocco",
        copyright_holder="the tarocco authors",
        domain="engine",
        fuzzy=False,
    )
    for context, message, where in engine_messages():
        msgid: str | tuple[str, str] = (
            (message, message) if count_field(message) is not None else message
        )
        catalog.add(msgid, auto_comments=[where], context=context or None)
    return catalog


def main(argv: list[str] | None = None) -> int:
    """Write the template catalog to ``argv[0]`` (default :data:`POT`)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else POT
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as out:
        write_po(out, engine_catalog(), omit_header=False, sort_output=False, width=100)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
