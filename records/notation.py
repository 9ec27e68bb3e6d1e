"""Reading the hand-record notation (see ``docs/notation.md``).

The reader walks the text once and reports what it sees to a *visitor*, one callback per kind
of line (``begin_record``, ``visit_tag``, ``begin_body``, ``visit_line`` for a section line,
``visit_trick`` for a trick line, ``handle_error``, ``end_record``), in the manner of
python-chess's PGN reader. The default :class:`RecordBuilder` builds
:class:`~scorer.record.Record` values and collects every error with its line and column; with
``strict=True`` the first error is raised instead.

There is one tokenizer. A body line is split on whitespace and each token looked up in the
card spellings of the record's suit style (:func:`~scorer.cards.card_spellings`): a line of
such tokens, the bulk of every record, is kept as its cards and its text, its items built
only when asked. Only a line that this does not read whole (an annotation, a mark, a comma,
a spelling that needs :meth:`Card.parse`, an unknown name, a mistake) is scanned again,
precisely, by the token pattern, to read what it holds or to word the error with its column.

>>> text = '''[Game "nice4"]
... [Players "Anna, Bruno, Carla, Dario"]
... [Dealer "Dario"]
... mountain 1: keep
... 1. 7S 8X 9S KS
... '''
>>> parsed = read(text)
>>> [str(e) for e in parsed[0].errors]
["5:7: not a card: '8X'"]
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from scorer.cards import SUIT_STYLES, Card, CardParseError, card_spellings
from scorer.findings import Loc
from scorer.games import GAMES, Game, OptionError
from scorer.memo import BoundedMemo
from scorer.record import Item, KeywordSpec, Line, Record, Trick, parse_options, split_players

__all__ = [
    "BOM",
    "MAX_RECORD_LINES",
    "TAG_ORDER",
    "NotationError",
    "Parsed",
    "RecordBuilder",
    "Visitor",
    "comment_lines",
    "iter_read",
    "read",
    "read_one",
    "split_comment",
    "tag_name",
]

TAG_ORDER = (
    "Game",
    "Event",
    "Site",
    "Date",
    "Round",
    "Table",
    "Players",
    "Dealer",
    "Options",
    "Suits",
)
REQUIRED_TAGS = ("Game", "Players", "Dealer")
MAX_RECORD_LINES = 2000  # no real hand comes near; guards memory on garbage input

#: A byte-order mark (U+FEFF) at the very start of a text: what Windows Notepad writes before
#: a UTF-8 file. The reader drops it, as the command line's ``utf-8-sig`` decoding does, so
#: that a record verifies the same on every path (API, pages, upload, command line) and is
#: stored without it; a U+FEFF anywhere else is read as any other character.
#:
#: The text is then read in Unicode's NFC form, as names are stored (:mod:`records.names`):
#: a Players tag that spells ``René`` with a combining accent names the same player as a
#: session created with ``René`` typed at once. (A column counts the NFC characters.)
BOM = "\ufeff"

# The value's alternatives start with different characters, so the possessive form reads
# the same values as the plain one, a third faster.
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]++|\\.)*+)"\s*\]\s*$')
_GAME_TAG = re.compile(r"\[\s*game\s", re.IGNORECASE)
_TAG_NAMES = {name.lower(): name for name in TAG_ORDER}
_TAG_RANK = {name: rank for rank, name in enumerate(TAG_ORDER)}
# The precise scan. Possessive quantifiers keep these linear: a lazy group before \s* is
# quadratic on long runs of spaces (20,000 spaces took seconds).
_TRICK = re.compile(r"(\d{1,4})\s*[.)]\s*")
_SECTION = re.compile(r"([A-Za-z][A-Za-z0-9_-]*+)\s*+([^:]*+):\s*")
_SECTION_HEAD = re.compile(r"([A-Za-z][A-Za-z0-9_-]*+)\s*+([^:]*+)")  # _SECTION's, no colon
_WORD_LINE = re.compile(r"([A-Za-z][A-Za-z0-9_-]*)\b\s*")
_LEADER = re.compile(r"([^:\s*?(][^:]*+):\s*")
_TOKEN = re.compile(r"(\*?)([^\s,()]+)(?:\(([^)]*)\))?|([^\s,])")  # commas separate items
# What only the token pattern reads: annotations, commas, marks (and comments, which the precise
# scan takes out). Without these characters the token pattern's tokens are the
# whitespace-separated ones (its \s is str.split's whitespace).
_NOT_PLAIN = re.compile(r"[(),*;{]")
_DIGITS = frozenset("0123456789")  # a trick line's usual first character (others: Unicode)
# A body line's usual first character. Such a line is handed to the normal case as it is
# written: a comment in it is a token no card spelling and no word taken holds (``;``, ``{``),
# so the line goes to the precise scan, which takes the comment out first.
_PLAIN_START = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_COMMENT_MARK = re.compile(r"[;{]")
_NUMBERS = {str(number): number for number in range(1, 100)}  # trick numbers, without int()
# Locations are immutable: the lines at column 1 (nearly all) share one each.
_LOCS_MADE = 4096
_AT_COLUMN_1 = tuple(Loc(number, 1) for number in range(_LOCS_MADE))
_TRICK_KIND = "trick"  # the tokenizer's kind for a trick line's cards

# -- the memo tables: what the reader keeps between lines and records (scorer.memo) ---------
# A line's head (the text before its colon) read as (keyword, subject, kind of items, keys
# taken), or () when the precise scan must read it; per game and list of players (a table's
# records share it).
_Head = tuple[str, str | None, str, frozenset[str] | None] | tuple[()]
_HEADS: BoundedMemo[tuple[str | None, ...], BoundedMemo[str, _Head]] = BoundedMemo(
    "reader: section heads per game and players", 1_000
)
# The cards of short plain runs (one or two tokens, all card spellings), per suit style: a
# two-card trick or a one-card draw is one look-up. Longer runs (a trick of three or four, a
# hand) are nearly always new: keeping them would cost more than it saves.
_RUNS = {
    style: BoundedMemo[str, tuple[Card, ...]](f"reader: {style} runs", 50_000)
    for style in SUIT_STYLES
}
# Per suit style, whether a token that is no card spelling is a word (Card.parse refuses it)
# in a "mixed" line (``meld Anna: family JD CD QD KD``).
_WORDS = {style: BoundedMemo[str, bool](f"reader: {style} words", 10_000) for style in SUIT_STYLES}
# The set-up of each list of tags (names and values, in order) that raised no error: the
# canonical values and the table.
_BODY_STARTS: BoundedMemo[tuple[tuple[str, str], ...], tuple[dict[str, str], _Table]] = BoundedMemo(
    "reader: tags read without error", 1_000
)


def _heads(game: str | None, players: tuple[str, ...]) -> BoundedMemo[str, _Head]:
    """The table of section heads for a game and list of players."""
    key = (game, *players)
    found = _HEADS.get(key)
    if found is None:
        found = _HEADS.put(key, BoundedMemo("reader: section heads", 1_000))
    return found


@dataclass(slots=True)
class _Table:
    """What reading a record's body needs of its tags: the players, the suit style, the
    game's keywords and the memo tables that go with them. Shared (read only) by the records
    whose tags are the same."""

    players: tuple[str, ...] = ()
    player_names: dict[str, str] = field(default_factory=dict)  # casefolded -> as written
    player_seats: dict[str, int] = field(default_factory=dict)  # casefolded -> seat
    style: str = "italian"
    spec: Mapping[str, KeywordSpec] | None = None
    trick_notes: bool = True  # the game takes annotations on played cards
    heads: BoundedMemo[str, _Head] = field(default_factory=lambda: _heads(None, ()))

    @property
    def spellings(self) -> dict[str, Card]:
        return card_spellings(self.style)


_NO_TABLE = _Table()  # a record's before its tags are read (never changed)


def _is_word(token: str, style: str) -> bool:
    """True when ``token`` is not a card in ``style`` (:meth:`Card.parse` refuses it): a
    mixed line's word."""
    memo = _WORDS[style]
    known = memo.get(token)
    if known is None:
        try:
            Card.parse(token, style)
        except CardParseError:
            known = True
        else:
            known = False
        memo.put(token, known)
    return known


