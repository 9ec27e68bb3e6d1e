"""The web pages (issue 4) through Flask's test client: every page answers, unknown ids are
404 pages, user text is escaped, forms refuse a missing or foreign CSRF token, a director
logs in with a token and stores a record, and a private tournament stays hidden.

Records come from ``examples/nice4`` with known results (see their ``.expected.json``):
``session.txt`` ends at balances 5, 7, 11, 17 (NICE-18); ``called-king.txt`` pays Anna -1,
Bruno +1, Carla -1, Dario +1 (so two pairs tie in the standings); the README's revoked tour
is flagged in trick 1 (MUST_FOLLOW_TRUMPS, NICE-11: legal 4 11 19).
"""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest
from browserkit import PLAYERS, REVOKE_TOUR, SESSION_BALANCES, SESSION_TEXT, TOUR
from conftest import Tournament
from flask import Flask
from flask.testing import FlaskClient
from sixkit import EXPECTED, SIX, six_sessions

from records import service
from records.store import Store
from records.writer import write
from scorer.games import GAMES, get_game
from web import cardface, diffs, present

ROOT = Path(__file__).resolve().parent.parent
CALLED_KING = (ROOT / "examples" / "nice4" / "called-king.txt").read_text()
HOSTILE = '<script>alert("x")</script>'


def csrf(client: FlaskClient, path: str = "/verify") -> str:
    """The CSRF token a page's form carries for this client's session."""
    page = client.get(path).get_data(as_text=True)
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert match, page[:500]
    return match.group(1)


def login(client: FlaskClient, token: str) -> None:
    response = client.post("/login", data={"csrf_token": csrf(client, "/login"), "token": token})
    assert response.status_code == 302, response.get_data(as_text=True)


def text_of(response) -> str:
    return response.get_data(as_text=True)


@pytest.fixture
def session_id(store: Store, tournament: Tournament) -> int:
    """A session of the tournament holding the five hands of examples/nice4/session.txt."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 1", "t")
    service.upload(store, sid, SESSION_TEXT, "t")
    return sid


@pytest.fixture
def revoke_hand(store: Store, tournament: Tournament) -> int:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 2", "t")
    return service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id


# -- every page ---------------------------------------------------------------------------
def test_every_page_answers(
    client: FlaskClient, tournament: Tournament, session_id: int, store: Store
) -> None:
    hand_id = store.hands(session_id)[0]["id"]
    paths = [
        "/",
        "/verify",
        "/login",
        "/rules",
        f"/tournaments/{tournament.id}",
        f"/sessions/{session_id}",
        f"/hands/{hand_id}",
        *(f"/rules/{key}" for key in GAMES),
    ]
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.mimetype == "text/html", path
        assert "Content-Security-Policy" in response.headers, path
        assert "<h1>" in text_of(response) or "<h1 " in text_of(response), path


@pytest.mark.parametrize(
    "path",
    [
        "/hands/999",
        "/sessions/999",
        "/tournaments/999",
        "/rules/no-such-game",
        "/no/such/page",
        "/hands/999/record.txt",
        "/sessions/999/sheet.csv",
        "/hands/99999999999999999999",
    ],
)
def test_unknown_ids_are_404_pages(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "Not found" in text_of(response)


def test_api_errors_stay_json(client: FlaskClient) -> None:
    response = client.get("/api/hands/999")
    assert response.status_code == 404 and response.get_json()["code"] == "NOT_FOUND"
    assert client.get("/api/no-such-endpoint").get_json()["status"] == 404


# -- the hand -----------------------------------------------------------------------------
def test_hand_page_shows_the_revoke(client: FlaskClient, revoke_hand: int) -> None:
    page = text_of(client.get(f"/hands/{revoke_hand}"))
    assert "FLAGGED" in page.upper()
    # the finding, linked to its trick and its line, with the legal cards
    assert 'href="#trick-1"' in page and 'href="#L17"' in page
    assert "Anna played 5C but held Tarots and a Tarot was led" in page
    # trick 1 in the stepper: the red play is Anna's 5 of cups, with the reason
    trick = page[page.index('id="trick-1"') : page.index('id="trick-2"')]
    assert 'data-leader="2"' in trick and 'data-winner="3"' in trick  # Carla led, Dario won
    flagged = re.findall(
        r'<li class="play is-flagged[^"]*">\s*(<svg.*?</svg>)<span class="play-who">(\w+)<',
        trick,
        re.S,
    )
    assert len(flagged) == 1 and flagged[0][1] == "Anna" and "5 of cups" in flagged[0][0]
    assert "MUST_FOLLOW_TRUMPS" in trick and "Anna could have played" in trick
    for name in ("Trump IV (4)", "Trump XI (11)", "Trump XIX (19)"):
        assert name in trick
    # Anna's hand marks 4, 11 and 19 as the legal cards of trick 1
    anna = page[page.index("Anna's hand") : page.index("Bruno's hand")]
    legal = re.findall(r'data-legal-at="1"[^>]*>(<svg.*?</svg>)', anna, re.S)
    assert sorted(re.search(r"Trump (\w+)", svg).group(1) for svg in legal) == ["IV", "XI", "XIX"]
    # the token is marked in the text
    assert re.search(r'<mark class="tok sev-violation"[^>]*>5C</mark>', page)


def test_hand_page_score_lines_name_their_rules(client: FlaskClient, revoke_hand: int) -> None:
    page = text_of(client.get(f"/hands/{revoke_hand}"))
    table = page[page.index('class="breakdown"') :]
    table = table[: table.index("</table>")]
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td>", table, re.S)
    assert len(rows) == 3
    assert [re.search(r">([A-Z]+-\d+)<", rule).group(1) for _, rule in rows] == [
        "NICE-15",
        "NICE-16",
        "NICE-16",
    ]
    assert 'href="/rules/nice4#NICE-15"' in table
    # the settlement: Anna -8, Bruno 0, Carla +8, Dario 0 (README)
    foot = table[table.index("<tfoot>") :]
    assert re.findall(r"<b>([+-]?\d+)</b>", foot) == ["-8", "0", "+8", "0"]


def test_hand_record_text(client: FlaskClient, revoke_hand: int) -> None:
    response = client.get(f"/hands/{revoke_hand}/record.txt")
    assert response.status_code == 200 and response.mimetype == "text/plain"
    # one charset, not "text/plain; charset=utf-8; charset=utf-8" (#23.13)
    assert response.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert text_of(response).startswith('[Game "nice4"]')


def test_hand_page_travels_gzipped(client: FlaskClient, revoke_hand: int) -> None:
    """#23.11: a browser that accepts gzip gets the hand's page compressed (a sixth of it);
    the same page, decompressed."""
    import gzip

    plain = client.get(f"/hands/{revoke_hand}")
    packed = client.get(f"/hands/{revoke_hand}", headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    assert len(packed.get_data()) * 5 < len(plain.get_data())
    # a record download is a file: left as it is
    text = client.get(f"/hands/{revoke_hand}/record.txt", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in text.headers


def test_a_directors_pages_are_not_gzipped(
    client: FlaskClient, tournament: Tournament, revoke_hand: int
) -> None:
    """A logged-in director's page holds the CSRF token guarding writes beside text a
    visitor can choose (a record, a name): compressed, its size could betray the token
    (BREACH), so it travels plain."""
    login(client, tournament.token)
    page = client.get(f"/hands/{revoke_hand}", headers={"Accept-Encoding": "gzip"})
    assert page.status_code == 200 and "csrf_token" in text_of(page)
    assert "Content-Encoding" not in page.headers


def verify_page(client: FlaskClient, text: str) -> str:
    response = client.post("/verify", data={"csrf_token": csrf(client), "text": text})
    assert response.status_code == 200
    return text_of(response)


def test_unread_record_has_no_settlement(client: FlaskClient) -> None:
    """#23.13: a pinch record the reader could not read said "Anna 0, Bruno 0 marca"; it has
    no settlement, and its report is in the game's unit (points), not marca."""
    text = (ROOT / "examples" / "pinch" / "revoke.txt").read_text().replace("[Dealer", "[Deal")
    page = verify_page(client, text)
    verdict = page[page.index('<ul class="verdicts">') : page.index("</ul>")]
    assert "status-invalid" in verdict and "Ligurian pinch" in verdict
    assert "Anna 0" not in verdict and "marca" not in verdict
    assert "marca" not in page
    from records.pipeline import check_text

    assert check_text(text)[0].report.unit == "points"  # the game's unit, also in the API


def test_findings_lead_with_the_sentence(client: FlaskClient) -> None:
    """#23.13: a finding reads as its sentence first, its code after it."""
    page = verify_page(client, REVOKE_TOUR)
    item = re.search(r'<li class="finding sev-violation".*?</li>', page, re.S).group(0)
    assert item.index("Anna played 5C but held Tarots") < item.index("MUST_FOLLOW_TRUMPS")
    panel = page[page.index('<div class="flag-reason') :]
    assert panel.index("Anna played 5C") < panel.index("<code>MUST_FOLLOW_TRUMPS</code>")


