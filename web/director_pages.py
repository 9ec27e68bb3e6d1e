"""The director's pages beyond the score sheet (issue 23): a hand's revisions (list, open,
diff any two, restore one), withdrawing and amending rulings, opening a session, making the
tournament private or public, and making and revoking its tokens. Views on the same
blueprint as :mod:`web.pages` (endpoints ``pages.*``), as thin: the work is done by
:mod:`records.service` and the store, the same calls the JSON API and the command line make.

Reading a revision or a diff is open to whoever may read the hand; every form needs the
logged-in director of the hand's (session's) tournament and carries the CSRF token.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Response as PageResponse
from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response  # what flask's redirect() returns

from records import service
from records.names import clean_name
from records.service import ServiceError
from records.store import AlreadySubmitted
from scorer.games import GAMES, Game

from . import present
from . import schemas as S
from .db import get_store
from .diffs import CONTEXT, card_words, diff_hunks
from .i18n import N_, select_language, word
from .pages import (
    _director_actor,
    _load_form,
    director,
    form_amounts,
    form_submission,
    form_versions,
    new_form_key,
    pages_blp,
    readable_hand,
    readable_session,
    readable_tournament,
    session_page,
    typed_amounts,
)

__all__: list[str] = []

MAX_LABEL_CHARS = S.MAX_AUTHOR  # a token's label: a name, as an author's in the API


# -- a hand's revisions -------------------------------------------------------------------
@pages_blp.get("/hands/<int:hand_id>/revisions")
def revisions(hand_id: int) -> str:
    """Every revision of a hand, oldest first: who, when, why, its verdict; a form to compare
    any two."""
    row, session_row, tournament_row = readable_hand(hand_id)
    rows = service.hand_revisions(get_store(), hand_id)
    return render_template(
        "revisions.html",
        hand=row,
        session=session_row,
        tournament=tournament_row,
        revisions=rows,
        director=director(),
    )


@pages_blp.get("/hands/<int:hand_id>/revisions/<int:number>")
def revision(
    hand_id: int, number: int, problem: str | None = None, kept: dict[str, str] | None = None
) -> str:
    """One revision as it was stored: its verdict, findings on its text and payments; the
    director may restore it (a new revision with who and why). ``problem`` and ``kept``: a
    restore that could not be stored, and its form's fields, to show again."""
    row, session_row, tournament_row = readable_hand(hand_id)
    rev = service.revision_of(get_store(), hand_id, number)
    record = json.loads(rev["record_json"])
    suits = next((value for name, value in record.get("tags", []) if name == "Suits"), None)
    report = present.in_language(json.loads(rev["report_json"]), select_language(), suits)
    return render_template(
        "revision.html",
        hand=row,
        session=session_row,
        tournament=tournament_row,
        revision=rev,
        current=number == row["revision"],
        report=report,
        style=_revision_style(rev),
        source=present.annotate(rev["original_text"], report["findings"]),
        director=director(),
        problem=problem,
        kept=kept or {},
    )


@pages_blp.get("/hands/<int:hand_id>/revisions/diff")
def revision_diff(hand_id: int) -> Any:
    """Two revisions compared (``?old=1&new=2``; by default the one before the current and
    the current): the verdicts and the payments, and the changes of the record texts as
    hunks with their context, line numbers and cards named (:mod:`web.diffs`)."""
    row, session_row, tournament_row = readable_hand(hand_id)
    newest = row["revision"]
    old = request.args.get("old", type=int) or max(newest - 1, 1)
    new = request.args.get("new", type=int) or newest
    comparison = service.compare_revisions(get_store(), hand_id, old, new)
    return render_template(
        "revision_diff.html",
        hand=row,
        session=session_row,
        tournament=tournament_row,
        cmp=comparison,
        hunks=diff_hunks(comparison["lines"]),
        style=_revision_style(comparison["new"]),
        card_words=card_words,
        diff_context=CONTEXT,
        revisions=service.hand_revisions(get_store(), hand_id),
        director=director(),
    )


def _revision_style(rev: dict[str, Any]) -> str:
    """The faces (Italian or French suits) a revision's cards are named in."""
    report = json.loads(rev["report_json"])
    record = json.loads(rev["record_json"])
    suits = next((value for name, value in record.get("tags", []) if name == "Suits"), None)
    return present.face_style(report["game"], suits)


