"""Random legal Nice records, from a caller's seeded RNG (``tarocco random nice4 --seed N``).

The generator plays whole hands by the rules: mountain words (with the odd thrown-in deal),
a legal discard with its announcement, Solo / call / sans prendre / surrender in four-player
hands, 10 Tarocche shown when held, Mitigatti and Quatre Rei declared on the card that
completes them, and random legal cards. Its records must verify clean.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Protocol

from ...cards import CARDS, FOOL, Card
from ...cardset import cards_of
from ...record import Item, Line, Record, Trick
from ...tricks import TRUMP_MASK
from . import rules as R
from .hand import NiceHand, NiceTable

DEFAULT_PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


class _Playable(NiceTable, Protocol):
    """A Nice game that gives the state of a deal as its play begins (the Hand API)."""

    def start_play(self, record: Record, options: Mapping[str, str] | None = None) -> NiceHand: ...


def _cards_line(
    keyword: str, subject: str | None, cards: Iterable[Card], extra: tuple[Item, ...] = ()
) -> Line:
    items = tuple(Item(str(c), c) for c in sorted(cards))
    return Line(keyword, subject, items + extra)


def _words_line(keyword: str, subject: str | None, words: list[str]) -> Line:
    return Line(keyword, subject, tuple(Item(w) for w in words))


def random_record(
    game: _Playable, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
) -> Record:
    n = game.num_players
    players = list(players or DEFAULT_PLAYERS[:n])
    if dealer is None:
        dealer = rng.randrange(n)
    tags = (("Game", game.key), ("Players", ", ".join(players)), ("Dealer", players[dealer]))
    body: list[Line | Trick] = []

    deck = list(cards_of(R.PACK))
    rng.shuffle(deck)
    hands = [0] * n
    dealt: list[list[Card]] = [[] for _ in range(n)]  # each seat's cards in the order dealt
    position = 0
    for seat in [*range(dealer + 1, n), *range(dealer + 1)]:
        size = game.hand_size + (game.dealer_extra if seat == dealer else 0)
        dealt[seat] = deck[position : position + size]
        for card in dealt[seat]:
            hands[seat] |= card.bit
        position += size
    for seat in range(n):
        body.append(_cards_line("hand", players[seat], cards_of(hands[seat])))

    for round_no in range(1, len(game.rounds) + 1):
        if rng.random() < 0.03:
            if round_no < len(game.rounds):  # G-4a: the hands as dealt so far
                so_far = sum(game.rounds[:round_no])
                body[:n] = [
                    _cards_line("hand", players[seat], dealt[seat][:so_far]) for seat in range(n)
                ]  # the earlier rounds' words stay (NICE-5a)
            body.append(_words_line("mountain", str(round_no), ["mountain"] * n))
            return Record(tags, tuple(body))
        body.append(
            _words_line(
                "mountain", str(round_no), ["mountain"] * rng.choice((0, 0, 0, 1, 2)) + ["keep"]
            )
        )

    allowed = [c for c in cards_of(hands[dealer]) if not (c.bit & (R.KINGS | R.honours()))]
    discard = (
        rng.sample(sorted(allowed, key=lambda c: (c.is_trump, rng.random())), game.discard_size)
        if rng.random() < 0.3
        else sorted(allowed, key=lambda c: (c.is_trump, rng.random()))[: game.discard_size]
    )
    discard_mask = sum(c.bit for c in discard)
    tarots = (discard_mask & TRUMP_MASK).bit_count()
    announce = (Item(f"announce={tarots}"),) if tarots else ()
    body.append(_cards_line("discard", None, discard, announce))
    hands[dealer] &= ~discard_mask

    if n == 4:
        outcome = _contract(rng, players, dealer, hands, discard_mask, body)
        if outcome == "surrender":
            return Record(tags, tuple(body))

    for seat in range(n):
        trumps = [c for c in cards_of(hands[seat] & (TRUMP_MASK | FOOL.bit))]
        if len(trumps) >= 10 and rng.random() < 0.9:
            shown = rng.sample(trumps, 10)
            items = (Item("10-tarocche"), *(Item(str(c), c) for c in sorted(shown)))
            body.append(Line("declare", players[seat], items))

    _play(game, rng, tags, body)
    return Record(tags, tuple(body))


def _contract(
    rng: random.Random,
    players: list[str],
    dealer: int,
    hands: list[int],
    discard: int,
    body: list[Line | Trick],
) -> str:
    """Solo, call and exchange lines (NICE-7 .. NICE-9); applies the exchange to ``hands``."""
    n = len(players)
    dealer_hand = hands[dealer]
    must_solo = dealer_hand & R.KINGS == R.KINGS and dealer_hand >> R.ANGEL & 1
    solo = dealer if must_solo else None
    if solo is None and rng.random() < 0.25:
        solo = rng.randrange(n)
    if solo is None:
        body.append(_words_line("solo", None, ["none"]))
        kings = [c for c in cards_of(R.KINGS) if not dealer_hand >> c & 1]
        king = rng.choice(kings) if kings else R.ANGEL
        # calls a King he holds: surrender or sans prendre (NICE-9); not when he holds all
        # four, for then he must call XX (NICE-8)
        if kings and rng.random() < 0.04:
            held = [c for c in cards_of(R.KINGS) if dealer_hand >> c & 1]
            if held:
                choice = rng.choice(["surrender", "sans-prendre"])
                body.append(Line("call", None, (Item(str(held[0]), held[0]), Item(choice))))
                return choice
        body.append(Line("call", None, (Item(str(king), king),)))
        return "call"
    body.append(_words_line("solo", None, [players[solo]]))
    if rng.random() < 0.2:
        body.append(_words_line("call", None, ["none"]))
        return "sans-prendre"
    wanted = [R.ANGEL, R.WORLD, R.BAGATTE, *cards_of(R.KINGS), CARDS[55 + 19]]
    candidates = [c for c in wanted if not hands[solo] >> c & 1]
    if not candidates:
        body.append(_words_line("call", None, ["none"]))
        return "sans-prendre"
    called: Card = rng.choice(candidates)
    body.append(Line("call", None, (Item(str(called), called),)))
    if discard >> called & 1:
        return "solo"
    holder = next(s for s in range(n) if hands[s] >> called & 1)
    given = rng.choice(cards_of(hands[solo] & ~(R.KINGS | R.honours())) or cards_of(hands[solo]))
    body.append(Line("exchange", None, (Item(str(given), given),)))
    hands[solo] = hands[solo] & ~given.bit | called.bit
    hands[holder] = hands[holder] & ~called.bit | given.bit
    return "solo"


def _play(
    game: _Playable, rng: random.Random, tags: tuple[tuple[str, str], ...], body: list[Line | Trick]
) -> None:
    """Random legal tricks, played through the Hand API (:meth:`NiceGame.start_play
    <.game.NiceGame.start_play>`: whose turn, the legal cards, each card pushed); Mitigatti /
    Quatre Rei annotated on the completing card (NICE-13). Appends the trick lines."""
    state = game.start_play(Record(tags, tuple(body)))
    n = game.num_players
    sets = {"mitigatti": R.honours(), "quatre-rei": R.KINGS}
    pending = {
        (seat, name)
        for seat in range(n)
        for name, need in sets.items()
        if int(state.hand(seat)) & need == need and rng.random() < 0.9
    }
    notes: dict[tuple[int, int], str] = {}  # (trick, position) -> the declaration written
    while (seat := state.to_play()) is not None:
        place = (state.done + 1, len(state.current_trick))
        card = rng.choice(list(state.legal_cards()))
        state.push(card)
        remaining = int(state.hand(seat))
        for name, need in sets.items():
            if (seat, name) in pending and card.bit & need and not remaining & need:
                notes[place] = name
    for trick in state.report.tricks:
        items = tuple(
            Item(str(card), card, notes.get((trick.number, position)))
            for position, card in enumerate(trick.cards)
        )
        named = trick.leader if rng.random() < 0.1 else None
        body.append(Trick(trick.number, named, items))
