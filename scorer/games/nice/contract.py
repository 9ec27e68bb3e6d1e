"""Four-player Nice: the Solo, the call, the exchange and the surrender (NICE-7 .. NICE-9)."""

from __future__ import annotations

from ...cards import FOOL, Card
from ...findings import Severity
from ...record import Line
from . import rules as R
from .hand import NiceHand

VIOLATION, NOTE = Severity.VIOLATION, Severity.NOTE
NONE_WORDS = {"none", "no", "-", "nobody"}
CHOICES = {"surrender": "surrender", "sans-prendre": "sans-prendre", "sansprendre": "sans-prendre"}


def settle_contract(h: NiceHand) -> None:
    """Fill ``h.contract`` from the solo / call / exchange lines and check them; then compute
    the hands at the start of play (:meth:`NiceHand.start_hands`)."""
    lines = h.lines.single
    contract = h.contract
    solo_line = lines.get("solo")
    solo_seat = None
    if solo_line is not None:
        name = " ".join(item.text for item in solo_line.items)
        if name.casefold() not in NONE_WORDS:
            solo_seat = h.seat_named(name, solo_line.loc)
    contract.solo = solo_seat is not None
    contract.declarer = solo_seat if solo_seat is not None else h.dealer
    call_line = lines.get("call")
    if call_line is None:
        h.halt("MISSING_CALL", "NICE-7", loc=solo_line.loc if solo_line else h.record.start)
    contract.loc = call_line.loc
    called, choice = _read_call(h, call_line)
    choice_loc = call_line.items[-1].loc if choice is not None else None
    if called is None:
        if not contract.solo:
            h.halt("BAD_CALL", "NICE-8", variant="no_card", loc=call_line.loc)
        contract.sans_prendre = True
        _no_exchange(h, "sans_prendre")
        h.start_hands()
        return
    contract.called = called
    found = _holder_of(h, called)
    holder = None if isinstance(found, str) else found
    if contract.solo:
        _check_solo_call(h, call_line, called)
    else:
        _check_partner_call(h, call_line, called)
    if found == "discard":
        contract.called_in_discard = True
        if contract.solo:
            if choice is not None:  # NICE-9a: the word does not apply, never ignored
                h.halt(
                    "BAD_CHOICE",
                    "NICE-9a",
                    variant="discard",
                    loc=choice_loc,
                    choice=choice,
                    called=called,
                )
            _no_exchange(h, "in_discard", called=called)
            if h.options.get("called-in-discard") == "sans-prendre":
                contract.sans_prendre = True
            h.start_hands()
            return
        holder = contract.declarer  # only reachable after an illegal discard of a King / XX
    if holder == contract.declarer:
        _own_card(h, call_line, called, choice)
        return
    if holder is None and choice is not None:
        # No hand lines and no play to show who held the card: take the record's word.
        h.say("HOLDER_UNKNOWN", NOTE, "NICE-9", variant="caller", loc=call_line.loc, called=called)
        _own_card(h, call_line, called, choice)
        return
    if choice is not None:
        h.halt("BAD_CHOICE", "NICE-9a", loc=choice_loc, choice=choice)
    if holder is None:
        h.say("HOLDER_UNKNOWN", NOTE, "NICE-8", loc=call_line.loc, called=called)
    contract.holder = holder
    if contract.solo:
        _exchange(h, called)
    else:
        contract.partner = holder
        _no_exchange(h, "not_solo")
    h.start_hands()


def _read_call(h: NiceHand, line: Line) -> tuple[Card | None, str | None]:
    items = list(line.items)
    if not items:
        h.halt("BAD_CALL", variant="empty", loc=line.loc)
    first, rest = items[0], items[1:]
    choice = None
    for item in rest:
        choice = CHOICES.get(item.text.casefold())
        if choice is None or len(rest) > 1:
            h.halt("BAD_CALL", "NICE-9", variant="choice", loc=item.loc, word=item.text)
    if first.card is None:
        if first.text.casefold() in NONE_WORDS:
            return None, choice
        h.halt("BAD_CALL", variant="not_a_card", loc=first.loc, word=first.text)
    return first.card, choice


