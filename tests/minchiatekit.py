"""Builders for Minchiate test records: a seeded deal, steered play, record text.

A Minchiate game is 97 cards and 21 tricks; writing one by hand for each rule would hide the
point of the test. This kit deals a shuffled pack (from a seed, so a test's record never changes
under it) exactly as the rules deal (robbing, face-up cards, scoprire and pigliare, discards),
then plays it out with a *policy*: by default the lowest legal card by index, the Fool played
at trick 18 at the latest. A test steers it by forcing plays (possibly illegal, to make a revoke
or break the King rule) and writes the text the notation reader takes.

Tests assert the situation they need (a revoke happened, the Fool's side won nothing) before
asserting the rule, so a change to the builder cannot silently turn a test into a no-op.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from records.notation import read
from records.writer import write
from scorer.cards import FOOL, Card
from scorer.cardset import cards_of
from scorer.games import get_game
from scorer.games.engine import TrickPlay
from scorer.games.minchiate import rules as R
from scorer.record import Item, Line, Record, Trick
from scorer.report import Report
from scorer.tricks import TRUMP_MASK, TrickRules

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
GAME = get_game("minchiate")

#: A play policy: (trick number, seat, hand mask, legal mask, cards so far) -> card.
Policy = Callable[[int, int, int, int, list[Card]], Card]


def lowest(number: int, seat: int, hand: int, legal: int, trick: list[Card]) -> Card:
    """The default policy: the Fool by trick 18, else the lowest legal card by index."""
    if legal & FOOL.bit and number >= 18:
        return FOOL
    return cards_of(legal & ~FOOL.bit or legal)[0]


@dataclass
class Built:
    """A built game: its record text and what happened, for the test to check its premise."""

    text: str
    record: Record
    hands: list[int]  # hands at the start of play
    revokes: list[tuple[int, int]] = field(default_factory=list)  # (trick, seat)
    king_breaks: list[tuple[int, int]] = field(default_factory=list)
    fool: tuple[int, int] | None = None  # (trick, seat) where the Fool was played

    def verify(self, **options: str) -> Report:
        [parsed] = read(self.text)
        assert not parsed.errors, parsed.errors
        return GAME.verify(parsed.record, options or None)


def _line(keyword: str, subject: str | None, cards, extra: tuple[Item, ...] = ()) -> Line:
    return Line(keyword, subject, tuple(Item(str(c), c) for c in sorted(cards)) + extra)


def build(
    seed: int,
    dealer: int = 3,
    policy: Policy = lowest,
    declare: bool = True,
    replace: bool = True,
    revoke_at: int | None = None,
    break_king: bool | str = False,
    comment: str = "",
    players: list[str] | None = None,
    extra_tags: tuple[tuple[str, str], ...] = (),
    deck: list[Card] | None = None,
    draw: list[str] | None = None,
    leave_in_folla: bool = False,
) -> Built:
    """Deal from ``random.Random(seed)`` and play with ``policy``.

    ``leave_in_folla``: the dealer does not take the lowest counting card of the folla
    (MIN-5). ``revoke_at``: in that trick (or the first later one where it is possible) the first
    player who can follow suit plays another card instead; ``break_king``: the first player
    the King rule binds plays another card of the suit (``"trump"``: the first one holding
    another card of the suit and a trump trumps instead, a revoke too, MIN-12 and MIN-13).
    The play goes through the Hand API (:meth:`Minchiate.start_play`): the turn, the legal
    cards and the tricks won are the engine's.
    """
    players = players or PLAYERS
    if deck is None:
        deck = list(cards_of(R.PACK))
        random.Random(seed).shuffle(deck)
    assert sorted(deck) == cards_of(R.PACK)
    tags = (
        ("Game", "minchiate"),
        ("Players", ", ".join(players)),
        ("Dealer", players[dealer]),
        *extra_tags,
    )
    body: list[Line | Trick] = []
    if draw:
        body.append(Line("draw", None, tuple(Item(name) for name in draw)))
    body += _deal_lines(deck, dealer, players, leave_in_folla)
    state = GAME.start_play(Record(tags, tuple(body)))
    built = Built("", Record(()), [int(state.hand(seat)) for seat in range(4)])
    declares = _declares(built.hands, dealer, players) if declare else []
    steer = _Steer(policy, revoke_at, break_king, built)
    while (seat := state.to_play()) is not None:
        state.push(steer.choose(state, seat))
        if not state.current_trick:
            trick = state.report.tricks[-1]
            body.append(Trick(trick.number, None, tuple(Item(str(c), c) for c in trick.cards)))
            body += declares if trick.number == 1 else []
            body += _replace_line(state, body) if replace else []
    built.record = Record(tags, tuple(body))
    built.text = _with_comment(write(built.record), comment)
    return built


def _deal_lines(
    deck: list[Card], dealer: int, players: list[str], leave_in_folla: bool
) -> list[Line | Trick]:
    """The lines of the deal from ``deck`` as the rules deal it (MIN-3 .. MIN-6): the robbed
    cards, the hands and face-up cards, scoprire and pigliare, the folla with its counts and
    the discards (the lowest plain cards)."""
    eldest, cutter = (dealer + 1) % 4, (dealer + 3) % 4
    robbed, position = 0, 0
    while position < 13 and deck[position].bit & R.ROBBABLE:
        robbed |= deck[position].bit
        position += 1
    order = [(eldest + k) % 4 for k in range(4)]
    dealt, faceup = [0, 0, 0, 0], [0, 0, 0, 0]
    for seat in order:
        dealt[seat] = sum(c.bit for c in deck[position : position + 20])
        position += 20
    for seat in order:
        faceup[seat] = deck[position].bit
        position += 1
    talon = deck[position:]
    scoperti = 0
    while talon and talon[0].bit & R.ROBBABLE:
        scoperti |= talon.pop(0).bit
    pigliati = sum(c.bit for c in talon if c.bit & R.COUNTING)
    if leave_in_folla and pigliati:  # the dealer leaves a counting card in the folla
        pigliati &= pigliati - 1
    folla = sum(c.bit for c in talon) & ~pigliati
    body: list[Line | Trick] = []
    if robbed:
        body.append(_line("rob", players[cutter], cards_of(robbed)))
    body += [_line("hand", players[s], cards_of(dealt[s])) for s in range(4)]
    body += [_line("faceup", players[s], cards_of(faceup[s])) for s in range(4)]
    body += [
        _line(k, None, cards_of(m))
        for k, m in (("scoprire", scoperti), ("pigliare", pigliati))
        if m
    ]
    counts = tuple(
        Item(f"{name}={(folla >> (14 * s) & 0x3FFF).bit_count()}")
        for s, name in enumerate(("swords", "batons", "cups", "coins"))
    )
    body.append(_line("folla", None, cards_of(folla), counts))
    hands = [dealt[s] | faceup[s] for s in range(4)]
    hands[cutter] |= robbed
    hands[dealer] |= scoperti | pigliati
    for seat, taken in ((cutter, robbed), (dealer, scoperti | pigliati)):
        if taken:
            plain = cards_of(hands[seat] & ~R.COUNTING & ~R.SOPRAVENTI)
            body.append(_line("discard", players[seat], plain[: taken.bit_count()]))
    return body


def _declares(hands: list[int], dealer: int, players: list[str]) -> list[Line]:
    """Every versicola each player holds, declared from eldest round (MIN-7)."""
    declares = []
    for offset in range(1, 5):
        seat = (dealer + offset) % 4
        shown = 0
        for versicola in R.versicole(hands[seat]):
            shown |= versicola.cards
        if shown:
            declares.append(
                _line("declare", players[seat], cards_of(shown | hands[seat] & FOOL.bit))
            )
    return declares


class _Steer:
    """The card each player plays: the policy's, or a revoke or a breach of the King rule
    where the test asks for one (recorded in ``built``)."""

    def __init__(
        self, policy: Policy, revoke_at: int | None, break_king: bool | str, built: Built
    ) -> None:
        self.policy, self.revoke_at, self.break_king, self.built = (
            policy,
            revoke_at,
            break_king,
            built,
        )

    def choose(self, state: TrickPlay, seat: int) -> Card:
        number = state.done + 1
        hand, legal = int(state.hand(seat)), int(state.legal_cards())
        trick = list(state.current_trick)
        card = self.policy(number, seat, hand, legal, trick)
        led = TrickRules.led_category(trick)
        if led is not None and led < 4:
            card = self.steered(number, seat, hand, legal, trick, led) or card
        if card == FOOL:
            self.built.fool = (number, seat)
        return card

    def steered(
        self, number: int, seat: int, hand: int, legal: int, trick: list[Card], led: int
    ) -> Card | None:
        """The illegal card the test asks for here, if any."""
        suit = 0x3FFF << 14 * led
        if self.revoke_at is not None and number >= self.revoke_at:
            others = hand & ~R.RULES.legal(hand, trick) & ~FOOL.bit
            if others and hand & suit:
                self.built.revokes.append((number, seat))
                self.revoke_at = None
                return cards_of(others)[0]
            return None
        king = 1 << (led * 14 + 13)
        others = hand & suit & ~legal
        if not self.break_king or legal != king or not others:
            return None
        if self.break_king == "trump" and hand & TRUMP_MASK:
            self.built.revokes.append((number, seat))  # a revoke too (MIN-13)
            card = cards_of(hand & TRUMP_MASK)[0]
        elif self.break_king is True:
            card = cards_of(others)[0]
        else:
            return None
        self.built.king_breaks.append((number, seat))
        self.break_king = False
        return card


def _replace_line(state: TrickPlay, written: list[Line | Trick]) -> list[Line]:
    """The card given for the Fool once it is due (MIN-11a), as a replace line: the lowest
    non-counting card the Fool's side has won, which the engine derives and notes then (its
    record has no replace line)."""
    if any(isinstance(line, Line) and line.keyword == "replace" for line in written):
        return []
    for finding in state.report.findings:
        if finding.code == "FOOL_REPLACEMENT_DERIVED":
            return [_line("replace", None, finding.cards)]
    return []


def _with_comment(text: str, comment: str) -> str:
    """The record's text with ``comment`` as comment lines after its tags."""
    if not comment:
        return text
    head, _, rest = text.partition("\n\n")
    return head + "\n" + "".join(f"; {line}\n" for line in comment.splitlines()) + rest


