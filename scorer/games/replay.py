"""What every game's replay of one record shares: recording findings from their facts,
stopping at an impossible point (G-2), naming players, checking a line of dealt cards.

Each engine replays a record in a small object built for that record alone (OpenSpiel's
"state"); this base gives it the findings plumbing, so every engine reports alike. The play
itself goes through the one trick loop, :class:`scorer.games.engine.TrickPlay`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NoReturn

from ..cards import Card
from ..cardset import BITS
from ..findings import Finding, Loc, Severity, namespace
from ..messages import GENERAL, render
from ..record import Line, Trick
from ..report import Report, ScoreLine
from ..wording import ITALIAN, Wording

__all__ = ["Replay", "ReplayStop"]


class ReplayStop(Exception):
    """Ends a replay at an impossible point (G-2); the finding is already recorded."""


class Replay:
    """Mixin for a one-record replay with a ``report`` attribute. Messages name cards and
    suits through ``words``, in the record's suit style (the engine sets it from
    :meth:`Game.wording <scorer.games.base.Game.wording>`)."""

    report: Report
    words: Wording = ITALIAN
    #: The game's templates for its findings' sentences (:mod:`scorer.messages`): the shared
    #: ones, and the game's own over them. Each game package keeps its table in one module.
    templates: ClassVar[Mapping[str, str]] = GENERAL
    #: The game's word for the trumps in its sentences (Nice: ``Tarots``).
    trumps_name: ClassVar[str] = "trumps"
    #: The game's names for its own terms, by key, for a template's ``{fact:term}`` fields
    #: (piemonte3's declarations: ``mixed`` is ``Mixed Honours``); facts keep the keys.
    terms: ClassVar[Mapping[str, str]] = {}
    #: The templates of the game's score lines, by key (its package's ``messages.LINES``).
    line_templates: ClassVar[Mapping[str, str]] = {}

    def say(
        self,
        code: str,
        severity: Severity,
        rule: str | None,
        *,
        loc: Loc | None = None,
        trick: int | None = None,
        seat: int | None = None,
        cards: tuple[Card, ...] = (),
        legal: tuple[Card, ...] = (),
        variant: str = "",
        **facts: Any,
    ) -> None:
        """Record a finding from its facts; its sentence is the game's template for ``code``
        (and ``variant``) filled from them (:mod:`scorer.messages`)."""
        key = f"{code}.{variant}" if variant else code
        words = namespace(seat, trick, cards, legal, facts)
        message = render(
            self.templates[key],
            words,
            self.words,
            self.report.players,
            self.trumps_name,
            self.terms,
        )
        self.report.add(
            Finding(code, severity, message, rule, loc, trick, seat, cards, legal, facts, variant)
        )

    def score_line(self, key: str, amounts: tuple[int, ...], rule: str, **facts: Any) -> ScoreLine:
        """A score line worded by the game's template ``key`` from ``facts`` (seats, cards
        and terms read as in a finding), which it keeps so that another language can word it
        again."""
        template = self.line_templates[key]
        players = self.report.players
        return ScoreLine.said(template, facts, amounts, rule, players, self.words, self.terms)

    def halt(self, code: str, rule: str = "G-2", **where: Any) -> NoReturn:
        """Record an error (:meth:`say`) and end the replay (G-2)."""
        self.say(code, Severity.ERROR, rule, **where)
        raise ReplayStop

    def name(self, seat: int) -> str:
        return self.report.players[seat]

    def seat_named(self, name: str | None, loc: Loc | None) -> int:
        """The seat of the player ``name`` (case-insensitive); an unknown name stops."""
        wanted = (name or "").strip().casefold()
        for seat, player in enumerate(self.report.players):
            if player.casefold() == wanted:
                return seat
        self.halt("UNKNOWN_PLAYER", loc=loc, name=name)

    def dealt_mask(
        self, line: Line, union: int, pack: int, seat: int | None = None, what: str = "hand"
    ) -> int:
        """The cards of a line of dealt cards (``seat``'s hand; pinch's stock, ``what``) as a
        mask, each known, of ``pack`` and dealt once (in this line or in ``union``, the lines
        dealt before it), else stop at the first bad card with its place (G-2). The usual line
        is checked on its cards at once: their bits add up to as many bits as there are cards
        only when no card repeats."""
        cards = line.card_tuple
        try:
            mask = sum(map(BITS.__getitem__, cards))  # type: ignore[arg-type]
        except TypeError:  # an unknown card (None)
            pass
        else:
            if mask.bit_count() == len(cards) and not mask & union and not mask & ~pack:
                return mask
        mask = 0
        for item in line.items:
            card = item.card
            if card is None:
                self.halt("UNKNOWN_CARD", variant=what, loc=item.loc, seat=seat)
            where: dict[str, Any] = {"variant": "dealt", "loc": item.loc, "seat": seat}
            if not pack >> card & 1:
                self.halt("CARD_NOT_IN_PACK", cards=(card,), pack_size=pack.bit_count(), **where)
            if (union | mask) >> card & 1:
                self.halt("DUPLICATE_CARD", cards=(card,), **where)
            mask |= 1 << card
        return mask

    def check_discard_size(
        self,
        count: int,
        size: int,
        rule: str,
        *,
        loc: Loc | None,
        seat: int | None = None,
        variant: str = "",
    ) -> None:
        """Stop (G-2) at a discard of ``count`` cards where the game's ``rule`` asks
        ``size`` (``WRONG_DISCARD_SIZE``; ``variant`` ``derived`` for a discard worked out
        from the rest of the deal, which names no discarder's line)."""
        if count != size:
            self.halt(
                "WRONG_DISCARD_SIZE",
                rule,
                loc=loc,
                seat=seat,
                size=size,
                count=count,
                variant=variant,
            )

    def discard_mask(
        self,
        line: Line,
        pack: int,
        seat: int,
        held: int | None = None,
        others: int = 0,
        played: int = 0,
        tricks: Sequence[Trick] = (),
    ) -> int:
        """The cards of ``seat``'s discard ``line`` as a mask, each checked the same way in
        every game, else stop at the first bad card with its place (G-2), one code for each
        kind of mistake:

        - ``CARD_NOT_IN_PACK.discard``: not a card of ``pack``;
        - ``DUPLICATE_CARD.discard``: twice in the line;
        - ``CARD_NOT_HELD.discard``: not the discarder's: not in ``held`` (his cards, when
          his hand is known), or in ``others`` (the cards of the other hands written): said
          first, as a card another player plays is then not the discarder's to begin with;
        - ``DUPLICATE_CARD.discarded_played``: in ``played`` (the cards the trick lines
          show played, when the game has worked them out), naming the first of ``tricks``
          (the record's trick lines) that plays it.

        An item that is no card (``announce=N``, a word, ``?``) is the game's to judge. The
        usual line, good cards only, is checked at once."""
        cards = line.card_tuple
        if None in cards:
            cards = tuple(card for card in cards if card is not None)
        mask = sum(map(BITS.__getitem__, cards))  # type: ignore[arg-type]  # (no None left)
        bad = ~pack | others | played | (~held if held is not None else 0)
        if mask.bit_count() == len(cards) and not mask & bad:
            return mask
        mask = 0
        for item in line.items:
            card = item.card
            if card is None:
                continue
            where: dict[str, Any] = {"variant": "discard", "loc": item.loc, "seat": seat}
            where["cards"] = (card,)
            if not pack >> card & 1:
                self.halt("CARD_NOT_IN_PACK", pack_size=pack.bit_count(), **where)
            if mask >> card & 1:
                self.halt("DUPLICATE_CARD", **where)
            if (held is not None and not held >> card & 1) or others >> card & 1:
                self.halt("CARD_NOT_HELD", **where)
            if played >> card & 1:  # the trick lines show it played: name the first
                where["trick"] = next((t.number for t in tricks if card in t.card_tuple), 0)
                self.halt("DUPLICATE_CARD", **{**where, "variant": "discarded_played"})
            mask |= 1 << card
        return mask
