"""The engine's words in the API's answers (#33): each JSON answer worded in the language the
request's ``Accept-Language`` asks for (``?lang=`` overrides it, for a link).

Only the sentences change: every finding's ``message`` and every score line's ``label``
(:func:`records.words.word_json`); a finding's ``code``, ``template``, ``facts`` and ``rule``
stay as they are, so that a client can rely on them in any language. Every answer says its
language in ``Content-Language`` and varies on ``Accept-Language``.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from records.language import DEFAULT, LANGUAGES
from records.words import word_json

__all__ = ["api_language", "register_words"]


def api_language() -> str:
    """The language of this API request: ``?lang=``, else the best of ``Accept-Language``,
    else English."""
    asked = request.args.get("lang", "")
    if asked in LANGUAGES:
        return asked
    return request.accept_languages.best_match(list(LANGUAGES), default=DEFAULT) or DEFAULT


def _in_language(response: Response) -> Response:
    """A JSON answer's findings and score lines in the request's language."""
    language = api_language()
    response.vary.add("Accept-Language")
    if response.mimetype != "application/json" or response.is_streamed:
        return response
    response.headers["Content-Language"] = language
    if language == DEFAULT:
        return response
    data = response.get_json(silent=True)
    if isinstance(data, (dict, list)):
        worded = word_json(data, language)
        if worded is not data:
            response.set_data(current_app.json.dumps(worded) + "\n")
    return response


def register_words(*blueprints: Blueprint) -> None:
    """Word the answers of ``blueprints`` (and of the blueprints they nest) so."""
    for blueprint in blueprints:
        blueprint.after_request(_in_language)
