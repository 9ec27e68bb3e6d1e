"""CSRF protection for the pages' forms: a per-session secret token.

Every page form carries ``csrf_token()`` in a hidden field; every page POST must send it back
equal to the one in the (signed) Flask session, or it is refused with 400. The token is made
anew when the login changes (:func:`renew_csrf`, at login and logout), so a token seen before
someone logged in (on a shared computer, in a page kept open) posts nothing after. The JSON
API needs none of this: it authenticates with an ``Authorization`` header that a foreign site cannot
make a browser send, never with a cookie.
"""

from __future__ import annotations

import hmac
import secrets

from flask import abort, request, session
from flask_babel import gettext as _

__all__ = ["FIELD", "check_csrf", "csrf_token", "renew_csrf"]

FIELD = "csrf_token"


def csrf_token() -> str:
    """This session's token, made on first use (templates call it for each form)."""
    token = session.get(FIELD)
    if not token:
        token = session[FIELD] = secrets.token_urlsafe(32)
    return token


def renew_csrf() -> str:
    """Replace this session's token by a new one (at login and logout): forms rendered
    before are refused from now on, as a token fixed by another before the login would be."""
    token = session[FIELD] = secrets.token_urlsafe(32)
    return token


def check_csrf() -> None:
    """Refuse (400) an unsafe request whose form token is missing or not this session's."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    sent = request.form.get(FIELD, "")
    expected = session.get(FIELD, "")
    if not sent or not expected or not hmac.compare_digest(sent, expected):
        abort(
            400,
            description=_(
                "the form has expired or did not come from this site: "
                "reload the page and send it again"
            ),
        )
