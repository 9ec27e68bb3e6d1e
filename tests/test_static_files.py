"""#31.5: static files compressed and cached. Every static file (and the card sprite at
/c.svg) is served by WhiteNoise from a cache folder prepared at start (web/static_files.py):
gzip'd or brotli'd as the browser accepts, at a fingerprinted address kept for a year, the
plain name for a day; the pages link only the fingerprinted addresses."""

from __future__ import annotations

import gzip
import hashlib
import logging
import random
import re
import subprocess
import sys
from pathlib import Path

import brotli
import pytest
from browserkit import PLAYERS, REVOKE_TOUR
from conftest import Tournament
from flask import Flask, url_for
from flask.testing import FlaskClient

from records import service
from records.store import Store
from web import create_app
from web.static_files import DAY, serve_static

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "web" / "static"
YEAR = 365 * DAY
STATIC_LINK = re.compile(r'(?:href|src)="(/static/[^"]+)"')


@pytest.fixture
def revoke_hand(store: Store, tournament: Tournament) -> int:
    """A stored hand of 19 tricks: its page draws some 175 cards."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 2", "t")
    return service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id


def digest(path: Path) -> str:
    """The hash a fingerprinted address carries: SHA-256's first 8 hex digits."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:8]


def max_age(response) -> int:
    match = re.search(r"max-age=(\d+)", response.headers.get("Cache-Control", ""))
    assert match, response.headers.get("Cache-Control")
    return int(match.group(1))


def test_a_stylesheet_travels_compressed_and_kept_a_year(client: FlaskClient) -> None:
    """The acceptance of #31.5: the page's stylesheet comes gzip'd (brotli'd to a browser
    that takes br), with max-age a year and immutable at its fingerprinted address, and
    decompresses to the file."""
    page = client.get("/").get_data(as_text=True)
    address = f"/static/style.{digest(STATIC / 'style.css')}.css"
    assert f'href="{address}"' in page
    original = (STATIC / "style.css").read_bytes()
    ways = (("gzip", gzip.decompress), ("gzip, deflate, br", brotli.decompress))
    for accepted, decompress in ways:
        sent = client.get(address, headers={"Accept-Encoding": accepted})
        assert sent.status_code == 200 and sent.mimetype == "text/css"
        assert sent.headers["Content-Encoding"] == accepted.split(", ")[-1]
        assert "Accept-Encoding" in sent.headers["Vary"]
        assert max_age(sent) >= YEAR and "immutable" in sent.headers["Cache-Control"]
        assert decompress(sent.get_data()) == original
        assert len(sent.get_data()) < len(original) / 3
    plain = client.get(address)  # a client that takes no compression
    assert "Content-Encoding" not in plain.headers and plain.get_data() == original


def test_the_plain_name_still_works_for_a_day(client: FlaskClient) -> None:
    """A link from elsewhere to /static/style.css: compressed too, kept a day (not a year:
    it changes with the file), and revalidated with a 304."""
    sent = client.get("/static/style.css", headers={"Accept-Encoding": "gzip"})
    assert sent.headers["Content-Encoding"] == "gzip"
    assert max_age(sent) == DAY and "immutable" not in sent.headers["Cache-Control"]
    assert gzip.decompress(sent.get_data()) == (STATIC / "style.css").read_bytes()
    again = client.get("/static/style.css", headers={"If-None-Match": sent.headers["ETag"]})
    assert again.status_code == 304


def test_every_static_address_of_a_page_is_fingerprinted(client: FlaskClient) -> None:
    """Every stylesheet, script and icon the home and entry pages link carries its file's
    hash, and is served."""
    for path in ("/", "/enter"):
        page = client.get(path).get_data(as_text=True)
        links = STATIC_LINK.findall(page)
        assert len(links) >= (6 if path == "/" else 7)
        for link in links:
            stem, hashed, suffix = link.removeprefix("/static/").rsplit(".", 2)
            assert hashed == digest(STATIC / f"{stem}.{suffix}"), link
            assert client.get(link).status_code == 200


