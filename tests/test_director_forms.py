"""The director's pages made consistent and forgiving (issue 34, item 9), through Flask's test
client: a refused ruling comes back as its form with the amounts kept, their total and the
reason beside them; the session form names seats as /enter does and offers each rule option's
values; every page names a hand by its place and its id; the hand page skips to the replay.

The browser side (the running total as the director types, the skip link by keyboard) is in
``tests/test_browser_director_forms.py``.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from browserkit import PLAYERS, REVOKE_TOUR, SESSION_TEXT, TOUR
from conftest import Tournament
from flask.testing import FlaskClient
from test_director_pages import (
    CALLED_KING,
    REVOKE_RULING,
    corrected,
    form,
    session_id,
    store_form,
)
from test_pages import login, text_of

from records import service
from records.store import Store
from scorer.games import GAMES

__all__ = ["corrected", "session_id"]  # fixtures, imported to be found by pytest

UNBALANCED = {"amount-0": "-2", "amount-1": "1", "amount-2": "1", "amount-3": "1"}


def amount_inputs(page: str, form_id: str) -> list[str]:
    """The amount fields of one ruling form (``add-ruling``, ``amend-<id>``): their tags."""
    box = page[page.index(f'id="{form_id}-total"') - 3000 : page.index(f'id="{form_id}-total"')]
    return re.findall(r'<input name="amount-\d"[^>]*>', box)


def total_of(page: str, form_id: str) -> str:
    """The running total a ruling form shows, as drawn by the server."""
    found = re.search(rf'id="{form_id}-total">Total: <output data-total>([^<]*)</output>', page)
    assert found, form_id
    return found.group(1)


# -- a refused ruling: the form again, as typed, with why beside the amounts -----------------
def test_an_unbalanced_ruling_comes_back_with_its_amounts_total_and_why(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    login(client, tournament.token)
    response = form(
        client, f"/sessions/{session_id}/rulings", author="TD", reason="revoke", **UNBALANCED
    )
    assert response.status_code == 422 and store.rulings(session_id) == []
    page = html.unescape(text_of(response))
    inputs = amount_inputs(page, "add-ruling")
    assert [re.search(r'value="([^"]*)"', i).group(1) for i in inputs] == ["-2", "1", "1", "1"]
    # the reason is stated beside the fields, which name it and are marked invalid
    problem = re.search(r'<p class="field-error" id="add-ruling-problem"[^>]*>([^<]*)</p>', page)
    assert problem and "add up to zero" in problem.group(1)
    assert all('aria-describedby="add-ruling-total add-ruling-problem"' in i for i in inputs)
    assert all('aria-invalid="true"' in i for i in inputs)
    assert total_of(page, "add-ruling") == "+1"
    assert 'value="revoke"' in page
    assert '<details class="director-form noprint" id="add-ruling" open>' in page


def test_a_fresh_ruling_form_shows_a_total_of_zero(
    client: FlaskClient, tournament: Tournament, session_id: int
) -> None:
    login(client, tournament.token)
    page = text_of(client.get(f"/sessions/{session_id}"))
    assert total_of(page, "add-ruling") == "0"
    assert "data-ruling-amounts" in page and 'id="add-ruling-problem"' not in page


@pytest.mark.parametrize(
    ("fields", "where", "total", "says"),
    [
        ({**UNBALANCED, "amount-2": "x"}, "beside", "?", "not a whole number"),
        ({**UNBALANCED, "amount-0": "-3"}, "beside", "0", None),  # balanced: stored
        (UNBALANCED, "beside", "+1", "add up to zero"),
        ({"amount-0": "-3", "amount-1": "3", "reason": ""}, "above", "0", "reason"),
    ],
)
def test_a_refused_amendment_comes_back_as_its_form(
    client: FlaskClient,
    store: Store,
    tournament: Tournament,
    session_id: int,
    fields: dict[str, str],
    where: str,
    total: str,
    says: str | None,
) -> None:
    rid = service.add_ruling(store, session_id, REVOKE_RULING, "revoke", "TD", None, "t")
    login(client, tournament.token)
    response = form(
        client,
        f"/sessions/{session_id}/rulings/{rid}/amend",
        author="TD",
        **{"reason": "one marca", **fields},
    )
    if says is None:
        assert response.status_code == 302
        return
    assert response.status_code == 422
    page = html.unescape(text_of(response))
    assert "<h1>Round 1</h1>" in page  # the session page, not a bare error page
    form_id = f"amend-{rid}"
    typed = [fields.get(f"amount-{seat}", "") for seat in range(4)]
    inputs = amount_inputs(page, form_id)
    assert [re.search(r'value="([^"]*)"', i).group(1) for i in inputs] == typed
    assert total_of(page, form_id) == total
    if where == "beside":
        problem = re.search(rf'id="{form_id}-problem" role="alert">([^<]*)</p>', page)
        assert problem and says in problem.group(1)
    else:
        problem = re.search(r'id="pending-problem">([^<]*)</p>', page)
        assert problem and says in problem.group(1)
        assert f'id="{form_id}-problem"' not in page
    assert len(store.rulings(session_id)) == 1


def test_a_withdrawal_without_a_reason_comes_back_as_its_form(
    client: FlaskClient, store: Store, tournament: Tournament, session_id: int
) -> None:
    rid = service.add_ruling(store, session_id, REVOKE_RULING, "revoke", "TD", None, "t")
    login(client, tournament.token)
    response = form(
        client, f"/sessions/{session_id}/rulings/{rid}/withdraw", author="Head TD", reason=""
    )
    assert response.status_code == 422
    page = html.unescape(text_of(response))
    assert "<h1>Round 1</h1>" in page and 'id="pending-problem">reason:' in page
    assert 'value="Head TD"' in page and len(store.rulings(session_id)) == 1


def test_a_non_zero_sum_games_ruling_form_asks_for_no_zero(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = service.create_session(store, tournament.id, "pinch", PLAYERS[:2], {}, "Pinch", "t")
    login(client, tournament.token)
    page = text_of(client.get(f"/sessions/{sid}"))
    assert "data-ruling-amounts" in page and "adding up to zero" not in page
    assert "data-total-note" not in page


def test_the_total_of_amounts_as_typed() -> None:
    from web.pages import amounts_total

    assert amounts_total(["-3", "+1", "", " 1 "]) == -1
    assert amounts_total(["1", "one"]) is None and amounts_total(["1.5"]) is None
    assert amounts_total(["9" * 19, "-" + "9" * 19]) == 0


# -- the session form: seats as /enter names them, options as selects ------------------------
def enter_places(client: FlaskClient) -> dict[str, list[str]]:
    """The seats of each game as /enter shows them (its games' JSON), capitalised as drawn."""
    page = text_of(client.get("/enter"))
    found = re.search(r'<script type="application/json" id="enter-games">(.*?)</script>', page)
    assert found
    games = json.loads(found.group(1))
    return {game["key"]: [p[0].upper() + p[1:] for p in game["places"]] for game in games}


def test_the_session_form_names_seats_as_the_entry_page_does(
    client: FlaskClient, tournament: Tournament
) -> None:
    login(client, tournament.token)
    places = enter_places(client)
    assert set(places) == set(GAMES)
    for key, names in places.items():
        page = text_of(client.get(f"/tournaments/{tournament.id}/sessions/new?game={key}"))
        labels = re.findall(r'<label for="player-\d">([^<]*)</label>', page)
        assert labels == names, key
        # the eldest when each seat deals is the next seat round the table
        eldest = re.findall(r'id="eldest-\d">eldest when (\w+) deals', page)
        assert eldest == [names[i - 1] for i in range(len(names))], key
        assert "Seat 1" not in page


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_session_form_offers_each_options_values_with_its_ruling(
    client: FlaskClient, tournament: Tournament, key: str
) -> None:
    login(client, tournament.token)
    path = f"/tournaments/{tournament.id}/sessions/new?game={key}"
    page = html.unescape(text_of(client.get(path)))
    assert 'name="options"' not in page  # no free text
    for option in GAMES[key].options:
        select = re.search(
            rf'<select id="option-{option.name}" name="option-{option.name}"[^>]*>(.*?)</select>',
            page,
            re.S,
        )
        assert select, option.name
        values = re.findall(r'<option value="([^"]*)"', select.group(1))
        assert values == list(option.values)
        assert f'<option value="{option.default}" selected>' in select.group(1)
        help_text = page[select.end() : select.end() + 600]
        assert f"#{option.ruling}" in help_text and f">{option.ruling}</a>" in help_text


def test_a_session_opened_with_options_chosen_keeps_those_not_default(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    login(client, tournament.token)
    nice4 = {o.name: o for o in GAMES["nice4"].options}
    assert nice4["first-lead"].default != "declarer"
    players = {f"player-{i}": p for i, p in enumerate(PLAYERS)}
    defaults = {f"option-{name}": o.default for name, o in nice4.items()}
    path = f"/tournaments/{tournament.id}/sessions/new"
    response = form(
        client, path, game="nice4", **players, **{**defaults, "option-first-lead": "declarer"}
    )
    assert response.status_code == 302, text_of(response)
    [session] = store.sessions(tournament.id)
    assert session["options"] == {"first-lead": "declarer"}
    refused = form(client, path, game="nice4", **players, **{"option-first-lead": "nobody"})
    assert refused.status_code == 422
    page = html.unescape(text_of(refused))
    assert "first-lead: 'nobody' is not one of" in page and 'value="Carla"' in page
    assert len(store.sessions(tournament.id)) == 1


# -- a hand is named by its place in its session and its id ----------------------------------
@pytest.fixture
def second_hand(store: Store, tournament: Tournament, session_id: int) -> int:
    """Hand 1 of a second session (Round 2), whose id is not 1: the first holds five."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 2", "t")
    hand_id = service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id
    service.correct_hand(store, hand_id, CALLED_KING, "TD", "the wrong hand was uploaded", "t")
    assert hand_id == 6
    return hand_id


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/hands/6", "Round 2, hand 1 (id 6)"),
        ("/hands/6/revisions", "Revisions of Round 2, hand 1 (id 6)"),
        ("/hands/6/revisions/1", "Round 2, hand 1 (id 6): revision 1"),
        ("/hands/6/revisions/diff", "Round 2, hand 1 (id 6): revision 1 against 2"),
        ("/hands/6/audit", "Audit of Round 2, hand 1 (id 6)"),
    ],
)
def test_every_page_of_a_hand_is_titled_by_its_place_and_its_id(
    client: FlaskClient, second_hand: int, path: str, title: str
) -> None:
    """The title and the heading name the hand alike (the heading said "Hand 1" alone)."""
    page = text_of(client.get(path))
    assert re.search(r"<title>(.*?)</title>", page).group(1) == f"{title} · tarocco"
    heading = re.search(r"<h1>(.*?)</h1>", page, re.S).group(1)
    assert re.sub(r"<[^>]+>.*", "", heading).strip() == title


def test_the_correction_page_is_titled_by_the_hands_place_and_id(
    client: FlaskClient, tournament: Tournament, second_hand: int
) -> None:
    login(client, tournament.token)
    page = text_of(client.get(f"/hands/{second_hand}/correct"))
    assert "<title>Correct Round 2, hand 1 (id 6) · tarocco</title>" in page
    assert "<h1>Correct Round 2, hand 1 (id 6)</h1>" in page


# -- the hand page skips to the replay --------------------------------------------------------
def test_the_hand_page_has_a_skip_link_to_its_replay(client: FlaskClient, second_hand: int) -> None:
    page = text_of(client.get(f"/hands/{second_hand}"))
    skips = re.findall(r'<a class="skip" href="#(\w+)">([^<]*)</a>', page)
    assert skips == [("main", "Skip to the content"), ("replay", "Skip to the replay")]
    assert re.search(r'<section id="replay" class="replay" data-replay', page)
    # framed on another site, the page has no skip links (nor the header they skip)
    assert 'class="skip"' not in text_of(client.get(f"/hands/{second_hand}?embed=1"))


# -- the revision diff: hunks with context, line numbers and cards ---------------------------
@pytest.fixture
def swapped(store: Store, tournament: Tournament) -> int:
    """A hand stored as the README's revoke (Anna's 4 and 5C swapped between tricks 1 and
    15) and corrected to the tour: two changes fourteen lines apart."""
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 4", "t")
    hand_id = service.upload(store, sid, REVOKE_TOUR, "t")[0].hand_id
    service.correct_hand(store, hand_id, TOUR, "TD", "4 and 5C were swapped", "t")
    return hand_id


def hunk_rows(section: str) -> list[tuple[str, str, str, str]]:
    """A hunk's rows: (kind, old line number, new line number, text)."""
    rows = re.findall(
        r'<tr class="diff-(\w+)"><td class="num">(\d*)</td><td class="num">(\d*)</td>'
        r"<td[^>]*>.*?</td><td><code>(?:<del>|<ins>)?([^<]*)",
        section,
    )
    return [(kind, old, new, text) for kind, old, new, text in rows]


def test_the_diff_shows_each_change_as_a_hunk_with_its_context_and_cards(
    client: FlaskClient, swapped: int
) -> None:
    page = html.unescape(text_of(client.get(f"/hands/{swapped}/revisions/diff")))
    assert 'class="source diff-view"' not in page  # no box to scroll in
    sections = re.findall(r'<section class="hunk" id="change-(\d)".*?</section>', page, re.S)
    assert sections == ["1", "2"]
    first, second = re.findall(r'<section class="hunk".*?</section>', page, re.S)
    old_lines, new_lines = REVOKE_TOUR.splitlines(), TOUR.splitlines()
    at = old_lines.index("1. 10 17 5C 9") + 1  # line numbers count from 1
    assert hunk_rows(first) == [
        *[("same", str(n), str(n), old_lines[n - 1]) for n in range(at - 3, at)],
        ("removed", str(at), "", "1. 10 17 5C 9"),
        ("added", "", str(at), "1. 10 17 4 9"),
        *[("same", str(n), str(n), new_lines[n - 1]) for n in range(at + 1, at + 4)],
    ]
    assert f"Change 1: lines {at - 3}–{at + 3}" in first
    # the cards of the changed lines named, and which card left and came in
    assert "Out: 5 of cups (5C)" in first and "In: Trump IV (4)" in first
    assert "Trump X (10) · Trump XVII (17) · 5 of cups (5C) · Trump IX (9)" in first
    assert "Out: Trump IV (4)" in second and "In: 5 of cups (5C)" in second
    later = old_lines.index("15. 13 18 4 4C") + 1
    assert ("removed", str(later), "", "15. 13 18 4 4C") in hunk_rows(second)
    # each hunk is listed at the top, linked
    assert '<a href="#change-1">' in page and '<a href="#change-2">' in page
    # the payments under both revisions, as before
    assert '<table class="compare-payments">' in page


def test_the_same_text_has_no_hunk(client: FlaskClient, swapped: int) -> None:
    page = text_of(client.get(f"/hands/{swapped}/revisions/diff?old=2&new=2"))
    assert "The two texts are the same." in page and 'class="hunk"' not in page


def test_hunks_join_changes_closer_than_their_context() -> None:
    from web.diffs import cards_of_line, diff_hunks

    same = [{"kind": "same", "old": n, "new": n, "text": f"{n}."} for n in range(1, 21)]
    lines = [*same]
    lines[3] = {"kind": "removed", "old": 4, "new": None, "text": "4. 1 2 3 4"}
    lines[8] = {"kind": "added", "old": None, "new": 9, "text": "9. Anna: 20(mitigatti) KS"}
    lines[19] = {"kind": "removed", "old": 20, "new": None, "text": '[Game "nice4"]'}
    first, last = diff_hunks(lines)
    assert [line.old or line.new for line in first.lines] == list(range(1, 13))
    assert [line.old for line in last.lines] == [17, 18, 19, 20]
    assert first.lines[8].cards == ["20", "KS"] and last.lines[-1].cards == []
    assert cards_of_line("1. 10 17 5C 9 ; 4 was here {KS}") == ["10", "17", "5C", "9"]


# -- the upload preview: every record, a compact row each ------------------------------------
def preview_of(page: str) -> str:
    return page[page.index('class="preview"') :].split("</section>")[0]


def test_the_preview_summarises_every_one_of_two_hundred_records(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Long day", "t")
    login(client, tournament.token)
    text = "\n".join([SESSION_TEXT] * 12 + [REVOKE_TOUR] + [SESSION_TEXT] * 28)  # 201 records
    response = store_form(client, sid, text, "preview")
    assert response.status_code == 200 and store.hands(sid) == []
    preview = preview_of(html.unescape(text_of(response)))
    rows = re.findall(r'<tr id="preview-record-(\d+)"', preview)
    assert rows == [str(n) for n in range(1, 202)]
    assert "201 records: 160 clean, 1 flagged, 40 thrown-in." in preview
    # in folded blocks of 25; open only where a record needs a look (the revoke, record 61)
    blocks = re.findall(
        r'<details class="preview-block"( open)?>\s*<summary>([^<]*)</summary>', preview
    )
    assert len(blocks) == 9
    assert [summary for opened, summary in blocks if opened] == [
        "Records 51–75: 19 clean, 1 flagged, 5 thrown-in"
    ]
    assert blocks[-1] == ("", "Record 201: 1 clean")
    revoke = preview[preview.index('id="preview-record-61"') :].split("</tr>")[0]
    assert 'class="needs-look"' in revoke and "status-flagged" in revoke
    assert re.search(r'<td class="num">[1-9]\d*</td>', revoke)  # its findings counted
    assert revoke.count(">new</td>") == 1


def test_the_preview_table_has_a_column_per_player_and_says_what_is_stored(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Round 5", "t")
    service.upload(store, sid, CALLED_KING, "t")
    login(client, tournament.token)
    preview = preview_of(
        html.unescape(text_of(store_form(client, sid, f"{CALLED_KING}\n{TOUR}", "preview")))
    )
    heads = re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', preview)
    assert heads == ["Record", "Line", "Verdict", "Findings", *PLAYERS, "Stored"]
    assert "<details" not in preview  # two records: one table, nothing folded
    first, second = (
        preview[preview.index(f'id="preview-record-{n}"') :].split("</tr>")[0] for n in (1, 2)
    )
    assert "already" in first and ">new</td>" in second
    assert '<a href="#L1">1</a>' in first  # the record's first line, in the text below
