"""The state of one Minchiate replay: :class:`MinchiateHand`.

It holds what the phases read and write (the sorted lines, the hands dealt and held, the
folla, the discards, the declarations, the seated tricks, the revokes) and the steps that need
no phase: sorting the lines, the deal and the draw (MIN-3 .. MIN-6), the folla and the discards,
the declarations (MIN-8 .. MIN-10). The play (:mod:`.play`) and the marks and the count
(:mod:`.scoring`) receive it; :mod:`.game` drives them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial

from ...cards import FOOL
from ...cardset import BITS, cards_of
from ...findings import Loc, Severity
from ...record import Line, Record, Trick
from ...report import Report
from ...tricks import FOOL_BIT
from ...wording import ITALIAN
from ..base import Game
from ..engine import PlayTable, TrickPlay
from . import rules as R

__all__ = ["MinchiateHand"]


ERROR, VIOLATION, NOTE = Severity.ERROR, Severity.VIOLATION, Severity.NOTE
TRICKS = R.TRICKS  # MIN-4: 21 cards each, one trick per card
#: Minchiate's play as data for the trick loop (MIN-1, MIN-2, MIN-13): four players, 21
#: tricks, the whole 97-card pack, follow suit else trump, the counting values.
TABLE = PlayTable(4, TRICKS, R.PACK, R.RULES, R.VALUE)


@dataclass
class _Lines:
    """The record's section lines by keyword; the play-time lines with the number of trick
    lines before them."""

    hands: dict[int, Line] = field(default_factory=dict)
    faceup: dict[int, Line] = field(default_factory=dict)
    discards: dict[int, Line] = field(default_factory=dict)
    single: dict[str, Line] = field(default_factory=dict)  # draw, rob, scoprire, pigliare, folla
    declares: list[tuple[int, Line]] = field(default_factory=list)
    replaces: list[tuple[int, Line]] = field(default_factory=list)
    cascare: list[tuple[int, Line]] = field(default_factory=list)
    claims: list[Line] = field(default_factory=list)  # the result on the sheet, anywhere
    tricks: list[Trick] = field(default_factory=list)


class MinchiateHand(TrickPlay):
    """One replay of one record: the state of the game before and during the play (the
    trick loop's, :class:`~scorer.games.engine.TrickPlay`). Built, run once, discarded."""

    # (its findings' templates, :mod:`.messages`, are set by the play, which imports them)
    # The game's own state in slots, as the trick loop's are: what is left in the instance
    # dict stays under the 30 names past which Python's attribute access slows down.
    __slots__ = (
        "cutter",
        "dealer",
        "dealt",
        "declared",
        "discards",
        "eldest",
        "faceup",
        "folla",
        "fool_due",
        "fool_lost",
        "fool_owed",
        "game",
        "hand_known",
        "lines",
        "options",
        "pigliati",
        "piles",
        "play_complete",
        "record",
        "revokes",
        "robbed",
        "scoperti",
        "seats_by_name",
        "show",
        "shown",
        "start",
        "stopped",
        "tricks_won",
    )

    def __init__(
        self, game: Game, record: Record, options: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(
            TABLE, Report(game.key, tuple(record.players), record.dealer, unit=game.unit)
        )
        self.game = game
        self.record = record
        self.options = game.resolve_options(record.options, options)
        self.words = words = game.wording(record)  # cards and suits in the record's style
        #: the cards of a mask as the record writes them (:func:`.rules.show`); the
        #: plain function for Italian, so the usual record pays no wrapper per message
        self.show: Callable[[int], str] = (
            R.show if words is ITALIAN else partial(R.show, words=words)
        )
        self.dealer = record.dealer if record.dealer is not None else 0
        self.eldest = (self.dealer + 1) % 4
        self.cutter = (self.dealer + 3) % 4  # the dealer's left (MIN-3)
        self.lines = _Lines()
        self.seats_by_name = _seat_table(self.report.players)
        #: whether each seat's hand is known: written, or derived from a complete play; a
        #: seat's unknown hand is what it is seen to hold (its plays and discards)
        self.hand_known = [True] * 4
        self.play_complete = False  # the record's tricks are all played (a first pass says)
        self.dealt = [0, 0, 0, 0]  # the 20 face-down cards
        self.faceup = [0, 0, 0, 0]
        self.robbed = 0
        self.scoperti = 0
        self.pigliati = 0
        self.folla = 0  # as the dealer's partner saw it, before the discards
        self.discards = [0, 0, 0, 0]
        self.start = [0, 0, 0, 0]  # the 21 cards each holds when play begins
        self.declared: dict[int, list[R.Versicola]] = {}
        self.shown = [0, 0, 0, 0]  # the cards each player showed as versicole
        self.revokes: list[tuple[int, int, str]] = []  # (seat, trick, code)
        self.piles = [0, 0]  # cards won by each side (MIN-10)
        self.tricks_won = [0, 0]
        self.fool_owed: tuple[int, int, int] | None = None  # (Fool's side, winners, trick)
        self.fool_due: int | None = None  # the trick after which its card was due (MIN-11a)
        self.fool_lost = False
        self.stopped = False

    # -- names ------------------------------------------------------------------------------
    def side_name(self, side: int) -> str:
        return f"{self.name(side)} & {self.name(side + 2)}"

    def seat_named(self, name: str | None, loc: Loc | None) -> int:
        """:meth:`Replay.seat_named`, with a player's name as the record spells it in the
        ``Players`` tag looked up directly (a dozen lines a record name a player)."""
        seat = self.seats_by_name.get(name)  # type: ignore[arg-type]
        if seat is None:
            return super().seat_named(name, loc)
        return seat

    # -- lines -----------------------------------------------------------------------------
    def sort_lines(self) -> None:
        lines = self.lines
        tricks_seen = 0
        per_seat = {"hand": lines.hands, "faceup": lines.faceup, "discard": lines.discards}
        for entry in self.record.body:
            if isinstance(entry, Trick):
                lines.tricks.append(entry)
                tricks_seen += 1
                continue
            keyword = entry.keyword
            if keyword == "claim":
                lines.claims.append(entry)
                continue
            if keyword in per_seat:
                seat = self.seat_named(entry.subject, entry.loc)
                if seat in per_seat[keyword]:
                    self.halt(
                        "DUPLICATE_LINE",
                        variant="seat",
                        loc=entry.loc,
                        keyword=keyword,
                        subject=entry.subject,
                    )
                if tricks_seen:
                    self.halt(
                        "LINE_OUT_OF_PLACE", variant="after_play", loc=entry.loc, keyword=keyword
                    )
                per_seat[keyword][seat] = entry
            elif keyword == "declare":
                lines.declares.append((tricks_seen, entry))
            elif keyword == "replace":
                lines.replaces.append((tricks_seen, entry))
            elif keyword == "cascare":
                lines.cascare.append((tricks_seen, entry))
            else:
                if keyword in lines.single:
                    self.halt("DUPLICATE_LINE", loc=entry.loc, keyword=keyword)
                if tricks_seen:
                    self.halt(
                        "LINE_OUT_OF_PLACE", variant="after_play", loc=entry.loc, keyword=keyword
                    )
                lines.single[keyword] = entry
        draw = lines.single.get("draw")
        if draw is not None:
            self.check_draw(draw)

    def check_draw(self, line: Line) -> None:
        """MIN-16: the draw names each player once, highest cut first."""
        seats = [self.seat_named(item.text, item.loc) for item in line.items]
        if sorted(seats) != [0, 1, 2, 3]:
            self.halt("BAD_DRAW", "MIN-16", loc=line.loc)

    # -- MIN-3 .. MIN-6: cut, deal, folla, discards ----------------------------------------
    def cards_line(self, line: Line, what: str, union: int, seat: int | None = None) -> int:
        """The cards of a section line as a mask; a card twice (here or in ``union``) or an
        unknown card stops the replay (G-2). ``what`` names the section, a key of the game's
        terms (:data:`.messages.TERMS`: ``folla``)."""
        cards = line.card_tuple
        try:  # the fast path: plain cards (a word or an unknown card is None: TypeError)
            mask = sum(map(BITS.__getitem__, cards))  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if mask.bit_count() == len(cards) and not mask & union:  # each card once
                return mask
        mask = 0
        for position, card in enumerate(cards):
            if card is None:
                item = line.items[position]
                if item.key is not None:
                    continue
                self.halt("UNKNOWN_CARD", variant="section", loc=item.loc, seat=seat, what=what)
                continue  # unreachable: halt raises
            bit = 1 << card
            if (mask | union) & bit:
                self.halt(
                    "DUPLICATE_CARD",
                    variant="deal",
                    loc=line.items[position].loc,
                    seat=seat,
                    cards=(card,),
                    what=what,
                )
            mask |= bit
        return mask

    def deal(self) -> None:
        """Read the cut, the deal, the folla and the discards; check card conservation and
        the hand sizes (MIN-3 .. MIN-6) and set the hands that play begins with."""
        union = self.read_rob()
        union = self.read_hands(union)
        union = self.read_faceup(union)
        for key in ("scoprire", "pigliare"):
            union = self.read_taken(key, union)
        self.derive_hands(union)
        union |= self.dealt[0] | self.dealt[1] | self.dealt[2] | self.dealt[3]
        self.read_folla(union)
        self.read_discards()

    def read_rob(self) -> int:
        """MIN-3: the cutter robs counting cards and sopraventi at the cut; the robbed cards
        (a mask)."""
        rob = self.lines.single.get("rob")
        if rob is None:
            return 0
        if rob.subject is not None and self.seat_named(rob.subject, rob.loc) != self.cutter:
            self.halt(
                "NOT_THE_CUTTER", "MIN-3", loc=rob.loc, subject=rob.subject, cutter=self.cutter
            )
        self.robbed = self.cards_line(rob, "robbed", 0, self.cutter)
        bad = self.robbed & ~R.ROBBABLE
        if bad:
            self.say(
                "BAD_ROB",
                VIOLATION,
                "MIN-3",
                loc=rob.loc,
                seat=self.cutter,
                cards=tuple(cards_of(bad)),
            )
        return self.robbed

    def read_hands(self, union: int) -> int:
        """MIN-4: 20 cards face down to each player whose hand is written."""
        for seat, line in sorted(self.lines.hands.items()):
            mask = self.cards_line(line, "hands", union, seat)
            if mask.bit_count() != 20:
                self.halt(
                    "WRONG_HAND_SIZE",
                    "MIN-4",
                    variant="dealt",
                    loc=line.loc,
                    seat=seat,
                    count=mask.bit_count(),
                )
            self.dealt[seat] = mask
            union |= mask
        return union

    def read_faceup(self, union: int) -> int:
        """MIN-4: a 21st card face up to each player, written for each."""
        for seat in range(4):
            line = self.lines.faceup.get(seat)
            if line is None:
                self.halt("MISSING_FACEUP", "MIN-4", loc=self.record.start, seat=seat)
                raise AssertionError  # unreachable: halt raises
            mask = self.cards_line(line, "faceup", union, seat)
            if mask.bit_count() != 1:
                self.halt("WRONG_FACEUP", "MIN-4", loc=line.loc, seat=seat, count=mask.bit_count())
            self.faceup[seat] = mask
            union |= mask
        return union

    def read_taken(self, key: str, union: int) -> int:
        """MIN-5: the cards the dealer turns up (``scoprire``: counting cards and sopraventi)
        or takes from the folla (``pigliare``: counting cards)."""
        line = self.lines.single.get(key)
        if line is None:
            return union
        mask = self.cards_line(line, key, union, self.dealer)
        allowed = R.ROBBABLE if key == "scoprire" else R.COUNTING
        bad = mask & ~allowed
        if bad:
            self.say(
                "BAD_SCOPERTO" if key == "scoprire" else "BAD_PIGLIATO",
                VIOLATION,
                "MIN-5",
                loc=line.loc,
                seat=self.dealer,
                cards=tuple(cards_of(bad)),
            )
        if key == "scoprire":
            self.scoperti = mask
        else:
            self.pigliati = mask
        return union | mask

    def extras(self, seat: int) -> int:
        """Cards a player took besides the deal: the robbed ones, the dealer's scoperti and
        pigliati; he discards as many (MIN-3, MIN-5, MIN-6)."""
        mask = self.robbed if seat == self.cutter else 0
        if seat == self.dealer:
            mask |= self.scoperti | self.pigliati
        return mask

    def derive_hands(self, union: int) -> None:
        """A hand not written down is what its player played, plus his discards, less his
        face-up card and the cards he took (exact when the play is complete)."""
        complete = self.play_complete
        missing = [seat for seat in range(4) if seat not in self.lines.hands]
        for seat in missing:
            self.hand_known[seat] = complete
            discard_line = self.lines.discards.get(seat)
            discard = self.discard_cards(seat, discard_line) if discard_line is not None else 0
            holding = self.played[seat] | discard
            mask = holding & ~self.faceup[seat] & ~self.extras(seat) & ~union
            self.dealt[seat] = mask
        if missing and not complete:
            self.say("DEAL_UNKNOWN", NOTE, "G-2", loc=self.record.start)

    def read_folla(self, union: int) -> None:
        """MIN-4, MIN-5: the folla the dealer's partner looked through and the suit counts he
        announced (information only, but they must be right)."""
        line = self.lines.single.get("folla")
        size = 13 - (self.robbed | self.scoperti | self.pigliati).bit_count()
        if line is None:
            if all(self.hand_known):
                self.folla = R.PACK & ~union
            return
        self.folla = self.cards_line(line, "folla", union)
        if all(self.hand_known) and self.folla | union != R.PACK:
            missing = R.PACK & ~(self.folla | union)
            self.halt(
                "CARDS_MISSING",
                "MIN-4",
                loc=line.loc,
                cards=tuple(cards_of(missing)),
            )
        if self.folla.bit_count() != size:
            self.halt(
                "WRONG_FOLLA_SIZE",
                "MIN-4",
                loc=line.loc,
                count=self.folla.bit_count(),
                taken=13 - size,
                size=size,
            )
        left = self.folla & R.COUNTING
        if left:
            self.say(
                "COUNTING_LEFT_IN_FOLLA",
                VIOLATION,
                "MIN-5",
                loc=line.loc,
                seat=self.dealer,
                cards=tuple(cards_of(left)),
            )
        cards = line.card_tuple
        for position, item in enumerate(line.items):
            if cards[position] is not None:  # a card is no announcement (no key)
                continue
            key = item.key
            if key is None:
                continue
            suit = R.SUIT_WORDS[self.words.style].get(key.casefold())
            if suit is None or not item.value.isdecimal():
                self.halt(
                    "BAD_ANNOUNCEMENT",
                    "MIN-5",
                    loc=item.loc,
                    text=item.text,
                    suits=(0, 1, 2, 3),  # each announced as SUIT=N
                )
                raise AssertionError  # unreachable: halt raises
            actual = (self.folla >> (14 * suit) & 0x3FFF).bit_count()
            if int(item.value) != actual:
                self.say(
                    "WRONG_FOLLA_COUNT",
                    VIOLATION,
                    "MIN-5",
                    loc=item.loc,
                    seat=(self.dealer + 2) % 4,
                    said=item.value,
                    suit=suit,
                    actual=actual,
                )

    def discard_cards(
        self, seat: int, line: Line, holding: int | None = None, played: int = 0
    ) -> int:
        """``seat``'s discard line as a mask: each word a card (G-2), and the cards checked
        as every game checks a discard (:meth:`~scorer.games.replay.Replay.discard_mask`):
        of the pack, not twice, of ``holding`` (his hand, his face-up card and the cards he
        took, once known), not ``played``."""
        cards = line.card_tuple
        if None in cards:
            for position, card in enumerate(cards):
                item = line.items[position]
                if card is None and item.key is None:
                    self.halt(
                        "UNKNOWN_CARD", variant="section", loc=item.loc, seat=seat, what="discards"
                    )
        return self.discard_mask(line, R.PACK, seat, holding, 0, played, self.record.tricks)

    def read_discards(self) -> None:
        """MIN-6: the robber and the dealer discard as many cards as they took, any cards,
        from what they hold; everyone then holds 21."""
        played = self.played[0] | self.played[1] | self.played[2] | self.played[3]
        for seat in range(4):
            extras = self.extras(seat)
            holding = self.dealt[seat] | self.faceup[seat] | extras
            written = self.lines.discards.get(seat)
            if written is not None:
                self.discards[seat] = self.discard_cards(seat, written, holding, played)
            discard = self.discards[seat]
            loc = written.loc if written is not None else self.record.start
            if discard.bit_count() != extras.bit_count():
                self.halt(
                    "WRONG_DISCARD_SIZE",
                    "MIN-6",
                    loc=loc,
                    seat=seat,
                    taken=extras.bit_count(),
                    count=discard.bit_count(),
                )
            start = holding & ~discard
            if self.hand_known[seat] and start.bit_count() != TRICKS:
                self.halt(
                    "WRONG_HAND_SIZE",
                    "MIN-6",
                    variant="after_discards",
                    loc=loc,
                    seat=seat,
                    count=start.bit_count(),
                )
            self.start[seat] = start
        if all(self.hand_known):
            self.report.hands = tuple(self.dealt[s] | self.faceup[s] for s in range(4))
        self.report.discard = (
            self.discards[0] | self.discards[1] | self.discards[2] | self.discards[3]
        )
        self.report.discards = {seat: mask for seat, mask in enumerate(self.discards) if mask}

    # -- MIN-7: declared versicole ---------------------------------------------------------
    def declarations(self) -> None:
        """Versicole shown during the first trick: held, well formed, in time (G-5)."""
        written: dict[int, Loc | None] = {}  # each declare line's place, by seat
        for tricks_before, line in self.lines.declares:
            seat = self.seat_named(line.subject, line.loc)
            shown = self.cards_line(line, "declaration", 0, seat)
            if seat in self.declared:
                self.halt(
                    "DUPLICATE_LINE",
                    variant="seat",
                    loc=line.loc,
                    keyword="declare",
                    subject=line.subject,
                )
            self.declared[seat] = []
            self.shown[seat] = shown
            written[seat] = line.loc
            self.declare(seat, line, shown, tricks_before)
        for seat in range(4):
            if self.hand_known[seat] and self.start[seat]:
                self.note_not_declared(seat, written.get(seat))

    def declare(self, seat: int, line: Line, shown: int, tricks_before: int) -> None:
        """MIN-7: the versicole ``seat`` shows on its declare line (``tricks_before`` trick
        lines before it): in time, held, and each card in a versicola."""
        if tricks_before > 1 or not self.lines.tricks:
            self.say("DECLARED_LATE", VIOLATION, "MIN-7", loc=line.loc, seat=seat)
            return
        if self.hand_known[seat] and shown & ~self.start[seat]:
            bad = shown & ~self.start[seat]
            self.say(
                "DECLARED_NOT_HELD",
                VIOLATION,
                "MIN-7",
                loc=line.loc,
                seat=seat,
                cards=tuple(cards_of(bad)),
            )
            return
        found = R.versicole(shown, fool=self.holds_fool(seat))
        used = 0
        for versicola in found:
            used |= versicola.cards
        stray = shown & ~used & ~FOOL_BIT
        if not found or stray:
            self.say(
                "BAD_VERSICOLA",
                VIOLATION,
                "MIN-7",
                variant="stray" if found else "none",
                loc=line.loc,
                seat=seat,
                cards=tuple(cards_of(stray)),
                stray=stray,
            )
        self.declared[seat] = found
        if found:
            self.note_fool_not_shown(seat, line)

    def note_not_declared(self, seat: int, loc: Loc | None) -> None:
        """G-5: the versicole ``seat`` held as play began and did not declare are not marked
        (a shorter one declared is noted as such, MIN-7a)."""
        shown = 0
        for versicola in self.declared.get(seat, ()):
            shown |= versicola.cards
        held = R.versicola_cards(self.start[seat])
        longer = self.note_shorter_than_held(seat, held, loc)
        missed = tuple(cards for cards in held if cards & ~shown and cards not in longer)
        if missed:
            self.say(
                "VERSICOLA_NOT_DECLARED",
                NOTE,
                "G-5",
                loc=self.record.start,
                seat=seat,
                missed=missed,
            )

    def holds_fool(self, seat: int) -> bool:
        """Whether the Fool's 5 go on each of the player's versicole (MIN-7): he showed it with
        them, or the deal shows he held it when play began (MIN-7a)."""
        return bool(
            (self.shown[seat] | (self.start[seat] if self.hand_known[seat] else 0)) & FOOL_BIT
        )

    def note_fool_not_shown(self, seat: int, line: Line) -> None:
        """MIN-7a: the Fool's 5 are the holder's whether or not his declare line writes the
        Fool; a note says it was added though not shown (where it adds to a versicola: the
        versicola del matto itself needs it written)."""
        if self.shown[seat] & FOOL_BIT or not self.holds_fool(seat):
            return
        count = sum(1 for versicola in self.declared[seat] if versicola.kind != "matto")
        if not count:
            return
        self.say(
            "FOOL_NOT_SHOWN", NOTE, "MIN-7a", loc=line.loc, seat=seat, cards=(FOOL,), count=count
        )

    def note_shorter_than_held(self, seat: int, held: list[int], loc: Loc | None) -> list[int]:
        """MIN-7a: a declared versicola shorter than one the player held (1 2 3 with 1 2 3 4
        in hand, three Kings of four) is paid as declared, with a note naming the one he held.
        Returns the versicole held that were so noted (not "undeclared" for G-5)."""
        noted = []
        for versicola in self.declared.get(seat, ()):
            cards = versicola.cards
            for longer in held:
                if longer & cards == cards and longer != cards:
                    noted.append(longer)
                    self.say(
                        "VERSICOLA_SHORTER_THAN_HELD",
                        NOTE,
                        "MIN-7a",
                        loc=loc,
                        seat=seat,
                        cards=tuple(cards_of(longer & ~cards)),
                        declared=cards,
                        kind=versicola.kind,
                        longer=longer,
                    )
        return noted


def _seat_table(players: tuple[str, ...]) -> dict[str, int]:
    """Each player's name as written in the tag, with the seat the case-insensitive search of
    :meth:`Replay.seat_named` gives it (the first player whose name folds to the same)."""
    folded: dict[str, int] = {}
    for seat, player in enumerate(players):
        folded.setdefault(player.casefold(), seat)
    table = {}
    for player in players:
        found = folded.get(player.strip().casefold())
        if found is not None:
            table[player] = found
    return table
