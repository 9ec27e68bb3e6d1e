"""Minchiate: the play of the tricks (MIN-11 .. MIN-14), with the marks made trick by trick.

Each card is checked as it falls: follow suit, else trump (MIN-13 charges a revoke); the King
rule on the first lead of a suit (MIN-12); the Fool not kept to the last trick (MIN-11). The
marks of each trick (muore, accrescimento) and the Fool's replacement card, written or due
(MIN-11a), are made by :class:`~scorer.games.minchiate.scoring.Marks`; cascare is noted
(MIN-14).
"""

from __future__ import annotations

from ...cards import FOOL
from ...findings import Finding, Severity
from ...report import NO_FLAGS, TrickResult
from ...tricks import (
    CATEGORY,
    CATEGORY_MASK,
    FOOL_BIT,
    FOOL_CATEGORY,
    TRUMP,
    TRUMP_MASK,
)
from . import rules as R
from .hand import MinchiateHand
from .rules import TRICKS

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
KING_OF = tuple(1 << (s * 14 + 13) for s in range(4))
FOOL_INDEX = int(FOOL)


def play(h: MinchiateHand) -> None:
    """Replay the seated tricks against the hands; flag illegal plays (G-1), stop at a card
    not held (G-2); make the marks of each trick."""
    hands = list(h.start)
    known = h.known
    marks = h.marks
    report = h.report
    category_of = CATEGORY
    first_led = 0  # suits already led once (MIN-12)
    after = _after_lines(h, hands)
    value = R.VALUE
    fool_value = value[FOOL_INDEX]
    results = report.tricks
    mark_trick = marks.trick
    for number, (trick, leader, cards, winner) in enumerate(h.seated, start=1):
        flags: dict = {}
        led = -1
        first = False
        trumped = False
        seat = leader
        emptied = None  # seats that played their last trump (MIN-14)
        for position, card in enumerate(cards):
            hand = hands[seat]
            if not hand >> card & 1 and known[seat]:
                h.stop(
                    "CARD_NOT_HELD",
                    f"{h.name(seat)} does not hold {h.words.texts[card]}",
                    loc=trick.plays[position].loc,
                    trick=number,
                    seat=seat,
                    cards=(card,),
                )
            category = category_of[card]
            if led < 0:
                if category != FOOL_CATEGORY:
                    led = category
                    first = led < 4 and not first_led >> led & 1
            elif (category != led and category != FOOL_CATEGORY) or (first and trumped):
                _judge(h, hand, trick, cards, position, seat, number, led, first, trumped, flags)
            if card == FOOL_INDEX and number == TRICKS:
                h.flag(
                    "FOOL_IN_LAST_TRICK",
                    VIOLATION,
                    f"{h.name(seat)} kept the Fool to the last trick",
                    "MIN-11",
                    loc=trick.plays[position].loc,
                    trick=number,
                    seat=seat,
                    cards=(card,),
                )
                flags[position] = (("FOOL_IN_LAST_TRICK",), hand & ~FOOL.bit)
            hand &= ~(1 << card)
            if category == TRUMP:
                trumped = True
                if hand and not hand & TRUMP_MASK and known[seat]:
                    emptied = [*(emptied or ()), seat]
            hands[seat] = hand
            seat = (seat + 1) & 3
        if 0 <= led < 4:
            first_led |= 1 << led
        points = sum(map(value.__getitem__, cards))
        if FOOL_INDEX in cards:
            points -= fool_value
        results.append(TrickResult(number, leader, cards, winner, points, flags, 4, trick))
        if winner is None:
            break
        mark_trick(number, leader, cards, winner)
        if emptied:
            for seat in emptied:
                _note_cascare(h, seat, number + 1, hands[seat])
        if after:
            for kind, line in after.get(number, ()):
                if kind == "replace":
                    marks.replace(line, number)
                else:
                    _cascare_line(h, line, number, hands)
        if h.fool_owed is not None:  # its card may now be due (MIN-11a)
            marks.owed(number)


def _king(suit: int):
    from ...cards import CARDS

    return CARDS[suit * 14 + 13]


