"""The actions of a hand of Piedmontese three-hand Tarocchi (#32.3), for
:class:`scorer.games.actions.HandState`: which actions exist at each point, never whether they
are legal (the replay says that).

The phases: the bargaining after deal rounds 2, 3 and 4, a word at a time from eldest
(PIE3-4; the amounts offered are 1 to :data:`TOP`, and a session that settles throws the hand
in, the hands then the cards dealt so far), the dealer's discard a card at a time (PIE3-5), the
declarations offered before the first card (PIE3-6), each card, and the Fool's exchange as
soon as it is due (PIE3-7).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...cards import Card
from ...cardset import cards_of
from ...record import Line
from ..actions import Action, HandState, cards_line, declaration, discard_steps, section, words_line
from ..engine import TrickPlay
from . import rules as R
from .bargain import CONTINUE, DEMAND, OFFER, PASS, Move, Session, parse_move
from .declare import trumps_for_abundance
from .play import Piemonte3Play

__all__ = ["TOP", "Piemonte3Actions"]

#: The highest amount offered as a demand or an offer (any whole number is a word of
#: PIE3-4; a client may write a higher one).
TOP = 6


class Piemonte3Actions:
    """The actions of ``piemonte3``."""

    unfinished: ClassVar[frozenset[str]] = frozenset(("WRONG_DISCARD_SIZE", "WRONG_HAND_SIZE"))

    def deal(self, state: HandState, deck: Sequence[Card]) -> list[Line]:
        """The hands as dealt (PIE3-3): each bargaining word writes them again, as dealt by
        its round while its session is open or when it throws the hand in (PIE3-4: a
        record that stops in a session, or a hand thrown in, shows the cards dealt by
        then), whole once it says continue."""
        return _hands(state, deck, R.DEAL_ROUNDS)

    def feed(self, play: TrickPlay, line: Line) -> None:
        """A ``fool`` line steps the Hand API's state as the record's line does."""
        if line.keyword == "fool" and isinstance(play, Piemonte3Play):
            play.exchange_line(line)

    def candidates(self, state: HandState) -> list[Action]:
        for step in (_bargain, _discard, _play):
            found = step(state)
            if found is not None:
                return found
        return []


def _hands(state: HandState, deck: Sequence[Card], rounds: int) -> list[Line]:
    """PIE3-3: the hand lines after deal round ``rounds``, packets of five from eldest (the
    dealer's last packet eight)."""
    hands: list[list[Card]] = [[] for _ in range(state.n)]
    position = 0
    for number in range(1, rounds + 1):
        for step in range(1, state.n + 1):
            seat = (state.dealer + step) % state.n
            last = number == R.DEAL_ROUNDS and seat == state.dealer
            size = R.DEALER_LAST_PACKET if last else R.PACKET
            hands[seat] += deck[position : position + size]
            position += size
    return [cards_line("hand", state.players[s], hands[s]) for s in range(state.n)]


def _bargain(state: HandState) -> list[Action] | None:
    """PIE3-4: the next word of the first session not over; ``[]`` when one settled."""
    said = {line.subject: line for line in state.lines("bargain")}
    for number in R.BARGAIN_ROUNDS:
        line = said.get(str(number))
        session = Session(state.n, (state.dealer + 1) % state.n)
        words = [item.text for item in line.items] if line is not None else []
        for word in words:
            move = parse_move(word)
            if move is not None:
                session.speak(move)
        if session.settled:
            return []
        if not session.continued:
            return _words(state, number, words, session)
    return None


def _words(state: HandState, number: int, words: list[str], session: Session) -> list[Action]:
    seat = session.speaker
    moves = [Move(PASS), Move(CONTINUE)]
    moves += [Move(kind, amount) for kind in (DEMAND, OFFER) for amount in range(1, TOP + 1)]
    out = []
    for move in moves:
        trial = Session(session.players, session.first, list(session.said), session.spoken)
        trial.speak(move)
        redeal: tuple[Line, ...] = ()
        if state.deck is not None:  # a record stopping inside a session shows the cards
            dealt = R.DEAL_ROUNDS if trial.continued else number  # dealt by then
            redeal = tuple(_hands(state, state.deck, dealt))
        line = words_line("bargain", str(number), [*words, str(move)])
        out.append(
            section(
                state,
                "bargain",
                f"bargain.{move.kind}",
                seat,
                line,
                "PIE3-4",
                extends=bool(words),
                redeal=redeal,
                # hands entered as written: the cards dealt by then are not known (PIE3-3)
                waits=None if redeal else "WRONG_HAND_SIZE",
                amount=move.amount,
            )
        )
    return out


def _discard(state: HandState) -> list[Action] | None:
    dealer = state.dealer
    return discard_steps(state, dealer, state.held()[dealer], R.DISCARD_SIZE, "PIE3-5")


def _play(state: HandState) -> list[Action]:
    play = state.play()
    if not isinstance(play, Piemonte3Play):
        return []
    due = play.fool_card_due()
    if due and play.debt is not None and not play.current_trick:
        debtor = play.debt.debtor
        name = state.players[debtor]
        return [
            section(
                state, "fool", "fool", debtor, cards_line("fool", name, [c]), "PIE3-7", card=int(c)
            )
            for c in cards_of(due)
        ]
    out = _declarations(state, play) if not state.tricks_begun else []
    return out + state.card_actions()


def _declarations(state: HandState, play: Piemonte3Play) -> list[Action]:
    """PIE3-6: each grouping a hand holds, offered before the first card: Abundance (its
    trumps), Kings and Mitigati (with the other Honours or Kings), Mixed Honours."""
    out = []
    fool_trump = play.options.get("abundance-fool") == "trump"
    for seat in range(state.n):
        hand = int(play.hand(seat))
        kings, honours = hand & R.KINGS, hand & R.HONOURS
        k, h = kings.bit_count(), honours.bit_count()
        trumps = hand & trumps_for_abundance(fool_trump)
        found = []
        if trumps.bit_count() >= 10:
            found.append(("abundance", trumps))
        if k == 4:
            found.append(("kings", kings | honours))
        if h == 3:
            found.append(("mitigati", honours | kings))
        if k and h and k + h >= 4:
            found.append(("mixed", kings | honours))
        for kind, cards in found:
            out.append(declaration(state, seat, kind, cards_of(cards), "PIE3-6", head=(kind,)))
    return out