@pages_blp.post("/hands/<int:hand_id>/revisions/<int:number>/restore")
def restore_revision(hand_id: int, number: int) -> Any:
    """A director restores an earlier revision: its text becomes a new current revision, with
    who and why (:func:`records.service.restore_revision`), if the hand is still at the
    revision the form was drawn from; else the form comes back with what changed (the same
    restore sent twice is stored once)."""
    _row, _session_row, tournament_row = readable_hand(hand_id)
    actor = _director_actor(tournament_row["id"])
    body = _load_form(S.RulingWithdrawIn(), _who_and_why())
    try:
        new, result = service.restore_revision(
            get_store(), hand_id, number, body["author"], body["reason"], actor, form_versions()
        )
    except ServiceError as exc:
        if exc.status not in (409, 412):
            raise
        reason = f"restores revision {number}: {body['reason'].strip()}"
        current = get_store().current_revision(hand_id)
        if current["reason"] == reason and current["author"] == body["author"]:
            flash(
                _(
                    "Revision %(number)s restored as revision %(new)s.",
                    number=number,
                    new=current["number"],
                )
            )
            return redirect(url_for("pages.hand", hand_id=hand_id))
        page = revision(hand_id, number, problem=exc.message, kept=body)
        return PageResponse(page, exc.status)
    flash(
        _(
            "Revision %(number)s restored as revision %(new)s: the hand is now %(status)s.",
            number=number,
            new=new,
            status=word(result.status),
        )
    )
    return redirect(url_for("pages.hand", hand_id=hand_id))


# -- rulings: withdraw and amend ----------------------------------------------------------
@pages_blp.post("/sessions/<int:session_id>/rulings/<int:ruling_id>/withdraw")
def withdraw_ruling(session_id: int, ruling_id: int) -> Any:
    """A director withdraws a ruling: a new entry with its reason; the ruling stays on the
    page, struck through, and leaves the balances (:func:`records.service.withdraw_ruling`),
    if it is still as the form was drawn; else the form comes back with what changed (the
    same withdrawal sent twice is stored once)."""
    _session_row, tournament_row = readable_session(session_id)
    actor = _director_actor(tournament_row["id"])
    body: dict[str, Any] = _who_and_why()
    try:
        body = _load_form(S.RulingWithdrawIn(), body)
        service.withdraw_ruling(
            get_store(),
            session_id,
            ruling_id,
            body["reason"],
            body["author"],
            actor,
            form_versions(),
        )
    except ServiceError as exc:
        return _ruling_refused(session_id, ruling_id, "withdraw", exc, body)
    flash(_(DONE["withdraw"], number=ruling_id))
    return redirect(url_for("pages.session_sheet", session_id=session_id, _anchor="rulings"))


@pages_blp.post("/sessions/<int:session_id>/rulings/<int:ruling_id>/amend")
def amend_ruling(session_id: int, ruling_id: int) -> Any:
    """A director amends a ruling: the new amounts replace its own, with a reason
    (:func:`records.service.amend_ruling`); a refusal (amounts that are not whole numbers or
    do not add up, a stale form) as for a withdrawal: the form again, as typed."""
    session_row, tournament_row = readable_session(session_id)
    actor = _director_actor(tournament_row["id"])
    body: dict[str, Any] = _who_and_why()
    try:
        body = _load_form(
            S.RulingAmendIn(), {"amounts": form_amounts(session_row["players"]), **body}
        )
        service.amend_ruling(
            get_store(),
            session_id,
            ruling_id,
            body["amounts"],
            body["reason"],
            body["author"],
            actor,
            form_versions(),
        )
    except ServiceError as exc:
        return _ruling_refused(session_id, ruling_id, "amend", exc, body)
    flash(_(DONE["amend"], number=ruling_id))
    return redirect(url_for("pages.session_sheet", session_id=session_id, _anchor="rulings"))


#: What the flash says a form did.
DONE = {"withdraw": N_("Ruling %(number)s withdrawn."), "amend": N_("Ruling %(number)s amended.")}


