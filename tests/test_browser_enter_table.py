"""The guided entry page at the table (#34), in Debian's chromium at 1366x900 and 390x844:
nothing entered is lost (a draft in the browser survives a reload and the login round trip),
a whole hand ends with its score and is stored through the preview, the next hand is dealt by
the next dealer (G-6), the deal follows the paper with the pack in place and no verdict on
half a deal, a typed card is read as the notation reads it (or cleared with the reason), and
an illegal card is marked where it lies on the table, with its rule on a tap; the arrow keys
step through the tricks and a card played from the keyboard keeps the focus in the cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserkit import EXAMPLES, SIZES, World, live_server, seed, sized_page
from playwright.sync_api import Page, expect
from test_accessibility import violations
from test_browser_enter import (
    GOLDEN,
    PLAY_TOKEN,
    TRICK,
    canonical_card,
    enter_golden,
    golden_cut,
    settled,
    start,
    type_text,
)

from records import service
from records.notation import read_one
from records.pipeline import check_text
from records.schemas import dump_report
from records.store import Store

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


@pytest.fixture(scope="module")
def world_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, World, Path]]:
    """The browser tests' world, with a pinch session besides its nice4 ones."""
    db: Path = tmp_path_factory.mktemp("enter-table") / "pages.sqlite"
    Store(str(db)).close()
    world = seed(db)
    with live_server(db) as base:
        yield base, world, db


@pytest.fixture(scope="module")
def served(world_served: tuple[str, World, Path]) -> str:
    return world_served[0]


def log_in(page: Page, base: str, token: str) -> None:
    page.goto(base + "/login")
    page.fill("#token", token)
    page.click("button[type=submit].primary")
    page.wait_for_load_state()


def new_session(db: Path, world: World, game: str, players: list[str], name: str) -> int:
    store = Store(str(db))
    try:
        return service.create_session(store, world.tournament, game, players, {}, name, "test")
    finally:
        store.close()


def stored_texts(db: Path, session_id: int) -> list[str]:
    store = Store(str(db))
    try:
        return [h["original_text"] for h in store.hands(session_id, full=True)]
    finally:
        store.close()


# -- 1: nothing entered is lost ------------------------------------------------------------------
def test_a_draft_survives_a_reload_and_the_login_round_trip(
    page: Page, world_served: tuple[str, World, Path]
) -> None:
    base, world, _db = world_served
    start(page, base, "nice4", PLAYERS, "Bruno")
    page.click("#enter-deal .enter-pack .card-button[data-card='KS']")
    settled(page)
    written = page.input_value("#text")
    assert "hand Anna: KS" in written
    expect(page.locator("#enter-saved")).to_contain_text("Saved on this device")
    assert re.search(r"/enter\?draft=\w+$", page.url)
    page.reload()
    settled(page)
    assert page.input_value("#text") == written
    # away to /verify and back: the same draft
    page.click("#enter-form button[value=verify]")
    page.wait_for_load_state()
    page.go_back()
    settled(page)
    assert page.input_value("#text") == written
    expect(page.locator("#enter-drafts-list")).to_contain_text("Mitigatti of Nice")
    expect(page.locator("#enter-drafts-list")).to_contain_text("Anna, Bruno, Carla, Dario")
    # the page's own login link comes back to the draft, now with the sessions to store in
    page.click("#enter-login")
    page.fill("#token", world.token)
    page.click("button[type=submit].primary")
    page.wait_for_load_state()
    settled(page)
    assert "/enter?draft=" in page.url
    assert page.input_value("#text") == written
    expect(page.locator("#session_id")).to_be_visible()
    assert violations(page) == []
    # parked in the session on the server: back to the same draft, now listed as parked
    page.select_option("#session_id", str(world.session))
    page.click("#enter-park")
    page.wait_for_load_state()
    settled(page)
    assert re.search(r"/enter\?parked=\d+&draft=\w+$", page.url), page.url
    assert page.input_value("#text") == written
    expect(page.locator(".enter-parked-list")).to_contain_text("(open)")
    expect(page.locator("#enter-park")).to_contain_text("Park again")
    # a new hand is a new draft; the old one is still listed and opens again
    start(page, base, "pinch", ["Anna", "Bruno"], "Bruno")
    drafts = page.locator("#enter-drafts-list li")
    assert drafts.count() >= 2
    page.locator("#enter-drafts-list button", has_text="Mitigatti of Nice").first.click()
    settled(page)
    assert page.input_value("#text") == written


