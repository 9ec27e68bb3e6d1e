"""The command line's own words in a language (#33): the headings and table heads that
``tarocco verify`` prints around the engine's words.

They are messages of the pages' catalog (``web/translations``, extracted by ``pybabel
extract`` with the pages' own, as ``babel.cfg`` reads ``tarocco/``), read here through
:func:`records.language.compile_po` so that the command line never imports Flask. Each
module marks a message with ``_ = saying(language)`` then ``_("findings:")``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from records.language import DEFAULT, LANGUAGES, compile_po

__all__ = ["CATALOGS", "saying"]

#: The pages' catalogs, beside the package (``web/translations/<lang>/LC_MESSAGES``).
CATALOGS = Path(__file__).resolve().parent.parent / "web" / "translations"


@cache
def saying(language: str) -> Callable[[str], str]:
    """The gettext of the pages' catalog in ``language`` (English, an unknown language: the
    message itself)."""
    if language == DEFAULT or language not in LANGUAGES:
        return str
    catalog = compile_po(CATALOGS / language / "LC_MESSAGES" / "messages.po", language)
    return catalog.gettext
