"""Random legal Minchiate records, from a caller's seeded RNG (``tarocco random minchiate``).

The generator plays whole games by the rules: the cutter robs the run of counting cards and
sopraventi at the cut (MIN-3), the deal with its face-up cards (MIN-4), scoprire and pigliare
with the folla announced (MIN-5), the discards (MIN-6), versicole declared during the first
trick (now and then one is left undeclared: a note, G-5), random legal cards under the King rule
(MIN-12), the Fool played before the last trick and its replacement card as soon as it is due
(MIN-11, MIN-11a; now and then left for the verifier to derive), and cascare lines (MIN-14).
Its records must verify clean. Sessions follow the giri and the draw (MIN-16).
"""

from __future__ import annotations

import random

from ...cards import FOOL, Card
from ...cardset import cards_of
from ...record import Item, Line, Record, Trick
from ...tricks import TRUMP_MASK, TrickRules
from ..base import Game
from . import rules as R

DEFAULT_PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
KING_OF = tuple(1 << (s * 14 + 13) for s in range(4))
SUITS = ("swords", "batons", "cups", "coins")


def legal_cards(hand: int, trick: list[Card], first_led: int) -> int:
    """The legal cards (a mask): follow suit, else trump (MIN-13); on the first lead of a suit,
    once trumped, the King of the suit if held (MIN-12)."""
    legal = R.RULES.legal(hand, trick)
    led = TrickRules.led_category(trick)
    if (
        led is not None
        and led < 4
        and not first_led >> led & 1
        and hand & KING_OF[led]
        and any(card.is_trump for card in trick)
    ):
        return KING_OF[led]
    return legal


def _line(keyword: str, subject: str | None, cards, extra: tuple[Item, ...] = ()) -> Line:
    items = tuple(Item(str(c), c) for c in sorted(cards))
    return Line(keyword, subject, items + extra)


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
    eldest, cutter = (dealer + 1) % 4, (dealer + 3) % 4
    deck = list(cards_of(R.PACK))
    rng.shuffle(deck)
    robbed = 0
    position = 0
    while position < 13 and deck[position].bit & R.ROBBABLE:  # MIN-3
        robbed |= deck[position].bit
        position += 1
    order = [(eldest + k) % 4 for k in range(4)]
    dealt = [0, 0, 0, 0]
    for seat in order:
        for card in deck[position : position + 20]:
            dealt[seat] |= card.bit
        position += 20
    faceup = [0, 0, 0, 0]
    for seat in order:
        faceup[seat] = deck[position].bit
        position += 1
    talon = deck[position:]
    scoperti = 0
    while talon and talon[0].bit & R.ROBBABLE:  # MIN-5: scoprire
        scoperti |= talon.pop(0).bit
    pigliati = sum(c.bit for c in talon if c.bit & R.COUNTING)
    folla = sum(c.bit for c in talon) & ~pigliati
    if robbed:
        body.append(_line("rob", players[cutter] if rng.random() < 0.5 else None, cards_of(robbed)))
    unwritten = rng.randrange(4) if rng.random() < 0.05 else None  # derived from the play
    for seat in range(4):
        if seat != unwritten:
            body.append(_line("hand", players[seat], cards_of(dealt[seat])))
    for seat in range(4):
        body.append(_line("faceup", players[seat], cards_of(faceup[seat])))
    if scoperti:
        body.append(_line("scoprire", None, cards_of(scoperti)))
    if pigliati:
        body.append(_line("pigliare", None, cards_of(pigliati)))
    if unwritten is not None or rng.random() < 0.8:
        counts = tuple(
            Item(f"{SUITS[s]}={(folla >> (14 * s) & 0x3FFF).bit_count()}") for s in range(4)
        )
        body.append(_line("folla", None, cards_of(folla), counts))
    hands = [dealt[s] | faceup[s] for s in range(4)]
    hands[cutter] |= robbed
    hands[dealer] |= scoperti | pigliati
    for seat, count in ((cutter, robbed.bit_count()), (dealer, (scoperti | pigliati).bit_count())):
        if not count:
            continue
        pool = cards_of(hands[seat] if rng.random() < 0.2 else hands[seat] & ~R.COUNTING)
        if len(pool) < count:
            pool = cards_of(hands[seat])
        discard = sum(c.bit for c in rng.sample(pool, count))
        hands[seat] &= ~discard
        body.append(_line("discard", players[seat], cards_of(discard)))
    declares = []
    for offset in range(1, 5):
        seat = (dealer + offset) % 4
        found = R.versicole(hands[seat])
        if found and rng.random() < 0.9:
            shown = 0
            for versicola in found:
                shown |= versicola.cards
            shown |= hands[seat] & FOOL.bit
            declares.append(_line("declare", players[seat], cards_of(shown)))
    _play(rng, players, hands, eldest, dealer, body, declares)
    return Record(tags, tuple(body))


def _play(
    rng: random.Random,
    players: list[str],
    hands: list[int],
    leader: int,
    dealer: int,
    body: list[Line | Trick],
    declares: list[Line],
) -> None:
    """Random legal tricks; the Fool played before the last trick and replaced (MIN-11)."""
    hands = list(hands)
    first_led = 0
    piles = [0, 0]
    owed: tuple[int, int] | None = None
    if rng.random() < 0.5:
        body.extend(declares)
        declares = []
    for number in range(1, 22):
        cards: list[Card] = []
        for position in range(4):
            seat = (leader + position) % 4
            legal = legal_cards(hands[seat], cards, first_led)
            if legal & FOOL.bit and number < 21 and (number >= 18 or rng.random() < 0.08):
                card = FOOL
            else:
                choices = cards_of(legal & ~FOOL.bit) or cards_of(legal)
                card = rng.choice(choices)
            hands[seat] &= ~card.bit
            cards.append(card)
        led = TrickRules.led_category(cards)
        if led is not None and led < 4:
            first_led |= 1 << led
        named = leader if rng.random() < 0.1 else None
        body.append(Trick(number, named, tuple(Item(str(c), c) for c in cards)))
        if number == 1:
            body.extend(declares)
        winner = (leader + R.RULES.winner(cards)) % 4
        side = winner & 1
        mask = sum(c.bit for c in cards)
        if FOOL in cards:
            fool_side = (leader + cards.index(FOOL)) % 4 & 1
            if fool_side != side:
                mask &= ~FOOL.bit
                piles[fool_side] |= FOOL.bit
                owed = (fool_side, side)
        piles[side] |= mask
        if owed is not None:
            fool_side, winners = owed
            plain = piles[fool_side] & ~R.COUNTING
            if plain:  # the card is due now (MIN-11a): written, or now and then left out
                if rng.random() < 0.8:
                    card = rng.choice(cards_of(plain))
                    body.append(_line("replace", None, [card]))
                else:  # the verifier derives it: the lowest non-counting card
                    card = cards_of(plain)[0]
                piles[fool_side] &= ~card.bit
                piles[winners] |= card.bit
                owed = None
        for offset in range(4):
            seat = (leader + offset) % 4
            if (
                hands[seat]
                and not hands[seat] & TRUMP_MASK
                and cards[offset].bit & TRUMP_MASK
                and rng.random() < 0.3
            ):
                # MIN-14: he has just played his last trump and lays his hand open
                body.append(_line("cascare", players[seat], cards_of(hands[seat])))
        leader = winner


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
