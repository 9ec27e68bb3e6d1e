"""What comes next in a record being entered (#24.6): the guided entry page and any client.

Given the text of one record so far, :func:`next_step` says where the hand stands and what may
be written next:

* ``deal``: the deal is not complete and nothing after it is written yet. The cards not yet
  dealt and, per hand (or stock, or face-up card), how many it still needs; when one part is
  left and what is left is exactly its size, the line that completes it.
* ``before-play``: the lines between the deal and the first trick (the mountain, the Solo and
  the call, the discard, the bargaining, the declarations ...) do not reach the play yet: the
  game's keywords for them, each with its help text.
* ``play``: the play is under way (or may begin): whose turn it is, the legal cards, the trick
  on the table, each seat's known cards, the tricks so far with their winners.
* ``done``: every trick is played, or the deal was thrown in; ``next_dealer`` names who
  deals the next hand (G-6, :func:`scorer.ledger.next_dealer`).

After the deal, ``choices`` lists what the player to act may do (#32.5): each action of the
game's action API (:mod:`scorer.games.actions`: a mountain word, a card of the discard, a
call, a bargaining word, a draw, a meld, a card, a card with a remark ...) with its label in
the rules' words, the notation line it writes, whether it is legal now and, if not, the
sentence of the finding that says why. The guided entry page offers them as buttons.

:func:`read_card` reads one card as the notation reads it (``III``, ``xvii``, ``matto``, ...,
:meth:`Card.parse <scorer.cards.Card.parse>`), for the page's "Type a card" box: the page has
no card reader of its own.

The verdict so far is the verify report of the text, through :mod:`records.pipeline`, the
same path ``/api/verify`` takes. Nothing here judges an action or knows a game's phases: the
state comes from the game's action API (:meth:`Game.hand_state
<scorer.games.base.Game.hand_state>`: the record's play stepped through the Hand API, each
other action judged by the game's replay), so there is one copy of every rule. How each
game's record is entered (its pack, the lines of its deal and their sizes, which keywords
belong before the play, the rulings on the first lead) is the game's own entry shape
(:attr:`Game.entry <scorer.games.base.Game.entry>`); what is here reads it, the same way for
every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorer.cards import CARDS, SUIT_STYLES, Card, CardParseError
from scorer.cardset import cards_of, mask_of
from scorer.games import GAMES, Game, OptionError
from scorer.games.actions import LABELS, Action, HandState
from scorer.games.base import EntryShape
from scorer.games.engine import TrickPlay
from scorer.ledger import next_dealer
from scorer.messages import plain_facts
from scorer.record import Line, Record
from scorer.report import Report
from scorer.rulings import RULINGS
from scorer.wording import Wording, wording

from .language import DEFAULT, translations
from .notation import Parsed, read_one
from .pipeline import check_parsed
from .schemas import dump_report
from .service import ServiceError
from .words import word_finding
from .writer import write

__all__ = ["PHASES", "DealPart", "deal_parts", "next_step", "read_card"]

PHASES = ("deal", "before-play", "play", "done")


@dataclass(frozen=True)
class DealPart:
    """One line of the deal to enter: ``keyword`` (``hand``, ``faceup``, ``stock``), the seat
    it belongs to (``None`` for the stock) and the number of cards it takes."""

    keyword: str
    seat: int | None
    size: int


def deal_parts(game: Game, dealer: int) -> list[DealPart]:
    """The lines of a full deal in the order they are entered, as the game's entry shape
    gives them (:attr:`Game.entry <scorer.games.base.Game.entry>`): each kind of line for
    every player from eldest round to the dealer (the hands, then Minchiate's face-up cards),
    and a line for the table (pinch's stock). The sizes are the rules' (NICE-5, MIN-4,
    PINCH-3, PIE3-3, PIE-3)."""
    shape = game.entry
    if shape is None:
        raise ValueError(f"no entry shape for {game.key}")
    n = game.num_players
    seats = [(dealer + 1 + i) % n for i in range(n)]
    parts = []
    for line in shape.deal:
        if not line.each:
            parts.append(DealPart(line.keyword, None, line.size))
            continue
        dealer_size = line.size if line.dealer_size is None else line.dealer_size
        parts += [
            DealPart(line.keyword, s, dealer_size if s == dealer else line.size) for s in seats
        ]
    return parts


# -- the record ---------------------------------------------------------------------------
def _read(text: str) -> tuple[Parsed, Record, Game]:
    """The one record of ``text`` and its game; a 422 with every notation error's place
    (the reader also refuses an unknown game, a wrong number of players, a missing dealer)."""
    parsed = read_one(text)
    record = parsed.record
    if parsed.errors:
        first = parsed.errors[0]
        findings = [
            {
                "code": "NOTATION",
                "severity": "error",
                "message": e.message,
                "rule": None,
                **({"line": e.loc.line, "column": e.loc.column} if e.loc else {}),
            }
            for e in parsed.errors
        ]
        where = f"line {first.loc.line}:{first.loc.column}: " if first.loc else ""
        raise ServiceError(422, "NOTATION", where + first.message, findings)
    # the reader checks the tags: a known game, its number of players, the dealer among them
    assert record is not None and record.dealer is not None
    return parsed, record, GAMES[record.game]


def _options(game: Game, record: Record, options: Mapping[str, str] | None) -> dict[str, str]:
    """The rule options in force (the record's, overridden by ``options``); a 422 for an
    option the game does not have."""
    lowered = {k.lower(): v.lower() for k, v in (options or {}).items()}
    try:
        game.resolve_options(record.options, lowered)
    except OptionError as exc:
        raise ServiceError(422, "BAD_OPTION", str(exc)) from exc
    return lowered


# -- the answer ---------------------------------------------------------------------------
def next_step(
    text: str, options: Mapping[str, str] | None = None, language: str = DEFAULT
) -> dict[str, Any]:
    """Where the record ``text`` stands and what comes next (see the module), as plain data
    (the shape ``web.schemas.NextStep`` documents). Raises :class:`ServiceError` (422) for
    a text that is not one readable record of a known game with its players and dealer.

    Each choice's ``label`` is in English with its ``template`` (a key of the ``engine``
    catalog) and ``facts``, as a score line is, for the caller to word in another language
    (the API does, :func:`records.words.word_json`); its ``why``, a finding's sentence, is
    in ``language`` here, where the finding is at hand, as are the game's title and the
    rulings' titles and summaries (the ``rulings`` catalog)."""
    parsed, record, game = _read(text)
    shape = game.entry
    if shape is None or game.actions is None:  # a game added without them: said, not a 500
        raise ServiceError(422, "NO_ENTRY_SHAPE", f"{game.key} cannot be entered here yet")
    chosen = _options(game, record, options)
    report = check_parsed(parsed, chosen).report
    words = game.wording(record)
    say = translations(language, "rulings")
    dealer = record.dealer
    assert dealer is not None
    n = game.num_players
    deal = _deal(game, record, shape, words)
    answer: dict[str, Any] = {
        "game": game.key,
        "title": say.gettext(game.title),
        "suits": words.style,
        "players": [_seat(record, s) for s in range(n)],
        "dealer": _seat(record, dealer),
        "eldest": _seat(record, (dealer + 1) % n),
        "rules": [
            {
                "id": r,
                "title": say.gettext(RULINGS[r].title),
                "summary": say.gettext(RULINGS[r].summary),
            }
            for r in shape.lead_rulings
        ],
        "keywords": _keywords(game, shape),
        "trick_notes": game.trick_notes,
        "deal": deal,
        "verdict": {
            "status": report.status.value,
            "findings": dump_report(report)["findings"],
        },
        "canonical": write(record, comments=True),
        "to_act": None,
        "choices": [],
        "play": None,
        "next_dealer": None,
    }
    answer["phase"] = _phase_and_play(
        answer, game, record, report, chosen, shape, deal, words, language
    )
    if answer["phase"] == "done":
        answer["next_dealer"] = _seat(record, next_dealer(record, report))
    return answer


def read_card(game_key: str, suits: str | None, token: str) -> dict[str, str]:
    """The card ``token`` names, read as the notation reads a card in the suit style
    ``suits`` (the game's default when ``None``): its text as a record of the game writes
    it, its name for people and its face. A 422 says why a token is refused: no card, or a
    card the game's pack does not hold (trump 22 in Nice)."""
    game = GAMES.get(game_key.lower())
    if game is None or game.entry is None:
        raise ServiceError(422, "UNKNOWN_GAME", f"no game {game_key!r} to enter")
    style = (suits or game.default_suits).lower()
    if style not in SUIT_STYLES:
        raise ServiceError(422, "BAD_SUITS", f"no suit style {suits!r}: {', '.join(SUIT_STYLES)}")
    text = token.strip()
    try:
        card = Card.parse(text, style)
    except CardParseError:
        raise ServiceError(
            422,
            "NOT_A_CARD",
            f"{text!r} is not a card: write a trump as 21, XXI or T21, the Fool as Fool or "
            f"Matto, a suit card as its rank then its suit ({_example(style)})",
        ) from None
    words = wording(style)
    if not game.entry.pack >> card & 1:
        raise ServiceError(
            422, "NOT_IN_PACK", f"{words.card(card)} is not in the pack of {game.title}"
        )
    return {"card": words.notation(card), "name": words.card(card), "face": card.text()}


def _example(style: str) -> str:
    """Two suit cards as the style writes them, for a refusal's help."""
    return " or ".join(Card.parse(t, "italian").text(style) for t in ("KS", "10B"))


def _seat(record: Record, seat: int) -> dict[str, Any]:
    return {"seat": seat, "name": record.players[seat]}


def _keywords(game: Game, shape: EntryShape) -> list[dict[str, Any]]:
    """Every keyword of the game with its help text and when it is written: ``deal`` (a
    line of the deal, or one written with it: Minchiate's cut and robbing), ``before-play``
    (after the deal, before the first trick) or ``play`` (between or after tricks)."""
    out = []
    for keyword, spec in game.keywords.items():
        if keyword in shape.deal_keywords or keyword in shape.before_deal:
            when = "deal"
        elif keyword in shape.before_play:
            when = "before-play"
        else:
            when = "play"
        out.append(
            {
                "keyword": keyword,
                "when": when,
                "subject": spec.subject,
                "items": spec.items,
                "help": spec.help,
            }
        )
    return out


def _written(record: Record, part: DealPart) -> list[Card]:
    """The cards the record's line for ``part`` holds (none when it has no such line)."""
    subject = record.players[part.seat] if part.seat is not None else None
    for line in record.lines(part.keyword):
        if part.seat is None or (line.subject or "").casefold() == (subject or "").casefold():
            return line.cards()
    return []


def _deal(game: Game, record: Record, shape: EntryShape, words: Wording) -> dict[str, Any]:
    """The deal so far: each part with the cards it has and needs, the cards not yet dealt
    (robbed cards are not dealt either), the part to fill next, and the line that completes
    the deal when one part is left and what is left is exactly its size."""
    assert record.dealer is not None
    parts = deal_parts(game, record.dealer)
    taken = 0
    rows = []
    for part in parts:
        cards = _written(record, part)
        taken |= mask_of(cards)
        rows.append((part, cards))
    for line in record.lines("rob"):
        taken |= mask_of(line.cards())
    undealt = shape.pack & ~taken
    open_parts = [(p, c) for p, c in rows if len(c) < p.size]
    fill = None
    if len(open_parts) == 1 and open_parts[0][0].seat is not None:  # a stock has an order
        part, cards = open_parts[0]
        if part.size - len(cards) == undealt.bit_count():
            fill = _line_text(record, part, [*cards, *cards_of(undealt)], words)
    return {
        "complete": not open_parts,
        "undealt": _texts(cards_of(undealt), words),
        "parts": [
            {
                "keyword": part.keyword,
                "seat": part.seat,
                "name": record.players[part.seat] if part.seat is not None else None,
                "size": part.size,
                "cards": _texts(cards, words),
                "needs": max(0, part.size - len(cards)),
                "line": _line_text(record, part, [], words).rstrip(),
            }
            for part, cards in rows
        ],
        "next": rows.index(open_parts[0]) if open_parts else None,
        "fill": fill,
        "pack": [
            {"text": words.notation(card), "face": card.text(), "name": words.card(card)}
            for card in CARDS
            if shape.pack >> card & 1
        ],
    }


def _texts(cards: Any, words: Wording) -> list[str]:
    return [words.notation(card) for card in cards]


def _line_text(record: Record, part: DealPart, cards: list[Card], words: Wording) -> str:
    """The notation line of a deal part: ``hand Anna: KS 3S``, ``stock: ...``."""
    head = part.keyword if part.seat is None else f"{part.keyword} {record.players[part.seat]}"
    return f"{head}: {' '.join(_texts(cards, words))}"


# -- the phase ----------------------------------------------------------------------------
def _phase_and_play(
    answer: dict[str, Any],
    game: Game,
    record: Record,
    report: Report,
    options: Mapping[str, str],
    shape: EntryShape,
    deal: dict[str, Any],
    words: Wording,
    language: str = DEFAULT,
) -> str:
    """The phase; fills ``to_act``, the ``choices`` of the player to act and, once the play
    can begin, ``play``: all from the game's action API (:meth:`Game.hand_state
    <scorer.games.base.Game.hand_state>`), the same for every game."""
    if report.thrown_in:
        return "done"
    tricks = record.tricks
    after_deal = [
        line
        for line in record.body
        if isinstance(line, Line)
        and line.keyword not in shape.deal_keywords
        and line.keyword not in shape.before_deal
    ]
    if not tricks and not deal["complete"] and not after_deal:
        part = deal["parts"][deal["next"]]
        if part["seat"] is not None:
            answer["to_act"] = _seat(record, part["seat"])
        return "deal"
    state = game.hand_state(record, options)
    answer["choices"] = [
        _choice(state, action, game, record, words, language) for action in state.actions()
    ]
    play_state = state.play()
    waits_for = state.to_act()
    if waits_for is None and play_state is not None:  # a play that cannot go on
        waits_for = play_state.to_play()
    if waits_for is not None:
        answer["to_act"] = _seat(record, waits_for)
    if play_state is None:
        return "done" if state.is_over() and report.complete else "before-play"
    play = answer["play"] = _play(play_state, record, report, words, shape.pack)
    due = [a for a in state.actions() if not a.optional and a.card is None]
    if due and not tricks:  # a line before the play is still due (a discard to derive)
        play["legal"] = []
        return "before-play"
    if due:  # a step between tricks is due first (pinch's draw, PINCH-3)
        play["legal"] = []
        draw = next((a for a in due if a.kind == "draw"), None)
        if draw is not None:
            card = dict(draw.facts).get("card") if len(due) == 1 else None
            play["draw"] = {
                **_seat(record, due[0].seat or 0),
                "card": words.notation(card) if card is not None else None,
            }
        return "play"
    return "play" if play_state.to_play() is not None else "done"


def _choice(
    state: HandState,
    action: Action,
    game: Game,
    record: Record,
    words: Wording,
    language: str = DEFAULT,
) -> dict[str, Any]:
    """One choice for the entry page: its label in the rules' words (with the template and
    facts it is worded from, in any language), the notation line it writes, whether it is
    legal now (and if not, the sentence of the finding that says why, in ``language``), and
    the ruling it follows."""
    finding = state.judge(action)
    card = action.card if action.card is not None else dict(action.facts).get("card")
    template = LABELS[action.label]
    why = None
    if finding is not None:
        why = word_finding(finding, game.key, record.players, language, words.style)
    return {
        "kind": action.kind,
        "seat": action.seat,
        "name": record.players[action.seat] if action.seat is not None else None,
        "label": action.words(words, record.players, _trumps(state)),
        "template": template,
        "facts": plain_facts(template, dict(action.facts), record.players),
        "line": action.text,
        "replaces": state.replaces_last(action),
        "card": words.notation(card) if card is not None else None,
        "note": action.note,
        "legal": finding is None,
        "why": why,
        "rule": action.ruling,
        "optional": action.optional,
    }


def _trumps(state: HandState) -> str:
    """The game's word for the trumps in its labels (Nice: Tarots)."""
    play = state.play()
    return play.trumps_name if play is not None else "trumps"


def _play(
    state: TrickPlay, record: Record, report: Report, words: Wording, pack: int
) -> dict[str, Any]:
    """The play as it stands: the trick on the table, the legal cards, each seat's cards,
    and the cards nobody is known to hold and nobody has played (what a seat whose hand the
    record leaves out may play)."""
    n = len(record.players)
    leader = state.leader
    current = list(state.current_trick)
    played = mask_of(card for trick in report.tricks for card in trick.cards)
    held = sum(int(state.hand(seat)) for seat in range(n))
    return {
        "unseen": _texts(cards_of(pack & ~played & ~held), words),
        "draw": None,
        "trick": state.done + 1 if state.to_play() is not None else None,
        "leader": _seat(record, leader),
        "current": [
            {"seat": (leader + i) % n, "card": words.notation(card)}
            for i, card in enumerate(current)
        ],
        "legal": _texts(state.legal_cards(), words),
        "hands": [
            {
                "seat": seat,
                "name": record.players[seat],
                "known": bool(state.known[seat]),
                "cards": _texts(state.hand(seat), words),
            }
            for seat in range(n)
        ],
        "tricks": [
            {
                "number": t.number,
                "leader": t.leader,
                "winner": t.winner,
                "cards": _texts(t.cards, words),
                "flags": {str(p): list(codes) for p, (codes, _legal) in t.flags.items()},
            }
            for t in report.tricks
        ],
    }
