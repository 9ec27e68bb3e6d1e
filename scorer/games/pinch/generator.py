"""Random legal pinch records, from a caller's seeded RNG (``tarocco random pinch --seed N``).

The generator plays whole hands by the rules and writes everything a record holds: the deal,
usually the stock, the draws after each trick (winner first), melds as they become possible
(at the start and after draws; raises of trumps and of three to four of a kind; the kind word
sometimes left out), random legal cards (the Bagatto sometimes kept for the last trick), the
cover of the Fool (at once or later, from a trick won after it), and now and then the options
``overtrump=required``, ``bagatto-ultimo=off`` or ``pip-order=historic``. It plays through the
Hand API (:meth:`Pinch.start_play <scorer.games.pinch.Pinch.start_play>`), so the rules of
play are the engine's alone. Its records verify clean.
"""

from __future__ import annotations

import random

from ...cards import Card
from ...cardset import cards_of, mask_of
from ...record import Item, Line, Record, Trick
from ..base import Game
from . import rules as R
from .hand import PinchHand

DEFAULT_PLAYERS = ["Anna", "Bruno"]


def _cards_line(
    keyword: str, subject: str | None, cards: list[Card] | list[int], word: str | None = None
) -> Line:
    items = tuple(Item(str(c), c) for c in cards)  # type: ignore[arg-type]
    return Line(keyword, subject, ((Item(word),) if word else ()) + items)


class _Melder:
    """What each player declared so far, and the melds he declares at a moment."""

    def __init__(self, rng: random.Random, players: list[str]) -> None:
        self.rng = rng
        self.players = players
        self.trumps = [0, 0]
        self.done: list[set[tuple[str, int]]] = [set(), set()]
        self.kinds: list[dict[int, int]] = [{}, {}]

    def moment(self, seat: int, hand: int, body: list[Line | Trick]) -> None:
        rng = self.rng
        name = self.players[seat]

        def line(kind: str, mask: int) -> None:
            word = kind if rng.random() < 0.8 else None
            body.append(_cards_line("meld", name, cards_of(mask), word))

        trumps = hand & R.TRUMPS
        count = trumps.bit_count()
        declared = self.trumps[seat]
        if count >= 10 and rng.random() < 0.85:
            if not declared:
                shown = trumps
                if count > 10 and rng.random() < 0.5:
                    shown = sum(1 << c for c in rng.sample(cards_of(trumps), 10))
                self.trumps[seat] = shown
                line("trumps", shown)
            elif declared & trumps == declared and count > declared.bit_count():
                self.trumps[seat] = trumps
                line("trumps", trumps)
        if (
            hand & R.GATTI == R.GATTI
            and ("gatti", 0) not in self.done[seat]
            and rng.random() < 0.85
        ):
            self.done[seat].add(("gatti", 0))
            line("gatti", R.GATTI)
        for suit, family in enumerate(R.FAMILIES):
            if (
                hand & family == family
                and ("family", suit) not in self.done[seat]
                and rng.random() < 0.85
            ):
                self.done[seat].add(("family", suit))
                line("family", family)
        for rank, kind in R.KINDS.items():
            held = hand & kind
            have = held.bit_count()
            before = self.kinds[seat].get(rank, 0)
            if have < 3 or have <= before or rng.random() > 0.85:
                continue
            if have == 4 and not before and rng.random() < 0.2:
                held = sum(1 << c for c in rng.sample(cards_of(held), 3))  # three, raise later
                have = 3
            self.kinds[seat][rank] = have
            line("four" if have == 4 else "three", held)


def random_record(
    game: Game, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
) -> Record:
    """A random legal record of one hand, played through the Hand API
    (:meth:`Pinch.start_play <scorer.games.pinch.Pinch.start_play>`): whose turn, the legal
    cards, the draws and the Fool's cover come from the engine's state, never worked out
    here."""
    players = list(players or DEFAULT_PLAYERS)
    if dealer is None:
        dealer = rng.randrange(2)
    tags = _tags(game, rng, players, dealer)
    deck = cards_of(R.PACK)
    rng.shuffle(deck)
    leader = 1 - dealer  # PINCH-3: the dealer's opponent is dealt first and leads
    hands = [0, 0]
    hands[leader] = mask_of(deck[: R.HAND_SIZE])
    hands[dealer] = mask_of(deck[R.HAND_SIZE : 2 * R.HAND_SIZE])
    head: list[Line | Trick] = [
        _cards_line("hand", players[seat], cards_of(hands[seat])) for seat in (0, 1)
    ]
    stock = _cards_line("stock", None, deck[2 * R.HAND_SIZE :])
    hand = game.start_play(Record(tags, (*head, stock)))
    assert isinstance(hand, PinchHand)
    if rng.random() < 0.85:
        head.append(stock)
    body = _play(hand, rng, players, head)
    return Record(tags, tuple(body))


def _tags(
    game: Game, rng: random.Random, players: list[str], dealer: int
) -> tuple[tuple[str, str], ...]:
    """The record's tags, now and then with an option of the house (PINCH-1, 4, 7)."""
    options = {}
    if rng.random() < 0.15:
        options["overtrump"] = "required"
    if rng.random() < 0.08:
        options["bagatto-ultimo"] = "off"
    if rng.random() < 0.05:
        options["pip-order"] = "historic"
    tags = [("Game", game.key), ("Players", ", ".join(players)), ("Dealer", players[dealer])]
    if options:
        tags.append(("Options", " ".join(f"{k}={v}" for k, v in options.items())))
    return tuple(tags)


def _play(
    hand: PinchHand, rng: random.Random, players: list[str], body: list[Line | Trick]
) -> list[Line | Trick]:
    """Play ``hand`` out with random legal cards (the Bagatto sometimes kept for the last
    trick), writing each trick, the draws after it and the melds and cover as they come."""
    melder = _Melder(rng, players)
    leader = hand.to_play()
    assert leader is not None
    for seat in (leader, 1 - leader):
        melder.moment(seat, int(hand.hand(seat)), body)
    keep_bagatto = rng.random() < 0.5
    while hand.to_play() is not None:
        legal = int(hand.legal_cards())
        if keep_bagatto and hand.done + 1 < R.TRICKS and legal != R.BAGATTO.bit:
            legal &= ~R.BAGATTO.bit
        hand.push(rng.choice(cards_of(legal)))
        if hand.current_trick:
            continue
        trick = hand.report.tricks[-1]
        named = trick.leader if rng.random() < 0.05 else None
        body.append(Trick(trick.number, named, tuple(Item(str(c), c) for c in trick.cards)))
        if hand.to_draw() is not None:
            while (drawer := hand.to_draw()) is not None:
                body.append(_cards_line("draw", players[drawer], [hand.draw()]))
            for seat in (hand.leader, 1 - hand.leader):
                melder.moment(seat, int(hand.hand(seat)), body)
        _maybe_cover(hand, rng, players, body)
    return body


def _maybe_cover(
    hand: PinchHand, rng: random.Random, players: list[str], body: list[Line | Trick]
) -> None:
    """The Fool's owner covers it (PINCH-6) with a card of a trick he won after it: at
    once or later, at the latest after the last trick."""
    owner = hand.fool_owner
    if owner is None or hand.covered is not None or not hand.fool_after:
        return
    if rng.random() < 0.6 or hand.to_play() is None:
        given = rng.choice(cards_of(hand.fool_after))
        hand.cover(given)
        body.append(_cards_line("cover", players[owner], [given]))
