"""API fuzzing (issue 9): schemathesis generates requests for every operation of the OpenAPI
document, valid and invalid, with a director token, and the service must never
answer with a 5xx (nor break its own response schemas: schemathesis' default checks run too).
The app runs on its own database with a tournament, a token and a session to aim at."""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from records.store import Store
from web import create_app

TOKENS: dict[str, str] = {}


@pytest.fixture
def api_schema(tmp_path: Path) -> schemathesis.BaseSchema:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "fuzz.sqlite")})
    store = Store(app.config["DATABASE"])
    tid = store.create_tournament("Fuzz cup")
    TOKENS["director"] = store.create_token(tid, "fuzz")
    store.create_session(tid, "nice4", ["Anna", "Bruno", "Carla", "Dario"], {})
    store.close()
    return schemathesis.openapi.from_wsgi("/api/openapi.json", app)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_operation_answers_5xx(case: schemathesis.Case) -> None:
    # Writes carry the director's token, so that the fuzzing reaches past authentication
    # (refusals without a token, or with a wrong one, are tested in test_api.py).
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {TOKENS['director']}"}
    case.call_and_validate(checks=[not_a_server_error])
