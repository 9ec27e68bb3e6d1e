"""The pages for everyone (issue 23, items 9 to 12) in a real browser: Playwright driving
Debian's ``chromium`` against the real server, on a desktop (1366x900) and a phone (390x844),
anonymous and logged in as a director. Never skipped: without chromium these tests fail.

9: no page wider than the screen, wide tables scroll in a box that shows it, the stepper and
the tables' heads stay in view, card indices legible, controls at least 44 px to tap.
10: the replay's keys act only while it has the focus, its live region says the trick, a
finding's trick link moves the focus to the stepper, the chart tells players apart without
colour. 11: a printed hand fits two A4 pages; the standings print. 12: in ``?embed=1`` every
link keeps the embedded view or opens a new tab.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from browserkit import REVOKE_TOUR, SIZES, World, live_server, seed
from playwright.sync_api import Browser, Page, expect

from records.store import Store

TAP = 44  # px, the smallest control a finger hits reliably (#23.9)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, World]]:
    db: Path = tmp_path_factory.mktemp("everyone") / "pages.sqlite"
    Store(str(db)).close()
    world = seed(db)
    with live_server(db) as base:
        yield base, world


def open_page(browser: Browser, base: str, world: World, size: str, director: bool) -> Page:
    width, height = SIZES[size]
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    if director:
        page.goto(f"{base}/login")
        page.fill("#token", world.token)
        page.click("button[type=submit].primary")
        page.wait_for_load_state()
    return page


def every_path(world: World) -> list[str]:
    return [
        "/",
        "/login",
        "/verify",
        f"/hands/{world.revoke_hand}",
        f"/hands/{world.revoke_hand}?seat=0",
        f"/hands/{world.revoke_hand}/audit",
        f"/hands/{world.hands[0]}",
        f"/sessions/{world.session}",
        f"/sessions/{world.revoke_session}",
        f"/sessions/{world.session}/what-if",
        f"/tournaments/{world.tournament}",
        "/rules",
        "/rules/nice4",
        f"/hands/{world.revoke_hand}/revisions",
        f"/hands/{world.revoke_hand}/revisions/1",
        f"/hands/{world.revoke_hand}/revisions/diff",
        f"/tournaments/{world.tournament}/sessions/new?game=nice4",
        f"/tournaments/{world.tournament}/tokens",
    ]


def verified(page: Page, base: str) -> None:
    page.goto(f"{base}/verify")
    page.fill("#text", REVOKE_TOUR)
    page.click("button[value=verify]")
    page.wait_for_load_state()


# -- 9: phones ------------------------------------------------------------------------------
@pytest.mark.parametrize("director", [False, True], ids=["anonymous", "director"])
@pytest.mark.parametrize("size", SIZES)
def test_no_page_is_wider_than_the_screen(
    browser: Browser, served: tuple[str, World], size: str, director: bool
) -> None:
    """#23.9: the logged-in /verify page was 544 px wide on a 390 px phone (its session
    list); every page, and the verified record, now fits the screen."""
    base, world = served
    page = open_page(browser, base, world, size, director)
    width = SIZES[size][0]
    for path in [*every_path(world), None]:
        if path is None:
            verified(page, base)
        else:
            page.goto(base + path)
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"{path or 'verified record'} is {wide} px on a {width} px screen"
    page.context.close()


def test_wide_tables_scroll_and_show_it(browser: Browser, served: tuple[str, World]) -> None:
    """#23.9: on a phone a table of four players fits, or scrolls in its box, which draws a
    shadow on the side with more (a background that scrolls with the content)."""
    base, world = served
    page = open_page(browser, base, world, "phone", False)
    scrolled = 0
    for path in (f"/sessions/{world.session}", f"/hands/{world.revoke_hand}"):
        page.goto(base + path)
        for table in page.locator("main table").all():
            box = table.bounding_box()
            assert box is not None
            if box["x"] + box["width"] <= 390:
                continue
            scroller = table.locator("xpath=ancestor::div[contains(@class, 'scroll')][1]")
            assert scroller.count() == 1, f"{path}: a wide table outside a scrolling box"
            style = scroller.evaluate(
                "e => [getComputedStyle(e).overflowX, getComputedStyle(e).backgroundImage,"
                " e.scrollWidth > e.clientWidth, e.getBoundingClientRect().right]"
            )
            assert style[0] == "auto" and "gradient" in style[1] and style[2] and style[3] <= 390
            scrolled += 1
    assert scrolled >= 1  # the session's sheet of four players is wider than a phone


def test_stepper_and_table_head_stay_in_view(browser: Browser, served: tuple[str, World]) -> None:
    base, world = served
    page = open_page(browser, base, world, "phone", False)
    page.goto(f"{base}/hands/{world.revoke_hand}")
    replay = page.locator(".replay")
    page.evaluate("y => window.scrollTo(0, y)", replay.bounding_box()["y"] + 600)
    stepper = page.locator(".stepper").bounding_box()
    assert stepper is not None and -1 <= stepper["y"] <= 1  # stuck to the top of the screen
    page.goto(f"{base}/sessions/{world.session}")
    box = page.locator("table.sheet").locator("xpath=ancestor::div[contains(@class,'scroll')][1]")
    box.evaluate("e => { e.scrollTop = 200; }")
    head = page.locator("table.sheet thead th").first.bounding_box()
    top = box.bounding_box()
    assert head is not None and top is not None and abs(head["y"] - top["y"]) <= 1


@pytest.mark.parametrize("size", SIZES)
def test_card_indices_are_legible(browser: Browser, served: tuple[str, World], size: str) -> None:
    """#23.9: a card's corner index was about 9 px on a phone; now at least 11 px on the
    smallest card of the hand page (the fans, the plays, the legal cards)."""
    base, world = served
    page = open_page(browser, base, world, size, False)
    page.goto(f"{base}/hands/{world.revoke_hand}#trick-1")
    # the rendered size of the corner text: its font size in the sprite (a 50-unit-wide
    # face) times the card's scale on the page
    widths = page.evaluate(
        """() => Array.from(document.querySelectorAll('main svg.card'))
            .map(svg => svg.clientWidth).filter(w => w > 0)"""
    )
    page.goto(f"{base}/static/cards.svg")
    corner = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#ci5C .card-corner')).fontSize)"
    )
    sizes = [corner * width / 50 for width in widths]
    assert len(sizes) > 20 and min(sizes) >= 11, min(sizes)


@pytest.mark.parametrize("director", [False, True], ids=["anonymous", "director"])
def test_tap_targets_are_44_px(browser: Browser, served: tuple[str, World], director: bool) -> None:
    """#23.9: on a phone every button, field, menu, disclosure, the site's navigation and
    the replay's seat links are at least 44 px high and wide."""
    base, world = served
    page = open_page(browser, base, world, "phone", director)
    selector = (
        "button, input:not([type=hidden]), select, summary, header.site a, .view-seat a, .button"
    )
    for path in [*every_path(world), None]:
        if path is None:
            verified(page, base)
        else:
            page.goto(base + path)
        small = page.evaluate(
            """([sel, tap]) => Array.from(document.querySelectorAll(sel))
                .filter(e => e.getClientRects().length)
                .filter(e => getComputedStyle(e).visibility !== 'hidden')
                .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
                .filter(([_, r]) => r.width > 0 && (r.height < tap - .5 || r.width < tap - .5))
                .map(([html, r]) => `${html} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
            [selector, TAP],
        )
        assert small == [], f"{path or 'verified record'}: {small}"
    page.context.close()


# -- 10: keyboard and screen readers --------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_keys_step_only_with_the_focus(
    browser: Browser, served: tuple[str, World], size: str
) -> None:
    """#23.10: End outside the replay scrolls the page (the stepper stays at the deal);
    inside it, End goes to the last trick and Home back to the deal."""
    base, world = served
    page = open_page(browser, base, world, size, False)
    page.goto(f"{base}/hands/{world.revoke_hand}")
    label = page.locator(".step-label")
    page.locator("h1").click()  # the focus outside the replay
    page.keyboard.press("End")
    # polled from here: a predicate evaluated in the page is an eval its CSP refuses
    for _ in range(50):
        if page.evaluate("window.scrollY") > 0:
            break
        page.wait_for_timeout(100)
    assert page.evaluate("window.scrollY") > 0
    expect(label).to_have_text("The deal")
    page.keyboard.press("ArrowRight")
    expect(label).to_have_text("The deal")
    page.locator(".replay").focus()
    scrolled = page.evaluate("window.scrollY")
    page.keyboard.press("End")
    expect(label).to_have_text("Trick 19 of 19")
    page.keyboard.press("Home")
    expect(label).to_have_text("The deal")
    page.keyboard.press("ArrowRight")
    expect(label).to_have_text("Trick 1 of 19")
    # the buttons too: the last one, disabled once used, leaves the focus in the replay
    page.locator("button[data-step=last]").click()
    page.keyboard.press("ArrowLeft")
    expect(label).to_have_text("Trick 18 of 19")
    assert page.evaluate("document.activeElement.closest('.replay') !== null")
    assert scrolled is not None


def test_live_region_says_the_trick(browser: Browser, served: tuple[str, World]) -> None:
    """#23.10: the live region says the trick's cards in play order, its winner and the
    reason of its flag."""
    base, world = served
    page = open_page(browser, base, world, "desktop", False)
    page.goto(f"{base}/hands/{world.revoke_hand}")
    live = page.locator(".replay-live")
    expect(live).to_have_attribute("aria-live", "polite")
    page.locator(".replay").focus()
    page.keyboard.press("ArrowRight")
    expect(live).to_have_text(
        "Trick 1 of 19: Carla Trump X (10), Dario Trump XVII (17), Anna 5 of cups,"
        " Bruno Trump IX (9). Dario wins."
        " Violation: Anna played 5C but held Tarots and a Tarot was led"
    )
    page.keyboard.press("ArrowRight")
    expect(live).to_contain_text("Trick 2 of 19: Dario 2 of coins")
    expect(live).to_contain_text("Bruno wins.")


@pytest.mark.parametrize("where", ["hand", "verify"])
def test_finding_link_moves_focus_to_the_stepper(
    browser: Browser, served: tuple[str, World], where: str
) -> None:
    base, world = served
    page = open_page(browser, base, world, "desktop", False)
    if where == "hand":
        page.goto(f"{base}/hands/{world.revoke_hand}")
    else:
        verified(page, base)
    page.locator(".finding a.to-trick").first.click()
    expect(page.locator(".step-label")).to_have_text("Trick 1 of 19")
    assert page.evaluate("document.activeElement.classList.contains('stepper')")
    page.keyboard.press("ArrowRight")  # the keys go on from there
    expect(page.locator(".step-label")).to_have_text("Trick 2 of 19")


@pytest.mark.parametrize("media", ["screen", "print"])
def test_chart_tells_players_apart_without_colour(
    browser: Browser, served: tuple[str, World], media: str
) -> None:
    """#23.10: each player's line has its own marker shape and dash, and the player's name
    is written at its end; the legend draws the same marker; so also in print."""
    base, world = served
    page = open_page(browser, base, world, "desktop", False)
    page.emulate_media(media=media)
    page.goto(f"{base}/sessions/{world.session}")
    series = page.locator("svg.balance-chart g.series")
    expect(series).to_have_count(4)
    shapes = series.evaluate_all("gs => gs.map(g => g.dataset.marker)")
    dashes = series.evaluate_all(
        "gs => gs.map(g => g.querySelector('polyline').getAttribute('stroke-dasharray'))"
    )
    names = series.evaluate_all("gs => gs.map(g => g.querySelector('.direct-label').textContent)")
    assert len(set(shapes)) == 4 and len(set(dashes)) == 4
    assert names == ["Anna", "Bruno", "Carla", "Dario"]
    boxes = page.locator(".direct-label").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect()).map(r => [r.top, r.bottom])"
    )
    boxes.sort()
    assert all(a[1] <= b[0] + 0.5 for a, b in pairwise(boxes))  # the names don't overlap
    legend = page.locator(".legend li").evaluate_all("ls => ls.map(l => l.dataset.marker)")
    assert legend == shapes
    expect(page.locator(".direct-label").first).to_be_visible()


# -- 11: weight and print -------------------------------------------------------------------
def test_printed_hand_fits_two_pages(browser: Browser, served: tuple[str, World]) -> None:
    """#23.11: the hand with its revoke, every trick shown, prints on at most two A4
    pages."""
    base, world = served
    page = open_page(browser, base, world, "desktop", False)
    page.goto(f"{base}/hands/{world.revoke_hand}")
    page.emulate_media(media="print")
    expect(page.locator("#trick-19")).to_be_visible()
    expect(page.locator("#trick-1 .flag-reason")).to_be_visible()
    expect(page.locator("header.site")).to_be_hidden()
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert 1 <= pages <= 2, pages


def test_standings_print(browser: Browser, served: tuple[str, World]) -> None:
    """#23.11: the tournament's standings print on a page, without the navigation."""
    base, world = served
    page = open_page(browser, base, world, "desktop", False)
    page.goto(f"{base}/tournaments/{world.tournament}")
    page.emulate_media(media="print")
    expect(page.locator("table.standings").first).to_be_visible()
    expect(page.locator("header.site")).to_be_hidden()
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1


# -- 12: embedding --------------------------------------------------------------------------
@pytest.mark.parametrize("query", ["?embed=1", "?embed=1&seat=0"])
def test_embedded_links_keep_the_frame_or_open_a_tab(
    browser: Browser, served: tuple[str, World], query: str
) -> None:
    """#23.12: in ``?embed=1`` a link either keeps ``embed=1`` (the same page's anchors,
    the seat views, the neighbouring hands) or opens a new tab; none turns the frame into
    a page that refuses to be framed."""
    base, world = served
    page = open_page(browser, base, world, "desktop", False)
    page.goto(f"{base}/hands/{world.hands[1]}{query}")
    links = page.evaluate(
        """() => {
            const base = document.querySelector('base[target]');
            return Array.from(document.querySelectorAll('a[href]')).map(a => [a.href,
                a.getAttribute('target') || (base ? base.target : '')]);
        }"""
    )
    assert len(links) > 10
    for href, target in links:
        if target == "_blank":
            continue
        assert target == "_self" and parse_qs(urlparse(href).query).get("embed") == ["1"], href
    # a link out opens a new tab and leaves the frame as it was
    with page.context.expect_page() as opened:
        page.locator(".crumbs a").first.click()
    opened.value.close()
    assert "embed=1" in page.url
    with page.expect_navigation():
        page.get_by_role("link", name="next hand").click()
    assert "embed=1" in page.url and page.locator("header.site").count() == 0