# -- 2: the end of the hand ------------------------------------------------------------------------
@pytest.mark.parametrize("golden", [GOLDEN[0], GOLDEN[3]], ids=["nice4", "pinch"])
def test_a_whole_hand_ends_with_its_score_and_is_stored(
    page: Page, world_served: tuple[str, World, Path], golden: object
) -> None:
    base, world, db = world_served
    text = (EXAMPLES / golden.path).read_text()  # type: ignore[attr-defined]
    record = read_one(text).record
    assert record is not None
    width = page.viewport_size["width"] if page.viewport_size else 0
    sid = new_session(db, world, record.game, list(record.players), f"Score {golden}{width}")
    log_in(page, base, world.token)
    written = enter_golden(page, base, golden)  # type: ignore[arg-type]
    report = dump_report(check_text(written)[0].report)
    score = page.locator("#enter-score")
    expect(score).to_be_visible()
    total = score.locator("tr.score-total")
    for player in report["players"]:
        expect(score.locator("thead")).to_contain_text(player)
    cells = total.locator("td.num").all_inner_texts()
    assert cells == [str(report["settlement"].get(p, 0)) for p in report["players"]]
    assert report["lines"]  # the breakdown, each line with its ruling
    for line in report["lines"]:
        expect(score.locator("tbody")).to_contain_text(line["label"])
        if line["rule"]:
            expect(score.locator("tbody")).to_contain_text(line["rule"])
    assert violations(page) == []
    page.select_option("#session_id", str(sid))
    page.click("#enter-score-store")
    preview = page.locator("section.preview")
    expect(preview.locator("h2")).to_contain_text("About to store")
    preview.get_by_role("button", name="Store 1 hand").click()
    page.wait_for_load_state()
    assert stored_texts(db, sid) == [written]


def test_the_next_hand_is_dealt_by_the_next_dealer(page: Page, served: str) -> None:
    """tour.txt is dealt by Bruno: the deal passes to the right, to Carla (G-6); a
    thrown-in Nice deal is redealt by the same dealer."""
    type_text(page, served, (EXAMPLES / GOLDEN[0].path).read_text())
    button = page.locator("#enter-score-next")
    expect(button).to_have_text("Next hand (Carla deals)")
    button.click()
    settled(page)
    text = page.input_value("#text")
    assert '[Dealer "Carla"]' in text and '[Players "Anna, Bruno, Carla, Dario"]' in text
    assert "hand " not in text
    expect(page.locator("#enter-score")).to_be_hidden()
    type_text(page, served, (EXAMPLES / "nice4" / "thrown-in.txt").read_text())
    with page.expect_download() as info:
        page.click("#enter-score-download")
    assert Path(info.value.path()).read_text() == page.input_value("#text")
    expect(page.locator("#enter-score-next")).to_have_text("Next hand (Bruno deals)")


# -- 4: the deal as the paper is written ---------------------------------------------------------
def test_the_deal_follows_the_paper_and_the_pack_stays_in_place(page: Page, served: str) -> None:
    """Dealer Bruno, eldest Carla: the paper's first line, Anna's hand, is dealt first; a
    dealt card greys in place (the next card does not move); no verdict on half a deal; a
    run longer than the hand needs is refused with the reason."""
    start(page, served, "nice4", PLAYERS, "Bruno")
    pack = page.locator("#enter-deal .enter-pack")
    after = pack.locator(".card-button[data-card='2S']")
    before = after.bounding_box()
    pack.locator(".card-button[data-card='AS']").click()
    settled(page)
    assert re.search(r"^hand Anna: AS$", page.input_value("#text"), re.M)
    assert after.bounding_box() == before
    dealt = pack.locator(".card-button[data-card='AS']")
    expect(dealt).to_have_class(re.compile("is-dealt"))
    expect(dealt).to_have_attribute("aria-label", "AS, dealt to Anna")
    expect(page.locator("#enter-status")).not_to_contain_text("Verdict")
    expect(page.locator(".live-verdict")).to_be_hidden()
    # another hand picked takes the next card
    page.locator("#enter-deal .enter-parts button", has_text="hand Dario:").click()
    pack.locator(".card-button[data-card='2S']").click()
    settled(page)
    assert re.search(r"^hand Dario: 2S$", page.input_value("#text"), re.M)
    # a run: too many cards for what Dario's hand needs is refused, and nothing is written
    text = page.input_value("#text")
    too_many = " ".join(str(n) for n in range(1, 21))
    page.fill("#enter-run", too_many)
    page.click(".enter-run button[type=submit]")
    expect(page.locator("#enter-status")).to_contain_text("needs 18 more cards; the run has 20")
    assert page.input_value("#text") == text
    page.fill("#enter-run", "III xvii matto")
    page.click(".enter-run button[type=submit]")
    settled(page)
    assert re.search(r"^hand Dario: 2S 3 17 Fool$", page.input_value("#text"), re.M)
    # a run with a card already dealt writes nothing, and says which
    page.fill("#enter-run", "4 as")
    page.click(".enter-run button[type=submit]")
    settled(page)
    expect(page.locator("#enter-status")).to_contain_text("“as” was not taken")
    assert re.search(r"^hand Dario: 2S 3 17 Fool$", page.input_value("#text"), re.M)


