"""The web pages: thin views over :mod:`records.service`, :mod:`records.pipeline` and
``scorer``, exactly as the JSON API uses them, rendered with Jinja (autoescaped).

Pages: ``/`` (home), ``/verify`` (paste or pick a file; store it in a session as a director),
``/hands/<id>`` (the replay), ``/sessions/<id>`` (the score sheet), ``/tournaments/<id>``
(standings), ``/rules`` and ``/rules/<game>`` (each game for players, in the page's language,
with an example record to open in the editor: ``/verify?example=<game>``), ``/glossary`` (the
games' own words) and ``/notation`` (a first record, then ``docs/notation.md``), drawn from
:mod:`web.docpages`; the director's pages of
issue 23 (revisions, rulings withdrawn or amended, sessions and tokens) are in
:mod:`web.director_pages`. Reads are public unless the tournament is private: then only its
director, logged in with a token, sees it; to anyone else it does not exist (404). A login
keeps only a random login id in the signed Flask session cookie; the token and the login stay
on the server, and logout or revoking the token ends it. Every form carries a CSRF token
(:mod:`web.csrf`).
"""

from __future__ import annotations

import gzip
import json
import re
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    flash,
    g,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import HTTPException
from werkzeug.exceptions import NotFound as NotFoundError
from werkzeug.wrappers import Response as BaseResponse  # what redirect() returns

from records import service
from records.pipeline import check_text, session_ledger, session_seating
from records.schemas import dump_report, dump_seating
from records.service import ServiceError
from records.store import NotFound
from scorer.games import GAMES, OptionError, UnknownGame, get_game
from scorer.record import parse_options

from . import docpages, present, static_files
from . import schemas as S
from .auth import LOGIN_KEY
from .cardface import card_name, card_svg
from .csrf import check_csrf, csrf_token, renew_csrf
from .db import get_store
from .docpages import example_record, link_rulings, link_words, notation_html, terms_used
from .i18n import N_, select_language, word
from .tables import group_by_table, table_heading

pages_blp = Blueprint("pages", __name__)  # templates and static files: the app's own

#: The verify page replays (and draws) at most this many records of one text; the rest get
#: their verdict and findings only. Bigger texts belong to the API or ``tarocco import``.
MAX_REPLAYS = 4
MAX_VERIFY_CHARS = 400_000

CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "form-action 'self'; frame-ancestors 'self'; base-uri 'none'"
)


# -- request plumbing ---------------------------------------------------------------------
@pages_blp.before_request
def _protect() -> None:
    check_csrf()


@pages_blp.after_request
def _headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return _compressed(response)


def _compressed(response: Response) -> Response:
    """A page gzipped for a browser that accepts it (#23.11): a hand's page of some 50 KB
    travels as about 8 KB to a phone. Files and streamed answers are left as they are, and
    so are a logged-in director's pages: they carry the CSRF token that guards writes beside
    text a visitor can choose, and compressing both lets the page's size betray the token
    (BREACH)."""
    response.vary.add("Accept-Encoding")
    if (
        session.get(LOGIN_KEY)
        or response.mimetype != "text/html"
        or response.direct_passthrough
        or response.is_streamed
        or "Content-Encoding" in response.headers
        or "gzip" not in request.accept_encodings
    ):
        return response
    body = response.get_data()
    if len(body) < 1024:
        return response
    response.set_data(gzip.compress(body, compresslevel=6))
    response.headers["Content-Encoding"] = "gzip"
    return response


def director() -> dict[str, Any] | None:
    """The logged-in director's token row: ``None`` if nobody is logged in, or the login
    was ended (logout) or its token revoked. The cookie holds only the login's random id
    (#21.14); the token stays on the server."""
    if "director" not in g:
        login = session.get(LOGIN_KEY)
        row = get_store().login_token_row(login) if isinstance(login, str) else None
        if login and row is None:
            session.pop(LOGIN_KEY, None)
        if row is not None:
            row = {**row, "tournament": get_store().tournament(row["tournament_id"])}
        g.director = row
    return g.director


def _is_director_of(tournament_id: int) -> bool:
    row = director()
    return row is not None and row["tournament_id"] == tournament_id


def readable_tournament(tournament_id: int) -> dict[str, Any]:
    """The tournament, if this visitor may see it; a private one is 404 to others."""
    try:
        row = get_store().tournament(tournament_id)
    except NotFound:
        abort(404, description=_("there is no tournament %(id)s", id=tournament_id))
    if row["private"] and not _is_director_of(tournament_id):
        abort(404, description=_("there is no tournament %(id)s", id=tournament_id))
    return row


