"""JSON request bodies must hold text: a string with a lone UTF-16 surrogate is refused.

JSON may spell a surrogate half as an escape (``"\\ud800"``); Python decodes it into a
string that no UTF-8 codec (SQLite's included) will encode, so storing it failed with a 500.
Such a body is refused before any view runs, with the JSON path of the string and the
position in it: 400 ``NOT_TEXT``. A proper pair (``"\\ud83d\\ude00"``, one emoji) is text and
passes. Only bodies holding a ``\\uD800``-``\\uDFFF`` escape are decoded for the check.

>>> lone_surrogate({"players": ["A", "B\\ud800"]})
('$.players[1]', 1)
>>> lone_surrogate({"name": "\\U0001f600"}) is None
True
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask, request

from records.service import ServiceError

_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def lone_surrogate(value: Any, path: str = "$") -> tuple[str, int] | None:
    """The JSON path of the first string (key or value) in ``value`` holding a lone
    surrogate, and that character's position in it; ``None`` when all is text."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            return path, exc.start
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            found = lone_surrogate(key, f"{path} (a key)") or lone_surrogate(item, f"{path}.{key}")
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = lone_surrogate(item, f"{path}[{index}]")
            if found:
                return found
    return None


def register_body_checks(app: Flask) -> None:
    @app.before_request
    def refuse_json_that_is_not_text() -> None:
        if not request.is_json:
            return
        body = request.get_data(cache=True)
        if not _SURROGATE_ESCAPE.search(body):
            return
        try:
            decoded = json.loads(body)
        except ValueError:
            return  # malformed JSON: the API's own 400 says so
        found = lone_surrogate(decoded)
        if found:
            path, position = found
            raise ServiceError(
                400,
                "NOT_TEXT",
                f"{path} holds a lone UTF-16 surrogate at "
                f"character {position + 1}: it is not text (send the string "
                "without it, or the whole character)",
            )