def _note_cascare(h: MinchiateHand, seat: int, trick: int, hand: int) -> None:
    h.report.findings.append(
        Finding(  # h.flag, without its keyword arguments (a few a hand)
            "CASCARE",
            NOTE,
            f"{h.report.players[seat]} has no trumps left and lays the cards "
            f"open ({h.show(hand)}) from trick {trick}",
            "MIN-14",
            h.record.start,
            trick,
            seat,
        )
    )


def _cascare_line(h: MinchiateHand, line, number: int, hands: list[int]) -> None:
    """A ``cascare NAME: cards`` line after trick ``number``: the player must be out of
    trumps, and the cards laid open must be that player's hand (MIN-14)."""
    seat = h.seat_named(line.subject, line.loc)
    shown = h.cards_line(line, "the open hand", 0, seat)
    hand = hands[seat]
    if not h.known[seat]:
        return
    if hand & TRUMP_MASK:
        h.flag(
            "BAD_CASCARE",
            VIOLATION,
            f"{h.name(seat)} still holds trumps after trick {number}, so cannot cascare",
            "MIN-14",
            loc=line.loc,
            seat=seat,
        )
    elif shown and shown != hand:
        h.flag(
            "BAD_CASCARE",
            VIOLATION,
            f"{h.name(seat)} holds {h.show(hand)}, not the cards written",
            "MIN-14",
            loc=line.loc,
            seat=seat,
        )


# -- the single pass ---------------------------------------------------------------------------
class Fallback(Exception):
    """The single pass met something it leaves to the general replay (seat, then play)."""


def _info() -> tuple[tuple[int, int, int, int], ...]:
    """Per card, what the single pass needs in one look-up: its bit, category, winning key
    (trumps above every suit card, then by strength, MIN-1) and counting value (0 for the
    Fool, whose value is not the trick's)."""
    strength = R.RULES.strength
    return tuple(
        (
            1 << c,
            CATEGORY[c],
            1000 + strength[c] if CATEGORY[c] == TRUMP else strength[c],
            0 if c == FOOL_INDEX else R.VALUE[c],
        )
        for c in range(97)
    )


_INFO = _info()
_ORDERS = tuple(tuple((first + i) & 3 for i in range(4)) for first in range(4))


