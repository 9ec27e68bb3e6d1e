"""Nice: the play of the record's trick lines through the one trick loop
(:class:`~scorer.games.engine.TrickPlay`), with the declarations written on played cards
(NICE-13) and the Bagatte watch (NICE-14, :class:`~.hand.NiceHand`'s hooks)."""

from __future__ import annotations

from ...record import Trick
from ...report import TrickResult
from .declare import declare_in_play, note_undeclared
from .hand import NOTE, NiceHand

__all__ = ["play"]


def play(h: NiceHand) -> None:
    """Play the trick lines from the state as play begins (:meth:`NiceHand.begin_tricks`):
    illegal plays flagged (G-1), the replay stopped at an impossible one (G-2), each trick
    won as its cards say. The play is complete when the hand's last trick is won; a record
    that stops short is partial."""
    tricks = h.lines.tricks
    last = len(tricks) - 1
    size = h.table.tricks
    report = h.report
    play_trick = h.play_trick
    for index, trick in enumerate(tricks):
        result = play_trick(trick, index == last)
        if result.winner is None and h.led < 0 and h.current:
            h.watch_lead()  # the holder of I led the Fool and nothing followed (NICE-14)
        if trick.has_notes:
            declarations_in(h, trick, result)
        if result.winner is None:
            if h.short_line:
                h.stop_short(trick)
            break
        if result.number == size:
            report.complete = True
            note_undeclared(h)
    if not report.complete and not report.errors:
        h.say("PARTIAL_RECORD", NOTE, "G-7", loc=h.record.start, count=len(report.tricks))


def declarations_in(h: NiceHand, trick: Trick, result: TrickResult) -> None:
    """Annotations on this trick's cards (NICE-13), judged with the hands after it."""
    hands = h.hands
    for position, item in enumerate(trick.plays):
        if item.note:
            seat = (result.leader + position) % h.n
            declare_in_play(h, seat, item.card, item, hands[seat], result.number)
