"""Random legal records of the reference game from a caller's seeded RNG.

The generator deals (REF-1) and plays random legal cards through the Hand API: the engine
says whose turn it is, which cards are legal and who wins each trick. Its records verify
clean.
"""

from __future__ import annotations

import dataclasses
import random

from scorer.cardset import cards_of
from scorer.games.base import Game
from scorer.record import Item, Line, Record, Trick

from . import rules as R

__all__ = ["random_record"]

DEFAULT_PLAYERS = ["Anna", "Bruno", "Carla"]


def random_record(
    game: Game, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
) -> Record:
    """A legal record of one hand: the deal, then every trick played through the Hand API."""
    players = list(players or DEFAULT_PLAYERS)
    if dealer is None:
        dealer = rng.randrange(R.PLAYERS)
    tags = (("Game", game.key), ("Players", ", ".join(players)), ("Dealer", players[dealer]))
    deck = list(cards_of(R.PACK))
    rng.shuffle(deck)
    body: list[Line | Trick] = []
    for seat, name in enumerate(players):
        hand = sorted(deck[seat * R.HAND_SIZE : (seat + 1) * R.HAND_SIZE])
        body.append(Line("hand", name, tuple(Item(str(card), card) for card in hand)))
    record = Record(tags, tuple(body))
    state = game.start_play(record)
    while state.to_play() is not None:
        state.push(rng.choice(list(state.legal_cards())))
    for result in state.report.tricks:
        items = tuple(Item(str(card), card) for card in result.cards)
        body.append(Trick(result.number, None, items))
    return dataclasses.replace(record, body=tuple(body))
