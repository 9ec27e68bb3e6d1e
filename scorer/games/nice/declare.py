"""Nice declarations (accusassions): 10 Tarocche, Mitigatti, Quatre Rei (NICE-12, NICE-13, G-5).

10 Tarocche is a ``declare`` line before the first trick naming the ten cards shown.
Mitigatti and Quatre Rei are annotations on the card that completes the set as it is played,
``XX(mitigatti)`` or ``KS(quatre-rei)``; with ``declaration-timing=lenient`` a ``declare``
line or an annotation anywhere in the play is accepted.
"""

from __future__ import annotations

from ...cards import Card
from ...cardset import cards_of
from ...findings import Loc, Severity
from ...record import Item
from . import rules as R
from .hand import NiceHand

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
_ALIASES = {alias: name for name, aliases in R.COMBINATIONS.items() for alias in aliases}


def combination_named(h: NiceHand, word: str, loc: Loc | None) -> str:
    name = _ALIASES.get(word.casefold())
    if name is None:
        h.stop(
            "BAD_DECLARATION",
            f"{word!r} is not a declaration of {h.game.key} ({', '.join(R.COMBINATIONS)})",
            "NICE-12",
            loc=loc,
        )
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
            h.stop("BAD_DECLARATION", "declare NAME: needs a combination", loc=line.loc)
        name = combination_named(h, line.items[0].text, line.items[0].loc)
        rule = R.COMBINATION_RULES[name]
        if name == "10-tarocche":
            shown = line.items[1:]
            if not _ten_tarocche_ok(h, seat, shown, line.loc):
                continue
            if tricks_before:
                h.flag(
                    "DECLARATION_TIMING",
                    VIOLATION,
                    "10 Tarocche is shown before the "
                    "holder's first play, not during the play; it is not paid",
                    rule,
                    loc=line.loc,
                    seat=seat,
                )
                continue
        else:
            if line.items[1:]:
                h.stop("BAD_DECLARATION", f"{name} names no cards", loc=line.items[1].loc)
            if not lenient:
                h.flag(
                    "DECLARATION_TIMING",
                    VIOLATION,
                    f"{name} is declared with the play of "
                    "the last card of the set (write it on that card, e.g. XX(mitigatti)); "
                    "it is not paid",
                    rule,
                    loc=line.loc,
                    seat=seat,
                )
                continue
            needed = set_of(h, name)
            if h.start[seat] & needed != needed:
                _not_held(h, seat, name, needed, line.loc)
                continue
        _accept(h, seat, name, line)


def _ten_tarocche_ok(h: NiceHand, seat: int, shown: list[Item], loc: Loc | None) -> bool:
    rule = "NICE-12"
    cards = [item.card for item in shown if item.card is not None]
    if len(cards) != len(shown):
        bad = next(item for item in shown if item.card is None)
        h.stop("BAD_DECLARATION", f"{bad.text!r} is not a card", loc=bad.loc)
    mask = 0
    for card in cards:
        mask |= card.bit
    if len(cards) != 10 or mask.bit_count() != 10:
        h.flag(
            "DECLARATION_MALFORMED",
            VIOLATION,
            f"10 Tarocche shows exactly ten different cards, not {len(cards)}; it is not paid",
            rule,
            loc=loc,
            seat=seat,
        )
        return False
    not_tarots = [c for c in cards if not (h.is_tarot(c) or c.is_fool)]
    if not_tarots:
        h.flag(
            "DECLARATION_MALFORMED",
            VIOLATION,
            "only Tarots and the Fool make 10 Tarocche: " + h.words.cards(not_tarots),
            rule,
            loc=loc,
            seat=seat,
            cards=tuple(not_tarots),
        )
        return False
    missing = mask & ~h.start[seat]
    if missing:
        h.flag(
            "DECLARATION_NOT_HELD",
            VIOLATION,
            f"{h.name(seat)} did not hold " + h.words.mask(missing) + " when play began",
            rule,
            loc=loc,
            seat=seat,
            cards=tuple(cards_of(missing)),
        )
        return False
    return True


def _not_held(h: NiceHand, seat: int, name: str, needed: int, loc: Loc | None) -> None:
    missing = needed & ~h.start[seat]
    words = h.words
    h.flag(
        "DECLARATION_NOT_HELD",
        VIOLATION,
        f"{name} needs {words.mask(needed)} when play "
        f"began; {h.name(seat)} lacked {words.mask(missing)}",
        R.COMBINATION_RULES[name],
        loc=loc,
        seat=seat,
        cards=tuple(cards_of(missing)),
    )


def _accept(h: NiceHand, seat: int, name: str, where) -> None:
    if (seat, name) in h.declared:
        h.flag(
            "DUPLICATE_DECLARATION",
            VIOLATION,
            f"{name} is declared twice by {h.name(seat)}; it is paid once",
            R.COMBINATION_RULES[name],
            loc=where.loc,
            seat=seat,
        )
        return
    h.declared[(seat, name)] = where


def declare_in_play(
    h: NiceHand, seat: int, card: Card, item: Item, remaining: int, trick: int
) -> None:
    """An annotation on a played card; ``remaining`` is the hand just after the play."""
    lenient = h.options["declaration-timing"] == "lenient"
    for word in (w.strip() for w in (item.note or "").split(";")):
        if not word:
            continue
        name, *extra = word.split()
        if extra:  # NICE-9a: one declaration per word; two are parted by ";"
            h.stop(
                "BAD_DECLARATION",
                f"{extra[0]!r} after {name!r}: an annotation names one declaration, or "
                "several parted by ';' as in (mitigatti; quatre-rei)",
                "NICE-9a",
                loc=item.loc,
            )
        name = combination_named(h, name, item.loc)
        rule = R.COMBINATION_RULES[name]
        if name == "10-tarocche":
            h.flag(
                "DECLARATION_TIMING",
                VIOLATION,
                "10 Tarocche is a declare line before the first trick, with the ten cards shown",
                rule,
                loc=item.loc,
                seat=seat,
                trick=trick,
            )
            continue
        needed = set_of(h, name)
        if h.start[seat] & needed != needed:
            _not_held(h, seat, name, needed, item.loc)
            continue
        last_of_set = bool(card.bit & needed) and not remaining & needed
        if not lenient and not last_of_set:
            h.flag(
                "DECLARATION_TIMING",
                VIOLATION,
                f"{name} is declared with the last card of "
                f"the set, not with {h.words.card(card)}; it is not paid",
                rule,
                loc=item.loc,
                seat=seat,
                trick=trick,
                cards=(card,),
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
                h.flag(
                    "UNDECLARED_COMBINATION",
                    NOTE,
                    f"{h.name(seat)} held {name} but did "
                    "not declare it as the rules require, so it is not paid",
                    "G-5",
                    loc=h.record.start,
                    seat=seat,
                )
