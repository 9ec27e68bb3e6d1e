"""Every page passes axe-core's accessibility checks (WCAG 2 A and AA rules and axe's best
practices), anonymous and logged in as a director, on a desktop and on a phone: Playwright
drives Debian's ``chromium`` against the real server, and axe-core (the copy that the
``axe-playwright-python`` package ships) is run in each page as it stands once loaded.

A violation is reported with its rule, its impact and the first elements it names, so a
failure says what to mend and where.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import PLAYERS, REVOKE_TOUR, SIZES, World, live_server, seed
from pinchkit import with_slips
from playwright.sync_api import Browser, BrowserContext, Page

from records import service
from records.store import Store

ROLES = ("anonymous", "director")


def page_paths(world: World) -> dict[str, str]:
    """Every page a visitor or a director reaches, by a short name."""
    return {
        "home": "/",
        "login": "/login",
        "verify": "/verify",
        "enter": "/enter",
        "hand": f"/hands/{world.revoke_hand}",
        "hand-seat": f"/hands/{world.revoke_hand}?seat=0",
        "hand-audit": f"/hands/{world.revoke_hand}/audit",
        "hand-correct": f"/hands/{world.revoke_hand}/correct",
        "session": f"/sessions/{world.session}",
        "session-what-if": f"/sessions/{world.session}/what-if",
        "tournament": f"/tournaments/{world.tournament}",
        "tournament-wall": f"/tournaments/{world.tournament}/wall",
        "rules": "/rules",
        "game-rules": "/rules/nice4",
        "notation": "/notation",
        "glossary": "/glossary",
        "game-rules-it": "/rules/minchiate?lang=it",
        "verify-example": "/verify?example=minchiate",
        "not-found": "/hands/999999",
        # the director's pages of #23 (the last two are 403 pages to an anonymous visitor)
        "revisions": f"/hands/{world.revoke_hand}/revisions",
        "revision": f"/hands/{world.revoke_hand}/revisions/1",
        "revision-diff": f"/hands/{world.revoke_hand}/revisions/diff",
        "session-new": f"/tournaments/{world.tournament}/sessions/new?game=nice4",
        "tokens": f"/tournaments/{world.tournament}/tokens",
    }


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, World]]:
    db: Path = tmp_path_factory.mktemp("axe") / "pages.sqlite"
    Store(str(db)).close()
    world = seed(db)
    waiting_revoke(db, world)
    with live_server(db) as base:
        yield base, world


def waiting_revoke(db: Path, world: World) -> None:
    """A revoked tour no ruling names, so that the tournament page's attention list has a
    hand waiting as well as the seed's one dealt with (#23.6)."""
    store = Store(str(db))
    try:
        sid = service.create_session(store, world.tournament, "nice4", PLAYERS, {}, "Round 3", "t")
        service.upload(store, sid, REVOKE_TOUR, "t")
    finally:
        store.close()


@pytest.fixture(scope="module")
def contexts(browser: Browser, served: tuple[str, World]) -> Iterator[dict[tuple[str, str], Page]]:
    """A page per (role, size), the director's logged in with the tournament's token."""
    base, world = served
    made: list[BrowserContext] = []
    pages = {}
    for role in ROLES:
        for size, (width, height) in SIZES.items():
            context = browser.new_context(viewport={"width": width, "height": height})
            made.append(context)
            page = context.new_page()
            if role == "director":
                page.goto(f"{base}/login")
                page.fill("#token", world.token)
                page.click("button[type=submit].primary")
                page.wait_for_load_state()
            pages[role, size] = page
    yield pages
    for context in made:
        context.close()


