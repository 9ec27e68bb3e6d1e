"""Findings in words: one template per finding code, rendered from the finding's facts.

A finding carries its facts as plain values (seats, card indices, card masks, counts, words of
the record) in :attr:`Finding.facts <scorer.findings.Finding.facts>`; its English sentence is
made from them here, in one place, by a template whose fields say how each fact reads for
people. Another language is another table of templates over the same facts, and a page can
word a finding without parsing its message.

A field's format names the kind of fact:

``player``  a seat, as the player's name;
``players`` a tuple of seats, as the players' names separated by commas;
``card``    a card index, as people name it (``I (the Bagatto)`` for trump I);
``notation`` a card index, as the record writes it (``1``);
``cards``   a tuple of cards in the order given;
``written`` a tuple of cards in the order given, as the record writes them;
``mask``    a set of cards as a bitmask, lowest first;
``notations`` a set of cards as a bitmask, lowest first, as the record writes them (a tuple
            of masks: each so, separated by ``;``);
``suit``    a led category, as its name (the game's word for the trumps when it has one);
``ordinal`` a whole number, as an ordinal (``2nd``);
``players_and`` a tuple of seats, as the players' names joined by ``and``;
``term``    a key of the game's own terms (its declarations: ``mixed``), as the game names it
            (``Mixed Honours``); or a tuple of a key and values, the key's words being a
            template over the values as ``{0}``, ``{1}`` (pinch's ``("trumps", 11)``: the term
            ``{0} trumps`` reads ``11 trumps``);
``terms``   a tuple of terms, each so, separated by commas;
``terms_and`` a tuple of terms, each so, joined by ``and``;
``parts``   a tuple of terms, each so, separated by semicolons;
``groupings`` a tuple of (term, value) pairs, as ``Term (value)`` joined by ``and``;
``words``   a tuple of words of the notation, separated by commas;
``names_and`` a tuple of names (a session's players, a side), joined by ``and``;
(none)      any other value, as ``format`` writes it (``!r`` quotes a word of the record).

An indexed field names one item of a fact (``{suits[0]:suit}``); it reads by its kind too.

>>> from scorer.cards import Card
>>> from scorer.wording import ITALIAN
>>> render("{seat:player} does not hold {card:card}", {"seat": 1, "card": int(Card.parse("1"))},
...        ITALIAN, ("Anna", "Bruno"))
'Bruno does not hold I (the Bagatto)'
>>> render("{seat:player} held {led:suit}", {"seat": 0, "led": 4}, ITALIAN, ("Anna",), "Tarots")
'Anna held Tarots'
>>> render("{names[0]} and {names[1]}", {"names": ("Anna", "Bruno")}, ITALIAN, ())
'Anna and Bruno'
>>> render("cut {cut:ordinal}, {side:players_and}", {"cut": 2, "side": (0, 2)}, ITALIAN,
...        ("Anna", "Bruno", "Carla"))
'cut 2nd, Anna and Carla'
>>> render("{held:groupings}", {"held": (("kings", 30), ("abundance", 12))}, ITALIAN, (),
...        terms={"kings": "Kings", "abundance": "Abundance"})
'Kings (30) and Abundance (12)'
>>> render("{missed:terms}", {"missed": ("gatti", ("trumps", 11), ("family", 2))}, ITALIAN, (),
...        terms={"gatti": "gatti", "trumps": "{0} trumps", "family": "the family of {0:suit}"})
'gatti, 11 trumps, the family of cups'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple

from .wording import ITALIAN, Wording

__all__ = ["AS_WRITTEN", "CLAIMS", "GENERAL", "LEDGER", "Said", "plain_facts", "render"]


class _Context(NamedTuple):
    """What a kind may need to word a fact: the cards' names (the record's suit style), the
    players' names, the game's word for the trumps and its own terms."""

    words: Wording
    players: Sequence[str]
    trumps: str
    terms: Mapping[str, str]


def _player(value: Any, context: _Context) -> str:
    players = context.players
    return players[value] if 0 <= value < len(players) else f"seat {value}"


def _notations(value: Any, context: _Context) -> str:
    if isinstance(value, tuple):  # several masks, each a group of cards
        return "; ".join(map(context.words.notations, value))
    return context.words.notations(value)


def _term(value: Any, context: _Context) -> str:
    if not isinstance(value, tuple):
        return context.terms[value]
    key, *values = value  # the term's words are a template over its values
    facts = {str(index): item for index, item in enumerate(values)}
    return render(
        context.terms[key], facts, context.words, context.players, context.trumps, context.terms
    )


def _groupings(value: Any, context: _Context) -> str:
    joined = (f"{context.terms[term]} ({worth})" for term, worth in value)
    return context.words.conjunction.join(joined)


#: How each kind of fact reads (the format specs of the module's docstring).
_KINDS: dict[str, Callable[[Any, _Context], str]] = {
    "player": _player,
    "players": lambda value, context: ", ".join(_player(seat, context) for seat in value),
    "players_and": lambda value, context: context.words.conjunction.join(
        _player(seat, context) for seat in value
    ),
    "card": lambda value, context: context.words.card(value),
    "notation": lambda value, context: context.words.notation(value),
    "cards": lambda value, context: context.words.cards(value),
    "written": lambda value, context: " ".join(map(context.words.notation, value)),
    "mask": lambda value, context: context.words.mask(value),
    "notations": _notations,
    "suit": lambda value, context: context.words.category(value, context.trumps),
    "ordinal": lambda value, context: context.words.ordinal(value),
    "term": _term,
    "terms": lambda value, context: ", ".join(_term(term, context) for term in value),
    "terms_and": lambda value, context: context.words.conjunction.join(
        _term(term, context) for term in value
    ),
    "parts": lambda value, context: "; ".join(_term(term, context) for term in value),
    "groupings": _groupings,
    "words": lambda value, context: ", ".join(value),
    "names_and": lambda value, context: context.words.conjunction.join(value),
}

_Part = tuple[str, str | None, Callable[[Any, _Context], str] | None, str]


def render(
    template: str,
    facts: Mapping[str, Any],
    words: Wording,
    players: Sequence[str],
    trumps: str = "trumps",
    terms: Mapping[str, str] = MappingProxyType({}),
) -> str:
    """``template`` with its fields filled from ``facts``, cards named in ``words`` and seats
    by ``players``; ``trumps`` is the game's word for the trumps (Nice: ``Tarots``), ``terms``
    its names for its own terms (a ``{fact:term}`` field's key, piemonte3's ``mixed``).

    As :meth:`str.format` would, with each template parsed once and each field's kind
    looked up once."""
    context = _Context(words, players, trumps, terms)
    out = []
    for literal, name, kind, spec in _compiled(template):
        out.append(literal)
        if name is None:
            continue
        if name in facts:
            value = facts[name]
        elif name == "trumps":
            value = trumps
        else:  # an indexed or dotted field, e.g. ``{names[0]}``
            value = _FORMATTER.get_field(name, (), facts)[0]
        if kind is not None:
            out.append(kind(value, context))
        else:
            out.append(format(value, spec) if spec != "!r" else repr(value))
    return "".join(out)


_FORMATTER = string.Formatter()


@cache
def _compiled(template: str) -> tuple[_Part, ...]:
    """A template's literal texts and fields: name, the kind's function or, for a plain
    field, its format spec (``!r`` for a quoted one); parsed once."""
    parts: list[_Part] = []
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        if name is None:
            parts.append((literal, None, None, ""))
        elif conversion == "r":
            parts.append((literal, name, None, "!r"))
        else:
            parts.append((literal, name, _KINDS.get(spec or ""), spec or ""))
    return tuple(parts)


def plain_facts(template: str, facts: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """A finding's facts as plain data for another program (the JSON API), each read by the
    kind its ``template`` gives it: a seat as the player's name, a card as its notation
    (Italian letters, as the API writes cards), cards and card masks as lists of notations,
    several masks as a list of lists; a suit stays its index (0..3, 4 the trumps), a count or
    an ordinal a number, a term its key (or a list: its key and values), groupings a list of
    [term, value] pairs, words a list, a word of the record its text. A fact the template
    names item by item (``{seats[0]:player}``) is a list of items, each read so."""
    kinds: dict[str, str] = {}
    each: dict[str, str] = {}  # facts named item by item: the kind of their items
    for _, field_name, spec, _ in string.Formatter().parse(template):
        if field_name:
            base = field_name.split("[")[0].split(".")[0]
            if base == field_name:
                kinds[base] = spec or ""
            else:
                each[base] = spec or ""
    return {
        name: (
            [_plain(each[name], item, players) for item in value]
            if name not in kinds and name in each and isinstance(value, tuple)
            else _plain(kinds.get(name, ""), value, players)
        )
        for name, value in facts.items()
    }


def _plain(kind: str, value: Any, players: Sequence[str]) -> Any:
    texts = ITALIAN.texts
    if kind == "player":
        return players[value] if 0 <= value < len(players) else None
    if kind in ("players", "players_and"):
        return [players[seat] for seat in value]
    if kind in ("groupings", "terms", "terms_and", "parts"):
        return [list(item) if isinstance(item, tuple) else item for item in value]
    if kind in ("card", "notation"):
        return texts[value]
    if kind in ("cards", "written"):
        return [texts[card] for card in value]
    if kind in ("mask", "notations"):
        masks = value if isinstance(value, tuple) else None
        if masks is not None:
            return [ITALIAN.notations(mask).split() for mask in masks]
        return ITALIAN.notations(value).split()
    if isinstance(value, tuple):
        return list(value)
    return value


_NOT_IN_PACK = "{card:card} is not in the {pack_size}-card pack"

#: The templates of the findings every engine shares: naming players and the replay's G-2
#: checks of trick lines (:mod:`scorer.games.engine`).
GENERAL: dict[str, str] = {
    "UNKNOWN_PLAYER": "{name!r} is not one of the players",
    "UNKNOWN_CARD": "an unknown card: the replay stops here",
    "UNKNOWN_CARD.hand": "hands must be written in full",
    "CARD_NOT_IN_PACK": _NOT_IN_PACK,  # a card played
    "CARD_NOT_IN_PACK.dealt": _NOT_IN_PACK,  # a card of a hand line
    "DUPLICATE_CARD.dealt": "{card:card} is dealt twice",
    "DUPLICATE_CARD.played": "{card:card} was already played, in trick {played_in} by {by:player}",
    "DUPLICATE_CARD.out": "{card:card} lies in the discard, out of play",
    "CARD_NOT_HELD": "{seat:player} does not hold {card:card}",
    "CARD_NOT_HELD.other": "{seat:player} does not hold {card:card}; {other:player} holds it",
    "CARD_NOT_HELD.played": (
        "{seat:player} does not hold {card:card}; it was played in trick {played_in} by {by:player}"
    ),
    "CARD_NOT_HELD.out": "{seat:player} does not hold {card:card}; it lies in the discard",
    "CARD_NOT_HELD.unknown": (
        "{seat:player} does not hold {card:card}, and where it is cannot be told from the record"
    ),
    # a discard's cards, checked alike in every game (Replay.discard_mask, G-2)
    "CARD_NOT_IN_PACK.discard": _NOT_IN_PACK,
    "DUPLICATE_CARD.discard": "{card:card} twice in the discard",
    "CARD_NOT_HELD.discard": "{seat:player} did not hold {card:card} to discard",
    "DUPLICATE_CARD.discarded_played": "{card:card} is discarded and also played in trick {trick}",
    "PLAY_OUT_OF_TURN": (
        "the record has {seat:player} leading trick {trick}, but {leader:player} won the lead"
    ),
    "TOO_MANY_CARDS": "{count} cards in a trick of {players}",
    "SHORT_TRICK": "trick {trick} has {count} cards and is not the last line",
    "TRICK_NUMBER": "trick numbered {written}, expected {trick}",
    "TOO_MANY_TRICKS": "a hand of {players} players has {tricks} tricks",
    # illegal plays (G-1), in words each game may replace with its own
    "MUST_FOLLOW_SUIT": (
        "{seat:player} played {card:card} but held {led:suit} and had to follow suit"
    ),
    "MUST_TRUMP": (
        "{seat:player} played {card:card} but had no {led:suit} but held {trumps}, so had to trump"
    ),
    "MUST_FOLLOW_TRUMPS": (
        "{seat:player} played {card:card} but held {trumps} and {trumps} were led"
    ),
    "MUST_OVERTRUMP": (
        "{seat:player} played {card:card} but held a higher trump and had to overtrump"
    ),
    # the session ledger's own finding (scorer.ledger): the deal's rotation, G-6 (a variant:
    # Minchiate's DEALER_OUT_OF_TURN is its giro's first deal, MIN-16)
    "DEALER_OUT_OF_TURN.rotation": (
        "hand {hand} is dealt by {dealer}; the deal passes to {expected}"
    ),
}

#: The claims written on a score sheet checked against the rules (:mod:`scorer.claims`):
#: a player's payment, or his side's points, with their sign or, for scores, without.
CLAIMS: dict[str, str] = {
    "BAD_CLAIM.unchecked": (
        "claims of {subject!r} are not checked; write claim {field}: or claim points:"
    ),
    "CLAIM_MISMATCH.amount": (
        "the sheet has {claimed:+d} for {seat:player}; the rules give {computed:+d}"
    ),
    "CLAIM_MISMATCH.points": (
        "the sheet has {claimed:+d} points for the side of {seat:player}; the rules give "
        "{computed:+d}"
    ),
    "CLAIM_MISMATCH.amount.unsigned": (
        "the sheet has {claimed:d} for {seat:player}; the rules give {computed:d}"
    ),
    "CLAIM_MISMATCH.points.unsigned": (
        "the sheet has {claimed:d} points for the side of {seat:player}; the rules give "
        "{computed:d}"
    ),
}
GENERAL.update(CLAIMS)

#: The play's sentences with each card named as the record writes it (``1``, not "I (the
#: Bagatto)"), over :data:`GENERAL`, for the games that word their plays so (pinch,
#: piemonte3, Piedicavallo).
AS_WRITTEN: dict[str, str] = {
    "DUPLICATE_CARD.played": (
        "{card:notation} was already played, in trick {played_in} by {by:player}"
    ),
    "DUPLICATE_CARD.out": "{card:notation} lies in the discard, out of play",
    "CARD_NOT_HELD": "{seat:player} does not hold {card:notation}",
    "CARD_NOT_HELD.other": "{seat:player} does not hold {card:notation}; {other:player} holds it",
    "CARD_NOT_HELD.played": (
        "{seat:player} does not hold {card:notation}; it was played in trick {played_in} by "
        "{by:player}"
    ),
    "CARD_NOT_HELD.out": "{seat:player} does not hold {card:notation}; it lies in the discard",
    "CARD_NOT_HELD.unknown": (
        "{seat:player} does not hold {card:notation}, and where it is cannot be told from the "
        "record"
    ),
    "MUST_FOLLOW_SUIT": (
        "{seat:player} played {card:notation} but held {led:suit} and had to follow suit"
    ),
    "MUST_TRUMP": (
        "{seat:player} played {card:notation} but had no {led:suit} but held trumps, "
        "so had to trump"
    ),
    "MUST_FOLLOW_TRUMPS": (
        "{seat:player} played {card:notation} but held trumps and a trump was led"
    ),
}


#: The session ledger's own sentences (:mod:`scorer.ledger`): its entries' notes; a game adds
#: those of its session rules (``Game.session_templates``). Their facts are plain values (a
#: player's name, a number, a word), as a session's players are names, not seats.
LEDGER: dict[str, str] = {
    "ledger.invalid": "invalid: not scored",
    "ledger.partial": "partial: not scored",
    "ledger.ruling": "director's ruling: {reason}",
    "ledger.collects": "{player} collects {amount} in abeyance (NICE-17)",
    "ledger.abeyance": "{amount} into abeyance (NICE-17)",
    "ledger.penalty": "includes the engine's penalty ({rules:words}): {lines}",
}


class Said(str):
    """A sentence of the engine in English that keeps how it was made: the ``key`` of its
    template in a table (:data:`LEDGER`, a game's ``session_templates``) and its ``facts``,
    so that another language words it again (``records.words``), as a finding is. Being a
    :class:`str`, it stands wherever the English text did (a ledger's note, a summary line,
    a payment's reason) and compares equal to it. ``key`` empty: words no table has (a
    director's own text), said as they are in every language."""

    key: str
    facts: Mapping[str, Any]

    def __new__(cls, text: str, key: str = "", facts: Mapping[str, Any] | None = None) -> Said:
        said = super().__new__(cls, text)
        said.key = key
        said.facts = dict(facts or {})  # a dict: a ledger's entries are pickled
        return said

    @classmethod
    def of(cls, table: Mapping[str, str], key: str, **facts: Any) -> Said:
        """The sentence of ``key`` in ``table`` over ``facts``, in English."""
        return cls(render(table[key], facts, ITALIAN, ()), key, facts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Said, (str(self), self.key, dict(self.facts)))
