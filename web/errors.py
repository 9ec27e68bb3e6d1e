"""Domain errors become HTTP responses here and nowhere else. Every error body has one
shape: ``{"code", "status", "message"}`` plus ``errors`` (field problems) or ``findings``
(record problems, each with line and column)."""

from __future__ import annotations

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from records.service import ServiceError
from records.store import NotFound

from .bodies import too_large_message


def error_response(status: int, code: str, message: str, **extra):
    body = {"code": code, "status": status, "message": message, **extra}
    return jsonify(body), status


def register_errors(app: Flask) -> None:
    @app.errorhandler(ServiceError)
    def service_error(error: ServiceError):
        extra = {"findings": error.findings} if error.findings else {}
        response, status = error_response(
            error.status, error.code, error.message, **extra, **error.extra
        )
        if "current" in error.extra:  # a stale change (409, 412): the version now
            response.set_etag(error.extra["current"])
        return response, status

    @app.errorhandler(NotFound)
    def not_found(error: NotFound):
        return error_response(404, "NOT_FOUND", str(error))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        if not request.path.startswith("/api"):  # a page address: an HTML error page
            from .pages import render_error

            return render_error(error)
        extra = {}
        data = getattr(error, "data", None)  # webargs / flask-smorest validation details
        if isinstance(data, dict) and "messages" in data:
            extra["errors"] = data["messages"]
        code = (error.name or "error").upper().replace(" ", "_")
        message = {
            413: too_large_message(),
            422: "the request does not match its schema",
        }.get(status, error.description)
        response, status = error_response(status, code, message or code, **extra)
        for name, value in error.get_headers():  # e.g. the Allow header of a 405
            if name.lower() != "content-type":
                response.headers.add(name, value)
        return response, status