def single_pass(h: MinchiateHand) -> None:
    """Seat, check and replay every trick in one pass, when every hand is written.

    The fast path of :meth:`~scorer.games.minchiate.MinchiateHand.seat_plays` + :func:`play` for
    the usual record: the four hands written, 21 tricks numbered in turn, every card held by
    the seat whose turn it is. Then the seating's checks (pack, duplicates) follow from
    "held" (the start hands are disjoint parts of the pack), and a play is examined further
    (:func:`_judge`) only when it does not follow the led category and the player could
    have, or when the King rule may bind him (MIN-12, MIN-13). Anything else raises
    :class:`Fallback`, and the caller replays the record from scratch on the general path
    (``tests/test_minchiate_fastpath.py`` keeps both equal): same findings, marks and trick
    log, in the same order.
    """
    tricks = h.lines.tricks
    if len(tricks) != TRICKS:
        raise Fallback
    hands = list(h.start)
    marks = h.marks
    results = h.report.tricks
    after = _after_lines(h, hands)
    info = _INFO
    orders = _ORDERS
    category_mask = CATEGORY_MASK
    trump_mask = TRUMP_MASK
    king_of = KING_OF
    new_result = TrickResult.__new__
    # the marks of a trick (Marks.trick), inline: piles, the Fool owed, muore, accrescimento
    piles = h.piles
    tricks_won = h.tricks_won
    names = h.report.players
    text = h.words.texts  # the cards of a muore mark, as the record writes them
    mark = marks.mark
    extend = marks.extend if marks.accrescimento else None
    # the cards that can extend what each side declared (MIN-8): a trick without one leaves
    # its versicole as they are (Marks.extend would find nothing to add)
    reach = [0, 0]
    for side, kinds in enumerate(marks.extendable):
        for kind in kinds:
            reach[side] |= R.EXTENDABLE[kind]
    first_led = 0  # suits already led once (MIN-12)
    leader = h.eldest
    for number, trick in enumerate(tricks, start=1):
        cards = trick.card_tuple
        if (
            trick.number != number
            or len(cards) != 4
            or (trick.leader is not None and trick.leader != leader)
        ):
            raise Fallback
        order = orders[leader]
        flags: dict | None = None
        trumped = False  # a trump is in the trick (the King rule, MIN-12)
        fool = -1  # the Fool's position
        emptied = None  # seats that played their last trump (MIN-14)
        try:
            bit, category, key, points = info[cards[0]]
        except TypeError:  # an unknown card (None): the general path stops there
            raise Fallback from None
        seat = leader
        hand = hands[seat]
        if not hand & bit:
            raise Fallback
        hand ^= bit
        hands[seat] = hand
        won = bit
        position = 0
        if category == FOOL_CATEGORY:  # the Fool led: the next card leads (G-3)
            fool = 0
            if number == TRICKS:
                flags = {}
                _fool_last(h, hand | bit, trick, 0, seat, number, flags)
            try:
                bit, category, key, value = info[cards[1]]
            except TypeError:
                raise Fallback from None
            seat = order[1]
            hand = hands[seat]
            if not hand & bit:
                raise Fallback
            hand ^= bit
            hands[seat] = hand
            points += value
            won |= bit
            position = 1
        led = category
        first = led < 4 and not first_led >> led & 1
        king = king_of[led] if first else 0  # the King the rule may call for (MIN-12)
        led_mask = category_mask[led]
        suit_led = led != TRUMP
        best = key
        winner = seat
        if category == TRUMP:
            trumped = True
            if hand and not hand & trump_mask:
                emptied = [seat]
        for position in range(position + 1, 4):  # noqa: B020 (the lead's position, then on)
            card = cards[position]
            try:
                bit, category, key, value = info[card]
            except TypeError:
                raise Fallback from None
            seat = order[position]
            hand = hands[seat]
            if not hand & bit:
                raise Fallback
            points += value
            won |= bit
            # Is the play to be judged (MIN-13, the King rule MIN-12)? Most are legal at once.
            if category == led:  # follows: legal, unless the King rule binds him
                if key > best:
                    best = key
                    winner = seat
                doubt = trumped and hand & king
            elif category == TRUMP:  # trumps a suit lead: legal when void in the suit
                if key > best:
                    best = key
                    winner = seat
                doubt = hand & led_mask
            elif category == FOOL_CATEGORY:  # always legal (G-3), but the King rule binds
                fool = position
                doubt = trumped and hand & king
            else:  # a discard: legal when he could neither follow nor trump
                doubt = hand & led_mask or (suit_led and hand & trump_mask)
            if doubt:
                flags = {} if flags is None else flags
                _judge(h, hand, trick, cards, position, seat, number, led, first, trumped, flags)
            if category == FOOL_CATEGORY and number == TRICKS:  # MIN-11, after the King rule
                flags = {} if flags is None else flags
                _fool_last(h, hand, trick, position, seat, number, flags)
            hand ^= bit
            hands[seat] = hand
            if category == TRUMP:
                trumped = True
                if hand and not hand & trump_mask:
                    emptied = [*(emptied or ()), seat]
        if 0 <= led < 4:
            first_led |= 1 << led
        result = new_result(TrickResult)  # TrickResult(...) without a call
        result.number = number
        result.leader = leader
        result.cards = cards
        result.winner = winner
        result.points = points
        result.flags = flags or NO_FLAGS
        result.players = 4
        result.source = trick
        results.append(result)
        side = winner & 1
        if fool >= 0 and order[fool] & 1 != side:  # MIN-11: the Fool stays, a card is owed
            won ^= FOOL_BIT
            piles[side ^ 1] |= FOOL_BIT
            h.fool_owed = (side ^ 1, side, number)
        piles[side] |= won
        tricks_won[side] += 1
        # MIN-8: the losers' counting cards die, marked as one line (the Fool's value is 0
        # in the table: it never dies)
        lost = (
            info[cards[1]][3] + info[cards[3]][3]
            if leader & 1 == side
            else info[cards[0]][3] + info[cards[2]][3]
        )
        if lost:
            dead = [
                f"{text[cards[position]]} of {names[order[position]]}"
                for position in range(4)
                if order[position] & 1 != side and info[cards[position]][3]
            ]
            mark(side, lost, f"trick {number}: muore {', '.join(dead)}", "MIN-8")
        if won & reach[side] and extend is not None:
            extend(side, won, number)
        if emptied:
            for seat in emptied:
                _note_cascare(h, seat, number + 1, hands[seat])
        if after:
            for kind, line in after.get(number, ()):
                if kind == "replace":
                    marks.replace(line, number)
                else:
                    _cascare_line(h, line, number, hands)
        if h.fool_owed is not None:  # its card may now be due (MIN-11a)
            marks.owed(number)
        leader = winner
    # what each seat played (the general path's seating fills it; the trick log, not a
    # seated list, is what the scoring reads after this pass)
    h.played = [h.start[seat] ^ hands[seat] for seat in range(4)]