def weak_side_deck(seed: int) -> list[Card]:
    """A pack stacked for a deal by Dario in which Anna and Carla get only suit cards (Anna the
    Fool too) and Bruno and Dario all 40 trumps with a King face up each: Anna and Carla cannot
    win a trick (MIN-11's Fool lost)."""
    rng = random.Random(seed)
    kings = [Card.parse("KS"), Card.parse("KB")]
    suits = [c for c in cards_of(R.PACK & ~TRUMP_MASK & ~FOOL.bit) if c not in kings]
    plain = [c for c in suits if not c.bit & R.COUNTING]
    rng.shuffle(suits)
    suits.remove(plain[0])
    trumps = [c for c in cards_of(TRUMP_MASK)]
    rng.shuffle(trumps)
    anna = [plain[0], FOOL, *suits[:18]]
    carla = suits[18:38]
    talon = suits[38:]
    assert not any(c.bit & R.COUNTING for c in talon) or True
    return [
        *anna,
        *trumps[:20],
        *carla,
        *trumps[20:],
        suits[38],
        kings[0],
        suits[39],
        kings[1],
        *talon[2:],
    ]


def placed_deck(seed: int, cards: dict[int, list[str]], dealer: int = 3) -> list[Card]:
    """The pack shuffled from ``seed``, then the ``cards`` of each seat moved into the 20 it is
    dealt face down, and a card that cannot be robbed put on top (MIN-3: no robbing, so the
    deal is as placed). The rest of each hand, the face-up cards and the folla stay random."""
    rng = random.Random(seed)
    deck = list(cards_of(R.PACK))
    rng.shuffle(deck)
    eldest = (dealer + 1) % 4
    first = {(eldest + k) % 4: 20 * k for k in range(4)}  # where each seat's 20 begin
    for seat, texts in cards.items():
        for offset, text in enumerate(texts, start=1):  # position 0 is the top card's
            here, there = deck.index(Card.parse(text)), first[seat] + offset
            deck[here], deck[there] = deck[there], deck[here]
    placed = len(cards.get(eldest, ()))
    if deck[0].bit & R.ROBBABLE:
        top = next(i for i in range(placed + 1, 20) if not deck[i].bit & R.ROBBABLE)
        deck[0], deck[top] = deck[top], deck[0]
    return deck