def _ruling_refused(
    session_id: int, ruling_id: int, kind: str, error: ServiceError, body: dict[str, Any]
) -> Any:
    """A withdrawal or amendment not stored: when the ruling was already replaced by this
    very request sent before (a double click), as if stored; otherwise the session page with
    the form open, as typed (``body``: who and why, and the amounts once read), and why
    (its version now the current one)."""
    ruling = service.session_ruling(get_store(), session_id, ruling_id)
    done = ruling["replaced_by"] and service.session_ruling(
        get_store(), session_id, ruling["replaced_by"]
    )
    wanted = "withdrawal" if kind == "withdraw" else "amendment"
    if (
        done
        and done["kind"] == wanted
        and (done["author"], done["reason"]) == (body["author"], body["reason"])
        and done["amounts"] == body.get("amounts", {})
    ):
        flash(_(DONE[kind], number=ruling_id))
        return redirect(url_for("pages.session_sheet", session_id=session_id, _anchor="rulings"))
    target = done["id"] if done and done["standing"] else ruling_id
    row = service.session_ruling(get_store(), session_id, target)
    players = get_store().session(session_id)["players"]
    pending: dict[str, Any] = {
        "kind": kind,
        "ruling": target,
        "problem": error.message,
        "version": row["version"],
        "author": body["author"],
        "reason": body["reason"],
        **(typed_amounts(players, error) if kind == "amend" else {}),
    }
    if not row["standing"]:  # nothing left to amend: the amounts kept in a new ruling's form
        pending.update(
            kind="add",
            hand_id=ruling["hand_id"],
            form_key=new_form_key(),
            **typed_amounts(players, error),
        )
    return PageResponse(session_page(session_id, pending), error.status)


@pages_blp.post("/sessions/<int:session_id>/edit")
def edit_session(session_id: int) -> Any:
    """A director renames the session or moves it to another table
    (:func:`records.service.update_session`), if it is still at the version the form was
    drawn from; else the form comes back, as typed, with what changed."""
    _session_row, tournament_row = readable_session(session_id)
    actor = _director_actor(tournament_row["id"])
    changes = {"name": request.form.get("name", ""), "table": request.form.get("table", "")}
    try:
        service.update_session(get_store(), session_id, changes, actor, form_versions())
    except ServiceError as exc:
        now = get_store().session(session_id)
        if (now["name"], now["table_name"] or "") == (
            changes["name"].strip(),
            changes["table"].strip(),
        ):
            flash(_("Session saved."))
            return redirect(url_for("pages.session_sheet", session_id=session_id))
        pending = {
            "kind": "edit",
            "problem": exc.message,
            "version": service.session_etag(now),
            **changes,
        }
        return PageResponse(session_page(session_id, pending), exc.status)
    flash(_("Session saved."))
    return redirect(url_for("pages.session_sheet", session_id=session_id))


def _who_and_why() -> dict[str, str]:
    """A form's ``author`` and ``reason``, to load through the API's schema (its limits)."""
    return {"author": request.form.get("author", ""), "reason": request.form.get("reason", "")}


# -- a tournament: open a session, tokens -------------------------------------------------
def _own_tournament(tournament_id: int) -> tuple[dict[str, Any], str]:
    """The tournament and the audit actor, for its logged-in director only (403 else)."""
    row = readable_tournament(tournament_id)
    return row, _director_actor(tournament_id)


@pages_blp.route("/tournaments/<int:tournament_id>/sessions/new", methods=["GET", "POST"])
def new_session(tournament_id: int) -> Any:
    """A director opens a session: the game first (it sets how many seats), then the players
    in seat order (playing order: the player after the dealer is eldest), rule options and
    the table (:func:`records.service.create_session`)."""
    row, actor = _own_tournament(tournament_id)
    source = request.form if request.method == "POST" else request.args
    game = GAMES.get(source.get("game", ""))
    context: dict[str, Any] = {
        "tournament": row,
        "game": game,
        "players": [source.get(f"player-{i}", "") for i in range(game.num_players)] if game else [],
        "options": _form_options(game, source) if game else {},
        "name": source.get("name", ""),
        "table": source.get("table", ""),
        "error": None,
        "director": director(),
    }
    if request.method == "GET":
        return render_template("session_new.html", **context)
    if game is None:
        context["error"] = "choose one of the games"
        return render_template("session_new.html", **context), 422
    try:
        body = _load_form(
            S.SessionIn(),
            {
                "game": game.key,
                "players": context["players"],
                "options": _chosen_options(game, context["options"]),
                "name": context["name"].strip(),
                "table": context["table"],
            },
        )
        sid = service.create_session(
            get_store(),
            tournament_id,
            body["game"],
            body["players"],
            body["options"],
            body["name"],
            actor,
            table=body["table"],
            submission=form_submission(),
        )
    except ServiceError as exc:
        context["error"] = exc.message
        context["form_key"] = request.form.get("form_key", "") or new_form_key()
        return render_template("session_new.html", **context), exc.status
    flash(_("Session opened."))
    return redirect(url_for("pages.session_sheet", session_id=sid))


