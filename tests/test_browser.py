"""The pages in a real browser: Playwright driving Debian's ``chromium`` against the real
server (``tarocco serve`` on a free loopback port). Never skipped: without chromium on PATH
these tests fail (``.ci/install-browser`` installs it).

What a scorekeeper and a director do: verify the README's revoked tour from a file, see the
finding, follow it to its trick and see the red card, the reason and the legal cards; log in
and store it in a session; read a session's sheet and chart; step through a hand with the
keyboard; and all of it on a phone-sized screen.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from browserkit import (
    EXAMPLES,
    PLAYERS,
    REVOKE_TOUR,
    SESSION_BALANCES,
    SIZES,
    World,
    chromium_path,
    live_server,
    seed,
    sized_page,
)
from playwright.sync_api import Browser, Page, expect
from serverkit import free_port
from sixkit import EXPECTED, six_sessions

from records import service
from records.store import Store
from scorer.games import GAMES

RED = "rgb(179, 38, 30)"  # --bad in style.css


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, World, Path]]:
    db = tmp_path_factory.mktemp("browser") / "pages.sqlite"
    Store(str(db)).close()
    world = seed(db)
    with live_server(db) as base:
        yield base, world, db


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop-sized page that fails the test on any script or console error (a CSP
    violation included)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    yield page
    context.close()
    assert errors == []


def test_chromium_is_installed() -> None:
    assert Path(chromium_path()).exists()


def check_trick_one(page: Page, prefix: str) -> None:
    """Trick 1 of the revoked tour is on show: Carla led, Dario won, Anna's 5 of cups is red
    with its reason, and her legal cards 4, 11 and 19 are marked in her hand."""
    expect(page.locator(".step-label").first).to_have_text("Trick 1 of 19")
    panel = page.locator(f"#{prefix}trick-1")
    expect(panel).to_be_visible()
    expect(page.locator(f"#{prefix}trick-2")).to_be_hidden()
    expect(panel.locator(".trick-summary")).to_contain_text("led by Carla, won by Dario")
    red = panel.locator(".play.is-flagged")
    expect(red).to_have_count(1)
    expect(red.locator("svg.card")).to_have_attribute("aria-label", "5 of cups")
    expect(red.locator(".play-who")).to_have_text("Anna")
    assert red.evaluate("e => getComputedStyle(e).borderTopColor") == RED
    reason = panel.locator(".flag-reason")
    expect(reason).to_be_visible()
    expect(reason).to_contain_text("Anna played 5C but held Tarots and a Tarot was led")
    expect(reason).to_contain_text("NICE-11")
    legal = page.locator('.seat[data-seat="0"] .held.is-legal svg')
    expect(legal).to_have_count(3)
    assert sorted(legal.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")) == [
        "Trump IV (4)",
        "Trump XI (11)",
        "Trump XIX (19)",
    ]
    expect(page.locator('.seat[data-seat="2"]')).to_have_class("seat place-north is-leader")
    expect(page.locator('.seat[data-seat="3"]')).to_have_class("seat place-west is-winner")


def test_verify_a_file_with_a_revoke(page: Page, served, tmp_path: Path) -> None:
    base, _world, _db = served
    record = tmp_path / "revoke.txt"
    record.write_text(REVOKE_TOUR)
    page.goto(f"{base}/verify")
    with page.expect_navigation():
        page.set_input_files("#file", str(record))  # picking the file submits it
    expect(page.locator(".verdicts .badge")).to_have_text("flagged")
    finding = page.locator(".finding").first
    expect(finding).to_contain_text("MUST_FOLLOW_TRUMPS")
    expect(finding).to_contain_text("Anna played 5C but held Tarots")
    # the token is highlighted on its line in the text
    expect(page.locator("#L17 mark.tok")).to_have_text("5C")
    expect(page.locator("#L17 .gutter")).to_have_text("17")
    # follow the finding to its trick
    finding.locator("a.to-trick").click()
    assert page.url.endswith("#r1-trick-1")
    check_trick_one(page, "r1-")


def test_director_stores_the_record(page: Page, served) -> None:
    base, world, db = served
    store = Store(str(db))
    try:
        sid = service.create_session(
            store, world.tournament, "nice4", PLAYERS, {}, "Round 3, table C", "test"
        )
    finally:
        store.close()
    page.goto(f"{base}/login")
    page.fill("#token", world.token)
    page.click("button.primary")
    expect(page.locator("h1")).to_have_text("Autumn cup")
    page.goto(f"{base}/verify")
    page.fill("#text", REVOKE_TOUR)
    page.select_option("#session_id", str(sid))
    page.click("button[value=preview]")  # "Verify and store" shows what it would store
    expect(page.locator(".preview-table .badge")).to_have_text("flagged")
    page.click("button[value=store]")
    expect(page.locator(".flashes")).to_contain_text("Stored 1 hand in Round 3, table C")
    expect(page.locator("h1")).to_contain_text(re.compile(r", hand 1 \(id \d+\)"))
    page.locator(".finding a.to-trick").click()
    check_trick_one(page, "")
    # the tournament lists it among the hands needing a director
    page.goto(f"{base}/tournaments/{world.tournament}")
    expect(page.locator("section[aria-labelledby=attention]")).to_contain_text(
        "Round 3, table C, hand 1"
    )
    # its sessions by table: "2" before "Table 10", the new one (no table) last
    expect(page.locator(".table-group h3")).to_have_text(
        [re.compile(r"^Table 2 "), re.compile(r"^Table 10 "), re.compile(r"^No table given ")]
    )
    # the director rules on the revoke from the session's sheet: its own row
    page.goto(f"{base}/sessions/{sid}")
    page.locator("#add-ruling summary").click()
    for seat, amount in enumerate(("-3", "1", "1", "1")):
        page.fill(f"#add-ruling input[name=amount-{seat}]", amount)
    page.fill("#add-ruling input[name=reason]", "Anna's revoke in trick 1 <b>(NICE-11)</b>")
    page.click("#add-ruling button[type=submit]")
    expect(page.locator(".flashes")).to_contain_text("Ruling stored.")
    expect(page.locator("tr.kind-ruling")).to_have_count(1)
    expect(page.locator(".rulings")).to_contain_text("<b>(NICE-11)</b>")  # shown as typed
    finals = page.locator("tfoot .final").all_inner_texts()
    assert [int(x) for x in finals] == [10 - 8 - 3, 10 + 0 + 1, 10 + 8 + 1, 10 + 0 + 1]


def test_session_sheet_and_chart(page: Page, served) -> None:
    base, world, _db = served
    page.goto(f"{base}/sessions/{world.session}")
    finals = page.locator("tfoot .final").all_inner_texts()
    assert [int(x) for x in finals] == [SESSION_BALANCES[p] for p in PLAYERS]
    expect(page.locator("table.sheet tbody tr")).to_have_count(1 + 5)  # start and 5 hands
    chart = page.locator("svg.balance-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(4)
    expect(chart.locator("path.marker")).to_have_count(4 * 6)
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100
    legend = page.locator(".legend li").all_inner_texts()
    assert [" ".join(x.split()) for x in legend] == [f"{p} {SESSION_BALANCES[p]}" for p in PLAYERS]
    # each player's line ends at the final balance: same order top to bottom
    ends = chart.locator("polyline").evaluate_all(
        "ls => ls.map(l => Number(l.getAttribute('points').split(' ').pop().split(',')[1]))"
    )
    by_height = [p for _, p in sorted(zip(ends, PLAYERS, strict=True))]
    assert by_height == sorted(PLAYERS, key=lambda p: -SESSION_BALANCES[p])
    csv = page.request.get(base + page.locator("a", has_text="CSV").get_attribute("href"))
    assert csv.ok and csv.text().strip().splitlines()[-1].split(",")[7:11] == [
        str(SESSION_BALANCES[p]) for p in PLAYERS
    ]
    # printed: the sheet and the chart, without the navigation and the buttons
    page.emulate_media(media="print")
    expect(page.locator("header.site")).to_be_hidden()
    expect(page.locator(".actions")).to_be_hidden()
    expect(page.locator("table.sheet")).to_be_visible()
    expect(chart).to_be_visible()
    page.emulate_media(media="screen")
    # the ruling of the second session, with its reason
    page.goto(f"{base}/sessions/{world.revoke_session}")
    expect(page.locator(".rulings")).to_contain_text("Anna's revoke in trick 1")
    expect(page.locator("tr.kind-ruling")).to_have_count(1)


def test_standings_per_game_and_results(page: Page, served) -> None:
    """#20.13-15 in the browser: a tournament with a session of each of the six games shows
    a standings table per game headed with its unit (pinch and piedicavallo in games won),
    the same in the API and the CSV; a session's page says who won at the top; Minchiate's
    engine penalties are not badged as rulings."""
    base, _world, db = served
    store = Store(str(db))
    try:
        tid = store.create_tournament("Six games")
        ids = six_sessions(store, tid)
    finally:
        store.close()
    page.goto(f"{base}/tournaments/{tid}")
    tables = page.locator("table.standings")
    expect(tables).to_have_count(6)
    headings = [" ".join(h.split()) for h in page.locator("h3.standings-game").all_inner_texts()]
    assert headings == [
        f"{GAMES[game].title} ({game}), in {unit}" for game, (unit, _rows) in EXPECTED.items()
    ]
    for game, (unit, rows) in EXPECTED.items():
        table = page.locator(f'table.standings[data-game="{game}"]')
        expect(table.locator("thead")).to_contain_text(unit)
        players = table.locator("tbody th").all_inner_texts()
        assert players == [player for _rank, player, _total in rows], game
        ranks = table.locator("tbody td.rank").all_inner_texts()
        assert ranks == [rank for rank, _player, _total in rows], game
    api = page.request.get(f"{base}/api/tournaments/{tid}/standings").json()["games"]
    assert {game: table["unit"] for game, table in api.items()} == {
        game: unit for game, (unit, _rows) in EXPECTED.items()
    }
    href = page.locator("a", has_text="Standings CSV").get_attribute("href")
    csv_rows = page.request.get(base + href).text().strip().splitlines()
    assert csv_rows[0] == "game,unit,rank,player,total,sessions,hands,games,drawn"
    assert "pinch,games won,1,Anna,1,1,2,1,0" in csv_rows
    assert "minchiate,rest,1=,Anna,5,1,1,," in csv_rows

    page.goto(f"{base}/sessions/{ids['pinch']}")
    expect(page.locator(".result")).to_contain_text("Anna wins (PINCH-8)")
    page.goto(f"{base}/sessions/{ids['piedicavallo']}")
    expect(page.locator(".result")).to_contain_text("Anna and Carla win the game by 14")
    page.goto(f"{base}/sessions/{ids['minchiate']}")
    expect(page.locator(".result")).to_contain_text("ahead: Anna and Carla")
    expect(page.locator("tr.kind-penalty")).to_have_count(3)
    expect(page.locator("tr.kind-ruling")).to_have_count(0)
    expect(page.locator("tr.kind-penalty .badge").first).to_have_text("penalty")


def test_keyboard_stepper(page: Page, served) -> None:
    base, world, _db = served
    page.goto(f"{base}/hands/{world.revoke_hand}")
    label = page.locator(".step-label")
    anna = page.locator('.seat[data-seat="0"] .held:visible')
    expect(label).to_have_text("The deal")
    expect(anna).to_have_count(19)
    page.locator(".replay").focus()  # the keys step the replay that has the focus (#23.10)
    page.keyboard.press("ArrowLeft")  # nothing before the deal
    expect(label).to_have_text("The deal")
    page.keyboard.press("ArrowRight")
    expect(label).to_have_text("Trick 1 of 19")
    # Anna gave 2S for KS (NICE-7) before the play and played 5C: 18 left
    expect(anna).to_have_count(18)
    assert page.url.endswith("#trick-1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(label).to_have_text("Trick 3 of 19")
    expect(page.locator("#trick-3 .play.is-won .play-who")).to_have_text("Anna")
    page.keyboard.press("End")
    expect(label).to_have_text("Trick 19 of 19")
    expect(anna).to_have_count(0)
    expect(page.locator("button[data-step=next]")).to_be_disabled()
    page.keyboard.press("Home")
    expect(label).to_have_text("The deal")
    # the buttons are reachable and work from the keyboard too
    page.focus("button[data-step=next]")
    page.keyboard.press("Enter")
    expect(label).to_have_text("Trick 1 of 19")
    # typing in a form field does not step
    page.goto(f"{base}/verify")
    page.fill("#text", "")
    page.focus("#text")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#text")).to_be_focused()


def test_phone(browser: Browser, served) -> None:
    base, world, _db = served
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    page = context.new_page()
    try:
        for path in (
            "/",
            "/verify",
            f"/hands/{world.revoke_hand}",
            f"/sessions/{world.session}",
            f"/tournaments/{world.tournament}",
            "/rules",
            "/rules/nice4",
            "/rules/minchiate?lang=it",
            "/glossary?lang=en",  # (the link above remembers Italian; back to English)
            "/login",
        ):
            page.goto(base + path)
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth - window.innerWidth"
            )
            assert overflow <= 0, f"{path} is {overflow}px wider than the phone"
        page.goto(f"{base}/hands/{world.revoke_hand}")
        # the table stacks: the trick on top, then the seats one under another
        centre = page.locator(".centre").bounding_box()
        south = page.locator(".place-south").bounding_box()
        east = page.locator(".place-east").bounding_box()
        assert centre["y"] < south["y"] < east["y"]
        assert south["width"] <= 390
        page.locator("button[data-step=next]").tap()
        check_trick_one(page, "")
        page.goto(f"{base}/sessions/{world.session}")
        chart = page.locator("svg.balance-chart").bounding_box()
        assert chart is not None and chart["width"] <= 390
    finally:
        context.close()


def test_private_tournament_is_hidden(browser: Browser, served) -> None:
    base, world, _db = served
    page = browser.new_page()  # its console reports the 404, as it should
    try:
        response = page.goto(f"{base}/tournaments/{world.private}")
        assert response is not None and response.status == 404
        expect(page.locator("h1")).to_contain_text("Not found")
        page.goto(base + "/")
        expect(page.locator("main")).not_to_contain_text("Closed club")
        page.goto(f"{base}/login")
        page.fill("#token", world.private_token)
        page.click("button.primary")
        expect(page.locator("h1")).to_contain_text("Closed club")
    finally:
        page.close()


def test_view_from_one_seat(page: Page, served) -> None:
    """A director judging the revoke looks at the table as Anna saw it: the link opens the
    page the server renders for her seat (``?seat=0``) at the trick on show, the other
    hands not in it; "all" brings every hand back."""
    base, world, _db = served
    page.goto(f"{base}/hands/{world.revoke_hand}#trick-1")
    with page.expect_navigation():
        page.get_by_role("link", name="as Anna saw it").click()
    assert page.url.endswith("?seat=0#trick-1")
    expect(page.locator(".step-label")).to_have_text("Trick 1 of 19")
    expect(page.locator('.seat[data-seat="0"] .fan')).to_be_visible()
    expect(page.locator('.seat[data-seat="0"]')).to_have_class(re.compile("place-south"))
    for seat in "123":
        expect(page.locator(f'.seat[data-seat="{seat}"] .held')).to_have_count(0)
        expect(page.locator(f'.seat[data-seat="{seat}"] .fan-hidden')).to_be_visible()
    page.goto(f"{base}/hands/{world.revoke_hand}?seat=2")
    expect(page.locator('.seat[data-seat="2"] .fan')).to_be_visible()
    expect(page.locator('.seat[data-seat="2"]')).to_have_class(re.compile("place-south"))
    expect(page.locator('.seat[data-seat="0"] .held')).to_have_count(0)
    with page.expect_navigation():
        page.get_by_role("link", name="all", exact=True).click()
    for seat in "0123":
        expect(page.locator(f'.seat[data-seat="{seat}"] .fan')).to_be_visible()


def test_pinch_fans_hold_the_drawn_cards(page: Page, served) -> None:
    """The pinch score-sheet hand at trick 12 (PINCH-3): Bruno holds 15 cards, KC drawn
    after the trick among them (once he showed 5); the stock shows 24 cards left, 17 next."""
    base, _world, db = served
    store = Store(str(db))
    try:
        club = store.create_tournament("Pinch club")
        sid = service.create_session(store, club, "pinch", ["Anna", "Bruno"], {}, "P", "test")
        text = (EXAMPLES / "pinch" / "score-sheet.txt").read_text()
        hand = service.upload(store, sid, text, "test")[0].hand_id
    finally:
        store.close()
    page.goto(f"{base}/hands/{hand}#trick-12")
    expect(page.locator(".step-label")).to_have_text("Trick 12 of 39")
    for seat in "01":
        expect(page.locator(f'.seat[data-seat="{seat}"] .held:visible')).to_have_count(15)
    new = page.locator('.seat[data-seat="1"] .held.is-new svg')
    expect(new).to_have_attribute("aria-label", "King of clubs")
    expect(page.locator("#trick-12 .stock")).to_contain_text("Stock: 24 cards left")
    expect(page.locator('#trick-12 .next-card [aria-label="Trump XVII (17)"]')).to_be_visible()
    page.keyboard.press("End")
    for seat in "01":
        expect(page.locator(f'.seat[data-seat="{seat}"] .held:visible')).to_have_count(0)


def test_view_from_one_seat_without_javascript(browser: Browser, served) -> None:
    """The called-king hand (NICE-8) as Anna saw it, JavaScript off: the page holds her 19
    cards and no other hand, not the dealer's discard (7C 10C), not Bruno as the partner
    before trick 16; the links to the other seats work without a script, and Dario, the
    dealer, sees his discard."""
    base, _world, db = served
    store = Store(str(db))
    try:
        club = store.create_tournament("Kibitz club")
        sid = service.create_session(store, club, "nice4", PLAYERS, {}, "Called", "test")
        text = (EXAMPLES / "nice4" / "called-king.txt").read_text()
        hand = service.upload(store, sid, text, "test")[0].hand_id
    finally:
        store.close()
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{base}/hands/{hand}?seat=0")
        expect(page.locator(".held")).to_have_count(19)
        expect(page.locator('.seat[data-seat="0"] .held:visible')).to_have_count(19)
        for seat in "123":
            expect(page.locator(f'.seat[data-seat="{seat}"] .held')).to_have_count(0)
        expect(page.locator('[aria-label="7 of cups"]')).to_have_count(0)
        expect(page.locator('[aria-label="10 of cups"]')).to_have_count(0)
        expect(page.locator("#trick-0")).not_to_contain_text("partner")
        expect(page.locator("#trick-15")).not_to_contain_text("partner")
        expect(page.locator("#trick-16 .partner-shown")).to_contain_text("Bruno is Dario's partner")
        expect(page.locator(".record-text")).to_have_count(0)
        page.get_by_role("link", name="as Dario saw it").click()
        expect(page).to_have_url(re.compile(r"\?seat=3$"))
        expect(page.locator('#trick-0 [aria-label="7 of cups"]')).to_have_count(1)
        expect(page.locator('.seat[data-seat="3"] .held')).to_have_count(21)
        expect(page.locator('.seat[data-seat="0"] .held')).to_have_count(0)
    finally:
        context.close()


def test_embedded_in_another_page(browser: Browser, served) -> None:
    """A club's page frames the hand (``?embed=1``) and the stepper works inside the
    frame; the normal page refuses to be framed by another site."""
    base, world, _db = served
    page = browser.new_page()
    try:
        club = (
            "<!doctype html><title>Club bulletin</title>"
            f'<iframe id="ok" src="{base}/hands/{world.revoke_hand}?embed=1#trick-1" '
            'width="1000" height="700"></iframe>'
            f'<iframe id="no" src="{base}/hands/{world.revoke_hand}" width="400" '
            'height="200"></iframe>'
        )
        with club_site(club) as url:  # another origin: another port
            page.goto(url)
            check_frames(page)
    finally:
        page.close()


@contextmanager
def club_site(body: str) -> Iterator[str]:
    """A one-page site on another loopback port (another origin), serving ``body``."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def check_frames(page: Page) -> None:
    """The embedded hand answers in its frame; the plain page does not render in one."""
    frame = page.frame_locator("#ok")
    expect(frame.locator(".step-label")).to_have_text("Trick 1 of 19")
    expect(frame.locator("header.site")).to_have_count(0)
    frame.locator("button[data-step=next]").click()
    expect(frame.locator(".step-label")).to_have_text("Trick 2 of 19")
    # Chromium replaces a frame its CSP refuses with an error page
    refused = page.locator("#no").element_handle().content_frame()
    for _ in range(50):
        if refused is not None and refused.url.startswith("chrome-error:"):
            break
        page.wait_for_timeout(100)
    assert refused is not None and refused.url.startswith("chrome-error:"), refused
    expect(page.frame_locator("#no").locator(".step-label")).to_have_count(0)


