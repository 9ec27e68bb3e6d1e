"""Help pages from the project's own documents: ``docs/notation.md`` rendered as HTML (with
markdown-it-py, raw HTML in the Markdown left as text), and each game's example record, the
one ``tarocco random GAME --seed 1`` writes, to open in the editor.

>>> html = render_markdown("## Cards and tricks\\n\\n| a | b |\\n| --- | --- |\\n| 1 | 2 |\\n")
>>> 'id="cards-and-tricks"' in html and '<table tabindex="0">' in html
True
>>> "<script>" in render_markdown("<script>alert(1)</script>")
False
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markupsafe import Markup

from records.writer import write_many
from scorer.games import GAMES

__all__ = ["EXAMPLE_SEED", "NOTATION", "example_record", "notation_html", "render_markdown"]

#: The notation's reference, beside the packages in a source checkout.
NOTATION = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
#: The seed of each game's example record (``tarocco random GAME --seed 1`` writes it).
EXAMPLE_SEED = 1


def _slug(text: str) -> str:
    """A heading's anchor as GitHub makes it, so the document's own links (``#cards``) work:
    lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")

    def heading_ids(state) -> None:  # type: ignore[no-untyped-def]
        tokens = state.tokens
        for index, token in enumerate(tokens):
            if token.type == "heading_open":
                token.attrSet("id", _slug(tokens[index + 1].content.replace("`", "")))
            elif token.type == "table_open":  # wide tables scroll on a phone
                token.attrSet("tabindex", "0")

    md.core.ruler.push("heading_ids", heading_ids)
    return md


def render_markdown(text: str) -> Markup:
    """``text`` (Markdown) as HTML; raw HTML in it is escaped, not passed through."""
    return Markup(_markdown().render(text))


@cache
def notation_html() -> Markup | None:
    """``docs/notation.md`` rendered, or ``None`` when the file is not there (an install
    without the source tree)."""
    try:
        text = NOTATION.read_text(encoding="utf-8")
    except OSError:
        return None
    return render_markdown(text)


@cache
def example_record(game: str) -> str:
    """A legal record of ``game`` in the notation: the engine's random hand with
    :data:`EXAMPLE_SEED` (``tarocco random GAME --seed 1``)."""
    return write_many(GAMES[game].random_session(random.Random(EXAMPLE_SEED), 1))