def test_the_sprite_is_fingerprinted_and_compressed(client: FlaskClient, revoke_hand: int) -> None:
    """The card sprite, named on the hand page once per card and by the entry page's script,
    has a fingerprinted address at the site's root: kept a year, compressed; /c.svg a day."""
    address = f"/c.{digest(STATIC / 'cards.svg')}.svg"
    hand = client.get(f"/hands/{revoke_hand}").get_data(as_text=True)
    assert hand.count(f'<use href="{address}#') > 150 and '"/c.svg#' not in hand
    assert f'data-faces="{address}"' in client.get("/enter").get_data(as_text=True)
    sent = client.get(address, headers={"Accept-Encoding": "gzip"})
    assert sent.mimetype == "image/svg+xml" and sent.headers["Content-Encoding"] == "gzip"
    assert max_age(sent) >= YEAR and "immutable" in sent.headers["Cache-Control"]
    assert gzip.decompress(sent.get_data()) == (STATIC / "cards.svg").read_bytes()
    plain = client.get("/c.svg", headers={"Accept-Encoding": "br"})
    assert max_age(plain) == DAY and plain.headers["Content-Encoding"] == "br"
    assert brotli.decompress(plain.get_data()) == (STATIC / "cards.svg").read_bytes()


def test_static_files_keep_the_pages_headers(client: FlaskClient) -> None:
    """The sprite had the pages' CSP and nosniff when Flask served it; WhiteNoise sends them
    with every static file."""
    for address in ("/c.svg", "/static/style.css", "/static/pages.js"):
        sent = client.get(address)
        assert sent.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert sent.headers["X-Content-Type-Options"] == "nosniff"
        assert "Access-Control-Allow-Origin" not in sent.headers


def test_what_does_not_exist_is_404(client: FlaskClient) -> None:
    """A file that is not there, or a fingerprint no file has, is 404, not a stale file."""
    assert client.get("/static/nothing.css").status_code == 404
    assert client.get("/static/style.00000000.css").status_code == 404
    assert client.get("/static/style.css.gz").status_code == 404
    # an older sprite's address (a page kept from before a release) gets today's sprite,
    # revalidated: its faces have the same ids
    older = client.get("/c.00000000.svg")
    assert older.status_code == 200 and "max-age" not in older.headers.get("Cache-Control", "")


def small_app(static: Path, cache: Path | None = None) -> Flask:
    """A bare Flask app over ``static``, with the sprite's alias, served as the service's."""
    app = Flask(__name__, static_folder=str(static))
    app.config["STATIC_CACHE"] = str(cache) if cache else None
    assert serve_static(app, {"c.svg": "cards.svg"}, {"X-Content-Type-Options": "nosniff"})
    return app


def address(app: Flask, name: str) -> str:
    with app.test_request_context():
        return url_for("static", filename=name)


def test_a_changed_file_gets_a_new_address(tmp_path: Path) -> None:
    """The fingerprint follows the content: a new release of a stylesheet has a new address,
    which serves the new bytes; the old address still serves the old ones from a cache folder
    kept across releases (a page loaded before the release still finds its styles)."""
    static = tmp_path / "static"
    static.mkdir()
    (static / "cards.svg").write_text("<svg/>")
    (static / "a.css").write_text("body { color: black; }\n" * 50)
    before = small_app(static, tmp_path / "cache")
    old = address(before, "a.css")
    assert re.fullmatch(r"/static/a\.[0-9a-f]{8}\.css", old)
    (static / "a.css").write_text("body { color: navy; }\n" * 50)
    after = small_app(static, tmp_path / "cache")
    new = address(after, "a.css")
    assert new != old and new == f"/static/a.{digest(static / 'a.css')}.css"
    served = after.test_client().get(new, headers={"Accept-Encoding": "gzip"})
    assert gzip.decompress(served.get_data()) == (static / "a.css").read_bytes()
    kept = after.test_client().get(old)
    assert kept.status_code == 200 and b"black" in kept.get_data()
    assert not list(static.glob("*.gz")) and len(list(static.iterdir())) == 2  # source as it was