def _holder_of(h: NiceHand, card: Card) -> int | str | None:
    """Who held ``card`` after the discard: a seat, ``"discard"``, or ``None`` if unknown.

    A seat without a hand line is known only by its plays; in a Solo with an exchange the
    called card is then played by the Solo player, and the holder is whoever played the card
    given back (resolved in :func:`_exchange`).
    """
    if h.discard is not None and h.discard >> card & 1:
        return "discard"
    for seat, line in h.lines.hands.items():
        if h.dealt[seat] >> card & 1 and line is not None:
            return seat
    for seat in range(h.n):
        if seat not in h.lines.hands and h.shown[seat] >> card & 1:
            if h.contract.solo and seat == h.contract.declarer and "exchange" in h.lines.single:
                given = h.lines.single["exchange"].cards()
                for other in range(h.n):
                    if given and other != seat and h.shown[other] >> given[0] & 1:
                        return other
            return seat
    return None


def _check_solo_call(h: NiceHand, line: Line, called: Card) -> None:
    if called == FOOL:
        h.say(
            "BAD_CALL",
            VIOLATION,
            "NICE-7",
            variant="fool",
            loc=line.loc,
            seat=h.contract.declarer,
            cards=(called,),
        )


def _check_partner_call(h: NiceHand, line: Line, called: Card) -> None:
    """NICE-8: a King the dealer does not hold; XX when he holds all four; Solo if he also
    holds XX. Checked when the dealer's hand is known."""
    dealer = h.dealer
    if not h.dealt_known[dealer]:
        return
    hand = h.dealt[dealer] & ~(h.discard or 0)
    kings = hand & R.KINGS
    all_kings = kings == R.KINGS
    if all_kings and hand >> R.ANGEL & 1:
        h.say("MUST_PLAY_SOLO", VIOLATION, "NICE-8", loc=line.loc, seat=dealer)
    elif all_kings and called != R.ANGEL:
        h.say(
            "BAD_CALL",
            VIOLATION,
            "NICE-8",
            variant="kings",
            loc=line.loc,
            seat=dealer,
            cards=(called,),
        )
    elif not all_kings and not called.is_king:
        h.say(
            "BAD_CALL",
            VIOLATION,
            "NICE-8",
            variant="king",
            loc=line.loc,
            seat=dealer,
            cards=(called,),
        )


def _own_card(h: NiceHand, line: Line, called: Card, choice: str | None) -> None:
    """NICE-9: calling a card one holds means Solo sans prendre or surrender."""
    contract = h.contract
    if choice is None:
        h.halt("MISSING_CHOICE", "NICE-9", loc=line.loc, seat=contract.declarer, called=called)
    contract.holder = contract.declarer
    _no_exchange(h, "own_card")
    if choice == "surrender":
        contract.surrender = True
    else:
        contract.solo = True
        contract.sans_prendre = True
    h.start_hands()


def _exchange(h: NiceHand, called: Card) -> None:
    """NICE-7: the holder gives the called card and receives the card named on the line."""
    contract = h.contract
    line = h.lines.single.get("exchange")
    if line is None:
        h.halt("MISSING_EXCHANGE", "NICE-7", loc=contract.loc, called=called)
    cards = line.cards()
    if len(cards) != 1:
        h.halt("BAD_EXCHANGE", "NICE-7", variant="count", loc=line.loc)
    given = cards[0]
    declarer = contract.declarer
    if given == called:
        h.halt("BAD_EXCHANGE", "NICE-7", variant="called", loc=line.loc)
    if declarer in h.lines.hands:
        hand = h.dealt[declarer] & ~(h.discard or 0 if declarer == h.dealer else 0)
        if not hand >> given & 1:
            h.halt(
                "CARD_NOT_HELD",
                variant="give",
                loc=line.items[0].loc,
                seat=declarer,
                cards=(given,),
            )
    elif (
        contract.holder is not None
        and contract.holder not in h.lines.hands
        and not (h.shown[contract.holder] >> given & 1)
        and h.shown_complete
    ):
        h.halt(
            "BAD_EXCHANGE",
            "NICE-7",
            variant="never_played",
            loc=line.loc,
            given=given,
            holder=contract.holder,
        )
    contract.given = given


def _no_exchange(h: NiceHand, why: str, **facts: Card) -> None:
    """NICE-7, NICE-9: no exchange happens here (``why``: the variant that says why)."""
    line = h.lines.single.get("exchange")
    if line is not None:
        h.halt("BAD_EXCHANGE", "NICE-7", variant=why, loc=line.loc, **facts)