def readable_session(session_id: int) -> tuple[dict[str, Any], dict[str, Any]]:
    try:
        row = get_store().session(session_id)
    except NotFound:
        abort(404, description=_("there is no session %(id)s", id=session_id))
    return row, readable_tournament(row["tournament_id"])


def readable_hand(hand_id: int) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    try:
        row = get_store().hand(hand_id)
    except NotFound:
        abort(404, description=_("there is no hand %(id)s", id=hand_id))
    session_row, tournament_row = readable_session(row["session_id"])
    return row, session_row, tournament_row


#: Static files also served at a short address of the site's root: the sprite of every card
#: face (``web/static/cards.svg``), which a hand's page names once per card drawn, some 175
#: times (#23.11).
ALIASES = {"c.svg": "cards.svg"}


@pages_blp.get("/c.svg")
@pages_blp.get("/c.<fingerprint>.svg")
def card_faces(fingerprint: str | None = None) -> Response:
    """The card sprite, when WhiteNoise does not answer first (:mod:`web.static_files`: no
    cache folder could be written, or a fingerprint of an older sprite)."""
    return current_app.send_static_file(ALIASES["c.svg"])


@pages_blp.url_defaults
def _sprite_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    """The sprite's address carries its content's hash, so browsers keep it (#31.5)."""
    if endpoint == "pages.card_faces":
        values.setdefault("fingerprint", static_files.digest_of(current_app, "c.svg"))


def _card_on_page() -> Callable[..., Markup]:
    """``card_svg`` drawing from the sprite of every face, fetched once by the browser."""
    faces = url_for("pages.card_faces")
    return lambda text, style="italian": card_svg(text, style, faces)


@pages_blp.app_context_processor
def _globals() -> dict[str, Any]:
    return {
        "csrf_token": csrf_token,
        "card_svg": _card_on_page(),
        "card_name": card_name,
        "GAMES": GAMES,
        "director": director(),
        "rule_url": _rule_url,
        "seat_places": present.seat_places,
        "paper_sheet": present.paper_sheet,
        "link_rulings": link_rulings,
        "link_words": link_words,
        "terms_used": terms_used,
        "form_key": new_form_key,
        "hand_etag": service.hand_etag,
        "session_etag": service.session_etag,
        "tournament_etag": service.tournament_etag,
        "limits": {
            "amount": service.MAX_RULING_AMOUNT,
            "author": S.MAX_AUTHOR,
            "reason": S.MAX_REASON,
            "text": S.MAX_TEXT,
        },
    }


def new_form_key() -> str:
    """A one-time key for a form that makes something (a ruling, a session, a token): sent
    twice, the form makes it once (:meth:`records.store.Store.claim_submission`)."""
    return secrets.token_urlsafe(18)


def form_submission() -> str | None:
    """The submission key a posted form carries (``form_key``), as the store keeps it."""
    key = request.form.get("form_key", "").strip()
    return f"form:{key[:64]}" if key else None


def form_versions() -> set[str] | None:
    """The version a posted form was drawn from (its hidden ``version``), as the API's
    ``If-Match``: a change based on a stale one is refused with what changed (#30.1)."""
    version = request.form.get("version", "").strip()
    return {version} if version else None


def _rule_url(game: str, rule: str | None) -> str:
    """Where a ruling ID is explained: its game's rules page, at the ruling."""
    key = game if game in GAMES else next(iter(GAMES))
    return url_for("pages.game_rules", game=key, _anchor=rule or None)


def _page_error(status: int, title: str, message: str) -> tuple[str, int]:
    return render_template("error.html", status=status, title=title, message=message), status


def render_error(error: HTTPException) -> tuple[str, int]:
    """An HTML error page (also used by :mod:`web.errors` for unknown addresses)."""
    status = error.code or 500
    titles = {
        400: _("Bad request"),
        401: _("Unauthorized"),
        403: _("Forbidden"),
        404: _("Not found"),
        405: _("Not allowed"),
        413: _("Too large"),
        503: _("Service Unavailable"),
    }
    return _page_error(status, titles.get(status, error.name or _("Error")), _description(error))


def _description(error: HTTPException) -> str:
    """What an error page says under its title: the words of the page's own refusals, else
    werkzeug's standard sentence for an address that is not there (the only one of its
    sentences a visitor meets), in the page's language."""
    if error.code == 404 and error.description == NotFoundError.description:
        return _("There is no page at this address.")
    return error.description or ""


