"""Minchiate's findings in words: one template per code (and variant), rendered from the
finding's facts (:mod:`scorer.messages`). The shared templates are in :data:`GENERAL`; these
are Minchiate's own, and its wording of the shared ones (a card as the record writes it, a
revoke with its penalty, MIN-13)."""

from __future__ import annotations

from ...messages import GENERAL

__all__ = ["TEMPLATES"]

_REVOKE = "{seat:player} played {card:notation} but "
_PENALTY = ": two rests to each opponent"

MINCHIATE: dict[str, str] = {
    "CARD_NOT_HELD": "{seat:player} does not hold {card:notation}",
    # MIN-13: revokes, each charged two rests to each opponent
    "MUST_FOLLOW_SUIT": _REVOKE + "held {led:suit} and had to follow suit" + _PENALTY,
    "MUST_TRUMP": _REVOKE + "had no {led:suit} but held trumps, so had to trump" + _PENALTY,
    "MUST_FOLLOW_TRUMPS": _REVOKE + "held trumps and a trump was led" + _PENALTY,
    "KING_NOT_PLAYED": (
        "{seat:player} held {king:notation}: the first lead of {led:suit} was trumped, "
        "so he had to play it"
    ),
    "FOOL_IN_LAST_TRICK": "{seat:player} kept the Fool to the last trick",
    "CASCARE": (
        "{seat:player} has no trumps left and lays the cards open ({hand:notations}) "
        "from trick {trick}"
    ),
    "BAD_CASCARE.trumps": "{seat:player} still holds trumps after trick {after}, so cannot cascare",
    "BAD_CASCARE.cards": "{seat:player} holds {hand:notations}, not the cards written",
    "LINE_OUT_OF_PLACE.replace_first": "the replace line comes before the Fool was played",
    "PARTIAL_RECORD": "the record stops after {count} trick line(s); nothing is scored",
}

#: Every template a Minchiate finding may use.
TEMPLATES: dict[str, str] = {**GENERAL, **MINCHIATE}
