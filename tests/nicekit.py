"""Builders for Mitigatti of Nice test records: explicit deals, deterministic play, record text.

The rule tests need whole hands (a Nice hand is scored only when all its tricks are there) in
which one situation occurs: a revoke, a Bagatte kept to the end, a side under 18 points. Writing
78 cards and 19 tricks by hand for each would hide the point of the test, so this module:

* deals a pack with some cards *fixed* to some players and the rest given out in pack order
  (no random numbers, so a test's record never changes under it);
* plays the hand out with a deterministic policy (each player plays his lowest legal card, in
  card-index order), which a test steers with *forced* plays (possibly illegal, to make a
  revoke) and *kept* cards (held back until nothing else is legal);
* writes the record text the notation reader takes.

Tests assert the situation they need (who won what, the side totals) before asserting the
rule, so a change to the builder cannot silently turn a test into a no-op.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from records.notation import read
from scorer.cards import CARDS, Card
from scorer.cardset import cards_of, mask_of
from scorer.games import get_game
from scorer.games.engine import TrickPlay
from scorer.games.nice import rules as R
from scorer.games.nice.hand import play_table
from scorer.report import Report

PLAYERS = {"nice4": ["Anna", "Bruno", "Carla", "Dario"], "nice3": ["Anna", "Bruno", "Carla"]}
SIZES = {"nice4": (19, 2), "nice3": (25, 3)}  # cards per player at play, dealer's extra cards

#: A play policy: (seat name, legal cards lowest first, cards already in the trick) -> card.
Policy = Callable[[str, list[Card], list[Card]], Card]


def cards(text: str) -> list[Card]:
    """Card tokens to cards, in the order written."""
    return [Card.parse(tok) for tok in text.replace(",", " ").split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def show(cards_: Sequence[int] | int) -> str:
    """Cards (a list or a mask) as canonical text, lowest index first for a mask."""
    if isinstance(cards_, int):
        cards_ = cards_of(cards_)
    return " ".join(str(CARDS[c]) for c in cards_)


def deal(
    game: str,
    dealer: str,
    fixed: Mapping[str, str] | None = None,
    players: Sequence[str] | None = None,
) -> dict[str, int]:
    """Dealt hands (masks) by player name: each player's ``fixed`` cards, then the rest of the
    pack in card order, one card at a time round the table from eldest to whoever still needs
    cards. The dealer gets the extra cards he discards (21 / 28)."""
    players = list(players or PLAYERS[game])
    size, extra = SIZES[game]
    want = {p: size + (extra if p == dealer else 0) for p in players}
    hands = {p: 0 for p in players}
    used = 0
    for name, text in (fixed or {}).items():
        m = mask(text)
        if m & used:
            raise ValueError(f"fixed cards given twice: {show(m & used)}")
        hands[name] |= m
        used |= m
        if hands[name].bit_count() > want[name]:
            raise ValueError(f"{name} is fixed more than {want[name]} cards")
    rest = cards_of(R.PACK & ~used)
    start = (players.index(dealer) + 1) % len(players)
    order = players[start:] + players[:start]
    i = 0
    for card in rest:
        for _ in range(len(order)):
            name = order[i % len(order)]
            i += 1
            if hands[name].bit_count() < want[name]:
                hands[name] |= card.bit
                break
    assert all(hands[p].bit_count() == want[p] for p in players), "deal did not fill"
    return hands


def lowest(_name: str, legal: list[Card], _trick: list[Card]) -> Card:
    """The default policy: the lowest legal card by index (swords, batons, cups, coins, then
    Tarots 1..21, the Fool last). Leading, it keeps to one plain suit until it runs out."""
    return legal[0]


def play_out(
    game: str,
    start: Mapping[str, int],
    leader: str,
    force: Mapping[tuple[int, str], str] | None = None,
    keep: Mapping[str, str] | None = None,
    policy: Policy = lowest,
    tricks: int | None = None,
) -> tuple[list[list[Card]], list[str]]:
    """Play the hand from ``start`` (hands when play begins, by name) and ``leader`` through
    the Hand API (the one trick loop with Nice's rules of play) and return the tricks, each
    in play order, and their winners by name. ``force[(trick, name)]`` makes that player play
    that card (legal or not; he must hold it); ``keep[name]`` are cards he holds back while
    he has another legal card."""
    engine = get_game(game)
    players = PLAYERS[game]
    table = play_table(engine, engine.resolve_options())  # type: ignore[arg-type]
    state = TrickPlay(table, Report(game, tuple(players), None))
    state.begin_play([start[name] for name in players], None, players.index(leader))
    kept = {name: mask(text) for name, text in (keep or {}).items()}
    force = dict(force or {})
    last = tricks or state.table.tricks
    while (seat := state.to_play()) is not None and state.done < last:
        name = players[seat]
        forced = force.pop((state.done + 1, name), None)
        if forced is not None:
            card = Card.parse(forced)
            if not int(state.hand(seat)) >> card & 1:
                raise ValueError(f"trick {state.done + 1}: {name} does not hold {card}")
        else:
            legal = int(state.legal_cards())
            free = legal & ~kept.get(name, 0)
            card = policy(name, cards_of(free or legal), list(state.current_trick))
        state.push(card)
    if force:
        raise ValueError(f"forced plays never reached: {force}")
    played = [list(trick.cards) for trick in state.report.tricks]
    return played, [players[trick.winner] for trick in state.report.tricks]  # type: ignore[index]


@dataclass
class Build:
    """A record to write: every section optional, in the order the notation expects."""

    game: str = "nice4"
    dealer: str = "Dario"
    players: list[str] | None = None
    hands: Mapping[str, int] | None = None  # dealt hands (dealer's before the discard)
    mountain: Sequence[str] = ("keep",)  # one string of words per round spoken
    discard: str | None = None
    announce: int | None = None
    solo: str | None = None  # nice4: a name or "none"
    call: str | None = None  # "KC", "none", "KS surrender", ...
    exchange: str | None = None
    declares: Sequence[str] = ()  # "Anna: 10-tarocche 21 20 ..."
    tricks: Sequence[Sequence[int | str]] = ()
    notes: Mapping[tuple[int, int], str] = field(default_factory=dict)  # (trick, position)
    leaders: Mapping[int, str] = field(default_factory=dict)  # trick -> name written
    options: str | None = None
    comments: Sequence[str] = ()
    extra: Sequence[str] = ()  # lines appended at the end (claim, ...)

    def text(self) -> str:
        players = list(self.players or PLAYERS[self.game])
        out = [
            f'[Game "{self.game}"]',
            f'[Players "{", ".join(players)}"]',
            f'[Dealer "{self.dealer}"]',
        ]
        if self.options:
            out.append(f'[Options "{self.options}"]')
        out += [f"; {c}" for c in self.comments]
        for name in players:
            if self.hands is not None and name in self.hands:
                out.append(f"hand {name}: {show(self.hands[name])}")
        for number, words in enumerate(self.mountain, start=1):
            out.append(f"mountain {number}: {words}")
        if self.discard is not None:
            ann = f" announce={self.announce}" if self.announce is not None else ""
            out.append(f"discard: {self.discard}{ann}")
        if self.solo is not None:
            out.append(f"solo: {self.solo}")
        if self.call is not None:
            out.append(f"call: {self.call}")
        if self.exchange is not None:
            out.append(f"exchange: {self.exchange}")
        out += [f"declare {d}" for d in self.declares]
        for number, trick in enumerate(self.tricks, start=1):
            words = []
            for position, card in enumerate(trick):
                word = card if isinstance(card, str) else str(CARDS[card])
                note = self.notes.get((number, position))
                words.append(f"{word}({note})" if note else word)
            head = f"{number}. " + (f"{self.leaders[number]}: " if number in self.leaders else "")
            out.append(head + " ".join(words))
        out += list(self.extra)
        return "\n".join(out) + "\n"


def start_hands(
    dealt: Mapping[str, int],
    dealer: str,
    discard: str = "",
    exchange: tuple[str, str, str, str] | None = None,
) -> dict[str, int]:
    """Hands when play begins: the dealer's discard removed, and a Solo exchange
    ``(solo, holder, called, given)`` applied."""
    hands = dict(dealt)
    hands[dealer] &= ~mask(discard)
    if exchange is not None:
        solo, holder, called, given = exchange
        c, g = Card.parse(called), Card.parse(given)
        assert hands[solo] >> g & 1 and hands[holder] >> c & 1, "exchange of cards not held"
        hands[solo] = hands[solo] & ~g.bit | c.bit
        hands[holder] = hands[holder] & ~c.bit | g.bit
    return hands


def verify(text: str, options: Mapping[str, str] | None = None) -> Report:
    """Read one record (no notation errors allowed) and verify it."""
    parsed = read(text)
    assert len(parsed) == 1, f"{len(parsed)} records read"
    assert not parsed[0].errors, [str(e) for e in parsed[0].errors]
    record = parsed[0].record
    return get_game(record.game).verify(record, options)


def codes(report: Report, *, notes: bool = False) -> list[str]:
    """Finding codes of errors and violations (and notes when asked), in report order."""
    return [f.code for f in report.findings if notes or f.severity.value != "note"]


def by_name(report: Report) -> dict[str, int]:
    """The settlement keyed by player name."""
    return dict(zip(report.players, report.settlement, strict=True))


def holder_of(hands: Mapping[str, int], card: str) -> str:
    c = Card.parse(card)
    return next(name for name, hand in hands.items() if hand >> c & 1)


@dataclass
class Scenario:
    """A whole hand built by :func:`hand`: what was dealt, the hands at play, the tricks, and
    the record text (from ``build``)."""

    build: Build
    dealt: dict[str, int]
    start: dict[str, int]
    leader: str
    tricks: list[list[Card]]
    won_by: list[str]  # each trick's winner, as the play through the Hand API found

    @property
    def text(self) -> str:
        return self.build.text()

    @property
    def players(self) -> list[str]:
        return list(self.build.players or PLAYERS[self.build.game])

    def report(self, options: Mapping[str, str] | None = None) -> Report:
        return verify(self.text, options)

    def winners(self) -> list[str]:
        return list(self.won_by)

    def seat_of(self, trick: int, position: int) -> str:
        """Who played the card at ``position`` (play order) in ``trick`` (1-based)."""
        leader = self.leader if trick == 1 else self.winners()[trick - 2]
        players = self.players
        return players[(players.index(leader) + position) % len(players)]

    def played_by(self, card: str) -> tuple[int, str]:
        """(trick, player) of the play of ``card``."""
        c = Card.parse(card)
        for number, trick in enumerate(self.tricks, start=1):
            if c in trick:
                return number, self.seat_of(number, trick.index(c))
        raise ValueError(f"{card} was not played")

    def annotate(self, name: str, needed: str, word: str, last: bool = True) -> int:
        """Write ``word`` on the card with which ``name`` plays the last of ``needed`` (the
        first, with ``last=False``); return that trick's number."""
        need = mask(needed)
        plays = [(self.played_by(str(c)), c) for c in cards_of(need)]
        assert all(who == name for (_, who), _ in plays), f"{name} did not play all of {needed}"
        pick = max if last else min
        (number, _), card = pick(plays, key=lambda p: p[0][0])
        self.build.notes = {**self.build.notes, (number, self.tricks[number - 1].index(card)): word}
        return number


def hand(
    game: str = "nice4",
    dealer: str = "Dario",
    fixed: Mapping[str, str] | None = None,
    discard: str | None = None,
    announce: int | None = None,
    solo: str | None = None,
    call: str | None = None,
    exchange: str | None = None,
    declares: Sequence[str] = (),
    force: Mapping[tuple[int, str], str] | None = None,
    keep: Mapping[str, str] | None = None,
    policy: Policy = lowest,
    leader: str | None = None,
    tricks: int | None = None,
    options: str | None = None,
    mountain: Sequence[str] | None = None,
    write_hands: bool = True,
    comments: Sequence[str] = (),
) -> Scenario:
    """Deal (see :func:`deal`), discard, settle the contract and play out a whole hand.

    Defaults: the dealer discards his two (three) lowest cards that are neither Kings, Honours
    nor Tarots, his ``fixed`` cards last; in ``nice4`` nobody plays Solo and the dealer
    calls the first King he lacks (``call`` overrides; ``solo`` names a Solo player, whose
    ``exchange`` card is given to the holder of ``call``). ``leader`` defaults to eldest
    (NICE-10); ``tricks`` cuts the play short.
    """
    players = PLAYERS[game]
    n = len(players)
    dealt = deal(game, dealer, fixed)
    if discard is None:
        pinned = mask((fixed or {}).get(dealer, ""))
        allowed = dealt[dealer] & ~(R.KINGS | R.honours() | R.TAROTS)
        ok = cards_of(allowed & ~pinned) + cards_of(allowed & pinned)
        discard = show(ok[: SIZES[game][1]])
    swap = None
    if game == "nice4":
        solo = solo or "none"
        if call is None:
            call = next(str(k) for k in cards_of(R.KINGS) if not dealt[dealer] >> k & 1)
        if solo != "none" and exchange is not None:
            swap = (
                solo,
                holder_of(start_hands(dealt, dealer, discard), call.split()[0]),
                call.split()[0],
                exchange,
            )
    start = start_hands(dealt, dealer, discard, swap)
    if leader is None:
        leader = players[(players.index(dealer) + 1) % n]
    build = Build(
        game=game,
        dealer=dealer,
        hands=dealt,
        mountain=mountain or ("keep",) * (2 if game == "nice4" else 3),
        discard=discard,
        announce=announce,
        solo=solo if game == "nice4" else None,
        call=call,
        exchange=exchange,
        declares=declares,
        options=options,
        comments=comments,
    )
    played, won_by = play_out(game, start, leader, force, keep, policy, tricks=tricks)
    build.tricks = played
    if not write_hands:
        build.hands = None
    return Scenario(build, dealt, start, leader, played, won_by)
