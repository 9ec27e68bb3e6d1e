"""Messages that send the reader the right way (#32.10).

An impossible play said only as "Anna does not hold X" or "X was already played" leaves the
reader to search the record for the card: the sentence now says where it is (another hand,
an earlier trick and by whom, the discard, Minchiate's folla, or that the record does not
show it). A pinch record missing a trick line used to be reported as a draw out of place
("both players have drawn after trick 2"): it now says that a trick line seems missing. And
a finding found after the first error is never listed above it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from records.pipeline import check_text
from scorer.findings import Finding, Loc, Severity
from scorer.games import GAMES
from scorer.report import Report

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def first_error(text: str) -> Finding:
    [checked] = check_text(text)
    return checked.report.errors[0]


def changed(example: str, old: str, new: str) -> str:
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("example", "old", "new", "code", "said"),
    [
        # Nice: Carla (eldest) leads trick 1 with 14, which Bruno holds
        ("nice4/tour.txt", "1. 10 17 4 9", "1. 14 17 4 9", "CARD_NOT_HELD", "Bruno holds it"),
        # Nice: Bruno's QD of trick 2 (Dario won trick 1 and led) played again in trick 4
        (
            "nice4/tour.txt",
            "4. Anna: 6D KD 10D 8D",
            "4. Anna: 6D KD QD 8D",
            "DUPLICATE_CARD",
            "already played, in trick 2 by Bruno",
        ),
        # Minchiate: Carla plays AS, a card of the folla
        (
            "minchiate/robbing.txt",
            "1. 10S 2S JS KS",
            "1. 10S 2S AS KS",
            "CARD_NOT_HELD",
            "Carla does not hold AS; it lies in the folla",
        ),
        # Minchiate: Carla plays Bruno's 3
        (
            "minchiate/robbing.txt",
            "1. 10S 2S JS KS",
            "1. 10S 2S 3 KS",
            "CARD_NOT_HELD",
            "Carla does not hold 3; Bruno holds it",
        ),
        # piemonte3: a card of the dealer's discard played (found at the discard, #32.2)
        (
            "piemonte3/abundance-mitigati.txt",
            "\n1. AS 2S CS",
            "\n1. AS 6S CS",
            "DUPLICATE_CARD",
            "6S is discarded and also played in trick 1",
        ),
        # piemonte3: trick 1's 2S played again in trick 2
        (
            "piemonte3/abundance-mitigati.txt",
            "\n2. 2B 3B AB",
            "\n2. 2B 3B 2S",
            "DUPLICATE_CARD",
            "2S was already played, in trick 1 by Bruno",
        ),
    ],
)
def test_an_impossible_play_says_where_the_card_is(
    example: str, old: str, new: str, code: str, said: str
) -> None:
    error = first_error(changed(example, old, new))
    assert error.code == code and error.rule == "G-2"
    assert said in error.message, error.message


def test_a_pinch_trick_line_missing_is_said_so() -> None:
    """Trick 3's line left out: the draws after it follow the draws after trick 2."""
    text = changed("pinch/revoke.txt", "3. CS 3\n", "")
    error = first_error(text)
    assert error.code == "DRAW_OUT_OF_PLACE"
    assert "the line of trick 3 seems to be missing" in error.message, error.message


def test_a_finding_after_the_first_error_is_listed_below_it() -> None:
    """The replay past an unreadable card (#24.8) may find a slip earlier in the text than
    the notation error that decides: it is listed after it, never above."""
    report = Report("pinch", ("Anna", "Bruno"), 0)
    later = Finding("NOTATION", Severity.ERROR, "not a card: '1OH'", None, loc=Loc(77, 8))
    earlier = Finding(
        "MUST_FOLLOW_SUIT", Severity.VIOLATION, "...", "PINCH-4", Loc(32, 7), after_first_error=True
    )
    note = Finding("PARTIAL_RECORD", Severity.NOTE, "...", "G-7", loc=None)
    report.findings = [earlier, note, later]
    report.sort_findings()
    assert report.findings == [later, note, earlier]


#: The variants the trick loop's slow branch may give these codes (``TrickPlay.whereabouts``
#: and ``where_played``), and the games' own places (pinch's stock, Minchiate's folla).
WHERE_VARIANTS = {
    "CARD_NOT_HELD": ("other", "played", "out", "unknown"),
    "DUPLICATE_CARD": ("played", "out"),
}
OWN_PLACES = {"pinch": ("stock",), "minchiate": ("discarded", "folla")}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_words_every_place_a_card_can_be(game: str) -> None:
    """A variant without a template would crash the replay (a KeyError, not a finding)."""
    templates = GAMES[game].templates
    wanted = [f"{code}.{v}" for code, variants in WHERE_VARIANTS.items() for v in variants]
    wanted += [f"CARD_NOT_HELD.{v}" for v in OWN_PLACES.get(game, ())]
    assert [key for key in wanted if key not in templates] == []
