"""Piedicavallo table talk (PIE-5): remarks attached to plays, read and checked.

Partners may talk, within limits, as they play a card. A record writes what was said as an
annotation on the card it was said with, in a small structured language (``docs/notation.md``,
"Remarks"), e.g. ``20(have 18 Fool +4)`` or ``7S(other-colour K +2; win-this)``. Statements
are separated by ``;`` or ``,``:

* ``have CARDS [+N]`` / ``have none``: I hold these cards and exactly N others of the topic
  (the suit of the card played; trumps when playing a trump or the Fool, the Fool spoken of by
  name only). ``K Q C J`` alone name the court of the suit played; a bare number is a trump.
* ``other-colour COURTS [+N]`` or ``other-colour N`` (also ``alto``, ``girare``): in one suit of
  the other colour, not named, I hold these courts and N others (or N cards in all).
* ``sleeping ...``: the same about the dealer's discard; only the dealer, and only courts are
  named (number cards are counted).
* requests: ``win-this`` (``farlo``), ``play-low``, ``put-points``, ``few-points``, ``cover``
  (leader only), ``play CARD``; and ``lead TARGET [high|low|points|CARD]`` with TARGET
  ``trumps``, ``this``, a suit name (``cups``; also the record's own: ``hearts`` in a French-
  suited record), or ``other-colour``.

The topic of every statement must be allowed for the card actually played (not the card led):
with a trump or the Fool only trumps and the Fool; with a suit card only that suit, or the
other colour without naming which suit; never the other suit of the same colour, never trumps.
Requests about the current trick need a partner who has not played to it yet. Every statement
about held (or sleeping) cards must be true of the hand just after the card is played. A breach
is a violation (G-1): ``REMARK_OUT_OF_BOUNDS`` or ``FALSE_REMARK``, with the reason; a remark
that cannot be read is an error, ``BAD_REMARK`` (G-2).

The cards in a remark are read in the record's suit letters (``Suits`` tag), and the
findings name cards and suits in that style too (:mod:`scorer.wording`), as its writer
spells them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Protocol

from ...cards import CARDS, Card, CardParseError
from ...findings import Severity
from ...record import Item
from ...wording import ITALIAN, Wording
from . import rules as R

__all__ = ["Listener", "check_remark", "group_of", "statements"]

OUT, FALSE, BAD = "REMARK_OUT_OF_BOUNDS", "FALSE_REMARK", "BAD_REMARK"
RULE = "PIE-5"
#: The breaches a ruling of their own decides (a trump lead asked with the Fool: PIE-5a).
RULE_OF_VARIANT = {"trump_lead_with_fool": "PIE-5a"}

#: Which cards a count of "others" counts, per topic group (suits 0..3; 4 trumps, not the Fool).
COUNTED = (*R.SUITS, R.TRUMPS)
COURTS = {"K": 14, "Q": 13, "C": 12, "J": 11}
OTHER_WORDS = ("other-colour", "other-color", "alto", "girare")
#: The requests about the trick being played (worded by :data:`.messages.TERMS`).
CURRENT_TRICK = ("win-this", "farlo", "play-low", "put-points", "few-points", "cover")
LEAD_MODS = ("high", "low", "points")
_COUNT = re.compile(r"\+?(\d{1,2})$")


def group_of(card: int) -> int:
    """The topic group of a card: its suit 0..3, or 4 for trumps and the Fool."""
    return card // 14 if card < 56 else 4


@lru_cache(maxsize=4096)
def statements(note: str) -> tuple[tuple[str, ...], ...]:
    """The statements of a remark, each as its words (empty statements dropped)."""
    return tuple(tuple(words) for words in map(str.split, _parts(note)) if words)


def _parts(note: str) -> list[str]:
    """A remark cut at its separators, ``,`` and ``;`` (as ``re.split("[;,]", note)``)."""
    return (note.replace(";", ",") if ";" in note else note).split(",")


#: A statement compiled (:func:`_compile`): its kind first, then what the kind checks.
Rule = tuple[Any, ...]


class Listener(Protocol):
    """What checking a remark needs of the deal (:class:`~.hand.PiedicavalloHand` is one):
    the rule options, the record's suit style, the dealer and his discard (``None`` while
    unknown), and a way to record a finding."""

    @property
    def options(self) -> Mapping[str, str]: ...
    @property
    def words(self) -> Wording: ...
    @property
    def dealer(self) -> int: ...
    @property
    def discard(self) -> int | None: ...

    def say(self, code: str, severity: Severity, rule: str | None, **facts: Any) -> None: ...


class _Remark(Exception):
    """A breach found in one statement: its code, and its reason as a variant of the code's
    template (:mod:`.messages`) with the facts the reason names (cards, suit groups, words
    of the remark)."""

    def __init__(self, code: str, variant: str, **facts: Any) -> None:
        super().__init__(code, variant)
        self.code = code
        self.variant = variant
        self.facts = facts


def _bounds(played: int, topic: int, named: int | None = None, lead: bool = False) -> None:
    """PIE-5: may a player who plays a card of group ``played`` speak of group ``topic``?
    The breach says what was spoken of: the card ``named``, a lead of ``topic`` (``lead``),
    or else the suit group ``topic``."""
    if topic == played:
        return
    about = "_card" if named is not None else "_lead" if lead else ""
    facts = {"played": played, "topic": topic, "named": named}
    if played == 4:
        raise _Remark(OUT, "trump_player" + about, **facts)
    if topic == 4:
        raise _Remark(OUT, "suit_player_trumps" + about, **facts)
    if topic == played ^ 1:
        raise _Remark(OUT, "same_colour", **facts)
    raise _Remark(OUT, "other_colour_named" + about, **facts)


def _card(word: str, played: int, words: Wording) -> Card:
    """A card named in a remark: a court letter means the suit played; else any card token,
    read in the record's suit letters (``words``: ``KC`` is the King of clubs in a French
    record, of cups in an Italian one), which also name it in a message."""
    rank = COURTS.get(word.upper())
    if rank is not None:
        if played == 4:
            raise _Remark(OUT, "court_with_trump", word=word)
        return CARDS[played * 14 + rank - 1]
    try:
        card = Card.parse(word, words.style)
    except CardParseError:
        raise _Remark(BAD, "unknown_word", word=word) from None
    if not R.PACK >> card & 1:
        raise _Remark(BAD, "not_in_pack", named=card)
    return card


def _count(word: str) -> int | None:
    match = _COUNT.match(word)
    return int(match.group(1)) if match else None


def _holding(
    said: list[str], played: int, sleeping: bool, words: Wording
) -> tuple[int, int, int | None]:
    """``CARDS [+N]`` or ``none``: (topic group, mask of named cards, count of others)."""
    named = 0
    count = None
    topic = played
    breach = None  # the first card out of bounds: reported once every word is read
    for word in said:
        if word.lower() == "none":
            count = 0
            continue
        if word.startswith("+"):
            count = _count(word)
            if count is None:
                raise _Remark(BAD, "bad_count", word=word)
            continue
        try:
            card = _card(word, played, words)
            group = group_of(card)
            _bounds(played, group, card)
        except _Remark as out:
            if out.code == BAD:
                raise
            breach = breach or out
            continue
        if sleeping and not (card.is_court and card < 56):
            breach = breach or _Remark(OUT, "sleeping_number", named=card)
        named |= card.bit
        topic = group
    if breach is not None:  # NICE-9a: a word that cannot be read is never hidden by it
        raise breach
    if not named and count is None:
        raise _Remark(BAD, "empty_holding")
    return topic, named, count


def _courts(said: list[str], played: int, words: Wording) -> tuple[list[int], int | None]:
    """``COURTS [+N]`` or ``N`` for the other colour: (court ranks, count of others)."""
    if played == 4:
        raise _Remark(OUT, "other_colour_with_trump")
    ranks: list[int] = []
    count = None
    for word in said:
        rank = COURTS.get(word.upper())
        if rank is not None:
            ranks.append(rank)
            continue
        number = _count(word)
        if number is not None:
            count = number
            continue
        try:
            card = Card.parse(word, words.style)
        except CardParseError:
            card = None
        if card is not None:
            _bounds(played, group_of(card), card)
        raise _Remark(BAD, "other_colour_word", word=word)
    if not ranks and count is None:
        raise _Remark(BAD, "other_colour_empty")
    return ranks, count


def _matches(have: int, want: int | None, at_least: bool) -> bool:
    return want is None or (have >= want if at_least else have == want)


def _check_holding(
    cards: int,
    topic: int,
    named: int,
    count: int | None,
    at_least: bool,
    where: str,
) -> None:
    """``have``: the cards named are held, and ``count`` others of the topic (exactly, or at
    least); ``where`` says whose cards they are (``held``, or ``discard``: sleeping)."""
    missing = named & ~cards
    if missing:
        raise _Remark(FALSE, f"missing_{where}", missing=missing)
    others = (cards & COUNTED[topic] & ~named).bit_count()
    if count is not None and (others < count if at_least else others != count):  # _matches
        variant = f"count{'_least' if at_least else ''}{'_other' if named else ''}_{where}"
        raise _Remark(FALSE, variant, count=count, topic=topic, others=others)


def _other_suits(played: int, ranks: list[int]) -> tuple[tuple[int, int], ...]:
    """For ``other-colour``: each suit of the other colour as (its cards, the courts named
    in it)."""
    return tuple(
        (R.SUITS[suit], sum(1 << (suit * 14 + rank - 1) for rank in ranks))
        for suit in (played ^ 2, played ^ 3)
    )


def _check_other(
    cards: int,
    suits: tuple[tuple[int, int], ...],
    ranks: list[int],
    count: int | None,
    at_least: bool,
    where: str,
) -> None:
    for suit_cards, need in suits:
        held = cards & suit_cards
        if held & need == need and _matches((held & ~need).bit_count(), count, at_least):
            return
    said = " ".join(
        [*("KQCJ"[14 - r] for r in ranks), *([f"+{count}"] if count is not None else [])]
    )
    raise _Remark(FALSE, f"other_colour_{where}", courts=said)


@lru_cache(maxsize=4096)
def _compile(statement: str, played: int, words: Wording = ITALIAN, fool: bool = False) -> Rule:
    """What a statement asks the hand (or the seat, or the position) to be, for a player of
    a card of group ``played``: everything that depends on the words alone is decided here,
    once per distinct statement (remarks repeat a lot), and breaches of that kind returned as
    ``("breach", code, variant, facts)``; ``words`` is the record's style, in whose letters
    the remark names cards (part of the cache key). ``fool``: the card played is the Fool,
    which may not ask for a trump lead (PIE-5a)."""
    said = statement.split()
    head = said[0].lower()
    rest = said[1:]
    try:
        if head == "have":
            return ("have", *_holding(rest, played, False, words))
        if head in OTHER_WORDS:
            ranks, count = _courts(rest, played, words)
            return ("other", ranks, count, _other_suits(played, ranks))
        if head == "sleeping":
            if rest and rest[0].lower() in OTHER_WORDS:
                other = " ".join(["alto", *rest[1:]])
                return ("sleeping", _compile(other, played, words, fool))
            try:
                return ("sleeping", ("have", *_holding(rest, played, True, words)))
            except _Remark as breach:
                return ("sleeping", ("breach", breach.code, breach.variant, breach.facts))
        if head in CURRENT_TRICK or head == "play":
            inner = None
            try:
                if head == "play":
                    if len(rest) != 1:
                        raise _Remark(BAD, "play_one")
                    target = _card(rest[0], played, words)
                    _bounds(played, group_of(target), target)
                elif rest:
                    raise _Remark(BAD, "takes_nothing", head=head)
            except _Remark as breach:
                inner = ("breach", breach.code, breach.variant, breach.facts)
            return ("now", head, inner)
        if head == "lead":
            _lead(rest, played, words, fool)
            return ("ok",)
        raise _Remark(BAD, "unknown_head", word=said[0])
    except _Remark as breach:
        return ("breach", breach.code, breach.variant, breach.facts)


@lru_cache(maxsize=4096)
def _plan(
    note: str, played: int, words: Wording = ITALIAN, fool: bool = False
) -> tuple[tuple[str, Rule], ...]:
    """What is left to check of a remark by a player of a card of group ``played``: each
    statement as said (its words joined by one space, as a finding quotes it) with its
    :func:`_compile`-d rule, less those with nothing left to check (a lead asked for within
    bounds). One look-up per remark: remarks repeat a lot. ``words``: the record's style,
    for the cards and suit names it reads."""
    plan = []
    for statement in map(str.split, _parts(note)):  # as statements(note), without its cache
        if statement:
            said = " ".join(statement)
            rule = _compile(said, played, words, fool)
            if rule[0] != "ok":
                plan.append((said, rule))
    return tuple(plan)


def _evaluate(
    rule: Rule,
    h: Listener,
    seat: int,
    played: int,
    position: int,
    cards: int | None,
    where: str = "held",
) -> None:
    """Check a compiled statement against the moment: the cards it speaks of (``None``:
    unknown; ``where``: ``held``, or ``discard`` for the dealer's sleeping cards), the
    speaker's seat and his position in the trick."""
    kind = rule[0]
    if kind == "have":
        if cards is not None:
            at_least = h.options["remark-counts"] == "at-least"
            _check_holding(cards, rule[1], rule[2], rule[3], at_least, where)
    elif kind == "other":
        if cards is not None:
            _check_other(
                cards, rule[3], rule[1], rule[2], h.options["remark-counts"] == "at-least", where
            )
    elif kind == "sleeping":
        if seat != h.dealer:
            raise _Remark(OUT, "sleeping_not_dealer")
        _evaluate(rule[1], h, seat, played, position, h.discard, "discard")
    elif kind == "now":
        head = rule[1]
        if position >= 2:
            raise _Remark(OUT, "request_too_late", request=head)
        if head == "cover" and position:
            raise _Remark(OUT, "cover_not_leader")
        if rule[2] is not None:
            _evaluate(rule[2], h, seat, played, position, cards)
    elif kind == "breach":
        raise _Remark(rule[1], rule[2], **rule[3])


def _lead(rest: list[str], played: int, words: Wording, fool: bool = False) -> None:
    """``lead TARGET [high|low|points|CARD]``: a lead asked for a later trick. A suit is
    named in Italian (every record) or as the record's style names it (``hearts``). A trump
    lead is asked only with a trump played, not the Fool (PIE-5a)."""
    if not rest or len(rest) > 2:
        raise _Remark(BAD, "lead_form")
    target_word = rest[0].lower()
    if target_word in ("trumps", "trump"):
        target = 4
    elif target_word in ("this", "same"):
        target = played
    elif target_word in R.SUIT_NAMES:
        target = R.SUIT_NAMES.index(target_word)
    elif target_word in words.suits:  # the record's own names (spades .. diamonds)
        target = words.suits.index(target_word)
    elif target_word in OTHER_WORDS:
        target = None
    else:
        raise _Remark(BAD, "lead_target", word=rest[0])
    if target is None:
        if played == 4:
            raise _Remark(OUT, "lead_other_colour_with_trump")
    elif target == 4 and fool:
        raise _Remark(OUT, "trump_lead_with_fool")
    else:
        _bounds(played, target, lead=True)
    if len(rest) == 2 and rest[1].lower() not in LEAD_MODS:
        wanted = _card(rest[1], played, words)
        _bounds(played, group_of(wanted), wanted)
        if target is None:
            raise _Remark(OUT, "lead_names_the_suit", named=wanted)
        if group_of(wanted) != target:
            raise _Remark(BAD, "lead_card_elsewhere", named=wanted)


def check_remark(
    h: Listener,
    seat: int,
    card: int,
    item: Item,
    number: int,
    position: int,
    hand_after: int | None,
) -> None:
    """Check every statement of the remark on ``item`` (PIE-5); ``hand_after`` is the
    speaker's hand once ``card`` is played (``None`` when the hand is not known)."""
    played = card // 14 if card < 56 else 4  # group_of(card)
    fool = played == 4 and CARDS[card].is_fool
    for said, compiled in _plan(item.note or "", played, h.words, fool):
        try:
            _evaluate(compiled, h, seat, played, position, hand_after)
        except _Remark as breach:
            severity = Severity.ERROR if breach.code == BAD else Severity.VIOLATION
            rule = "G-2" if breach.code == BAD else RULE_OF_VARIANT.get(breach.variant, RULE)
            h.say(
                breach.code,
                severity,
                rule,
                loc=item.loc,
                trick=number,
                seat=seat,
                cards=(CARDS[card],),
                variant=breach.variant,
                said=said,
                **breach.facts,
            )
