"""Builders for pinch test records: a deal with pinned cards, a stock in a known order, and a
whole hand played out with its draws, melds and the cover of the Fool.

A pinch hand is 39 tricks and 48 draws; writing one by hand for each test would hide the point
of the test, so this module plays hands through the engine's Hand API (whose turn, the legal
cards, the winners, the draws), by a policy steered with *forced* plays (possibly illegal, for
a revoke), *kept* cards (held back while anything else is legal) and a meld schedule. It also
keeps its own tally of the piles (PINCH-2, PINCH-6, PINCH-7), written apart from the engine's,
so a test compares two separate counts of the same hand.

Tests assert the situation they need before asserting the rule, so a change to the builder
cannot silently turn a test into a no-op.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from records.notation import read
from scorer.cards import CARDS, FOOL, Card
from scorer.cardset import cards_of, mask_of
from scorer.games import get_game
from scorer.games.pinch import PinchHand
from scorer.games.pinch import rules as R
from scorer.report import Report

PLAYERS = ("Anna", "Bruno")
#: Counting points as the seed's table gives them (PINCH-2), written out again here.
VALUES = {"K": 4, "Q": 3, "C": 2, "J": 1}
SPECIAL = {"1": 4, "21": 4, "Fool": 4}


def cards(text: str) -> list[Card]:
    """Card tokens (French letters) to cards, in the order written."""
    return [Card.parse(tok, "french") for tok in text.replace(",", " ").split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def show(cards_: Sequence[int] | int) -> str:
    """Cards (a list, or a mask lowest index first) in French letters."""
    if isinstance(cards_, int):
        cards_ = cards_of(cards_)
    return " ".join(CARDS[c].text("french") for c in cards_)


def value(card: int) -> int:
    """A card's counting points, from the seed's table (not the engine's)."""
    text = CARDS[card].text("french")
    return SPECIAL.get(text, VALUES.get(text[0], 0) if CARDS[card] < 56 else 0)


def deal(
    fixed: Mapping[str, str] | None = None, stock_top: str = "", rng: random.Random | None = None
) -> tuple[dict[str, int], list[Card]]:
    """Hands of fifteen and a stock of 48: ``fixed`` cards to their players, ``stock_top``
    first in the stock, the rest shuffled by ``rng`` (pack order without one) and dealt to
    whoever still needs cards, then to the stock."""
    hands = {p: 0 for p in PLAYERS}
    used = 0
    for name, text in (fixed or {}).items():
        m = mask(text)
        assert not m & used, "a card pinned twice"
        hands[name] |= m
        used |= m
    top = cards(stock_top)
    used |= mask_of(top)
    rest = cards_of(R.PACK & ~used)
    if rng is not None:
        rng.shuffle(rest)
    for name in PLAYERS:
        need = R.HAND_SIZE - hands[name].bit_count()
        assert need >= 0, f"{name} is pinned more than fifteen cards"
        hands[name] |= mask_of(rest[:need])
        rest = rest[need:]
    return hands, top + rest


#: A play policy: (player, legal cards, cards already in the trick, rng) -> card.
Policy = Callable[[str, list[Card], list[Card], random.Random], Card]


def lowest(_name: str, legal: list[Card], _trick: list[Card], _rng: random.Random) -> Card:
    return legal[0]


def at_random(_name: str, legal: list[Card], _trick: list[Card], rng: random.Random) -> Card:
    return rng.choice(legal)


#: A meld schedule: (player, tricks played, hand now, melds already written) -> meld lines
#: (the items after the colon) to write now.
Melds = Callable[[str, int, int, list[str]], list[str]]


@dataclass
class Played:
    """A hand played by :func:`play`: the record's body lines and the kit's own tally."""

    dealer: str
    hands: dict[str, int]
    stock: list[Card]
    lines: list[str]
    tricks: list[tuple[str, list[Card], str]] = field(default_factory=list)  # leader, winner
    piles: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    melds: dict[str, list[str]] = field(default_factory=dict)
    fool: str | None = None
    cover: Card | None = None
    options: str | None = None
    comments: list[str] = field(default_factory=list)

    def deck(self, name: str) -> int:
        """PINCH-2 by the kit: card points in the pile, 1 per two cards."""
        pile = self.piles[name]
        return sum(value(c) for c in cards_of(pile)) + pile.bit_count() // 2

    def card_points(self, name: str) -> int:
        return sum(value(c) for c in cards_of(self.piles[name]))

    def bagatto(self) -> str | None:
        """Who wins the last trick when the Bagatto is in it (PINCH-7), by the kit."""
        _leader, last, winner = self.tricks[-1]
        return winner if R.BAGATTO in last else None

    def text(self, write_hands: bool = True, write_stock: bool = True) -> str:
        out = ['[Game "pinch"]', f'[Players "{", ".join(PLAYERS)}"]', f'[Dealer "{self.dealer}"]']
        if self.options:
            out.append(f'[Options "{self.options}"]')
        out += [f"; {c}" if c else ";" for c in self.comments]
        for name in PLAYERS:
            if write_hands:
                out.append(f"hand {name}: {show(self.hands[name])}")
        if write_stock:
            out.append(f"stock: {show(self.stock)}")
        return "\n".join(out + self.lines) + "\n"


def play(
    dealer: str,
    hands: Mapping[str, int],
    stock: Sequence[Card],
    policy: Policy = lowest,
    rng: random.Random | None = None,
    force: Mapping[tuple[int, str], str] | None = None,
    keep: Mapping[str, str] | None = None,
    melds: Melds | None = None,
    cover: str = "first",
    options: str | None = None,
    tricks: int = R.TRICKS,
) -> Played:
    """Play a hand out: tricks, draws (winner first), melds from the schedule at the start and
    after each player's draw, and the cover of the Fool (``first``: at the first trick its
    owner wins after it, with that trick's lowest card; ``never``: not at all). Whose turn it
    is, the legal cards, each trick's winner and the draws come from the engine's Hand API
    (:meth:`Pinch.start_play`); the piles, the Fool and the Bagatto are the kit's own tally."""
    out = Played(
        dealer,
        dict(hands),
        list(stock),
        [],
        options=options,
        piles={p: 0 for p in PLAYERS},
        won={p: 0 for p in PLAYERS},
        melds={p: [] for p in PLAYERS},
    )
    hand = get_game("pinch").start_play(read(out.text())[0].record)
    assert isinstance(hand, PinchHand)
    player = _Player(out, hand, rng or random.Random(0), policy, melds)
    player.force = dict(force or {})
    player.kept = {name: mask(text) for name, text in (keep or {}).items()}
    player.meld_moment(0)
    while hand.done < tricks:
        player.play_card()
        if not hand.current_trick:
            player.trick_done(cover)
    if tricks == R.TRICKS and out.fool is not None and out.cover is None:
        out.piles[out.fool] &= ~FOOL.bit
        out.piles[other(out.fool)] |= FOOL.bit
    assert not player.force, f"forced plays never reached: {player.force}"
    return out


def other(name: str) -> str:
    return PLAYERS[1 - PLAYERS.index(name)]


class _Player:
    """The steps of :func:`play`: a card for the player to play (forced, or by the policy
    among the legal cards, kept cards held back), and what follows a trick."""

    def __init__(
        self,
        out: Played,
        hand: PinchHand,
        rng: random.Random,
        policy: Policy,
        melds: Melds | None,
    ) -> None:
        self.out, self.hand, self.rng, self.policy, self.melds = out, hand, rng, policy, melds
        self.force: dict[tuple[int, str], str] = {}
        self.kept: dict[str, int] = {}

    def play_card(self) -> None:
        hand = self.hand
        seat = hand.to_play()
        assert seat is not None
        name, number = PLAYERS[seat], hand.done + 1
        if (number, name) in self.force:
            card = Card.parse(self.force.pop((number, name)), "french")
            assert hand.hand(seat).mask >> card & 1, f"trick {number}: {name} does not hold {card}"
        else:
            legal = int(hand.legal_cards())
            free = legal & ~self.kept.get(name, 0)
            card = self.policy(name, cards_of(free or legal), list(hand.current_trick), self.rng)
        hand.push(card)  # unchecked: a forced card may be a revoke

    def trick_done(self, cover: str) -> None:
        """The trick just won: written, tallied by the kit, the Fool covered (``first``),
        then the draws and the melds after them."""
        out, hand = self.out, self.hand
        result = hand.report.tricks[-1]
        trick, leader = list(result.cards), PLAYERS[result.leader]
        winner = PLAYERS[hand.leader]
        out.lines.append(f"{result.number}. " + " ".join(c.text("french") for c in trick))
        out.tricks.append((leader, trick, winner))
        out.won[winner] += 1
        for position, card in enumerate(trick):
            if card == FOOL:
                out.fool = leader if position == 0 else other(leader)
                out.piles[out.fool] |= card.bit
            else:
                out.piles[winner] |= card.bit
        if out.fool == winner and FOOL not in trick and out.cover is None and cover == "first":
            out.cover = min(trick)
            out.lines.append(f"cover {winner}: {out.cover.text('french')}")
            out.piles[winner] &= ~out.cover.bit
            out.piles[other(winner)] |= out.cover.bit
        drew = False
        while (seat := hand.to_draw()) is not None:
            out.lines.append(f"draw {PLAYERS[seat]}: {hand.draw().text('french')}")
            drew = True
        if drew:
            self.meld_moment(result.number)

    def meld_moment(self, number: int) -> None:
        """The leader of the next trick, then the other, meld from the schedule."""
        if self.melds is None:
            return
        first = self.hand.leader
        for seat in (first, 1 - first):
            name = PLAYERS[seat]
            for text in self.melds(name, number, int(self.hand.hand(seat)), self.out.melds[name]):
                self.out.melds[name].append(text)
                self.out.lines.append(f"meld {name}: {text}")


def verify(text: str, options: Mapping[str, str] | None = None) -> Report:
    """Read one record (no notation errors allowed) and verify it."""
    parsed = read(text)
    assert len(parsed) == 1, f"{len(parsed)} records read"
    assert not parsed[0].errors, [str(e) for e in parsed[0].errors]
    return get_game("pinch").verify(parsed[0].record, options)


def codes(report: Report, *, notes: bool = False) -> list[str]:
    """Finding codes of errors and violations (and notes when asked), in report order."""
    return [f.code for f in report.findings if notes or f.severity.value != "note"]


def by_name(report: Report) -> dict[str, int]:
    return dict(zip(report.players, report.settlement, strict=True))


def sheet(report: Report) -> list[tuple[str, dict[str, int]]]:
    """The score sheet's entries: (code or label head, {player: points})."""
    return [
        (
            line.label.split(":")[0].split()[0] if line.rule != "PINCH-2" else "deck",
            {p: a for p, a in zip(report.players, line.amounts, strict=True) if a},
        )
        for line in report.lines
    ]


# -- a hand copied with five slips (#24.8) ----------------------------------------------------
#: A clean pinch hand (``examples/pinch/fool-lost.txt``), and five slips in copying it, each a
#: line edited as written: (the line as in the example, the line with the slip).
FIVE_SLIPS_BASE = Path(__file__).resolve().parent.parent / "examples" / "pinch" / "fool-lost.txt"
FIVE_SLIPS = (
    # Anna's 7 and 7D exchanged between tricks 7 and 8: a revoke in trick 7 (G-1)
    ("7. AD 7D", "7. AD 7"),
    ("8. 7 8", "8. 7D 8"),
    # Bruno's 3C written as 21, which Anna holds: impossible (G-2), the first error
    ("9. 3C 5C", "9. 21 5C"),
    # Anna's 4D and AH exchanged between tricks 13 and 14: a revoke in trick 14
    ("13. 4D 4", "13. AH 4"),
    ("14. 7H AH", "14. 7H 4D"),
    # two notation typos: a letter O for a zero, a letter twice
    ("22. 2H 10H", "22. 2H 1OH"),
    ("39. 5S JD", "39. 5S JDD"),
)
#: Where each slip shows: line, column, the token written there.
FIVE_SLIP_PLACES = [(32, 7, "7"), (38, 4, "21"), (53, 8, "4D"), (77, 8, "1OH"), (100, 8, "JDD")]


def with_slips(slips: Sequence[tuple[str, str]] = FIVE_SLIPS) -> str:
    """The clean hand with ``slips`` made (each line found whole, exactly once)."""
    lines = FIVE_SLIPS_BASE.read_text(encoding="utf-8").split("\n")
    for clean, slipped in slips:
        assert lines.count(clean) == 1, clean
        lines[lines.index(clean)] = slipped
    return "\n".join(lines)
