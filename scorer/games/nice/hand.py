"""The state of one Nice replay (``nice4``, ``nice3``): :class:`NiceHand`.

It is the play of one deal (:class:`~scorer.games.engine.TrickPlay`, the one trick loop) with
what the phases read and write as the record is replayed: the sorted lines, the hands dealt
and held, the contract, the declarations; and the small steps that need no phase: sorting
the lines, the mountain words (NICE-5), the deal and the discard (NICE-6), the hands when
play begins, the claims. Its hooks add Nice to the loop: the Bagatte watch (NICE-14,
:class:`BagatteWatch`). The phases (:mod:`.contract`, :mod:`.declare`, :mod:`.play`,
:mod:`.scoring`) receive it; :mod:`.game` drives them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import chain
from operator import attrgetter
from typing import ClassVar, Protocol

from ...cards import CARDS, FOOL, Card
from ...cardset import cards_of
from ...claims import claim_findings
from ...findings import Loc, Severity
from ...record import Item, Line, Record, Trick
from ...report import Report, TrickResult
from ...tricks import CATEGORY, MUST_FOLLOW_TRUMPS, MUST_TRUMP, SUIT_MASKS, TRUMP, TRUMP_MASK
from ...wording import Wording
from ..engine import FirstPass, PlayTable, TrickPlay
from ..replay import Replay, ReplayStop
from . import rules as R
from .messages import LINES, TEMPLATES, TERMS, TRUMPS_NAME

__all__ = ["BagatteWatch", "Contract", "NiceHand", "NiceTable", "play_table"]

_CARDS_OF = attrgetter("card_tuple")
_BAGATTE_BIT = 1 << R.BAGATTE

ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
WORDS_KEEP = {"keep": "keep", "tenir": "keep", "k": "keep"}
WORDS_MOUNTAIN = {"mountain": "mountain", "monte": "mountain", "mügiu": "mountain", "m": "mountain"}


_Stop = ReplayStop  # this engine's name for the shared signal


@dataclass
class Contract:
    """Who plays with whom, as settled before the play (four players; NICE-7 .. NICE-9)."""

    declarer: int = 0  # the dealer, or the Solo player, once the contract is read
    partner: int | None = None
    solo: bool = False
    sans_prendre: bool = False
    surrender: bool = False
    called: Card | None = None
    holder: int | None = None  # holder of the called card before any exchange
    given: Card | None = None  # the card the Solo player passed back
    called_in_discard: bool = False
    loc: Loc | None = None

    def side_of(self, seat: int) -> int:
        """0 for the declarer's side, 1 for the opponents."""
        return 0 if seat in (self.declarer, self.partner) else 1


@dataclass
class _Lines:
    """The record's section lines sorted by keyword, with the number of tricks before each."""

    hands: dict[int, Line] = field(default_factory=dict)
    mountain: dict[int, Line] = field(default_factory=dict)
    single: dict[str, Line] = field(default_factory=dict)  # discard, solo, call, exchange
    declares: list[tuple[int, Line]] = field(default_factory=list)
    claims: list[Line] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)


class NiceTable(Protocol):
    """What a Nice replay reads of its game (:class:`~.game.NiceGame`): the key, the players
    and the sizes of the deal (NICE-6), so that this module needs no import of the game."""

    key: str
    unit: str
    num_players: int
    rounds: tuple[int, ...]
    dealer_extra: int
    discard_size: int

    @property
    def hand_size(self) -> int: ...

    def resolve_options(self, *layers: Mapping[str, str] | None) -> dict[str, str]: ...

    def wording(self, record: Record) -> Wording: ...


