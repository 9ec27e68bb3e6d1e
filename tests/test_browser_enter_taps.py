"""A whole hand entered on /enter by taps alone, every phase (#34.3), in Debian's chromium at
1366x900 and 390x844: a nice4 hand (the deal, the mountain words, the discard tapped in the
dealer's hand, the Solo, the call, the exchange tapped in the caller's hand, a declaration,
the play with Mitigatti said with its card) and a pinch hand (the deal with its stock, the
melds, the draws the page makes from the known stock, the Fool covered, the play). The
script of what to tap is a golden example: each of its lines is a choice the page offers as
a button or as a card to tap; nothing is typed (the setup's default names are the
examples'). The hand ends with its score, is stored through the director's preview, and the
stored hand's verdict and payments are the example's. On the phone, before every tap of a
card the hand it is tapped in is on the screen (the test never scrolls to it), no page is
wider than the phone, and axe finds nothing at each phase.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from browserkit import EXAMPLES, World, live_server, seed
from playwright.sync_api import Locator, Page, expect
from test_accessibility import violations
from test_browser_enter import (
    PLAY_TOKEN,
    TRICK,
    canonical_card,
    deal_line,
    settled,
    split_line,
    type_text,
)
from test_browser_enter_table import log_in, new_session, on_screen

from records.notation import read_one
from records.pipeline import check_text
from records.store import Store
from scorer.games import GAMES

ACTING = "#enter-table .seat.is-acting"


@dataclass(frozen=True)
class Script:
    """A golden hand: its file and the first record of it (a file may hold a game)."""

    path: str

    def text(self) -> str:
        whole = (EXAMPLES / self.path).read_text()
        return whole.split("\n[Game ", 1)[0]


SCRIPTS = [Script("nice4/tour.txt"), Script("pinch/score-sheet.txt")]


@pytest.fixture(scope="module")
def world_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, World, Path]]:
    db: Path = tmp_path_factory.mktemp("enter-taps") / "pages.sqlite"
    Store(str(db)).close()
    world = seed(db)
    with live_server(db) as base:
        yield base, world, db


# -- the steps -----------------------------------------------------------------------------------
class Taps:
    """Taps on the page, each checked as a phone needs: the hand tapped in on the screen, the
    page no wider than the screen."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.width = page.viewport_size["width"] if page.viewport_size else 0
        self.phone = self.width <= 390
        self.count = 0

    def fits(self) -> None:
        assert self.page.evaluate("document.documentElement.scrollWidth") <= self.width

    def in_hand(self, card: str, where: str) -> None:
        """Tap ``card`` in the hand of the player to act, which must be on the screen."""
        if self.phone:
            assert on_screen(self.page, ACTING), (where, card)
        self.page.locator(f"{ACTING} .card-button[data-card='{card}']").click()
        self.done()

    def dealing(self) -> None:
        """After a card of the deal: the part being dealt (its line and count) is on the
        screen, wherever in the pack the card was, and the page fits."""
        if self.phone:
            assert on_screen(self.page, "#enter-deal .enter-dealing")
        self.fits()

    def button(self, button: Locator) -> None:
        """Tap a choice's button (a phone scrolls to it as a user's thumb would)."""
        button.click()
        self.done()

    def done(self) -> None:
        settled(self.page)
        self.count += 1
        self.fits()


def normal(line: str) -> str:
    """A line without its comment, its spaces single."""
    return " ".join(line.split(";", 1)[0].split())


def choice(page: Page, line: str) -> Locator:
    return page.locator(f"#enter-choices button[data-line='{line}']")


def take_line(taps: Taps, line: str, style: str) -> None:
    """Write one golden line before or between the tricks by taps: its choice's button, or a
    card at a time (a discard) each tapped in the hand of the player to act or as a button,
    until the page's choice is the whole line."""
    want = normal(line)
    keyword, subject, items = split_line(want)
    head = f"{keyword} {subject}:" if subject else f"{keyword}:"
    for _step in range(len(items.split()) + 1):
        whole = choice(taps.page, want)
        if whole.count():
            taps.button(whole)
            return
        last = taps.page.input_value("#text").rstrip().splitlines()[-1]
        if normal(last) == want:  # its last card tapped in the hand
            return
        done = last.split(":", 1)[1].split() if normal(last).startswith(head) else []
        card = canonical_card(items.split()[len(done)], style)
        step = choice(taps.page, " ".join([head, *done, card]))
        if step.count():
            taps.button(step)
        else:
            taps.in_hand(card, want)
    raise AssertionError(f"{want!r} was never offered")


def play_line(taps: Taps, line: str, style: str) -> None:
    """Tap each card of a golden trick in the hand to play; a card said with a declaration
    is its own choice's button."""
    match = TRICK.match(line.split(";", 1)[0])
    assert match is not None, line
    for token in match.group(3).split():
        parts = PLAY_TOKEN.match(token)
        assert parts is not None, token
        card = canonical_card(parts.group(2), style)
        if parts.group(3):
            said = taps.page.locator(
                f"#enter-choices button[data-line$=' {card}({parts.group(3)})']"
            )
            expect(said).to_have_count(1)
            if taps.phone:
                assert on_screen(taps.page, ACTING), line
            taps.button(said)
        else:
            taps.in_hand(card, line)


