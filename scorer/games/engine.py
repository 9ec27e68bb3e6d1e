"""The one trick loop: every engine plays its tricks through it, and a client steps it a card
at a time.

:class:`TrickPlay` is the state of the play of one deal, in the manner of OpenSpiel's State:
each seat's cards, whose turn it is, the trick on the table, the tricks done. A record's trick
line goes through :meth:`TrickPlay.play_trick`; a client (a generator, the entry page) steps
the play with :meth:`TrickPlay.push`, unchecked, since a record says what happened even when
it was illegal, or :meth:`TrickPlay.play`, checked, which refuses a card that is not legal
(python-chess's ``push`` and ``push_san``). Both run the same loop, :meth:`TrickPlay.advance`:
per card one look-up, the held test and the follow test; the exact legality check
(:meth:`TrickPlay.judge`) only for a card that may be illegal; a slow branch only to word an
impossible play (G-2) or to seat a card of a seat whose hand is unknown.

What is particular to a game comes in through a few hooks, each called at a rare moment:
:meth:`~TrickPlay.on_led` when a trick's led category is known (Minchiate's King rule,
overtrumping), :meth:`~TrickPlay.judge` for a card that may be illegal,
:meth:`~TrickPlay.card_not_held` and :meth:`~TrickPlay.unknown_seat_plays` for the slow
branch, :meth:`~TrickPlay.trick_over` once a trick is won (marks, remarks, the Fool's
exchange, draws). A game's rules of play are data in its :class:`PlayTable`.

>>> from scorer.cards import Card
>>> from scorer.report import Report
>>> from scorer.tricks import TrickRules
>>> rules = TrickRules.simple(trump_order=list(range(1, 22)))
>>> table = PlayTable(2, 2, (1 << 97) - 1, rules, (0,) * 97)
>>> play = TrickPlay(table, Report("demo", ("Anna", "Bruno"), 0))
>>> cards = lambda text: [int(Card.parse(t)) for t in text.split()]
>>> play.begin_play([sum(1 << c for c in cards("KS 3S")), sum(1 << c for c in cards("7S 21"))])
>>> play.to_play(), str(play.legal_cards())
(0, '3S KS')
>>> play.play(Card.parse("KS"))
>>> str(play.legal_cards())
'7S'
>>> play.push(Card.parse("21"))  # unchecked: recorded, and flagged as a record's play is
>>> [f.code for f in play.report.findings], play.report.tricks[0].winner, play.to_play()
(['MUST_FOLLOW_SUIT'], 1, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, ClassVar, NoReturn, TypeVar

from ..cards import CARDS, FOOL_INDEX, Card
from ..cardset import CardSet
from ..findings import Finding, Loc, Severity
from ..record import Record, Trick
from ..report import Report, TrickResult
from ..tricks import CATEGORY, FOOL_CATEGORY, TRUMP, TrickRules
from .replay import Replay, ReplayStop

__all__ = ["FirstPass", "IllegalPlay", "NoPlay", "PlayTable", "TrickPlay", "reach_play"]

#: Per card: its bit, its category, its key in a trick (trumps above every suit card) and the
#: points its trick's winner takes for it; ``None`` for a card outside the pack.
CardInfo = tuple[tuple[int, int, int, int] | None, ...]
#: Per led category, per category played: :attr:`TrickRules.suspect
#: <scorer.tricks.TrickRules.suspect>`.
Suspects = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class PlayTable:
    """A game's play as data: the players and tricks, the pack (a mask), the rules of
    legality and rank (:class:`~scorer.tricks.TrickRules`) and each card's points. The Fool's
    points stay with its side in every game here, so its trick does not take them.

    What the loop reads of the rules it reads from tables the rules build (their rank keys,
    tie rule, and the cards that may be illegal, :class:`~scorer.tricks.TrickRules`): the
    loop has no rule of its own."""

    players: int
    tricks: int
    pack: int
    rules: TrickRules
    points: tuple[int, ...]
    info: CardInfo = field(init=False, repr=False, compare=False)
    #: What the loop reads per call: info, players, and of the rules: ties_to_later, suspect
    #: and judge_all.
    loop: tuple[CardInfo, int, bool, Suspects, tuple[bool, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        rules = self.rules
        info = _card_info(rules, self.points, self.pack)
        object.__setattr__(self, "info", info)
        loop = (info, self.players, rules.ties_to_later, rules.suspect, rules.judge_all)
        object.__setattr__(self, "loop", loop)


@cache
def _card_info(rules: TrickRules, points: tuple[int, ...], pack: int) -> CardInfo:
    """The per-card table of :class:`PlayTable` (one per game and points table): the rank
    key is the rules' own (:attr:`TrickRules.key <scorer.tricks.TrickRules.key>`)."""
    out: list[tuple[int, int, int, int] | None] = []
    key = rules.key
    for card in range(97):
        worth = 0 if card == FOOL_INDEX else points[card]
        entry = (1 << card, CATEGORY[card], key[card], worth)
        out.append(entry if pack >> card & 1 else None)
    return tuple(out)


