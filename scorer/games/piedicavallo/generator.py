"""Random legal Piedicavallo deals, from a caller's seeded RNG (``tarocco random piedicavallo``).

The generator deals the 62-card pack (15, 15, 15 and 17 to the dealer), makes a legal discard
(trumps in it when the hand allows, announced), plays random legal cards through the Hand API
(:meth:`~scorer.games.base.Game.start_play`: the engine says whose turn it is and which cards
are legal; the Fool whenever the draw picks it, led or not) and has players talk: true
remarks within the limits of PIE-5 about the cards held, the other colour, the dealer's
sleeping cards, and requests to the partner. Its records must verify clean.
"""

from __future__ import annotations

import random
from itertools import combinations

from ...cards import FOOL, Card
from ...cardset import cards_of
from ...record import Item, Line, Record, Trick
from ..base import Game
from ..engine import TrickPlay
from . import rules as R
from .talk import COUNTED, group_of

__all__ = ["legal_discard", "random_record"]

DEFAULT_PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
N = 4
TALK = 0.12  # share of plays that carry a remark
COURT_LETTER = {14: "K", 13: "Q", 12: "C", 11: "J"}


def legal_discard(dealt: int, pair: int) -> bool:
    """PIE-3, as the engine checks it: no 5-point card; trumps only when the hand kept holds
    nothing but trumps and 5-point cards, or no trump at all."""
    if pair & R.FIVES:
        return False
    if pair & R.TRUMPS:
        kept = dealt & ~pair
        return not kept & ~(R.TRUMPS | R.FIVES) or not kept & R.TRUMPS
    return True


def random_record(
    game: Game,
    rng: random.Random,
    players: list[str] | None = None,
    dealer: int | None = None,
) -> Record:
    players = list(players or DEFAULT_PLAYERS)
    if dealer is None:
        dealer = rng.randrange(N)
    tags = (("Game", game.key), ("Players", ", ".join(players)), ("Dealer", players[dealer]))
    deck = list(cards_of(R.PACK))
    rng.shuffle(deck)
    hands = [0] * N
    if rng.random() < 0.08:
        # a dealer with two plain trumps and fifteen suit cards, who may discard both trumps
        # (PIE-3: no trump left): a legal trump discard, rare in a shuffled deal
        low = [c for c in deck if c.bit & R.TRUMPS & ~R.FIVES][:2]
        plain = [c for c in deck if c < 56][:15]
        hands[dealer] = sum(c.bit for c in low + plain)
        deck = [c for c in deck if not hands[dealer] & c.bit]
    position = 0
    for step in range(1, N + 1):  # PIE-3: right, partner, left, then the dealer's 17
        seat = (dealer + step) % N
        size = R.DEALER_CARDS if seat == dealer else R.HAND_SIZE
        if hands[seat]:
            continue
        for card in deck[position : position + size]:
            hands[seat] |= card.bit
        position += size
    body: list[Line | Trick] = [
        Line("hand", players[seat], tuple(Item(str(c), c) for c in cards_of(hands[seat])))
        for seat in range(N)
    ]
    discard = _discard(rng, hands[dealer])
    trumps = (discard & R.TRUMPS).bit_count()
    announce = (Item(f"announce={trumps}"),) if trumps or rng.random() < 0.1 else ()
    body.append(Line("discard", None, tuple(Item(str(c), c) for c in cards_of(discard)) + announce))
    record = Record(tags, tuple(body))
    return Record(tags, (*body, *_play(rng, game.start_play(record), dealer, discard)))


def _discard(rng: random.Random, dealt: int) -> int:
    pairs = [a.bit | b.bit for a, b in combinations(cards_of(dealt), 2)]
    legal = [p for p in pairs if legal_discard(dealt, p)]
    with_trumps = [p for p in legal if p & R.TRUMPS]
    if with_trumps and rng.random() < 0.7:
        return rng.choice(with_trumps)
    return rng.choice(legal)


