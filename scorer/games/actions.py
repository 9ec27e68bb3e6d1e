"""Every phase of a hand stepped through one action API (#32.3), in the manner of OpenSpiel's
``State``: :meth:`HandState.legal_actions` for whoever must act, :meth:`HandState.apply`
(checked), :meth:`HandState.push` (unchecked: the action is recorded as a record says what
happened), :meth:`HandState.is_over` and :meth:`HandState.result`.

The state holds the record written so far. Each rule is written once, in the game's replay:
an action is judged by replaying the record with the action's line added
(:meth:`Game.verify <scorer.games.base.Game.verify>`); a new error or violation at that line
makes it illegal, and :meth:`HandState.apply` raises :class:`IllegalAction` with that
finding's sentence. The play of the cards goes through the game's Hand API
(:meth:`Game.start_play <scorer.games.base.Game.start_play>`, then ``legal_cards`` and
``push``), so a plain card costs no replay. What a game writes is only *which* actions exist
in each phase (its package's ``actions.py``, an :class:`ActionRules`).

An action writes one line or extends the last one: a section line (``discard: 3B 16``), a
word or card added to a line being built (``mountain 1: mountain``, one card of a discard,
one word of a bargaining session), or a card added to the trick on the table (the trick line
as it then stands). A set too large to list (the dealer's discard of three cards out of 28)
is offered a card at a time: each step extends the line, and only the step that finishes it
is judged on the whole line; a step before is judged on the line as it stands, less the one
finding that says it is not finished yet (:attr:`Action.waits`).

An action's label is in the rules' words: a template of :data:`LABELS` filled from its facts
(:func:`scorer.messages.render`), so another language is another table over the same facts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, islice
from typing import Any, ClassVar, Protocol

from ..cards import CARDS, Card
from ..findings import Finding, Loc, Severity
from ..messages import render
from ..record import Item, Line, Record, Trick
from ..report import Report
from ..wording import Wording
from .engine import IllegalPlay, NoPlay, TrickPlay
from .replay import ReplayStop

__all__ = [
    "LABELS",
    "Action",
    "ActionRules",
    "HandState",
    "IllegalAction",
    "cards_line",
    "words_line",
]

#: The labels of the actions, one template per key, over the action's facts (the kinds of
#: :mod:`scorer.messages`: ``{seat:player}``, ``{card:card}``, ``{cards:cards}``, ...).
LABELS: Mapping[str, str] = {
    "play": "{seat:player} plays {card:card}",
    "play.note": "{seat:player} plays {card:card}, saying: {note}",
    "mountain.keep": "{seat:player} keeps: the deal goes on",
    "mountain.mountain": "{seat:player} says mountain",
    "discard.card": "{seat:player} discards {card:card}",
    "discard.done": "{seat:player} discards {cards:cards}",
    "solo.player": "{seat:player} accepts the Solo",
    "solo.none": "Nobody accepts the Solo",
    "call.card": "{seat:player} calls {card:card}",
    "call.surrender": "{seat:player} calls {card:card}, held by himself, and surrenders",
    "call.sans-prendre": "{seat:player} calls {card:card}, held by himself, and plays alone",
    "call.none": "{seat:player} calls no card: Solo sans prendre",
    "exchange": "{seat:player} passes {card:card} to the holder of the called card",
    "declare": "{seat:player} declares {kind}: {cards:cards}",
    "rob": "{seat:player} robs {cards:cards} at the cut",
    "rob.none": "{seat:player} leaves the cards at the cut to the deal",
    "pigliare": "{seat:player} takes {cards:cards} from the folla",
    "folla": "{seat:player} announces the folla: {counts}",
    "replace": "{seat:player}'s side gives {card:card} for the Fool",
    "draw": "{seat:player} draws {card:card} from the stock",
    "meld": "{seat:player} melds {kind}: {cards:cards}",
    "cover": "{seat:player} covers the Fool with {card:card}",
    "bargain.pass": "{seat:player} passes",
    "bargain.continue": "{seat:player} says continue: the deal goes on",
    "bargain.demand": "{seat:player} demands {amount}",
    "bargain.offer": "{seat:player} offers {amount}",
    "fool": "{seat:player} gives {card:card} for the Fool",
}


class IllegalAction(ValueError):
    """:meth:`HandState.apply` refused an action: ``finding`` is what the record would be
    found to hold with it, and the exception's text is that finding's sentence."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a player (or the table, ``seat`` ``None``) may do: its ``kind`` (the phase:
    ``mountain``, ``discard``, ``play``, ``draw``, ...), the label's key in :data:`LABELS`
    and its ``facts``, the ruling it follows, and what it writes: a section ``line`` (which
    replaces the record's last line when ``extends``), or a ``card`` (with its annotation,
    ``note``) added to the trick on the table. ``text`` is the notation line as the action
    leaves it. ``waits`` names the finding that says a line built a step at a time is not
    finished yet, which a step before the last does not count against it. An ``optional``
    action may be taken besides the one the hand waits for (a declaration, a meld)."""

    seat: int | None
    kind: str
    label: str
    facts: tuple[tuple[str, Any], ...]
    text: str
    ruling: str | None = None
    line: Line | None = field(default=None, compare=False)
    extends: bool = False
    card: int | None = None
    note: str | None = None
    waits: str | None = None
    optional: bool = False
    redeal: tuple[Line, ...] = field(default=(), compare=False)
    #: For a step that leaves its line unfinished: the lines that would finish it, in the
    #: order tried; the step is legal when one of them is.
    finish: Callable[[], Iterator[Line]] | None = field(default=None, compare=False)
    #: Lines written after the action's own (the deal that follows a cut, MIN-3): an action
    #: with no line nor card writes only these.
    then: tuple[Line, ...] = field(default=(), compare=False)

    def words(self, words: Wording, players: Sequence[str], trumps: str = "trumps") -> str:
        """The label in English, the cards named in ``words``."""
        return render(LABELS[self.label], dict(self.facts), words, players, trumps)


def cards_line(
    keyword: str,
    subject: str | None,
    cards: Iterable[int],
    head: Sequence[str] = (),
    tail: Sequence[str] = (),
) -> Line:
    """A section line of ``cards`` (lowest first), after the words ``head`` and before
    ``tail`` (``announce=1``)."""
    items = tuple(Item(str(CARDS[c]), CARDS[c]) for c in sorted(cards))
    return Line(keyword, subject, (*(Item(w) for w in head), *items, *(Item(w) for w in tail)))


def words_line(keyword: str, subject: str | None, words: Iterable[str]) -> Line:
    """A section line of words (``mountain 1: mountain keep``)."""
    return Line(keyword, subject, tuple(Item(w) for w in words))


class ActionRules(Protocol):
    """What a game writes for the action API: its deal's lines from the pack in the order
    dealt, which actions exist at each point of a record, and how a line written during the
    play steps the Hand API's state."""

    def deal(self, state: HandState, deck: Sequence[Card]) -> list[Line]:
        """The lines of the deal of ``deck`` (the pack in the order dealt)."""
        ...

    def candidates(self, state: HandState) -> list[Action]:
        """The actions that exist now, legal or not: empty when the hand is over."""
        ...

    def feed(self, play: TrickPlay, line: Line) -> None:
        """Step ``play`` through a section line written between tricks (pinch's draws)."""
        ...

    #: The codes of the errors that say a record's last line is not finished yet (a
    #: mountain's words, a discard, a call awaiting its exchange): the hand goes on.
    unfinished: ClassVar[frozenset[str]]