class IllegalPlay(ValueError):
    """:meth:`TrickPlay.play` refused a card: not the player's, or against a rule of play
    (``code``: ``CARD_NOT_HELD``, ``MUST_FOLLOW_SUIT``, ...)."""

    def __init__(self, code: str, card: int) -> None:
        super().__init__(f"{code}: card {card}")
        self.code = code
        self.card = card


class NoPlay(ValueError):
    """:meth:`Game.start_play <scorer.games.base.Game.start_play>` was given a record whose
    lines before the play do not reach it (an error, a thrown-in deal, a surrender): the
    report says why."""

    def __init__(self, report: Report) -> None:
        first = report.errors[0].message if report.errors else "the play does not begin"
        super().__init__(first)
        self.report = report


_State = TypeVar("_State", bound="TrickPlay")


def reach_play(state: _State) -> _State:
    """``state`` after its step before play, :meth:`TrickPlay.open_play` (the lines before
    its first trick), for the Hand API's :meth:`Game.start_play
    <scorer.games.base.Game.start_play>` of every game: :class:`NoPlay` with the report
    (:meth:`TrickPlay.finish`) when the deal ends before the play (thrown in, surrendered),
    or those lines stop (G-2) or find an error."""
    try:
        begins = state.open_play()
    except ReplayStop:
        begins = False
    if not begins or state.report.errors:
        raise NoPlay(state.finish())
    return state


