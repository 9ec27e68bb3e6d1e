"""Piedmontese declarations (PIE3-6, G-5): Abundance, Kings, Mitigati, Mixed Honours.

Each is a ``declare NAME: kind cards...`` line after the discard and before the first trick,
listing the cards used. Values, paid by each opponent in game points:

* Abundance: 10 or more trumps, shown: 10 + 1 per trump over 10 (the number of trumps shown);
  the Fool is not a trump unless ``abundance-fool=trump``;
* Kings: the four Kings, 20, + 5 per Honour added;
* Mitigati: the three Honours (XX, I, the Fool), 15, + 5 per King added;
* Mixed Honours: Kings and Honours, at least one of each, 4 or more: 10 + 5 per card over 4.

Abundance cards may also serve one other declaration; otherwise a card serves at most one of
Kings, Mitigati and Mixed Honours. The engine checks each grouping and notes when the hand
held a better legal one.

>>> from scorer.cardset import CardSet
>>> best_grouping(int(CardSet.parse("KS KB KC KD 20 1")), False)
[('kings', 30)]
>>> best_grouping(int(CardSet.parse("KS KB 20 1 Fool 3 4 5 6 7 8 9 10 11 12")), False)
[('abundance', 12), ('mitigati', 25)]
"""

from __future__ import annotations

from typing import Any

from ...cards import FOOL, Card
from ...cardset import cards_of
from ...findings import Severity
from ...messages import render
from ...record import Line
from ...wording import ITALIAN, Wording
from . import rules as R
from .hand import Piemonte3Hand
from .messages import MALFORMED, TITLES

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
RULE = "PIE3-6"
COURT = R.KINGS | R.HONOURS


def trumps_for_abundance(abundance_fool: bool) -> int:
    """The cards that count for Abundance: the trumps, and the Fool with the option."""
    return R.TRUMPS | (FOOL.bit if abundance_fool else 0)


def value(kind: str, cards: int) -> int:
    """PIE3-6: what a well-formed declaration of ``cards`` is worth from each opponent."""
    count = cards.bit_count()
    if kind == "abundance":
        return 10 + (count - 10)
    if kind == "kings":
        return 20 + 5 * (cards & R.HONOURS).bit_count()
    if kind == "mitigati":
        return 15 + 5 * (cards & R.KINGS).bit_count()
    return 10 + 5 * (count - 4)


def malformation(kind: str, cards: int, abundance_fool: bool) -> tuple[str, dict[str, int]] | None:
    """Why ``cards`` cannot make a ``kind`` declaration, as the variant of its sentence
    (:data:`.messages.MALFORMED`) and its facts, or ``None`` when they can (PIE3-6)."""
    if kind == "abundance":
        other = cards & ~trumps_for_abundance(abundance_fool)
        if other:
            fool_hint = not abundance_fool and other & FOOL.bit
            return ("not_trumps_fool" if fool_hint else "not_trumps"), {"other": other}
        if cards.bit_count() < 10:
            return "few_trumps", {"count": cards.bit_count()}
        return None
    other = cards & ~COURT
    if other:
        return "not_court", {"other": other}
    if kind == "kings" and cards & R.KINGS != R.KINGS:
        return "kings_missing", {"missing": R.KINGS & ~cards}
    if kind == "mitigati" and cards & R.HONOURS != R.HONOURS:
        return "honours_missing", {"missing": R.HONOURS & ~cards}
    if kind == "mixed":
        if not cards & R.KINGS or not cards & R.HONOURS:
            return "mixed_one_each", {}
        if cards.bit_count() < 4:
            return "mixed_few", {"count": cards.bit_count()}
    return None


def malformed(kind: str, cards: int, abundance_fool: bool, words: Wording = ITALIAN) -> str | None:
    """Why ``cards`` cannot make a ``kind`` declaration, in words (the cards named in
    ``words``, the record's suit style), or ``None`` when they can."""
    why = malformation(kind, cards, abundance_fool)
    if why is None:
        return None
    variant, facts = why
    return render(MALFORMED[variant], {"declaration": kind, **facts}, words, (), terms=TITLES)


def best_grouping(hand: int, abundance_fool: bool) -> list[tuple[str, int]]:
    """The declarations worth most for ``hand`` (PIE3-6), as (kind, value) pairs: Abundance
    with every trump, and the best of Kings / Mitigati (each with all the other cards added),
    Kings and Mitigati together, or Mixed Honours with every King and Honour."""
    out = []
    trumps = (hand & trumps_for_abundance(abundance_fool)).bit_count()
    if trumps >= 10:
        out.append(("abundance", trumps))
    kings = (hand & R.KINGS).bit_count()
    honours = (hand & R.HONOURS).bit_count()
    choices: list[tuple[int, str]] = []
    if kings == 4:
        choices.append((20 + 5 * honours, "kings"))
    if honours == 3:
        choices.append((15 + 5 * kings, "mitigati"))
    if kings and honours and kings + honours >= 4:
        choices.append((10 + 5 * (kings + honours - 4), "mixed"))
    if choices:
        worth, kind = max(choices, key=lambda c: c[0])
        out.append((kind, worth))
    return out


