"""Reading the hand-record notation (see ``docs/notation.md``).

The reader walks the text once and reports what it sees to a *visitor* (``begin_record``,
``visit_tag``, ``visit_line``, ``visit_trick``, ``handle_error``, ``end_record``), in the manner
of python-chess's PGN reader. The default :class:`RecordBuilder` builds
:class:`~scorer.record.Record` values and collects every error with its line and column; with
``strict=True`` the first error is raised instead.

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
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice, repeat

from scorer.cards import CARDS, Card, CardParseError, card_spellings
from scorer.findings import Loc
from scorer.games import GAMES, OptionError
from scorer.record import Item, KeywordSpec, Line, Record, Trick, parse_options, split_players

__all__ = [
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
SUIT_STYLES = ("italian", "french", "symbols")
MAX_RECORD_LINES = 2000  # no real hand comes near; guards memory on garbage input

# The value's alternatives start with different characters, so the possessive form reads
# the same values as the plain one, a third faster.
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]++|\\.)*+)"\s*\]\s*$')
_TRICK = re.compile(r"(\d{1,4})\s*[.)]\s*")
# Possessive quantifiers keep these linear: a lazy group before \s* is quadratic on long
# runs of spaces (20,000 spaces took seconds). Callers strip the trailing spaces of the group.
_SECTION = re.compile(r"([A-Za-z][A-Za-z0-9_-]*+)\s*+([^:]*+):\s*")
_WORD_LINE = re.compile(r"([A-Za-z][A-Za-z0-9_-]*)\b\s*")
_LEADER = re.compile(r"([^:\s*?(][^:]*+):\s*")
_TOKEN = re.compile(r"(\*?)([^\s,()]+)(?:\(([^)]*)\))?|([^\s,])")  # commas separate items
_TAG_NAMES = {name.lower(): name for name in TAG_ORDER}


class _Rank(dict):
    """A tag's place in TAG_ORDER; any other tag after them all."""

    def __missing__(self, key: str) -> int:
        return len(TAG_ORDER)


_TAG_RANK = _Rank({name: rank for rank, name in enumerate(TAG_ORDER)})
_GAME_TAG = re.compile(r"\[\s*game\s", re.IGNORECASE)
_new_trick = Trick.__new__
_new_loc = tuple.__new__
# Locations are immutable: the fast paths share one for each of the first lines' column 1.
_CACHED_LINES = 4096
_AT_COLUMN_1 = [Loc(number, 1) for number in range(_CACHED_LINES)]
# The shapes Reader.body_block takes, each matched whole against one line (or its part): a
# trick ``N. cards`` or ``N. Leader: cards`` (the possessive name part stops at the colon,
# so a line without one costs one more linear pass); a section line's ``keyword Name`` (the
# text before its colon); the cards, plain tokens only (no comment, note, mark, option or
# unknown-card sign), ending on a non-space (a line with trailing spaces takes the other
# paths, which strip them; the greedy run gives back only those spaces, so the match stays
# linear).
_EDGE = r"[^\s:;{}()*=?,\[-]"  # a name's or the cards' first or last character
_INNER = r"[^\n:;{}()*=?,\[-]"  # any other character of them
_CARDS_PATTERN = _EDGE + r"(?:" + _INNER + r"*" + _EDGE + r")?"
_BLOCK_CARDS = re.compile(_CARDS_PATTERN)
_BLOCK_TRICK = re.compile(
    r"(\d{1,4})\.[ \t]+(?:(" + _EDGE + _INNER + r"*+):[ \t]*)?(" + _CARDS_PATTERN + ")"
)
_BLOCK_PREFIX = re.compile(r"([A-Za-z][A-Za-z0-9_-]*+)[ \t]++(" + _EDGE + _INNER + r"*+)")
_DIGITS = frozenset("0123456789")  # a trick line's first character (others: Unicode digits)
_NUMBERS = {str(number): number for number in range(1, 100)}  # trick numbers, without int()
_new_line = Line.__new__
_SPECIAL = re.compile(r"[(),*=?-]")
_NOT_PLAIN = re.compile(r"[(),*]")  # what only the token pattern reads: notes, commas, marks
_new_item = Item.__new__
# A trick line's cards with their notes, for Reader.noted_items: tokens as _TOKEN reads them
# (a note runs from the '(' right after its token to the first ')'), and nothing else outside
# the notes: no mark, comma or stray parenthesis. Possessive, so a line that does not match
# (``KS(a)(b)``, ``KS (a)``, ``KS(a``) fails in linear time.
_NOTED_LINE = re.compile(r"(?:\s*+[^\s(),*]++(?:\([^)]*+\))?+)++")
_NOTED_TOKEN = re.compile(r"(\s*)([^\s(),*]+)(\([^)]*\))?")  # spaces, token, (note)
_CARD_TEXT = tuple(map(str, CARDS))  # str(card) without a call, for the noted-trick path
# The card tuples of short plain runs of card tokens already read, per suit style, shared by
# every line that spells them the same way (tuples are immutable): a two-card trick or a
# one-card draw is one look-up. Only runs of one or two cards are kept: they repeat (there
# are at most 78 x 78 two-card spellings), while a longer one (a trick of three or four, a
# hand) is nearly always new and storing it costs more than it saves. Cleared past
# _RUNS_KEPT entries.
_RUNS: dict[str, dict[str, tuple[Card, ...]]] = {}
_RUNS_KEPT = 50_000
# Reader.block_prefix's answers (a ``keyword Name:`` prefix to its keyword and player), per
# game and list of players: the same for every record of a table. Cleared past _PREFIXES_KEPT.
_PREFIXES: dict[tuple, dict[str, tuple[str, str] | tuple[()]]] = {}
_PREFIXES_KEPT = 1_000
_PREFIX_LINES_KEPT = 1_000  # answers kept per table (garbage lines could add more)
# Reader.begin_body's set-up per list of tags (names and values in order) that raised no
# error: the records of one table share it. Cleared past _BODY_STARTS_KEPT.
_BODY_STARTS: dict[tuple, tuple] = {}
_BODY_STARTS_KEPT = 1_000
# Per suit style, whether a token that is no card spelling is a word (Card.parse refuses it)
# in a "mixed" line (``meld Anna: family JD CD QD KD``), so the fast paths read such a line
# as the general path does without parsing its words again. At most _WORDS_KEPT per style.
_WORDS: dict[str, dict[str, bool]] = {}
_WORDS_KEPT = 10_000