class TrickPlay(Replay):
    """The play of one deal: the hands, the turn, the trick on the table (see the module).

    A game's state class derives from it, sets :attr:`table` and calls :meth:`begin_play`
    when its play starts; its hooks add what is particular to the game."""

    #: The rule each illegal play's code breaks, per game (Nice: ``MUST_TRUMP``: NICE-11).
    illegal_rules: ClassVar[Mapping[str, str]] = {}
    #: The game's own state that its hooks change in play and that it reads after the replay
    #: stops (G-2): kept as the first error left it while the checking after it runs (#24.8).
    after_error_state: ClassVar[tuple[str, ...]] = ()
    # The loop's state in slots: read and written on every card, it takes Python's fastest
    # attribute access, and leaves a game's instance dict its own few names.
    __slots__ = (
        "after_error",
        "best",
        "current",
        "done",
        "flags",
        "hands",
        "known",
        "leader",
        "led",
        "played",
        "points",
        "report",
        "seen",
        "source",
        "strict",
        "table",
        "went_on",
        "winner",
    )

    #: Whether the class overrides :meth:`on_led` (set for each subclass: the loop spares
    #: the call of the default, once a trick).
    watches_lead: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.watches_lead = cls.on_led is not TrickPlay.on_led

    def __init__(self, table: PlayTable, report: Report) -> None:
        self.table = table
        self.report = report
        self.begin_play([0] * table.players)

    # -- the state ---------------------------------------------------------------------------
    def begin_play(
        self,
        hands: Sequence[int],
        known: Sequence[bool] | None = None,
        leader: int = 0,
        out_of_play: int = 0,
    ) -> None:
        """Start the play: each seat's cards (a mask; 0 for a seat whose hand is unknown, see
        ``known``), the first leader, and cards already out of play (a discard)."""
        n = self.table.players
        self.hands = list(hands)
        self.known = list(known) if known is not None else [True] * n
        # per seat, the cards it played that its hand did not hold: every card of a seat
        # whose hand is unknown (what a first pass reads); a known seat's cards played are
        # its hand at the start less its hand now
        self.played = [0] * n
        self.seen = out_of_play  # cards played, or otherwise out of play
        self.leader = leader  # who leads the trick on the table, or the next one
        self.done = 0  # tricks complete
        self.clear_trick(None)
        self.after_error: _AfterError | None = None  # checking on after the first error
        self.went_on = False  # whether it ran (once per play)

    def clear_trick(self, source: Trick | None) -> None:
        """An empty trick on the table; ``source`` is the record's line of it, if any."""
        self.current: list[Card] = []
        self.source = source
        self.led = -1  # the led category, once a card other than the Fool is played
        self.best = -1  # the winning card's key so far
        self.winner = self.leader
        self.points = 0
        self.strict = False  # judge every card of the trick (see on_led)
        self.flags: dict[int, tuple[tuple[str, ...], int]] = {}

    def to_play(self) -> int | None:
        """The seat whose turn it is, or ``None`` when every trick is played."""
        if self.done >= self.table.tricks:
            return None
        return (self.leader + len(self.current)) % self.table.players

    def legal_cards(self) -> CardSet:
        """The cards the player to play may play (any card not yet seen, for a seat whose
        hand is unknown)."""
        seat = self.to_play()
        if seat is None:
            return CardSet()
        if not self.known[seat]:
            others = sum(h for s, h in enumerate(self.hands) if self.known[s])
            return CardSet(self.table.pack & ~self.seen & ~others)
        return CardSet(self.table.rules.legal(self.hands[seat], self.current))

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now (empty for a seat whose hand is unknown)."""
        return CardSet(self.hands[seat])

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards of the trick on the table, in the order played from its leader."""
        return tuple(self.current)

    # -- stepping ----------------------------------------------------------------------------
    def play(self, card: int) -> None:
        """Play ``card`` for the player to play, checked: :class:`IllegalPlay` if it is not
        theirs or breaks a rule of play (then nothing changes)."""
        seat = self.to_play()
        if seat is None:
            raise IllegalPlay("TOO_MANY_TRICKS", card)
        if self.known[seat] and not self.hands[seat] >> card & 1:
            raise IllegalPlay("CARD_NOT_HELD", card)
        if not int(self.legal_cards()) >> card & 1:
            code = self.table.rules.illegal(self.hands[seat], self.current, card)
            raise IllegalPlay(code or "CARD_NOT_HELD", card)
        self.push(card)

    def push(self, card: int) -> None:
        """Play ``card`` for the player to play, unchecked: an illegal card is played and
        flagged as in a record (G-1); an impossible one ends the replay (G-2,
        :class:`~scorer.games.replay.ReplayStop`). A trick that fills is won at once."""
        if self.to_play() is None:
            table = self.table
            self.halt(
                "TOO_MANY_TRICKS",
                trick=self.done + 1,
                tricks=table.tricks,
                players=table.players,
            )
        self.advance((CARDS[card],))

    def play_trick(self, trick: Trick, last_line: bool) -> TrickResult:
        """Play one trick line of a record: its place and leader checked (G-2), its cards in
        turn (:meth:`advance`). Returns the trick; its ``winner`` is ``None`` when the line
        stops short (the record's last line, or an unknown card), which ends the play."""
        table = self.table
        cards = trick.card_tuple
        number = self.done + 1
        leader = trick.leader
        after = self.after_error
        if after is not None and after.in_doubt:  # (the line after the first error's, #24.8)
            self.next_line_after_error(trick)
        if (
            trick.number != number
            or number > table.tricks
            or (leader is not None and leader != self.leader)
            or len(cards) > table.players
        ):
            self.check_trick_line(trick)  # (the common line passes its checks at once)
        if self.current:
            self.clear_trick(trick)
        else:  # the table is clear (the play began, or a trick was won): the line's own
            self.source = trick
        result = self.advance(cards)
        if result is not None and self.after_error is None:
            return result  # (the common line)
        return self.line_done(trick, last_line, result)

    def line_done(self, trick: Trick, last_line: bool, result: TrickResult | None) -> TrickResult:
        """:meth:`play_trick`'s end when the line stopped short (``result`` ``None``), or
        after the first error: past a card the text could not read, the checking after the
        first error goes on or ends; a short line's trick is kept (and halts unless last)."""
        cards = trick.card_tuple
        if result is None and self.unreadable_at(trick, len(self.current)):
            result = self.past_unknown(cards)  # (it stopped at a card the text could not read)
        after = self.after_error
        if after is not None:
            after.in_doubt = after.source is trick
            if result is None or last_line or self.done >= self.table.tricks:
                self.end_after_error()  # the play of the record is over: so is the checking
        if result is not None:
            return result
        result = self.keep_partial_trick()  # kept before a short line's halt too (G-2)
        if len(self.current) == len(cards) and not last_line:
            self.short_trick(trick, len(cards))
        return result

    def check_trick_line(self, trick: Trick) -> None:
        """G-2: the next trick line must carry the next number, within the hand's tricks, be
        led by the seat that won the lead, and hold at most a card per player."""
        table = self.table
        number = self.done + 1
        if trick.number != number:
            self.halt("TRICK_NUMBER", loc=trick.loc, trick=number, written=trick.number)
        if number > table.tricks:
            self.halt(
                "TOO_MANY_TRICKS",
                loc=trick.loc,
                trick=number,
                tricks=table.tricks,
                players=table.players,
            )
        if trick.leader is not None and trick.leader != self.leader:
            self.halt(
                "PLAY_OUT_OF_TURN",
                loc=trick.loc,
                trick=number,
                seat=trick.leader,
                leader=self.leader,
            )
        if len(trick.card_tuple) > table.players:  # (not plays: a plain line keeps no items)
            self.halt(
                "TOO_MANY_CARDS",
                loc=trick.plays[table.players].loc,
                trick=number,
                count=len(trick.plays),
                players=table.players,
            )

    # -- the loop ----------------------------------------------------------------------------
    def advance(self, cards: Sequence[Card | None]) -> TrickResult | None:
        """Play ``cards`` in turn into the trick on the table: each must be held (else the
        slow branch words why it cannot be, G-2), each that may be illegal is judged (G-1),
        and the trick's winner and points follow the cards. The play stops before an unknown
        card. Returns the trick when the cards fill it (then won, and :meth:`trick_over`
        called), else ``None``."""
        info, n, later, suspects, judge_all = self.table.loop
        watches = self.watches_lead
        hands, known, played, current = self.hands, self.known, self.played, self.current
        if current:  # a trick under way (pushed card by card, or a short line continued)
            seat = (self.leader + len(current)) % n
            led, best, winner, points = self.led, self.best, self.winner, self.points
            strict = self.strict
            suspect: tuple[int, ...] = suspects[led] if led >= 0 else ()
        else:  # the empty trick (as :meth:`clear_trick` leaves it)
            seat = winner = self.leader
            led, best, points, strict = -1, -1, 0, False
            suspect = ()
        seen = self.seen
        for card in cards:
            try:
                bit, category, key, worth = info[card]  # type: ignore[index, misc]
            except TypeError:  # an unknown card (None), or one outside the pack (no entry)
                self.seen, self.winner, self.best, self.points = seen, winner, best, points
                self.unplayable(len(current), seat, card)  # stops, unless the card is unknown
                return None
            hand = hands[seat]
            if hand & bit:
                hands[seat] = hand ^ bit
            else:  # the slow branch (every card of a seat whose hand is unknown)
                try:
                    self.not_in_hand(len(current), seat, card, seen)  # type: ignore[arg-type]
                except ReplayStop:
                    self.go_on_after_error(seat)  # (else it stops, as always)
                played[seat] |= bit
            seen |= bit
            current.append(card)  # type: ignore[arg-type]  # (an unknown card has no entry)
            if category == led:
                if strict and known[seat]:
                    self.judge(len(current) - 1, seat, card, hand, led)  # type: ignore[arg-type]
                if key > best or (later and key == best):
                    best, winner = key, seat
            elif led < 0:
                if category != FOOL_CATEGORY:
                    led, best, winner = category, key, seat
                    self.led = led
                    suspect = suspects[led]  # the rules': what may make a card illegal
                    # judge every later card: the game's hook says so (called first, for
                    # what it notes), or the rules do (a trump led under overtrumping)
                    strict = (watches and self.on_led(led)) or judge_all[led]
                    self.strict = strict
            elif category != FOOL_CATEGORY:
                if known[seat] and (strict or hand & suspect[category]):
                    self.judge(len(current) - 1, seat, card, hand, led)  # type: ignore[arg-type]
                if category == TRUMP and (key > best or (later and key == best)):
                    best, winner = key, seat
            elif strict and known[seat]:  # the Fool, in a trick whose every card is judged
                self.judge(len(current) - 1, seat, card, hand, led)  # type: ignore[arg-type]
            points += worth
            seat = seat + 1 if seat + 1 < n else 0
        self.seen = seen
        if len(current) < n:
            self.best, self.winner, self.points = best, winner, points
            return None
        # The trick is complete: the winner takes it and leads the next; the table is cleared
        # (as clear_trick leaves it, but for best, winner and points, which an empty trick
        # starts from constants above; an unused flags dict is kept), then trick_over.
        self.done = number = self.done + 1
        flags = self.flags
        result = TrickResult(
            number, self.leader, tuple(current), winner, points, flags, n, self.source
        )
        self.report.tricks.append(result)
        self.leader = winner
        self.current, self.source, self.led, self.strict = [], None, -1, False
        if flags:
            self.flags = {}
        self.trick_over(result)
        return result

    def keep_partial_trick(self) -> TrickResult:
        """The trick the record stops in (its last line, or an unknown card): kept, unwon."""
        result = TrickResult(
            self.done + 1,
            self.leader,
            tuple(self.current),
            None,
            self.points,
            self.flags,
            self.table.players,
            self.source,
        )
        self.report.tricks.append(result)
        return result

    # -- the slow branch ---------------------------------------------------------------------
    def loc_of(self, position: int) -> Loc | None:
        """Where the record writes the card at ``position`` of the trick on the table."""
        source = self.source
        if source is None or position >= len(source.plays):
            return None
        return source.plays[position].loc

    def unplayable(self, position: int, seat: int, card: int | None) -> None:
        """A card the loop has no entry for: unknown (``?``), which ends the play there with
        a note (G-2), or outside the pack, which is impossible."""
        loc, number = self.loc_of(position), self.done + 1
        if card is None:
            self.say("UNKNOWN_CARD", Severity.NOTE, "G-2", loc=loc, trick=number, seat=seat)
            return
        self.halt(
            "CARD_NOT_IN_PACK",
            loc=loc,
            trick=number,
            seat=seat,
            cards=(CARDS[card],),
            pack_size=self.table.pack.bit_count(),
        )

    def not_in_hand(self, position: int, seat: int, card: int, seen: int) -> None:
        """A card the seat's hand does not hold: played before (G-2), not the seat's
        (:meth:`card_not_held`), or the play of a seat whose hand is unknown."""
        if seen >> card & 1:
            variant, where = self.where_played(card)  # in which trick, or out of play
            self.halt(
                "DUPLICATE_CARD",
                variant=variant,
                loc=self.loc_of(position),
                trick=self.done + 1,
                seat=seat,
                cards=(CARDS[card],),
                **where,
            )
        if self.known[seat]:
            self.card_not_held(position, seat, card)
        else:
            self.unknown_seat_plays(position, seat, card)

    # -- after the first error (#24.8) -------------------------------------------------------
    def go_on_after_error(self, seat: int) -> None:
        """The slow branch found the first impossible play of a record's trick line (G-2, its
        finding recorded): play on, checking the later tricks as a compiler lists further
        errors (:class:`_AfterError` says how). Stops (:class:`ReplayStop`, as always) at a
        second impossible play, for a card pushed by a client (no record line), and in a
        first pass that knows no hand (a scout: nothing there to check)."""
        if self.went_on or self.source is None or not self.hands_written():
            raise ReplayStop
        self.start_after_error().doubt(self, seat)

    def start_after_error(self) -> _AfterError:
        """The checking after the first error begins (once a play), in a report of its own."""
        self.went_on = True
        after = self.after_error = _AfterError(self)
        self.report = Report(self.report.game, self.report.players, self.report.dealer)
        return after

    def unreadable_at(self, trick: Trick, position: int) -> bool:
        """Whether the play of ``trick`` stopped at ``position`` at an unknown card that
        stands for one its text could not read (:attr:`Record.unreadable
        <scorer.record.Record.unreadable>`; a ``?`` written as such ends the play, as for
        any partial record)."""
        record: Record | None = getattr(self, "record", None)  # (the game's state sets it)
        if record is None or not record.unreadable or position >= len(trick.card_tuple):
            return False
        return trick.plays[position].loc in record.unreadable

    def past_unknown(self, cards: Sequence[Card | None]) -> TrickResult | None:
        """The trick line ``cards`` stopped at an unknown card that stands for one the text
        could not read (:meth:`unreadable_at`): its player played one of his cards, which,
        no one knows. The checking after the first error plays on past it as past an
        impossible card (:class:`_AfterError`), with one of that player's cards standing in
        for it in the trick, then given back: his hand is unknown from then on. ``None``
        (the play ends there) when it cannot: no hand of his to take a card from, another
        such card in doubt, or no hand written."""
        position = len(self.current)
        seat = (self.leader + position) % self.table.players
        held = self.hands[seat] & ~(1 << FOOL_INDEX)  # (the Fool has rules of its own)
        after = self.after_error
        if not held or (after.in_doubt if after is not None else self.went_on):
            return None
        if after is None:
            if not self.hands_written():
                return None
            after = self.start_after_error()
        after.doubt(self, seat)
        bit = held & -held
        result = self.advance((CARDS[bit.bit_length() - 1], *cards[position + 1 :]))
        self.hands[seat] |= bit  # (given back: the card he played is not known)
        self.seen &= ~bit
        self.played[seat] &= ~bit
        return result

    def hands_written(self) -> bool:
        """Whether some hand is known, and every hand known is one the record writes (a
        ``hand`` line): one derived from the play is only what an impossible play shows,
        and would blame the wrong players after it."""
        record: Record | None = getattr(self, "record", None)
        if record is None or not any(self.known):
            return False
        written = {line.subject for line in record.lines("hand")}
        players = self.report.players
        return all(players[seat] in written for seat, known in enumerate(self.known) if known)

    def next_line_after_error(self, trick: Trick) -> None:
        """A trick line after the one of a card in doubt: its seats known again (but the
        seat of that card, and any that played after it a card it did not hold); its
        leader, as the last trick's winner is in doubt, the one written, else the one seat
        that holds its first card, if one does; what was found since the card in doubt
        dropped (it may follow from the doubt)."""
        after = self.after_error
        assert after is not None
        n = self.table.players
        for position in range(after.position + 1, n):
            seat = (after.leader + position) % n
            if not after.hands[seat] & ~self.hands[seat]:  # it played a card it did not hold
                after.known[seat] = False
        self.known[:] = after.known
        first = trick.card_tuple[0] if trick.card_tuple else None
        if trick.leader is not None:
            self.leader = trick.leader
        elif first is not None:
            holders = [seat for seat, hand in enumerate(self.hands) if hand >> first & 1]
            if len(holders) == 1:
                self.leader = holders[0]
        del self.report.findings[after.mark :]
        del after.judged[after.judged_mark :]

    def end_after_error(self) -> NoReturn:
        """End the checking after the first error: the state as the first error left it,
        and the problems found since, if out of doubt (:meth:`_AfterError.keeps`), added
        to the real report marked ``after_first_error``; the replay stops (G-2)."""
        after = self.after_error
        assert after is not None
        self.after_error = None
        found = self.report.findings[: after.mark] if after.in_doubt else self.report.findings
        found = [f for f in found if after.keeps(f)]
        after.restore(self)
        self.report.findings += [replace(f, after_first_error=True) for f in found]
        raise ReplayStop

    def halt(self, code: str, rule: str = "G-2", **where: Any) -> NoReturn:
        """:meth:`Replay.halt <scorer.games.replay.Replay.halt>`; after the first error,
        the finding is the last of the checking (:meth:`end_after_error`)."""
        if self.after_error is None:
            super().halt(code, rule, **where)
        self.say(code, Severity.ERROR, rule, **where)
        self.end_after_error()

    # -- the steps of a game's replay --------------------------------------------------------
    def open_play(self) -> bool:
        """The step before play, the one name of every game's: replay the record's lines
        before its first trick and begin the play (:meth:`begin_play`). True when the play
        begins; False when the deal ends before it (thrown in, surrendered); stops at an
        impossible line (G-2, :class:`~scorer.games.replay.ReplayStop`)."""
        raise NotImplementedError

    def finish(self) -> Report:
        """The report of a replay that ends here (:func:`reach_play` gives it with
        :class:`NoPlay`): by default, its findings in order. A game that scores or says more
        at the end overrides it."""
        self.report.sort_findings()
        return self.report

    # -- the hooks ---------------------------------------------------------------------------
    def on_led(self, led: int) -> bool:
        """The trick's led category is known; True to judge every later card of the trick,
        following or not. Nothing by default (and the loop calls it only for a class that
        overrides it, :attr:`watches_lead`); a trump led when the rules say overtrump is
        judged so whatever this says."""
        return False

    def judge(self, position: int, seat: int, card: Card, hand: int, led: int) -> None:
        """The exact check of a card that may be illegal (``hand``: the seat's cards before
        it): flag it with its rule and the cards that were legal (G-1)."""
        rules = self.table.rules
        before = self.current[:position]
        code = rules.illegal(hand, before, card)
        if code is None:
            return
        legal = rules.legal(hand, before)
        self.flag_illegal(code, position, seat, card, led, legal)

    def flag_illegal(
        self, code: str, position: int, seat: int, card: Card, led: int, legal: int
    ) -> None:
        """An illegal play as a violation, scored as played (G-1); the trick keeps its code
        and the legal cards for the pages."""
        self.say(
            code,
            Severity.VIOLATION,
            self.illegal_rules.get(code, "G-1"),
            loc=self.loc_of(position),
            trick=self.done + 1,
            seat=seat,
            cards=(card,),
            legal=tuple(CardSet(legal)),
            led=led,
        )
        codes = self.flags.get(position, ((), legal))[0]
        self.flags[position] = ((*codes, code), legal)
        if self.after_error is not None:
            self.after_error.judged.append(self.report.findings[-1])

    def card_not_held(self, position: int, seat: int, card: int) -> None:
        """A known seat played a card it does not hold: impossible (G-2), said with where
        the card is (:meth:`whereabouts`)."""
        variant, where = self.whereabouts(card, seat)
        self.halt(
            "CARD_NOT_HELD",
            variant=variant,
            loc=self.loc_of(position),
            trick=self.done + 1,
            seat=seat,
            cards=(CARDS[card],),
            **where,
        )

    def whereabouts(self, card: int, seat: int) -> tuple[str, dict[str, Any]]:
        """Where ``card`` is, which ``seat`` has just played without holding it (the slow
        branch only), as the variant and the facts of the finding's sentence (#32.10), so
        that it sends the reader to the card: ``other`` (another known seat holds it:
        ``other``), where :meth:`where_played` finds it, or where the game's
        :meth:`card_elsewhere` puts it (``unknown`` by default)."""
        bit = 1 << card
        for other, hand in enumerate(self.hands):
            if other != seat and self.known[other] and hand & bit:
                return "other", {"other": other}
        if self.seen & bit:
            return self.where_played(card)
        return self.card_elsewhere(card)

    def where_played(self, card: int) -> tuple[str, dict[str, Any]]:
        """Where a card already out of play went (#32.10): ``played`` in trick
        ``played_in`` by seat ``by`` (the trick on the table too), else ``out``, out of play
        before the first trick (the discard)."""
        n = self.table.players
        before = self.after_error.report.tricks if self.after_error is not None else []
        for result in (*before, *self.report.tricks):
            if card in result.cards:
                by = (result.leader + result.cards.index(CARDS[card])) % n
                return "played", {"played_in": result.number, "by": by}
        if card in self.current:
            by = (self.leader + self.current.index(CARDS[card])) % n
            return "played", {"played_in": self.done + 1, "by": by}
        return "out", {}

    def card_elsewhere(self, card: int) -> tuple[str, dict[str, Any]]:
        """Where a card no known hand holds, not played nor out of play, is in this game
        (:meth:`whereabouts`; pinch's stock, Minchiate's folla): ``unknown`` by default."""
        return "unknown", {}

    def short_trick(self, trick: Trick, count: int) -> None:
        """A trick line of ``count`` cards, too few, that is not the record's last (kept in
        the trick log, unwon): impossible (G-2), the replay stops. A game that reports more
        of such a trick first (Nice: the declarations written on its cards) may return
        instead: :meth:`play_trick` then returns the trick, and the game stops after its own
        steps."""
        self.halt("SHORT_TRICK", loc=trick.loc, trick=self.done + 1, count=count)

    def unknown_seat_plays(self, position: int, seat: int, card: int) -> None:
        """A seat whose hand is unknown played ``card`` (not yet seen): nothing to check."""

    def trick_over(self, result: TrickResult) -> None:
        """A trick is won (``result``; :attr:`hands` are the hands after it, :attr:`leader`
        its winner): the game's marks, remarks, exchanges. Nothing by default."""