def test_an_unknown_stock_is_drawn_card_by_card_as_it_happens(page: Page, served: str) -> None:
    """pinch/revoke.txt without its stock line: after trick 1 Anna draws, and the cards
    nobody has seen are offered to tap; the draw is written as the record says it."""
    lines = golden_cut(GOLDEN[3], 2).splitlines()
    type_text(page, served, "\n".join(ln for ln in lines if not ln.startswith(("stock", "draw"))))
    expect(page.locator("#enter-status")).to_contain_text("Anna draws from the stock")
    page.click("#enter-table .seat.is-acting .card-button[data-card='8C']")
    settled(page)
    assert re.search(r"^draw Anna: 8C$", page.input_value("#text"), re.M)
    expect(page.locator("#enter-status")).to_contain_text("Bruno draws from the stock")


# -- 7: a typed card -----------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_typed_card_is_read_as_the_notation_reads_it(
    browser: object, served: str, size: str
) -> None:
    """III, xvii and matto are dealt as 3, 17 and the Fool; a token that is no card is
    cleared and the reason said (the server's 422 is the one console error expected); a card
    already dealt is refused too."""
    with sized_page(browser, size, expected="422") as page:
        start(page, served, "nice4", PLAYERS, "Bruno")
        for typed in ("III", "xvii", "matto"):
            page.fill("#enter-type", typed)
            page.press("#enter-type", "Enter")
            settled(page)
        assert re.search(r"^hand Anna: 3 17 Fool$", page.input_value("#text"), re.M)
        page.fill("#enter-type", "III5")
        page.press("#enter-type", "Enter")
        settled(page)
        expect(page.locator("#enter-type")).to_have_value("")
        expect(page.locator("#enter-type-error")).to_contain_text("“III5” was not taken")
        expect(page.locator("#enter-type-error")).to_contain_text("XXI")  # how cards are written
        page.fill("#enter-type", "iii")
        page.press("#enter-type", "Enter")
        settled(page)
        expect(page.locator("#enter-type")).to_have_value("")
        expect(page.locator("#enter-type-error")).to_contain_text("cannot be played or dealt now")
        assert re.search(r"^hand Anna: 3 17 Fool$", page.input_value("#text"), re.M)
        # a good card afterwards clears the reason
        page.fill("#enter-type", "T21")
        page.press("#enter-type", "Enter")
        settled(page)
        expect(page.locator("#enter-type-error")).to_have_text("")
        assert re.search(r"^hand Anna: 3 17 Fool 21$", page.input_value("#text"), re.M)


# -- 6: the table --------------------------------------------------------------------------------
def test_the_illegal_card_is_marked_on_the_table_with_its_rule(page: Page, served: str) -> None:
    """pinch/revoke.txt: Bruno's 2S in trick 1 does not follow suit (PINCH-4). The trick on
    the table marks it, and a tap on the mark gives the rule; the winner is named."""
    type_text(page, served, golden_cut(GOLDEN[3], 1))
    page.click("#enter-table .seat.is-acting .card-button[data-card='5H']")
    settled(page)
    page.click("#enter-table .seat.is-acting .card-button[data-card='2S']")
    settled(page)
    centre = page.locator("#enter-table .centre")
    flagged = centre.locator(".play.is-flagged")
    expect(flagged).to_have_count(1)
    expect(flagged.locator(".card-image")).to_have_attribute("aria-label", re.compile("2S|2 of"))
    why = flagged.locator(".flag-why")
    expect(why).to_be_hidden()
    flagged.locator(".flag-mark").click()
    expect(why).to_be_visible()
    expect(why).to_contain_text("PINCH-4")
    expect(centre.locator(".enter-won")).to_contain_text("won by Anna")
    assert violations(page) == []


def test_the_arrow_keys_step_through_the_tricks(page: Page, served: str) -> None:
    report = check_text((EXAMPLES / GOLDEN[0].path).read_text())[0].report
    type_text(page, served, golden_cut(GOLDEN[0], 3))
    page.locator("h1").click()  # the focus out of the text
    caption = page.locator("#enter-table .centre .enter-won")
    page.keyboard.press("ArrowLeft")
    expect(caption).to_contain_text(
        "Trick 2 of 2, won by " + report.players[report.tricks[1].winner]
    )
    page.keyboard.press("ArrowLeft")
    expect(caption).to_contain_text(
        "Trick 1 of 2, won by " + report.players[report.tricks[0].winner]
    )
    page.keyboard.press("End")
    expect(caption).not_to_contain_text(" of 2")


