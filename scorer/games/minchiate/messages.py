"""Minchiate's findings in words: one template per code (and variant), rendered from the
finding's facts (:mod:`scorer.messages`). The shared templates are in :data:`GENERAL`; these
are Minchiate's own, and its wording of the shared ones (a card as the record writes it, a
revoke with its penalty, MIN-13)."""

from __future__ import annotations

from ...messages import GENERAL, LEDGER
from . import rules as R

__all__ = ["LINES", "TEMPLATES", "TERMS"]

#: The game's terms (kind ``term``, :mod:`scorer.messages`), by the key a fact holds: the
#: sections of the record whose cards are read (``what``), and the versicole (MIN-7).
TERMS: dict[str, str] = {
    "robbed": "the robbed cards",
    "hands": "hands",
    "faceup": "the face-up cards",
    "scoprire": "the scoprire cards",
    "pigliare": "the pigliare cards",
    "discards": "the discards",
    "folla": "the folla",
    "declaration": "a declaration",
    "open_hand": "the open hand",
    "replacement": "the Fool's replacement",
    # when a card is given for the Fool, and a difference (score lines)
    "after_trick": "after trick {0}",
    "at_the_end": "at the end",
    "level": "level",
    "ahead": "{0} to {1}",
    # what a mark is for (MIN-9 .. MIN-8b): the cards as the record writes them
    "robbed_by": "robbed by {0:player} ({1})",
    "faceup_of": "face-up 21st card of {0:player} ({1})",
    "scoperti_by": "scoperti by {0:player} ({1})",
    "declared_by": "{0:term} declared by {1:player} ({2})",
    "declared_by.fool": "{0:term} declared by {1:player} ({2}) with the Fool's 5",
    "muore": "trick {0}: muore {1:terms}",
    "of": "{0} of {1:player}",
    "accrescimento": "{0:term}: accrescimento, {1} extend(s) the {2:term} declared",
    "trick": "trick {0}",
    "fool_card": "the card for the Fool ({0:term})",
    # a versicola in a side's pile at the end (MIN-10)
    "in_pile": "{0:term} {1} = {2}",
    "in_pile.fool": "{0:term} {1} +5 for the Fool = {2}",
    "none": "none",
    **R.KIND_NAMES,
}

_REVOKE = "{seat:player} played {card:notation} but "
_PENALTY = ": two rests to each opponent"