class FirstPass(TrickPlay):
    """The first pass over a record's trick lines, one step of every engine: what each seat
    played, for the hands (and the discard) the record does not write.

    The same loop and the same line checks as the replay proper, with every hand unknown and
    none of the game's hooks (a plain :class:`TrickPlay`; its findings worded as the game's).
    The lines are played in turn until one stops short or the play stops (G-2: a line out of
    place, a card played twice or outside the pack); nothing found here is reported (the
    replay proper finds it again, and says it), but the game may read it (:attr:`stop`).
    What it gives: :attr:`played` (per seat, the cards it played), :attr:`complete` (every
    trick played: then a hand not written is exactly what its player played), and
    :attr:`stop` (the index of the line it stopped at, and why)."""

    def __init__(self, state: TrickPlay, leader: int) -> None:
        report = state.report
        super().__init__(state.table, Report(report.game, report.players, report.dealer))
        # the game's words over the class's, for a finding the game reads (:attr:`stop`)
        self.words = state.words
        self.templates = state.templates  # type: ignore[misc]  # (per instance: the game's)
        self.trumps_name = state.trumps_name  # type: ignore[misc]
        self.terms = state.terms  # type: ignore[misc]
        n = state.table.players
        self.begin_play([0] * n, [False] * n, leader)
        #: The index of the trick line the pass stopped at (G-2), and the finding why.
        self.stop: tuple[int, Finding] | None = None

    @classmethod
    def of(cls, state: TrickPlay, tricks: Sequence[Trick], leader: int) -> FirstPass:
        """The first pass of ``state``'s record over its trick lines ``tricks``, the first
        led by ``leader``."""
        scout = cls(state, leader)
        last = len(tricks) - 1
        for index, trick in enumerate(tricks):
            try:
                if scout.play_trick(trick, index == last).winner is None:
                    break
            except ReplayStop:
                scout.stop = (index, scout.report.findings[-1])
                break
        return scout

    @property
    def complete(self) -> bool:
        """Whether every trick was played: a hand not written is then what its player
        played."""
        return self.done == self.table.tricks


