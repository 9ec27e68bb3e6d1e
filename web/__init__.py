"""The tarocco web service: a Flask app factory with the JSON API (flask-smorest) under
``/api`` and the web pages (:mod:`web.pages`) everywhere else.

>>> app = create_app({"TESTING": True, "DATABASE": ":memory:"})
>>> app.test_client().get("/api/rules").status_code
200
"""

from __future__ import annotations

import os
import secrets
from typing import Any

from flask import Flask, has_request_context, request
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSessionInterface

__all__ = ["create_app"]

DEFAULT_DATABASE = "tarocco.sqlite"
MAX_BODY_BYTES = 8 * 1024 * 1024


class TlsAwareSessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session, marked ``Secure`` when the request came over TLS as
    well as when ``SESSION_COOKIE_SECURE`` says so. It holds the CSRF token and a director's
    random login id (never the token: :meth:`records.store.Store.start_login`)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or (has_request_context() and request.is_secure)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then ``TAROCCO_*`` environment variables, then
    ``test_config``; then the database helpers, the API and its error handlers."""
    app = Flask(__name__, instance_relative_config=True)
    # the lines holding only a template tag leave nothing in the page (a hand's page repeats
    # its seat and trick blocks dozens of times)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.config.from_mapping(
        DATABASE=os.environ.get("TAROCCO_DB", DEFAULT_DATABASE),
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        API_TITLE="tarocco",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
    )
    app.config.from_mapping(
        # Signs the pages' session cookie (director login, CSRF token). Set TAROCCO_SECRET_KEY
        # to keep logins across restarts; the embedded default is generated at start (the
        # app is built before gunicorn forks, so every worker shares it).
        SECRET_KEY=os.environ.get("TAROCCO_SECRET_KEY") or secrets.token_hex(32),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # The cookie is marked Secure on every request that came over TLS; set
        # TAROCCO_SECURE_COOKIES=1 behind a TLS proxy, where the app sees plain HTTP.
        SESSION_COOKIE_SECURE=os.environ.get("TAROCCO_SECURE_COOKIES", "") in ("1", "true", "yes"),
        # Changes of what exists must send If-Match (428 without it); by default a change
        # without it is based on what is current when it arrives (409 if that moves).
        REQUIRE_IF_MATCH=os.environ.get("TAROCCO_REQUIRE_IF_MATCH", "") in ("1", "true", "yes"),
        # Where the static files' compressed and fingerprinted copies go (web/static_files.py):
        # by default a private temporary folder, made at start and removed at exit.
        STATIC_CACHE=os.environ.get("TAROCCO_STATIC_CACHE") or None,
    )
    app.session_interface = TlsAwareSessionInterface()
    assert isinstance(app.json, DefaultJSONProvider)  # Flask's own: it has sort_keys
    app.json.sort_keys = False  # keep the schemas' field order in responses
    if test_config:
        app.config.from_mapping(test_config)

    from . import (
        correct,  # noqa: F401 - its views join pages_blp (#23.2)
        db,
        director_pages,  # noqa: F401 - its views join pages_blp (#23)
        enter,  # noqa: F401 - its view joins pages_blp (#24)
        i18n,
        live,  # noqa: F401 - its views join pages_blp (#23.8)
    )
    from .api import register_api
    from .bodies import register_body_checks
    from .heavy import register_heavy
    from .pages import register_pages

    db.init_app(app)
    i18n.init_app(app)
    register_body_checks(app)
    register_heavy(app)
    register_api(app)
    register_pages(app)
    return app
