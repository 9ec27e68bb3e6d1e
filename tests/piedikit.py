"""Builders for Tarocchi of Piedicavallo test records: explicit deals, deterministic play,
record text, and an independent count of the points.

Like ``nicekit``: a deal gives some cards *fixed* to some players and the rest in pack order,
one at a time round the table from eldest; the play is each player's lowest legal card (by
card index: swords, batons, cups, coins, trumps 1..21, the Fool last), steered by *forced*
plays (legal or not) and *kept* cards, stepped through the engine's Hand API (whose turn, the
legal cards, the winners); remarks are written on plays by (trick, position).

:func:`count_points` counts a deal from the seed's table (PIE-2, PIE-6) without the engine's
tables, for the golden records' hand-worked comments and for cross-checks: it is the tests'
independent oracle, so :func:`winner_index` says who wins a trick from the seed's words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from records.notation import read
from scorer.cards import CARDS, FOOL, PIEDICAVALLO_PACK, Card
from scorer.cardset import cards_of, mask_of
from scorer.games import get_game
from scorer.games.engine import TrickPlay
from scorer.games.piedicavallo import rules as R
from scorer.report import Report

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
PACK = mask_of(PIEDICAVALLO_PACK)


def cards(text: str) -> list[Card]:
    return [Card.parse(tok) for tok in text.replace(",", " ").split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def show(cards_: Sequence[int] | int) -> str:
    if isinstance(cards_, int):
        cards_ = cards_of(cards_)
    return " ".join(str(CARDS[c]) for c in cards_)


def seed_points(card: Card) -> int:
    """PIE-2 from the seed's words: Kings, 21, 1 and the Fool 5, Queens 4, Cavaliers 3,
    Jacks 2, every other card 1."""
    if card == FOOL or (card.is_trump and card.rank in (1, 21)):
        return 5
    if card.is_trump:
        return 1
    return {14: 5, 13: 4, 12: 3, 11: 2}.get(card.rank, 1)


def deal(dealer: str, fixed: Mapping[str, str] | None = None) -> dict[str, int]:
    """Dealt hands: ``fixed`` cards, then the rest of the pack in card order round the table
    from eldest; the dealer gets 17."""
    want = {p: 17 if p == dealer else 15 for p in PLAYERS}
    hands = {p: 0 for p in PLAYERS}
    used = 0
    for name, text in (fixed or {}).items():
        m = mask(text)
        assert not m & used, f"fixed twice: {show(m & used)}"
        hands[name] |= m
        used |= m
        assert hands[name].bit_count() <= want[name], f"{name}: too many fixed cards"
    start = (PLAYERS.index(dealer) + 1) % 4
    order = PLAYERS[start:] + PLAYERS[:start]
    i = 0
    for card in cards_of(PACK & ~used):
        for _ in range(4):
            name = order[i % 4]
            i += 1
            if hands[name].bit_count() < want[name]:
                hands[name] |= card.bit
                break
    assert all(hands[p].bit_count() == want[p] for p in PLAYERS)
    return hands


def play_out(
    start: Mapping[str, int],
    leader: str,
    force: Mapping[tuple[int, str], str] | None = None,
    keep: Mapping[str, str] | None = None,
    tricks: int = 15,
) -> list[list[Card]]:
    """Lowest legal card each (``force[(trick, name)]`` overrides, legal or not; ``keep[name]``
    held back while another card is legal), played through the engine's Hand API on the
    game's table (:class:`~scorer.games.engine.TrickPlay`): it says whose turn it is, which
    cards are legal and who wins each trick."""
    play = TrickPlay(R.TABLE, Report("piedicavallo", tuple(PLAYERS), None))
    play.begin_play([start[name] for name in PLAYERS], leader=PLAYERS.index(leader))
    kept = {name: mask(text) for name, text in (keep or {}).items()}
    force = dict(force or {})
    while (seat := play.to_play()) is not None and play.done < tricks:
        name = PLAYERS[seat]
        forced = force.pop((play.done + 1, name), None)
        if forced is not None:
            card = Card.parse(forced)
            assert play.hand(seat).mask >> card & 1, f"trick {play.done + 1}: {name} lacks {card}"
            play.push(card)  # unchecked: a forced play may be illegal (G-1)
        else:
            legal = int(play.legal_cards())
            play.play(cards_of(legal & ~kept.get(name, 0) or legal)[0])
    assert not force, f"forced plays never reached: {force}"
    return [list(trick.cards) for trick in play.report.tricks]


def winner_index(trick: Sequence[Card]) -> int:
    """PIE-4 from the seed: the highest trump, else the highest card of the suit led (the
    first card that is not the Fool); the Fool never wins. Red numerals rank 1 high."""

    def strength(card: Card) -> int:
        if card.rank >= 11:
            return card.rank
        return (11 - card.rank) if card.suit is not None and card.suit >= 2 else card.rank

    trumps = [(c.rank, i) for i, c in enumerate(trick) if c.is_trump]
    if trumps:
        return max(trumps)[1]
    led = next(c.suit for c in trick if c != FOOL)
    return max((strength(c), i) for i, c in enumerate(trick) if c.suit == led)[1]


@dataclass
class Deal:
    """A whole deal: what was dealt, the discard, the tricks and the leaders."""

    dealer: str
    dealt: dict[str, int]
    discard: str
    tricks: list[list[Card]]
    announce: int | None = None
    notes: dict[tuple[int, int], str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)
    write_hands: bool = True
    options: str | None = None

    @property
    def eldest(self) -> str:
        return PLAYERS[(PLAYERS.index(self.dealer) + 1) % 4]

    def leaders(self) -> list[str]:
        out = [self.eldest]
        for trick in self.tricks[:-1]:
            out.append(PLAYERS[(PLAYERS.index(out[-1]) + winner_index(trick)) % 4])
        return out

    def winners(self) -> list[str]:
        return [
            PLAYERS[(PLAYERS.index(lead) + winner_index(t)) % 4]
            for lead, t in zip(self.leaders(), self.tricks, strict=True)
        ]

    def seat_of(self, trick: int, position: int) -> str:
        return PLAYERS[(PLAYERS.index(self.leaders()[trick - 1]) + position) % 4]

    def text(self) -> str:
        out = [
            '[Game "piedicavallo"]',
            f'[Players "{", ".join(PLAYERS)}"]',
            f'[Dealer "{self.dealer}"]',
        ]
        if self.options:
            out.append(f'[Options "{self.options}"]')
        out += [f"; {c}" if c else ";" for c in self.comments]
        if self.write_hands:
            out += [f"hand {p}: {show(self.dealt[p])}" for p in PLAYERS]
        ann = f" announce={self.announce}" if self.announce is not None else ""
        out.append(f"discard: {self.discard}{ann}")
        for number, trick in enumerate(self.tricks, start=1):
            words = []
            for position, card in enumerate(trick):
                note = self.notes.get((number, position))
                words.append(f"{card}({note})" if note else str(card))
            out.append(f"{number}. " + " ".join(words))
        return "\n".join(out) + "\n"

    def count(self) -> tuple[list[int], list[str]]:
        return count_points(self)


def count_points(d: Deal) -> tuple[list[int], list[str]]:
    """Side totals (Anna and Carla, Bruno and Dario) from the seed's rules, with the
    arithmetic as comment lines."""
    side = {p: PLAYERS.index(p) % 2 for p in PLAYERS}
    won: list[list[Card]] = [[], []]
    tricks = [0, 0]
    fool_side = None
    for lead, trick, winner in zip(d.leaders(), d.tricks, d.winners(), strict=True):
        tricks[side[winner]] += 1
        for position, card in enumerate(trick):
            if card == FOOL:
                fool_side = side[PLAYERS[(PLAYERS.index(lead) + position) % 4]]
            else:
                won[side[winner]].append(card)
    lines = []
    totals = [0, 0]
    names = ("Anna and Carla", "Bruno and Dario")
    for s in (0, 1):
        total = sum(seed_points(c) for c in won[s])
        counted = [c for c in won[s] if seed_points(c) > 1]
        ones = len(won[s]) - len(counted)
        parts = [f"{c} {seed_points(c)}" for c in sorted(counted)]
        lines.append(
            f"{names[s]}: {tricks[s]} tricks; "
            + "".join(f"{part}, " for part in parts)
            + f"{ones} cards at 1 = {total}"
        )
        totals[s] = total
    if fool_side is not None:
        to = fool_side if tricks[fool_side] else 1 - fool_side
        totals[to] += 5
        given = "" if to == fool_side else " (given up: its side won no trick)"
        lines.append(f"the Fool 5 to {names[to]}{given}")
    dealer_side = side[d.dealer]
    discard_value = sum(seed_points(c) for c in cards(d.discard))
    to = dealer_side if tricks[dealer_side] else 1 - dealer_side
    totals[to] += discard_value
    given = "" if to == dealer_side else " (given up: the dealer's side won no trick)"
    lines.append(f"the discard {d.discard} = {discard_value} to {names[to]}{given}")
    lines.append(
        f"totals {totals[0]} + {totals[1]} = {sum(totals)}; Anna and Carla "
        f"{totals[0] - 57:+d} over 57 each, Bruno and Dario {totals[1] - 57:+d}"
    )
    return totals, lines


def make(
    dealer: str,
    fixed: Mapping[str, str] | None = None,
    discard: str | None = None,
    announce: int | None = None,
    force: Mapping[tuple[int, str], str] | None = None,
    keep: Mapping[str, str] | None = None,
) -> Deal:
    """Deal, discard (default: the dealer's two lowest cards that are neither trumps nor
    5-point cards, his fixed cards last) and play out."""
    dealt = deal(dealer, fixed)
    if discard is None:
        pinned = mask((fixed or {}).get(dealer, ""))
        allowed = dealt[dealer] & ~(R.FIVES | R.TRUMPS)
        ok = cards_of(allowed & ~pinned) + cards_of(allowed & pinned)
        discard = show(ok[:2])
    start = dict(dealt)
    start[dealer] &= ~mask(discard)
    eldest = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    return Deal(dealer, dealt, discard, play_out(start, eldest, force, keep), announce)


def verify(text: str, options: Mapping[str, str] | None = None) -> Report:
    parsed = read(text)
    assert len(parsed) == 1 and not parsed[0].errors, [str(e) for p in parsed for e in p.errors]
    return get_game("piedicavallo").verify(parsed[0].record, options)


def codes(report: Report, *, notes: bool = False) -> list[str]:
    return [f.code for f in report.findings if notes or f.severity.value != "note"]


def shuffled(dealer: str, seed: int) -> dict[str, int]:
    """Dealt hands from a pack shuffled by ``random.Random(seed)``: 15 each from the
    dealer's right, 17 to the dealer (PIE-3)."""
    import random

    deck = cards_of(PACK)
    random.Random(seed).shuffle(deck)
    hands = {}
    at = 0
    for step in range(1, 5):
        name = PLAYERS[(PLAYERS.index(dealer) + step) % 4]
        size = 17 if name == dealer else 15
        hands[name] = mask_of(deck[at : at + size])
        at += size
    return hands


def make_from(
    dealer: str,
    dealt: dict[str, int],
    discard: str | None = None,
    announce: int | None = None,
    force: Mapping[tuple[int, str], str] | None = None,
    keep: Mapping[str, str] | None = None,
) -> Deal:
    """As :func:`make`, from hands already dealt."""
    if discard is None:
        allowed = dealt[dealer] & ~(R.FIVES | R.TRUMPS)
        discard = show(cards_of(allowed)[:2])
    start = dict(dealt)
    start[dealer] &= ~mask(discard)
    eldest = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    return Deal(dealer, dealt, discard, play_out(start, eldest, force, keep), announce)


def hand_after(d: Deal, trick: int, position: int) -> int:
    """The hand of the player of (trick, position) just after that card (PIE-5)."""
    name = d.seat_of(trick, position)
    hand = d.dealt[name] & ~(mask(d.discard) if name == d.dealer else 0)
    for number in range(1, trick + 1):
        for pos in range(4):
            if d.seat_of(number, pos) == name:
                hand &= ~d.tricks[number - 1][pos].bit
    return hand


TOP_TRUMPS = "7 8 9 10 11 12 13 14 15 16 17 18 19 20 21"
"""Fifteen trumps no other hand can beat: their holder, leading, wins every trick."""