class _Game(Protocol):
    key: str
    num_players: int

    def verify(self, record: Record, options: Mapping[str, str] | None = None) -> Report: ...

    def start_play(self, record: Record, options: Mapping[str, str] | None = None) -> TrickPlay: ...

    def wording(self, record: Record) -> Wording: ...


_BAD = (Severity.ERROR, Severity.VIOLATION)
#: How many lines that finish a step are tried before the step is refused: a card that no
#: rule refuses is finished legally within the first few (a discard's rules refuse cards,
#: King or Honour, or a pair, never more than a handful of finishes), and a card the rules
#: refuse costs at most this many replays.
FINISHES_TRIED = 64


class HandState:
    """The state of one hand as it is played (see the module): the record written so far,
    the Hand API's state once the play has begun, and the game's :class:`ActionRules`.

    Build it from the players, the dealer and the pack in the order dealt
    (:meth:`Game.start_hand <scorer.games.base.Game.start_hand>`), or from a record being
    entered (:meth:`Game.hand_state <scorer.games.base.Game.hand_state>`)."""

    def __init__(
        self,
        game: _Game,
        rules: ActionRules,
        record: Record,
        options: Mapping[str, str] | None = None,
        deck: Sequence[Card] | None = None,
    ) -> None:
        self.game = game
        self.rules = rules
        self.tags = record.tags
        self.players: tuple[str, ...] = tuple(record.players)
        assert record.dealer is not None, "a hand needs its dealer"
        self.dealer: int = record.dealer
        self.options = dict(options or {})
        self.deck = tuple(deck) if deck is not None else None
        self.body: list[Line | Trick] = list(record.body)
        self.words = game.wording(record)
        self._report: Report | None = None
        self._play: TrickPlay | None = None
        self._play_known = False  # whether _play is worked out for the body as it stands
        self._play_whole = True  # whether _play went through the whole body
        self._candidates: list[Action] | None = None
        self._waits: str | None = None
        self._verdicts: dict[str, Finding | None] = {}

    def deal(self, lines: Iterable[Line]) -> None:
        """Write the deal's ``lines`` (each placed: its line number and columns)."""
        self.body += [_placed(line, len(self.body) + i + 1) for i, line in enumerate(lines)]
        self._forget()

    def _forget(self) -> None:
        self._verdicts = {}
        self._report = None
        self._candidates = None
        self._play_known = False

    # -- the record -------------------------------------------------------------------
    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.players)

    def record(self) -> Record:
        """The record written so far."""
        return Record(self.tags, tuple(self.body))

    def report(self) -> Report:
        """The replay's report of the record written so far."""
        if self._report is None:
            self._report = self.game.verify(self.record(), self.options)
        return self._report

    def result(self) -> Report:
        """The report of the hand: the game's replay of the record written."""
        return self.report()

    def lines(self, keyword: str) -> list[Line]:
        """The section lines of ``keyword`` written so far, in order."""
        return [ln for ln in self.body if isinstance(ln, Line) and ln.keyword == keyword]

    @property
    def last(self) -> Line | Trick | None:
        """The record's last line (``None`` before any)."""
        return self.body[-1] if self.body else None

    @property
    def tricks_begun(self) -> bool:
        """Whether a trick line is written: the play has begun."""
        return any(isinstance(ln, Trick) for ln in self.body)

    def seat_of(self, name: str | None) -> int | None:
        """The seat of the player ``name`` (case-insensitive), or ``None``."""
        wanted = (name or "").casefold()
        return next((s for s, p in enumerate(self.players) if p.casefold() == wanted), None)

    def held(self, keyword: str = "hand") -> list[int]:
        """Each seat's cards as its ``keyword`` lines give them (0 for none)."""
        hands = [0] * self.n
        for line in self.lines(keyword):
            seat = self.seat_of(line.subject)
            if seat is not None:
                hands[seat] |= sum(1 << c for c in line.cards())
        return hands

    # -- the play ---------------------------------------------------------------------
    def play(self) -> TrickPlay | None:
        """The Hand API's state of the play as the record stands, or ``None`` while the
        lines before the play do not reach it."""
        if not self._play_known:
            self._play = self._replay_play()
            self._play_known = True
        return self._play

    def _replay_play(self) -> TrickPlay | None:
        """The Hand API's state of the record's play: the lines before the first trick, then
        every card pushed and every line between tricks fed (:meth:`ActionRules.feed`). A
        play that cannot go on (an unknown card, an impossible step: the report says why)
        is kept as far as it went, and offers no card."""
        first = next((i for i, ln in enumerate(self.body) if isinstance(ln, Trick)), None)
        head = self.body if first is None else self.body[:first]
        try:  # the whole record: a hand left out is derived from the play (when complete)
            play = self.game.start_play(self.record(), self.options)
        except NoPlay:
            return None
        self._play_whole = False
        try:
            for line in self.body[len(head) :]:
                if isinstance(line, Line):
                    self.rules.feed(play, line)
                    continue
                for card in line.card_tuple:
                    if card is None:
                        return play
                    play.push(card)
        except (ReplayStop, IllegalPlay, ValueError):
            return play
        self._play_whole = True
        return play

    def card_actions(
        self, notes: Callable[[int, int], Iterable[str]] | None = None
    ) -> list[Action]:
        """The card actions of the seat to play: each card of its hand (every card unseen,
        when its hand is unknown), and each with the annotations ``notes(seat, card)``
        gives (a declaration, a remark), optional."""
        play = self.play()
        seat = play.to_play() if play is not None else None
        if play is None or seat is None or not self._play_whole:
            return []
        legal = int(play.legal_cards())
        held = int(play.hand(seat)) if play.known[seat] else legal
        out = [self._card_action(play, seat, card, None) for card in _bits(held | legal)]
        if notes is not None:
            for card in _bits(held | legal):
                out += [self._card_action(play, seat, card, note) for note in notes(seat, card)]
        return out

    def _card_action(self, play: TrickPlay, seat: int, card: int, note: str | None) -> Action:
        number = play.done + 1
        trick = self._current_trick(play)
        items = (*trick, Item(self.words.notation(card), _card(card), note))
        text = f"{number}. " + " ".join(_item_text(item, self.words) for item in items)
        facts: tuple[tuple[str, Any], ...] = (("seat", seat), ("card", card))
        if note is not None:
            facts += (("note", note),)
        return Action(
            seat,
            "play",
            "play.note" if note else "play",
            facts,
            text,
            card=card,
            note=note,
            optional=note is not None,
        )

    def _current_trick(self, play: TrickPlay) -> tuple[Item, ...]:
        last = self.last
        if isinstance(last, Trick) and play.current_trick:
            return last.plays
        return ()

    # -- the actions ------------------------------------------------------------------
    def actions(self) -> list[Action]:
        """Every action that exists now, legal or not (the game's :class:`ActionRules`)."""
        if self._candidates is None:
            self._candidates = [] if self._stopped() else self.rules.candidates(self)
        return self._candidates

    def _stopped(self) -> bool:
        """An error (G-2) ends the hand, but one that says the last line is not finished yet
        (:attr:`ActionRules.unfinished`: a mountain's words, a discard, a call's exchange);
        nothing stops a hand before its first line (a cut to rob or leave, MIN-3)."""
        if not self.body:
            return False
        last = self.last.loc if self.last is not None else None
        return any(not self._waiting(f, last) for f in self.report().errors)

    def _waiting(self, finding: Finding, last: Loc | None) -> bool:
        if finding.code != self._waits and finding.code not in self.rules.unfinished:
            return False
        return finding.loc is None or last is None or finding.loc.line >= last.line

    def legal_actions(self) -> list[Action]:
        """The actions whoever must act may take now."""
        return [action for action in self.actions() if self.judge(action) is None]

    def to_act(self) -> int | None:
        """The seat the hand waits for (``None``: the table, or the hand is over)."""
        return next((a.seat for a in self.actions() if not a.optional), None)

    def is_over(self) -> bool:
        """Whether nothing is left to do: the hand played out, thrown in or surrendered, or
        stopped by an impossible action pushed unchecked (G-2)."""
        return not self.actions()

    def judge(self, action: Action) -> Finding | None:
        """``None`` when ``action`` is legal now, else the finding that makes it illegal: a
        plain card of a known hand by the Hand API's legal cards (the replay words a refusal),
        any other action by the replay of the record with it."""
        if self._plainly_legal(action):
            return None
        if action.finish is not None:
            return self._finishable(action)
        return self._replayed(action)

    def _plainly_legal(self, action: Action) -> bool:
        """Whether ``action`` is a card, with no annotation, among the legal cards of a seat
        whose hand is known: what the Hand API says without a replay."""
        if action.line is not None or action.note is not None or action.card is None:
            return False
        play = self.play()
        seat = play.to_play() if play is not None else None
        if play is None or seat is None or not play.known[seat]:
            return False
        return bool(int(play.legal_cards()) >> action.card & 1)

    def _finishable(self, action: Action) -> Finding | None:
        """A step of a line built a step at a time is legal when a line that finishes it is
        (of the first :data:`FINISHES_TRIED`, lowest cards first); else what the replay
        finds against the first. Each finished line is judged once while the record stands."""
        assert action.finish is not None
        first: Finding | None = None
        for line in islice(action.finish(), FINISHES_TRIED):
            key = line_text(line, self.words)
            if key not in self._verdicts:
                whole = replace(action, line=line, finish=None)
                self._verdicts[key] = self._replayed(whole)
            found = self._verdicts[key]
            if found is None:
                return None
            first = first or found
        return first

    def _replayed(self, action: Action) -> Finding | None:
        """The first new error or violation at the action's lines when the record is
        replayed with it (but the one it waits for when it leaves its line unfinished)."""
        body = self._with(action)
        at = len(self.body) + (0 if self.replaces_last(action) else 1)  # its first line
        before = {_key(f) for f in self.report().findings}
        report = self.game.verify(Record(self.tags, tuple(body)), self.options)
        for finding in report.findings:
            if (
                finding.severity in _BAD
                and not finding.after_first_error
                and finding.code != action.waits
                and (finding.loc is None or finding.loc.line >= at)
                and _key(finding) not in before
            ):
                return finding
        return None

    def replaces_last(self, action: Action) -> bool:
        """Whether ``action``'s line is written over the record's last line (a word or a
        card added to a line built by steps, a card added to the trick on the table)
        rather than after it."""
        if action.line is not None:
            return action.extends
        play = self.play()
        return bool(play is not None and play.current_trick and isinstance(self.last, Trick))

    def _with(self, action: Action) -> list[Line | Trick]:
        """The body with ``action`` written, each line placed (its line number, and a
        column per item) so that what is found of it is found at it."""
        body = list(self.body)
        if action.redeal:
            hands = iter(action.redeal)
            body = [
                _placed(next(hands), i + 1) if isinstance(ln, Line) and ln.keyword == "hand" else ln
                for i, ln in enumerate(body)
            ]
        replaces = self.replaces_last(action)
        if action.line is not None or action.card is None:
            if action.line is not None:
                if replaces:
                    body.pop()
                body.append(_placed(action.line, len(body) + 1))
            for line in action.then:
                body.append(_placed(line, len(body) + 1))
            return body
        play = self.play()
        last = body[-1] if body else None
        if replaces and isinstance(last, Trick):
            body.pop()
            plays, number = last.plays, last.number
        else:
            plays, number = (), (play.done + 1 if play is not None else 1)
        item = Item(self.words.notation(action.card), _card(action.card), action.note)
        body.append(_placed_trick(number, (*plays, item), len(body) + 1))
        return body

    def apply(self, action: Action) -> None:
        """Take ``action``, checked: :class:`IllegalAction` with the finding's sentence when
        it is not legal now, and nothing changes."""
        finding = self.judge(action)
        if finding is not None:
            raise IllegalAction(finding)
        self.push(action)

    def push(self, action: Action) -> None:
        """Take ``action`` unchecked: written as a record writes what happened, an illegal
        action flagged by the replay as the record's would be."""
        play = self.play() if self.tricks_begun or action.card is not None else None
        self.body = self._with(action)
        self._report, self._candidates, self._verdicts = None, None, {}
        self._waits = action.waits
        if action.card is not None and play is not None:
            try:
                play.push(action.card)
            except (ReplayStop, IllegalPlay):
                self._play_whole = False
        elif action.line is not None and play is not None and not action.extends:
            try:
                self.rules.feed(play, action.line)
            except (ReplayStop, IllegalPlay, ValueError):
                self._play_whole = False
        else:
            self._play_known = False