def _form_options(game: Game, source: Mapping[str, str]) -> dict[str, str]:
    """The rule options a session form sent: one select per option of the game
    (``option-<name>``), as chosen, a field left out read as the option's default."""
    return {o.name: source.get(f"option-{o.name}", o.default) for o in game.options}


def _chosen_options(game: Game, chosen: dict[str, str]) -> dict[str, str]:
    """The options a session is opened with: those chosen away from the rules' default (a
    session names what differs, as a record's ``Options`` tag does); a value the game does
    not offer is refused with the option's values (422), as the API refuses it."""
    for option in game.options:
        if chosen[option.name] not in option.values:
            raise ServiceError(
                422,
                "BAD_OPTION",
                f"{option.name}: {chosen[option.name][:40]!r} is not one of "
                f"{', '.join(option.values)} ({option.ruling})",
            )
    return {o.name: chosen[o.name] for o in game.options if chosen[o.name] != o.default}


@pages_blp.post("/tournaments/<int:tournament_id>/privacy")
def set_privacy(tournament_id: int) -> Response:
    """A director makes the tournament private (``private=1``: hidden from everyone but its
    directors) or public again, as ``PATCH /api/tournaments/{id}`` does, if the tournament
    is still as the form was drawn (its hidden ``version``); a double submit is harmless."""
    _row, actor = _own_tournament(tournament_id)
    private = request.form.get("private") == "1"
    words = _("The tournament is now private.") if private else _("The tournament is now public.")
    try:
        service.set_privacy(get_store(), tournament_id, private, actor, form_versions())
    except ServiceError as exc:
        if exc.status not in (409, 412):
            raise
        now = get_store().tournament(tournament_id)
        if bool(now["private"]) == private:  # sent twice, or someone did the same
            flash(words)
        else:
            flash(_("Nothing changed: %(why)s.", why=exc.message), "warning")
        return redirect(url_for("pages.tournament", tournament_id=tournament_id))
    flash(words)
    return redirect(url_for("pages.tournament", tournament_id=tournament_id))


@pages_blp.get("/tournaments/<int:tournament_id>/tokens")
def tokens(tournament_id: int) -> str:
    """The tournament's director tokens (label, made, revoked), a form to make one and a
    button to revoke each."""
    row, _actor = _own_tournament(tournament_id)
    return render_template(
        "tokens.html",
        tournament=row,
        tokens=get_store().tokens(tournament_id),
        new_token=None,
        director=director(),
    )


@pages_blp.post("/tournaments/<int:tournament_id>/tokens")
def create_token(tournament_id: int) -> tuple[str, int]:
    """A new token, shown on this answer only (the store keeps its hash), as ``tarocco token
    create`` prints it once."""
    row, actor = _own_tournament(tournament_id)
    label = clean_name(request.form.get("label", ""), "token label")
    if not label or len(label) > MAX_LABEL_CHARS:
        raise ServiceError(
            422,
            "BAD_LABEL",
            _(
                "a token has a label saying whose it is, at most %(count)s characters",
                count=MAX_LABEL_CHARS,
            ),
        )
    try:
        token = get_store().create_token(
            tournament_id, label, actor=actor, submission=form_submission()
        )
    except AlreadySubmitted as done:  # the form sent twice: one token, shown the first time
        flash(
            _(
                "This form was already sent: it made token %(id)s, whose text was shown then"
                " and cannot be shown again (revoke it and make another if it is lost).",
                id=done.entity_id,
            ),
            "warning",
        )
        return tokens(tournament_id), 200
    response = render_template(
        "tokens.html",
        tournament=row,
        tokens=get_store().tokens(tournament_id),
        new_token={"label": label, "token": token},
        director=director(),
    )
    return response, 201


@pages_blp.post("/tournaments/<int:tournament_id>/tokens/<int:token_id>/revoke")
def revoke_token(tournament_id: int, token_id: int) -> Response:
    """Revoke one of the tournament's tokens (revoking one's own logs one out)."""
    _row, actor = _own_tournament(tournament_id)
    row = next((t for t in get_store().tokens(tournament_id) if t["id"] == token_id), None)
    if row is None:
        abort(404, description=_("this tournament has no token %(id)s", id=token_id))
    if not row["revoked_at"]:  # revoked already (sent twice, or by another): nothing to do
        get_store().revoke_token(token_id, actor=actor)
    flash(_("Token %(id)s revoked.", id=token_id))
    mine = director()
    if mine is not None and mine["id"] == token_id:
        return redirect(url_for("pages.home"))
    return redirect(url_for("pages.tokens", tournament_id=tournament_id))
