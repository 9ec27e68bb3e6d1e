"""Minchiate: the play of the tricks (MIN-11 .. MIN-14), with the marks made trick by trick.

:class:`MinchiatePlay` plays the record's tricks through the one trick loop
(:class:`~scorer.games.engine.TrickPlay`) and adds Minchiate's rules in its hooks: a revoke
(follow suit, else trump) is charged (MIN-13, :meth:`~MinchiatePlay.judge`); on the first lead
of a suit every later card is judged, for the King rule (MIN-12, :meth:`~MinchiatePlay.on_led`);
the Fool is not kept to the last trick (MIN-11, :meth:`~MinchiatePlay.end_trick`). After each
trick (:meth:`~MinchiatePlay.trick_over`) the marks are made (muore, accrescimento, by
:class:`~scorer.games.minchiate.scoring.Marks`), a seat out of trumps is noted (cascare,
MIN-14), the record's ``replace`` and ``cascare`` lines after that trick are read, and the
Fool's replacement card is given once it is due (MIN-11a).

A record without every hand line is played twice through the same loop: first by the engine's
first pass (:class:`~scorer.games.engine.FirstPass`: every seat unknown, none of these hooks),
to learn what each seat played (its hand is derived from it, exact when the play is complete),
then for real.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...cards import CARDS, FOOL, Card
from ...cardset import CardSet
from ...findings import Finding, Severity
from ...record import Line, Record, Trick
from ...report import TrickResult
from ...tricks import (
    CATEGORY,
    MUST_FOLLOW_SUIT,
    MUST_FOLLOW_TRUMPS,
    MUST_TRUMP,
    TRUMP,
    TRUMP_MASK,
)
from ..base import Game
from ..engine import FirstPass, IllegalPlay
from ..replay import ReplayStop
from . import rules as R
from .hand import MinchiateHand
from .messages import LINES, TEMPLATES, TERMS
from .rules import TRICKS
from .scoring import Marks

__all__ = ["MinchiatePlay"]

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
KING_CARD = tuple(s * 14 + 13 for s in range(4))  # each suit's King (MIN-12)
KING_OF = tuple(1 << king for king in KING_CARD)
FOOL_INDEX = int(FOOL)


class MinchiatePlay(MinchiateHand):
    """The state of one Minchiate game with its play: the hooks of the trick loop."""

    __slots__ = ("after", "first_halt", "first_led", "marks", "noted_unknown")
    marks: Marks
    templates = TEMPLATES  # every finding's sentence, the deal's too (:mod:`.messages`)
    terms = TERMS  # the sections' and the versicole's names
    line_templates = LINES  # its score lines' templates
    #: MIN-13: every revoke, charged two rests to each opponent
    illegal_rules: ClassVar[Mapping[str, str]] = dict.fromkeys(
        (MUST_FOLLOW_SUIT, MUST_TRUMP, MUST_FOLLOW_TRUMPS), "MIN-13"
    )

    def __init__(self, game: Game, record: Record, options: Mapping[str, str] | None) -> None:
        self.noted_unknown = False  # an unknown card's note is given (G-2)
        #: the trick line the first pass stopped at, and why: an unknown seat's card played
        #: again is found by it alone (G-2)
        self.first_halt: tuple[int, Finding] | None = None
        super().__init__(game, record, options)
        self.first_led = 0  # the suits already led once (MIN-12)
        self.after: dict[int, list[tuple[str, Line]]] = {}

    def start_tricks(self) -> None:
        """Play begins: eldest leads with the hands held after the discards (MIN-6); the
        notes of a seat with no trump from the start, and the lines before the first trick."""
        self.begin_play(self.start, None, self.eldest)
        self.after = self.lines_after_tricks()
        for seat in range(4):
            hand = self.hands[seat]
            if self.hand_known[seat] and hand and not hand & TRUMP_MASK:
                self.note_cascare(seat, 1, hand)
        for kind, line in self.after.get(0, ()):
            if kind == "replace":
                self.halt(
                    "LINE_OUT_OF_PLACE",
                    "MIN-11",
                    variant="replace_first",
                    loc=line.loc,
                )
            self.cascare_line(line, 0)

    def lines_after_tricks(self) -> dict[int, list[tuple[str, Line]]]:
        """The replace and cascare lines by the number of tricks before them."""
        after: dict[int, list[tuple[str, Line]]] = {}
        for tricks_before, line in self.lines.replaces:
            after.setdefault(tricks_before, []).append(("replace", line))
        for tricks_before, line in self.lines.cascare:
            after.setdefault(tricks_before, []).append(("cascare", line))
        return after

    def play_lines(self) -> None:
        """Play the record's trick lines in turn, to the end or to a trick left short."""
        tricks = self.lines.tricks
        last = len(tricks) - 1
        stop = self.first_halt
        for index, trick in enumerate(tricks):
            if stop is not None and index == stop[0]:
                self.report.add(stop[1])  # where the first pass stopped, the play stops
                if self.after_error is not None:
                    self.end_after_error()  # (it is found after the first error)
                raise ReplayStop
            if self.play_trick(trick, index == last).winner is None:
                return

    # -- the first pass: who played what -------------------------------------------------------
    def needs_first_pass(self) -> bool:
        """Whether the deal needs what each seat played before the play is replayed: a hand
        line is missing (derived from the play), or a discarded card is also played."""
        lines = self.lines
        if len(lines.hands) < 4:
            return True
        if not lines.discards:
            return False
        played = set().union(*(trick.card_tuple for trick in lines.tricks))
        played.discard(None)
        return any(card in played for line in lines.discards.values() for card in line.card_tuple)

    def first_pass(self) -> None:
        """The engine's first pass over the trick lines (:class:`~scorer.games.engine.
        FirstPass`): :attr:`played` and whether the play is complete. What it finds is
        found again by the replay proper, but for two things it keeps: an unknown card's note
        (G-2), and where it stopped, at which the replay proper stops (:attr:`first_halt`: a
        card of a seat whose hand is unknown played again is found by it alone, G-2)."""
        scout = FirstPass.of(self, self.lines.tricks, self.eldest)
        stop = scout.stop
        if stop is not None and stop[1].code != "SHORT_TRICK":  # (a short line is played)
            self.first_halt = stop
        kept = [f for f in scout.report.findings if f.code == "UNKNOWN_CARD"]
        self.report.findings += kept
        self.noted_unknown = bool(kept)
        self.played = scout.played  # (until the play proper begins)
        self.play_complete = scout.complete

    def note_unknown_card(self) -> None:
        """After a stop before the play reached it: the note of the first unknown card of the
        trick lines, as reading them through finds it (G-2)."""
        if self.noted_unknown:
            return
        if any(None in trick.card_tuple for trick in self.lines.tricks):
            played = self.played
            self.first_pass()
            self.played = played

    # -- the hooks of the trick loop -----------------------------------------------------------
    def on_led(self, led: int) -> bool:
        """MIN-12: on the first lead of a suit every later card is judged (the King rule)."""
        if led == TRUMP or self.first_led >> led & 1:
            return False
        self.first_led |= 1 << led
        return True

    def judge(self, position: int, seat: int, card: Card, hand: int, led: int) -> None:
        """A card that may break MIN-13 or the King rule (MIN-12). A play can break both:
        holding the King of a suit led for the first time and trumped, a player who trumps or
        discards instead also fails to follow suit; each breach is reported with its own
        legal cards (G-1)."""
        before = self.current[:position]
        if CATEGORY[card] != led:
            code = R.RULES.illegal(hand, before, card)
            if code is not None:
                legal = R.RULES.legal(hand, before)
                self.flag_revoke(code, position, seat, card, led, legal)
        if self.king_binds(hand, before, led) and card != KING_CARD[led]:
            self.flag_king(position, seat, card, led)

    def king_binds(self, hand: int, before: list[Card], led: int) -> bool:
        """MIN-12: on the first lead of a suit (a strict trick), once it is trumped, a player
        holding the suit's King must play it."""
        return bool(
            self.strict and hand & KING_OF[led] and any(CATEGORY[c] == TRUMP for c in before)
        )

    def flag_revoke(
        self, code: str, position: int, seat: int, card: Card, led: int, legal: int
    ) -> None:
        """MIN-13: a revoke (flagged as every engine flags an illegal play), charged two
        rests to each opponent at the end."""
        self.flag_illegal(code, position, seat, card, led, legal)
        self.revokes.append((seat, self.done + 1, code))

    def flag_king(self, position: int, seat: int, card: Card, led: int) -> None:
        """MIN-12: the player held the King of the suit first led, the lead was trumped and
        he did not play it. After a revoke by the same play the trick log keeps both codes,
        with the cards legal under both rules: the King."""
        king = KING_OF[led]
        self.say(
            "KING_NOT_PLAYED",
            VIOLATION,
            "MIN-12",
            loc=self.loc_of(position),
            trick=self.done + 1,
            seat=seat,
            cards=(card,),
            legal=(CARDS[KING_CARD[led]],),
            led=led,
            king=KING_CARD[led],
        )
        codes, legal = self.flags.get(position, ((), king))
        self.flags[position] = ((*codes, "KING_NOT_PLAYED"), legal & king)

    def card_not_held(self, position: int, seat: int, card: int) -> None:
        """A card not in the seat's hand: impossible when the hand is known (G-2); a seat
        whose hand is unknown holds what it plays."""
        if self.hand_known[seat]:
            super().card_not_held(position, seat, card)

    def card_elsewhere(self, card: int) -> tuple[str, dict[str, Any]]:
        """Where a card no hand holds is (#32.10): in a player's discard (MIN-3, MIN-5,
        MIN-6), else in the folla (MIN-4)."""
        bit = 1 << card
        for seat, discard in enumerate(self.discards):
            if discard & bit:
                return "discarded", {"by": seat}
        if self.folla & bit:
            return "folla", {}
        return super().card_elsewhere(card)

    def not_in_hand(self, position: int, seat: int, card: int, seen: int) -> None:
        """A card played twice ends the replay before its trick (G-2): nothing of that trick
        is judged or counted."""
        if seen >> card & 1:
            self.forget_trick()
        elif self.hand_known[seat]:
            self.stop_at_card_played_twice(position + 1, seen | 1 << card)
        super().not_in_hand(position, seat, card, seen)

    def stop_at_card_played_twice(self, start: int, seen: int) -> None:
        """Before a card not held: a card of the rest of the record's line that is played
        twice makes the whole trick impossible, and the replay stops at it (G-2)."""
        plays = self.source.plays if self.source is not None else ()
        for position in range(start, len(plays)):
            card = plays[position].card
            if card is None:
                return
            if seen >> card & 1:
                seat = (self.leader + position) & 3
                earlier = next((p for p in range(position) if plays[p].card == card), None)
                if earlier is None:  # played in an earlier trick (#32.10: say which)
                    variant, where = self.where_played(card)
                else:
                    variant = "played"
                    where = {"played_in": self.done + 1, "by": (self.leader + earlier) & 3}
                self.forget_trick()
                self.halt(
                    "DUPLICATE_CARD",
                    variant=variant,
                    loc=plays[position].loc,
                    trick=self.done + 1,
                    seat=seat,
                    cards=(CARDS[card],),
                    **where,
                )
            seen |= 1 << card

    def forget_trick(self) -> None:
        """The trick on the table is impossible: its plays and its findings are undone."""
        seat = self.leader
        for card in self.current:
            self.played[seat] &= ~(1 << card)
            seat = (seat + 1) & 3
        findings = self.report.findings
        line = self.source.loc.line if self.source is not None and self.source.loc else None
        while findings and findings[-1].loc is not None and findings[-1].loc.line == line:
            findings.pop()

    def unplayable(self, position: int, seat: int, card: int | None) -> None:
        """An unknown card ends the play; its note is given once (see :meth:`first_pass`)."""
        if card is None and self.noted_unknown:
            return
        super().unplayable(position, seat, card)

    def keep_partial_trick(self) -> TrickResult:
        if self.done + 1 == TRICKS and FOOL_INDEX in self.current:
            position, entry = self.fool_kept(self.current, self.leader, self.source)
            self.flags[position] = entry
        return super().keep_partial_trick()

    def fool_kept(
        self, cards: Sequence[Card], leader: int, source: Trick | None
    ) -> tuple[int, tuple[tuple[str, ...], int]]:
        """MIN-11: the Fool played to the last trick (``cards``, led by ``leader``) was kept
        too long. Returns its position and its entry in the trick's flags."""
        position = cards.index(FOOL)
        seat = (leader + position) & 3
        loc = source.plays[position].loc if source is not None else None
        self.say(
            "FOOL_IN_LAST_TRICK",
            VIOLATION,
            "MIN-11",
            loc=loc,
            trick=TRICKS,
            seat=seat,
            cards=(FOOL,),
        )
        return position, (("FOOL_IN_LAST_TRICK",), self.hands[seat] & ~FOOL.bit)

    def trick_over(self, result: TrickResult) -> None:
        """After a trick: the Fool kept to the last one (MIN-11), its marks (MIN-8), a seat
        that played its last trump (MIN-14), the record's lines after it, and the Fool's card
        once it is due (MIN-11a)."""
        number, cards = result.number, result.cards
        if number == TRICKS and FOOL_INDEX in cards:
            position, entry = self.fool_kept(cards, result.leader, result.source)
            result.flags = {**result.flags, position: entry}
        marks = self.marks
        marks.trick(number, result.leader, cards, self.leader)
        h0, h1, h2, h3 = self.hands
        if not (h0 & TRUMP_MASK and h1 & TRUMP_MASK and h2 & TRUMP_MASK and h3 & TRUMP_MASK):
            self.note_out_of_trumps(result)  # (while all hold trumps, none has run out)
        after = self.after.get(number)
        if after:
            for kind, line in after:
                if kind == "replace":
                    marks.replace(line, number)
                else:
                    self.cascare_line(line, number)
        if self.fool_owed is not None:
            marks.owed(number)

    def note_out_of_trumps(self, result: TrickResult) -> None:
        """MIN-14: each known seat that played its last trump in the trick just won (and
        holds other cards) lays them open from the next trick."""
        hands = self.hands
        seat = result.leader
        for card in result.cards:
            if 56 <= card < FOOL_INDEX:  # a trump: was it his last?
                hand = hands[seat]
                if hand and not hand & TRUMP_MASK and self.hand_known[seat]:
                    self.note_cascare(seat, result.number + 1, hand)
            seat = (seat + 1) & 3

    # -- the Hand API ---------------------------------------------------------------------------
    def legal_cards(self) -> CardSet:
        """The cards the player to play may play: follow suit, else trump (MIN-13); the King
        of a suit first led once it is trumped (MIN-12); any card not yet seen, for a seat
        whose hand is unknown."""
        seat = self.to_play()
        if seat is None or self.hand_known[seat]:
            legal = super().legal_cards()
            if seat is not None and self.led >= 0:
                hand = self.hands[seat]
                if self.led < 4 and self.king_binds(hand, self.current, self.led):
                    return CardSet(KING_OF[self.led])
            return legal
        others = sum(h for s, h in enumerate(self.hands) if self.hand_known[s])
        return CardSet(self.table.pack & ~self.seen & ~others)

    def play(self, card: int) -> None:
        """:meth:`~scorer.games.engine.TrickPlay.play`, checked against the King rule too
        (``KING_NOT_PLAYED``); a seat whose hand is unknown may play any card not seen."""
        seat = self.to_play()
        if seat is None or int(self.legal_cards()) >> card & 1:
            if seat is not None and not self.hand_known[seat]:
                self.push(card)
                return
        elif self.hands[seat] >> card & 1:
            code = R.RULES.illegal(self.hands[seat], self.current, card)
            raise IllegalPlay(code or "KING_NOT_PLAYED", card)
        elif not self.hand_known[seat]:
            raise IllegalPlay("DUPLICATE_CARD", card)
        super().play(card)

    # -- cascare (MIN-14) -----------------------------------------------------------------------
    def note_cascare(self, seat: int, trick: int, hand: int) -> None:
        """MIN-14: a seat out of trumps lays its cards open from ``trick``."""
        self.say(
            "CASCARE",
            NOTE,
            "MIN-14",
            loc=self.record.start,
            trick=trick,
            seat=seat,
            hand=hand,
        )

    def cascare_line(self, line: Line, number: int) -> None:
        """A ``cascare NAME: cards`` line after trick ``number``: the player must be out of
        trumps, and the cards laid open must be that player's hand (MIN-14)."""
        seat = self.seat_named(line.subject, line.loc)
        shown = self.cards_line(line, "open_hand", 0, seat)
        hand = self.hands[seat]
        if not self.hand_known[seat]:
            return
        if hand & TRUMP_MASK:
            self.say(
                "BAD_CASCARE",
                VIOLATION,
                "MIN-14",
                variant="trumps",
                loc=line.loc,
                seat=seat,
                after=number,
            )
        elif shown and shown != hand:
            self.say(
                "BAD_CASCARE",
                VIOLATION,
                "MIN-14",
                variant="cards",
                loc=line.loc,
                seat=seat,
                hand=hand,
            )