def _after_lines(h: MinchiateHand, hands: list[int]) -> dict[int, list]:
    """The replace and cascare lines by the number of tricks before them; the cascare notes
    and lines before the first trick (as :func:`play` makes them)."""
    after: dict[int, list] = {}
    for tricks_before, line in h.lines.replaces:
        after.setdefault(tricks_before, []).append(("replace", line))
    for tricks_before, line in h.lines.cascare:
        after.setdefault(tricks_before, []).append(("cascare", line))
    known = h.known  # a hand not written is not known to be void (the single pass: all are)
    for seat in range(4):
        if known[seat] and hands[seat] and not hands[seat] & TRUMP_MASK:
            _note_cascare(h, seat, 1, hands[seat])
    for kind, line in after.get(0, ()):
        if kind == "replace":
            h.stop(
                "LINE_OUT_OF_PLACE",
                "the replace line comes before the Fool was played",
                "MIN-11",
                loc=line.loc,
            )
        _cascare_line(h, line, 0, hands)
    return after


def _judge(
    h: MinchiateHand,
    hand: int,
    trick,
    cards: tuple,
    position: int,
    seat: int,
    number: int,
    led: int,
    first: bool,
    trumped: bool,
    flags: dict,
) -> None:
    """A play that may break MIN-13 or the King rule (MIN-12), judged for both paths (the
    code, the full legal set, the finding). A play can break both: holding the King of a suit
    led for the first time and trumped, a player who trumps or discards instead also fails to
    follow suit; each breach is reported with its own legal cards (G-1)."""
    card = cards[position]
    before = cards[:position]
    rules = R.RULES
    code = rules.illegal(hand, before, card) if CATEGORY[card] != led else None
    if code is not None:
        legal = rules.legal(hand, before)
        h.flag_revoke(code, seat, card, trick.plays[position].loc, number, led, legal)
        flags[position] = ((code,), legal)
    if first and trumped and hand & KING_OF[led] and card != _king(led):
        _flag_king(h, trick, position, seat, number, led, card, flags)


def _flag_king(
    h: MinchiateHand, trick, position: int, seat: int, number: int, led: int, card: int, flags: dict
) -> None:
    """MIN-12: the player held the King of the suit first led, the lead was trumped and he
    did not play it (one finding, worded in the record's style, for both paths). After a
    revoke by the same play the trick log keeps both codes, with the cards legal under both
    rules: the King."""
    king = _king(led)
    words = h.words
    h.flag(
        "KING_NOT_PLAYED",
        VIOLATION,
        f"{h.name(seat)} held {words.texts[king]}: the first "
        f"lead of {words.suits[led]} was trumped, so he had to play it",
        "MIN-12",
        loc=trick.plays[position].loc,
        trick=number,
        seat=seat,
        cards=(card,),
        legal=(king,),
    )
    codes, legal = flags.get(position, ((), KING_OF[led]))
    flags[position] = ((*codes, "KING_NOT_PLAYED"), legal & KING_OF[led])


def _fool_last(
    h: MinchiateHand, hand: int, trick, position: int, seat: int, number: int, flags: dict
) -> None:
    """MIN-11: the Fool kept to the last trick (as :func:`play` flags it)."""
    card = trick.card_tuple[position]
    h.flag(
        "FOOL_IN_LAST_TRICK",
        VIOLATION,
        f"{h.name(seat)} kept the Fool to the last trick",
        "MIN-11",
        loc=trick.plays[position].loc,
        trick=number,
        seat=seat,
        cards=(card,),
    )
    flags[position] = (("FOOL_IN_LAST_TRICK",), hand & ~FOOL.bit)