class _AfterError:
    """The checking after the first impossible play of a record's trick line (#24.8), and
    what it leaves as it found it.

    The impossible card counts as played, and its seat's hand as unknown from then on:
    what that seat really played is in doubt, so nothing of it is judged again. The rest
    of that trick is not judged (its led suit and its best card may be in doubt; a seat
    that plays there a card it does not hold is unknown from then on too), and its winner
    may be wrong: the next trick line is led by the leader it writes, else by the one seat
    that holds its first card; until it is played through, whatever is found (a second
    impossible play too) may follow from the doubt, and is dropped. Past it, the trick
    loop's own problems are listed (:meth:`keeps`) up to the second impossible play or a
    trick line out of place, which end it, as do a line left short, an unknown card and
    the end of the play; but for an unknown card that stands for one the text could not
    read (:meth:`TrickPlay.past_unknown`), itself a card in doubt. It runs only where every
    known hand is written in the record (a hand derived from an impossible play would blame
    the wrong players). The findings go into a report of its own, handed to the real one
    when it ends; the state of the loop, the game's :attr:`~TrickPlay.after_error_state`
    and the report are put back as the first error left them, so that the report and what
    the game reads after the stop are what they were before #24.8."""

    __slots__ = (
        "hands",
        "in_doubt",
        "judged",
        "judged_mark",
        "known",
        "leader",
        "mark",
        "position",
        "report",
        "source",
        "state",
    )

    def __init__(self, play: TrickPlay) -> None:
        self.report = play.report
        names = (*_PLAY_STATE, *play.after_error_state)
        values = ((name, getattr(play, name)) for name in names)
        self.state = {
            name: value.copy() if isinstance(value, (list, dict, set)) else value
            for name, value in values
        }
        self.judged: list[Finding] = []  # the illegal plays judged since (G-1)

    def doubt(self, play: TrickPlay, seat: int) -> None:
        """A card in doubt, ``seat``'s, in the trick on the table of ``play`` (whose report
        is this checking's): the doubt lasts until the next trick line is played through;
        what is found meanwhile is dropped (from :attr:`mark` on). The rest of that trick is
        not judged: no seat of ``play`` is known until the next line."""
        self.known = list(play.known)
        self.known[seat] = False
        play.known[:] = [False] * len(play.known)
        self.source = play.source  # the line of the card in doubt
        self.hands, self.leader, self.position = list(play.hands), play.leader, len(play.current)
        self.mark, self.judged_mark = len(play.report.findings), len(self.judged)
        self.in_doubt = True

    def keeps(self, finding: Finding) -> bool:
        """Whether a finding made after the first error is listed: the trick loop's own, an
        impossible play or a trick line out of place (G-2), or an illegal play it judged
        (G-1). What a game's hooks find then (a pile, a declaration, an exchange) rests on
        who won the tricks, which the first error leaves in doubt."""
        if finding.severity is Severity.ERROR:
            return finding.code in _LOOP_STOPS
        return any(finding is judged for judged in self.judged)

    def restore(self, play: TrickPlay) -> None:
        play.report = self.report
        for name, value in self.state.items():
            setattr(play, name, value)


#: The trick loop's own impossibilities (G-2), listed after the first error.
_LOOP_STOPS = frozenset(
    {
        "CARD_NOT_HELD",
        "DUPLICATE_CARD",
        "CARD_NOT_IN_PACK",
        "TRICK_NUMBER",
        "PLAY_OUT_OF_TURN",
        "TOO_MANY_CARDS",
        "TOO_MANY_TRICKS",
    }
)

#: The attributes of the trick loop's state (:meth:`TrickPlay.begin_play`,
#: :meth:`TrickPlay.clear_trick`).
_PLAY_STATE: tuple[str, ...] = ("hands", "known", "played", "seen", "leader", "done", "current")
_PLAY_STATE += ("source", "led", "best", "winner", "points", "strict", "flags")
