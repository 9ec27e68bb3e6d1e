"""Every slip of a record in one pass (#34.8): what the replay can still say of a record past
a mistyped card of its deal and past a trick line left short.

A record written at the table often has a few slips at once: a card mistyped in a ``hand``
line (``1OB`` for ``10B``), a card forgotten in a trick, a card given to the wrong player.
Each is reported where it is, and the replay goes on past the first as far as the record
lets it, so that one pass shows them all (as a compiler lists further errors):

- **A card of the deal the text could not read** (the reader keeps it as ``?``,
  :class:`~records.notation.NotationError` ``read_as_unknown``) is named when the rest of
  the deal fixes it: of the pack's cards that no line of the deal holds, exactly one is an
  edit away from what was written (a letter changed, added, dropped, or two swapped:
  ``1OB`` and ``10B``). In a game whose deal is the whole pack (Nice, Piedicavallo,
  piemonte3, pinch with its stock) and one card mistyped, that is the one card left out, if
  it is close. :func:`meant_cards` finds them, :func:`mend` puts them in a copy of the
  record for the replay (the record as read keeps its ``?``: it cannot be read, and the
  notation error decides its report).
- **A trick line with too few cards** that is not the last (``SHORT_TRICK``, G-2) is read as
  far as it goes: the replay stops there as before, then the record is replayed again with
  an unknown card for each card missing (:func:`read_past_short_trick`), which the trick loop
  plays past as past a card the text could not read (one of the player's cards standing
  in, his hand unknown from then on; :meth:`TrickPlay.past_unknown
  <scorer.games.engine.TrickPlay.past_unknown>`). What it finds after that is listed
  *after the first error*: it changes nothing in the verdict or the score.

Each rule stays where it is written: the engine judges every card as it always does; this
module only decides which record the engine is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from scorer.cards import Card, card_spellings
from scorer.findings import Finding, Loc
from scorer.games import GAMES, Game
from scorer.record import Item, Line, Record, Trick
from scorer.report import Report

from .notation import NotationError, Parsed

__all__ = [
    "did_you_mean",
    "meant_cards",
    "mend",
    "one_edit_apart",
    "read_past_short_trick",
    "slip_style",
    "worded_errors",
]

#: More unreadable cards in a deal than this, and none is named (the text is likely not a
#: record at all; this bounds the work on garbage input).
MAX_SLIPS = 8
#: A token longer than this is no mistyped card.
MAX_TOKEN = 8

Verify = Callable[[Record, Mapping[str, str] | None], Report]


def one_edit_apart(a: str, b: str) -> bool:
    """Whether two different texts are one edit apart: a character changed, added or
    dropped, or two neighbours swapped (the optimal string alignment distance is 1).

    >>> one_edit_apart("1ob", "10b"), one_edit_apart("10bb", "10b"), one_edit_apart("ks", "sk")
    (True, True, True)
    >>> one_edit_apart("1ob", "1ob"), one_edit_apart("jdd", "10b")
    (False, False)
    """
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        differ = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        if len(differ) == 1:
            return True
        first = differ[0]
        return (
            differ == [first, first + 1] and a[first] == b[first + 1] and a[first + 1] == b[first]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def meant_cards(record: Record, game: Game, errors: Iterable[NotationError]) -> dict[Loc, Card]:
    """For each card of a deal line that the text could not read (an error of ``errors``),
    the card meant, where the rest of the deal fixes it: the one card of the pack that no
    line of the deal holds and that is one edit from what was written
    (:func:`one_edit_apart`, case aside). A slip with no such card, or two, or one that
    another slip would mean too, is not named."""
    entry = game.entry
    written: dict[Loc, str] = {}
    for error in errors:
        if error.read_as_unknown and error.written and len(error.written) <= MAX_TOKEN:
            written[error.loc] = error.written
    if entry is None or not written:
        return {}
    deal = [line for line in record.body if isinstance(line, Line)]
    deal = [line for line in deal if line.keyword in entry.deal_keywords]
    slips = [
        (item.loc, written[item.loc])
        for line in deal
        if None in line.card_tuple
        for item in line.items
        if item.card is None and item.loc is not None and item.loc in written
    ]
    if not slips or len(slips) > MAX_SLIPS:
        return {}
    dealt = 0
    for line in deal:
        dealt |= sum(1 << card for card in line.card_tuple if card is not None)
    close = _close_cards(entry.pack & ~dealt, slip_style(record, game))
    found: dict[Loc, Card] = {}
    for loc, token in slips:
        token = token.lstrip("*").casefold()
        near = {card for spelling, card in close if one_edit_apart(token, spelling)}
        if len(near) == 1:
            found[loc] = near.pop()
    meant = list(found.values())
    return {loc: card for loc, card in found.items() if meant.count(card) == 1}


def worded_errors(parsed: Parsed) -> list[str]:
    """Each notation error of ``parsed`` as ``str(error)`` words it (``file:line:column:
    message``), a card of the deal that the rest of the deal fixes named in it (what
    ``tarocco format`` prints: the card meant is said wherever the error is)."""
    record = parsed.record
    game = GAMES.get(record.game) if record is not None else None
    if record is None or game is None:
        return [str(error) for error in parsed.errors]
    meant = meant_cards(record, game, parsed.errors)
    return [did_you_mean(str(e), meant.get(e.loc), record, game) for e in parsed.errors]


def slip_style(record: Record, game: Game) -> str:
    """The suit style ``record``'s cards are written in."""
    return (record.tag("Suits") or game.default_suits).lower()


