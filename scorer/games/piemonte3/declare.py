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

from ...cards import FOOL
from ...cardset import cards_of
from ...findings import Severity
from ...wording import ITALIAN, Wording
from . import rules as R
from .hand import Piemonte3Hand

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
COURT = R.KINGS | R.HONOURS
TITLES = {
    "abundance": "Abundance",
    "kings": "Kings",
    "mitigati": "Mitigati",
    "mixed": "Mixed Honours",
}


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


def malformed(kind: str, cards: int, abundance_fool: bool, words: Wording = ITALIAN) -> str | None:
    """Why ``cards`` cannot make a ``kind`` declaration, or ``None`` when they can; the
    cards are named in ``words``, the record's suit style."""
    show = words.mask
    if kind == "abundance":
        other = cards & ~trumps_for_abundance(abundance_fool)
        if other:
            return (
                "only trumps make Abundance, not "
                + show(other)
                + (
                    ""
                    if abundance_fool or not other & FOOL.bit
                    else " (the Fool is not a trump here: option abundance-fool=trump)"
                )
            )
        if cards.bit_count() < 10:
            return f"Abundance shows 10 or more trumps, not {cards.bit_count()}"
        return None
    other = cards & ~COURT
    if other:
        return f"{TITLES[kind]} is made of Kings and Honours only, not {show(other)}"
    if kind == "kings" and cards & R.KINGS != R.KINGS:
        return "Kings needs all four Kings; missing " + show(R.KINGS & ~cards)
    if kind == "mitigati" and cards & R.HONOURS != R.HONOURS:
        return "Mitigati needs all three Honours; missing " + show(R.HONOURS & ~cards)
    if kind == "mixed":
        if not cards & R.KINGS or not cards & R.HONOURS:
            return "Mixed Honours needs at least one King and one Honour"
        if cards.bit_count() < 4:
            return f"Mixed Honours needs 4 or more cards, not {cards.bit_count()}"
    return None


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


def check_declarations(h: Piemonte3Hand) -> None:
    """PIE3-6 and G-5: read every ``declare`` line, pay the good ones (``h.declared``), flag
    the rest, and note a better grouping or a combination held but not declared."""
    abundance_fool = h.options["abundance-fool"] == "trump"
    words = h.words
    used = [0] * 3  # cards already serving Kings / Mitigati / Mixed, per seat
    kinds: list[set[str]] = [set() for _ in range(3)]
    for tricks_before, line in h.lines.declares:
        seat = h.seat_named(line.subject, line.loc)
        items = line.items
        if not items or items[0].card is not None:
            h.stop(
                "BAD_DECLARATION",
                "declare NAME: starts with abundance, kings, mitigati or mixed",
                "PIE3-6",
                loc=line.loc,
            )
        kind = R.DECLARATION_ALIASES.get(items[0].text.casefold())
        if kind is None:
            h.stop(
                "BAD_DECLARATION",
                f"{items[0].text!r} is not a declaration of piemonte3 "
                "(abundance, kings, mitigati, mixed)",
                "PIE3-6",
                loc=items[0].loc,
            )
        rule = "PIE3-6"
        cards = 0
        for item in items[1:]:
            if item.card is None:
                h.stop("BAD_DECLARATION", f"{item.text!r} is not a card", rule, loc=item.loc)
            if cards >> item.card & 1:
                h.stop(
                    "BAD_DECLARATION",
                    f"{words.card(item.card)} is listed twice",
                    rule,
                    loc=item.loc,
                )
            cards |= item.card.bit
        title = TITLES[kind]
        if tricks_before:
            h.flag(
                "DECLARATION_TIMING",
                VIOLATION,
                f"{title} is declared after the discard and "
                "before the first trick, not during the play; it is not paid",
                "G-5",
                loc=line.loc,
                seat=seat,
            )
            continue
        why = malformed(kind, cards, abundance_fool, words)
        if why is not None:
            h.flag(
                "DECLARATION_MALFORMED",
                VIOLATION,
                f"{h.name(seat)}'s {title}: {why}; it is not paid",
                rule,
                loc=line.loc,
                seat=seat,
            )
            continue
        if h.known[seat]:
            missing = cards & ~h.start[seat]
            if missing:
                h.flag(
                    "DECLARATION_NOT_HELD",
                    VIOLATION,
                    f"{h.name(seat)} declared {title} "
                    f"with {words.mask(missing)} but did not hold it when play began; it is not "
                    "paid",
                    rule,
                    loc=line.loc,
                    seat=seat,
                    cards=tuple(cards_of(missing)),
                )
                continue
        if kind == "abundance":
            if kind in kinds[seat]:
                h.flag(
                    "DUPLICATE_DECLARATION",
                    VIOLATION,
                    f"Abundance is declared twice by {h.name(seat)}; it is paid once",
                    rule,
                    loc=line.loc,
                    seat=seat,
                )
                continue
        else:
            reused = cards & used[seat]
            if reused:
                h.flag(
                    "DECLARATION_CARD_REUSED",
                    VIOLATION,
                    f"{words.mask(reused)} already served "
                    f"another of Kings, Mitigati and Mixed Honours; a card serves only one "
                    f"of them (besides Abundance), so this {title} is not paid",
                    rule,
                    loc=line.loc,
                    seat=seat,
                    cards=tuple(cards_of(reused)),
                )
                continue
            used[seat] |= cards
        kinds[seat].add(kind)
        h.declared.append((seat, kind, cards, value(kind, cards), line.loc))


def note_better_groupings(h: Piemonte3Hand) -> None:
    """G-5 and PIE3-6: for every hand known, compare what was paid with the best legal
    grouping of the cards held when play began."""
    abundance_fool = h.options["abundance-fool"] == "trump"
    for seat in range(3):
        if not h.known[seat]:
            continue
        best = best_grouping(h.start[seat], abundance_fool)
        best_total = sum(worth for _, worth in best)
        paid = sum(worth for s, _k, _c, worth, _l in h.declared if s == seat)
        if paid >= best_total:
            continue
        words = " and ".join(f"{TITLES[kind]} ({worth})" for kind, worth in best)
        if not paid:
            h.flag(
                "UNDECLARED_COMBINATION",
                NOTE,
                f"{h.name(seat)} held {words} but made no "
                "declaration that is paid, so nothing is paid",
                "G-5",
                loc=h.record.start,
                seat=seat,
            )
        else:
            where = next((loc for s, *_, loc in h.declared if s == seat), None)
            h.flag(
                "BETTER_GROUPING",
                NOTE,
                f"{h.name(seat)}'s declarations are worth {paid} "
                f"from each opponent; the cards held allowed {words}: {best_total}",
                "PIE3-6",
                loc=where or h.record.start,
                seat=seat,
            )
