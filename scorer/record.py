"""The hand record as data: what the notation reads and writes, and what the engines replay.

The model is game-neutral. A record is its tags plus an ordered body of lines: *section lines*
(``keyword [subject]: items``, e.g. ``hand Anna: KS QS ...`` or ``discard: 3B 16 announce=1``)
and *trick lines* (cards in play order, optionally with the leader's seat). Each game module
says which keywords it knows (:class:`KeywordSpec`) and gives them meaning.

Locations (:class:`~scorer.findings.Loc`) ride along for messages but take no part in equality,
so ``parse(write(r)) == r`` compares content only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, overload

from .cards import Card
from .findings import Loc
from .memo import BoundedMemo

__all__ = ["Item", "KeywordSpec", "Line", "Record", "Trick", "parse_options"]


class Item:
    """One token of a line: a card, an unknown card (``?``), a word, or ``key=value``.

    ``note`` is the text of a parenthesised annotation attached to the token, e.g. the
    declaration in ``XX(mitigatti)`` or a Piedicavallo remark. Treated as immutable; a plain
    slotted class because records hold thousands of them. ``loc`` is a :class:`Loc` or any
    ``(line, column)`` pair (the reader passes a plain tuple); equality and hashing ignore it.
    """

    __slots__ = ("card", "column", "line", "note", "text")

    def __init__(
        self,
        text: str,
        card: Card | None = None,
        note: str | None = None,
        loc: tuple[int, int] | None = None,
    ) -> None:
        self.text = text
        self.card = card
        self.note = note
        self.line, self.column = loc if loc is not None else (0, 0)

    @property
    def loc(self) -> Loc | None:
        return Loc(self.line, self.column) if self.line else None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Item):
            return NotImplemented
        return (self.text, self.card, self.note) == (other.text, other.card, other.note)

    def __hash__(self) -> int:
        return hash((self.text, self.card, self.note))

    def __repr__(self) -> str:
        note = f", note={self.note!r}" if self.note is not None else ""
        card = f", card={self.card!r}" if self.card is not None else ""
        return f"Item({self.text!r}{card}{note})"

    @property
    def is_unknown(self) -> bool:
        return self.card is None and self.text == "?"

    @property
    def key(self) -> str | None:
        """For a ``key=value`` item, the key; else ``None``."""
        return self.text.split("=", 1)[0] if "=" in self.text and self.card is None else None

    @property
    def value(self) -> str:
        return self.text.split("=", 1)[1] if "=" in self.text else self.text


class _Tokens:
    """Shared by :class:`Line` and :class:`Trick`: the items of a line, either given or kept as
    the line's text and built on first use.

    The reader keeps a line of plain tokens (the bulk of every record) as its cards (``None``
    for a word or ``?``) and its text, whose tokens start after its colon (``draw Anna: 7S``,
    ``3. Anna: 7S 8S``), else after the trick's number (``3. 7S 8S``); the :class:`Item`
    objects, with their columns, are built when someone asks. The engines read ``card_tuple``
    (a plain attribute: the hot loops read it per line) and ``_items`` (``None`` until built).
    """

    __slots__ = ("_items", "_text", "card_tuple", "loc")

    #: The cards of the items in order (``None`` for words and unknown cards).
    card_tuple: tuple[Card | None, ...]
    _items: tuple[Item, ...] | None
    _text: str | None
    loc: Loc | None

    def _materialise(self) -> tuple[Item, ...]:
        items = self._items
        if items is None:
            items = self._items = _items_of_text(self._text, self.card_tuple, self.loc)
        return items

    def item_locs(self) -> list[Loc | None]:
        """Where each item starts (what ``[i.loc for i in items]`` gives), without building
        the items of a line the reader kept as text: a report's plays name their places."""
        items = self._items
        if items is not None or self._text is None:
            return [item.loc for item in self._materialise()]
        line, column = self.loc if self.loc is not None else (0, 1)
        if not line:
            return [None] * len(self.card_tuple)
        text = self._text
        return [
            Loc(line, column + found.start()) for found in _TOKEN.finditer(text, _first_token(text))
        ]

    @property
    def plain(self) -> bool:
        """Whether the reader kept this line as its text: plain tokens only (cards, words,
        ``?``; no annotation, mark or comma), whether or not its items were built since."""
        return self._text is not None

    def written_tokens(self) -> list[str] | None:
        """The tokens of a line the reader kept as text, as written: what the writer needs
        of it without building its items (``None`` when the items are built or given; then
        read them)."""
        if self._items is not None or self._text is None:
            return None
        return self._text[_first_token(self._text) :].split()

    def word_texts(self) -> list[str]:
        """The texts of the items that are no card (words, ``?``), in order, as written:
        what ``[i.text for i in items if i.card is None]`` gives, without building the
        items of a line the reader kept as text."""
        items = self._items
        if items is not None:
            return [item.text for item in items if item.card is None]
        if self._text is None:
            return ["?" for card in self.card_tuple if card is None]
        tokens = self._text[_first_token(self._text) :].split()
        return [token for token, card in zip(tokens, self.card_tuple, strict=True) if card is None]