def test_a_card_played_from_the_keyboard_keeps_the_focus(page: Page, served: str) -> None:
    type_text(page, served, golden_cut(GOLDEN[0], 1))
    first = page.locator("#enter-table .seat.is-acting .card-button.is-legal").first
    card = first.get_attribute("data-card")
    first.focus()
    page.keyboard.press("Enter")
    settled(page)
    assert re.search(rf"^1\. {card}$", page.input_value("#text"), re.M)
    focused = page.evaluate(
        "() => [document.activeElement.classList.contains('card-button'),"
        " !!document.activeElement.closest('.seat.is-acting')]"
    )
    assert focused == [True, True]


# -- 5: a phone at the table ---------------------------------------------------------------------
def on_screen(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the screen as it stands (nothing scrolled)."""
    return bool(
        page.evaluate(
            """(s) => { const r = document.querySelector(s).getBoundingClientRect();
                return r.top >= 0 && r.bottom <= window.innerHeight; }""",
            selector,
        )
    )


def test_on_a_phone_the_hand_to_play_and_the_trick_stay_on_screen(
    browser: object, served: str
) -> None:
    """The whole play of tour.txt tapped on a 390x844 phone: before every tap the hand of the
    player to play and the trick are on the screen, though the test never scrolls after the
    first look at the table; no page is wider than the phone."""
    with sized_page(browser, "phone") as page:
        type_text(page, served, golden_cut(GOLDEN[0], 1))
        page.evaluate("document.getElementById('enter-status').scrollIntoView()")
        style = "italian"
        lines = (EXAMPLES / GOLDEN[0].path).read_text().splitlines()
        taps = 0
        for line in lines:
            match = TRICK.match(line.split(";", 1)[0])
            if not match:
                continue
            for token in match.group(3).split():
                assert on_screen(page, "#enter-table .seat.is-acting"), (line, token)
                assert on_screen(page, "#enter-table .centre"), (line, token)
                parts = PLAY_TOKEN.match(token)
                assert parts is not None, token
                if parts.group(3):  # a declaration said with the card
                    page.fill("#enter-note", parts.group(3))
                card = canonical_card(parts.group(2), style)
                page.click(f"#enter-table .seat.is-acting .card-button[data-card='{card}']")
                settled(page)
                taps += 1
        report = check_text("\n".join(lines))[0].report
        assert taps == sum(len(t.cards) for t in report.tricks)
        expect(page.locator("#enter-score")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        small = page.evaluate(
            """() => Array.from(document.querySelectorAll(
                  "[data-enter] button, [data-enter] select, [data-enter] summary,"
                  + " [data-enter] input:not([type=hidden])"))
                .filter((e) => e.getClientRects().length)
                .map((e) => [e.id || e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
                .filter(([, r]) => r.height < 44 || r.width < 44)
                .map(([name]) => name)"""
        )
        assert small == []  # every target at the end of the hand is 44 px at least


def test_the_tournament_and_the_wall_fit_a_phone(
    browser: object, world_served: tuple[str, World, Path]
) -> None:
    """#34.5: with a game scored in games won (piemonte3's and pinch's standings have seven
    columns) the tournament page was 490 px and the wall 530 px on a 390 px phone; a wide
    standings table now scrolls in its own box, and every column can be reached."""
    base, world, db = world_served
    store = Store(str(db))
    try:
        for path in ("pinch/revoke.txt", "piemonte3/mixed-fool-delayed.txt"):
            text = (EXAMPLES / path).read_text()
            record = read_one(text).record
            assert record is not None
            sid = service.create_session(
                store,
                world.tournament,
                record.game,
                list(record.players),
                {},
                f"A long session name for {record.game}",
                "test",
                table="Table by the window",
            )
            service.upload(store, sid, text, "test")
    finally:
        store.close()
    with sized_page(browser, "phone") as page:
        for path in (f"/tournaments/{world.tournament}", f"/tournaments/{world.tournament}/wall"):
            page.goto(base + path)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 390, f"{path} is {wide} px on a 390 px phone"
            for box in page.locator(".standings-scroll").all():
                # the last column is reached by scrolling the table's own box
                box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
                last = box.locator("thead th").last.bounding_box()
                assert last is not None and last["x"] + last["width"] <= 391
            assert violations(page) == []