#: Why a declaration is not paid: code, rule, variant, the cards at fault and other facts.
Fault = tuple[str, str, str, tuple[Card, ...], dict[str, Any]]


def check_declarations(h: Piemonte3Hand) -> None:
    """PIE3-6 and G-5: read every ``declare`` line, pay the good ones (``h.declared``) and
    flag the rest (G-1: not paid)."""
    abundance_fool = h.options["abundance-fool"] == "trump"
    used = [0] * 3  # cards already serving Kings / Mitigati / Mixed, per seat
    kinds: list[set[str]] = [set() for _ in range(3)]
    for tricks_before, line in h.lines.declares:
        seat = h.seat_named(line.subject, line.loc)
        kind, cards = read_declaration(h, line)
        if tricks_before:
            fault: Fault | None = ("DECLARATION_TIMING", "G-5", "", (), {})
        else:
            held = h.start[seat] if h.full_hand[seat] else None
            fault = declaration_fault(kind, cards, abundance_fool, held, used[seat], kinds[seat])
        if fault is not None:
            code, rule, variant, shown, facts = fault
            h.say(
                code,
                VIOLATION,
                rule,
                variant=variant,
                loc=line.loc,
                seat=seat,
                cards=shown,
                declaration=kind,
                **facts,
            )
            continue
        if kind != "abundance":
            used[seat] |= cards
        kinds[seat].add(kind)
        h.declared.append((seat, kind, cards, value(kind, cards), line.loc))


def declaration_fault(
    kind: str, cards: int, abundance_fool: bool, held: int | None, used: int, declared: set[str]
) -> Fault | None:
    """Why a declaration made in time is not paid (PIE3-6), or ``None``: malformed, not
    held when play began (``held``: the hand then, if known), Abundance twice, or a card
    already serving another of Kings, Mitigati and Mixed Honours (``used``)."""
    why = malformation(kind, cards, abundance_fool)
    if why is not None:
        return ("DECLARATION_MALFORMED", RULE, why[0], (), why[1])
    missing = cards & ~held if held is not None else 0
    if missing:
        return ("DECLARATION_NOT_HELD", RULE, "", tuple(cards_of(missing)), {})
    if kind == "abundance":
        if kind in declared:
            return ("DUPLICATE_DECLARATION", RULE, "", (), {})
        return None
    reused = cards & used
    if reused:
        return ("DECLARATION_CARD_REUSED", RULE, "", tuple(cards_of(reused)), {})
    return None


def read_declaration(h: Piemonte3Hand, line: Line) -> tuple[str, int]:
    """A ``declare`` line's kind and cards (a mask): a known kind first, then cards, each
    once; anything else stops (G-2)."""
    items = line.items
    if not items or items[0].card is not None:
        h.halt("BAD_DECLARATION", RULE, loc=line.loc)
    kind = R.DECLARATION_ALIASES.get(items[0].text.casefold())
    if kind is None:
        h.halt("BAD_DECLARATION", RULE, variant="kind", loc=items[0].loc, word=items[0].text)
    assert kind is not None  # (halted above)
    cards = 0
    for item in items[1:]:
        card = item.card
        if card is None:
            h.halt("BAD_DECLARATION", RULE, variant="card", loc=item.loc, word=item.text)
        elif cards >> card & 1:
            h.halt("BAD_DECLARATION", RULE, variant="twice", loc=item.loc, given=card)
        else:
            cards |= card.bit
    return kind, cards


def note_better_groupings(h: Piemonte3Hand) -> None:
    """G-5 and PIE3-6: for every hand known, compare what was paid with the best legal
    grouping of the cards held when play began."""
    abundance_fool = h.options["abundance-fool"] == "trump"
    for seat in range(3):
        if not h.full_hand[seat]:
            continue
        best = best_grouping(h.start[seat], abundance_fool)
        best_total = sum(worth for _, worth in best)
        paid = sum(worth for s, _k, _c, worth, _l in h.declared if s == seat)
        if paid >= best_total:
            continue
        held = tuple(best)  # (declaration, value) pairs
        if not paid:
            h.say("UNDECLARED_COMBINATION", NOTE, "G-5", loc=h.record.start, seat=seat, held=held)
        else:
            where = next((loc for s, *_, loc in h.declared if s == seat), None)
            h.say(
                "BETTER_GROUPING",
                NOTE,
                RULE,
                loc=where or h.record.start,
                seat=seat,
                paid=paid,
                held=held,
                best=best_total,
            )