def test_verdict_while_typing(page: Page, served) -> None:
    """Pasting a record gives its verdict before any button is pressed (the JSON API's
    /api/verify), with the first finding's place and reason."""
    base, _world, _db = served
    page.goto(f"{base}/verify")
    page.fill("#text", REVOKE_TOUR)
    verdict = page.locator("#live-verdict")
    expect(verdict.locator(".badge")).to_have_text("flagged")
    expect(verdict).to_contain_text("1 finding · line 17:10 Anna played 5C but held Tarots")
    page.fill("#text", REVOKE_TOUR.replace("1. 10 17 5C 9", "1. 10 17 ZZ 9"))
    expect(verdict.locator(".badge")).to_have_text("invalid")
    expect(verdict).to_contain_text("line 17:10")


# -- .ci/install-browser ------------------------------------------------------------------
INSTALL = Path(__file__).resolve().parent.parent / ".ci" / "install-browser"


def _fake_bin(tmp_path: Path, apt_get: str) -> dict[str, str]:
    """A PATH without chromium: just ``id`` and a stand-in ``apt-get`` running ``apt_get``."""
    fake = tmp_path / "bin"
    fake.mkdir(parents=True)
    (fake / "id").symlink_to(shutil.which("id"))
    script = fake / "apt-get"
    script.write_text(
        f'#!{shutil.which("bash")}\necho "apt-get $*" >> {tmp_path}/calls\n{apt_get}\n'
    )
    script.chmod(0o755)
    return {**os.environ, "PATH": str(fake)}


