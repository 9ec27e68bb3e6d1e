"""The spool that keeps a long run's facts and ledger entries in a temporary file (#31.4):
it reads back exactly what it was given, by index, slice and in order, across the file and
its buffer; and ``tarocco verify``'s session ledger made through it is the ledger of the
whole reports."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from records import spool as spool_module
from records.pipeline import check_text, session_ledger
from records.spool import Spool
from records.streaming import SessionTally, slim
from records.writer import write_many
from scorer.games import GAMES


def _spool() -> Spool[object]:
    return Spool(pickle.dumps, pickle.loads)


@given(
    st.lists(st.one_of(st.integers(), st.text(), st.binary(max_size=300)), max_size=60),
    st.integers(min_value=1, max_value=400),
)
def test_a_spool_gives_back_what_it_was_given(items: list[object], buffer: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(spool_module, "BUFFER", buffer)  # spill to the file early and often
        kept = _spool()
        kept.extend(items)
        assert len(kept) == len(items)
        assert list(kept) == items
        assert [kept[i] for i in range(len(items))] == items
        assert [kept[-i] for i in range(1, len(items) + 1)] == [
            items[-i] for i in range(1, len(items) + 1)
        ]
        assert kept[1:-1:2] == items[1:-1:2]
        kept.close()
        assert len(kept) == 0


def test_a_spool_only_grows_at_its_end() -> None:
    kept = _spool()
    kept.append(1)
    with pytest.raises(IndexError):
        kept[1]
    for change in (
        lambda: kept.__setitem__(0, 2),
        lambda: kept.__delitem__(0),
        lambda: kept.insert(0, 2),
    ):
        with pytest.raises(TypeError):
            change()
    assert list(kept) == [1]


@pytest.mark.parametrize("game", ["nice4", "minchiate", "piedicavallo"])
def test_the_tally_ledger_is_the_ledger_of_the_whole_reports(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Facts and entries spooled to the file (a small buffer) give the ledger the whole
    reports give, for a game whose session rules read every hand (MIN-16, PIE-7) too."""
    monkeypatch.setattr(spool_module, "BUFFER", 512)
    checked = check_text(write_many(GAMES[game].random_session(random.Random(3), 40)))
    tally = SessionTally()
    for item in checked:
        tally.add(slim(item.parsed.record, item.report))
    ledger = tally.ledger()
    assert ledger is not None
    assert tally.facts._file is not None  # the facts went to the file
    expected = session_ledger(checked)
    assert expected is not None
    assert list(ledger.rows) == list(expected.rows)
    assert (ledger.findings, ledger.summary, ledger.results) == (
        expected.findings,
        expected.summary,
        expected.results,
    )