def _is_word(token: str, style: str) -> bool:
    """True when ``token`` is not a card in ``style`` (:meth:`Card.parse` refuses it): a
    mixed line's word, as :meth:`Reader._items` reads it."""
    memo = _WORDS.setdefault(style, {})
    known = memo.get(token)
    if known is None:
        try:
            Card.parse(token, style)
        except CardParseError:
            known = True
        else:
            known = False
        if len(memo) < _WORDS_KEPT:
            memo[token] = known
    return known


class NotationError(ValueError):
    """A place in the text the notation cannot read: message and 1-based line:column."""

    def __init__(self, message: str, loc: Loc, source: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.loc = loc
        self.source = source

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
    """Receives what the reader sees. Override what you need; ``handle_error`` may raise."""

    def begin_record(self, loc: Loc) -> None: ...
    def visit_tag(self, name: str, value: str, loc: Loc) -> None: ...
    def begin_body(self) -> None: ...
    def visit_line(self, line: Line) -> None: ...
    def visit_trick(self, trick: Trick) -> None: ...
    def visit_tricks(self, tricks: list[Trick]) -> None:
        """A run of plain trick lines read at once (the reader's fast path); by default
        :meth:`visit_trick` for each, in order."""
        for trick in tricks:
            self.visit_trick(trick)

    def visit_entries(self, entries: list[Line | Trick]) -> None:
        """A run of plain body lines, tricks and section lines, read at once (the reader's
        body block); by default :meth:`visit_trick` or :meth:`visit_line` for each, in
        order."""
        for entry in entries:
            if isinstance(entry, Trick):
                self.visit_trick(entry)
            else:
                self.visit_line(entry)

    def handle_error(self, error: NotationError) -> None:
        raise error

    def end_record(self, source: str) -> None: ...


class RecordBuilder(Visitor):
    """Builds :class:`Parsed` values; collects errors (``strict`` raises the first)."""

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict
        self.results: list[Parsed] = []
        self._tags: list[tuple[str, str]] = []
        self._body: list[Line | Trick] = []
        self._errors: list[NotationError] = []
        self._start: Loc | None = None

    def begin_record(self, loc: Loc) -> None:
        self._tags, self._body, self._errors, self._start = [], [], [], loc

    def visit_tag(self, name: str, value: str, loc: Loc) -> None:
        self._tags.append((name, value))

    def visit_line(self, line: Line) -> None:
        self._body.append(line)

    def visit_trick(self, trick: Trick) -> None:
        self._body.append(trick)

    def visit_tricks(self, tricks: list[Trick]) -> None:
        self._body.extend(tricks)

    def visit_entries(self, entries: list[Line | Trick]) -> None:
        self._body.extend(entries)

    def handle_error(self, error: NotationError) -> None:
        if self.strict:
            raise error
        self._errors.append(error)

    def end_record(self, source: str) -> None:
        record = Record(tuple(self._tags), tuple(self._body), source, self._start)
        self.results.append(Parsed(record, self._errors))


def read(text: str, *, strict: bool = False, source: str | None = None) -> list[Parsed]:
    """Read every record in ``text``. Errors are collected per record (or raised if strict)."""
    builder = RecordBuilder(strict=strict)
    Reader(text, builder, source).run()
    return builder.results


def iter_read(text: str, *, source: str | None = None) -> Iterator[Parsed]:
    """:func:`read`, one record at a time: each record is given as soon as it has been
    read, before the text after it is looked at (a bulk import stores a batch, then reads
    on). Errors are collected per record, as :func:`read` does."""
    builder = RecordBuilder()
    for _record in Reader(text, builder, source).records():
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

    #: Take the fast path for runs of plain trick lines (the general path reads them the same
    #: way; ``tests/test_fastpath.py`` runs both and compares).
    fast = True

    def __init__(self, text: str, visitor: Visitor, source: str | None = None) -> None:
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        self.text = text  # "\n".join(self.lines): a run of lines is a slice of it
        self.lines = text.split("\n")
        self.visitor = visitor
        self.source = source
        self.in_record = False
        self.in_body = False
        self.start_line = 0
        self.spec: dict[str, KeywordSpec] | None = None
        self.trick_notes = True  # the game takes annotations on played cards
        self.players: list[str] = []
        self.style = "italian"
        self.spellings = card_spellings(self.style)
        self.runs = _RUNS.setdefault(self.style, {})
        self.player_names: dict[str, str] = {}
        self.player_seats: dict[str, int] = {}
        self.tags: dict[str, tuple[str, Loc]] = {}
        self.line_count = 0
        self.block_prefixes: dict[str, tuple[str, str] | tuple[()]] = {}
        self.errors_reported = 0

    def error(self, message: str, line: int, column: int) -> None:
        self.errors_reported += 1
        self.visitor.handle_error(NotationError(message, Loc(line, column), self.source))

    # -- records ---------------------------------------------------------------------------
    def run(self) -> None:
        """Read the whole text."""
        for _record in self.records():
            pass

    def records(self) -> Iterator[None]:
        """Read the text, pausing after each record has gone to the visitor (its
        ``end_record``): a caller can store the records read so far before the rest is
        read (:func:`iter_read`)."""
        lines = self.lines
        count = len(lines)
        number = 0
        while number < count:
            raw = lines[number]
            number += 1
            if self.in_body and self.fast:
                first = raw[:1]
                if first.isdigit():  # a block starts at a trick and takes the draws after it
                    done = self.body_block(number - 1)
                    if done:
                        number += done - 1
                        continue
                elif (
                    first.isalpha()
                    and ";" not in raw
                    and "{" not in raw
                    and self.line_count < MAX_RECORD_LINES
                    and self.section_line(raw, number)
                ):
                    continue
            text = raw if ";" not in raw and "{" not in raw else _strip_comment(raw)
            if not text.strip():
                continue
            stripped = text.lstrip()
            column = len(text) - len(stripped) + 1
            if stripped.startswith("["):
                if (
                    self.in_body
                    or not self.in_record
                    or (
                        "Game" in self.tags
                        and _GAME_TAG.match(stripped)
                        and _TAG.match(stripped.rstrip())
                    )
                ):
                    if self.close(number - 1):
                        yield
                    self.open(number, column)
                self.tag(stripped.rstrip(), number, column)
                continue
            if not self.in_record:
                self.open(number, column)
                self.error('a record starts with its tags, e.g. [Game "nice4"]', number, column)
                self.in_body = True
            if not self.in_body:
                self.begin_body(number)
                if self.fast:  # the record's first body line: again, by the fast paths
                    number -= 1
                    continue
            self.line_count += 1
            if self.line_count > MAX_RECORD_LINES:
                if self.line_count == MAX_RECORD_LINES + 1:
                    self.error(f"more than {MAX_RECORD_LINES} lines in one record", number, 1)
                continue
            self.body_line(stripped.rstrip(), number, column)
        if self.close(len(self.lines)):
            yield

    def body_block(self, start: int) -> int:
        """The fast path for the bulk of a record, a run of plain body lines from index
        ``start``: trick lines ``N. c1 c2 ...`` (or ``N. Leader: c1 ...``) of plain card
        tokens and, between them, section lines ``keyword Name: cards`` of a
        keyword whose items are cards and whose subject is a player (``draw Anna: 7S``,
        ``hand Bruno: ...``), with a known name and known card spellings. The values are
        built directly, as :meth:`section_line` and the general trick path build them;
        returns how many lines it took (0: the line is left to the other paths, which read
        or report it the same way). Game-neutral: the keywords come from the game's
        specification.

        The usual line is taken apart with string methods and looked up: its cards in the
        runs already read (whose texts are known to be plain), a section line's
        ``keyword Name`` in :meth:`block_prefix`'s table. Any other line is matched against
        the block's patterns (:data:`_BLOCK_TRICK`, :data:`_BLOCK_CARDS`), which say what
        the block takes."""
        runs = self.runs
        if len(runs) > _RUNS_KEPT:
            runs.clear()
        known_run = runs.get
        prefixes = self.block_prefixes
        numbers = _NUMBERS
        digits = _DIGITS
        entries: list[Line | Trick] = []
        append = entries.append
        # No copies of the lines left (a block that stops at a line the other paths read
        # resumes at the next trick): their locations are the shared ones while they last.
        end = min(start + MAX_RECORD_LINES - self.line_count, len(self.lines))
        # Each line fetched by its index: ``islice(self.lines, start, end)`` walked the
        # ``start`` lines before the block, which made a text of many records quadratic.
        lines = map(self.lines.__getitem__, range(start, end))
        locs = (
            islice(_AT_COLUMN_1, start + 1, None)
            if end < _CACHED_LINES
            else map(_new_loc, repeat(Loc), zip(range(start + 1, end + 1), repeat(1)))
        )
        for raw, loc in zip(lines, locs, strict=False):  # the shared locations outlast them
            if raw[:1] in digits:  # a trick line
                number_text, _dot, rest = raw.partition(". ")
                number = numbers.get(number_text)
                cards = known_run(rest)  # a run already read: plain cards, no colon
                leader = None
                if cards is None:
                    if "(" in rest:  # a note: for the other paths (no exception to raise)
                        break
                    if number is not None and ":" not in rest:  # (a leader: the pattern)
                        cards = self.block_cards(rest, None)
                if cards is None or number is None:
                    trick_row = self.block_trick(raw)  # not the usual ``N. c1 c2``
                    if trick_row is None:
                        break
                    number, leader, cards = trick_row
                # One store per statement: a tuple of them to unpack costs a fifth more.
                trick = _new_trick(Trick)
                trick.number = number
                trick.leader = leader
                trick._cards = cards
                trick._items = None
                trick._lazy = raw
                trick.loc = loc
                append(trick)
                continue
            prefix, colon, rest = raw.partition(": ")
            if not colon:  # ``keyword Name:cards``, ``keyword Name :cards`` ...
                prefix, colon, rest = raw.partition(":")
            known = prefixes.get(prefix)
            if not known:  # not looked at yet (None), or not for the block (())
                if known is None and colon and ":" not in prefix:
                    known = self.block_prefix(prefix)
                    if len(prefixes) < _PREFIX_LINES_KEPT:
                        prefixes[prefix] = known
                if not known:
                    break
            cards = known_run(rest)
            if cards is None:
                cards = self.block_cards(rest.lstrip(" \t"), known[0])
                if cards is None:
                    break
            line = _new_line(Line)
            line.keyword, line.subject = known
            line._cards = cards
            line._items = None
            line._lazy = raw
            line.loc = loc
            append(line)
        if entries:
            self.line_count += len(entries)
            self.visitor.visit_entries(entries)
        return len(entries)

    def block_trick(self, raw: str) -> tuple[int, int | None, tuple[Card | None, ...]] | None:
        """A trick line of :meth:`body_block` that is not the usual ``N. c1 c2`` (a leader
        written, a run of cards not met yet, a number past the table, a tab): its number,
        leader's seat and cards, or ``None`` when the block does not take it."""
        match = _BLOCK_TRICK.fullmatch(raw)
        if match is None:
            return None
        number_text, name, rest = match.groups()
        leader = None
        if name:
            leader = self.player_seats.get(name.strip().casefold())
            if leader is None:
                return None
        cards = self.runs.get(rest) or self.block_cards(rest, None)
        if cards is None:
            return None
        return _NUMBERS.get(number_text) or int(number_text), leader, cards

    def block_cards(self, rest: str, keyword: str | None) -> tuple[Card | None, ...] | None:
        """The cards of a block line after its colon (or trick number), not among the runs
        already read: ``None`` unless every token is a card spelling and the text neither
        starts nor ends with a blank (what :data:`_BLOCK_CARDS` takes, spellings holding no
        blank or sign) or, for a section line of a "mixed" keyword, the text is plain and
        its other tokens words (:meth:`mixed_run`). A run of one or two cards is kept for
        the next lines."""
        try:
            cards = tuple(map(self.spellings.__getitem__, rest.split()))
        except KeyError:
            if keyword is None or _BLOCK_CARDS.fullmatch(rest) is None:
                return None
            return self.mixed_run(keyword, rest)
        if not cards or rest[0].isspace() or rest[-1].isspace():
            return None
        if rest.count(" ") < 2:  # one or two cards
            self.runs[rest] = cards
        return cards

    def joined(self, start: int, end: int) -> str:
        """``"\n".join(self.lines[start:end])``, sliced from the text when the run ends
        with the text (the usual case: a record's body, a file of one record)."""
        lines = self.lines
        if end < len(lines):
            return "\n".join(lines[start:end])
        if start == 0:
            return self.text
        return self.text[sum(map(len, lines[:start])) + start :]

    def block_prefix(self, prefix: str) -> tuple[str, str] | tuple[()]:
        """The keyword and player of a section line's ``keyword Name`` (the text before its
        colon) for :meth:`body_block`, as :meth:`section_line` reads them, or ``()`` when
        that line is not for the block: not that shape (:data:`_BLOCK_PREFIX`), a keyword
        unknown to the game, or whose items are neither cards nor mixed, or whose subject
        is not a player, or a name that is not a player's."""
        match = _BLOCK_PREFIX.fullmatch(prefix)
        if match is None or self.spec is None:
            return ()
        keyword, name = match.groups()
        spec = self.spec.get(keyword.lower())
        if spec is None or spec.items not in ("cards", "mixed") or spec.subject != "player":
            return ()
        subject = self.player_names.get(name.strip().casefold())
        return () if subject is None else (keyword.lower(), subject)

    def mixed_run(self, keyword: str, rest: str) -> tuple[Card | None, ...] | None:
        """The tokens of a block line of ``keyword`` (its prefix already known to
        :meth:`block_prefix`) when that keyword is "mixed" (``meld Anna: family JD CD QD KD``),
        as :meth:`_items` reads them: a card spelling is its card, a token that is no card a
        word (``None``); ``None`` for any other line (a cards keyword, a token
        :meth:`Card.parse` reads although it is no plain spelling), left to the other paths."""
        if self.spec[keyword].items != "mixed":  # type: ignore[index]
            return None
        card = self.spellings.get
        style = self.style
        found: list[Card | None] = []
        for token in rest.split():
            value = card(token)
            if value is None and not _is_word(token, style):
                return None
            found.append(value)
        return tuple(found)

    def section_line(self, raw: str, number: int) -> bool:
        """The fast path for a section line of a known keyword with plain tokens, starting at
        column 1 with no comment: :meth:`body_line`'s steps without its general cases.
        False (before any error is reported) leaves the line to the general path."""
        text = raw.rstrip()
        match = _SECTION.match(text)
        if match is None or self.spec is None:
            return False
        keyword = match.group(1).lower()
        spec = self.spec.get(keyword)
        if spec is None:
            return False
        start = match.end()
        kind = spec.items
        cards = None
        if kind == "cards":
            cards = self.fast_cards(text, start)
        if cards is None:
            if _NOT_PLAIN.search(text, start):
                return False
            items = self.plain_items(text, start, kind, number, 1)
            if items is None or _not_taken(spec, items, True) is not None:
                return False  # the general path reports an item the line does not take
        written = match.group(2).rstrip()
        subject = None
        if written and spec.subject == "player":  # a known name: what player() would find
            subject = self.player_names.get(written.strip().casefold())
        if subject is None:
            subject = self.subject(spec, keyword, written, number, 1 + match.start(2))
        self.line_count += 1
        loc = _AT_COLUMN_1[number] if number < _CACHED_LINES else Loc(number, 1)
        if cards is not None:
            self.visitor.visit_line(
                Line.fast(keyword, subject, cards, loc, (text, start, self.style))
            )
        else:
            self.visitor.visit_line(Line.of_items(keyword, subject, tuple(items), loc))
        return True

    def open(self, number: int, column: int) -> None:
        self.in_record, self.in_body = True, False
        self.start_line = number
        self.tags, self.spec, self.players, self.line_count = {}, None, [], 0
        self.player_names: dict[str, str] = {}
        self.player_seats: dict[str, int] = {}
        self.visitor.begin_record(_new_loc(Loc, (number, column)))

    def close(self, last_line: int) -> bool:
        """End the record being read, if any (``True`` then)."""
        if not self.in_record:
            return False
        if not self.in_body:
            self.begin_body(last_line)
        source = self.joined(self.start_line - 1, last_line).strip("\n") + "\n"
        self.visitor.end_record(source)
        self.in_record = self.in_body = False
        return True

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
        self.tags[name] = (value, _new_loc(Loc, (number, column + match.start(2))))

    def begin_body(self, number: int) -> None:
        """Validate the tags, hand them to the visitor in canonical order, set up the body.

        Tags met before without a problem (the same values in the same order: the records of
        one table) take the set-up :meth:`check_tags` made for them then."""
        self.in_body = True
        tags = self.tags
        key = tuple([(name, value) for name, (value, _loc) in tags.items()])
        known = _BODY_STARTS.get(key)
        if known is None:
            reported = self.errors_reported
            self.check_tags()
            if self.errors_reported == reported:
                if len(_BODY_STARTS) > _BODY_STARTS_KEPT:
                    _BODY_STARTS.clear()
                _BODY_STARTS[key] = (
                    {name: value for name, (value, _loc) in tags.items()},
                    self.players,
                    self.player_names,
                    self.player_seats,
                    self.style,
                    self.spec,
                    self.trick_notes,
                    self.block_prefixes,
                    self.spellings,
                    self.runs,
                )
        else:
            (
                values,
                players,
                self.player_names,
                self.player_seats,
                self.style,
                self.spec,
                self.trick_notes,
                self.block_prefixes,
                self.spellings,
                self.runs,
            ) = known
            self.players = list(players)
            for name, (_value, loc) in tags.items():
                tags[name] = (values[name], loc)
        visit_tag = self.visitor.visit_tag
        for name in sorted(tags, key=_TAG_RANK.__getitem__):  # TAG_ORDER, then others as read
            value, loc = tags[name]
            visit_tag(name, value, loc)
        self.visitor.begin_body()

    def check_tags(self) -> None:
        """The tags' checks and canonical values, and what the body's reading needs of them:
        the players, the suit style, the game's keywords."""
        tags = self.tags
        for name in REQUIRED_TAGS:
            if name not in tags:
                self.error(f"the {name} tag is missing", self.start_line, 1)
        game = None
        if "Game" in tags:
            value, loc = tags["Game"]
            game = GAMES.get(value.strip().lower())
            if game is None:
                self.error(
                    f"unknown game {value!r}; known: {', '.join(sorted(GAMES))}",
                    loc.line,
                    loc.column,
                )
            else:
                tags["Game"] = (game.key, loc)
        if "Players" in tags:
            value, loc = tags["Players"]
            self.players = split_players(value)
            tags["Players"] = (", ".join(self.players), loc)
            folded = list(map(str.casefold, self.players))
            self.player_names = dict(zip(folded, self.players, strict=True))
            if len(set(folded)) != len(folded):
                self.error("two players have the same name", loc.line, loc.column)
                self.player_seats = {
                    folded: self.players.index(name)  # as trick_line does
                    for folded, name in self.player_names.items()
                }
            else:
                self.player_seats = dict(zip(folded, range(len(folded)), strict=True))
            if game is not None and len(self.players) != game.num_players:
                self.error(
                    f"{game.key} has {game.num_players} players, the tag names {len(self.players)}",
                    loc.line,
                    loc.column,
                )
        if "Dealer" in tags:
            value, loc = tags["Dealer"]
            wanted = value.strip().casefold()
            match = [p for p in self.players if p.casefold() == wanted]
            if not match:
                self.error(f"the dealer {value!r} is not one of the players", loc.line, loc.column)
            else:
                tags["Dealer"] = (match[0], loc)
        if "Options" in tags and game is not None:
            value, loc = tags["Options"]
            try:
                game.resolve_options(parse_options(value))
            except OptionError as exc:
                self.error(str(exc), loc.line, loc.column)
            tags["Options"] = (" ".join(f"{k}={v}" for k, v in parse_options(value).items()), loc)
        self.style = game.default_suits if game is not None else "italian"
        if "Suits" in tags:
            value, loc = tags["Suits"]
            if value.strip().lower() not in SUIT_STYLES:
                self.error(f"Suits is one of {', '.join(SUIT_STYLES)}", loc.line, loc.column)
            else:
                self.style = value.strip().lower()
                tags["Suits"] = (self.style, loc)
        self.spec = game.keywords if game is not None else None  # read only
        self.trick_notes = game.trick_notes if game is not None else True
        # body_block's prefix table, shared by the records of one game and players
        key = (game.key if game is not None else None, *self.players)
        if len(_PREFIXES) > _PREFIXES_KEPT:
            _PREFIXES.clear()
        self.block_prefixes = _PREFIXES.setdefault(key, {})
        self.spellings = card_spellings(self.style)
        self.runs = _RUNS.setdefault(self.style, {})

    # -- body ------------------------------------------------------------------------------
    def body_line(self, text: str, number: int, column: int) -> None:
        match = _TRICK.match(text)
        if match is not None:
            self.trick_line(text, match, number, column)
            return
        match = _SECTION.match(text) or _WORD_LINE.match(text)
        if match is None:
            self.error(
                "expected a section line (keyword: items) or a trick (N. cards)", number, column
            )
            return
        keyword = match.group(1).lower()
        subject = match.group(2).rstrip() if match.re is _SECTION else ""
        spec = self.spec.get(keyword) if self.spec is not None else None
        if spec is None:
            if self.spec is not None:
                known = ", ".join(sorted(self.spec))
                self.error(f"unknown section {keyword!r}; this game knows: {known}", number, column)
                return
            spec = KeywordSpec("optional-player", "mixed")
        subject_value = self.subject(
            spec,
            keyword,
            subject,
            number,
            column + match.start(2) if match.re is _SECTION else column,
        )
        if spec.items == "cards":
            cards = self.fast_cards(text, match.end())
            if cards is not None:
                self.visitor.visit_line(
                    Line.fast(
                        keyword,
                        subject_value,
                        cards,
                        _new_loc(Loc, (number, column)),
                        (text, match.end(), self.style),
                    )
                )
                return
        items = self.items(text, match.end(), spec.items, number, column)
        if items is not None and not self.report_not_taken(spec, items, True):
            self.visitor.visit_line(
                Line.of_items(keyword, subject_value, tuple(items), _new_loc(Loc, (number, column)))
            )

    def subject(
        self, spec: KeywordSpec, keyword: str, subject: str, number: int, column: int
    ) -> str | None:
        kind = spec.subject
        if not subject:
            if kind in ("none", "optional-player"):
                return None
            self.error(f"{keyword} needs a {kind} before the colon", number, column)
            return None
        if kind == "none":
            self.error(f"{keyword} takes nothing before the colon", number, column)
            return None
        if kind in ("player", "optional-player"):
            return self.player(subject, number, column)
        if kind == "number" and not subject.isdecimal():  # isdigit() takes '²', int() not
            self.error(
                f"{keyword} needs a number before the colon, not {subject!r}", number, column
            )
            return None
        return subject

    def player(self, name: str, number: int, column: int) -> str | None:
        found = self.player_names.get(name.strip().casefold())
        if found is not None:
            return found
        self.error(
            f"{name!r} is not one of the players ({', '.join(self.players)})", number, column
        )
        return None

    def fast_cards(self, text: str, start: int) -> tuple[Card, ...] | None:
        """The fast path: a run of plain tokens that are all known card spellings."""
        rest = text[start:]
        if not self.fast or _SPECIAL.search(rest):
            return None
        try:
            return tuple(map(self.spellings.__getitem__, rest.split()))
        except KeyError:
            return None

    def items(
        self, text: str, start: int, kind: str, number: int, column: int
    ) -> list[Item] | None:
        if self.fast and not _NOT_PLAIN.search(text, start):
            items = self.plain_items(text, start, kind, number, column)
            if items is not None:
                return items
        return self._items(text, start, kind, number, column)

    def plain_items(
        self, text: str, start: int, kind: str, number: int, column: int
    ) -> list[Item] | None:
        """The fast path of :meth:`_items` for tokens with no note, comma or mark: split on
        whitespace (the token pattern's tokens then), no regular expression per token.
        ``None`` hands a token that needs :meth:`Card.parse` (or an error) to the general
        path, which reads the whole line again."""
        cards = self.spellings
        words = kind == "words"
        out: list[Item] = []
        position = start
        for token in text[start:].split():
            position = text.index(token, position)
            item = _new_item(Item)
            known = None if words else cards.get(token)
            if known is not None:
                item.text, item.card = str(known), known
            elif (
                words
                or token in ("?", "-")
                or (kind == "cards" and "=" in token)
                or (kind == "mixed" and _is_word(token, self.style))
            ):
                item.text, item.card = token, None
            else:
                return None
            item.note, item.line, item.column = None, number, column + position
            position += len(token)
            out.append(item)
        return out

    def noted_items(
        self, text: str, start: int, number: int, column: int
    ) -> tuple[list[Item], tuple[Card, ...]] | None:
        """The fast path of :meth:`_items` for the cards of a trick line with annotations,
        ``CARD(note)`` (Piedicavallo's remarks, about six lines a record): one pattern checks
        the whole line, one more cuts it into (spaces, token, note) pieces; no match object
        and no call per token. The items (with their columns and notes) and their cards are
        what :meth:`_items` builds. ``None``, with nothing reported, hands the line to it: a
        mark ``*``, a comma or a stray parenthesis outside the notes, a note with no card
        right before its parenthesis, a token that is not a known card spelling (``?``,
        ``-``, ``key=value``, an error)."""
        rest = text[start:]
        if _NOTED_LINE.fullmatch(rest) is None:
            return None
        cards = self.spellings.get
        texts = _CARD_TEXT
        out: list[Item] = []
        found: list[Card] = []
        position = column + start  # the column of the next piece
        for space, token, note in _NOTED_TOKEN.findall(rest):
            card = cards(token)
            if card is None:
                return None
            position += len(space)
            item = _new_item(Item)
            item.text = texts[card]
            item.card = card
            item.note = note[1:-1] if note else None
            item.line = number
            item.column = position
            position += len(token) + len(note)
            out.append(item)
            found.append(card)
        return out, tuple(found)

    def _items(
        self, text: str, start: int, kind: str, number: int, column: int
    ) -> list[Item] | None:
        out: list[Item] = []
        failed = False
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
            known = cards.get(token)
            if known is not None and kind != "words":
                out.append(Item.at(("*" if star else "") + str(known), known, note, number, col))
                continue
            if star:
                token = "*" + token
            if kind == "words" or token in ("?", "-", "*?") or (kind == "cards" and "=" in token):
                out.append(Item.at(token, None, note, number, col))
                continue
            try:
                card = Card.parse(token.lstrip("*"), self.style)
            except CardParseError as exc:
                if kind == "mixed":
                    out.append(Item.at(token, None, note, number, col))
                    continue
                self.error(
                    f"not a card: {token!r}" if token.startswith("*") else str(exc), number, col
                )
                failed = True
                continue
            out.append(Item.at(("*" if star else "") + str(card), card, note, number, col))
        return None if failed else out

    def trick_line(self, text: str, match: re.Match[str], number: int, column: int) -> None:
        trick_no = int(match.group(1))
        position = match.end()
        if ":" not in text and "(" not in text:  # fast_cards takes no note
            cards = self.fast_cards(text, position)
            if cards:
                self.visitor.visit_trick(
                    Trick(
                        trick_no,
                        None,
                        None,
                        Loc(number, column),
                        cards=cards,
                        lazy=(text, position, self.style),
                    )
                )
                return
        leader = None
        named = _LEADER.match(text, position) if ":" in text else None  # it needs a colon
        if named is not None:
            name = named.group(1).rstrip()
            leader_name = self.player(name, number, column + named.start(1))
            if leader_name is None:
                return
            leader = self.players.index(leader_name)
            position = named.end()
        if self.fast and "(" in text and self.trick_notes:
            noted = self.noted_items(text, position, number, column)
            if noted is not None:  # no mark, no '-', at least one card: built as below
                trick = _new_trick(Trick)
                trick.number = trick_no
                trick.leader = leader
                trick._cards = noted[1]
                trick._items = tuple(noted[0])
                trick._lazy = None
                trick.loc = _new_loc(Loc, (number, column))
                self.visitor.visit_trick(trick)
                return
        items = self.items(text, position, "cards", number, column)
        if items is None or self.report_not_taken(None, items, self.trick_notes):
            return
        marked = [i for i, item in enumerate(items) if item.text.startswith("*")]
        if marked:
            items = self.seat_order(items, marked, leader, number, column)
            if items is None:
                return
            leader, items = items
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
        self.visitor.visit_trick(Trick(trick_no, leader, tuple(items), Loc(number, column)))

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
        if len(marked) > 1:
            self.error("only one card of a trick is marked * as the lead", number, column)
            return None
        if len(items) != len(self.players):
            self.error(
                f"a trick in seat order has one entry per player ({len(self.players)}); "
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
