"""The engine's words in a language (#33): a finding's sentence and a score line's label
worded again in Italian or French from the template and facts the engine keeps.

The engine (:mod:`scorer`) says everything in English, once, from a template per finding
code and per score line (:mod:`scorer.messages`). Another language is the same template
translated in the ``engine`` catalog (:mod:`records.language`; the English template is the
msgid) and rendered by the same :func:`~scorer.messages.render` over the same facts, with a
:class:`LocalWording` that names cards, suits, ordinals and lists in that language. So the
code, the template and the facts a client reads never change with the language; only the
sentence does.

A template that counts (``{count} trick line(s)``) is a plural entry of the catalog, chosen
by the number its ``(s)`` follows (:func:`count_field`). A message the catalog does not know
(a template added since the catalog was updated, a sentence made outside the tables) stays
in English: a reader sees English words, never an error.

>>> from scorer.cards import Card
>>> it = local_wording("it", "italian", "minchiate")
>>> it.card(Card.parse("QB")), it.card(Card.parse("Fool")), it.card(Card.parse("1"))
('Donna di bastoni', 'il Matto', 'I (il Bagatto)')
>>> local_wording("fr", "french", "nice").card(Card.parse("KH"))
'Roi de cœur'
>>> count_field("the record stops after {count} trick line(s); nothing is scored")
'count'
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from babel.support import NullTranslations

from scorer.cards import CARDS, Card
from scorer.findings import Finding, namespace
from scorer.games import GAMES
from scorer.games.base import Game
from scorer.ledger import LedgerRow
from scorer.messages import GENERAL, LEDGER, Said, render
from scorer.report import ScoreLine, SideTally
from scorer.wording import BAGATTO, SUIT_NAMES, Wording, wording

from .language import DEFAULT, translations

__all__ = [
    "AND",
    "FACES",
    "FOOL",
    "OF_SUITS",
    "LocalWording",
    "context_of",
    "count_field",
    "local_wording",
    "session_templates",
    "word",
    "word_finding",
    "word_json",
    "word_line",
    "word_note",
    "word_report",
    "word_said",
    "word_side",
    "word_summary",
]

#: The court cards and the Ace, by rank, in English: the msgids of their names.
FACES = {1: "Ace", 11: "Jack", 12: "Cavalier", 13: "Queen", 14: "King"}
#: The Fool in words (the notation writes ``Fool``).
FOOL = "the Fool"
#: "of" and each suit, per suit style: the msgids of the second half of a card's name, one
#: message each, as each language joins them its own way (``d'épée``, ``de coupe``).
OF_SUITS: dict[str, tuple[str, ...]] = {
    style: tuple(f"of {suit}" for suit in names) for style, names in SUIT_NAMES.items()
}
#: The word that joins the last two names of a list.
AND = "and"


def context_of(game: Game | None) -> str:
    """The catalog's context for ``game``'s own words: its package (``nice`` for nice4 and
    nice3), so a word may read differently in one game (Minchiate's Queen is the Donna)."""
    if game is None:
        return ""
    return type(game).__module__.split(".")[2]


def word(catalog: NullTranslations, context: str, message: str) -> str:
    """``message`` in the catalog's language: the game's own word (``context``) if the
    catalog has one, else the common one, else the English."""
    if context:
        own = catalog.pgettext(context, message)
        if own != message:
            return str(own)
    return str(catalog.gettext(message))


def _ordinal_it(number: int) -> str:
    return f"{number}º"


def _ordinal_fr(number: int) -> str:
    return f"{number}er" if number == 1 else f"{number}e"


_ORDINALS = {"it": _ordinal_it, "fr": _ordinal_fr}


class LocalWording(Wording):
    """Card and suit names in one suit style and one language: each card in words
    (``Re di spade``, ``il Matto``), lists of cards with commas, the language's ordinals and
    its word for *and*. The notation kinds (``notation``, ``notations``, ``written``) stay
    as the record writes the cards, the same in every language."""

    __slots__ = ("conjunction", "language", "separator")

    def __init__(self, style: str, language: str, context: str = "") -> None:
        super().__init__(style)
        catalog = translations(language)
        self.language = language
        of_suits = [word(catalog, context, of) for of in OF_SUITS[style]]
        names = []
        for card, name in zip(CARDS, self.names, strict=True):
            if card.is_fool:
                names.append(word(catalog, context, FOOL))
            elif name == BAGATTO:
                names.append(word(catalog, context, BAGATTO))
            elif card.suit is None:  # a trump: its number
                names.append(name)
            else:
                rank = FACES.get(card.rank)
                face = word(catalog, context, rank) if rank else str(card.rank)
                names.append(f"{face} {of_suits[card.suit]}")
        self.names = tuple(names)
        self.suits = tuple(word(catalog, context, suit) for suit in SUIT_NAMES[style])  # type: ignore[assignment]
        self.separator = ", "
        self.conjunction = f" {word(catalog, context, AND)} "

    def ordinal(self, number: int) -> str:
        """``number`` as the language writes an ordinal (``2º``, ``2e``)."""
        return _ORDINALS.get(self.language, super().ordinal)(number)

    def __repr__(self) -> str:
        return f"local_wording({self.language!r}, {self.style!r})"


@cache
def local_wording(language: str, style: str | None, context: str = "") -> Wording:
    """The shared wording of a suit style (a ``Suits`` tag, any case; none: Italian) in
    ``language`` and a game's ``context``; English: the engine's own."""
    base = wording(style)
    if language == DEFAULT:
        return base
    return LocalWording(base.style, language, context)


def count_field(template: str) -> str | None:
    """The fact a template counts with ``(s)``: the last field before its first ``(s)``
    (``{count} trick line(s)``: ``count``); ``None`` for a template that counts nothing."""
    if "(s)" not in template:
        return None
    names = re.findall(r"\{(\w+)", template[: template.index("(s)")])
    return names[-1] if names else None


def _translated(
    catalog: NullTranslations, context: str, template: str, facts: Mapping[str, Any]
) -> str | None:
    """``template`` in the catalog's language, its plural chosen by the fact it counts;
    ``None`` when the catalog has no translation of it."""
    counted = count_field(template)
    if counted is not None:
        text = str(catalog.ngettext(template, template, _count(facts.get(counted))))
    else:
        text = word(catalog, context, template)
    return None if text == template else text


def _count(value: Any) -> int:
    """How many a counted fact says: a number itself, cards as written by their number."""
    if isinstance(value, int):
        return value
    return len(str(value).split())


def _term_word(catalog: NullTranslations, context: str, value: str) -> str:
    """A term in the catalog's language; a term that counts is a plural entry, worded in
    every form alike (its number is inside it: ``{1} extend(s)``)."""
    if count_field(value) is not None:
        return str(catalog.ngettext(value, value, 1))
    return word(catalog, context, value)


@cache
def _terms(language: str, game_key: str) -> tuple[str, Mapping[str, str]]:
    """The game's word for the trumps and its terms, in ``language``."""
    game = GAMES.get(game_key)
    catalog = translations(language)
    context = context_of(game)
    if game is None:
        return word(catalog, "", "trumps"), {}
    terms = {key: _term_word(catalog, context, value) for key, value in game.terms.items()}
    return word(catalog, context, game.trumps_name), terms


def _say(
    template: str,
    facts: Mapping[str, Any],
    game_key: str,
    players: Sequence[str],
    language: str,
    style: str | None,
) -> str | None:
    """``template`` over ``facts`` in ``language``, or ``None`` when it has no
    translation."""
    game = GAMES.get(game_key)
    context = context_of(game)
    text = _translated(translations(language), context, template, facts)
    if text is None:
        return None
    trumps, terms = _terms(language, game_key)
    words = local_wording(language, style or (game.default_suits if game else None), context)
    return render(text, facts, words, players, trumps, terms)


def word_finding(
    finding: Finding,
    game_key: str,
    players: Sequence[str],
    language: str,
    style: str | None = None,
) -> str:
    """The sentence of ``finding`` (of a record of ``game_key`` with ``players``, written in
    the suit style ``style``) in ``language``; its English message when the language is
    English or its template has no translation."""
    if language == DEFAULT:
        return finding.message
    game = GAMES.get(game_key)
    templates = game.templates if game is not None else GENERAL
    template = templates.get(finding.template)
    if template is None:
        return finding.message
    said = _say(template, finding.namespace(), game_key, players, language, style)
    return finding.message if said is None else said


def word_line(
    line: ScoreLine,
    game_key: str,
    players: Sequence[str],
    language: str,
    style: str | None = None,
) -> str:
    """The label of a score line in ``language``: worded again from its template and facts
    (:meth:`ScoreLine.said <scorer.report.ScoreLine.said>`); its English label when it has
    no template or no translation."""
    if language == DEFAULT or not line.template:
        return line.label
    said = _say(line.template, line.facts, game_key, players, language, style)
    return line.label if said is None else said


def word_side(
    side: SideTally,
    game_key: str,
    players: Sequence[str],
    language: str,
    style: str | None = None,
) -> str:
    """The name of a side of a report's points in ``language`` (the declarer's side), worded
    again from its template and facts; its English name when it has none or no
    translation."""
    if language == DEFAULT or not side.template:
        return side.name
    said = _say(side.template, side.facts, game_key, players, language, style)
    return side.name if said is None else said


def session_templates(game_key: str) -> Mapping[str, str]:
    """The sentences of a session's ledger in ``game_key`` (its own and its session
    rules'), by key."""
    game = GAMES.get(game_key)
    return game.session_templates if game is not None else LEDGER


def word_said(text: str, key: str, facts: Mapping[str, Any], game_key: str, language: str) -> str:
    """A sentence of a session's ledger (an entry's note, a summary line: ``text`` in
    English, made from the template ``key`` over ``facts``) in ``language``; ``text`` when
    the language is English, no table has ``key`` or the catalog has no translation."""
    template = session_templates(game_key).get(key) if key else None
    if language == DEFAULT or template is None:
        return text
    said = _say(template, facts, game_key, (), language, None)
    return text if said is None else said


def word_note(row: LedgerRow, game_key: str, language: str) -> str:
    """A ledger entry's note in ``language`` (:func:`word_said`)."""
    return word_said(row.note, row.template, row.facts, game_key, language)


def word_summary(lines: Sequence[str], game_key: str, language: str) -> list[str]:
    """A ledger's summary lines in ``language``: each :class:`~scorer.messages.Said` worded
    again, any other line as it is."""
    return [
        word_said(line, line.key, line.facts, game_key, language)
        if isinstance(line, Said)
        else line
        for line in lines
    ]


# -- the same from the JSON the API and the store give (records.schemas.dump_report) ----------


def _card(text: Any) -> Any:
    return int(Card.parse(text)) if isinstance(text, str) else text


def _mask(texts: Any) -> int:
    return sum(1 << _card(text) for text in texts)


def _tuples(value: Any) -> Any:
    """A JSON value with its lists made tuples again (a term's key and values)."""
    return tuple(map(_tuples, value)) if isinstance(value, list) else value


def _raw(kind: str, value: Any, seats: Mapping[str, int]) -> Any:
    """One plain fact (:func:`scorer.messages.plain_facts`) as the engine kept it."""
    if value is None:
        return value
    if kind == "player":
        return seats.get(value, -1)
    if kind in ("players", "players_and"):
        return tuple(seats.get(name, -1) for name in value)
    if kind in ("card", "notation"):
        return _card(value)
    if kind in ("cards", "written"):
        return tuple(map(_card, value))
    if kind in ("mask", "notations"):
        if value and isinstance(value[0], list):
            return tuple(map(_mask, value))
        return _mask(value)
    return _tuples(value)


def raw_facts(template: str, facts: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """A finding's or a line's plain facts read back into the values the engine keeps (a
    seat from a player's name, a card from its notation, a mask from a list): what
    :func:`~scorer.messages.render` words."""
    kinds: dict[str, str] = {}
    each: dict[str, str] = {}
    for _, field_name, spec, _ in string.Formatter().parse(template):
        if field_name:
            base = field_name.split("[")[0].split(".")[0]
            (kinds if base == field_name else each)[base] = spec or ""
    seats = {name: seat for seat, name in enumerate(players)}
    out = {}
    for name, value in facts.items():
        if name not in kinds and name in each and isinstance(value, list):
            out[name] = tuple(_raw(each[name], item, seats) for item in value)
        else:
            out[name] = _raw(kinds.get(name, ""), value, seats)
    return out


def _word_finding_json(
    finding: Mapping[str, Any], context: tuple[str, Sequence[str], str | None], language: str
) -> Mapping[str, Any]:
    game_key, players, _ = context
    game = GAMES.get(game_key)
    template = (game.templates if game is not None else GENERAL).get(finding["template"])
    if template is None:
        return finding
    seats = {name: seat for seat, name in enumerate(players)}
    facts = namespace(
        seats.get(finding.get("seat") or ""),
        finding.get("trick"),
        tuple(map(_card, finding.get("cards") or ())),
        tuple(map(_card, finding.get("legal") or ())),
        raw_facts(template, finding.get("facts") or {}, players),
    )
    said = _say(template, facts, context[0], players, language, context[2])
    return finding if said is None else {**finding, "message": said}


def _word_line_json(
    line: Mapping[str, Any], context: tuple[str, Sequence[str], str | None], language: str
) -> Mapping[str, Any]:
    _, players, _ = context
    template = line["template"]
    facts = raw_facts(template, line.get("facts") or {}, players)
    said = _say(template, facts, context[0], players, language, context[2])
    return line if said is None else {**line, "label": said}


def word_json(data: Any, language: str) -> Any:
    """``data`` (a JSON document of the API: a verify document, a hand, a session's hands, a
    next-step verdict ...) with every finding's ``message`` and every score line's ``label``
    worded in ``language``; nothing else changes (codes, templates, facts, rulings). A
    finding or a line is worded in the game and with the players of the nearest object
    around it that names them (a report: ``game`` and ``players``; its ``suits`` when the
    record has a ``Suits`` tag). English: ``data`` itself."""
    if language == DEFAULT:
        return data
    return _walk(data, language, None)


def word_report(report: Mapping[str, Any], language: str) -> Any:
    """One report's JSON (:func:`records.schemas.dump_report`) in ``language``."""
    return word_json(report, language)


#: What reading facts back, or rendering them, raises when they do not fit the template.
_UNFIT = (KeyError, IndexError, TypeError, ValueError, AttributeError)


def _walk(data: Any, language: str, context: tuple[str, Sequence[str], str | None] | None) -> Any:
    if isinstance(data, list):
        return [_walk(item, language, context) for item in data]
    if not isinstance(data, dict):
        return data
    game, players = data.get("game"), data.get("players")
    if isinstance(game, str) and game in GAMES and isinstance(players, list):
        names = [str(p.get("name") if isinstance(p, dict) else p) for p in players]
        suits = data.get("suits")
        context = (game, names, suits if isinstance(suits, str) else None)
    if context is not None and isinstance(data.get("template"), str):
        try:
            if "message" in data:
                return _word_finding_json(data, context, language)
            if "label" in data:
                return _word_line_json(data, context, language)
            if "note" in data:
                return _word_note_json(data, context, language)
            if "name" in data and "total" in data:
                return _word_side_json(data, context, language)
        except _UNFIT:  # facts that do not fill the template (another engine's document)
            return data
    out = {key: _walk(value, language, context) for key, value in data.items()}
    if context is not None and isinstance(data.get("summary_said"), list):
        out["summary"] = _word_summary_json(data, context[0], language)
    return out


def _word_side_json(
    side: Mapping[str, Any], context: tuple[str, Sequence[str], str | None], language: str
) -> Mapping[str, Any]:
    """A side of a report's points (:func:`records.schemas.dump_report`) with its name in
    ``language``."""
    _, players, _ = context
    template = side["template"]
    facts = raw_facts(template, side.get("facts") or {}, players)
    said = _say(template, facts, context[0], players, language, context[2])
    return side if said is None else {**side, "name": said}


def _word_note_json(
    row: Mapping[str, Any], context: tuple[str, Sequence[str], str | None], language: str
) -> Mapping[str, Any]:
    """A ledger entry of the API (:class:`records.schemas.LedgerSchema`) with its note in
    ``language``."""
    facts = _tuples_of(row.get("facts") or {})
    note = word_said(row["note"], row["template"], facts, context[0], language)
    return {**row, "note": note}


def _word_summary_json(data: Mapping[str, Any], game_key: str, language: str) -> Any:
    """A ledger's ``summary`` lines worded again by their ``summary_said``."""
    lines, said = data.get("summary") or [], data["summary_said"]
    if len(lines) != len(said):
        return lines
    return [
        word_said(
            line, made.get("template", ""), _tuples_of(made.get("facts") or {}), game_key, language
        )
        for line, made in zip(lines, said, strict=True)
    ]


def _tuples_of(facts: Mapping[str, Any]) -> dict[str, Any]:
    return {name: _tuples(value) for name, value in facts.items()}
