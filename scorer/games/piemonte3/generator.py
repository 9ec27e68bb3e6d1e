"""Random legal Piedmontese records from a caller's seeded RNG (``tarocco random piemonte3``).

The generator deals in packets (PIE3-3), bargains after rounds 2, 3 and 4 with legal moves only
(PIE3-4: some sessions settle, a few with all three passing, most end with "continue"),
discards legally (PIE3-5), declares what the hands hold (PIE3-6: usually the best grouping,
sometimes a lesser legal one, which the engine notes), plays random legal cards through the
Hand API (the engine says whose turn it is, which cards are legal and who wins) and writes each
Fool exchange as soon as it is due (PIE3-7). Its records must verify clean (or thrown in).
"""

from __future__ import annotations

import random

from ...cardset import cards_of
from ...record import Item, Line, Record, Trick
from ..base import Game
from . import rules as R
from .bargain import CONTINUE, PASS, Move, Session, allowed_moves
from .declare import trumps_for_abundance
from .play import Piemonte3Play

DEFAULT_PLAYERS = ["Anna", "Bruno", "Carla"]
N = 3


def _cards_line(keyword: str, subject: str | None, mask: int, head: tuple[Item, ...] = ()) -> Line:
    return Line(keyword, subject, head + tuple(Item(str(c), c) for c in cards_of(mask)))


def random_record(
    game: Game, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
) -> Record:
    players = list(players or DEFAULT_PLAYERS)
    if dealer is None:
        dealer = rng.randrange(N)
    tags = (("Game", game.key), ("Players", ", ".join(players)), ("Dealer", players[dealer]))
    eldest = (dealer + 1) % N
    order = [(eldest + i) % N for i in range(N)]
    deck = list(cards_of(R.PACK))
    rng.shuffle(deck)
    by_round: list[list[int]] = []  # hands after each round
    hands = [0] * N
    position = 0
    for round_no in range(1, R.DEAL_ROUNDS + 1):
        for seat in order:
            size = (
                R.DEALER_LAST_PACKET if (round_no == R.DEAL_ROUNDS and seat == dealer) else R.PACKET
            )
            for card in deck[position : position + size]:
                hands[seat] |= card.bit
            position += size
        by_round.append(list(hands))

    sessions: list[Line] = []
    for round_no in R.BARGAIN_ROUNDS:
        words, settled = _bargain(rng, eldest)
        sessions.append(Line("bargain", str(round_no), tuple(Item(w) for w in words)))
        if settled:
            shown = by_round[round_no - 1]
            dealt = [_cards_line("hand", players[s], shown[s]) for s in range(N)]
            return Record(tags, (*dealt, *sessions))
    body: list[Line | Trick] = [_cards_line("hand", players[s], hands[s]) for s in range(N)]
    body += sessions

    allowed = cards_of(hands[dealer] & ~(R.KINGS | R.HONOURS))
    allowed.sort(key=lambda c: (c.is_trump, rng.random()))
    discard = sum(c.bit for c in (allowed[:3] if rng.random() < 0.7 else rng.sample(allowed, 3)))
    body.append(_cards_line("discard", None, discard))
    hands[dealer] &= ~discard

    abundance_fool = False
    for seat in range(N):
        body += _declarations(rng, players[seat], hands[seat], abundance_fool)
    body += _play(rng, game, Record(tags, tuple(body)))
    return Record(tags, tuple(body))


def _bargain(rng: random.Random, eldest: int) -> tuple[list[str], bool]:
    """A legal session (PIE3-4): the words spoken and whether it settled."""
    session = Session(N, eldest)
    words: list[str] = []
    style = rng.random()
    if style < 0.01:  # all three pass at once: thrown in for nothing
        for _ in range(N):
            session.speak(Move(PASS))
            words.append("pass")
        return words, True
    eager = 0.9 if style < 0.9 else 0.3
    while not session.over:
        before = session.said[session.speaker]
        if len(words) >= 9 or rng.random() < eager:
            move = Move(CONTINUE)
        else:
            choices = [m for m in allowed_moves(before, 6) if m.kind != CONTINUE]
            if session.spoken >= N - 1 and rng.random() < 0.3:
                # try to close: a word that makes the demands meet the offers
                gap = session.demanded() - session.offered()
                mine = before.amount if before and before.kind in ("demand", "offer") else 0
                own = -mine if before and before.kind == "demand" else mine
                need = gap + own  # what this player's new offer (+) or demand (-) must be
                wanted = Move("offer", need) if need > 0 else Move("demand", -need)
                if need and wanted in allowed_moves(before, max(abs(need), 1)):
                    choices = [wanted]
            move = rng.choice(choices)
        session.speak(move)
        words.append(str(move))
    return words, session.settled


def _declarations(rng: random.Random, name: str, hand: int, abundance_fool: bool) -> list[Line]:
    """The player's declarations: his best grouping, now and then a lesser legal one."""
    out = []
    trumps = hand & trumps_for_abundance(abundance_fool)
    if trumps.bit_count() >= 10 and rng.random() < 0.95:
        shown = trumps
        if rng.random() < 0.1:  # shows only ten (legal; the engine notes the better one)
            shown = sum(c.bit for c in rng.sample(cards_of(trumps), 10))
        out.append(_cards_line("declare", name, shown, (Item("abundance"),)))
    kings, honours = hand & R.KINGS, hand & R.HONOURS
    k, h = kings.bit_count(), honours.bit_count()
    options: list[list[tuple[str, int]]] = []
    if k == 4:
        options.append([("kings", kings | honours)])
    if h == 3:
        options.append([("mitigati", honours | kings)])
    if k == 4 and h == 3:
        options.append([("kings", kings), ("mitigati", honours)])
    if k and h and k + h >= 4:
        options.append([("mixed", kings | honours)])
    if options and rng.random() < 0.95:
        for kind, cards in rng.choice(options):
            out.append(_cards_line("declare", name, cards, (Item(kind),)))
    return out


def _play(rng: random.Random, game: Game, before: Record) -> list[Line | Trick]:
    """Random legal tricks played through the Hand API (:meth:`Game.start_play
    <scorer.games.base.Game.start_play>` of the record so far), with the Fool's exchange
    written as soon as it is due (PIE3-7); now and then a trick line names its leader."""
    hand = game.start_play(before)
    assert isinstance(hand, Piemonte3Play)
    players = hand.report.players
    named: list[bool] = []
    fools: dict[int, Line] = {}
    while hand.to_play() is not None:
        hand.push(rng.choice(list(hand.legal_cards())))
        if hand.current_trick:
            continue  # the trick goes on
        named.append(rng.random() < 0.05)
        due = hand.fool_card_due()
        if due and hand.debt is not None:
            give = rng.choice(cards_of(due))
            fools[hand.done] = Line("fool", players[hand.debt.debtor], (Item(str(give), give),))
            hand.give_for_fool(give)
    out: list[Line | Trick] = []
    for result, name in zip(hand.report.tricks, named, strict=True):
        items = tuple(Item(str(c), c) for c in result.cards)
        out.append(Trick(result.number, result.leader if name else None, items))
        if result.number in fools:
            out.append(fools[result.number])
    return out