def _play(rng: random.Random, h: TrickPlay, dealer: int, discard: int) -> list[Trick]:
    """The tricks of random legal plays, stepped through the Hand API (``h``: the deal as its
    play begins), each player sometimes talking about the hand his card leaves him (PIE-5):
    the dealer may speak of his discard too."""
    notes: dict[tuple[int, int], str] = {}
    while (seat := h.to_play()) is not None:
        number, position = h.done + 1, len(h.current_trick)
        card = rng.choice(list(h.legal_cards()))
        h.push(card)
        if rng.random() < TALK:
            sleeping = discard if seat == dealer else None
            notes[number, position] = _remark(rng, card, int(h.hand(seat)), position, sleeping)
    return [
        Trick(
            trick.number,
            trick.leader if rng.random() < 0.1 else None,
            tuple(
                Item(str(c), c, notes.get((trick.number, position)))
                for position, c in enumerate(trick.cards)
            ),
        )
        for trick in h.report.tricks
    ]


def _holding_words(rng: random.Random, cards: int, group: int, name_only_courts: bool) -> str:
    """``CARDS +N`` true of ``cards`` for a topic group (named cards a random few)."""
    pool = cards & (COUNTED[group] | (FOOL.bit if group == 4 else 0))
    candidates = cards_of(pool)
    if name_only_courts:
        candidates = [c for c in candidates if c < 56 and c.is_court]
    named = rng.sample(candidates, min(len(candidates), rng.choice((0, 1, 2))))
    others = (cards & COUNTED[group] & ~sum(c.bit for c in named)).bit_count()
    words = [str(c) for c in named]
    if not words and not others:
        return "none"
    return " ".join([*words, f"+{others}"])


def _other_words(rng: random.Random, cards: int, group: int) -> str:
    suit = rng.choice((group ^ 2, group ^ 3))
    held = cards & R.SUITS[suit]
    courts = [c for c in cards_of(held) if c.is_court]
    named = rng.sample(courts, min(len(courts), rng.choice((0, 1, 2))))
    others = (held & ~sum(c.bit for c in named)).bit_count()
    letters = [COURT_LETTER[c.rank] for c in named]
    return " ".join([*letters, f"+{others}" if letters else str(others)])


def _remark(
    rng: random.Random, card: Card, hand_after: int, position: int, discard: int | None
) -> str:
    """One or two true statements within the limits of PIE-5 for a player who has just
    played ``card`` (``discard``: the dealer's sleeping cards, else ``None``)."""
    group = group_of(card)
    kinds = ["have"] if card.is_fool else ["have", "lead"]  # PIE-5a: no lead asked with it
    if group < 4:
        kinds.append("other")
    if discard is not None:
        kinds.append("sleeping")
    if position < 2:
        kinds.append("now")
    out = []
    for kind in rng.sample(kinds, min(len(kinds), rng.choice((1, 1, 2)))):
        if kind == "have":
            out.append("have " + _holding_words(rng, hand_after, group, False))
        elif kind == "other":
            out.append("other-colour " + _other_words(rng, hand_after, group))
        elif kind == "sleeping":
            assert discard is not None  # (the dealer's)
            if group < 4 and rng.random() < 0.3:
                out.append("sleeping other-colour " + _other_words(rng, discard, group))
            else:
                out.append("sleeping " + _holding_words(rng, discard, group, True))
        elif kind == "now":
            choices = ["win-this", "play-low", "put-points", "few-points", "farlo"]
            if position == 0:
                choices.append("cover")
            topic = cards_of(R.PACK & (COUNTED[group] | (FOOL.bit if group == 4 else 0)))
            choices.append(f"play {rng.choice(topic)}")
            out.append(rng.choice(choices))
        else:
            if group == 4:
                target = "trumps"
            else:
                target = rng.choice(("this", R.SUIT_NAMES[group], "other-colour"))
            modifier = rng.choice(("", " high", " low", " points"))
            if target != "other-colour" and rng.random() < 0.3:
                wanted = cards_of(R.PACK & COUNTED[group])
                modifier = " " + str(rng.choice(wanted))
            out.append(f"lead {target}{modifier}")
    return ", ".join(out)