def _first_token(text: str) -> int:
    """Where the tokens of a line kept as text begin: after its colon, else (a trick line
    with no leader) after its ``N. ``."""
    colon = text.find(":")
    return colon + 1 if colon >= 0 else text.index(". ") + 2


def _items_of_text(
    text: str | None, cards: tuple[Card | None, ...], loc: Loc | None
) -> tuple[Item, ...]:
    """The items of a line the reader kept as text: its tokens, with their cards and
    columns (``loc`` is where ``text`` starts). A word of a mixed line (``family``) and
    ``?`` are kept as written, a card in its canonical text. A line given only its cards,
    with no text, has those cards (``?`` for ``None``) as its items."""
    if text is None:
        return tuple(Item("?" if card is None else str(card), card) for card in cards)
    line, column = loc if loc is not None else (0, 1)
    return tuple(
        Item(token if card is None else str(card), card, None, (line, column + position))
        for (token, position), card in zip(_token_places(text), cards, strict=True)
    )


_TOKEN = re.compile(r"\S+")


def _token_places(text: str) -> list[tuple[str, int]]:
    """The tokens of a line kept as text, each with where it starts in ``text``."""
    return [(found.group(), found.start()) for found in _TOKEN.finditer(text, _first_token(text))]


def _cards_of(items: tuple[Item, ...]) -> tuple[Card | None, ...]:
    return tuple([item.card for item in items])


class Line(_Tokens):
    """A section line: ``keyword [subject]: items``.

    Give its ``items``; or, as the reader does for a line of plain tokens, its ``cards`` and
    its ``text``, ``keyword [subject]: tokens`` (the items are then built when asked).
    """

    __slots__ = ("keyword", "subject")

    def __init__(
        self,
        keyword: str,
        subject: str | None,
        items: tuple[Item, ...] | None = None,
        loc: Loc | None = None,
        cards: tuple[Card | None, ...] = (),
        text: str | None = None,
    ) -> None:
        self.keyword = keyword
        self.subject = subject
        self.loc = loc
        self._items = items
        self.card_tuple = cards if items is None else _cards_of(items)
        self._text = text

    @property
    def items(self) -> tuple[Item, ...]:
        return self._materialise()

    def cards(self) -> list[Card]:
        return [card for card in self.card_tuple if card is not None]

    def options(self) -> dict[str, Item]:
        return {item.key: item for item in self.items if item.key is not None}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return (self.keyword, self.subject, self.items) == (
            other.keyword,
            other.subject,
            other.items,
        )

    def __hash__(self) -> int:
        return hash((self.keyword, self.subject, self.items))

    def __repr__(self) -> str:
        return f"Line({self.keyword!r}, {self.subject!r}, {self.items!r})"


class Trick(_Tokens):
    """A trick line. ``plays`` are in the order played; ``leader`` is the seat index when the
    record names or marks the leader (checked against the replay), else ``None``.

    Give its ``plays``; or, as the reader does for a line of plain tokens, its ``cards`` and
    its ``text``, ``N. [Leader:] tokens`` (the plays are then built when asked).
    """

    __slots__ = ("leader", "number")
    #: A trick line has no keyword; the empty string (never a section's) lets a replay read
    #: the keywords of a run of lines in one step (``map(attrgetter("keyword"), body)``).
    keyword = ""

    def __init__(
        self,
        number: int,
        leader: int | None,
        plays: tuple[Item, ...] | None = None,
        loc: Loc | None = None,
        cards: tuple[Card | None, ...] = (),
        text: str | None = None,
    ) -> None:
        self.number = number
        self.leader = leader
        self.loc = loc
        self._items = plays
        self.card_tuple = cards if plays is None else _cards_of(plays)
        self._text = text

    @property
    def plays(self) -> tuple[Item, ...]:
        return self._materialise()

    @property
    def has_notes(self) -> bool:
        """True when some play carries an annotation (a line kept as text never does)."""
        return self._items is not None and any(i.note is not None for i in self._items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.number, self.leader, self.plays) == (other.number, other.leader, other.plays)

    def __hash__(self) -> int:
        return hash((self.number, self.leader, self.plays))

    def __repr__(self) -> str:
        return f"Trick({self.number!r}, {self.leader!r}, {self.plays!r})"