@pages_blp.errorhandler(HTTPException)
def _http_error(error: HTTPException) -> tuple[str, int]:
    return render_error(error)


@pages_blp.errorhandler(ServiceError)
def _service_error(error: ServiceError) -> tuple[str, int]:
    title = SERVICE_TITLES.get(error.code)
    title = _(title) if title else error.code.replace("_", " ").capitalize()
    return _page_error(error.status, title, error.message)


#: The titles of the error pages of the service's refusals (its codes, said as words).
SERVICE_TITLES = {
    "NOT_FOUND": N_("Not found"),
    "BAD_FORM": N_("Bad form"),
    "BAD_AMOUNT": N_("Bad amount"),
    "BAD_LABEL": N_("Bad label"),
    "BAD_OPTION": N_("Bad option"),
    "UNKNOWN_GAME": N_("Unknown game"),
    "WRONG_TOURNAMENT": N_("Wrong tournament"),
    "CONFLICT": N_("Conflict"),
    "PRECONDITION_FAILED": N_("Precondition failed"),
}


# -- home and director login --------------------------------------------------------------
@pages_blp.get("/")
def home() -> str:
    """The front page: verify a record, the tournaments one may see, the rules."""
    mine = director()
    tournaments = [
        t
        for t in get_store().tournaments()
        if not t["private"] or (mine and mine["tournament_id"] == t["id"])
    ]
    return render_template("home.html", tournaments=tournaments, director=mine)


@pages_blp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    """A director logs in with a token: the session remembers it until logout."""
    if request.method == "POST":
        token = request.form.get("token", "").strip()
        store = get_store()
        login = store.start_login(token) if token else None
        if login is None:
            return render_template(
                "login.html", error=_("unknown or revoked token"), director=None
            ), 401
        old = session.get(LOGIN_KEY)
        if isinstance(old, str):
            store.end_login(old)
        session[LOGIN_KEY] = login
        renew_csrf()
        g.pop("director", None)
        row = director()
        if row is None:  # the token was revoked the moment after
            return render_template(
                "login.html", error=_("unknown or revoked token"), director=None
            ), 401
        flash(_("Logged in as %(label)s of this tournament.", label=row["label"] or _("director")))
        target = request.form.get("next", "")
        if not target:
            return redirect(url_for("pages.tournament", tournament_id=row["tournament_id"]))
        return redirect(local_target(target) or url_for("pages.home"))
    return render_template(
        "login.html", error=None, director=director(), next=request.args.get("next", "")
    )


@pages_blp.post("/logout")
def logout() -> Any:
    """End the login on the server too: a copy of the cookie opens nothing after."""
    login = session.pop(LOGIN_KEY, None)
    if isinstance(login, str):
        get_store().end_login(login)
    renew_csrf()
    flash(_("Logged out."))
    return redirect(url_for("pages.home"))


