"""A hand seen from one seat shows of the discards only what that seat knew (#32.12).

``examples/minchiate/robbing.txt``: Carla, the cutter, robs KC and 24 and discards 3S 4S
(MIN-3); Dario, the dealer, takes his cards from the folla and discards 6S 7S 9S (MIN-5).
The page from Dario's seat (``?seat=3``) once showed all five as "his" discard. Each seat
knows what it discarded itself; the others' are shown to the table after the first card is
played (MIN-6), so the page from one seat shows them at trick 1, not at the deal. A Nice
discard stays the dealer's (NICE-6): the view from another seat never shows it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browserkit import PLAYERS
from conftest import Tournament
from flask.testing import FlaskClient
from test_pages import _card_labels, text_of

from records import service
from records.pipeline import check_text
from records.schemas import dump_report
from records.store import Store
from web.present import table_view

ROOT = Path(__file__).resolve().parent.parent
ROBBING = (ROOT / "examples" / "minchiate" / "robbing.txt").read_text()
CARLAS, DARIOS = "3S 4S", "6S 7S 9S"


@pytest.fixture
def robbing_hand(store: Store, tournament: Tournament) -> int:
    sid = service.create_session(store, tournament.id, "minchiate", PLAYERS, {}, "Rob", "t")
    return service.upload(store, sid, ROBBING, "t")[0].hand_id


def labels(cards: str) -> list[str]:
    return [f'aria-label="{label}"' for label in _card_labels(cards).values()]


def parts(page: str) -> tuple[str, str]:
    """The page's deal (before trick 1) and its first trick."""
    deal = page[page.index('id="trick-0"') : page.index('id="trick-1"')]
    return deal, page[page.index('id="trick-1"') : page.index('id="trick-2"')]


def test_the_report_says_who_discarded_what() -> None:
    report = dump_report(check_text(ROBBING)[0].report)
    assert report["discards"] == {"Carla": CARLAS.split(), "Dario": DARIOS.split()}
    dario = table_view(report, 3)
    assert dario.discard == DARIOS.split() and dario.discards_shown == {"Carla": CARLAS.split()}
    assert table_view(report, 2).discard == CARLAS.split()
    assert table_view(report, 0).discard is None
    assert table_view(report).discard == report["discard"]  # the director's view: all


@pytest.mark.parametrize(
    ("seat", "own", "others"),
    [(3, DARIOS, CARLAS), (2, CARLAS, DARIOS), (0, "", f"{CARLAS} {DARIOS}")],
)
def test_each_seat_sees_its_own_discard_at_the_deal_and_the_others_at_the_first_card(
    client: FlaskClient, robbing_hand: int, seat: int, own: str, others: str
) -> None:
    page = text_of(client.get(f"/hands/{robbing_hand}?seat={seat}"))
    deal, first = parts(page)
    for label in labels(own):
        assert label in deal, label
    for label in labels(others):  # never played: only shown at trick 1 (MIN-6)
        assert label not in deal, label
        assert label in first, label
    assert "the discards are shown (MIN-6)" in first


def test_a_nice_discard_stays_the_dealers(
    client: FlaskClient, store: Store, tournament: Tournament
) -> None:
    """NICE-6: only the dealer knows his discard; no trick shows it to the others."""
    text = (ROOT / "examples" / "nice4" / "called-king.txt").read_text()
    sid = service.create_session(store, tournament.id, "nice4", PLAYERS, {}, "Nice", "t")
    hand_id = service.upload(store, sid, text, "t")[0].hand_id
    anna = text_of(client.get(f"/hands/{hand_id}?seat=0"))
    assert "the discards are shown" not in anna
    for label in labels("7C 10C"):
        assert label not in anna
