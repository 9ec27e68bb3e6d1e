"""Every request body is checked once, before any view runs, for what would break the
service rather than merely fail its schema (one place for all the write and verify
endpoints and the pages' forms).

Its size: at most ``MAX_CONTENT_LENGTH`` bytes (8 MiB), and at most
:data:`ANONYMOUS_VERIFY_BYTES` for ``POST /api/verify``, ``/api/audit`` and ``/api/next``
without a director token (:data:`ANONYMOUS_WORK_PATHS`: their work grows with the text, and
anyone may ask for it). Over the limit is 413, with the limit in the
message, whether the body comes with a ``Content-Length`` or chunked: Werkzeug reads a
chunked body up to the limit and quietly stops there, so the rest of it is looked for here.

A JSON body's content:

* **nesting** deeper than :data:`MAX_DEPTH` arrays or objects: 400 ``TOO_DEEP``. Python's
  decoder recurses, and a body nested 1,000 deep ran out of stack (a 500);
* **numbers** no field can take: an integer of more than :data:`MAX_INT_DIGITS` digits
  (Python refuses to convert more than 4,300 and raised a 500; every stored number is a
  64-bit SQLite integer), a float that overflows to infinity (``1e400``) and the non-JSON
  constants ``NaN`` and ``Infinity``: 400 ``NUMBER_TOO_LARGE``;
* **strings that are not text**: a lone UTF-16 surrogate escape (``"\\ud800"``) decodes
  into a string that no UTF-8 codec (SQLite's included) will encode, so storing it failed
  with a 500: 400 ``NOT_TEXT``, with the JSON path of the string and the position in it. A
  proper pair (``"\\ud83d\\ude00"``, one emoji) is text and passes.

Each refusal says what was found and the limit (and, for a string, its JSON path).

>>> lone_surrogate({"players": ["A", "B\\ud800"]})
('$.players[1]', 1)
>>> lone_surrogate({"name": "\\U0001f600"}) is None
True
>>> nesting_depth(b'{"a": [[1], "[[[[", "\\\\"]}')
3
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from flask import Flask, request
from werkzeug.exceptions import RequestEntityTooLarge

from records.service import MAX_RECORDS_PER_UPLOAD, ServiceError

from .auth import bearer_token
from .db import get_store

ANONYMOUS_VERIFY_BYTES = 256 * 1024
ANONYMOUS_VERIFY_RECORDS = 100
DIRECTOR_VERIFY_RECORDS = MAX_RECORDS_PER_UPLOAD
MAX_DEPTH = 32
MAX_INT_DIGITS = 19  # 2**63 - 1 has 19 digits: no SQLite INTEGER is longer

# A JSON string, with its escapes (unrolled, so that a long string matches fast).
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_OPEN_RUN = re.compile(rb"[\[{]+")
_TOO_MANY_OPEN = re.compile(rb"[\[{]{%d}" % (MAX_DEPTH + 1))
_STEP = [0] * 256
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


def nesting_depth(body: bytes) -> int:
    """How deep ``body``'s arrays and objects nest at most (past :data:`MAX_DEPTH`, a depth
    it reaches at least); brackets inside strings do not count. Linear, and at C speed but
    for bodies with many brackets none deeper than the limit."""
    brackets = _STRING.sub(b"", body).translate(None, _NOT_BRACKETS)
    opening = brackets.count(b"[") + brackets.count(b"{")
    if opening <= MAX_DEPTH:
        return opening
    if _TOO_MANY_OPEN.search(brackets):  # the usual attack, found without counting
        return len(max(_OPEN_RUN.findall(brackets), key=len))
    return max(accumulate(map(_STEP.__getitem__, brackets)))


class _NumberTooLarge(ValueError):
    """A number in the body that no field can hold."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _NumberTooLarge(
            f"an integer of {len(text.lstrip('-')):,} digits (at most {MAX_INT_DIGITS} are taken)"
        )
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NumberTooLarge(f"the number {text[:40]}, too large for a float")
    return value


def _no_constant(text: str) -> float:
    raise _NumberTooLarge(f"{text}, which is not a JSON number")


def decode_bounded(body: bytes) -> Any:
    """``body`` decoded as JSON within the limits above; :class:`ServiceError` 400 when a
    limit is passed, ``ValueError`` when it is not JSON at all (the API's own 400 says so)."""
    depth = nesting_depth(body)
    if depth > MAX_DEPTH:
        raise ServiceError(
            400,
            "TOO_DEEP",
            f"the JSON body nests arrays and objects {depth} or more deep: "
            f"at most {MAX_DEPTH} levels are taken",
        )
    try:
        return json.loads(
            body,
            parse_int=_bounded_int,
            parse_float=_finite_float,
            parse_constant=_no_constant,
        )
    except _NumberTooLarge as exc:
        raise ServiceError(400, "NUMBER_TOO_LARGE", f"the JSON body holds {exc}") from None


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


def is_director_request() -> bool:
    """Whether the request carries a valid (unrevoked) director token, of any tournament."""
    token = bearer_token()
    return token is not None and get_store().token_row(token) is not None


#: The endpoints anyone may ask for whose work grows with the text: verifying, auditing and
#: the guided entry's next step. Without a director's token a body is at most
#: :data:`ANONYMOUS_VERIFY_BYTES`.
ANONYMOUS_WORK_PATHS = {
    "/api/verify": "verifying",
    "/api/audit": "an audit",
    "/api/next": "the next step of an entry",
}


def _is_anonymous_work() -> bool:
    return (
        request.method == "POST"
        and request.path in ANONYMOUS_WORK_PATHS
        and not is_director_request()
    )


def too_large_message() -> str:
    """What a 413 says: the limit that applies to this request, and how to get past it."""
    limit = request.max_content_length
    if limit is None:
        return "the request body is too large"
    message = f"the request body is over the limit of {limit:,} bytes"
    if limit == ANONYMOUS_VERIFY_BYTES and request.path in ANONYMOUS_WORK_PATHS:
        message += (
            f" for {ANONYMOUS_WORK_PATHS[request.path]} without a director token (a director's"
            f" token raises it to {_app_limit():,} bytes; or run `tarocco verify` on your own"
            " machine)"
        )
    return message


def _app_limit() -> int:
    from flask import current_app

    return int(current_app.config["MAX_CONTENT_LENGTH"])


def verify_record_limit() -> int:
    """How many records one ``POST /api/verify`` may hold: fewer without a director token."""
    return DIRECTOR_VERIFY_RECORDS if is_director_request() else ANONYMOUS_VERIFY_RECORDS


def limit_body_size() -> None:
    """Set this request's body limit, and refuse (413) a chunked body that goes past it."""
    if _is_anonymous_work():
        request.max_content_length = ANONYMOUS_VERIFY_BYTES
    limit = request.max_content_length
    if limit is None or request.content_length is not None:
        return  # Werkzeug itself refuses a Content-Length over the limit
    if "wsgi.input_terminated" not in request.environ:
        return  # a stream without a length that the server does not end: Werkzeug reads none
    body = request.get_data(cache=True)  # cut at the limit by Werkzeug, if longer
    if len(body) >= limit and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge(too_large_message())


def check_json_body() -> None:
    """Refuse (400) a JSON body that passes a limit above or holds a string that is not
    text; anything else goes on to the views and their schemas."""
    if not request.is_json:
        return
    body = request.get_data(cache=True)
    if not body:
        return
    try:
        decoded = decode_bounded(body)
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


def register_body_checks(app: Flask) -> None:
    app.before_request(limit_body_size)
    app.before_request(check_json_body)
