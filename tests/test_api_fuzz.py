"""API fuzzing (issue 9; #21.5): schemathesis generates requests for every operation of the
OpenAPI document, valid and invalid, once with a director token and once without, and every
response must match the document: no 5xx, and status codes, content types, headers and
bodies as documented (schemathesis' default checks, ``not_a_server_error`` among them). The
app runs on its own database with a public and a private tournament, a token and a session
to aim at.

Before #21.5 the document described the error bodies with flask-smorest's own schema
(``code`` an integer, ``status`` a string), the reverse of what the service sends: some
forty violations a run, which went unseen while the test checked for 5xx only."""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from records.store import Store
from web import create_app

TOKENS: dict[str, str] = {}

# A request can match the schema and still be refused with a documented 4xx that no schema
# can foresee: a game name it does not know, a record that does not read, a private or
# missing id (404), a body over a limit (413). Schemathesis' check that schema-valid data is
# accepted takes these statuses as acceptance; 400 stays out, so that a number or a nesting
# the schema allows can never be refused by the body checks. Data the schema refuses must be
# refused with a 4xx (Schemathesis' list, and 413: a text longer than the schema allows is
# also a body over an anonymous request's size limit, refused before its schema is read).
CONFIG = schemathesis.Config.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "401", "403", "404", "409", "413", "422"]
            },
            "negative_data_rejection": {
                "expected-statuses": [
                    *("400", "401", "403", "404", "405", "406", "409", "413", "415"),
                    *("422", "428", "429", "5xx"),
                ]
            },
        }
    }
)


@pytest.fixture
def api_schema(tmp_path: Path) -> schemathesis.BaseSchema:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "fuzz.sqlite")})
    store = Store(app.config["DATABASE"])
    tid = store.create_tournament("Fuzz cup")
    TOKENS["director"] = store.create_token(tid, "fuzz")
    store.create_session(tid, "nice4", ["Anna", "Bruno", "Carla", "Dario"], {})
    hidden = store.create_tournament("Closed club", private=True)
    store.create_session(hidden, "pinch", ["Anna", "Bruno"], {})
    store.close()
    return schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=CONFIG)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_to_a_director_matches_the_document(case: schemathesis.Case) -> None:
    # The director's token lets the fuzzing reach past authentication.
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {TOKENS['director']}"}
    case.call_and_validate()


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_to_an_anonymous_reader_matches_the_document(
    case: schemathesis.Case,
) -> None:
    case.headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
    case.call_and_validate()
