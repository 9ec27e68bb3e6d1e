"""Help pages from the project's own documents: ``docs/notation.md`` rendered as HTML (with
markdown-it-py, raw HTML in the Markdown left as text), and each game's example record, the
one ``tarocco random GAME --seed N`` writes, to open in the editor.

>>> html = render_markdown("## Cards and tricks\\n\\n| a | b |\\n| --- | --- |\\n| 1 | 2 |\\n")
>>> 'id="cards-and-tricks"' in html and '<table tabindex="0">' in html
True
>>> "<script>" in render_markdown("<script>alert(1)</script>")
False
"""

from __future__ import annotations

import random
import re
import sys
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markupsafe import Markup

from records.writer import write_many
from scorer.games import GAMES
from scorer.report import Status

__all__ = [
    "EXAMPLE_SEEDS",
    "INSTALLED_NOTATION",
    "NOTATION",
    "example_record",
    "notation_html",
    "render_markdown",
]

NOTATION = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
"""The notation's reference in the source tree (a clone, an editable install)."""
INSTALLED_NOTATION = Path(sys.prefix) / "share" / "tarocco" / "notation.md"
"""Where ``pip install .`` puts it (``[tool.setuptools.data-files]`` in pyproject.toml)."""
#: The seeds tried for a game's example record, in order (``tarocco random GAME --seed N``).
EXAMPLE_SEEDS = range(1, 100)


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


@cache
def notation_html() -> Markup | None:
    """``docs/notation.md`` rendered, from the source tree or where ``pip install .`` put it,
    or ``None`` when neither has it."""
    for path in (NOTATION, INSTALLED_NOTATION):
        try:
            return render_markdown(path.read_text(encoding="utf-8"))
        except OSError:
            continue
    return None


@cache
def example_record(game: str) -> tuple[int, str]:
    """A legal record of ``game`` in the notation, played out to its last trick (not thrown in
    or surrendered): the engine's random hand with the first such seed of
    :data:`EXAMPLE_SEEDS`, and that seed (``tarocco random GAME --seed N`` writes it)."""
    engine = GAMES[game]
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