def local_target(target: str) -> str | None:
    """``target`` if it is a path of this site that the app routes for GET (a query may
    follow), else ``None`` (#21.3). Whitespace and control characters anywhere are refused:
    browsers drop a tab or a line break inside a URL, so ``/\t/evil.example/`` would leave
    the site as ``//evil.example/``, and a line break in a header is a 500. So are a
    backslash (read as a slash), a scheme, a host and ``//``."""
    if not target.isprintable() or any(char.isspace() or char == "\\" for char in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or target.startswith("//"):
        return None
    try:
        current_app.url_map.bind("localhost").match(parts.path, method="GET")
    except HTTPException:  # not routed, not for GET, or only after a redirect
        return None
    return target


# -- verify and upload --------------------------------------------------------------------
def _submitted_text() -> str:
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        return upload.read().decode("utf-8", errors="replace")
    return request.form.get("text", "")


def _verify_view(
    text: str, options_text: str, session_options: dict[str, str] | None = None
) -> dict[str, Any]:
    """Verify ``text`` as the API does (under ``session_options`` when it is to be stored in
    a session, else the form's options); what the page shows of each record."""
    if session_options is not None:
        options = session_options
    else:
        options = {k.lower(): v.lower() for k, v in parse_options(options_text).items()}
    checked = check_text(text, options=options or None)
    ledger = session_ledger(checked) if len(checked) > 1 else None
    findings: list[dict[str, Any]] = []
    results = []
    language = select_language()
    for index, item in enumerate(checked, start=1):
        record = item.parsed.record
        report = present.in_language(dump_report(item.report), language)
        first = len(findings)
        findings += report["findings"]
        style = present.face_style(report["game"], record.tag("Suits") if record else None)
        replay = index <= MAX_REPLAYS and bool(report["tricks"] or report["hands"])
        results.append(
            {
                "index": index,
                "prefix": f"r{index}-",
                "report": report,
                "seating": dump_seating(item.seating),
                "style": style,
                "line": record.start.line if record and record.start else None,
                "finding_base": first,
                "replay": replay,
                "tricks": present.trick_views(report) if replay else [],
                "held": present.held_cards(report) if replay else {},
                "view": present.table_view(report),
                "stock": present.stock_steps(report) if replay else [],
            }
        )
    return {
        "results": results,
        "findings": findings,
        "source": present.annotate(text, findings),
        "ledger": ledger,
        "seating": dump_seating(session_seating(checked)),
        "sheet": present.sheet_rows(ledger, {}) if ledger is not None else None,
        "sheet_page": (  # the verify page's sheet is on one page
            present.sheet_page(ledger, 1, size=max(1, len(ledger.rows)))
            if ledger is not None
            else None
        ),
        "chart": present.balance_chart(ledger) if ledger is not None and ledger.rows else None,
    }


def _director_sessions() -> list[dict[str, Any]]:
    mine = director()
    return get_store().sessions(mine["tournament_id"]) if mine else []


@pages_blp.route("/verify", methods=["GET", "POST"])
def verify() -> Any:
    """Paste or pick a record; the verdict, the findings on the text, the replay. A director
    may store it in one of the tournament's sessions (``action=store``)."""
    mine = director()
    context: dict[str, Any] = {
        "director": mine,
        "sessions": _director_sessions(),
        "text": "",
        "options": "",
        "view": None,
        "error": None,
        "session_id": request.args.get("session", type=int),
    }
    if request.method == "GET":
        example = request.args.get("example")
        if example is not None:  # a rules page's example, opened in the editor
            if example not in GAMES:
                abort(
                    404,
                    description=_("there is no game %(name)r; see the list of games", name=example),
                )
            context["text"] = example_record(example)[1]
        return render_template("verify.html", **context)
    text = _submitted_text()
    context.update(
        text=text,
        options=request.form.get("options", ""),
        session_id=request.form.get("session_id", type=int),
    )
    if len(text) > MAX_VERIFY_CHARS:
        context["error"] = (
            f"this text is longer than {MAX_VERIFY_CHARS:,} characters: verify "
            "it with `tarocco verify` or store it with `tarocco import`"
        )
        return render_template("verify.html", **context), 413
    if not text.strip():
        context["error"] = "paste a record or pick a file first"
        return render_template("verify.html", **context), 400
    if request.form.get("action") in ("preview", "store"):
        return _store(text, context, request.form["action"])
    try:
        context["view"] = _verify_view(text, context["options"])
    except OptionError as exc:
        context["error"] = str(exc)
        return render_template("verify.html", **context), 422
    return render_template("verify.html", **context)


def _store(text: str, context: dict[str, Any], action: str) -> Any:
    """``preview`` ("Verify and store"): the verdicts, findings and payments of what would be
    stored, under the session's options, and a button to store it. ``store``: store it, but
    an invalid or partial record only once the director has ticked the box that confirms
    it (#23.1); else the preview again and nothing stored."""
    mine = director()
    if mine is None:
        abort(401, description=_("log in with a director token to store records"))
    session_id = context["session_id"]
    try:
        target = get_store().session(session_id) if session_id else None
    except NotFound:
        target = None
    if target is None or target["tournament_id"] != mine["tournament_id"]:
        context["error"] = _("choose one of your tournament's sessions")
        return render_template("verify.html", **context), 422
    actor = f"token {mine['id']} ({mine['label']}) via the web"
    try:
        preview = service.preview_upload(get_store(), target["id"], text)
    except ServiceError as exc:
        context["error"] = _("nothing was stored: %(why)s", why=exc.message)
        context["view"] = _verify_view(text, "")
        return render_template("verify.html", **context), exc.status
    doubtful = [p for p in preview if p.status in service.NEEDS_CONFIRMATION and not p.duplicate]
    confirmed = request.form.get("confirm") == "1"
    if action == "preview" or (doubtful and not confirmed):
        context["view"] = _verify_view(text, "", target["options"])
        context["preview"] = {"session": target, "records": preview, "doubtful": doubtful}
        if action == "preview":
            return render_template("verify.html", **context)
        context["error"] = _(
            "nothing was stored: %(doubtful)s; tick the box below to store it all the same",
            doubtful=_doubtful_words(doubtful),
        )
        return render_template("verify.html", **context), 422
    results = service.upload(get_store(), target["id"], text, actor)
    stored = sum(1 for r in results if not r.duplicate)
    message = _stored_words(stored, len(results) - stored, target)
    if doubtful:
        flash(
            _(
                "%(stored)s; %(doubtful)s: it needs a director.",
                stored=message,
                doubtful=_doubtful_words(doubtful),
            ),
            "warning",
        )
    else:
        flash(_("%(stored)s.", stored=message))
    if len(results) == 1:
        return redirect(url_for("pages.hand", hand_id=results[0].hand_id))
    return redirect(url_for("pages.session_sheet", session_id=target["id"]))


def _stored_words(stored: int, already: int, target: dict[str, Any]) -> str:
    """``Stored 2 hands in Round 1`` (``; 1 already there`` when some were), said in the
    page's language with its plural."""
    name = target["name"] or _("session %(id)s", id=target["id"])
    if already:
        return ngettext(
            "Stored %(num)s hand in %(session)s; %(already)s already there",
            "Stored %(num)s hands in %(session)s; %(already)s already there",
            stored,
            session=name,
            already=already,
        )
    return ngettext(
        "Stored %(num)s hand in %(session)s",
        "Stored %(num)s hands in %(session)s",
        stored,
        session=name,
    )


def _doubtful_words(doubtful: list[service.Preview]) -> str:
    """``record 2 is invalid`` or ``records 1, 3 are invalid or partial``."""
    statuses = [word(status) for status in sorted({p.status for p in doubtful})]
    kinds = statuses[0]
    if len(statuses) > 1:  # invalid or partial: the two that need confirming
        kinds = _("%(one)s or %(other)s", one=", ".join(statuses[:-1]), other=statuses[-1])
    if len(doubtful) == 1:
        return _("record %(index)s is %(status)s", index=doubtful[0].index, status=kinds)
    indexes = ", ".join(str(p.index) for p in doubtful)
    return _("records %(indexes)s are %(status)s", indexes=indexes, status=kinds)


# -- a hand -------------------------------------------------------------------------------
@pages_blp.get("/hands/<int:hand_id>")
def hand(hand_id: int) -> Response:
    """The replay of a stored hand: the table, the stepper, the findings, the score.

    ``?embed=1`` drops the site's header and footer and lets any site frame the page (a
    club's own pages, a bulletin); it has no form that changes anything, so framing it
    cannot trick a click. ``?seat=N`` shows the table as seat N saw it
    (:func:`web.present.table_view`): what that seat did not know is not in the page."""
    row, session_row, tournament_row = readable_hand(hand_id)
    store = get_store()
    revision = store.current_revision(hand_id)
    record = json.loads(revision["record_json"])
    suits = next((value for name, value in record.get("tags", []) if name == "Suits"), None)
    report = present.in_language(json.loads(revision["report_json"]), select_language(), suits)
    revisions = store.revisions(hand_id)
    siblings = store.hands(session_row["id"])
    ids = [h["id"] for h in siblings]
    at = ids.index(hand_id)
    embed = request.args.get("embed") == "1"
    seat = present.view_seat(request.args.get("seat"), report["players"])
    response = make_response(
        render_template(
            "hand.html",
            hand=row,
            session=session_row,
            tournament=tournament_row,
            embed=embed,
            revision=revision,
            report=report,
            style=present.face_style(report["game"], suits),
            tricks=present.trick_views(report),
            held=present.held_cards(report),
            view=present.table_view(report, seat),
            stock=present.stock_steps(report),
            source=present.annotate(revision["original_text"], report["findings"]),
            revisions=revisions,
            previous=ids[at - 1] if at > 0 else None,
            following=ids[at + 1] if at + 1 < len(ids) else None,
            director=director(),
        )
    )
    if embed:
        response.headers["Content-Security-Policy"] = CSP.replace(
            "frame-ancestors 'self'", "frame-ancestors *"
        )
    return response


@pages_blp.get("/hands/<int:hand_id>/audit")
def hand_audit(hand_id: int) -> str:
    """The dispute tools on a stored hand (:mod:`records.disputes`): the claims written on
    the record against the rules, what every other rule option would change, and repair
    suggestions, each with its diff and, for the tournament's director, a button that stores
    it as a correction with its reason."""
    from records.disputes import TOOLS
    from records.notation import read

    from .heavy import kept_audit

    row, session_row, tournament_row = readable_hand(hand_id)
    text = get_store().current_revision(hand_id)["original_text"]
    record = read(text)[0].record
    assert record is not None, "a stored hand's text was read whole when it was stored"
    audit = kept_audit([record], text, session_row["options"], list(TOOLS), 3)[0]
    return render_template(
        "audit.html",
        hand=row,
        session=session_row,
        tournament=tournament_row,
        audit=audit,
        style=present.face_style(audit["game"], record.tag("Suits")),
        director=director(),
    )


@pages_blp.get("/hands/<int:hand_id>/record.txt")
def hand_text(hand_id: int) -> Response:
    """The hand's current record in canonical notation (the record behind the picture)."""
    readable_hand(hand_id)
    revision = get_store().current_revision(hand_id)
    return Response(revision["canonical_text"], content_type="text/plain; charset=utf-8")


def _load_form(schema: Schema, data: dict[str, Any]) -> dict[str, Any]:
    """A form's fields loaded through the API's own request schema (the same lengths and
    bounds, #21.16), or 422 naming each field at fault."""
    try:
        return schema.load(data)
    except ValidationError as exc:
        raise ServiceError(422, "BAD_FORM", "; ".join(_field_problems(exc.messages))) from None


def _field_problems(messages: Any, place: str = "") -> list[str]:
    """marshmallow's nested error messages as ``field: problem`` lines."""
    if isinstance(messages, dict):
        return [
            line
            for key, value in messages.items()
            for line in _field_problems(value, f"{place}.{key}" if place else str(key))
        ]
    if isinstance(messages, list):
        return [line for item in messages for line in _field_problems(item, place)]
    return [f"{place.removesuffix('.value')}: {messages}"]


def _director_actor(tournament_id: int) -> str:
    """The logged-in director of this tournament, as the audit log names them (403 for
    anyone else)."""
    mine = director()
    if mine is None or mine["tournament_id"] != tournament_id:
        abort(
            403,
            description=_(
                "only a director of this tournament, logged in with its token, may do this"
            ),
        )
    return f"token {mine['id']} ({mine['label']}) via the web"


# -- a session ----------------------------------------------------------------------------
def form_raw_amounts(players: list[str]) -> list[str]:
    """A ruling form's amount fields as typed, in seat order (to show them again)."""
    return [request.form.get(f"amount-{seat}", "")[:40] for seat in range(len(players))]


#: The refusals of a ruling that are about its amounts: the form states them beside the
#: amount fields (the others above the form).
AMOUNT_PROBLEMS = frozenset({"BAD_AMOUNT", "EMPTY_RULING", "NOT_ZERO_SUM", "UNKNOWN_PLAYER"})


def typed_amounts(players: list[str], error: ServiceError) -> dict[str, Any]:
    """What a refused ruling form shows again of its amounts (#34.9): each field as typed
    (``raw``), their ``total`` when each is a whole number (else ``None``), and ``field``:
    ``"amounts"`` when the refusal is about them, to be stated beside them."""
    raw = form_raw_amounts(players)
    about = error.code in AMOUNT_PROBLEMS or error.message.startswith("amounts")
    return {"raw": raw, "total": amounts_total(raw), "field": "amounts" if about else None}


def amounts_total(raw: list[str]) -> int | None:
    """The sum of a ruling form's amounts as typed (blank is 0), or ``None`` if one of them
    is not a whole number.

    >>> amounts_total(["-3", "+1", "", " 1 "]), amounts_total(["1", "one"])
    (-1, None)
    """
    parts = [value.strip() or "0" for value in raw]
    if not all(re.fullmatch(r"[+-]?\d{1,19}", part) for part in parts):
        return None
    return sum(int(part) for part in parts)


def form_amounts(players: list[str]) -> dict[str, int]:
    """The amounts of a ruling form (fields ``amount-0``, ``amount-1``, ... in seat order;
    blank is 0, zeros left out); a field that is not a whole number is a 422."""
    amounts = {}
    for seat, player in enumerate(players):
        raw = request.form.get(f"amount-{seat}", "").strip() or "0"
        if not re.fullmatch(r"[+-]?\d{1,19}", raw):
            raise ServiceError(
                422,
                "BAD_AMOUNT",
                _("%(player)s: %(value)r is not a whole number", player=player, value=raw[:40]),
            )
        if int(raw):
            amounts[player] = int(raw)
    return amounts


@pages_blp.post("/sessions/<int:session_id>/rulings")
def add_ruling(session_id: int) -> BaseResponse:
    """A director's ruling: zero-sum amounts per player with a reason, its own row of the
    sheet (:func:`records.service.add_ruling`). The form's one-time key makes a double
    submit store it once; a ruling refused comes back as the form, as typed, with why."""
    session_row, tournament_row = readable_session(session_id)
    actor = _director_actor(tournament_row["id"])
    try:
        body = _load_form(
            S.RulingIn(),
            {
                "amounts": form_amounts(session_row["players"]),
                "reason": request.form.get("reason", ""),
                "author": request.form.get("author", ""),
                "hand_id": _form_hand(session_id),
            },
        )
        service.add_ruling(
            get_store(),
            session_id,
            body["amounts"],
            body["reason"],
            body["author"],
            body["hand_id"],
            actor,
            submission=form_submission(),
        )
    except ServiceError as exc:  # the form again, as typed, with what is wrong
        pending = {
            "kind": "add",
            "problem": exc.message,
            **typed_amounts(session_row["players"], exc),
            "author": request.form.get("author", ""),
            "reason": request.form.get("reason", ""),
            "hand_id": request.form.get("hand_id", type=int),
            "form_key": request.form.get("form_key", "") or new_form_key(),
        }
        return Response(session_page(session_id, pending), exc.status)
    flash(_("Ruling stored."))
    return redirect(url_for("pages.session_sheet", session_id=session_id))


@pages_blp.get("/sessions/<int:session_id>")
def session_sheet(session_id: int) -> str:
    """The score sheet: the session's result at the top (who won each game, or who is
    ahead), a row per hand (and ruling, and engine penalty), a column per player, running
    balances, a chart of the balances, the director's rulings and the corrections."""
    return session_page(session_id)


def session_page(session_id: int, pending: dict[str, Any] | None = None) -> str:
    """The session's page; ``pending``: a director's form that could not be stored (a stale
    version, amounts that do not add up), drawn open with what was typed and why."""
    session_row, tournament_row = readable_session(session_id)
    store = get_store()
    sheet = present.sheet_template(session_row["game"])
    hands = store.hands(session_id)
    ledger = service.session_ledger(store, session_id)
    page = present.sheet_page(ledger, _asked_page(ledger))
    shown = [row.hand for row in ledger.rows[page.start : page.end] if row.status is not None]
    paper = (  # a paper sheet reads the reports of the hands on its page only
        store.hands(session_id, full=True, positions=(min(shown), max(shown)))
        if sheet != "sheet.html" and shown
        else []
    )
    positions = {h["id"]: h["position"] for h in hands}
    rulings = service.session_rulings(store, session_id)  # withdrawn ones too (#23.4)
    return render_template(
        "session.html",
        session=session_row,
        tournament=tournament_row,
        ledger=ledger,
        game=GAMES.get(session_row["game"]),
        hands=hands,
        paper_hands=paper,
        page=page,
        rows=present.sheet_rows(
            ledger, {h["position"]: h["id"] for h in hands}, page, select_language()
        ),
        chart=present.balance_chart(ledger),
        result=service.result_of(ledger),
        rulings=rulings,
        rulings_by_id={r["id"]: r for r in rulings},
        positions=positions,
        corrections=store.corrections(session_id),
        director=director(),
        table=table_heading(session_row["table_name"]) if session_row["table_name"] else None,
        sheet_template=sheet,
        pending=pending,
    )


def _form_hand(session_id: int) -> int | None:
    """The hand a ruling form names: ``hand_id`` (the select of a short session) or
    ``hand_position`` (the number a long session's form takes), as the hand's id."""
    position = request.form.get("hand_position", type=int)
    if position is None:
        return request.form.get("hand_id", type=int) or None
    found = get_store().hands(session_id, positions=(position, position))
    if not found:
        raise ServiceError(422, "BAD_FORM", f"hand_position: this session has no hand {position}")
    return int(found[0]["id"])


def _asked_page(ledger: Any) -> int | None:
    """The sheet's page a request asks for: ``?page=N``, or ``?hand=N`` for the page showing
    hand N; ``None`` (the last page) otherwise."""
    hand = request.args.get("hand", type=int)
    if hand is not None:
        return present.page_of_hand(ledger, hand)
    return request.args.get("page", type=int)


@pages_blp.get("/sessions/<int:session_id>/what-if")
def session_what_if(session_id: int) -> str:
    """The whole session re-scored under every other value of each rule option: the final
    balances as applied and the change each value would make, player by player."""
    session_row, tournament_row = readable_session(session_id)
    from .heavy import kept_session_what_if

    data = kept_session_what_if(session_row)
    return render_template(
        "session_what_if.html", session=session_row, tournament=tournament_row, data=data
    )


@pages_blp.get("/sessions/<int:session_id>/sheet.csv")
def session_csv(session_id: int) -> Response:
    """The score sheet as CSV (the API's ledger CSV), readable as the page is."""
    readable_session(session_id)
    ledger = service.session_ledger(get_store(), session_id)
    return Response(
        service.ledger_csv(ledger),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=session-{session_id}.csv"},
    )


# -- a tournament -------------------------------------------------------------------------
@pages_blp.get("/tournaments/<int:tournament_id>")
def tournament(tournament_id: int) -> str:
    """Standings per game, each in its unit, with ranks and ties; the sessions (one per
    table sitting) grouped by their table in natural order ("Table 2" before "Table 10",
    those with none last), and the hands that need a director."""
    row = readable_tournament(tournament_id)
    store = get_store()
    version = service.tournament_version(store, tournament_id)  # before what it tags
    sessions = store.sessions(tournament_id)
    counts = dict.fromkeys((s["id"] for s in sessions), 0)
    for hand_row in store.tournament_hand_rows(tournament_id):
        counts[hand_row["session_id"]] += 1
    names = {s["id"]: s["name"] or _("Session %(id)s", id=s["id"]) for s in sessions}
    at_table = {s["id"]: table_heading(s["table_name"]) for s in sessions if s["table_name"]}
    return render_template(
        "tournament.html",
        tournament=row,
        standings=service.standings(store, tournament_id),
        sessions=sessions,
        tables=group_by_table(sessions),
        counts=counts,
        names=names,
        at_table=at_table,
        attention=service.needs_director(store, tournament_id),
        games_of={s["id"]: s["game"] for s in sessions},
        live_url=url_for("pages.tournament_live", tournament_id=tournament_id),
        version=version,
        director=director(),
    )


@pages_blp.get("/tournaments/<int:tournament_id>/standings.csv")
def standings_csv(tournament_id: int) -> Response:
    """The standings as CSV (the API's), every row naming its game and unit; readable as
    the tournament page is."""
    readable_tournament(tournament_id)
    tables = service.standings(get_store(), tournament_id)
    return Response(
        service.standings_csv(tables),
        mimetype="text/csv",
        headers={
            "Content-Disposition": f"attachment; filename=tournament-{tournament_id}-standings.csv"
        },
    )


# -- rules, glossary, notation ------------------------------------------------------------
@pages_blp.get("/rules")
def rules() -> str:
    """Every game, in the page's language, each linked to its rules."""
    return render_template("rules.html", director=director(), **docpages.index_context())


@pages_blp.get("/rules/<game>")
def game_rules(game: str) -> str:
    """One game for players: in brief, its options, its rulings in full (each with the options
    that change it, default first), an example record and the rule text it follows."""
    try:
        key = get_game(game).key
    except UnknownGame:
        abort(404, description=_("there is no game %(name)r; see the list of games", name=game))
    return render_template("game_rules.html", director=director(), **docpages.rules_context(key))


@pages_blp.get("/glossary")
def glossary() -> str:
    """The games' own words, each with a line of explanation and its games (#33.5)."""
    return render_template("glossary.html", director=director(), **docpages.glossary_context())


@pages_blp.get("/notation")
def notation() -> str:
    """A first record for a beginner, then the notation's reference, ``docs/notation.md``."""
    body = notation_html()
    if body is None:
        abort(404, description="docs/notation.md is not installed: read it in the source")
    return render_template("notation.html", body=body, director=director())


def register_pages(app: Flask) -> None:
    """Register the pages; :mod:`web.director_pages`, :mod:`web.correct` and :mod:`web.live`
    must be imported first (their views join ``pages_blp``): :func:`web.create_app` does,
    so that no module imports this one back."""
    app.register_blueprint(pages_blp)
    # the static files, compressed and fingerprinted, with the headers of _headers (#31.5)
    static_files.serve_static(
        app,
        ALIASES,
        {
            "Content-Security-Policy": CSP,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin",
        },
    )
    app.add_template_filter(table_heading, "table_heading")  # a session's table, as headed