def _key(finding: Finding) -> tuple[Any, ...]:
    """What tells one finding from another in two replays of the same lines."""
    return (finding.code, finding.loc, finding.trick, finding.seat, finding.cards, finding.variant)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _card(index: int) -> Card:
    return CARDS[index]


def _item_text(item: Item, words: Wording) -> str:
    text = words.notation(item.card) if item.card is not None else item.text
    return f"{text}({item.note})" if item.note else text


def line_text(line: Line, words: Wording) -> str:
    """A section line as the notation writes it."""
    head = line.keyword if line.subject is None else f"{line.keyword} {line.subject}"
    return f"{head}: " + " ".join(_item_text(item, words) for item in line.items)


def _placed(line: Line, number: int) -> Line:
    items = tuple(
        Item(item.text, item.card, item.note, (number, column + 1))
        for column, item in enumerate(line.items)
    )
    return Line(line.keyword, line.subject, items, Loc(number, 1))


def _placed_trick(number: int, plays: Sequence[Item], at: int) -> Trick:
    items = tuple(
        Item(item.text, item.card, item.note, (at, column + 1)) for column, item in enumerate(plays)
    )
    return Trick(number, None, items, Loc(at, 1))


def declaration(
    state: HandState,
    seat: int,
    kind: str,
    cards: Sequence[Card],
    ruling: str,
    head: tuple[str, ...] = (),
) -> Action:
    """An optional declaration of ``cards`` by ``seat`` (its line ``declare NAME: [head]
    cards``), of the game's ``kind``, under ``ruling``: the one shape of every game's
    declarations (Nice's Tarocchi, Minchiate's versicole, piemonte3's)."""
    line = cards_line("declare", state.players[seat], cards, head=head)
    return section(
        state,
        "declare",
        "declare",
        seat,
        line,
        ruling,
        optional=True,
        kind=kind,
        cards=tuple(cards),
    )


