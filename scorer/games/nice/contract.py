"""Four-player Nice: the Solo, the call, the exchange and the surrender (NICE-7 .. NICE-9)."""

from __future__ import annotations

from ...cards import FOOL, Card
from ...findings import Severity
from ...record import Line
from . import rules as R
from .hand import NiceHand

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
        h.stop(
            "MISSING_CALL",
            "a Solo writes call: CARD or call: none; without a Solo the "
            "dealer must call a King (NICE-8)",
            "NICE-7",
            loc=solo_line.loc if solo_line else h.record.start,
        )
    contract.loc = call_line.loc
    called, choice = _read_call(h, call_line)
    choice_loc = call_line.items[-1].loc if choice is not None else None
    if called is None:
        if not contract.solo:
            h.stop(
                "BAD_CALL",
                "without a Solo the dealer must call a card",
                "NICE-8",
                loc=call_line.loc,
            )
        contract.sans_prendre = True
        _no_exchange(h, "a Solo sans prendre takes no card")
        h.start_hands()
        return
    contract.called = called
    text = h.words.card(called)  # the called card as the record writes it
    holder = _holder_of(h, called)
    if contract.solo:
        _check_solo_call(h, call_line, called)
    else:
        _check_partner_call(h, call_line, called)
    if holder == "discard":
        contract.called_in_discard = True
        if contract.solo:
            if choice is not None:  # NICE-9a: the word does not apply, never ignored
                h.stop(
                    "BAD_CHOICE",
                    f"{choice} is only for a player who calls his own card; {text} lies "
                    "in the dealer's discard (NICE-7)",
                    "NICE-9a",
                    loc=choice_loc,
                )
            _no_exchange(h, f"{text} lies in the discard, so no exchange happens (NICE-7)")
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
        h.flag(
            "HOLDER_UNKNOWN",
            Severity.NOTE,
            f"the record says the caller held {text}; without the deal this cannot be checked",
            "NICE-9",
            loc=call_line.loc,
        )
        _own_card(h, call_line, called, choice)
        return
    if choice is not None:
        h.stop(
            "BAD_CHOICE",
            f"{choice} is only for a player who calls his own card",
            "NICE-9a",
            loc=choice_loc,
        )
    if holder is None:
        h.flag(
            "HOLDER_UNKNOWN",
            Severity.NOTE,
            f"who held {text} cannot be told from this partial record",
            "NICE-8",
            loc=call_line.loc,
        )
    contract.holder = holder
    if contract.solo:
        _exchange(h, called)
    else:
        contract.partner = holder
        _no_exchange(h, "only a Solo player exchanges the called card (NICE-7)")
    h.start_hands()


def _read_call(h: NiceHand, line: Line) -> tuple[Card | None, str | None]:
    items = list(line.items)
    if not items:
        h.stop("BAD_CALL", "call: needs a card or none", loc=line.loc)
    first, rest = items[0], items[1:]
    choice = None
    for item in rest:
        choice = CHOICES.get(item.text.casefold())
        if choice is None or len(rest) > 1:
            h.stop(
                "BAD_CALL",
                f"after the called card only surrender or sans-prendre may "
                f"follow, not {item.text!r}",
                "NICE-9",
                loc=item.loc,
            )
    if first.card is None:
        if first.text.casefold() in NONE_WORDS:
            return None, choice
        h.stop("BAD_CALL", f"{first.text!r} is not a card", loc=first.loc)
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
        h.flag(
            "BAD_CALL",
            Severity.VIOLATION,
            "the Fool may not be called",
            "NICE-7",
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
        h.flag(
            "MUST_PLAY_SOLO",
            Severity.VIOLATION,
            "holding all four Kings and XX the dealer must play Solo",
            "NICE-8",
            loc=line.loc,
            seat=dealer,
        )
    elif all_kings and called != R.ANGEL:
        h.flag(
            "BAD_CALL",
            Severity.VIOLATION,
            f"holding all four Kings the dealer calls XX, not {h.words.card(called)}",
            "NICE-8",
            loc=line.loc,
            seat=dealer,
            cards=(called,),
        )
    elif not all_kings and not called.is_king:
        h.flag(
            "BAD_CALL",
            Severity.VIOLATION,
            "the dealer calls a King, not " + h.words.card(called),
            "NICE-8",
            loc=line.loc,
            seat=dealer,
            cards=(called,),
        )


def _own_card(h: NiceHand, line: Line, called: Card, choice: str | None) -> None:
    """NICE-9: calling a card one holds means Solo sans prendre or surrender."""
    contract = h.contract
    if choice is None:
        h.stop(
            "MISSING_CHOICE",
            f"{h.name(contract.declarer)} called {h.words.card(called)}, "
            "which he holds: the record must say surrender or sans-prendre",
            "NICE-9",
            loc=line.loc,
            seat=contract.declarer,
        )
    contract.holder = contract.declarer
    _no_exchange(h, "a player who called his own card takes no card (NICE-9)")
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
        h.stop(
            "MISSING_EXCHANGE",
            f"the Solo player receives {h.words.card(called)} and "
            "gives a card back: write exchange: CARD",
            "NICE-7",
            loc=contract.loc,
        )
    cards = line.cards()
    if len(cards) != 1:
        h.stop("BAD_EXCHANGE", "exchange: names exactly one card", "NICE-7", loc=line.loc)
    given = cards[0]
    declarer = contract.declarer
    if given == called:
        h.stop(
            "BAD_EXCHANGE",
            "the Solo player cannot give back the card he called",
            "NICE-7",
            loc=line.loc,
        )
    if declarer in h.lines.hands:
        hand = h.dealt[declarer] & ~(h.discard or 0 if declarer == h.dealer else 0)
        if not hand >> given & 1:
            h.stop(
                "CARD_NOT_HELD",
                f"{h.name(declarer)} does not hold {h.words.card(given)} to give",
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
        h.stop(
            "BAD_EXCHANGE",
            f"{h.words.card(given)} was given to "
            f"{h.name(contract.holder)} but never played by that player",
            "NICE-7",
            loc=line.loc,
        )
    contract.given = given


def _no_exchange(h: NiceHand, why: str) -> None:
    line = h.lines.single.get("exchange")
    if line is not None:
        h.stop("BAD_EXCHANGE", f"no exchange here: {why}", "NICE-7", loc=line.loc)
