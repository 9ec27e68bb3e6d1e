"""The tarocco web service: a Flask app factory with the JSON API (flask-smorest).

>>> app = create_app({"TESTING": True, "DATABASE": ":memory:"})
>>> app.test_client().get("/api/rules").status_code
200
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask

__all__ = ["create_app"]

DEFAULT_DATABASE = "tarocco.sqlite"
MAX_BODY_BYTES = 8 * 1024 * 1024


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then ``TAROCCO_*`` environment variables, then
    ``test_config``; then the database helpers, the API and its error handlers."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.environ.get("TAROCCO_DB", DEFAULT_DATABASE),
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        API_TITLE="tarocco",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
    )
    app.json.sort_keys = False  # keep the schemas' field order in responses
    if test_config:
        app.config.from_mapping(test_config)

    from . import db
    from .api import register_api

    db.init_app(app)
    register_api(app)
    return app
