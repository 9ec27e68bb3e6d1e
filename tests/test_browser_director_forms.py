"""The director's pages of issue 34 (item 9) in a real browser (Playwright driving Debian's
``chromium`` against ``tarocco serve``), on a desktop (1366x900) and a phone (390x844): a
ruling's running total as the director types and a refused ruling back as its form; the
hand page's skip link to the replay by keyboard; the revision diff's hunks on the page itself
and the upload preview's table. Every page visited is checked with axe-core and must fit the
window.

The pages' markup is checked without a browser in ``tests/test_director_forms.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browserkit import (
    PLAYERS,
    REVOKE_TOUR,
    SESSION_TEXT,
    SIZES,
    World,
    live_server,
    seed,
    sized_page,
)
from playwright.sync_api import Page, expect
from test_browser_director import accessible, corrected_hand, log_in, with_store

from records import service
from records.store import Store


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, World, Path]]:
    db = tmp_path_factory.mktemp("director-forms") / "forms.sqlite"
    Store(str(db)).close()
    world = seed(db)
    with live_server(db) as base:
        yield base, world, db


def new_session(db: Path, world: World, name: str, text: str = SESSION_TEXT) -> int:
    """A session of the public tournament holding ``text``'s hands."""
    store = with_store(db)
    try:
        sid = service.create_session(store, world.tournament, "nice4", PLAYERS, {}, name, "t")
        if text:
            service.upload(store, sid, text, "t")
        return sid
    finally:
        store.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_rulings_total_runs_as_typed_and_a_refusal_keeps_the_form(
    browser, served, size: str
) -> None:
    base, world, db = served
    sid = new_session(db, world, f"Total {size}")
    with sized_page(browser, size, expected="status of 422") as page:
        log_in(page, base, world.token)
        page.goto(f"{base}/sessions/{sid}")
        form = page.locator("#add-ruling")
        form.locator("summary").click()
        total = form.locator("[data-total]")
        note = form.locator("[data-total-note]")
        expect(total).to_have_text("0")
        for seat, amount in enumerate(("-2", "1", "1", "1")):
            form.locator(f"input[name=amount-{seat}]").fill(amount)
        expect(total).to_have_text("+1")
        expect(note).to_have_text(": not zero yet")
        form.locator("input[name=amount-0]").fill("-3")
        expect(total).to_have_text("0")
        expect(note).to_have_text("")
        form.locator("input[name=amount-3]").fill("")  # blank counts as 0
        expect(total).to_have_text("-1")
        accessible(page)
        form.locator("input[name=amount-3]").fill("2")
        form.get_by_label("Why").fill("Anna's revoke (NICE-11)")
        form.get_by_role("button", name="Store the ruling").click()
        # refused: the form again, open, the amounts as typed, the reason beside them
        expect(page.locator("#add-ruling-problem")).to_contain_text("add up to zero")
        values = [form.locator(f"input[name=amount-{s}]").input_value() for s in range(4)]
        assert values == ["-3", "1", "1", "2"]
        expect(total).to_have_text("+1")
        expect(form.get_by_label("Why")).to_have_value("Anna's revoke (NICE-11)")
        expect(form.locator("input[name=amount-0]")).to_have_attribute("aria-invalid", "true")
        accessible(page)
        form.locator("input[name=amount-3]").fill("1")
        expect(total).to_have_text("0")
        form.get_by_role("button", name="Store the ruling").click()
        expect(page.locator(".flashes")).to_contain_text("Ruling stored")


def test_the_skip_link_reaches_the_replay_in_two_tabs(page: Page, served) -> None:
    base, world, _db = served
    page.goto(f"{base}/hands/{world.revoke_hand}")
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Skip to the content")
    page.keyboard.press("Tab")
    skip = page.locator(":focus")
    expect(skip).to_have_text("Skip to the replay")
    expect(skip).to_be_in_viewport()  # shown while it has the focus
    page.keyboard.press("Enter")
    expect(page.locator(":focus")).to_have_id("replay")
    expect(page.locator("#replay .step-label")).to_have_text("The deal")
    page.keyboard.press("ArrowRight")  # the replay takes the keys at once
    expect(page.locator("#replay .step-label")).to_have_text("Trick 1 of 19")
    accessible(page)


def test_every_hunk_of_the_diff_is_on_the_page_itself(page: Page, served) -> None:
    base, world, db = served
    hand_id = corrected_hand(db, world)
    page.goto(f"{base}/hands/{hand_id}/revisions/diff")
    hunks = page.locator("section.hunk")
    expect(hunks).to_have_count(2)
    for index in range(2):
        hunk = hunks.nth(index)
        # nothing to scroll inside: no box around the hunk scrolls, either way
        boxed = hunk.evaluate(
            """h => { for (let e = h; e; e = e.parentElement) {
                 const s = getComputedStyle(e);
                 if (e !== document.documentElement && e !== document.body &&
                     (/(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight ||
                      /(auto|scroll)/.test(s.overflowX) && e.scrollWidth > e.clientWidth))
                   return e.className || e.tagName; }
               return null; }"""
        )
        assert boxed is None, boxed
        name = hunk.locator("h3").inner_text().split(": ", 1)[1]
        page.get_by_role("link", name=name, exact=True).click()
        expect(hunk).to_be_in_viewport()
    expect(hunks.nth(0).locator(".hunk-cards")).to_have_text(
        "− Out: 5 of cups (5C) · + In: Trump IV (4)"
    )
    accessible(page)


def test_the_preview_table_of_many_records_folds_what_is_clean(page: Page, served) -> None:
    base, world, db = served
    sid = new_session(db, world, f"Preview {page.viewport_size['width']}", text="")
    text = "\n".join([SESSION_TEXT] * 6 + [REVOKE_TOUR] + [SESSION_TEXT] * 4)  # 51 records
    log_in(page, base, world.token)
    page.goto(f"{base}/verify")
    # set at once: typing 2,000 lines into the editor is not what this test is about
    page.locator("#text").evaluate("(area, text) => { area.value = text; }", text)
    page.select_option("#session_id", str(sid))
    page.get_by_role("button", name="Verify and store").click()
    preview = page.locator("section.preview")
    expect(preview.locator(".preview-counts")).to_contain_text("51 records: 40 clean, 1 flagged")
    blocks = preview.locator("details.preview-block")
    expect(blocks).to_have_count(3)
    expect(blocks.nth(1).locator("tr.needs-look .badge.status-flagged")).to_have_text("flagged")
    # record 32 (after the revoke's record) is dealt out of turn: the session's ledger says
    # so, and its row needs a look too (#32.11)
    expect(blocks.nth(1).locator("#preview-record-32")).to_have_class("needs-look")
    expect(blocks.nth(1)).to_contain_text("The session's ledger, once stored: DEALER_OUT_OF_TURN")
    expect(blocks.nth(0).locator("table")).to_be_hidden()
    expect(blocks.nth(1).locator("table")).to_be_visible()
    blocks.nth(0).locator("summary").click()
    expect(blocks.nth(0).locator("tbody tr")).to_have_count(25)
    accessible(page)