@dataclass(slots=True)
class BagatteWatch:
    """NICE-14: is the holder of I still attempting Bagatte Ultimu, and how did it end?

    He attempts it as long as he keeps I for the last trick and, after leading a plain suit,
    leads that suit again while he holds it. The watch is told of his leads and of the last
    trick (:class:`NiceHand`'s hooks), and knows then whether he won it with I or lost I."""

    holder: int | None
    attempting: bool
    bound: int | None = None  # the plain suit he must keep leading
    won: bool | None = None  # outcome, when he attempted it to the last trick

    @classmethod
    def of(cls, hands: list[int]) -> BagatteWatch:
        """The watch over the hands when play begins."""
        holder = next((s for s, hand in enumerate(hands) if hand & _BAGATTE_BIT), None)
        return cls(holder, holder is not None)

    def lead(
        self, replay: Replay, card: int, hand_before: int, trick: int, loc: Loc | None
    ) -> None:
        """The holder leads ``card`` holding ``hand_before``: he must keep to the plain suit
        he led before while he holds it, else the attempt ends with a note. A holder who no
        longer holds I played it before this trick, so before the last: no attempt."""
        if not self.attempting:
            return
        if not hand_before & _BAGATTE_BIT:
            self.attempting = False
            return
        if self.bound is not None:
            if hand_before & SUIT_MASKS[self.bound]:
                if CATEGORY[card] != self.bound:
                    self.attempting = False
                    replay.say(
                        "BAGATTE_LEAD_RULE",
                        Severity.NOTE,
                        "NICE-14",
                        loc=loc,
                        trick=trick,
                        seat=self.holder,
                        cards=(CARDS[card],),
                        bound=self.bound,
                    )
                    return
            else:
                self.bound = None
        if CATEGORY[card] < 4:
            self.bound = CATEGORY[card]

    def last_trick(self, result: TrickResult) -> None:
        """The last trick is won: a holder still attempting who plays I in it wins Bagatte
        Ultimu if he takes the trick, else loses it (Petar Bagatte). I played before the
        last trick is not in it."""
        if self.attempting and R.BAGATTE in result.cards:
            self.won = result.winner == self.holder


@cache
def _play_table(players: int, tricks: int, options: tuple[tuple[str, str], ...]) -> PlayTable:
    chosen = dict(options)
    return PlayTable(
        players,
        tricks,
        R.PACK,
        R.trick_rules(chosen),
        R.card_points(chosen["honours"] == "world"),
    )


def play_table(game: NiceTable, options: Mapping[str, str]) -> PlayTable:
    """The play of ``game`` under ``options`` as data (one table per game and options): the
    78-card pack, the rules of play (:func:`.rules.trick_rules`), the card points (NICE-1)."""
    return _play_table(game.num_players, game.hand_size, tuple(options.items()))


