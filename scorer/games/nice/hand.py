"""The state of one Nice replay (``nice4``, ``nice3``): :class:`NiceHand`.

It holds what the phases read and write as the record is replayed (the sorted lines, the
hands dealt and held, the contract, the declarations, the seated tricks) and the small steps
that need no phase: sorting the lines, the mountain words (NICE-5), the deal and the discard
(NICE-6), the hands when play begins, the claims. The phases (:mod:`.contract`,
:mod:`.declare`, :mod:`.play`, :mod:`.scoring`) receive it; :mod:`.game` drives them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from ...cards import CARDS, FOOL, Card
from ...cardset import cards_of
from ...claims import claim_findings
from ...findings import Loc, Severity
from ...record import Item, Line, Record, Trick
from ...report import Report
from ...tricks import CATEGORY, TRUMP, TRUMP_MASK
from ...wording import Wording
from ..replay import ReplayStop, Seating, SeatingReplay
from . import rules as R

__all__ = ["Contract", "NiceHand", "NiceTable"]

BITS = tuple(1 << i for i in range(97))
_BIT_OF = {card: 1 << card for card in CARDS}  # a dict look-up by Card beats a tuple's

ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
WORDS_KEEP = {"keep": "keep", "tenir": "keep", "k": "keep"}
WORDS_MOUNTAIN = {"mountain": "mountain", "monte": "mountain", "mügiu": "mountain", "m": "mountain"}


_Stop = ReplayStop  # this engine's name for the shared signal


@dataclass
class Contract:
    """Who plays with whom, as settled before the play (four players; NICE-7 .. NICE-9)."""

    declarer: int | None = None
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

    @property
    def seating(self) -> Seating: ...

    def resolve_options(self, *layers: Mapping[str, str] | None) -> dict[str, str]: ...

    def wording(self, record: Record) -> Wording: ...


class NiceHand(SeatingReplay):
    """The state of one replay of one record, and the steps that need no phase module.
    Built, run once (by :mod:`.game`), discarded."""

    @property
    def seating(self) -> Seating:
        return self.game.seating

    def __init__(
        self,
        game: NiceTable,
        record: Record,
        options: Mapping[str, str] | None,
        single_pass: bool = True,
    ):
        self.game = game
        self.record = record
        self.given_options = options
        self.single_pass = single_pass
        self.n = game.num_players
        players = record.players
        self.report = Report(game.key, tuple(players), record.dealer, unit=game.unit)
        self.options = game.resolve_options(record.options, options)
        self.words = game.wording(record)  # cards and suits in the record's style
        world = self.options["honours"] == "world"
        self.points = R.card_points(world)
        self.honours = R.honours(world)
        self.dealer = record.dealer if record.dealer is not None else 0
        self.eldest = (self.dealer + 1) % self.n
        self.contract = Contract()
        self.lines = _Lines()
        # per trick: the line, its leader's seat, its cards, the winner's seat (None: unfinished)
        self.seated: list[tuple[Trick, int, tuple[Card, ...], int | None]] = []
        self.played = [0] * self.n
        self.known = [True] * self.n  # False: hand is only what the record shows being played
        self.dealt: list[int] = [0] * self.n
        self.start: list[int] = [0] * self.n  # hands when play begins
        self.discard: int | None = None
        self.stopped = False
        self.contract_known = False  # settled (start_hands done): reported in any case (G-2)
        self.declared: dict[tuple[int, str], Line | Item] = {}  # (seat, combination) -> where
        self.bagatte = None  # the BagatteWatch of the play (NICE-14)
        # tricks and card points won per seat and the Fool's seat, from the single pass
        self.trick_tally: tuple[list[int], list[int], int | None] | None = None

    def single_pass_ready(self) -> bool:
        """The record has what the single pass needs: every hand, the discard, the call (four
        players) and every trick. Anything it cannot settle on the way sends it back."""
        lines = self.lines
        return (
            len(lines.hands) == self.n
            and len(lines.tricks) == self.game.hand_size
            and "discard" in lines.single
            and (self.n == 3 or "call" in lines.single)
        )

    # -- lines -----------------------------------------------------------------------------
    def sort_lines(self) -> None:
        lines = self.lines
        tricks = lines.tricks
        hands = lines.hands
        folded = list(map(str.casefold, self.report.players))
        body = self.record.body
        kinds = list(map(type, body))
        rest = ()
        if Trick in kinds:  # the usual shape: section lines, then only trick lines
            first = kinds.index(Trick)
            if kinds.count(Trick) == len(body) - first:
                body, rest = body[:first], body[first:]
        for entry in body:
            if isinstance(entry, Trick):
                tricks.append(entry)
                continue
            tricks_seen = len(tricks)
            keyword = entry.keyword
            if keyword == "hand":
                wanted = (entry.subject or "").strip().casefold()
                if wanted in folded:  # the first seat of that name, as seat_named finds it
                    seat = folded.index(wanted)
                else:
                    seat = self.seat_named(entry.subject, entry.loc)  # stops: unknown player
                if seat in hands:
                    self.stop(
                        "DUPLICATE_LINE", f"a second hand line for {entry.subject}", loc=entry.loc
                    )
                hands[seat] = entry
            elif keyword == "mountain":
                round_no = int(entry.subject or 0)
                if round_no in lines.mountain or not 1 <= round_no <= len(self.game.rounds):
                    self.stop(
                        "BAD_MOUNTAIN",
                        f"mountain round {entry.subject} is repeated or "
                        f"out of range 1..{len(self.game.rounds)}",
                        "NICE-5",
                        loc=entry.loc,
                    )
                lines.mountain[round_no] = entry
            elif keyword == "declare":
                lines.declares.append((tricks_seen, entry))
            elif keyword == "claim":
                lines.claims.append(entry)
            else:
                if keyword in lines.single:
                    self.stop("DUPLICATE_LINE", f"a second {keyword} line", loc=entry.loc)
                if tricks_seen:
                    self.stop(
                        "LINE_OUT_OF_PLACE",
                        f"the {keyword} line comes after play began",
                        loc=entry.loc,
                    )
                lines.single[keyword] = entry
        tricks.extend(rest)

    # -- NICE-5: the mountain --------------------------------------------------------------
    def mountain(self) -> bool:
        """Check the words spoken after each round; True when the deal was thrown in (G-4)."""
        thrown_in_at = None
        for round_no in sorted(self.lines.mountain):
            line = self.lines.mountain[round_no]
            if thrown_in_at is not None:
                self.stop(
                    "PLAY_AFTER_THROW_IN",
                    f"round {round_no} after the deal was thrown in",
                    "NICE-5",
                    loc=line.loc,
                )
            words = []
            for item in line.items:
                word = WORDS_KEEP.get(item.text.casefold()) or WORDS_MOUNTAIN.get(
                    item.text.casefold()
                )
                if word is None:
                    self.stop(
                        "BAD_WORD",
                        f"{item.text!r} is neither keep nor mountain",
                        "NICE-5",
                        loc=item.loc,
                    )
                if words and words[-1] == "keep":
                    self.stop(
                        "SPOKE_AFTER_KEEP",
                        "the first keep ends the speaking",
                        "NICE-5",
                        loc=item.loc,
                    )
                words.append(word)
            if len(words) > self.n:
                self.stop(
                    "BAD_MOUNTAIN",
                    f"{len(words)} words for {self.n} players",
                    "NICE-5",
                    loc=line.loc,
                )
            if "keep" not in words:
                if len(words) < self.n:
                    self.stop(
                        "BAD_MOUNTAIN",
                        "the speaking stops before anyone kept",
                        "NICE-5",
                        loc=line.loc,
                    )
                thrown_in_at = round_no
        if thrown_in_at is None:
            return False
        self.report.thrown_in = True
        self.report.complete = True
        self.check_dealt_hands(thrown_in_at)  # G-4a: the deal so far could have happened
        self.check_no_play_after(f"all went to the mountain in round {thrown_in_at} (NICE-5, G-4)")
        return True

    def check_no_play_after(self, why: str, contract_lines: bool = True) -> None:
        lines = self.lines
        extra = [*lines.tricks, *(ln for _, ln in lines.declares)]
        if contract_lines:
            extra += lines.single.values()
        if extra:
            first = min(extra, key=lambda e: (e.loc is None, e.loc or Loc(0, 0)))
            self.stop("PLAY_AFTER_END", f"the record goes on although {why}", "G-4", loc=first.loc)

    # -- seats: who played each card -------------------------------------------------------
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

    def seat_plays(self) -> None:
        """Seat the plays from the trick winners (:meth:`SeatingReplay.seat_tricks`)."""
        self.seat_tricks(self.lines.tricks, self.first_leader())

    @property
    def play_complete(self) -> bool:
        """Every trick of the hand is in the record, each with all its cards."""
        seated = self.seated
        return len(seated) == self.game.hand_size and seated[-1][3] is not None

    # -- NICE-5, NICE-6: deal and discard --------------------------------------------------
    def deal(self) -> None:
        """The hand lines of a deal dealt out (:meth:`check_dealt_hands`), then the discard;
        hands not written are taken from the play when it is complete."""
        self.check_dealt_hands(len(self.game.rounds))
        self.read_discard()
        hands = self.lines.hands
        if len(hands) == self.n:
            return
        complete = self.play_complete
        for seat in range(self.n):
            if seat not in hands:
                self.known[seat] = complete
        if not complete:
            self.flag(
                "DEAL_UNKNOWN",
                NOTE,
                "the deal is not written in full and the play is "
                "incomplete: only plays proved wrong by the record itself are flagged",
                "G-2",
                loc=self.record.start,
            )

    def check_dealt_hands(self, rounds_dealt: int) -> None:
        """The ``hand`` lines after ``rounds_dealt`` rounds of the deal (NICE-5): cards of the
        pack, none dealt twice, and as many as those rounds give (the dealer's extra cards
        come with the last round). A thrown-in deal is checked as far as it was dealt (G-4a)."""
        game = self.game
        size = sum(game.rounds[:rounds_dealt])
        sizes = [size] * self.n
        if rounds_dealt == len(game.rounds):
            sizes[self.dealer] += game.dealer_extra
        after = "" if rounds_dealt == len(game.rounds) else f" in {rounds_dealt} round(s)"
        union = 0
        outside = ~R.PACK
        for seat, line in sorted(self.lines.hands.items()):
            cards = line.card_tuple
            try:  # a repeated card carries into another bit: fewer bits than cards
                mask = sum(map(_BIT_OF.__getitem__, cards))
            except KeyError:  # an unknown card (None)
                mask = 0
            if not mask or mask.bit_count() != len(cards) or mask & union or mask & outside:
                mask = self.check_hand_cards(seat, line, union)
            if mask.bit_count() != sizes[seat]:
                self.stop(
                    "WRONG_HAND_SIZE",
                    f"{self.name(seat)} was dealt {mask.bit_count()} "
                    f"cards; the deal gives {sizes[seat]}{after}",
                    "NICE-5",
                    loc=line.loc,
                    seat=seat,
                )
            union |= mask
            self.dealt[seat] = mask

    def read_discard(self) -> None:
        """NICE-6: the discard's size, its cards, and the announced number of Tarots."""
        line = self.lines.single.get("discard")
        dealer = self.dealer
        size = self.game.discard_size
        if line is None:
            if self.play_complete:
                self.discard = R.PACK & ~sum(self.played)
                self.flag(
                    "DISCARD_DERIVED",
                    NOTE,
                    "the discard is not written; it is the cards "
                    "nobody played: " + self.words.mask(self.discard),
                    "NICE-6",
                    loc=self.record.start,
                )
            return
        cards = line.cards()
        text = self.words.card
        mask = 0
        anywhere = 0  # every card played, by anyone (played_anywhere)
        for played in self.played:
            anywhere |= played
        for item in line.items:
            if item.card is not None:
                if item.card.bit & mask:
                    self.stop(
                        "DUPLICATE_CARD",
                        f"{text(item.card)} twice in the discard",
                        loc=item.loc,
                        cards=(item.card,),
                    )
                mask |= item.card.bit
                if anywhere >> item.card & 1:
                    self.stop(
                        "DUPLICATE_CARD",
                        f"{text(item.card)} is discarded and also played",
                        loc=item.loc,
                        cards=(item.card,),
                    )
                if dealer in self.lines.hands and not self.dealt[dealer] >> item.card & 1:
                    self.stop(
                        "CARD_NOT_HELD",
                        f"the dealer did not hold {text(item.card)}",
                        loc=item.loc,
                        seat=dealer,
                        cards=(item.card,),
                    )
        if len(cards) != size:
            self.stop(
                "WRONG_DISCARD_SIZE",
                f"the dealer discards {size} cards, not {len(cards)}",
                "NICE-6",
                loc=line.loc,
                seat=dealer,
            )
        self.discard = mask
        forbidden = mask & (R.KINGS | self.honours)
        if forbidden:
            self.flag(
                "BAD_DISCARD",
                VIOLATION,
                "Kings and Honours may not be discarded: " + self.words.mask(forbidden),
                "NICE-6",
                loc=line.loc,
                seat=dealer,
                cards=tuple(cards_of(forbidden)),
            )
        tarots = (mask & R.TAROTS).bit_count()
        announce = line.options().get("announce")
        if announce is None:
            if tarots:
                self.flag(
                    "TAROTS_NOT_ANNOUNCED",
                    VIOLATION,
                    f"the discard holds {tarots} Tarot(s) and the dealer announced none",
                    "NICE-6",
                    loc=line.loc,
                    seat=dealer,
                )
        elif not announce.value.isdigit():
            self.stop(
                "BAD_ANNOUNCEMENT", f"announce={announce.value!r} is not a number", loc=announce.loc
            )
        elif int(announce.value) != tarots:
            self.flag(
                "WRONG_ANNOUNCEMENT",
                VIOLATION,
                f"the dealer announced "
                f"{announce.value} Tarot(s) discarded; the discard holds {tarots}",
                "NICE-6",
                loc=announce.loc,
                seat=dealer,
            )

    def played_anywhere(self, card: Card) -> bool:
        return any(p >> card & 1 for p in self.played)

    def start_hands(self) -> None:
        """Hands when play begins: dealt less discard, with the Solo exchange applied; for
        seats without a hand line, the cards they are seen to play (G-2 note in :meth:`deal`).
        """
        contract = self.contract
        exchange = (
            contract.given is not None
            and contract.holder is not None
            and contract.called is not None
        )
        for seat in range(self.n):
            if seat in self.lines.hands:
                hand = self.dealt[seat]
                if seat == self.dealer and self.discard is not None:
                    hand &= ~self.discard
                if exchange and seat == contract.declarer:
                    hand = hand & ~contract.given.bit | contract.called.bit
                elif exchange and seat == contract.holder:
                    hand = hand & ~contract.called.bit | contract.given.bit
                self.start[seat] = hand
            else:
                self.start[seat] = self.played[seat]
                hand = self.played[seat]
                if exchange and seat == contract.declarer:
                    hand = hand & ~contract.called.bit | contract.given.bit
                elif exchange and seat == contract.holder:
                    hand = hand & ~contract.given.bit | contract.called.bit
                if seat == self.dealer and self.discard is not None:
                    hand |= self.discard
                self.dealt[seat] = hand
        if all(self.known):
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
