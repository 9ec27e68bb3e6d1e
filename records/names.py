"""Names people give (players, sessions, tournaments, table and token labels, the authors of
rulings and corrections): one line of plain text, the same everywhere it is typed.

A name is shown on pages, written in a record's ``Players`` tag, compared with another and
exported to CSV. So :func:`clean_name` normalises it to NFC (an ``é`` typed as ``e`` and a
combining accent is the same name as ``é`` typed at once) and strips it, and refuses (422
``BAD_NAME``, saying which character and where) what would make two names look the same and
differ, or hide or reorder what is shown:

* control characters (category Cc: C0 including NUL and tab, DEL, C1), which also break
  a CSV or a terminal;
* format characters (category Cf): the bidi embeddings, overrides, isolates and marks
  (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), the zero-width characters (U+200B,
  U+200C, U+200D, U+2060, U+FEFF) and the other invisible ones (a soft hyphen);
* line and paragraph separators (categories Zl, Zp) and unpaired surrogates (Cs, which
  cannot be stored).

>>> clean_name("  Anna ")
'Anna'
>>> clean_name("Rene\\u0301") == "Ren\\u00e9"
True
>>> clean_name("Anna\\u202eX", "player name")
Traceback (most recent call last):
...
records.service.ServiceError: BAD_NAME: the player name "Anna…" holds U+202E RIGHT-TO-LEFT \
OVERRIDE at character 5: names are plain text
"""

from __future__ import annotations

import unicodedata

__all__ = ["REFUSED_CATEGORIES", "clean_name", "name_problem"]

#: The Unicode categories a name may not hold (see the module's docstring).
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})

# Control characters have no name in the Unicode database: the usual ones by their alias.
_CONTROL_NAMES = {
    0x00: "NULL",
    0x07: "BELL",
    0x08: "BACKSPACE",
    0x09: "CHARACTER TABULATION",
    0x0A: "LINE FEED",
    0x0D: "CARRIAGE RETURN",
    0x1B: "ESCAPE",
    0x7F: "DELETE",
}

_SHOWN_CHARS = 30  # of the name before the character at fault, in the message


def _char_name(char: str) -> str:
    code = ord(char)
    name = _CONTROL_NAMES.get(code) or unicodedata.name(char, "")
    if not name:
        name = "a control character" if unicodedata.category(char) == "Cc" else "no name"
    return f"U+{code:04X} {name}"


def name_problem(value: str, what: str = "name") -> str | None:
    """Why ``value`` (already NFC and stripped) cannot be a name, or ``None``: the first
    refused character, by its code point and name, and its place (1 for the first)."""
    for index, char in enumerate(value):
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            before = value[:index][:_SHOWN_CHARS]
            return (
                f'the {what} "{before}…" holds {_char_name(char)} at character {index + 1}: '
                "names are plain text"
            )
    return None


def clean_name(value: str, what: str = "name") -> str:
    """``value`` as a name is stored: NFC, stripped. Refused (422 ``BAD_NAME``) when it
    holds a character :func:`name_problem` names; ``what`` says which name in the message
    ("player name", "tournament name", "author", ...)."""
    cleaned = unicodedata.normalize("NFC", value).strip()
    problem = name_problem(cleaned, what)
    if problem is not None:
        from .service import ServiceError  # the service imports this module

        raise ServiceError(422, "BAD_NAME", problem)
    return cleaned