def _close_cards(left_out: int, style: str) -> list[tuple[str, Card]]:
    """The plain spellings (case folded) of the cards of ``left_out`` (a mask), each with
    its card."""
    return [
        (spelling.casefold(), card)
        for spelling, card in card_spellings(style).items()
        if left_out >> card & 1
    ]


def mend(record: Record, meant: Mapping[Loc, Card]) -> Record:
    """A copy of ``record`` with each card the text could not read at a place of ``meant``
    replaced by the card meant (for the replay: the record as read keeps its ``?``)."""
    if not meant:
        return record
    body = tuple(
        _mended_line(entry, meant)
        if isinstance(entry, Line) and None in entry.card_tuple
        else entry
        for entry in record.body
    )
    return replace(record, body=body, unreadable=record.unreadable - meant.keys())


def _mended_line(line: Line, meant: Mapping[Loc, Card]) -> Line:
    return Line(line.keyword, line.subject, tuple(_mended(i, meant) for i in line.items), line.loc)


def _mended(item: Item, meant: Mapping[Loc, Card]) -> Item:
    card = meant.get(item.loc) if item.card is None and item.loc is not None else None
    return item if card is None else Item(str(card), card, item.note, item.loc)


def did_you_mean(message: str, card: Card | None, record: Record, game: Game) -> str:
    """A notation error's message with the card meant, in the record's suits, if any."""
    if card is None:
        return message
    return f"{message}; did you mean {card.text(slip_style(record, game))}?"


def read_past_short_trick(
    record: Record, report: Report, verify: Verify, options: Mapping[str, str] | None
) -> list[Finding]:
    """When the first error of ``report`` (``record``'s, by ``verify``) is a trick line
    with too few cards that is not the last (``SHORT_TRICK``, G-2): what the replay finds
    past it, each marked ``after_first_error``. The record is replayed with an unknown card
    for each card missing from that line, which the trick loop plays past as past a card
    the text could not read; what it says there itself (that the card is unknown) is left
    out, as are the findings before it (the report has them)."""
    errors = report.errors
    if not errors or errors[0].code != "SHORT_TRICK" or errors[0].loc is None:
        return []  # (a record not read from text has no places to find its line by)
    trick = next((t for t in record.tricks if t.loc == errors[0].loc), None)
    players = len(record.players)
    if trick is None or not 0 < len(trick.card_tuple) < players:
        return []
    padded = _padded(record, trick, players - len(trick.card_tuple))
    again = verify(padded, options)
    return [f for f in again.findings if f.after_first_error and f.loc not in padded.unreadable]


def _padded(record: Record, short: Trick, missing: int) -> Record:
    """``record`` with ``missing`` unknown cards at the end of the trick line ``short``,
    each at a place of its own after the line's last card, kept as places the text could
    not read (:attr:`Record.unreadable <scorer.record.Record.unreadable>`)."""
    last = short.plays[-1]
    column = last.column + len(last.text) + 1
    places = [Loc(last.line, column + k) for k in range(missing)]
    plays = (*short.plays, *(Item("?", None, None, place) for place in places))
    padded = Trick(short.number, short.leader, plays, short.loc)
    body = tuple(padded if entry is short else entry for entry in record.body)
    return replace(record, body=body, unreadable=record.unreadable | frozenset(places))