def section(
    state: HandState,
    phase: str,
    label: str,
    seat: int | None,
    line: Line,
    ruling: str | None = None,
    *,
    extends: bool = False,
    waits: str | None = None,
    optional: bool = False,
    redeal: tuple[Line, ...] = (),
    finish: Callable[[], Iterator[Line]] | None = None,
    **facts: Any,
) -> Action:
    """An action of ``seat`` in ``phase`` that writes section ``line`` (or, ``extends``,
    writes it over the last line; ``redeal``: the hand lines it writes over, a deal thrown
    in showing the cards dealt so far), labelled by ``label`` over ``facts``."""
    return Action(
        seat,
        phase,
        label,
        (("seat", seat if seat is not None else -1), *facts.items()),
        line_text(line, state.words),
        ruling,
        line,
        extends,
        waits=waits,
        optional=optional,
        redeal=redeal,
        finish=finish,
    )


def discard_steps(
    state: HandState,
    seat: int,
    held: int,
    size: int,
    ruling: str,
    *,
    subject: str | None = None,
    announce: bool = False,
) -> list[Action] | None:
    """A discard of ``size`` cards by ``seat`` out of ``held``, a card at a time (the sets of
    two or three cards out of twenty are too many to list): each step adds one card to the
    ``discard`` line (of ``subject``, in a game where each discarder names himself), and the
    step that finishes it writes ``announce=N``, the trumps discarded, when ``announce`` and
    there are some. ``None`` once the line is finished, or when the discarder's hand is not
    written (the replay derives the discard from the play)."""
    line = next((ln for ln in state.lines("discard") if ln.subject == subject), None)
    chosen = line.cards() if line is not None else []
    if len(chosen) >= size or (line is None and not held):  # done, or derived (no hand line)
        return None
    out = []
    free = held & ~sum(1 << c for c in chosen)
    for card in _bits(free):
        cards = [*chosen, CARDS[card]]
        done = len(cards) == size
        step = _discard_line(cards, subject, announce and done)
        # the card this step adds, and once finished the whole discard (its label's)
        facts = {"card": card} if not done else {"card": card, "cards": tuple(sorted(cards))}
        out.append(
            section(
                state,
                "discard",
                "discard.card" if not done else "discard.done",
                seat,
                step,
                ruling,
                extends=line is not None and line is state.last,
                waits="WRONG_DISCARD_SIZE",  # its own size is right; another's may be due
                finish=None
                if done
                else _finisher(cards, free & ~(1 << card), size, subject, announce),
                **facts,
            )
        )
    return out


def _discard_line(cards: Sequence[Card], subject: str | None, announce: bool) -> Line:
    trumps = sum(1 for c in cards if c.is_trump)
    tail = (f"announce={trumps}",) if announce and trumps else ()
    return cards_line("discard", subject, cards, tail=tail)


def _finisher(
    cards: list[Card], free: int, size: int, subject: str | None, announce: bool
) -> Callable[[], Iterator[Line]]:
    """The discard lines that finish ``cards`` with cards of ``free``, lowest first."""

    def finish() -> Iterator[Line]:
        for rest in combinations(_bits(free), size - len(cards)):
            yield _discard_line([*cards, *(CARDS[c] for c in rest)], subject, announce)

    return finish
