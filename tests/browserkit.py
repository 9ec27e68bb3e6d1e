"""Helpers for the browser tests and the README screenshots: Debian's ``chromium`` (found on
PATH, never skipped: a missing browser is a failure), the real server (``tarocco serve`` on a
free loopback port and its own database file), and a tournament to look at.

Regenerate the screenshots in ``docs/screenshots/`` with::

    python tests/browserkit.py docs/screenshots
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from serverkit import serving

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
TOUR = (EXAMPLES / "nice4" / "tour.txt").read_text()
# The README's mistake: Anna's 4 and 5C swap tricks 1 and 15, a revoke in trick 1 (NICE-11).
REVOKE_TOUR = TOUR.replace("1. 10 17 4 9", "1. 10 17 5C 9").replace(
    "15. 13 18 5C 4C", "15. 13 18 4 4C"
)
SESSION_TEXT = (EXAMPLES / "nice4" / "session.txt").read_text()
SESSION_BALANCES = json.loads((EXAMPLES / "nice4" / "session.expected.json").read_text())["ledger"][
    "balances"
]


#: The two window sizes the browser tests use: a desktop and a phone.
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}


@contextmanager
def sized_page(browser: Any, size: str, expected: str | None = None) -> Iterator[Any]:
    """A page of the given size (the phone's touch-enabled) that fails the test on any
    script or console error, a CSP violation included, but the ``expected`` one (a page
    answered with that status on purpose)."""
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    try:
        yield page
    finally:
        context.close()
    assert [e for e in errors if expected is None or expected not in e] == []


def chromium_path() -> str:
    """Debian's chromium (``.ci/install-browser`` installs it). Missing is an error, so the
    browser tests can never pass by not running."""
    path = shutil.which("chromium")
    if path is None:
        raise RuntimeError(
            "chromium is not on PATH: run .ci/install-browser (apt-get install -y chromium)"
        )
    return path


@contextmanager
def live_server(db: Path) -> Iterator[str]:
    """``tarocco serve`` (gunicorn) on a free loopback port and ``db``; yields its base URL
    once it answers, stops it afterwards (:func:`serverkit.serving`)."""
    with serving(db.parent, db=db) as served:
        yield served.base


@dataclass(frozen=True)
class World:
    """What :func:`seed` made: a public tournament with a session of five hands (at table
    "2") and a second session holding the revoked tour with a director's ruling (at "Table
    10"); its director token; and a private tournament."""

    tournament: int
    token: str
    session: int
    hands: list[int]
    revoke_session: int
    revoke_hand: int
    private: int
    private_token: str


def seed(db: Path) -> World:
    """Fill ``db`` through the service layer, as ``tarocco`` commands would."""
    from records import service
    from records.store import Store

    store = Store(str(db))
    try:
        tid = store.create_tournament("Autumn cup")
        token = store.create_token(tid, "head director")
        sid = service.create_session(store, tid, "nice4", PLAYERS, {}, "Round 1", "test", table="2")
        results = service.upload(store, sid, SESSION_TEXT, "test")
        hands = [r.hand_id for r in results]
        rsid = service.create_session(
            store, tid, "nice4", PLAYERS, {}, "Round 2", "test", table="Table 10"
        )
        revoke_hand = service.upload(store, rsid, REVOKE_TOUR, "test")[0].hand_id
        service.add_ruling(
            store,
            rsid,
            {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1},
            "Anna's revoke in trick 1 (NICE-11): 1 marca to each opponent",
            "head director",
            revoke_hand,
            "test",
        )
        pid = store.create_tournament("Closed club", private=True)
        private_token = store.create_token(pid, "club director")
        psid = service.create_session(store, pid, "nice4", PLAYERS, {}, "Members", "test")
        service.upload(store, psid, TOUR, "test")
    finally:
        store.close()
    return World(tid, token, sid, hands, rsid, revoke_hand, pid, private_token)


def screenshots(out: Path) -> list[Path]:
    """Every main page on a desktop and a phone, into ``out`` (PNG)."""
    import tempfile

    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    made = []
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "shots.sqlite"
        from records.store import Store

        Store(str(db)).close()
        world = seed(db)
        with live_server(db) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path())
            for label, size in (("desktop", (1280, 900)), ("phone", (390, 844))):
                page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                page.goto(f"{base}/login")
                page.fill("#token", world.token)
                page.click("button[type=submit].primary")
                page.goto(f"{base}/verify")
                page.fill("#text", REVOKE_TOUR)
                page.click("button[value=verify]")
                shots = {
                    "verify": None,  # the page as it is now: the revoke verified
                    "home": "/",
                    "hand": f"/hands/{world.revoke_hand}#trick-1",
                    "session": f"/sessions/{world.session}",
                    "tournament": f"/tournaments/{world.tournament}",
                    "rules": "/rules/nice4",
                }
                for name, path in shots.items():
                    if path is not None:
                        page.goto(base + path)
                    target = out / f"{name}-{label}.png"
                    page.screenshot(path=str(target), full_page=name != "rules")
                    made.append(target)
                page.close()
            browser.close()
    return made


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    for path in screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")):
        print(path)
