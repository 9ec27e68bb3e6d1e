"""Builders for Piedmontese Tarocchi test records (``piemonte3``): deals, play, record text,
and an independent count of the card points.

Like ``tests/nicekit.py``: a pack dealt with some cards *fixed* to some players and the rest in
pack order (no random numbers); the hand played out by a deterministic policy (lowest legal
card), steered with *forced* plays (possibly illegal) and *kept* cards; the Fool's exchange
written as soon as it is due (PIE3-7). The play goes through the engine's Hand API
(:class:`~scorer.games.engine.TrickPlay`: whose turn, the legal cards, the winners). :func:`count`
is a second, deliberately plain reading of the rule text (its own rank orders and point table,
one trick at a time), used to work out the golden records' figures without the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from records.notation import read
from scorer.cards import CARDS, Card
from scorer.cardset import cards_of, mask_of
from scorer.games import get_game
from scorer.games.engine import TrickPlay
from scorer.games.piemonte3 import rules as R
from scorer.report import Report

PLAYERS = ["Anna", "Bruno", "Carla"]


def cards(text: str) -> list[Card]:
    return [Card.parse(tok) for tok in text.replace(",", " ").split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def show(value: Sequence[int] | int) -> str:
    if isinstance(value, int):
        value = cards_of(value)
    return " ".join(str(CARDS[c]) for c in value)


# -- an independent reading of the seed: ranks and points ---------------------------------------
_BLACK = ["K", "Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]  # high first
_RED = ["K", "Q", "C", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
_TRUMPS_HIGH_FIRST = [20, 21, *range(19, 0, -1)]  # the Angel highest (PIE3-1)


def points_of(card: Card, fool: int = 4) -> int:
    """The seed's table, counted singly (PIE3-2)."""
    text = str(card)
    if text == "Fool":
        return fool
    if card.is_trump:
        return 5 if text in ("20", "1") else 1
    return {"K": 5, "Q": 4, "C": 3, "J": 2}.get(text[:-1], 1)


def _beats(card: Card, best: Card, led: str) -> bool:
    def key(c: Card) -> tuple[int, int]:
        if c.is_trump:
            return (2, -_TRUMPS_HIGH_FIRST.index(int(str(c))))
        suit = str(c)[-1]
        if suit != led:
            return (0, 0)
        order = _BLACK if suit in "SB" else _RED
        return (1, -order.index(str(c)[:-1]))

    return key(card) > key(best)


def trick_winner(trick: Sequence[Card]) -> int:
    """Position of the winning card: trumps, else the suit led (set by the first card that is
    not the Fool, G-3); the Fool never wins."""
    plays = [(i, c) for i, c in enumerate(trick) if str(c) != "Fool"]
    led = "T" if plays[0][1].is_trump else str(plays[0][1])[-1]
    best_i, best = plays[0]
    for i, c in plays[1:]:
        if _beats(c, best, led):
            best_i, best = i, c
    return best_i


@dataclass
class Count:
    """What :func:`count` finds: each player's pile points, the exchanges, a line per trick."""

    totals: dict[str, int]
    exchanges: list[tuple[int, str, str, Card | None]]  # (after trick, giver, winner, card)
    log: list[str] = field(default_factory=list)


