"""Every request body is checked once, before any view runs, for what would break the
service rather than merely fail its schema (one place for all the write and verify
endpoints and the pages' forms).

Its size: at most ``MAX_CONTENT_LENGTH`` bytes (8 MiB), and without a director token or
page login at most :data:`ANONYMOUS_VERIFY_BYTES` for the API (``POST /api/verify``,
``/api/audit`` and ``/api/next``, :data:`ANONYMOUS_WORK_PATHS`, are what anyone may ask for,
and their work grows with the text) and :data:`ANONYMOUS_PAGE_BYTES` for a page (#30.2).
``tarocco serve``'s worker applies the same limit while it reads the body
(:func:`body_limit_hook`); the check here is the second line. Over the limit is 413, with
the limit in the message, whether the body comes with a ``Content-Length`` or chunked:
Werkzeug reads a chunked body up to the limit and quietly stops there, so the rest of it is
looked for here.

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
from collections.abc import Callable, Mapping
from html import escape
from itertools import accumulate
from typing import Any

from flask import Flask, request, session
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.http import parse_cookie

from records.service import MAX_RECORDS_PER_UPLOAD, ServiceError
from records.store import Store

from .auth import LOGIN_KEY, bearer_token
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


def has_director_credentials() -> bool:
    """A valid director token, or a page login whose token is not revoked (as
    ``web.pages.director`` finds it)."""
    if is_director_request():
        return True
    login = session.get(LOGIN_KEY) if request.cookies else None
    return isinstance(login, str) and get_store().login_token_row(login) is not None


#: The endpoints anyone may ask for whose work grows with the text: verifying, auditing and
#: the guided entry's next step. Without a director's token a body is at most
#: :data:`ANONYMOUS_VERIFY_BYTES`.
ANONYMOUS_WORK_PATHS = {
    "/api/verify": "verifying",
    "/api/audit": "an audit",
    "/api/next": "the next step of an entry",
}

ANONYMOUS_PAGE_BYTES = 1024 * 1024
"""A page's body without a director login: the verify page takes 400,000 characters
(``web.pages.MAX_VERIFY_CHARS``), form-encoded."""


def anonymous_limit(path: str) -> int:
    """The body limit of a request without director credentials (issue #30.2): nothing
    anonymous needs more, and the worker reads a body whole in memory before a thread
    takes it, so an anonymous caller must not make it hold 8 MiB per connection."""
    return ANONYMOUS_VERIFY_BYTES if path.startswith("/api") else ANONYMOUS_PAGE_BYTES


def _too_large_text(path: str, limit: int, full: int) -> str:
    message = f"the request body is over the limit of {limit:,} bytes"
    if limit == full:
        return message
    if path in ANONYMOUS_WORK_PATHS:
        return message + (
            f" for {ANONYMOUS_WORK_PATHS[path]} without a director token (a director's"
            f" token raises it to {full:,} bytes; or run `tarocco verify` on your own"
            " machine)"
        )
    return message + f" without a director token or login (with one: {full:,} bytes)"


def too_large_message() -> str:
    """What a 413 says: the limit that applies to this request, and how to get past it."""
    limit = request.max_content_length
    if limit is None:
        return "the request body is too large"
    return _too_large_text(request.path, limit, _app_limit())


def _app_limit() -> int:
    from flask import current_app

    return int(current_app.config["MAX_CONTENT_LENGTH"])


def verify_record_limit() -> int:
    """How many records one ``POST /api/verify`` may hold: fewer without a director token."""
    return DIRECTOR_VERIFY_RECORDS if is_director_request() else ANONYMOUS_VERIFY_RECORDS


def limit_body_size() -> None:
    """Set this request's body limit (the anonymous one, :func:`anonymous_limit`, unless
    the request carries director credentials), and refuse (413) a chunked body that goes
    past it.
    The worker (``tarocco.worker``) applies the same limit while it reads the body
    (:func:`body_limit_hook`): this is the second line, for any other server."""
    small = min(_app_limit(), anonymous_limit(request.path))
    length = request.content_length
    chunked = request.headers.get("Transfer-Encoding", "").lower().endswith("chunked")
    if (length > small if length is not None else chunked) and not has_director_credentials():
        request.max_content_length = small
    limit = request.max_content_length
    if limit is None or request.content_length is not None:
        return  # Werkzeug itself refuses a Content-Length over the limit
    if "wsgi.input_terminated" not in request.environ:
        return  # a stream without a length that the server does not end: Werkzeug reads none
    body = request.get_data(cache=True)  # cut at the limit by Werkzeug, if longer
    if len(body) >= limit and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge(too_large_message())


#: What the worker asks of the app once it has a request's head: the body limit, and the
#: refusal's content type and bytes, for a method, path, headers (names lower-case) and the
#: announced length (``None`` when chunked). Every method's body counts alike (a GET's body
#: is read as a POST's would be), so the method does not change the limit here.
BodyLimitHook = Callable[[str, str, Mapping[str, str], "int | None"], tuple[int, str, bytes]]


def body_limit_hook(app: Flask) -> BodyLimitHook:
    """The worker's hook (``app.extensions["tarocco_body_limit"]``): the limit of
    :func:`limit_body_size`, decided from the head alone. Credentials are looked at only
    when the body may pass the anonymous limit, and must be valid: a bearer token that
    exists and is not revoked, or a signed page cookie of an open login (one indexed read
    each); a bogus ``Authorization`` header buys nothing."""
    full = int(app.config["MAX_CONTENT_LENGTH"] or 0) or 16 * 1024 * 1024

    def limit_for(
        method: str, path: str, headers: Mapping[str, str], length: int | None
    ) -> tuple[int, str, bytes]:
        small = min(full, anonymous_limit(path))
        limit = small
        if (length is None or length > small) and _valid_credentials(app, headers):
            limit = full
        return limit, *_refusal(path, _too_large_text(path, limit, full))

    return limit_for


def _refusal(path: str, message: str) -> tuple[str, bytes]:
    """A 413's content type and body: the API's JSON error, or a short page."""
    if path.startswith("/api"):
        body = {"code": "REQUEST_ENTITY_TOO_LARGE", "status": 413, "message": message}
        return "application/json", json.dumps(body).encode()
    page = f"<!doctype html><title>Too large</title><h1>Too large</h1><p>{escape(message)}</p>"
    return "text/html; charset=utf-8", page.encode()


def _valid_credentials(app: Flask, headers: Mapping[str, str]) -> bool:
    """A valid director token or page login in ``headers``, outside any request."""
    scheme, _, token = headers.get("authorization", "").partition(" ")
    token = token.strip() if scheme.lower() == "bearer" else ""
    login = _cookie_login(app, headers.get("cookie", ""))
    if not token and not login:
        return False
    try:
        store = app.extensions.get("tarocco_limit_store")
        if store is None:  # one connection per worker process, for its main loop
            store = app.extensions["tarocco_limit_store"] = Store(app.config["DATABASE"])
        return bool(token and store.token_row(token)) or bool(
            login and store.login_token_row(login)
        )
    except Exception:  # a database that cannot answer grants nothing
        return False


def _cookie_login(app: Flask, cookies: str) -> str:
    """The login id in the signed session cookie, if the signature holds."""
    value = parse_cookie(cookies).get(app.config["SESSION_COOKIE_NAME"]) if cookies else None
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    if not value or serializer is None:
        return ""
    try:
        data = serializer.loads(value, max_age=int(app.permanent_session_lifetime.total_seconds()))
    except Exception:  # a bad signature or a malformed cookie: no login
        return ""
    login = data.get(LOGIN_KEY) if isinstance(data, dict) else None
    return login if isinstance(login, str) else ""


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
    app.extensions["tarocco_body_limit"] = body_limit_hook(app)
    app.before_request(limit_body_size)
    app.before_request(check_json_body)