MINCHIATE: dict[str, str] = {
    "CARD_NOT_HELD": "{seat:player} does not hold {card:notation}",
    # where the card is instead (#32.10)
    "CARD_NOT_HELD.other": "{seat:player} does not hold {card:notation}; {other:player} holds it",
    "CARD_NOT_HELD.discarded": (
        "{seat:player} does not hold {card:notation}; {by:player} discarded it"
    ),
    "CARD_NOT_HELD.folla": "{seat:player} does not hold {card:notation}; it lies in the folla",
    "CARD_NOT_HELD.played": (
        "{seat:player} does not hold {card:notation}; it was played in trick {played_in} by "
        "{by:player}"
    ),
    "CARD_NOT_HELD.out": "{seat:player} does not hold {card:notation}; it is out of play",
    "CARD_NOT_HELD.unknown": (
        "{seat:player} does not hold {card:notation}, and where it is cannot be told from the "
        "record"
    ),
    "DUPLICATE_CARD.played": (
        "{card:notation} was already played, in trick {played_in} by {by:player}"
    ),
    "DUPLICATE_CARD.out": "{card:notation} is out of play",
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
    "WRONG_PLAYERS": "Minchiate has four players, the record names {count}",
    # the record's lines (G-2)
    "DUPLICATE_LINE": "a second {keyword} line",
    "DUPLICATE_LINE.seat": "a second {keyword} line for {subject}",
    "LINE_OUT_OF_PLACE.after_play": "the {keyword} line comes after play began",
    "BAD_DRAW": "the draw names each of the four players once, highest first",
    "UNKNOWN_CARD.section": "{what:term} must be written in full",
    "DUPLICATE_CARD.deal": "{card:notation} appears twice in the deal ({what:term})",
    # the cut, the deal, the folla, the discards (MIN-3 .. MIN-6)
    "NOT_THE_CUTTER": "{subject} did not cut: the cutter is {cutter:player}, the dealer's left",
    "BAD_ROB": "only counting cards and sopraventi may be robbed: {cards:written}",
    "WRONG_HAND_SIZE.dealt": (
        "{seat:player} was dealt {count} cards face down; the deal gives 20 (and a 21st face up)"
    ),
    "MISSING_FACEUP": ("the face-up 21st card of {seat:player} is not written (faceup NAME: CARD)"),
    "WRONG_FACEUP": "{seat:player} has one face-up 21st card, not {count}",
    "BAD_SCOPERTO": ("the dealer may scoprire only counting cards and sopraventi: {cards:written}"),
    "BAD_PIGLIATO": "the dealer may pigliare only counting cards: {cards:written}",
    "DEAL_UNKNOWN": (
        "the deal is not written in full and the play is incomplete: only plays proved wrong "
        "by the record itself are flagged"
    ),
    "CARDS_MISSING": "the deal and the folla leave out {cards:written}",
    "WRONG_FOLLA_SIZE": (
        "the folla has {count} cards; 13 less the {taken} robbed and taken make {size}"
    ),
    "COUNTING_LEFT_IN_FOLLA": (
        "the dealer takes every counting card from the folla; he left {cards:written}"
    ),
    "BAD_ANNOUNCEMENT": (
        "{text!r}: the folla is announced as {suits[0]:suit}=N {suits[1]:suit}=N "
        "{suits[2]:suit}=N {suits[3]:suit}=N"
    ),
    "WRONG_FOLLA_COUNT": (
        "{seat:player} announced {said} {suit:suit} in the folla; it holds {actual}"
    ),
    "WRONG_DISCARD_SIZE": (
        "{seat:player} took {taken} card(s) and discards {count}; he discards as many as he took"
    ),
    "CARD_NOT_HELD.discard": "{seat:player} discards {card:notation} he does not hold",
    "DUPLICATE_CARD.discarded_played": (
        "{card:notation} is discarded and also played in trick {trick}"
    ),
    "WRONG_HAND_SIZE.after_discards": (
        "{seat:player} holds {count} cards after the discards, not 21"
    ),
    # versicole (MIN-7, MIN-7a, G-5)
    "DECLARED_LATE": (
        "{seat:player} declares after the first trick was gathered; versicole are declared "
        "during the first trick and this one is not marked"
    ),
    "DECLARED_NOT_HELD": (
        "{seat:player} declares {cards:written} he does not hold; nothing is marked"
    ),
    "BAD_VERSICOLA.none": "{seat:player} declares no versicola",
    "BAD_VERSICOLA.stray": "{seat:player} declares cards in no versicola: {stray:notations}",
    "VERSICOLA_NOT_DECLARED": (
        "{seat:player} held {missed:notations} and could have declared it: it is not marked"
    ),
    "FOOL_NOT_SHOWN": (
        "{seat:player} held the Fool and did not show it with his versicole: its 5 are added "
        "to each all the same ({count} x 5)"
    ),
    "VERSICOLA_SHORTER_THAN_HELD": (
        "{seat:player} declared {declared:notations} but held the longer {kind:term} "
        "{longer:notations}: it is paid as declared"
    ),
    # the Fool's card (MIN-11, MIN-11a)
    "LINE_OUT_OF_PLACE.no_fool": "a replace line, but no card is owed for the Fool",
    "BAD_REPLACEMENT.count": "the Fool is replaced by one card",
    "CARD_NOT_WON": (
        "{card:notation} is not among the cards {side:player} & {partner:player} have won"
    ),
    "BAD_REPLACEMENT": (
        "the Fool is replaced by a non-counting card while the side has one, not by {card:notation}"
    ),
    "LATE_REPLACEMENT": (
        "{side:player} & {partner:player} could give a card for the Fool after trick {due}, "
        "not only after trick {number}"
    ),
    "FOOL_REPLACEMENT_DERIVED.now": (
        "no replace line: {card:notation}, the lowest non-counting card {side:player} & "
        "{partner:player} had won, is given for the Fool after trick {number}"
    ),
    "FOOL_REPLACEMENT_DERIVED.end": (
        "no replace line and no non-counting card won: {card:notation}, the lowest counting "
        "card {side:player} & {partner:player} won, is given for the Fool at the end"
    ),
    # sessions: giri, sets and the draw (MIN-16)
    "DRAW_IN_SET": (
        "a new draw in game {game} of a set: partnerships are drawn again only after three giri"
    ),
    "DRAW_MISSING": (
        "a set of three giri is over and the next game has no draw: the seats of the last set "
        "are kept"
    ),
    "WRONG_PARTNERS": (
        "in giro {giro} {first} partners {partner} (cut {cut:ordinal} highest), not {opposite}"
    ),
    "DEALER_OUT_OF_TURN": "giro {giro} opens with {first}'s deal, not {dealer}'s",
    "SEATS_CHANGED": "the seats change inside a giro",
}