def count(
    tricks: Sequence[Sequence[Card]],
    leader: str,
    dealer: str,
    discard: str,
    players: Sequence[str] = PLAYERS,
    fool: int = 4,
    discard_in_pile: bool = False,
) -> Count:
    """Piles and card points from the tricks, the Fool exchanged at its first chance with
    the giver's lowest-index 1-point card (PIE3-7); the discard is the dealer's (PIE3-5)."""
    players = list(players)
    piles: dict[str, list[Card]] = {p: [] for p in players}
    if discard_in_pile:
        piles[dealer] += cards(discard)
    owed: tuple[str, str, int] | None = None
    exchanges: list[tuple[int, str, str, Card | None]] = []
    log = []
    lead = players.index(leader)
    for number, trick in enumerate(tricks, start=1):
        seats = [players[(lead + i) % 3] for i in range(3)]
        win = seats[trick_winner(trick)]
        for seat, card in zip(seats, trick, strict=True):
            if str(card) == "Fool":
                piles[seat].append(card)
                owed = (seat, win, number)
            else:
                piles[win].append(card)
        log.append(
            f"{number:>2}. {' '.join(map(str, trick)):<12} {win} "
            f"+{sum(points_of(c, fool) for c in trick if str(c) != 'Fool')}"
        )
        if owed is not None:
            ones = sorted(c for c in piles[owed[0]] if points_of(c, fool) == 1)
            if ones:
                piles[owed[0]].remove(ones[0])
                piles[owed[1]].append(ones[0])
                exchanges.append((number, owed[0], owed[1], ones[0]))
                owed = None
        lead = players.index(win)
    if owed is not None:  # never had a 1-point card: the Fool goes to the winner
        fool_card = Card.parse("Fool")
        piles[owed[0]].remove(fool_card)
        piles[owed[1]].append(fool_card)
        exchanges.append((len(tricks), owed[0], owed[1], None))
    totals = {p: sum(points_of(c, fool) for c in piles[p]) for p in players}
    if not discard_in_pile:
        totals[dealer] += sum(points_of(c, fool) for c in cards(discard))
    return Count(totals, exchanges, log)


# -- deals and play ------------------------------------------------------------------------------
def deal(
    dealer: str, fixed: Mapping[str, str] | None = None, players: Sequence[str] = PLAYERS
) -> dict[str, int]:
    """25 cards each, the dealer 28: the ``fixed`` cards, then the rest of the pack in card
    order one at a time from eldest round the table to whoever still needs cards."""
    players = list(players)
    want = {p: 25 + (3 if p == dealer else 0) for p in players}
    hands = {p: 0 for p in players}
    used = 0
    for name, text in (fixed or {}).items():
        m = mask(text)
        if m & used:
            raise ValueError(f"fixed twice: {show(m & used)}")
        hands[name] |= m
        used |= m
        if hands[name].bit_count() > want[name]:
            raise ValueError(f"{name} is fixed more than {want[name]} cards")
    order = players[players.index(dealer) + 1 :] + players[: players.index(dealer) + 1]
    i = 0
    for card in cards_of(R.PACK & ~used):
        for _ in range(3):
            name = order[i % 3]
            i += 1
            if hands[name].bit_count() < want[name]:
                hands[name] |= card.bit
                break
    assert all(hands[p].bit_count() == want[p] for p in players)
    return hands


def play_out(
    start: Mapping[str, int],
    leader: str,
    force: Mapping[tuple[int, str], str] | None = None,
    keep: Mapping[str, str] | None = None,
    players: Sequence[str] = PLAYERS,
    tricks: int = 25,
) -> list[list[Card]]:
    """Play from ``start`` through the engine's Hand API (it says whose turn it is, the legal
    cards and who wins): each player his lowest legal card (by index) unless ``force``d (that
    card, legal or not: pushed unchecked) or holding it back (``keep``) while another card is
    legal."""
    players = list(players)
    kept = {n: mask(t) for n, t in (keep or {}).items()}
    force = dict(force or {})
    play = TrickPlay(R.play_table(), Report("piemonte3", tuple(players), None))
    play.begin_play([start[name] for name in players], leader=players.index(leader))
    while (seat := play.to_play()) is not None and play.done < tricks:
        name, number = players[seat], play.done + 1
        if (number, name) in force:
            card = Card.parse(force.pop((number, name)))
            if card not in play.hand(seat):
                raise ValueError(f"trick {number}: {name} does not hold {card}")
        else:
            legal = int(play.legal_cards())
            card = cards_of(legal & ~kept.get(name, 0) or legal)[0]
        play.push(card)
    if force:
        raise ValueError(f"forced plays never reached: {force}")
    return [list(result.cards) for result in play.report.tricks]


