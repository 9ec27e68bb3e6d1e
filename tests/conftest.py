"""Fixtures for the web service tests, in the Flask tutorial's style: every test gets its own
app on a fresh temp-file SQLite database, a test client, a :class:`~records.store.Store` on
the same file (to make tournaments and tokens, as the command line does), and one public
tournament with its director token.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browserkit import SIZES, sized_page
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings

from records.store import Store
from web import create_app

# Property tests: CI (which sets CI=true) runs the "ci" profile, derandomised (examples drawn
# from a fixed seed, no example database), so a verdict never depends on luck and three runs
# try the same examples; locally the "dev" profile stays random to keep finding new cases.
# HYPOTHESIS_PROFILE (or pytest's --hypothesis-profile) picks either by name.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@dataclass(frozen=True)
class Tournament:
    """A tournament made for a test: its id, its director token and the header carrying it."""

    id: int
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    """The app on its own database file (a file, not ``:memory:``, so that each request opens
    and closes its own connection as in production)."""
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "tarocco.sqlite")})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def store(app: Flask) -> Iterator[Store]:
    """A second connection to the app's database, for setup and for checking what was
    stored behind the API's back."""
    store = Store(app.config["DATABASE"])
    yield store
    store.close()


@pytest.fixture
def tournament(store: Store) -> Tournament:
    """A public tournament and a director token for it."""
    tid = store.create_tournament("Autumn cup")
    return Tournament(tid, store.create_token(tid, "main director"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium driven by Playwright, one per test module (the browser tests'
    pages and contexts are made from it); a missing chromium fails, never skips."""
    from browserkit import chromium_path
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path())
        yield browser
        browser.close()


@pytest.fixture(params=list(SIZES))
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    """A page at each of :data:`browserkit.SIZES` (a phone's with touch) that fails the test
    on any script or console error."""
    with sized_page(browser, request.param) as page:
        yield page