def test_a_note_alone_does_not_read_as_a_problem(client: FlaskClient) -> None:
    """#23.13: the tour without its discard line is clean with one note (DISCARD_DERIVED,
    NICE-6): the page says so, not "1 finding" as if something were wrong."""
    text = "\n".join(line for line in TOUR.splitlines() if not line.startswith("discard:"))
    page = verify_page(client, text)
    verdict = page[page.index('<ul class="verdicts">') : page.index("</ul>")]
    assert "status-clean" in verdict and "no problems, 1 note" in verdict
    assert "1 finding" not in verdict
    assert '<p class="ok">No problems: the record is consistent and every play is legal.' in page
    assert "DISCARD_DERIVED" in page


# -- the session --------------------------------------------------------------------------
def test_session_sheet_totals_and_chart(client: FlaskClient, session_id: int, store: Store) -> None:
    page = text_of(client.get(f"/sessions/{session_id}"))
    foot = page[page.index('<tr class="totals">') :]
    totals = [int(x) for x in re.findall(r'<b class="final">(-?\d+)</b>', foot)]
    assert totals == [SESSION_BALANCES[p] for p in PLAYERS]
    # one row per hand, each linking to its hand page
    for row in store.hands(session_id):
        assert f'href="/hands/{row["id"]}"' in page
    # the chart: a line per player through the start and every hand
    lines = re.findall(r'<polyline[^>]*points="([^"]+)"', page)
    assert len(lines) == 4
    assert all(len(points.split()) == 1 + 5 for points in lines)
    assert f'href="/sessions/{session_id}/sheet.csv"' in page