@dataclass
class Build:
    """A record to write, every section optional, in the notation's order."""

    dealer: str = "Carla"
    hands: Mapping[str, int] | None = None
    bargains: Sequence[str] = ("continue", "continue", "continue")
    discard: str | None = None
    declares: Sequence[str] = ()  # "Anna: abundance 1 2 ..."
    tricks: Sequence[Sequence[Card | str]] = ()
    fools: Mapping[int, str] = field(default_factory=dict)  # after trick N: "Bruno: 3S"
    options: str | None = None
    comments: Sequence[str] = ()
    extra: Sequence[str] = ()
    players: Sequence[str] = tuple(PLAYERS)
    hand_order: Sequence[str] | None = None

    def text(self) -> str:
        out = [
            '[Game "piemonte3"]',
            f'[Players "{", ".join(self.players)}"]',
            f'[Dealer "{self.dealer}"]',
        ]
        if self.options:
            out.append(f'[Options "{self.options}"]')
        out += [f"; {c}" if c else ";" for c in self.comments]
        for name in self.hand_order or self.players:
            if self.hands is not None and name in self.hands:
                out.append(f"hand {name}: {show(self.hands[name])}")
        for round_no, words in zip((2, 3, 4), self.bargains, strict=False):
            out.append(f"bargain {round_no}: {words}")
        if self.discard is not None:
            out.append(f"discard: {self.discard}")
        out += [f"declare {d}" for d in self.declares]
        for number, trick in enumerate(self.tricks, start=1):
            out.append(f"{number}. " + " ".join(map(str, trick)))
            if number in self.fools:
                out.append(f"fool {self.fools[number]}")
        out += list(self.extra)
        return "\n".join(out) + "\n"


@dataclass
class Scenario:
    build: Build
    dealt: dict[str, int]
    start: dict[str, int]
    leader: str
    tricks: list[list[Card]]
    tally: Count

    @property
    def text(self) -> str:
        return self.build.text()

    def report(self, options: Mapping[str, str] | None = None) -> Report:
        return verify(self.text, options)


def hand(
    dealer: str = "Carla",
    fixed: Mapping[str, str] | None = None,
    discard: str | None = None,
    declares: Sequence[str] = (),
    force: Mapping[tuple[int, str], str] | None = None,
    keep: Mapping[str, str] | None = None,
    bargains: Sequence[str] | None = None,
    tricks: int = 25,
    options: str | None = None,
    write_fools: bool = True,
    write_hands: bool = True,
    comments: Sequence[str] = (),
    discard_in_pile: bool = False,
) -> Scenario:
    """Deal, discard (by default the dealer's three lowest cards that are neither Kings,
    Honours nor trumps), play out, and write the Fool's exchange where it falls due."""
    dealt = deal(dealer, fixed)
    if discard is None:
        allowed = dealt[dealer] & ~(R.KINGS | R.HONOURS | R.TRUMPS)
        pinned = mask((fixed or {}).get(dealer, ""))
        ok = cards_of(allowed & ~pinned) + cards_of(allowed & pinned)
        discard = show(ok[:3])
    start = dict(dealt)
    start[dealer] &= ~mask(discard)
    leader = PLAYERS[(PLAYERS.index(dealer) + 1) % 3]
    played = play_out(start, leader, force, keep, tricks=tricks)
    tally = count(played, leader, dealer, discard, discard_in_pile=discard_in_pile)
    fools = {}
    if write_fools:
        for after, giver, _winner, card in tally.exchanges:
            if card is not None and after <= tricks:
                fools[after] = f"{giver}: {card}"
    build = Build(
        dealer=dealer,
        hands=dealt if write_hands else None,
        bargains=bargains if bargains is not None else ("continue",) * 3,
        discard=discard,
        declares=declares,
        tricks=played,
        fools=fools,
        options=options,
        comments=comments,
    )
    return Scenario(build, dealt, start, leader, played, tally)


def verify(text: str, options: Mapping[str, str] | None = None) -> Report:
    parsed = read(text)
    assert len(parsed) == 1, f"{len(parsed)} records read"
    assert not parsed[0].errors, [str(e) for e in parsed[0].errors]
    return get_game("piemonte3").verify(parsed[0].record, options)


def codes(report: Report, *, notes: bool = False) -> list[str]:
    return [f.code for f in report.findings if notes or f.severity.value != "note"]


def by_name(report: Report) -> dict[str, int]:
    return dict(zip(report.players, report.settlement, strict=True))