def forced(plays: dict[tuple[int, int], str], then: Policy = lowest) -> Policy:
    """A policy that plays the card given for (trick, seat), else ``then``'s card."""

    def policy(number: int, seat: int, hand: int, legal: int, trick: list[Card]) -> Card:
        text = plays.get((number, seat))
        if text is None:
            return then(number, seat, hand, legal, trick)
        card = Card.parse(text)
        assert legal & card.bit, f"{text} is not legal for seat {seat} in trick {number}"
        return card

    return policy


def joining(seed: int) -> Built:
    """Anna holds 34 35 36, Carla 38 39 40, Bruno 37: both declare (two versicole of one
    side, one kind). Anna leads 34 to the first trick, Bruno must play 37, Carla takes it
    with 38."""
    deck = placed_deck(seed, {0: ["34", "35", "36"], 1: ["37"], 2: ["38", "39", "40"]})
    return build(seed, deck=deck, policy=forced({(1, 0): "34", (1, 1): "37", (1, 2): "38"}))


def fool_then(seed: int, cards: dict[int, list[str]], second: dict[int, str], **kw) -> Built:
    """A deal with ``cards`` placed by seat. Anna leads the Fool to the first trick and Bruno
    takes it with 40 (Carla 6, Dario 7): a card is owed to Bruno & Dario (MIN-11). The second
    trick, ``second`` by seat, is won by Anna & Carla with 29 its only non-counting card: the
    first card the Fool's side can give."""
    plays = {(1, 0): "Fool", (1, 1): "40", (1, 2): "6", (1, 3): "7"}
    plays |= {(2, seat): card for seat, card in second.items()}
    return build(seed, deck=placed_deck(seed, cards), policy=forced(plays), **kw)


