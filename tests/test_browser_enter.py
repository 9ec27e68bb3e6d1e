"""The guided entry page, /enter (issue 24 items 1-5), in Debian's chromium on a desktop
(1366x900) and a phone (390x844): one whole hand of each of the six games entered by
clicking, copied from a golden example: the game, the players and the dealer picked; each
hand dealt by clicking its cards in the drawn pack (the last hand fills itself); the lines
before the play written through the keyword forms; every card played by clicking it in the
hand of the player to play. The record the page writes verifies to the same report as the
golden example (the issue's acceptance). Besides: a card typed plays; an illegal card is
flagged at once with its rule; undo and redo; the text edited by hand and the table follow
each other; axe-core finds nothing on the page at each phase.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browserkit import EXAMPLES, World, live_server, seed
from playwright.sync_api import Page, expect
from test_accessibility import violations

from records.notation import read_one
from records.pipeline import check_text
from records.schemas import dump_report
from records.store import Store
from scorer.cards import Card
from scorer.games import GAMES

TRICK = re.compile(r"^\s*(\d+)[.)]\s*(?:([^:]+):)?\s*(.*)$")
PLAY_TOKEN = re.compile(r"^(\*?)([^()]+)(?:\((.*)\))?$")


@dataclass(frozen=True)
class Golden:
    game: str
    path: str


GOLDEN = [
    Golden("nice4", "nice4/tour.txt"),
    Golden("nice3", "nice3/plain.txt"),
    Golden("minchiate", "minchiate/robbing.txt"),
    Golden("pinch", "pinch/revoke.txt"),
    Golden("piemonte3", "piemonte3/mixed-fool-delayed.txt"),
    Golden("piedicavallo", "piedicavallo/vola.txt"),
]


@pytest.fixture(scope="module")
def world_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, World]]:
    db: Path = tmp_path_factory.mktemp("enter") / "pages.sqlite"
    Store(str(db)).close()
    world = seed(db)
    with live_server(db) as base:
        yield base, world


@pytest.fixture(scope="module")
def served(world_served: tuple[str, World]) -> str:
    return world_served[0]


# -- driving the page -----------------------------------------------------------------------
def settled(page: Page) -> None:
    """Wait until the page has its answer from /api/next for the text as it stands."""
    page.wait_for_selector("[data-enter]:not([data-busy])", state="attached")


def start(page: Page, base: str, game: str, players: list[str], dealer: str) -> None:
    page.goto(base + "/enter")
    page.select_option("#enter-game", game)
    for seat, name in enumerate(players):
        page.fill(f"#enter-name-{seat}", name)
    page.select_option("#enter-dealer", label=dealer)
    page.click("#enter-setup button[type=submit]")
    settled(page)


def canonical_card(token: str, style: str) -> str:
    return Card.parse(token, style).text(style)


def split_line(line: str) -> tuple[str, str | None, str]:
    """``keyword [subject]: items`` as its three parts (a comment dropped)."""
    code = line.split(";", 1)[0].strip()
    head, _, items = code.partition(":")
    keyword, _, subject = head.strip().partition(" ")
    return keyword, subject.strip() or None, items.strip()


def deal_line(
    page: Page, line: str, style: str, after_card: Callable[[], None] | None = None
) -> None:
    """Click the cards of a golden deal line into its part (the part picked first);
    ``after_card`` is called after each card (a check of the page as it then stands)."""
    keyword, subject, items = split_line(line)
    if page.locator("#enter-deal").is_hidden():
        return  # the deal filled itself
    head = f"{keyword} {subject}:" if subject else f"{keyword}:"
    part = page.locator("#enter-deal .enter-parts button", has_text=head)
    label = part.inner_text()
    have, size = map(int, label.rsplit(" ", 1)[1].split("/"))
    if have == size:
        return
    part.click()
    for token in items.split():
        card = canonical_card(token, style)
        page.click(f"#enter-deal .enter-pack .card-button[data-card='{card}']")
        settled(page)
        if page.locator("#enter-deal").is_hidden():
            return
        if after_card is not None:
            after_card()


def write_line(page: Page, line: str) -> None:
    """Write a golden keyword line through its form (or the form for any other line)."""
    keyword, subject, items = split_line(line)
    form = page.locator(f"form.enter-line[data-keyword='{keyword}']")
    if form.count() == 0:
        page.select_option("#enter-other-keyword", keyword)
    subject_field = form.locator(f"#enter-kw-{keyword}-subject")
    if subject is not None:
        if subject_field.evaluate("e => e.tagName") == "SELECT":
            subject_field.select_option(subject)
        else:
            subject_field.fill(subject)
    form.locator("input[name=items]").fill(items)
    form.locator("button[type=submit]").click()
    settled(page)


def play_trick(page: Page, line: str, style: str) -> None:
    """Click each card of a golden trick line in the hand of the player to play."""
    match = TRICK.match(line.split(";", 1)[0])
    assert match is not None, line
    for token in match.group(3).split():
        parts = PLAY_TOKEN.match(token)
        assert parts is not None, token
        if parts.group(3):
            page.fill("#enter-note", parts.group(3))
        card = canonical_card(parts.group(2), style)
        page.click(f"#enter-table .seat.is-acting .card-button[data-card='{card}']")
        settled(page)


def enter_golden(page: Page, base: str, golden: Golden) -> str:
    """Enter the golden record through the page; returns the text the page wrote."""
    text = (EXAMPLES / golden.path).read_text()
    record = read_one(text).record
    assert record is not None and record.dealer is not None
    style = (record.tag("Suits") or GAMES[golden.game].default_suits).lower()
    start(page, base, golden.game, record.players, record.players[record.dealer])
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith(("[", ";"))]
    deal = [ln for ln in lines if split_line(ln)[0] in ("hand", "faceup", "stock")]
    first_deal = lines.index(deal[0])
    with_deal = [ln for ln in lines[:first_deal] if split_line(ln)[0] in ("rob", "draw")]
    for line in with_deal:  # Minchiate's cut and robbing, written in the deal's panel
        write_line(page, line)
    for line in deal:
        deal_line(page, line, style)
    expect(page.locator("#enter-deal")).to_be_hidden()
    for line in lines:
        if line in deal or line in with_deal:
            continue
        if TRICK.match(line):
            play_trick(page, line, style)
        elif split_line(line)[0] == "draw" and golden.game == "pinch":
            continue  # the stock is known: the page draws its next card by itself
        else:
            write_line(page, line)
    return page.input_value("#text")


def comparable(report: Any) -> dict[str, Any]:
    """A report without the places in the text (the page writes its own lines)."""
    data = dump_report(report)
    for finding in data["findings"]:
        finding.pop("line", None)
        finding.pop("column", None)
    for trick in data["tricks"]:
        for play in trick["plays"]:
            play.pop("line", None)
            play.pop("column", None)
    return data


# -- the acceptance -------------------------------------------------------------------------
@pytest.mark.parametrize("golden", GOLDEN, ids=[g.game for g in GOLDEN])
def test_a_whole_hand_entered_by_clicking_verifies_as_the_golden(
    page: Page, served: str, golden: Golden
) -> None:
    written = enter_golden(page, served, golden)
    expect(page.locator("#enter-status")).to_contain_text("The hand is over")
    want = check_text((EXAMPLES / golden.path).read_text())[0].report
    got = check_text(written)[0].report
    assert comparable(got) == comparable(want)
    # the page showed each trick's winner
    tricks = page.locator("#enter-tricks > li")
    expect(tricks).to_have_count(len(want.tricks))
    last = want.tricks[-1]
    assert f"won by {want.players[last.winner]}" in tricks.last.inner_text()


# -- the text and the table, undo, typing, flags ----------------------------------------------
def golden_cut(golden: Golden, before_trick: int) -> str:
    """The golden record up to (not including) trick line ``before_trick``."""
    lines = (EXAMPLES / golden.path).read_text().splitlines()
    stop = next(i for i, ln in enumerate(lines) if ln.startswith(f"{before_trick}."))
    return "\n".join(lines[:stop]) + "\n"


def type_text(page: Page, base: str, text: str) -> None:
    """Open the page and write the record in its text, as a user typing it would."""
    page.goto(base + "/enter")
    page.fill("#text", text)
    page.wait_for_timeout(450)  # the page asks once the typing pauses
    settled(page)


def test_the_table_follows_the_text_and_back(page: Page, served: str) -> None:
    """The tour typed up to trick 3: the table shows whose turn it is and lights the legal
    cards; a click writes the card into the text; undo and redo step back and forth."""
    text = golden_cut(GOLDEN[0], 3)
    type_text(page, served, text)
    report = check_text((EXAMPLES / GOLDEN[0].path).read_text())[0].report
    leader = report.players[report.tricks[2].leader]
    acting = page.locator("#enter-table .seat.is-acting")
    expect(acting).to_have_count(1)
    expect(acting.locator(".seat-name")).to_contain_text(leader)
    lit = acting.locator(".card-button.is-legal")
    assert lit.count() >= 1
    card = report.tricks[2].cards[0].text()
    acting.locator(f".card-button[data-card='{card}']").click()
    settled(page)
    written = page.input_value("#text")
    assert re.search(rf"^3\. {card}$", written, re.M), written
    page.click("#enter-undo")
    settled(page)
    assert "3. " not in page.input_value("#text")
    expect(page.locator("#enter-table .seat.is-acting .seat-name")).to_contain_text(leader)
    page.click("#enter-redo")
    settled(page)
    assert page.input_value("#text") == written
    # the record read back from the page's text is the golden's, cut at the same place
    assert read_one(written).record.tricks[:2] == read_one(text).record.tricks[:2]  # type: ignore[union-attr]


def test_an_illegal_card_is_entered_and_flagged_with_its_rule(page: Page, served: str) -> None:
    """pinch/revoke.txt: in trick 1 Bruno holds a heart but plays 2S. The card is not lit,
    yet a click plays it, and the trick is flagged at once: MUST_FOLLOW_SUIT, PINCH-4."""
    type_text(page, served, golden_cut(GOLDEN[3], 1))
    page.click("#enter-table .seat.is-acting .card-button[data-card='5H']")
    settled(page)
    illegal = page.locator("#enter-table .seat.is-acting .card-button[data-card='2S']")
    expect(illegal).not_to_have_class(re.compile("is-legal"))
    illegal.click()
    settled(page)
    flag = page.locator("#enter-tricks .flag-reason")
    expect(flag).to_contain_text("MUST_FOLLOW_SUIT")
    expect(flag).to_contain_text("PINCH-4")
    expect(page.locator("#enter-tricks .is-flagged")).to_contain_text("2S")


def test_a_typed_card_is_dealt_or_played(page: Page, served: str) -> None:
    start(page, served, "piedicavallo", ["Anna", "Bruno", "Carla", "Dario"], "Dario")
    page.fill("#enter-type", "ks")
    page.press("#enter-type", "Enter")
    settled(page)
    assert "hand Anna: KS" in page.input_value("#text")  # eldest's hand is dealt first
    type_text(page, served, golden_cut(GOLDEN[5], 1))
    page.fill("#enter-type", "7s")
    page.press("#enter-type", "Enter")
    settled(page)
    assert re.search(r"^1\. 7S$", page.input_value("#text"), re.M)


def test_the_phone_fits_and_its_targets_are_large(page: Page, served: str) -> None:
    """At 390 px nothing scrolls sideways, and every card to click is at least 44 px."""
    type_text(page, served, golden_cut(GOLDEN[0], 1))
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.locator("#enter-table .card-button").count() == 19
    small = page.evaluate(
        """() => Array.from(document.querySelectorAll(
              "[data-enter] button, [data-enter] select, [data-enter] input:not([type=hidden])"))
            .filter((e) => e.getClientRects().length)
            .map((e) => [e.id || e.textContent.trim() || e.dataset.card, e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || (r.width < 44))
            .map(([name]) => name)"""
    )
    assert small == []


def test_no_axe_violations_at_each_phase(page: Page, served: str) -> None:
    page.goto(served + "/enter")
    assert violations(page) == []
    start(page, served, "nice4", ["Anna", "Bruno", "Carla", "Dario"], "Bruno")
    page.click("#enter-deal .enter-pack .card-button[data-card='KS']")
    settled(page)
    assert violations(page) == []
    lines = (EXAMPLES / GOLDEN[0].path).read_text().splitlines()
    mountain = next(i for i, ln in enumerate(lines) if ln.startswith("mountain 2"))
    type_text(page, served, "\n".join(lines[:mountain]) + "\n")
    expect(page.locator("#enter-lines form.enter-line").first).to_be_visible()
    assert violations(page) == []
    type_text(page, served, golden_cut(GOLDEN[0], 5))
    assert violations(page) == []


def test_the_setup_follows_a_typed_record(page: Page, served: str) -> None:
    """A record typed in the text sets the game, the players and the dealer of the form."""
    type_text(page, served, golden_cut(GOLDEN[4], 1))
    expect(page.locator("#enter-game")).to_have_value("piemonte3")
    expect(page.locator("#enter-name-2")).to_have_value("Carla")
    expect(page.locator("#enter-dealer option:checked")).to_have_text("Carla")
    expect(page.locator("#enter-seating")).to_contain_text("eldest (the dealer's right): Anna")


def test_a_director_stores_through_the_preview(page: Page, world_served: tuple[str, World]) -> None:
    """Logged in, the record entered goes to /verify's preview before it is stored (#23.1)."""
    base, world = world_served
    page.goto(base + "/login")
    page.fill("#token", world.token)
    page.click("button[type=submit].primary")
    page.wait_for_load_state()
    type_text(page, base, (EXAMPLES / GOLDEN[0].path).read_text())
    page.select_option("#session_id", str(world.session))
    page.click("#enter-form button[value=preview]")
    expect(page.locator("#preview-title")).to_contain_text("About to store")
    expect(page.locator(".preview-table")).to_contain_text("clean")


def test_the_record_downloads_as_written(page: Page, served: str) -> None:
    type_text(page, served, golden_cut(GOLDEN[1], 2))
    with page.expect_download() as info:
        page.click("#enter-download")
    download = info.value
    assert download.suggested_filename == "nice3.txt"
    assert Path(download.path()).read_text() == page.input_value("#text")


def test_a_remark_with_a_semicolon_stays_on_its_card(page: Page, served: str) -> None:
    """Piedicavallo's table talk (PIE-5) is written on the card it was said with; a ``;``
    inside it is no comment, so the next card of the trick goes after it."""
    type_text(page, served, golden_cut(GOLDEN[5], 1))
    page.fill("#enter-note", "have none; win-this")
    page.click("#enter-table .seat.is-acting .card-button[data-card='7S']")
    settled(page)
    page.click("#enter-table .seat.is-acting .card-button[data-card='8S']")
    settled(page)
    assert re.search(r"^1\. 7S\(have none; win-this\) 8S$", page.input_value("#text"), re.M)


def test_the_choices_are_buttons_in_the_rules_words(page: Page, served: str) -> None:
    """#32.5: the tour typed up to its deal: the mountain words, the Solo and the call are
    offered as buttons worded by the rules, the discard's cards as the dealer's cards to tap;
    each click writes its line (a word or a card added to the line being built), as the
    golden record has them."""
    text = (EXAMPLES / GOLDEN[0].path).read_text()
    lines = text.splitlines()
    deal_end = max(i for i, ln in enumerate(lines) if ln.startswith("hand "))
    type_text(page, served, "\n".join(lines[: deal_end + 1]) + "\n")
    choices = page.locator("#enter-lines .enter-choices")
    for label in ("Carla keeps: the deal goes on", "Carla keeps: the deal goes on"):
        choices.get_by_role("button", name=label, exact=True).click()
        settled(page)
    written = page.input_value("#text")
    assert re.search(r"^mountain 1: keep\nmountain 2: keep$", written, re.M), written
    # the discard is tapped in the dealer's hand, a card at a time; a King is no choice (NICE-6)
    hand = page.locator("#enter-table .seat.is-acting")
    expect(hand.locator(".seat-name")).to_contain_text("Bruno")
    expect(hand.locator(".card-button[data-card='KS']")).to_have_count(0)
    expect(page.get_by_role("button", name="Bruno discards KS")).to_have_count(0)
    hand.get_by_role("button", name="Bruno discards JD", exact=True).click()
    settled(page)
    assert re.search(r"^discard: JD$", page.input_value("#text"), re.M)
    hand.get_by_role("button", name="Bruno discards JD CD", exact=True).click()
    settled(page)
    choices.get_by_role("button", name="Anna accepts the Solo", exact=True).click()
    settled(page)
    written = page.input_value("#text")
    assert re.search(r"^discard: JD CD\nsolo: Anna$", written, re.M), written