def violations(page: Page) -> list[str]:
    """axe-core's violations on the page as it stands, one line each."""
    results = Axe().run(page)
    return [
        f"{rule['id']} ({rule['impact']}): {rule['help']} at "
        + ", ".join(str(node["target"]) for node in rule["nodes"][:3])
        for rule in results.response["violations"]
    ]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    "name",
    [
        "home",
        "login",
        "verify",
        "enter",
        "hand",
        "hand-seat",
        "hand-audit",
        "hand-correct",
        "session",
        "session-what-if",
        "tournament",
        "tournament-wall",
        "rules",
        "game-rules",
        "notation",
        "glossary",
        "game-rules-it",
        "verify-example",
        "not-found",
        "revisions",
        "revision",
        "revision-diff",
        "session-new",
        "tokens",
    ],
)
def test_page_has_no_axe_violations(
    contexts: dict[tuple[str, str], Page],
    served: tuple[str, World],
    name: str,
    role: str,
    size: str,
) -> None:
    base, world = served
    page = contexts[role, size]
    page.goto(base + page_paths(world)[name])
    assert violations(page) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("role", ROLES)
def test_verified_record_has_no_axe_violations(
    contexts: dict[tuple[str, str], Page], served: tuple[str, World], role: str, size: str
) -> None:
    """The verify page after verifying a record with a revoke: the editor with its marks and
    its list of findings, the marked text, the findings, the replay and the score, all on one
    page (verified in place, without a reload)."""
    base, _world = served
    page = contexts[role, size]
    page.goto(f"{base}/verify")
    page.fill("#text", REVOKE_TOUR)
    page.locator(".editor-findings li").first.wait_for()
    page.locator(".editor-marks mark").first.wait_for(state="attached")
    page.click("button[value=verify]")
    page.locator(".finding").first.wait_for()
    assert violations(page) == []


@pytest.mark.parametrize("size", SIZES)
def test_every_slip_at_once_has_no_axe_violations(
    contexts: dict[tuple[str, str], Page], served: tuple[str, World], size: str
) -> None:
    """The verify page after verifying a pinch hand with five slips (#24.8): two notation
    errors and three findings of the replay past them, marked "after the first error", in
    the editor's list and below the form."""
    base, _world = served
    page = contexts["anonymous", size]
    page.goto(f"{base}/verify")
    page.fill("#text", with_slips())
    page.locator(".editor-findings li .after-first").first.wait_for()
    page.click("button[value=verify]")
    page.locator(".finding .after-first").first.wait_for()
    assert violations(page) == []


@pytest.mark.parametrize("size", SIZES)
def test_open_repair_form_has_no_axe_violations(
    contexts: dict[tuple[str, str], Page], served: tuple[str, World], size: str
) -> None:
    """The audit page with the director's form to accept a repair opened (#23.5): the
    editable reason and author, the confirm button."""
    base, world = served
    page = contexts["director", size]
    page.goto(f"{base}/hands/{world.revoke_hand}/audit")
    page.locator("details.accept-repair summary").first.click()
    assert page.locator("details.accept-repair textarea").first.is_visible()
    assert violations(page) == []


@pytest.mark.parametrize("size", SIZES)
def test_correction_editor_with_findings_has_no_axe_violations(
    contexts: dict[tuple[str, str], Page], served: tuple[str, World], size: str
) -> None:
    """The correction page's editor (the /verify page's, #23.2) after a live check of a text
    with a card that is no card: the refusal, the finding marked and listed at its line and
    column; then of an invalid text: the payments beside the current ones, and the box that
    confirms it."""
    base, world = served
    page = contexts["director", size]
    page.goto(f"{base}/hands/{world.revoke_hand}/correct")
    page.locator("#correct-text").fill(REVOKE_TOUR.replace("1. 10 17 5C 9", "1. 10 17 ZZ 9"))
    page.locator("#correction-check .check-refusal").wait_for()
    page.locator(".editor-findings button.to-place").wait_for()
    assert violations(page) == []
    page.locator("#correct-text").fill(REVOKE_TOUR.replace("1. 10 17 5C 9", "1. 10 17 4 9"))
    page.locator("#correction-check table.check-payments").wait_for()
    page.locator(".correction-confirm").wait_for()
    assert violations(page) == []
