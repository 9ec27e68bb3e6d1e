"""Random legal pinch records, from a caller's seeded RNG (``tarocco random pinch --seed N``).

The generator plays whole hands by the rules and writes everything a record holds: the deal,
usually the stock, the draws after each trick (winner first), melds as they become possible
(at the start and after draws; raises of trumps and of three to four of a kind; the kind word
sometimes left out), random legal cards (the Bagatto sometimes kept for the last trick), the
cover of the Fool (at once or later, from a trick won after it), and now and then the options
``overtrump=required``, ``bagatto-ultimo=off`` or ``pip-order=historic``. Its records verify
clean.
"""

from __future__ import annotations

import random

from ...cards import FOOL, Card
from ...cardset import cards_of
from ...record import Item, Line, Record, Trick
from ..base import Game
from . import rules as R

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
    players = list(players or DEFAULT_PLAYERS)
    if dealer is None:
        dealer = rng.randrange(2)
    options = {}
    if rng.random() < 0.15:
        options["overtrump"] = "required"
    if rng.random() < 0.08:
        options["bagatto-ultimo"] = "off"
    if rng.random() < 0.05:
        options["pip-order"] = "historic"
    tags: list[tuple[str, str]] = [
        ("Game", game.key),
        ("Players", ", ".join(players)),
        ("Dealer", players[dealer]),
    ]
    if options:
        tags.append(("Options", " ".join(f"{k}={v}" for k, v in options.items())))
    rules = R.rules(options.get("pip-order") == "historic", "overtrump" in options)

    deck = cards_of(R.PACK)
    rng.shuffle(deck)
    hands = [0, 0]
    leader = 1 - dealer  # PINCH-3: the dealer's opponent leads
    for card in deck[: R.HAND_SIZE]:
        hands[leader] |= card.bit
    for card in deck[R.HAND_SIZE : 2 * R.HAND_SIZE]:
        hands[dealer] |= card.bit
    stock = deck[2 * R.HAND_SIZE :]
    body: list[Line | Trick] = []
    for seat in (0, 1):
        body.append(_cards_line("hand", players[seat], cards_of(hands[seat])))
    if rng.random() < 0.85:
        body.append(_cards_line("stock", None, stock))
    melder = _Melder(rng, players)
    for seat in (leader, 1 - leader):
        melder.moment(seat, hands[seat], body)

    keep_bagatto = rng.random() < 0.5
    fool_owner: int | None = None
    fool_after = 0
    covered = False
    position = 0
    for number in range(1, R.TRICKS + 1):
        cards: list[Card] = []
        for seat in (leader, 1 - leader):
            legal = rules.legal(hands[seat], cards)
            if keep_bagatto and number < R.TRICKS and legal != R.BAGATTO.bit:
                legal &= ~R.BAGATTO.bit
            card = rng.choice(cards_of(legal))
            hands[seat] &= ~card.bit
            cards.append(card)
        named = leader if rng.random() < 0.05 else None
        body.append(Trick(number, named, tuple(Item(str(c), c) for c in cards)))
        winner = (leader + rules.winner(cards)) % 2
        if FOOL in cards:
            fool_owner = leader if cards[0] == FOOL else 1 - leader
        elif fool_owner == winner and not covered:
            fool_after |= cards[0].bit | cards[1].bit
        if number <= R.STOCK_TRICKS:
            for seat in (winner, 1 - winner):
                card = stock[position]
                position += 1
                hands[seat] |= card.bit
                body.append(_cards_line("draw", players[seat], [card]))
            for seat in (winner, 1 - winner):
                melder.moment(seat, hands[seat], body)
        if fool_after and not covered and (rng.random() < 0.6 or number == R.TRICKS):
            given = rng.choice(cards_of(fool_after))
            body.append(_cards_line("cover", players[fool_owner], [given]))  # type: ignore
            covered = True
        leader = winner
    return Record(tuple(tags), tuple(body))
