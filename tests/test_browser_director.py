"""The director's pages of issue 23 in a real browser (Playwright driving Debian's
``chromium`` against ``tarocco serve``), each on a desktop (1366x900) and a phone (390x844):
a hand's revisions listed, compared and one restored (item 3); a ruling amended and then
withdrawn on the session page (item 4); a session opened and a token made, shown once and
revoked (item 7). Every page visited is checked with axe-core (the copy shipped in the
``axe-playwright-python`` package): no violation, and no wider than the phone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import (
    PLAYERS,
    REVOKE_TOUR,
    SESSION_BALANCES,
    SESSION_TEXT,
    TOUR,
    World,
    live_server,
    seed,
)
from playwright.sync_api import Page, expect

from records import service
from records.store import Store

AXE = Axe()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, World, Path]]:
    db = tmp_path_factory.mktemp("director") / "director.sqlite"
    Store(str(db)).close()
    world = seed(db)
    with live_server(db) as base:
        yield base, world, db


def accessible(page: Page) -> None:
    """axe-core finds no violation on the page as it is now, and it fits the window."""
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{page.url} is {overflow}px wider than the window"


def log_in(page: Page, base: str, token: str) -> None:
    page.goto(f"{base}/login")
    page.fill("#token", token)
    with page.expect_navigation():
        page.click("button[type=submit].primary")


def with_store(db: Path):
    """A second connection to the served database, as the command line would open."""
    return Store(str(db))


def corrected_hand(db: Path, world: World) -> int:
    """A new session of the public tournament whose one hand is the revoked tour (revision
    1), corrected to the tour as played (revision 2)."""
    store = with_store(db)
    try:
        sid = service.create_session(store, world.tournament, "nice4", PLAYERS, {}, "Replay", "t")
        hand_id = service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id
        service.correct_hand(store, hand_id, TOUR, "head director", "Anna's 4 and 5C swapped", "t")
    finally:
        store.close()
    return hand_id


def test_revisions_listed_compared_and_restored(page: Page, served) -> None:
    base, world, db = served
    hand_id = corrected_hand(db, world)
    log_in(page, base, world.token)
    page.goto(f"{base}/hands/{hand_id}")
    page.get_by_role("link", name="Every revision: open, compare, restore").click()
    expect(page.locator("h1")).to_have_text(re.compile(r"^Revisions of .*, hand 1 \(id \d+\)$"))
    rows = page.locator("table.revisions-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_contain_text("Anna's 4 and 5C swapped")
    accessible(page)

    page.get_by_role("button", name="Compare").click()
    expect(page.locator("h1")).to_contain_text("revision 1 against 2")
    expect(page.locator(".diff-removed del")).to_have_text(["1. 10 17 5C 9", "15. 13 18 4 4C"])
    expect(page.locator(".diff-added ins")).to_have_text(["1. 10 17 4 9", "15. 13 18 5C 4C"])
    verdict = page.locator("tr.verdict")
    expect(verdict.locator(".badge")).to_have_text(["flagged", "clean"])
    accessible(page)

    page.locator("table.compare-payments thead").get_by_role("link", name="revision 1").click()
    expect(page.locator("h1")).to_contain_text("revision 1")
    expect(page.locator(".finding").first).to_contain_text("MUST_FOLLOW_TRUMPS")
    accessible(page)
    page.get_by_label("Why").fill("the correction was a misreading of the sheet")
    page.get_by_role("button", name="Restore revision 1").click()
    expect(page.locator(".flashes")).to_contain_text("Revision 1 restored as revision 3")
    expect(page.locator("h1 .badge")).to_have_text("flagged")
    expect(page.locator(".lede")).to_contain_text("revision 3")


def test_a_ruling_amended_then_withdrawn(page: Page, served) -> None:
    base, world, db = served
    store = with_store(db)
    try:
        sid = service.create_session(store, world.tournament, "nice4", PLAYERS, {}, "Rule", "t")
        service.upload(store, sid, SESSION_TEXT, "t")
        rid = service.add_ruling(
            store, sid, {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1}, "revoke", "TD", None, "t"
        )
    finally:
        store.close()
    log_in(page, base, world.token)
    page.goto(f"{base}/sessions/{sid}")
    legend = page.locator(".legend b")
    expect(legend).to_have_text(
        [str(SESSION_BALANCES[p] + d) for p, d in zip(PLAYERS, (-3, 1, 1, 1), strict=True)]
    )

    ruling = page.locator(f"#ruling-{rid}")
    ruling.locator("summary").click()
    amend = ruling.locator("form").nth(1)
    for seat, amount in enumerate((-1, 1, 0, 0)):
        amend.locator(f"input[name=amount-{seat}]").fill(str(amount))
    amend.get_by_label("Why").fill("one marca to the partner only")
    amend.get_by_role("button", name=f"Amend ruling #{rid}").click()
    expect(page.locator(".flashes")).to_contain_text(f"Ruling {rid} amended")
    expect(legend).to_have_text(
        [str(SESSION_BALANCES[p] + d) for p, d in zip(PLAYERS, (-1, 1, 0, 0), strict=True)]
    )
    expect(page.locator(f"#ruling-{rid} del")).to_have_text("Anna -3, Bruno +1, Carla +1, Dario +1")

    amendment = page.locator(f"#ruling-{rid + 1}")
    expect(amendment).to_contain_text(f"amends #{rid}")
    amendment.locator("summary").click()
    withdraw = amendment.locator("form").first
    withdraw.get_by_label("Why").fill("no revoke after all: the card was the 4")
    withdraw.get_by_role("button", name=f"Withdraw ruling #{rid + 1}").click()
    expect(page.locator(".flashes")).to_contain_text(f"Ruling {rid + 1} withdrawn")
    expect(legend).to_have_text([str(SESSION_BALANCES[p]) for p in PLAYERS])
    expect(page.locator(f"#ruling-{rid + 1} del")).to_have_text("Anna -1, Bruno +1")
    expect(page.locator(f"#ruling-{rid + 2}")).to_contain_text(f"withdraws ruling #{rid + 1}")
    expect(page.locator(f"#ruling-{rid + 1} del")).to_have_css(
        "text-decoration-line", "line-through"
    )
    accessible(page)


def test_a_session_opened_and_a_token_made_and_revoked(page: Page, served) -> None:
    base, world, _db = served
    log_in(page, base, world.token)
    page.goto(f"{base}/tournaments/{world.tournament}")
    expect(page.get_by_role("button", name="Make it private")).to_be_visible()
    accessible(page)  # the director's buttons on the tournament page
    page.get_by_role("link", name="Open a session").click()
    accessible(page)
    page.get_by_label("Game").select_option("nice3")
    page.get_by_role("button", name="Choose").click()
    expect(page.locator("fieldset input")).to_have_count(3)
    expect(page.locator("#eldest-0")).to_have_text("eldest when West deals")
    accessible(page)
    for place, name in zip(("South", "East", "West"), ("Elena", "Franco", "Gina"), strict=True):
        page.get_by_label(place, exact=True).fill(name)
    page.get_by_label("Table", exact=True).fill("Table 5")
    page.get_by_label("Name", exact=True).fill(f"Three-handed {page.viewport_size['width']}")
    page.get_by_role("button", name="Open the session").click()
    expect(page.locator(".flashes")).to_contain_text("Session opened")
    expect(page.locator(".lede")).to_contain_text("At Table 5")
    expect(page.locator(".lede")).to_contain_text("Elena, Franco, Gina (seat order)")

    page.goto(f"{base}/tournaments/{world.tournament}")
    page.get_by_role("link", name="Director tokens").click()
    accessible(page)
    label = f"scorer {page.viewport_size['width']}"
    page.get_by_label("Label").fill(label)
    page.get_by_role("button", name="Make a token").click()
    token = page.locator("#token-text").inner_text()
    assert token.startswith("tar_")
    expect(page.locator(".new-token")).to_contain_text("shown this once")
    accessible(page)
    page.goto(f"{base}/tournaments/{world.tournament}/tokens")  # shown once: gone now
    expect(page.locator("#token-text")).to_have_count(0)
    expect(page.locator("main")).not_to_contain_text(token)
    row = page.locator("table.tokens tr", has_text=label)
    row.get_by_role("button", name="Revoke").click()
    expect(page.locator(".flashes")).to_contain_text("revoked")
    expect(page.locator("table.tokens tr", has_text=label)).to_contain_text("revoked")


def test_verify_and_store_asks_before_storing_an_invalid_record(page: Page, served) -> None:
    base, world, db = served
    store = with_store(db)
    try:
        name = f"Preview {page.viewport_size['width']}"
        sid = service.create_session(store, world.tournament, "nice4", PLAYERS, {}, name, "t")
    finally:
        store.close()
    # the tour with Anna's 4 played twice (tricks 1 and 15): a duplicate card, invalid (G-2)
    invalid = TOUR.replace("15. 13 18 5C 4C", "15. 13 18 4 4C")
    log_in(page, base, world.token)
    page.goto(f"{base}/verify")
    page.fill("#text", invalid)
    page.select_option("#session_id", str(sid))
    page.get_by_role("button", name="Verify and store").click()
    preview = page.locator("section.preview")
    expect(preview.locator("h2")).to_have_text(f"About to store in {name}")
    expect(preview.locator(".preview-table .badge")).to_have_text("invalid")
    expect(preview).to_contain_text("not scored in the ledger")
    accessible(page)
    # the box must be ticked: the browser will not send the form without it
    store_button = preview.get_by_role("button", name="Store 1 hand")
    store_button.click()
    assert preview.locator("input[name=confirm]").evaluate("e => e.validity.valueMissing")
    expect(page.locator(".flashes")).to_have_count(0)
    preview.get_by_label("Store it all the same").check()
    store_button.click()
    warning = page.locator(".flashes .flash-warning")
    expect(warning).to_contain_text(f"Stored 1 hand in {name}; record 1 is invalid")
    expect(page.locator("h1 .badge")).to_have_text("invalid")
    check = with_store(db)
    try:
        assert [h["original_text"] for h in check.hands(sid, full=True)] == [invalid]
    finally:
        check.close()


# -- a correction in the /verify page's editor (#23.2) --------------------------------------
def revoked_hand(page: Page, db: Path, world: World, name: str) -> int:
    """A new session of the public tournament, named for the test and the window, whose one
    hand is the revoked tour: flagged, Anna's 5C at line 17, column 10 where her 4 was
    played, and her 4 at line 31, column 11."""
    store = with_store(db)
    try:
        label = f"{name} {page.viewport_size['width']}"
        sid = service.create_session(store, world.tournament, "nice4", PLAYERS, {}, label, "t")
        return service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id
    finally:
        store.close()


def revision_statuses(db: Path, hand_id: int) -> list[str]:
    store = with_store(db)
    try:
        return [r["status"] for r in store.revisions(hand_id)]
    finally:
        store.close()


def test_a_correction_is_checked_while_typing(page: Page, served) -> None:
    """The correction page checks the text as the director types, in the /verify page's
    editor: the 5C typed over with the 4 makes the 4 played twice (invalid, its place at
    line 31:11, paying nothing beside the current -8); the 5C typed where that 4 was gives
    the tour as played, clean, its payments beside the current ones; stored, revision 2."""
    base, world, db = served
    hand_id = revoked_hand(page, db, world, "Typing")
    log_in(page, base, world.token)
    page.goto(f"{base}/hands/{hand_id}/correct")
    verdict = page.locator("#correction-verdict")
    places = page.locator(".editor-findings button.to-place")
    checked = page.locator("#correction-check")
    rows = checked.locator("table.check-payments tbody tr")
    # the current text, checked as the page loads: flagged, the revoke marked
    expect(verdict).to_contain_text("1 finding · line 17:10 Anna played 5C")
    expect(page.locator(".editor-marks mark")).to_have_text(["5C"])
    expect(places).to_have_text(["line 17:10"])

    places.first.click()  # the caret on Anna's 5C, selected
    page.keyboard.type("4")
    expect(verdict.locator(".badge")).to_have_text("invalid")
    expect(verdict).to_contain_text("line 31:11 4 was already played")
    expect(places).to_have_text(["line 31:11"])
    expect(checked.locator(".check-verdict")).to_contain_text(
        "the corrected record is invalid (now flagged)"
    )
    expect(rows.first.locator("td")).to_have_text(["-8", "none", "+8"])  # now, corrected, change

    places.first.click()  # the caret on the 4 of trick 15
    page.keyboard.type("5C")
    expect(verdict.locator(".badge")).to_have_text("clean")
    expect(checked.locator(".check-verdict")).to_contain_text(
        "the corrected record is clean (now flagged)"
    )
    expect(rows.locator("th")).to_have_text(PLAYERS)
    # the revoke is scored as played (G-1): the tour pays the same, Anna -8 and Carla +8
    expect(rows.nth(0).locator("td")).to_have_text(["-8", "-8", "0"])
    expect(rows.nth(2).locator("td")).to_have_text(["+8", "+8", "0"])
    expect(page.locator(".correction-confirm")).to_be_hidden()
    expect(page.locator("#correct-text")).to_have_value(TOUR)
    accessible(page)
    page.get_by_label("Why").fill("Anna's 4 and 5C swapped on the sheet")
    page.get_by_role("button", name="Store as revision 2").click()
    expect(page.locator(".flashes")).to_contain_text("Revision 2 stored: the hand is now clean")
    assert revision_statuses(db, hand_id) == ["flagged", "clean"]


def test_a_correction_error_is_shown_at_its_line_and_column(page: Page, served) -> None:
    """A card that is no card: the live verdict says the correction cannot be stored and
    where, the token is marked in the text, the finding's button puts the caret on it, and
    Check checks in place (the page is not loaded again: the caret stays)."""
    base, world, db = served
    hand_id = revoked_hand(page, db, world, "Slip")
    log_in(page, base, world.token)
    page.goto(f"{base}/hands/{hand_id}/correct")
    area = page.locator("#correct-text")
    verdict = page.locator("#correction-verdict")
    expect(verdict).to_contain_text("1 finding")  # the current text checked
    area.fill(REVOKE_TOUR.replace("1. 10 17 5C 9", "1. 10 17 ZZ 9"))
    expect(verdict).to_contain_text("cannot be stored: record 1 cannot be read")
    expect(verdict).to_contain_text("· line 17:10 not a card: 'ZZ'")
    expect(page.locator(".editor-marks mark.sev-error")).to_have_text("ZZ")
    expect(page.locator("#correction-check .check-refusal")).to_contain_text(
        "Cannot be stored: record 1 cannot be read"
    )
    expect(page.locator("#correction-check table")).to_have_count(0)
    place = page.locator(".editor-findings button.to-place")
    expect(place).to_have_text("line 17:10")
    place.click()
    expect(area).to_be_focused()
    assert area.evaluate("a => a.value.slice(a.selectionStart, a.selectionEnd)") == "ZZ"
    accessible(page)
    page.evaluate("window.stillHere = true")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(verdict).to_contain_text("line 17:10 not a card: 'ZZ'")
    assert page.evaluate("window.stillHere") is True
    assert area.evaluate("a => a.value.slice(a.selectionStart, a.selectionEnd)") == "ZZ"
    assert revision_statuses(db, hand_id) == ["flagged"]


def test_an_invalid_correction_asks_for_confirmation(page: Page, served) -> None:
    """As "Verify and store" does (#23.1): a correction that makes the hand invalid shows
    the box to confirm it as soon as the check says so, and the browser does not send the
    form until it is ticked; ticked, the invalid record is stored as revision 2."""
    base, world, db = served
    hand_id = revoked_hand(page, db, world, "Confirm")
    log_in(page, base, world.token)
    page.goto(f"{base}/hands/{hand_id}/correct")
    confirm = page.locator(".correction-confirm")
    expect(page.locator("#correction-verdict")).to_contain_text("1 finding")
    expect(confirm).to_be_hidden()
    page.locator("#correct-text").fill(REVOKE_TOUR.replace("1. 10 17 5C 9", "1. 10 17 4 9"))
    expect(page.locator("#correction-verdict .badge")).to_have_text("invalid")
    expect(confirm).to_be_visible()
    expect(confirm.locator(".warning-box")).to_contain_text("The corrected record is invalid")
    accessible(page)
    page.get_by_label("Why").fill("as the sheet says")
    store = page.get_by_role("button", name="Store as revision 2")
    store.click()
    box = page.get_by_label("Store it all the same")
    assert box.evaluate("e => e.validity.valueMissing")
    expect(page.locator(".flashes")).to_have_count(0)
    assert revision_statuses(db, hand_id) == ["flagged"]
    box.check()
    store.click()
    expect(page.locator(".flashes")).to_contain_text("Revision 2 stored: the hand is now invalid")
    assert revision_statuses(db, hand_id) == ["flagged", "invalid"]
