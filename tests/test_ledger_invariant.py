"""The ledger the service keeps equals a full replay of the session, whatever was written
before (#31.1): hypothesis' stateful testing runs random sequences of uploads, corrections,
restores, rulings, withdrawals and amendments against one session, and after every step the
kept ledger and standing (what reads are served, :mod:`records.ledgers`) are those a replay of
every current record with every standing ruling gives (:func:`records.service.compute_ledger`).

The sessions are of every game: ``nice3`` (its abeyance, NICE-17, carries from hand to hand),
``pinch`` (its games to a number of points, PINCH-8), ``minchiate`` (giri and sets, MIN-16),
``piedicavallo`` (the four-deal game, PIE-7, and deals after its end counted nowhere),
``piemonte3`` (one unit per session, PIE3-2) and ``nice4``; each write keeps the ledger
(:mod:`records.ledgers`), folding again only from the hand it changes.
"""

from __future__ import annotations

import json
import random
import tempfile

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from records import service
from records.ledgers import kept_ledger, kept_standing, ledger_to_json, standing_of
from records.store import Store
from records.writer import write
from scorer.games import GAMES

POOL = 40  # records of the session's table to draw uploads and corrections from


class SessionWrites(RuleBasedStateMachine):
    """One session written to at random; the invariant after each write."""

    game = "nice3"
    seed = 8  # its first hands put marca into abeyance (NICE-17): resumed folds carry it

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.store = Store(f"{self.folder.name}/t.sqlite")
        engine = GAMES[self.game]
        records = engine.random_session(random.Random(self.seed), POOL)
        players = records[0].players  # a table seats its players in one order
        self.pool = [write(r) for r in records if r.players == players]
        tid = self.store.create_tournament("invariant")
        self.players = list(players)
        self.session = service.create_session(self.store, tid, self.game, self.players, {}, "", "t")
        self.hands: list[int] = []
        self.next_record = 0

    def teardown(self) -> None:
        self.store.close()
        self.folder.cleanup()

    @initialize()
    def first_hand(self) -> None:
        self.upload()

    # -- writes -----------------------------------------------------------------------
    @rule()
    def upload(self) -> None:
        text = self.pool[self.next_record % len(self.pool)]
        self.next_record += 1
        result = service.upload(self.store, self.session, text, "t")[0]
        if not result.duplicate:
            self.hands.append(result.hand_id)

    @rule(data=st.data())
    def correct(self, data: st.DataObject) -> None:
        hand = data.draw(st.sampled_from(self.hands))
        text = data.draw(st.sampled_from(self.pool))
        service.correct_hand(self.store, hand, text, "TD", "retyped", "t")

    @precondition(lambda self: any(self.store.hand(h)["revision"] > 1 for h in self.hands))
    @rule(data=st.data())
    def restore(self, data: st.DataObject) -> None:
        corrected = [h for h in self.hands if self.store.hand(h)["revision"] > 1]
        hand = data.draw(st.sampled_from(corrected))
        current = self.store.hand(hand)["revision"]
        number = data.draw(st.integers(1, current - 1))
        service.restore_revision(self.store, hand, number, "TD", "undo", "t")

    @rule(data=st.data(), amount=st.integers(1, 5))
    def rule_on(self, data: st.DataObject, amount: int) -> None:
        after = data.draw(st.one_of(st.none(), st.sampled_from(self.hands)))
        payer, payee = data.draw(st.permutations(self.players))[:2]
        amounts = {payer: -amount, payee: amount}
        service.add_ruling(self.store, self.session, amounts, "a ruling", "TD", after, "t")

    def _standing(self) -> list[dict]:
        return [r for r in service.session_rulings(self.store, self.session) if r["standing"]]

    @precondition(lambda self: bool(self._standing()))
    @rule(data=st.data())
    def withdraw(self, data: st.DataObject) -> None:
        ruling = data.draw(st.sampled_from(self._standing()))
        service.withdraw_ruling(self.store, self.session, ruling["id"], "wrong", "TD", "t")

    @precondition(lambda self: bool(self._standing()))
    @rule(data=st.data(), amount=st.integers(1, 5))
    def amend(self, data: st.DataObject, amount: int) -> None:
        ruling = data.draw(st.sampled_from(self._standing()))
        payer, payee = data.draw(st.permutations(self.players))[:2]
        amounts = {payer: -amount, payee: amount}
        service.amend_ruling(self.store, self.session, ruling["id"], amounts, "less", "TD", "t")

    # -- the invariant ------------------------------------------------------------------
    @invariant()
    def kept_equals_a_full_replay(self) -> None:
        replayed = service.compute_ledger(self.store, self.store.session(self.session))
        kept = kept_ledger(self.store.db, self.session)  # as the last write left it
        assert kept is not None, "the last write did not keep the ledger"
        assert ledger_to_json(kept) == ledger_to_json(replayed)
        assert kept_standing(self.store.db, self.session) == json.loads(
            json.dumps(standing_of(replayed))
        )
        standings = service.standings(self.store, self.store.session(self.session)["tournament_id"])
        [table] = standings.values()
        net = standing_of(replayed)["net"]
        by_games = GAMES[self.game].ranked_by_games
        for row in table.rows:
            if not by_games:
                assert row.total == net[row.player]


class PinchSessionWrites(SessionWrites):
    game = "pinch"


class MinchiateSessionWrites(SessionWrites):
    game = "minchiate"


class PiedicavalloSessionWrites(SessionWrites):
    game = "piedicavallo"


class Piemonte3SessionWrites(SessionWrites):
    game = "piemonte3"


class Nice4SessionWrites(SessionWrites):
    game = "nice4"


STATEFUL = settings(max_examples=12, stateful_step_count=12, deadline=None)


def _test_case(machine: type[SessionWrites]) -> type:
    """The machine as a test, run with :data:`STATEFUL`."""
    case = machine.TestCase
    case.settings = STATEFUL
    return case


TestNice3SessionWrites = _test_case(SessionWrites)
TestPinchSessionWrites = _test_case(PinchSessionWrites)
TestMinchiateSessionWrites = _test_case(MinchiateSessionWrites)
TestPiedicavalloSessionWrites = _test_case(PiedicavalloSessionWrites)
TestPiemonte3SessionWrites = _test_case(Piemonte3SessionWrites)
TestNice4SessionWrites = _test_case(Nice4SessionWrites)