def tap_the_hand(page: Page, base: str, script: Script) -> str:
    """Enter the script's hand by taps only; returns the text the page wrote."""
    text = script.text()
    record = read_one(text).record
    assert record is not None and record.dealer is not None
    style = (record.tag("Suits") or GAMES[record.game].default_suits).lower()
    page.goto(base + "/enter")
    page.select_option("#enter-game", record.game)
    names = [page.input_value(f"#enter-name-{i}") for i in range(len(record.players))]
    assert names == list(record.players)  # the defaults: nothing typed
    page.select_option("#enter-dealer", label=record.players[record.dealer])
    page.click("#enter-setup button[type=submit]")
    settled(page)
    taps = Taps(page)
    assert violations(page) == []
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith(("[", ";"))]
    deal = [ln for ln in lines if split_line(ln)[0] in ("hand", "stock")]
    for line in deal:
        deal_line(page, line, style, taps.dealing)
    expect(page.locator("#enter-deal")).to_be_hidden()
    taps.fits()
    assert violations(page) == []
    checked = False
    for line in lines:
        if line in deal or split_line(line)[0] == "draw":
            continue  # a draw from the known stock: the page writes it by itself
        if TRICK.match(line):
            play_line(taps, line, style)
        else:
            if not checked and page.locator(f"{ACTING} .card-button").count():
                assert violations(page) == []  # a choice tapped in the hand
                checked = True
            take_line(taps, line, style)
    expect(page.locator("#enter-status")).to_contain_text("The hand is over")
    expect(page.locator("#enter-score")).to_be_visible()
    assert violations(page) == []
    taps.fits()
    return page.input_value("#text")


# -- the acceptance ------------------------------------------------------------------------------
@pytest.mark.parametrize("script", SCRIPTS, ids=["nice4", "pinch"])
def test_a_whole_hand_by_taps_only_is_scored_and_stored(
    page: Page, world_served: tuple[str, World, Path], script: Script
) -> None:
    base, world, db = world_served
    text = script.text()
    record = read_one(text).record
    assert record is not None
    width = page.viewport_size["width"] if page.viewport_size else 0
    sid = new_session(db, world, record.game, list(record.players), f"Taps {script.path}{width}")
    log_in(page, base, world.token)
    written = tap_the_hand(page, base, script)
    want = check_text(text)[0].report
    got = check_text(written)[0].report
    assert (got.status, got.settlement) == (want.status, want.settlement)
    assert [t.cards for t in got.tricks] == [t.cards for t in want.tricks]
    total = page.locator("#enter-score tr.score-total td.num").all_inner_texts()
    assert total == [str(want.settlement[i]) for i in range(len(want.players))]
    page.select_option("#session_id", str(sid))
    page.click("#enter-score-store")
    preview = page.locator("section.preview")
    expect(preview.locator("h2")).to_contain_text("About to store")
    Taps(page).fits()  # the preview too is no wider than the screen
    preview.get_by_role("button", name="Store 1 hand").click()
    page.wait_for_load_state()
    Taps(page).fits()
    store = Store(str(db))
    try:
        hands = store.hands(sid, full=True)
    finally:
        store.close()
    assert [h["original_text"] for h in hands] == [written]
    assert hands[0]["status"] == want.status.value
    stored = check_text(hands[0]["original_text"])[0].report
    assert stored.settlement == want.settlement


# -- the setup's small words (#34) ---------------------------------------------------------------
def test_the_setup_names_a_seat_by_its_place_and_links_each_ruling(
    page: Page, world_served: tuple[str, World, Path]
) -> None:
    """A name not given yet is the seat's place in the dealer list, as the form's rows name
    it (not "seat 1"); each option's ruling links to its place on the game's rules page, as
    the session form's do."""
    base = world_served[0]
    page.goto(base + "/enter")
    page.fill("#enter-name-0", "")
    expect(page.locator("#enter-dealer option").first).to_have_text("South")
    page.select_option("#enter-game", "pinch")
    link = page.locator("#enter-options a", has_text="PINCH-4")
    expect(link).to_have_attribute("href", "/rules/pinch#PINCH-4")
    link.click()
    page.wait_for_load_state()
    expect(page.locator("[id='PINCH-4']")).to_be_visible()


def test_a_typed_card_of_the_discard_is_taken_as_its_choice(
    page: Page, world_served: tuple[str, World, Path]
) -> None:
    """Typed codes stay possible: at the dealer's discard, a card typed (``jd``) is the
    discard's choice, as a tap on it; a King, which may not be discarded (NICE-6), is
    refused and the reason said, nothing written."""
    lines = (EXAMPLES / SCRIPTS[0].path).read_text().splitlines()
    cut = next(i for i, ln in enumerate(lines) if ln.startswith("discard"))
    type_text(page, world_served[0], "\n".join(lines[:cut]) + "\n")
    expect(page.locator(f"{ACTING} .card-button[data-card='JD']")).to_have_count(1)
    page.fill("#enter-type", "jd")
    page.press("#enter-type", "Enter")
    settled(page)
    assert page.input_value("#text").rstrip().endswith("\ndiscard: JD")
    page.fill("#enter-type", "ks")
    page.press("#enter-type", "Enter")
    settled(page)
    expect(page.locator("#enter-type-error")).to_contain_text("cannot be played or dealt now")
    assert page.input_value("#text").rstrip().endswith("\ndiscard: JD")