# -- an independent count ----------------------------------------------------------------------
_BLACK = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]  # MIN-1, highest first
_RED = [14, 13, 12, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def _beats(card: Card, best: Card, led: int) -> bool:
    """Written from MIN-1 directly (not the engine's tables): does ``card`` beat ``best``?"""
    if card.is_fool:
        return False
    if best.is_fool:
        return True
    if card.is_trump or best.is_trump:
        return card.is_trump and (not best.is_trump or card.rank > best.rank)
    if card.suit != led:
        return False
    order = _BLACK if led < 2 else _RED
    return order.index(card.rank) < order.index(best.rank)


def _grow(declared: int, won: int, kind: str) -> int:
    """Accrescimento written from MIN-8: runs grow one neighbouring trump at a time; Diecine and
    Kings take any card of theirs."""
    universe = R.EXTENDABLE[kind] & won
    if kind in ("diecine", "re"):
        return declared | universe
    grown = declared
    while True:
        more = 0
        for card in cards_of(universe & ~grown):
            if (card - 1 >= 56 and grown >> (card - 1) & 1) or grown >> (card + 1) & 1:
                more |= card.bit
        if not more:
            return grown
        grown |= more


def recount(record: Record, accrescimento: bool = True) -> dict:
    """Count a clean game again, written straight from MIN-3 .. MIN-11 and MIN-15 without the
    engine's replay: the marks in order, the rests during play, the end count and the rests at
    the end, per player (revoke penalties are the caller's)."""
    count = _Recount(record, accrescimento)
    count.before_play()
    count.play()
    fool_lost = count.settle_fool()
    return count.result(fool_lost)


def _side(seat: int) -> int:
    return seat % 2


def _value(mask: int) -> int:
    return sum(R.VALUE[c] for c in cards_of(mask))


class _Recount:
    """The state of :func:`recount`: the marks in order, what each side declared and won."""

    def __init__(self, record: Record, accrescimento: bool) -> None:
        self.record = record
        self.accrescimento = accrescimento
        self.marks: list[tuple[int, int]] = []  # (side, points) in order
        self.declared: list[dict[str, int]] = [{}, {}]
        self.piles = [0, 0]
        self.tricks_won = [0, 0]
        self.owed: tuple[int, int] | None = None  # (the Fool's side, the winners)
        self.last = 0  # the last trick's winner

    def cards_in(self, keyword: str, subject: str | None = None) -> int:
        return sum(
            c.bit
            for ln in self.record.lines(keyword)
            if subject is None or ln.subject == subject
            for c in ln.cards()
        )

    def before_play(self) -> None:
        """MIN-3 .. MIN-7: the robbed cards, the face-up cards, the scoperti, the versicole."""
        players, dealer, marks = self.record.players, self.record.dealer, self.marks
        marks.append((_side((dealer + 3) % 4), _value(self.cards_in("rob"))))
        for k in range(1, 5):
            seat = (dealer + k) % 4
            marks.append((_side(seat), _value(self.cards_in("faceup", players[seat]))))
        marks.append((_side(dealer), _value(self.cards_in("scoprire"))))
        for k in range(1, 5):
            seat = (dealer + k) % 4
            shown = self.cards_in("declare", players[seat])
            marks.append((_side(seat), R.versicola_total(shown)))
            for versicola in R.versicole(shown):
                if versicola.kind in R.EXTENDABLE and self.accrescimento:
                    kinds = self.declared[_side(seat)]
                    kinds[versicola.kind] = kinds.get(versicola.kind, 0) | versicola.cards

    def grow(self, side: int) -> None:
        """Accrescimento (MIN-8) of what ``side`` declared, from the cards in its pile."""
        kinds = self.declared[side]
        for kind, cards_ in kinds.items():
            grown = _grow(cards_, self.piles[side], kind)
            self.marks.append((side, sum(R.IN_VERSICOLA[c] for c in cards_of(grown & ~cards_))))
            kinds[kind] = grown

    def give(self, card: Card) -> None:
        """MIN-11: the Fool's side gives ``card``; from then on it is the winners' card, which
        may extend their versicole at once (MIN-8b), not the giver's."""
        assert self.owed is not None
        giver, winners = self.owed
        self.piles[giver] &= ~card.bit
        self.piles[winners] |= card.bit
        self.grow(winners)
        self.owed = None

    def play(self) -> None:
        """Each trick: its winner by MIN-1, the losers' counting cards that die (MIN-8), the
        Fool kept by its side (MIN-11) and its card given where the record says, or as soon
        as it is due (MIN-11a)."""
        leader = (self.record.dealer + 1) % 4
        written = bool(self.record.lines("replace"))
        for entry in self.record.body:
            if isinstance(entry, Line):
                if entry.keyword == "replace" and self.owed is not None:
                    self.give(entry.cards()[0])  # where the record says so
                continue
            leader = self.last = self.trick(leader, list(entry.card_tuple))
            if self.owed is not None and not written:
                # MIN-11a: no replace line: the card is due as soon as the side has a
                # non-counting card, and it is the lowest one it then has (29 the highest)
                plain = [c for c in cards_of(self.piles[self.owed[0]]) if not R.VALUE[c]]
                plain = [c for c in plain if not c.is_fool]
                if plain:
                    self.give(
                        min(plain, key=lambda c: (c.is_trump, c.rank if c.is_trump else int(c)))
                    )

    def trick(self, leader: int, cards: list[Card]) -> int:
        """One trick led by ``leader``: the marks and the piles; returns its winner."""
        led = next((c.suit if not c.is_trump else 4 for c in cards if not c.is_fool), None)
        best = 0
        for i in range(1, 4):
            if _beats(cards[i], cards[best], led):
                best = i
        winner = (leader + best) % 4
        won = sum(c.bit for c in cards)
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            if card.is_fool and _side(seat) != _side(winner):
                won &= ~card.bit
                self.piles[_side(seat)] |= card.bit
                self.owed = (_side(seat), _side(winner))
            elif R.VALUE[card] and _side(seat) != _side(winner):
                self.marks.append((_side(winner), R.VALUE[card]))
        self.piles[_side(winner)] |= won
        self.tricks_won[_side(winner)] += 1
        self.grow(_side(winner))
        return winner

    def settle_fool(self) -> bool:
        """A card never given for the Fool: the Fool is lost when its side won no trick,
        else the lowest counting card goes (MIN-11). Returns whether the Fool was lost."""
        if self.owed is None:
            return False
        giver, winners = self.owed
        lost = not self.tricks_won[giver]
        if lost:
            card = FOOL
        else:
            card = min(cards_of(self.piles[giver] & ~FOOL.bit), key=lambda c: (R.VALUE[c], c))
        self.piles[giver] &= ~card.bit
        self.piles[winners] |= card.bit
        return lost

    def rests_during_play(self) -> tuple[int, list[int]]:
        """MIN-9: the difference after the marks, and the rests paid as it reached 60."""
        diff, during = 0, [0, 0, 0, 0]
        for who, points in self.marks:
            diff += points if who == 0 else -points
            while abs(diff) >= 60:
                paid = 0 if diff > 0 else 1
                diff += -60 if paid == 0 else 60
                for seat in range(4):
                    during[seat] += 1 if _side(seat) == paid else -1
        return diff, during

    def result(self, fool_lost: bool) -> dict:
        """MIN-10, MIN-15: the end count of each side's pile (the folla and the discards
        with the dealer's side) and the rests at the end."""
        folla = self.cards_in("folla")
        if not self.record.lines("folla"):  # MIN-5: the folla is every card not dealt or taken
            keys = ("rob", "hand", "faceup", "scoprire", "pigliare")
            folla = R.PACK & ~sum(self.cards_in(k) for k in keys)
        piles = self.piles
        piles[_side(self.record.dealer)] |= folla | self.cards_in("discard")
        diff, during = self.rests_during_play()
        end, parts = [], []
        for s in (0, 1):
            pile = piles[s]
            part = (
                pile.bit_count(),
                max(0, pile.bit_count() - 42),
                R.versicola_total(pile),
                10 if _side(self.last) == s else 0,
                _value(pile),
            )
            parts.append(part)
            end.append(sum(part[1:]))
        final = diff + end[0] - end[1]
        count = -(-abs(final) // 60) * (2 if fool_lost else 1)
        settlement = list(during)
        for seat in range(4):
            settlement[seat] += count if _side(seat) == (0 if final > 0 else 1) else -count
            if fool_lost:
                assert self.owed is not None
                settlement[seat] += 14 if _side(seat) == self.owed[1] else -14
        return {
            "end": end,
            "during": during,
            "settlement": tuple(settlement),
            "cards": sum(p.bit_count() for p in piles),
            "fool_lost": fool_lost,
            "marks": [m for m in self.marks if m[1]],
            "parts": parts,
            "diff_after_play": diff,
            "final": final,
            "rests": count,
        }
