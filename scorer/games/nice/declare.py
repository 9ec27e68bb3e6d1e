"""Nice declarations (accusassions): 10 Tarocche, Mitigatti, Quatre Rei (NICE-12, NICE-13, G-5).

10 Tarocche is a ``declare`` line before the first trick naming the ten cards shown.
Mitigatti and Quatre Rei are annotations on the card that completes the set as it is played,
``XX(mitigatti)`` or ``KS(quatre-rei)``; with ``declaration-timing=lenient`` a ``declare``
line or an annotation anywhere in the play is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from ...cardset import cards_of
from ...findings import Loc, Severity
from ...record import Item, Line
from . import rules as R
from .hand import NiceHand

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
_ALIASES = {alias: name for name, aliases in R.COMBINATIONS.items() for alias in aliases}


def combination_named(h: NiceHand, word: str, loc: Loc | None) -> str:
    name = _ALIASES.get(word.casefold())
    if name is None:
        h.halt(
            "BAD_DECLARATION",
            "NICE-9a",  # a word the line does not take; not a 10 Tarocche (NICE-12)
            loc=loc,
            word=word,
            game=h.game.key,
            names=tuple(R.COMBINATIONS),
        )
        raise AssertionError  # unreachable: halt raises
    return name


def set_of(h: NiceHand, name: str) -> int:
    """The cards a player must hold for Mitigatti (the Honours) or Quatre Rei (the Kings)."""
    return h.honours if name == "mitigatti" else R.KINGS


def declarations_before_play(h: NiceHand) -> None:
    """Check every ``declare`` line: its cards, its moment, and that it was held."""
    lenient = h.options["declaration-timing"] == "lenient"
    for tricks_before, line in h.lines.declares:
        seat = h.seat_named(line.subject, line.loc)
        if not line.items:
            h.halt("BAD_DECLARATION", variant="empty", loc=line.loc)
        name = combination_named(h, line.items[0].text, line.items[0].loc)
        rule = R.COMBINATION_RULES[name]
        if name == "10-tarocche":
            shown = line.items[1:]
            if not _ten_tarocche_ok(h, seat, shown, line.loc):
                continue
            if tricks_before:
                h.say(
                    "DECLARATION_TIMING",
                    VIOLATION,
                    rule,
                    variant="ten_in_play",
                    loc=line.loc,
                    seat=seat,
                )
                continue
        else:
            if line.items[1:]:
                h.halt("BAD_DECLARATION", variant="cards", loc=line.items[1].loc, name=name)
            if not lenient:
                h.say(
                    "DECLARATION_TIMING",
                    VIOLATION,
                    rule,
                    variant="line",
                    loc=line.loc,
                    seat=seat,
                    name=name,
                )
                continue
            needed = set_of(h, name)
            if h.start[seat] & needed != needed:
                _not_held(h, seat, name, needed, line.loc)
                continue
        _accept(h, seat, name, line)


def _ten_tarocche_ok(h: NiceHand, seat: int, shown: Sequence[Item], loc: Loc | None) -> bool:
    rule = "NICE-12"
    cards = [item.card for item in shown if item.card is not None]
    if len(cards) != len(shown):
        bad = next(item for item in shown if item.card is None)
        h.halt("BAD_DECLARATION", variant="not_a_card", loc=bad.loc, word=bad.text)
    mask = 0
    for card in cards:
        mask |= card.bit
    if len(cards) != 10 or mask.bit_count() != 10:
        h.say(
            "DECLARATION_MALFORMED",
            VIOLATION,
            rule,
            variant="count",
            loc=loc,
            seat=seat,
            count=len(cards),
        )
        return False
    not_tarots = [c for c in cards if not (h.is_tarot(c) or c.is_fool)]
    if not_tarots:
        h.say("DECLARATION_MALFORMED", VIOLATION, rule, loc=loc, seat=seat, cards=tuple(not_tarots))
        return False
    missing = mask & ~h.start[seat]
    if missing:
        h.say(
            "DECLARATION_NOT_HELD",
            VIOLATION,
            rule,
            variant="ten",
            loc=loc,
            seat=seat,
            cards=tuple(cards_of(missing)),
        )
        return False
    return True


def _not_held(h: NiceHand, seat: int, name: str, needed: int, loc: Loc | None) -> None:
    missing = needed & ~h.start[seat]
    h.say(
        "DECLARATION_NOT_HELD",
        VIOLATION,
        R.COMBINATION_RULES[name],
        loc=loc,
        seat=seat,
        cards=tuple(cards_of(missing)),
        name=name,
        needed=needed,
    )


def _accept(h: NiceHand, seat: int, name: str, where: Line | Item) -> None:
    if (seat, name) in h.declared:
        h.say(
            "DUPLICATE_DECLARATION",
            VIOLATION,
            R.COMBINATION_RULES[name],
            loc=where.loc,
            seat=seat,
            name=name,
        )
        return
    h.declared[(seat, name)] = where


def declare_in_play(
    h: NiceHand, seat: int, card: Card | None, item: Item, remaining: int, trick: int
) -> None:
    """An annotation on a played card; ``remaining`` is the hand just after the play. One
    written on an unknown card (``None``) is judged only as far as the card is not needed."""
    lenient = h.options["declaration-timing"] == "lenient"
    for word in (w.strip() for w in (item.note or "").split(";")):
        if not word:
            continue
        name, *extra = word.split()
        if extra:  # NICE-9a: one declaration per word; two are parted by ";"
            h.halt(
                "BAD_DECLARATION",
                "NICE-9a",
                variant="two_words",
                loc=item.loc,
                word=extra[0],
                name=name,
            )
        name = combination_named(h, name, item.loc)
        rule = R.COMBINATION_RULES[name]
        if name == "10-tarocche":
            h.say(
                "DECLARATION_TIMING",
                VIOLATION,
                rule,
                variant="ten_on_card",
                loc=item.loc,
                seat=seat,
                trick=trick,
            )
            continue
        needed = set_of(h, name)
        if h.start[seat] & needed != needed:
            _not_held(h, seat, name, needed, item.loc)
            continue
        if card is None:  # written on an unknown card, where the replay stops (G-2)
            continue
        last_of_set = bool(card.bit & needed) and not remaining & needed
        if not lenient and not last_of_set:
            h.say(
                "DECLARATION_TIMING",
                VIOLATION,
                rule,
                variant="not_last",
                loc=item.loc,
                seat=seat,
                trick=trick,
                cards=(card,),
                name=name,
            )
            continue
        _accept(h, seat, name, item)


def combinations_held(h: NiceHand, hand: int) -> list[str]:
    """The declarable combinations a hand holds (NICE-12, NICE-13)."""
    held = ["10-tarocche"] if h.tarots_in(hand) >= 10 else []
    honours = h.honours  # set_of(h, "mitigatti")
    if hand & honours == honours:
        held.append("mitigatti")
    if hand & R.KINGS == R.KINGS:  # set_of(h, "quatre-rei")
        held.append("quatre-rei")
    return held


def note_undeclared(h: NiceHand) -> None:
    """G-5: a combination held when play began but never (validly) declared is not paid."""
    for seat in range(h.n):
        if not h.dealt_known[seat]:
            continue
        for name in combinations_held(h, h.start[seat]):
            if (seat, name) not in h.declared:
                h.say(
                    "UNDECLARED_COMBINATION", NOTE, "G-5", loc=h.record.start, seat=seat, name=name
                )
