"""Ligurian pinch tarot (``pinch``), two players: the engine, replay and verification of one hand.

The replay reads the record in the order of the game: the deal and the stock (PINCH-3), melds
shown before the first card (PINCH-5), then every trick (PINCH-1, PINCH-4, the Fool PINCH-6)
followed by the two draws from the stock, winner first, after which the players may meld
again; the card that covers the Fool where its owner gives it. The last trick decides the
Bagatto ultimo (PINCH-7). Illegal plays are flagged and scored as played (G-1); impossible
records (a card played before it was drawn, a draw that is not the stock's next card or out of
turn) stop the replay where they become impossible (G-2).

When a ``hand`` line is missing and the play is complete, the hand is derived: the cards the
player played less those he drew. A hand of pinch is fully known once the draws are written.

The replay itself is :class:`.play.PinchReplay`, over the state in :mod:`.hand`, whose
tricks go through the engine's one trick loop (:mod:`scorer.games.engine`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...record import Record
from ...report import Report
from ...results import GameResult
from ..base import DealLine, EntryShape, Game
from ..engine import reach_play
from . import generator, scoring
from . import rules as R
from .actions import PinchActions
from .hand import PinchHand
from .messages import LINES, TEMPLATES, TERMS
from .play import PinchReplay

__all__ = ["Pinch"]


class Pinch(Game):
    """Two players, a stock, melds declared as they come, covering the Fool."""

    key = "pinch"
    title = "Ligurian pinch tarot"
    source = R.SOURCE
    brief = R.BRIEF
    num_players = 2
    default_suits = "french"  # the seed's convention (its footnote 1); Italian letters accepted
    unit = "points"
    claim_field = "points"  # claim points: the payments as written (scorer.claims)
    point_total = 91  # PINCH-2: the deck points of a played-out hand
    start_balance = 0
    zero_sum = False  # each player scores for himself; the totals are compared (PINCH-8)
    keywords = R.KEYWORDS
    options = R.OPTIONS
    actions = PinchActions()  # the phases' actions (#32.3)
    paper_sheet_rule = "PINCH-2"  # melds and deck points kept on paper
    entry = EntryShape(  # PINCH-3: fifteen cards each, the rest the stock
        R.PACK,
        (DealLine("hand", R.HAND_SIZE), DealLine("stock", R.STOCK_SIZE, each=False)),
        before_play=("meld",),
        lead_rulings=("PINCH-3",),
    )
    rulings = R.RULINGS
    templates = TEMPLATES
    terms = TERMS
    lines = LINES
    ranked_by_games = True  # PINCH-8: a match is scored in games won, not points
    ledger_rule = "PINCH-8"

    def replay(self, record: Record, options: Mapping[str, str] | None = None) -> Report:
        """The replay of ``record``'s lines in order, then its score (:class:`PinchReplay`)."""
        return PinchReplay(self, record, options).run()

    def start_play(self, record: Record, options: Mapping[str, str] | None = None) -> PinchHand:
        """The Hand API: ``record``'s hand as its play begins (the deal, a missing hand
        derived, the melds before the first card), to be stepped with ``to_play``,
        ``legal_cards``, ``play`` or ``push``, and, between tricks, ``to_draw`` and ``draw``
        (:class:`PinchHand`). :class:`NoPlay` when those lines do not reach the play."""
        return reach_play(PinchReplay(self, record, options))

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        return generator.random_record(self, rng, players, dealer)

    def session_summary(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[str]:
        return scoring.session_summary(self, records, reports)

    def session_results(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[GameResult]:
        return scoring.session_results(self, records, reports)
