"""The notation page and each rules page's example record (issue 24 item 10), through Flask's
test client; the browser side is in test_browser_editor.py."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from scorer.games import GAMES
from tarocco.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_the_notation_page_renders_docs_notation_md(client: FlaskClient) -> None:
    response = client.get("/notation")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert ">The tarocco hand-record notation</h1>" in page
    # every link of the document's contents lands on a heading of the page
    source = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    anchors = re.findall(r"\]\(#([^)]+)\)", source)
    assert len(anchors) > 10
    for anchor in anchors:
        assert f'id="{anchor}"' in page, anchor
    assert page.count("<table") >= 8
    assert '<pre tabindex="0"><code>' in page
    assert 'href="/notation"' in client.get("/").get_data(as_text=True)  # in the site's menu


@pytest.mark.parametrize("game", list(GAMES))
def test_a_rules_page_shows_the_example_and_the_editor_opens_it(
    client: FlaskClient, game: str
) -> None:
    page = client.get(f"/rules/{game}").get_data(as_text=True)
    seed = re.search(rf"tarocco random {game} --seed (\d+)", page)
    assert seed is not None
    written = CliRunner().invoke(main, ["random", game, "--seed", seed.group(1)]).output
    shown = re.search(r'<div class="example-record">.*?<code>(.*?)</code>', page, re.S)
    assert shown is not None and html.unescape(shown.group(1)) == written
    assert f'href="/verify?example={game}"' in page

    editor = client.get(f"/verify?example={game}").get_data(as_text=True)
    area = re.search(r"<textarea[^>]*>(.*?)</textarea>", editor, re.S)
    assert area is not None and html.unescape(area.group(1)) == written
    verdict = client.post("/api/verify", json={"text": written}).get_json()
    assert verdict["records"][0]["report"]["status"] == "clean"
    assert verdict["records"][0]["report"]["tricks"]  # played out, not thrown in


def test_an_unknown_example_is_a_404_page(client: FlaskClient) -> None:
    response = client.get("/verify?example=tarot-of-nowhere")
    assert response.status_code == 404
    assert "there is no game" in response.get_data(as_text=True)