def test_session_csv(client: FlaskClient, session_id: int) -> None:
    response = client.get(f"/sessions/{session_id}/sheet.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    last = text_of(response).strip().splitlines()[-1].split(",")
    assert last[7:11] == [str(SESSION_BALANCES[p]) for p in PLAYERS]


def test_session_shows_rulings_and_corrections(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    sid = store.hand(revoke_hand)["session_id"]
    service.add_ruling(
        store,
        sid,
        {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1},
        "revoke in trick 1 " + HOSTILE,
        "head",
        revoke_hand,
        "t",
    )
    service.correct_hand(
        store, revoke_hand, TOUR, "Bruno " + HOSTILE, "the scorer swapped two cards " + HOSTILE, "t"
    )
    page = text_of(client.get(f"/sessions/{sid}"))
    assert HOSTILE not in page
    assert html.escape(HOSTILE, quote=True) in page or "&lt;script&gt;" in page
    assert "revoke in trick 1" in page and "the scorer swapped two cards" in page
    # the ruling is its own row of the sheet; the corrected hand is clean now: Anna -8-3
    assert 'class="kind-ruling' in page
    totals = [int(x) for x in re.findall(r'<b class="final">(-?\d+)</b>', page)]
    assert totals == [10 - 8 - 3, 10 + 0 + 1, 10 + 8 + 1, 10 + 0 + 1]


# -- the tournament -----------------------------------------------------------------------
def test_tournament_standings_with_ties_and_attention(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 3", "t")
    service.upload(store, sid, CALLED_KING, "t")
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    # revoked tour: Anna -8, Bruno 0, Carla +8, Dario 0; called king: -1 +1 -1 +1
    ranks = re.findall(r'<td class="rank">([^<]+)</td><th scope="row">([^<]+)</th>', page)
    # totals Carla +7, Bruno +1, Dario +1, Anna -9: a tie for second
    assert ranks == [("1", "Carla"), ("2=", "Bruno"), ("2=", "Dario"), ("4", "Anna")]
    sid2 = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 4", "t")
    service.upload(store, sid2, CALLED_KING, "t")
    service.add_ruling(store, sid2, {"Carla": -2, "Bruno": 2}, "a tie for the test", "h", None, "t")
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    ranks = dict(
        (p, r)
        for r, p in re.findall(r'<td class="rank">([^<]+)</td><th scope="row">([^<]+)</th>', page)
    )
    # Carla 8-1-1-2 = 4, Bruno 0+1+1+2 = 4, Dario 0+1+1 = 2, Anna -8-1-1 = -10
    assert ranks == {"Bruno": "1=", "Carla": "1=", "Dario": "3", "Anna": "4"}
    attention = page[page.index('id="attention"') :]
    assert f'href="/hands/{revoke_hand}"' in attention and "flagged" in attention
    assert "Round 3" in page and "Round 4" in page


def attention_items(page: str, kind: str) -> list[str]:
    """The items of the tournament page's attention list: ``waiting`` or ``dealt``."""
    match = re.search(rf'<ul class="plain attention {kind}"[^>]*>(.*?)</ul>', page, re.S)
    return re.findall(r"<li[^>]*>(.*?)</li>", match.group(1), re.S) if match else []


def test_attention_list_says_why_and_marks_what_was_dealt_with(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    """#23.6: each hand waiting for a director shows the sentence of its finding; a ruling
    naming it moves it to "dealt with" with who and why; so does a clean correction."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 3", "t")
    broken = service.upload(store, sid, CALLED_KING.replace("1. 7 9 3 11", "1. 7 9 9 11"), "t")
    [waiting_revoke, waiting_broken] = attention_items(
        text_of(client.get(f"/tournaments/{tournament.id}")), "waiting"
    )
    assert f'href="/hands/{revoke_hand}"' in waiting_revoke
    assert "Anna played 5C but held Tarots and a Tarot was led" in waiting_revoke
    assert (
        f'href="/hands/{broken[0].hand_id}"' in waiting_broken
        and "status-invalid" in waiting_broken
    )
    assert "9 was already played" in waiting_broken
    revoke_session = store.hand(revoke_hand)["session_id"]
    service.add_ruling(
        store,
        revoke_session,
        {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1},
        "Anna's revoke <b>(NICE-11)</b>",
        "Chief TD",
        revoke_hand,
        "t",
    )
    service.correct_hand(store, broken[0].hand_id, CALLED_KING, "Scorer", "retyped", "t")
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    assert attention_items(page, "waiting") == []
    assert "None waiting" in page
    [by_ruling, by_revision] = attention_items(page, "dealt")
    assert "dealt with" in by_ruling and "(was flagged)" in by_ruling
    assert "Ruling by Chief TD: Anna&#39;s revoke &lt;b&gt;(NICE-11)&lt;/b&gt;" in by_ruling
    assert "Anna played 5C but held Tarots" in by_ruling  # why it needed one, still
    assert "Revision 2 by Scorer: retyped" in by_revision and "(was invalid)" in by_revision


def test_wall_screen_and_the_tag_it_polls(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    """#23.8: the wall page shows the standings without the site's header, says how many
    hands wait; live.json gives the tournament's tag (304 while unchanged) and both pages
    carry it with the script that polls it."""
    wall = text_of(client.get(f"/tournaments/{tournament.id}/wall"))
    assert '<header class="site">' not in wall and 'class="wall' in wall
    assert re.findall(r'<td class="rank">([^<]+)</td><th scope="row">([^<]+)</th>', wall) == [
        ("1", "Carla"),
        ("2=", "Bruno"),
        ("2=", "Dario"),
        ("4", "Anna"),
    ]
    assert "1 hand waiting for a director: Round 2, hand 1." in wall
    assert "live.js" in wall and "<script>" not in wall  # the CSP allows only files
    live = client.get(f"/tournaments/{tournament.id}/live.json")
    tag = live.get_json()["version"]
    assert f'data-live-version="{tag}"' in wall
    assert f'data-live-version="{tag}"' in text_of(client.get(f"/tournaments/{tournament.id}"))
    again = client.get(
        f"/tournaments/{tournament.id}/live.json", headers={"If-None-Match": f'"{tag}"'}
    )
    assert again.status_code == 304
    service.add_ruling(
        store,
        store.hand(revoke_hand)["session_id"],
        {"Anna": -1, "Bruno": 1},
        "noted",
        "TD",
        revoke_hand,
        "t",
    )
    changed = client.get(
        f"/tournaments/{tournament.id}/live.json", headers={"If-None-Match": f'"{tag}"'}
    )
    assert changed.status_code == 200 and changed.get_json()["version"] != tag
    wall = text_of(client.get(f"/tournaments/{tournament.id}/wall"))
    assert "No hand is waiting for a director." in wall
    assert client.get("/tournaments/999/wall").status_code == 404
    assert client.get("/tournaments/999/live.json").status_code == 404


def standings_tables(page: str) -> dict[str, tuple[str, list[tuple[str, str, str]]]]:
    """Each standings table of a tournament page: its heading's unit and (rank, player,
    total) per row."""
    out = {}
    for game, unit, body in re.findall(
        r'<h3 id="standings-([^"]+)"[^>]*>.*?</code>\), in ([^<]+)</span></h3>\s*'
        r'(?:<div class="scroll[^>]*>)?<table class="standings".*?<tbody>(.*?)</tbody>',
        page,
        re.S,
    ):
        rows = re.findall(
            r'<td class="rank">([^<]+)</td><th scope="row">([^<]+)</th><td class="num[^"]*">'
            r"([^<]+)</td>",
            body,
        )
        out[game] = (unit, rows)
    return out


def test_tournament_standings_per_game_with_units(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """#20.13: a session of each game gives a table per game, headed with the game and its
    unit; pinch and piedicavallo count games won (PINCH-8, PIE-7); the CSV likewise."""
    six_sessions(store, tournament.id)
    page = text_of(client.get(f"/tournaments/{tournament.id}"))
    tables = standings_tables(page)
    assert list(tables) == list(SIX)
    for game, (unit, expected) in EXPECTED.items():
        shown_unit, rows = tables[game]
        assert shown_unit == unit, game
        signed = [
            (rank, player, str(total) if unit == "games won" else f"{total:+d}" if total else "0")
            for rank, player, total in expected
        ]
        assert rows == signed, game
        assert html.escape(GAMES[game].title) in page
    assert 'href="/rules/pinch#PINCH-8"' in page and 'href="/rules/piedicavallo#PIE-7"' in page
    assert 'href="/rules/piemonte3#PIE3-8"' in page  # a ruling ID with a digit in its game
    assert "net" not in re.findall(r"<th scope=\"col\" class=\"num\">([^<]+)</th>", page)
    response = client.get(f"/tournaments/{tournament.id}/standings.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert text_of(response) == text_of(
        client.get(f"/api/tournaments/{tournament.id}/standings?format=csv")
    )
    assert "pinch,games won,1,Anna,1,1,2,1,0" in text_of(response).splitlines()


def test_standings_csv_of_a_private_tournament_is_404_to_others(
    client: FlaskClient, store: Store
) -> None:
    tid = store.create_tournament("Closed", private=True)
    assert client.get(f"/tournaments/{tid}/standings.csv").status_code == 404


def test_session_page_shows_who_won(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """#20.14: the result at the top of the session page, before the sheet."""
    ids = six_sessions(store, tournament.id)
    expected = {
        "pinch": "game 1 (hands 1-2): Anna 126, Bruno 118: Anna wins",
        "piedicavallo": "Anna and Carla win the game by 14 after four deals",
        "minchiate": "ahead: Anna and Carla with +5 rest",
        "piemonte3": "ahead: Carla with +8 game points",
        "nice4": "ahead: Dario with +7 marca",
    }
    for game, words in expected.items():
        page = text_of(client.get(f"/sessions/{ids[game]}"))
        result = page[page.index('id="result-heading"') : page.index('class="sheet"')]
        assert html.escape(words) in result, game


def test_engine_penalties_are_labelled_not_rulings(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """#20.15: Minchiate's unfinished giro (MIN-16) rows are the engine's penalties, linked
    to their ruling; the revoke's hand names MIN-13; no row is badged a ruling."""
    sid = six_sessions(store, tournament.id)["minchiate"]
    page = text_of(client.get(f"/sessions/{sid}"))
    sheet = page[page.index('class="sheet"') : page.index("</table>", page.index('class="sheet"'))]
    assert sheet.count('class="kind-penalty') == 3
    assert 'class="kind-ruling' not in sheet and ">ruling<" not in sheet
    assert sheet.count('<a class="rule" href="/rules/minchiate#MIN-16">MIN-16</a>') == 3
    assert "the engine&#39;s penalty (MIN-13): revoke by Bruno in trick 4" in sheet
    rulings = page[page.index("Director's rulings") :]
    assert '<p class="muted">None.</p>' in rulings


# -- rules --------------------------------------------------------------------------------
@pytest.mark.parametrize("key", list(GAMES))
def test_rules_page_per_game(client: FlaskClient, key: str) -> None:
    game = get_game(key)
    page = text_of(client.get(f"/rules/{key}"))
    assert html.escape(game.title) in page
    for option in game.options:
        assert f"<code>{html.escape(option.name)}</code>" in page
        assert f"default <code>{html.escape(option.default)}</code>" in page
    for ruling in game.rulings:
        assert f'id="{ruling}"' in page
    index = text_of(client.get("/rules"))
    assert f'href="/rules/{key}"' in index


# -- escaping -----------------------------------------------------------------------------
def test_hostile_names_are_escaped(client: FlaskClient, store: Store) -> None:
    tid = store.create_tournament(HOSTILE)
    players = ["<b>Anna", "Bruno&amp", "<img/src=x/onerror=alert(1)>", "Dario"]
    sid = service.create_session(store, tid, "nice4", players, {}, HOSTILE, "t")
    record = get_game("nice4").random_record(random.Random(4), players=players)
    hand_id = service.upload(store, sid, write(record), "t")[0].hand_id
    for path in ("/", f"/tournaments/{tid}", f"/sessions/{sid}", f"/hands/{hand_id}"):
        page = text_of(client.get(path))
        assert HOSTILE not in page and "<img/src" not in page and "<b>Anna" not in page, path
        assert "Bruno&amp;amp" in page or path == "/", path
        assert "&lt;script&gt;" in page, path


def test_verify_escapes_the_text(client: FlaskClient) -> None:
    text = TOUR.replace("README tour", HOSTILE + " tour")
    page = text_of(client.post("/verify", data={"csrf_token": csrf(client), "text": text}))
    assert HOSTILE not in page and "&lt;script&gt;" in page


# -- verify -------------------------------------------------------------------------------
def test_verify_revoke(client: FlaskClient) -> None:
    response = client.post("/verify", data={"csrf_token": csrf(client), "text": REVOKE_TOUR})
    page = text_of(response)
    assert response.status_code == 200
    assert "MUST_FOLLOW_TRUMPS" in page and 'href="#r1-trick-1"' in page
    assert 'id="r1-trick-1"' in page and "is-flagged" in page


def test_verify_a_file(client: FlaskClient) -> None:
    from io import BytesIO

    response = client.post(
        "/verify",
        data={"csrf_token": csrf(client), "file": (BytesIO(CALLED_KING.encode()), "hand.txt")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 200
    assert "status-clean" in text_of(response)


def test_verify_malformed_marks_line_and_column(client: FlaskClient) -> None:
    text = CALLED_KING.replace("1. 7 9 3 11", "1. 7 ZZ 3 11")
    page = text_of(client.post("/verify", data={"csrf_token": csrf(client), "text": text}))
    assert "status-invalid" in page and 'href="#L20" target="_self">line 20:6</a>' in page
    assert re.search(r'<mark class="tok sev-error"[^>]*>ZZ</mark>', page)


def test_verify_several_records_shows_a_ledger(client: FlaskClient) -> None:
    page = text_of(client.post("/verify", data={"csrf_token": csrf(client), "text": SESSION_TEXT}))
    totals = [int(x) for x in re.findall(r'<b class="final">(-?\d+)</b>', page)]
    assert totals == [SESSION_BALANCES[p] for p in PLAYERS]


def test_verify_bad_input(client: FlaskClient) -> None:
    token = csrf(client)
    assert client.post("/verify", data={"csrf_token": token, "text": "  "}).status_code == 400
    bad = client.post(
        "/verify", data={"csrf_token": token, "text": TOUR, "options": "no-such=thing"}
    )
    assert bad.status_code == 422 and "no rule option" in text_of(bad)
    junk = client.post("/verify", data={"csrf_token": token, "text": "\x00\ufffd[[[ ]]"})
    assert junk.status_code == 200 and "status-invalid" in text_of(junk)


# -- CSRF ---------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/verify", "/login", "/logout"])
def test_forms_refuse_a_missing_or_foreign_csrf_token(
    client: FlaskClient, app: Flask, path: str
) -> None:
    assert client.post(path, data={"text": TOUR, "token": "x"}).status_code == 400
    csrf(client)  # this client now has a token in its session...
    other = app.test_client()
    foreign = csrf(other)  # ...and another visitor's token is not it
    response = client.post(path, data={"csrf_token": foreign, "text": TOUR, "token": "x"})
    assert response.status_code == 400
    assert "did not come from this site" in text_of(response)


# -- director login and storing -----------------------------------------------------------
def test_login_and_store(client: FlaskClient, store: Store, tournament: Tournament) -> None:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 9", "t")
    bad = client.post("/login", data={"csrf_token": csrf(client, "/login"), "token": "tar_wrong"})
    assert bad.status_code == 401
    refused = client.post(
        "/verify",
        data={"csrf_token": csrf(client), "text": TOUR, "action": "store", "session_id": sid},
    )
    assert refused.status_code == 401 and store.hands(sid) == []
    login(client, tournament.token)
    page = text_of(client.get("/verify"))
    assert f'<option value="{sid}"' in page and "Verify and store" in page
    stored = client.post(
        "/verify",
        data={
            "csrf_token": csrf(client),
            "text": REVOKE_TOUR,
            "action": "store",
            "session_id": sid,
        },
    )
    hands = store.hands(sid)
    assert len(hands) == 1 and hands[0]["status"] == "flagged"
    assert stored.status_code == 302 and stored.headers["Location"] == f"/hands/{hands[0]['id']}"
    assert "Stored 1 hand" in text_of(client.get(stored.headers["Location"]))
    again = client.post(
        "/verify",
        data={
            "csrf_token": csrf(client),
            "text": REVOKE_TOUR,
            "action": "store",
            "session_id": sid,
        },
    )
    assert again.status_code == 302 and len(store.hands(sid)) == 1  # a duplicate
    wrong = client.post(
        "/verify",
        data={
            "csrf_token": csrf(client),
            "text": TOUR.replace("Dario", "Ezio"),
            "action": "store",
            "session_id": sid,
        },
    )
    assert wrong.status_code == 422 and "nothing was stored" in text_of(wrong)
    assert len(store.hands(sid)) == 1
    # the audit log names the token and the web
    assert any("via the web" in row["actor"] for row in store.audit_log("hand"))


def test_store_only_in_ones_own_tournament(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    other = store.create_tournament("Other cup")
    other_sid = service.create_session(store, other, "nice4", PLAYERS, {}, "", "t")
    login(client, tournament.token)
    response = client.post(
        "/verify",
        data={"csrf_token": csrf(client), "text": TOUR, "action": "store", "session_id": other_sid},
    )
    assert response.status_code == 422 and store.hands(other_sid) == []


def test_logout_and_revoked_token(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    login(client, tournament.token)
    assert "Log out" in text_of(client.get("/"))
    response = client.post("/logout", data={"csrf_token": csrf(client, "/")})
    assert response.status_code == 302 and "Director login" in text_of(client.get("/"))
    login(client, tournament.token)
    token_id = store.token_row(tournament.token)["id"]
    store.revoke_token(token_id)
    assert "Director login" in text_of(client.get("/"))


# -- private tournaments ------------------------------------------------------------------
def test_private_tournament_hidden(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    pid = store.create_tournament("Closed club", private=True)
    token = store.create_token(pid, "club")
    sid = service.create_session(store, pid, "nice4", PLAYERS, {}, "Members", "t")
    hand_id = service.upload(store, sid, TOUR, "t")[0].hand_id
    paths = [
        f"/tournaments/{pid}",
        f"/sessions/{sid}",
        f"/hands/{hand_id}",
        f"/sessions/{sid}/sheet.csv",
        f"/hands/{hand_id}/record.txt",
        f"/tournaments/{pid}/wall",
        f"/tournaments/{pid}/live.json",
    ]
    for path in paths:
        assert client.get(path).status_code == 404, path
    assert "Closed club" not in text_of(client.get("/"))
    login(client, tournament.token)  # another tournament's director sees nothing either
    for path in paths:
        assert client.get(path).status_code == 404, path
    login(client, token)
    for path in paths:
        assert client.get(path).status_code == 200, path
    assert "Closed club" in text_of(client.get("/"))


# -- what the pages compute ---------------------------------------------------------------
def test_held_cards_follow_the_play() -> None:
    """Over random legal hands: after the deal the four hands hold the whole pack; after
    trick k (the discard gone) 76 - 4k cards, and every card played in trick k left its
    player's hand at step k."""
    from records.notation import read
    from records.pipeline import check_parsed
    from records.schemas import dump_report

    game = get_game("nice4")
    rng = random.Random(11)
    checked = 0
    for _ in range(12):
        record = game.random_record(rng)
        report = dump_report(check_parsed(read(write(record))[0]).report)
        if report["status"] != "clean" or not report["tricks"]:
            continue
        held = present.held_cards(report)
        steps = len(report["tricks"])

        def count(step: int, held: dict = held) -> int:
            return sum(1 for cards in held.values() for h in cards if h.start <= step < h.stop)

        assert count(0) == 78
        for k in range(1, steps + 1):
            assert count(k) == 76 - 4 * k
            for play in report["tricks"][k - 1]["plays"]:
                mine = [h for h in held[play["seat"]] if h.card == play["card"]]
                assert len(mine) == 1 and mine[0].stop == k
        checked += 1
    assert checked >= 5


def test_annotate_marks_the_token() -> None:
    lines = present.annotate(
        "a b\n1. 7 ZZ 3\n",
        [{"line": 2, "column": 6, "severity": "error"}, {"line": 9, "severity": "note"}],
    )
    assert [s.text for s in lines[1].segments] == ["1. 7 ", "ZZ", " 3"]
    assert lines[1].segments[1].finding == 0 and lines[1].severity == "error"
    assert lines[0].severity is None


def test_chart_points(session_id: int, store: Store) -> None:
    ledger = service.session_ledger(store, session_id)
    chart = present.balance_chart(ledger)
    assert [len(s.points) for s in chart.series] == [1 + len(ledger.rows)] * 4
    assert [s.points[-1][2] for s in chart.series] == [SESSION_BALANCES[p] for p in PLAYERS]
    assert all(p[1] == chart.baseline for s in chart.series for p in s.points[:1])


def test_web_doctests() -> None:
    import doctest

    for module in (cardface, diffs, present):
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__


def test_card_faces() -> None:
    assert "XXI" in cardface.card_face("21") and "Trump XXI (21)" in cardface.card_svg("21")
    assert "FOOL" in cardface.card_face("Fool")
    assert "#pips-coins" in cardface.card_face("KD", "italian")
    assert "#pips-diamonds" in cardface.card_face("KD", "french")
    assert cardface.card_name("QS", "french") == "Queen of spades"
    assert "XL" in cardface.card_face("40")  # Minchiate's highest trump
    assert "?" in cardface.card_face("?")
    # a card's name never carries markup, even for a text no card has
    assert "<b>" not in cardface.card_svg("<b>")


def test_bagatto_is_named_for_people() -> None:
    """#23.13: trump I is "the Bagatto" in words for people; its notation stays ``1``."""
    assert cardface.card_name("1") == "Trump I (the Bagatto)"
    assert 'href="#ci1"' in cardface.card_svg("1") and ">1</text>" in cardface.card_face("1")


def test_hand_page_draws_each_face_once(client: FlaskClient, revoke_hand: int) -> None:
    """#23.11: every card on the hand page refers to its face in the sprite the browser
    fetches once (web/static/cards.svg, served at the short /c.svg, fingerprinted since
    #31.5), which holds every face and is kept up to date; the page, 105 KB of inline SVG
    before, is under 43 KB (40 KB before the fingerprint: 9 bytes a card, some 90 bytes
    gzipped; 42 KB before #33's words of the game linked to the glossary and the engine's
    words marked for the language test)."""
    page = text_of(client.get(f"/hands/{revoke_hand}"))
    uses = re.findall(
        r'<svg class="card[^"]*" role="img" aria-label="[^"]+">'
        r'<use href="/c\.[0-9a-f]{8}\.svg#([^"]+)"/></svg>',
        page,
    )
    assert len(uses) == page.count('<svg class="card') > 150
    assert "<symbol" not in page
    sprite = (ROOT / "web" / "static" / "cards.svg").read_text()
    assert sprite == cardface.sprite()  # regenerate: python -m web.cardface > web/static/cards.svg
    faces = set(re.findall(r'<symbol id="(c[^"]+)"', sprite))
    assert set(uses) <= faces and len(set(uses)) == 78
    assert len(page.encode()) < 43_000
    served = client.get("/c.svg")
    assert served.status_code == 200 and served.mimetype == "image/svg+xml"
    assert served.get_data(as_text=True) == sprite


def test_face_style_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    assert present.face_style("nice4") == "italian"
    assert present.face_style("nice4", "french") == "french"
    monkeypatch.setitem(present.GAME_FACES, "nice4", "french")
    assert present.face_style("nice4") == "french"
    for key, game in GAMES.items():
        expected = "french" if game.default_suits in ("french", "symbols") else "italian"
        assert present.face_style(key) == (present.GAME_FACES.get(key) or expected)


# -- every registered game ----------------------------------------------------------------
@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_gets_its_pages(
    client: FlaskClient, store: Store, tournament: Tournament, key: str
) -> None:
    """A random session of each registered engine, stored: its sheet, hands and the verify
    page render from the reports alone, cards in the game's suits."""
    game = get_game(key)
    records = game.random_session(random.Random(3), 3)
    players = records[0].players
    sid = service.create_session(store, tournament.id, key, players, {}, f"{key} table", "t")
    text = "\n".join(write(r) for r in records)
    results = service.upload(store, sid, text, "t")
    sheet = text_of(client.get(f"/sessions/{sid}"))
    assert sheet.count('<tr class="kind-hand') == len(records)
    assert len(re.findall(r"<polyline", sheet)) == len(players)
    assert ('class="paper"' in sheet) is (game.paper_sheet_rule is not None)
    faces = ".svg#cf" if present.face_style(key) == "french" else ".svg#ci"
    for result in results:
        page = text_of(client.get(f"/hands/{result.hand_id}"))
        assert "data-replay" in page and page.count('class="seat place-') == len(players)
        assert faces in page or '<svg class="card' not in page
        assert (".svg#cf" in page) == (faces == ".svg#cf")
    verified = text_of(client.post("/verify", data={"csrf_token": csrf(client), "text": text}))
    assert verified.count('class="badge status-') >= len(records)


def test_paper_sheet_writes_melds_and_deck_points() -> None:
    """The pinch layout from the rule text: meld codes in the player's column, then deck
    points (the PINCH-2 line), then the hand's total."""
    import json

    report = {
        "status": "clean",
        "settlement": {"A": 56, "B": 75},
        "lines": [
            {"label": "10T ten trumps", "rule": "PINCH-5", "amounts": {"A": 10, "B": 0}},
            {"label": "2T twelve trumps", "rule": "PINCH-5", "amounts": {"A": 2, "B": 0}},
            {"label": "10G family of spades", "rule": "PINCH-5", "amounts": {"A": 0, "B": 10}},
            {"label": "20B Bagatto ultimo", "rule": "PINCH-7", "amounts": {"A": 0, "B": 20}},
            {"label": "deck points: A 46; B 45", "rule": "PINCH-2", "amounts": {"A": 46, "B": 45}},
        ],
    }
    rows = [
        {"id": 7, "position": 1, "status": "clean", "report_json": json.dumps(report)},
        {
            "id": 8,
            "position": 2,
            "status": "invalid",
            "report_json": json.dumps({"status": "invalid", "lines": []}),
        },
    ]
    first, second = present.paper_sheet(rows, ["A", "B"], "pinch")
    assert first.marks == [["10T", "2T"], ["10G", "20B"]]
    assert first.deck == [46, 45] and first.totals == [56, 75]
    assert second.marks == [[], []] and second.deck == [None, None]
    assert second.totals == [0, 0]


def test_impossible_and_partial_hands(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """G-2: a card played twice stops the replay; the hand page shows the error on its
    line and what came before. A record without its deal and with an unknown card is
    partial: listed for the director, not scored on the sheet."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 5", "t")
    twice = CALLED_KING.replace("1. 7 9 3 11", "1. 7 9 9 11")
    partial = "\n".join(
        line for line in CALLED_KING.splitlines() if not line.startswith("hand ")
    ).replace("19. AC 8 10D CC", "19. AC 8 ? CC")
    bad, part = (service.upload(store, sid, text, "t")[0] for text in (twice, partial))
    assert (bad.status, part.status) == ("invalid", "partial")
    page = text_of(client.get(f"/hands/{bad.hand_id}"))
    assert "status-invalid" in page and 'href="#L20" target="_self">line 20:8</a>' in page
    assert re.search(r'<mark class="tok sev-error"[^>]*>9</mark>', page)
    assert "no payments (invalid)" in page
    page = text_of(client.get(f"/hands/{part.hand_id}"))
    assert "status-partial" in page and page.count('id="trick-') == 1 + 19
    sheet = text_of(client.get(f"/sessions/{sid}"))
    assert sheet.count("not scored") == 2
    assert [int(x) for x in re.findall(r'<b class="final">(-?\d+)</b>', sheet)] == [10] * 4
    attention = text_of(client.get(f"/tournaments/{tournament.id}"))
    assert f'href="/hands/{bad.hand_id}"' in attention
    assert f'href="/hands/{part.hand_id}"' in attention


def test_an_impossible_trick_is_not_linked_but_explained(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """The replay stops inside trick 1 (G-2): no trick panel to link to, so the finding
    points at its line, and the deal's panel says where and why the replay stopped."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 6", "t")
    hand_id = service.upload(store, sid, CALLED_KING.replace("1. 7 9 3 11", "1. 7 9 9 11"), "t")[
        0
    ].hand_id
    page = text_of(client.get(f"/hands/{hand_id}"))
    assert 'href="#trick-1"' not in page and 'id="trick-1"' not in page
    deal = page[page.index('id="trick-0"') : page.index("</section>")]
    assert "The replay stops in trick 1: 9 was already played" in deal


def test_ruling_ids_become_links_and_text_stays_escaped(app: Flask) -> None:
    from web.pages import link_rulings

    with app.test_request_context():
        out = str(link_rulings("<b>Anna</b> pays (NICE-15, ZZZ-1) & G-2", "nice4"))
    assert out == (
        '&lt;b&gt;Anna&lt;/b&gt; pays (<a class="rule" href="/rules/nice4#NICE-15">'
        'NICE-15</a>, ZZZ-1) &amp; <a class="rule" href="/rules/nice4#G-2">G-2</a>'
    )


def test_rules_page_links_its_rulings(client: FlaskClient) -> None:
    page = text_of(client.get("/rules/nice4"))
    rulings = page[page.index('id="rulings"') : page.index('id="example"')]
    assert '<a class="rule" href="/rules/nice4#NICE-2">NICE-2</a>' in rulings  # NICE-6's text
    assert ":mod:" not in page and "``" not in page


def test_embedded_hand(client: FlaskClient, revoke_hand: int) -> None:
    """``?embed=1``: the hand without the site's header and footer, frameable by any site;
    the normal page may only be framed by this site."""
    normal = client.get(f"/hands/{revoke_hand}")
    assert "frame-ancestors 'self'" in normal.headers["Content-Security-Policy"]
    assert '<header class="site">' in text_of(normal) and "embed=1" in text_of(normal)
    embedded = client.get(f"/hands/{revoke_hand}?embed=1")
    assert "frame-ancestors *" in embedded.headers["Content-Security-Policy"]
    page = text_of(embedded)
    assert '<header class="site">' not in page and "<form" not in page
    assert 'id="trick-1"' in page and "is-flagged" in page


# -- a director's corrections and rulings from the pages ----------------------------------
def test_director_corrects_a_hand(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    url = f"/hands/{revoke_hand}/revisions"
    form = {"text": TOUR, "author": "Bruno", "reason": "the scorer swapped 4 and 5C"}
    assert client.post(url, data=form).status_code == 400  # no CSRF token
    assert client.post(url, data={**form, "csrf_token": csrf(client)}).status_code == 403
    assert "Correct this record" not in text_of(client.get(f"/hands/{revoke_hand}"))
    login(client, tournament.token)
    assert "Correct this record" in text_of(client.get(f"/hands/{revoke_hand}"))
    refused = client.post(url, data={**form, "reason": " ", "csrf_token": csrf(client)})
    assert refused.status_code == 422 and len(store.revisions(revoke_hand)) == 1
    response = client.post(url, data={**form, "csrf_token": csrf(client)})
    assert response.status_code == 302
    revisions = store.revisions(revoke_hand)
    assert [r["status"] for r in revisions] == ["flagged", "clean"]
    assert revisions[1]["reason"] == "the scorer swapped 4 and 5C"
    page = text_of(client.get(f"/hands/{revoke_hand}"))
    assert "Revision 2 stored: the hand is now clean." in page and "status-clean" in page


def test_correction_editor_checks_before_storing(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    """#23.2: the page is the director's, in the /verify page's editor (editor.html, checked
    by editor.js as a correction: no script of its own); Check shows the verdict and the
    payments the correction gives beside the current revision's, and stores nothing; Store
    stores."""
    url = f"/hands/{revoke_hand}/correct"
    assert client.get(url).status_code == 403
    login(client, tournament.token)
    page = text_of(client.get(url))
    assert "1. 10 17 5C 9" in page and "Store as revision 2" in page  # the current text
    assert "data-editor-root" in page and 'class="editor-findings"' in page
    assert f'data-editor="/hands/{revoke_hand}/correct/preview" data-editor-kind="correction"' in (
        page
    )
    assert "correct.js" not in page
    form = {"text": TOUR, "author": "Bruno", "reason": "the scorer swapped 4 and 5C"}
    checked = client.post(url, data={**form, "action": "check", "csrf_token": csrf(client)})
    assert checked.status_code == 200
    page = text_of(checked)
    assert "the corrected record is clean (now flagged)" in page
    # the revoke is scored as played (G-1): the tour pays the same, Anna -8 and Carla +8
    rows = re.findall(
        r'<th scope="row">(\w+)</th><td class="num">([^<]+)</td><td class="num">([^<]+)</td>'
        r'<td class="num">([^<]+)</td>',
        page,
    )
    assert rows == [
        ("Anna", "-8", "-8", "0"),
        ("Bruno", "0", "0", "0"),
        ("Carla", "+8", "+8", "0"),
        ("Dario", "0", "0", "0"),
    ]
    assert len(store.revisions(revoke_hand)) == 1  # a check stores nothing
    stored = client.post(url, data={**form, "action": "store", "csrf_token": csrf(client)})
    assert stored.status_code == 302 and stored.location.endswith(f"/hands/{revoke_hand}")
    assert [r["status"] for r in store.revisions(revoke_hand)] == ["flagged", "clean"]


def test_a_malformed_correction_returns_to_the_editor_at_its_place(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    """#23.2: a correction that cannot be read, posted from the hand page, comes back to
    the editor with its text, the finding at line:column in a list and marked in the text,
    not on a bare error page; so does one of another seating, and one with no reason."""
    login(client, tournament.token)
    bad = REVOKE_TOUR.replace("1. 10 17 5C 9", "1. 10 17 ZZ 9")
    line = bad.splitlines().index("1. 10 17 ZZ 9") + 1
    form = {"text": bad, "author": "Bruno", "reason": "retyped", "csrf_token": csrf(client)}
    response = client.post(f"/hands/{revoke_hand}/revisions", data=form)
    assert response.status_code == 422
    page = text_of(response)
    assert "<b>Cannot be stored:</b> record 1 cannot be read" in page
    assert f'data-line="{line}" data-column="10">line {line}:10</a> <code>NOTATION</code>' in page
    assert re.search(r'<mark class="tok sev-error"[^>]*>ZZ</mark>', page)
    assert "1. 10 17 ZZ 9" in page  # the text as sent, in the form
    assert 'value="retyped"' in page
    seated = TOUR.replace('"Anna, Bruno, Carla, Dario"', '"Anna, Carla, Bruno, Dario"')
    page = text_of(client.post(f"/hands/{revoke_hand}/revisions", data={**form, "text": seated}))
    assert "this session seats Anna, Bruno, Carla, Dario in that order" in page
    no_reason = client.post(
        f"/hands/{revoke_hand}/revisions", data={**form, "text": TOUR, "reason": " "}
    )
    assert no_reason.status_code == 422
    assert "a correction names its author and reason" in text_of(no_reason)
    assert "the corrected record is clean" in text_of(no_reason)  # the text itself is fine
    assert len(store.revisions(revoke_hand)) == 1


def correction_text(page: str) -> str:
    """The text in the correction page's editor, as the browser shows it."""
    textarea = re.search(r'<textarea id="correct-text"[^>]*>([^<]*)</textarea>', page)
    assert textarea is not None
    return html.unescape(textarea.group(1)).strip()


def test_a_malformed_correction_stored_without_javascript_keeps_the_form(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    """#23.2: the correction page's own Store (the form as a browser without JavaScript
    posts it) with a card that is no card: the correction page again (422, not an error
    page), the text in the editor's textarea, who and why kept, the refusal and the finding
    at its line:column linked to its line of the text as checked, where it is marked."""
    login(client, tournament.token)
    bad = REVOKE_TOUR.replace("15. 13 18 4 4C", "15. 13 18 4 XQ")
    line = bad.splitlines().index("15. 13 18 4 XQ") + 1
    form = {"text": bad, "author": "Bruno", "reason": "retyped", "action": "store"}
    response = client.post(
        f"/hands/{revoke_hand}/correct", data={**form, "csrf_token": csrf(client)}
    )
    assert response.status_code == 422
    page = text_of(response)
    assert re.search(r"<h1>Correct .*, hand 1 \(id \d+\)</h1>", page)
    assert correction_text(page) == bad.strip()
    assert 'value="Bruno"' in page and 'value="retyped"' in page
    assert "<b>Cannot be stored:</b> record 1 cannot be read" in page
    assert (
        f'<a class="at" href="#L{line}" data-line="{line}" data-column="13">line {line}:13</a>'
        in page
    )
    assert re.search(rf'<li id="L{line}" class="has-error">.*?<mark class="tok sev-error"', page)
    assert len(store.revisions(revoke_hand)) == 1


INVALID_TOUR = TOUR.replace("1. 10 17 4 9", "1. 10 17 4 4")  # Dario's 9 written as a second 4
PARTIAL_TOUR = "\n".join(line for line in TOUR.splitlines() if not line.startswith("19.")) + "\n"


@pytest.mark.parametrize(("text", "status"), [(INVALID_TOUR, "invalid"), (PARTIAL_TOUR, "partial")])
def test_an_invalid_or_partial_correction_is_stored_only_when_confirmed(
    client: FlaskClient,
    store: Store,
    tournament: Tournament,
    revoke_hand: int,
    text: str,
    status: str,
) -> None:
    """#23.2, as "Verify and store" asks (#23.1): a correction that would make the hand
    invalid or partial (scoring nothing, G-2) is not stored at the first Store; the page
    comes back (422) with the text, the verdict, the payments beside the current ones
    ("none" for a record that pays nothing) and the box to confirm it; ticked, it is stored.
    The editor's check says so too (``needs_confirmation``)."""
    login(client, tournament.token)
    url = f"/hands/{revoke_hand}/correct"
    form = {"text": text, "author": "Bruno", "reason": "as the sheet says", "action": "store"}
    asked = client.post(url, data={**form, "csrf_token": csrf(client)})
    assert asked.status_code == 422 and len(store.revisions(revoke_hand)) == 1
    page = text_of(asked)
    assert f"nothing was stored: the corrected record is {status}; tick the box" in page
    assert f"the corrected record is {status} (now flagged)" in page
    assert '<div class="correction-confirm" data-correction-confirm>' in page  # not hidden
    assert re.search(r'<input type="checkbox" name="confirm" value="1"[^>]*> Store it all', page)
    assert '<th scope="row">Anna</th><td class="num">-8</td><td class="num">none</td>' in page
    assert correction_text(page) == text.strip()
    check = client.post(f"{url}/preview", data={"text": text, "csrf_token": csrf(client)})
    assert (check.get_json()["status"], check.get_json()["needs_confirmation"]) == (status, True)
    stored = client.post(url, data={**form, "confirm": "1", "csrf_token": csrf(client)})
    assert stored.status_code == 302
    assert [r["status"] for r in store.revisions(revoke_hand)] == ["flagged", status]


def test_a_clean_correction_needs_no_confirmation(
    client: FlaskClient, tournament: Tournament, revoke_hand: int
) -> None:
    """#23.2: the confirmation box is on the page but hidden and disabled for a text that
    is not invalid or partial (the editor's script shows it when the text needs it)."""
    login(client, tournament.token)
    page = text_of(client.get(f"/hands/{revoke_hand}/correct"))
    assert '<div class="correction-confirm" data-correction-confirm hidden>' in page
    assert re.search(r'name="confirm" value="1"[^>]* disabled>', page)


def test_correction_preview_answers_the_editors_script(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    """#23.2: the JSON the editor's script asks while the director types: the verdict, the
    findings at their line and column, the payments beside the current ones; ``ok: false``
    with the findings when the text cannot be a correction; the director's only, with the form's
    CSRF token."""
    url = f"/hands/{revoke_hand}/correct/preview"
    assert client.post(url, data={"text": TOUR, "csrf_token": csrf(client)}).status_code == 403
    login(client, tournament.token)
    assert client.post(url, data={"text": TOUR}).status_code == 400  # no CSRF token
    ok = client.post(url, data={"text": TOUR, "csrf_token": csrf(client)})
    assert ok.status_code == 200
    body = ok.get_json()
    assert (body["ok"], body["status"], body["current_status"], body["unchanged"]) == (
        True,
        "clean",
        "flagged",
        False,
    )
    assert body["payments"][0] == {"player": "Anna", "recorded": -8, "repaired": -8, "change": 0}
    same = client.post(url, data={"text": REVOKE_TOUR, "csrf_token": csrf(client)}).get_json()
    assert same["unchanged"] and same["findings"][0]["code"] == "MUST_FOLLOW_TRUMPS"
    bad = client.post(
        url,
        data={"text": TOUR.replace("1. 10 17 4 9", "1. 10 17 ZZ 9"), "csrf_token": csrf(client)},
    )
    assert bad.status_code == 200  # the check went well; its answer is a refusal
    refused = bad.get_json()
    assert (refused["ok"], refused["code"]) == (False, "MALFORMED_RECORD")
    assert [(f["line"], f["column"]) for f in refused["findings"]] == [
        (TOUR.splitlines().index("1. 10 17 4 9") + 1, 10)
    ]
    assert len(store.revisions(revoke_hand)) == 1


def test_page_forms_keep_the_apis_limits(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    """#21.16: a 300,000-character reason was stored from the page; the pages now load
    their forms through the API's request schemas: the same limits, the same refusals."""
    sid = store.hand(revoke_hand)["session_id"]
    login(client, tournament.token)
    ruling = {"amount-0": "-1", "amount-1": "1", "author": "head", "reason": "x" * 300_000}
    response = client.post(f"/sessions/{sid}/rulings", data={**ruling, "csrf_token": csrf(client)})
    assert response.status_code == 422 and "reason" in text_of(response)
    long_author = {**ruling, "reason": "a revoke", "author": "y" * 201}
    response = client.post(
        f"/sessions/{sid}/rulings", data={**long_author, "csrf_token": csrf(client)}
    )
    assert response.status_code == 422 and "author" in text_of(response)
    assert store.rulings(sid) == []
    correction = {"text": TOUR, "author": "Bruno", "reason": "z" * 300_000}
    response = client.post(
        f"/hands/{revoke_hand}/revisions", data={**correction, "csrf_token": csrf(client)}
    )
    assert response.status_code == 422 and "reason" in text_of(response)
    assert len(store.revisions(revoke_hand)) == 1
    page = text_of(client.get(f"/sessions/{sid}"))
    assert 'maxlength="2000"' in page and 'max="1000000"' in page


def test_ruling_amounts_are_bounded_on_the_page(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    """#21.2: the page refuses what the API refuses: an amount beyond what a ruling may
    move, or one too long to be a number at all."""
    sid = store.hand(revoke_hand)["session_id"]
    login(client, tournament.token)
    url = f"/sessions/{sid}/rulings"
    for big in (str(10**309), "1000001", str(2**63)):
        form = {"amount-0": big, "amount-1": f"-{big}", "author": "h", "reason": "r"}
        response = client.post(url, data={**form, "csrf_token": csrf(client)})
        assert response.status_code == 422, big
    assert store.rulings(sid) == []
    form = {"amount-0": "1000000", "amount-1": "-1000000", "author": "h", "reason": "r"}
    assert client.post(url, data={**form, "csrf_token": csrf(client)}).status_code == 302


def test_the_sheet_renders_whatever_is_stored(
    client: FlaskClient, store: Store, session_id: int
) -> None:
    """#21.2: a ruling of 10**309 stored before amounts were bounded made the sheet a 500
    (its chart divided in floats); it renders, and the ledger and CSV still answer."""
    store.add_ruling(session_id, {"Anna": 10**309, "Bruno": -(10**309)}, "old", "h", None, "t")
    page = client.get(f"/sessions/{session_id}")
    assert page.status_code == 200
    assert str(10**309 + SESSION_BALANCES["Anna"]) in text_of(page)
    assert client.get(f"/sessions/{session_id}/sheet.csv").status_code == 200


def test_director_adds_a_ruling(
    client: FlaskClient, store: Store, tournament: Tournament, revoke_hand: int
) -> None:
    sid = store.hand(revoke_hand)["session_id"]
    url = f"/sessions/{sid}/rulings"
    form = {
        "amount-0": "-3",
        "amount-1": "1",
        "amount-2": "1",
        "amount-3": "1",
        "reason": "Anna's revoke (NICE-11)",
        "author": "head",
        "hand_id": str(revoke_hand),
    }
    assert client.post(url, data={**form, "csrf_token": csrf(client)}).status_code == 403
    other = store.create_tournament("Other cup")
    login(client, store.create_token(other, "x"))  # another tournament's director
    assert client.post(url, data={**form, "csrf_token": csrf(client)}).status_code == 403
    login(client, tournament.token)
    unbalanced = client.post(url, data={**form, "amount-0": "-2", "csrf_token": csrf(client)})
    assert unbalanced.status_code == 422 and "add up to zero" in text_of(unbalanced)
    junk = client.post(url, data={**form, "amount-0": "three", "csrf_token": csrf(client)})
    assert junk.status_code == 422 and store.rulings(sid) == []
    assert client.post(url, data={**form, "csrf_token": csrf(client)}).status_code == 302
    [ruling] = store.rulings(sid)
    assert ruling["amounts"] == {"Anna": -3, "Bruno": 1, "Carla": 1, "Dario": 1}
    sheet = text_of(client.get(f"/sessions/{sid}"))
    totals = [int(x) for x in re.findall(r'<b class="final">(-?\d+)</b>', sheet)]
    assert totals == [10 - 8 - 3, 10 + 1, 10 + 8 + 1, 10 + 1]


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "javascript:alert(1)",
        "/\t/evil.example/",  # #21.3: browsers drop the tab and read //evil.example/
        "/\n/evil.example/",
        "/verify\r\nSet-Cookie: x=1",  # #21.3: a line break in the header was a 500
        "/ /evil.example/",
        "/no/such/page",  # not a page of this site
        "/logout",  # routed, but not for GET
    ],
)
def test_login_never_redirects_off_site(
    client: FlaskClient, tournament: Tournament, target: str
) -> None:
    """#21.3: ``next`` must be a path the app routes for GET; anything else goes to the
    front page."""
    response = client.post(
        "/login",
        data={"csrf_token": csrf(client, "/login"), "token": tournament.token, "next": target},
    )
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


def test_login_without_next_goes_to_the_tournament(
    client: FlaskClient, tournament: Tournament
) -> None:
    response = client.post(
        "/login", data={"csrf_token": csrf(client, "/login"), "token": tournament.token}
    )
    assert response.headers["Location"] == f"/tournaments/{tournament.id}"


def test_login_returns_to_a_routed_page_with_its_query(
    client: FlaskClient, tournament: Tournament
) -> None:
    target = f"/verify?session={tournament.id}"
    response = client.post(
        "/login",
        data={"csrf_token": csrf(client, "/login"), "token": tournament.token, "next": target},
    )
    assert response.headers["Location"] == target


# -- the login cookie (#21.14) --------------------------------------------------------------
def cookie_of(client: FlaskClient) -> str:
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def is_logged_in(app: Flask, cookie: str) -> bool:
    """Whether a fresh browser holding only this cookie is logged in."""
    other = app.test_client()
    other.set_cookie("session", cookie)
    return "Log out" in text_of(other.get("/"))


def test_the_login_cookie_never_holds_the_token(
    app: Flask, client: FlaskClient, tournament: Tournament
) -> None:
    login(client, tournament.token)
    cookie = cookie_of(client)
    content = app.session_interface.get_signing_serializer(app).loads(cookie)
    assert tournament.token not in cookie and tournament.token not in repr(content)
    assert set(content) <= {"login", "csrf_token", "_flashes"}
    assert is_logged_in(app, cookie)


def test_a_copy_of_the_cookie_is_worthless_after_logout(
    app: Flask, client: FlaskClient, tournament: Tournament
) -> None:
    login(client, tournament.token)
    copy = cookie_of(client)
    assert is_logged_in(app, copy)
    response = client.post("/logout", data={"csrf_token": csrf(client, "/")})
    assert response.status_code == 302
    assert not is_logged_in(app, copy)
    login(client, tournament.token)  # a new login works, with a new id
    assert is_logged_in(app, cookie_of(client)) and not is_logged_in(app, copy)


def test_logins_and_logouts_are_in_the_audit_log(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """A director's login and logout are written to the tournament's audit log, naming the
    token as every write does; a logout of a login already ended writes nothing."""
    login(client, tournament.token)
    copy = cookie_of(client)
    client.post("/logout", data={"csrf_token": csrf(client, "/")})
    client.set_cookie("session", copy)  # the old cookie, its login ended
    client.post("/logout", data={"csrf_token": csrf(client, "/login")})
    log = client.get(f"/api/tournaments/{tournament.id}/audit", headers=tournament.headers)
    rows = [(row["action"], row["actor"]) for row in log.get_json()]
    token = store.token_row(tournament.token)
    actor = f"token {token['id']} ({token['label']})"
    assert [row for row in rows if row[0] in ("login", "logout")] == [
        ("login", actor),
        ("logout", actor),
    ]


def test_revoking_the_token_ends_its_logins(
    app: Flask, client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    login(client, tournament.token)
    copy = cookie_of(client)
    store.revoke_token(store.token_row(tournament.token)["id"])
    assert not is_logged_in(app, copy)
    assert [row["ended_at"] is not None for row in store.db["logins"].rows] == [True]


def test_the_login_cookie_is_httponly_lax_and_secure_over_tls(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def set_cookie(response) -> str:
        [header] = [h for h in response.headers.getlist("Set-Cookie") if h.startswith("session=")]
        return header

    plain = set_cookie(app.test_client().get("/login"))
    assert "HttpOnly" in plain and "SameSite=Lax" in plain and "Secure" not in plain
    tls = set_cookie(app.test_client().get("/login", base_url="https://localhost"))
    assert "Secure" in tls and "HttpOnly" in tls and "SameSite=Lax" in tls
    monkeypatch.setenv("TAROCCO_SECURE_COOKIES", "1")  # behind a TLS proxy
    from web import create_app

    proxied = create_app({"TESTING": True, "DATABASE": str(tmp_path / "p.sqlite")})
    assert "Secure" in set_cookie(proxied.test_client().get("/login"))


def test_login_returns_to_the_page_it_came_from(
    client: FlaskClient, tournament: Tournament
) -> None:
    response = client.post(
        "/login",
        data={"csrf_token": csrf(client, "/login"), "token": tournament.token, "next": "/verify"},
    )
    assert response.headers["Location"] == "/verify"


def test_verify_too_long(client: FlaskClient, app: Flask) -> None:
    """A text beyond what a page should draw is refused with a pointer to the command
    line; a body beyond the service's limit is a 413 page, not JSON."""
    from web.pages import MAX_VERIFY_CHARS

    token = csrf(client)
    long = client.post(
        "/verify", data={"csrf_token": token, "text": TOUR * (MAX_VERIFY_CHARS // len(TOUR) + 1)}
    )
    assert long.status_code == 413 and "tarocco import" in text_of(long)
    huge = client.post(
        "/verify", data={"csrf_token": token, "text": "x" * (app.config["MAX_CONTENT_LENGTH"] + 1)}
    )
    assert huge.status_code == 413 and huge.mimetype == "text/html"


# -- #20.16: the fans hold exactly the cards held, trick by trick, in every game -----------
EXAMPLE_FILES = sorted(
    p for p in (ROOT / "examples").glob("*/*.txt") if p.parent.name != "disputes"
)
_SEAT = re.compile(r'<div class="seat place-[\w-]+" data-seat="(\d+)">(.*?)</div>', re.S)
_HELD = re.compile(
    r'<li class="held[^"]*"(?: data-start="(\d+)")? data-stop="(\d+)"[^>]*>'
    r'\s*<svg[^>]*aria-label="([^"]+)"'
)


def fans_of(page: str) -> dict[int, list[tuple[int, int, str]]]:
    """Per seat, the cards of its fan as the page has them: (from step, until step, name)."""
    return {
        # no data-start: held from the deal (step 0)
        int(seat): [(int(a or 0), int(b), name) for a, b, name in _HELD.findall(body)]
        for seat, body in _SEAT.findall(page)
    }


def true_holdings(report: dict, player: str, step: int) -> set[str]:
    """What ``player`` held at ``step`` (0: the deal; k: after trick k and its draws), from
    the engine's report alone: at the deal, the hand dealt; later, every card he still
    plays (less those he draws only after this step), and the cards he got (dealt, or drawn
    by now) that nobody plays and that he did not discard (a record that stops early)."""
    if step == 0:
        return set(report["hands"][player])
    draws_after = {d["card"] for d in report["draws"] if d["seat"] == player and d["trick"] > step}
    drawn_by_now = {
        d["card"] for d in report["draws"] if d["seat"] == player and d["trick"] <= step
    }
    played_by = {p["card"]: p["seat"] for t in report["tricks"] for p in t["plays"]}
    later = {p["card"] for t in report["tricks"][step:] for p in t["plays"] if p["seat"] == player}
    kept = {
        card
        for card in set(report["hands"][player]) | drawn_by_now
        if card not in played_by and card not in (report["discard"] or [])
    }
    return (later - draws_after) | kept


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_fans_hold_what_each_player_held(
    client: FlaskClient, store: Store, tournament: Tournament, path: Path
) -> None:
    """Every golden example of every game, stored and shown: at the deal and after every
    trick (and the draws after it), each fan on the hand page holds exactly the cards its
    player held. (The pinch replay once showed a drawn card only in the trick before its
    play: Bruno had 5 cards at trick 12 of the score-sheet hand while he held 15.)"""
    from records.notation import read
    from records.pipeline import check_parsed
    from records.schemas import dump_report

    parsed = read(path.read_text())
    first = parsed[0].record
    sid = service.create_session(
        store, tournament.id, first.game, list(first.players), {}, path.stem, "t"
    )
    results = service.upload(store, sid, path.read_text(), "t")
    checked = 0
    for item, result in zip(parsed, results, strict=True):
        report = dump_report(check_parsed(item).report)
        if not report["tricks"] or report["hands"] is None:
            continue
        style = present.face_style(report["game"], item.record.tag("Suits"))
        fans = fans_of(text_of(client.get(f"/hands/{result.hand_id}")))
        for seat, player in enumerate(report["players"]):
            for step in range(len(report["tricks"]) + 1):
                shown = sorted(name for a, b, name in fans[seat] if a <= step < b)
                held = sorted(
                    cardface.card_name(c, style) for c in true_holdings(report, player, step)
                )
                assert shown == held, (player, step)
        checked += 1
    assert checked or path.stem in (
        "surrender",
        "thrown-in",
        "all-pass",
        "bargains",
        "offer-then-demand",
    )


def test_pinch_fans_count_fifteen_while_the_stock_lasts(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """The score-sheet hand (PINCH-3): 15 cards each after every trick and its two draws
    while the stock lasts (24 tricks), then one fewer a trick; the stock and its next card
    are on show (48 cards at the deal, 3D first, then KD)."""
    text = (ROOT / "examples" / "pinch" / "score-sheet.txt").read_text()
    sid = service.create_session(store, tournament.id, "pinch", ["Anna", "Bruno"], {}, "P", "t")
    hand_id = service.upload(store, sid, text, "t")[0].hand_id
    page = text_of(client.get(f"/hands/{hand_id}"))
    fans = fans_of(page)
    for seat in (0, 1):
        counts = [sum(1 for a, b, _ in fans[seat] if a <= step < b) for step in range(40)]
        assert counts == [15] * 25 + list(range(14, -1, -1)), seat
    deal = page[page.index('id="trick-0"') : page.index('id="trick-1"')]
    assert "Stock: 48 cards left" in deal and 'aria-label="3 of diamonds"' in deal
    first = page[page.index('id="trick-1"') : page.index('id="trick-2"')]
    assert "Stock: 46 cards left" in first


# -- #20.17: the view from one seat shows only what that seat knew -------------------------
def _card_labels(text: str, style: str = "italian") -> dict[str, str]:
    """Each card of a record line's list, by its face's name (as the pages label it)."""
    return {card: cardface.card_name(card, style) for card in text.split()}


@pytest.fixture
def called_king_hand(store: Store, tournament: Tournament) -> int:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Called", "t")
    return service.upload(store, sid, CALLED_KING, "t")[0].hand_id


def test_view_from_one_seat_leaves_out_what_it_did_not_know(
    client: FlaskClient, called_king_hand: int
) -> None:
    """The called-king hand (NICE-8) as Anna saw it (``?seat=0``): the page served holds
    her hand only, never the dealer Dario's discard 7C 10C, and not Bruno as the partner
    until he plays the called KC in trick 16. (It once sent every hand, the discard and the
    partner, and hid them with JavaScript.) Dario, the dealer, sees his discard; Bruno, who
    holds KC, knows from the deal that he is the partner."""
    url = f"/hands/{called_king_hand}"
    page = text_of(client.get(f"{url}?seat=0"))
    fans = fans_of(page)
    assert len(fans[0]) == 19 and fans[1] == fans[2] == fans[3] == []
    assert page.count('class="held') == 19
    assert re.search(r'<div class="seat place-south" data-seat="0">', page)
    for label in _card_labels("7C 10C").values():  # the discard, never played
        assert f'aria-label="{label}"' not in page, label
    assert "discard: 7C" not in page and "7C 10C" not in page  # nor the record's text
    # every other card of the other hands is in the page once only: where it is played
    for line in CALLED_KING.splitlines():
        if line.startswith("hand ") and not line.startswith("hand Anna"):
            for card, label in _card_labels(line.split(":", 1)[1]).items():
                expected = 0 if card in ("7C", "10C") else 1
                assert page.count(f'aria-label="{label}"') == expected, label
    deal = page[page.index('id="trick-0"') : page.index('id="trick-1"')]
    assert "partner" not in deal and "Bruno" not in deal
    before = page[page.index('id="trick-1"') : page.index('id="trick-16"')]
    assert "partner" not in before
    reveal = page[page.index('id="trick-16"') : page.index('id="trick-17"')]
    assert "<b>Bruno</b> is Dario's partner" in reveal

    carla = text_of(client.get(f"{url}?seat=2"))
    assert re.search(r'<div class="seat place-south" data-seat="2">', carla)
    assert len(fans_of(carla)[2]) == 19 and carla.count('class="held') == 19

    dario = text_of(client.get(f"{url}?seat=3"))  # the dealer sees his discard
    assert len(fans_of(dario)[3]) == 21
    dario_deal = dario[dario.index('id="trick-0"') : dario.index('id="trick-1"')]
    for label in _card_labels("7C 10C").values():
        assert f'aria-label="{label}"' in dario_deal
    assert "partner" not in dario_deal  # the declarer does not know his partner yet

    bruno = text_of(client.get(f"{url}?seat=1"))  # he holds the called KC
    bruno_deal = bruno[bruno.index('id="trick-0"') : bruno.index('id="trick-1"')]
    assert "<b>partner</b> Bruno" in bruno_deal
    assert "7C 10C" not in bruno

    everything = text_of(client.get(url))  # all hands: the director's view, as before
    assert everything.count('class="held') == 78 and "<b>partner</b> Bruno" in everything
    for bad in ("9", "x", "-1", "4"):  # not a seat: every hand
        assert text_of(client.get(f"{url}?seat={bad}")).count('class="held') == 78


def test_view_from_one_seat_hides_the_others_legal_cards(
    client: FlaskClient, revoke_hand: int
) -> None:
    """The revoked tour from Bruno's seat: Anna's flagged play and its reason are public,
    but the cards she could have played (4, 11, 19: her hand) are not in the page."""
    page = text_of(client.get(f"/hands/{revoke_hand}?seat=1"))
    assert "MUST_FOLLOW_TRUMPS" in page and "is-flagged" in page
    assert "could have played" not in page and 'class="legal"' not in page
    anna = text_of(client.get(f"/hands/{revoke_hand}?seat=0"))
    assert "Anna could have played" in anna
