"""Nice: what a finished hand is worth, in marca (NICE-2, NICE-9, NICE-14 .. NICE-17).

Each payment is a :class:`~scorer.report.ScoreLine` naming the ruling it applies; the hand's
settlement is their sum. Payments between players are zero-sum except the three-player
abeyance (NICE-17), which the session ledger carries.
"""

from __future__ import annotations

from ...cards import FOOL
from ...cardset import cards_of
from ...messages import render
from ...report import SideTally
from .declare import combinations_held
from .hand import NiceHand
from .messages import LINES

WIN_AT = {4: 37}  # NICE-15: the declarer's side wins with 37 or more of 72
DOUBLE_UNDER = 18  # NICE-15: either side under 18 doubles
NICE3_HALF, NICE3_LOW = 26, 13  # NICE-17


def each_other_pays(n: int, seat: int, amount: int) -> tuple[int, ...]:
    """``seat`` receives ``amount`` from each other player (negative: pays each)."""
    return tuple(amount * (n - 1) if s == seat else -amount for s in range(n))


def side_of_seat(h: NiceHand) -> list[int]:
    """Side index per seat: declarer's side 0, opponents 1 (four players); each alone (three)."""
    if h.n == 3:
        return [0, 1, 2]
    return [h.contract.side_of(seat) for seat in range(h.n)]


def tally(h: NiceHand) -> list[SideTally]:
    """NICE-2: card points won, 1 per trick, and the discard (with its point) to the dealer's
    side; the Fool's points stay with the side that played it (NICE-3)."""
    sides = side_of_seat(h)
    count = max(sides) + 1
    card_points = [0] * count
    tricks = [0] * count
    points = h.card_points
    n = h.n
    won_tricks = [0] * n
    won_points = [0] * n
    for trick in h.report.tricks:
        seat = trick.winner  # a scored hand's tricks are all won
        won_tricks[seat] += 1  # type: ignore[index]
        won_points[seat] += trick.points  # type: ignore[index]  # (the Fool's are not in them)
    for seat in range(n):
        tricks[sides[seat]] += won_tricks[seat]
        card_points[sides[seat]] += won_points[seat]
    # NICE-3: the Fool's points stay with the side of whoever held it when play began, who
    # played it (a whole hand is scored); a Fool discarded goes with the discard
    fool_seat = next((seat for seat in range(n) if h.start[seat] >> FOOL & 1), None)
    if fool_seat is not None:
        card_points[sides[fool_seat]] += points[FOOL]
    discard_points = [0] * count
    dealer_side = sides[h.dealer]
    discard_points[dealer_side] = sum(points[c] for c in cards_of(h.discard or 0)) + 1
    out = []
    for side in range(count):
        seats = tuple([s for s in range(n) if sides[s] == side])
        out.append(
            SideTally(
                name=_side_name(h, side, seats),
                seats=seats,
                card_points=card_points[side],
                tricks=tricks[side],
                trick_points=tricks[side],
                discard_points=discard_points[side],
                total=card_points[side] + tricks[side] + discard_points[side],
                template=_SIDES[side] if h.n == 4 else "",
                facts={"side": seats} if h.n == 4 else {},
            )
        )
    return out


#: The sides' names of a four-player hand (NICE-8), by side: the declarer's, the opponents'.
_SIDES = (LINES["side.declarer"], LINES["side.opponents"])


def _side_name(h: NiceHand, side: int, seats: tuple[int, ...]) -> str:
    """A side's name: three players play each for himself, named; four, as :data:`_SIDES`."""
    players = h.report.players
    if h.n == 3:
        return ", ".join([players[s] for s in seats])
    return render(_SIDES[side], {"side": seats}, h.words, players)


def score_hand(h: NiceHand) -> None:
    report = h.report
    contract = h.contract
    n = h.n
    if contract.surrender:
        _surrender(h)
        return
    report.sides = tally(h)
    if n == 4:
        _partida4(h)
    else:
        _partida3(h)
    for (seat, name), _where in sorted(h.declared.items()):
        report.lines.append(
            h.score_line("declared", each_other_pays(n, seat, 1), "NICE-16", name=name, seat=seat)
        )
    watch = h.bagatte
    if watch is not None and watch.won is not None and watch.holder is not None:
        amount = 2 * (2 if contract.sans_prendre else 1)
        doubled = ".doubled" if contract.sans_prendre else ""
        key, paid = ("bagatte_won", amount) if watch.won else ("bagatte_lost", -amount)
        report.lines.append(
            h.score_line(
                key + doubled,
                each_other_pays(n, watch.holder, paid),
                "NICE-14",
                seat=watch.holder,
                amount=amount,
            )
        )
    report.contract.update(contract_summary(h))


