"""NICE-14: Bagatte Ultimu, watched as the play goes (:class:`BagatteWatch`).

The holder of I when play began attempts Bagatte Ultimu as long as he keeps I for the last
trick and, after leading a plain suit, leads that suit again while he holds it. The watch
is told of the holder's leads and of the last trick (:class:`~.hand.NiceHand`'s hooks), and
knows then whether he won it with I or lost I in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import CARDS
from ...findings import Loc, Severity
from ...report import TrickResult
from ...tricks import CATEGORY, SUIT_MASKS
from ..replay import Replay
from . import rules as R

__all__ = ["BagatteWatch"]

_BAGATTE_BIT = 1 << R.BAGATTE


@dataclass(slots=True)
class BagatteWatch:
    """NICE-14: is the holder of I still attempting Bagatte Ultimu, and how did it end?"""

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