class NotationError(ValueError):
    """A place in the text the notation cannot read: message and 1-based line:column.
    ``read_as_unknown``: the place is a card that cannot be read, kept in its line as an
    unknown card (``?``), so that the record can still be replayed past it (#24.8);
    ``written`` is then the token as written (``1OB``), for a suggestion of the card meant
    (:mod:`records.slips`, #34.8)."""

    def __init__(
        self,
        message: str,
        loc: Loc,
        source: str | None = None,
        *,
        read_as_unknown: bool = False,
        written: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.loc = loc
        self.source = source
        self.read_as_unknown = read_as_unknown
        self.written = written

    def __str__(self) -> str:
        prefix = f"{self.source}:" if self.source else ""
        return f"{prefix}{self.loc}: {self.message}"


@dataclass
class Parsed:
    """One record as read: the record (``None`` only if not even its tags could be read) and
    every notation error found in it."""

    record: Record | None
    errors: list[NotationError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


class Visitor:
    """Receives what the reader sees, one callback per kind of line, in the text's order.
    Override what you need; ``handle_error`` may raise."""

    def begin_record(self, loc: Loc) -> None:
        """A record starts (its first line, usually a tag, is at ``loc``)."""

    def visit_tag(self, name: str, value: str, loc: Loc) -> None:
        """A tag, with its canonical name and value (given in ``TAG_ORDER``, then as read)."""

    def begin_body(self) -> None:
        """The tags are done; the body's lines follow."""

    def visit_line(self, line: Line) -> None:
        """A section line, ``keyword [subject]: items``."""

    def visit_trick(self, trick: Trick) -> None:
        """A trick line, ``N. cards``."""

    def handle_error(self, error: NotationError) -> None:
        """A place the notation cannot read; by default raised."""
        raise error

    def end_record(self, source: str) -> None:
        """The record ends; ``source`` is its text."""


_NONE: frozenset[Loc] = frozenset()


class RecordBuilder(Visitor):
    """Builds :class:`Parsed` values; collects errors (``strict`` raises the first)."""

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict
        self.results: list[Parsed] = []
        self._tags: list[tuple[str, str]] = []
        self._body: list[Line | Trick] = []
        self._errors: list[NotationError] = []
        self._start: Loc | None = None
        # A line goes straight onto the body (a record's lines are the bulk of the calls):
        # the list's own append stands in for the two methods below, which say the same.
        self.visit_line = self.visit_trick = self._body.append  # type: ignore[method-assign, assignment]

    def begin_record(self, loc: Loc) -> None:
        self._tags, self._errors, self._start = [], [], loc
        self._body.clear()  # (the record before took a copy, a tuple)

    def visit_tag(self, name: str, value: str, loc: Loc) -> None:
        self._tags.append((name, value))

    def visit_line(self, line: Line) -> None:
        self._body.append(line)

    def visit_trick(self, trick: Trick) -> None:
        self._body.append(trick)

    def handle_error(self, error: NotationError) -> None:
        if self.strict:
            raise error
        self._errors.append(error)

    def end_record(self, source: str) -> None:
        errors = self._errors
        unreadable = frozenset(e.loc for e in errors if e.read_as_unknown) if errors else _NONE
        record = Record(tuple(self._tags), tuple(self._body), source, self._start, unreadable)
        self.results.append(Parsed(record, self._errors))


def read(text: str, *, strict: bool = False, source: str | None = None) -> list[Parsed]:
    """Read every record in ``text``. Errors are collected per record (or raised if strict)."""
    builder = RecordBuilder(strict=strict)
    Reader(text, builder, source).run()
    return builder.results


def iter_read(
    text: str, *, source: str | None = None, first_line: int = 1, strict: bool = False
) -> Iterator[Parsed]:
    """:func:`read`, one record at a time: each record is given as soon as it has been
    read, before the text after it is looked at (a bulk import stores a batch, then reads
    on). Errors are collected per record, as :func:`read` does. ``first_line``: the number
    of ``text``'s first line, when it is a piece of a longer text that starts a record
    there (:func:`records.streaming.record_chunks`), so that places are the whole text's;
    ``strict`` raises the first error."""
    builder = RecordBuilder(strict=strict)
    for _record in Reader(text, builder, source, first_line).records():
        yield from builder.results
        builder.results.clear()


def read_one(text: str, *, strict: bool = False) -> Parsed:
    """Read a text that must hold exactly one record."""
    results = read(text, strict=strict)
    if len(results) != 1:
        error = NotationError(f"expected one record, found {len(results)}", Loc(1, 1))
        if strict:
            raise error
        return Parsed(results[0].record if results else None, [error])
    return results[0]


class Reader:
    """Splits the text into records and lines and drives a :class:`Visitor`."""

    def __init__(
        self, text: str, visitor: Visitor, source: str | None = None, first_line: int = 1
    ) -> None:
        if text[:1] == BOM:  # what Windows Notepad writes first; the command line drops it
            text = text[1:]
        if not text.isascii() and not unicodedata.is_normalized("NFC", text):
            text = unicodedata.normalize("NFC", text)  # names as a session stores them
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        self.text = text  # "\n".join(self.lines): a run of lines is a slice of it
        self.lines = text.split("\n")
        self.visitor = visitor
        self.visit_line = visitor.visit_line
        self.visit_trick = visitor.visit_trick
        self.source = source
        self.skipped = first_line - 1  # the lines before ``text`` in the whole text
        self.in_record = False
        self.in_body = False
        self.start_line = 0
        self.set_table(_NO_TABLE)
        self.tags: dict[str, tuple[str, Loc]] = {}
        self.errors_reported = 0

    def error(
        self,
        message: str,
        line: int,
        column: int,
        *,
        read_as_unknown: bool = False,
        written: str | None = None,
    ) -> None:
        self.errors_reported += 1
        error = NotationError(
            message,
            Loc(line, column),
            self.source,
            read_as_unknown=read_as_unknown,
            written=written,
        )
        self.visitor.handle_error(error)

    # -- records ---------------------------------------------------------------------------
    def run(self) -> None:
        """Read the whole text."""
        for _record in self.records():
            pass

    def records(self) -> Iterator[None]:
        """Read the text, pausing after each record has gone to the visitor (its
        ``end_record``): a caller can store the records read so far before the rest is
        read (:func:`iter_read`)."""
        count = 0  # the body lines of the record being read (see MAX_RECORD_LINES)
        for number, raw in enumerate(self.lines, self.skipped + 1):
            if self.in_body and raw[:1] in _PLAIN_START:
                # the usual body line, at column 1 (a comment in it: see _PLAIN_START)
                text = raw
                loc = _AT_COLUMN_1[number] if number < _LOCS_MADE else Loc(number, 1)
            else:
                if ";" in raw or "{" in raw:
                    raw = _strip_comment(raw)
                stripped = raw.lstrip()
                if not stripped:
                    continue
                column = len(raw) - len(stripped) + 1
                text = stripped.rstrip()
                if text[0] == "[":
                    if self.starts_record(text):
                        if self.close(number - 1):
                            yield
                        self.open(number, column)
                        count = 0
                    self.tag(text, number, column)
                    continue
                if not self.in_body:
                    self.begin_body(number, column)
                loc = Loc(number, column)
            count += 1
            if count > MAX_RECORD_LINES:
                self.too_many_lines(number, count)
                continue
            if text[0] in _DIGITS:
                self.trick_line(text, loc)
            else:
                self.section_line(text, loc)
        if self.close(len(self.lines) + self.skipped):
            yield

    def starts_record(self, stripped: str) -> bool:
        """Whether a tag line starts a record: the first line, a tag after a body, or a
        second Game tag."""
        return (
            self.in_body
            or not self.in_record
            or bool(
                "Game" in self.tags and _GAME_TAG.match(stripped) and _TAG.match(stripped.rstrip())
            )
        )

    def open(self, number: int, column: int) -> None:
        self.in_record, self.in_body = True, False
        self.start_line = number
        self.tags = {}
        self.set_table(_NO_TABLE)
        self.visitor.begin_record(Loc(number, column))

    def set_table(self, table: _Table) -> None:
        """Read the body's lines by ``table`` (with its spellings and memo tables)."""
        self.table = table
        self.spellings = table.spellings
        self.runs = _RUNS[table.style]
        self.heads = table.heads

    def close(self, last_line: int) -> bool:
        """End the record being read, if any (``True`` then)."""
        if not self.in_record:
            return False
        if not self.in_body:
            self.begin_body(last_line, 0)
        skipped = self.skipped
        source = self.joined(self.start_line - 1 - skipped, last_line - skipped).strip("\n") + "\n"
        self.visitor.end_record(source)
        self.in_record = self.in_body = False
        return True

    def joined(self, start: int, end: int) -> str:
        """``"\n".join(self.lines[start:end])``, sliced from the text when the run ends
        with the text (the usual case: a record's body, a file of one record)."""
        lines = self.lines
        if end < len(lines):
            return "\n".join(lines[start:end])
        if start == 0:
            return self.text
        return self.text[sum(map(len, lines[:start])) + start :]

    # -- tags ------------------------------------------------------------------------------
    def tag(self, text: str, number: int, column: int) -> None:
        match = _TAG.match(text)
        if match is None:
            self.error('a tag reads [Name "value"]', number, column)
            return
        name, value = match.groups()
        if "\\" in value:
            value = value.replace('\\"', '"').replace("\\\\", "\\")
        name = _TAG_NAMES.get(name.lower(), name)
        if name in self.tags:
            self.error(f"the {name} tag is repeated", number, column)
            return
        self.tags[name] = (value, Loc(number, column + match.start(2)))

    def begin_body(self, number: int, column: int) -> None:
        """Validate the tags, hand them to the visitor in canonical order, set up the body.
        ``column`` 0: the record has no body (it ends at line ``number``).

        A line of the body before any tag starts a record of its own, with that error. Tags
        met before without a problem (the same values in the same order: the records of one
        table) take the set-up :meth:`check_tags` made for them then."""
        if not self.in_record:
            self.open(number, column)
            self.error('a record starts with its tags, e.g. [Game "nice4"]', number, column)
            self.in_body = True
            return
        self.in_body = True
        tags = self.tags
        key = tuple([(name, value) for name, (value, _loc) in tags.items()])
        known = _BODY_STARTS.get(key)
        if known is None:
            reported = self.errors_reported
            table = self.check_tags()
            if self.errors_reported == reported:
                values = {name: value for name, (value, _loc) in tags.items()}
                _BODY_STARTS.put(key, (values, table))
        else:
            values, table = known
            for name, (_value, loc) in tags.items():
                tags[name] = (values[name], loc)
        self.set_table(table)
        visit_tag = self.visitor.visit_tag
        for name in sorted(tags, key=_tag_rank):  # TAG_ORDER, then others as read
            value, loc = tags[name]
            visit_tag(name, value, loc)
        self.visitor.begin_body()

    def check_tags(self) -> _Table:
        """The tags' checks and canonical values (written back into ``self.tags``), and what
        the body's reading needs of them: the players, the suit style, the game's keywords."""
        for name in REQUIRED_TAGS:
            if name not in self.tags:
                self.error(f"the {name} tag is missing", self.start_line, 1)
        game = self.check_game()
        table = self.check_players(game)
        self.check_dealer(table.players)
        self.check_options(game)
        table.style = self.check_suits(game.default_suits if game is not None else "italian")
        table.spec = game.keywords if game is not None else None  # read only
        table.trick_notes = game.trick_notes if game is not None else True
        table.heads = _heads(game.key if game is not None else None, table.players)
        return table

    def canonical(self, name: str, value: str) -> None:
        """Write a tag's canonical value back, where it was."""
        self.tags[name] = (value, self.tags[name][1])

    def check_game(self) -> Game | None:
        if "Game" not in self.tags:
            return None
        value, loc = self.tags["Game"]
        game = GAMES.get(value.strip().lower())
        if game is None:
            known = ", ".join(sorted(GAMES))
            self.error(f"unknown game {value!r}; known: {known}", loc.line, loc.column)
            return None
        self.canonical("Game", game.key)
        return game

    def check_players(self, game: Game | None) -> _Table:
        """The players' names and seats (a table with them), checked against the game."""
        if "Players" not in self.tags:
            return _Table()
        value, loc = self.tags["Players"]
        players = split_players(value)
        self.canonical("Players", ", ".join(players))
        folded = list(map(str.casefold, players))
        names = dict(zip(folded, players, strict=True))
        if len(set(folded)) != len(folded):
            self.error("two players have the same name", loc.line, loc.column)
            seats = {fold: players.index(name) for fold, name in names.items()}
        else:
            seats = dict(zip(folded, range(len(folded)), strict=True))
        if game is not None and len(players) != game.num_players:
            self.error(
                f"{game.key} has {game.num_players} players, the tag names {len(players)}",
                loc.line,
                loc.column,
            )
        return _Table(tuple(players), names, seats)

    def check_dealer(self, players: tuple[str, ...]) -> None:
        if "Dealer" not in self.tags:
            return
        value, loc = self.tags["Dealer"]
        wanted = value.strip().casefold()
        match = [p for p in players if p.casefold() == wanted]
        if not match:
            self.error(f"the dealer {value!r} is not one of the players", loc.line, loc.column)
        else:
            self.canonical("Dealer", match[0])

    def check_options(self, game: Game | None) -> None:
        if "Options" not in self.tags or game is None:
            return
        value, loc = self.tags["Options"]
        try:
            game.resolve_options(parse_options(value))
        except OptionError as exc:
            self.error(str(exc), loc.line, loc.column)
        self.canonical("Options", " ".join(f"{k}={v}" for k, v in parse_options(value).items()))

    def check_suits(self, style: str) -> str:
        """The suit style: the Suits tag's, else the game's ``style``."""
        if "Suits" not in self.tags:
            return style
        value, loc = self.tags["Suits"]
        if value.strip().lower() not in SUIT_STYLES:
            self.error(f"Suits is one of {', '.join(SUIT_STYLES)}", loc.line, loc.column)
            return style
        self.canonical("Suits", value.strip().lower())
        return value.strip().lower()

    # -- body: the normal case -------------------------------------------------------------
    def too_many_lines(self, number: int, count: int) -> None:
        """A body line past :data:`MAX_RECORD_LINES` (the ``count``-th): reported once, then
        skipped."""
        if count == MAX_RECORD_LINES + 1:
            self.error(f"more than {MAX_RECORD_LINES} lines in one record", number, 1)

    def trick_line(self, text: str, loc: Loc) -> None:
        """A trick line, ``N. cards`` or ``N. Leader: cards``: read whole when its number is
        plain, its leader a player and its tokens plain; else scanned precisely."""
        head, _dot, rest = text.partition(". ")
        number = _NUMBERS.get(head)
        leader = None
        if number is not None and ":" in rest:
            name, _colon, rest = rest.partition(":")
            # (the empty name is in every string; a name with a comment mark: precise scan)
            if name.lstrip()[:1] not in "*?(" and not _COMMENT_MARK.search(name):
                leader = self.table.player_seats.get(name.strip().casefold())
            if leader is None:
                number = None
        if number is not None:
            cards = self.runs.get(rest) or self.plain_tokens(rest, _TRICK_KIND, None)
            if cards:
                self.visit_trick(Trick(number, leader, None, loc, cards, text))
                return
        self.precise_line(text, loc)

    def section_line(self, text: str, loc: Loc) -> None:
        """A section line, ``keyword [subject]: tokens``: read whole when its head (the text
        before the colon) is a keyword of the game with a good subject and its tokens are
        plain; else scanned precisely."""
        prefix, colon, rest = text.partition(":")
        if colon:
            head = self.heads.get(prefix)
            if head is None:
                head = self.heads.put(prefix, self.section_head(prefix))
            if head:
                keyword, subject, kind, keys = head
                cards: tuple[Card | None, ...] | None = (
                    self.runs.get(rest) if kind != "words" else None
                )
                if cards is None:
                    cards = self.plain_tokens(rest, kind, keys)
                if cards is not None:
                    self.visit_line(Line(keyword, subject, None, loc, cards, text))
                    return
        self.precise_line(text, loc)

    def section_head(self, prefix: str) -> _Head:
        """A section line's keyword, subject and its spec's kind of items and keys, read from
        its ``prefix`` (the text before its colon), or ``()`` when the precise scan must read
        the line (not that shape, a comment in it, a keyword the game does not know, a
        subject it does not take)."""
        match = _SECTION_HEAD.fullmatch(prefix)
        spec = self.table.spec
        if match is None or spec is None or _COMMENT_MARK.search(prefix):
            return ()
        keyword = match.group(1).lower()
        found = spec.get(keyword)
        if found is None:
            return ()
        subject, problem = self.subject_value(found, keyword, match.group(2).rstrip())
        return () if problem is not None else (keyword, subject, found.items, found.keys)

    def plain_tokens(
        self, rest: str, kind: str, keys: frozenset[str] | None
    ) -> tuple[Card | None, ...] | None:
        """The tokenizer's normal case: the cards of ``rest``'s whitespace-separated tokens
        (``None`` for a word or ``?``) when each is what a line of ``kind`` takes as written,
        with no annotation, mark or comma; ``None`` sends the line to the precise scan. A
        run of one or two card spellings is kept for the lines that repeat it."""
        if kind == "words":
            return None if _NOT_PLAIN.search(rest) else (None,) * len(rest.split())
        try:
            cards = tuple(map(self.spellings.__getitem__, rest.split()))
        except KeyError:
            return self.plain_words(rest, kind, keys)
        if len(cards) < 3:
            self.runs.put(rest, cards)
        return cards

    def plain_words(
        self, rest: str, kind: str, keys: frozenset[str] | None
    ) -> tuple[Card | None, ...] | None:
        """:meth:`plain_tokens` for a line with a token that is no card spelling: ``?`` (and
        ``-``, ``key=value`` of a key the line takes, on a section line of cards), or a word
        that :meth:`Card.parse` refuses on a mixed line."""
        if _NOT_PLAIN.search(rest):
            return None
        spelling = self.spellings.get
        style = self.table.style
        found: list[Card | None] = []
        for token in rest.split():
            card = spelling(token)
            if card is None and not (
                token == "?"
                or (kind == "cards" and (token == "-" or _key_taken(token, keys)))
                or (kind == "mixed" and _is_word(token, style))
            ):
                return None
            found.append(card)
        return tuple(found)

    # -- body: the precise scan ------------------------------------------------------------
    def precise_line(self, text: str, loc: Loc) -> None:
        """A body line the normal case did not read whole, scanned token by token: what it
        holds (annotations, marks, spellings for :meth:`Card.parse`), or each error with
        its column. ``text`` may still hold its comment (a usual line comes as written)."""
        if ";" in text or "{" in text:
            text = _strip_comment(text)
        text = text.rstrip()
        number, column = loc
        match = _TRICK.match(text)
        if match is not None:
            self.precise_trick(text, match, loc)
            return
        match = _SECTION.match(text) or _WORD_LINE.match(text)
        if match is None:
            self.error(
                "expected a section line (keyword: items) or a trick (N. cards)", number, column
            )
            return
        keyword = match.group(1).lower()
        spec = self.table.spec.get(keyword) if self.table.spec is not None else None
        if spec is None:
            if self.table.spec is not None:
                known = ", ".join(sorted(self.table.spec))
                self.error(f"unknown section {keyword!r}; this game knows: {known}", number, column)
                return
            spec = KeywordSpec("optional-player", "mixed")
        if match.re is _SECTION:
            subject = self.subject(
                spec, keyword, match.group(2).rstrip(), number, column + match.start(2)
            )
        else:
            subject = self.subject(spec, keyword, "", number, column)
        items = self.items(text, match.end(), spec.items, number, column)
        if items is not None and not self.report_not_taken(spec, items, True):
            self.visit_line(Line(keyword, subject, tuple(items), loc))

    def subject_value(
        self, spec: KeywordSpec, keyword: str, subject: str
    ) -> tuple[str | None, str | None]:
        """What stands before a section line's colon, as its ``spec`` takes it: ``(value,
        None)``, or ``(None, message)`` when the line does not take it."""
        kind = spec.subject
        if not subject:
            if kind in ("none", "optional-player"):
                return None, None
            return None, f"{keyword} needs a {kind} before the colon"
        if kind == "none":
            return None, f"{keyword} takes nothing before the colon"
        if kind in ("player", "optional-player"):
            found = self.table.player_names.get(subject.strip().casefold())
            return (found, None) if found is not None else (None, self.not_a_player(subject))
        if kind == "number" and not subject.isdecimal():  # isdigit() takes '²', int() not
            return None, f"{keyword} needs a number before the colon, not {subject!r}"
        return subject, None

    def subject(
        self, spec: KeywordSpec, keyword: str, subject: str, number: int, column: int
    ) -> str | None:
        """:meth:`subject_value`, its problem reported at ``column``."""
        value, problem = self.subject_value(spec, keyword, subject)
        if problem is not None:
            self.error(problem, number, column)
        return value

    def not_a_player(self, name: str) -> str:
        return f"{name!r} is not one of the players ({', '.join(self.table.players)})"

    def items(
        self, text: str, start: int, kind: str, number: int, column: int
    ) -> list[Item] | None:
        """The items of ``text`` from ``start`` by the token pattern, each error reported
        with its column (``None`` when the line cannot be read). A token that is no card
        where a card must be is reported and kept as an unknown card, ``?`` (#24.8)."""
        out: list[Item] = []
        cards = self.spellings
        for match in _TOKEN.finditer(text, start):
            star, token, note, stray = match.groups()
            col = column + match.start()
            if stray is not None:
                self.error(
                    f"unexpected {stray!r} (an annotation is CARD(text) with no space "
                    "before the parenthesis)",
                    number,
                    col,
                )
                return None
            card = cards.get(token) if kind != "words" else None
            if card is None and not (
                kind == "words"
                or star + token in ("?", "-", "*?")
                or (kind == "cards" and "=" in token)
            ):
                card, problem = self.parse_card(token, star)
                if problem is not None and kind != "mixed":
                    self.error(problem, number, col, read_as_unknown=True, written=star + token)
                    token = "?"
            text_of = star + (token if card is None else str(card))
            out.append(Item(text_of, card, note, (number, col)))
        return out

    def parse_card(self, token: str, star: str) -> tuple[Card | None, str | None]:
        """A token no plain spelling names, by :meth:`Card.parse`: ``(card, None)`` or
        ``(None, why not)``."""
        try:
            return Card.parse(token.lstrip("*"), self.table.style), None
        except CardParseError as exc:
            written = star + token
            return None, f"not a card: {written!r}" if written.startswith("*") else str(exc)

    def precise_trick(self, text: str, match: re.Match[str], loc: Loc) -> None:
        """A trick line scanned precisely: the leader's name, annotations, the seat order
        marked with ``*`` and ``-``."""
        number, column = loc
        trick_no = int(match.group(1))
        position = match.end()
        leader = None
        named = _LEADER.match(text, position) if ":" in text else None  # it needs a colon
        if named is not None:
            leader_name = self.player(named.group(1).rstrip(), number, column + named.start(1))
            if leader_name is None:
                return
            leader = self.table.players.index(leader_name)
            position = named.end()
        items = self.items(text, position, "cards", number, column)
        if items is None or self.report_not_taken(None, items, self.table.trick_notes):
            return
        marked = [i for i, item in enumerate(items) if item.text.startswith("*")]
        if marked:
            seated = self.seat_order(items, marked, leader, number, column)
            if seated is None:
                return
            leader, items = seated
        elif any(item.text == "-" for item in items):
            self.error(
                "'-' (not played) is only used in seat order, with the leader marked *",
                number,
                column,
            )
            return
        if not items:
            self.error(f"trick {trick_no} has no cards", number, column)
            return
        self.visit_trick(Trick(trick_no, leader, tuple(items), loc))

    def player(self, name: str, number: int, column: int) -> str | None:
        found = self.table.player_names.get(name.strip().casefold())
        if found is None:
            self.error(self.not_a_player(name), number, column)
        return found

    def report_not_taken(self, spec: KeywordSpec | None, items: list[Item], notes: bool) -> bool:
        """Report the first item its line does not take (:func:`_not_taken`); True if any."""
        found = _not_taken(spec, items, notes)
        if found is None:
            return False
        message, item = found
        self.error(message, item.line, item.column)
        return True

    def seat_order(
        self, items: list[Item], marked: list[int], leader: int | None, number: int, column: int
    ) -> tuple[int, list[Item]] | None:
        """A trick written in the Players order with the leader's card marked ``*``: rotate it
        into play order. ``-`` stands for a card not (yet) played."""
        players = self.table.players
        if len(marked) > 1:
            self.error("only one card of a trick is marked * as the lead", number, column)
            return None
        if len(items) != len(players):
            self.error(
                f"a trick in seat order has one entry per player ({len(players)}); "
                "use - for a card not played",
                number,
                column,
            )
            return None
        seat = marked[0]
        if leader is not None and leader != seat:
            self.error("the leader's name and the card marked * disagree", number, column)
            return None
        first = items[seat]
        items[seat] = Item(first.text[1:], first.card, first.note, first.loc)
        rotated = items[seat:] + items[:seat]
        played = [item for item in rotated if item.text != "-"]
        if any(item.text == "-" for item in rotated[: len(played)]):
            self.error(
                "a card not played (-) comes before one played, in play order", number, column
            )
            return None
        return seat, played


def _key_taken(token: str, keys: frozenset[str] | None) -> bool:
    """Whether ``token`` is a ``key=value`` item a line of cards taking ``keys`` takes (as
    :func:`_not_taken` judges it; ``None``: any key)."""
    return "=" in token and (keys is None or token.split("=", 1)[0] in keys)


def _tag_rank(name: str) -> int:
    """A tag's place in TAG_ORDER; any other tag after them all."""
    return _TAG_RANK.get(name, len(TAG_ORDER))


def _not_taken(spec: KeywordSpec | None, items: list[Item], notes: bool) -> tuple[str, Item] | None:
    """The first item a line does not take, with why (NICE-9a: a word a line does not take
    is an error, never ignored): an annotation on a section line (``spec``) or, unless the
    game reads them (``notes``), on a trick line (``spec`` ``None``); a ``key=value`` on a
    line of cards whose keys do not include it (a trick line takes none). The words of word
    and mixed lines are the engine's to judge."""
    keys = frozenset() if spec is None else spec.keys if spec.items == "cards" else None
    for item in items:
        if item.note is not None and (spec is not None or not notes):
            return f"{item.text}({item.note}): this line takes no annotation", item
        key = item.text.split("=", 1)[0] if item.card is None and "=" in item.text else None
        if keys is not None and key is not None and key not in keys:
            wanted = ", ".join(f"{name}=N" for name in sorted(keys)) or "no key=value item"
            where = "a trick line" if spec is None else "this line"
            return f"{item.text!r}: {where} takes {wanted}", item
    return None


def _strip_comment(line: str) -> str:
    """Drop ``; comment`` to the end of the line and ``{brace comments}``; quotes (tag values)
    and parentheses (annotations) protect both characters."""
    return split_comment(line)[0]


def split_comment(line: str) -> tuple[str, list[str]]:
    """A line's text without its comments, and the comments as written, in order: each
    ``{brace comment}`` (nested braces included; one left open runs to the end of the line)
    and a ``; comment`` to the end of the line (trailing spaces dropped). Quotes (tag values)
    and parentheses (annotations) protect both characters.

    >>> split_comment('1. 7S {led} 8S 9S KS ; Bruno slow')
    ('1. 7S  8S 9S KS ', ['{led}', '; Bruno slow'])
    >>> split_comment('[Event "a; b {c}"]')
    ('[Event "a; b {c}"]', [])
    """
    if ";" not in line and "{" not in line:
        return line, []
    out: list[str] = []
    comments: list[str] = []
    held: list[str] = []  # the brace comment being read
    quoted = escaped = False
    braces = parens = 0
    for index, char in enumerate(line):
        if quoted and braces == 0:  # inside a tag value, \" and \\ are escapes, not quotes
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
            out.append(char)
            continue
        if braces == 0 and char == '"':
            quoted = not quoted
        elif not quoted and parens == 0 and char == "{":
            braces += 1
            held.append(char)
            continue
        elif not quoted and braces and char == "}":
            braces -= 1
            held.append(char)
            if braces == 0:
                comments.append("".join(held))
                held = []
            continue
        elif not quoted and braces == 0 and char == "(":
            parens += 1
        elif not quoted and braces == 0 and char == ")" and parens:
            parens -= 1
        elif not quoted and braces == parens == 0 and char == ";":
            comments.append(line[index:].rstrip())
            break
        if braces == 0:
            out.append(char)
        else:
            held.append(char)
    if held:
        comments.append("".join(held).rstrip())
    return "".join(out), comments


def comment_lines(text: str, stop: int) -> list[str]:
    """The comments of ``text``'s lines before line ``stop`` (lines counted as the reader
    counts them), each line's joined by a space: what comes before a file's first record."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n", stop - 1)[: stop - 1]
    return [" ".join(found) for _text, found in map(split_comment, lines) if found]


def tag_name(text: str) -> str | None:
    """The name of the tag on a line's text (without comments), as the reader files it
    (``[game "nice4"]`` is the ``Game`` tag); ``None`` when the line holds no tag."""
    match = _TAG.match(text.strip())
    if match is None:
        return None
    return _TAG_NAMES.get(match.group(1).lower(), match.group(1))