@dataclass(frozen=True, slots=True)
class KeywordSpec:
    """How the notation reads one section keyword of a game.

    ``subject`` is what may stand between the keyword and the colon; ``items`` says whether the
    tokens after it are cards, words, or a mix (a token that reads as a card is a card, anything
    else a word). ``keys`` are the ``key=value`` items a line of cards takes (``None``: any key,
    which the engine then judges); any other key, and an annotation on any section line, is a
    notation error (NICE-9a: a word a line does not take is never ignored).
    """

    subject: Literal["none", "player", "number", "word", "optional-player"]
    items: Literal["cards", "words", "mixed"]
    help: str = ""
    keys: frozenset[str] | None = frozenset()


_T = TypeVar("_T")


class cached_property(Generic[_T]):
    """``functools.cached_property`` without its lock (Python 3.11 takes one on every first
    read, a measurable part of verifying a hand): computed once, then an instance attribute.
    Records are read by one thread at a time; a second computation would give the same
    value anyway."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_property[_T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _T: ...
    def __get__(self, instance: object, owner: type | None = None) -> _T | cached_property[_T]:
        if instance is None:
            return self
        value: _T = self.func(instance)
        instance.__dict__[self.name] = value
        return value


@dataclass(frozen=True)
class Record:
    """One hand (or thrown-in deal) as recorded. ``source`` keeps the original text."""

    tags: tuple[tuple[str, str], ...]
    body: tuple[Line | Trick, ...] = ()
    source: str = field(default="", compare=False)
    start: Loc | None = field(default=None, compare=False)
    #: Where the text holds a card it could not read (a notation error each): the reader
    #: keeps each as an unknown card, ``?``, and a replay plays on past it (#24.8).
    unreadable: frozenset[Loc] = field(default=frozenset(), compare=False)

    def tag(self, name: str, default: str | None = None) -> str | None:
        for key, value in self.tags:
            if key == name:
                return value
        return default

    @cached_property
    def game(self) -> str:
        return self.tag("Game", "") or ""

    @cached_property
    def players(self) -> list[str]:
        return list(self._from_tags[0])

    @cached_property
    def dealer(self) -> int | None:
        """Seat index of the dealer, ``None`` when the tag is missing or names no player."""
        return self._from_tags[1]

    @cached_property
    def options(self) -> dict[str, str]:
        return dict(self._from_tags[2])

    @cached_property
    def _from_tags(self) -> tuple[tuple[str, ...], int | None, tuple[tuple[str, str], ...]]:
        """The players, the dealer's seat and the options these tags give, worked out once
        for all the records with the same tags (the hands of one table; every replay asks)."""
        try:
            known = _FROM_TAGS.get(self.tags)
        except TypeError:  # tags given in lists, not tuples: worked out, not kept
            return self._read_tags()
        if known is None:
            known = _FROM_TAGS.put(self.tags, self._read_tags())
        return known

    def _read_tags(self) -> tuple[tuple[str, ...], int | None, tuple[tuple[str, str], ...]]:
        players = split_players(self.tag("Players", "") or "")
        name = (self.tag("Dealer") or "").strip().casefold()
        dealer = next(
            (seat for seat, player in enumerate(players) if player.casefold() == name), None
        )
        options = parse_options(self.tag("Options", "") or "")
        return tuple(players), dealer, tuple(options.items())

    def lines(self, keyword: str) -> list[Line]:
        return [ln for ln in self.body if isinstance(ln, Line) and ln.keyword == keyword]

    @property
    def tricks(self) -> list[Trick]:
        return [ln for ln in self.body if isinstance(ln, Trick)]


_TagFacts = tuple[tuple[str, ...], int | None, tuple[tuple[str, str], ...]]
#: Record._from_tags's answers (players, dealer's seat, options), by the tags they come from.
_FROM_TAGS: BoundedMemo[tuple[tuple[str, str], ...], _TagFacts] = BoundedMemo(
    "record: players, dealer and options by tags", 1_000
)


def split_players(text: str) -> list[str]:
    """Players are comma-separated (names may hold spaces); without commas, space-separated."""
    parts = text.split(",") if "," in text else text.split()
    return [p.strip() for p in parts if p.strip()]


def parse_options(text: str) -> dict[str, str]:
    """``"a=b, c=d"`` or ``"a=b c=d"`` to a dict; a bare name means ``name=on``."""
    out: dict[str, str] = {}
    for part in text.replace(",", " ").split():
        name, _, value = part.partition("=")
        out[name.strip().lower()] = (value.strip() or "on").lower()
    return out