def _partida4(h: NiceHand) -> None:
    """NICE-15: 37 of 72 wins; a side under 18 doubles; sans prendre doubles again."""
    report = h.report
    contract = h.contract
    declarer_side, opponents = report.sides
    points = declarer_side.total
    won = points >= WIN_AT[4]
    unit = 1
    why = []
    if min(points, opponents.total) < DOUBLE_UNDER:
        unit *= 2
        why.append("under_18")
    if contract.sans_prendre:
        unit *= 2
        why.append("sans_prendre")
    sign = 1 if won else -1
    amounts = [0] * 4
    for seat in opponents.seats:
        amounts[seat] = -sign * unit
    if contract.solo:
        amounts[contract.declarer] = sign * unit * 3
    else:
        for seat in declarer_side.seats:
            amounts[seat] = sign * unit
    report.lines.append(
        h.score_line(
            "partida4.doubled" if why else "partida4",
            tuple(amounts),
            "NICE-15",
            verdict="wins" if won else "loses",
            points=points,
            unit=unit,
            why=tuple(why),
        )
    )


def _partida3(h: NiceHand) -> None:
    """NICE-17: 13..25 pay 1 to the top scorer, under 13 pay 2; a tie for most puts the
    third player's payment into abeyance; a three-way tie pays nothing."""
    report = h.report
    totals = [side.total for side in report.sides]
    top = max(totals)
    leaders = [s for s in range(3) if totals[s] == top]
    payments = [0 if t >= NICE3_HALF else (1 if t >= NICE3_LOW else 2) for t in totals]
    amounts = [0, 0, 0]
    parts: list[tuple[str, int, int, int]] = []
    if len(leaders) == 1:
        winner = leaders[0]
        report.sole_top = winner
        for seat in range(3):
            if seat != winner and payments[seat]:
                amounts[seat] -= payments[seat]
                amounts[winner] += payments[seat]
                parts.append(("pays", seat, totals[seat], payments[seat]))
        key = "partida3" if parts else "partida3.nobody"
        line = h.score_line(
            key, tuple(amounts), "NICE-17", winner=winner, top=top, payers=tuple(parts)
        )
    elif len(leaders) == 2:
        third = next(s for s in range(3) if s not in leaders)
        amounts[third] = -payments[third]
        report.abeyance = payments[third]
        line = h.score_line(
            "partida3.tie",
            tuple(amounts),
            "NICE-17",
            first=leaders[0],
            second=leaders[1],
            top=top,
            third=third,
            payment=payments[third],
        )
    else:
        line = h.score_line("partida3.three_way", tuple(amounts), "NICE-17")
    report.lines.append(line)


def _surrender(h: NiceHand) -> None:
    """NICE-9: the surrenderer pays 1 to each; every combination held is paid (for the hands
    the record shows; a hand not written down cannot be checked, see DEAL_UNKNOWN)."""
    report = h.report
    n = h.n
    declarer = h.contract.declarer
    report.lines.append(
        h.score_line("surrender", each_other_pays(n, declarer, -1), "NICE-9", seat=declarer)
    )
    report.contract.update(contract_summary(h))
    for seat in range(n):
        if not h.dealt_known[seat]:
            continue
        hand = h.dealt[seat] & ~((h.discard or 0) if seat == h.dealer else 0)
        for name in combinations_held(h, hand):
            report.lines.append(
                h.score_line(
                    "surrender.held", each_other_pays(n, seat, 1), "NICE-9", name=name, seat=seat
                )
            )


def contract_summary(h: NiceHand) -> dict[str, str]:
    """Who plays with whom, as the report shows it: settled before play, so also shown for a
    record that stops or becomes impossible later (G-2)."""
    if h.n == 3:
        return {"type": "three players, each for himself"}
    contract = h.contract
    out = {"declarer": h.name(contract.declarer)}
    if contract.surrender:
        out["type"] = "surrender"
    elif contract.solo:
        out["type"] = "solo sans prendre" if contract.sans_prendre else "solo"
    else:
        out["type"] = "call"
        if contract.partner is not None:
            out["partner"] = h.name(contract.partner)
    if contract.called is not None:
        out["called"] = h.words.card(contract.called)  # in the record's suit style
        if contract.called_in_discard:
            out["called"] += " (in the discard)"
    if contract.given is not None:
        out["given"] = h.words.card(contract.given)
    return out
