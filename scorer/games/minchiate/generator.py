"""Random legal Minchiate records, from a caller's seeded RNG (``tarocco random minchiate``).

The generator plays whole games by the rules: the cutter robs the run of counting cards and
sopraventi at the cut (MIN-3), the deal with its face-up cards (MIN-4), scoprire and pigliare
with the folla announced (MIN-5), the discards (MIN-6), versicole declared during the first
trick (now and then one is left undeclared: a note, G-5), random legal cards under the King rule
(MIN-12), the Fool played before the last trick and its replacement card as soon as it is due
(MIN-11, MIN-11a; now and then left for the verifier to derive), and cascare lines (MIN-14).
The play goes through the Hand API (:meth:`Minchiate.start_play`): whose turn, the legal
cards, the tricks won are the engine's.
Its records must verify clean. Sessions follow the giri and the draw (MIN-16).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...cards import FOOL, Card
from ...cardset import cards_of
from ...record import Item, Line, Record, Trick
from ...report import TrickResult
from ...tricks import TRUMP_MASK
from ..base import Game
from ..engine import TrickPlay
from . import rules as R

DEFAULT_PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
SUITS = ("swords", "batons", "cups", "coins")


def _line(
    keyword: str, subject: str | None, cards: Iterable[Card], extra: tuple[Item, ...] = ()
) -> Line:
    items = tuple(Item(str(c), c) for c in sorted(cards))
    return Line(keyword, subject, items + extra)


@dataclass
class _Deal:
    """A shuffled pack dealt as MIN-3 .. MIN-5 deal it: the robbed cards, the 20 face-down
    cards and the face-up 21st of each seat, what the dealer turns up and takes, the folla."""

    robbed: int = 0
    dealt: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    faceup: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    scoperti: int = 0
    pigliati: int = 0
    folla: int = 0


def _deal(rng: random.Random, dealer: int) -> _Deal:
    """Shuffle and deal: the cutter robs the run of counting cards and sopraventi at the cut
    (MIN-3), 20 cards each from eldest and a face-up 21st (MIN-4), the dealer turns up the run
    of them at the top of the talon and takes its counting cards (MIN-5)."""
    deck = list(cards_of(R.PACK))
    rng.shuffle(deck)
    out = _Deal()
    position = 0
    while position < 13 and deck[position].bit & R.ROBBABLE:  # MIN-3
        out.robbed |= deck[position].bit
        position += 1
    order = [(dealer + 1 + k) % 4 for k in range(4)]
    for seat in order:
        for card in deck[position : position + 20]:
            out.dealt[seat] |= card.bit
        position += 20
    for seat in order:
        out.faceup[seat] = deck[position].bit
        position += 1
    talon = deck[position:]
    while talon and talon[0].bit & R.ROBBABLE:  # MIN-5: scoprire
        out.scoperti |= talon.pop(0).bit
    out.pigliati = sum(c.bit for c in talon if c.bit & R.COUNTING)
    out.folla = sum(c.bit for c in talon) & ~out.pigliati
    return out


def random_record(
    game: Game,
    rng: random.Random,
    players: list[str] | None = None,
    dealer: int | None = None,
    draw: list[str] | None = None,
) -> Record:
    players = list(players or DEFAULT_PLAYERS)
    if dealer is None:
        dealer = rng.randrange(4)
    tags = (("Game", game.key), ("Players", ", ".join(players)), ("Dealer", players[dealer]))
    body: list[Line | Trick] = []
    if draw is not None:
        body.append(Line("draw", None, tuple(Item(name) for name in draw)))
    cutter = (dealer + 3) % 4
    deal = _deal(rng, dealer)
    if deal.robbed:
        rob_by = players[cutter] if rng.random() < 0.5 else None
        body.append(_line("rob", rob_by, cards_of(deal.robbed)))
    unwritten = rng.randrange(4) if rng.random() < 0.05 else None  # derived from the play
    hands = [_line("hand", players[seat], cards_of(deal.dealt[seat])) for seat in range(4)]
    body += [line for seat, line in enumerate(hands) if seat != unwritten]
    body += [_line("faceup", players[seat], cards_of(deal.faceup[seat])) for seat in range(4)]
    if deal.scoperti:
        body.append(_line("scoprire", None, cards_of(deal.scoperti)))
    if deal.pigliati:
        body.append(_line("pigliare", None, cards_of(deal.pigliati)))
    if unwritten is not None or rng.random() < 0.8:
        counts = tuple(
            Item(f"{SUITS[s]}={(deal.folla >> (14 * s) & 0x3FFF).bit_count()}") for s in range(4)
        )
        body.append(_line("folla", None, cards_of(deal.folla), counts))
    body += _discards(rng, players, dealer, deal)
    known = [line for line in body if not (isinstance(line, Line) and line.keyword == "hand")]
    state = game.start_play(Record(tags, (*hands, *known)))
    declares = _declares(rng, players, dealer, state)
    _play(rng, players, state, body, declares)
    return Record(tags, tuple(body))


def _discards(rng: random.Random, players: list[str], dealer: int, deal: _Deal) -> list[Line]:
    """MIN-6: the robber and the dealer discard as many cards as they took, now and then a
    counting card."""
    cutter = (dealer + 3) % 4
    hands = [deal.dealt[s] | deal.faceup[s] for s in range(4)]
    hands[cutter] |= deal.robbed
    hands[dealer] |= deal.scoperti | deal.pigliati
    lines = []
    taken = (
        (cutter, deal.robbed.bit_count()),
        (dealer, (deal.scoperti | deal.pigliati).bit_count()),
    )
    for seat, count in taken:
        if not count:
            continue
        pool = cards_of(hands[seat] if rng.random() < 0.2 else hands[seat] & ~R.COUNTING)
        if len(pool) < count:
            pool = cards_of(hands[seat])
        discard = sum(c.bit for c in rng.sample(pool, count))
        hands[seat] &= ~discard
        lines.append(_line("discard", players[seat], cards_of(discard)))
    return lines


def _declares(rng: random.Random, players: list[str], dealer: int, state: TrickPlay) -> list[Line]:
    """MIN-7: the versicole each player holds as play begins, declared (now and then one is
    left undeclared: a note, G-5), the Fool shown with them."""
    declares = []
    for offset in range(1, 5):
        seat = (dealer + offset) % 4
        hand = int(state.hand(seat))
        found = R.versicole(hand)
        if found and rng.random() < 0.9:
            shown = 0
            for versicola in found:
                shown |= versicola.cards
            shown |= hand & FOOL.bit
            declares.append(_line("declare", players[seat], cards_of(shown)))
    return declares


def _play(
    rng: random.Random,
    players: list[str],
    state: TrickPlay,
    body: list[Line | Trick],
    declares: list[Line],
) -> None:
    """Random legal cards through the Hand API (the King rule, MIN-12, in its legal cards);
    the Fool played before the last trick and replaced (MIN-11); cascare lines (MIN-14)."""
    if rng.random() < 0.5:
        body.extend(declares)
        declares = []
    exchange = _FoolExchange()
    while state.to_play() is not None:
        legal = int(state.legal_cards())
        number = state.done + 1
        if legal & FOOL.bit and number < 21 and (number >= 18 or rng.random() < 0.08):
            card = FOOL
        else:
            card = rng.choice(cards_of(legal & ~FOOL.bit) or cards_of(legal))
        state.push(card)
        if state.current_trick:
            continue
        trick = state.report.tricks[-1]
        named = trick.leader if rng.random() < 0.1 else None
        body.append(Trick(number, named, tuple(Item(str(c), c) for c in trick.cards)))
        if number == 1:
            body.extend(declares)
        body += exchange.after(rng, trick)
        body += _cascare(rng, players, state, trick)


class _FoolExchange:
    """MIN-11: the Fool stays with its side and a card is owed for it, given as soon as the
    side has a non-counting card (MIN-11a): written, or now and then left to be derived."""

    def __init__(self) -> None:
        self.piles = [0, 0]
        self.owed: tuple[int, int] | None = None

    def after(self, rng: random.Random, trick: TrickResult) -> list[Line]:
        side = trick.winner & 1  # type: ignore[operator]
        mask = sum(c.bit for c in trick.cards)
        if FOOL in trick.cards:
            fool_side = (trick.leader + trick.cards.index(FOOL)) % 4 & 1
            if fool_side != side:
                mask &= ~FOOL.bit
                self.piles[fool_side] |= FOOL.bit
                self.owed = (fool_side, side)
        self.piles[side] |= mask
        if self.owed is None:
            return []
        fool_side, winners = self.owed
        plain = self.piles[fool_side] & ~R.COUNTING
        if not plain:
            return []
        lines = []
        if rng.random() < 0.8:
            card = rng.choice(cards_of(plain))
            lines.append(_line("replace", None, [card]))
        else:  # the verifier derives it: the lowest non-counting card
            card = cards_of(plain)[0]
        self.piles[fool_side] &= ~card.bit
        self.piles[winners] |= card.bit
        self.owed = None
        return lines


def _cascare(
    rng: random.Random, players: list[str], state: TrickPlay, trick: TrickResult
) -> list[Line]:
    """MIN-14: now and then, a player who has just played his last trump lays his hand open."""
    lines = []
    for offset, card in enumerate(trick.cards):
        seat = (trick.leader + offset) % 4
        hand = int(state.hand(seat))
        if hand and not hand & TRUMP_MASK and card.bit & TRUMP_MASK and rng.random() < 0.3:
            lines.append(_line("cascare", players[seat], cards_of(hand)))
    return lines


def random_session(game: Game, rng: random.Random, count: int) -> list[Record]:
    """``count`` games of one table: giri of four deals, sets of three giri, each set opened by
    a draw; partnerships by the draw (MIN-16), the deal passing to the right."""
    records = []
    draw: list[str] = []
    for number in range(count):
        game_in_set = number % 12
        giro, deal = divmod(game_in_set, 4)
        if game_in_set == 0:
            draw = list(DEFAULT_PLAYERS)
            rng.shuffle(draw)
        first, partner = draw[0], draw[giro + 1]
        others = [p for p in draw[1:] if p != partner]
        seating = [first, others[0], partner, others[1]]
        record = random_record(game, rng, seating, deal, draw if game_in_set == 0 else None)
        records.append(record)
    return records