class NiceHand(TrickPlay):
    """The state of one replay of one record, and the steps that need no phase module.
    Built, run once (by :mod:`.game`), discarded; or stepped as the Hand API
    (:meth:`NiceGame.start_play <.game.NiceGame.start_play>`)."""

    #: The declarations taken, which the report names after a stop (G-2): those on cards
    #: played after the first error are not taken (#24.8).
    after_error_state = ("declared",)

    # Nice's state in slots, as the trick loop's are: what is left in the instance dict stays
    # under the 30 names past which Python's attribute access slows down.
    __slots__ = (
        "bagatte",
        "card_points",
        "contract",
        "contract_known",
        "dealer",
        "dealt",
        "dealt_known",
        "declared",
        "discard",
        "eldest",
        "game",
        "honours",
        "lines",
        "n",
        "options",
        "record",
        "short_line",
        "shown",
        "shown_complete",
        "start",
        "watched",
        "words",
    )
    templates = TEMPLATES
    trumps_name = TRUMPS_NAME
    terms = TERMS  # the words of its score lines
    line_templates = LINES
    illegal_rules: ClassVar[Mapping[str, str]] = {
        MUST_TRUMP: "NICE-11",
        MUST_FOLLOW_TRUMPS: "NICE-11",
    }

    def __init__(self, game: NiceTable, record: Record, options: Mapping[str, str] | None) -> None:
        self.game = game
        self.record = record
        self.n = game.num_players
        self.options = game.resolve_options(record.options, options)
        report = Report(game.key, tuple(record.players), record.dealer, unit=game.unit)
        super().__init__(play_table(game, self.options), report)
        self.words = game.wording(record)  # cards and suits in the record's style
        world = self.options["honours"] == "world"
        self.card_points = self.table.points  # NICE-1
        self.honours = R.honours(world)
        self.dealer = record.dealer if record.dealer is not None else 0
        self.eldest = (self.dealer + 1) % self.n
        self.contract = Contract()
        self.lines = _Lines()
        # the cards each seat is seen to play in the trick lines, and whether those lines are
        # the whole play: read by a first pass (see seat_trick_lines) when the deal needs them
        self.shown = [0] * self.n
        self.shown_complete = False
        self.dealt_known = [True] * self.n  # False: the hand is only what its plays show
        self.dealt: list[int] = [0] * self.n
        self.start: list[int] = [0] * self.n  # hands when play begins
        self.discard: int | None = None
        self.contract_known = False  # settled (start_hands done): reported in any case (G-2)
        self.declared: dict[tuple[int, str], Line | Item] = {}  # (seat, combination) -> where
        self.bagatte: BagatteWatch | None = None  # NICE-14, from the start of play
        self.watched: int | None = None  # the holder of I while he attempts Bagatte Ultimu
        self.short_line = 0  # the cards of a short trick line that is not the last (G-2)

    # -- the loop's hooks --------------------------------------------------------------------
    def begin_tricks(self) -> None:
        """Play begins: the hands when it begins (:attr:`start`), the first leader (NICE-10),
        the discard out of play, and the Bagatte watch (NICE-14)."""
        self.begin_play(self.start, None, self.first_leader(), self.discard or 0)
        self.bagatte = watch = BagatteWatch.of(self.start)
        self.watched = watch.holder if watch.attempting else None

    def on_led(self, led: int) -> bool:
        """NICE-14: the holder of I leads (the led category is known once a card other than
        the Fool is played, so a Fool he leads is watched then too)."""
        if self.leader == self.watched:
            self.watch_lead()
        return False  # (a trump led under overtrump=required: the loop judges every card)

    def watch_lead(self) -> None:
        """Tell the Bagatte watch of the lead of the trick on the table, if the holder's."""
        watch = self.bagatte
        if watch is not None and watch.attempting and self.leader == watch.holder:
            card = self.current[0]
            source = self.source
            watch.lead(
                self,
                card,
                self.hands[self.leader] | 1 << card,
                self.done + 1,
                source.loc if source is not None else None,
            )
            if not watch.attempting:
                self.watched = None

    def trick_over(self, result: TrickResult) -> None:
        """NICE-14: the last trick decides Bagatte Ultimu."""
        if result.number == self.table.tricks and self.bagatte is not None:
            self.bagatte.last_trick(result)

    def short_trick(self, trick: Trick, count: int) -> None:
        """G-2: a short trick line that is not the last. Its cards were played: the trick log
        keeps it, unwon, and the declarations on its cards are read before the play driver
        (:func:`.play.play`) stops (:meth:`stop_short`)."""
        self.short_line = count

    def stop_short(self, trick: Trick) -> None:
        """Stop at the short trick line :meth:`short_trick` kept (G-2)."""
        super().short_trick(trick, self.short_line)

    # -- lines -----------------------------------------------------------------------------
    def sort_lines(self) -> None:
        """File the record's lines by keyword (:class:`_Lines`), each section line with the
        number of trick lines before it; G-2 for a line twice or out of place."""
        lines = self.lines
        tricks = lines.tricks
        body = self.record.body
        kinds = list(map(type, body))
        rest: tuple[Line | Trick, ...] = ()
        if Trick in kinds:  # the usual shape: section lines, then only trick lines
            first = kinds.index(Trick)
            if kinds.count(Trick) == len(body) - first:
                body, rest = body[:first], body[first:]
        folded = [player.casefold() for player in self.report.players]
        for entry in body:
            if isinstance(entry, Trick):
                tricks.append(entry)
            elif entry.keyword == "hand":
                self.sort_hand_line(entry, folded)
            else:
                self.sort_line(entry, len(tricks))
        tricks.extend(rest)  # type: ignore[arg-type]  # (only trick lines)

    def sort_hand_line(self, entry: Line, folded: list[str]) -> None:
        """File a hand line under its player's seat (``folded``: the players' names folded)."""
        wanted = (entry.subject or "").strip().casefold()
        if wanted in folded:  # the first seat of that name, as seat_named finds it
            seat = folded.index(wanted)
        else:
            seat = self.seat_named(entry.subject, entry.loc)  # stops: unknown player
        if seat in self.lines.hands:
            self.halt("DUPLICATE_LINE", variant="hand", loc=entry.loc, subject=entry.subject)
        self.lines.hands[seat] = entry

    def sort_line(self, entry: Line, tricks_seen: int) -> None:
        """File one section line other than a hand line (``tricks_seen``: trick lines
        before it)."""
        lines = self.lines
        keyword = entry.keyword
        if keyword == "mountain":
            round_no = int(entry.subject or 0)
            rounds = len(self.game.rounds)
            if round_no in lines.mountain or not 1 <= round_no <= rounds:
                self.halt(
                    "BAD_MOUNTAIN", "NICE-5", loc=entry.loc, written=entry.subject, rounds=rounds
                )
            lines.mountain[round_no] = entry
        elif keyword == "declare":
            lines.declares.append((tricks_seen, entry))
        elif keyword == "claim":
            lines.claims.append(entry)
        else:
            if keyword in lines.single:
                self.halt("DUPLICATE_LINE", loc=entry.loc, keyword=keyword)
            if tricks_seen:
                self.halt("LINE_OUT_OF_PLACE", loc=entry.loc, keyword=keyword)
            lines.single[keyword] = entry

    # -- NICE-5: the mountain --------------------------------------------------------------
    def mountain(self) -> bool:
        """Check the words spoken after each round; True when the deal ends with them: thrown
        in (G-4), or, with an earlier round's words missing, partial (NICE-5a)."""
        thrown_in_at = None
        for round_no in sorted(self.lines.mountain):
            line = self.lines.mountain[round_no]
            if thrown_in_at is not None:
                self.halt("PLAY_AFTER_THROW_IN", "NICE-5", loc=line.loc, round=round_no)
            if "keep" not in self.mountain_words(line):
                thrown_in_at = round_no
        missing = self.missing_round()
        if missing is not None:
            later = min(r for r in self.lines.mountain if r > missing)
            self.say(
                "PARTIAL_RECORD",
                NOTE,
                "NICE-5a",
                variant="mountain",
                loc=self.lines.mountain[later].loc,
                round=missing,
                later=later,
            )
        if thrown_in_at is None:
            return False
        if missing is None:  # NICE-5a: a throw-in only with every round's words
            self.report.thrown_in = True
            self.report.complete = True
        self.check_dealt_hands(thrown_in_at)  # G-4a: the deal so far could have happened
        self.check_no_play_after("mountain", round=thrown_in_at)
        return True

    def missing_round(self) -> int | None:
        """NICE-5a: the first round whose words are not written although a later round's
        are (the record is then partial, G-7); None when every round up to the last written
        one is there."""
        written = self.lines.mountain
        return next((r for r in range(1, max(written, default=0)) if r not in written), None)

    def mountain_words(self, line: Line) -> list[str]:
        """The words of one round's line, checked (NICE-5): each keep or mountain, none after
        a keep, at most one per player, and a keep or everyone's word."""
        words: list[str] = []
        for item in line.items:
            folded = item.text.casefold()
            word = WORDS_KEEP.get(folded) or WORDS_MOUNTAIN.get(folded)
            if word is None:
                self.halt("BAD_WORD", "NICE-5", loc=item.loc, word=item.text)
            if words and words[-1] == "keep":
                self.halt("SPOKE_AFTER_KEEP", "NICE-5", loc=item.loc)
            words.append(word)
        if len(words) > self.n:
            self.halt(
                "BAD_MOUNTAIN",
                "NICE-5",
                variant="words",
                loc=line.loc,
                count=len(words),
                players=self.n,
            )
        if "keep" not in words and len(words) < self.n:
            self.halt("BAD_MOUNTAIN", "NICE-5", variant="nobody_kept", loc=line.loc)
        return words

    def check_no_play_after(self, why: str, contract_lines: bool = True, **facts: int) -> None:
        """G-4: nothing is played after the deal ended (``why``: the variant that says how)."""
        lines = self.lines
        extra: list[Line | Trick] = [*lines.tricks, *(ln for _, ln in lines.declares)]
        if contract_lines:
            extra += lines.single.values()
        if extra:
            first = min(extra, key=lambda e: (e.loc is None, e.loc or Loc(0, 0)))
            self.halt("PLAY_AFTER_END", "G-4", variant=why, loc=first.loc, **facts)

    # -- the first leader and the cards shown ----------------------------------------------
    def first_leader(self) -> int:
        """NICE-10: eldest leads; with ``first-lead=declarer`` the Solo player does, including
        a dealer who called his own King and plays Solo sans prendre (NICE-9)."""
        if self.options.get("first-lead") != "declarer":
            return self.eldest
        solo = self.lines.single.get("solo")
        if solo is not None:
            name = " ".join(i.text for i in solo.items)
            if name.casefold() != "none":
                return self.seat_named(name, solo.loc)
        call = self.lines.single.get("call")
        if call is not None and any(
            i.text.casefold() in ("sans-prendre", "sansprendre") for i in call.items[1:]
        ):
            return self.dealer
        return self.eldest

    def needs_shown_cards(self) -> bool:
        """Whether the deal must know the cards the trick lines show each seat playing: to
        take a hand not written, or the discard not written, from the play, or to see that a
        discarded card is also played (NICE-6)."""
        lines = self.lines
        if not lines.tricks:
            return False
        discard = lines.single.get("discard")
        if len(lines.hands) < self.n or discard is None:
            return True
        cards = {card for card in discard.card_tuple if card is not None}
        return not cards.isdisjoint(chain.from_iterable(map(_CARDS_OF, lines.tricks)))

    def seat_trick_lines(self) -> None:
        """The cards the trick lines show each seat playing (:attr:`shown`) and whether they
        hold the whole play (:attr:`shown_complete`): the engine's first pass
        (:class:`~scorer.games.engine.FirstPass`), as far as the lines can be seated (G-2;
        the real replay words what stops them)."""
        scout = FirstPass.of(self, self.lines.tricks, self.first_leader())
        self.shown = scout.played
        self.shown_complete = scout.complete

    # -- NICE-5, NICE-6: deal and discard --------------------------------------------------
    def deal(self) -> None:
        """The hand lines of a deal dealt out (:meth:`check_dealt_hands`), then the discard;
        hands not written are taken from the play when it is complete."""
        self.check_dealt_hands(len(self.game.rounds))
        if self.needs_shown_cards():
            self.seat_trick_lines()
        self.read_discard()
        hands = self.lines.hands
        if len(hands) == self.n:
            return
        complete = self.shown_complete
        for seat in range(self.n):
            if seat not in hands:
                self.dealt_known[seat] = complete
        if not complete:
            self.say("DEAL_UNKNOWN", NOTE, "G-2", loc=self.record.start)

    def check_dealt_hands(self, rounds_dealt: int) -> None:
        """The ``hand`` lines after ``rounds_dealt`` rounds of the deal (NICE-5): cards of the
        pack, none dealt twice, and as many as those rounds give (the dealer's extra cards
        come with the last round). A thrown-in deal is checked as far as it was dealt (G-4a)."""
        game = self.game
        size = sum(game.rounds[:rounds_dealt])
        sizes = [size] * self.n
        all_rounds = rounds_dealt == len(game.rounds)
        if all_rounds:
            sizes[self.dealer] += game.dealer_extra
        union = 0
        for seat, line in sorted(self.lines.hands.items()):
            mask = self.dealt_mask(line, union, R.PACK, seat)
            if mask.bit_count() != sizes[seat]:
                self.halt(
                    "WRONG_HAND_SIZE",
                    "NICE-5",
                    variant="" if all_rounds else "rounds",
                    loc=line.loc,
                    seat=seat,
                    count=mask.bit_count(),
                    size=sizes[seat],
                    rounds=rounds_dealt,
                )
            union |= mask
            self.dealt[seat] = mask

    def read_discard(self) -> None:
        """NICE-6: the discard's size, its cards, and the announced number of Tarots."""
        line = self.lines.single.get("discard")
        if line is None:
            if self.shown_complete:
                self.discard = R.PACK & ~sum(self.shown)
                self.say(
                    "DISCARD_DERIVED", NOTE, "NICE-6", loc=self.record.start, discard=self.discard
                )
            return
        mask = self.discard_cards(line)
        size = self.game.discard_size
        count = len(line.cards())
        self.check_discard_size(count, size, "NICE-6", loc=line.loc, seat=self.dealer)
        self.discard = mask
        forbidden = mask & (R.KINGS | self.honours)
        if forbidden:
            self.say(
                "BAD_DISCARD",
                VIOLATION,
                "NICE-6",
                loc=line.loc,
                seat=self.dealer,
                cards=tuple(cards_of(forbidden)),
            )
        self.check_announcement(line, (mask & R.TAROTS).bit_count())

    def discard_cards(self, line: Line) -> int:
        """The discard's cards as a mask, checked as every game checks a discard
        (:meth:`~scorer.games.replay.Replay.discard_mask`, G-2): of the pack, not twice,
        the dealer's (his hand line's, and no other hand line's), not also played."""
        dealer = self.dealer
        hands = self.lines.hands
        others = 0  # the other hands written
        for seat in hands:
            if seat != dealer:
                others |= self.dealt[seat]
        anywhere = 0  # every card the trick lines show played, by anyone
        for played in self.shown:
            anywhere |= played
        held = self.dealt[dealer] if dealer in hands else None
        return self.discard_mask(line, R.PACK, dealer, held, others, anywhere, self.record.tricks)

    def check_announcement(self, line: Line, tarots: int) -> None:
        """NICE-6: the dealer announces the Tarots he discards."""
        dealer = self.dealer
        announce = line.options().get("announce")
        if announce is None:
            if tarots:
                self.say(
                    "TAROTS_NOT_ANNOUNCED",
                    VIOLATION,
                    "NICE-6",
                    loc=line.loc,
                    seat=dealer,
                    tarots=tarots,
                )
        elif not announce.value.isdigit():
            self.halt("BAD_ANNOUNCEMENT", loc=announce.loc, value=announce.value)
        elif int(announce.value) != tarots:
            self.say(
                "WRONG_ANNOUNCEMENT",
                VIOLATION,
                "NICE-6",
                loc=announce.loc,
                seat=dealer,
                announced=announce.value,
                tarots=tarots,
            )

    def start_hands(self) -> None:
        """Hands when play begins: dealt less discard, with the Solo exchange applied; for
        seats without a hand line, the cards they are seen to play (G-2 note in :meth:`deal`).
        """
        contract = self.contract
        given, called = contract.given, contract.called
        exchange = given is not None and contract.holder is not None and called is not None
        for seat in range(self.n):
            if seat in self.lines.hands:
                hand = self.dealt[seat]
                if seat == self.dealer and self.discard is not None:
                    hand &= ~self.discard
                if exchange and seat == contract.declarer:
                    hand = hand & ~given.bit | called.bit  # type: ignore[union-attr]
                elif exchange and seat == contract.holder:
                    hand = hand & ~called.bit | given.bit  # type: ignore[union-attr]
                self.start[seat] = hand
            else:
                self.start[seat] = hand = self.shown[seat]
                if exchange and seat == contract.declarer:
                    hand = hand & ~called.bit | given.bit  # type: ignore[union-attr]
                elif exchange and seat == contract.holder:
                    hand = hand & ~given.bit | called.bit  # type: ignore[union-attr]
                if seat == self.dealer and self.discard is not None:
                    hand |= self.discard
                self.dealt[seat] = hand
        if all(self.dealt_known):
            self.report.hands = tuple(self.dealt)
        self.report.discard = self.discard
        self.contract_known = True

    # -- claims ----------------------------------------------------------------------------
    def check_claims(self) -> None:
        """The result written on the sheet against the rules (:mod:`scorer.claims`)."""
        self.report.findings += claim_findings(self.lines.claims, self.report, "marca", "NICE-18")

    # -- helpers shared by the phase modules ------------------------------------------------
    def tarots_in(self, mask: int) -> int:
        """Tarots for 10 Tarocche: the numbered trumps and the Fool (NICE-12)."""
        return (mask & (TRUMP_MASK | FOOL.bit)).bit_count()

    @staticmethod
    def is_tarot(card: Card) -> bool:
        return CATEGORY[card] == TRUMP

    @staticmethod
    def card_list(mask: int) -> tuple[Card, ...]:
        return tuple(cards_of(mask))