#: Every template a Minchiate finding may use.
TEMPLATES: dict[str, str] = {
    **GENERAL,
    "TOO_MANY_TRICKS": "a game of Minchiate has {tricks} tricks",
    **MINCHIATE,
}

#: The templates of Minchiate's score lines (:meth:`~scorer.games.replay.Replay.score_line`):
#: a side is named by its players (``Anna & Carla``), a difference by a term (``level``, or
#: ``ahead``: how much, to which side).
LINES: dict[str, str] = {
    "mark": "{what:term}: {points} to {side} (difference {standing:term})",
    "rest_in_play": (
        "the difference reached {rest}: one rest paid during play to {side} (difference now "
        "{standing:term})"
    ),
    "fool_given": "{giver} give {cards:notations} for the Fool to {winners} ({when:term})",
    "fool_lost": "{giver} won no trick: the Fool goes to {winners}, who won trick {number}",
    "fool_lost_extra": "the Fool's side ({side}) won no trick: it pays {extra} rests more",
    "revoke": "revoke by {seat:player} in trick {trick}: two rests to each opponent",
    "end_count": (
        "end count, {side}: mazzetti {mazzetti} ({count} cards in the tricks, {cards} in 14 "
        "mazzetti) + versicole in the pile {versicole} ({shown:parts}) + ultima {ultima} + "
        "counting cards {values} ({counting}) = {total}"
    ),
    "end_count.folla": (
        "end count, {side}: mazzetti {mazzetti} ({count} cards in the tricks and the folla, "
        "{cards} in 14 mazzetti) + versicole in the pile {versicole} ({shown:parts}) + ultima "
        "{ultima} + counting cards {values} ({counting}) = {total}"
    ),
    "end": (
        "end of the game: difference after play {standing:term}, end count {ends[0]} to "
        "{ends[1]}; difference {difference} to {side}: {count} rest(s), one per 60 begun"
    ),
    "end.doubled": (
        "end of the game: difference after play {standing:term}, end count {ends[0]} to "
        "{ends[1]}; difference {difference} to {side}: {count} rest(s), one per 60 begun, "
        "doubled to {doubled} because the Fool's side won no trick (MIN-11)"
    ),
    "end.level": (
        "end of the game: difference after play {standing:term}, end count {ends[0]} to "
        "{ends[1]}; difference 0: no rest"
    ),
    "end.level_doubled": (
        "end of the game: difference after play {standing:term}, end count {ends[0]} to "
        "{ends[1]}; difference 0: no rest, doubled to 0 because the Fool's side won no trick "
        "(MIN-11)"
    ),
}


#: The sentences of the session's rules (:mod:`.session`): the unfinished giro's payment
#: (MIN-16) and the summary's lines, over the ledger's own.
SESSION: dict[str, str] = {
    **LEDGER,
    "minchiate.unfinished": (
        "giro {giro} unfinished, if the session ends here: game {game} not played, "
        "{player}'s folla is paid {rests} rests (MIN-16)"
    ),
    "minchiate.place": "{count} game(s): set {set}, giro {giro}, game {game} of {games} (MIN-16)",
    "minchiate.ahead": "ahead: {leaders:words} with {best:+d} rests (MIN-15)",
}