def test_install_browser_installs_when_missing(tmp_path: Path) -> None:
    env = _fake_bin(
        tmp_path,
        f'[ "$1" = install ] && printf "#!/bin/true\\n" > '
        f"{tmp_path}/bin/chromium && chmod +x {tmp_path}/bin/chromium; "
        "exit 0",
    )
    result = subprocess.run(
        ["/bin/bash", str(INSTALL)], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "calls").read_text().splitlines() == [
        "apt-get update",
        "apt-get install -y --no-install-recommends chromium",
    ]


def test_install_browser_fails_loudly(tmp_path: Path) -> None:
    env = _fake_bin(tmp_path, "exit 0")  # "succeeds" but installs nothing
    result = subprocess.run(
        ["/bin/bash", str(INSTALL)], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1 and "still not on PATH" in result.stderr
    env = _fake_bin(tmp_path / "again", "exit 100")  # apt-get itself fails
    result = subprocess.run(
        ["/bin/bash", str(INSTALL)], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 100


def test_install_browser_does_nothing_when_present() -> None:
    result = subprocess.run(["/bin/bash", str(INSTALL)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == ""


def test_without_javascript(browser: Browser, served) -> None:
    """Without JavaScript the hand still reads: the deal, then every trick one under
    another, the flagged play in red; no stepper to press."""
    base, world, _db = served
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{base}/hands/{world.revoke_hand}")
        expect(page.locator(".stepper")).to_be_hidden()
        expect(page.locator(".trick-panel:visible")).to_have_count(1 + 19)
        expect(page.locator('.seat[data-seat="0"] .held:visible')).to_have_count(19)
        red = page.locator("#trick-1 .play.is-flagged")
        assert red.evaluate("e => getComputedStyle(e).borderTopColor") == RED
    finally:
        context.close()


# -- the attention list and the wall screen (#23.6, #23.8) ---------------------------------


def new_tournament_with_revoke(db: Path, name: str) -> tuple[int, int, int]:
    """A tournament of its own (so that no other test's writes show): one session holding
    the revoked tour. Its id, the session's and the hand's."""
    store = Store(str(db))
    try:
        tid = store.create_tournament(name)
        sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "Final", "test")
        hand_id = service.upload(store, sid, REVOKE_TOUR, "test")[0].hand_id
    finally:
        store.close()
    return tid, sid, hand_id


def no_overflow(page: Page) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{page.url} is {overflow}px wider than the screen"


@pytest.mark.parametrize("size", SIZES)
def test_attention_list_resolves_on_its_own(browser: Browser, served, size: str) -> None:
    """The hand waits with its finding's sentence; a director rules on it elsewhere, and the
    open page, without a reload, moves it to "dealt with", naming who and why."""
    base, _world, db = served
    tid, sid, hand_id = new_tournament_with_revoke(db, f"Attention cup ({size})")
    with sized_page(browser, size) as page:
        page.clock.install()
        page.goto(f"{base}/tournaments/{tid}")
        waiting = page.locator("ul.attention.waiting li")
        expect(waiting).to_have_count(1)
        expect(waiting).to_contain_text("Final, hand 1")
        expect(waiting).to_contain_text("Anna played 5C but held Tarots and a Tarot was led")
        expect(page.locator("ul.attention.dealt")).to_have_count(0)
        no_overflow(page)
        store = Store(str(db))
        try:
            service.add_ruling(
                store,
                sid,
                {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1},
                "Anna's revoke (NICE-11)",
                "Chief TD",
                hand_id,
                "test",
            )
        finally:
            store.close()
        page.clock.run_for(16_000)  # one poll: live.json has a new tag, the parts are fetched
        dealt = page.locator("ul.attention.dealt li")
        expect(dealt).to_have_count(1)
        expect(dealt).to_contain_text("dealt with")
        expect(dealt).to_contain_text("Ruling by Chief TD: Anna's revoke (NICE-11)")
        expect(waiting).to_have_count(0)
        expect(page.locator(".live-status")).to_contain_text("Updated at")
        # the ruling's row moved the standings too: Anna -8 - 3
        expect(
            page.locator("table.standings tr", has_text="Anna").locator("td.num").first
        ).to_have_text("-11")
        no_overflow(page)
        # the hand's link still leads to it
        page.locator("ul.attention.dealt a", has_text="Final, hand 1").click()
        expect(page.locator("h1")).to_contain_text(re.compile(r", hand 1 \(id \d+\)"))


@pytest.mark.parametrize("size", SIZES)
def test_wall_screen_refreshes_its_standings(browser: Browser, served, size: str) -> None:
    """The standings full screen, larger than on the tournament page; a hand stored meanwhile
    shows up at the next poll, and nothing is fetched again while nothing changes."""
    base, _world, db = served
    tid, sid, _hand_id = new_tournament_with_revoke(db, f"Wall cup ({size})")
    with sized_page(browser, size) as page:
        fetched: list[str] = []
        page.on("request", lambda request: fetched.append(request.url))
        page.clock.install()
        page.goto(f"{base}/tournaments/{tid}/wall")
        expect(page.locator("header.site")).to_have_count(0)
        expect(page.locator("h1")).to_contain_text(f"Wall cup ({size})")
        expect(page.locator(".wall-waiting")).to_contain_text("1 hand waiting for a director")
        carla = page.locator("table.standings tr", has_text="Carla").locator("td.num").first
        expect(carla).to_have_text("+8")
        no_overflow(page)
        page.clock.run_for(16_000)  # nothing changed: a 304, the page is not fetched again
        page.wait_for_timeout(500)
        assert sum(url.endswith("/live.json") for url in fetched) == 1
        assert sum(url.endswith("/wall") for url in fetched) == 1
        store = Store(str(db))
        try:
            service.upload(store, sid, (EXAMPLES / "nice4" / "called-king.txt").read_text(), "t")
        finally:
            store.close()
        page.clock.run_for(16_000)
        expect(carla).to_have_text("+7")  # called king: Carla -1
        expect(
            page.locator("table.standings tr", has_text="Carla").locator("td.num").nth(2)
        ).to_have_text("2")
        assert sum(url.endswith("/wall") for url in fetched) == 2
        if size == "desktop":  # the wall's type is larger than the tournament page's
            wall_size = page.locator("table.standings").evaluate(
                "e => parseFloat(getComputedStyle(e).fontSize)"
            )
            page.goto(f"{base}/tournaments/{tid}")
            page_size = page.locator("table.standings").evaluate(
                "e => parseFloat(getComputedStyle(e).fontSize)"
            )
            assert wall_size > page_size


# -- repairs show their effect (#23.5) -----------------------------------------------------
def log_in(page: Page, base: str, token: str) -> None:
    page.goto(f"{base}/login")
    page.fill("#token", token)
    page.click("button.primary")
    page.wait_for_load_state()


@pytest.mark.parametrize("size", SIZES)
def test_a_director_accepts_a_repair_after_seeing_its_effect(
    browser: Browser, served, size: str
) -> None:
    """On the audit page of the revoked tour: the first repair names the revoke it settles,
    shows the payments beside the record's and trick 1 replayed with Anna's 4 marked; the
    director opens the form, edits the reason and confirms; the hand is clean, and the
    tournament's attention list shows it dealt with by that revision and reason."""
    base, _world, db = served
    tid, _sid, hand_id = new_tournament_with_revoke(db, f"Repair cup ({size})")
    store = Store(str(db))
    try:
        token = store.create_token(tid, "Chief TD")
    finally:
        store.close()
    with sized_page(browser, size) as page:
        log_in(page, base, token)
        page.goto(f"{base}/hands/{hand_id}/audit")
        first = page.locator("section.repair").first
        expect(first.locator("h3")).to_contain_text(
            "trick 1, card 3 (5C) and trick 15, card 3 (4) exchanged"
        )
        expect(first.locator(".disputed")).to_contain_text(
            "Settles: Anna played 5C but held Tarots and a Tarot was led"
        )
        expect(first.locator(".repair-payments tbody tr")).to_have_count(4)
        anna = first.locator(".repair-payments tbody tr").first
        expect(anna.locator("th")).to_have_text("Anna")
        expect(anna.locator("td")).to_have_text(["-8", "-8", "0"])  # recorded, repaired, change
        changed = first.locator(".repair-trick").first.locator(".play.is-changed")
        expect(changed).to_have_count(1)
        expect(changed.locator("svg")).to_have_attribute("aria-label", "Trump IV (4)")
        expect(changed.locator(".play-who")).to_have_text("Anna")
        no_overflow(page)
        confirm = first.locator("button", has_text="Confirm: store as revision 2")
        expect(confirm).to_be_hidden()  # it asks first
        first.locator("summary", has_text="Accept as a correction").click()
        reason = first.locator("textarea[name=reason]")
        expect(reason).to_have_value(
            "repair: trick 1, card 3 (5C) and trick 15, card 3 (4) exchanged"
        )
        reason.fill("the paper shows Anna's 4 in trick 1")
        expect(first.locator("input[name=author]")).to_have_value("Chief TD")
        no_overflow(page)
        confirm.click()
        expect(page.locator(".flashes")).to_contain_text("Revision 2 stored: the hand is now clean")
        page.goto(f"{base}/tournaments/{tid}")
        dealt = page.locator("ul.attention.dealt li")
        expect(dealt).to_contain_text("Revision 2 by Chief TD: the paper shows Anna's 4 in trick 1")
        expect(page.locator("ul.attention.waiting")).to_have_count(0)


# -- corrections in the editor (#23.2) -------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_correction_is_checked_while_typing(browser: Browser, served, size: str) -> None:
    """On the hand page the director opens the correction form and types: a card that is
    no card is refused at once with its line and column (a click puts the cursor on it);
    the corrected tour is clean, paying as the record did, beside the current payments;
    storing it makes revision 2. The editor page does the same, and a refused store comes
    back to it with the text."""
    base, _world, db = served
    tid, _sid, hand_id = new_tournament_with_revoke(db, f"Correction cup ({size})")
    store = Store(str(db))
    try:
        token = store.create_token(tid, "Chief TD")
    finally:
        store.close()
    tour = (EXAMPLES / "nice4" / "tour.txt").read_text()
    bad = tour.replace("1. 10 17 4 9", "1. 10 17 ZZ 9")
    line = bad.splitlines().index("1. 10 17 ZZ 9") + 1
    with sized_page(browser, size, expected="status of 422") as page:  # the refused store
        log_in(page, base, token)
        page.goto(f"{base}/hands/{hand_id}")
        page.locator("summary", has_text="Correct this record").click()
        area = page.locator("#correct-text")
        area.fill(bad)
        verdict = page.locator("#correction-verdict")
        expect(verdict).to_contain_text("cannot be stored: record 1 cannot be read")
        expect(verdict).to_contain_text(f"line {line}:10 not a card: 'ZZ'")
        at = page.locator(".editor-findings button.to-place")
        expect(at).to_have_text(f"line {line}:10")
        at.click()
        selected = area.evaluate("a => a.value.slice(a.selectionStart, a.selectionEnd)")
        assert selected == "ZZ"
        no_overflow(page)
        area.fill(tour)
        expect(verdict).to_have_text(re.compile(r"^clean \d+ findings?"))
        payments = page.locator("#correction-check table.check-payments tbody tr")
        expect(payments).to_have_count(4)
        expect(payments.first.locator("td")).to_have_text(["-8", "-8", "0"])
        expect(page.locator("#correction-check .check-verdict")).to_contain_text(
            "the corrected record is clean (now flagged)"
        )
        no_overflow(page)
        page.fill("input[name=reason]", "the scorer wrote 5C for 4")
        page.locator("button[value=store]").click()
        expect(page.locator(".flashes")).to_contain_text("Revision 2 stored: the hand is now clean")
        # the editor page: a store that is refused comes back with the text and its place
        page.goto(f"{base}/hands/{hand_id}/correct")
        expect(page.locator("h1")).to_have_text(re.compile(r"^Correct .*, hand 1 \(id \d+\)$"))
        page.locator("#correct-text").fill(bad)
        page.fill("input[name=reason]", "retyped")
        page.locator("button[value=store]").click()
        expect(page.locator(".check-refusal")).to_contain_text("record 1 cannot be read")
        expect(page.locator(".editor-marks mark")).to_have_text("ZZ")
        expect(page.locator("#correct-text")).to_have_value(re.compile("1. 10 17 ZZ 9"))
        no_overflow(page)