def test_no_compressed_copy_outlives_its_file(tmp_path: Path) -> None:
    """A file that compressed well in one release and not in the next (its .gz no longer
    written) is sent as it now is from a cache folder kept across releases, never the old
    release's .gz under its plain name."""
    static = tmp_path / "static"
    static.mkdir()
    (static / "a.js").write_text("let x = 1;\n" * 100)
    small_app(static, tmp_path / "cache")
    assert (tmp_path / "cache" / "static" / "a.js.gz").is_file()
    (static / "a.js").write_bytes(random.Random(5).randbytes(2000))  # compresses to nothing less
    sent = (
        small_app(static, tmp_path / "cache")
        .test_client()
        .get("/static/a.js", headers={"Accept-Encoding": "gzip, br"})
    )
    assert "Content-Encoding" not in sent.headers
    assert sent.get_data() == (static / "a.js").read_bytes()


def test_a_restart_keeps_the_validators(tmp_path: Path) -> None:
    """The copies keep their source's modification time, which WhiteNoise's ETag and
    Last-Modified are made of: a browser's copy of a plain name stays valid (304) across a
    restart that writes the cache folder anew."""
    import os
    from email.utils import formatdate

    static = tmp_path / "static"
    static.mkdir()
    (static / "a.css").write_text("body { color: black; }\n" * 50)
    os.utime(static / "a.css", (1_700_000_000, 1_700_000_000))
    first = small_app(static, tmp_path / "one").test_client().get("/static/a.css")
    assert first.headers["Last-Modified"] == formatdate(1_700_000_000, usegmt=True)
    second = small_app(static, tmp_path / "two").test_client()
    again = second.get("/static/a.css", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_the_private_folder_is_removed_when_the_process_ends(tmp_path: Path) -> None:
    """Without STATIC_CACHE the copies go to a private temporary folder, shared by the apps
    of one process and removed when it exits; nothing is written beside the package."""
    script = (
        "from web import create_app\n"
        "a = create_app({'DATABASE': ':memory:'})\n"
        "b = create_app({'DATABASE': ':memory:'})\n"
        "assert a.extensions['static_cache'] == b.extensions['static_cache']\n"
        "assert (a.extensions['static_cache'] / 'static' / 'style.css.br').is_file()\n"
        "print(a.extensions['static_cache'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    folder = Path(done.stdout.strip())
    assert folder.name.startswith("tarocco-static-") and STATIC not in folder.parents
    assert not folder.exists()


def test_without_a_cache_folder_flask_serves_the_plain_files(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """If no cache folder can be written, the pages still work as before #31.5: plain
    addresses, the files as they are, and a warning."""
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    with caplog.at_level(logging.WARNING, logger="web.static_files"):
        app = create_app({"TESTING": True, "DATABASE": ":memory:", "STATIC_CACHE": str(blocked)})
    assert "uncompressed" in caplog.text
    client = app.test_client()
    page = client.get("/").get_data(as_text=True)
    assert 'href="/static/style.css"' in page
    sent = client.get("/static/style.css", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in sent.headers
    assert sent.get_data() == (STATIC / "style.css").read_bytes()
    assert client.get("/c.svg").get_data() == (STATIC / "cards.svg").read_bytes()


def test_the_first_page_costs_under_20_kb(client: FlaskClient) -> None:
    """#31.5's measure: the home page and every static file it links, as a browser that
    takes br gets them, were 58 KB (the files uncompressed); now under 20 KB."""
    headers = {"Accept-Encoding": "gzip, deflate, br"}
    home = client.get("/", headers=headers)
    total = len(home.get_data())
    page = gzip.decompress(home.get_data()).decode()
    for link in dict.fromkeys(STATIC_LINK.findall(page)):
        total += len(client.get(link, headers=headers).get_data())
    assert total < 20_000
