"""A director's correction of a stored hand, in the /verify page's editor (#23.2): the
verdict while typing, every finding marked at its line and column of the text, and the
payments the correction gives beside the current revision's, before anything is stored; an
invalid or partial correction is stored only once the director confirms it.

``/hands/<id>/correct`` is the correction page (GET; POST ``action=check`` checks,
``action=store`` stores); ``/hands/<id>/correct/preview`` answers the editor's script
(web/static/editor.js, ``data-editor-kind="correction"``) with the same check as JSON. A
correction posted to ``/hands/<id>/revisions`` (the hand page's and the audit page's forms)
that cannot be stored comes back to the correction page with its text and findings (422),
never to a bare error page. Everything goes through :func:`records.service.preview_correction`
and :func:`records.service.correct_hand`; the views join :data:`web.pages.pages_blp` (its CSP,
CSRF and error pages). Every correction form carries the hand's version it was drawn from
(``version``): a correction based on a revision that is no longer current comes back with
its text and what changed (#30.1).
"""

from __future__ import annotations

from typing import Any

from flask import Response, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from marshmallow import ValidationError

from records import service
from records.service import ServiceError

from . import present
from . import schemas as S
from .db import get_store
from .i18n import word
from .pages import (
    _director_actor,
    _field_problems,
    director,
    form_versions,
    pages_blp,
    readable_hand,
)


@pages_blp.route("/hands/<int:hand_id>/correct", methods=["GET", "POST"])
def hand_correct(hand_id: int) -> Any:
    """The correction editor: check the text (``action=check``) or store it
    (``action=store``, the default of a POST)."""
    _row, _session_row, tournament_row = readable_hand(hand_id)
    _director_actor(tournament_row["id"])
    if request.method == "GET":
        current = get_store().current_revision(hand_id)
        mine = director() or {}
        return _editor(hand_id, current["original_text"], mine.get("label") or "", "")
    if request.form.get("action") == "check":
        return _editor(hand_id, *_fields())
    return store_correction(hand_id)


@pages_blp.post("/hands/<int:hand_id>/revisions", endpoint="correct")
def store_correction(hand_id: int) -> Any:
    """A director's correction: the new text becomes the hand's current revision, with who
    and why, the old revisions staying (:func:`records.service.correct_hand`); then the
    hand. An invalid or partial correction is stored only with ``confirm=1`` (the box the
    page shows for it, as "Verify and store" asks, #23.1). When it is not stored, the
    correction page again with the text as sent and what is wrong, at its place (422)."""
    _row, _session_row, tournament_row = readable_hand(hand_id)
    actor = _director_actor(tournament_row["id"])
    text, author, reason = _fields()
    try:
        body = S.RevisionIn().load({"text": text, "author": author, "reason": reason})
    except ValidationError as exc:  # the form's own fields: lengths, a missing reason
        problem = "; ".join(_field_problems(exc.messages))
        return _editor(hand_id, text, author, reason, problem=problem)
    try:
        preview = service.preview_correction(get_store(), hand_id, body["text"])
    except ServiceError as exc:  # the page checks the text again: the refusal, at its place
        blank = not text.strip()  # a text the page does not check: the refusal said above it
        return _editor(hand_id, text, author, reason, problem=exc.message if blank else None)
    if preview["needs_confirmation"] and request.form.get("confirm") != "1":
        problem = _(
            "nothing was stored: the corrected record is %(status)s; tick the box below to"
            " store it all the same",
            status=word(preview["status"]),
        )
        return _editor(hand_id, text, author, reason, problem=problem)
    try:
        number, result = service.correct_hand(
            get_store(),
            hand_id,
            body["text"],
            body["author"],
            body["reason"],
            actor,
            form_versions(),
        )
    except ServiceError as exc:
        if exc.status in (409, 412) and service.is_current_correction(
            get_store(), hand_id, body["text"], body["author"], body["reason"]
        ):  # this very correction, sent twice (a double click): stored once
            flash(_("This correction is the hand's current revision."))
            return redirect(url_for("pages.hand", hand_id=hand_id))
        return _editor(hand_id, text, author, reason, problem=exc.message, status=exc.status)
    flash(
        _(
            "Revision %(number)s stored: the hand is now %(status)s.",
            number=number,
            status=word(result.status),
        )
    )
    return redirect(url_for("pages.hand", hand_id=hand_id))


@pages_blp.post("/hands/<int:hand_id>/correct/preview")
def hand_correct_preview(hand_id: int) -> Response:
    """The check of the editor's text as JSON, for its script: ``{"ok": true, "status",
    "current_status", "unchanged", "findings", "payments", "unit", "needs_confirmation"}``,
    or, for a text that cannot be a correction, ``{"ok": false, "code", "message",
    "findings"}``: both 200, the check itself went well (a text too long to check is 413)."""
    _row, _session_row, tournament_row = readable_hand(hand_id)
    _director_actor(tournament_row["id"])
    text = request.form.get("text", "")
    if len(text) > S.MAX_TEXT:
        return _refusal(ServiceError(413, "TOO_LARGE", _("the record is too long")))
    try:
        preview = service.preview_correction(get_store(), hand_id, text)
    except ServiceError as exc:
        return jsonify(ok=False, code=exc.code, message=exc.message, findings=exc.findings)
    return jsonify(ok=True, **preview)


def _refusal(error: ServiceError) -> Response:
    response = jsonify(ok=False, code=error.code, message=error.message, findings=error.findings)
    response.status_code = error.status
    return response


def _fields() -> tuple[str, str, str]:
    return (
        request.form.get("text", ""),
        request.form.get("author", ""),
        request.form.get("reason", ""),
    )


def _editor(
    hand_id: int,
    text: str,
    author: str,
    reason: str,
    problem: str | None = None,
    status: int | None = None,
) -> tuple[str, int]:
    """The correction page with ``text`` checked: 200 when it could be stored as it is,
    422 with the refusal (and its findings at their places) or the ``problem`` when not
    (``status``: another, e.g. 412 for a correction based on a revision no longer current;
    the form then carries the current one, so the director stores it only after a look)."""
    row, session_row, tournament_row = readable_hand(hand_id)
    preview: dict[str, Any] | None = None
    refusal: ServiceError | None = None
    if text.strip() and len(text) <= S.MAX_TEXT:
        try:
            preview = service.preview_correction(get_store(), hand_id, text)
        except ServiceError as exc:
            refusal = exc
    findings = preview["findings"] if preview else refusal.findings if refusal else []
    if status is None:
        status = 422 if refusal is not None or problem else 200
    return render_template(
        "correct.html",
        hand=row,
        session=session_row,
        tournament=tournament_row,
        text=text,
        author=author,
        reason=reason,
        preview=preview,
        refusal=refusal,
        problem=problem,
        findings=findings,
        source=present.annotate(text, findings) if findings else None,
        revision_number=row["revision"] + 1,
        director=director(),
    ), status
