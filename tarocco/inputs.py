"""Reading the command line's inputs: files or standard input (records in the notation or in
its JSON form), and ``-o name=value`` flags."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from records.language import LANGUAGES, language_from

__all__ = [
    "MAX_INPUT_BYTES",
    "InputError",
    "environment_language",
    "is_json_form",
    "lang_option",
    "parse_option_flags",
    "read_input",
    "read_records",
]

#: The start of a text in the JSON form: an object, or an array of objects (or an empty
#: one). A record in the notation starts with a tag, ``[`` and a letter, or a comment.
_JSON_START = re.compile(r"\s*(?:\{|\[\s*[{\]])")

MAX_INPUT_BYTES = 16 * 1024 * 1024


class InputError(click.ClickException):
    """Input that cannot be read at all: exit status 2, like a malformed record."""

    exit_code = 2


def parse_option_flags(values: tuple[str, ...]) -> dict[str, str]:
    options = {}
    for value in values:
        name, sep, setting = value.partition("=")
        if not sep or not name or not setting:
            raise click.BadParameter(f"{value!r}: write name=value", param_hint="--option")
        options[name.strip().lower()] = setting.strip().lower()
    return options


def read_input(path: str) -> str:
    """A file's text (or standard input for ``-``), refusing huge or undecodable input."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror}") from exc
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"{path}: larger than {MAX_INPUT_BYTES // 2**20} MiB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start})") from exc


def is_json_form(text: str) -> bool:
    """Whether ``text`` is records in the JSON form (what ``tarocco format --json`` and
    ``tarocco random --json`` write), not in the notation.

    >>> is_json_form('[\\n  {"tags": []}]'), is_json_form('[Game "nice4"]')
    (True, False)
    """
    return _JSON_START.match(text) is not None


def read_records(path: str) -> str:
    """The records of a file (or standard input for ``-``) as notation text: the text as it
    is, or, for the JSON form, the records it holds in canonical notation (so that what
    ``tarocco format --json`` writes reads back; places are then those of that text, which
    ``tarocco format`` of the JSON shows). JSON that is not records is an :class:`InputError`
    naming what is wrong."""
    text = read_input(path)
    if not is_json_form(text):
        return text
    from records.schemas import RecordSchema  # (the schemas load only for JSON input)
    from records.writer import write_many

    data = _json_data(path, text)
    try:
        records = RecordSchema(many=True).load(data if isinstance(data, list) else [data])
    except Exception as exc:  # marshmallow's ValidationError, or a value no record takes
        raise InputError(f"{_name(path)}: not records in the JSON form: {_reason(exc)}") from exc
    return write_many(records)


def _json_data(path: str, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"{_name(path)}:{exc.lineno}:{exc.colno}"
        raise InputError(f"{where}: not valid JSON: {exc.msg}") from exc
    except RecursionError as exc:
        raise InputError(f"{_name(path)}: JSON nested too deep") from exc


def _reason(exc: Exception) -> str:
    messages = getattr(exc, "messages", None)
    return json.dumps(messages, ensure_ascii=False) if messages is not None else str(exc)


def _name(path: str) -> str:
    return "<stdin>" if path == "-" else path


def environment_language() -> str:
    """The language the environment asks for, as other programs read it: ``LC_ALL``, else
    ``LC_MESSAGES``, else ``LANG`` (``it_IT.UTF-8``: Italian); English when none is
    offered."""
    return language_from(os.environ.get(name) for name in ("LC_ALL", "LC_MESSAGES", "LANG"))


_Command = TypeVar("_Command", bound=Callable[..., Any])


def lang_option(command: _Command) -> _Command:
    """The ``--lang`` option of a command that prints the engine's words (findings, score
    lines): ``it``, ``fr`` or ``en``, by default the environment's
    (:func:`environment_language`); the command receives it as ``lang``."""
    return click.option(
        "--lang",
        "lang",
        type=click.Choice(list(LANGUAGES)),
        default=environment_language,
        show_default="from LC_ALL, LC_MESSAGES or LANG",
        help="The language of the findings and score lines.",
    )(command)
